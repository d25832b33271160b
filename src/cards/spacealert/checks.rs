//! `cards check` for Space Alert: values the game cannot have (an external threat without a
//! shield, a damage effect without an amount, a track whose X is off the track) and
//! references that name nothing (a weapon at a station the ship does not have).

use super::SpaceAlertCards;
use super::model::*;
use crate::cards::Located;
use crate::cards::locate::value_span;
use crate::report::{Code, Finding, SourceFiles};
use std::collections::HashSet;

struct Checker<'a> {
    files: &'a SourceFiles,
    findings: &'a mut Vec<Finding>,
}

impl Checker<'_> {
    fn impossible<T>(&mut self, r: &Located<T>, key: &str, message: String, help: &str) {
        let span = value_span(self.files, r.file, r.span.clone(), key, None);
        self.findings.push(
            Finding::error(Code::ImpossibleValue, message)
                .at(r.file, span)
                .label("not possible in Space Alert")
                .help(help.to_string()),
        );
    }

    fn dangling<T>(&mut self, r: &Located<T>, key: &str, message: String, help: String) {
        let span = value_span(self.files, r.file, r.span.clone(), key, None);
        self.findings.push(
            Finding::error(Code::DanglingReference, message)
                .at(r.file, span)
                .label("names nothing in the data")
                .help(help),
        );
    }
}

pub(super) fn run(cards: &SpaceAlertCards, files: &SourceFiles, findings: &mut Vec<Finding>) {
    let mut check = Checker { files, findings };
    for t in &cards.threats {
        threat(&mut check, t);
    }
    for t in &cards.trajectories {
        trajectory(&mut check, t);
    }
    let stations: HashSet<StationId> = cards.stations.iter().map(|s| s.id).collect();
    for st in &cards.stations {
        if st.zone != st.id.zone() || st.deck != st.id.deck() {
            check.impossible(
                st,
                "zone",
                format!(
                    "station `{}` is not in zone {} on the {} deck",
                    st.id.as_str(),
                    st.zone.as_str(),
                    st.deck.as_str()
                ),
                "a station's zone and deck are in its id (`upper-red`: red zone, upper deck)",
            );
        }
    }
    for w in &cards.weapons {
        match cards.stations.iter().find(|s| s.id == w.station) {
            None => check.dangling(
                w,
                "station",
                format!("weapon `{}` is at station `{}`, which the ship data lacks", w.id, w.station.as_str()),
                format!("add a [[station]] with id `{}`, or fix `station`", w.station.as_str()),
            ),
            Some(st) if st.a != w.kind => check.impossible(
                w,
                "kind",
                format!("weapon `{}` is a {} but A at `{}` fires a {}", w.id, w.kind.as_str(), st.id.as_str(), st.a.as_str()),
                "a station's A fires the weapon at that station: make `kind` match the station's `a`",
            ),
            _ => {}
        }
        if w.range == 0 || w.range > 3 {
            check.impossible(
                w,
                "range",
                format!("weapon `{}` has range {}", w.id, w.range),
                "ranges are 1 to 3 (§3.3)",
            );
        }
    }
    if let Some(ship) = &cards.ship {
        if ship.crew_min > ship.crew_max || ship.crew_min == 0 {
            check.impossible(
                ship,
                "crew_min",
                format!("crew {}-{} is empty", ship.crew_min, ship.crew_max),
                "crew_min must be at least 1 and at most crew_max",
            );
        }
        if ship.visual_confirmation_points.len() != ship.phases.len()
            || ship
                .visual_confirmation_points
                .iter()
                .any(|row| row.len() != usize::from(ship.crew_max))
        {
            check.impossible(
                ship,
                "visual_confirmation_points",
                "visual confirmation points need one row per phase and one value per crew size"
                    .into(),
                "give `phases.len()` rows of `crew_max` numbers each",
            );
        }
        for (k, &turn) in ship.computer_checks.iter().enumerate() {
            if turn == 0 || turn > ship.last_turn {
                check.impossible(
                    ship,
                    "computer_checks",
                    format!("a computer check after turn {turn}"),
                    "checks come after a turn from 1 to `last_turn`",
                );
            }
            let in_its_phase = ship
                .phases
                .get(k)
                .is_some_and(|&[first, last]| (first..=last).contains(&turn));
            if !in_its_phase {
                check.impossible(
                    ship,
                    "computer_checks",
                    format!("computer check {} (after turn {turn}) is not in phase {}", k + 1, k + 1),
                    "give one check per phase, in phase order, each after a turn of its phase (Space Alert rulebook §3.5)",
                );
            }
        }
        if !stations.is_empty() && !stations.contains(&ship.start_station) {
            check.dangling(
                ship,
                "start_station",
                format!(
                    "the start station `{}` is not a [[station]]",
                    ship.start_station.as_str()
                ),
                "name one of the ship's stations".into(),
            );
        }
        for tiles in &cards.damage_tiles {
            if tiles.tiles.len() != usize::from(ship.damage_tiles_per_zone) {
                check.impossible(
                    tiles,
                    "tiles",
                    format!(
                        "zone {} has {} damage tiles",
                        tiles.zone.as_str(),
                        tiles.tiles.len()
                    ),
                    &format!(
                        "every zone has {} damage tiles (§3.4)",
                        ship.damage_tiles_per_zone
                    ),
                );
            }
        }
    }
    for z in &cards.zones {
        if z.reactor_start > z.reactor_capacity || z.shield_start > z.shield_capacity {
            check.impossible(
                z,
                "reactor_start",
                format!(
                    "zone {} starts with more energy than it holds",
                    z.id.as_str()
                ),
                "starting energy is at most the capacity",
            );
        }
    }
}

fn threat(check: &mut Checker<'_>, t: &Located<Threat>) {
    let external = t.kind == ThreatKind::External;
    if external && t.shield.is_none() {
        check.impossible(
            t,
            "kind",
            format!("external threat `{}` has no `shield`", t.id),
            "every external threat card prints a shield value; add `shield`",
        );
    }
    if !external {
        if t.shield.is_some() {
            check.impossible(
                t,
                "shield",
                format!("internal threat `{}` has a shield", t.id),
                "internal threats have no shields (§3.4): remove `shield`",
            );
        }
        if t.stations.is_empty() || t.internal_kind.is_none() || t.fix_with.is_none() {
            check.impossible(t, "kind", format!("internal threat `{}` lacks `stations`, `internal_kind` or `fix_with`", t.id), "an internal threat appears in a station, is a malfunction or an intruder, and names what damages it");
        }
    } else if !t.stations.is_empty()
        || t.internal_kind.is_some()
        || t.fix_with.is_some()
        || t.fires_back
    {
        check.impossible(
            t,
            "kind",
            format!("external threat `{}` has internal-threat facts", t.id),
            "`stations`, `internal_kind`, `fix_with` and `fires_back` belong to internal threats",
        );
    }
    if t.hit_points == 0 && !t.has(Special::Warheads) {
        check.impossible(
            t,
            "hit_points",
            format!("threat `{}` has 0 hit points", t.id),
            "a threat has at least 1 hit point",
        );
    }
    if t.speed == 0 {
        check.impossible(
            t,
            "speed",
            format!("threat `{}` has speed 0", t.id),
            "a threat moves at least 1 space a turn",
        );
    }
    if t.points_destroyed < t.points_survived {
        check.impossible(
            t,
            "points_destroyed",
            format!("threat `{}` is worth less destroyed than survived", t.id),
            "§4: the destroyed value is the higher one",
        );
    }
    for (slot, list) in [("x", &t.x), ("y", &t.y), ("z", &t.z)] {
        if list.is_empty() {
            check.impossible(
                t,
                slot,
                format!("threat `{}` has no {slot} action", t.id),
                "write `[{ effect = \"nothing\" }]` for an action that does nothing",
            );
        }
        for e in list {
            if let Some(problem) = effect_problem(e, external) {
                check.impossible(t, slot, format!("threat `{}`, {slot}: {problem}", t.id), "each effect kind needs its own fields (damage: `amount` and `zones`; move: `toward`; …); data/cards/spacealert/threats.toml has an example of every kind");
            }
        }
    }
}

/// What is wrong with one effect, if anything.
fn effect_problem(e: &Effect, external: bool) -> Option<String> {
    let needs_amount = matches!(
        e.effect,
        EffectKind::Damage
            | EffectKind::Heal
            | EffectKind::Speed
            | EffectKind::ShieldSet
            | EffectKind::ShieldAdd
            | EffectKind::SelfDamage
            | EffectKind::DrainShields
            | EffectKind::DrainReactor
            | EffectKind::DestroyFuel
            | EffectKind::AdvanceOthers
    );
    if needs_amount && e.amount.is_none() {
        return Some(format!("`{}` needs an `amount`", e.effect.as_str()));
    }
    if matches!(e.effect, EffectKind::Damage | EffectKind::DamageHealth) && e.zones.is_none() {
        return Some(format!("`{}` needs `zones`", e.effect.as_str()));
    }
    if matches!(e.effect, EffectKind::Delay | EffectKind::KnockOut) && e.who.is_none() {
        return Some(format!("`{}` needs `who`", e.effect.as_str()));
    }
    if matches!(e.effect, EffectKind::Move | EffectKind::Spread) && e.toward.is_none() {
        return Some(format!("`{}` needs `toward`", e.effect.as_str()));
    }
    let internal_only = matches!(
        e.effect,
        EffectKind::Move
            | EffectKind::Seek
            | EffectKind::Spread
            | EffectKind::DamagePlayers
            | EffectKind::DisableStoredRobots
            | EffectKind::GrowUp
    ) || e.zones == Some(EffectZones::Stations);
    if external && internal_only {
        return Some(format!(
            "`{}` is an internal threat's effect",
            e.effect.as_str()
        ));
    }
    None
}

fn trajectory(check: &mut Checker<'_>, t: &Located<Trajectory>) {
    if t.z != 1 {
        check.impossible(
            t,
            "z",
            format!("track `{}` has its Z at space {}", t.id, t.z),
            "spaces are counted from the ship: Z is space 1",
        );
    }
    if t.x == 0 || t.x > t.length || t.y.iter().any(|&y| y <= t.z || y >= t.x) {
        check.impossible(
            t,
            "x",
            format!("track `{}` has X or Y off its {} spaces", t.id, t.length),
            "X is on the track, and every Y lies between Z and X",
        );
    }
    let mut next = 1u8;
    for band in &t.range {
        match band.as_slice() {
            [] => {}
            [lo, hi] if *lo == next && hi >= lo => next = hi.saturating_add(1),
            _ => {
                check.impossible(
                    t,
                    "range",
                    format!(
                        "track `{}` has range bands that leave a gap or overlap",
                        t.id
                    ),
                    "bands are `[first, last]` spaces, from space 1 on, without gaps",
                );
                return;
            }
        }
    }
    if next != t.length.saturating_add(1) {
        check.impossible(
            t,
            "range",
            format!(
                "track `{}`'s range bands do not end at its last space {}",
                t.id, t.length
            ),
            "the last band ends at `length`",
        );
    }
}
