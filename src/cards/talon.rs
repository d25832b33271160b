//! Talon (GMT) facts: the ship classes of both sides, the weapons, the impulse chart and the
//! critical damage table, from `data/cards/talon/*.toml` (written by `tools/import-talon`).
//!
//! The records are in [`model`]; [`facts`] is what `cards show` prints and [`checks`] what
//! `cards check` verifies beyond reading.

mod checks;
mod data;
mod facts;
pub mod model;

pub use data::*;
pub use model::*;

use super::{CardEntry, DataText, Fact};
use crate::report::{FileId, Finding, SourceFiles};

impl TalonCards {
    /// The Talon data compiled into the binary, read once. Scenarios are adjudicated with
    /// it (they need classes and tables, not the rest of the card database).
    pub fn builtin() -> &'static TalonCards {
        static CARDS: std::sync::OnceLock<TalonCards> = std::sync::OnceLock::new();
        CARDS.get_or_init(|| {
            let mut cards = TalonCards::default();
            let mut findings = Vec::new();
            for (index, (relative, text, packed)) in super::embedded::FILES.iter().enumerate() {
                if relative.starts_with("cards/talon/") {
                    let data = if packed.is_empty() {
                        DataText::Toml(text)
                    } else {
                        DataText::Packed(packed)
                    };
                    cards.add_data(
                        FileId(u32::try_from(index).unwrap_or(u32::MAX)),
                        data,
                        text,
                        &mut findings,
                    );
                }
            }
            cards
        })
    }

    pub fn facts(&self, kind: &str, id: &str) -> Vec<Fact> {
        match kind {
            KIND_SHIP_CLASS => self.class(id).map(|c| facts::ship_class(self, c)),
            KIND_WEAPON => self.weapon(id).map(|w| facts::weapon(w)),
            KIND_CRITICAL => self
                .criticals
                .iter()
                .find(|c| c.id == id)
                .map(|c| facts::critical(c)),
            _ => None,
        }
        .unwrap_or_default()
    }

    pub fn card_json(&self, kind: &str, id: &str) -> serde_json::Value {
        let value = match kind {
            KIND_SHIP_CLASS => self.class(id).map(|r| serde_json::to_value(&r.value)),
            KIND_WEAPON => self.weapon(id).map(|r| serde_json::to_value(&r.value)),
            KIND_CRITICAL => self
                .criticals
                .iter()
                .find(|c| c.id == id)
                .map(|r| serde_json::to_value(&r.value)),
            _ => None,
        };
        value
            .and_then(Result::ok)
            .unwrap_or(serde_json::Value::Null)
    }
}

impl super::GameCards for TalonCards {
    fn add_data(
        &mut self,
        file: FileId,
        data: DataText<'_>,
        text: &str,
        findings: &mut Vec<Finding>,
    ) {
        TalonCards::add_data(self, file, data, text, findings);
    }

    fn entries(&self) -> Box<dyn Iterator<Item = CardEntry<'_>> + '_> {
        Box::new(TalonCards::entries(self))
    }

    fn facts(&self, kind: &str, id: &str) -> Vec<Fact> {
        TalonCards::facts(self, kind, id)
    }

    fn card_json(&self, kind: &str, id: &str) -> serde_json::Value {
        TalonCards::card_json(self, kind, id)
    }

    fn check(&self, files: &SourceFiles, findings: &mut Vec<Finding>) {
        checks::run(self, files, findings);
    }
}

#[cfg(test)]
mod tests;
