//! Objectives: where the format asks for them, one of each listed category.

use super::Context;
use crate::report::{Code, Finding};
use crate::validate::armada::ValidatedFleet;

pub fn check(cx: &Context<'_, '_>, fleet: &ValidatedFleet<'_>, out: &mut Vec<Finding>) {
    let wanted = &cx.format.objective_categories;
    if wanted.is_empty() {
        return;
    }
    let category_of = |o: &crate::validate::armada::ResolvedObjective<'_>| {
        o.card
            .map(|c| c.category.as_str().to_string())
            .or_else(|| o.stated_category.map(|c| format!("{c:?}").to_lowercase()))
    };
    let mut seen: Vec<String> = Vec::new();
    for objective in &fleet.objectives {
        let Some(category) = category_of(objective) else {
            continue;
        };
        if !wanted.contains(&category) {
            out.push(
                Finding::error(
                    Code::ArmadaObjectives,
                    format!(
                        "`{}` is a {category} objective; the {} format takes {}",
                        objective.name,
                        cx.format.id,
                        wanted.join(", ")
                    ),
                )
                .at(cx.file, objective.name_span.clone())
                .label("objective of the wrong category")
                .help(format!(
                    "choose one objective of each category: {}",
                    wanted.join(", ")
                ))
                .cite_if(cx.format.source_of("objective_categories")),
            );
        } else if seen.contains(&category) {
            out.push(
                Finding::error(
                    Code::ArmadaObjectives,
                    format!("`{}` is a second {category} objective", objective.name),
                )
                .at(cx.file, objective.name_span.clone())
                .label(format!("another {category} objective"))
                .help(format!(
                    "choose exactly one objective of each category: {}",
                    wanted.join(", ")
                ))
                .cite_if(cx.format.source_of("objective_categories")),
            );
        } else {
            seen.push(category);
        }
    }
    let missing: Vec<&str> = wanted
        .iter()
        .filter(|c| !seen.contains(c))
        .map(String::as_str)
        .collect();
    // Unknown objectives have their own finding; only report categories nobody named.
    let unknown = fleet
        .objectives
        .iter()
        .filter(|o| o.card.is_none() && o.stated_category.is_none())
        .count();
    if missing.len() > unknown {
        out.push(
            Finding::error(
                Code::ArmadaObjectives,
                format!("the fleet names no {} objective", missing.join(", no ")),
            )
            .at(cx.file, cx.fleet_span())
            .label("objectives missing")
            .help(format!(
                "the {} format asks for one objective of each category: {}",
                cx.format.id,
                wanted.join(", ")
            ))
            .cite_if(cx.format.source_of("objective_categories")),
        );
    }
}
