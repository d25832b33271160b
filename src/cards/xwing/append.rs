//! Embedded X-Wing card data (the packed form) decoded straight into the loaded tables.
//!
//! Decoding a file into a [`CardFile`](super::model::CardFile) first and then moving its
//! records over grew a vector per table and file by doubling and copied every record once
//! more (a loaded pilot is 472 bytes): vector growth was about a sixth of the samples of a
//! one-list X-Wing `validate` (docs/performance.md). Here each record is decoded where it
//! stays, into a table sized once per file.

use super::model::*;
use crate::cards::{Game, Located, packed};
use crate::report::FileId;
use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use std::fmt;

/// The tables one card file's records are appended to.
pub struct Tables<'a> {
    pub revisions: &'a mut Vec<Located<Revision>>,
    pub ships: &'a mut Vec<Located<Ship>>,
    pub pilots: &'a mut Vec<Located<Pilot>>,
    pub upgrades: &'a mut Vec<Located<Upgrade>>,
    pub conditions: &'a mut Vec<Located<Condition>>,
    pub devices: &'a mut Vec<Located<Device>>,
    pub quickbuilds: &'a mut Vec<Located<Quickbuild>>,
    pub timings: &'a mut Vec<Located<AbilityTiming>>,
    pub untimed: &'a mut Vec<Located<Untimed>>,
}

impl Tables<'_> {
    fn lengths(&self) -> [usize; 9] {
        [
            self.revisions.len(),
            self.ships.len(),
            self.pilots.len(),
            self.upgrades.len(),
            self.conditions.len(),
            self.devices.len(),
            self.quickbuilds.len(),
            self.timings.len(),
            self.untimed.len(),
        ]
    }

    fn truncate(&mut self, lengths: [usize; 9]) {
        let [
            revisions,
            ships,
            pilots,
            upgrades,
            conditions,
            devices,
            quickbuilds,
            timings,
            untimed,
        ] = lengths;
        self.revisions.truncate(revisions);
        self.ships.truncate(ships);
        self.pilots.truncate(pilots);
        self.upgrades.truncate(upgrades);
        self.conditions.truncate(conditions);
        self.devices.truncate(devices);
        self.quickbuilds.truncate(quickbuilds);
        self.timings.truncate(timings);
        self.untimed.truncate(untimed);
    }
}

/// Append the records of one embedded card file (packed by build.rs from a file `cards
/// check` passed), read as a [`CardFile`] would be: the same keys, unknown keys and a
/// missing `game` refused. On an error nothing of the file is kept.
pub fn append_embedded(
    mut tables: Tables<'_>,
    file: FileId,
    packed: &[u8],
) -> Result<(), packed::Error> {
    let before = tables.lengths();
    let appended = packed::Reader::new(packed).and_then(|mut reader| {
        FileSeed {
            tables: &mut tables,
            file,
            bytes: packed.len(),
        }
        .deserialize(&mut reader)?;
        reader.end()
    });
    if appended.is_err() {
        tables.truncate(before);
    }
    appended
}

/// About the fewest bytes one record of each table (in [`FIELDS`] order) takes in the
/// embedded data: a file's length over it bounds the file's records, so a table's vector
/// grows once per file at most instead of doubling record by record. Measured on the JSON
/// form (2026-11: pilots 356, upgrades 190, ships 177, quick builds 71, …) and divided by
/// four for the packed form, whose keys and repeated strings take three bytes or so.
/// Reserving more than is written costs address space, not pages; a smaller record only
/// means the vector grows as before.
const MIN_RECORD_BYTES: [usize; FIELDS.len()] = [usize::MAX, 25, 37, 75, 37, 12, 15, 15, 10, 6];

struct FileSeed<'t, 'a> {
    tables: &'t mut Tables<'a>,
    file: FileId,
    bytes: usize,
}

const FIELDS: &[&str] = &[
    "game",
    "revision",
    "ship",
    "pilot",
    "upgrade",
    "condition",
    "device",
    "quickbuild",
    "timing",
    "untimed",
];

impl<'de> DeserializeSeed<'de> for FileSeed<'_, '_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for FileSeed<'_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an X-Wing card file")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut seen = [false; FIELDS.len()];
        let file = self.file;
        let bytes = self.bytes;
        let tables = self.tables;
        while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
            let Some(at) = FIELDS.iter().position(|f| *f == key) else {
                return Err(de::Error::unknown_field(&key, FIELDS));
            };
            if std::mem::replace(&mut seen[at], true) {
                return Err(de::Error::duplicate_field(FIELDS[at]));
            }
            let estimate = MIN_RECORD_BYTES.get(at).map_or(0, |min| bytes / min);
            let append = Append { file, estimate };
            match at {
                0 => map.next_value::<Game>().map(drop)?,
                1 => map.next_value_seed(append.into(tables.revisions))?,
                2 => map.next_value_seed(append.into(tables.ships))?,
                3 => map.next_value_seed(append.into(tables.pilots))?,
                4 => map.next_value_seed(append.into(tables.upgrades))?,
                5 => map.next_value_seed(append.into(tables.conditions))?,
                6 => map.next_value_seed(append.into(tables.devices))?,
                7 => map.next_value_seed(append.into(tables.quickbuilds))?,
                8 => map.next_value_seed(append.into(tables.timings))?,
                9 => map.next_value_seed(append.into(tables.untimed))?,
                _ => map.next_value::<IgnoredAny>().map(drop)?,
            }
        }
        if !seen[0] {
            return Err(de::Error::missing_field("game"));
        }
        Ok(())
    }
}

#[derive(Clone, Copy)]
struct Append {
    file: FileId,
    estimate: usize,
}

impl Append {
    fn into<T>(self, table: &mut Vec<Located<T>>) -> AppendTo<'_, T> {
        AppendTo {
            table,
            file: self.file,
            estimate: self.estimate,
        }
    }
}

/// One table's records appended where they stay, each as read from the packed form: no span.
struct AppendTo<'t, T> {
    table: &'t mut Vec<Located<T>>,
    file: FileId,
    estimate: usize,
}

impl<'de, T: de::Deserialize<'de>> DeserializeSeed<'de> for AppendTo<'_, T> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de, T: de::Deserialize<'de>> Visitor<'de> for AppendTo<'_, T> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list of records")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        self.table.reserve(self.estimate);
        while let Some(value) = seq.next_element::<T>()? {
            self.table.push(Located {
                value,
                file: self.file,
                span: 0..0,
            });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{DataText, RecordSpans, parse_data};

    /// The nine tables, owned.
    #[derive(Debug, Default)]
    struct Owned {
        revisions: Vec<Located<Revision>>,
        ships: Vec<Located<Ship>>,
        pilots: Vec<Located<Pilot>>,
        upgrades: Vec<Located<Upgrade>>,
        conditions: Vec<Located<Condition>>,
        devices: Vec<Located<Device>>,
        quickbuilds: Vec<Located<Quickbuild>>,
        timings: Vec<Located<AbilityTiming>>,
        untimed: Vec<Located<Untimed>>,
    }

    impl Owned {
        fn append(&mut self, file: FileId, members: &Members) -> Result<(), packed::Error> {
            self.append_packed(file, &packed(members))
        }

        fn append_packed(&mut self, file: FileId, packed: &[u8]) -> Result<(), packed::Error> {
            let tables = Tables {
                revisions: &mut self.revisions,
                ships: &mut self.ships,
                pilots: &mut self.pilots,
                upgrades: &mut self.upgrades,
                conditions: &mut self.conditions,
                devices: &mut self.devices,
                quickbuilds: &mut self.quickbuilds,
                timings: &mut self.timings,
                untimed: &mut self.untimed,
            };
            append_embedded(tables, file, packed)
        }
    }

    /// A JSON object's members, packed as a map in the order given, repeated keys kept (a
    /// `serde_json::Value` would keep one).
    struct Members(Vec<(&'static str, serde_json::Value)>);

    fn packed(members: &Members) -> Vec<u8> {
        packed::pack_members(members.0.iter().map(|(key, value)| (*key, value)))
    }

    /// Records as located without the spans embedded records do not have.
    fn unspanned<T>(records: &RecordSpans, table: Vec<crate::cards::Record<T>>) -> Vec<Located<T>> {
        table
            .into_iter()
            .map(|record| {
                records.locate(crate::cards::Record {
                    value: record.value,
                    span: 0..0,
                })
            })
            .collect()
    }

    /// The tables as `CardFile` and `RecordSpans` make them from the file's TOML, without
    /// the spans embedded records do not have.
    fn through_card_file(file: FileId, toml: &str) -> Owned {
        let parsed: CardFile = parse_data(file, DataText::Toml(toml)).unwrap();
        let records = RecordSpans::new(file, "");
        Owned {
            revisions: unspanned(&records, parsed.revision),
            ships: unspanned(&records, parsed.ship),
            pilots: unspanned(&records, parsed.pilot),
            upgrades: unspanned(&records, parsed.upgrade),
            conditions: unspanned(&records, parsed.condition),
            devices: unspanned(&records, parsed.device),
            quickbuilds: unspanned(&records, parsed.quickbuild),
            timings: unspanned(&records, parsed.timing),
            untimed: unspanned(&records, parsed.untimed),
        }
    }

    #[test]
    fn every_embedded_xwing_file_reads_as_its_card_file_would() {
        let mut files = 0;
        for (relative, toml, packed) in crate::cards::embedded::FILES {
            if !relative.starts_with("cards/xwing/") {
                continue;
            }
            files += 1;
            let file = FileId(7);
            let expected = format!("{:?}", through_card_file(file, toml));
            let mut got = Owned::default();
            got.append_packed(file, packed).unwrap();
            assert_eq!(format!("{got:?}"), expected, "{relative}");
        }
        assert!(files >= 10, "the X-Wing card files are embedded ({files})");
    }

    #[test]
    fn a_file_that_does_not_match_the_model_adds_nothing() {
        use serde_json::json;
        let revision = |id: &str| json!([{"id": id, "name": "n", "organisation": "amg", "code": "c", "date": "2024-01-01", "scale": 20}]);
        let mut cards = Owned::default();
        let good = Members(vec![
            ("game", json!("xwing")),
            ("revision", revision("amg-x")),
        ]);
        cards.append(FileId(1), &good).unwrap();
        let broken = [
            vec![
                ("game", json!("xwing")),
                ("revision", revision("amg-y")),
                ("ship", json!([{"id": 1}])),
            ],
            vec![
                ("game", json!("xwing")),
                ("revision", revision("amg-y")),
                ("pilots", json!([])),
            ],
            vec![("revision", revision("amg-y"))],
            vec![
                ("game", json!("xwing")),
                ("revision", revision("amg-y")),
                ("revision", json!([])),
            ],
            vec![
                ("game", json!("xwing")),
                ("revision", json!({"id": "amg-y"})),
            ],
        ];
        for members in broken {
            let shown = format!("{:?}", members);
            assert!(
                cards.append(FileId(2), &Members(members)).is_err(),
                "{shown}"
            );
            assert_eq!(cards.revisions.len(), 1, "{shown}");
        }
        let whole = packed(&good);
        assert!(
            cards
                .append_packed(FileId(3), &whole[..whole.len() - 3])
                .is_err()
        );
        assert_eq!(cards.revisions.len(), 1, "a file cut short");
        let longer = [whole.as_slice(), b"\x06"].concat();
        assert!(cards.append_packed(FileId(3), &longer).is_err());
        assert_eq!(cards.revisions.len(), 1, "bytes after the document");
        assert_eq!(cards.revisions[0].id.as_str(), "amg-x");
        assert_eq!(cards.revisions[0].file, FileId(1));
        assert_eq!(cards.revisions[0].span, 0..0);
    }
}
