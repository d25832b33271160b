//! Assembling a squad line by line, for the text exports: the pilot being read, its
//! upgrades, and findings located on the lines.

use super::span::Spanned;
use super::squad::{ParsedPilot, ParsedSquad, ParsedUpgrade, SourceFormat};
use crate::report::{Code, FileId, Finding};
use std::ops::Range;

pub struct SquadBuilder {
    file: FileId,
    pub squad: ParsedSquad,
    /// The pilot whose upgrades the next lines list.
    current: Option<ParsedPilot>,
}

impl SquadBuilder {
    pub fn new(file: FileId, format: SourceFormat) -> Self {
        SquadBuilder {
            file,
            squad: ParsedSquad::new(format),
            current: None,
        }
    }

    pub fn has_pilot(&self) -> bool {
        self.current.is_some()
    }

    pub fn has_any_pilot(&self) -> bool {
        self.current.is_some() || !self.squad.pilots.is_empty()
    }

    /// Start a new pilot; the previous one is complete.
    pub fn start_pilot(&mut self, pilot: ParsedPilot) {
        self.close_pilot();
        self.current = Some(pilot);
    }

    pub fn close_pilot(&mut self) {
        if let Some(pilot) = self.current.take() {
            self.squad.pilots.push(pilot);
        }
    }

    /// The pilot being read, its span grown to cover `line`.
    pub fn pilot_mut(&mut self, line: Range<usize>) -> Option<&mut ParsedPilot> {
        let pilot = self.current.as_mut()?;
        pilot.span.end = pilot.span.end.max(line.end);
        Some(pilot)
    }

    /// Add an upgrade to the pilot being read; without one, warn and skip it.
    pub fn add_upgrade(&mut self, upgrade: ParsedUpgrade, line: Range<usize>) {
        match self.pilot_mut(line.clone()) {
            Some(pilot) => pilot.upgrades.push(upgrade),
            None => self.warn(
                line,
                "an upgrade before any pilot".into(),
                "no pilot above this line",
                "the pilot's line comes first, its upgrades below it".into(),
            ),
        }
    }

    /// Set the pilot's stated total; without a pilot, warn.
    pub fn ship_total(
        &mut self,
        total: Spanned<i64>,
        line: Range<usize>,
    ) -> Option<&mut ParsedPilot> {
        if self.current.is_none() {
            self.warn(
                line,
                "a ship total before any pilot".into(),
                "no pilot above this line",
                "the ship's total follows its pilot and upgrades".into(),
            );
            return None;
        }
        let pilot = self.pilot_mut(line)?;
        pilot.total_points = Some(total);
        Some(pilot)
    }

    pub fn warn(&mut self, span: Range<usize>, message: String, label: &str, help: String) {
        self.squad.findings.push(
            Finding::warning(Code::XwingParseText, message)
                .at(self.file, span)
                .label(label)
                .help(help),
        );
    }

    /// A line the reader does not understand: a warning, the line skipped.
    pub fn skip_line(&mut self, span: Range<usize>, expected: &str) {
        self.warn(
            span,
            "a line that is not part of the export".into(),
            "skipped",
            format!("this export's lines are {expected}"),
        );
    }

    /// The squad; `Err` when no pilot line was found at all.
    pub fn finish(mut self, whole: Range<usize>) -> Result<ParsedSquad, Vec<Finding>> {
        self.close_pilot();
        if self.squad.pilots.is_empty() {
            let format = self.squad.format.describe();
            let mut findings = self.squad.findings;
            findings.push(
                Finding::error(
                    Code::XwingParse,
                    format!("no pilots found in this {format}"),
                )
                .at(self.file, whole.start..whole.start)
                .label("read from here")
                .help("check that the whole export was copied"),
            );
            return Err(findings);
        }
        Ok(self.squad)
    }
}
