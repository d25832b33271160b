//! Carriers and bases powering fighters (Talon rulebook 12.2): squadrons make no power of
//! their own; a friendly carrier or base that gains a point may spend it on one squadron
//! instead — a yellow box of one fighter's bar, the squadron's turn radius marker one hex
//! nearer, or a sideslip marker — one point a squadron an impulse, within six hexes, the
//! squadron not in asteroids or a nebula, and no planet, asteroid or nebula between them
//! (12.2.3, 17.2.2, 17.5).

use super::round::Round;
use super::{Steps, Stop, choice, rules};
use crate::adjudicate::Cite;
use crate::parse::scenario::talon::{FighterUse, SpendDef, TerrainKind};

impl<'a> Round<'a> {
    pub(super) fn power_fighters(
        &mut self,
        spend: &SpendDef,
        steps: &mut Steps,
    ) -> Result<(String, Cite), Stop> {
        let (Some(squadron), Some(how)) = (spend.fighter, spend.fighter_use) else {
            return Ok(("nothing".into(), rules::FIGHTER_POWER));
        };
        self.check_fighter_power(spend, squadron)?;
        self.powered
            .push((self.fleet.impulse.unwrap_or(0), squadron));
        let name = self.sc.ships[squadron].id.clone();
        let what = match how {
            FighterUse::Sideslip => {
                self.sideslip[squadron] = true;
                format!("a sideslip marker for squadron {name}")
            }
            FighterUse::Turn => {
                let marker = self.turn_marker[squadron];
                if marker == 0 {
                    return Err(self.refuse(spend, format!("squadron `{name}` has no turn radius marker to bring nearer"), "power brings a turn radius marker one hex nearer (Talon rulebook 6.1, 12.2.2)"));
                }
                self.turn_marker[squadron] = marker - 1;
                format!(
                    "squadron {name}'s turn radius marker one hex nearer ({marker} → {})",
                    marker - 1
                )
            }
            FighterUse::Charge => {
                let unit = self.fighter_to_charge(spend, squadron, steps)?;
                format!(
                    "squadron {name}, fighter {}: {}",
                    unit + 1,
                    self.charge_yellow(spend, squadron, unit)?
                )
            }
        };
        Ok((what, rules::FIGHTER_POWER))
    }

    /// Talon rulebook 12.2.2–12.2.3: who may send power, and where it reaches.
    fn check_fighter_power(&self, spend: &SpendDef, squadron: usize) -> Result<(), Stop> {
        let giver = &self.sc.ships[spend.ship];
        let taker = &self.sc.ships[squadron];
        let fleet = &self.fleet;
        let (from, to) = (fleet.at[spend.ship].0, fleet.at[squadron].0);
        let range = u32::from(fleet.numbers.fighter_power_range);
        let impulse = fleet.impulse.unwrap_or(0);
        let why = if !giver.class.is_some_and(|c| c.is_carrier() || c.is_base()) {
            Some(format!("`{}` is neither a carrier nor a base", giver.id))
        } else if !taker.class.is_some_and(|c| c.is_fighter()) || taker.side != giver.side {
            Some(format!("`{}` is no friendly fighter squadron", taker.id))
        } else if !fleet.state[squadron].in_play() {
            Some(format!("squadron `{}` is out of play", taker.id))
        } else if self.powered.contains(&(impulse, squadron)) {
            Some(format!(
                "squadron `{}` has had its one point of power this impulse",
                taker.id
            ))
        } else if let (Some(from), Some(to)) = (from, to) {
            if from.distance(to) > range {
                Some(format!(
                    "squadron `{}` is {} hexes away, more than {range}",
                    taker.id,
                    from.distance(to)
                ))
            } else if fleet.has_terrain(to, TerrainKind::Asteroid)
                || fleet.has_terrain(to, TerrainKind::Nebula)
            {
                Some(format!(
                    "squadron `{}` is in asteroids or a nebula",
                    taker.id
                ))
            } else {
                fleet.power_blocked(from, to).map(|(kind, hex)| {
                    format!(
                        "the {} in {} lies between them",
                        kind.as_str(),
                        hex.display()
                    )
                })
            }
        } else {
            None
        };
        match why {
            Some(why) => Err(self.refuse(
                spend,
                format!("`{}` cannot send power to `{}`: {why}", giver.id, taker.id),
                "a friendly carrier or base spends its point on a squadron within six hexes, not in asteroids or a nebula, with no planet, asteroid or nebula between, one point a squadron an impulse (Talon rulebook 12.2.2, 12.2.3, 17.2.2, 17.5)",
            )),
            None => Ok(()),
        }
    }

    /// The fighter whose yellow box is charged: one of the counter's (12.2.2), the first
    /// flying with a box to charge; when the fighters' bars differ the owner picks, which the
    /// trace says.
    fn fighter_to_charge(
        &self,
        spend: &SpendDef,
        squadron: usize,
        steps: &mut Steps,
    ) -> Result<usize, Stop> {
        let g = spend.group.unwrap_or(0);
        let hull = self.fleet.hull_boxes(squadron);
        let state = &self.fleet.state[squadron];
        let yellow = self.sc.ships[squadron]
            .class
            .and_then(|c| c.weapon_group.get(g))
            .map_or(0, |gr| gr.yellow);
        let open: Vec<usize> = state
            .living_fighters(hull)
            .filter(|&u| {
                state
                    .bars
                    .get(u)
                    .and_then(|b| b.get(g))
                    .is_some_and(|b| b[1] < yellow)
            })
            .collect();
        let first = open.first().copied().unwrap_or(0);
        if open
            .iter()
            .any(|u| state.bars[*u][g] != state.bars[first][g])
        {
            choice!(
                steps,
                rules::FIGHTER_POWER,
                format!("{}: which fighter", self.sc.ships[squadron].id),
                format!(
                    "One fighter of the counter charges a yellow box; their bars differ and the owner picks: fighter {} is taken.",
                    first + 1
                )
            )?;
        }
        Ok(first)
    }
}
