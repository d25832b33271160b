//! The xwing card data as loaded: its records, and lookups by id and name.

use super::append::{Tables, append_embedded};
use super::model::*;
use crate::cards::parse::embedded_failure;
use crate::cards::{CardEntry, DataText, Game, Located, RecordSpans};
use crate::report::{FileId, Finding};

/// The built-in files that hold only ability timings (`[[timing]]`, `[[untimed]]`), which
/// only the timing engine reads: list validation leaves them unread.
pub const TIMING_FILES: [&str; 2] = [
    "cards/xwing/timing-overrides.toml",
    "cards/xwing/timing.toml",
];

/// Every X-Wing record loaded, in load order.
#[derive(Debug, Default)]
pub struct XwingCards {
    pub revisions: Vec<Located<Revision>>,
    pub ships: Vec<Located<Ship>>,
    pub pilots: Vec<Located<Pilot>>,
    pub upgrades: Vec<Located<Upgrade>>,
    pub conditions: Vec<Located<Condition>>,
    pub devices: Vec<Located<Device>>,
    pub quickbuilds: Vec<Located<Quickbuild>>,
    pub timings: Vec<Located<AbilityTiming>>,
    pub untimed: Vec<Located<Untimed>>,
}

const NO_NICKNAMES: &[String] = &[];

impl XwingCards {
    /// Parse one card file (TOML) and keep its records.
    pub fn add_file(&mut self, file: FileId, text: &str, findings: &mut Vec<Finding>) {
        self.add_data(file, DataText::Toml(text), text, findings);
    }

    /// Like [`add_file`](Self::add_file), from whichever form the loader has (`text` is the
    /// TOML, used for record spans when `data` is TOML).
    pub fn add_data(
        &mut self,
        file: FileId,
        data: DataText<'_>,
        text: &str,
        findings: &mut Vec<Finding>,
    ) {
        if let DataText::Packed(packed) = data {
            // Embedded records have no spans: nothing to scan, and each is decoded in place.
            if let Err(error) = append_embedded(self.tables(), file, packed) {
                findings.push(embedded_failure(file, &error.to_string()));
            }
            return;
        }
        let parsed = match crate::cards::parse_data::<CardFile>(file, data) {
            Ok(parsed) => parsed,
            Err(mut errors) => {
                findings.append(&mut errors);
                return;
            }
        };
        self.add_parsed(parsed, &RecordSpans::new(file, text));
    }

    fn tables(&mut self) -> Tables<'_> {
        Tables {
            revisions: &mut self.revisions,
            ships: &mut self.ships,
            pilots: &mut self.pilots,
            upgrades: &mut self.upgrades,
            conditions: &mut self.conditions,
            devices: &mut self.devices,
            quickbuilds: &mut self.quickbuilds,
            timings: &mut self.timings,
            untimed: &mut self.untimed,
        }
    }

    fn add_parsed(&mut self, parsed: CardFile, records: &RecordSpans) {
        self.revisions
            .extend(parsed.revision.into_iter().map(|r| records.locate(r)));
        self.ships
            .extend(parsed.ship.into_iter().map(|r| records.locate(r)));
        self.pilots
            .extend(parsed.pilot.into_iter().map(|r| records.locate(r)));
        self.upgrades
            .extend(parsed.upgrade.into_iter().map(|r| records.locate(r)));
        self.conditions
            .extend(parsed.condition.into_iter().map(|r| records.locate(r)));
        self.devices
            .extend(parsed.device.into_iter().map(|r| records.locate(r)));
        self.quickbuilds
            .extend(parsed.quickbuild.into_iter().map(|r| records.locate(r)));
        self.timings
            .extend(parsed.timing.into_iter().map(|r| records.locate(r)));
        self.untimed
            .extend(parsed.untimed.into_iter().map(|r| records.locate(r)));
    }

    /// Every card, with kind "ship", "pilot", "upgrade", "condition" or "device".
    pub fn entries(&self) -> impl Iterator<Item = CardEntry<'_>> {
        fn entry<'a>(
            kind: &'static str,
            id: &'a str,
            name: &'a str,
            file: FileId,
            span: &'a std::ops::Range<usize>,
        ) -> CardEntry<'a> {
            CardEntry {
                game: Game::Xwing,
                kind,
                id,
                name,
                nicknames: NO_NICKNAMES,
                file,
                span,
                current: true,
            }
        }
        let ships = self
            .ships
            .iter()
            .map(|s| entry("ship", &s.id, &s.name, s.file, &s.span));
        let pilots = self
            .pilots
            .iter()
            .map(|p| entry("pilot", &p.id, &p.name, p.file, &p.span));
        let upgrades = self
            .upgrades
            .iter()
            .map(|u| entry("upgrade", &u.id, &u.name, u.file, &u.span));
        let conditions = self
            .conditions
            .iter()
            .map(|c| entry("condition", &c.id, &c.name, c.file, &c.span));
        let devices = self
            .devices
            .iter()
            .map(|d| entry("device", &d.id, &d.name, d.file, &d.span));
        ships
            .chain(pilots)
            .chain(upgrades)
            .chain(conditions)
            .chain(devices)
    }

    /// The names a format's `points_revision` may use: every revision id (oldest first),
    /// then the aliases (`amg`, `xwa`: each organisation's current revision).
    pub fn points_revisions(&self) -> Vec<String> {
        let mut revisions: Vec<&Revision> = self.revisions.iter().map(|r| &r.value).collect();
        revisions.sort_by(|a, b| a.date.cmp(&b.date).then(a.id.cmp(&b.id)));
        let ids = revisions.iter().map(|r| r.id.to_string());
        let aliases = revisions.iter().flat_map(|r| r.aliases.iter().cloned());
        ids.chain(aliases).collect()
    }

    /// The revision a name (id or alias) stands for.
    pub fn revision(&self, name: &str) -> Option<&Revision> {
        let revisions = self.revisions.iter().map(|r| &r.value);
        revisions
            .clone()
            .find(|r| r.id.as_str() == name)
            .or_else(|| {
                revisions
                    .into_iter()
                    .find(|r| r.aliases.iter().any(|a| a == name))
            })
    }

    pub fn ship(&self, id: &str) -> Option<&Ship> {
        self.ships.iter().map(|s| &s.value).find(|s| s.id == id)
    }

    pub fn pilot(&self, id: &str) -> Option<&Pilot> {
        self.pilots.iter().map(|p| &p.value).find(|p| p.id == id)
    }

    pub fn upgrade(&self, id: &str) -> Option<&Upgrade> {
        self.upgrades.iter().map(|u| &u.value).find(|u| u.id == id)
    }

    pub fn condition(&self, id: &str) -> Option<&Condition> {
        self.conditions
            .iter()
            .map(|c| &c.value)
            .find(|c| c.id == id)
    }

    pub fn device(&self, id: &str) -> Option<&Device> {
        self.devices.iter().map(|d| &d.value).find(|d| d.id == id)
    }

    /// The timing facts of one ability (see [`AbilityTiming::key`]), in file order: those
    /// checked by hand when it has any, else the derived ones.
    pub fn timings(
        &self,
        part: AbilityPart,
        card: &str,
        ability: Option<&str>,
        side: u8,
    ) -> Vec<&AbilityTiming> {
        let all: Vec<&AbilityTiming> = self
            .timings
            .iter()
            .map(|t| &t.value)
            .filter(|t| t.key() == (part, card, ability, side))
            .collect();
        if all.iter().any(|t| t.checked) {
            all.into_iter().filter(|t| t.checked).collect()
        } else {
            all
        }
    }
}
