//! A Talon fleet validated: each class line resolved against the classes of the fleet's
//! side, and the total against the points limit.

use crate::cards::talon::{ShipClass, Side, TalonCards};
use crate::parse::talon::ParsedFleet;
use crate::report::{Code, FileId, Finding};
use crate::text::did_you_mean;

/// One class line, resolved.
#[derive(Debug, Clone)]
pub struct Row<'db> {
    pub count: u32,
    pub written: String,
    pub class: Option<&'db ShipClass>,
    pub name: Option<String>,
    /// Points of one ship (0 when the class is unknown).
    pub points: u32,
    /// Byte offset of the line.
    pub at: usize,
}

#[derive(Debug, Clone)]
pub struct ValidatedFleet<'db> {
    pub side: Option<Side>,
    pub rows: Vec<Row<'db>>,
    pub total: u64,
    pub limit: Option<u32>,
    /// Where the limit came from: `list` or `option`.
    pub limit_source: Option<&'static str>,
    pub findings: Vec<Finding>,
}

pub fn validate<'db>(
    cards: &'db TalonCards,
    parsed: &ParsedFleet,
    file: FileId,
    limit_option: Option<u32>,
) -> ValidatedFleet<'db> {
    let mut findings = parsed.findings.clone();
    let side = parsed.side.as_ref().map(|s| s.value);
    if side.is_none() {
        let finding = match &parsed.side_written {
            Some(written) => Finding::error(
                Code::TalonSide,
                format!("`{}` is neither Talon side", written.value),
            )
            .at(file, written.span.clone())
            .label("not a side")
            .help("the sides are the Terran Confederation and the Talon Empire: `Side: Terran` or `Side: Talon` (Talon rulebook 2.3)"),
            None => Finding::error(Code::TalonSide, "the fleet names no side")
                .at(file, 0..0)
                .help("add `Side: Terran` or `Side: Talon` as the first line"),
        };
        findings.push(finding);
    }
    let mut rows = Vec::new();
    for line in &parsed.lines {
        let written = &line.class.value;
        let class = cards.find_class(written, side).or_else(|| {
            // Without a side, a name only one side has still resolves.
            side.is_none()
                .then(|| cards.find_class(written, None))
                .flatten()
        });
        let class = match (class, side) {
            (Some(class), _) => Some(&class.value),
            (None, Some(side)) => {
                if let Some(other) = cards.find_class(written, Some(side.other())) {
                    findings.push(
                        Finding::error(
                            Code::TalonSide,
                            format!(
                                "the {} is a {} class, and this is a {} fleet",
                                other.name,
                                other.side.title(),
                                side.title()
                            ),
                        )
                        .at(file, line.class.span.clone())
                        .label(format!("{} only", other.side.title()))
                        .help(format!(
                            "every ship of a fleet belongs to its side; the {} classes are: {}",
                            side.title(),
                            abbreviations(cards, side)
                        )),
                    );
                    Some(&other.value)
                } else {
                    findings.push(unknown(cards, file, line, Some(side)));
                    None
                }
            }
            (None, None) => {
                findings.push(unknown(cards, file, line, None));
                None
            }
        };
        rows.push(Row {
            count: line.count,
            written: written.clone(),
            class,
            name: line.name.clone(),
            points: class.map_or(0, |c| c.points),
            at: line.span.start,
        });
    }
    if parsed.lines.is_empty() {
        findings.push(
            Finding::error(Code::TalonParse, "the fleet lists no ships")
                .at(file, 0..0)
                .help("add a line per class after `Side:`, e.g. `CA \"Patton\"` or `2x DD`"),
        );
    }
    let total: u64 = rows
        .iter()
        .map(|r| u64::from(r.count) * u64::from(r.points))
        .sum();
    let (limit, limit_source, limit_span) = match (limit_option, &parsed.points_limit) {
        (Some(limit), _) => (Some(limit), Some("option"), 0..0),
        (None, Some(written)) => (Some(written.value), Some("list"), written.span.clone()),
        (None, None) => (None, None, 0..0),
    };
    if let Some(limit) = limit
        && total > u64::from(limit)
    {
        let mut finding = Finding::error(
            Code::TalonPoints,
            format!("the fleet costs {total} points, over its limit of {limit}"),
        )
        .at(file, limit_span)
        .help(format!(
            "remove {} points of ships, or agree a higher limit",
            total - u64::from(limit)
        ));
        if limit_source == Some("list") {
            finding = finding.label(format!("{} over", total - u64::from(limit)));
        }
        findings.push(finding);
    }
    ValidatedFleet {
        side,
        rows,
        total,
        limit,
        limit_source,
        findings,
    }
}

fn unknown(
    cards: &TalonCards,
    file: FileId,
    line: &crate::parse::talon::ClassLine,
    side: Option<Side>,
) -> Finding {
    let names = cards.class_names_of(side);
    Finding::error(
        Code::TalonUnknownClass,
        format!("`{}` is no Talon ship class", line.class.value),
    )
    .at(file, line.class.span.clone())
    .label("unknown class")
    .help(did_you_mean(
        &line.class.value,
        names.iter().map(String::as_str),
        &match side {
            Some(side) => format!(
                "the {} classes are: {}",
                side.title(),
                abbreviations(cards, side)
            ),
            None => "write a class by abbreviation (`CA`), English or Spanish name".to_string(),
        },
    ))
}

fn abbreviations(cards: &TalonCards, side: Side) -> String {
    cards
        .classes
        .iter()
        .filter(|c| c.side == side)
        .map(|c| c.abbreviation.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::talon::parse;

    fn check(text: &str, limit: Option<u32>) -> ValidatedFleet<'static> {
        let parsed = parse(FileId(0), text);
        validate(TalonCards::builtin(), &parsed, FileId(0), limit)
    }

    #[test]
    fn the_issue_fleet_costs_its_classes_points() {
        let fleet = check(
            "Side: Terran\nPoints: 500\nBB \"Cordoba\"\nCA \"Patton\"\n2x DD\n",
            None,
        );
        assert!(fleet.findings.is_empty(), "{:#?}", fleet.findings);
        // Terran BB 194 + CA 115 + 2 × DD 55.
        assert_eq!(fleet.total, 194 + 115 + 2 * 55);
        assert_eq!(fleet.limit, Some(500));
    }

    #[test]
    fn broken_rules_are_located() {
        let text = "Side: Talon\nPoints: 250\nDN\nCV\nCrucero Pesdo\n";
        let fleet = check(text, None);
        let found: Vec<(Code, &str)> = fleet
            .findings
            .iter()
            .map(|f| (f.code, &text[f.location.as_ref().unwrap().span.clone()]))
            .collect();
        assert_eq!(
            found,
            [
                (Code::TalonSide, "CV"),
                (Code::TalonUnknownClass, "Crucero Pesdo"),
                (Code::TalonPoints, "250")
            ]
        );
        let unknown = &fleet.findings[1];
        assert_eq!(
            unknown.help.as_deref(),
            Some("did you mean `Crucero Pesado`?")
        );
        // The option wins over the list's line.
        let fleet = check(text.replace("CV\n", "").as_str(), Some(1000));
        assert!(fleet.findings.iter().all(|f| f.code != Code::TalonPoints));
    }
}
