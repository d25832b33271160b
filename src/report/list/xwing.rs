//! The JSON shape of one X-Wing squad in `validate --output json` (plain data; the
//! validator fills it).

use serde::Serialize;

#[derive(Debug, Clone, Serialize)]
pub struct SquadJson {
    pub pilots: Vec<PilotJson>,
    pub ship_count: usize,
    pub obstacles: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct PilotJson {
    /// The XWS id; absent when the card was not found.
    pub id: Option<String>,
    /// The pilot as the input wrote it (XWS id, YASB number or printed name).
    pub written: String,
    pub name: String,
    pub ship: Option<String>,
    pub initiative: Option<i32>,
    pub cost: i64,
    pub loadout: Loadout,
    /// The pilot comes with a fixed set of upgrades (its cost includes them).
    pub standard_loadout: bool,
    pub upgrades: Vec<UpgradeJson>,
    /// 1-based line of the input.
    pub line: usize,
}

#[derive(Debug, Clone, Serialize)]
pub struct Loadout {
    pub used: i64,
    pub limit: i64,
}

#[derive(Debug, Clone, Serialize)]
pub struct UpgradeJson {
    pub id: String,
    pub name: String,
    pub cost: i64,
    pub from_loadout: bool,
}
