//! What the pictures of a Talon scenario need (`resolve --output html|svg`): the map as the
//! report layer's plain [`Board`] — after each impulse of a round, before and after the
//! hits or shots of `talon/damage` and `talon/fire`, the situation of the other kinds.
//! Taken from the engines' state and documented outcome; nothing here changes a result.

use super::aim::ShotResult as Fired;
use super::board::{Fleet, Gone, MissileStatus};
use super::round::Round;
use crate::adjudicate::{NoDetail, Trace};
use crate::cards::talon::Side as CardSide;
use crate::parse::scenario::talon::{Heading, Hex, Kind, Scenario, ShipDef, TerrainKind};
use crate::report::picture::talon::{Axial, Board, Missile, Ship, Shot, ShotResult, Side, Terrain};
use crate::report::picture::{Frame, FrameKey, Scene, Story};
use serde_json::Value;

/// The map at one picture and how many steps had been written when it was taken.
#[derive(Debug, Clone)]
pub struct Snapshot {
    pub key: FrameKey,
    pub board: Board,
    pub steps: usize,
}

fn axial(hex: Hex) -> Axial {
    Axial { q: hex.q, r: hex.r }
}

fn side(def: &ShipDef) -> Option<Side> {
    side_of(def.side)
}

fn side_of(side: Option<CardSide>) -> Option<Side> {
    side.map(|s| match s {
        CardSide::Terran => Side::Terran,
        CardSide::Talon => Side::Talon,
    })
}

/// A terrain counter as the picture shows it.
fn terrain(hex: Hex, kind: TerrainKind) -> Terrain {
    Terrain {
        hex: axial(hex),
        kind: kind.as_str().to_string(),
    }
}

/// A missile counter as the picture shows it, when it is on the map.
fn missile(
    sc: &Scenario,
    index: usize,
    hex: Option<Hex>,
    heading: Option<Heading>,
    target: usize,
) -> Option<Missile> {
    let def = sc.missiles.get(index)?;
    Some(Missile {
        id: def.id.clone(),
        side: side_of(def.side),
        hex: axial(hex?),
        heading: heading.map(Heading::degrees),
        target: sc.ships.get(target).map(|s| s.id.clone()),
    })
}

/// The terrain still on the map and the missiles in flight, as the engine has them now.
fn counters(sc: &Scenario, fleet: &Fleet<'_>) -> (Vec<Terrain>, Vec<Missile>) {
    let terrain = fleet
        .terrain
        .iter()
        .filter(|t| !t.removed)
        .map(|t| terrain(t.hex, t.kind))
        .collect();
    let missiles = fleet
        .missiles
        .iter()
        .enumerate()
        .filter(|(_, m)| m.status == MissileStatus::Flying)
        .filter_map(|(i, m)| missile(sc, i, m.hex, m.heading, m.target.unwrap_or(usize::MAX)))
        .collect();
    (terrain, missiles)
}

/// A ship as the scenario sets it.
fn ship(def: &ShipDef) -> Ship {
    let class = def.class;
    let caps = class.map_or([0; 4], |c| c.shields.as_array());
    let boxes = class.map_or(0, |c| c.hull_boxes.len() as u32);
    Ship {
        id: def.id.clone(),
        class: match (def.side, class) {
            (Some(s), Some(c)) => format!("{} {}", s.title(), c.abbreviation),
            (_, Some(c)) => c.abbreviation.clone(),
            _ => "unknown class".to_string(),
        },
        side: side(def),
        hex: def.hex.map(axial),
        heading: def.heading.map(Heading::degrees),
        came_from: None,
        shields: std::array::from_fn(|a| (def.shields[a], caps[a])),
        hull: (def.hull_lost.min(boxes), boxes),
        destroyed: false,
    }
}

/// The map as the scenario sets it.
pub fn scenario_board(sc: &Scenario) -> Board {
    Board {
        map: sc.map,
        ships: sc.ships.iter().map(ship).collect(),
        terrain: sc.terrain.iter().map(|t| terrain(t.hex, t.kind)).collect(),
        // Missiles in flight when the scenario starts; launched ones appear once fired.
        missiles: sc
            .missiles
            .iter()
            .enumerate()
            .filter(|(_, def)| def.launcher.is_none())
            .filter_map(|(i, def)| missile(sc, i, def.hex, def.heading, def.target))
            .collect(),
        ..Board::default()
    }
}

/// The map after impulse `impulse` of a round; `before` is the map before it.
pub fn after_impulse(round: &Round<'_>, impulse: usize, before: &Board, steps: usize) -> Snapshot {
    let sc = round.sc;
    let floated = round.floats.iter().filter(|(i, _, _)| *i == impulse).fold(
        None,
        |sum: Option<Axial>, (_, q, r)| {
            let sum = sum.unwrap_or_default();
            Some(Axial {
                q: sum.q + q,
                r: sum.r + r,
            })
        },
    );
    let shift = floated.unwrap_or_default();
    let ships = sc
        .ships
        .iter()
        .enumerate()
        .map(|(i, def)| {
            let mut ship = ship(def);
            let state = &round.fleet.state[i];
            let (hex, heading) = round.fleet.at[i];
            ship.hex = hex.map(axial);
            ship.heading = heading.map(Heading::degrees);
            ship.came_from = before.ships.get(i).and_then(|s| s.hex).map(|h| Axial {
                q: h.q + shift.q,
                r: h.r + shift.r,
            });
            ship.shields = std::array::from_fn(|a| (state.shields[a], ship.shields[a].1));
            ship.hull = (state.hull_lost.min(ship.hull.1), ship.hull.1);
            ship.destroyed = state.destroyed;
            // A ship that has retreated (jumped or forced out) keeps its last hex in the
            // engine's state, but it is no longer on the map (Talon rulebook 7.5.2, 11.1.2).
            // A docked ship stays drawn at its host's hex, where it is.
            if state.gone == Some(Gone::Retreated) {
                ship.hex = None;
                ship.heading = None;
            }
            ship
        })
        .collect::<Vec<Ship>>();
    let shots = round
        .shots
        .iter()
        .filter(|(i, _)| *i == impulse)
        .flat_map(|(_, shot)| shots_of(shot, &ships))
        .collect();
    let collisions = round
        .fleet
        .collisions
        .iter()
        .filter(|c| c.impulse == Some(impulse))
        .map(|c| axial(c.hex))
        .collect();
    let (terrain, missiles) = counters(sc, &round.fleet);
    Snapshot {
        key: FrameKey::Impulse(impulse as u8),
        board: Board {
            map: sc.map,
            ships,
            terrain,
            missiles,
            shots,
            collisions,
            floated,
        },
        steps,
    }
}

/// The lines of one shot (a Fusion Cannon: one per ship in its cone), from where the ships
/// are at the end of the impulse.
fn shots_of(shot: &Fired<'_>, ships: &[Ship]) -> Vec<Shot> {
    if !shot.made {
        return Vec::new();
    }
    let at = |i: usize| ships.get(i).and_then(|s| s.hex.map(|h| (h, s.id.clone())));
    let Some((from, attacker)) = at(shot.attacker) else {
        return Vec::new();
    };
    let result = |damage: Option<u8>| {
        if !shot.allowed {
            ShotResult::NotAllowed
        } else if shot.launched.is_some() {
            ShotResult::Launched
        } else {
            match damage {
                Some(d) if d > 0 => ShotResult::Hit(d),
                _ => ShotResult::Miss,
            }
        }
    };
    let targets: Vec<(usize, Option<u8>)> = match &shot.cone {
        Some(cone) => cone
            .iter()
            .map(|(i, _, damage, _)| (*i, Some(*damage)))
            .collect(),
        // A shot at a missile is not drawn: the pictures show ships.
        None => match shot.target.and_then(|t| t.ship()) {
            Some(target) => vec![(target, shot.damage.flatten())],
            None => Vec::new(),
        },
    };
    targets
        .into_iter()
        .filter_map(|(target, damage)| {
            let (to, target) = at(target)?;
            Some(Shot {
                from,
                to,
                attacker: attacker.clone(),
                target,
                weapon: shot.weapon.to_string(),
                result: result(damage),
            })
        })
        .collect()
}

/// Each ship's shields, hull and destruction from a kind's documented `outcome.ships`.
fn apply_outcome(board: &mut Board, outcome: &Value) {
    for ship in &mut board.ships {
        let Some(state) = outcome["ships"].get(&ship.id) else {
            continue;
        };
        for (a, arc) in crate::report::picture::talon::ARCS.iter().enumerate() {
            if let Some(left) = state["shields"][arc].as_u64() {
                ship.shields[a].0 = u8::try_from(left).unwrap_or(u8::MAX);
            }
        }
        if let Some(crossed) = state["hull_boxes_crossed"].as_u64() {
            ship.hull.0 = u32::try_from(crossed).unwrap_or(u32::MAX);
        }
        ship.destroyed = state["destroyed"].as_bool().unwrap_or(false);
    }
}

/// `talon/fire`'s shots from its documented outcome.
fn outcome_shots(board: &Board, outcome: &Value) -> Vec<Shot> {
    let hex_of = |id: &str| board.ships.iter().find(|s| s.id == id).and_then(|s| s.hex);
    let Some(shots) = outcome["shots"].as_array() else {
        return Vec::new();
    };
    shots
        .iter()
        .filter_map(|shot| {
            let attacker = shot["attacker"].as_str()?;
            let target = shot["target"].as_str()?;
            let damage = shot["damage"].as_u64().unwrap_or(0);
            let result = if shot["allowed"] != Value::Bool(true) {
                ShotResult::NotAllowed
            } else if shot["launched"] == Value::Bool(true) {
                ShotResult::Launched
            } else if damage > 0 {
                ShotResult::Hit(u8::try_from(damage).unwrap_or(u8::MAX))
            } else {
                ShotResult::Miss
            };
            Some(Shot {
                from: hex_of(attacker)?,
                to: hex_of(target)?,
                attacker: attacker.to_string(),
                target: target.to_string(),
                weapon: shot["weapon"].as_str().unwrap_or("").to_string(),
                result,
            })
        })
        .collect()
}

/// Every picture of a run: a round's impulses and its energy phase; before and after of
/// `talon/damage` and `talon/fire`; one picture of the other kinds.
pub fn snapshots(
    sc: &Scenario,
    start: Board,
    impulses: Vec<Snapshot>,
    outcome: &Value,
    steps: usize,
) -> Vec<Snapshot> {
    let whole = |key: FrameKey, board: Board| Snapshot { key, board, steps };
    match sc.kind {
        Kind::Round => {
            let mut last = impulses
                .last()
                .map_or_else(|| start.clone(), |s| s.board.clone());
            last.shots.clear();
            last.collisions.clear();
            last.floated = None;
            for ship in &mut last.ships {
                ship.came_from = None;
            }
            apply_outcome(&mut last, outcome);
            let mut all = impulses;
            all.push(whole(FrameKey::Phase("energy", "Energy phase"), last));
            all
        }
        Kind::Damage | Kind::Fire => {
            let mut after = start.clone();
            apply_outcome(&mut after, outcome);
            after.shots = outcome_shots(&start, outcome);
            vec![
                Snapshot {
                    key: FrameKey::Phase("before", "Before"),
                    board: start,
                    steps: 0,
                },
                whole(FrameKey::Phase("after", "After"), after),
            ]
        }
        Kind::Impulse | Kind::Initiative | Kind::EnergyPhase => {
            let mut board = start;
            apply_outcome(&mut board, outcome);
            vec![whole(FrameKey::Phase("situation", "The situation"), board)]
        }
    }
}

/// The frames of a Talon trace: each snapshot with the steps written since the one before.
pub fn story(trace: &Trace<NoDetail>, snapshots: &[Snapshot]) -> Story {
    let mut from = 0;
    let frames = snapshots
        .iter()
        .map(|snapshot| {
            let to = snapshot.steps.clamp(from, trace.steps.len());
            let steps = trace.steps[from..to].iter().map(|s| s.text()).collect();
            from = to;
            Frame {
                key: snapshot.key.clone(),
                steps,
                scene: Scene::Map(Box::new(snapshot.board.clone())),
            }
        })
        .collect();
    Story {
        title: trace.title.clone(),
        kind: trace.kind.clone(),
        question: trace.question.clone(),
        source: trace.source.clone(),
        frames,
        final_state: trace.final_state.clone(),
    }
}
