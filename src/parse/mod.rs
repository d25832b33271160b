//! Readers for squad and fleet lists as players exchange them: each game's formats, with
//! byte spans on everything read so later checks can point at the input.

pub mod xwing;
