//! Readers for fleet lists as players export them from list builders.

pub mod armada;
