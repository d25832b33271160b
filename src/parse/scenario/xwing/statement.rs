//! X-Wing statements: a top-level `event` of a scenario or one effect of an ability,
//! `[<who>] <verb> <arguments>`.

use super::words::{
    Action, BEARINGS, Colour, Count, EventKind, Grammar, Moment, Phase, Side, Stmt, Token,
    TokenSel, Who, parse_range,
};
use crate::parse::scenario::words::Word;
use crate::report::{Code, Finding};
use std::ops::Range;

const EFFECT_VERBS: &str = "`perform`, `gain`, `remove`, `transfer`, `suffer`, `lose-shield`, `recover-shield`, `execute`, `fully-execute`, `attack`, `choose`, `at-range`, `leave-arc`, `activate`, `reveal`, `engage`";

impl Grammar<'_> {
    /// A top-level event (`jake perform barrel-roll`, `start engagement`) or an effect
    /// (`perform focus`, `chosen gain jam 2`).
    pub fn statement(
        &self,
        words: &[Word],
        whole: Range<usize>,
        top_level: bool,
    ) -> Result<Stmt, Finding> {
        let Some(first) = words.first() else {
            return Err(
                Finding::error(Code::ScenarioBadStatement, "the statement is empty")
                    .at(self.file, whole)
                    .label("no words")
                    .help(format!("start with a verb: {EFFECT_VERBS}")),
            );
        };
        let end = self.end_of(words, &whole);
        if top_level && matches!(first.text.as_str(), "start" | "end" | "during") {
            return self.phase_event(first, words.get(1), end);
        }
        let (who, rest) = self.statement_subject(first, words, top_level)?;
        let Some(verb) = rest.first() else {
            return Err(
                Finding::error(Code::ScenarioBadStatement, "the statement has no verb")
                    .at(self.file, end)
                    .label("a verb is missing here")
                    .help(format!("the verbs are {EFFECT_VERBS}")),
            );
        };
        let args = VerbArgs {
            grammar: self,
            verb,
            args: rest.get(1..).unwrap_or_default(),
            end,
            top_level,
        };
        let stmt = match verb.text.as_str() {
            "perform" => args.perform(who)?,
            "gain" => args.gain(who)?,
            "remove" => args.remove(who)?,
            "transfer" => args.transfer(who)?,
            "suffer" => Stmt::Suffer {
                who,
                n: args.lone_number()?,
            },
            "lose-shield" => Stmt::LoseShield {
                who,
                n: args.lone_number()?,
            },
            "recover-shield" => Stmt::RecoverShield {
                who,
                n: args.lone_number()?,
            },
            "execute" | "fully-execute" => args.execute(who)?,
            "attack" => args.attack(who)?,
            "at-range" | "leave-arc" => args.placement(who)?,
            "activate" | "reveal" | "engage" => args.turn_step(who)?,
            "choose" => {
                if who != Who::Own {
                    return Err(self.err(
                        Code::ScenarioBadStatement,
                        first,
                        "only the ship with the ability chooses".into(),
                        "not expected here",
                        "write `choose friendly range 0-1`".into(),
                    ));
                }
                args.choose()?
            }
            other => {
                return Err(self.err(
                    Code::ScenarioBadStatement,
                    verb,
                    format!("`{other}` is not a verb"),
                    "unknown verb",
                    format!("the verbs are {EFFECT_VERBS}"),
                ));
            }
        };
        if top_level && matches!(stmt, Stmt::Choose { .. }) {
            return Err(self.err(
                Code::ScenarioBadStatement,
                verb,
                "`choose` is part of an ability, not an event".into(),
                "not an event",
                "move it into an ability's `effect`".into(),
            ));
        }
        Ok(stmt)
    }

    /// A top-level `start|end|during <phase>`.
    fn phase_event(
        &self,
        first: &Word,
        phase_word: Option<&Word>,
        end: Range<usize>,
    ) -> Result<Stmt, Finding> {
        let moment = match first.text.as_str() {
            "start" => Moment::Start,
            "end" => Moment::End,
            _ => Moment::During,
        };
        let Some(word) = phase_word else {
            return Err(
                Finding::error(Code::ScenarioBadStatement, "the event names no phase")
                    .at(self.file, end)
                    .label("a phase is missing here")
                    .help(format!("the phases are {}", Phase::list())),
            );
        };
        let phase = Phase::parse(&word.text).ok_or_else(|| {
            self.err(
                Code::ScenarioBadStatement,
                word,
                format!("`{}` is not a phase", word.text),
                "unknown phase",
                format!("the phases are {}", Phase::list()),
            )
        })?;
        Ok(Stmt::Phase { moment, phase })
    }

    /// Who the statement is about and the words from its verb on: an effect may leave
    /// out its ship (then it is the ability's own), a top-level event names one.
    fn statement_subject<'w>(
        &self,
        first: &Word,
        words: &'w [Word],
        top_level: bool,
    ) -> Result<(Who, &'w [Word]), Finding> {
        if is_verb(&first.text) && !top_level {
            return Ok((Who::Own, words));
        }
        match self.who(first, top_level) {
            Some(who) => Ok((who, words.get(1..).unwrap_or_default())),
            None if top_level || words.get(1).is_some_and(|w| is_verb(&w.text)) => Err(self.err(
                Code::ScenarioUnknownShip,
                first,
                format!("`{}` is not a ship of this scenario", first.text),
                "unknown ship",
                if top_level {
                    "start the event with a ship id from a [[ship]] table, or `start <phase>`"
                        .into()
                } else {
                    "use `self`, `chosen`, `trigger` or a ship id from a [[ship]] table".into()
                },
            )),
            None => Err(self.err(
                Code::ScenarioBadStatement,
                first,
                format!("`{}` is not a verb", first.text),
                "unknown verb",
                format!("the verbs are {EFFECT_VERBS}"),
            )),
        }
    }
}

/// The words after a statement's verb, read one verb at a time.
struct VerbArgs<'a, 'g> {
    grammar: &'a Grammar<'g>,
    verb: &'a Word,
    args: &'a [Word],
    /// Where a missing word is reported: the end of the statement.
    end: Range<usize>,
    top_level: bool,
}

impl VerbArgs<'_, '_> {
    fn err(&self, code: Code, word: &Word, message: String, label: &str, help: String) -> Finding {
        self.grammar.err(code, word, message, label, help)
    }

    fn missing(&self, what: &str) -> Finding {
        Finding::error(
            Code::ScenarioBadStatement,
            format!("`{}` needs {what}", self.verb.text),
        )
        .at(self.grammar.file, self.end.clone())
        .label(format!("{what} is missing here"))
        .help(format!(
            "see the scenario format: `{}` takes {what}",
            self.verb.text
        ))
    }

    fn number(&self, word: Option<&Word>, default: u32) -> Result<u32, Finding> {
        match word {
            None => Ok(default),
            Some(w) => w.text.parse().map_err(|_| {
                self.err(
                    Code::ScenarioBadStatement,
                    w,
                    format!("`{}` is not a number", w.text),
                    "expected a number",
                    "write a whole number such as `1`".into(),
                )
            }),
        }
    }

    fn token(&self, word: Option<&Word>) -> Result<Token, Finding> {
        let w = word.ok_or_else(|| self.missing("a token"))?;
        Token::parse(&w.text).ok_or_else(|| {
            self.err(
                Code::ScenarioBadStatement,
                w,
                format!("`{}` is not a token", w.text),
                "unknown token",
                format!("tokens: {}", Token::list()),
            )
        })
    }

    /// A ship named by an argument (`to chosen`, `attack kyle`).
    fn ship(&self, word: &Word, help: &str) -> Result<Who, Finding> {
        self.grammar.who(word, self.top_level).ok_or_else(|| {
            self.err(
                Code::ScenarioUnknownShip,
                word,
                format!("`{}` is not a ship of this scenario", word.text),
                "unknown ship",
                help.into(),
            )
        })
    }

    /// Refuses any word from `from` on.
    fn extra(&self, from: usize) -> Result<(), Finding> {
        match self.args.get(from) {
            Some(w) => Err(self.err(
                Code::ScenarioBadStatement,
                w,
                format!("unexpected `{}`", w.text),
                "not expected here",
                format!("`{}` takes fewer words", self.verb.text),
            )),
            None => Ok(()),
        }
    }

    /// `[n]` and nothing else (`suffer`, `lose-shield`, `recover-shield`).
    fn lone_number(&self) -> Result<u32, Finding> {
        let n = self.number(self.args.first(), 1)?;
        self.extra(1)?;
        Ok(n)
    }

    /// `perform <action>|<action>… [<colour>] [even-stressed]`.
    fn perform(&self, who: Who) -> Result<Stmt, Finding> {
        let list = self.args.first().ok_or_else(|| self.missing("an action"))?;
        let mut actions = Vec::new();
        for part in list.text.split('|') {
            actions.push(Action::parse(part).ok_or_else(|| {
                self.err(
                    Code::ScenarioBadStatement,
                    list,
                    format!("`{part}` is not an action"),
                    "unknown action",
                    format!("actions: {}", Action::list()),
                )
            })?);
        }
        let mut colour = Colour::White;
        let mut even_stressed = false;
        for w in self.args.get(1..).unwrap_or_default() {
            if let Some(c) = Colour::parse(&w.text).filter(|c| *c != Colour::Blue) {
                colour = c;
            } else if w.text == "even-stressed" {
                even_stressed = true;
            } else {
                return Err(self.err(Code::ScenarioBadStatement, w, format!("unexpected `{}`", w.text), "not a colour", "after the action write its colour (`white`, `red`, `purple`) and/or `even-stressed`".into()));
            }
        }
        Ok(Stmt::Perform {
            who,
            actions,
            colour,
            even_stressed,
        })
    }

    /// `gain <token> [n]`.
    fn gain(&self, who: Who) -> Result<Stmt, Finding> {
        let token = self.token(self.args.first())?;
        let n = self.number(self.args.get(1), 1)?;
        self.extra(2)?;
        Ok(Stmt::Gain { who, token, n })
    }

    /// `remove <token>|green [n|all]`.
    fn remove(&self, who: Who) -> Result<Stmt, Finding> {
        let w = self
            .args
            .first()
            .ok_or_else(|| self.missing("a token or `green`"))?;
        let token = if w.text == "green" {
            TokenSel::Green
        } else {
            TokenSel::One(self.token(Some(w))?)
        };
        let n = match self.args.get(1) {
            Some(w) if w.text == "all" => Count::All,
            other => Count::N(self.number(other, 1)?),
        };
        self.extra(2)?;
        Ok(Stmt::Remove { who, token, n })
    }

    /// `transfer <token> [n] to <ship>`.
    fn transfer(&self, who: Who) -> Result<Stmt, Finding> {
        let token = self.token(self.args.first())?;
        let (n, to_at) = match self.args.get(1) {
            Some(w) if w.text != "to" => (self.number(Some(w), 1)?, 2),
            _ => (1, 1),
        };
        match self.args.get(to_at) {
            Some(w) if w.text == "to" => {}
            Some(w) => {
                return Err(self.err(
                    Code::ScenarioBadStatement,
                    w,
                    format!("expected `to`, found `{}`", w.text),
                    "expected `to`",
                    "write `transfer focus to chosen`".into(),
                ));
            }
            None => return Err(self.missing("`to` and a ship")),
        }
        let target = self
            .args
            .get(to_at + 1)
            .ok_or_else(|| self.missing("a ship after `to`"))?;
        let to = self.ship(target, "use `self`, `chosen`, `trigger` or a ship id")?;
        self.extra(to_at + 2)?;
        Ok(Stmt::Transfer { who, token, n, to })
    }

    /// `execute|fully-execute <speed> <bearing> <colour>`.
    fn execute(&self, who: Who) -> Result<Stmt, Finding> {
        let speed_word = self
            .args
            .first()
            .ok_or_else(|| self.missing("a speed, a bearing and a colour"))?;
        let speed = speed_word.text.parse().map_err(|_| {
            self.err(
                Code::ScenarioBadStatement,
                speed_word,
                format!("`{}` is not a speed", speed_word.text),
                "expected a number",
                "write e.g. `execute 2 straight white`".into(),
            )
        })?;
        let bearing = self.args.get(1).ok_or_else(|| self.missing("a bearing"))?;
        if !BEARINGS.contains(&bearing.text.as_str()) {
            return Err(self.err(
                Code::ScenarioBadStatement,
                bearing,
                format!("`{}` is not a bearing", bearing.text),
                "unknown bearing",
                format!("bearings: {}", BEARINGS.join(", ")),
            ));
        }
        let colour_word = self.args.get(2).ok_or_else(|| self.missing("a colour"))?;
        let colour = Colour::parse(&colour_word.text).ok_or_else(|| {
            self.err(
                Code::ScenarioBadStatement,
                colour_word,
                format!("`{}` is not a colour", colour_word.text),
                "unknown colour",
                format!("colours: {}", Colour::list()),
            )
        })?;
        self.extra(3)?;
        Ok(Stmt::Execute {
            who,
            speed,
            bearing: bearing.text.clone(),
            colour,
            fully: self.verb.text == "fully-execute",
        })
    }

    /// `attack <ship> [hit N] [crit N]`.
    fn attack(&self, who: Who) -> Result<Stmt, Finding> {
        let target = self
            .args
            .first()
            .ok_or_else(|| self.missing("a defender"))?;
        let target = self.ship(target, "use `chosen`, `trigger` or a ship id")?;
        // `hit N` and `crit N`, in either order, each at most once.
        let (mut hits, mut crits) = (None, None);
        let mut at = 1;
        while let Some(word) = self.args.get(at) {
            let slot = match word.text.as_str() {
                "hit" | "hits" => &mut hits,
                "crit" | "crits" => &mut crits,
                _ => break,
            };
            if slot.is_some() {
                return Err(self.err(
                    Code::ScenarioBadStatement,
                    word,
                    format!("`{}` is given twice", word.text),
                    "given again here",
                    "give `hit N` and `crit N` once each".into(),
                ));
            }
            let count = self
                .args
                .get(at + 1)
                .ok_or_else(|| self.missing(&format!("a number after `{}`", word.text)))?;
            *slot = Some(self.number(Some(count), 0)?);
            at += 2;
        }
        self.extra(at)?;
        Ok(Stmt::Attack {
            who,
            target,
            hits: hits.unwrap_or(0),
            crits: crits.unwrap_or(0),
        })
    }

    /// Where a ship ends up after it moved: `at-range <ship> <band>`, `leave-arc <ship>`.
    fn placement(&self, who: Who) -> Result<Stmt, Finding> {
        let target = self.args.first().ok_or_else(|| self.missing("a ship"))?;
        let other = self.ship(target, "use `chosen`, `trigger` or a ship id")?;
        if self.verb.text == "leave-arc" {
            self.extra(1)?;
            return Ok(Stmt::LeaveArc { who, of: other });
        }
        let band_word = self
            .args
            .get(1)
            .ok_or_else(|| self.missing("a range band"))?;
        let band = band_word.text.parse().map_err(|_| {
            self.err(
                Code::ScenarioBadStatement,
                band_word,
                format!("`{}` is not a range band", band_word.text),
                "expected a number",
                "write e.g. `at-range kyle 3`".into(),
            )
        })?;
        self.extra(2)?;
        Ok(Stmt::AtRange { who, other, band })
    }

    /// `activate`, `engage`, `reveal [<colour>]`: a step of the ship's own turn.
    fn turn_step(&self, who: Who) -> Result<Stmt, Finding> {
        let kind = EventKind::parse(&self.verb.text).unwrap_or(EventKind::Engage);
        let mut colour = None;
        if kind == EventKind::Reveal
            && let Some(w) = self.args.first()
        {
            colour = Some(Colour::parse(&w.text).ok_or_else(|| {
                self.err(
                    Code::ScenarioBadStatement,
                    w,
                    format!("`{}` is not a colour", w.text),
                    "unknown colour",
                    format!("the revealed maneuver's colour: {}", Colour::list()),
                )
            })?);
            self.extra(1)?;
        } else {
            self.extra(0)?;
        }
        Ok(Stmt::Step { who, kind, colour })
    }

    /// `choose [each] <side> [range <a>-<b>] [in-arc] [bullseye] [other]`.
    fn choose(&self) -> Result<Stmt, Finding> {
        let each = self.args.first().is_some_and(|w| w.text == "each");
        let args = if each {
            self.args.get(1..).unwrap_or_default()
        } else {
            self.args
        };
        let side_word = args
            .first()
            .ok_or_else(|| self.missing("`friendly`, `enemy` or `any`"))?;
        let side = Side::parse(&side_word.text).ok_or_else(|| {
            self.err(
                Code::ScenarioBadStatement,
                side_word,
                format!("`{}` is not a side", side_word.text),
                "expected a side",
                format!("sides: {}", Side::list()),
            )
        })?;
        let mut range = (0, 3);
        let (mut in_arc, mut bullseye, mut other) = (false, false, false);
        let mut i = 1;
        while let Some(w) = args.get(i) {
            match w.text.as_str() {
                "range" => {
                    let r = args
                        .get(i + 1)
                        .ok_or_else(|| self.missing("a range after `range`"))?;
                    range = parse_range(&r.text).ok_or_else(|| {
                        self.err(
                            Code::ScenarioBadStatement,
                            r,
                            format!("`{}` is not a range", r.text),
                            "expected a range",
                            "write e.g. `0-1` or `2`".into(),
                        )
                    })?;
                    i += 1;
                }
                "in-arc" => in_arc = true,
                "bullseye" => bullseye = true,
                "other" => other = true,
                _ => {
                    return Err(self.err(
                        Code::ScenarioBadStatement,
                        w,
                        format!("unexpected `{}`", w.text),
                        "unknown filter",
                        "filters: `range <a>-<b>`, `in-arc`, `bullseye`, `other` (not itself)"
                            .into(),
                    ));
                }
            }
            i += 1;
        }
        Ok(Stmt::Choose {
            side,
            range,
            in_arc,
            bullseye,
            other,
            each,
        })
    }
}

fn is_verb(word: &str) -> bool {
    matches!(
        word,
        "perform"
            | "gain"
            | "remove"
            | "transfer"
            | "suffer"
            | "lose-shield"
            | "recover-shield"
            | "execute"
            | "fully-execute"
            | "attack"
            | "choose"
            | "at-range"
            | "leave-arc"
            | "activate"
            | "reveal"
            | "engage"
    )
}
