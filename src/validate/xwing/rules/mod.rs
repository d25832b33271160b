//! The squad-building rules, one per file, each adding findings for what breaks it.
//! Every rule reads the resolved [`Squad`]; none depends on another having run.

pub mod banned;
pub mod cite;
pub mod duplicate_upgrade;
pub mod faction;
pub mod limited;
pub mod loadout;
pub mod obstacles;
pub mod points;
pub mod restricted_cap;
pub mod restrictions;
pub mod ship_count;
pub mod slots;
pub mod standard_loadout;
pub mod standardized;
pub mod stated_points;

use super::fitted::Squad;
use crate::report::Finding;

pub fn check_all(squad: &Squad<'_>, findings: &mut Vec<Finding>) {
    faction::check(squad, findings);
    points::check(squad, findings);
    ship_count::check(squad, findings);
    loadout::check(squad, findings);
    slots::check(squad, findings);
    duplicate_upgrade::check(squad, findings);
    limited::check(squad, findings);
    restrictions::check(squad, findings);
    standardized::check(squad, findings);
    restricted_cap::check(squad, findings);
    banned::check(squad, findings);
    obstacles::check(squad, findings);
    stated_points::check(squad, findings);
}
