//! The output forms of a validate run. Each turns one report into text on the worker that
//! checked it, so a run holds the text of a few lists at a time, never all of them; the
//! totals come last. A new output form is one more type here and one arm in [`writer`].

use super::report_json::write_report;
use super::{ListReport, Summary};
use crate::report::{
    HumanStyle, JSON_VERSION, OutputFormat, Versioned, render_findings, render_human,
};
use serde::Serialize;

/// How `validate` prints: the `--output` choices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ListOutput {
    /// Points tables and miette reports, or a verdict line per list for many lists.
    Human,
    /// One JSON document: `{"version": 1, "results": [...], "summary": {...}}`.
    Json,
    /// One JSON object per line: each list's result, then `{"summary": {...}}`.
    Jsonl,
    /// GitHub Actions workflow commands, one per diagnostic, then a notice with the totals.
    Github,
    /// One self-contained HTML page: totals, a table of every list that sorts and filters
    /// in the browser, each list's diagnostics with their source lines.
    Html,
}

/// Writes the reports of a run, in order.
pub trait ListWriter: Sync {
    /// Text before the first report.
    fn start(&self) -> String {
        String::new()
    }
    /// The text of one report. Called on the worker that checked the list, so it must
    /// not depend on where in the run the report falls.
    fn report(&self, report: &ListReport) -> String;
    /// The text of one report, and whether it is known to hold nothing the output filter
    /// escapes (so the worker writing it need not look at every byte again).
    fn report_text(&self, report: &ListReport) -> ReportText {
        ReportText {
            text: self.report(report),
            shown_as_is: false,
        }
    }
    /// Text between two reports.
    fn separator(&self) -> &'static str {
        ""
    }
    /// Text after the last report.
    fn end(&self, summary: &Summary) -> String;
}

/// One report's text, made on the worker that checked it, for whichever worker writes it.
pub struct ReportText {
    pub text: String,
    /// No character of `text` is one the output filter escapes.
    pub shown_as_is: bool,
}

/// The writer for an output form. `details` shows each list in full (human output).
pub fn writer(output: ListOutput, details: bool, style: HumanStyle) -> Box<dyn ListWriter> {
    match output {
        ListOutput::Human if details => Box::new(Detailed { style }),
        ListOutput::Human => Box::new(VerdictLines { style }),
        ListOutput::Json => Box::new(JsonDocument),
        ListOutput::Jsonl => Box::new(JsonLines),
        ListOutput::Github => Box::new(GithubCommands),
        ListOutput::Html => Box::new(HtmlPage),
    }
}

/// `--quiet` and `--only invalid`: only the lists that fail (invalid or unreadable), then
/// the totals when any did (with the table of codes for `--only invalid`, not for
/// `--quiet`); nothing when every list passes. For the human and GitHub forms: a JSON,
/// JSONL or HTML document stays whole, as tools read it.
pub fn failures_only(
    output: ListOutput,
    inner: Box<dyn ListWriter>,
    codes: bool,
) -> Box<dyn ListWriter> {
    match output {
        ListOutput::Human | ListOutput::Github => Box::new(FailuresOnly { inner, codes }),
        ListOutput::Json | ListOutput::Jsonl | ListOutput::Html => inner,
    }
}

struct FailuresOnly {
    inner: Box<dyn ListWriter>,
    codes: bool,
}

impl ListWriter for FailuresOnly {
    fn report(&self, report: &ListReport) -> String {
        if report.readable && report.valid {
            String::new()
        } else {
            self.inner.report(report)
        }
    }

    fn end(&self, summary: &Summary) -> String {
        if summary.invalid + summary.unreadable == 0 {
            return String::new();
        }
        if self.codes {
            return self.inner.end(summary);
        }
        // The totals line, without the table of codes: those are in the reports above.
        let totals = Summary {
            codes: std::collections::BTreeMap::new(),
            ..summary.clone()
        };
        self.inner.end(&totals)
    }
}

/// Each list in full: heading, points table, notes, diagnostics, verdict.
struct Detailed {
    style: HumanStyle,
}

impl ListWriter for Detailed {
    fn report(&self, report: &ListReport) -> String {
        let mut out = report.heading();
        out.push('\n');
        if let Some(table) = &report.table {
            out.push_str(&table.render());
            out.push('\n');
        }
        for note in &report.notes {
            out.push_str(&format!("note: {note}\n"));
        }
        for finding in &report.findings {
            out.push_str(&render_human(&report.files, finding, self.style));
        }
        out.push_str(&report.verdict(self.style.color));
        out.push_str("\n\n");
        out
    }

    fn end(&self, summary: &Summary) -> String {
        if summary.lists > 1 {
            summary.render()
        } else {
            String::new()
        }
    }
}

/// A verdict line per list, then the totals.
struct VerdictLines {
    style: HumanStyle,
}

impl ListWriter for VerdictLines {
    fn report(&self, report: &ListReport) -> String {
        let mut line = report.verdict_line(self.style.color);
        line.push('\n');
        line
    }

    fn end(&self, summary: &Summary) -> String {
        format!("\n{}", summary.render())
    }
}

/// The documented JSON document, written a result at a time: the same bytes
/// `serde_json` would write for the whole document at once. Indented whatever the number
/// of lists, so a tool meets one layout (`--output jsonl` is the compact form).
struct JsonDocument;

impl ListWriter for JsonDocument {
    fn start(&self) -> String {
        format!("{{\n  \"version\": {JSON_VERSION},\n  \"results\": [")
    }

    fn report(&self, report: &ListReport) -> String {
        self.report_text(report).text
    }

    fn report_text(&self, report: &ListReport) -> ReportText {
        thread_local! {
            /// Each worker writes its lists' JSON into one buffer that keeps its size, so a
            /// list's text costs one allocation of exactly its length.
            static BUFFER: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
        }
        BUFFER.with_borrow_mut(|json| {
            json.clear();
            json.push_str("\n    ");
            let shown_as_is = write_report(json, report, 2);
            // Held until every earlier list is written: a copy of exactly its length, so a
            // window of lists in flight costs their text and no spare capacity.
            ReportText {
                text: json.as_str().to_owned(),
                shown_as_is,
            }
        })
    }

    fn separator(&self) -> &'static str {
        ","
    }

    fn end(&self, summary: &Summary) -> String {
        let close = if summary.lists == 0 { "]" } else { "\n  ]" };
        let summary = indented(&pretty(summary), "  ");
        format!("{close},\n  \"summary\": {}\n}}\n", summary.trim_start())
    }
}

/// One line per result, then one line with the totals; each line is a document of its
/// own, with its `version`.
struct JsonLines;

impl ListWriter for JsonLines {
    fn report(&self, report: &ListReport) -> String {
        let mut line = compact(&Versioned::new(report));
        line.push('\n');
        line
    }

    fn end(&self, summary: &Summary) -> String {
        #[derive(Serialize)]
        struct Totals<'a> {
            summary: &'a Summary,
        }
        let mut line = compact(&Versioned::new(&Totals { summary }));
        line.push('\n');
        line
    }
}

/// `::error file=…,line=…::message` per diagnostic, for annotations on a pull request.
struct GithubCommands;

impl ListWriter for GithubCommands {
    fn report(&self, report: &ListReport) -> String {
        render_findings(
            &report.files,
            &report.findings,
            OutputFormat::Github,
            HumanStyle::plain(100),
        )
    }

    fn end(&self, summary: &Summary) -> String {
        format!(
            "::notice title=arbiter validate::{} lists: {} valid, {} invalid, {} unreadable; {} errors, {} warnings\n",
            summary.lists,
            summary.valid,
            summary.invalid,
            summary.unreadable,
            summary.errors,
            summary.warnings
        )
    }
}

/// One HTML page (`report::html`), a `<tbody>` per list; the totals close it.
struct HtmlPage;

impl ListWriter for HtmlPage {
    fn start(&self) -> String {
        crate::report::html::validate_start()
    }

    fn report(&self, report: &ListReport) -> String {
        crate::report::html::validate_report(report)
    }

    fn end(&self, summary: &Summary) -> String {
        crate::report::html::validate_end(summary)
    }
}

fn compact(value: &impl Serialize) -> String {
    // A list's JSON is a few kilobytes; sizing the buffer once saves regrowing it.
    let mut json = Vec::with_capacity(8 * 1024);
    match serde_json::to_writer(&mut json, value) {
        Ok(()) => String::from_utf8(json).unwrap_or_default(),
        Err(_) => String::new(),
    }
}

fn pretty(value: &impl Serialize) -> String {
    serde_json::to_string_pretty(value).unwrap_or_default()
}

/// Every line of `text` moved right by `prefix`, as nesting in the document puts it.
fn indented(text: &str, prefix: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    for (i, line) in text.lines().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(prefix);
        out.push_str(line);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::SourceFiles;

    fn report(name: &str) -> ListReport {
        ListReport::unreadable(name.to_string(), None, SourceFiles::default(), Vec::new())
    }

    fn written(writer: &dyn ListWriter, reports: &[ListReport]) -> String {
        let mut out = writer.start();
        for (i, r) in reports.iter().enumerate() {
            if i > 0 {
                out.push_str(writer.separator());
            }
            out.push_str(&writer.report(r));
        }
        out.push_str(&writer.end(&Summary::of(reports)));
        out
    }

    #[derive(Serialize)]
    struct Whole<'a> {
        version: u32,
        results: &'a [ListReport],
        summary: Summary,
    }

    #[test]
    fn streamed_json_is_the_document_serde_writes() {
        for count in [0, 1, 3, 25] {
            let reports: Vec<ListReport> = (0..count).map(|i| report(&format!("l{i}"))).collect();
            let whole = Whole {
                version: 1,
                results: &reports,
                summary: Summary::of(&reports),
            };
            let written = written(&JsonDocument, &reports);
            assert_eq!(written, pretty(&whole) + "\n", "{count} lists");
        }
    }

    #[test]
    fn json_lines_are_each_a_document() {
        let reports = [report("a"), report("b")];
        let out = written(&JsonLines, &reports);
        let lines: Vec<serde_json::Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).expect("each line is JSON"))
            .collect();
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[0]["file"], "a");
        assert_eq!(lines[2]["summary"]["lists"], 2);
        assert!(lines.iter().all(|l| l["version"] == 1), "{out}");
    }
}
