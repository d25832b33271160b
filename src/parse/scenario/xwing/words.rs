//! The X-Wing words of scenario files and what they parse into: timings, effects,
//! requirements and costs. [`Grammar`] reads them; each form has its own file beside this
//! one (`timing.rs`, `statement.rs`, `requirement.rs`, `cost.rs`).

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
        Setup = "setup",
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
    /// The ship activates (Activation phase).
    Activate,
    /// The ship reveals its dial.
    Reveal,
    /// The ship engages (Engagement phase).
    Engage,
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
        ("activate", EventKind::Activate),
        ("reveal", EventKind::Reveal),
        ("engage", EventKind::Engage),
    ];

    pub(super) fn parse(word: &str) -> Option<EventKind> {
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
        /// `choose each …`: the effects after it apply to every ship that fits, in turn.
        each: bool,
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
    /// A step of the ship's own turn: it activates, reveals its dial (of a colour, when
    /// given) or engages.
    Step {
        who: Who,
        kind: EventKind,
        colour: Option<Colour>,
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
    NotShielded,
    /// Not the ship that has the ability (`trigger other`: another ship's event).
    Other,
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

impl Grammar<'_> {
    pub(super) fn err(
        &self,
        code: Code,
        word: &Word,
        message: String,
        label: &str,
        help: String,
    ) -> Finding {
        bad_word(self.file, code, word.span.clone(), message, label, help)
    }

    /// Where a missing word is reported: just after the last word, or the whole value.
    pub(super) fn end_of(&self, words: &[Word], whole: &Range<usize>) -> Range<usize> {
        words
            .last()
            .map_or(whole.clone(), |w| w.span.end..w.span.end)
    }

    /// A ship named in a statement; `self`, `chosen` and `trigger` only inside an ability.
    pub(super) fn who(&self, word: &Word, top_level: bool) -> Option<Who> {
        match word.text.as_str() {
            "self" if !top_level => Some(Who::Own),
            "chosen" if !top_level => Some(Who::Chosen),
            "trigger" if !top_level => Some(Who::Trigger),
            id => (self.ships)(id).map(Who::Ship),
        }
    }
}

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
