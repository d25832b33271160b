//! Talon scenario files (the Talon rulebook). One set of tables serves every kind; each kind says
//! which it needs:
//! - `talon/impulse` (4.1): `[[ship]]` with a `class` and/or a `curve`.
//! - `talon/initiative` (4.2): `holder`, `[[marker]]`, optionally `chosen`.
//! - `talon/damage` (6.2, 8.4–8.6): `[[ship]]` with a `class` (and `hex`/`heading` for
//!   blast damage), `[[hit]]` in order, `dice` for critical and blast rolls.
//! - `talon/fire` (5.3, 8.1–8.3): `[[ship]]` with `class`, `hex` and `heading`; `[[shot]]`.
//! - `talon/energy-phase` (9.x): `[[ship]]` with `class`, its `curve`, damage, `charge` and
//!   the `speed` wanted.
//! - `talon/round` (3.2, 7.x, then the above): `initiative` (the holder in impulse A),
//!   `[[ship]]` with `class`, `hex`, `heading` and its planned `moves`, `[[shot]]` with the
//!   `impulse` it is fired in, `[[spend]]` for power spent on sideslips and initiative, and
//!   optionally the `map` size for the floating map (7.5).
//!
//! [`load`] checks the file against the Talon card data and resolves
//! every reference, so the engine never meets a name it does not know.

mod counters;
mod file;
pub mod hex;
mod letters;
mod load;
mod scenario;
mod ship;
mod tables;

pub use file::*;
pub use hex::{Heading, Hex, HexInput};
pub use letters::LETTERS;
pub use load::load;
pub use scenario::*;
