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
    let attacks = attacks(steps);
    let mut answer = match (resolved.is_empty(), attacks.is_empty()) {
        (true, true) => "No ability resolves.".to_string(),
        (true, false) => String::new(),
        (false, _) => format!(
            "The abilities resolve in this order: {}.",
            in_order(&resolved, ", then ")
        ),
    };
    if !attacks.is_empty() {
        if !answer.is_empty() {
            answer.push(' ');
        }
        answer.push_str(&attacks);
    }
    answer.push_str(&choices(steps));
    answer
}

/// The attacks a queue scenario plays, for the answer: which were performed, which were not
/// (and why), and which ships were destroyed. Empty when it plays none.
fn attacks(steps: &[Step<QueueDetail>]) -> String {
    let mut performed = Vec::new();
    let mut refused = Vec::new();
    for step in steps.iter().filter(|s| s.event.contains(" attacks ")) {
        if let Some(reason) = step.outcome.strip_prefix("Not performed: ") {
            let reason = reason.trim_end_matches('.');
            refused.push(format!("{} ({reason})", step.event));
        } else if step.outcome.starts_with("1. Declare the target") {
            performed.push(step.event.clone());
        }
    }
    let destroyed: Vec<String> = steps
        .iter()
        .filter_map(|s| s.event.strip_suffix(" is destroyed").map(str::to_string))
        .collect();
    let mut parts = Vec::new();
    if !performed.is_empty() {
        parts.push(format!(
            "Attacks performed: {}.",
            in_order(&performed, ", then ")
        ));
    }
    if !refused.is_empty() {
        parts.push(format!("Not performed: {}.", in_order(&refused, "; ")));
    }
    if !destroyed.is_empty() {
        parts.push(format!("Destroyed: {}.", in_order(&destroyed, ", ")));
    }
    parts.join(" ")
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
