//! What an ability does once its window opens, read from the rest of its sentences: whether
//! the player may decline it, its conditions, its costs and its effects as game events.
//! Reading stops at the first words the patterns do not know; what was read is kept and the
//! ability is marked as saying less than the card.

use super::text::{Cursor, Tok};
use super::trigger::band;
use super::words::{action, token};

/// The facts of an ability's body.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Body {
    pub optional: bool,
    pub requires: Vec<String>,
    pub cost: Vec<String>,
    pub effect: Vec<String>,
    /// Every word was read.
    pub complete: bool,
    /// It changes dice results: a dice modification when it applies in an attack.
    pub dice: bool,
}

/// The body of an ability: the rest of its opening sentence, then the sentences after it.
pub fn body(parts: &[&[Tok]]) -> Body {
    let mut reader = Reader {
        body: Body {
            complete: true,
            ..Body::default()
        },
        subject: "",
        chose: false,
    };
    reader.body.dice = parts.iter().flat_map(|p| p.iter()).any(|t| {
        matches!(t, Tok::Word(w) if matches!(w.as_str(), "change" | "reroll" | "result" | "results"))
    });
    for (i, part) in parts.iter().enumerate() {
        let next_is_if_you_do = parts
            .get(i + 1)
            .is_some_and(|n| Cursor::new(n).words("if you do"));
        let mut c = Cursor::new(part);
        // A new sentence speaks of the ship itself until it says otherwise.
        reader.subject = "";
        if !reader.clauses(&mut c, next_is_if_you_do) {
            reader.body.complete = false;
            break;
        }
    }
    reader.body
}

struct Reader {
    body: Body,
    /// Who the next effect is about: `""` (the ship itself), `"chosen "` or `"trigger "`.
    subject: &'static str,
    /// A ship was chosen: "that ship" and "it" mean the chosen ship.
    chose: bool,
}

impl Reader {
    /// Every clause of one sentence; `false` at the first one the patterns do not know.
    fn clauses(&mut self, c: &mut Cursor<'_>, next_is_if_you_do: bool) -> bool {
        loop {
            while c.comma() || c.words("then") || c.words("and") || c.words("instead") {}
            if c.done() {
                return true;
            }
            if self.condition(c) {
                continue;
            }
            if c.words("if") {
                return false;
            }
            self.subject_of(c);
            if c.words("may") && self.subject.is_empty() {
                self.body.optional = true;
            }
            if self.costs(c, next_is_if_you_do) {
                continue;
            }
            if !self.verb(c) {
                return false;
            }
        }
    }

    /// `if you do [and you are in its [Front Arc]]`, `if you are not stressed`, …
    fn condition(&mut self, c: &mut Cursor<'_>) -> bool {
        if c.words("if you do") {
            if c.words("and you are in its") {
                let arc = c.icon() == Some("front-arc") || c.words("firing arc");
                if !arc || !self.chose {
                    return false;
                }
                c.words("arc");
                self.body.requires.push("self in-arc-of chosen".into());
            }
            return true;
        }
        let state = [
            ("if you are not stressed", "not-stressed"),
            ("if you are stressed", "stressed"),
            ("if you are not shielded", "not-shielded"),
            ("if you are shielded", "shielded"),
        ];
        for (words, req) in state {
            if c.words(words) {
                self.body.requires.push(req.into());
                return true;
            }
        }
        let mut probe = *c;
        if probe.words("if you have")
            && probe.count() == Some(1)
            && let Some(t) = probe.any_word().and_then(token)
            && probe.words("token")
        {
            *c = probe;
            self.body.requires.push(format!("has {t}"));
            return true;
        }
        false
    }

    /// Who the clause is about: `you`, `that ship`, `it`, `each enemy ship at range 0`.
    fn subject_of(&mut self, c: &mut Cursor<'_>) {
        if c.words("you") {
            self.subject = "";
        } else if c
            .one_of(&[
                "that ship",
                "that friendly ship",
                "that enemy ship",
                "the chosen ship",
                "it",
                "they",
            ])
            .is_some()
        {
            self.subject = if self.chose { "chosen " } else { "trigger " };
        } else if c.words("each") {
            let mut probe = *c;
            if let Some(choose) = chosen_ships(&mut probe, false) {
                *c = probe;
                self.body.effect.push(format!("choose each {choose}"));
                self.chose = true;
                self.subject = "chosen ";
            }
        }
    }

    /// `spend 1 [Force] to`, `gain 1 stress token.` (before "If you do"): costs.
    fn costs(&mut self, c: &mut Cursor<'_>, next_is_if_you_do: bool) -> bool {
        let mut probe = *c;
        let mut found = Vec::new();
        let mut and = false;
        while let Some(cost) = cost(&mut probe) {
            found.push(cost);
            and = probe.words("and");
            if !and {
                break;
            }
        }
        // "spend 1 [Force] to …", "gain 1 stress token. If you do, …", and "spend 1
        // [Force] and choose … . If you do, …".
        let paid_first = probe.words("to") || ((probe.done() || and) && next_is_if_you_do);
        if found.is_empty() || !paid_first || !self.subject.is_empty() {
            return false;
        }
        *c = probe;
        self.body.cost.extend(found);
        true
    }

    /// One effect; `false` when the patterns do not know it.
    fn verb(&mut self, c: &mut Cursor<'_>) -> bool {
        let Some(verb) = c.any_word() else {
            return false;
        };
        let verb = verb.strip_suffix('s').unwrap_or(verb);
        let effect = match verb {
            "choose" => {
                let Some(choose) = chosen_ships(c, true) else {
                    return false;
                };
                self.chose = true;
                Some(format!("choose {choose}"))
            }
            "perform" => perform(c),
            "gain" => self.gain(c),
            "remove" => remove(c),
            "transfer" => return self.transfer(c),
            "suffer" => suffer(c),
            "recover" | "lose" => {
                let n = c.count();
                let shield = c.icon() == Some("shield");
                n.filter(|_| shield)
                    .map(|n| format!("{verb}-shield{}", count_suffix(n)))
            }
            _ => None,
        };
        match effect {
            Some(effect) => {
                self.body.effect.push(format!("{}{effect}", self.subject));
                true
            }
            None => false,
        }
    }

    fn gain(&self, c: &mut Cursor<'_>) -> Option<String> {
        if c.words("that") {
            // "gains that ion or jam token instead": the token being replaced.
            while c.any_word().is_some_and(|w| !w.starts_with("token")) {}
            return Some("gain {that}".into());
        }
        let n = c.count()?;
        let t = token(c.any_word()?)?;
        c.any_word().filter(|w| w.starts_with("token"))?;
        Some(format!("gain {t}{}", count_suffix(n)))
    }

    /// `transfer 1 of your focus tokens to a friendly ship in your firing arc`.
    fn transfer(&mut self, c: &mut Cursor<'_>) -> bool {
        let Some(n) = c.count() else { return false };
        c.words("of your");
        let Some(t) = c.any_word().and_then(token) else {
            return false;
        };
        if !(c.any_word().is_some_and(|w| w.starts_with("token")) && c.words("to")) {
            return false;
        }
        if c.one_of(&["that ship", "it", "the chosen ship"]).is_some() && self.chose {
        } else if let Some(choose) = chosen_ships(c, true) {
            self.body.effect.push(format!("choose {choose}"));
            self.chose = true;
        } else {
            return false;
        }
        self.body
            .requires
            .push(format!("has {t}{}", count_suffix(n)));
        self.body.effect.push(format!(
            "{}transfer {t}{} to chosen",
            self.subject,
            count_suffix(n)
        ));
        true
    }
}

/// ` 2` after a count above one.
fn count_suffix(n: u32) -> String {
    if n == 1 {
        String::new()
    } else {
        format!(" {n}")
    }
}

/// `spend 1 [Force]`, `spend 2 [Charge]`, `spend a focus token`, `gain 1 stress token`.
fn cost(c: &mut Cursor<'_>) -> Option<String> {
    let mut probe = *c;
    let cost = match probe.any_word()? {
        "spend" => {
            let n = probe.count()?;
            match probe.icon() {
                Some(what @ ("force" | "charge" | "shield")) => {
                    format!("spend {what}{}", count_suffix(n))
                }
                Some(_) => return None,
                None => {
                    let t = token(probe.any_word()?)?;
                    probe.any_word().filter(|w| w.starts_with("token"))?;
                    format!("spend {t}{}", count_suffix(n))
                }
            }
        }
        "gain" => {
            let n = probe.count()?;
            probe.words("stress").then_some(())?;
            probe.any_word().filter(|w| w.starts_with("token"))?;
            format!("gain stress{}", count_suffix(n))
        }
        _ => return None,
    };
    *c = probe;
    Some(cost)
}

/// The ships a `choose` may pick, as its words: `friendly range 0-1 in-arc other`. Only a
/// choice of ships is read (`a friendly ship`, `1 enemy ship at range 1`, `another ship`).
fn chosen_ships(c: &mut Cursor<'_>, counted: bool) -> Option<String> {
    let another = c.words("another");
    if counted && !another {
        c.count()?;
    }
    let side = c.one_of(&["friendly", "enemy"]).unwrap_or("any");
    c.words("ship").then_some(())?;
    let mut words = vec![side.to_string()];
    loop {
        if c.words("at range") {
            let (a, b) = c.band()?;
            words.push(band("range", a, b));
        } else if c.words("in your firing arc") {
            words.push("in-arc".into());
        } else if c.words("in your") {
            match c.icon()? {
                "front-arc" => words.push("in-arc".into()),
                "bullseye-arc" => words.push("bullseye".into()),
                _ => return None,
            }
            c.words("arc");
        } else {
            break;
        }
    }
    if another {
        words.push("other".into());
    }
    // "… with a lower initiative": a filter the vocabulary does not have.
    if c.words("with") || c.words("that") || c.words("who") {
        return None;
    }
    Some(words.join(" "))
}

/// `perform a red [Boost] action`, `perform a [Barrel Roll] or [Boost] action`.
fn perform(c: &mut Cursor<'_>) -> Option<String> {
    c.one_of(&["a", "an", "the"]);
    let mut actions = Vec::new();
    let mut colours = Vec::new();
    loop {
        if let Some(col) = c.one_of(&["red", "white", "purple"]) {
            colours.push(col);
        } else if let Some(icon) = c.icon() {
            actions.push(action(icon)?);
        } else if !(c.words("or") || c.comma()) {
            break;
        }
    }
    c.words("action").then_some(())?;
    if actions.is_empty() {
        return None;
    }
    // "a [Boost] or red [Rotate Arc] action": one colour for each action is not sayable.
    let colour = match colours.as_slice() {
        [] => "",
        all if all.len() == actions.len() && all.iter().all(|c| *c == all[0]) => all[0],
        [only] if actions.len() == 1 => only,
        _ => return None,
    };
    let mut out = format!("perform {}", actions.join("|"));
    if !colour.is_empty() && colour != "white" {
        out.push(' ');
        out.push_str(colour);
    }
    let mut probe = *c;
    probe.comma();
    if probe.words("even while stressed") {
        *c = probe;
        out.push_str(" even-stressed");
    }
    Some(out)
}

/// `remove all of your green tokens`, `remove 1 stress token`, `removes all of its …`.
fn remove(c: &mut Cursor<'_>) -> Option<String> {
    let n = if c.words("all") {
        None
    } else {
        Some(c.count()?)
    };
    c.one_of(&["of your", "of its", "of their"]);
    let what = match c.any_word()? {
        "green" => "green",
        word => token(word)?,
    };
    c.any_word().filter(|w| w.starts_with("token"))?;
    Some(match n {
        None => format!("remove {what} all"),
        Some(n) => format!("remove {what}{}", count_suffix(n)),
    })
}

/// `suffer 1 [Hit] damage` (a critical hit is not sayable).
fn suffer(c: &mut Cursor<'_>) -> Option<String> {
    let n = c.count()?;
    match c.icon() {
        Some("hit") | None => {}
        Some(_) => return None,
    }
    c.words("damage").then_some(())?;
    Some(format!("suffer {n}"))
}

#[cfg(test)]
mod tests {
    use super::super::text::sentences;
    use super::*;

    /// The body after the first comma of `text`.
    fn read(text: &str) -> Body {
        let s = sentences(text);
        let first = s.first().map(Vec::as_slice).unwrap_or_default();
        let comma = first.iter().position(|t| *t == Tok::Comma).unwrap_or(0);
        let mut parts: Vec<&[Tok]> = vec![first.get(comma + 1..).unwrap_or_default()];
        parts.extend(s.iter().skip(1).map(Vec::as_slice));
        body(&parts)
    }

    #[test]
    fn the_rules_reference_examples_read_whole() {
        let jake = read(
            "After you perform a [Barrel Roll] or [Boost] action, you may choose a friendly ship at range 0-1. That ship may perform a [Focus] action.",
        );
        assert!(jake.optional && jake.complete);
        assert_eq!(
            jake.effect,
            ["choose friendly range 0-1", "chosen perform focus"]
        );
        let chopper = read(
            "At the start of the Engagement Phase, each enemy ship at range 0 gains 2 jam tokens.",
        );
        assert_eq!(
            chopper.effect,
            ["choose each enemy range 0", "chosen gain jam 2"]
        );
        assert!(!chopper.optional && chopper.complete);
        let kyle = read(
            "At the start of the Engagement Phase, you may transfer 1 of your focus tokens to a friendly ship in your firing arc.",
        );
        assert_eq!(kyle.requires, ["has focus"]);
        assert_eq!(
            kyle.effect,
            ["choose friendly in-arc", "transfer focus to chosen"]
        );
        let teroch = read(
            "At the start of the Engagement Phase, you may choose 1 enemy ship at range 1. If you do and you are in its [Front Arc], it removes all of its green tokens.",
        );
        assert_eq!(teroch.requires, ["self in-arc-of chosen"]);
        assert_eq!(
            teroch.effect,
            ["choose enemy range 1", "chosen remove green all"]
        );
        let vanes = read(
            "Before you would gain 1 ion or jam token, if you are not stressed, you may choose another ship at range 0-1 and gain 1 stress token. If you do, the chosen ship gains that ion or jam token instead, then you suffer 1 [Hit] damage.",
        );
        assert!(vanes.complete, "{vanes:?}");
        assert_eq!(vanes.requires, ["not-stressed"]);
        assert_eq!(vanes.cost, ["gain stress"]);
        assert_eq!(
            vanes.effect,
            [
                "choose any range 0-1 other",
                "chosen gain {that}",
                "suffer 1"
            ]
        );
    }

    #[test]
    fn costs_dice_and_what_is_not_read() {
        let b = read(
            "While you defend, you may spend 1 [Force] to change 1 [Focus] result to an [Evade] result.",
        );
        assert!(b.dice && b.optional && !b.complete);
        assert_eq!(b.cost, ["spend force"]);
        let b = read("After you defend, you may perform an action.");
        assert!(!b.complete);
        let b = read("After you perform an attack, gain 1 focus token. Then roll 2 dice.");
        assert_eq!(b.effect, ["gain focus"]);
        assert!(!b.complete);
    }
}
