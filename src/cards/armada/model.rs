//! The Armada card records: facts only (numbers, enums, ids), never card text.
//!
//! Conventions shared by every record:
//! - `id` is a stable slug; see `crate::import::isb` for how ids derive from the source keys.
//! - `source` is the content source that published this version of the card; a format
//!   lists the sources it allows (`legal_sources`).
//! - `superseded_by` marks an older printing replaced by an erratum (the id of the current
//!   version, same kind). A superseded card is only legal in a format that does not allow
//!   the source of the card that supersedes it.
//! - `replaces` marks a community content pack's own revision of another card (same kind):
//!   where the pack's source is legal, this card stands in for that one.
//! - Dice are `[red, blue, black]` counts.
//! - Fields at their default (false, 0, empty, absent) are left out of the files.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Red, blue and black dice, in that order.
pub type Dice = [u8; 3];

pub(crate) fn is_false(value: &bool) -> bool {
    !*value
}

/// Who published a card version. Closed set: `cards check` rejects anything else.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Source {
    /// Fantasy Flight Games: the original printings.
    Ffg,
    /// Atomic Mass Games: Rapid Reinforcements and the final errata and points.
    Amg,
    /// Armada Legacy (community), current releases.
    Legacy,
    /// Armada Legacy beta releases.
    LegacyBeta,
    /// Armada Legacy's earlier waves, since withdrawn or reworked.
    OldLegacy,
    /// Armada Nexus (community).
    Nexus,
    /// Armada Legends (community: New Republic, Battlestar Galactica, Halo).
    Legends,
    /// Armada Ruleset Collective (community errata, ARC 0.1).
    Arc,
}

impl Source {
    pub const ALL: [Source; 8] = [
        Source::Ffg,
        Source::Amg,
        Source::Legacy,
        Source::LegacyBeta,
        Source::OldLegacy,
        Source::Nexus,
        Source::Legends,
        Source::Arc,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Source::Ffg => "ffg",
            Source::Amg => "amg",
            Source::Legacy => "legacy",
            Source::LegacyBeta => "legacy-beta",
            Source::OldLegacy => "old-legacy",
            Source::Nexus => "nexus",
            Source::Legends => "legends",
            Source::Arc => "arc",
        }
    }

    /// Who the source is, for messages.
    pub fn title(self) -> &'static str {
        match self {
            Source::Ffg => "Fantasy Flight Games",
            Source::Amg => "Atomic Mass Games",
            Source::Legacy => "Armada Legacy",
            Source::LegacyBeta => "Armada Legacy (beta)",
            Source::OldLegacy => "Armada Legacy (withdrawn)",
            Source::Nexus => "Armada Nexus",
            Source::Legends => "Armada Legends",
            Source::Arc => "the Armada Ruleset Collective",
        }
    }
}

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Faction {
    Empire,
    Rebel,
    Republic,
    Separatist,
    Scum,
    NewRepublic,
    Colonial,
    Cylon,
    Unsc,
    Covenant,
}

impl Faction {
    pub fn as_str(self) -> &'static str {
        match self {
            Faction::Empire => "empire",
            Faction::Rebel => "rebel",
            Faction::Republic => "republic",
            Faction::Separatist => "separatist",
            Faction::Scum => "scum",
            Faction::NewRepublic => "new-republic",
            Faction::Colonial => "colonial",
            Faction::Cylon => "cylon",
            Faction::Unsc => "unsc",
            Faction::Covenant => "covenant",
        }
    }
}

/// Base size of a ship.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Size {
    Small,
    Medium,
    Large,
    Huge,
    /// The shorter huge base of Armada Nexus (280 mm); upgrades name it apart from `huge`.
    #[serde(rename = "280-huge")]
    Huge280,
}

impl Size {
    pub fn as_str(self) -> &'static str {
        match self {
            Size::Small => "small",
            Size::Medium => "medium",
            Size::Large => "large",
            Size::Huge => "huge",
            Size::Huge280 => "280-huge",
        }
    }
}

/// An upgrade icon of a ship's upgrade bar.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Slot {
    Commander,
    Officer,
    WeaponsTeam,
    SupportTeam,
    OffensiveRetro,
    DefensiveRetro,
    ExperimentalRetro,
    FleetCommand,
    FleetSupport,
    Turbolaser,
    IonCannon,
    Ordnance,
    SuperWeapon,
    Title,
}

impl Slot {
    pub fn as_str(self) -> &'static str {
        match self {
            Slot::Commander => "commander",
            Slot::Officer => "officer",
            Slot::WeaponsTeam => "weapons-team",
            Slot::SupportTeam => "support-team",
            Slot::OffensiveRetro => "offensive-retro",
            Slot::DefensiveRetro => "defensive-retro",
            Slot::ExperimentalRetro => "experimental-retro",
            Slot::FleetCommand => "fleet-command",
            Slot::FleetSupport => "fleet-support",
            Slot::Turbolaser => "turbolaser",
            Slot::IonCannon => "ion-cannon",
            Slot::Ordnance => "ordnance",
            Slot::SuperWeapon => "super-weapon",
            Slot::Title => "title",
        }
    }
}

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum DefenseToken {
    Scatter,
    Evade,
    Brace,
    Redirect,
    Contain,
    Salvo,
}

impl DefenseToken {
    pub fn as_str(self) -> &'static str {
        match self {
            DefenseToken::Scatter => "scatter",
            DefenseToken::Evade => "evade",
            DefenseToken::Brace => "brace",
            DefenseToken::Redirect => "redirect",
            DefenseToken::Contain => "contain",
            DefenseToken::Salvo => "salvo",
        }
    }
}

/// A command (dial or token); `any` where a card allows any command.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Command {
    Navigate,
    Squadron,
    Repair,
    ConcentrateFire,
    Any,
}

impl Command {
    pub fn as_str(self) -> &'static str {
        match self {
            Command::Navigate => "navigate",
            Command::Squadron => "squadron",
            Command::Repair => "repair",
            Command::ConcentrateFire => "concentrate-fire",
            Command::Any => "any",
        }
    }
}

// ---------------------------------------------------------------------------------------
// Ship types and ships

/// A hull (chassis): the facts printed on the ship token and shared by every ship card of
/// that hull. Titles and hull-specific upgrades bind to it (`ship_type`).
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ShipType {
    pub id: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nicknames: Vec<String>,
    /// The source of the first printing of this hull.
    pub source: Source,
    pub size: Size,
    pub hull: u8,
    /// The speed chart: entry `n - 1` lists the yaw clicks of each joint at speed `n`, so
    /// the chart has as many entries as the ship's maximum speed and entry `n - 1` has `n`
    /// values.
    pub speed: Vec<Vec<u8>>,
    pub shields: Shields,
}

/// Shields per hull zone; the auxiliary zones exist on huge ships only.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Shields {
    pub front: u8,
    pub left: u8,
    pub right: u8,
    pub rear: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub left_aux: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub right_aux: Option<u8>,
}

/// Battery armament per hull zone and anti-squadron armament; zones without dice are
/// left out.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Armament {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub front: Option<Dice>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub left: Option<Dice>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub right: Option<Dice>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rear: Option<Dice>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub left_aux: Option<Dice>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub right_aux: Option<Dice>,
    /// A card-specific battery (e.g. the Onager's special armament).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub special: Option<Dice>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub anti_squadron: Option<Dice>,
}

impl Armament {
    /// (label, dice) of every zone that has dice, in card order.
    pub fn zones(&self) -> Vec<(&'static str, Dice)> {
        [
            ("front", self.front),
            ("left", self.left),
            ("right", self.right),
            ("rear", self.rear),
            ("left aux", self.left_aux),
            ("right aux", self.right_aux),
            ("special", self.special),
        ]
        .into_iter()
        .filter_map(|(label, dice)| dice.map(|d| (label, d)))
        .collect()
    }
}

/// How a card relates to other printings of it. Lookups show current cards first, list
/// validation prefers them, and `cards check` verifies the links.
pub trait Printing {
    /// (`superseded_by`, `replaces`).
    fn links(&self) -> (&Option<String>, &Option<String>);

    /// An older printing that an erratum replaced.
    fn is_superseded(&self) -> bool {
        self.links().0.is_some()
    }

    /// A content pack's revision of another card.
    fn is_pack_revision(&self) -> bool {
        self.links().1.is_some()
    }

    fn is_current(&self) -> bool {
        !self.is_superseded() && !self.is_pack_revision()
    }
}

macro_rules! printing {
    ($($card:ty),*) => {$(
        impl Printing for $card {
            fn links(&self) -> (&Option<String>, &Option<String>) {
                (&self.superseded_by, &self.replaces)
            }
        }
    )*};
}

printing!(Ship, Squadron, Upgrade, Objective);

/// A ship card.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Ship {
    pub id: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nicknames: Vec<String>,
    pub source: Source,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub superseded_by: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replaces: Option<String>,
    /// Id of the ship type (hull) this card belongs to.
    pub ship_type: String,
    pub faction: Faction,
    pub points: u16,
    #[serde(default, skip_serializing_if = "is_false")]
    pub unique: bool,
    /// Trait slugs (`flotilla`, `star-destroyer`, `mc`, …).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub traits: Vec<String>,
    pub command: u8,
    pub squadron: u8,
    pub engineering: u8,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub defense_tokens: Vec<DefenseToken>,
    #[serde(default)]
    pub armament: Armament,
    /// The upgrade bar; a slot appears once per icon.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub upgrade_slots: Vec<Slot>,
}

// ---------------------------------------------------------------------------------------
// Squadrons

/// Squadron keywords; the ones with a number carry it (`counter = 2`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Keywords {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adept: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ai_battery: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ai_anti_squadron: Option<u8>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub assault: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub bomber: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub cloak: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counter: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dodge: Option<u8>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub escort: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub grit: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub heavy: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub intel: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub relay: Option<u8>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub rogue: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub scout: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub screen: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub snipe: Option<u8>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub strategic: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub swarm: bool,
}

impl Keywords {
    pub fn is_empty(&self) -> bool {
        *self == Keywords::default()
    }

    /// Every keyword the squadron has, as printed ("Counter 2", "Swarm").
    pub fn list(&self) -> Vec<String> {
        let valued = [
            ("Adept", self.adept),
            ("AI: Battery", self.ai_battery),
            ("AI: Anti-Squadron", self.ai_anti_squadron),
            ("Counter", self.counter),
            ("Dodge", self.dodge),
            ("Relay", self.relay),
            ("Snipe", self.snipe),
        ];
        let flags = [
            ("Assault", self.assault),
            ("Bomber", self.bomber),
            ("Cloak", self.cloak),
            ("Escort", self.escort),
            ("Grit", self.grit),
            ("Heavy", self.heavy),
            ("Intel", self.intel),
            ("Rogue", self.rogue),
            ("Scout", self.scout),
            ("Screen", self.screen),
            ("Strategic", self.strategic),
            ("Swarm", self.swarm),
        ];
        let mut out: Vec<String> = valued
            .into_iter()
            .filter_map(|(name, value)| value.map(|v| format!("{name} {v}")))
            .chain(
                flags
                    .into_iter()
                    .filter(|(_, on)| *on)
                    .map(|(name, _)| name.to_string()),
            )
            .collect();
        out.sort();
        out
    }
}

/// A squadron card.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Squadron {
    pub id: String,
    /// The squadron's class as printed ("TIE Advanced Squadron").
    pub name: String,
    /// The pilot or unit name of a unique squadron ("Darth Vader"); the card is listed
    /// under this name when present.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ace_name: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nicknames: Vec<String>,
    pub source: Source,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub superseded_by: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replaces: Option<String>,
    /// Slug of the squadron class, shared by the generic card and its aces.
    pub squadron_type: String,
    /// Absent for neutral units (campaign stations).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub faction: Option<Faction>,
    pub points: u16,
    #[serde(default, skip_serializing_if = "is_false")]
    pub unique: bool,
    /// Counts as an ace for the fleet's ace limit.
    #[serde(default, skip_serializing_if = "is_false")]
    pub ace: bool,
    /// Names that clash for uniqueness; empty means the card's own name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unique_class: Vec<String>,
    /// How many copies a fleet may hold, where a unique card allows more than one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unique_limit: Option<u8>,
    /// Not on a standard squadron base (e.g. Slave I, Millennium Falcon).
    #[serde(default, skip_serializing_if = "is_false")]
    pub irregular: bool,
    pub hull: u8,
    pub speed: u8,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub defense_tokens: Vec<DefenseToken>,
    #[serde(default, skip_serializing_if = "Keywords::is_empty")]
    pub keywords: Keywords,
    pub anti_squadron: Dice,
    pub anti_ship: Dice,
}

impl Squadron {
    /// The name the card is listed under: the ace's name, else the class.
    pub fn card_name(&self) -> &str {
        self.ace_name.as_deref().unwrap_or(&self.name)
    }
}

// ---------------------------------------------------------------------------------------
// Upgrades

/// Who may equip an upgrade.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Restrictions {
    /// Ship sizes allowed; empty means any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sizes: Vec<Size>,
    /// The ship must have one of these traits; empty means any ship.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub traits: Vec<String>,
    /// Flagship only.
    #[serde(default, skip_serializing_if = "is_false")]
    pub flagship: bool,
    /// Cannot be equipped by a ship whose upgrade bar has one of these icons.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_with_slots: Vec<Slot>,
    /// Cannot be equipped by a ship of one of `sizes` (any size when empty) whose upgrade
    /// bar has one of `slots`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_if: Option<Condition>,
}

impl Restrictions {
    pub fn is_empty(&self) -> bool {
        *self == Restrictions::default()
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Condition {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sizes: Vec<Size>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub slots: Vec<Slot>,
}

/// Commands an upgrade starts the game with.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StartingCommands {
    pub kind: CommandKind,
    /// Which commands may be chosen.
    pub commands: Vec<Command>,
    pub count: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum CommandKind {
    Token,
    Dial,
}

/// Whether an exhausted upgrade readies by itself in the status phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Exhaust {
    Recurring,
    NonRecurring,
}

/// What readying a non-recurring upgrade costs: `count` command tokens of these kinds.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReadyCost {
    pub tokens: Vec<Command>,
    pub count: u8,
}

/// An upgrade card.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Upgrade {
    pub id: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nicknames: Vec<String>,
    pub source: Source,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub superseded_by: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replaces: Option<String>,
    /// The icons the card occupies: one, or two for boarding teams
    /// (`weapons-team` and `offensive-retro`).
    pub slots: Vec<Slot>,
    /// Factions that may use it; empty means every faction.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub factions: Vec<Faction>,
    pub points: u16,
    #[serde(default, skip_serializing_if = "is_false")]
    pub unique: bool,
    /// Names that clash for uniqueness; empty means the card's own name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unique_class: Vec<String>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub modification: bool,
    /// Only for ships of this type (titles, hull-specific weapons).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ship_type: Option<String>,
    #[serde(default, skip_serializing_if = "Restrictions::is_empty")]
    pub restrictions: Restrictions,
    /// Icons the card adds to the ship's upgrade bar.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub adds_slots: Vec<Slot>,
    /// Icons the ship can no longer use (every icon of each listed kind).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub removes_slots: Vec<Slot>,
    /// Icons of which the ship loses one each.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub removes_one_slot: Vec<Slot>,
    /// Traits the ship gains.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub adds_traits: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub starts_with: Option<StartingCommands>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exhaust: Option<Exhaust>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ready_cost: Option<ReadyCost>,
}

// ---------------------------------------------------------------------------------------
// Objectives

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum ObjectiveCategory {
    Assault,
    Defense,
    Navigation,
    Campaign,
}

impl ObjectiveCategory {
    pub fn as_str(self) -> &'static str {
        match self {
            ObjectiveCategory::Assault => "assault",
            ObjectiveCategory::Defense => "defense",
            ObjectiveCategory::Navigation => "navigation",
            ObjectiveCategory::Campaign => "campaign",
        }
    }
}

/// One obstacle token; the numbered ones are the differently shaped tokens of a kind.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Obstacle {
    #[serde(rename = "asteroid-1")]
    Asteroid1,
    #[serde(rename = "asteroid-2")]
    Asteroid2,
    #[serde(rename = "asteroid-3")]
    Asteroid3,
    #[serde(rename = "debris-1")]
    Debris1,
    #[serde(rename = "debris-2")]
    Debris2,
    #[serde(rename = "dust-field-1")]
    DustField1,
    #[serde(rename = "dust-field-2")]
    DustField2,
    Station,
    GravityRift,
}

impl Obstacle {
    pub fn as_str(self) -> &'static str {
        match self {
            Obstacle::Asteroid1 => "asteroid-1",
            Obstacle::Asteroid2 => "asteroid-2",
            Obstacle::Asteroid3 => "asteroid-3",
            Obstacle::Debris1 => "debris-1",
            Obstacle::Debris2 => "debris-2",
            Obstacle::DustField1 => "dust-field-1",
            Obstacle::DustField2 => "dust-field-2",
            Obstacle::Station => "station",
            Obstacle::GravityRift => "gravity-rift",
        }
    }
}

/// Objective tokens the objective puts in play.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ObjectiveTokens {
    pub count: u8,
    /// `count` per ship rather than in all.
    #[serde(default, skip_serializing_if = "is_false")]
    pub per_ship: bool,
}

/// Command tokens the objective hands out.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CommandTokens {
    pub command: Command,
    pub count: u8,
    #[serde(default, skip_serializing_if = "is_false")]
    pub per_ship: bool,
}

/// An objective card.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Objective {
    pub id: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nicknames: Vec<String>,
    pub source: Source,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub superseded_by: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replaces: Option<String>,
    pub category: ObjectiveCategory,
    /// The obstacles used with this objective (a kind repeats when several tokens of it
    /// are used).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub obstacles: Vec<Obstacle>,
    /// The objective awards victory tokens.
    #[serde(default, skip_serializing_if = "is_false")]
    pub victory_tokens: bool,
    /// Points each victory token is worth at the end of the game, where it says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub victory_token_points: Option<u16>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub objective_tokens: Option<ObjectiveTokens>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command_tokens: Option<CommandTokens>,
}
