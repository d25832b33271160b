//! One problem found in an input: its code and severity, what went wrong, where, and
//! how to fix it.

use super::{Citation, Code, FileId};
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

/// Longest message, label or help a finding keeps. They quote what the input says (an id,
/// a name), and a hostile input's id can be a quarter of a megabyte: a data file whose
/// 4,000 lines each referred to such an id made `cards check` hold 2 GB of messages.
pub const MAX_FINDING_TEXT_BYTES: usize = 1024;

/// The part of `text` a report quotes, cut on a character boundary at
/// `MAX_FINDING_TEXT_BYTES`, and the note to end it with when something was left out.
pub fn quoted_part(text: &str) -> (&str, Option<String>) {
    let (part, rest) = text.split_at(super::files::floor_char_boundary(
        text,
        MAX_FINDING_TEXT_BYTES,
    ));
    let note = (!rest.is_empty()).then(|| format!("… ({} more bytes)", rest.len()));
    (part, note)
}

/// `text` as a finding keeps it: [`quoted_part`] and its note.
fn bounded(text: String) -> String {
    match quoted_part(&text) {
        (_, None) => text,
        (part, Some(note)) => [part, note.as_str()].concat(),
    }
}

impl Finding {
    pub fn error(code: Code, message: impl Into<String>) -> Self {
        Finding {
            code,
            severity: Severity::Error,
            message: bounded(message.into()),
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
        self.label = Some(bounded(label.into()));
        self
    }

    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(bounded(help.into()));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_finding_keeps_at_most_a_kilobyte_of_each_text() {
        let id = "🚀".repeat(60_000);
        let finding = Finding::error(Code::ImpossibleValue, format!("`{id}` is wrong"))
            .label(id.clone())
            .help(format!("fix `{id}`"));
        for text in [
            finding.message.as_str(),
            finding.label.as_deref().unwrap_or_default(),
            finding.help.as_deref().unwrap_or_default(),
        ] {
            assert!(
                text.len() < MAX_FINDING_TEXT_BYTES + 40,
                "{} bytes",
                text.len()
            );
            assert!(text.ends_with("more bytes)"), "says what was left out");
        }
        let short = Finding::error(Code::ImpossibleValue, "short").help("also short");
        assert_eq!(short.message, "short");
        assert_eq!(short.help.as_deref(), Some("also short"));
    }
}
