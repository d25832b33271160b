//! The report of one validated X-Wing squad: a row per pilot with initiative, cost and
//! loadout, the upgrades, and the total against the format's limit in the revision used.

use super::ValidatedSquad;
use crate::cards::xwing::XwingCards;
use crate::parse::xwing::ParsedSquad;
use crate::report::list::xwing::{Loadout, PilotJson, SquadJson, UpgradeJson};
use crate::report::list::{ListContents, ListReport, Points, PointsTable, TableCell};
use crate::report::{FileId, SourceFiles};

/// Build the report of one validated squad. `files` holds the input's text.
pub fn xwing_report(
    file_name: String,
    files: SourceFiles,
    file: FileId,
    parsed: &ParsedSquad,
    squad: ValidatedSquad,
    format_source: &'static str,
    with_table: Option<&XwingCards>,
) -> ListReport {
    let line_of = |offset: usize| files.line_column(file, offset).0;
    let pilots: Vec<PilotJson> = squad
        .pilots
        .iter()
        // Not zipped with the parsed pilots: a quick-build fields several ships.
        .map(|p| PilotJson {
            id: p.id.clone(),
            written: p.written.clone(),
            name: p.name.clone(),
            ship: p.ship.clone(),
            initiative: p.initiative,
            cost: p.cost,
            loadout: Loadout {
                used: p.loadout_used,
                limit: p.loadout_limit,
            },
            standard_loadout: p.standard_loadout,
            upgrades: p
                .upgrades
                .iter()
                .map(|u| UpgradeJson {
                    id: u.id.clone(),
                    name: u.name.clone(),
                    cost: u.cost,
                    from_loadout: u.from_loadout,
                })
                .collect(),
            line: line_of(p.span.start),
        })
        .collect();
    let table = with_table.map(|cards| points_table(cards, &squad, &pilots));
    let json = SquadJson {
        pilots,
        ship_count: squad.ship_count,
        obstacles: parsed.obstacles.iter().map(|o| o.value.clone()).collect(),
    };
    let mut report = ListReport {
        file: file_name,
        game: Some("xwing"),
        noun: None,
        source_format: Some(parsed.format.as_str()),
        format: Some(squad.format.clone()),
        format_source: Some(format_source),
        points_revision: Some(squad.revision.clone()),
        team: None,
        faction: squad.faction.as_deref().map(|id| {
            crate::parse::xwing::Faction::ALL
                .into_iter()
                .find(|f| f.xws() == id)
                .map_or_else(|| id.to_string(), |f| f.name().to_string())
        }),
        name: parsed
            .name
            .as_ref()
            .map(|n| n.value.trim().to_string())
            .filter(|n| !n.is_empty()),
        valid: true,
        readable: true,
        points: Points {
            total: Some(squad.points),
            limit: Some(squad.points_limit),
            squadrons: None,
            squadron_limit: None,
            current_total: None,
        },
        notes: vec![format!(
            "points revision {} ({})",
            squad.revision,
            squad.revision_source.describe()
        )],
        contents: Some(ListContents::Squad(json)),
        diagnostics: Vec::new(),
        table,
        findings: squad.findings,
        files,
    };
    report.finish();
    report
}

/// The table names ships as printed (`T-65 X-wing`); the JSON keeps their XWS ids.
fn points_table(cards: &XwingCards, squad: &ValidatedSquad, pilots: &[PilotJson]) -> PointsTable {
    let ship_name = |id: &str| {
        cards
            .ships
            .iter()
            .find(|s| s.value.id == id)
            .map_or_else(|| id.to_string(), |s| s.value.name.clone())
    };
    let mut table = PointsTable::new(vec!["Pilot", "Ship", "Init", "Cost", "Loadout", "Upgrades"]);
    let right = TableCell::number;
    for pilot in pilots {
        let name = if pilot.id.is_some() {
            pilot.name.clone()
        } else {
            format!("{} (unknown)", pilot.written)
        };
        let loadout = if pilot.standard_loadout {
            "standard".to_string()
        } else {
            format!("{}/{}", pilot.loadout.used, pilot.loadout.limit)
        };
        let upgrades: Vec<String> = pilot
            .upgrades
            .iter()
            .map(|u| {
                if u.from_loadout {
                    u.name.clone()
                } else {
                    format!("{} ({})", u.name, u.cost)
                }
            })
            .collect();
        table.row(vec![
            TableCell::text(name),
            TableCell::text(pilot.ship.as_deref().map(ship_name).unwrap_or_default()),
            right(pilot.initiative.map_or(String::new(), |i| i.to_string())),
            right(pilot.cost.to_string()),
            right(loadout),
            TableCell::text(upgrades.join(", ")),
        ]);
    }
    table.row(vec![
        TableCell::text("Total"),
        TableCell::text(format!("{} ships", squad.ship_count)),
        TableCell::empty(),
        right(format!("{} / {}", squad.points, squad.points_limit)),
        TableCell::empty(),
        TableCell::empty(),
    ]);
    table
}
