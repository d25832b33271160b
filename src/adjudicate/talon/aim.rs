//! One shot taken apart before it is resolved: who fires which group from where, at which
//! ship or missile, and whether the rules let it fire (8.1–8.2, 5.3.1, 17.2.2). What it came
//! to is a [`ShotResult`], computed before any text.

use super::board::{Fleet, MissileStatus};
use super::geometry::{Seen, arc_of};
use super::terrain::Sight;
use super::{Steps, Stop, choice, rules, step};
use crate::cards::talon::{Arc, TalonCards, Weapon, WeaponGroup, WeaponKind};
use crate::parse::scenario::talon::{Heading, Hex, Scenario, ShipDef, ShotDef, Target};
use crate::report::{Code, Finding};
use serde_json::{Value, json};

/// A ship in a Fusion Cannon's cone: its index, range, damage and the shield hit (none for
/// a fighter).
pub type ConeHit = (usize, u32, u8, Option<Arc>);

/// What one shot came to, computed before any text; rendered by [`ShotResult::to_json`].
/// `None` fields are the keys a shot stopped before reaching; `Some(None)` a null.
#[derive(Debug, Clone, Default)]
pub struct ShotResult<'a> {
    /// False when the scenario's data could not make a shot at all (null in JSON).
    pub made: bool,
    pub attacker: usize,
    pub group: usize,
    pub weapon: &'a str,
    pub target: Option<Target>,
    pub allowed: bool,
    pub reason: Option<&'static str>,
    pub range: Option<u32>,
    pub seen: Option<Seen>,
    pub in_arc: Option<bool>,
    pub in_range: Option<bool>,
    pub shield_arc: Option<Option<Arc>>,
    pub to_hit: Option<Option<u8>>,
    pub roll: Option<Option<u8>>,
    /// Terrain's change to the roll (17.5, 18.1), when not 0.
    pub modifier: i32,
    pub damage: Option<Option<u8>>,
    pub launched: Option<usize>,
    /// At a squadron: the fighter hit (0-based).
    pub fighter: Option<usize>,
    /// A Wave Motion Gun's target pushed into this hex.
    pub pushed_to: Option<Hex>,
    /// Fusion Cannon: every ship in the cone, its range, damage and shield hit.
    pub cone: Option<Vec<ConeHit>>,
}

impl ShotResult<'_> {
    pub fn to_json(&self, sc: &Scenario) -> Value {
        if !self.made {
            return Value::Null;
        }
        let id = |i: usize| sc.ships.get(i).map_or("", |s| s.id.as_str());
        let target = match self.target {
            Some(Target::Ship(i)) => id(i),
            Some(Target::Missile(m)) => sc.missiles.get(m).map_or("", |d| d.id.as_str()),
            None => "",
        };
        let mut json = json!({
            "attacker": id(self.attacker),
            "group": self.group + 1,
            "weapon": self.weapon,
            "target": target,
            "allowed": self.allowed,
        });
        let mut put = |key: &str, value: Option<Value>| {
            if let Some(value) = value {
                json[key] = value;
            }
        };
        put("reason", self.reason.map(|r| json!(r)));
        put("range", self.range.map(|r| json!(r)));
        put("arc", self.seen.map(|s| json!(s.describe())));
        put("in_arc", self.in_arc.map(|v| json!(v)));
        put("in_range", self.in_range.map(|v| json!(v)));
        put(
            "shield_arc",
            self.shield_arc.map(|s| json!(s.map(Arc::as_str))),
        );
        put("to_hit", self.to_hit.map(|v| json!(v)));
        put("roll", self.roll.map(|v| json!(v)));
        put(
            "roll_modifier",
            (self.modifier != 0).then(|| json!(self.modifier)),
        );
        put("damage", self.damage.map(|v| json!(v)));
        put("fighter", self.fighter.map(|f| json!(f + 1)));
        put(
            "pushed_to",
            self.pushed_to.map(|h| json!(super::board_json::label(h))),
        );
        if let Some(m) = self.launched {
            put("launched", Some(json!(true)));
            put("missile", sc.missiles.get(m).map(|d| json!(d.id)));
        }
        if let Some(cone) = &self.cone {
            let hits: Vec<Value> = cone
                .iter()
                .map(|(i, range, damage, shield)| match shield {
                    Some(arc) => json!({ "ship": id(*i), "range": range, "damage": damage, "shield_arc": arc.as_str() }),
                    None => json!({ "ship": id(*i), "range": range, "damage": damage }),
                })
                .collect();
            put("cone", Some(json!(hits)));
        }
        json
    }
}

/// A shot whose weapon and ships the data resolve: who fires what from where.
pub struct Aim<'a> {
    pub sc: &'a Scenario<'a>,
    pub shot: &'a ShotDef,
    pub attacker: &'a ShipDef<'a>,
    /// The target's name (a ship's or a missile's id).
    pub target_id: &'a str,
    pub group: &'a WeaponGroup,
    pub weapon: &'a Weapon,
    pub from: Hex,
    pub heading: Heading,
    /// The unit that fires: 0, or the fighter of a squadron.
    pub unit: usize,
}

impl<'a> Aim<'a> {
    /// `None` when the scenario's data cannot make the shot: an attacker without a class
    /// or a position, a group or weapon its class does not have.
    pub fn new(
        sc: &'a Scenario<'a>,
        cards: &'a TalonCards,
        fleet: &Fleet<'_>,
        shot: &'a ShotDef,
    ) -> Option<Self> {
        let attacker = &sc.ships[shot.attacker];
        let (from, heading) = fleet.at[shot.attacker];
        let (Some(class), Some(from), Some(heading)) = (attacker.class, from, heading) else {
            return None;
        };
        let group = class.weapon_group.get(shot.group)?;
        let weapon = cards.weapon(&group.weapon)?;
        let target_id = match shot.target {
            Target::Ship(i) => sc.ships.get(i)?.id.as_str(),
            Target::Missile(m) => sc.missiles.get(m)?.id.as_str(),
        };
        let mut aim = Aim {
            sc,
            shot,
            attacker,
            target_id,
            group,
            weapon: &weapon.value,
            from,
            heading,
            unit: 0,
        };
        aim.unit = aim.firing_unit(fleet);
        Some(aim)
    }

    /// A squadron fires fighter by fighter (12.1.2: its fighters fly on after losses): one
    /// still flying whose volley is open this impulse, else one whose bar is full.
    fn firing_unit(&self, fleet: &Fleet<'_>) -> usize {
        let state = &fleet.state[self.shot.attacker];
        if state.fighters.is_empty() {
            return 0;
        }
        let hull = fleet.hull_boxes(self.shot.attacker);
        let g = self.shot.group;
        let living: Vec<usize> = state.living_fighters(hull).collect();
        let open = living.iter().copied().find(|&u| {
            state.volleys[u][g].impulse == Some(fleet.impulse)
                && state.volleys[u][g].fired > 0
                && state.volleys[u][g].fired < self.group.count
        });
        let full = living
            .iter()
            .copied()
            .find(|&u| state.bars[u][g] == [self.group.red, self.group.yellow]);
        open.or(full).or(living.first().copied()).unwrap_or(0)
    }

    pub fn target_ship(&self) -> Option<usize> {
        self.shot.target.ship()
    }

    /// The trace's event for every step of the shot.
    pub fn event(&self) -> String {
        format!(
            "{} fires {} (group {}) at {}",
            self.attacker.id,
            self.weapon.name,
            self.shot.group + 1,
            self.target_id
        )
    }

    /// Where the target is seen from the firer, and what the group and weapon reach.
    pub fn sight(&self, seen: Seen, range: u32) -> String {
        let arcs: Vec<&str> = self.group.arcs.iter().map(|a| a.as_str()).collect();
        format!(
            "{} is in {}'s {} arc at range {range}; the group fires {}, the {} reaches {}–{}.",
            self.target_id,
            self.attacker.id,
            seen.describe(),
            arcs.join("/"),
            self.weapon.name,
            self.weapon.min_range,
            self.weapon.max_range
        )
    }

    /// Where the target is now.
    pub fn target_hex(&self, fleet: &Fleet<'_>) -> Option<Hex> {
        match self.shot.target {
            Target::Ship(i) => fleet.at[i].0,
            Target::Missile(m) => fleet.missiles[m].hex,
        }
    }

    fn target_in_play(&self, fleet: &Fleet<'_>) -> bool {
        match self.shot.target {
            Target::Ship(i) => fleet.state[i].in_play(),
            Target::Missile(m) => fleet.missiles[m].status == MissileStatus::Flying,
        }
    }

    /// A ship out of play (or a missile not flying): a shot by it or at it contradicts the
    /// scenario.
    pub fn refuse_destroyed(&self, fleet: &Fleet<'_>) -> Result<(), Stop> {
        if !fleet.state[self.shot.attacker].in_play() || !self.target_in_play(fleet) {
            return Err(Finding::error(
                Code::ScenarioContradiction,
                "this shot involves a ship out of play (destroyed or gone) or a missile not in flight",
            )
            .at(self.sc.file, self.shot.span.clone())
            .label("out of play before this shot")
            .help("a destroyed ship is removed from play (Talon rulebook 8.6.1): remove the shot")
            .into());
        }
        Ok(())
    }

    /// Each weapon of a group fires once a volley: one shot more is an illegal choice.
    pub fn refuse_spent_group(&self, fleet: &Fleet<'_>) -> Result<(), Stop> {
        let volley = fleet.state[self.shot.attacker].volleys[self.unit][self.shot.group];
        if volley.impulse == Some(fleet.impulse) && volley.fired >= self.group.count {
            return Err(Finding::error(
                Code::ScenarioIllegalChoice,
                format!(
                    "group {} of `{}` has {} weapon(s), and all have fired",
                    self.shot.group + 1,
                    self.attacker.id,
                    self.group.count
                ),
            )
            .at(self.sc.file, self.shot.span.clone())
            .label("one shot too many")
            .help("each weapon of a group fires once, then the bar must be charged again (Talon rulebook 8.1.1)")
            .into());
        }
        Ok(())
    }

    /// Whether this shot opens a volley (the bar is full) or continues one (the group's other
    /// weapons, fired with the first): `None` when the group cannot fire.
    fn ready(&self, fleet: &Fleet<'_>) -> Option<bool> {
        let state = &fleet.state[self.shot.attacker];
        let volley = state.volleys[self.unit][self.shot.group];
        if volley.impulse == Some(fleet.impulse) && volley.fired > 0 {
            return Some(false);
        }
        (state.bars[self.unit][self.shot.group] == [self.group.red, self.group.yellow])
            .then_some(true)
    }

    /// Whether the group may fire at the target (charged, not a friend, in another hex, in
    /// its arcs and range, not behind a planet): where the target is seen, its range, the
    /// ruler's sight and whether the shot opens a volley; else the reason in `result`.
    pub fn may_fire(
        &self,
        fleet: &Fleet<'_>,
        steps: &mut Steps,
        result: &mut ShotResult<'a>,
    ) -> Result<Option<(Seen, u32, Sight, bool)>, Stop> {
        let Some(opens) = self.ready(fleet) else {
            step!(
                steps,
                rules::CHARGE_BAR,
                self.event(),
                "Its charge bar is not full, so the group cannot fire."
            )?;
            result.reason = Some("not charged");
            return Ok(None);
        };
        let missile_weapon = self.weapon.kind() == WeaponKind::Missile;
        let friendly = match self.shot.target {
            Target::Ship(i) => {
                self.attacker.side.is_some() && self.attacker.side == self.sc.ships[i].side
            }
            Target::Missile(m) => {
                self.attacker.side.is_some() && self.attacker.side == self.sc.missiles[m].side
            }
        };
        let refusal: Option<(&'static str, &str, crate::adjudicate::Cite)> = if friendly {
            Some((
                "friendly target",
                "The target is friendly: no weapon may fire at one's own on purpose.",
                rules::TARGET_RESTRICTIONS,
            ))
        } else if missile_weapon && matches!(self.shot.target, Target::Missile(_)) {
            Some((
                "missile at a missile",
                "Missiles may be aimed at ships or fighters, never at other missiles.",
                rules::MISSILE_LAUNCH,
            ))
        } else {
            None
        };
        if let Some((reason, text, rule)) = refusal {
            step!(steps, rule, self.event(), text)?;
            result.reason = Some(reason);
            return Ok(None);
        }
        let Some(to) = self.target_hex(fleet) else {
            result.made = false;
            return Ok(None);
        };
        let range = self.from.distance(to);
        result.range = Some(range);
        let Some(seen) = arc_of(self.from, self.heading, to) else {
            step!(
                steps,
                rules::TARGET_RESTRICTIONS,
                self.event(),
                "Both are in the same hex: no shot between ships or missiles in one hex."
            )?;
            result.reason = Some("same hex");
            return Ok(None);
        };
        let in_arc = self.group.arcs.iter().any(|a| seen.contains(*a));
        let in_range = self.weapon.in_range(range);
        result.seen = Some(seen);
        result.in_arc = Some(in_arc);
        result.in_range = Some(in_range);
        if !in_arc || !in_range {
            let why = if !in_arc {
                "not in the group's arcs"
            } else {
                "out of range"
            };
            step!(
                steps,
                rules::FIRING_ARCS,
                self.event(),
                format!("{} It cannot fire: {why}.", self.sight(seen, range))
            )?;
            result.reason = Some(why);
            return Ok(None);
        }
        let sight = fleet.sight(self.from, to);
        if let Some((kind, hex)) = sight.blocked_by {
            step!(
                steps,
                rules::PLANET_BLOCKING,
                self.event(),
                format!(
                    "{} The ruler from centre to centre passes through the {} in {}: the shot is blocked{}.",
                    self.sight(seen, range),
                    kind.as_str(),
                    hex.display(),
                    if missile_weapon {
                        " and no missile may be launched"
                    } else {
                        ""
                    }
                )
            )?;
            result.reason = Some("blocked");
            return Ok(None);
        }
        Ok(Some((seen, range, sight, opens)))
    }

    /// The shot is fired; the first of a volley clears the charge bar. A target on an arc
    /// edge counts as in the arc, a choice the trace says.
    pub fn announce(
        &self,
        fleet: &mut Fleet<'_>,
        steps: &mut Steps,
        seen: Seen,
        range: u32,
        opens: bool,
    ) -> Result<(), Stop> {
        let state = &mut fleet.state[self.shot.attacker];
        let volley = &mut state.volleys[self.unit][self.shot.group];
        if opens {
            state.bars[self.unit][self.shot.group] = [0, 0];
            *volley = super::board::Volley {
                impulse: Some(fleet.impulse),
                fired: 1,
            };
        } else {
            volley.fired += 1;
        }
        let bar = if opens {
            " Its charge bar is cleared."
        } else {
            ""
        };
        let by = if state.fighters.is_empty() {
            String::new()
        } else {
            format!(" Fighter {} fires.", self.unit + 1)
        };
        if matches!(seen, Seen::Edge(..)) {
            choice!(
                steps,
                rules::FIRING_ARCS,
                self.event(),
                format!(
                    "{} The target is on an arc edge; it counts as in the group's arc.{bar}{by}",
                    self.sight(seen, range)
                )
            )?;
        } else {
            step!(
                steps,
                rules::FIRING,
                self.event(),
                format!("{}{bar}{by}", self.sight(seen, range))
            )?;
        }
        Ok(())
    }
}
