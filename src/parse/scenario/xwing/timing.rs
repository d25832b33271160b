//! The `timing` of an X-Wing ability: the moment it applies and the event it waits for.

use super::words::{
    Action, Colour, EventKind, Grammar, Moment, Phase, Subject, Timing, Token, parse_range,
};
use crate::parse::scenario::words::Word;
use crate::report::{Code, Finding};
use std::ops::Range;

impl Grammar<'_> {
    /// `after self perform boost|barrel-roll`, `start engagement`, `would self gain jam|ion`, …
    pub fn timing(&self, words: &[Word], whole: Range<usize>) -> Result<Timing, Finding> {
        let Some(first) = words.first() else {
            return Err(
                Finding::error(Code::ScenarioBadTiming, "the timing is empty")
                    .at(self.file, whole)
                    .label("no words")
                    .help("write e.g. `after self perform boost` or `start engagement`"),
            );
        };
        let moment = self.moment(first)?;
        let timing = Timing {
            moment,
            subject: Subject::Own,
            event: None,
            actions: Vec::new(),
            colours: Vec::new(),
            tokens: Vec::new(),
            speeds: None,
        };
        let rest = words.get(1..).unwrap_or_default();
        let end = self.end_of(words, &whole);
        match moment {
            Moment::Constant => self.constant_timing(timing, rest),
            Moment::DiceMod => self.attack_step_timing(timing, rest, end),
            Moment::Start | Moment::End | Moment::During => {
                self.phase_timing(timing, first, rest, end)
            }
            _ => self.event_timing(timing, words, rest, end),
        }
    }

    /// The timing's first word.
    fn moment(&self, first: &Word) -> Result<Moment, Finding> {
        Ok(match first.text.as_str() {
            "after" => Moment::After,
            "before" => Moment::Before,
            "start" => Moment::Start,
            "end" => Moment::End,
            "during" => Moment::During,
            "would" => Moment::Would,
            "constant" => Moment::Constant,
            "while" => Moment::DiceMod,
            other => {
                return Err(self.err(
                    Code::ScenarioBadTiming,
                    first,
                    format!("`{other}` is not a timing word"),
                    "unknown timing word",
                    "a timing starts with `after`, `before`, `start`, `end`, `during`, `would`, `while` or `constant`".into(),
                ));
            }
        })
    }

    /// `constant`: nothing may follow.
    fn constant_timing(&self, timing: Timing, rest: &[Word]) -> Result<Timing, Finding> {
        if let Some(extra) = rest.first() {
            return Err(self.err(
                Code::ScenarioBadTiming,
                extra,
                "a constant ability has no event".into(),
                "not expected here",
                "write just `constant`".into(),
            ));
        }
        Ok(timing)
    }

    /// `while …`: the ship modifies its dice (`modify-attack`, `modify-defense`) or the
    /// ability is in effect during an attack (`attacking`, `defending`, `<who> attack|defend`).
    fn attack_step_timing(
        &self,
        mut timing: Timing,
        rest: &[Word],
        end: Range<usize>,
    ) -> Result<Timing, Finding> {
        let words_after: Vec<&str> = rest.iter().map(|w| w.text.as_str()).collect();
        match words_after.as_slice() {
            // The ship modifies its own dice: attack dice as the attacker, defense
            // dice as the defender.
            ["modify-attack"] => timing.event = Some(EventKind::Attack),
            ["modify-defense"] => timing.event = Some(EventKind::Defend),
            // "While you perform an attack" / "while you defend".
            ["attacking"] => {
                timing.moment = Moment::While;
                timing.event = Some(EventKind::Attack);
            }
            ["defending"] => {
                timing.moment = Moment::While;
                timing.event = Some(EventKind::Defend);
            }
            [subject, event @ ("attack" | "defend")] if Subject::parse(subject).is_some() => {
                timing.moment = Moment::While;
                timing.subject = Subject::parse(subject).unwrap_or(Subject::Own);
                timing.event = EventKind::parse(event);
            }
            _ => {
                let at = rest.first().map_or(end, |w| w.span.clone());
                return Err(Finding::error(Code::ScenarioBadTiming, "`while` names no attack step")
                    .at(self.file, at)
                    .label("expected `modify-attack`, `modify-defense`, `attacking`, `defending` or `<who> attack|defend`")
                    .help("write `while modify-attack`, `while attacking`, `while defending` or `while enemy attack` (the subject is `self`, `friendly`, `enemy` or `any`)"));
            }
        }
        Ok(timing)
    }

    /// `start|end|during <phase>`.
    fn phase_timing(
        &self,
        mut timing: Timing,
        first: &Word,
        rest: &[Word],
        end: Range<usize>,
    ) -> Result<Timing, Finding> {
        let Some(word) = rest.first() else {
            return Err(Finding::error(
                Code::ScenarioBadTiming,
                format!("`{}` names no phase", first.text),
            )
            .at(self.file, end)
            .label("a phase is missing here")
            .help(format!("name a phase: {}", Phase::list())));
        };
        let Some(phase) = Phase::parse(&word.text) else {
            return Err(self.err(
                Code::ScenarioBadTiming,
                word,
                format!("`{}` is not a phase", word.text),
                "unknown phase",
                format!("the phases are {}", Phase::list()),
            ));
        };
        if let Some(extra) = rest.get(1) {
            return Err(self.err(
                Code::ScenarioBadTiming,
                extra,
                "nothing may follow the phase".into(),
                "not expected here",
                format!("write `{} {}`", first.text, word.text),
            ));
        }
        timing.event = Some(EventKind::Phase(phase));
        Ok(timing)
    }

    /// `after|before|would [<subject>] <event> [<filters>]`.
    fn event_timing(
        &self,
        mut timing: Timing,
        words: &[Word],
        mut rest: &[Word],
        end: Range<usize>,
    ) -> Result<Timing, Finding> {
        if let Some(subject) = rest.first().and_then(|w| Subject::parse(&w.text)) {
            timing.subject = subject;
            rest = rest.get(1..).unwrap_or_default();
        }
        let Some(event_word) = rest.first() else {
            return Err(Finding::error(Code::ScenarioBadTiming, format!("the timing `{}` names no event", words.iter().map(|w| w.text.as_str()).collect::<Vec<_>>().join(" ")))
                .at(self.file, end)
                .label("an event is missing here")
                .help("name the event after the subject: `perform`, `execute`, `fully-execute`, `gain`, `remove`, `destroyed`, `attack`, `defend`, `activate`, `reveal` or `engage`"));
        };
        let event = self.event(timing.moment, event_word)?;
        timing.event = Some(event);
        for word in rest.get(1..).unwrap_or_default() {
            for part in word.text.split('|') {
                self.event_filter(&mut timing, event, event_word, word, part)?;
            }
        }
        Ok(timing)
    }

    /// The event word, checked against the moments it is modelled with.
    fn event(&self, moment: Moment, event_word: &Word) -> Result<EventKind, Finding> {
        let Some(event) = EventKind::parse(&event_word.text) else {
            return Err(self.err(
                Code::ScenarioBadTiming,
                event_word,
                format!("`{}` names no event", event_word.text),
                "not an event",
                "the events are `perform`, `execute`, `fully-execute`, `gain`, `remove`, `destroyed`, `attack`, `defend`, `activate`, `reveal` and `engage`, optionally after `self`, `friendly`, `enemy` or `any`".into(),
            ));
        };
        if moment == Moment::Would && event != EventKind::Gain {
            return Err(self.err(
                Code::ScenarioBadTiming,
                event_word,
                "replacement timings are modelled for `gain` only".into(),
                "not supported with `would`",
                "write e.g. `would self gain jam|ion`".into(),
            ));
        }
        if moment == Moment::Before && matches!(event, EventKind::Attack | EventKind::Defend) {
            return Err(self.err(
                Code::ScenarioBadTiming,
                event_word,
                format!("`before … {}` is not modelled", event_word.text),
                "not supported with `before`",
                "an attack's abilities apply `while` it happens (`while attacking`) or `after` it (`after self attack`, `after self defend`)".into(),
            ));
        }
        Ok(event)
    }

    /// One `|`-separated part of a word after the event: which actions, colours, speeds or
    /// tokens the event is narrowed to.
    fn event_filter(
        &self,
        timing: &mut Timing,
        event: EventKind,
        event_word: &Word,
        word: &Word,
        part: &str,
    ) -> Result<(), Finding> {
        match event {
            EventKind::Perform => {
                if let Some(a) = Action::parse(part) {
                    timing.actions.push(a);
                } else if let Some(c) = Colour::parse(part) {
                    timing.colours.push(c);
                } else {
                    return Err(self.err(
                        Code::ScenarioBadTiming,
                        word,
                        format!("`{part}` is not an action or a colour"),
                        "unknown word",
                        format!("actions: {}", Action::list()),
                    ));
                }
            }
            EventKind::Execute | EventKind::FullyExecute => {
                if let Some(c) = Colour::parse(part) {
                    timing.colours.push(c);
                } else if let Some(range) = parse_range(part) {
                    timing.speeds = Some(range);
                } else {
                    return Err(self.err(Code::ScenarioBadTiming, word, format!("`{part}` is not a colour or a speed"), "unknown word", "filter maneuvers by colour (`white`, `red`, `blue`, `purple`) or speed (`3-5`)".into()));
                }
            }
            EventKind::Gain | EventKind::Remove => match Token::parse(part) {
                Some(t) => timing.tokens.push(t),
                None => {
                    return Err(self.err(
                        Code::ScenarioBadTiming,
                        word,
                        format!("`{part}` is not a token"),
                        "unknown token",
                        format!("tokens: {}", Token::list()),
                    ));
                }
            },
            EventKind::Reveal => match Colour::parse(part) {
                Some(c) => timing.colours.push(c),
                None => {
                    return Err(self.err(
                        Code::ScenarioBadTiming,
                        word,
                        format!("`{part}` is not a colour"),
                        "unknown word",
                        "filter the revealed maneuver by colour (`white`, `red`, `blue`, `purple`)"
                            .into(),
                    ));
                }
            },
            EventKind::Destroyed
            | EventKind::Attack
            | EventKind::Defend
            | EventKind::Activate
            | EventKind::Engage
            | EventKind::Phase(_) => {
                return Err(self.err(
                    Code::ScenarioBadTiming,
                    word,
                    format!("nothing may follow `{}`", event_word.text),
                    "not expected here",
                    format!("write e.g. `after self {}`", event_word.text),
                ));
            }
        }
        Ok(())
    }
}
