//! How the queue's steps name things: ships, players, abilities (with their instance),
//! statements, and the state after the last step.

use super::*;

impl Engine<'_> {
    pub(super) fn ship_name(&self, ship: usize) -> &str {
        &self.sc.ships[ship].name
    }

    pub(super) fn player_name(&self, ship: usize) -> &str {
        &self.sc.players[self.sc.ships[ship].owner].name
    }

    pub(super) fn label_of(&self, a: &AbilityDef, instance: u32) -> String {
        let ship = self.ship_name(a.ship);
        let mut label = if a.card == ship || a.part == Part::Pilot {
            format!("{} (pilot ability)", a.card)
        } else {
            format!("{} ({ship})", a.card)
        };
        if instance > 1 {
            label.push_str(&format!(" #{instance}"));
        }
        label.push_str(a.origin.mark());
        label
    }

    pub(super) fn label(&self, e: &Entry) -> String {
        self.label_of(&self.sc.abilities[e.ability], e.instance)
    }

    pub(super) fn describe(&self, stmt: &Stmt) -> String {
        let who = |w: &Who| match w {
            Who::Ship(i) => self.ship_name(*i).to_string(),
            Who::Own => "the ship".to_string(),
            Who::Chosen => "the chosen ship".to_string(),
            Who::Trigger => "the triggering ship".to_string(),
        };
        match stmt {
            Stmt::Perform {
                who: w,
                actions,
                colour,
                ..
            } => format!(
                "{} performs a {} {} action",
                who(w),
                colour.as_str(),
                actions
                    .iter()
                    .map(|a| a.as_str())
                    .collect::<Vec<_>>()
                    .join(" or ")
            ),
            Stmt::Gain { who: w, token, n } => format!(
                "{} gains {n} {} token{}",
                who(w),
                token.as_str(),
                plural(*n)
            ),
            Stmt::Remove { who: w, .. } => format!("{} removes tokens", who(w)),
            Stmt::Transfer { who: w, token, .. } => {
                format!("{} transfers a {} token", who(w), token.as_str())
            }
            Stmt::Suffer { who: w, n } => format!("{} suffers {n} damage", who(w)),
            Stmt::LoseShield { who: w, .. } => format!("{} loses shields", who(w)),
            Stmt::RecoverShield { who: w, .. } => format!("{} recovers shields", who(w)),
            Stmt::Execute {
                who: w,
                speed,
                bearing,
                colour,
                fully,
            } => format!(
                "{} {}executes a {} {speed} {bearing}",
                who(w),
                if *fully { "fully " } else { "" },
                colour.as_str()
            ),
            Stmt::Attack { who: w, target, .. } => format!("{} attacks {}", who(w), who(target)),
            Stmt::Choose { .. } => "a choice".to_string(),
            Stmt::Phase { moment, phase } => {
                format!("{} of the {} phase", moment_word(*moment), phase.as_str())
            }
            Stmt::AtRange {
                who: w,
                other,
                band,
            } => format!("{} at range {band} of {}", who(w), who(other)),
            Stmt::LeaveArc { who: w, of } => format!("{} leaves {}'s arc", who(w), who(of)),
            Stmt::Step {
                who: w,
                kind,
                colour,
            } => match (kind, colour) {
                (EventKind::Activate, _) => format!("{} activates", who(w)),
                (EventKind::Reveal, Some(c)) => {
                    format!("{} reveals a {} maneuver", who(w), c.as_str())
                }
                (EventKind::Reveal, None) => format!("{} reveals its dial", who(w)),
                _ => format!("{} engages", who(w)),
            },
        }
    }

    pub(super) fn final_state(&self) -> Vec<String> {
        let mut lines = Vec::new();
        for (i, s) in self.ships.iter().enumerate() {
            let def = &self.sc.ships[i];
            let mut parts: Vec<String> = Token::ALL
                .iter()
                .filter(|t| s.count(**t) > 0)
                .map(|t| format!("{} {}", t.as_str(), s.count(*t)))
                .collect();
            if parts.is_empty() {
                parts.push("no tokens".to_string());
            }
            if def.force > 0 || s.force > 0 {
                parts.push(format!("Force {}", s.force));
            }
            if def.shields > 0 || s.shields > 0 {
                parts.push(format!("shields {}", s.shields));
            }
            if def.hull.is_some() || s.damage > 0 {
                parts.push(format!("damage {}", s.damage));
            }
            if !s.actions.is_empty() {
                parts.push(format!(
                    "actions this round: {}",
                    s.actions
                        .iter()
                        .map(|a| a.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
            if s.removed {
                parts.push("destroyed and removed".to_string());
            }
            lines.push(format!("{}: {}", def.name, parts.join(", ")));
        }
        for (i, a) in self.sc.abilities.iter().enumerate() {
            if a.charges > 0 || self.charges[i] > 0 {
                lines.push(format!(
                    "{} ({}): {} charge{} left",
                    a.card,
                    self.ship_name(a.ship),
                    self.charges[i],
                    plural(self.charges[i])
                ));
            }
        }
        lines
    }
}
