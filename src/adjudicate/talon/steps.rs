//! The trace a Talon engine writes, or does not (a quiet run formats no step), and why
//! an engine stopped early.

use crate::adjudicate::{CapReached, Cite, NoDetail, Recorder};
use crate::report::Finding;

/// Why an engine stopped early.
pub enum Stop {
    Cap,
    Finding(Box<Finding>),
}

impl From<CapReached> for Stop {
    fn from(_: CapReached) -> Self {
        Stop::Cap
    }
}

impl From<Finding> for Stop {
    fn from(finding: Finding) -> Self {
        Stop::Finding(Box::new(finding))
    }
}

/// What an engine hands back: final-state lines and the outcome object.
pub type Played = Result<(Vec<String>, serde_json::Value), Stop>;

/// The trace being written, or not: a quiet run (benchmarks, solvers) computes the same
/// results and formats no step. Engines write steps through [`step!`] and [`choice!`], which
/// only format their text when the trace is on.
pub struct Steps {
    rec: Recorder<NoDetail>,
    /// Whether steps are recorded (and their text formatted).
    pub on: bool,
}

impl Steps {
    /// The steps written, for the trace.
    pub fn into_steps(self) -> Vec<crate::adjudicate::Step<NoDetail>> {
        self.rec.steps
    }

    /// How many steps have been written (none when quiet).
    pub fn recorded(&self) -> usize {
        self.rec.steps.len()
    }

    pub fn recording(max_steps: u32) -> Self {
        Steps {
            rec: Recorder::new(max_steps),
            on: true,
        }
    }

    /// No trace: nothing is formatted or stored, and the step cap does not apply.
    pub fn quiet() -> Self {
        Steps {
            rec: Recorder::new(0),
            on: false,
        }
    }

    pub fn push(
        &mut self,
        event: impl Into<String>,
        outcome: impl Into<String>,
        rule: Cite,
    ) -> Result<(), CapReached> {
        if !self.on {
            return Ok(());
        }
        self.rec.push(event, outcome, rule, false, NoDetail {})
    }

    /// A step where the scenario did not give a choice the rules leave to a player.
    pub fn choice(
        &mut self,
        event: impl Into<String>,
        outcome: impl Into<String>,
        rule: Cite,
    ) -> Result<(), CapReached> {
        if !self.on {
            return Ok(());
        }
        self.rec.push(event, outcome, rule, true, NoDetail {})
    }
}

/// `step!(steps, rule, event, outcome)`: a step whose event and outcome expressions are only
/// evaluated when the trace is on. Returns `Result<(), CapReached>`.
macro_rules! step {
    ($steps:expr, $rule:expr, $event:expr, $outcome:expr $(,)?) => {{
        let steps: &mut $crate::adjudicate::talon::Steps = $steps;
        if steps.on {
            steps.push($event, $outcome, $rule)
        } else {
            Ok(())
        }
    }};
}
pub(crate) use step;

/// As [`step!`], for a choice point.
macro_rules! choice {
    ($steps:expr, $rule:expr, $event:expr, $outcome:expr $(,)?) => {{
        let steps: &mut $crate::adjudicate::talon::Steps = $steps;
        if steps.on {
            steps.choice($event, $outcome, $rule)
        } else {
            Ok(())
        }
    }};
}
pub(crate) use choice;

/// "A, C, D and F" (or "none").
pub fn letters(items: &[&str]) -> String {
    match items {
        [] => "none".to_string(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}
