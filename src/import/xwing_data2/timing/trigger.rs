//! The opening of an ability sentence ("After you perform a [Boost] action,", "While you
//! defend,", "At the start of the Engagement Phase,", "Setup:") read as the window it opens,
//! in the scenario vocabulary.

use super::text::{Cursor, Tok};
use super::words::{action, colour, phase, token};

/// One window a sentence opens.
#[derive(Debug, Clone, PartialEq)]
pub enum Opening {
    /// A timing written out: `after self perform boost`, `start engagement`.
    Timing(String),
    /// "While … attack / defend": a dice modification or a `while` timing, as the rest of
    /// the ability tells. `subject` is `self`, `friendly`, `enemy` or `any`.
    Combat { subject: &'static str, defend: bool },
    /// Always in effect (a rule of the card, a state it is in).
    Constant,
}

/// What a sentence's opening says.
#[derive(Debug, Clone, PartialEq)]
pub struct Trigger {
    pub openings: Vec<Opening>,
    /// Conditions of the opening (`trigger range 0-2`, `not-stressed`).
    pub requires: Vec<String>,
    /// False when the opening narrows the window in a way the vocabulary cannot say.
    pub complete: bool,
}

impl Trigger {
    fn new(openings: Vec<Opening>) -> Self {
        Trigger {
            openings,
            requires: Vec::new(),
            complete: true,
        }
    }
}

/// A sentence's opening window; the cursor is left after it (past its comma or colon).
/// `None`: the sentence opens no window the patterns know.
pub fn opening(c: &mut Cursor<'_>) -> Option<Trigger> {
    let mut probe = *c;
    let mut requires = Vec::new();
    // "If you are not stressed, after you …": a condition before the timing.
    while let Some(req) = state_condition(&mut probe) {
        if !probe.comma() {
            return None;
        }
        requires.push(req.to_string());
    }
    probe.words("offline");
    probe.colon();
    let mut trigger = timed(&mut probe)?;
    trigger.requires.splice(0..0, requires);
    *c = probe;
    Some(trigger)
}

/// A sentence that states a rule of the card rather than a triggered effect.
pub fn constant(c: &Cursor<'_>) -> Option<Trigger> {
    let mut probe = *c;
    let mut requires = Vec::new();
    while let Some(req) = state_condition(&mut probe) {
        probe.comma();
        requires.push(req.to_string());
    }
    // "If you have 2 or fewer stress tokens, you can …": a condition beyond the vocabulary.
    if probe.words("if") {
        // "If you would …": a replacement, not a rule of the card.
        let clause_end = probe.rest().iter().position(|t| *t == Tok::Comma)?;
        let would = probe
            .rest()
            .iter()
            .take(clause_end)
            .any(|t| *t == Tok::Word("would".into()));
        if would {
            return None;
        }
        probe.past_comma();
    }
    let starts = [
        "you", "your", "reduce", "decrease", "increase", "treat", "ignore", "friendly", "enemy",
        "add", "replace", "this", "1", "2", "each", "ships", "while",
    ];
    let first = probe.any_word()?;
    let slot_rule = matches!(first, "gain" | "lose") && probe.ahead("slot");
    if !starts.contains(&first) && !slot_rule {
        return None;
    }
    Some(Trigger {
        openings: vec![Opening::Constant],
        requires,
        complete: false,
    })
}

/// `if you are [not] stressed|shielded`.
fn state_condition(c: &mut Cursor<'_>) -> Option<&'static str> {
    Some(
        match c.one_of(&[
            "if you are not stressed",
            "if you are stressed",
            "if you are not shielded",
            "if you are shielded",
        ])? {
            "if you are not stressed" => "not-stressed",
            "if you are stressed" => "stressed",
            "if you are not shielded" => "not-shielded",
            _ => "shielded",
        },
    )
}

/// The timing clause itself.
fn timed(c: &mut Cursor<'_>) -> Option<Trigger> {
    if c.words("setup") && c.colon() {
        c.one_of(&["after placing forces", "before placing forces"])
            .map(|_| c.comma());
        return Some(Trigger::new(vec![Opening::Timing("during setup".into())]));
    }
    if c.words("at the end of the round") {
        return closed(c, Trigger::new(vec![Opening::Timing("end end".into())]));
    }
    if c.words("at the end of setup") {
        return closed(c, Trigger::new(vec![Opening::Timing("end setup".into())]));
    }
    if let Some(moment) = c.one_of(&["at the start of the", "at the end of the", "during the"]) {
        c.words("next");
        let phase = phase(c.any_word()?)?;
        // "During the System Phasse": one card spells it so.
        c.any_word().filter(|w| w.starts_with("phas"))?;
        let word = match moment {
            "at the start of the" => "start",
            "at the end of the" => "end",
            _ => "during",
        };
        return closed(
            c,
            Trigger::new(vec![Opening::Timing(format!("{word} {phase}"))]),
        );
    }
    if let Some(trigger) = replacement(c) {
        return Some(trigger);
    }
    if c.words("while") {
        return while_clause(c);
    }
    let moment = c.one_of(&["after", "before"])?;
    if c.words("performing") {
        return after_performing(c);
    }
    let subject = subject(c)?;
    let mut trigger = Trigger::new(Vec::new());
    trigger.requires.clone_from(&subject.requires);
    trigger.complete = subject.complete;
    loop {
        // "After you barrel roll or sideslip": an event the vocabulary lacks is left out.
        let Some((event, complete)) = event(c) else {
            trigger.complete = false;
            break;
        };
        if moment == "before" && (event == "attack" || event == "defend") {
            return None;
        }
        trigger.complete &= complete;
        trigger.openings.push(Opening::Timing(format!(
            "{moment} {} {event}",
            subject.word
        )));
        let mut probe = *c;
        probe.comma();
        if !probe.words("or") {
            break;
        }
        *c = probe;
    }
    if trigger.openings.is_empty() {
        return None;
    }
    closed(c, trigger)
}

/// "After performing an attack": the ship's own event, written without "you".
fn after_performing(c: &mut Cursor<'_>) -> Option<Trigger> {
    let (event, complete) = performed(c)?;
    let mut trigger = Trigger::new(vec![Opening::Timing(format!("after self {event}"))]);
    trigger.complete = complete;
    closed(c, trigger)
}

/// `if|before|when <subject> would gain <tokens>`: a replacement.
fn replacement(c: &mut Cursor<'_>) -> Option<Trigger> {
    let mut probe = *c;
    probe.one_of(&["if", "before", "when"])?;
    let subject = subject(&mut probe)?;
    probe.words("would gain").then_some(())?;
    let tokens = token_list(&mut probe)?;
    *c = probe;
    let mut trigger = Trigger::new(vec![Opening::Timing(format!(
        "would {} gain {tokens}",
        subject.word
    ))]);
    trigger.requires = subject.requires;
    trigger.complete = subject.complete;
    closed(c, trigger)
}

/// The opening ends at its comma; words before it narrow the window beyond the vocabulary.
fn closed(c: &mut Cursor<'_>, mut trigger: Trigger) -> Option<Trigger> {
    if c.comma() {
        return Some(trigger);
    }
    trigger.complete = false;
    c.past_comma().then_some(trigger)
}

/// Whose event: `self`, `friendly`, `enemy` or `any`, with what narrows it.
struct Subject {
    word: &'static str,
    requires: Vec<String>,
    complete: bool,
}

fn subject(c: &mut Cursor<'_>) -> Option<Subject> {
    let mut s = Subject {
        word: "self",
        requires: Vec::new(),
        complete: true,
    };
    let you_or = c.words("you or");
    if !you_or && c.words("you") {
        return Some(s);
    }
    {
        let another = c.words("another");
        if !another {
            c.one_of(&["a", "an"]);
        }
        s.word = match c.one_of(&["friendly", "enemy"]) {
            Some("friendly") => "friendly",
            Some(_) => "enemy",
            None => "any",
        };
        // "a friendly small ship", "an enemy TIE": words the vocabulary cannot filter on.
        let mut skipped = 0;
        while !c.words("ship") {
            // "your carrier ship": one ship, not a side.
            c.any_word()
                .filter(|w| !matches!(*w, "your" | "its" | "their"))?;
            skipped += 1;
            if skipped > 4 {
                return None;
            }
        }
        s.complete = skipped == 0;
        if another && !you_or {
            s.requires.push("trigger other".into());
        }
        if you_or && s.word != "friendly" {
            return None;
        }
    }
    ship_filters(c, &mut s);
    Some(s)
}

/// `at range 0-2 [of you]`, `in your firing arc`, `in your [Front Arc]`.
fn ship_filters(c: &mut Cursor<'_>, s: &mut Subject) {
    loop {
        if c.words("at range") {
            if let Some((a, b)) = c.band() {
                s.requires.push(band("trigger range", a, b));
            }
            c.words("of you");
        } else if c.words("in your firing arc") {
            s.requires.push("trigger in-arc".into());
        } else if c.words("in your") {
            match c.icon() {
                Some("front-arc") => s.requires.push("trigger in-arc".into()),
                Some("bullseye-arc") => s.requires.push("trigger in-bullseye".into()),
                _ => s.complete = false,
            }
            c.words("arc");
            // "in your [Left Arc] or [Right Arc]": arcs the vocabulary does not know.
            while c.words("or") {
                c.icon();
                s.complete = false;
            }
        } else {
            return;
        }
    }
}

pub fn band(prefix: &str, a: u8, b: u8) -> String {
    if a == b {
        format!("{prefix} {a}")
    } else {
        format!("{prefix} {a}-{b}")
    }
}

/// The event after the subject, with the words that narrow it: `perform boost|barrel-roll`,
/// `fully-execute 3-5`, `gain stress`, `destroyed`. The flag is false when some narrowing
/// was left out.
fn event(c: &mut Cursor<'_>) -> Option<(String, bool)> {
    let verb = c.any_word()?;
    let verb = verb
        .strip_suffix('s')
        .filter(|_| verb != "is")
        .unwrap_or(verb);
    match verb {
        "perform" => performed(c),
        "defend" => Some(("defend".into(), true)),
        "fully" | "execute" => {
            let fully = verb == "fully";
            if fully {
                c.any_word().filter(|w| w.starts_with("execute"))?;
            }
            maneuver(c, if fully { "fully-execute" } else { "execute" })
        }
        "engage" | "activate" => Some((verb.to_string(), true)),
        "reveal" => {
            if c.one_of(&["your dial", "its dial", "your maneuver"])
                .is_some()
            {
                return Some(("reveal".into(), true));
            }
            maneuver(c, "reveal")
        }
        "gain" | "receive" | "remove" => {
            c.words("at least");
            let tokens = token_list(c)?;
            let event = if verb == "remove" { "remove" } else { "gain" };
            Some((format!("{event} {tokens}"), true))
        }
        "is" | "are" => c.words("destroyed").then(|| ("destroyed".into(), true)),
        "barrel" => c
            .any_word()
            .filter(|w| w.starts_with("roll"))
            .map(|_| ("perform barrel-roll".into(), true)),
        "spend" => {
            // Spending a token removes it; a token spent as a cost is not an event of the
            // queue, so the window is wider than the card's.
            Some((format!("remove {}", token_list(c)?), false))
        }
        "boost" | "coordinate" | "reload" | "cloak" | "jam" => {
            Some((format!("perform {verb}"), !c.ahead("ship")))
        }
        _ => None,
    }
}

/// After `perform`: an action (`perform`, `perform red`, `perform boost|barrel-roll`) or an
/// attack.
fn performed(c: &mut Cursor<'_>) -> Option<(String, bool)> {
    c.one_of(&["a", "an", "the"]);
    let mut complete = true;
    let mut colours = Vec::new();
    let mut actions = Vec::new();
    loop {
        if let Some(col) = c.one_of(&["red", "white", "purple"]) {
            colours.push(col);
        } else if let Some(icon) = c.icon() {
            match action(icon) {
                Some(a) => actions.push(a),
                // "a [Front Arc] attack", "a [Torpedo] attack"
                None => complete = false,
            }
        } else if c.one_of(&["primary", "special", "bonus"]).is_some() {
            complete = false;
        } else if !(c.words("or") || c.comma()) {
            break;
        }
    }
    if c.words("attack") {
        return Some(("attack".into(), complete && actions.is_empty()));
    }
    c.words("action").then_some(())?;
    let mut filters = actions;
    filters.extend(colours);
    let event = if filters.is_empty() {
        "perform".to_string()
    } else {
        format!("perform {}", filters.join("|"))
    };
    Some((event, complete))
}

/// After `execute`, `fully execute` or `reveal`: `a [speed 3-5] [red] maneuver`.
fn maneuver(c: &mut Cursor<'_>, event: &str) -> Option<(String, bool)> {
    c.one_of(&["a", "an"]);
    let mut filters = Vec::new();
    let mut complete = true;
    loop {
        if c.words("speed") {
            let (a, b) = c.band()?;
            filters.push(if a == b {
                a.to_string()
            } else {
                format!("{a}-{b}")
            });
        } else if let Some(col) = c.any_colour() {
            filters.push(col.to_string());
        } else if let Some((a, b)) = c.band() {
            // "a [0 [Stationary]] maneuver": its speed.
            filters.push(if a == b {
                a.to_string()
            } else {
                format!("{a}-{b}")
            });
        } else if c.icon().is_some() || c.one_of(&["basic", "advanced"]).is_some() {
            // A bearing or a kind of maneuver: not a filter of the vocabulary.
            complete = false;
        } else if !(c.words("or") || c.comma()) {
            break;
        }
    }
    c.words("maneuver").then_some(())?;
    if event == "reveal" && filters.iter().any(|f| f.starts_with(char::is_numeric)) {
        complete = false;
        filters.retain(|f| !f.starts_with(char::is_numeric));
    }
    Some((
        format!("{event} {}", filters.join("|"))
            .trim_end()
            .to_string(),
        complete,
    ))
}

/// `1 ion or jam token`, `a stress token`: the tokens as `ion|jam`.
fn token_list(c: &mut Cursor<'_>) -> Option<String> {
    c.count()?;
    let mut tokens = vec![token(c.any_word()?)?];
    while c.words("or") {
        tokens.push(token(c.any_word()?)?);
    }
    c.any_word().filter(|w| w.starts_with("token"))?;
    Some(tokens.join("|"))
}

/// After `while`: an attack or defence (a dice modification or a `while` timing), else a
/// state the ship is in (a constant ability).
fn while_clause(c: &mut Cursor<'_>) -> Option<Trigger> {
    if c.words("defending") {
        return closed(c, combat("self", true));
    }
    if c.words("attacking") || c.words("performing an attack") {
        return closed(c, combat("self", false));
    }
    let mut probe = *c;
    if let Some(subject) = subject(&mut probe) {
        let mut openings = Vec::new();
        let mut complete = subject.complete;
        loop {
            let defend = match probe.any_word() {
                Some("defend" | "defends") => true,
                Some("perform" | "performs") => {
                    let (event, whole) = performed(&mut probe)?;
                    complete &= whole;
                    (event == "attack").then_some(false)?
                }
                _ => break,
            };
            openings.push(Opening::Combat {
                subject: subject.word,
                defend,
            });
            if !probe.words("or") {
                break;
            }
        }
        if !openings.is_empty() {
            *c = probe;
            let mut trigger = Trigger::new(openings);
            trigger.requires = subject.requires;
            trigger.complete = complete;
            return closed(c, trigger);
        }
    }
    // "While you have a docked ship", "While you move": in effect as long as it lasts.
    c.past_comma().then(|| Trigger {
        openings: vec![Opening::Constant],
        requires: Vec::new(),
        complete: false,
    })
}

fn combat(subject: &'static str, defend: bool) -> Trigger {
    Trigger::new(vec![Opening::Combat { subject, defend }])
}

impl Cursor<'_> {
    fn any_colour(&mut self) -> Option<&'static str> {
        let mut probe = *self;
        let found = colour(probe.any_word()?)?;
        *self = probe;
        Some(found)
    }
}

#[cfg(test)]
mod tests {
    use super::super::text::sentences;
    use super::*;

    fn open(text: &str) -> Option<Trigger> {
        let s = sentences(text);
        let mut c = Cursor::new(s.first()?);
        opening(&mut c)
    }

    fn timings(text: &str) -> Vec<String> {
        open(text)
            .map(|t| {
                t.openings
                    .iter()
                    .map(|o| match o {
                        Opening::Timing(t) => t.clone(),
                        Opening::Combat { subject, defend } => format!("{subject} {defend}"),
                        Opening::Constant => "constant".into(),
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    #[test]
    fn openings_of_the_rules_reference_examples() {
        assert_eq!(
            timings("After you perform a [Barrel Roll] or [Boost] action, you may x."),
            ["after self perform barrel-roll|boost"]
        );
        assert_eq!(
            timings("After you perform an action, you may perform a red [Boost] action."),
            ["after self perform"]
        );
        assert_eq!(
            timings("At the start of the Engagement Phase, each enemy ship gains 2 jam tokens."),
            ["start engagement"]
        );
        assert_eq!(
            timings("Before you would gain 1 ion or jam token, if you are not stressed, x."),
            ["would self gain ion|jam"]
        );
    }

    #[test]
    fn subjects_filters_and_lists_of_events() {
        let t = open("After another friendly ship at range 0-3 is destroyed, gain 1 focus token.")
            .unwrap();
        assert_eq!(
            t.openings,
            [Opening::Timing("after friendly destroyed".into())]
        );
        assert_eq!(t.requires, ["trigger other", "trigger range 0-3"]);
        assert_eq!(
            timings("After you fully execute a red maneuver or perform a red action, x."),
            ["after self fully-execute red", "after self perform red"]
        );
        assert_eq!(
            timings("After you fully execute a speed 3-5 maneuver, x."),
            ["after self fully-execute 3-5"]
        );
        assert_eq!(timings("Before you engage, x."), ["before self engage"]);
        assert_eq!(
            timings("After you reveal your dial, x."),
            ["after self reveal"]
        );
        assert_eq!(timings("Setup: After placing forces, x."), ["during setup"]);
        assert_eq!(
            timings("While you defend or perform an attack, x."),
            ["self true", "self false"]
        );
        assert_eq!(timings("While you have a docked ship, x."), ["constant"]);
        assert!(open("Attack ([Lock]): Spend 1 [Charge].").is_none());
        assert!(open("Before you perform an attack, x.").is_none());
    }

    #[test]
    fn narrowing_the_vocabulary_cannot_say_is_flagged() {
        let t = open("After you perform an attack that hits, x.").unwrap();
        assert!(!t.complete);
        let t = open("While you perform a primary attack at attack range 0-1, x.").unwrap();
        assert!(!t.complete);
        assert!(
            open("After you perform a [Boost] action, x.")
                .unwrap()
                .complete
        );
    }
}
