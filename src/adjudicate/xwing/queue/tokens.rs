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

    /// Replacement effects ("would gain … instead") apply at once, outside the queue.
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
        let sc = self.sc;
        for r in candidates {
            let a = &sc.abilities[r];
            if a.timing.moment != Moment::Would || self.ships[a.ship].removed {
                continue;
            }
            let same_owner = sc.ships[ship].owner == sc.ships[a.ship].owner;
            let subject_ok = match a.timing.subject {
                Subject::Own => ship == a.ship,
                Subject::Friendly => same_owner,
                Subject::Enemy => !same_owner,
                Subject::Any => true,
            };
            if !subject_ok || !(a.timing.tokens.is_empty() || a.timing.tokens.contains(&token)) {
                continue;
            }
            let label = self.label_of(a, 1);
            let which = if of > 1 {
                format!("{} token {nth} of {of}", token.as_str())
            } else {
                format!("the {} token", token.as_str())
            };
            let event = format!("{label} on {which}");
            let mut ctx = Ctx {
                ability: Some(r),
                ship: a.ship,
                chosen: None,
                trigger: Some(ship),
                resolution: 0,
            };
            if let Some(reason) = self.unmet(a, &ctx, false) {
                self.step(
                    event,
                    format!("Cannot replace {which}: {reason}."),
                    rules::EXAMPLE_2,
                    false,
                )?;
                continue;
            }
            if let Some(reason) = self.cannot_pay(a, r) {
                self.step(
                    event,
                    format!("Cannot replace {which}: {reason}."),
                    rules::EXAMPLE_2,
                    false,
                )?;
                continue;
            }
            let k = self.resolutions[r];
            self.resolutions[r] += 1;
            ctx.resolution = k;
            let mut choice = false;
            let mut said = Vec::new();
            if a.optional {
                match a.use_.get(k) {
                    Some(false) => {
                        self.step(
                            event,
                            format!("{} does not use it for {which}.", self.player_name(a.ship)),
                            rules::EXAMPLE_2,
                            false,
                        )?;
                        continue;
                    }
                    Some(true) => said.push(format!("{} uses it", self.player_name(a.ship))),
                    None => {
                        choice = true;
                        said.push(format!(
                            "{} uses it (choice not given: first legal option)",
                            self.player_name(a.ship)
                        ));
                    }
                }
            }
            if let Some(&Stmt::Choose {
                side,
                range,
                in_arc,
                bullseye,
                other,
            }) = a.effects.iter().find(|s| matches!(s, Stmt::Choose { .. }))
            {
                let options = self.candidates(a.ship, side, range, in_arc, bullseye, other);
                match a.choose.get(k) {
                    Some((Some(c), span)) if !options.contains(c) => {
                        let names: Vec<String> = options
                            .iter()
                            .map(|&o| self.ship_name(o).to_string())
                            .collect();
                        return Err(Stop::Finding(
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
                        ));
                    }
                    Some((Some(c), _)) => {
                        ctx.chosen = Some(*c);
                        said.push(format!("chooses {}", self.ship_name(*c)));
                    }
                    Some((None, _)) => {
                        self.step(
                            event,
                            format!(
                                "{} chooses no ship, so {which} is not replaced.",
                                self.player_name(a.ship)
                            ),
                            rules::EXAMPLE_2,
                            false,
                        )?;
                        continue;
                    }
                    None => match options.first() {
                        Some(&c) => {
                            choice = true;
                            ctx.chosen = Some(c);
                            said.push(format!(
                                "chooses {} (choice not given: first legal option)",
                                self.ship_name(c)
                            ));
                        }
                        None => {
                            self.step(
                                event,
                                format!("No ship can be chosen, so {which} is not replaced."),
                                rules::EXAMPLE_2,
                                false,
                            )?;
                            continue;
                        }
                    },
                }
            }
            if let Some(reason) = self.unmet(a, &ctx, true) {
                self.step(
                    event,
                    format!("Cannot replace {which}: {reason}."),
                    rules::EXAMPLE_2,
                    choice,
                )?;
                continue;
            }
            let paid = self.pay(r);
            if !paid.is_empty() {
                said.push(format!("pays: {}", list(&paid)));
            }
            self.step(event, format!("A replacement effect applies at once, outside the queue: {}; {} does not gain {which}.", said.join(", "), self.ship_name(ship)), rules::EXAMPLE_2, choice)?;
            for stmt in &a.effects {
                if !matches!(stmt, Stmt::Choose { .. }) {
                    self.exec(stmt, ctx)?;
                }
            }
            return Ok(true);
        }
        Ok(false)
    }
}
