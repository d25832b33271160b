//! The talon card data as loaded: its records, and lookups by id and name.

use super::model::*;
use crate::cards::{CardEntry, DataText, Located, Record, RecordSpans, parse_data};
use crate::report::{FileId, Finding};
use crate::text::normalize;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Kind strings of [`CardEntry::kind`].
pub const KIND_SHIP_CLASS: &str = "ship-class";
pub const KIND_WEAPON: &str = "weapon";
pub const KIND_CRITICAL: &str = "critical";

/// One Talon data file. Every table is optional, so a file may hold any mix.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CardFile {
    pub game: crate::cards::Game,
    #[serde(default)]
    pub ship_class: Vec<Record<ShipClass>>,
    #[serde(default)]
    pub weapon: Vec<Record<Weapon>>,
    #[serde(default)]
    pub impulse: Vec<Record<Impulse>>,
    #[serde(default)]
    pub critical: Vec<Record<Critical>>,
    /// The rulebook's own numbers (collision damage, fighters per squadron…).
    #[serde(default)]
    pub numbers: Option<Record<RuleNumbers>>,
}

#[derive(Debug, Default)]
pub struct TalonCards {
    pub classes: Vec<Located<ShipClass>>,
    pub weapons: Vec<Located<Weapon>>,
    pub impulses: Vec<Located<Impulse>>,
    pub criticals: Vec<Located<Critical>>,
    /// The last `[numbers]` table read (an overlay's replaces the built-in one).
    pub numbers: Option<Located<RuleNumbers>>,
}

impl TalonCards {
    /// Read one data file from its TOML text.
    pub fn add_file(&mut self, file: FileId, text: &str, findings: &mut Vec<Finding>) {
        self.add_data(file, DataText::Toml(text), text, findings);
    }

    pub fn add_data(
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
        self.classes
            .extend(parsed.ship_class.into_iter().map(|r| records.locate(r)));
        self.weapons
            .extend(parsed.weapon.into_iter().map(|r| records.locate(r)));
        self.impulses
            .extend(parsed.impulse.into_iter().map(|r| records.locate(r)));
        self.criticals
            .extend(parsed.critical.into_iter().map(|r| records.locate(r)));
        if let Some(numbers) = parsed.numbers {
            self.numbers = Some(records.locate(numbers));
        }
    }

    pub fn entries(&self) -> impl Iterator<Item = CardEntry<'_>> {
        let classes = self.classes.iter().map(|r| CardEntry {
            game: crate::cards::Game::Talon,
            kind: KIND_SHIP_CLASS,
            id: &r.id,
            name: &r.name,
            nicknames: &r.nicknames,
            file: r.file,
            span: &r.span,
            current: true,
        });
        let weapons = self.weapons.iter().map(|r| CardEntry {
            game: crate::cards::Game::Talon,
            kind: KIND_WEAPON,
            id: &r.id,
            name: &r.name,
            nicknames: &[],
            file: r.file,
            span: &r.span,
            current: true,
        });
        let criticals = self.criticals.iter().map(|r| CardEntry {
            game: crate::cards::Game::Talon,
            kind: KIND_CRITICAL,
            id: &r.id,
            name: &r.name,
            nicknames: &[],
            file: r.file,
            span: &r.span,
            current: true,
        });
        classes.chain(weapons).chain(criticals)
    }

    pub fn class(&self, id: &str) -> Option<&Located<ShipClass>> {
        self.classes.iter().find(|c| c.id == id)
    }

    pub fn weapon(&self, id: &str) -> Option<&Located<Weapon>> {
        self.weapons.iter().find(|w| w.id == id)
    }

    pub fn critical(&self, roll: u8) -> Option<&Located<Critical>> {
        self.criticals.iter().find(|c| c.roll == roll)
    }

    /// The impulse letters (`A`…`F`) whose box holds `number`.
    pub fn impulses_with(&self, number: u8) -> impl Iterator<Item = &str> {
        self.impulses
            .iter()
            .filter(move |i| i.numbers.contains(&number))
            .map(|i| i.id.as_str())
    }

    /// The class a player means by `text`: its id, its abbreviation (`CA`, also `CB`), its
    /// English or Spanish name with or without the side (`Heavy Cruiser`, `Crucero Pesado
    /// Terrano`) or a nickname. With a side, only that side's classes; without, a name
    /// two sides share matches nothing (it is ambiguous).
    pub fn find_class(&self, text: &str, side: Option<Side>) -> Option<&Located<ShipClass>> {
        let key = normalize(text);
        if key.is_empty() {
            return None;
        }
        let mut found = None;
        for class in self
            .classes
            .iter()
            .filter(|c| side.is_none_or(|s| c.side == s))
        {
            if class_names(class).any(|name| normalize(&name) == key) {
                if found.is_some() {
                    return None;
                }
                found = Some(class);
            }
        }
        found
    }

    /// Every name `find_class` knows for one side, for did-you-mean.
    pub fn class_names_of(&self, side: Option<Side>) -> Vec<String> {
        self.classes
            .iter()
            .filter(|c| side.is_none_or(|s| c.side == s))
            .flat_map(|c| class_names(c).collect::<Vec<_>>())
            .collect()
    }
}

/// The names a class answers to: abbreviations, names, nicknames and id.
fn class_names(class: &ShipClass) -> impl Iterator<Item = String> + '_ {
    let hull_en = class
        .name
        .strip_prefix(class.side.title())
        .map(str::trim)
        .map(str::to_string);
    let hull_es = class
        .name_es
        .rsplit_once(' ')
        .map(|(hull, _)| hull.to_string());
    class
        .abbreviations()
        .map(str::to_string)
        .chain([class.name.clone(), class.name_es.clone(), class.id.clone()])
        .chain(hull_en)
        .chain(hull_es)
        .chain(class.nicknames.iter().cloned())
}
