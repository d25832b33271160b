//! Obstacles: a squad that names obstacles names exactly the format's number (three) of
//! different ones. A list naming none leaves the choice to the table.

use crate::report::{Code, Finding};
use crate::text::normalized_eq;
use crate::validate::xwing::fitted::Squad;

pub fn check(squad: &Squad<'_>, findings: &mut Vec<Finding>) {
    let named = &squad.parsed.obstacles;
    let Some(wanted) = squad.format.obstacles else {
        return;
    };
    if named.is_empty() {
        return;
    }
    for (index, obstacle) in named.iter().enumerate() {
        if named
            .iter()
            .take(index)
            .any(|o| normalized_eq(&o.value, &obstacle.value))
        {
            findings.push(
                Finding::error(
                    Code::XwingObstacles,
                    format!("{} is named twice; obstacles must differ", obstacle.value),
                )
                .at(squad.file, obstacle.span.clone())
                .label("repeated obstacle")
                .help(format!("name {wanted} different obstacles"))
                .cite_if(squad.format.source_of("obstacles")),
            );
        }
    }
    if named.len() != wanted as usize {
        let first = named.first().map_or(0, |o| o.span.start);
        let last = named.last().map_or(first, |o| o.span.end);
        findings.push(
            Finding::error(
                Code::XwingObstacles,
                format!(
                    "the squad names {} obstacle(s); it must name exactly {wanted}",
                    named.len()
                ),
            )
            .at(squad.file, first..last)
            .label(format!("{} obstacle(s)", named.len()))
            .help(format!("name exactly {wanted} different obstacles"))
            .cite_if(squad.format.source_of("obstacles")),
        );
    }
}
