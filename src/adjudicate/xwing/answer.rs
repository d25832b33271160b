//! The answer an X-Wing trace starts with: the order the abilities resolve in (the queue)
//! or the order the ships act in (the round).

use super::QueueDetail;
use super::rules;
use crate::adjudicate::{Step, in_order};

/// The abilities in the order they resolved (replacements where they applied), and how
/// many choices the scenario did not give.
pub fn queue(steps: &[Step<QueueDetail>]) -> String {
    let resolved: Vec<String> = steps
        .iter()
        .filter_map(|s| {
            if let Some(label) = s.event.strip_suffix(" resolves") {
                Some(label.to_string())
            } else if s.rule == rules::EXAMPLE_2 && s.outcome.starts_with("A replacement") {
                Some(format!("{} (a replacement, at once)", s.event))
            } else {
                None
            }
        })
        .collect();
    let mut answer = if resolved.is_empty() {
        "No ability resolves.".to_string()
    } else {
        format!(
            "The abilities resolve in this order: {}.",
            in_order(&resolved, ", then ")
        )
    };
    answer.push_str(&choices(steps));
    answer
}

/// The ships in the order they activate and engage.
pub fn round(steps: &[Step<QueueDetail>]) -> String {
    let acting = |phase: &str, verb: &str| -> Vec<String> {
        steps
            .iter()
            .filter(|s| s.event.starts_with(phase))
            .filter_map(|s| s.outcome.split_once(verb).map(|(who, _)| who))
            .map(|who| {
                who.rsplit_once(" (")
                    .map_or(who, |(name, _)| name)
                    .to_string()
            })
            .collect()
    };
    let activate = acting("Activation phase", " activates");
    let engage = acting("Engagement phase, initiative", " engages");
    format!(
        "Ships activate in this order: {}; they engage in this order: {}.{}",
        in_order(&activate, ", "),
        in_order(&engage, ", "),
        choices(steps)
    )
}

/// " 2 choices were not given: …" when steps are marked as choice points.
fn choices(steps: &[Step<QueueDetail>]) -> String {
    match steps.iter().filter(|s| s.choice_point).count() {
        0 => String::new(),
        1 => " One choice the scenario does not give was taken as the first legal option (step marked *).".to_string(),
        n => format!(" {n} choices the scenario does not give were taken as the first legal option (steps marked *)."),
    }
}
