//! Armada points revisions: which cost each card had in one points document.
//!
//! The card records carry the current costs. A revision lists only the cards whose cost in
//! it differs (`points`), and the cards whose cost in it the sources do not settle
//! (`unsettled`: the costs the sources give besides the one in `points` or the card's own).
//! Exactly one revision is `current`: the card data's own costs, with nothing listed.
//! Card ids are those of the current printing (never an `-old` printing's).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PointsRevision {
    /// Stable slug (`amg-final`), what `--points` names.
    pub id: String,
    pub name: String,
    /// The data the costs come from, with its commit.
    pub source: String,
    /// `YYYY-MM-DD`.
    pub date: String,
    /// Where the date comes from, when the source does not date the revision itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date_note: Option<String>,
    /// The card data's own costs are this revision's.
    #[serde(default, skip_serializing_if = "super::model::is_false")]
    pub current: bool,
    /// Card id → its cost in this revision, where that is not the card's own cost.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub points: BTreeMap<String, u16>,
    /// Card id → costs the sources also give it in this revision, where they disagree.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub unsettled: BTreeMap<String, Vec<u16>>,
}

impl PointsRevision {
    /// The card's cost in this revision, given its cost in the card data.
    pub fn cost(&self, id: &str, own: u16) -> u16 {
        self.points.get(id).copied().unwrap_or(own)
    }

    /// Whether `stated` is a cost the card may have in this revision.
    pub fn accepts(&self, id: &str, own: u16, stated: u32) -> bool {
        u32::from(self.cost(id, own)) == stated
            || self
                .unsettled
                .get(id)
                .is_some_and(|costs| costs.iter().any(|&c| u32::from(c) == stated))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn revision() -> PointsRevision {
        PointsRevision {
            id: "pre-final".into(),
            name: "Before the final errata".into(),
            source: "test".into(),
            date: "2022-04-07".into(),
            date_note: None,
            current: false,
            points: BTreeMap::from([("vsd2".to_string(), 85)]),
            unsettled: BTreeMap::from([("kyrsta".to_string(), vec![20])]),
        }
    }

    #[test]
    fn a_listed_card_costs_the_revision_price_and_others_their_own() {
        let r = revision();
        assert_eq!(r.cost("vsd2", 80), 85);
        assert_eq!(r.cost("isd2", 120), 120);
        assert!(r.accepts("vsd2", 80, 85));
        assert!(!r.accepts("vsd2", 80, 80));
    }

    #[test]
    fn an_unsettled_card_accepts_either_cost() {
        let r = revision();
        assert!(r.accepts("kyrsta", 25, 25));
        assert!(r.accepts("kyrsta", 25, 20));
        assert!(!r.accepts("kyrsta", 25, 22));
    }
}
