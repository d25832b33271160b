//! Critical repair (Talon rulebook 8.7): at the end of its owner's turn, each repairable
//! critical marker of a ship the scenario lists in `[[repair]]` for that impulse is rolled
//! for, one d6 each; a 6 repairs it and the marker is removed. A marker placed in this very
//! impulse cannot be tried yet.

use super::board::Marker;
use super::round::{RepairTry, Round};
use super::{Steps, Stop, rules, step};
use crate::cards::talon::Side;
use crate::parse::scenario::talon::LETTERS;

impl<'a> Round<'a> {
    pub(super) fn repair(
        &mut self,
        impulse: usize,
        side: Side,
        steps: &mut Steps,
    ) -> Result<(), Stop> {
        let sc = self.sc;
        for attempt in sc.repairs.iter().filter(|r| r.impulse == impulse) {
            let ship = attempt.ship;
            if sc.ships[ship].side != Some(side) || !self.fleet.state[ship].in_play() {
                continue;
            }
            let markers = self.fleet.state[ship].markers.clone();
            let (ready, fresh): (Vec<Marker>, Vec<Marker>) =
                markers.into_iter().partition(|m| m.placed != Some(impulse));
            if ready.is_empty() {
                step!(
                    steps,
                    rules::REPAIR,
                    format!("{}: repair", sc.ships[ship].id),
                    if fresh.is_empty() {
                        "It has no repairable critical damage marker: nothing to try.".to_string()
                    } else {
                        format!(
                            "Its marker was placed in this impulse ({}); it can be tried from the end of the next turn.",
                            LETTERS[impulse]
                        )
                    }
                )?;
                continue;
            }
            for marker in ready {
                self.try_repair(ship, impulse, marker, steps)?;
            }
        }
        Ok(())
    }

    fn try_repair(
        &mut self,
        ship: usize,
        impulse: usize,
        marker: Marker,
        steps: &mut Steps,
    ) -> Result<(), Stop> {
        let roll = self.fleet.dice.roll("a repair")?;
        let needed = self.fleet.numbers.repair_roll;
        let repaired = roll == needed;
        if repaired {
            self.fleet.state[ship].markers.retain(|m| *m != marker);
        }
        self.repairs.push(RepairTry {
            ship,
            impulse,
            marker: marker.kind,
            roll,
            repaired,
        });
        step!(
            steps,
            rules::REPAIR,
            format!(
                "{}: repair {}",
                self.sc.ships[ship].id,
                marker.kind.as_str()
            ),
            if repaired {
                format!(
                    "Rolled {roll}: repaired, the marker is removed ({}).",
                    after_repair(marker.kind)
                )
            } else {
                format!("Rolled {roll}, {needed} needed: not repaired.")
            }
        )?;
        Ok(())
    }
}

fn after_repair(kind: super::board::CriticalMarker) -> &'static str {
    match kind {
        super::board::CriticalMarker::ShieldsDown => "its shields work again",
        super::board::CriticalMarker::HelmDown => "it may turn again",
        super::board::CriticalMarker::PowerLoss => {
            "it may change its curve and charge weapons again"
        }
    }
}
