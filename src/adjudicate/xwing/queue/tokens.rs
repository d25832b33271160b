//! Gaining tokens, and the replacement effects that change what is gained.

use super::*;

impl Engine<'_> {
    pub(super) fn gain(&mut self, ship: usize, token: Token, n: u32) -> Result<(), Stop> {
        let name = self.ship_name(ship).to_string();
        let mut received = 0;
        for i in 0..n {
            if !self.replace(ship, token, i + 1, n)? {
                received += 1;
            }
        }
        if received == 0 {
            return Ok(());
        }
        self.ships[ship].add(token, received);
        self.step(
            format!("{name} gains {}", token.as_str()),
            format!(
                "{name} gains {received} {} token{}.",
                token.as_str(),
                plural(received)
            ),
            rules::TOKENS,
            false,
        )?;
        if token == Token::Jam {
            for _ in 0..received {
                let greens: Vec<Token> = Token::ALL
                    .iter()
                    .copied()
                    .filter(|t| {
                        rules::colour(*t) == TokenColour::Green && self.ships[ship].count(*t) > 0
                    })
                    .collect();
                match greens.first() {
                    Some(&green) => {
                        self.ships[ship].take(green, 1);
                        self.ships[ship].take(Token::Jam, 1);
                        let choice = greens.len() > 1;
                        let note = if choice {
                            " (which green token was not given: first one taken)"
                        } else {
                            ""
                        };
                        self.step(format!("{name} is jammed"), format!("Game effect of the jam token: {name} removes 1 {} token{note}, and the jam token is removed with it.", green.as_str()), rules::JAM, choice)?;
                    }
                    None => {
                        self.step(
                            format!("{name} is jammed"),
                            format!("{name} has no green token to lose, so it stays jammed."),
                            rules::JAM,
                            false,
                        )?;
                        break;
                    }
                }
            }
        }
        self.happen(Happened {
            token: Some(token),
            ..Happened::after(EventKind::Gain, ship)
        });
        Ok(())
    }

    /// Replacement effects ("would gain … instead") apply at once, outside the queue:
    /// whether one replaced the `nth` token of `of`.
    pub(super) fn replace(
        &mut self,
        ship: usize,
        token: Token,
        nth: u32,
        of: u32,
    ) -> Result<bool, Stop> {
        let Some(candidates) = self.by_event.get(&EventKind::Gain).cloned() else {
            return Ok(false);
        };
        for r in candidates {
            if self.would_replace(r, ship, token) && self.try_replace(r, ship, token, nth, of)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Whether ability `r` is a replacement of `ship` gaining `token`, by its timing.
    fn would_replace(&self, r: usize, ship: usize, token: Token) -> bool {
        let sc = self.sc;
        let a = &sc.abilities[r];
        if a.timing.moment != Moment::Would || self.ships[a.ship].removed {
            return false;
        }
        let same_owner = sc.ships[ship].owner == sc.ships[a.ship].owner;
        let subject_ok = match a.timing.subject {
            Subject::Own => ship == a.ship,
            Subject::Friendly => same_owner,
            Subject::Enemy => !same_owner,
            Subject::Any => true,
        };
        subject_ok && (a.timing.tokens.is_empty() || a.timing.tokens.contains(&token))
    }

    /// Ability `r` replaces the token if its requirements are met, it can pay, the player
    /// uses it and chooses a ship it needs; then its effects happen instead.
    fn try_replace(
        &mut self,
        r: usize,
        ship: usize,
        token: Token,
        nth: u32,
        of: u32,
    ) -> Result<bool, Stop> {
        let sc = self.sc;
        let a = &sc.abilities[r];
        let label = self.label_of(a, 1);
        let which = if of > 1 {
            format!("{} token {nth} of {of}", token.as_str())
        } else {
            format!("the {} token", token.as_str())
        };
        let mut rep = Replacing {
            event: format!("{label} on {which}"),
            which,
            said: Vec::new(),
            choice: false,
        };
        let mut ctx = Ctx {
            ability: Some(r),
            ship: a.ship,
            chosen: None,
            trigger: Some(ship),
            resolution: 0,
        };
        if let Some(reason) = self.unmet(a, &ctx, false) {
            return self.not_replaced(&rep, format!("Cannot replace {}: {reason}.", rep.which));
        }
        if let Some(reason) = self.cannot_pay(a, r) {
            return self.not_replaced(&rep, format!("Cannot replace {}: {reason}.", rep.which));
        }
        let k = self.resolutions[r];
        self.resolutions[r] += 1;
        ctx.resolution = k;
        if a.optional && !self.uses_replacement(a, k, &mut rep)? {
            return Ok(false);
        }
        if let Some(&Stmt::Choose {
            side,
            range,
            in_arc,
            bullseye,
            other,
            ..
        }) = a.effects.iter().find(|s| matches!(s, Stmt::Choose { .. }))
        {
            let options = self.candidates(a.ship, side, range, in_arc, bullseye, other);
            match self.replacement_choice(a, k, &label, &options, &mut rep)? {
                Some(chosen) => ctx.chosen = Some(chosen),
                None => return Ok(false),
            }
        }
        if let Some(reason) = self.unmet(a, &ctx, true) {
            let outcome = format!("Cannot replace {}: {reason}.", rep.which);
            self.step(rep.event, outcome, rules::EXAMPLE_2, rep.choice)?;
            return Ok(false);
        }
        let paid = self.pay(r);
        if !paid.is_empty() {
            rep.said.push(format!("pays: {}", list(&paid)));
        }
        self.step(
            rep.event,
            format!(
                "A replacement effect applies at once, outside the queue: {}; {} does not gain {}.",
                rep.said.join(", "),
                self.ship_name(ship),
                rep.which
            ),
            rules::EXAMPLE_2,
            rep.choice,
        )?;
        for stmt in &a.effects {
            if !matches!(stmt, Stmt::Choose { .. }) {
                self.exec(stmt, ctx)?;
            }
        }
        Ok(true)
    }

    /// The replacement does not happen; the trace says why.
    fn not_replaced(&mut self, rep: &Replacing, outcome: String) -> Result<bool, Stop> {
        self.step(rep.event.clone(), outcome, rules::EXAMPLE_2, false)?;
        Ok(false)
    }

    /// Whether the player uses an optional replacement (the first legal option, a choice
    /// point, when the scenario does not say).
    fn uses_replacement(
        &mut self,
        a: &AbilityDef,
        k: usize,
        rep: &mut Replacing,
    ) -> Result<bool, Stop> {
        match a.use_.get(k) {
            Some(false) => {
                let outcome = format!(
                    "{} does not use it for {}.",
                    self.player_name(a.ship),
                    rep.which
                );
                self.not_replaced(rep, outcome)
            }
            Some(true) => {
                rep.said
                    .push(format!("{} uses it", self.player_name(a.ship)));
                Ok(true)
            }
            None if a.origin != Origin::Scenario => {
                rep.said.push(format!(
                    "{} uses it (the default for an ability from card facts)",
                    self.player_name(a.ship)
                ));
                Ok(true)
            }
            None => {
                rep.choice = true;
                rep.said.push(format!(
                    "{} uses it (choice not given: first legal option)",
                    self.player_name(a.ship)
                ));
                Ok(true)
            }
        }
    }

    /// The ship a replacement chooses among `options`: the scenario's choice, which must be
    /// legal, or the first legal option. `None` when no ship is chosen, so nothing is
    /// replaced.
    fn replacement_choice(
        &mut self,
        a: &AbilityDef,
        k: usize,
        label: &str,
        options: &[usize],
        rep: &mut Replacing,
    ) -> Result<Option<usize>, Stop> {
        let sc = self.sc;
        match a.choose.get(k) {
            Some((Some(c), span)) if !options.contains(c) => {
                let names: Vec<String> = options
                    .iter()
                    .map(|&o| self.ship_name(o).to_string())
                    .collect();
                Err(Stop::Finding(
                    Finding::error(
                        Code::ScenarioIllegalChoice,
                        format!("`{}` cannot be chosen for {label}", sc.ships[*c].id),
                    )
                    .at(sc.file, span.clone())
                    .label("not a legal choice here")
                    .help(format!(
                        "the legal choices are {} (or `none`)",
                        list(&names)
                    )),
                ))
            }
            Some((Some(c), _)) => {
                rep.said.push(format!("chooses {}", self.ship_name(*c)));
                Ok(Some(*c))
            }
            Some((None, _)) => {
                let outcome = format!(
                    "{} chooses no ship, so {} is not replaced.",
                    self.player_name(a.ship),
                    rep.which
                );
                self.not_replaced(rep, outcome)?;
                Ok(None)
            }
            None => match options.first() {
                Some(&c) if options.len() == 1 => {
                    rep.said.push(format!(
                        "chooses {} (the only legal choice)",
                        self.ship_name(c)
                    ));
                    Ok(Some(c))
                }
                Some(&c) => {
                    rep.choice = true;
                    rep.said.push(format!(
                        "chooses {} (choice not given: first legal option)",
                        self.ship_name(c)
                    ));
                    Ok(Some(c))
                }
                None => {
                    let outcome =
                        format!("No ship can be chosen, so {} is not replaced.", rep.which);
                    self.not_replaced(rep, outcome)?;
                    Ok(None)
                }
            },
        }
    }
}

/// A replacement being tried: the trace's event, the token it is about and what the player
/// has said so far.
struct Replacing {
    event: String,
    which: String,
    said: Vec<String>,
    choice: bool,
}
