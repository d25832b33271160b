//! What an X-Wing step adds to a trace: the ability queue after it.

use crate::adjudicate::{QUEUE_SHOWN_IN_TABLE, StepDetail};
use crate::report::picture::queue::Queue;
use serde::Serialize;

/// What an X-Wing step adds: the ability queue after it, front first (at most
/// [`crate::adjudicate::QUEUE_SHOWN`] entries, in the human table at most
/// [`QUEUE_SHOWN_IN_TABLE`]) and its full length. The order of play uses no queue.
#[derive(Debug, Clone, Default, Serialize)]
pub struct QueueDetail {
    pub queue: Vec<String>,
    pub queue_length: usize,
}

impl StepDetail for QueueDetail {
    fn column() -> Option<&'static str> {
        Some("queue after")
    }

    fn cell(&self, kind: &str) -> String {
        if kind != "xwing/queue" {
            return "—".to_string();
        }
        let mut queue: Vec<String> = self
            .queue
            .iter()
            .take(QUEUE_SHOWN_IN_TABLE)
            .enumerate()
            .map(|(i, q)| format!("{}. {q}", i + 1))
            .collect();
        if self.queue_length > queue.len() {
            queue.push(format!("… and {} more", self.queue_length - queue.len()));
        }
        if queue.is_empty() {
            "(empty)".to_string()
        } else {
            queue.join("\n")
        }
    }

    /// Only `xwing/queue` keeps a queue; the order of play (`xwing/round`) has none.
    fn queue(&self, kind: &str) -> Option<Queue> {
        (kind == "xwing/queue").then(|| Queue {
            entries: self.queue.clone(),
            length: self.queue_length,
        })
    }
}
