//! Space Alert card data. The game joins arbiter's card layer here; its records are added as
//! its data files land under `data/cards/spacealert/`.

use super::{CardDb, CardEntry, DataText, Fact};
use crate::report::{FileId, Finding};

#[derive(Debug, Default)]
pub struct SpaceAlertCards {}

impl super::GameCards for SpaceAlertCards {
    fn add_data(
        &mut self,
        _file: FileId,
        _data: DataText<'_>,
        _text: &str,
        _findings: &mut Vec<Finding>,
    ) {
    }

    fn entries(&self) -> Box<dyn Iterator<Item = CardEntry<'_>> + '_> {
        Box::new(std::iter::empty())
    }

    fn facts(&self, _kind: &str, _id: &str) -> Vec<Fact> {
        Vec::new()
    }

    fn card_json(&self, _kind: &str, _id: &str) -> serde_json::Value {
        serde_json::Value::Null
    }

    fn check(&self, _db: &CardDb, _findings: &mut Vec<Finding>) {}
}
