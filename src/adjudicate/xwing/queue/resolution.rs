//! Resolving the ability at the front of the queue: requirements checked again, the
//! optional decision, costs paid all together or not at all, then its effects.

use super::*;

impl Engine<'_> {
    pub(super) fn resolve(&mut self, e: Entry) -> Result<(), Stop> {
        let sc = self.sc;
        let a = &sc.abilities[e.ability];
        let label = self.label(&e);
        let event = format!("{label} resolves");
        let mut ctx = Ctx {
            ability: Some(e.ability),
            ship: a.ship,
            chosen: None,
            trigger: e.trigger,
            resolution: 0,
        };
        if let Some(reason) = self.unmet(a, &ctx, false) {
            return self.step(event, format!("Removed without resolving: {reason}. Requirements are checked again on resolution."), rules::QUEUE_FAQ, false);
        }
        if let Some((reason, rule)) = self.futile(a) {
            return self.step(event, format!("No effect: {reason}."), rule, false);
        }
        let k = self.resolutions[e.ability];
        self.resolutions[e.ability] += 1;
        ctx.resolution = k;
        let mut said = Said::default();
        if a.optional && !self.decide_use(a, k, &event, &mut said)? {
            return Ok(());
        }
        let targets = match self.targets(a, k, &label, &mut said)? {
            Targets::Stop(outcome) => {
                return self.step(event, outcome, rules::QUEUE_FAQ, said.choice);
            }
            Targets::Each(ships) => Some(ships),
            Targets::One(ship) => {
                ctx.chosen = ship;
                None
            }
        };
        if targets.is_none()
            && let Some(reason) = self.unmet(a, &ctx, true)
        {
            said.parts.push(format!("but {reason}"));
            return self.step(event, format!("{}: the requirement is not met, so it leaves the queue without effect and unpaid.", capital(&said.parts.join(", "))), rules::QUEUE_FAQ, said.choice);
        }
        if let Some(reason) = self.cannot_pay(a, e.ability) {
            said.parts.push(format!("cannot pay ({reason})"));
            return self.step(
                event,
                format!(
                    "{}: it leaves the queue unpaid; costs are paid all together or not at all.",
                    capital(&said.parts.join(", "))
                ),
                rules::QUEUE_FAQ,
                said.choice,
            );
        }
        let paid = self.pay(e.ability);
        if !paid.is_empty() {
            said.parts.push(format!("pays: {}", list(&paid)));
        }
        self.note_incomplete(a, &mut said);
        let outcome = if said.parts.is_empty() {
            "It resolves.".to_string()
        } else {
            format!("{}.", capital(&said.parts.join(", ")))
        };
        let rule = if a.costs.is_empty() && !a.optional {
            rules::QUEUE
        } else {
            rules::QUEUE_FAQ
        };
        self.step(event, outcome, rule, said.choice)?;
        match targets {
            Some(ships) => self.effects_on_each(a, ctx, &ships),
            None => self.effects(a, ctx),
        }
    }

    /// Whether the player uses an optional ability: as the scenario says, else by the
    /// default for abilities from card facts (used), else the first legal option (a choice
    /// point). `false`: declined, and the step is recorded.
    fn decide_use(
        &mut self,
        a: &AbilityDef,
        k: usize,
        event: &str,
        said: &mut Said,
    ) -> Result<bool, Stop> {
        let player = self.player_name(a.ship).to_string();
        match a.use_.get(k) {
            Some(false) => {
                self.step(event.to_string(), format!("{player} declines to use it (optional abilities are decided on resolution); it leaves the queue and nothing is paid."), rules::QUEUE_FAQ, false)?;
                return Ok(false);
            }
            Some(true) => said.parts.push(format!("{player} uses it")),
            None if a.origin != Origin::Scenario => said.parts.push(format!(
                "{player} uses it (the default for an ability from card facts)"
            )),
            None => {
                said.choice = true;
                said.parts.push(format!(
                    "{player} uses it (choice not given: first legal option)"
                ));
            }
        }
        Ok(true)
    }

    /// The ship (or ships, for `choose each`) the ability's `choose` picks; `Stop` with
    /// the outcome when none is chosen.
    fn targets(
        &mut self,
        a: &AbilityDef,
        k: usize,
        label: &str,
        said: &mut Said,
    ) -> Result<Targets, Stop> {
        let Some(&Stmt::Choose {
            side,
            range,
            in_arc,
            bullseye,
            other,
            each,
        }) = a.effects.iter().find(|s| matches!(s, Stmt::Choose { .. }))
        else {
            return Ok(Targets::One(None));
        };
        let candidates = self.candidates(a.ship, side, range, in_arc, bullseye, other);
        let names: Vec<String> = candidates
            .iter()
            .map(|&c| self.ship_name(c).to_string())
            .collect();
        if each {
            said.parts.push(if names.is_empty() {
                "no ship fits, so it affects none".to_string()
            } else {
                format!("it affects each of {}", list(&names))
            });
            return Ok(Targets::Each(candidates));
        }
        match a.choose.get(k) {
            Some((Some(ship), span)) => {
                if !candidates.contains(ship) {
                    return Err(Stop::Finding(
                        Finding::error(
                            Code::ScenarioIllegalChoice,
                            format!(
                                "`{}` cannot be chosen when {label} resolves",
                                self.sc.ships[*ship].id
                            ),
                        )
                        .at(self.sc.file, span.clone())
                        .label("not a legal choice here")
                        .help(if names.is_empty() {
                            "no ship can be chosen at this point; use `none`".to_string()
                        } else {
                            format!("the legal choices are {} (or `none`)", names.join(", "))
                        }),
                    ));
                }
                said.parts
                    .push(format!("chooses {}", self.ship_name(*ship)));
                Ok(Targets::One(Some(*ship)))
            }
            Some((None, _)) => {
                said.parts.push("chooses no ship".to_string());
                Ok(Targets::Stop(format!(
                    "{}: no ship chosen, so its costs are not paid and it leaves the queue.",
                    capital(&said.parts.join(", "))
                )))
            }
            None => match candidates.as_slice() {
                [] => Ok(Targets::Stop(
                    "No ship can be chosen, so its costs are not paid and it leaves the queue."
                        .to_string(),
                )),
                [only] => {
                    said.parts.push(format!(
                        "chooses {} (the only legal choice)",
                        self.ship_name(*only)
                    ));
                    Ok(Targets::One(Some(*only)))
                }
                [first, ..] => {
                    said.choice = true;
                    said.parts.push(format!(
                        "chooses {} (choice not given: first legal option of {})",
                        self.ship_name(*first),
                        list(&names)
                    ));
                    Ok(Targets::One(Some(*first)))
                }
            },
        }
    }

    /// Abilities from card facts that say less than the card: the judge reads the card.
    fn note_incomplete(&self, a: &AbilityDef, said: &mut Said) {
        if !a.complete {
            said.choice = true;
            said.parts.push("the card says more than its facts (a condition or an effect the scenario vocabulary cannot state): read the card to finish it".to_string());
        }
    }

    fn effects(&mut self, a: &AbilityDef, ctx: Ctx) -> Result<(), Stop> {
        for stmt in &a.effects {
            if !matches!(stmt, Stmt::Choose { .. }) {
                self.exec(stmt, ctx)?;
            }
        }
        Ok(())
    }

    /// `choose each`: the effects apply to every ship that fits, one after another; a ship
    /// that fails a requirement about the chosen ship is skipped.
    fn effects_on_each(&mut self, a: &AbilityDef, ctx: Ctx, ships: &[usize]) -> Result<(), Stop> {
        for &ship in ships {
            let ctx = Ctx {
                chosen: Some(ship),
                ..ctx
            };
            if let Some(reason) = self.unmet(a, &ctx, true) {
                self.step(
                    format!("{} for {}", self.label_of(a, 1), self.ship_name(ship)),
                    format!("Skipped: {reason}."),
                    rules::QUEUE_FAQ,
                    false,
                )?;
                continue;
            }
            self.effects(a, ctx)?;
        }
        Ok(())
    }

    /// An ability whose only effects are actions of its own ship does nothing when that ship
    /// can perform none of them.
    pub(super) fn futile(&self, a: &AbilityDef) -> Option<(String, Cite)> {
        let performs: Vec<(&Vec<Action>, bool)> = a
            .effects
            .iter()
            .filter_map(|s| match s {
                Stmt::Perform {
                    who: Who::Own,
                    actions,
                    even_stressed,
                    ..
                } => Some((actions, *even_stressed)),
                _ => None,
            })
            .collect();
        if performs.is_empty() || performs.len() != a.effects.len() {
            return None;
        }
        let ship = &self.ships[a.ship];
        if ship.stressed() && performs.iter().all(|(_, even)| !even) {
            return Some((
                format!(
                    "{} is stressed and can perform no action",
                    self.ship_name(a.ship)
                ),
                rules::STRESS,
            ));
        }
        if performs
            .iter()
            .all(|(actions, _)| actions.iter().all(|x| ship.actions.contains(x)))
        {
            let done: Vec<String> = performs
                .iter()
                .flat_map(|(acts, _)| acts.iter().map(|x| x.as_str().to_string()))
                .collect();
            return Some((
                format!(
                    "{} has already performed {} this round",
                    self.ship_name(a.ship),
                    list(&done)
                ),
                rules::ACTIONS,
            ));
        }
        None
    }

    /// The first unmet requirement, among those that do (`chosen_phase`) or do not mention
    /// the chosen ship.
    pub(super) fn unmet(&self, a: &AbilityDef, ctx: &Ctx, chosen_phase: bool) -> Option<String> {
        for req in &a.requires {
            let about_chosen = req.who == Who::Chosen
                || matches!(
                    req.pred,
                    Pred::InArcOf(Who::Chosen) | Pred::InBullseyeOf(Who::Chosen)
                );
            if about_chosen != chosen_phase {
                continue;
            }
            let resolve = |w: Who| match w {
                Who::Own => Some(ctx.ship),
                Who::Ship(i) => Some(i),
                Who::Chosen => ctx.chosen,
                Who::Trigger => ctx.trigger,
            };
            let Some(ship) = resolve(req.who) else {
                return Some("the ship it refers to is not known at this point".to_string());
            };
            let s = &self.ships[ship];
            let name = self.ship_name(ship);
            let failure = match &req.pred {
                Pred::Stressed => (!s.stressed()).then(|| format!("{name} is not stressed")),
                Pred::NotStressed => s.stressed().then(|| format!("{name} is stressed")),
                Pred::Has(t, n) => (s.count(*t) < *n).then(|| {
                    format!(
                        "{name} has {} {} token{} (needs {n})",
                        s.count(*t),
                        t.as_str(),
                        plural(s.count(*t))
                    )
                }),
                Pred::Lacks(t) => {
                    (s.count(*t) > 0).then(|| format!("{name} has a {} token", t.as_str()))
                }
                Pred::Shielded => (s.shields == 0).then(|| format!("{name} has no active shield")),
                Pred::NotShielded => {
                    (s.shields > 0).then(|| format!("{name} has an active shield"))
                }
                Pred::Other => (ship == ctx.ship).then(|| format!("{name} is the ship itself")),
                Pred::Range(lo, hi) => match self.range(ctx.ship, ship) {
                    Some(r) if (*lo..=*hi).contains(&r) => None,
                    Some(r) => Some(format!(
                        "{name} is at range {r}, not {}",
                        range_text(*lo, *hi)
                    )),
                    None => Some(format!(
                        "no range is given between {} and {name}",
                        self.ship_name(ctx.ship)
                    )),
                },
                Pred::InArcOf(w) | Pred::InBullseyeOf(w) => {
                    let bull = matches!(req.pred, Pred::InBullseyeOf(_));
                    match resolve(*w) {
                        Some(owner) => {
                            let arc = if bull {
                                &self.sc.ships[owner].bullseye
                            } else {
                                &self.arcs[owner]
                            };
                            (!arc.contains(&ship)).then(|| {
                                format!(
                                    "{name} is not in {}'s {}",
                                    self.ship_name(owner),
                                    if bull { "bullseye arc" } else { "firing arc" }
                                )
                            })
                        }
                        None => {
                            Some("the ship it refers to is not known at this point".to_string())
                        }
                    }
                }
            };
            if failure.is_some() {
                return failure;
            }
        }
        None
    }

    pub(super) fn cannot_pay(&self, a: &AbilityDef, ability: usize) -> Option<String> {
        let s = &self.ships[a.ship];
        let name = self.ship_name(a.ship);
        for cost in &a.costs {
            let missing = match *cost {
                Cost::Force(n) => {
                    (s.force < n).then(|| format!("{name} has {} Force, needs {n}", s.force))
                }
                Cost::Charge(n) => (self.charges[ability] < n).then(|| {
                    format!(
                        "{} has {} active charge{}, needs {n}",
                        a.card,
                        self.charges[ability],
                        plural(self.charges[ability])
                    )
                }),
                Cost::Shield(n) => (s.shields < n).then(|| {
                    format!(
                        "{name} has {} active shield{}, needs {n}",
                        s.shields,
                        plural(s.shields)
                    )
                }),
                Cost::Spend(t, n) => (s.count(t) < n).then(|| {
                    format!(
                        "{name} has {} {} token{}, needs {n}",
                        s.count(t),
                        t.as_str(),
                        plural(s.count(t))
                    )
                }),
                Cost::Gain(..) => None,
            };
            if missing.is_some() {
                return missing;
            }
        }
        None
    }

    pub(super) fn pay(&mut self, ability: usize) -> Vec<String> {
        let a = &self.sc.abilities[ability];
        let mut paid = Vec::new();
        for cost in &a.costs {
            let s = &mut self.ships[a.ship];
            match *cost {
                Cost::Force(n) => {
                    s.force -= n;
                    paid.push(format!("{n} Force"));
                }
                Cost::Charge(n) => {
                    self.charges[ability] -= n;
                    paid.push(format!("{n} charge{} of {}", plural(n), a.card));
                }
                Cost::Shield(n) => {
                    s.shields -= n;
                    paid.push(format!("{n} shield{}", plural(n)));
                }
                Cost::Spend(t, n) => {
                    s.take(t, n);
                    paid.push(format!("{n} {} token{}", t.as_str(), plural(n)));
                }
                Cost::Gain(t, n) => {
                    s.add(t, n);
                    paid.push(format!("gains {n} {} token{}", t.as_str(), plural(n)));
                }
            }
        }
        paid
    }
}

/// What the player has said while an ability resolves, and whether a choice was missing.
#[derive(Default)]
struct Said {
    parts: Vec<String>,
    choice: bool,
}

/// Whom an ability's effects are about.
enum Targets {
    /// The chosen ship (`None`: the ability chooses none).
    One(Option<usize>),
    /// `choose each`: every ship that fits.
    Each(Vec<usize>),
    /// Nothing is chosen: the ability leaves the queue with this outcome.
    Stop(String),
}
