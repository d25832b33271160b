//! The JSON of xwing-data2 and xwing-points, as read. Unknown keys are errors, so a new
//! version of either source that adds a fact cannot be imported without us noticing; keys
//! that hold text or images are named here only to be ignored.

use serde::Deserialize;
use serde::de::IgnoredAny;
use std::collections::BTreeMap;

/// Card text, flavour text and image addresses: never imported.
type Ignored = Option<IgnoredAny>;

#[derive(Debug, Deserialize)]
pub struct Manifest {
    pub version: String,
    pub pilots: Vec<ManifestFaction>,
    pub upgrades: Vec<String>,
    pub conditions: String,
}

#[derive(Debug, Deserialize)]
pub struct ManifestFaction {
    pub faction: String,
    pub ships: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ship {
    pub name: String,
    pub xws: String,
    pub size: String,
    #[serde(default)]
    pub dial: Vec<String>,
    #[serde(default, rename = "dialCodes")]
    pub _dial_codes: Ignored,
    pub faction: String,
    pub stats: Vec<Stat>,
    pub actions: Vec<Action>,
    #[serde(default, rename = "icon")]
    pub _icon: Ignored,
    pub pilots: Vec<Pilot>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stat {
    #[serde(rename = "type")]
    pub kind: String,
    pub value: i32,
    #[serde(default)]
    pub arc: Option<String>,
    #[serde(default)]
    pub recovers: Option<i32>,
    #[serde(default)]
    pub ordnance: Option<bool>,
    #[serde(default)]
    pub minrange: Option<i32>,
    #[serde(default)]
    pub maxrange: Option<i32>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Action {
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(default)]
    pub difficulty: Option<String>,
    #[serde(default)]
    pub linked: Option<Box<Action>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pilot {
    pub name: String,
    #[serde(default)]
    pub caption: Option<String>,
    pub initiative: i32,
    #[serde(default)]
    pub engagement: Option<i32>,
    pub limited: i32,
    #[serde(default)]
    pub cost: Option<i32>,
    #[serde(default)]
    pub loadout: Option<i32>,
    pub xws: String,
    #[serde(default, rename = "ability")]
    pub _ability: Ignored,
    #[serde(default, rename = "text")]
    pub _text: Ignored,
    #[serde(default, rename = "image")]
    pub _image: Ignored,
    #[serde(default, rename = "artwork")]
    pub _artwork: Ignored,
    #[serde(default)]
    pub slots: Vec<String>,
    #[serde(default)]
    pub keywords: Vec<String>,
    #[serde(default)]
    pub charges: Option<Charges>,
    #[serde(default)]
    pub force: Option<Force>,
    #[serde(default, rename = "standardLoadout")]
    pub standard_loadout: Vec<String>,
    #[serde(default)]
    pub conditions: Vec<String>,
    #[serde(default, rename = "shipAbility")]
    pub ship_ability: Option<NamedAbility>,
    #[serde(default, rename = "shipStats")]
    pub ship_stats: Option<Vec<Stat>>,
    #[serde(default, rename = "shipActions")]
    pub ship_actions: Option<Vec<Action>>,
    pub standard: bool,
    pub extended: bool,
    pub epic: bool,
}

/// A named ability: only the name is imported.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NamedAbility {
    pub name: String,
    #[serde(default, rename = "text")]
    pub _text: Ignored,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Charges {
    pub value: i32,
    pub recovers: i32,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Force {
    pub value: i32,
    pub recovers: i32,
    #[serde(default)]
    pub side: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Upgrade {
    pub name: String,
    pub limited: i32,
    pub xws: String,
    pub sides: Vec<Side>,
    #[serde(default)]
    pub cost: Option<Cost>,
    #[serde(default)]
    pub restrictions: Vec<Restriction>,
    pub standard: bool,
    pub extended: bool,
    pub epic: bool,
    #[serde(default, rename = "standardLoadoutOnly")]
    pub standard_loadout_only: bool,
}

/// `{ "value": 3 }`, `{ "value": "?" }` or `{ "variable": "agility", "values": { … } }`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cost {
    #[serde(default)]
    pub value: Option<serde_json::Value>,
    #[serde(default)]
    pub variable: Option<String>,
    #[serde(default)]
    pub values: Option<BTreeMap<String, i32>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Side {
    pub title: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub slots: Vec<String>,
    #[serde(default, rename = "ability")]
    pub _ability: Ignored,
    #[serde(default, rename = "text")]
    pub _text: Ignored,
    #[serde(default, rename = "image")]
    pub _image: Ignored,
    #[serde(default, rename = "artwork")]
    pub _artwork: Ignored,
    #[serde(default)]
    pub charges: Option<Charges>,
    #[serde(default)]
    pub force: Option<Force>,
    #[serde(default)]
    pub actions: Vec<Action>,
    #[serde(default)]
    pub grants: Vec<Grant>,
    #[serde(default)]
    pub attack: Option<Attack>,
    #[serde(default)]
    pub conditions: Vec<String>,
    #[serde(default)]
    pub device: Option<Device>,
    #[serde(default)]
    pub restrictions: Vec<Restriction>,
    #[serde(default, rename = "shipAbility")]
    pub ship_ability: Option<NamedAbility>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attack {
    pub arc: String,
    pub value: i32,
    pub minrange: i32,
    pub maxrange: i32,
    pub ordnance: bool,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Grant {
    #[serde(rename = "type")]
    pub kind: String,
    pub value: serde_json::Value,
    #[serde(default)]
    pub amount: Option<i32>,
    #[serde(default)]
    pub arc: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Device {
    pub name: String,
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(default, rename = "effect")]
    pub _effect: Ignored,
    #[serde(default, rename = "text")]
    pub _text: Ignored,
    #[serde(default, rename = "image")]
    pub _image: Ignored,
    #[serde(default, rename = "artwork")]
    pub _artwork: Ignored,
    #[serde(default)]
    pub initiative: Option<i32>,
    #[serde(default)]
    pub charges: Option<Charges>,
    #[serde(default)]
    pub stats: Vec<Stat>,
}

/// A restriction entry: the same shape in xwing-data2 and xwing-points (which adds
/// `shipStat` and `pilotStat` as phrases, and `Restricted-N` pseudo keywords and sizes).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Restriction {
    #[serde(default)]
    pub factions: Vec<String>,
    #[serde(default)]
    pub ships: Vec<String>,
    #[serde(default)]
    pub sizes: Vec<String>,
    #[serde(default)]
    pub keywords: Vec<String>,
    #[serde(default)]
    pub names: Vec<String>,
    #[serde(default, rename = "shipAbility")]
    pub ship_ability: Vec<String>,
    #[serde(default)]
    pub arcs: Vec<String>,
    #[serde(default)]
    pub force_side: Vec<String>,
    #[serde(default)]
    pub equipped: Vec<String>,
    #[serde(default)]
    pub action: Option<Action>,
    #[serde(default)]
    pub solitary: Option<bool>,
    #[serde(default)]
    pub standardized: Option<bool>,
    #[serde(default, rename = "non-limited")]
    pub non_limited: Option<bool>,
    #[serde(default, rename = "shipStat")]
    pub ship_stat: Vec<String>,
    #[serde(default, rename = "pilotStat")]
    pub pilot_stat: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Condition {
    pub name: String,
    pub limited: i32,
    pub xws: String,
    #[serde(default, rename = "ability")]
    pub _ability: Ignored,
    #[serde(default, rename = "image")]
    pub _image: Ignored,
}

/// `points-version.json`: organisation → where its revision list is.
#[derive(Debug, Deserialize)]
pub struct PointsOrganisation {
    pub location: String,
}

/// `<ORG>/points-revisions.json`.
#[derive(Debug, Deserialize)]
pub struct PointsHistory {
    pub current_revision: String,
    pub revision_history: Vec<String>,
}

/// `<ORG>/<code>/revision.json`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PointsRevision {
    pub effective_date: String,
    pub format: String,
    #[serde(default, rename = "author")]
    pub _author: Ignored,
    #[serde(default, rename = "subject")]
    pub _subject: Ignored,
    pub files: BTreeMap<String, String>,
}

/// A pilot in a points file (`<faction>.json`: ship name → XWS id → this).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PointsPilot {
    pub name: String,
    #[serde(default)]
    pub subtitle: String,
    pub limited: i32,
    pub cost: i32,
    pub loadout: i32,
    pub slots: Vec<String>,
    pub keywords: Vec<String>,
    pub standard: Flag,
    pub extended: Flag,
    pub epic: Flag,
    #[serde(default)]
    pub restricted: Option<i32>,
    #[serde(default)]
    pub yasb_id: Option<i64>,
}

/// An upgrade in `upgrades.json` (XWS id → this).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PointsUpgrade {
    pub name: String,
    /// A number, or "?" where the revision gives no price.
    pub cost: serde_json::Value,
    pub limited: i32,
    pub standard: Flag,
    pub extended: Flag,
    pub epic: Flag,
    #[serde(default)]
    pub restrictions: Vec<Restriction>,
    pub slots: Vec<String>,
    #[serde(default)]
    pub restricted: Option<i32>,
    #[serde(default)]
    pub yasb_id: Option<i64>,
}

/// Format flags: booleans for upgrades, "Yes"/"No" for pilots.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Flag(pub bool);

impl<'de> Deserialize<'de> for Flag {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Bool(bool),
            Text(String),
        }
        match Raw::deserialize(deserializer)? {
            Raw::Bool(b) => Ok(Flag(b)),
            Raw::Text(t) if t.eq_ignore_ascii_case("yes") => Ok(Flag(true)),
            Raw::Text(t) if t.eq_ignore_ascii_case("no") => Ok(Flag(false)),
            Raw::Text(t) => Err(serde::de::Error::custom(format!(
                "format flag `{t}` is neither Yes nor No"
            ))),
        }
    }
}
