//! `Recorder`: what every format's reader writes into. It builds the [`ParsedFleet`] and
//! turns structural surprises (an upgrade before any ship, a faction given twice) into
//! located diagnostics, so the format readers only decide what each line is.

use super::SourceFormat;
use super::grammar::{self, Cost, CostKind, card_name, text};
use super::lines::Line;
use super::model::{
    Commander, Number, Objective, ObjectiveCategory, ParsedFleet, Ship, Squadron, Upgrade,
};
use super::span::Span;
use crate::report::{Code, FileId, Finding};
use std::ops::Range;

/// After this many diagnostics in one list the rest are counted, not listed.
pub const MAX_FINDINGS: usize = 50;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    Name,
    Author,
    Faction,
    Gamemode,
}

impl Field {
    fn label(self) -> &'static str {
        match self {
            Field::Name => "fleet name",
            Field::Author => "author",
            Field::Faction => "faction",
            Field::Gamemode => "game mode",
        }
    }
}

pub struct Recorder {
    file: FileId,
    fleet: ParsedFleet,
    suppressed: usize,
    first_suppressed: Option<Range<usize>>,
    /// Line number and index of the last objective read, for names wrapped onto the next line.
    last_objective: Option<(usize, usize)>,
    seen_commander: bool,
}

impl Recorder {
    pub fn new(file: FileId, format: SourceFormat) -> Self {
        Recorder {
            file,
            fleet: ParsedFleet::new(Some(format)),
            suppressed: 0,
            first_suppressed: None,
            last_objective: None,
            seen_commander: false,
        }
    }

    pub fn finish(mut self) -> ParsedFleet {
        if self.suppressed > 0 {
            let span = self.first_suppressed.take().unwrap_or(0..0);
            let finding = Finding::error(
                Code::ArmadaParseTooManyErrors,
                format!(
                    "{} more problems in this list are not shown",
                    self.suppressed
                ),
            )
            .at(self.file, span)
            .label("from here on")
            .help(
                "fix the problems above first, or check that this file is the fleet list you meant",
            );
            self.fleet.findings.push(finding);
        }
        self.fleet
    }

    /// Report a problem at `span`, unless the list already has too many.
    pub fn problem(
        &mut self,
        code: Code,
        span: Range<usize>,
        message: impl Into<String>,
        label: impl Into<String>,
        help: impl Into<String>,
    ) {
        if self.fleet.findings.len() >= MAX_FINDINGS {
            self.suppressed += 1;
            self.first_suppressed.get_or_insert(span);
            return;
        }
        let finding = Finding::error(code, message)
            .at(self.file, span)
            .label(label)
            .help(help);
        self.fleet.findings.push(finding);
    }

    /// The generic "this line is no line of this format" diagnostic.
    pub fn not_understood(&mut self, line: &Line<'_>, help: impl Into<String>) {
        let shown = shorten(line.trimmed().fragment());
        self.problem(
            Code::ArmadaParse,
            line.trimmed().range(),
            format!(
                "line {} is not a line {} writes: `{shown}`",
                line.number,
                self.format_name()
            ),
            "not understood",
            help,
        );
    }

    /// A card line whose cost is missing or unreadable. When the line ends in parentheses
    /// that start like a cost, the label points where reading them stopped.
    pub fn bad_points(&mut self, line: &Line<'_>, example: &str) {
        let t = line.trimmed();
        if let Some(what) = builder_message(t.fragment()) {
            self.problem(
                Code::ArmadaParseBuilderMessage,
                t.range(),
                format!(
                    "line {}: the builder could not find a card for `{what}` when it exported the list",
                    line.number
                ),
                "the builder's own error, not a card",
                "open the list in the builder, pick the missing card again and export anew",
            );
            return;
        }
        let shown = shorten(t.fragment());
        let help = format!("write the card as the builder exports it, e.g. `{example}`");
        match grammar::cost_error(t).filter(|_| grammar::has_broken_cost(t)) {
            Some(error) => {
                let at = error.at.offset();
                let end = t.range().end.max(at);
                self.problem(
                    Code::ArmadaParsePoints,
                    at..end,
                    format!(
                        "line {}: the points in parentheses cannot be read: `{shown}`",
                        line.number
                    ),
                    format!("expected {}", error.what),
                    help,
                );
            }
            None => self.problem(
                Code::ArmadaParsePoints,
                t.range(),
                format!("line {} has no points: `{shown}`", line.number),
                "expected a name followed by its points in parentheses",
                help,
            ),
        }
    }

    fn format_name(&self) -> &'static str {
        self.fleet
            .source_format
            .map_or("the builder", |f| f.title())
    }

    pub fn set_text(&mut self, field: Field, value: Span<'_>, line: &Line<'_>) {
        if value.is_empty() {
            return;
        }
        let slot = match field {
            Field::Name => &mut self.fleet.name,
            Field::Author => &mut self.fleet.author,
            Field::Faction => &mut self.fleet.faction,
            Field::Gamemode => &mut self.fleet.gamemode,
        };
        if let Some(first) = slot {
            let first = first.text.clone();
            self.problem(
                Code::ArmadaParseDuplicate,
                line.trimmed().range(),
                format!("the {} is given twice (first `{first}`)", field.label()),
                "second one",
                "keep one line per list; if two lists were pasted together, split them into two files",
            );
            return;
        }
        *slot = Some(text(value));
    }

    pub fn set_points(&mut self, total: Option<Number>, limit: Option<Number>) {
        if total.is_some() {
            self.fleet.points.total = total;
        }
        if limit.is_some() {
            self.fleet.points.limit = limit;
        }
    }

    pub fn set_squadron_points(&mut self, points: Option<Number>, limit: Option<Number>) {
        if points.is_some() {
            self.fleet.points.squadrons = points;
        }
        if limit.is_some() {
            self.fleet.points.squadron_limit = limit;
        }
    }

    /// `Commander: <name> [(points)]`; an empty value or `None` means no commander.
    pub fn set_commander(&mut self, value: Span<'_>, line: &Line<'_>) {
        if self.seen_commander {
            self.problem(
                Code::ArmadaParseDuplicate,
                line.trimmed().range(),
                "the commander is given twice",
                "second one",
                "keep one `Commander:` line per list",
            );
            return;
        }
        self.seen_commander = true;
        if value.is_empty() || value.fragment().eq_ignore_ascii_case("none") {
            return;
        }
        let (name, points) = match super::grammar::split_cost(value) {
            Some((name, cost)) => (name, Some(cost.points)),
            None => (value, None),
        };
        self.fleet.commander = Some(Commander {
            name: card_name(name),
            stated_points: points,
        });
    }

    /// One objective; an empty name or `None` is no objective.
    pub fn add_objective(
        &mut self,
        category: Option<ObjectiveCategory>,
        name: Span<'_>,
        line: &Line<'_>,
    ) {
        let name = name.trim();
        if name.is_empty() || name.fragment().eq_ignore_ascii_case("none") {
            return;
        }
        self.fleet.objectives.push(Objective {
            category,
            name: card_name(name),
        });
        self.last_objective = Some((line.number, self.fleet.objectives.len() - 1));
    }

    /// Objectives separated by commas (Star Forge lists several per category in some modes).
    pub fn add_objectives(
        &mut self,
        category: Option<ObjectiveCategory>,
        names: Span<'_>,
        line: &Line<'_>,
    ) {
        let mut start = 0;
        let fragment = names.fragment();
        for (i, c) in fragment.char_indices() {
            if c == ',' {
                self.add_objective(category, names.slice(start, i), line);
                start = i + 1;
            }
        }
        self.add_objective(category, names.slice(start, fragment.len()), line);
    }

    /// A line right after an objective that is only words: the objective's name wrapped
    /// (`Defense: Abandoned Mining` / `Facility`). Returns whether the line was taken.
    pub fn continue_objective(&mut self, line: &Line<'_>) -> bool {
        let Some((number, index)) = self.last_objective else {
            return false;
        };
        let words = line.trimmed();
        let plain = words
            .fragment()
            .chars()
            .all(|c| c.is_alphanumeric() || " '-’".contains(c));
        if number + 1 != line.number || !plain || !self.fleet.ships.is_empty() {
            return false;
        }
        let Some(objective) = self.fleet.objectives.get_mut(index) else {
            return false;
        };
        let objective = &mut objective.name;
        objective.text.push(' ');
        objective.text.push_str(words.fragment());
        objective.span.end = words.range().end;
        self.last_objective = Some((line.number, index));
        true
    }

    pub fn add_ship(
        &mut self,
        name: Span<'_>,
        cost: Option<&Cost>,
        flagship: bool,
        line: &Line<'_>,
    ) {
        let (stated_upgrade_points, stated_total) = match cost.map(|c| &c.kind) {
            Some(CostKind::Sum { upgrades, total }) => {
                (Some(upgrades.clone()), Some(total.clone()))
            }
            _ => (None, None),
        };
        self.fleet.ships.push(Ship {
            name: card_name(name),
            span: line.trimmed().range(),
            stated_points: cost.map(|c| c.points.clone()),
            marked: cost.is_some_and(|c| c.marked),
            flagship,
            upgrades: Vec::new(),
            stated_upgrade_points,
            stated_total,
        });
    }

    pub fn add_upgrade(&mut self, name: Span<'_>, cost: &Cost, line: &Line<'_>) {
        let upgrade = Upgrade {
            name: card_name(name),
            span: line.trimmed().range(),
            stated_points: Some(cost.points.clone()),
            marked: cost.marked,
        };
        match self.fleet.ships.last_mut() {
            Some(ship) => ship.upgrades.push(upgrade),
            None => self.problem(
                Code::ArmadaParseOrphan,
                line.trimmed().range(),
                format!(
                    "line {} is an upgrade, but no ship comes before it",
                    line.number
                ),
                "upgrade without a ship",
                "put the ship's line (name and points) above its upgrades",
            ),
        }
    }

    /// `= N Points` after a ship's upgrades.
    pub fn ship_total(&mut self, total: Number, line: &Line<'_>) {
        let message = match self.fleet.ships.last_mut() {
            Some(ship) if ship.stated_total.is_none() => {
                ship.stated_total = Some(total);
                return;
            }
            Some(ship) => format!(
                "line {} is a ship total, but `{}` above already has its total",
                line.number, ship.name.text
            ),
            None => format!(
                "line {} is a ship total, but there is no ship above it",
                line.number
            ),
        };
        self.problem(
            Code::ArmadaParseOrphan,
            line.trimmed().range(),
            message,
            "total without a ship",
            "each `= N` total line follows one ship and its upgrades",
        );
    }

    pub fn add_squadron(
        &mut self,
        name: Span<'_>,
        count: Option<Number>,
        cost: &Cost,
        points_are_group_total: bool,
        line: &Line<'_>,
    ) {
        let (count_value, count_span) = match (&count, &cost.kind) {
            (Some(n), _) => (n.value, Some(n.span.clone())),
            (None, CostKind::Each { count }) => (count.value, Some(count.span.clone())),
            (None, _) => (1, None),
        };
        let group_total = match cost.kind {
            CostKind::Each { .. } => false,
            _ => points_are_group_total,
        };
        self.fleet.squadrons.push(Squadron {
            name: card_name(name),
            span: line.trimmed().range(),
            count: count_value,
            count_span,
            stated_points: Some(cost.points.clone()),
            points_are_group_total: group_total,
            marked: cost.marked,
        });
    }
}

/// What a builder's `match not found for X` error line names, if the line is one.
fn builder_message(line: &str) -> Option<&str> {
    let at = line.find("match not found for ")?;
    Some(line[at + "match not found for ".len()..].trim())
}

/// At most 60 characters of a line, for messages.
pub fn shorten(text: &str) -> String {
    let mut out: String = text.chars().take(60).collect();
    if out.len() < text.len() {
        out.push('…');
    }
    out
}
