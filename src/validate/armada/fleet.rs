//! The validated fleet: every card of the list resolved, with its cost from the card data,
//! ready for a table or JSON reporter.

use crate::cards::armada::{Faction, Objective, PointsRevision, Ship, Slot, Squadron, Upgrade};
use crate::parse::armada::ObjectiveCategory;
use crate::report::Finding;
use serde::Serialize;
use std::ops::Range;

/// The sum of `points`, stopping at `u32::MAX` instead of wrapping. A list states up to
/// 999,999 points on each of its lines (and counts up to 999,999 squadrons), so a megabyte
/// of them passes `u32::MAX`; such a fleet is over every limit, and its total says so
/// rather than coming round to a small number.
pub fn sum_points(points: impl IntoIterator<Item = u32>) -> u32 {
    points.into_iter().fold(0, u32::saturating_add)
}

/// `points × count`, stopping at `u32::MAX` as [`sum_points`] does.
pub fn times(points: u32, count: u32) -> u32 {
    points.saturating_mul(count)
}

#[derive(Debug, Serialize)]
pub struct ValidatedFleet<'db> {
    /// The format's id (`standard`, `sector-800`).
    pub format: String,
    /// The fleet's faction, from the list's `Faction:` line or else its first ship.
    pub faction: Option<Faction>,
    /// A commander named only on the `Commander:` line (no ship carries it), as Star
    /// Forge writes it.
    pub commander: Option<ResolvedUpgrade<'db>>,
    pub ships: Vec<ResolvedShip<'db>>,
    pub squadrons: Vec<ResolvedSquadron<'db>>,
    pub objectives: Vec<ResolvedObjective<'db>>,
    pub totals: Totals,
    /// The points revision the cards are priced in (absent when the card data has none).
    pub points_revision: Option<JudgedUnder<'db>>,
    /// Problems with the fleet; reading problems stay in `ParsedFleet::findings`.
    #[serde(skip)]
    pub findings: Vec<Finding>,
}

impl ValidatedFleet<'_> {
    /// True when no finding is an error (warnings allowed).
    pub fn is_valid(&self) -> bool {
        !self.findings.iter().any(Finding::is_error)
    }

    /// Every upgrade of every ship, with its ship, plus the `Commander:`-line commander.
    pub fn upgrades(&self) -> impl Iterator<Item = &ResolvedUpgrade<'_>> {
        self.ships
            .iter()
            .flat_map(|s| s.upgrades.iter())
            .chain(self.commander.iter())
    }
}

/// Points recomputed from the card data, against the format's limits.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Totals {
    pub total: u32,
    pub limit: u32,
    pub squadrons: u32,
    /// Absent where the format sets no squadron share.
    pub squadron_limit: Option<u32>,
}

#[derive(Debug, Serialize)]
pub struct ResolvedShip<'db> {
    /// The name as written.
    pub name: String,
    /// The ship's line.
    pub span: Range<usize>,
    pub name_span: Range<usize>,
    /// The card's id; absent when the name matches no card.
    pub id: Option<String>,
    #[serde(skip)]
    pub card: Option<&'db Ship>,
    /// The ship card's cost (the stated cost when the card is unknown).
    pub points: u32,
    pub upgrades: Vec<ResolvedUpgrade<'db>>,
    /// Ship plus upgrades.
    pub total: u32,
    /// The builder marked it as the flagship.
    pub marked_flagship: bool,
}

impl ResolvedShip<'_> {
    pub fn carries_commander(&self) -> bool {
        self.upgrades.iter().any(ResolvedUpgrade::is_commander)
    }
}

#[derive(Debug, Serialize)]
pub struct ResolvedUpgrade<'db> {
    pub name: String,
    pub span: Range<usize>,
    pub name_span: Range<usize>,
    pub id: Option<String>,
    #[serde(skip)]
    pub card: Option<&'db Upgrade>,
    pub points: u32,
}

impl ResolvedUpgrade<'_> {
    pub fn is_commander(&self) -> bool {
        self.card
            .is_some_and(|c| c.slots.contains(&Slot::Commander))
    }
}

#[derive(Debug, Serialize)]
pub struct ResolvedSquadron<'db> {
    pub name: String,
    pub span: Range<usize>,
    pub name_span: Range<usize>,
    pub count: u32,
    pub id: Option<String>,
    #[serde(skip)]
    pub card: Option<&'db Squadron>,
    /// One squadron's cost.
    pub points: u32,
    /// `points × count`.
    pub total: u32,
}

#[derive(Debug, Serialize)]
pub struct ResolvedObjective<'db> {
    pub name: String,
    pub name_span: Range<usize>,
    /// The category the list puts it under, if it says.
    pub stated_category: Option<ObjectiveCategory>,
    pub id: Option<String>,
    #[serde(skip)]
    pub card: Option<&'db Objective>,
}

/// What decided the revision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RevisionSource {
    /// `--points` on the command line.
    Caller,
    /// The list's stated costs.
    StatedCosts,
}

/// The revision a fleet was judged under.
#[derive(Debug, Clone, Serialize)]
pub struct JudgedUnder<'db> {
    #[serde(skip)]
    pub revision: &'db PointsRevision,
    pub source: RevisionSource,
    /// Stated card costs, and how many of them the revision gives.
    pub stated: usize,
    pub explained: usize,
    /// The current revision's id and the fleet's cost under it.
    pub current: Option<&'db str>,
    pub current_total: u32,
    /// The list's stated total is a total of this revision.
    pub total_explained: bool,
    /// Stated card costs this revision does not give, all of which one other revision
    /// gives: the list's lines are priced in that one (builders that re-price lines on
    /// export but keep the total).
    #[serde(skip)]
    pub lines_from: Option<&'db PointsRevision>,
    /// How many stated card costs this revision does not give.
    pub off: usize,
}

impl JudgedUnder<'_> {
    pub fn id(&self) -> &str {
        &self.revision.id
    }

    /// Judged under another revision than the current one.
    pub fn is_older(&self) -> bool {
        !self.revision.current
    }
}
