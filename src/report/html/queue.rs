//! X-Wing's ability queue and Armada's timing as a timeline: one frame per step. A queue
//! trace draws the queue after the step (front first; what entered marked `+ new` with a
//! thick border, what left struck through on the left); a trace without a queue draws the
//! steps around this one on a spine. The page also gets one overview of every step.

use super::svg::Svg;
use crate::report::picture::queue::Queue;
use crate::report::picture::{Frame, Scene, StepText};

const WIDTH: f64 = 980.0;
const BOX_W: f64 = 176.0;
const BOX_H: f64 = 38.0;
const PER_ROW: usize = 5;
/// Steps either side of the current one on a queue-less frame.
const AROUND: usize = 3;
/// Rows of the overview; a longer trace's overview says how many more there are.
const OVERVIEW_ROWS: usize = 400;

/// The queue of frame `at` (as it changed since the frame before), or the steps round it.
pub fn draw(frames: &[Frame], at: usize, id: &str, heading: &str, standalone: bool) -> String {
    let queue = |i: usize| match frames.get(i).map(|f| &f.scene) {
        Some(Scene::Queue(q)) => q.as_ref(),
        _ => None,
    };
    match queue(at) {
        Some(now) => {
            let before = at.checked_sub(1).and_then(queue);
            draw_queue(now, before, id, heading, standalone)
        }
        None => draw_around(frames, at, id, heading, standalone),
    }
}

fn short(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let mut cut: String = text.chars().take(max - 1).collect();
        cut.push('…');
        cut
    }
}

fn draw_queue(
    now: &Queue,
    before: Option<&Queue>,
    id: &str,
    heading: &str,
    standalone: bool,
) -> String {
    let change = now.change_since(before);
    let more = now.length.saturating_sub(now.entries.len());
    let cells = now.entries.len() + usize::from(more > 0);
    let rows = cells.div_ceil(PER_ROW).max(1);
    let left_h = if change.left.is_empty() {
        0.0
    } else {
        22.0 * change.left.len() as f64 + 16.0
    };
    let height = 56.0 + rows as f64 * (BOX_H + 22.0) + left_h;
    let mut desc = describe_queue(now, before);
    if desc.is_empty() {
        desc = "The queue is empty.".to_string();
    }
    let mut svg = Svg::open(id, (WIDTH, height), heading, &desc, standalone);
    svg.text((8.0, 18.0), "big", heading);
    svg.text(
        (8.0, 38.0),
        "small",
        &format!(
            "Queue after this step, front first ({} entr{}):",
            now.length,
            if now.length == 1 { "y" } else { "ies" }
        ),
    );
    if now.entries.is_empty() {
        svg.text((8.0, 64.0), "small muted", "(empty)");
    }
    for (i, entry) in now.entries.iter().enumerate() {
        let (x, y) = cell(i);
        let new = change.entered.contains(&i);
        svg.rect((x, y), (BOX_W, BOX_H), if new { "q-new" } else { "q" });
        svg.text((x + 6.0, y + 15.0), "small b", &format!("{}.", i + 1));
        svg.text((x + 22.0, y + 15.0), "small", &short(entry, 26));
        if new {
            svg.text((x + BOX_W - 4.0, y - 3.0), "small b end", "+ new");
        }
    }
    if more > 0 {
        let (x, y) = cell(now.entries.len());
        svg.rect((x, y), (BOX_W, BOX_H), "q-left");
        svg.text((x + 8.0, y + 23.0), "small", &format!("… {more} more"));
    }
    let mut y = 56.0 + rows as f64 * (BOX_H + 22.0);
    if !change.left.is_empty() {
        svg.text((8.0, y), "small b", "Left the queue (resolved or removed):");
        for entry in &change.left {
            y += 20.0;
            let text = short(entry, 60);
            svg.text((24.0, y), "small", &format!("✓ {text}"));
            let width = 7.0 * text.chars().count() as f64 + 12.0;
            svg.line((20.0, y - 4.0), (24.0 + width, y - 4.0), "strike");
        }
    }
    svg.close()
}

fn cell(i: usize) -> (f64, f64) {
    let column = (i % PER_ROW) as f64;
    let row = (i / PER_ROW) as f64;
    (8.0 + column * (BOX_W + 16.0), 56.0 + row * (BOX_H + 22.0))
}

fn describe_queue(now: &Queue, before: Option<&Queue>) -> String {
    let change = now.change_since(before);
    let mut parts = Vec::new();
    if !now.entries.is_empty() {
        let entries: Vec<String> = now
            .entries
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let new = if change.entered.contains(&i) {
                    " (new)"
                } else {
                    ""
                };
                format!("{}. {e}{new}", i + 1)
            })
            .collect();
        parts.push(format!("Queue after this step: {}", entries.join(", ")));
    }
    if now.length > now.entries.len() {
        parts.push(format!("and {} more", now.length - now.entries.len()));
    }
    if !change.left.is_empty() {
        parts.push(format!("left the queue: {}", change.left.join(", ")));
    }
    parts.join("; ")
}

/// The steps round frame `at` on a spine, this one marked.
fn draw_around(frames: &[Frame], at: usize, id: &str, heading: &str, standalone: bool) -> String {
    let first = at.saturating_sub(AROUND);
    let last = (at + AROUND).min(frames.len().saturating_sub(1));
    let rows = last + 1 - first;
    let height = 34.0 + 26.0 * rows as f64;
    let current = frames.get(at).and_then(|f| f.steps.first());
    let desc = current.map_or(String::new(), |s| {
        format!("Step {}: {} — {}", s.n, s.event, s.outcome)
    });
    let mut svg = Svg::open(id, (WIDTH, height), heading, &desc, standalone);
    svg.text((8.0, 18.0), "big", heading);
    svg.line((30.0, 30.0), (30.0, height - 6.0), "spine");
    for (row, frame) in frames.iter().enumerate().take(last + 1).skip(first) {
        let y = 44.0 + 26.0 * (row - first) as f64;
        for step in frame.steps.iter().take(1) {
            let class = if step.choice_point {
                "node-choice"
            } else {
                "node"
            };
            let r = if row == at { 9.0 } else { 5.0 };
            svg.circle((30.0, y - 4.0), r, class);
            let weight = if row == at { "b" } else { "small" };
            svg.text(
                (48.0, y),
                weight,
                &format!("{}. {}", step.n, short(&step.event, 90)),
            );
        }
    }
    svg.close()
}

/// Every step on one spine: number, event, what entered and left the queue, the rule.
pub fn overview(frames: &[Frame], standalone: bool) -> String {
    let shown = frames.len().min(OVERVIEW_ROWS);
    let height = 40.0 + 34.0 * shown as f64 + if frames.len() > shown { 20.0 } else { 0.0 };
    let mut svg = Svg::open(
        "overview",
        (WIDTH, height),
        "Timeline of every step",
        &format!(
            "{} steps in order; each step below repeats this as text.",
            frames.len()
        ),
        standalone,
    );
    svg.text((8.0, 18.0), "big", "Timeline");
    svg.line((30.0, 30.0), (30.0, height - 10.0), "spine");
    let mut before: Option<&Queue> = None;
    for (row, frame) in frames.iter().take(shown).enumerate() {
        let y = 46.0 + 34.0 * row as f64;
        let queue = match &frame.scene {
            Scene::Queue(q) => q.as_ref(),
            _ => None,
        };
        if let Some(step) = frame.steps.first() {
            overview_row(&mut svg, step, y, queue.map(|q| change_text(q, before)));
        }
        before = queue;
    }
    if frames.len() > shown {
        svg.text(
            (48.0, height - 8.0),
            "small",
            &format!("… and {} more steps (each below)", frames.len() - shown),
        );
    }
    svg.close()
}

fn overview_row(svg: &mut Svg, step: &StepText, y: f64, change: Option<String>) {
    let class = if step.choice_point {
        "node-choice"
    } else {
        "node"
    };
    svg.circle((30.0, y - 4.0), 6.0, class);
    let mark = if step.choice_point { " *" } else { "" };
    svg.text(
        (48.0, y),
        "small b",
        &format!("{}{mark}. {}", step.n, short(&step.event, 70)),
    );
    let mut below = short(&step.rule, 70);
    if let Some(change) = change.filter(|c| !c.is_empty()) {
        below = format!("{} · {below}", short(&change, 70));
    }
    svg.text((48.0, y + 13.0), "small muted", &below);
}

fn change_text(now: &Queue, before: Option<&Queue>) -> String {
    let change = now.change_since(before);
    let mut parts: Vec<String> = change
        .entered
        .iter()
        .filter_map(|&i| {
            now.entries
                .get(i)
                .map(|e| format!("+ {e} (place {})", i + 1))
        })
        .collect();
    parts.extend(change.left.iter().map(|e| format!("✓ {e}")));
    parts.join(", ")
}
