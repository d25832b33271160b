//! Findings and how they are shown: one `Finding` type for every command, rendered as
//! miette reports for people, JSON for tools, or GitHub Actions annotations for CI.

mod cap;
mod code;
mod files;
pub mod list;
mod render;
mod snippet;
mod table;

pub use cap::{SHOWN_PER_CODE_AND_FILE, cap_repeats};
pub use code::Code;
pub use files::{FileId, SourceFiles, SourceText, first_line_span, shown_prefix};
pub use render::{HumanStyle, JsonFinding, OutputFormat, render_findings, render_human};
pub use table::new_table;

use serde::Serialize;
use std::ops::Range;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Warning,
    Error,
}

/// Where in which file a finding points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    pub file: FileId,
    pub span: Range<usize>,
}

/// One problem found in an input: what went wrong, where, and how to fix it.
#[derive(Debug, Clone)]
pub struct Finding {
    pub code: Code,
    pub severity: Severity,
    pub message: String,
    /// Short text attached to the highlighted span.
    pub label: Option<String>,
    pub help: Option<String>,
    pub location: Option<Location>,
}

impl Finding {
    pub fn error(code: Code, message: impl Into<String>) -> Self {
        Finding {
            code,
            severity: Severity::Error,
            message: message.into(),
            label: None,
            help: None,
            location: None,
        }
    }

    pub fn warning(code: Code, message: impl Into<String>) -> Self {
        Finding {
            severity: Severity::Warning,
            ..Finding::error(code, message)
        }
    }

    pub fn at(mut self, file: FileId, span: Range<usize>) -> Self {
        self.location = Some(Location { file, span });
        self
    }

    pub fn label(mut self, label: impl Into<String>) -> Self {
        self.label = Some(label.into());
        self
    }

    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}
