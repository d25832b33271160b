//! The answer an Armada timing trace starts with: which side resolves what, in order.

/// From the sides' lines of the final state (`<side> resolved: a, b`), first player first.
pub fn answer(final_state: &[String]) -> String {
    let sides: Vec<String> = final_state
        .iter()
        .filter_map(|line| line.split_once(" resolved: "))
        .map(|(side, what)| format!("{side} resolves {}", what.replace(", ", ", then ")))
        .collect();
    if sides.is_empty() {
        return "No effect resolves.".to_string();
    }
    format!("In player order: {}.", sides.join("; after that, "))
}
