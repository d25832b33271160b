//! The spacealert card data as loaded: its records, and lookups by id and name.

use super::model::*;
use crate::cards::{CardEntry, DataText, Located, Record, RecordSpans, parse_data};
use crate::report::{FileId, Finding};

/// Kind strings of [`CardEntry::kind`].
pub const KIND_THREAT: &str = "threat";
pub const KIND_TRAJECTORY: &str = "trajectory";
pub const KIND_SHIP: &str = "ship";

#[derive(Debug, Default)]
pub struct SpaceAlertCards {
    pub threats: Vec<Located<Threat>>,
    pub trajectories: Vec<Located<Trajectory>>,
    pub ship: Option<Located<Ship>>,
    pub zones: Vec<Located<ZoneFacts>>,
    pub stations: Vec<Located<StationFacts>>,
    pub weapons: Vec<Located<Weapon>>,
    pub damage_tiles: Vec<Located<DamageTiles>>,
    /// The `[import]` tables read, for `cards show` of provenance.
    pub imports: Vec<ImportInfo>,
}

impl SpaceAlertCards {
    /// Read one data file from its TOML text.
    pub fn add_file(&mut self, file: FileId, text: &str, findings: &mut Vec<Finding>) {
        self.add(file, DataText::Toml(text), text, findings);
    }

    pub(super) fn add(
        &mut self,
        file: FileId,
        data: DataText<'_>,
        text: &str,
        findings: &mut Vec<Finding>,
    ) {
        let parsed = match parse_data::<CardFile>(file, data) {
            Ok(parsed) => parsed,
            Err(mut problems) => {
                findings.append(&mut problems);
                return;
            }
        };
        let records = match data {
            DataText::Toml(_) => RecordSpans::new(file, text),
            DataText::Packed(_) => RecordSpans::new(file, ""),
        };
        self.imports.extend(parsed.import);
        self.threats.extend(
            parsed
                .threat
                .into_iter()
                .map(|r| records.locate(with_code_as_nickname(r))),
        );
        self.trajectories
            .extend(parsed.trajectory.into_iter().map(|r| records.locate(r)));
        if let Some(ship) = parsed.ship {
            self.ship = Some(records.locate(ship));
        }
        self.zones
            .extend(parsed.zone.into_iter().map(|r| records.locate(r)));
        self.stations
            .extend(parsed.station.into_iter().map(|r| records.locate(r)));
        self.weapons
            .extend(parsed.weapon.into_iter().map(|r| records.locate(r)));
        self.damage_tiles
            .extend(parsed.damage_tiles.into_iter().map(|r| records.locate(r)));
    }

    pub fn threat(&self, id: &str) -> Option<&Located<Threat>> {
        self.threats.iter().find(|t| t.id == id)
    }

    pub fn trajectory(&self, id: &str) -> Option<&Located<Trajectory>> {
        self.trajectories.iter().find(|t| t.id == id)
    }

    pub fn entries(&self) -> impl Iterator<Item = CardEntry<'_>> {
        let threats = self.threats.iter().map(|t| CardEntry {
            game: crate::cards::Game::Spacealert,
            kind: KIND_THREAT,
            id: &t.id,
            name: &t.name,
            nicknames: &t.nicknames,
            file: t.file,
            span: &t.span,
            current: true,
        });
        let tracks = self.trajectories.iter().map(|t| CardEntry {
            game: crate::cards::Game::Spacealert,
            kind: KIND_TRAJECTORY,
            id: &t.id,
            name: &t.name,
            nicknames: &t.nicknames,
            file: t.file,
            span: &t.span,
            current: true,
        });
        let ship = self.ship.iter().map(|s| CardEntry {
            game: crate::cards::Game::Spacealert,
            kind: KIND_SHIP,
            id: &s.id,
            name: &s.name,
            nicknames: &s.nicknames,
            file: s.file,
            span: &s.span,
            current: true,
        });
        threats.chain(tracks).chain(ship)
    }
}

/// The code printed in a threat card's corner identifies the card (Space Alert rulebook,
/// 7. APÉNDICE), so people type it like a name: lookups and `cards search` find it.
fn with_code_as_nickname(mut record: Record<Threat>) -> Record<Threat> {
    let threat = &mut record.value;
    if !threat.card.is_empty() && !threat.nicknames.contains(&threat.card) {
        threat.nicknames.push(threat.card.clone());
    }
    record
}
