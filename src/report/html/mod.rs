//! Pictures and pages: self-contained HTML (inline CSS, script and SVG; no network, no
//! fonts; readable without script and printable) for `validate --output html` and
//! `resolve --output html`, and standalone SVG for `resolve --output svg`. Every string
//! that came from an input goes through [`escape`].

mod escape;
mod page;
mod queue;
mod resolve;
mod source;
mod spacealert;
mod svg;
mod talon;
mod validate;

pub use escape::{attribute, escape};
pub use resolve::{page as resolve_page, standalone_svg};
pub use validate::{end as validate_end, report as validate_report, start as validate_start};
