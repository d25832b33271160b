//! Power spent in an impulse (Talon rulebook 6.1): one point a ship an impulse, from its
//! curve or, in an impulse without one, from a charged battery (10.1.2). It buys one of: a
//! sideslip marker (7.3.2), a turn radius marker brought nearer, a yellow box charged (8.1.2),
//! the battery charged (10.1.3), a shield reinforcement (6.2), a Change or Defend initiative
//! marker (4.2), power sent to a squadron by its carrier (12.2.2) or a missile sent after a
//! new target (13.7). Reinforcements expire in the owner's turn of the impulse whose letter
//! they carry, one round on (6.2.3).

use super::impulse::gains_power;
use super::round::{Markers, Round};
use super::{Steps, Stop, rules, step};
use crate::adjudicate::Cite;
use crate::cards::talon::{Arc, Impulse, Side};
use crate::parse::scenario::talon::{LETTERS, SpendDef, SpendOn};
use crate::report::{Code, Finding};

impl<'a> Round<'a> {
    /// Talon rulebook 6.1: each ship that gains power this impulse may spend it on one thing.
    pub(super) fn spend(
        &mut self,
        impulse: usize,
        side: Side,
        chart: &Impulse,
        markers: &mut Markers,
        steps: &mut Steps,
    ) -> Result<(), Stop> {
        let sc = self.sc;
        let mut spent: Vec<usize> = Vec::new();
        for spend in sc.spends.iter().filter(|s| s.impulse == impulse) {
            let def = &sc.ships[spend.ship];
            if def.side != Some(side) {
                continue;
            }
            if !self.fleet.state[spend.ship].in_play() {
                step!(
                    steps,
                    rules::DESTRUCTION,
                    format!("{} spends power", def.id),
                    "It is out of play (destroyed or gone): nothing is spent."
                )?;
                continue;
            }
            let gains = def.curve.is_some_and(|c| gains_power(chart, c));
            if spent.contains(&spend.ship) {
                return Err(self.refuse(spend, format!("`{}` spends power twice in impulse {}", def.id, LETTERS[impulse]), "a ship spends at most one point of power in an impulse (Talon rulebook 5.1, 10.1.2)"));
            }
            let source = if gains {
                "Its point of power"
            } else if self.fleet.state[spend.ship].battery {
                self.fleet.state[spend.ship].battery = false;
                step!(
                    steps,
                    rules::BATTERY_WHEN,
                    format!("{} uses its battery", def.id),
                    format!(
                        "It gains no power in impulse {}, so its charged battery gives one; the battery is wiped.",
                        LETTERS[impulse]
                    )
                )?;
                "The battery's point of power"
            } else {
                let power = def.curve.map_or(0, |c| c.power);
                return Err(self.refuse(
                    spend,
                    format!("`{}` gains no power in impulse {} (its power is {power}) and has no charged battery", def.id, LETTERS[impulse]),
                    "a ship gets one point of power in each impulse whose box holds its power, and spends it there; a charged battery gives one in an impulse without (Talon rulebook 4.1, 6.1, 10.1.2)",
                ));
            };
            spent.push(spend.ship);
            let (what, rule) = self.spend_on(spend, markers, steps)?;
            step!(
                steps,
                rule,
                format!("{} spends power", def.id),
                format!("{source} of impulse {} buys {what}.", LETTERS[impulse])
            )?;
        }
        Ok(())
    }

    /// What one point of power buys, applied; its words and section.
    fn spend_on(
        &mut self,
        spend: &SpendDef,
        markers: &mut Markers,
        steps: &mut Steps,
    ) -> Result<(String, Cite), Stop> {
        let ship = spend.ship;
        let side = self.sc.ships[ship].side;
        Ok(match spend.on {
            SpendOn::Sideslip => {
                self.sideslip[ship] = true;
                (
                    "a sideslip marker: its next move may be a sideslip".into(),
                    rules::SIDESLIP_MARKER,
                )
            }
            SpendOn::Change => {
                markers.change[usize::from(side == Some(Side::Talon))] += 1;
                ("a Change Initiative marker".into(), rules::POWER_SPENT)
            }
            SpendOn::Defend => {
                markers.defend += 1;
                ("a Defend Initiative marker".into(), rules::POWER_SPENT)
            }
            SpendOn::Turn => {
                let marker = self.turn_marker[ship];
                if marker == 0 {
                    return Err(self.refuse(spend, format!("`{}` has no turn radius marker to bring nearer", self.sc.ships[ship].id), "power brings a turn radius marker one hex nearer (Talon rulebook 6.1); with none the ship may already turn"));
                }
                self.turn_marker[ship] = marker - 1;
                (
                    if marker == 1 {
                        "its turn radius marker, one hex away, removed: it may turn at its next move".to_string()
                    } else {
                        format!(
                            "its turn radius marker one hex nearer ({marker} → {})",
                            marker - 1
                        )
                    },
                    rules::POWER_SPENT,
                )
            }
            SpendOn::Charge => (self.charge_yellow(spend, ship, 0)?, rules::CHARGE_BAR),
            SpendOn::Battery => (self.charge_battery(spend)?, rules::BATTERY_RECHARGE),
            SpendOn::Reinforce => self.reinforce(spend)?,
            SpendOn::Fighter => self.power_fighters(spend, steps)?,
            SpendOn::Retarget => {
                self.fleet.retarget(steps, spend)?;
                ("a missile's new target".into(), rules::MISSILE_RETARGET)
            }
        })
    }

    /// Talon rulebook 6.1, 8.1.2: one yellow box of a group's bar (of fighter `unit` of a
    /// squadron), even with red boxes left; a Power Loss marker stops it (9.3).
    pub(super) fn charge_yellow(
        &mut self,
        spend: &SpendDef,
        ship: usize,
        unit: usize,
    ) -> Result<String, Stop> {
        let Some(g) = spend.group else {
            return Ok("nothing (no weapon group)".into());
        };
        let Some(group) = self.sc.ships[ship]
            .class
            .and_then(|c| c.weapon_group.get(g))
        else {
            return Ok("nothing (no weapon group)".into());
        };
        let id = &self.sc.ships[ship].id;
        if self.fleet.state[ship].power_loss() {
            return Err(self.refuse(
                spend,
                format!("`{id}` has a Power Loss marker: it charges no weapon"),
                "Power Loss stops weapon charging until repaired (Talon rulebook 9.3, 8.7)",
            ));
        }
        let Some(bar) = self.fleet.state[ship]
            .bars
            .get_mut(unit)
            .and_then(|b| b.get_mut(g))
        else {
            return Ok("nothing".into());
        };
        if bar[1] >= group.yellow {
            return Err(self.refuse(spend, format!("group {} of `{id}` has no yellow box left to charge", g + 1), "active charging crosses one yellow box of a bar that has one left (Talon rulebook 6.1, 8.1.2)"));
        }
        bar[1] += 1;
        let full = *bar == [group.red, group.yellow];
        Ok(format!(
            "one yellow box of group {} ({}) charged actively: {}/{} yellow, {}/{} red{}",
            g + 1,
            group.weapon,
            bar[1],
            group.yellow,
            bar[0],
            group.red,
            if full {
                "; the bar is full and the group can fire"
            } else {
                ""
            }
        ))
    }

    /// Talon rulebook 10.1.3: a battery is charged with a point of power, if empty.
    fn charge_battery(&mut self, spend: &SpendDef) -> Result<String, Stop> {
        let def = &self.sc.ships[spend.ship];
        if def.class.is_none_or(|c| c.batteries == 0) {
            return Err(self.refuse(spend, format!("`{}` has no battery", def.id), "only ships with a battery icon have one, most of them Terran (Talon rulebook 10.1.1)"));
        }
        if self.fleet.state[spend.ship].battery {
            return Err(self.refuse(spend, format!("the battery of `{}` is charged already", def.id), "a battery is charged when it is empty, then used once (Talon rulebook 6.1, 10.1.3)"));
        }
        self.fleet.state[spend.ship].battery = true;
        Ok("its battery charged: it gives one point in a later impulse without power".into())
    }

    /// Talon rulebook 6.2.2: at most one reinforcement an arc, none on an arc that is down, and no
    /// more in all than half the ship's power (at least 1). `remove` takes one off first
    /// (6.2.3).
    fn reinforce(&mut self, spend: &SpendDef) -> Result<(String, Cite), Stop> {
        let Some(arc) = spend.arc else {
            return Ok(("nothing".into(), rules::REINFORCE));
        };
        let ship = spend.ship;
        let id = self.sc.ships[ship].id.clone();
        let impulse = self.fleet.impulse;
        let mut removed = String::new();
        if let Some(off) = spend.remove {
            if self.fleet.state[ship].reinforced[off.index()]
                .take()
                .is_none()
            {
                return Err(self.refuse(
                    spend,
                    format!(
                        "`{id}` has no reinforcement on its {} arc to remove",
                        off.as_str()
                    ),
                    "name an arc that carries a reinforcement marker (Talon rulebook 6.2.3)",
                ));
            }
            removed = format!(" (its {} reinforcement removed first)", off.as_str());
        }
        let power = self.sc.ships[ship].curve.map_or(0, |c| c.power);
        let limit = usize::from((power / 2).max(1));
        let state = &self.fleet.state[ship];
        let count = state.reinforced.iter().filter(|r| r.is_some()).count();
        let why = if state.reinforced[arc.index()].is_some() {
            Some(format!("its {} arc is reinforced already", arc.as_str()))
        } else if self.fleet.shields_off(ship) || state.shields[arc.index()] == 0 {
            Some(format!(
                "its {} arc is down (destroyed, a critical, or a nebula)",
                arc.as_str()
            ))
        } else if count >= limit {
            Some(format!(
                "it has {count} reinforcement(s), as many as half its power {power} allows ({limit})"
            ))
        } else {
            None
        };
        if let Some(why) = why {
            return Err(self.refuse(spend, format!("`{id}` cannot reinforce its {} arc: {why}", arc.as_str()), "one reinforcement an arc, none on an arc that is down, and no more than half the ship's power, at least 1 (Talon rulebook 6.2.2); remove one first with `remove` (6.2.3)"));
        }
        self.fleet.state[ship].reinforced[arc.index()] = Some(impulse);
        let letter = impulse.and_then(|i| LETTERS.get(i)).copied().unwrap_or("?");
        Ok((
            format!(
                "a shield reinforcement marker \"{letter}\" on its {} arc{removed}; it takes the arc's next point of damage, and expires in its owner's impulse {letter} of the next round",
                arc.as_str()
            ),
            rules::REINFORCE_LIMITS,
        ))
    }

    /// Talon rulebook 6.2.3, 3.2: at the start of its turn, the side's markers of this letter
    /// placed a round ago are removed.
    pub(super) fn expire_reinforcements(
        &mut self,
        impulse: usize,
        side: Side,
        steps: &mut Steps,
    ) -> Result<(), Stop> {
        if impulse >= 8 || self.expiring & (1 << impulse) == 0 {
            return Ok(());
        }
        for ship in 0..self.sc.ships.len() {
            if self.sc.ships[ship].side != Some(side) || !self.fleet.state[ship].in_play() {
                continue;
            }
            for arc in Arc::ALL {
                let placed = self.sc.ships[ship].reinforced_in[arc.index()];
                let slot = &mut self.fleet.state[ship].reinforced[arc.index()];
                // Only the markers the scenario starts with can be a round old.
                if placed == Some(impulse)
                    && *slot == Some(Some(impulse))
                    && self.sc.ships[ship].reinforced[arc.index()]
                {
                    *slot = None;
                    step!(
                        steps,
                        rules::REINFORCE_EXPIRY,
                        format!("{}: reinforcement expires", self.sc.ships[ship].id),
                        format!(
                            "Its {} marker carries the letter {}, placed a round ago: it is removed at the start of its owner's turn.",
                            arc.as_str(),
                            LETTERS[impulse]
                        )
                    )?;
                }
            }
        }
        Ok(())
    }

    pub(super) fn refuse(&self, spend: &SpendDef, why: String, help: &str) -> Stop {
        Finding::error(Code::ScenarioIllegalChoice, why)
            .at(self.sc.file, spend.span.clone())
            .label("not allowed here")
            .help(help.to_string())
            .into()
    }
}
