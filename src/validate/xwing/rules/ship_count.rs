//! Ship count within the format's range (standard: three to eight ships).

use crate::report::{Code, Finding};
use crate::validate::xwing::fitted::Squad;

pub fn check(squad: &Squad<'_>, findings: &mut Vec<Finding>) {
    let Some(range) = squad.format.ship_count else {
        return;
    };
    // Unresolved pilots are still ships the player put on the list.
    let count = squad.parsed.pilots.len();
    let (min, max) = (range.min as usize, range.max as usize);
    let help = if count < min {
        format!("add {} more ship(s)", min - count)
    } else if count > max {
        format!("remove {} ship(s)", count - max)
    } else {
        return;
    };
    findings.push(
        Finding::error(
            Code::XwingShipCount,
            format!(
                "the squad has {count} ship(s); {} allows {min} to {max}",
                squad.format.name
            ),
        )
        .at(squad.file, squad.squad_span())
        .label(format!("{count} ship(s)"))
        .help(help)
        .cite_if(squad.format.source_of("ship_count")),
    );
}
