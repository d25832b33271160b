//! The Talon records: ship classes, weapons, the impulse chart and the critical damage
//! table. Facts only (names, numbers, arcs), imported by `tools/import-talon`.
//!
//! Conventions:
//! - A power curve is written `power-speed-turn` as on the counters (Talon rulebook 5.4.1), e.g.
//!   `3-3-2`; a base's has no turn radius (Talon rulebook 14), e.g. `6-2`.
//! - Hull boxes are listed left to right, each with its power modifier (Talon rulebook 8.4.2);
//!   damage crosses them from the left. `critical_boxes` are 1-based positions in that list.
//! - Fields at their default (0, false, empty) are left out of the files.

use schemars::JsonSchema;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The two sides of Talon rulebook (2.3).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Terran,
    Talon,
}

impl Side {
    pub const ALL: [Side; 2] = [Side::Terran, Side::Talon];

    pub fn as_str(self) -> &'static str {
        match self {
            Side::Terran => "terran",
            Side::Talon => "talon",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Side::Terran => "Terran",
            Side::Talon => "Talon",
        }
    }

    pub fn other(self) -> Side {
        match self {
            Side::Terran => Side::Talon,
            Side::Talon => Side::Terran,
        }
    }

    /// The side from what a player writes: `terran`, `Talon`, `Terrano`, `Confederación
    /// Terrana`, `Imperio Talon`…
    pub fn from_words(text: &str) -> Option<Side> {
        let key = crate::text::normalize(text);
        let words: Vec<&str> = key.split(' ').collect();
        if words.iter().any(|w| {
            matches!(
                *w,
                "terran" | "terrans" | "terrano" | "terranos" | "terrana"
            )
        }) {
            Some(Side::Terran)
        } else if words.iter().any(|w| matches!(*w, "talon" | "talons")) {
            Some(Side::Talon)
        } else {
            None
        }
    }
}

/// Firing arcs and shield arcs are the same four (Talon rulebook 5.3.2).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Arc {
    Forward,
    Right,
    Rear,
    Left,
}

impl Arc {
    pub const ALL: [Arc; 4] = [Arc::Forward, Arc::Right, Arc::Rear, Arc::Left];

    pub fn as_str(self) -> &'static str {
        match self {
            Arc::Forward => "forward",
            Arc::Right => "right",
            Arc::Rear => "rear",
            Arc::Left => "left",
        }
    }

    pub fn index(self) -> usize {
        match self {
            Arc::Forward => 0,
            Arc::Right => 1,
            Arc::Rear => 2,
            Arc::Left => 3,
        }
    }
}

/// One step of a power curve: power (AP per round), speed (hexes per round) and turn
/// radius; a base has none (Talon rulebook 14).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PowerCurve {
    pub power: u8,
    pub speed: u8,
    pub turn: Option<u8>,
}

impl PowerCurve {
    /// `3-3-2` (or `6-2` for a base).
    pub fn parse(text: &str) -> Option<PowerCurve> {
        let mut parts = text.trim().split('-').map(|p| p.trim().parse::<u8>().ok());
        let power = parts.next()??;
        let speed = parts.next()??;
        let turn = match parts.next() {
            None => None,
            Some(turn) => Some(turn?),
        };
        if parts.next().is_some() {
            return None;
        }
        Some(PowerCurve { power, speed, turn })
    }
}

impl std::fmt::Display for PowerCurve {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.turn {
            Some(turn) => write!(f, "{}-{}-{turn}", self.power, self.speed),
            None => write!(f, "{}-{}", self.power, self.speed),
        }
    }
}

impl<'de> Deserialize<'de> for PowerCurve {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        PowerCurve::parse(&text).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "invalid value: `{text}` is no power curve; write power-speed-turn, e.g. `3-3-2` (a base: `6-2`)"
            ))
        })
    }
}

impl Serialize for PowerCurve {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl JsonSchema for PowerCurve {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "PowerCurve".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "pattern": "^[0-9]+-[0-9]+(-[0-9]+)?$",
            "description": "power-speed-turn, e.g. `3-3-2`; a base has no turn radius (`6-2`)"
        })
    }
}

/// Shield boxes per arc.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Shields {
    pub forward: u8,
    pub right: u8,
    pub rear: u8,
    pub left: u8,
}

impl Shields {
    pub fn get(&self, arc: Arc) -> u8 {
        match arc {
            Arc::Forward => self.forward,
            Arc::Right => self.right,
            Arc::Rear => self.rear,
            Arc::Left => self.left,
        }
    }

    pub fn as_array(&self) -> [u8; 4] {
        [self.forward, self.right, self.rear, self.left]
    }
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// A ship class of one side (Talon rulebook 5.1, 5.2).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ShipClass {
    /// `terran-ca`, `talon-bb`…
    pub id: String,
    pub side: Side,
    /// The hull classification (Talon rulebook 5.2): `CA`, `BB`, `FTR`, `Base`…
    pub abbreviation: String,
    /// Other ways the rulebook writes the classification (`CB` for `BC`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub other_abbreviations: Vec<String>,
    pub name: String,
    pub name_es: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nicknames: Vec<String>,
    pub points: u32,
    /// The curve a ship starts with (highlighted on the player aid card, Talon rulebook 5.4.1).
    pub default_curve: PowerCurve,
    /// Every curve, slowest speed last as on the card.
    pub curves: Vec<PowerCurve>,
    pub shields: Shields,
    /// Power modifier of each hull box, left to right.
    pub hull_boxes: Vec<i8>,
    /// 1-based positions of the critical hull boxes.
    #[serde(default)]
    pub critical_boxes: Vec<u8>,
    /// Explosion value (Talon rulebook 8.6.2).
    pub explosion: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub afterburners: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub batteries: u8,
    /// The ships of this class by name (`Patton`, `Justice`…).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ship_names: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub weapon_group: Vec<WeaponGroup>,
    /// Curves the rulebook's worked examples print for this class that its card does not
    /// have (4.1 gives the Patton 2-4-1; the card and 5.4.3 give 2-4-2). The card wins; a
    /// scenario that writes one is told so.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rulebook_example_curves: Vec<PowerCurve>,
    /// How Talon rulebook differs from the imported reference for this class.
    #[serde(
        default,
        alias = "seed_differs",
        skip_serializing_if = "Option::is_none"
    )]
    pub rulebook_differs: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl ShipClass {
    pub fn is_base(&self) -> bool {
        self.abbreviation.eq_ignore_ascii_case("base")
    }

    pub fn is_fighter(&self) -> bool {
        self.abbreviation.eq_ignore_ascii_case("ftr")
    }

    /// A carrier (CV): with bases, what deploys and powers fighters (Talon rulebook 12.2).
    pub fn is_carrier(&self) -> bool {
        self.abbreviation.eq_ignore_ascii_case("cv")
    }

    /// A transport (Tran): docks or lands only at speed 1 (Talon rulebook 16.2).
    pub fn is_transport(&self) -> bool {
        self.abbreviation.eq_ignore_ascii_case("tran")
    }

    pub fn is_critical_box(&self, position: usize) -> bool {
        self.critical_boxes
            .iter()
            .any(|&c| usize::from(c) == position)
    }

    /// The curve with this speed.
    pub fn curve_with_speed(&self, speed: u8) -> Option<PowerCurve> {
        self.curves.iter().copied().find(|c| c.speed == speed)
    }

    /// Every abbreviation the class goes by.
    pub fn abbreviations(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.abbreviation.as_str())
            .chain(self.other_abbreviations.iter().map(String::as_str))
    }
}

/// A weapon group: weapons sharing one charge bar and arcs (Talon rulebook 5.1).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WeaponGroup {
    /// A weapon id of `tables.toml`.
    pub weapon: String,
    /// Weapons in the group.
    pub count: u8,
    /// Red boxes of the charge bar (charged only in the power phase, Talon rulebook 9.2.2).
    pub red: u8,
    /// Yellow boxes (active or passive charge, Talon rulebook 8.1.2).
    #[serde(default)]
    pub yellow: u8,
    pub arcs: Vec<Arc>,
}

/// A weapon and its table (Talon rulebook 8.3 and the player aid card).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    pub id: String,
    pub name: String,
    pub name_es: String,
    pub min_range: u8,
    pub max_range: u8,
    /// Damage of a hit (to-hit weapons and missiles).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage: Option<u8>,
    /// Lowest d6 roll that hits, one per range from `min_range` to `max_range`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hits_on: Vec<u8>,
    /// Damage by d6 roll (rows 1–6) and range (columns `min_range`..=`max_range`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub damage_table: Vec<Vec<u8>>,
    /// Missiles: hexes per round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub speed: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// How a weapon's shot is resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WeaponKind {
    /// A d6 at or above the range's number hits for fixed damage.
    ToHit,
    /// The d6 and the range give the damage.
    Table,
    /// A counter that moves to its target (Talon rulebook 13).
    Missile,
}

impl Weapon {
    pub fn kind(&self) -> WeaponKind {
        if !self.hits_on.is_empty() {
            WeaponKind::ToHit
        } else if !self.damage_table.is_empty() {
            WeaponKind::Table
        } else {
            WeaponKind::Missile
        }
    }

    pub fn in_range(&self, range: u32) -> bool {
        (u32::from(self.min_range)..=u32::from(self.max_range)).contains(&range)
    }

    /// To-hit weapons: the lowest roll that hits at `range`.
    pub fn hits_on(&self, range: u32) -> Option<u8> {
        let index = range.checked_sub(u32::from(self.min_range))?;
        self.hits_on.get(usize::try_from(index).ok()?).copied()
    }

    /// The damage a roll does at a range (0: a miss or out of range).
    pub fn damage_for(&self, range: u32, roll: u8) -> u8 {
        if !self.in_range(range) {
            return 0;
        }
        match self.kind() {
            WeaponKind::ToHit => match self.hits_on(range) {
                Some(needed) if roll >= needed => self.damage.unwrap_or(0),
                _ => 0,
            },
            WeaponKind::Table => {
                let column = (range - u32::from(self.min_range)) as usize;
                usize::from(roll)
                    .checked_sub(1)
                    .and_then(|row| self.damage_table.get(row))
                    .and_then(|row| row.get(column))
                    .copied()
                    .unwrap_or(0)
            }
            WeaponKind::Missile => self.damage.unwrap_or(0),
        }
    }
}

/// One impulse of the chart (Talon rulebook 4.1): the numbers printed in its box.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Impulse {
    /// `A` to `F`.
    pub id: String,
    pub numbers: Vec<u8>,
}

/// The rulebook's own numbers that the Talon engines and list checks apply: none is on a
/// ship card or the player aid's tables. Each field names its section.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RuleNumbers {
    /// 7.4: damage each ship takes when two of one race share a hex.
    pub collision_damage: u8,
    /// 12.1.1: fighters on one squadron counter.
    pub fighters_per_squadron: u8,
    /// 12.2.1: fighter squadrons one carrier or base may deploy.
    pub squadrons_per_carrier: u8,
    /// 12.2.3: hexes within which a carrier or base may power a squadron.
    pub fighter_power_range: u8,
    /// 13.6: damage from one source that destroys a missile at once.
    pub missile_kill_damage: u8,
    /// 17.3: damage for moving into an asteroid hex.
    pub asteroid_damage: u8,
    /// 17.5: added to the roll per asteroid or nebula hex a shot crosses.
    pub terrain_roll_modifier: i8,
    /// 18.1: added to the roll when the target is nearer the black hole than the firer.
    pub black_hole_roll_modifier: i8,
    /// 18.1: no ship is deployed this many hexes or fewer from a black hole.
    pub black_hole_keep_out: u8,
    /// 8.7: the d6 result that repairs a critical.
    pub repair_roll: u8,
    /// 11.1.2: the speed a ship must be at to jump to FTL.
    pub retreat_speed: u8,
    /// 16.2: the speed at which a transport may dock at a base or land.
    pub transport_dock_speed: u8,
    /// 7.5.3: terrain this many hexes or more from every ship leaves when the map floats.
    pub terrain_out_of_battle: u8,
    /// 7.5.2: with both maps in play and no room to float, a ship this many hexes or more
    /// from its nearest ship is forced to retreat.
    pub forced_retreat_distance: u8,
}

/// One result of the critical damage table (Talon rulebook 8.5).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Critical {
    /// The roll of two dice, 2–12.
    pub roll: u8,
    pub id: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_es: Option<String>,
    /// Extra hull boxes crossed at once.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hull_damage: Option<u8>,
    /// Change to the ship's power.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub power: Option<i8>,
    /// Added to the turn radius.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_radius: Option<u8>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub destroys_ship: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub destroys_weapon_group: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub shields_down: bool,
    /// "Helm Down" (Timón Inoperativo): the table names the result; its effect on movement
    /// is applied as "no turn until repaired" (Talon rulebook 8.5 exempts bases, which do
    /// not move).
    #[serde(default, skip_serializing_if = "is_false")]
    pub helm_down: bool,
    /// "Power Loss" (Pérdida de Energía): no curve change and no weapon charging (9.3).
    #[serde(default, skip_serializing_if = "is_false")]
    pub power_loss: bool,
    /// "FTL Offline": the ship cannot jump to FTL (11.1.2).
    #[serde(default, skip_serializing_if = "is_false")]
    pub ftl_offline: bool,
    /// The marker carries the repair icon (Talon rulebook 8.7).
    #[serde(default, skip_serializing_if = "is_false")]
    pub repairable: bool,
    /// Bases ignore this result (Talon rulebook 8.5).
    #[serde(default, skip_serializing_if = "is_false")]
    pub bases_unaffected: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn curves_read_and_print_as_on_the_counter() {
        let curve = PowerCurve::parse("2-4-1").unwrap();
        assert_eq!((curve.power, curve.speed, curve.turn), (2, 4, Some(1)));
        assert_eq!(curve.to_string(), "2-4-1");
        assert_eq!(PowerCurve::parse("6-2").unwrap().turn, None);
        for bad in ["", "3", "3-x-2", "1-2-3-4", "-1-2-3", "3--2"] {
            assert!(PowerCurve::parse(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn sides_from_what_players_write() {
        assert_eq!(Side::from_words("Terran"), Some(Side::Terran));
        assert_eq!(
            Side::from_words("Confederación Terrana"),
            Some(Side::Terran)
        );
        assert_eq!(Side::from_words("Imperio Talon"), Some(Side::Talon));
        assert_eq!(Side::from_words("Rebels"), None);
    }

    #[test]
    fn weapons_resolve_by_kind() {
        let disruptor = Weapon {
            id: "disruptor".into(),
            name: "Disruptor".into(),
            name_es: "Disruptor".into(),
            min_range: 1,
            max_range: 4,
            damage: Some(2),
            hits_on: vec![5, 2, 3, 5],
            damage_table: vec![],
            speed: None,
            note: None,
        };
        assert_eq!(disruptor.damage_for(1, 4), 0);
        assert_eq!(disruptor.damage_for(1, 5), 2);
        assert_eq!(disruptor.damage_for(2, 2), 2);
        assert_eq!(disruptor.damage_for(5, 6), 0, "out of range");
        let phaser = Weapon {
            hits_on: vec![],
            damage: None,
            min_range: 1,
            max_range: 3,
            damage_table: vec![
                vec![1, 1, 0],
                vec![2, 1, 0],
                vec![2, 1, 0],
                vec![2, 2, 0],
                vec![2, 2, 1],
                vec![2, 2, 1],
            ],
            ..disruptor
        };
        assert_eq!(phaser.kind(), WeaponKind::Table);
        assert_eq!(phaser.damage_for(1, 2), 2);
        assert_eq!(phaser.damage_for(3, 5), 1);
        assert_eq!(phaser.damage_for(3, 0), 0, "no row for a roll of 0");
    }
}
