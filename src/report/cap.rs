//! Repeated diagnostics summed up: after a few of one code in one file, one line says how
//! many more there are, so one mistake copied down a file reads as a page, not a flood.

use super::{FileId, Finding};
use std::collections::HashMap;

/// Diagnostics of one code in one file shown before the rest are counted.
pub const SHOWN_PER_CODE_AND_FILE: usize = 10;

/// `findings` with at most `shown` of each code in each file; after the last one shown, a
/// finding of the same code and severity saying how many more there are. Unlocated
/// findings are kept as they are.
pub fn cap_repeats(
    findings: &[Finding],
    shown: usize,
    name_of: impl Fn(FileId) -> String,
) -> Vec<Finding> {
    let key = |f: &Finding| f.location.as_ref().map(|l| (l.file, f.code));
    let mut totals: HashMap<_, usize> = HashMap::new();
    for finding in findings {
        if let Some(k) = key(finding) {
            *totals.entry(k).or_default() += 1;
        }
    }
    let mut seen: HashMap<_, usize> = HashMap::new();
    let mut out = Vec::with_capacity(findings.len().min(totals.len() * (shown + 1) + 16));
    for finding in findings {
        let Some(k) = key(finding) else {
            out.push(finding.clone());
            continue;
        };
        let count = seen.entry(k).or_default();
        *count += 1;
        if *count > shown {
            continue;
        }
        out.push(finding.clone());
        let total = totals.get(&k).copied().unwrap_or(0);
        if *count == shown && total > shown {
            let more = total - shown;
            let mut summary = finding.clone();
            summary.message = format!("and {more} more `{}` in {}", finding.code, name_of(k.0));
            summary.location = None;
            summary.label = None;
            summary.help =
                Some("the first ones are shown above; `--output json` lists them all".to_string());
            out.push(summary);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::Code;

    #[test]
    fn repeats_past_the_cap_become_one_line() {
        let findings: Vec<Finding> = (0..25)
            .map(|i| {
                Finding::error(Code::DanglingReference, format!("n{i}")).at(FileId(0), i..i + 1)
            })
            .chain([Finding::error(Code::Syntax, "other").at(FileId(0), 0..1)])
            .collect();
        let capped = cap_repeats(&findings, 10, |_| "f.toml".to_string());
        assert_eq!(capped.len(), 12);
        assert_eq!(
            capped[10].message,
            "and 15 more `cards::dangling_reference` in f.toml"
        );
        assert!(capped[10].location.is_none());
        assert_eq!(capped[11].message, "other");
    }

    #[test]
    fn a_cap_not_reached_changes_nothing() {
        let findings = vec![Finding::warning(Code::Syntax, "a").at(FileId(1), 0..1)];
        let capped = cap_repeats(&findings, 10, |_| String::new());
        assert_eq!(capped.len(), 1);
    }
}
