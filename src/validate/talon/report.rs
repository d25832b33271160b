//! The report of one validated Talon fleet: a row per class line with its points from the
//! data, and the total against the limit.

use super::ValidatedFleet;
use crate::parse::talon::ParsedFleet;
use crate::report::list::talon::{TalonFleetJson, TalonShipJson};
use crate::report::list::{ListContents, ListReport, Points, PointsTable, TableCell};
use crate::report::{FileId, SourceFiles};

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
        let right = TableCell::number;
        let mut table = PointsTable::new(vec!["Class", "Name", "Count", "Points", "Total"]);
        for (row, ship) in fleet.rows.iter().zip(&ships) {
            let class = row.class.map_or_else(
                || format!("{} (unknown)", row.written),
                |c| format!("{} ({})", c.name, c.abbreviation),
            );
            table.row(vec![
                TableCell::text(class),
                TableCell::text(row.name.clone().unwrap_or_default()),
                right(row.count.to_string()),
                right(row.points.to_string()),
                right(ship.total.to_string()),
            ]);
        }
        let count: u32 = fleet.rows.iter().map(|r| r.count).sum();
        table.row(vec![
            TableCell::text("Total"),
            TableCell::text(format!("{count} ships")),
            TableCell::empty(),
            TableCell::empty(),
            right(match fleet.limit {
                Some(limit) => format!("{} / {limit}", fleet.total),
                None => fleet.total.to_string(),
            }),
        ]);
        table
    });
    let mut notes = Vec::new();
    match fleet.limit_source {
        Some("option") => notes.push("points limit from --points-limit".to_string()),
        None => notes.push(
            "no points limit: add a `Points:` line or --points-limit (the Talon rulebook sets no standard fleet size)"
                .to_string(),
        ),
        _ => {}
    }
    let mut report = ListReport {
        file: file_name,
        game: Some("talon"),
        noun: None,
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
            current_total: None,
        },
        notes,
        contents: Some(ListContents::TalonFleet(TalonFleetJson {
            side: fleet.side.map(|s| s.as_str()),
            ships,
        })),
        diagnostics: Vec::new(),
        table,
        findings: fleet.findings,
        files,
    };
    report.finish();
    report
}
