//! Entering the queue: what an event triggers, in player order and each player's chosen
//! order, at the end of the queue for a scenario event or at the front for one caused while
//! an ability resolves; destroyed ships leave once the queue is empty.

use super::*;

impl Engine<'_> {
    pub(super) fn before_of(&self, stmt: &Stmt) -> Option<Happened> {
        let has_before = self
            .sc
            .abilities
            .iter()
            .any(|a| a.timing.moment == Moment::Before);
        if !has_before {
            return None;
        }
        let mut h = match stmt {
            Stmt::Perform {
                who: Who::Ship(s),
                actions,
                colour,
                ..
            } => Happened {
                action: actions.first().copied(),
                colour: Some(*colour),
                ..Happened::after(EventKind::Perform, *s)
            },
            Stmt::Execute {
                who: Who::Ship(s),
                speed,
                colour,
                ..
            } => Happened {
                colour: Some(*colour),
                speed: Some(*speed),
                ..Happened::after(EventKind::Execute, *s)
            },
            Stmt::Gain {
                who: Who::Ship(s),
                token,
                ..
            } => Happened {
                token: Some(*token),
                ..Happened::after(EventKind::Gain, *s)
            },
            Stmt::Step {
                who: Who::Ship(s),
                kind,
                colour,
            } => Happened {
                colour: *colour,
                ..Happened::after(*kind, *s)
            },
            _ => return None,
        };
        h.moment = Moment::Before;
        Some(h)
    }

    /// Abilities whose timing matches what happened.
    pub(super) fn matching(&self, h: &Happened) -> Triggered {
        let Some(candidates) = self.by_event.get(&h.kind) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for &i in candidates {
            let a = &self.sc.abilities[i];
            let t = &a.timing;
            if t.moment != h.moment || self.ships[a.ship].removed {
                continue;
            }
            if let Some(actor) = h.actor {
                let same_owner = self.sc.ships[actor].owner == self.sc.ships[a.ship].owner;
                let subject_ok = match t.subject {
                    Subject::Own => actor == a.ship,
                    Subject::Friendly => same_owner,
                    Subject::Enemy => !same_owner,
                    Subject::Any => true,
                };
                if !subject_ok {
                    continue;
                }
            }
            if !t.actions.is_empty() && !h.action.is_some_and(|x| t.actions.contains(&x)) {
                continue;
            }
            if !t.colours.is_empty() && !h.colour.is_some_and(|c| t.colours.contains(&c)) {
                continue;
            }
            if !t.tokens.is_empty() && !h.token.is_some_and(|x| t.tokens.contains(&x)) {
                continue;
            }
            if let Some((lo, hi)) = t.speeds
                && !h.speed.is_some_and(|s| (lo..=hi).contains(&s))
            {
                continue;
            }
            out.push((i, h.actor));
        }
        out
    }

    pub(super) fn happen(&mut self, h: Happened) {
        let triggered = self.matching(&h);
        if !triggered.is_empty() {
            self.pending.push(triggered);
        }
    }

    /// Order triggered abilities (player order, then each player's chosen order), check
    /// requirements and costs, and put them at the end or the front of the queue.
    pub(super) fn enqueue(
        &mut self,
        groups: Vec<Triggered>,
        front: bool,
        cause: &str,
    ) -> Result<(), Stop> {
        let mut entries = Vec::new();
        let mut parts = Vec::new();
        let mut choice = false;
        for group in groups {
            for player in 0..self.sc.players.len() {
                let mut mine: Vec<(usize, Option<usize>)> = group
                    .iter()
                    .copied()
                    .filter(|(a, _)| self.sc.ships[self.sc.abilities[*a].ship].owner == player)
                    .collect();
                if mine.is_empty() {
                    continue;
                }
                let order = &self.sc.players[player].order;
                let position = |a: usize| order.iter().position(|&o| o == a).unwrap_or(usize::MAX);
                let unordered =
                    mine.len() > 1 && mine.iter().any(|(a, _)| position(*a) == usize::MAX);
                mine.sort_by_key(|(a, _)| (position(*a), *a));
                let mut names = Vec::new();
                for (a, trigger) in mine {
                    let def = &self.sc.abilities[a];
                    let ctx = Ctx {
                        ability: Some(a),
                        ship: def.ship,
                        chosen: None,
                        trigger,
                        resolution: 0,
                    };
                    let label = self.label_of(def, self.added[a] + 1);
                    if let Some(reason) = self.unmet(def, &ctx, false) {
                        self.step(format!("{label} would enter the queue"), format!("Not added: {reason}. A requirement that is not met when the ability applies keeps it out of the queue."), rules::QUEUE, false)?;
                        continue;
                    }
                    if let Some(reason) = self.cannot_pay(def, a) {
                        self.step(
                            format!("{label} would enter the queue"),
                            format!("Not added: its cost cannot be paid now ({reason})."),
                            rules::QUEUE_FAQ,
                            false,
                        )?;
                        continue;
                    }
                    self.added[a] += 1;
                    names.push(label);
                    entries.push(Entry {
                        ability: a,
                        instance: self.added[a],
                        trigger,
                    });
                }
                if names.is_empty() {
                    continue;
                }
                let how = if names.len() == 1 {
                    String::new()
                } else if unordered {
                    choice = true;
                    " (order not given: scenario order used)".to_string()
                } else {
                    format!(" (in the order {} chose)", self.sc.players[player].name)
                };
                parts.push(format!(
                    "{}: {}{how}",
                    self.sc.players[player].name,
                    list(&names)
                ));
            }
        }
        if entries.is_empty() {
            self.after_attack = false;
            return Ok(());
        }
        if front {
            for e in entries.iter().rev() {
                self.queue.push_front(*e);
            }
        } else {
            self.queue.extend(entries.iter().copied());
        }
        let place = if front {
            "Enter at the front of the queue, ahead of what was waiting"
        } else {
            "Enter the queue at the end"
        };
        // The abilities after an attack keep the order of its consequences step; others
        // enter in player order.
        let (players, rule) = if std::mem::take(&mut self.after_attack) {
            (
                ", in the order of the attack's consequences step (the defending player's abilities, then the attacking player's; those granting a bonus attack after the rest)",
                rules::ATTACK,
            )
        } else if parts.len() > 1 {
            (", in player order", rules::QUEUE)
        } else {
            ("", rules::QUEUE)
        };
        self.step(
            cause.to_string(),
            format!("{place}{players}: {}.", parts.join("; then ")),
            rule,
            choice,
        )
    }

    pub(super) fn drain(&mut self) -> Result<(), Stop> {
        while let Some(entry) = self.queue.pop_front() {
            self.resolve(entry)?;
            let groups = std::mem::take(&mut self.pending);
            if !groups.is_empty() {
                let label = self.label(&entry);
                self.enqueue(groups, true, &format!("triggered while {label} resolved"))?;
            }
        }
        if self.removal_waits_for_initiative() {
            return Ok(());
        }
        self.remove_destroyed(
            "The queue is empty, so the destroyed ship now leaves the play area.",
            rules::QUEUE,
        )
    }

    /// Every destroyed ship still in play leaves it now, one step each, saying `why`
    /// under `rule` (the queue emptied, or its initiative finished engaging).
    pub(super) fn remove_destroyed(&mut self, why: &str, rule: Cite) -> Result<(), Stop> {
        for ship in 0..self.ships.len() {
            if self.ships[ship].destroyed && !self.ships[ship].removed {
                self.ships[ship].removed = true;
                self.step(
                    format!("{} is removed", self.ship_name(ship)),
                    why,
                    rule,
                    false,
                )?;
            }
        }
        Ok(())
    }
}
