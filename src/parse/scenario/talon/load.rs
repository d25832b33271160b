//! Reading a Talon scenario file into a checked [`Scenario`].

use super::file::*;
use super::scenario::*;
use super::ship;
use crate::cards::talon::TalonCards;
use crate::parse::scenario::ScenarioText;
use crate::parse::scenario::check::Check;
use crate::report::{Code, Finding};
use std::collections::HashMap;
use toml::Spanned;

/// Read and check a Talon scenario of `kind`. `Err` holds every problem found.
pub fn load<'db>(
    scenario: &ScenarioText<'_>,
    kind: Kind,
    cards: &'db TalonCards,
) -> Result<Scenario<'db>, Vec<Finding>> {
    let file: ScenarioFile = scenario.body()?;
    let mut check = scenario.check();
    let ids = check.ids(&file.ship, |s| &s.id, "ship");
    let ships: Vec<ShipDef<'db>> = file
        .ship
        .iter()
        .map(|s| ship::ship(&mut check, cards, s.get_ref(), s.span(), kind))
        .collect();
    let needs_ships = matches!(
        kind,
        Kind::Impulse | Kind::Damage | Kind::Fire | Kind::EnergyPhase | Kind::Round
    );
    if needs_ships && file.ship.is_empty() {
        check.missing(
            "the scenario has no [[ship]]",
            "add a [[ship]] table per ship, with its `id` and `class`",
        );
    }
    let holder = file.holder.as_ref().map(|h| *h.get_ref());
    if kind == Kind::Initiative && holder.is_none() {
        check.missing(
            "an initiative scenario needs `holder`, the side with the initiative",
            "add `holder = \"talon\"` or `holder = \"terran\"`",
        );
    }
    let markers = markers(&mut check, &file.marker);
    let hits: Vec<HitDef> = file
        .hit
        .iter()
        .map(|h| {
            let hit = h.get_ref();
            HitDef {
                ship: check.lookup(&ids, &hit.ship, "ship", Code::ScenarioUnknownShip),
                arc: hit.arc,
                damage: *hit.damage.get_ref(),
                span: h.span(),
            }
        })
        .collect();
    if kind == Kind::Damage && hits.is_empty() {
        check.missing(
            "a damage scenario needs at least one [[hit]]",
            "add [[hit]] tables with `ship`, `arc` and `damage`, in the order they land",
        );
    }
    let shots = shots(&mut check, &file.shot, &ids, &ships, kind);
    if kind == Kind::Fire && shots.is_empty() {
        check.missing(
            "a fire scenario needs at least one [[shot]]",
            "add [[shot]] tables with `attacker`, `group` and `target`",
        );
    }
    let (dice, dice_span) = match &file.dice {
        Some(d) => (d.get_ref().clone(), d.span()),
        None => (Vec::new(), 0..0),
    };
    if dice.len() > MAX_DICE || dice.iter().any(|&d| !(1..=6).contains(&d)) {
        check.error(
            Code::ScenarioInvalidValue,
            dice_span.clone(),
            format!("`dice` holds a value that no d6 shows (or more than {MAX_DICE} dice)"),
            "not d6 results",
            "list results from 1 to 6".into(),
        );
    }
    let spends = file
        .spend
        .iter()
        .map(|s| {
            let spend = s.get_ref();
            SpendDef {
                ship: check.lookup(&ids, &spend.ship, "ship", Code::ScenarioUnknownShip),
                impulse: impulse_letter(&mut check, &spend.impulse).unwrap_or(0),
                on: spend.on,
                span: s.span(),
            }
        })
        .collect();
    if kind == Kind::Round {
        round_checks(&mut check, &file, &ships);
    }
    let sc = Scenario {
        file: check.file,
        cards,
        kind,
        max_steps: scenario.envelope.max_steps,
        ships,
        holder,
        chosen: file.chosen.as_ref().map(|c| (*c.get_ref(), c.span())),
        markers,
        hits,
        shots,
        dice,
        dice_span,
        round: file.round.as_ref().map(|r| *r.get_ref()),
        initiative: file.initiative.as_ref().map(|s| *s.get_ref()),
        spends,
        map: file.map.map(|m| (i32::from(m.columns), i32::from(m.rows))),
    };
    check.finish(sc)
}

/// `"A"` … `"F"` as 0 … 5.
fn impulse_letter(check: &mut Check<'_>, letter: &Spanned<String>) -> Option<usize> {
    let index = ["A", "B", "C", "D", "E", "F"]
        .iter()
        .position(|l| l.eq_ignore_ascii_case(letter.get_ref().trim()));
    if index.is_none() {
        check.error(
            Code::ScenarioInvalidValue,
            letter.span(),
            format!("`{}` is no impulse", letter.get_ref()),
            "not A to F",
            "a round has six impulses, A to F (Talon rulebook 3.1)".into(),
        );
    }
    index
}

/// What a whole round needs beyond the per-ship checks.
fn round_checks(check: &mut Check<'_>, file: &ScenarioFile, ships: &[ShipDef]) {
    if file.initiative.is_none() {
        check.missing(
            "a round needs `initiative`, the side holding it in impulse A",
            "add `initiative = \"terran\"` or `initiative = \"talon\"` (Talon rulebook 4.2)",
        );
    }
    if let Some(map) = file.map
        && (map.columns == 0 || map.rows == 0)
    {
        let at = check.key_span("map", 0..check.text.len());
        check.error(
            Code::ScenarioInvalidValue,
            at,
            "the map has no hexes".into(),
            "empty map",
            "give its `columns` and `rows` (at least 1 each), or leave `map` out".into(),
        );
    }
    // Seed 004 7.4: ships of one race never start stacked (fighters and bases excepted,
    // as they are from collision damage).
    for (i, a) in ships.iter().enumerate() {
        for b in ships.iter().skip(i + 1) {
            let exempt = |s: &ShipDef| s.class.is_some_and(|c| c.is_base() || c.is_fighter());
            if a.hex.is_some() && a.hex == b.hex && a.side == b.side && !exempt(a) && !exempt(b) {
                check.error(
                    Code::ScenarioIllegalChoice,
                    b.span.clone(),
                    format!("`{}` starts in the same hex as `{}`, a ship of its side", b.id, a.id),
                    "stacked at the start",
                    "ships of one race never start a scenario stacked in one hex (Talon rulebook 7.4): move one".into(),
                );
            }
        }
    }
    for (s, def) in file.ship.iter().zip(ships) {
        if def.class.is_some_and(|c| c.is_base()) && !s.get_ref().moves.is_empty() {
            check.error(
                Code::ScenarioIllegalChoice,
                def.span.clone(),
                format!("`{}` is a base: it rotates, it does not move", def.id),
                "moves for a base",
                "leave `moves` out: a base turns one hex side clockwise in each impulse it would move (Talon rulebook 14)".into(),
            );
        }
    }
}

fn markers(check: &mut Check<'_>, markers: &[Spanned<Marker>]) -> Vec<MarkerDef> {
    let mut seen: HashMap<&str, ()> = HashMap::new();
    let mut out = Vec::new();
    for m in markers {
        let marker = m.get_ref();
        if seen.insert(marker.ship.get_ref(), ()).is_some() {
            check.error(
                Code::ScenarioIllegalChoice,
                marker.ship.span(),
                format!("`{}` places a second initiative marker", marker.ship.get_ref()),
                "second marker",
                "a ship spends at most one power a impulse (Talon rulebook 5.1), so it places one marker at most".into(),
            );
        }
        out.push(MarkerDef {
            ship: marker.ship.get_ref().clone(),
            side: *marker.side.get_ref(),
            kind: marker.kind,
        });
    }
    out
}

fn shots(
    check: &mut Check<'_>,
    shots: &[Spanned<Shot>],
    ids: &HashMap<String, usize>,
    ships: &[ShipDef],
    kind: Kind,
) -> Vec<ShotDef> {
    let mut out = Vec::new();
    for s in shots {
        let shot = s.get_ref();
        let attacker = check.lookup(ids, &shot.attacker, "ship", Code::ScenarioUnknownShip);
        let target = check.lookup(ids, &shot.target, "ship", Code::ScenarioUnknownShip);
        let groups = ships
            .get(attacker)
            .and_then(|a| a.class)
            .map_or(0, |c| c.weapon_group.len());
        let group = usize::try_from(*shot.group.get_ref())
            .ok()
            .and_then(|g| g.checked_sub(1))
            .filter(|&g| g < groups);
        if ships.get(attacker).is_some_and(|a| a.class.is_some()) && group.is_none() {
            check.error(
                Code::ScenarioUnknownReference,
                shot.group.span(),
                format!(
                    "`{}` has no weapon group {}",
                    shot.attacker.get_ref(),
                    shot.group.get_ref()
                ),
                "no such group",
                format!(
                    "its class has {groups} weapon group(s), numbered from 1 in the card's order"
                ),
            );
        }
        let roll = shot.roll.as_ref().and_then(|r| {
            if (1..=6).contains(r.get_ref()) {
                Some(*r.get_ref())
            } else {
                check.error(
                    Code::ScenarioInvalidValue,
                    r.span(),
                    format!("a d6 does not show {}", r.get_ref()),
                    "not a d6 result",
                    "rolls are 1 to 6".into(),
                );
                None
            }
        });
        let impulse = shot
            .impulse
            .as_ref()
            .and_then(|letter| impulse_letter(check, letter));
        if kind == Kind::Round && shot.impulse.is_none() {
            check.error(
                Code::ScenarioMissingField,
                shot.attacker.span(),
                "in a round, a shot says in which impulse it is fired".into(),
                "which impulse?",
                "add `impulse = \"C\"` (A to F): the shot comes after its side's moves in that impulse (Talon rulebook 3.2)".into(),
            );
        }
        out.push(ShotDef {
            attacker,
            group: group.unwrap_or(usize::MAX),
            target,
            roll,
            span: shot.attacker.span(),
            impulse,
        });
    }
    out
}
