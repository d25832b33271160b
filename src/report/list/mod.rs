//! Reports of validated fleet and squad lists: one [`ListReport`] per input, the
//! documented JSON shape of `arbiter validate --output json`, and the human forms (a
//! points table per list, a verdict line per list, totals for many lists).

pub mod armada;
mod points_table;
mod report_json;
pub mod talon;
pub mod write;
pub mod xwing;

pub use points_table::{PointsTable, TableCell};

use super::{Code, FileId, Finding, JsonFinding, SourceFiles, visible};
use serde::Serialize;
use std::collections::BTreeMap;

/// One input's result. Field names and meanings are part of the documented output.
#[derive(Debug, Clone, Serialize)]
pub struct ListReport {
    /// The path as given (or found in a folder); `-` is `<stdin>`.
    pub file: String,
    /// `armada` or `xwing`; absent when the input is no list of either.
    pub game: Option<&'static str>,
    /// What one list of the game is called ("Armada fleet"), for headings.
    #[serde(skip)]
    pub noun: Option<&'static str>,
    /// The builder or format the text is in (`kingston`, `xws`, `yasb-link` …).
    pub source_format: Option<&'static str>,
    /// The format id checked against (`standard`, `sector-800`, `xwa-standard`).
    pub format: Option<String>,
    /// Where the format came from: `option`, `list` or `default`.
    pub format_source: Option<&'static str>,
    /// The points revision the list was priced in: X-Wing `amg-sep2024` …, Armada
    /// `amg-final` (current), `pre-final`, `ffg-2020`.
    pub points_revision: Option<String>,
    /// Team play: the team's number (1, 2 …).
    pub team: Option<usize>,
    pub faction: Option<String>,
    pub name: Option<String>,
    /// No error among the diagnostics (warnings allowed).
    pub valid: bool,
    /// False when the input could not be read as a list at all.
    pub readable: bool,
    pub points: Points,
    /// Facts about the game the list is for (the enlarged set-up area).
    pub notes: Vec<String>,
    /// The list's cards, under a key of its own per game (`fleet`, `squad`, `talon_fleet`).
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub contents: Option<ListContents>,
    pub diagnostics: Vec<JsonFinding>,
    /// The human points table (not part of the JSON).
    #[serde(skip)]
    pub table: Option<PointsTable>,
    /// The findings, for the human renderer (not part of the JSON).
    #[serde(skip)]
    pub findings: Vec<Finding>,
    #[serde(skip)]
    pub files: SourceFiles,
}

/// A list's cards in the JSON output: one key per game.
#[derive(Debug, Clone, Serialize)]
pub enum ListContents {
    /// Armada: the fleet's cards.
    #[serde(rename = "fleet")]
    Fleet(armada::FleetJson),
    /// X-Wing: the squad's pilots.
    #[serde(rename = "squad")]
    Squad(xwing::SquadJson),
    /// Talon: the fleet's class lines.
    #[serde(rename = "talon_fleet")]
    TalonFleet(talon::TalonFleetJson),
}

/// Points recomputed from the card data.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Points {
    pub total: Option<i64>,
    pub limit: Option<u32>,
    /// Armada: points spent on squadrons.
    pub squadrons: Option<u32>,
    /// Armada: the most the format allows on squadrons.
    pub squadron_limit: Option<u32>,
    /// Armada, judged under an older points revision: the fleet's cost under the current
    /// one (absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub current_total: Option<i64>,
}

impl ListReport {
    /// A report for an input that could not be read as a list.
    pub fn unreadable(
        file: String,
        game: Option<&'static str>,
        files: SourceFiles,
        findings: Vec<Finding>,
    ) -> Self {
        let mut report = ListReport {
            file,
            game,
            noun: None,
            source_format: None,
            format: None,
            format_source: None,
            points_revision: None,
            team: None,
            faction: None,
            name: None,
            valid: false,
            readable: false,
            points: Points::default(),
            notes: Vec::new(),
            contents: None,
            diagnostics: Vec::new(),
            table: None,
            findings,
            files,
        };
        report.finish();
        report
    }

    /// Fill the JSON diagnostics and verdict from the findings.
    pub fn finish(&mut self) {
        self.findings.sort_by_key(|f| {
            (
                f.location.as_ref().map_or(usize::MAX, |l| l.span.start),
                std::cmp::Reverse(f.severity),
            )
        });
        self.diagnostics = self
            .findings
            .iter()
            .map(|f| JsonFinding::new(&self.files, f))
            .collect();
        self.valid = !self.findings.iter().any(Finding::is_error);
        self.readable &= !self.findings.iter().any(|f| f.code.stops_reading());
        // People read the first of a repeated mistake (a list of 2,758 copies of one ship
        // gave 8,291 findings); the JSON diagnostics above keep every one. As many as a
        // reader stops at, so real lists show all of theirs.
        // Fewer findings than are shown of one code: none to sum up, and nothing to copy.
        if self.findings.len() > SHOWN_PER_CODE_IN_LIST {
            let files = &self.files;
            self.findings = super::cap_repeats(&self.findings, SHOWN_PER_CODE_IN_LIST, |f| {
                files.name(f).to_string()
            });
        }
    }

    /// One more finding on a report already finished (a warning about the run's options):
    /// in the JSON diagnostics, the findings shown and the verdict.
    pub fn add_finding(&mut self, finding: Finding) {
        self.diagnostics
            .push(JsonFinding::new(&self.files, &finding));
        self.valid &= !finding.is_error();
        self.findings.push(finding);
    }

    /// Counted from the JSON diagnostics, which keep every finding.
    pub fn errors(&self) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == super::Severity::Error)
            .count()
    }

    /// Warnings only: notes (a points revision named) are neither errors nor warnings.
    pub fn warnings(&self) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == super::Severity::Warning)
            .count()
    }

    /// Notes: facts worth knowing (the points revision), neither errors nor warnings.
    pub fn notes_count(&self) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == super::Severity::Note)
            .count()
    }

    /// The line above a list's table: file, game, builder, format, faction, name.
    pub fn heading(&self) -> String {
        let mut parts = Vec::new();
        if let Some(game) = self.noun.or(self.game) {
            parts.push(game.to_string());
        }
        if let Some(source) = self.source_format {
            parts.push(format!("read as {source}"));
        }
        if let Some(format) = &self.format {
            let why = match self.format_source {
                Some("list") => " (as the list says)",
                Some("default") => " (default)",
                _ => "",
            };
            parts.push(format!("format {format}{why}"));
        }
        if let Some(revision) = &self.points_revision {
            parts.push(format!("points {revision}"));
        }
        if let Some(team) = self.team {
            parts.push(format!("team {team}"));
        }
        if let Some(faction) = &self.faction {
            parts.push(visible(faction).into_owned());
        }
        if let Some(name) = &self.name {
            parts.push(format!("“{}”", visible(name)));
        }
        let file = visible(&self.file);
        if parts.is_empty() {
            file.into_owned()
        } else {
            format!("{file}: {}", parts.join(", "))
        }
    }

    /// The closing line of a list's report; `color` paints the mark.
    pub fn verdict(&self, color: bool) -> String {
        let points = match (self.points.total, self.points.limit) {
            (Some(total), Some(limit)) => format!(", {total}/{limit} points"),
            _ => String::new(),
        };
        let counts = self.counts();
        let mark = self.mark(color);
        let file = visible(&self.file);
        if !self.readable {
            format!("{mark} {file}: could not be read ({counts})")
        } else if self.valid {
            format!("{mark} {file}: valid{points} ({counts})")
        } else {
            format!("{mark} {file}: invalid{points} ({counts})")
        }
    }

    /// "2 errors, 0 warnings", with ", 1 note" when there are notes.
    fn counts(&self) -> String {
        let plural = |n: usize| if n == 1 { "" } else { "s" };
        let (errors, warnings, notes) = (self.errors(), self.warnings(), self.notes_count());
        let mut counts = format!(
            "{errors} error{}, {warnings} warning{}",
            plural(errors),
            plural(warnings)
        );
        if notes > 0 {
            counts.push_str(&format!(", {notes} note{}", plural(notes)));
        }
        counts
    }

    /// ✔ for a valid list, ✘ otherwise; green and red when `color`.
    fn mark(&self, color: bool) -> &'static str {
        match (self.readable && self.valid, color) {
            (true, false) => "✔",
            (false, false) => "✘",
            (true, true) => "\x1b[32m✔\x1b[0m",
            (false, true) => "\x1b[31m✘\x1b[0m",
        }
    }

    /// The one-line verdict for a folder run: the first error (else the first warning;
    /// notes stay out of it), and the counts when there is more.
    pub fn verdict_line(&self, color: bool) -> String {
        let mut line = format!("{} {}", self.mark(color), visible(&self.file));
        let what: Vec<&str> = [self.game, self.source_format]
            .into_iter()
            .flatten()
            .chain(self.format.as_deref())
            .collect();
        if !what.is_empty() {
            line.push_str(&format!("  [{}]", what.join(" · ")));
        }
        if let (Some(total), Some(limit)) = (self.points.total, self.points.limit) {
            line.push_str(&format!("  {total}/{limit}"));
        }
        let first = self.findings.iter().find(|f| f.is_error()).or_else(|| {
            self.findings
                .iter()
                .find(|f| f.severity == super::Severity::Warning)
        });
        if let Some(first) = first {
            line.push_str(&format!("  {}: {}", first.code, visible(&first.message)));
            if self.errors() + self.warnings() > 1 {
                line.push_str(&format!(" ({})", self.counts()));
            }
        }
        line
    }
}

/// Findings of one code shown in one list's human report; the rest are summed up.
pub const SHOWN_PER_CODE_IN_LIST: usize = 50;

/// The whole document `validate --output json` prints.
#[derive(Debug, Serialize)]
pub struct ValidateJson<'a> {
    pub results: &'a [ListReport],
    pub summary: Summary,
}

/// Counts over every list of a run.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Summary {
    pub lists: usize,
    pub valid: usize,
    pub invalid: usize,
    pub unreadable: usize,
    pub errors: usize,
    pub warnings: usize,
    /// Diagnostics per code, most frequent first in the human form.
    pub codes: BTreeMap<&'static str, usize>,
    /// Notes (facts, not problems), counted apart in the human form.
    #[serde(skip)]
    pub notes: usize,
    /// The severity each code was reported with, to order the human form errors first.
    #[serde(skip)]
    pub severities: BTreeMap<&'static str, super::Severity>,
}

impl Summary {
    /// Add another part's counts to these.
    pub fn add(&mut self, other: &Summary) {
        self.lists += other.lists;
        self.valid += other.valid;
        self.invalid += other.invalid;
        self.unreadable += other.unreadable;
        self.errors += other.errors;
        self.warnings += other.warnings;
        self.notes += other.notes;
        for (code, count) in &other.codes {
            *self.codes.entry(code).or_default() += count;
        }
        for (code, severity) in &other.severities {
            let known = self.severities.entry(code).or_insert(*severity);
            *known = (*known).max(*severity);
        }
    }

    pub fn of(reports: &[ListReport]) -> Self {
        let mut summary = Summary {
            lists: reports.len(),
            ..Summary::default()
        };
        for report in reports {
            if !report.readable {
                summary.unreadable += 1;
            } else if report.valid {
                summary.valid += 1;
            } else {
                summary.invalid += 1;
            }
            summary.errors += report.errors();
            summary.warnings += report.warnings();
            summary.notes += report.notes_count();
            for diagnostic in &report.diagnostics {
                *summary.codes.entry(diagnostic.code).or_default() += 1;
                let known = summary
                    .severities
                    .entry(diagnostic.code)
                    .or_insert(diagnostic.severity);
                *known = (*known).max(diagnostic.severity);
            }
        }
        summary
    }

    /// The totals printed after the verdict lines: the counts, a table of the codes of
    /// errors and warnings (errors first, then by frequency), and the notes on a line apart.
    pub fn render(&self) -> String {
        let plural = |n: usize| if n == 1 { "" } else { "s" };
        let mut out = format!(
            "{} lists: {} valid, {} invalid, {} unreadable; {} error{}, {} warning{}, {} note{}\n",
            self.lists,
            self.valid,
            self.invalid,
            self.unreadable,
            self.errors,
            plural(self.errors),
            self.warnings,
            plural(self.warnings),
            self.notes,
            plural(self.notes)
        );
        let severity = |code: &str| {
            self.severities
                .get(code)
                .copied()
                .unwrap_or(super::Severity::Error)
        };
        let mut codes: Vec<(&&str, &usize)> = self.codes.iter().collect();
        codes.sort_by(|a, b| {
            severity(b.0)
                .cmp(&severity(a.0))
                .then(b.1.cmp(a.1))
                .then(a.0.cmp(b.0))
        });
        let (problems, notes): (Vec<_>, Vec<_>) = codes
            .into_iter()
            .partition(|(code, _)| severity(code) != super::Severity::Note);
        if !problems.is_empty() {
            let mut table = super::new_table(vec!["code", "severity", "diagnostics"]);
            for (code, count) in problems {
                let level = match severity(code) {
                    super::Severity::Error => "error",
                    _ => "warning",
                };
                table.add_row(vec![code.to_string(), level.to_string(), count.to_string()]);
            }
            out.push_str(&format!("{table}\n"));
        }
        if !notes.is_empty() {
            let listed: Vec<String> = notes
                .iter()
                .map(|(code, count)| format!("{code} ({count})"))
                .collect();
            out.push_str(&format!("notes: {}\n", listed.join(", ")));
        }
        out
    }
}

/// The diagnostic for an input that is no list of any game arbiter reads: empty, binary,
/// or text in no known format. `text` is the input as shown (lossy, control bytes as `?`);
/// `expected` names the lists arbiter reads ("an Armada fleet or an X-Wing squad"), `how`
/// how to get one.
pub fn unknown_game(file: FileId, text: &str, expected: &str, how: &str) -> Finding {
    let (message, label) = if text.trim().is_empty() {
        ("this input is empty".to_string(), "nothing here")
    } else if text
        .chars()
        .filter(|&c| c == '?' || c == '\u{fffd}')
        .count()
        * 10
        > text.chars().count()
    {
        (
            "this input is binary data, not a list".to_string(),
            "not text",
        )
    } else {
        (
            format!("this is not {expected} in a format arbiter reads"),
            "no list format starts like this",
        )
    };
    Finding::error(Code::ListParseUnknownGame, message)
        .at(file, super::first_line_span(text, 120))
        .label(label)
        .help(format!("give {how}"))
}
