//! The critical damage table (Talon rulebook 8.5): two dice, the result applied at once. The
//! repairable results leave a marker with the impulse it was placed in (8.7).

use super::board::{CriticalMarker, Fleet, Marker};
use super::{Steps, Stop, rules, step};

impl Fleet<'_> {
    /// Roll on the table; returns extra hull boxes to cross.
    pub fn critical(
        &mut self,
        steps: &mut Steps,
        ship: usize,
        exploding: &mut Vec<usize>,
    ) -> Result<u32, Stop> {
        let id = self.id(ship);
        let a = self.dice.roll("critical damage")?;
        let b = self.dice.roll("critical damage")?;
        let roll = a + b;
        let Some(result) = self.cards.critical(roll) else {
            return Ok(0);
        };
        let base = self.class(ship).is_some_and(|c| c.is_base());
        let placed = self.impulse;
        let s = &mut self.state[ship];
        let mut extra = 0;
        let mark = |s: &mut super::board::ShipState<'_>, kind: CriticalMarker, text: &str| {
            if s.has(kind) {
                format!(
                    "The ship already has a {} marker: nothing happens (8.5 example).",
                    kind.as_str()
                )
            } else {
                s.markers.push(Marker { kind, placed });
                text.to_string()
            }
        };
        let effect = if base && result.bases_unaffected {
            "Bases take no damage from this result.".to_string()
        } else if result.destroys_ship {
            s.destroyed = true;
            exploding.push(ship);
            format!("{id} is destroyed.")
        } else if let Some(hull) = result.hull_damage {
            extra = u32::from(hull);
            let ftl = if result.ftl_offline {
                s.ftl_offline = true;
                " Its FTL drive is offline: it cannot jump to FTL (11.1.2)."
            } else {
                ""
            };
            format!(
                "{hull} more hull box{} crossed.{ftl}",
                if hull == 1 { "" } else { "es" }
            )
        } else if result.shields_down {
            mark(
                s,
                CriticalMarker::ShieldsDown,
                "Every shield arc counts as down until repaired.",
            )
        } else if let Some(turn) = result.turn_radius {
            s.turn_penalty += turn;
            format!(
                "Turn radius +{turn}: every turn radius marker it places is {turn} hex(es) farther."
            )
        } else if let Some(power) = result.power {
            s.power_relay += 1;
            format!("Power {power}.")
        } else if result.power_loss {
            mark(
                s,
                CriticalMarker::PowerLoss,
                "Power Loss marker: no curve change and no weapon charging until repaired (9.3).",
            )
        } else if result.helm_down {
            mark(
                s,
                CriticalMarker::HelmDown,
                "Helm Down marker: the table names the result only; arbiter reads a helm that is down as no turn until repaired (straight moves and sideslips go on).",
            )
        } else if result.destroys_weapon_group {
            "One of its weapon groups, picked at random, is destroyed.".to_string()
        } else {
            "No further effect.".to_string()
        };
        let ignored = base && result.bases_unaffected;
        if !ignored && result.roll != 7 {
            s.criticals.push(&result.name);
        }
        step!(
            steps,
            rules::CRITICAL_TABLE,
            format!("{id}: critical damage roll {a} + {b} = {roll}"),
            format!("{}. {effect}", result.name)
        )?;
        Ok(extra)
    }
}
