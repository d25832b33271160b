//! How traces put lists of names into words, and how much of a list they show.

/// Most queue entries a step shows; longer queues show a count of the rest.
pub const QUEUE_SHOWN: usize = 8;
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
}
