//! Docking and landing (Talon rulebook 16): a ship whose plan names a host docks when its
//! move enters the host's hex, and leaves play, with no collision. Squadrons dock on a
//! friendly carrier or base at any speed; other docking at a base, and landing on a planet,
//! need the scenario's rules (16.1), and a transport docks or lands only at speed 1 (16.2).
//! Transports never dock on carriers (16.3, printed 13.6).

use super::board::Gone;
use super::round::Round;
use super::{Steps, Stop, rules, step};
use crate::parse::scenario::talon::{Hex, TerrainKind};
use crate::report::{Code, Finding};
use std::ops::Range;

/// What a ship may dock at.
enum Host {
    Ship(usize),
    Planet,
}

impl<'a> Round<'a> {
    /// Whether `ship`, moving into `to`, docks there now (and is then out of play).
    pub(super) fn dock(
        &mut self,
        ship: usize,
        to: Hex,
        span: &Range<usize>,
        steps: &mut Steps,
    ) -> Result<bool, Stop> {
        let def = &self.sc.ships[ship];
        let Some((name, dock_span)) = &def.dock else {
            return Ok(false);
        };
        let host = match self.sc.ships.iter().position(|s| &s.id == name) {
            Some(h) if self.fleet.state[h].in_play() && self.fleet.at[h].0 == Some(to) => {
                Host::Ship(h)
            }
            Some(_) => return Ok(false),
            None => match self.sc.terrain.iter().position(|t| &t.id == name) {
                Some(t)
                    if self.fleet.terrain[t].hex == to
                        && self.sc.terrain[t].kind == TerrainKind::Planet =>
                {
                    Host::Planet
                }
                Some(t) if self.fleet.terrain[t].hex == to => {
                    return Err(self.refuse_dock(
                        dock_span,
                        format!(
                            "`{name}` is a {}, not a planet",
                            self.sc.terrain[t].kind.as_str()
                        ),
                    ));
                }
                _ => return Ok(false),
            },
        };
        let class = def.class;
        let fighter = class.is_some_and(|c| c.is_fighter());
        let transport = class.is_some_and(|c| c.is_transport());
        let speed_one = def
            .curve
            .is_some_and(|c| c.speed == self.fleet.numbers.transport_dock_speed);
        let (host_name, allowed) = match host {
            Host::Ship(h) => {
                let hc = self.sc.ships[h].class;
                let friendly = self.sc.ships[h].side == def.side;
                let carrier = hc.is_some_and(|c| c.is_carrier());
                let base = hc.is_some_and(|c| c.is_base());
                let ok = if !friendly {
                    Err("it is no friendly ship")
                } else if fighter && (carrier || base) {
                    Ok(())
                } else if carrier {
                    Err("only fighter squadrons dock on a carrier; transports are too big")
                } else if !base {
                    Err("ships dock at a base (fighters also at a carrier)")
                } else if !self.sc.docking {
                    Err("docking at a base needs the scenario's rules: set `docking = true`")
                } else if transport && !speed_one {
                    Err("a transport docks at a base only at speed 1")
                } else {
                    Ok(())
                };
                (self.sc.ships[h].id.clone(), ok)
            }
            Host::Planet => {
                let ok = if !transport {
                    Err(
                        "only a landing transport lands on a planet; any other ship entering it is destroyed",
                    )
                } else if !self.sc.docking {
                    Err("landing needs the scenario's rules: set `docking = true`")
                } else if !speed_one {
                    Err("a transport lands only at speed 1")
                } else {
                    Ok(())
                };
                (name.clone(), ok)
            }
        };
        if let Err(why) = allowed {
            return Err(self.refuse_dock(
                span,
                format!("`{}` cannot dock at `{host_name}`: {why}", def.id),
            ));
        }
        let from = self.fleet.at[ship].0;
        self.fleet.at[ship].0 = Some(to);
        self.fleet.state[ship].gone = Some(Gone::Docked(host_name.clone()));
        step!(
            steps,
            rules::DOCKING_PROCEDURE,
            format!("{} docks at {host_name}", def.id),
            format!(
                "It announced it would dock and moves {} → {}, into {host_name}'s hex: it is removed from play, with no collision damage{}.",
                from.map_or("?".to_string(), Hex::display),
                to.display(),
                if fighter {
                    "; a squadron aboard retreats with its carrier if the carrier jumps, and is lost if it is destroyed"
                } else {
                    ""
                }
            )
        )?;
        Ok(true)
    }

    fn refuse_dock(&self, span: &Range<usize>, why: String) -> Stop {
        Finding::error(Code::ScenarioIllegalChoice, why)
            .at(self.sc.file, span.clone())
            .label("cannot dock here")
            .help("fighters dock on a friendly carrier or base at any speed; other docking (at a base) and landing (a transport on a planet, at speed 1) need the scenario's rules (Talon rulebook 16.1, 16.2, 17.2.1)")
            .into()
    }
}
