//! Readers of the files people give arbiter: fleet and squad lists as builders export them,
//! and scenario files. Each keeps byte spans and reports every problem it finds, located.

pub mod armada;
pub mod detect;
pub mod scenario;
pub mod talon;
pub mod xwing;
