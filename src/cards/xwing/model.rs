//! The X-Wing card records as they are stored in `data/cards/xwing/*.toml`.
//!
//! Facts only: numbers, closed sets and ids; never ability or flavour text, never images.
//!
//! Points live per *revision* (a points document: AMG's official points or an X-Wing
//! Alliance release) in each card's `points` list. An entry names the revisions it holds
//! for (revisions of one organisation that agree on every value share an entry), states the
//! cost (and a pilot's loadout value) and repeats any other value only where those
//! revisions differ from the card's own (`slots`, `keywords`, `limited`, `legal`,
//! `restrictions`); use [`Pilot::points_in`] / [`Upgrade::points_in`] to read the resolved
//! values. A card no entry names a revision for is not in that revision's points list.

use crate::cards::Game;
use crate::cards::Record;
use schemars::JsonSchema;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;
use std::fmt;

/// One X-Wing card file: any mix of `[[revision]]`, `[[ship]]`, `[[pilot]]`, `[[upgrade]]`,
/// `[[condition]]`, `[[device]]`, `[[quickbuild]]`, `[[timing]]` and `[[untimed]]` tables
/// after `game = "xwing"`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CardFile {
    pub game: Game,
    #[serde(default)]
    pub revision: Vec<Record<Revision>>,
    #[serde(default)]
    pub ship: Vec<Record<Ship>>,
    #[serde(default)]
    pub pilot: Vec<Record<Pilot>>,
    #[serde(default)]
    pub upgrade: Vec<Record<Upgrade>>,
    #[serde(default)]
    pub condition: Vec<Record<Condition>>,
    #[serde(default)]
    pub device: Vec<Record<Device>>,
    #[serde(default)]
    pub quickbuild: Vec<Record<Quickbuild>>,
    #[serde(default)]
    pub timing: Vec<Record<AbilityTiming>>,
    #[serde(default)]
    pub untimed: Vec<Record<Untimed>>,
}

fn is_false(value: &bool) -> bool {
    !*value
}

fn is_zero(value: &i32) -> bool {
    *value == 0
}

/// A points document: the costs, loadout values, restricted list and legality it sets.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Revision {
    /// `<organisation>-<code>`: `amg-sep2024`, `xwa-50p20`, `xwa-r1`, …
    pub id: RevisionId,
    /// The document's own label, e.g. "Official AMG Points", "Beta Version 3".
    pub name: String,
    pub organisation: Organisation,
    /// Where the revision sits in xwing-points, e.g. `XWA/50P20`.
    pub code: String,
    /// Effective date, YYYY-MM-DD.
    pub date: String,
    /// Points of a standard squad on this revision's scale: 20 or 50.
    pub scale: i32,
    /// Other names formats may use for this revision (`amg`: AMG's current points).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
}

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Organisation {
    /// Atomic Mass Games, the publisher.
    Amg,
    /// The X-Wing Alliance, the community body that took over the points.
    Xwa,
}

/// A ship type (chassis); the same for every faction that flies it.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Ship {
    /// XWS id, e.g. `t65xwing`.
    pub id: String,
    pub name: String,
    pub size: Size,
    pub factions: Vec<Faction>,
    pub stats: Stats,
    pub actions: Vec<Action>,
    /// Maneuvers as XWS dial codes: speed, bearing letter, colour letter (`3TW`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dial: Vec<String>,
}

/// A ship's printed numbers.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Stats {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attack: Vec<Attack>,
    pub agility: i32,
    pub hull: i32,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub shields: i32,
    /// Shields recovered each End Phase (huge ships).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shields_recover: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub energy: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub energy_recover: Option<i32>,
}

/// An attack value in an arc; weapons on upgrades and remotes also have a range band.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Attack {
    pub arc: Arc,
    pub value: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_range: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_range: Option<i32>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub ordnance: bool,
}

/// An action on an action bar, with the action it is linked to, if any.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Action {
    pub action: ActionKind,
    pub colour: Colour,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub linked: Option<LinkedAction>,
}

#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LinkedAction {
    pub action: ActionKind,
    pub colour: Colour,
}

/// A pilot card. `id` is the XWS id.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Pilot {
    pub id: String,
    pub name: String,
    /// The line under the name ("Red Three"); not card text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<String>,
    /// Ship id.
    pub ship: String,
    pub faction: Faction,
    /// Absent only for `points_only` pilots (xwing-data2 does not have them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initiative: Option<i32>,
    /// Engagement value of huge ships, where it differs from initiative.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engagement: Option<i32>,
    /// Copies a squad may hold (0: not limited).
    pub limited: i32,
    /// xwing-data2's cost (AMG's final points as that project recorded them). Lists use a
    /// revision's `points` instead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<i32>,
    /// xwing-data2's loadout value; see `cost`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loadout: Option<i32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub slots: Vec<Slot>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<Keyword>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub charges: Option<Charges>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub force: Option<Force>,
    /// Name of the ship ability the card carries (the name only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ship_ability: Option<String>,
    /// Replaces the ship's stats for this pilot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ship_stats: Option<Stats>,
    /// Replaces the ship's action bar for this pilot.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ship_actions: Vec<Action>,
    /// Upgrade ids this pilot always comes with (standard-loadout pilots).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub standard_loadout: Vec<String>,
    /// Condition ids the card brings into play.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<String>,
    /// Formats the card is legal in.
    pub legal: Vec<Legality>,
    /// Known only from the points data (not in xwing-data2): no initiative or ship overrides.
    #[serde(default, skip_serializing_if = "is_false")]
    pub points_only: bool,
    /// YASB's number for the card (what its links carry), from the YASB data named in the
    /// file header. xwing-points' `yasb_id` in `points` is older and may disagree; links
    /// are read with this one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub yasb: Option<u32>,
    /// The pilot's values in each points revision that lists it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub points: Vec<PilotPoints>,
}

/// A pilot in some points revisions. Absent optional values are the card's own.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PilotPoints {
    /// Revision ids (not aliases) these values hold for.
    pub revisions: Vec<RevisionId>,
    pub cost: i32,
    pub loadout: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slots: Option<Vec<Slot>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keywords: Option<Vec<Keyword>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limited: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal: Option<Vec<Legality>>,
    /// Restricted-list count (0: not restricted).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub restricted: i32,
    /// Squad-builder (YASB) numeric id in this revision.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub yasb_id: Option<i64>,
    /// The id this revision uses for the card, where it is not the card's id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub xws: Option<String>,
}

/// An upgrade card. `id` is the XWS id.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Upgrade {
    pub id: String,
    pub name: String,
    pub limited: i32,
    /// Slots the card occupies (front side); two entries for dual-slot cards.
    pub slots: Vec<Slot>,
    /// xwing-data2's fixed cost; lists use a revision's `points` instead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<i32>,
    /// xwing-data2's cost where it depends on the ship.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variable_cost: Option<VariableCost>,
    /// Every entry must hold; see [`Restriction`].
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub restrictions: Vec<Restriction>,
    /// Only found in standard loadouts; cannot be bought.
    #[serde(default, skip_serializing_if = "is_false")]
    pub standard_loadout_only: bool,
    pub legal: Vec<Legality>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sides: Vec<Side>,
    /// Known only from the points data (not in xwing-data2): no sides.
    #[serde(default, skip_serializing_if = "is_false")]
    pub points_only: bool,
    /// YASB's number for the card (what its links carry), from the YASB data named in the
    /// file header. xwing-points' `yasb_id` in `points` is older and may disagree; links
    /// are read with this one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub yasb: Option<u32>,
    /// The upgrade's values in each points revision that lists it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub points: Vec<UpgradePoints>,
}

/// An upgrade in some points revisions. Absent optional values are the card's own.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UpgradePoints {
    /// Revision ids (not aliases) these values hold for.
    pub revisions: Vec<RevisionId>,
    /// Absent (and no `variable_cost`): the revision gives no price ("?").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variable_cost: Option<VariableCost>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slots: Option<Vec<Slot>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limited: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub restrictions: Option<Vec<Restriction>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal: Option<Vec<Legality>>,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub restricted: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub yasb_id: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub xws: Option<String>,
}

/// A cost that depends on the ship: `values` maps a size (`small` … `huge`) or an agility
/// or initiative value (`"0"` … `"8"`) to points.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VariableCost {
    pub by: CostVariable,
    pub values: BTreeMap<String, i32>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum CostVariable {
    Size,
    Agility,
    Initiative,
}

/// One face of an upgrade card.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Side {
    pub title: String,
    /// The card type printed on this side.
    #[serde(rename = "type")]
    pub kind: Slot,
    /// Slots this side occupies, where they differ from the card's `slots`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slots: Option<Vec<Slot>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub charges: Option<Charges>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub force: Option<Force>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attack: Option<Attack>,
    /// Actions printed on the card.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub actions: Vec<Action>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub grants: Vec<Grant>,
    /// Id of the device (bomb, mine, remote, obstacle) the side deploys.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub device: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ship_ability: Option<String>,
}

/// What equipping the card adds to the ship. Exactly one of `action`, `slot`, `stat` or
/// (alone) `arc` is set: `{ slot = "cannon", amount = 1 }`, `{ stat = "hull", amount = -1 }`,
/// `{ stat = "attack", arc = "front", amount = 1 }`, `{ arc = "single-turret" }` (gain the
/// arc), `{ stat = "force", amount = 1, force_side = ["dark"] }`.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Grant {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action: Option<Action>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slot: Option<Slot>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stat: Option<StatName>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arc: Option<Arc>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount: Option<i32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub force_side: Vec<ForceSide>,
}

/// One entry of an upgrade's restrictions, as xwing-data2 and xwing-points state them.
/// Every entry of a card must hold. Inside an entry, each key must hold (a list: any of
/// its values), except `names`, which is an alternative to the rest of its entry: the
/// sources write "Scum only, or a squad with Darth Vader" as
/// `{ factions = ["scumandvillainy"], names = ["Darth Vader"] }`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Restriction {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub factions: Vec<Faction>,
    /// Ship ids.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ships: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sizes: Vec<Size>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<Keyword>,
    /// Card names the squad must contain.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub names: Vec<String>,
    /// Ship ability names the ship must have.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ship_abilities: Vec<String>,
    /// Arcs the ship must have.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub arcs: Vec<Arc>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub force_sides: Vec<ForceSide>,
    /// Upgrade types the ship must already have equipped.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub equipped: Vec<Slot>,
    /// An action the ship must have (of that colour, if given).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action: Option<ActionRequirement>,
    /// Ship or pilot values the ship must have (xwing-points' `shipStat`, `pilotStat`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stats: Vec<StatRequirement>,
    /// At most one such card per squad of the same slot ("Solitary").
    #[serde(default, skip_serializing_if = "is_false")]
    pub solitary: bool,
    /// The "Standardized" rule applies.
    #[serde(default, skip_serializing_if = "is_false")]
    pub standardized: bool,
    /// The sources' `non-limited` flag, copied as given (they only ever write `false`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub non_limited: Option<bool>,
}

#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ActionRequirement {
    pub action: ActionKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<Colour>,
}

/// `min` ≤ value ≤ `max` (either bound may be absent).
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StatRequirement {
    pub stat: StatName,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<i32>,
}

#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Charges {
    pub value: i32,
    /// Charges recovered per round (negative: lost).
    pub recovers: i32,
}

#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Force {
    pub value: i32,
    pub recovers: i32,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub side: Vec<ForceSide>,
}

/// A condition card (assigned during play).
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Condition {
    pub id: String,
    pub name: String,
    pub limited: i32,
    /// YASB's number for the condition.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub yasb: Option<u32>,
}

/// A YASB quick-build card: a pilot with fixed upgrades and a threat value, which links in
/// quick-build mode (`d=v…ZqZ…`) name by `yasb` number instead of pilots and upgrades.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Quickbuild {
    /// YASB's quick-build number.
    pub yasb: u32,
    pub faction: Faction,
    /// Pilot id.
    pub pilot: String,
    /// Upgrade ids the ship carries.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub upgrades: Vec<String>,
    /// Threat of the card; a wing leader's has one value per wingmate count in `wingmates`.
    /// Empty for a card that only comes with another (its threat is that card's).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub threat: Vec<i32>,
    /// The quick-build fielded with this one (this card's own number: two identical ships).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub linked: Option<u32>,
    /// Wing leaders: the numbers of wingmates allowed, the fewest first (the default).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub wingmates: Vec<u32>,
    /// Wing leaders: the quick-build every wingmate is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wingmate: Option<u32>,
    /// A wingmate card: fielded only with its wing leader, never written in a link itself.
    #[serde(default, skip_serializing_if = "is_false")]
    pub is_wingmate: bool,
}

/// A bomb, mine, remote or obstacle an upgrade deploys.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Device {
    /// Squashed name, e.g. `buzzdroidswarm`.
    pub id: String,
    pub name: String,
    #[serde(rename = "type")]
    pub kind: DeviceKind,
    /// Id of the upgrade that deploys it.
    pub upgrade: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initiative: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub charges: Option<Charges>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attack: Option<Attack>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agility: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hull: Option<i32>,
}

/// The values of a pilot in one revision, with the card's own filled in.
#[derive(Debug, Clone, PartialEq)]
pub struct ResolvedPilotPoints<'a> {
    pub cost: i32,
    pub loadout: i32,
    pub slots: &'a [Slot],
    pub keywords: &'a [Keyword],
    pub limited: i32,
    pub legal: &'a [Legality],
    pub restricted: i32,
    pub yasb_id: Option<i64>,
}

/// The values of an upgrade in one revision, with the card's own filled in.
#[derive(Debug, Clone, PartialEq)]
pub struct ResolvedUpgradePoints<'a> {
    pub cost: Option<i32>,
    pub variable_cost: Option<&'a VariableCost>,
    pub slots: &'a [Slot],
    pub limited: i32,
    pub restrictions: &'a [Restriction],
    pub legal: &'a [Legality],
    pub restricted: i32,
    pub yasb_id: Option<i64>,
}

impl Pilot {
    /// This pilot's values in `revision` (a revision id, not an alias), or `None` when the
    /// revision does not list it.
    pub fn points_in(&self, revision: &str) -> Option<ResolvedPilotPoints<'_>> {
        let p = self
            .points
            .iter()
            .find(|p| p.revisions.iter().any(|r| r == revision))?;
        Some(ResolvedPilotPoints {
            cost: p.cost,
            loadout: p.loadout,
            slots: p.slots.as_deref().unwrap_or(&self.slots),
            keywords: p.keywords.as_deref().unwrap_or(&self.keywords),
            limited: p.limited.unwrap_or(self.limited),
            legal: p.legal.as_deref().unwrap_or(&self.legal),
            restricted: p.restricted,
            yasb_id: p.yasb_id,
        })
    }
}

impl Upgrade {
    /// This upgrade's values in `revision` (a revision id, not an alias), or `None` when
    /// the revision does not list it.
    pub fn points_in(&self, revision: &str) -> Option<ResolvedUpgradePoints<'_>> {
        let p = self
            .points
            .iter()
            .find(|p| p.revisions.iter().any(|r| r == revision))?;
        Some(ResolvedUpgradePoints {
            cost: p.cost,
            variable_cost: p.variable_cost.as_ref(),
            slots: p.slots.as_deref().unwrap_or(&self.slots),
            limited: p.limited.unwrap_or(self.limited),
            restrictions: p.restrictions.as_deref().unwrap_or(&self.restrictions),
            legal: p.legal.as_deref().unwrap_or(&self.legal),
            restricted: p.restricted,
            yasb_id: p.yasb_id,
        })
    }
}

impl VariableCost {
    /// The cost for a ship of this size, agility and pilot initiative, if the table has it.
    pub fn cost_for(&self, size: Size, agility: i32, initiative: i32) -> Option<i32> {
        // Called for every variable-cost upgrade of every squad validated: single digits
        // (all agility and initiative values) are looked up without formatting a key.
        const DIGITS: [&str; 10] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];
        let number = |n: i32| {
            usize::try_from(n)
                .ok()
                .and_then(|i| DIGITS.get(i))
                .map_or_else(|| n.to_string().into(), |d| std::borrow::Cow::Borrowed(*d))
        };
        let key = match self.by {
            CostVariable::Size => std::borrow::Cow::Borrowed(size.as_str()),
            CostVariable::Agility => number(agility),
            CostVariable::Initiative => number(initiative),
        };
        self.values.get(key.as_ref()).copied()
    }

    /// Keys the table may use for its variable.
    pub fn key_is_valid(&self, key: &str) -> bool {
        match self.by {
            CostVariable::Size => Size::ALL.iter().any(|s| s.as_str() == key),
            CostVariable::Agility => key.parse::<u8>().is_ok_and(|n| n <= 9),
            CostVariable::Initiative => key.parse::<u8>().is_ok_and(|n| n <= 8),
        }
    }
}

/// A revision id, stored inline (no allocation: points lists name revisions thousands of
/// times): 1 to 23 ASCII letters, digits, `-` or `_`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RevisionId {
    len: u8,
    bytes: [u8; RevisionId::MAX_LEN],
}

impl RevisionId {
    pub const MAX_LEN: usize = 23;

    pub fn new(text: &str) -> Option<RevisionId> {
        let valid = !text.is_empty()
            && text.len() <= Self::MAX_LEN
            && text
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        if !valid {
            return None;
        }
        let mut bytes = [0; Self::MAX_LEN];
        bytes[..text.len()].copy_from_slice(text.as_bytes());
        Some(RevisionId {
            len: text.len() as u8,
            bytes,
        })
    }

    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..self.len as usize]).unwrap_or_default()
    }
}

impl fmt::Debug for RevisionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl fmt::Display for RevisionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl PartialEq<str> for RevisionId {
    /// Byte-wise: `points_in` compares revision ids for every card of every squad
    /// validated, and `as_str` would check the UTF-8 each time.
    fn eq(&self, other: &str) -> bool {
        &self.bytes[..self.len as usize] == other.as_bytes()
    }
}

impl Serialize for RevisionId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for RevisionId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = RevisionId;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a revision id: 1 to 23 letters, digits or hyphens")
            }
            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<RevisionId, E> {
                RevisionId::new(text)
                    .ok_or_else(|| E::invalid_value(serde::de::Unexpected::Str(text), &self))
            }
        }
        deserializer.deserialize_str(Visitor)
    }
}

impl JsonSchema for RevisionId {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "RevisionId".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "pattern": "^[A-Za-z0-9_-]{1,23}$",
            "description": "A revision id, e.g. `amg-sep2024` or `xwa-50p20`."
        })
    }
}

/// Closed sets: a value outside them is a typo `cards check` reports.
macro_rules! closed_set {
    ($(#[$meta:meta])* $name:ident { $($variant:ident = $text:literal / $label:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema)]
        pub enum $name {
            $(#[serde(rename = $text)] $variant),+
        }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The id used in the data files.
            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }

            /// The name printed on cards.
            pub fn label(self) -> &'static str {
                match self { $($name::$variant => $label),+ }
            }

            /// From a source's spelling: case, spaces, hyphens and underscores do not matter.
            pub fn parse_loose(text: &str) -> Option<$name> {
                $name::ALL.iter().copied().find(|v| loose_eq(v.as_str(), text) || loose_eq(v.label(), text))
            }
        }
    };
}

/// Equal when case and everything but letters and digits are ignored. Compares without
/// allocating: validation parses a faction and a legality per squad.
fn loose_eq(a: &str, b: &str) -> bool {
    fn loose(text: &str) -> impl Iterator<Item = char> + '_ {
        text.chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
    }
    loose(a).eq(loose(b))
}

closed_set!(
    /// The seven factions, by XWS id.
    Faction {
        RebelAlliance = "rebelalliance" / "Rebel Alliance",
        GalacticEmpire = "galacticempire" / "Galactic Empire",
        ScumAndVillainy = "scumandvillainy" / "Scum and Villainy",
        Resistance = "resistance" / "Resistance",
        FirstOrder = "firstorder" / "First Order",
        GalacticRepublic = "galacticrepublic" / "Galactic Republic",
        SeparatistAlliance = "separatistalliance" / "Separatist Alliance",
    }
);

closed_set!(
    Size {
        Small = "small" / "Small",
        Medium = "medium" / "Medium",
        Large = "large" / "Large",
        Huge = "huge" / "Huge",
    }
);

closed_set!(
    /// Upgrade slots and card types. `device` is the slot AMG's 2.5 documents call Payload.
    Slot {
        Astromech = "astromech" / "Astromech",
        Cannon = "cannon" / "Cannon",
        Cargo = "cargo" / "Cargo",
        Command = "command" / "Command",
        Configuration = "configuration" / "Configuration",
        Crew = "crew" / "Crew",
        Device = "device" / "Device",
        ForcePower = "force-power" / "Force Power",
        Gunner = "gunner" / "Gunner",
        Hardpoint = "hardpoint" / "Hardpoint",
        Hyperdrive = "hyperdrive" / "Hyperdrive",
        Illicit = "illicit" / "Illicit",
        Missile = "missile" / "Missile",
        Modification = "modification" / "Modification",
        Sensor = "sensor" / "Sensor",
        TacticalRelay = "tactical-relay" / "Tactical Relay",
        Talent = "talent" / "Talent",
        Team = "team" / "Team",
        Tech = "tech" / "Tech",
        Title = "title" / "Title",
        Torpedo = "torpedo" / "Torpedo",
        Turret = "turret" / "Turret",
    }
);

closed_set!(
    Keyword {
        AWing = "a-wing" / "A-wing",
        BWing = "b-wing" / "B-wing",
        BountyHunter = "bounty-hunter" / "Bounty Hunter",
        Clone = "clone" / "Clone",
        DarkSide = "dark-side" / "Dark Side",
        Droid = "droid" / "Droid",
        Freighter = "freighter" / "Freighter",
        Jedi = "jedi" / "Jedi",
        LightSide = "light-side" / "Light Side",
        Mandalorian = "mandalorian" / "Mandalorian",
        Partisan = "partisan" / "Partisan",
        Sith = "sith" / "Sith",
        Spectre = "spectre" / "Spectre",
        Tie = "tie" / "TIE",
        XWing = "x-wing" / "X-wing",
        YWing = "y-wing" / "Y-wing",
        Yt1300 = "yt-1300" / "YT-1300",
    }
);

closed_set!(
    ActionKind {
        Focus = "focus" / "Focus",
        Lock = "lock" / "Lock",
        Evade = "evade" / "Evade",
        Boost = "boost" / "Boost",
        BarrelRoll = "barrel-roll" / "Barrel Roll",
        Reinforce = "reinforce" / "Reinforce",
        Cloak = "cloak" / "Cloak",
        Coordinate = "coordinate" / "Coordinate",
        Calculate = "calculate" / "Calculate",
        Jam = "jam" / "Jam",
        Reload = "reload" / "Reload",
        Slam = "slam" / "SLAM",
        RotateArc = "rotate-arc" / "Rotate Arc",
    }
);

closed_set!(
    /// Action difficulty.
    Colour {
        White = "white" / "White",
        Red = "red" / "Red",
        Purple = "purple" / "Purple",
    }
);

closed_set!(
    Arc {
        Front = "front" / "Front Arc",
        Rear = "rear" / "Rear Arc",
        FullFront = "full-front" / "Full Front Arc",
        Bullseye = "bullseye" / "Bullseye Arc",
        SingleTurret = "single-turret" / "Single Turret Arc",
        DoubleTurret = "double-turret" / "Double Turret Arc",
        Left = "left" / "Left Arc",
        Right = "right" / "Right Arc",
    }
);

closed_set!(
    ForceSide {
        Light = "light" / "Light",
        Dark = "dark" / "Dark",
    }
);

closed_set!(
    /// The format flags of the points data.
    Legality {
        Standard = "standard" / "Standard",
        Extended = "extended" / "Extended",
        Epic = "epic" / "Epic",
    }
);

closed_set!(
    StatName {
        Attack = "attack" / "Attack",
        Agility = "agility" / "Agility",
        Hull = "hull" / "Hull",
        Shields = "shields" / "Shields",
        Energy = "energy" / "Energy",
        Force = "force" / "Force",
        Charges = "charges" / "Charges",
        Initiative = "initiative" / "Initiative",
    }
);

closed_set!(
    DeviceKind {
        Bomb = "bomb" / "Bomb",
        Mine = "mine" / "Mine",
        Remote = "remote" / "Remote",
        Obstacle = "obstacle" / "Obstacle",
    }
);

/// Which printed ability a [`AbilityTiming`] is about.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize, Serialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum AbilityPart {
    /// The pilot ability of the pilot `card`.
    Pilot,
    /// The ship ability `ability` of the ship (chassis) `card`.
    Ship,
    /// One side (`side`, 0 the front) of the upgrade `card`.
    Upgrade,
}

impl AbilityPart {
    pub fn as_str(self) -> &'static str {
        match self {
            AbilityPart::Pilot => "pilot",
            AbilityPart::Ship => "ship",
            AbilityPart::Upgrade => "upgrade",
        }
    }
}

/// One window in which a card ability applies, in the words of `arbiter resolve`'s X-Wing
/// scenarios (`timing`, `requires`, `cost`, `effect` as an `[[ability]]` writes them):
/// facts, never the card's text. `data/cards/xwing/timing.toml` is derived from the card
/// texts by the importer; `timing-overrides.toml` is kept by hand. For one ability, records
/// with `checked = true` replace the derived ones.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AbilityTiming {
    pub part: AbilityPart,
    /// Pilot id, ship id (ship abilities) or upgrade id.
    pub card: String,
    /// The ship ability's name (ship abilities only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ability: Option<String>,
    /// The upgrade's side, 0 the front (upgrades only).
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub side: u8,
    /// When it applies: `after self perform boost|barrel-roll`, `start engagement`,
    /// `while defending`, `constant`, …
    pub timing: String,
    /// The player may decline it.
    #[serde(default, skip_serializing_if = "is_false")]
    pub optional: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub requires: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cost: Vec<String>,
    /// What it does, as game events; empty when the vocabulary cannot say it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effect: Vec<String>,
    /// The record says everything the card does in this window; otherwise some condition or
    /// effect is beyond the vocabulary and a judge reads the card.
    #[serde(default, skip_serializing_if = "is_false")]
    pub complete: bool,
    /// Checked by hand against the card (derived records are not).
    #[serde(default, skip_serializing_if = "is_false")]
    pub checked: bool,
}

impl AbilityTiming {
    /// The ability this record is about: part, card, ship ability name and side.
    pub fn key(&self) -> (AbilityPart, &str, Option<&str>, u8) {
        (self.part, &self.card, self.ability.as_deref(), self.side)
    }
}

/// An ability the card has but the importer read no window from (a timing override may
/// give it some): what `cards coverage` counts as not covered.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Untimed {
    pub part: AbilityPart,
    pub card: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ability: Option<String>,
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub side: u8,
}

impl Untimed {
    pub fn key(&self) -> (AbilityPart, &str, Option<&str>, u8) {
        (self.part, &self.card, self.ability.as_deref(), self.side)
    }
}

fn is_zero_u8(value: &u8) -> bool {
    *value == 0
}
