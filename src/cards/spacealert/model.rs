//! The Space Alert records: threats (facts of each card, with X/Y/Z actions as structured
//! effects), the seven trajectories, and the ship (zones, stations, weapons, damage tiles).
//! Everything a rule needs as a number is here, read from `data/cards/spacealert/`.

use crate::cards::Record;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// One Space Alert data file. Every table is optional, so a file may hold any mix.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CardFile {
    pub game: crate::cards::Game,
    /// Where an imported file's facts come from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub import: Option<ImportInfo>,
    #[serde(default)]
    pub threat: Vec<Record<Threat>>,
    #[serde(default)]
    pub trajectory: Vec<Record<Trajectory>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ship: Option<Record<Ship>>,
    #[serde(default)]
    pub zone: Vec<Record<ZoneFacts>>,
    #[serde(default)]
    pub station: Vec<Record<StationFacts>>,
    #[serde(default)]
    pub weapon: Vec<Record<Weapon>>,
    #[serde(default)]
    pub damage_tiles: Vec<Record<DamageTiles>>,
}

#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ImportInfo {
    pub source: String,
    pub commit: String,
    pub tool: String,
}

macro_rules! kebab_enum {
    ($(#[$meta:meta])* $name:ident { $($variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize, Serialize, JsonSchema)]
        pub enum $name { $(#[serde(rename = $text)] $variant),+ }
        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];
            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }
        }
    };
}

kebab_enum!(
    /// The three zones of the ship, left to right.
    ZoneId { Red = "red", White = "white", Blue = "blue" }
);
kebab_enum!(Deck { Upper = "upper", Lower = "lower" });
kebab_enum!(
    /// The six stations.
    StationId {
        UpperRed = "upper-red",
        UpperWhite = "upper-white",
        UpperBlue = "upper-blue",
        LowerRed = "lower-red",
        LowerWhite = "lower-white",
        LowerBlue = "lower-blue",
    }
);
kebab_enum!(ThreatKind { External = "external", Internal = "internal" });
kebab_enum!(Severity { Minor = "minor", Serious = "serious" });
kebab_enum!(Color { White = "white", Yellow = "yellow" });
kebab_enum!(InternalKind { Malfunction = "malfunction", Intruder = "intruder" });
kebab_enum!(
    /// What damages an internal threat.
    FixWith { A = "A", B = "B", C = "C", Robots = "robots", Interceptors = "interceptors" }
);
kebab_enum!(
    /// What an action card's A does at a station.
    ActionA { HeavyLaser = "heavy-laser", LightLaser = "light-laser", PulseCannon = "pulse-cannon" }
);
kebab_enum!(
    /// What B does at a station.
    ActionB { Shield = "shield", SideReactor = "side-reactor", Refuel = "refuel" }
);
kebab_enum!(
    /// What C does at a station.
    ActionC {
        Interceptors = "interceptors",
        Computer = "computer",
        Robots = "robots",
        VisualConfirmation = "visual-confirmation",
        Rockets = "rockets",
    }
);
kebab_enum!(
    /// What one damage tile breaks (§3.4).
    Tile {
        Structure = "structure",
        HeavyLaser = "heavy-laser",
        LightLaser = "light-laser",
        PulseCannon = "pulse-cannon",
        Shield = "shield",
        Reactor = "reactor",
        Lift = "lift",
    }
);
kebab_enum!(
    /// The kinds of structured X/Y/Z effect.
    EffectKind {
        Nothing = "nothing",
        Damage = "damage",
        DamageHealth = "damage-health",
        DamagePlayers = "damage-players",
        DamageReactorEnergy = "damage-reactor-energy",
        Reveal = "reveal",
        EmptyShields = "empty-shields",
        DrainShields = "drain-shields",
        Heal = "heal",
        HealHalf = "heal-half",
        Speed = "speed",
        ShieldSet = "shield-set",
        ShieldAdd = "shield-add",
        AttackBonus = "attack-bonus",
        AdvanceOthers = "advance-others",
        ShieldBonus = "shield-bonus",
        SelfDamage = "self-damage",
        DestroyShip = "destroy-ship",
        Delay = "delay",
        KnockOut = "knock-out",
        Move = "move",
        Seek = "seek",
        DrainReactor = "drain-reactor",
        EmptyReactor = "empty-reactor",
        RemoveRocket = "remove-rocket",
        Spread = "spread",
        DisableStoredRobots = "disable-stored-robots",
        DestroyFuel = "destroy-fuel",
        GrowUp = "grow-up",
        DoubleDamage = "double-damage",
        FillShieldLeak = "fill-shield-leak",
    }
);
kebab_enum!(
    /// Which zones an effect hits.
    EffectZones {
        Own = "own",
        All = "all",
        Others = "others",
        Red = "red",
        Blue = "blue",
        Stations = "stations",
    }
);
kebab_enum!(
    /// Which players an effect reaches.
    Who {
        Zone = "zone",
        Ship = "ship",
        Station = "station",
        WithRobots = "with-robots",
        Stations = "stations",
        ShipExcept = "ship-except",
        StationWithoutRobots = "station-without-robots",
    }
);
kebab_enum!(Toward { Red = "red", Blue = "blue", Deck = "deck" });
kebab_enum!(ReactorChoice { Own = "own", White = "white", All = "all" });
kebab_enum!(
    /// Standing rules of a card, each explained by an entry of the seed's appendix.
    Special {
        Stealth = "stealth",
        RocketFizzles = "rocket-fizzles",
        Cryoshield = "cryoshield",
        DoubleDamageTiles = "double-damage-tiles",
        PulseStripsShields = "pulse-strips-shields",
        HeavyLasersIgnore = "heavy-lasers-ignore",
        OneDamagePerTurn = "one-damage-per-turn",
        RocketImmune = "rocket-immune",
        LeviathanBlast = "leviathan-blast",
        UntargetableAtRange3 = "untargetable-at-range-3",
        Behemoth = "behemoth",
        RocketMagnet = "rocket-magnet",
        NemesisBacklash = "nemesis-backlash",
        Warheads = "warheads",
        Slime = "slime",
        OverheatKnockout = "overheat-knockout",
        Alien = "alien",
        Fissure = "fissure",
        BothStationsBonus = "both-stations-bonus",
        AllStationsBonus = "all-stations-bonus",
        Seeker = "seeker",
        Contamination = "contamination",
        ThreePlayers = "three-players",
    }
);

/// One step of a threat's X, Y or Z action.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Effect {
    pub effect: EffectKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zones: Option<EffectZones>,
    /// `damage-health`: damage is this many times the remaining health.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub multiplier: Option<u8>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ignore_shields: bool,
    /// Only when the threat has (true) or has not (false) been damaged.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub if_damaged: Option<bool>,
    /// Not when the threat has already lost at least this much health.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unless_lost: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub who: Option<Who>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stations: Vec<StationId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub station: Option<StationId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub toward: Option<Toward>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reactor: Option<ReactorChoice>,
    /// `drain-reactor`: damage to the own zone when there was no energy to take.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub else_damage: Option<u8>,
    /// The energy lost is dealt as damage to the zone that lost it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub damage_lost: bool,
}

/// One threat card (facts only).
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Threat {
    pub id: String,
    /// The code printed in the card's corner (appendix 7: identification only).
    pub card: String,
    /// Spanish name.
    pub name: String,
    pub name_en: String,
    /// The Spanish name is the one printed in the Space Alert rulebook (else arbiter's translation).
    pub name_es_printed: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nicknames: Vec<String>,
    pub kind: ThreatKind,
    pub severity: Severity,
    pub color: Color,
    /// External threats only; negative adds to every hit (Jellyfish).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shield: Option<i8>,
    pub hit_points: u8,
    pub speed: u8,
    pub points_survived: u8,
    pub points_destroyed: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub internal_kind: Option<InternalKind>,
    /// Internal threats: the station(s) it appears in.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stations: Vec<StationId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fix_with: Option<FixWith>,
    /// Intruders that disable the battle bots of a non-heroic attack (§3.2).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fires_back: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub special: Vec<Special>,
    /// Asteroids: damage per X/Y space passed, when destroyed (appendix 7.1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub burst_per_space: Option<u8>,
    /// Where Space Alert rulebook says otherwise than the reference tables (the facts follow the rulebook).
    #[serde(
        default,
        alias = "seed_differs",
        skip_serializing_if = "Option::is_none"
    )]
    pub rulebook_differs: Option<String>,
    pub x: Vec<Effect>,
    pub y: Vec<Effect>,
    pub z: Vec<Effect>,
}

/// One threat track. Spaces are numbered from the ship: 1 is the Z space, `length` is where
/// a threat appears.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Trajectory {
    pub id: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nicknames: Vec<String>,
    pub length: u8,
    pub x: u8,
    #[serde(default)]
    pub y: Vec<u8>,
    pub z: u8,
    /// Range bands 1, 2, 3 as `[first, last]` space (empty when the track has none).
    pub range: Vec<Vec<u8>>,
}

#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Ship {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub nicknames: Vec<String>,
    pub citation: String,
    pub crew_min: u8,
    pub crew_max: u8,
    pub phases: Vec<[u8; 2]>,
    pub last_turn: u8,
    pub last_appearance_turn: u8,
    pub start_station: StationId,
    pub computer_markers: u8,
    pub computer_checks: Vec<u8>,
    pub visual_confirmation_markers: u8,
    pub visual_confirmation_points: Vec<Vec<u8>>,
    #[serde(default)]
    pub visual_confirmation_note: Option<String>,
    pub fuel_capsules: u8,
    pub rockets: u8,
    pub rocket_range: u8,
    pub rocket_strength: u8,
    pub interceptor_range: u8,
    pub interceptor_strength_single: u8,
    pub interceptor_strength_each: u8,
    pub interceptor_strength_behemoth: u8,
    pub heroic_strength_bonus: u8,
    pub heroic_repair: u8,
    pub heroic_transfer_bonus: u8,
    pub damage_tiles_per_zone: u8,
    pub knocked_out_penalty: u8,
    pub disabled_robots_penalty: u8,
    pub range_band_size: u8,
    pub nuclear_repairers: u8,
    pub uprising_bonus: u8,
    pub overload_bonus: u8,
}

#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ZoneFacts {
    pub id: ZoneId,
    pub name: String,
    pub reactor_capacity: u8,
    pub reactor_start: u8,
    pub shield_capacity: u8,
    pub shield_start: u8,
}

#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StationFacts {
    pub id: StationId,
    pub zone: ZoneId,
    pub deck: Deck,
    pub a: ActionA,
    pub b: ActionB,
    pub c: ActionC,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    pub id: String,
    pub kind: ActionA,
    pub station: StationId,
    pub range: u8,
    pub strength: u8,
}

#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DamageTiles {
    pub zone: ZoneId,
    pub tiles: Vec<Tile>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl StationId {
    pub fn zone(self) -> ZoneId {
        match self {
            StationId::UpperRed | StationId::LowerRed => ZoneId::Red,
            StationId::UpperWhite | StationId::LowerWhite => ZoneId::White,
            StationId::UpperBlue | StationId::LowerBlue => ZoneId::Blue,
        }
    }

    pub fn deck(self) -> Deck {
        match self {
            StationId::UpperRed | StationId::UpperWhite | StationId::UpperBlue => Deck::Upper,
            _ => Deck::Lower,
        }
    }

    pub fn at(zone: ZoneId, deck: Deck) -> StationId {
        match (zone, deck) {
            (ZoneId::Red, Deck::Upper) => StationId::UpperRed,
            (ZoneId::White, Deck::Upper) => StationId::UpperWhite,
            (ZoneId::Blue, Deck::Upper) => StationId::UpperBlue,
            (ZoneId::Red, Deck::Lower) => StationId::LowerRed,
            (ZoneId::White, Deck::Lower) => StationId::LowerWhite,
            (ZoneId::Blue, Deck::Lower) => StationId::LowerBlue,
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }
}

impl ZoneId {
    pub fn index(self) -> usize {
        self as usize
    }
}

impl Threat {
    pub fn has(&self, special: Special) -> bool {
        self.special.contains(&special)
    }
}
