//! The answer a Space Alert mission starts with: won or lost, the score, the threats and
//! the damage taken.

use super::score::Outcome;
use crate::adjudicate::list;

pub fn answer(o: &Outcome) -> String {
    let damage = format!(
        "damage taken: red {}, white {}, blue {}",
        o.damage.red, o.damage.white, o.damage.blue
    );
    match o.score {
        Some(score) => format!(
            "The mission is won with a score of {score} (threats destroyed: {}; survived: {}); {damage}.",
            none_or(&o.threats_destroyed),
            none_or(&o.threats_survived)
        ),
        None => {
            let cause = o.score_breakdown["cause"]
                .as_str()
                .unwrap_or("the ship is destroyed");
            let turn = o.score_breakdown["ship_destroyed_on_turn"]
                .as_u64()
                .map(|t| format!(" on turn {t}"))
                .unwrap_or_default();
            format!("The mission is lost: {cause}{turn}; {damage}.")
        }
    }
}

fn none_or(names: &[String]) -> String {
    if names.is_empty() {
        "none".to_string()
    } else {
        list(names)
    }
}
