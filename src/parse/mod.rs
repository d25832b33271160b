//! Readers of files people write by hand for a command (scenarios, …). Each reports every
//! problem it finds with its position, like the card-data loader.

pub mod scenario;
