//! An attack, step by step (ATAQUE): the target declared, attack and defense dice with
//! their modifications, results neutralised, damage dealt, then the consequences step, where
//! the abilities that apply after the attack enter the queue together: the defending
//! player's, then the attacking player's, and those granting a bonus attack after the rest.
//! The dice themselves are not modelled: the scenario states the uncancelled hits and crits.

use super::*;

/// The abilities after an attack, in the four groups of its consequences step.
#[derive(Default)]
struct Aftermath {
    defending: Triggered,
    attacking: Triggered,
    defending_bonus: Triggered,
    attacking_bonus: Triggered,
}

impl Engine<'_> {
    pub(super) fn attack(
        &mut self,
        attacker: usize,
        defender: usize,
        hits: u32,
        crits: u32,
        bonus: bool,
    ) -> Result<(), Stop> {
        let (a, d) = (
            self.ship_name(attacker).to_string(),
            self.ship_name(defender).to_string(),
        );
        let event = format!("{a} attacks {d}");
        if self.ships[attacker].removed || self.ships[defender].removed {
            let gone = if self.ships[attacker].removed { &a } else { &d };
            return self.step(
                event,
                format!("Not performed: {gone} has left the play area."),
                rules::DESTRUCTION,
                false,
            );
        }
        self.engages_though_destroyed(attacker)?;
        if bonus {
            if self.bonus_attacks[attacker] >= 1 {
                return self.step(
                    event,
                    format!("Not performed: {a} has already performed a bonus attack this round, and a ship performs at most one per round."),
                    rules::ATTACK_BONUS,
                    false,
                );
            }
            self.bonus_attacks[attacker] += 1;
        }
        // Triggers waiting from before the attack are not part of its consequences.
        let waiting = self.pending.len();
        let what = if bonus { "a bonus attack" } else { "an attack" };
        self.step(
            event,
            format!("1. Declare the target: {what}; {a} is the attacker and {d} the defender, until every ability that applies after the attack has resolved."),
            if bonus { rules::ATTACK_BONUS } else { rules::DEFENDER },
            false,
        )?;
        self.in_effect_while_attacking(attacker, defender)?;
        self.dice_modifications(attacker, EventKind::Attack, "2. Attack dice")?;
        self.dice_modifications(defender, EventKind::Defend, "3. Defense dice")?;
        if hits + crits == 0 {
            self.step(
                "4. Neutralize results",
                "The scenario states no uncancelled hit or crit result: the attack misses.",
                rules::ATTACK,
                false,
            )?;
        } else {
            self.step(
                "4. Neutralize results",
                format!(
                    "{hits} hit and {crits} crit result{} stay uncancelled: the attack hits.",
                    plural(crits)
                ),
                rules::ATTACK,
                false,
            )?;
            self.step(
                "5. Deal damage",
                format!("{d} suffers its hit damage first, then its crit damage."),
                rules::ATTACK,
                false,
            )?;
            self.suffer(defender, hits + crits)?;
        }
        // 6. Consequences: what the attack and any destruction triggered, in the rule's order.
        let mut triggered: Triggered = self
            .pending
            .split_off(waiting)
            .into_iter()
            .flatten()
            .collect();
        triggered.extend(self.matching(&Happened::after(EventKind::Attack, attacker)));
        triggered.extend(self.matching(&Happened::after(EventKind::Defend, defender)));
        let defending_player = self.sc.ships[defender].owner;
        let mut aftermath = Aftermath::default();
        for (ability, trigger) in triggered {
            let def = &self.sc.abilities[ability];
            let defending = self.sc.ships[def.ship].owner == defending_player;
            let grants_bonus = def.effects.iter().any(|e| matches!(e, Stmt::Attack { .. }));
            let group = match (defending, grants_bonus) {
                (true, false) => &mut aftermath.defending,
                (false, false) => &mut aftermath.attacking,
                (true, true) => &mut aftermath.defending_bonus,
                (false, true) => &mut aftermath.attacking_bonus,
            };
            group.push((ability, trigger));
        }
        let groups: Vec<Triggered> = [
            aftermath.defending,
            aftermath.attacking,
            aftermath.defending_bonus,
            aftermath.attacking_bonus,
        ]
        .into_iter()
        .filter(|g| !g.is_empty())
        .collect();
        if groups.is_empty() {
            return self.step(
                "6. Consequences of the attack",
                format!("No ability applies after this attack; {d} is no longer the defender."),
                rules::ATTACK,
                false,
            );
        }
        self.pending.extend(groups);
        self.after_attack = true;
        Ok(())
    }

    /// "While you attack / defend" abilities: in effect during the attack, never queued.
    fn in_effect_while_attacking(&mut self, attacker: usize, defender: usize) -> Result<(), Stop> {
        let mut applying = self.matching(&Happened {
            moment: Moment::While,
            ..Happened::after(EventKind::Attack, attacker)
        });
        applying.extend(self.matching(&Happened {
            moment: Moment::While,
            ..Happened::after(EventKind::Defend, defender)
        }));
        for (ability, _) in applying {
            let a = &self.sc.abilities[ability];
            let role = if a.timing.event == Some(EventKind::Attack) {
                format!("{} attacks", self.ship_name(attacker))
            } else {
                format!("{} defends", self.ship_name(defender))
            };
            self.step(
                self.label_of(a, 1),
                format!("In effect while {role}: a \"while\" ability applies in the step of the attack its effect belongs to and never enters the queue."),
                rules::TIMING,
                false,
            )?;
        }
        Ok(())
    }

    /// The dice modifications of the ship rolling these dice (`while modify-attack` on the
    /// attacker, `while modify-defense` on the defender), applied in this dice step.
    fn dice_modifications(&mut self, ship: usize, dice: EventKind, step: &str) -> Result<(), Stop> {
        let names: Vec<String> = self
            .sc
            .abilities
            .iter()
            .filter(|a| {
                a.ship == ship && a.timing.moment == Moment::DiceMod && a.timing.event == Some(dice)
            })
            .map(|a| self.label_of(a, 1))
            .collect();
        if names.is_empty() {
            return Ok(());
        }
        let (whose, order) = match dice {
            EventKind::Attack => (
                "attack",
                "the defending player's first, then the attacking player's",
            ),
            _ => (
                "defense",
                "the attacking player's first, then the defending player's",
            ),
        };
        self.step(
            step.to_string(),
            format!(
                "{} may modify the {whose} dice here ({order}); dice modifications are resolved in this step, outside the queue.",
                list(&names)
            ),
            rules::ATTACK,
            false,
        )
    }
}
