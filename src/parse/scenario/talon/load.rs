//! Reading a Talon scenario file into a checked [`Scenario`].

use super::counters;
use super::file::*;
use super::letters::impulse_letter;
use super::scenario::*;
use super::ship;
use super::tables::{self, Ids};
use crate::cards::talon::{RuleNumbers, TalonCards, WeaponKind};
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
    let terrain = counters::terrain(&mut check, &file.terrain);
    counters::check_ships_on_terrain(&mut check, &ships, &terrain);
    let mut missiles = counters::missiles(&mut check, &file.missile, &ids, &ships);
    let shots = shots(
        &mut check,
        cards,
        &file.shot,
        &ids,
        &ships,
        kind,
        &mut missiles,
    );
    let missile_ids = missile_ids(&mut check, &missiles, &ids);
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
    let spends = tables::spends(
        &mut check,
        &file.spend,
        &Ids {
            ships: &ids,
            missiles: &missile_ids,
        },
        &ships,
    );
    let afterburners = tables::afterburners(&mut check, &file.afterburner, &ids);
    let repairs = tables::repairs(&mut check, &file.repair, &ids);
    if kind == Kind::Round {
        round_checks(&mut check, &file, &ships);
    }
    check_docks(&mut check, &ships, &ids, &terrain);
    let numbers = match &cards.numbers {
        Some(numbers) => &numbers.value,
        None => {
            check.missing(
                "the Talon data has no `[numbers]` table (collision damage, fighters per squadron…)",
                "load the built-in Talon data, or give the `[numbers]` table in a `--data` file",
            );
            &NO_NUMBERS
        }
    };
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
        map_extension: file.map.is_some_and(|m| m.extension),
        terrain,
        missiles,
        afterburners,
        repairs,
        docking: file.docking,
        numbers,
    };
    check.finish(sc)
}

/// Stands in when the data has no numbers; the scenario is refused then, so no engine
/// reads it.
static NO_NUMBERS: RuleNumbers = RuleNumbers {
    collision_damage: 0,
    fighters_per_squadron: 0,
    squadrons_per_carrier: 0,
    fighter_power_range: 0,
    missile_kill_damage: 0,
    asteroid_damage: 0,
    terrain_roll_modifier: 0,
    black_hole_roll_modifier: 0,
    black_hole_keep_out: 0,
    repair_roll: 0,
    retreat_speed: 0,
    transport_dock_speed: 0,
    terrain_out_of_battle: 0,
    forced_retreat_distance: 0,
};

/// Missile ids, which share one name space with ships (a shot names either).
fn missile_ids(
    check: &mut Check<'_>,
    missiles: &[MissileDef],
    ships: &HashMap<String, usize>,
) -> HashMap<String, usize> {
    let mut ids = HashMap::new();
    for (i, missile) in missiles.iter().enumerate() {
        if ships.contains_key(&missile.id) || ids.insert(missile.id.clone(), i).is_some() {
            check.error(
                Code::ScenarioContradiction,
                missile.span.clone(),
                format!("two counters have the id `{}`", missile.id),
                "used again",
                "give every ship and missile its own id (a launched missile: `missile = { id = \"M9\" }`)".into(),
            );
        }
    }
    ids
}

/// A ship docks at a ship or terrain counter of the scenario (Talon rulebook 16.2).
fn check_docks(
    check: &mut Check<'_>,
    ships: &[ShipDef],
    ids: &HashMap<String, usize>,
    terrain: &[TerrainDef],
) {
    for ship in ships {
        let Some((host, span)) = &ship.dock else {
            continue;
        };
        if !ids.contains_key(host) && !terrain.iter().any(|t| &t.id == host) {
            check.error(
                Code::ScenarioUnknownReference,
                span.clone(),
                format!("`{host}` is neither a ship nor a terrain counter of this scenario"),
                "dock where?",
                "name the carrier, base or planet by its `id` (Talon rulebook 16.2)".into(),
            );
        }
    }
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
        let at = check.table_span("map");
        check.error(
            Code::ScenarioInvalidValue,
            at,
            "the map has no hexes".into(),
            "empty map",
            "give its `columns` and `rows` (at least 1 each), or leave `map` out".into(),
        );
    }
    // Talon rulebook 7.4: ships of one race never start stacked (fighters and bases excepted,
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

#[allow(clippy::too_many_arguments)]
fn shots(
    check: &mut Check<'_>,
    cards: &TalonCards,
    shots: &[Spanned<Shot>],
    ids: &HashMap<String, usize>,
    ships: &[ShipDef],
    kind: Kind,
    missiles: &mut Vec<MissileDef>,
) -> Vec<ShotDef> {
    let mut out = Vec::new();
    let launched: Vec<Option<usize>> = shots
        .iter()
        .enumerate()
        .map(|(index, s)| launch(check, cards, index, s, ids, ships, missiles))
        .collect();
    let missile_ids: HashMap<&str, usize> = missiles
        .iter()
        .enumerate()
        .map(|(i, m)| (m.id.as_str(), i))
        .collect();
    for (s, launches) in shots.iter().zip(launched) {
        let shot = s.get_ref();
        let attacker = check.lookup(ids, &shot.attacker, "ship", Code::ScenarioUnknownShip);
        let target = match ids.get(shot.target.get_ref()) {
            Some(&i) => Target::Ship(i),
            None => match missile_ids.get(shot.target.get_ref().as_str()) {
                Some(&m) => Target::Missile(m),
                None => {
                    Target::Ship(check.lookup(ids, &shot.target, "ship", Code::ScenarioUnknownShip))
                }
            },
        };
        let group = shot_group(check, shot, ships.get(attacker));
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
            fighter: fighter_choice(check, shot),
            push: shot.push.as_ref().and_then(|p| match p.get_ref().hex() {
                Some(hex) => Some((hex, p.span())),
                None => {
                    check.error(
                        Code::ScenarioInvalidValue,
                        p.span(),
                        "not a hex of the map".into(),
                        "not CCRR or [q, r]",
                        "write `\"0512\"` or axial `[q, r]`".into(),
                    );
                    None
                }
            }),
            launches,
        });
    }
    out
}

/// The shot's weapon group, 0-based; a group its class lacks is a finding.
fn shot_group(check: &mut Check<'_>, shot: &Shot, attacker: Option<&ShipDef>) -> Option<usize> {
    let groups = attacker
        .and_then(|a| a.class)
        .map_or(0, |c| c.weapon_group.len());
    let group = usize::try_from(*shot.group.get_ref())
        .ok()
        .and_then(|g| g.checked_sub(1))
        .filter(|&g| g < groups);
    if attacker.is_some_and(|a| a.class.is_some()) && group.is_none() {
        check.error(
            Code::ScenarioUnknownReference,
            shot.group.span(),
            format!(
                "`{}` has no weapon group {}",
                shot.attacker.get_ref(),
                shot.group.get_ref()
            ),
            "no such group",
            format!("its class has {groups} weapon group(s), numbered from 1 in the card's order"),
        );
    }
    group
}

/// The fighter of a squadron a shot picks (12.1.3), 1-based as written.
fn fighter_choice(check: &mut Check<'_>, shot: &Shot) -> Option<(usize, std::ops::Range<usize>)> {
    let f = shot.fighter.as_ref()?;
    match usize::from(*f.get_ref()).checked_sub(1) {
        Some(index) => Some((index, f.span())),
        None => {
            check.error(
                Code::ScenarioInvalidValue,
                f.span(),
                "fighters are numbered from 1".into(),
                "no fighter 0",
                "name the fighter of the squadron shot at: 1, 2 or 3 (Talon rulebook 12.1.3)"
                    .into(),
            );
            None
        }
    }
}

/// A shot of a missile group launches a missile (13.2); another shot must not say so.
#[allow(clippy::too_many_arguments)]
fn launch(
    check: &mut Check<'_>,
    cards: &TalonCards,
    index: usize,
    s: &Spanned<Shot>,
    ids: &HashMap<String, usize>,
    ships: &[ShipDef],
    missiles: &mut Vec<MissileDef>,
) -> Option<usize> {
    let shot = s.get_ref();
    let attacker = *ids.get(shot.attacker.get_ref())?;
    let def = ships.get(attacker)?;
    let group = usize::try_from(*shot.group.get_ref())
        .ok()
        .and_then(|g| g.checked_sub(1))
        .and_then(|g| def.class?.weapon_group.get(g))?;
    let missile_group = cards
        .weapon(&group.weapon)
        .is_some_and(|w| w.kind() == WeaponKind::Missile);
    if !missile_group {
        if shot.missile.is_some() {
            check.error(
                Code::ScenarioContradiction,
                s.span(),
                format!("group {} fires {}, not missiles", shot.group.get_ref(), group.weapon),
                "no missile here",
                "only a missile group launches a missile (Talon rulebook 13.2): leave `missile` out".into(),
            );
        }
        return None;
    }
    let target = *ids.get(shot.target.get_ref())?;
    let number = missiles.iter().filter(|m| m.launched_by.is_some()).count() + 1;
    missiles.push(counters::launched(
        check,
        shot.missile.as_ref(),
        index,
        def.side,
        attacker,
        target,
        number,
        s.span(),
    ));
    Some(missiles.len() - 1)
}
