//! Findings and how they are shown: one `Finding` type for every command, rendered as
//! miette reports for people, JSON for tools, or GitHub Actions annotations for CI.

mod cap;
mod citation;
mod code;
mod color;
pub mod explain;
mod files;
mod finding;
pub mod html;
pub mod list;
pub mod picture;
mod render;
mod snippet;
pub mod stream;
mod table;
mod versioned;
mod visible;
mod width;

pub use cap::{SHOWN_PER_CODE_AND_FILE, cap_repeats};
pub use citation::{Citation, RULEBOOKS};
pub use code::Code;
pub use color::{ColorChoice, Stream, set_color_choice, use_color};
pub use files::{FileId, SourceFiles, SourceText, first_line_span, shown_prefix};
pub use finding::{Finding, Location, MAX_FINDING_TEXT_BYTES, Severity, quoted_part};
pub use render::{HumanStyle, JsonFinding, OutputFormat, render_findings, render_human};
pub use table::new_table;
pub use versioned::{JSON_VERSION, Versioned};
pub use visible::{VisibleSource, is_hidden_control, visible};
pub use width::{NARROWEST, output_width};
