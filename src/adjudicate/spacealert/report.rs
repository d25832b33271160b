//! What `arbiter resolve` prints for a mission: the steps (JSON), a compact per-turn table and
//! the score breakdown (human), and the `outcome` object.

use super::engine::Engine;
use super::log::{TurnDetail, TurnRow};
use super::score::Outcome;
use crate::adjudicate::{Adjudication, Step, answer_line, header};
use crate::parse::scenario::Envelope;
use crate::report::picture::{Frame, FrameKey, Scene, Story};
use crate::report::{new_table, visible};
use serde::Serialize;

#[derive(Debug, Serialize)]
pub struct Report {
    /// The mission's outcome in a sentence or two.
    pub answer: String,
    pub title: String,
    pub kind: String,
    pub question: Option<String>,
    pub source: Option<String>,
    pub steps: Vec<Step<TurnDetail>>,
    pub turns: Vec<TurnRow>,
    pub outcome: Outcome,
    #[serde(skip)]
    pub breakdown: Option<super::score::Breakdown>,
    /// The ship after each turn, for the pictures.
    #[serde(skip)]
    pub boards: Vec<crate::report::picture::spacealert::ShipBoard>,
}

impl Report {
    pub fn new(envelope: &Envelope, engine: Engine<'_>, outcome: Outcome) -> Report {
        let breakdown = outcome.score.map(|_| engine.breakdown());
        Report {
            answer: super::answer::answer(&outcome),
            title: envelope.title.clone(),
            kind: envelope.kind.clone(),
            question: envelope.question.clone(),
            source: envelope.source_line(),
            steps: engine.log.steps,
            turns: engine.log.turns,
            boards: engine.log.boards,
            breakdown,
            outcome,
        }
    }
}

impl Adjudication for Report {
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
        let mut table = new_table(vec![
            "turn",
            "what happened",
            "threats (T+time name place hp)",
            "damage r/w/b",
            "reactors r/w/b · shields r/w/b",
            "sections",
        ]);
        table.set_width(width);
        for row in &self.turns {
            let steps: Vec<&Step<TurnDetail>> = self
                .steps
                .iter()
                .filter(|s| s.detail.turn == row.turn)
                .collect();
            let happened = steps
                .iter()
                .map(|s| format!("{}: {}", visible(&s.event), visible(&s.outcome)))
                .collect::<Vec<_>>()
                .join("\n");
            let mut sections: Vec<&str> = Vec::new();
            for s in &steps {
                let short = s.rule.section.split(' ').next().unwrap_or("");
                let label = if short.chars().next().is_some_and(|c| c.is_ascii_digit()) {
                    short
                } else {
                    s.rule.section
                };
                if !sections.contains(&label) {
                    sections.push(label);
                }
            }
            table.add_row(vec![
                row.turn.to_string(),
                happened,
                if row.threats.is_empty() {
                    "-".into()
                } else {
                    visible(&row.threats.join("\n")).into_owned()
                },
                format!("{}/{}/{}", row.damage[0], row.damage[1], row.damage[2]),
                format!(
                    "{}/{}/{} · {}/{}/{}",
                    row.reactors[0],
                    row.reactors[1],
                    row.reactors[2],
                    row.shields[0],
                    row.shields[1],
                    row.shields[2]
                ),
                sections.join(", "),
            ]);
        }
        out.push_str(&table.to_string());
        out.push('\n');
        let o = &self.outcome;
        out.push_str(&format!(
            "Mission {} · damage red {} white {} blue {}\n",
            o.status, o.damage.red, o.damage.white, o.damage.blue
        ));
        out.push_str(&format!(
            "Destroyed: {}\nSurvived: {}\n",
            crate::adjudicate::list(&o.threats_destroyed),
            crate::adjudicate::list(&o.threats_survived)
        ));
        let mut score = new_table(vec!["score (Space Alert rulebook §4)", "points"]);
        match &self.breakdown {
            Some(b) => {
                for (label, value) in [
                    ("threats survived", b.survived_points),
                    ("threats destroyed", b.destroyed_points),
                    ("damage taken", b.damage_penalty),
                    ("worst zone's damage", b.worst_zone_penalty),
                    ("knocked-out crew", b.knocked_out_penalty),
                    ("disabled battle bots", b.disabled_robots_penalty),
                    ("visual confirmation", b.visual_confirmation),
                    ("total", b.total),
                ] {
                    score.add_row(vec![label.to_string(), value.to_string()]);
                }
            }
            None => {
                let cause = o.score_breakdown["cause"].as_str().unwrap_or("");
                score.add_row(vec![
                    "no score: the ship was destroyed".to_string(),
                    cause.to_string(),
                ]);
            }
        }
        out.push_str(&score.to_string());
        out.push('\n');
        out
    }

    fn render_json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or_default()
    }

    fn step_count(&self) -> usize {
        self.steps.len()
    }

    fn picture(&self) -> Story {
        story(self)
    }
}

/// A frame per turn: the ship after it and the turn's steps.
fn story(report: &Report) -> Story {
    let mut frames: Vec<Frame> = report
        .turns
        .iter()
        .zip(&report.boards)
        .map(|(row, board)| Frame {
            key: FrameKey::Turn(row.turn),
            steps: report
                .steps
                .iter()
                .filter(|s| s.detail.turn == row.turn)
                .map(|s| s.text())
                .collect(),
            scene: Scene::Ship(Box::new(board.clone())),
        })
        .collect();
    // Steps of no turn with a board (the score, after the last) join the last frame.
    let shown: Vec<u8> = report.turns.iter().map(|row| row.turn).collect();
    if let Some(last) = frames.last_mut() {
        last.steps.extend(
            report
                .steps
                .iter()
                .filter(|s| !shown.contains(&s.detail.turn))
                .map(|s| s.text()),
        );
    }
    let o = &report.outcome;
    let mut final_state = vec![format!(
        "Mission {} · damage red {} white {} blue {}",
        o.status, o.damage.red, o.damage.white, o.damage.blue
    )];
    final_state.push(format!(
        "Destroyed: {} · Survived: {}",
        crate::adjudicate::list(&o.threats_destroyed),
        crate::adjudicate::list(&o.threats_survived)
    ));
    if let Some(total) = report.breakdown.as_ref().map(|b| b.total) {
        final_state.push(format!("Score (Space Alert rulebook §4): {total}"));
    }
    Story {
        title: report.title.clone(),
        kind: report.kind.clone(),
        question: report.question.clone(),
        source: report.source.clone(),
        frames,
        final_state,
    }
}
