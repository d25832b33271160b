//! Game modes as data: everything a tournament organiser might change about list building
//! (points, shares, caps, legal content) lives in `data/formats/`, not in code.

use super::Game;
pub use crate::report::Citation;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One format per file.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Format {
    /// Name used on the command line: `--format standard`.
    pub id: String,
    pub game: Game,
    pub name: String,
    /// Where each rule of the format is written, keyed by the rule's field name
    /// (`points_limit`, `flotilla_cap` …): one citation per rule, never one for the file.
    /// A citation without `rulebook` says the rulebooks are silent and names the document the
    /// rule comes from (a tournament regulation, a points document).
    pub sources: BTreeMap<String, Citation>,
    /// Most points a list may spend (per player in team games: see `team`).
    pub points_limit: u32,
    /// The document offers this size only as a team game (Sector Fleets at 900 points).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub team_only: bool,
    /// Armada: the share of the points limit squadrons may use.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub squadron_share: Option<Share>,
    /// Armada: the most flotilla ships a fleet may hold.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flotilla_cap: Option<u32>,
    /// Armada: a flotilla may not be the flagship. The Armada Rules Reference (NAVE
    /// INSIGNIA) lets any ship be the flagship; set this only with a `sources` entry naming
    /// a document that forbids it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub flotilla_flagship_forbidden: bool,
    /// Armada: objectives each fleet brings, one per listed category.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub objective_categories: Vec<String>,
    /// Armada: fleets at or above this many points use the enlarged set-up area.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enlarged_setup_area: Option<bool>,
    /// X-Wing: how many ships a squad may field.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ship_count: Option<Range>,
    /// X-Wing: how a ship's upgrades are limited.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loadout_rule: Option<LoadoutRule>,
    /// X-Wing: most cards from the restricted list a squad may hold, each card counting one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub restricted_cap: Option<u32>,
    /// X-Wing: the format's points document gives each restricted card a number (XWA's
    /// `Restricted-N`) that is the most copies of that card a squad may hold.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub restricted_copies: bool,
    /// X-Wing: how many different obstacles a squad names, if it names any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub obstacles: Option<u32>,
    /// Content sources whose cards are legal (Armada: ffg, amg, legacy, …).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub legal_sources: Vec<String>,
    /// X-Wing: the points revision used unless the list names one (`amg`, `xwa-50p20`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points_revision: Option<String>,
    /// X-Wing: the format key of the points data that marks legality (`standard`, `extended`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legality_key: Option<String>,
    /// Team play: per player-count limits.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub team: Vec<TeamSplit>,
    /// Armada: tournament points by margin of victory.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub margin_of_victory: Vec<MarginBand>,
}

#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Share {
    pub numerator: u32,
    pub denominator: u32,
    pub rounding: Rounding,
}

impl Share {
    /// The most points this share allows of `limit`.
    pub fn of(&self, limit: u32) -> u32 {
        let numerator = u64::from(limit) * u64::from(self.numerator);
        let denominator = u64::from(self.denominator.max(1));
        let value = match self.rounding {
            Rounding::Up => numerator.div_ceil(denominator),
            Rounding::Down => numerator / denominator,
        };
        u32::try_from(value).unwrap_or(u32::MAX)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Rounding {
    Up,
    Down,
}

#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Range {
    pub min: u32,
    pub max: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum LoadoutRule {
    /// Each ship's upgrades cost at most its pilot's loadout value (2.5 "AMG" points).
    LoadoutValue,
    /// Upgrades cost points from the squad total with no per-ship limit.
    PointsOnly,
}

#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TeamSplit {
    /// Players in the game (both teams together).
    pub players: u32,
    /// Points for the whole game.
    pub game_points: u32,
    /// Points each player's fleet may spend.
    pub per_player_points: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flotilla_cap: Option<u32>,
    #[serde(default)]
    pub enlarged_setup_area: bool,
}

impl Format {
    /// Where the rule held in field `rule` is written.
    pub fn source_of(&self, rule: &str) -> Option<&Citation> {
        self.sources.get(rule)
    }

    /// The rules this format sets: its fields other than its identity (`id`, `game`,
    /// `name`) and `sources` itself, each of which needs a `sources` entry.
    pub fn rules_set(&self) -> Vec<String> {
        const IDENTITY: &[&str] = &["id", "game", "name", "sources"];
        match serde_json::to_value(self) {
            Ok(serde_json::Value::Object(fields)) => fields
                .into_iter()
                .map(|(k, _)| k)
                .filter(|k| !IDENTITY.contains(&k.as_str()))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Rules the format sets without saying where they are written, and `sources` entries
    /// for rules it does not set.
    pub fn citation_gaps(&self) -> (Vec<String>, Vec<String>) {
        let set = self.rules_set();
        let uncited = set
            .iter()
            .filter(|r| !self.sources.contains_key(*r))
            .cloned()
            .collect();
        let stray = self
            .sources
            .keys()
            .filter(|k| !set.contains(k))
            .cloned()
            .collect();
        (uncited, stray)
    }

    /// The margin-of-victory band a margin falls in, if the format has a table.
    pub fn margin_band(&self, margin: u32) -> Option<&MarginBand> {
        self.margin_of_victory
            .iter()
            .find(|b| margin >= b.min && b.max.is_none_or(|max| margin <= max))
    }
}

#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MarginBand {
    pub min: u32,
    /// Inclusive upper end; absent for the last band.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<u32>,
    pub winner: u32,
    pub loser: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squadron_share_rounds_as_configured() {
        let third_up = Share {
            numerator: 1,
            denominator: 3,
            rounding: Rounding::Up,
        };
        assert_eq!(third_up.of(400), 134);
        assert_eq!(third_up.of(300), 100);
        let quarter = Share {
            numerator: 1,
            denominator: 4,
            rounding: Rounding::Down,
        };
        assert_eq!(quarter.of(1000), 250);
    }
}
