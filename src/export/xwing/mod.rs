//! X-Wing squads written as XWS JSON, YASB links, YASB-style text and the Tabletop
//! Simulator line. The writers take an [`ExportSquad`]: the squad with, for every card,
//! the identifiers the target format needs (XWS ids, YASB numbers, printed names).
//! [`ExportSquad::from_validated`] fills them from the card data through the validator's
//! resolution; [`ExportSquad::from_parsed`] takes them as the input wrote them, which is
//! enough to write a squad back in its own format. [`check`] says which cards a target
//! cannot write before [`write`] writes it.

mod resolved;
mod squad;
mod target;
mod text;
mod tts;
mod xws;
mod yasb_link;

pub use squad::{CardIds, ExportError, ExportPilot, ExportSquad, ExportUpgrade};
pub use target::{Target, check, write};
pub use text::to_text;
pub use tts::to_tts;
pub use xws::{XWS_SPEC_VERSION, XwsExport, to_xws};
pub use yasb_link::{YASB_URL, to_yasb_link};
