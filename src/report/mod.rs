//! Findings and how they are shown: one `Finding` type for every command, rendered as
//! miette reports for people, JSON for tools, or GitHub Actions annotations for CI.

mod cap;
mod citation;
mod code;
mod color;
pub mod explain;
mod files;
pub mod list;
mod render;
mod snippet;
mod table;

pub use cap::{SHOWN_PER_CODE_AND_FILE, cap_repeats};
pub use citation::Citation;
pub use code::Code;
pub use color::{ColorChoice, Stream, set_color_choice, use_color};
pub use files::{FileId, SourceFiles, SourceText, first_line_span, shown_prefix};
pub use render::{HumanStyle, JsonFinding, OutputFormat, render_findings, render_human};
pub use table::new_table;

use serde::Serialize;
use std::ops::Range;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Something worth knowing that is no problem (which points revision a list was
    /// judged under); it does not count as a warning.
    Note,
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
    /// Where the rule the finding applies is written (boxed: most findings carry none, and
    /// findings travel in `Result`s that should stay small).
    pub rule: Option<Box<Citation>>,
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
            rule: None,
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

    pub fn cite(mut self, rule: Citation) -> Self {
        self.rule = Some(Box::new(rule));
        self
    }

    /// Cite the rule when its source is known (a format's rule without one fails
    /// `cards check`, so this is `None` only for data that would not pass it).
    pub fn cite_if(mut self, rule: Option<&Citation>) -> Self {
        if let Some(rule) = rule {
            self.rule = Some(Box::new(rule.clone()));
        }
        self
    }

    pub fn note(code: Code, message: impl Into<String>) -> Self {
        Finding {
            severity: Severity::Note,
            ..Finding::error(code, message)
        }
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}
