//! The JSON shape of one Armada fleet in `validate --output json` (plain data; the
//! validator fills it).

use serde::Serialize;

#[derive(Debug, Clone, Serialize)]
pub struct FleetJson {
    /// A commander the list names only on its `Commander:` line.
    pub commander: Option<CardJson>,
    pub ships: Vec<ShipJson>,
    pub squadrons: Vec<SquadronJson>,
    pub objectives: Vec<ObjectiveJson>,
}

#[derive(Debug, Clone, Serialize)]
pub struct CardJson {
    /// The name as written.
    pub name: String,
    /// The card's id; absent when the name matches no card.
    pub id: Option<String>,
    pub points: u32,
    /// 1-based line of the list.
    pub line: usize,
}

#[derive(Debug, Clone, Serialize)]
pub struct ShipJson {
    #[serde(flatten)]
    pub card: CardJson,
    pub flagship: bool,
    pub upgrades: Vec<CardJson>,
    /// Ship plus upgrades.
    pub total: u32,
}

#[derive(Debug, Clone, Serialize)]
pub struct SquadronJson {
    #[serde(flatten)]
    pub card: CardJson,
    pub count: u32,
    pub total: u32,
}

#[derive(Debug, Clone, Serialize)]
pub struct ObjectiveJson {
    pub name: String,
    pub id: Option<String>,
    /// `assault`, `defense`, `navigation` or a campaign category.
    pub category: Option<&'static str>,
}
