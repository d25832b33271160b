//! Game effects as they happen: each statement of an event or of an ability's effect.

use super::*;
use crate::parse::scenario::xwing::words::Phase;

impl Engine<'_> {
    pub(super) fn exec(&mut self, stmt: &Stmt, ctx: Ctx) -> Result<(), Stop> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Stop::Cap);
        }
        let result = self.exec_inner(stmt, ctx);
        self.depth -= 1;
        result
    }

    /// The statement's ships resolved in `ctx`, then the effect of its verb.
    pub(super) fn exec_inner(&mut self, stmt: &Stmt, ctx: Ctx) -> Result<(), Stop> {
        match stmt {
            Stmt::Perform {
                who,
                actions,
                colour,
                even_stressed,
            } => {
                let ship = self.who(*who, &ctx)?;
                self.perform(ship, actions, *colour, *even_stressed, &ctx)
            }
            Stmt::Gain { who, token, n } => {
                let ship = self.who(*who, &ctx)?;
                self.gain(ship, *token, *n)
            }
            Stmt::Remove { who, token, n } => {
                let ship = self.who(*who, &ctx)?;
                self.remove_tokens(ship, *token, *n)
            }
            Stmt::Transfer { who, token, n, to } => {
                let from = self.who(*who, &ctx)?;
                let target = self.who(*to, &ctx)?;
                self.transfer(from, target, *token, *n)
            }
            Stmt::Suffer { who, n } => {
                let ship = self.who(*who, &ctx)?;
                self.suffer(ship, *n)
            }
            Stmt::LoseShield { who, n } => {
                let ship = self.who(*who, &ctx)?;
                self.lose_shields(ship, *n)
            }
            Stmt::RecoverShield { who, n } => {
                let ship = self.who(*who, &ctx)?;
                self.recover_shields(ship, *n)
            }
            Stmt::Execute {
                who,
                speed,
                bearing,
                colour,
                fully,
            } => {
                let ship = self.who(*who, &ctx)?;
                self.execute_maneuver(ship, *speed, bearing, *colour, *fully)
            }
            Stmt::Attack {
                who,
                target,
                hits,
                crits,
            } => {
                let attacker = self.who(*who, &ctx)?;
                let defender = self.who(*target, &ctx)?;
                self.attack(attacker, defender, *hits, *crits, ctx.ability.is_some())
            }
            Stmt::Choose { .. } => Ok(()),
            Stmt::AtRange { who, other, band } => {
                let (a, b) = (self.who(*who, &ctx)?, self.who(*other, &ctx)?);
                self.moved_to_range(a, b, *band)
            }
            Stmt::LeaveArc { who, of } => {
                let (a, b) = (self.who(*who, &ctx)?, self.who(*of, &ctx)?);
                self.moved_out_of_arc(a, b)
            }
            Stmt::Phase { moment, phase } => self.phase(*moment, *phase),
            Stmt::Step { who, kind, colour } => {
                let ship = self.who(*who, &ctx)?;
                self.turn_step(ship, *kind, *colour)
            }
        }
    }

    /// Up to `n` tokens of the kind (or of every green kind, in token order) leave the ship;
    /// each kind removed is an event.
    fn remove_tokens(&mut self, ship: usize, token: TokenSel, n: Count) -> Result<(), Stop> {
        let name = self.ship_name(ship).to_string();
        let kinds: Vec<Token> = match token {
            TokenSel::One(t) => vec![t],
            TokenSel::Green => Token::ALL
                .iter()
                .copied()
                .filter(|t| rules::colour(*t) == TokenColour::Green)
                .collect(),
        };
        let mut left = match n {
            Count::N(n) => n,
            Count::All => u32::MAX,
        };
        let mut removed = Vec::new();
        for t in kinds {
            let taken = self.ships[ship].take(t, left);
            left -= taken.min(left);
            if taken > 0 {
                removed.push(format!("{taken} {}", t.as_str()));
                self.happen(Happened {
                    token: Some(t),
                    ..Happened::after(EventKind::Remove, ship)
                });
            }
        }
        let what = match token {
            TokenSel::Green => "green".to_string(),
            TokenSel::One(t) => t.as_str().to_string(),
        };
        let outcome = if removed.is_empty() {
            format!("{name} has no {what} token to remove: nothing happens.")
        } else {
            format!("{name} removes {}.", list(&removed))
        };
        self.step(
            format!("{name} removes {what} tokens"),
            outcome,
            rules::TOKENS,
            false,
        )
    }

    /// `n` tokens move from one ship to another, all or none; the receiver gains them.
    fn transfer(&mut self, from: usize, target: usize, token: Token, n: u32) -> Result<(), Stop> {
        let (a, b) = (
            self.ship_name(from).to_string(),
            self.ship_name(target).to_string(),
        );
        if self.ships[from].count(token) < n {
            return self.step(
                format!("{a} transfers {} to {b}", token.as_str()),
                format!(
                    "{a} does not have {n} {} token{}, so the transfer cannot happen.",
                    token.as_str(),
                    plural(n)
                ),
                rules::TOKENS,
                false,
            );
        }
        self.ships[from].take(token, n);
        self.ships[target].add(token, n);
        self.step(
            format!("{a} transfers {} to {b}", token.as_str()),
            format!(
                "{a} gives {n} {} token{} to {b}.",
                token.as_str(),
                plural(n)
            ),
            rules::TOKENS,
            false,
        )?;
        self.happen(Happened {
            token: Some(token),
            ..Happened::after(EventKind::Gain, target)
        });
        Ok(())
    }

    fn lose_shields(&mut self, ship: usize, n: u32) -> Result<(), Stop> {
        let lost = self.ships[ship].shields.min(n);
        self.ships[ship].shields -= lost;
        let name = self.ship_name(ship).to_string();
        self.step(
            format!("{name} loses shields"),
            format!(
                "{name} loses {lost} shield{} (this is not suffering damage).",
                plural(lost)
            ),
            rules::SHIELDS,
            false,
        )
    }

    fn recover_shields(&mut self, ship: usize, n: u32) -> Result<(), Stop> {
        self.ships[ship].shields += n;
        let name = self.ship_name(ship).to_string();
        self.step(
            format!("{name} recovers shields"),
            format!("{name} recovers {n} shield{}.", plural(n)),
            rules::SHIELDS,
            false,
        )
    }

    /// The maneuver's stress comes first, then the abilities it triggers enter as one group.
    fn execute_maneuver(
        &mut self,
        ship: usize,
        speed: u8,
        bearing: &str,
        colour: Colour,
        fully: bool,
    ) -> Result<(), Stop> {
        let name = self.ship_name(ship).to_string();
        let how = if fully { "fully executes" } else { "executes" };
        self.step(
            format!("{name} {how} a maneuver"),
            format!(
                "{name} {how} a {} {speed} {bearing} maneuver.",
                colour.as_str()
            ),
            rules::MANEUVER,
            false,
        )?;
        self.maneuver_stress(ship, &name, colour)?;
        // Executing and fully executing are one moment: one group, so player order holds across both.
        let mut group = self.matching(&Happened {
            colour: Some(colour),
            speed: Some(speed),
            ..Happened::after(EventKind::Execute, ship)
        });
        if fully {
            group.extend(self.matching(&Happened {
                colour: Some(colour),
                speed: Some(speed),
                ..Happened::after(EventKind::FullyExecute, ship)
            }));
        }
        if !group.is_empty() {
            self.pending.push(group);
        }
        Ok(())
    }

    /// A red maneuver gives a stress token, a blue one takes one away.
    fn maneuver_stress(&mut self, ship: usize, name: &str, colour: Colour) -> Result<(), Stop> {
        match colour {
            Colour::Red => {
                self.ships[ship].add(Token::Stress, 1);
                self.step(format!("{name}: red maneuver"), format!("Game effect first: {name} gains 1 stress for the red maneuver, before any ability of this timing."), rules::STRESS, false)
            }
            Colour::Blue if self.ships[ship].stressed() => {
                self.ships[ship].take(Token::Stress, 1);
                self.step(
                    format!("{name}: blue maneuver"),
                    format!("Game effect first: {name} removes 1 stress for the blue maneuver."),
                    rules::STRESS,
                    false,
                )
            }
            _ => Ok(()),
        }
    }

    /// Ship `a` has moved to range `band` of ship `b`, as the scenario states.
    fn moved_to_range(&mut self, a: usize, b: usize, band: u8) -> Result<(), Stop> {
        self.ranges[a].insert(b, band);
        self.ranges[b].insert(a, band);
        let (na, nb) = (self.ship_name(a).to_string(), self.ship_name(b).to_string());
        self.step(
            format!("{na} has moved"),
            format!("After moving, {na} is at range {band} of {nb} (as the scenario states)."),
            rules::ACTIONS,
            false,
        )
    }

    /// Ship `a` has moved out of ship `b`'s firing arc, as the scenario states.
    fn moved_out_of_arc(&mut self, a: usize, b: usize) -> Result<(), Stop> {
        self.arcs[b].retain(|&x| x != a);
        let (na, nb) = (self.ship_name(a).to_string(), self.ship_name(b).to_string());
        self.step(
            format!("{na} has moved"),
            format!("After moving, {na} is outside {nb}'s firing arc (as the scenario states)."),
            rules::ACTIONS,
            false,
        )
    }

    /// The start, end or middle of a phase: the abilities of that timing apply now.
    fn phase(&mut self, moment: Moment, phase: Phase) -> Result<(), Stop> {
        let rule = match phase.as_str() {
            "setup" => rules::SETUP,
            "planning" => rules::PLANNING,
            "system" => rules::SYSTEM,
            "activation" => rules::ACTIVATION,
            "engagement" => rules::ENGAGEMENT,
            _ => rules::END,
        };
        self.step(
            format!(
                "{} of the {} phase",
                capital(moment_word(moment)),
                phase.as_str()
            ),
            "Abilities with this timing apply now.",
            rule,
            false,
        )?;
        self.happen(Happened {
            kind: EventKind::Phase(phase),
            moment,
            actor: None,
            action: None,
            colour: None,
            token: None,
            speed: None,
        });
        Ok(())
    }

    /// The ship activates, reveals its dial or engages; abilities after it apply.
    fn turn_step(
        &mut self,
        ship: usize,
        kind: EventKind,
        colour: Option<Colour>,
    ) -> Result<(), Stop> {
        let name = self.ship_name(ship).to_string();
        let (event, rule) = match kind {
            EventKind::Activate => (format!("{name} activates"), rules::ACTIVATION),
            EventKind::Reveal => (
                match colour {
                    Some(c) => format!("{name} reveals a {} maneuver", c.as_str()),
                    None => format!("{name} reveals its dial"),
                },
                rules::ACTIVATION,
            ),
            _ => (format!("{name} engages"), rules::ENGAGEMENT),
        };
        if self.ships[ship].removed {
            return self.step(
                event,
                format!("{name} has left the play area."),
                rules::DESTRUCTION,
                false,
            );
        }
        self.step(
            event,
            "Abilities that apply after it now apply.",
            rule,
            false,
        )?;
        self.happen(Happened {
            colour,
            ..Happened::after(kind, ship)
        });
        Ok(())
    }
}
