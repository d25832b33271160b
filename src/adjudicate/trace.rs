//! What every game's engine produces: a trace of numbered steps, each citing the rule it
//! applied, with the game's own detail on each step; and the recorder that caps it.

use super::Cite;
use super::phrasing::STEPS_SHOWN_IN_TABLE;
use crate::parse::scenario::{self, Envelope};
use crate::report::picture::queue::Queue;
use crate::report::picture::{Frame, FrameKey, Scene, StepText, Story};
use crate::report::{Code, FileId, Finding};
use crate::report::{new_table, visible};
use serde::Serialize;

/// A game's extra facts on each step (X-Wing: the ability queue after the step). They are
/// flattened into the step's JSON; in the human table they get a column of their own.
pub trait StepDetail: Serialize {
    /// The heading of the detail's column in the human table; `None`: no column.
    fn column() -> Option<&'static str> {
        None
    }
    /// The cell of that column, for a trace of `kind`.
    fn cell(&self, _kind: &str) -> String {
        String::new()
    }
    /// The ability queue after the step, for the pictures of a trace of `kind`; `None` for
    /// a kind without one.
    fn queue(&self, _kind: &str) -> Option<Queue> {
        None
    }
}

/// No detail beyond the generic step.
#[derive(Debug, Clone, Default, Serialize)]
pub struct NoDetail {}

impl StepDetail for NoDetail {}

/// One step of a trace.
#[derive(Debug, Clone, Serialize)]
pub struct Step<D> {
    pub n: usize,
    /// What this step is about: the event that happens or the ability that resolves.
    pub event: String,
    /// What happened.
    pub outcome: String,
    pub rule: Cite,
    /// A choice the scenario did not give was needed: the first legal option was taken.
    pub choice_point: bool,
    #[serde(flatten)]
    pub detail: D,
}

/// The result of adjudicating a scenario.
#[derive(Debug, Clone, Serialize)]
pub struct Trace<D> {
    /// The answer to the scenario's question in a sentence or two, from the game's own
    /// reading of the steps.
    pub answer: String,
    pub title: String,
    pub kind: String,
    pub question: Option<String>,
    pub source: Option<String>,
    pub steps: Vec<Step<D>>,
    /// The state that matters after the last step, one line per ship or player.
    pub final_state: Vec<String>,
    /// What the marks of the steps mean (X-Wing: abilities from card facts).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

impl<D> Step<D> {
    /// The step as the pictures show it: the rule as one line of text.
    pub fn text(&self) -> StepText {
        StepText {
            n: self.n,
            event: self.event.clone(),
            outcome: self.outcome.clone(),
            rule: self.rule.short(),
            choice_point: self.choice_point,
        }
    }
}

impl<D> Trace<D> {
    pub fn choice_points(&self) -> usize {
        self.steps.iter().filter(|s| s.choice_point).count()
    }

    /// The trace with its answer.
    pub fn answered(mut self, answer: String) -> Self {
        self.answer = answer;
        self
    }
}

/// What an engine returns: its steps and the state after the last one, or why it could not
/// run the scenario to the end.
pub type Played<D> = Result<(Vec<Step<D>>, Vec<String>), Vec<crate::report::Finding>>;

/// What `arbiter resolve` does with the result of any game's engine.
pub trait Adjudication {
    /// The answer to the scenario's question, in a sentence or two: the order things
    /// resolve in, who holds the initiative, the mission's outcome, the damage taken. Both
    /// renderings start with it.
    fn answer(&self) -> String;
    /// The trace for people, at most `width` columns wide.
    fn render_human(&self, width: u16) -> String;
    /// The documented JSON shape.
    fn render_json(&self) -> serde_json::Value;
    /// How many steps the trace has.
    fn step_count(&self) -> usize;
    /// The trace as pictures (`--output html`, `--output svg`), in plain data.
    fn picture(&self) -> Story;
}

impl<D: StepDetail> Adjudication for Trace<D> {
    fn answer(&self) -> String {
        self.answer.clone()
    }

    fn render_human(&self, width: u16) -> String {
        let mut out = answer_line(&self.answer, width);
        out.push_str(&header(
            &self.title,
            &self.kind,
            &self.question,
            &self.source,
            width,
        ));
        let mut heading = vec!["#", "step", "what happened"];
        heading.extend(D::column());
        heading.push("rule");
        let mut table = new_table(heading);
        table.set_width(width);
        for step in self.steps.iter().take(STEPS_SHOWN_IN_TABLE) {
            let n = if step.choice_point {
                format!("{}*", step.n)
            } else {
                step.n.to_string()
            };
            let mut row = vec![
                n,
                visible(&step.event).into(),
                visible(&step.outcome).into(),
            ];
            if D::column().is_some() {
                row.push(visible(&step.detail.cell(&self.kind)).into());
            }
            row.push(format!("{}\n§ {}", step.rule.label(), step.rule.section));
            table.add_row(row);
        }
        out.push_str(&table.to_string());
        out.push('\n');
        let hidden = self.steps.len().saturating_sub(STEPS_SHOWN_IN_TABLE);
        if hidden > 0 {
            out.push_str(&format!(
                "… and {hidden} more step{} (the table shows the first {STEPS_SHOWN_IN_TABLE}; `--output json` lists every step)\n",
                if hidden == 1 { "" } else { "s" }
            ));
        }
        let choices = self.choice_points();
        if choices > 0 {
            out.push_str(&format!(
                "* {choices} choice point{}: the scenario did not give the choice, so the first legal option was taken\n",
                if choices == 1 { "" } else { "s" }
            ));
        }
        for note in &self.notes {
            out.push_str(&format!("{note}\n"));
        }
        if !self.final_state.is_empty() {
            out.push_str("After the last step:\n");
            for line in &self.final_state {
                out.push_str(&format!("  {}\n", visible(line)));
            }
        }
        out
    }

    fn render_json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or_default()
    }

    fn step_count(&self) -> usize {
        self.steps.len()
    }

    /// A frame per step, with the queue after it where the kind has one: the timeline.
    fn picture(&self) -> Story {
        let frames = self
            .steps
            .iter()
            .map(|step| Frame {
                key: FrameKey::Step(step.n),
                steps: vec![step.text()],
                scene: Scene::Queue(step.detail.queue(&self.kind)),
            })
            .collect();
        Story {
            title: self.title.clone(),
            kind: self.kind.clone(),
            question: self.question.clone(),
            source: self.source.clone(),
            frames,
            final_state: self.final_state.clone(),
        }
    }
}

/// The first lines of every trace for people: its answer, then a blank line.
pub fn answer_line(answer: &str, width: u16) -> String {
    if answer.is_empty() {
        String::new()
    } else {
        format!("{}\n", labelled("Answer", answer, width))
    }
}

/// The lines above a trace: title and kind, the question, where it is discussed.
pub fn header(
    title: &str,
    kind: &str,
    question: &Option<String>,
    source: &Option<String>,
    width: u16,
) -> String {
    let mut out = wrapped(&format!("{} ({kind})", visible(title)), "", width);
    if let Some(question) = question {
        out.push_str(&labelled("Question", question, width));
    }
    if let Some(source) = source {
        out.push_str(&labelled("Discussed in", source, width));
    }
    out
}

/// "Label: text" wrapped to `width`, its later lines indented under the text.
fn labelled(label: &str, text: &str, width: u16) -> String {
    let indent = " ".repeat(label.chars().count() + 2);
    wrapped(&format!("{label}: {}", visible(text)), &indent, width)
}

/// `text` wrapped to `width` columns (words kept whole where they fit), one newline after
/// each line.
fn wrapped(text: &str, indent: &str, width: u16) -> String {
    let options = textwrap::Options::new(usize::from(width).max(crate::report::NARROWEST))
        .subsequent_indent(indent)
        .word_splitter(textwrap::WordSplitter::NoHyphenation);
    let mut out = textwrap::fill(text, options);
    out.push('\n');
    out
}

/// Collects steps and enforces the step cap.
pub struct Recorder<D> {
    pub steps: Vec<Step<D>>,
    pub max_steps: usize,
}

/// The cap was reached; the engine reports what kept coming back.
#[derive(Debug)]
pub struct CapReached;

impl<D> Recorder<D> {
    pub fn new(max_steps: u32) -> Self {
        Recorder {
            steps: Vec::new(),
            max_steps: max_steps as usize,
        }
    }

    pub fn push(
        &mut self,
        event: impl Into<String>,
        outcome: impl Into<String>,
        rule: Cite,
        choice_point: bool,
        detail: D,
    ) -> Result<(), CapReached> {
        if self.steps.len() >= self.max_steps {
            return Err(CapReached);
        }
        self.steps.push(Step {
            n: self.steps.len() + 1,
            event: event.into(),
            outcome: outcome.into(),
            rule,
            choice_point,
            detail,
        });
        Ok(())
    }
}

/// A trace with the envelope's title, kind, question and source.
pub fn trace_of<D>(envelope: &Envelope, steps: Vec<Step<D>>, final_state: Vec<String>) -> Trace<D> {
    Trace {
        answer: String::new(),
        title: envelope.title.clone(),
        kind: envelope.kind.clone(),
        question: envelope.question.clone(),
        source: envelope.source_line(),
        steps,
        final_state,
        notes: Vec::new(),
    }
}

/// The loop diagnostic: the steps ran out; `culprit` is the ability (or effect) seen most.
pub fn loop_finding(
    file: FileId,
    max_steps: u32,
    culprit: Option<(String, usize, std::ops::Range<usize>)>,
) -> Finding {
    let ceiling = scenario::MAX_STEPS_CEILING;
    match culprit {
        Some((name, times, span)) if times > 1 => Finding::error(
            Code::ScenarioLoop,
            format!("the scenario did not settle within {max_steps} steps: `{name}` entered the queue {times} times"),
        )
        .at(file, span)
        .label("triggers again and again")
        .help(format!("abilities that trigger each other without end loop forever; change a timing or a requirement, or raise `max_steps` (at most {ceiling}) if the scenario really is that long")),
        _ => Finding::error(Code::ScenarioLoop, format!("the scenario did not settle within {max_steps} steps"))
            .at(file, 0..0)
            .help(format!("raise `max_steps` (or pass --max-steps; at most {ceiling}) if the scenario really is that long")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CITE: Cite = Cite {
        document: "Doc",
        version: "",
        section: "S",
    };

    #[test]
    fn the_recorder_stops_at_the_cap() {
        let mut rec = Recorder::new(2);
        assert!(rec.push("a", "x", CITE, false, NoDetail {}).is_ok());
        assert!(rec.push("b", "x", CITE, false, NoDetail {}).is_ok());
        assert!(rec.push("c", "x", CITE, false, NoDetail {}).is_err());
        assert_eq!(rec.steps.len(), 2);
    }

    #[test]
    fn a_step_without_detail_has_the_generic_keys_only() {
        let mut rec = Recorder::new(1);
        rec.push("a", "x", CITE, true, NoDetail {}).ok();
        let json = serde_json::to_value(&rec.steps[0]).unwrap_or_default();
        let mut keys: Vec<&str> = json
            .as_object()
            .map(|o| o.keys().map(String::as_str).collect())
            .unwrap_or_default();
        keys.sort_unstable();
        assert_eq!(keys, ["choice_point", "event", "n", "outcome", "rule"]);
    }

    #[test]
    fn the_answer_and_question_wrap_to_the_width_under_their_label() {
        let answer = answer_line("one two three four five six seven eight nine ten", 30);
        assert_eq!(
            answer,
            "Answer: one two three four\n        five six seven eight\n        nine ten\n\n"
        );
        let question = Some("is a \u{1b} shown escaped and wrapped too".to_string());
        let top = header("Title", "xwing/queue", &question, &None, 30);
        let lines: Vec<&str> = top.lines().collect();
        assert_eq!(lines.first(), Some(&"Title (xwing/queue)"));
        assert!(lines.iter().all(|l| l.chars().count() <= 30), "{top}");
        assert!(
            lines.get(2).is_some_and(|l| l.starts_with("          ")),
            "{top}"
        );
        assert!(!top.contains('\u{1b}'), "{top}");
    }
}
