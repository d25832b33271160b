//! The X-Wing words of scenario files: timings, effects, requirements and costs.

use crate::parse::scenario::words::{Word, bad_word, word_enum};
use crate::report::{Code, FileId, Finding};
use std::ops::Range;

word_enum!(
    /// The X-Wing actions a scenario can name.
    Action {
        Barrel = "barrel-roll",
        Boost = "boost",
        Calculate = "calculate",
        Cloak = "cloak",
        Coordinate = "coordinate",
        Evade = "evade",
        Focus = "focus",
        Jam = "jam",
        Lock = "lock",
        Reinforce = "reinforce",
        Reload = "reload",
        Rotate = "rotate",
        Slam = "slam",
    }
);

word_enum!(
    /// Difficulty of an action or a maneuver.
    Colour {
        White = "white",
        Red = "red",
        Purple = "purple",
        Blue = "blue",
    }
);

word_enum!(
    /// Tokens a ship can have.
    Token {
        Calculate = "calculate",
        Cloak = "cloak",
        Deplete = "deplete",
        Disarm = "disarm",
        Evade = "evade",
        Focus = "focus",
        Ion = "ion",
        Jam = "jam",
        Reinforce = "reinforce",
        Strain = "strain",
        Stress = "stress",
        Tractor = "tractor",
    }
);

word_enum!(
    /// The phases of an X-Wing round.
    Phase {
        Planning = "planning",
        System = "system",
        Activation = "activation",
        Engagement = "engagement",
        End = "end",
    }
);

word_enum!(
    /// Whose event triggers an ability, seen from the ship that has the ability.
    Subject {
        Own = "self",
        Friendly = "friendly",
        Enemy = "enemy",
        Any = "any",
    }
);

/// What kind of game event a timing waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EventKind {
    Perform,
    Execute,
    FullyExecute,
    Gain,
    Remove,
    Destroyed,
    /// The ship performs an attack (it is the attacker).
    Attack,
    /// The ship defends (it is the defender of an attack).
    Defend,
    Phase(Phase),
}

impl EventKind {
    const WORDS: &'static [(&'static str, EventKind)] = &[
        ("perform", EventKind::Perform),
        ("execute", EventKind::Execute),
        ("fully-execute", EventKind::FullyExecute),
        ("gain", EventKind::Gain),
        ("remove", EventKind::Remove),
        ("destroyed", EventKind::Destroyed),
        ("attack", EventKind::Attack),
        ("defend", EventKind::Defend),
    ];

    fn parse(word: &str) -> Option<EventKind> {
        Self::WORDS
            .iter()
            .find(|(w, _)| *w == word)
            .map(|(_, k)| *k)
    }

    pub fn verb(self) -> &'static str {
        match self {
            EventKind::Phase(_) => "phase",
            other => Self::WORDS
                .iter()
                .find(|(_, k)| *k == other)
                .map_or("", |(w, _)| w),
        }
    }
}

/// When an ability applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Moment {
    After,
    Before,
    Start,
    End,
    During,
    /// A replacement ("if you would …, instead …"): applies at once, never queued.
    Would,
    /// A constant ability: always on, never queued.
    Constant,
    /// Dice modification while attacking or defending: resolved in its attack step, never queued.
    DiceMod,
    /// "While you perform an attack / while you defend": in effect during the attack's
    /// steps, never queued (`while self attack`, `while attacking`, `while enemy defend`, …).
    While,
}

/// The parsed `timing` of an X-Wing ability.
#[derive(Debug, Clone, PartialEq)]
pub struct Timing {
    pub moment: Moment,
    pub subject: Subject,
    pub event: Option<EventKind>,
    pub actions: Vec<Action>,
    pub colours: Vec<Colour>,
    pub tokens: Vec<Token>,
    pub speeds: Option<(u8, u8)>,
}

impl Timing {
    pub fn queued(&self) -> bool {
        !matches!(
            self.moment,
            Moment::Would | Moment::Constant | Moment::DiceMod | Moment::While
        )
    }
}

/// Who a statement is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Who {
    /// The ship the ability belongs to.
    Own,
    /// The ship chosen by an earlier `choose` of the same ability.
    Chosen,
    /// The ship whose event triggered the ability.
    Trigger,
    /// A ship named by id (top-level events only).
    Ship(usize),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Count {
    N(u32),
    All,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenSel {
    One(Token),
    Green,
}

word_enum!(
    /// Which ships a `choose` may pick.
    Side {
        Friendly = "friendly",
        Enemy = "enemy",
        Any = "any",
    }
);

/// A game event: a top-level `event` of the scenario or one effect of an ability.
#[derive(Debug, Clone, PartialEq)]
pub enum Stmt {
    Perform {
        who: Who,
        actions: Vec<Action>,
        colour: Colour,
        even_stressed: bool,
    },
    Gain {
        who: Who,
        token: Token,
        n: u32,
    },
    Remove {
        who: Who,
        token: TokenSel,
        n: Count,
    },
    Transfer {
        who: Who,
        token: Token,
        n: u32,
        to: Who,
    },
    Suffer {
        who: Who,
        n: u32,
    },
    LoseShield {
        who: Who,
        n: u32,
    },
    RecoverShield {
        who: Who,
        n: u32,
    },
    Execute {
        who: Who,
        speed: u8,
        bearing: String,
        colour: Colour,
        fully: bool,
    },
    /// An attack with its six steps (ATAQUE); `hits`/`crits` are the uncancelled results
    /// the scenario states (the dice themselves are not modelled).
    Attack {
        who: Who,
        target: Who,
        hits: u32,
        crits: u32,
    },
    Choose {
        side: Side,
        range: (u8, u8),
        in_arc: bool,
        bullseye: bool,
        other: bool,
    },
    Phase {
        moment: Moment,
        phase: Phase,
    },
    /// The ship ends up at this range of another ship (after it moved: the scenario states
    /// the geometry).
    AtRange {
        who: Who,
        other: Who,
        band: u8,
    },
    /// The ship is no longer inside the other ship's firing arc (after it moved).
    LeaveArc {
        who: Who,
        of: Who,
    },
}

/// A requirement ("if …") of an ability.
#[derive(Debug, Clone, PartialEq)]
pub struct Req {
    pub who: Who,
    pub pred: Pred,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Pred {
    Stressed,
    NotStressed,
    Has(Token, u32),
    Lacks(Token),
    Range(u8, u8),
    InArcOf(Who),
    InBullseyeOf(Who),
    Shielded,
}

/// A cost of an ability, paid on resolution.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Cost {
    Force(u32),
    Charge(u32),
    Shield(u32),
    Spend(Token, u32),
    Gain(Token, u32),
}

/// Parses statements of one file; `ships` maps an id to its index.
pub struct Grammar<'a> {
    pub file: FileId,
    pub ships: &'a dyn Fn(&str) -> Option<usize>,
}

const EFFECT_VERBS: &str = "`perform`, `gain`, `remove`, `transfer`, `suffer`, `lose-shield`, `recover-shield`, `execute`, `fully-execute`, `attack`, `choose`, `at-range`, `leave-arc`";

impl Grammar<'_> {
    fn err(&self, code: Code, word: &Word, message: String, label: &str, help: String) -> Finding {
        bad_word(self.file, code, word.span.clone(), message, label, help)
    }

    fn end_of(&self, words: &[Word], whole: &Range<usize>) -> Range<usize> {
        words
            .last()
            .map_or(whole.clone(), |w| w.span.end..w.span.end)
    }

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
        let mut timing = Timing {
            moment: Moment::After,
            subject: Subject::Own,
            event: None,
            actions: Vec::new(),
            colours: Vec::new(),
            tokens: Vec::new(),
            speeds: None,
        };
        let moment = match first.text.as_str() {
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
        };
        timing.moment = moment;
        let rest = words.get(1..).unwrap_or_default();
        match moment {
            Moment::Constant => {
                if let Some(extra) = rest.first() {
                    return Err(self.err(
                        Code::ScenarioBadTiming,
                        extra,
                        "a constant ability has no event".into(),
                        "not expected here",
                        "write just `constant`".into(),
                    ));
                }
                return Ok(timing);
            }
            Moment::DiceMod => {
                let words_after: Vec<&str> = rest.iter().map(|w| w.text.as_str()).collect();
                match words_after.as_slice() {
                    // The ship modifies its own dice: attack dice as the attacker, defense
                    // dice as the defender.
                    ["modify-attack"] => {
                        timing.event = Some(EventKind::Attack);
                        return Ok(timing);
                    }
                    ["modify-defense"] => {
                        timing.event = Some(EventKind::Defend);
                        return Ok(timing);
                    }
                    // "While you perform an attack" / "while you defend".
                    ["attacking"] | ["defending"] => {
                        timing.moment = Moment::While;
                        timing.event = Some(if words_after == ["attacking"] {
                            EventKind::Attack
                        } else {
                            EventKind::Defend
                        });
                        return Ok(timing);
                    }
                    [subject, event @ ("attack" | "defend")]
                        if Subject::parse(subject).is_some() =>
                    {
                        timing.moment = Moment::While;
                        timing.subject = Subject::parse(subject).unwrap_or(Subject::Own);
                        timing.event = EventKind::parse(event);
                        return Ok(timing);
                    }
                    _ => {
                        let at = rest
                            .first()
                            .map_or_else(|| self.end_of(words, &whole), |w| w.span.clone());
                        return Err(Finding::error(Code::ScenarioBadTiming, "`while` names no attack step")
                            .at(self.file, at)
                            .label("expected `modify-attack`, `modify-defense`, `attacking`, `defending` or `<who> attack|defend`")
                            .help("write `while modify-attack`, `while attacking`, `while defending` or `while enemy attack` (the subject is `self`, `friendly`, `enemy` or `any`)"));
                    }
                }
            }
            Moment::Start | Moment::End | Moment::During => {
                let Some(word) = rest.first() else {
                    return Err(Finding::error(
                        Code::ScenarioBadTiming,
                        format!("`{}` names no phase", first.text),
                    )
                    .at(self.file, self.end_of(words, &whole))
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
                return Ok(timing);
            }
            _ => {}
        }
        let mut rest = rest;
        if let Some(subject) = rest.first().and_then(|w| Subject::parse(&w.text)) {
            timing.subject = subject;
            rest = rest.get(1..).unwrap_or_default();
        }
        let Some(event_word) = rest.first() else {
            return Err(Finding::error(Code::ScenarioBadTiming, format!("the timing `{}` names no event", words.iter().map(|w| w.text.as_str()).collect::<Vec<_>>().join(" ")))
                .at(self.file, self.end_of(words, &whole))
                .label("an event is missing here")
                .help("name the event after the subject: `perform`, `execute`, `fully-execute`, `gain`, `remove`, `destroyed`, `attack` or `defend`"));
        };
        let Some(event) = EventKind::parse(&event_word.text) else {
            return Err(self.err(
                Code::ScenarioBadTiming,
                event_word,
                format!("`{}` names no event", event_word.text),
                "not an event",
                "the events are `perform`, `execute`, `fully-execute`, `gain`, `remove`, `destroyed`, `attack` and `defend`, optionally after `self`, `friendly`, `enemy` or `any`".into(),
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
        timing.event = Some(event);
        for word in rest.get(1..).unwrap_or_default() {
            for part in word.text.split('|') {
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
                    EventKind::Destroyed
                    | EventKind::Attack
                    | EventKind::Defend
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
            }
        }
        Ok(timing)
    }

    fn who(&self, word: &Word, top_level: bool) -> Option<Who> {
        match word.text.as_str() {
            "self" if !top_level => Some(Who::Own),
            "chosen" if !top_level => Some(Who::Chosen),
            "trigger" if !top_level => Some(Who::Trigger),
            id => (self.ships)(id).map(Who::Ship),
        }
    }

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
        if top_level && matches!(first.text.as_str(), "start" | "end" | "during") {
            let moment = match first.text.as_str() {
                "start" => Moment::Start,
                "end" => Moment::End,
                _ => Moment::During,
            };
            let Some(word) = words.get(1) else {
                return Err(
                    Finding::error(Code::ScenarioBadStatement, "the event names no phase")
                        .at(self.file, self.end_of(words, &whole))
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
            return Ok(Stmt::Phase { moment, phase });
        }
        let (who, rest) = if is_verb(&first.text) && !top_level {
            (Who::Own, words)
        } else {
            match self.who(first, top_level) {
                Some(who) => (who, words.get(1..).unwrap_or_default()),
                None if top_level || words.get(1).is_some_and(|w| is_verb(&w.text)) => {
                    return Err(self.err(
                        Code::ScenarioUnknownShip,
                        first,
                        format!("`{}` is not a ship of this scenario", first.text),
                        "unknown ship",
                        if top_level {
                            "start the event with a ship id from a [[ship]] table, or `start <phase>`".into()
                        } else {
                            "use `self`, `chosen`, `trigger` or a ship id from a [[ship]] table".into()
                        },
                    ));
                }
                None => {
                    return Err(self.err(
                        Code::ScenarioBadStatement,
                        first,
                        format!("`{}` is not a verb", first.text),
                        "unknown verb",
                        format!("the verbs are {EFFECT_VERBS}"),
                    ));
                }
            }
        };
        let Some(verb) = rest.first() else {
            return Err(
                Finding::error(Code::ScenarioBadStatement, "the statement has no verb")
                    .at(self.file, self.end_of(words, &whole))
                    .label("a verb is missing here")
                    .help(format!("the verbs are {EFFECT_VERBS}")),
            );
        };
        let args = rest.get(1..).unwrap_or_default();
        let missing = |what: &str| {
            Finding::error(
                Code::ScenarioBadStatement,
                format!("`{}` needs {what}", verb.text),
            )
            .at(self.file, self.end_of(words, &whole))
            .label(format!("{what} is missing here"))
            .help(format!(
                "see the scenario format: `{}` takes {what}",
                verb.text
            ))
        };
        let number = |word: Option<&Word>, default: u32| -> Result<u32, Finding> {
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
        };
        let token = |word: Option<&Word>| -> Result<Token, Finding> {
            let w = word.ok_or_else(|| missing("a token"))?;
            Token::parse(&w.text).ok_or_else(|| {
                self.err(
                    Code::ScenarioBadStatement,
                    w,
                    format!("`{}` is not a token", w.text),
                    "unknown token",
                    format!("tokens: {}", Token::list()),
                )
            })
        };
        let extra = |from: usize| -> Result<(), Finding> {
            match args.get(from) {
                Some(w) => Err(self.err(
                    Code::ScenarioBadStatement,
                    w,
                    format!("unexpected `{}`", w.text),
                    "not expected here",
                    format!("`{}` takes fewer words", verb.text),
                )),
                None => Ok(()),
            }
        };
        let stmt = match verb.text.as_str() {
            "perform" => {
                let list = args.first().ok_or_else(|| missing("an action"))?;
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
                for w in args.get(1..).unwrap_or_default() {
                    if let Some(c) = Colour::parse(&w.text).filter(|c| *c != Colour::Blue) {
                        colour = c;
                    } else if w.text == "even-stressed" {
                        even_stressed = true;
                    } else {
                        return Err(self.err(Code::ScenarioBadStatement, w, format!("unexpected `{}`", w.text), "not a colour", "after the action write its colour (`white`, `red`, `purple`) and/or `even-stressed`".into()));
                    }
                }
                Stmt::Perform {
                    who,
                    actions,
                    colour,
                    even_stressed,
                }
            }
            "gain" => {
                let token = token(args.first())?;
                let n = number(args.get(1), 1)?;
                extra(2)?;
                Stmt::Gain { who, token, n }
            }
            "remove" => {
                let w = args.first().ok_or_else(|| missing("a token or `green`"))?;
                let token = if w.text == "green" {
                    TokenSel::Green
                } else {
                    TokenSel::One(token(Some(w))?)
                };
                let n = match args.get(1) {
                    Some(w) if w.text == "all" => Count::All,
                    other => Count::N(number(other, 1)?),
                };
                extra(2)?;
                Stmt::Remove { who, token, n }
            }
            "transfer" => {
                let token = token(args.first())?;
                let (n, to_at) = match args.get(1) {
                    Some(w) if w.text != "to" => (number(Some(w), 1)?, 2),
                    _ => (1, 1),
                };
                match args.get(to_at) {
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
                    None => return Err(missing("`to` and a ship")),
                }
                let target = args
                    .get(to_at + 1)
                    .ok_or_else(|| missing("a ship after `to`"))?;
                let to = self.who(target, top_level).ok_or_else(|| {
                    self.err(
                        Code::ScenarioUnknownShip,
                        target,
                        format!("`{}` is not a ship of this scenario", target.text),
                        "unknown ship",
                        "use `self`, `chosen`, `trigger` or a ship id".into(),
                    )
                })?;
                extra(to_at + 2)?;
                Stmt::Transfer { who, token, n, to }
            }
            "suffer" => {
                let n = number(args.first(), 1)?;
                extra(1)?;
                Stmt::Suffer { who, n }
            }
            "lose-shield" => {
                let n = number(args.first(), 1)?;
                extra(1)?;
                Stmt::LoseShield { who, n }
            }
            "recover-shield" => {
                let n = number(args.first(), 1)?;
                extra(1)?;
                Stmt::RecoverShield { who, n }
            }
            "execute" | "fully-execute" => {
                let speed_word = args
                    .first()
                    .ok_or_else(|| missing("a speed, a bearing and a colour"))?;
                let speed = speed_word.text.parse().map_err(|_| {
                    self.err(
                        Code::ScenarioBadStatement,
                        speed_word,
                        format!("`{}` is not a speed", speed_word.text),
                        "expected a number",
                        "write e.g. `execute 2 straight white`".into(),
                    )
                })?;
                let bearing = args.get(1).ok_or_else(|| missing("a bearing"))?;
                if !BEARINGS.contains(&bearing.text.as_str()) {
                    return Err(self.err(
                        Code::ScenarioBadStatement,
                        bearing,
                        format!("`{}` is not a bearing", bearing.text),
                        "unknown bearing",
                        format!("bearings: {}", BEARINGS.join(", ")),
                    ));
                }
                let colour_word = args.get(2).ok_or_else(|| missing("a colour"))?;
                let colour = Colour::parse(&colour_word.text).ok_or_else(|| {
                    self.err(
                        Code::ScenarioBadStatement,
                        colour_word,
                        format!("`{}` is not a colour", colour_word.text),
                        "unknown colour",
                        format!("colours: {}", Colour::list()),
                    )
                })?;
                extra(3)?;
                Stmt::Execute {
                    who,
                    speed,
                    bearing: bearing.text.clone(),
                    colour,
                    fully: verb.text == "fully-execute",
                }
            }
            "attack" => {
                let target = args.first().ok_or_else(|| missing("a defender"))?;
                let target_who = self.who(target, top_level).ok_or_else(|| {
                    self.err(
                        Code::ScenarioUnknownShip,
                        target,
                        format!("`{}` is not a ship of this scenario", target.text),
                        "unknown ship",
                        "use `chosen`, `trigger` or a ship id".into(),
                    )
                })?;
                // `hit N` and `crit N`, in either order, each at most once.
                let (mut hits, mut crits) = (None, None);
                let mut at = 1;
                while let Some(word) = args.get(at) {
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
                    let count = args
                        .get(at + 1)
                        .ok_or_else(|| missing(&format!("a number after `{}`", word.text)))?;
                    *slot = Some(number(Some(count), 0)?);
                    at += 2;
                }
                extra(at)?;
                Stmt::Attack {
                    who,
                    target: target_who,
                    hits: hits.unwrap_or(0),
                    crits: crits.unwrap_or(0),
                }
            }
            "at-range" | "leave-arc" => {
                let target = args.first().ok_or_else(|| missing("a ship"))?;
                let other = self.who(target, top_level).ok_or_else(|| {
                    self.err(
                        Code::ScenarioUnknownShip,
                        target,
                        format!("`{}` is not a ship of this scenario", target.text),
                        "unknown ship",
                        "use `chosen`, `trigger` or a ship id".into(),
                    )
                })?;
                if verb.text == "leave-arc" {
                    extra(1)?;
                    Stmt::LeaveArc { who, of: other }
                } else {
                    let band_word = args.get(1).ok_or_else(|| missing("a range band"))?;
                    let band = band_word.text.parse().map_err(|_| {
                        self.err(
                            Code::ScenarioBadStatement,
                            band_word,
                            format!("`{}` is not a range band", band_word.text),
                            "expected a number",
                            "write e.g. `at-range kyle 3`".into(),
                        )
                    })?;
                    extra(2)?;
                    Stmt::AtRange { who, other, band }
                }
            }
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
                let side_word = args
                    .first()
                    .ok_or_else(|| missing("`friendly`, `enemy` or `any`"))?;
                let side = Side::parse(&side_word.text).ok_or_else(|| {
                    self.err(
                        Code::ScenarioBadStatement,
                        side_word,
                        format!("`{}` is not a side", side_word.text),
                        "expected a side",
                        format!("sides: {}", Side::list()),
                    )
                })?;
                let mut stmt = Stmt::Choose {
                    side,
                    range: (0, 3),
                    in_arc: false,
                    bullseye: false,
                    other: false,
                };
                let mut i = 1;
                while let Some(w) = args.get(i) {
                    let Stmt::Choose {
                        range,
                        in_arc,
                        bullseye,
                        other,
                        ..
                    } = &mut stmt
                    else {
                        unreachable!()
                    };
                    match w.text.as_str() {
                        "range" => {
                            let r = args
                                .get(i + 1)
                                .ok_or_else(|| missing("a range after `range`"))?;
                            *range = parse_range(&r.text).ok_or_else(|| {
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
                        "in-arc" => *in_arc = true,
                        "bullseye" => *bullseye = true,
                        "other" => *other = true,
                        _ => return Err(self.err(
                            Code::ScenarioBadStatement,
                            w,
                            format!("unexpected `{}`", w.text),
                            "unknown filter",
                            "filters: `range <a>-<b>`, `in-arc`, `bullseye`, `other` (not itself)"
                                .into(),
                        )),
                    }
                    i += 1;
                }
                stmt
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

    /// `not-stressed`, `has focus`, `trigger in-arc`, `trigger range 2`, `self in-arc-of chosen`.
    pub fn requirement(&self, words: &[Word], whole: Range<usize>) -> Result<Req, Finding> {
        let Some(first) = words.first() else {
            return Err(
                Finding::error(Code::ScenarioBadStatement, "the requirement is empty")
                    .at(self.file, whole)
                    .label("no words")
                    .help("write e.g. `not-stressed` or `has focus`"),
            );
        };
        let (who, rest) = match first.text.as_str() {
            "self" => (Who::Own, words.get(1..).unwrap_or_default()),
            "chosen" => (Who::Chosen, words.get(1..).unwrap_or_default()),
            "trigger" => (Who::Trigger, words.get(1..).unwrap_or_default()),
            _ => (Who::Own, words),
        };
        let Some(pred_word) = rest.first() else {
            return Err(Finding::error(
                Code::ScenarioBadStatement,
                "the requirement has no condition",
            )
            .at(self.file, self.end_of(words, &whole))
            .label("a condition is missing here")
            .help(PREDICATES.to_string()));
        };
        let args = rest.get(1..).unwrap_or_default();
        let arg = |i: usize, what: &str| {
            args.get(i).ok_or_else(|| {
                Finding::error(
                    Code::ScenarioBadStatement,
                    format!("`{}` needs {what}", pred_word.text),
                )
                .at(self.file, self.end_of(words, &whole))
                .label(format!("{what} is missing here"))
                .help(PREDICATES.to_string())
            })
        };
        let ship_ref = |w: &Word| {
            match w.text.as_str() {
            "self" => Ok(Who::Own),
            "chosen" => Ok(Who::Chosen),
            "trigger" => Ok(Who::Trigger),
            _ => Err(self.err(Code::ScenarioBadStatement, w, format!("`{}` is not `self`, `chosen` or `trigger`", w.text), "expected a ship reference", "requirements compare the ability's ship (`self`), the `chosen` ship and the `trigger` ship".into())),
        }
        };
        let (pred, used) = match pred_word.text.as_str() {
            "stressed" => (Pred::Stressed, 0),
            "not-stressed" => (Pred::NotStressed, 0),
            "tractored" => (Pred::Has(Token::Tractor, 1), 0),
            "shielded" => (Pred::Shielded, 0),
            "has" | "lacks" => {
                let w = arg(0, "a token")?;
                let t = Token::parse(&w.text).ok_or_else(|| {
                    self.err(
                        Code::ScenarioBadStatement,
                        w,
                        format!("`{}` is not a token", w.text),
                        "unknown token",
                        format!("tokens: {}", Token::list()),
                    )
                })?;
                if pred_word.text == "lacks" {
                    (Pred::Lacks(t), 1)
                } else {
                    match args.get(1) {
                        Some(n) => (
                            Pred::Has(
                                t,
                                n.text.parse().map_err(|_| {
                                    self.err(
                                        Code::ScenarioBadStatement,
                                        n,
                                        format!("`{}` is not a number", n.text),
                                        "expected a number",
                                        "write e.g. `has focus 2`".into(),
                                    )
                                })?,
                            ),
                            2,
                        ),
                        None => (Pred::Has(t, 1), 1),
                    }
                }
            }
            "range" => {
                let w = arg(0, "a range")?;
                let (a, b) = parse_range(&w.text).ok_or_else(|| {
                    self.err(
                        Code::ScenarioBadStatement,
                        w,
                        format!("`{}` is not a range", w.text),
                        "expected a range",
                        "write e.g. `0-2`".into(),
                    )
                })?;
                (Pred::Range(a, b), 1)
            }
            "in-arc" => (Pred::InArcOf(Who::Own), 0),
            "in-bullseye" => (Pred::InBullseyeOf(Who::Own), 0),
            "in-arc-of" => (Pred::InArcOf(ship_ref(arg(0, "a ship")?)?), 1),
            "in-bullseye-of" => (Pred::InBullseyeOf(ship_ref(arg(0, "a ship")?)?), 1),
            other => {
                return Err(self.err(
                    Code::ScenarioBadStatement,
                    pred_word,
                    format!("`{other}` is not a condition"),
                    "unknown condition",
                    PREDICATES.to_string(),
                ));
            }
        };
        if let Some(w) = args.get(used) {
            return Err(self.err(
                Code::ScenarioBadStatement,
                w,
                format!("unexpected `{}`", w.text),
                "not expected here",
                PREDICATES.to_string(),
            ));
        }
        Ok(Req { who, pred })
    }

    /// `spend force`, `spend charge 2`, `spend shield`, `spend focus`, `gain stress`.
    pub fn cost(&self, words: &[Word], whole: Range<usize>) -> Result<Cost, Finding> {
        let help = "costs: `spend force [n]`, `spend charge [n]`, `spend shield [n]`, `spend <token> [n]`, `gain <token> [n]`";
        let Some(first) = words.first() else {
            return Err(
                Finding::error(Code::ScenarioBadStatement, "the cost is empty")
                    .at(self.file, whole)
                    .label("no words")
                    .help(help),
            );
        };
        let what = words.get(1).ok_or_else(|| {
            Finding::error(
                Code::ScenarioBadStatement,
                format!("`{}` needs what to pay", first.text),
            )
            .at(self.file, self.end_of(words, &whole))
            .label("missing here")
            .help(help)
        })?;
        let n = match words.get(2) {
            None => 1,
            Some(w) => w.text.parse().map_err(|_| {
                self.err(
                    Code::ScenarioBadStatement,
                    w,
                    format!("`{}` is not a number", w.text),
                    "expected a number",
                    help.into(),
                )
            })?,
        };
        if let Some(w) = words.get(3) {
            return Err(self.err(
                Code::ScenarioBadStatement,
                w,
                format!("unexpected `{}`", w.text),
                "not expected here",
                help.into(),
            ));
        }
        let token = || {
            Token::parse(&what.text).ok_or_else(|| {
                self.err(
                    Code::ScenarioBadStatement,
                    what,
                    format!("`{}` cannot be paid", what.text),
                    "unknown cost",
                    help.into(),
                )
            })
        };
        match first.text.as_str() {
            "spend" => Ok(match what.text.as_str() {
                "force" => Cost::Force(n),
                "charge" => Cost::Charge(n),
                "shield" => Cost::Shield(n),
                _ => Cost::Spend(token()?, n),
            }),
            "gain" => Ok(Cost::Gain(token()?, n)),
            other => Err(self.err(
                Code::ScenarioBadStatement,
                first,
                format!("`{other}` is not a way to pay"),
                "expected `spend` or `gain`",
                help.into(),
            )),
        }
    }
}

const PREDICATES: &str = "conditions: `stressed`, `not-stressed`, `tractored`, `shielded`, `has <token> [n]`, `lacks <token>`, `range <a>-<b>`, `in-arc`, `in-bullseye`, `in-arc-of <ship>`, `in-bullseye-of <ship>`, optionally after `self`, `chosen` or `trigger`";

pub const BEARINGS: &[&str] = &[
    "straight",
    "bank",
    "turn",
    "stationary",
    "koiogran",
    "segnor",
    "tallon",
    "reverse",
];

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
    )
}

/// `2` or `0-3`.
pub fn parse_range(text: &str) -> Option<(u8, u8)> {
    match text.split_once('-') {
        Some((a, b)) => {
            let (a, b) = (a.parse().ok()?, b.parse().ok()?);
            (a <= b).then_some((a, b))
        }
        None => text.parse().ok().map(|n| (n, n)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::scenario::words::split;

    fn grammar_words(text: &str) -> (String, Vec<Word>) {
        let source = format!("x = \"{text}\"");
        let span = 4..source.len();
        let words = split(&source, text, span);
        (source, words)
    }

    #[test]
    fn words_keep_their_spans() {
        let (source, words) = grammar_words("after  self perform boost");
        assert_eq!(words.len(), 4);
        assert_eq!(&source[words[3].span.clone()], "boost");
    }

    #[test]
    fn timings_parse_and_name_their_event() {
        let ships = |id: &str| (id == "jake").then_some(0);
        let g = Grammar {
            file: FileId(0),
            ships: &ships,
        };
        let (_, w) = grammar_words("after self perform boost|barrel-roll");
        let t = g.timing(&w, 0..0).unwrap();
        assert_eq!(t.event, Some(EventKind::Perform));
        assert_eq!(t.actions, vec![Action::Boost, Action::Barrel]);
        let (source, w) = grammar_words("after self");
        let err = g.timing(&w, 0..0).unwrap_err();
        assert_eq!(err.code, Code::ScenarioBadTiming);
        assert_eq!(err.location.unwrap().span.start, source.len() - 1);
        let (source, w) = grammar_words("after self perfrom boost");
        let err = g.timing(&w, 0..0).unwrap_err();
        assert_eq!(&source[err.location.unwrap().span], "perfrom");
    }

    #[test]
    fn statements_name_ships_and_verbs() {
        let ships = |id: &str| (id == "jake").then_some(0);
        let g = Grammar {
            file: FileId(0),
            ships: &ships,
        };
        let (_, w) = grammar_words("jake perform barrel-roll");
        assert_eq!(
            g.statement(&w, 0..0, true).unwrap(),
            Stmt::Perform {
                who: Who::Ship(0),
                actions: vec![Action::Barrel],
                colour: Colour::White,
                even_stressed: false
            }
        );
        let (source, w) = grammar_words("jaek perform barrel-roll");
        let err = g.statement(&w, 0..0, true).unwrap_err();
        assert_eq!(err.code, Code::ScenarioUnknownShip);
        assert_eq!(&source[err.location.unwrap().span], "jaek");
        let (_, w) = grammar_words("choose friendly range 0-1");
        assert!(matches!(
            g.statement(&w, 0..0, false).unwrap(),
            Stmt::Choose { range: (0, 1), .. }
        ));
        let (_, w) = grammar_words("transfer focus to chosen");
        assert!(matches!(
            g.statement(&w, 0..0, false).unwrap(),
            Stmt::Transfer {
                to: Who::Chosen,
                n: 1,
                ..
            }
        ));
    }

    #[test]
    fn requirements_and_costs() {
        let ships = |_: &str| None;
        let g = Grammar {
            file: FileId(0),
            ships: &ships,
        };
        let (_, w) = grammar_words("trigger range 2");
        assert_eq!(
            g.requirement(&w, 0..0).unwrap(),
            Req {
                who: Who::Trigger,
                pred: Pred::Range(2, 2)
            }
        );
        let (_, w) = grammar_words("spend charge 2");
        assert_eq!(g.cost(&w, 0..0).unwrap(), Cost::Charge(2));
        let (_, w) = grammar_words("pay force");
        assert!(g.cost(&w, 0..0).is_err());
    }
}
