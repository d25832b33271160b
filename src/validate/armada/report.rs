//! The report of one validated Armada fleet: its cards with their points from the card
//! data, the squadron share and the total against the format's limit.

use super::ValidatedFleet;
use super::faction_title;
use crate::cards::formats::Format;
use crate::parse::armada::ParsedFleet;
use crate::report::list::armada::{CardJson, FleetJson, ObjectiveJson, ShipJson, SquadronJson};
use crate::report::list::{ListContents, ListReport, Points, PointsTable, TableCell};
use crate::report::{FileId, SourceFiles};

/// Where the format came from, for the report.
pub struct FormatChoice<'a> {
    pub format: &'a Format,
    /// `option`, `list` or `default`.
    pub source: &'static str,
    /// Team play: the number of players the per-player limits are for.
    pub players: Option<u32>,
    /// Render the points table (only human output with details shows it).
    pub table: bool,
}

/// Build the report of one validated fleet. `files` holds the list's text.
pub fn armada_report(
    file_name: String,
    files: SourceFiles,
    file: FileId,
    parsed: ParsedFleet,
    fleet: ValidatedFleet<'_>,
    choice: &FormatChoice<'_>,
    team: Option<usize>,
) -> ListReport {
    // The table borrows the fleet; the JSON then takes its names and ids (no copies).
    let table = choice.table.then(|| points_table(&fleet));
    let points_revision = fleet.points_revision.as_ref().map(|r| r.id().to_string());
    let current_total = fleet
        .points_revision
        .as_ref()
        .filter(|r| r.is_older())
        .map(|r| i64::from(r.current_total));
    let line_of = |offset: usize| files.line(file, offset);
    let card = |name: String, id: Option<String>, points: u32, at: usize| CardJson {
        name,
        id,
        points,
        line: line_of(at),
    };
    let fleet_json = FleetJson {
        commander: fleet
            .commander
            .map(|c| card(c.name, c.id, c.points, c.name_span.start)),
        ships: fleet
            .ships
            .into_iter()
            .map(|s| {
                let flagship = s.carries_commander() || s.marked_flagship;
                ShipJson {
                    card: card(s.name, s.id, s.points, s.name_span.start),
                    flagship,
                    upgrades: s
                        .upgrades
                        .into_iter()
                        .map(|u| card(u.name, u.id, u.points, u.name_span.start))
                        .collect(),
                    total: s.total,
                }
            })
            .collect(),
        squadrons: fleet
            .squadrons
            .into_iter()
            .map(|s| SquadronJson {
                card: card(s.name, s.id, s.points, s.name_span.start),
                count: s.count,
                total: s.total,
            })
            .collect(),
        objectives: fleet
            .objectives
            .into_iter()
            .map(|o| ObjectiveJson {
                name: o.name,
                id: o.id,
                category: o.card.map(|c| c.category.as_str()),
            })
            .collect(),
    };
    let format = choice.format;
    let mut notes = Vec::new();
    if let Some(players) = choice.players {
        notes.push(format!(
            "team play, {players} players: each fleet is built to {} points of the {}-point game",
            format.points_limit,
            format
                .team
                .iter()
                .find(|t| t.players == players)
                .map_or(0, |t| t.game_points)
        ));
    }
    if format.enlarged_setup_area == Some(true) {
        notes.push(
            "this game uses the enlarged set-up area: set-up area markers at distance 3 from the short edges (Sector Fleets, ZONA INICIAL AMPLIADA: games of 1,000 points or more, and every game FORMACIÓN DE FLOTAS marks “Zona inicial ampliada”, such as 900 points for six players)"
                .to_string(),
        );
    }
    let mut findings = parsed.findings;
    findings.extend(fleet.findings);
    let mut report = ListReport {
        file: file_name,
        game: Some("armada"),
        noun: None,
        source_format: parsed.source_format.map(|f| f.as_str()),
        format: Some(format.id.clone()),
        format_source: Some(choice.source),
        points_revision,
        team,
        faction: fleet.faction.map(|f| faction_title(f).to_string()),
        name: parsed
            .name
            .as_ref()
            .map(|n| n.text.trim().to_string())
            .filter(|n| !n.is_empty()),
        valid: true,
        readable: true,
        points: Points {
            total: Some(i64::from(fleet.totals.total)),
            limit: Some(fleet.totals.limit),
            squadrons: Some(fleet.totals.squadrons),
            squadron_limit: fleet.totals.squadron_limit,
            current_total,
        },
        notes,
        contents: Some(ListContents::Fleet(fleet_json)),
        diagnostics: Vec::new(),
        table,
        findings,
        files,
    };
    report.finish();
    report
}

/// The points table: each ship with its upgrades under it, the squadrons, then the
/// squadron share and the total against the limits.
fn points_table(fleet: &ValidatedFleet<'_>) -> PointsTable {
    let mut table = PointsTable::new(vec!["Card", "Type", "Points", "Subtotal"]);
    let right = TableCell::number;
    let unknown = |id: &Option<String>, kind: &str| {
        if id.is_some() {
            kind.to_string()
        } else {
            format!("{kind} (unknown)")
        }
    };
    if let Some(c) = &fleet.commander {
        table.row(vec![
            TableCell::text(&c.name),
            TableCell::text(unknown(&c.id, "commander")),
            right(c.points.to_string()),
            right(c.points.to_string()),
        ]);
    }
    for ship in &fleet.ships {
        let flagship = if ship.carries_commander() || ship.marked_flagship {
            " (flagship)"
        } else {
            ""
        };
        table.row(vec![
            TableCell::text(format!("{}{flagship}", ship.name)),
            TableCell::text(unknown(&ship.id, "ship")),
            right(ship.points.to_string()),
            right(ship.total.to_string()),
        ]);
        for upgrade in &ship.upgrades {
            let kind = upgrade
                .card
                .and_then(|c| c.slots.first())
                .map_or("upgrade", |s| s.as_str());
            table.row(vec![
                TableCell::text(format!("  {}", upgrade.name)),
                TableCell::text(unknown(&upgrade.id, kind)),
                right(upgrade.points.to_string()),
                TableCell::empty(),
            ]);
        }
    }
    for squadron in &fleet.squadrons {
        let name = if squadron.count > 1 {
            format!("{} × {}", squadron.count, squadron.name)
        } else {
            squadron.name.clone()
        };
        let points = if squadron.count > 1 {
            format!("{} each", squadron.points)
        } else {
            squadron.points.to_string()
        };
        table.row(vec![
            TableCell::text(name),
            TableCell::text(unknown(&squadron.id, "squadron")),
            right(points),
            right(squadron.total.to_string()),
        ]);
    }
    for objective in &fleet.objectives {
        let category = objective.card.map_or("objective", |c| c.category.as_str());
        table.row(vec![
            TableCell::text(&objective.name),
            TableCell::text(unknown(&objective.id, category)),
            TableCell::empty(),
            TableCell::empty(),
        ]);
    }
    let totals = &fleet.totals;
    let squadron_limit = totals
        .squadron_limit
        .map_or(String::new(), |l| format!(" / {l}"));
    table.row(vec![
        TableCell::text("Squadrons"),
        TableCell::empty(),
        TableCell::empty(),
        right(format!("{}{squadron_limit}", totals.squadrons)),
    ]);
    // The costs above are the revision's; the total row says which revision that is.
    let total = match &fleet.points_revision {
        Some(r) if r.is_older() => format!("Total ({} points)", r.id()),
        _ => "Total".to_string(),
    };
    table.row(vec![
        TableCell::text(total),
        TableCell::empty(),
        TableCell::empty(),
        right(format!("{} / {}", totals.total, totals.limit)),
    ]);
    if let Some(r) = fleet.points_revision.as_ref().filter(|r| r.is_older()) {
        table.row(vec![
            TableCell::text(format!(
                "At current points ({})",
                r.current.unwrap_or("current")
            )),
            TableCell::empty(),
            TableCell::empty(),
            right(r.current_total.to_string()),
        ]);
    }
    table
}
