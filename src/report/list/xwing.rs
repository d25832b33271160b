//! The report of one X-Wing squad: a row per pilot with initiative, cost and loadout, the
//! upgrades, and the total against the format's limit in the revision used.

use super::{ListReport, Points};
use crate::cards::xwing::XwingCards;
use crate::parse::xwing::ParsedSquad;
use crate::report::{FileId, SourceFiles, new_table};
use crate::validate::xwing::ValidatedSquad;
use comfy_table::{Cell, CellAlignment};
use serde::Serialize;

#[derive(Debug, Clone, Serialize)]
pub struct SquadJson {
    pub pilots: Vec<PilotJson>,
    pub ship_count: usize,
    pub obstacles: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct PilotJson {
    /// The XWS id; absent when the card was not found.
    pub id: Option<String>,
    /// The pilot as the input wrote it (XWS id, YASB number or printed name).
    pub written: String,
    pub name: String,
    pub ship: Option<String>,
    pub initiative: Option<i32>,
    pub cost: i64,
    pub loadout: Loadout,
    /// The pilot comes with a fixed set of upgrades (its cost includes them).
    pub standard_loadout: bool,
    pub upgrades: Vec<UpgradeJson>,
    /// 1-based line of the input.
    pub line: usize,
}

#[derive(Debug, Clone, Serialize)]
pub struct Loadout {
    pub used: i64,
    pub limit: i64,
}

#[derive(Debug, Clone, Serialize)]
pub struct UpgradeJson {
    pub id: String,
    pub name: String,
    pub cost: i64,
    pub from_loadout: bool,
}

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
        .zip(&parsed.pilots)
        .map(|(p, written)| PilotJson {
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
            line: line_of(written.card.span().start),
        })
        .collect();
    let table = with_table.map(|cards| table(cards, &squad, &pilots));
    let json = SquadJson {
        pilots,
        ship_count: squad.ship_count,
        obstacles: parsed.obstacles.iter().map(|o| o.value.clone()).collect(),
    };
    let mut report = ListReport {
        file: file_name,
        game: Some("xwing"),
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
        fleet: None,
        squad: Some(json),
        diagnostics: Vec::new(),
        table,
        findings: squad.findings,
        files,
    };
    report.finish();
    report
}

/// The table names ships as printed (`T-65 X-wing`); the JSON keeps their XWS ids.
fn table(cards: &XwingCards, squad: &ValidatedSquad, pilots: &[PilotJson]) -> String {
    let ship_name = |id: &str| {
        cards
            .ships
            .iter()
            .find(|s| s.value.id == id)
            .map_or_else(|| id.to_string(), |s| s.value.name.clone())
    };
    let mut table = new_table(vec!["Pilot", "Ship", "Init", "Cost", "Loadout", "Upgrades"]);
    let right = |text: String| Cell::new(text).set_alignment(CellAlignment::Right);
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
        table.add_row(vec![
            Cell::new(name),
            Cell::new(pilot.ship.as_deref().map(ship_name).unwrap_or_default()),
            right(pilot.initiative.map_or(String::new(), |i| i.to_string())),
            right(pilot.cost.to_string()),
            right(loadout),
            Cell::new(upgrades.join(", ")),
        ]);
    }
    table.add_row(vec![
        Cell::new("Total"),
        Cell::new(format!("{} ships", squad.ship_count)),
        Cell::new(""),
        right(format!("{} / {}", squad.points, squad.points_limit)),
        Cell::new(""),
        Cell::new(""),
    ]);
    table.to_string()
}
