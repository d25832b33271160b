//! The report of one Talon fleet: a row per class line with its points from the data, and
//! the total against the limit.

use super::{ListReport, Points};
use crate::parse::talon::ParsedFleet;
use crate::report::{FileId, SourceFiles, new_table};
use crate::validate::talon::ValidatedFleet;
use comfy_table::{Cell, CellAlignment};
use serde::Serialize;

#[derive(Debug, Clone, Serialize)]
pub struct TalonFleetJson {
    /// `terran` or `talon`; absent when the list names neither.
    pub side: Option<&'static str>,
    pub ships: Vec<TalonShipJson>,
}

#[derive(Debug, Clone, Serialize)]
pub struct TalonShipJson {
    /// The class as written.
    pub written: String,
    /// The class id; absent when the name matches no class.
    pub class: Option<String>,
    pub count: u32,
    /// The ship's name, when the list gives one.
    pub name: Option<String>,
    /// Points of one ship.
    pub points: u32,
    /// Points of the line (count × points).
    pub total: u64,
    /// 1-based line of the list.
    pub line: usize,
}

pub fn talon_report(
    file_name: String,
    files: SourceFiles,
    file: FileId,
    _parsed: &ParsedFleet,
    fleet: ValidatedFleet<'_>,
    with_table: bool,
) -> ListReport {
    let ships: Vec<TalonShipJson> = fleet
        .rows
        .iter()
        .map(|r| TalonShipJson {
            written: r.written.clone(),
            class: r.class.map(|c| c.id.clone()),
            count: r.count,
            name: r.name.clone(),
            points: r.points,
            total: u64::from(r.count) * u64::from(r.points),
            line: files.line_column(file, r.at).0,
        })
        .collect();
    let table = with_table.then(|| {
        let right = |text: String| Cell::new(text).set_alignment(CellAlignment::Right);
        let mut table = new_table(vec!["Class", "Name", "Count", "Points", "Total"]);
        for (row, ship) in fleet.rows.iter().zip(&ships) {
            let class = row.class.map_or_else(
                || format!("{} (unknown)", row.written),
                |c| format!("{} ({})", c.name, c.abbreviation),
            );
            table.add_row(vec![
                Cell::new(class),
                Cell::new(row.name.clone().unwrap_or_default()),
                right(row.count.to_string()),
                right(row.points.to_string()),
                right(ship.total.to_string()),
            ]);
        }
        let count: u32 = fleet.rows.iter().map(|r| r.count).sum();
        table.add_row(vec![
            Cell::new("Total"),
            Cell::new(format!("{count} ships")),
            Cell::new(""),
            Cell::new(""),
            right(match fleet.limit {
                Some(limit) => format!("{} / {limit}", fleet.total),
                None => fleet.total.to_string(),
            }),
        ]);
        table.to_string()
    });
    let mut notes = Vec::new();
    match fleet.limit_source {
        Some("option") => notes.push("points limit from --points-limit".to_string()),
        None => notes.push(
            "no points limit: add a `Points:` line or --points-limit (seed 004 prints no standard fleet size)"
                .to_string(),
        ),
        _ => {}
    }
    let mut report = ListReport {
        file: file_name,
        game: Some("talon"),
        source_format: Some("talon-text"),
        format: None,
        format_source: None,
        points_revision: None,
        team: None,
        faction: fleet.side.map(|s| s.title().to_string()),
        name: None,
        valid: true,
        readable: true,
        points: Points {
            total: Some(i64::try_from(fleet.total).unwrap_or(i64::MAX)),
            limit: fleet.limit,
            squadrons: None,
            squadron_limit: None,
        },
        notes,
        fleet: None,
        squad: None,
        talon_fleet: Some(TalonFleetJson {
            side: fleet.side.map(|s| s.as_str()),
            ships,
        }),
        diagnostics: Vec::new(),
        table,
        findings: fleet.findings,
        files,
    };
    report.finish();
    report
}
