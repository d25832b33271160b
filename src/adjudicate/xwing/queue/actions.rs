//! Performing actions: stress, red and purple actions, each action once per round.

use super::*;

impl Engine<'_> {
    pub(super) fn perform(
        &mut self,
        ship: usize,
        actions: &[Action],
        colour: Colour,
        even_stressed: bool,
        ctx: &Ctx,
    ) -> Result<(), Stop> {
        let name = self.ship_name(ship).to_string();
        let mut choice = false;
        let action = if actions.len() == 1 {
            actions[0]
        } else {
            let given = ctx
                .ability
                .and_then(|a| self.sc.abilities[a].pick.get(ctx.resolution).cloned());
            match given {
                Some((x, span)) => {
                    if !actions.contains(&x) {
                        return Err(Stop::Finding(
                            Finding::error(
                                Code::ScenarioIllegalChoice,
                                format!(
                                    "`{}` is not one of the actions this effect offers",
                                    x.as_str()
                                ),
                            )
                            .at(self.sc.file, span)
                            .label("not offered here")
                            .help(format!(
                                "pick one of {}",
                                actions
                                    .iter()
                                    .map(|a| format!("`{}`", a.as_str()))
                                    .collect::<Vec<_>>()
                                    .join(", ")
                            )),
                        ));
                    }
                    x
                }
                None => {
                    choice = true;
                    actions
                        .iter()
                        .copied()
                        .find(|x| !self.ships[ship].actions.contains(x))
                        .unwrap_or(actions[0])
                }
            }
        };
        let event = format!("{name} performs {}", action.as_str());
        let picked = if choice {
            " (choice not given: first legal option)"
        } else {
            ""
        };
        if self.ships[ship].removed {
            return self.step(
                event,
                format!("{name} has left the play area."),
                rules::DESTRUCTION,
                choice,
            );
        }
        if self.ships[ship].stressed() && !even_stressed {
            return self.step(
                event,
                format!(
                    "{name} is stressed, so it cannot perform the {} action{picked}.",
                    action.as_str()
                ),
                rules::STRESS,
                choice,
            );
        }
        if self.ships[ship].actions.contains(&action) {
            return self.step(event, format!("{name} has already performed the {} action this round and cannot perform it again{picked}.", action.as_str()), rules::ACTIONS, choice);
        }
        if colour == Colour::Purple {
            if self.ships[ship].force == 0 {
                return self.step(
                    event,
                    format!("{name} has no Force to pay for a purple action."),
                    rules::ACTIONS,
                    choice,
                );
            }
            self.ships[ship].force -= 1;
        }
        self.ships[ship].actions.push(action);
        let token = rules::action_token(action);
        if let Some(t) = token {
            self.ships[ship].add(t, 1);
        }
        let mut outcome = format!(
            "{name} performs a {} {} action{picked}",
            colour.as_str(),
            action.as_str()
        );
        if colour == Colour::Purple {
            outcome.push_str(", spending 1 Force to attempt it");
        }
        if even_stressed && self.ships[ship].stressed() {
            outcome.push_str(" although stressed, as the effect allows");
        }
        if let Some(t) = token {
            outcome.push_str(&format!(" and gains 1 {} token", t.as_str()));
        }
        outcome.push('.');
        self.step(event, outcome, rules::ACTIONS, choice)?;
        if colour == Colour::Red {
            self.ships[ship].add(Token::Stress, 1);
            self.step(format!("{name}: red action"), format!("Game effect first: {name} gains 1 stress for the red action, before any ability this action triggers."), rules::QUEUE, false)?;
        }
        let mut groups = Vec::new();
        let triggered = self.matching(&Happened {
            action: Some(action),
            colour: Some(colour),
            ..Happened::after(EventKind::Perform, ship)
        });
        groups.extend(triggered);
        if let Some(t) = token {
            groups.extend(self.matching(&Happened {
                token: Some(t),
                ..Happened::after(EventKind::Gain, ship)
            }));
        }
        if !groups.is_empty() {
            self.pending.push(groups);
        }
        Ok(())
    }
}
