//! A resolution as pictures, in plain data: what each game's adjudication hands over and
//! the report layer draws (`report::html`). One [`Story`] per trace, one [`Frame`] per
//! picture (a Space Alert turn, a Talon impulse, an X-Wing or Armada step).

pub mod queue;
pub mod spacealert;
mod story;
pub mod talon;

pub use story::{Frame, FrameKey, Scene, StepText, Story};
