//! Ships a scenario names by their cards (`[[ship]] pilot = "Jake Farrell"`, `[[player]]
//! squad = "<link or XWS file>"`): what the card data tells about them, as the game's
//! adjudication (which has the card data) answers through [`CardNames`].

use schemars::JsonSchema;
use serde::Deserialize;

/// Which card text an ability comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Part {
    Pilot,
    Ship,
    #[default]
    Upgrade,
    Damage,
    Condition,
}

/// Where an ability of a checked scenario comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// An `[[ability]]` table of the scenario.
    Scenario,
    /// The card's timing facts, derived from its text by the importer.
    Derived,
    /// The card's timing facts, checked by hand.
    Checked,
}

impl Origin {
    /// How a trace marks an ability of this origin.
    pub fn mark(self) -> &'static str {
        match self {
            Origin::Scenario => "",
            Origin::Derived => " [derived]",
            Origin::Checked => " [checked]",
        }
    }
}

/// A ship as its cards make it: the pilot's numbers and every ability of the pilot, its
/// ship and its upgrades.
#[derive(Debug, Clone, Default)]
pub struct NamedShip {
    /// The pilot's XWS id (a squad's ships are named after it).
    pub pilot: String,
    pub name: String,
    pub initiative: Option<u8>,
    pub hull: Option<u32>,
    pub shields: u32,
    pub force: u32,
    pub abilities: Vec<CardAbility>,
}

/// One window of a card ability, in the words of an `[[ability]]`.
#[derive(Debug, Clone)]
pub struct CardAbility {
    /// The card's name (`Jake Farrell`, `Vectored Thrusters`, `Static Discharge Vanes`).
    pub card: String,
    /// The ability's id after the ship's: `pilot`, `ship` or the upgrade's id.
    pub key: String,
    pub part: Part,
    pub timing: String,
    pub optional: bool,
    pub requires: Vec<String>,
    pub cost: Vec<String>,
    pub effect: Vec<String>,
    /// Charges of the card.
    pub charges: u32,
    pub checked: bool,
    pub complete: bool,
}

/// The card data, as a scenario needs it. `Err` is what to tell the scenario's author.
pub trait CardNames {
    /// A pilot (name or XWS id) with upgrades (names or ids).
    fn ship(&self, pilot: &str, upgrades: &[String]) -> Result<NamedShip, String>;
    /// The ships of a squad: a builder link, or the path of a squad file (XWS, a YASB
    /// export…) relative to the scenario.
    fn squad(&self, squad: &str) -> Result<Vec<NamedShip>, String>;
}

/// No card data: a scenario that names a card is told so.
pub struct NoCards;

impl CardNames for NoCards {
    fn ship(&self, _pilot: &str, _upgrades: &[String]) -> Result<NamedShip, String> {
        Err("no card data is loaded to find the pilot in".to_string())
    }

    fn squad(&self, _squad: &str) -> Result<Vec<NamedShip>, String> {
        Err("no card data is loaded to read the squad with".to_string())
    }
}
