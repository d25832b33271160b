//! The squad the writers take, and how to get one from a parsed squad.

use crate::parse::xwing::{CardRef, Faction, GameMode, ParsedSquad, SourceFormat, StatedLoadout};
use std::fmt;
use std::ops::Range;

/// What identifies one card in each format. A writer needs only its format's kind.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CardIds {
    /// XWS id (`braylenstramm`).
    pub xws: Option<String>,
    /// YASB card number (`73`).
    pub yasb: Option<u32>,
    /// Printed name (`Braylen Stramm`).
    pub name: Option<String>,
    /// The printed name, even with the squad's faction and the pilot's ship, is read as
    /// another card of that name (a standard-loadout edition, a reprint), so text formats
    /// cannot name this card by its name alone.
    pub ambiguous_name: bool,
}

impl CardIds {
    /// Some identifier for messages.
    pub fn describe(&self) -> String {
        self.name
            .clone()
            .or_else(|| self.xws.clone())
            .or_else(|| self.yasb.map(|n| format!("YASB {n}")))
            .unwrap_or_else(|| "a card without any id".to_string())
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExportUpgrade {
    /// The slot it fills, as an XWS key or a slot name (`force-power` becomes
    /// `forcepower`). XWS needs it; links and TTS do not.
    pub slot: Option<String>,
    pub card: CardIds,
    /// What it adds to the ship's loadout (text exports print it).
    pub cost: Option<i64>,
    /// Where the input names it, for diagnostics.
    pub span: Option<Range<usize>>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExportPilot {
    pub card: CardIds,
    /// The ship's printed name (`RZ-1 A-wing`); text exports print it.
    pub ship: Option<String>,
    /// The pilot card's own cost (text exports print it).
    pub cost: Option<i64>,
    /// The ship's cost with its upgrades (XWS pilot `points`): what it adds to the
    /// squad's total.
    pub points: Option<i64>,
    /// A YASB quickbuild card rather than a pilot (links in quickbuild mode).
    pub quickbuild: bool,
    /// Wingmates of a YASB quickbuild ship.
    pub wingmates: Option<u32>,
    /// A standard-loadout pilot: its upgrades are printed on the card, so every writer
    /// leaves them out, as YASB's XWS and TTS exports do (YASB's links carry them, but
    /// YASB equips them itself when it reads the pilot).
    pub standard_loadout: bool,
    /// Upgrades in slot order; `None` is an empty slot, which only links keep.
    pub upgrades: Vec<Option<ExportUpgrade>>,
    /// Loadout points used of the pilot's loadout value (text exports print it).
    pub loadout: Option<StatedLoadout>,
    /// Where the input names the pilot, for diagnostics.
    pub span: Option<Range<usize>>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportSquad {
    pub faction: Faction,
    pub name: Option<String>,
    pub description: Option<String>,
    /// The squad's total.
    pub points: Option<i64>,
    /// The points limit a YASB link carries (default 20).
    pub points_limit: Option<i64>,
    /// The points the squad was built for (`xwa`, `amg`), written in XWS under
    /// `vendor.arbiter.ruleset`, since the schema has no place for it.
    pub ruleset: Option<String>,
    /// YASB's game mode (default standard).
    pub game_mode: Option<GameMode>,
    /// YASB link version (default 9).
    pub link_version: Option<u32>,
    pub obstacles: Vec<String>,
    pub pilots: Vec<ExportPilot>,
}

/// Why a squad cannot be written in a format.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportError {
    pub message: String,
}

impl ExportError {
    pub fn new(message: impl Into<String>) -> Self {
        ExportError {
            message: message.into(),
        }
    }
}

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ExportError {}

fn ids(card: &CardRef) -> CardIds {
    match card {
        CardRef::Xws(id) => CardIds {
            xws: Some(id.value.clone()),
            ..CardIds::default()
        },
        CardRef::Yasb(n) | CardRef::YasbQuickbuild(n) => CardIds {
            yasb: Some(n.value),
            ..CardIds::default()
        },
        CardRef::Name(name) => CardIds {
            name: Some(name.value.clone()),
            ..CardIds::default()
        },
    }
}

impl ExportSquad {
    /// A squad of `faction` with these pilots and nothing else said (no name, points,
    /// ruleset or obstacles): what a writer falls back on for each absent field.
    pub fn new(faction: Faction, pilots: Vec<ExportPilot>) -> Self {
        ExportSquad {
            faction,
            name: None,
            description: None,
            points: None,
            points_limit: None,
            ruleset: None,
            game_mode: None,
            link_version: None,
            obstacles: Vec::new(),
            pilots,
        }
    }

    /// The squad with the ids the input wrote: XWS ids from XWS, YASB numbers from links,
    /// names from text exports. Fails without a recognised faction.
    pub fn from_parsed(squad: &ParsedSquad) -> Result<ExportSquad, ExportError> {
        let faction = squad
            .faction
            .as_ref()
            .and_then(|f| f.faction)
            .ok_or_else(|| ExportError::new("the squad names no X-Wing faction"))?;
        let link_version = match squad.format {
            SourceFormat::YasbLink => squad.version.as_ref().and_then(|v| v.value.parse().ok()),
            _ => None,
        };
        let pilots = squad
            .pilots
            .iter()
            .map(|pilot| ExportPilot {
                card: ids(&pilot.card),
                ship: pilot.ship.as_ref().map(|s| s.value.clone()),
                cost: pilot.points.as_ref().map(|p| p.value),
                points: pilot.total_points.as_ref().map(|p| p.value),
                quickbuild: matches!(pilot.card, CardRef::YasbQuickbuild(_)),
                wingmates: pilot.wingmates.as_ref().map(|w| w.value),
                standard_loadout: false,
                upgrades: pilot
                    .upgrades
                    .iter()
                    .map(|u| {
                        u.card.as_ref().map(|card| ExportUpgrade {
                            slot: u.slot.as_ref().map(|s| s.key.clone()),
                            card: ids(card),
                            cost: u.points.as_ref().map(|p| p.value),
                            span: Some(card.span()),
                        })
                    })
                    .collect(),
                loadout: pilot.loadout.as_ref().map(|l| l.value),
                span: Some(pilot.card.span()),
            })
            .collect();
        Ok(ExportSquad {
            faction,
            name: squad.name.as_ref().map(|n| n.value.clone()),
            description: squad.description.as_ref().map(|d| d.value.clone()),
            points: squad.points.as_ref().map(|p| p.value),
            points_limit: squad.points_limit.as_ref().map(|p| p.value),
            ruleset: squad.ruleset_hint().map(|r| r.as_str().to_string()),
            game_mode: squad.game_mode,
            link_version,
            obstacles: squad.obstacles.iter().map(|o| o.value.clone()).collect(),
            pilots,
        })
    }
}
