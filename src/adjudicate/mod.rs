//! Timing adjudication: a scenario goes in, a step-by-step trace comes out, each step
//! citing the rule it applies (document and section heading as printed in the rulebook).
//! One engine per game: [`xwing`] (ability queue, order of play) and [`armada`] (timing).

pub mod armada;
pub mod xwing;

use crate::parse::scenario::{self, Kind, Scenario};
use crate::report::{Code, FileId, Finding, SourceFiles, new_table};
use serde::Serialize;

/// A rule as cited in a trace: the document, its version ("" when it prints none) and the
/// section heading exactly as printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Cite {
    pub document: &'static str,
    pub version: &'static str,
    pub section: &'static str,
}

impl Cite {
    pub fn short(&self) -> String {
        if self.version.is_empty() {
            format!("{} · {}", self.document, self.section)
        } else {
            format!("{} {} · {}", self.document, self.version, self.section)
        }
    }
}

/// Most queue entries a step shows; longer queues show a count of the rest.
pub const QUEUE_SHOWN: usize = 8;
/// Most names an outcome lists before summarising the rest.
pub const NAMES_SHOWN: usize = 8;

/// One step of a trace.
#[derive(Debug, Clone, Serialize)]
pub struct Step {
    pub n: usize,
    /// What this step is about: the event that happens or the ability that resolves.
    pub event: String,
    /// The queue after the step, front first (at most [`QUEUE_SHOWN`] entries).
    pub queue: Vec<String>,
    /// The full length of the queue after the step.
    pub queue_length: usize,
    pub outcome: String,
    pub rule: Cite,
    /// A choice the scenario did not give was needed: the first legal option was taken.
    pub choice_point: bool,
}

/// The result of adjudicating a scenario.
#[derive(Debug, Clone, Serialize)]
pub struct Trace {
    pub title: String,
    pub kind: &'static str,
    pub question: Option<String>,
    pub source: Option<String>,
    pub steps: Vec<Step>,
    /// The state that matters after the last step, one line per ship or player.
    pub final_state: Vec<String>,
}

impl Trace {
    pub fn choice_points(&self) -> usize {
        self.steps.iter().filter(|s| s.choice_point).count()
    }
}

/// Collects steps and enforces the step cap.
pub struct Recorder {
    pub steps: Vec<Step>,
    pub max_steps: usize,
}

/// The cap was reached; the engine reports which ability kept coming back.
#[derive(Debug)]
pub struct CapReached;

impl Recorder {
    pub fn new(max_steps: u32) -> Self {
        Recorder {
            steps: Vec::new(),
            max_steps: max_steps as usize,
        }
    }

    pub fn push(
        &mut self,
        event: impl Into<String>,
        queue: (Vec<String>, usize),
        outcome: impl Into<String>,
        rule: Cite,
        choice_point: bool,
    ) -> Result<(), CapReached> {
        if self.steps.len() >= self.max_steps {
            return Err(CapReached);
        }
        self.steps.push(Step {
            n: self.steps.len() + 1,
            event: event.into(),
            queue: queue.0,
            queue_length: queue.1,
            outcome: outcome.into(),
            rule,
            choice_point,
        });
        Ok(())
    }
}

/// "a, b and c", at most [`NAMES_SHOWN`] names then "and N more".
pub fn list(names: &[String]) -> String {
    let shown: Vec<&str> = names.iter().take(NAMES_SHOWN).map(String::as_str).collect();
    let rest = names.len().saturating_sub(NAMES_SHOWN);
    match (shown.len(), rest) {
        (0, _) => "nothing".to_string(),
        (1, 0) => shown[0].to_string(),
        (_, 0) => format!(
            "{} and {}",
            shown[..shown.len() - 1].join(", "),
            shown[shown.len() - 1]
        ),
        _ => format!("{} and {rest} more", shown.join(", ")),
    }
}

/// Adjudicate a checked scenario.
pub fn resolve(scenario: &Scenario) -> Result<Trace, Vec<Finding>> {
    let (steps, final_state) = match scenario.kind {
        Kind::XwingQueue => xwing::queue::run(scenario)?,
        Kind::XwingRound => xwing::round::run(scenario)?,
        Kind::ArmadaTiming => armada::run(scenario)?,
    };
    Ok(Trace {
        title: scenario.title.clone(),
        kind: scenario.kind.as_str(),
        question: scenario.question.clone(),
        source: scenario
            .source
            .as_ref()
            .map(|s| format!("{} · {}", s.document, s.section)),
        steps,
        final_state,
    })
}

/// Read, check and adjudicate a scenario text. On failure the findings point into `files`.
pub fn resolve_text(
    name: &str,
    text: &str,
    max_steps: Option<u32>,
) -> (SourceFiles, Result<Trace, Vec<Finding>>) {
    let mut files = SourceFiles::default();
    let file: FileId = files.add(name, text.to_string());
    let result = scenario::load(file, text).and_then(|mut s| {
        if let Some(max) = max_steps {
            s.max_steps = max.max(1);
        }
        resolve(&s)
    });
    (files, result)
}

/// The loop diagnostic: the steps ran out; `culprit` is the ability (or effect) seen most.
pub fn loop_finding(
    file: FileId,
    max_steps: u32,
    culprit: Option<(String, usize, std::ops::Range<usize>)>,
) -> Finding {
    match culprit {
        Some((name, times, span)) if times > 1 => Finding::error(
            Code::ScenarioLoop,
            format!("the scenario did not settle within {max_steps} steps: `{name}` entered the queue {times} times"),
        )
        .at(file, span)
        .label("triggers again and again")
        .help("abilities that trigger each other without end loop forever; change a timing or a requirement, or raise `max_steps` if the scenario really is that long"),
        _ => Finding::error(Code::ScenarioLoop, format!("the scenario did not settle within {max_steps} steps"))
            .at(file, 0..0)
            .help("raise `max_steps` (or pass --max-steps) if the scenario really is that long"),
    }
}

/// The trace as a table for people, with a header and the final state.
pub fn render_human(trace: &Trace, width: u16) -> String {
    let mut out = format!("{} ({})\n", trace.title, trace.kind);
    if let Some(question) = &trace.question {
        out.push_str(&format!("Question: {question}\n"));
    }
    if let Some(source) = &trace.source {
        out.push_str(&format!("Discussed in: {source}\n"));
    }
    let mut table = new_table(vec!["#", "step", "what happened", "queue after", "rule"]);
    table.set_width(width);
    for step in &trace.steps {
        let mut queue = step
            .queue
            .iter()
            .enumerate()
            .map(|(i, q)| format!("{}. {q}", i + 1))
            .collect::<Vec<_>>();
        if step.queue_length > step.queue.len() {
            queue.push(format!("… {} more", step.queue_length - step.queue.len()));
        }
        let queue = if trace.kind != "xwing/queue" {
            // Order of play and Armada timing use no ability queue.
            "—".to_string()
        } else if queue.is_empty() {
            "(empty)".to_string()
        } else {
            queue.join("\n")
        };
        let n = if step.choice_point {
            format!("{}*", step.n)
        } else {
            step.n.to_string()
        };
        table.add_row(vec![
            n,
            step.event.clone(),
            step.outcome.clone(),
            queue,
            format!("{}\n§ {}", doc_label(&step.rule), step.rule.section),
        ]);
    }
    out.push_str(&table.to_string());
    out.push('\n');
    let choices = trace.choice_points();
    if choices > 0 {
        out.push_str(&format!(
            "* {choices} choice point{}: the scenario did not give the choice, so the first legal option was taken\n",
            if choices == 1 { "" } else { "s" }
        ));
    }
    if !trace.final_state.is_empty() {
        out.push_str("After the last step:\n");
        for line in &trace.final_state {
            out.push_str(&format!("  {line}\n"));
        }
    }
    out
}

/// The document as the table shows it: without the "Star Wars: " every title starts with.
fn doc_label(cite: &Cite) -> String {
    let document = cite
        .document
        .strip_prefix("Star Wars: ")
        .unwrap_or(cite.document);
    if cite.version.is_empty() {
        document.to_string()
    } else {
        format!("{document} {}", cite.version)
    }
}

/// The documented JSON shape: `{"title", "kind", "steps": [{"n", "event", "queue", "queue_length", "outcome", "rule", "choice_point"}], "final_state"}`.
pub fn render_json(trace: &Trace) -> serde_json::Value {
    serde_json::to_value(trace).unwrap_or_default()
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
    fn the_recorder_stops_at_the_cap() {
        let mut rec = Recorder::new(2);
        let cite = xwing::rules::QUEUE;
        assert!(rec.push("a", (vec![], 0), "x", cite, false).is_ok());
        assert!(rec.push("b", (vec![], 0), "x", cite, false).is_ok());
        assert!(rec.push("c", (vec![], 0), "x", cite, false).is_err());
        assert_eq!(rec.steps.len(), 2);
    }
}
