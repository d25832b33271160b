//! The frames of a resolution and the steps each frame shows.

use super::queue::Queue;
use super::spacealert::ShipBoard;
use super::talon::Board;

/// A resolved scenario, as the pages and drawings show it.
#[derive(Debug, Clone, Default)]
pub struct Story {
    pub title: String,
    pub kind: String,
    pub question: Option<String>,
    pub source: Option<String>,
    /// The pictures in order: at least one when the trace has a step.
    pub frames: Vec<Frame>,
    /// The state after the last step, one line per ship or player.
    pub final_state: Vec<String>,
}

/// One picture and the steps that led to it.
#[derive(Debug, Clone)]
pub struct Frame {
    pub key: FrameKey,
    pub steps: Vec<StepText>,
    pub scene: Scene,
}

/// What a frame stands for; it names the frame's `data-*` attribute on a page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FrameKey {
    /// A Space Alert turn (1–12; 13 is the turn after the action round).
    Turn(u8),
    /// A Talon impulse, 0 for A … 5 for F.
    Impulse(u8),
    /// One step of a trace, by its number.
    Step(usize),
    /// A part of play that is none of the above (Talon's energy phase, the situation
    /// before a hit lands): an id for the attribute and a heading.
    Phase(&'static str, &'static str),
}

/// Impulse letters, A first.
pub const IMPULSE_LETTERS: [&str; 6] = ["A", "B", "C", "D", "E", "F"];

impl FrameKey {
    /// The frame's `data-*` attribute: name and value.
    pub fn attribute(&self) -> (&'static str, String) {
        match self {
            FrameKey::Turn(turn) => ("data-turn", turn.to_string()),
            FrameKey::Impulse(i) => ("data-impulse", impulse_letter(*i).to_string()),
            FrameKey::Step(n) => ("data-step", n.to_string()),
            FrameKey::Phase(id, _) => ("data-phase", (*id).to_string()),
        }
    }

    /// The frame's heading: `Turn 3`, `Impulse B`, `Step 7`, `Energy phase`.
    pub fn heading(&self) -> String {
        match self {
            FrameKey::Turn(13) => "Turn 13 (after the action round)".to_string(),
            FrameKey::Turn(turn) => format!("Turn {turn}"),
            FrameKey::Impulse(i) => format!("Impulse {}", impulse_letter(*i)),
            FrameKey::Step(n) => format!("Step {n}"),
            FrameKey::Phase(_, heading) => (*heading).to_string(),
        }
    }
}

fn impulse_letter(i: u8) -> &'static str {
    IMPULSE_LETTERS.get(usize::from(i)).copied().unwrap_or("?")
}

/// One step of the trace as text.
#[derive(Debug, Clone, Default)]
pub struct StepText {
    pub n: usize,
    pub event: String,
    pub outcome: String,
    /// The rule it applies: document, version and section heading, as one line.
    pub rule: String,
    /// The scenario did not give a choice the rules leave to a player.
    pub choice_point: bool,
}

/// What a frame draws.
#[derive(Debug, Clone)]
pub enum Scene {
    /// The Space Alert ship and its trajectories.
    Ship(Box<ShipBoard>),
    /// The Talon map.
    Map(Box<Board>),
    /// The ability queue after a step (none for games and kinds without one).
    Queue(Option<Queue>),
}
