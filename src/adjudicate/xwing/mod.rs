//! X-Wing (2nd edition, Rules Reference 1.4.5): the ability queue and the order of play.

pub mod queue;
pub mod round;
pub mod rules;
