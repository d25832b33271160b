//! How a trace cites a rule: the document, its version and the section heading.

use serde::Serialize;

/// A rule as cited in a trace: the document, its version ("" when it prints none) and the
/// section heading exactly as printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Cite {
    pub document: &'static str,
    pub version: &'static str,
    pub section: &'static str,
}

impl Cite {
    pub fn short(&self) -> String {
        if self.version.is_empty() {
            format!("{} · {}", self.document, self.section)
        } else {
            format!("{} {} · {}", self.document, self.version, self.section)
        }
    }

    /// The document as a table shows it: without the "Star Wars: " the titles start with.
    pub fn label(&self) -> String {
        let document = self
            .document
            .strip_prefix("Star Wars: ")
            .unwrap_or(self.document);
        if self.version.is_empty() {
            document.to_string()
        } else {
            format!("{document} {}", self.version)
        }
    }
}
