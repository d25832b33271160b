//! An ability text read as the windows it applies in: each sentence that opens a window
//! (and the sentences after it that open none) becomes one or more windows.

use super::effect::{Body, body};
use super::text::{Cursor, Tok, sentences};
use super::trigger::{Opening, Trigger, constant, opening};

/// One window of an ability, in the scenario vocabulary.
#[derive(Debug, Clone, PartialEq)]
pub struct Window {
    pub timing: String,
    pub optional: bool,
    pub requires: Vec<String>,
    pub cost: Vec<String>,
    pub effect: Vec<String>,
    pub complete: bool,
}

/// The windows of an ability text; a sentence the patterns cannot open a window with is
/// passed over.
pub fn windows(text: &str) -> Vec<Window> {
    let sentences = sentences(text);
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(sentence) = sentences.get(i) {
        i += 1;
        let mut c = Cursor::new(sentence);
        let trigger = match opening(&mut c) {
            Some(t) => t,
            None if special(sentence) => continue,
            None => match constant(&c) {
                Some(t) => {
                    c = Cursor::new(&[]);
                    t
                }
                None => continue,
            },
        };
        let mut parts: Vec<&[Tok]> = vec![c.rest()];
        while let Some(next) = sentences.get(i) {
            if opening(&mut Cursor::new(next)).is_some() || special(next) {
                break;
            }
            parts.push(next);
            i += 1;
        }
        let constant_only = trigger.openings.iter().all(|o| *o == Opening::Constant);
        let read = if constant_only {
            Body::default()
        } else {
            body(&parts)
        };
        out.extend(assemble(&trigger, &read));
    }
    out
}

/// `Action:`, `Attack ([Lock]):`, `Bonus Attack:`: the card's own kinds of ability, which
/// open no window of the vocabulary.
fn special(sentence: &[Tok]) -> bool {
    let mut c = Cursor::new(sentence);
    c.words("bonus");
    c.one_of(&["action", "attack"]).is_some()
}

/// The windows of one opening and its body.
fn assemble(trigger: &Trigger, body: &Body) -> Vec<Window> {
    let mut out = Vec::new();
    for opening in &trigger.openings {
        let mut requires = trigger.requires.clone();
        requires.extend(body.requires.iter().cloned());
        let mut window = Window {
            timing: String::new(),
            optional: body.optional,
            requires,
            cost: body.cost.clone(),
            effect: body.effect.clone(),
            complete: trigger.complete && body.complete,
        };
        match opening {
            Opening::Timing(timing) => window.timing.clone_from(timing),
            Opening::Combat { subject, defend } => {
                window.timing = match (*subject, *defend, body.dice) {
                    ("self", true, true) => "while modify-defense".into(),
                    ("self", false, true) => "while modify-attack".into(),
                    ("self", true, false) => "while defending".into(),
                    ("self", false, false) => "while attacking".into(),
                    (who, true, _) => format!("while {who} defend"),
                    (who, false, _) => format!("while {who} attack"),
                };
                // Never queued: what it does happens inside the attack, not as events.
                window.effect.clear();
                window.complete = false;
            }
            Opening::Constant => {
                window.timing = "constant".into();
                window.effect.clear();
                window.complete = false;
            }
        }
        out.extend(each_replaced_token(window));
    }
    out
}

/// "… gains that ion or jam token instead": one window per token the replacement is for,
/// each naming its own token.
fn each_replaced_token(window: Window) -> Vec<Window> {
    if !window.effect.iter().any(|e| e.contains("{that}")) {
        return vec![window];
    }
    let Some(tokens) = window.timing.strip_prefix("would self gain ") else {
        let mut unsure = window;
        unsure.effect.clear();
        unsure.complete = false;
        return vec![unsure];
    };
    tokens
        .split('|')
        .map(|token| Window {
            timing: format!("would self gain {token}"),
            effect: window
                .effect
                .iter()
                .map(|e| e.replace("{that}", token))
                .collect(),
            ..window.clone()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_replacement_of_two_tokens_is_two_windows() {
        let w = windows(
            "Before you would gain 1 ion or jam token, if you are not stressed, you may choose another ship at range 0-1 and gain 1 stress token. If you do, the chosen ship gains that ion or jam token instead, then you suffer 1 [Hit] damage.",
        );
        let timings: Vec<&str> = w.iter().map(|w| w.timing.as_str()).collect();
        assert_eq!(timings, ["would self gain ion", "would self gain jam"]);
        assert_eq!(
            w[1].effect,
            ["choose any range 0-1 other", "chosen gain jam", "suffer 1"]
        );
        assert!(w[1].complete && w[1].optional);
    }

    #[test]
    fn two_sentences_two_windows_and_dice_modifications() {
        let w = windows(
            "If you would fail a [Boost] action by overlapping another ship, you may resolve it as though you were partially executing a maneuver instead. While you perform an attack at attack range 0, treat it as an attack at attack range 1.",
        );
        assert_eq!(w.len(), 1);
        assert_eq!(w[0].timing, "while attacking");
        assert!(!w[0].complete);
        let w = windows(
            "While you defend, you may spend 1 [Force] to change 1 [Focus] result to an [Evade] result.",
        );
        assert_eq!(w[0].timing, "while modify-defense");
        assert_eq!(w[0].cost, ["spend force"]);
        let w = windows(
            "Attack ([Lock]): Spend 1 [Charge]. Change 1 [Hit] result to a [Critical Hit] result.",
        );
        assert!(w.is_empty());
        let w = windows("You can maintain up to 2 locks.");
        assert_eq!(w[0].timing, "constant");
    }
}
