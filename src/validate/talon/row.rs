//! One class line of a Talon fleet, resolved; shared by the fleet check and the fighter check.

use crate::cards::talon::ShipClass;

/// One class line, resolved.
#[derive(Debug, Clone)]
pub struct Row<'db> {
    pub count: u32,
    pub written: String,
    pub class: Option<&'db ShipClass>,
    pub name: Option<String>,
    /// Points of one ship (0 when the class is unknown).
    pub points: u32,
    /// Byte offset of the line.
    pub at: usize,
    /// The class as written.
    pub span: std::ops::Range<usize>,
}
