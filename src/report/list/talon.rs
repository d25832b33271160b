//! The JSON shape of one Talon fleet in `validate --output json` (plain data; the
//! validator fills it).

use serde::Serialize;

#[derive(Debug, Clone, Serialize)]
pub struct TalonFleetJson {
    /// `terran` or `talon`; absent when the list names neither.
    pub side: Option<&'static str>,
    pub ships: Vec<TalonShipJson>,
}

#[derive(Debug, Clone, Serialize)]
pub struct TalonShipJson {
    /// The class as written.
    pub written: String,
    /// The class id; absent when the name matches no class.
    pub class: Option<String>,
    pub count: u32,
    /// The ship's name, when the list gives one.
    pub name: Option<String>,
    /// Points of one ship.
    pub points: u32,
    /// Points of the line (count × points).
    pub total: u64,
    /// 1-based line of the list.
    pub line: usize,
}
