//! The ability queue after a step (X-Wing Rules Reference 1.4.5, COLA DE CAPACIDADES), for
//! the timeline of a queue trace.

/// The queue after a step, front first.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Queue {
    /// The first entries, front first (a long queue is cut, see `length`).
    pub entries: Vec<String>,
    /// How many entries the whole queue holds.
    pub length: usize,
}

/// How the queue changed from one step to the next: what entered (by place in the new
/// queue, 0 = front) and what left it (resolved or removed).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct QueueChange {
    pub entered: Vec<usize>,
    pub left: Vec<String>,
}

impl Queue {
    /// What changed since `before` (no queue before: everything entered). Entries with the
    /// same text are told apart by count, so two copies of one ability are two entries.
    pub fn change_since(&self, before: Option<&Queue>) -> QueueChange {
        let mut old: Vec<&str> = before
            .map(|q| q.entries.iter().map(String::as_str).collect())
            .unwrap_or_default();
        let mut entered = Vec::new();
        for (i, entry) in self.entries.iter().enumerate() {
            match old.iter().position(|o| o == entry) {
                Some(at) => {
                    old.remove(at);
                }
                None => entered.push(i),
            }
        }
        QueueChange {
            entered,
            left: old.into_iter().map(str::to_string).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn queue(entries: &[&str]) -> Queue {
        Queue {
            entries: entries.iter().map(|e| e.to_string()).collect(),
            length: entries.len(),
        }
    }

    #[test]
    fn a_change_names_what_entered_where_and_what_left() {
        let before = queue(&["Chopper", "Kyle", "Teroch"]);
        let after = queue(&["Kyle", "Teroch", "Teroch"]);
        let change = after.change_since(Some(&before));
        assert_eq!(change.entered, [2], "the second Teroch is new");
        assert_eq!(change.left, ["Chopper"]);
        assert_eq!(queue(&["a"]).change_since(None).entered, [0]);
    }
}
