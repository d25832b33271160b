//! How traces put lists of names into words, and how much of a list they show.

/// Most queue entries a step shows; longer queues show a count of the rest. Every step
/// repeats its queue: at eight entries of 64-byte names (the longest a scenario may give) a
/// trace of 30,000 abilities was 63 MB of JSON; at five it stays under 50 MB.
pub const QUEUE_SHOWN: usize = 5;
/// Most queue entries a step's row of the human table shows. A row is as tall as its
/// tallest cell: at [`QUEUE_SHOWN`] lines a trace of 30,000 abilities (60,000 steps) was a
/// 72 MB table; at three the queue is no taller than the rule cell beside it.
pub const QUEUE_SHOWN_IN_TABLE: usize = 3;
/// Most steps the human table shows; the rest are counted under it (`--output json` lists
/// every step). A judge reads a few hundred rows at most, and every row is a few lines of
/// the terminal's width whatever its text: 60,000 rows of long names were 330 MB.
pub const STEPS_SHOWN_IN_TABLE: usize = 2_000;
/// Most names an outcome lists before summarising the rest.
pub const NAMES_SHOWN: usize = 8;
/// Most abilities or ships an answer names in order before counting the rest: the answer
/// is the line a judge reads first, and the trace below it lists every one.
pub const ORDER_SHOWN: usize = 20;

/// "a, b and c", at most [`NAMES_SHOWN`] names then "and N more".
pub fn list(names: &[String]) -> String {
    let shown: Vec<&str> = names.iter().take(NAMES_SHOWN).map(String::as_str).collect();
    let rest = names.len().saturating_sub(NAMES_SHOWN);
    match (shown.as_slice(), rest) {
        ([], _) => "nothing".to_string(),
        ([one], 0) => one.to_string(),
        ([init @ .., last], 0) => format!("{} and {last}", init.join(", ")),
        _ => format!("{} and {rest} more", shown.join(", ")),
    }
}

/// "a, then b, then c", at most [`ORDER_SHOWN`] names then ", and N more".
pub fn in_order(names: &[String], then: &str) -> String {
    let shown: Vec<&str> = names.iter().take(ORDER_SHOWN).map(String::as_str).collect();
    let mut text = shown.join(then);
    let rest = names.len().saturating_sub(ORDER_SHOWN);
    if rest > 0 {
        text.push_str(&format!(", and {rest} more (the trace lists every one)"));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_are_capped() {
        let names: Vec<String> = (0..12).map(|i| i.to_string()).collect();
        assert_eq!(list(&names[..1]), "0");
        assert_eq!(list(&names[..3]), "0, 1 and 2");
        assert_eq!(list(&names), "0, 1, 2, 3, 4, 5, 6, 7 and 4 more");
    }

    #[test]
    fn orders_name_the_first_twenty_then_count_the_rest() {
        let names: Vec<String> = (0..25).map(|i| i.to_string()).collect();
        assert_eq!(in_order(&names[..3], ", then "), "0, then 1, then 2");
        let long = in_order(&names, ", ");
        assert!(long.starts_with("0, 1, 2,"), "{long}");
        assert!(
            long.ends_with("18, 19, and 5 more (the trace lists every one)"),
            "{long}"
        );
    }
}
