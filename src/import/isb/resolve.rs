//! Which printing of a card is current, which are superseded, and how content packs add to
//! the base set. The rules are described in the `crate::import::isb` module documentation;
//! this is their implementation, one card kind at a time.

use crate::cards::armada::*;
use serde::Serialize;
use std::collections::BTreeMap;

/// What a folder of the source is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Role {
    /// `ships`, `squadrons`, `upgrades`, `objectives`: the current printings.
    Base,
    /// `amg-*`: the AMG final errata as an overlay of the base folders.
    Errata,
    /// `old-ships`, `old-squadrons`, `old-upgrades`: printings from before the errata.
    Previous,
    /// `legacy-*`, `legacy-beta-*`, `nexus-*`, `old-legacy-*`, `old-legends-*`, `old-arc`:
    /// community content packs that add cards.
    Pack,
}

impl Role {
    pub fn of_folder(name: &str) -> Result<Role, String> {
        const PACKS: &[&str] = &[
            "legacy-",
            "legacy-beta-",
            "nexus-",
            "old-legacy-",
            "old-legends-",
        ];
        Ok(match name {
            "ships" | "squadrons" | "upgrades" | "objectives" => Role::Base,
            "old-ships" | "old-squadrons" | "old-upgrades" => Role::Previous,
            "old-arc" => Role::Pack,
            _ if name.starts_with("amg-") => Role::Errata,
            _ if PACKS.iter().any(|p| name.starts_with(p)) => Role::Pack,
            _ => {
                return Err(format!(
                    "unknown folder `{name}` in the source: decide whether it is a base folder, errata, older printings or a content pack (src/import/isb/resolve.rs)"
                ));
            }
        })
    }
}

/// The suffix of AMG errata keys (`darth-vader-commander-errata`).
const ERRATA_SUFFIX: &str = "-errata";
/// The suffix given to a superseded printing's id.
pub const OLD_SUFFIX: &str = "-old";
/// The infix of a content pack's revision of another card (`squall-title-errata-arc`).
const PACK_ERRATA_INFIX: &str = "-errata-";

/// The card a base, errata or previous-printing key stands for: the key without `-errata`.
pub fn identity(key: &str) -> &str {
    key.strip_suffix(ERRATA_SUFFIX).unwrap_or(key)
}

/// What the resolution needs of every card kind.
pub trait Card: Clone + PartialEq + Serialize {
    const TABLE: &'static str;
    fn id(&self) -> &str;
    fn set_id(&mut self, id: &str);
    fn source(&self) -> Source;
    fn points(&self) -> Option<u16>;
    fn superseded_by(&self) -> Option<&str>;
    fn set_superseded_by(&mut self, id: &str);
    fn replaces(&self) -> Option<&str>;
    fn set_replaces(&mut self, id: &str);
    fn name(&self) -> &str;
    fn set_name(&mut self, name: &str);
    fn nicknames(&self) -> &[String];
    fn nicknames_mut(&mut self) -> &mut Vec<String>;
    /// The card without its identity (id, names, links): two printings with equal facts
    /// are the same printing.
    fn facts(&self) -> Self;
}

macro_rules! card {
    ($t:ty, $table:expr, $points:expr) => {
        impl Card for $t {
            const TABLE: &'static str = $table;
            fn id(&self) -> &str {
                &self.id
            }
            fn set_id(&mut self, id: &str) {
                self.id = id.to_string();
            }
            fn source(&self) -> Source {
                self.source
            }
            fn points(&self) -> Option<u16> {
                let points: fn(&$t) -> Option<u16> = $points;
                points(self)
            }
            fn superseded_by(&self) -> Option<&str> {
                self.superseded_by.as_deref()
            }
            fn set_superseded_by(&mut self, id: &str) {
                self.superseded_by = Some(id.to_string());
            }
            fn replaces(&self) -> Option<&str> {
                self.replaces.as_deref()
            }
            fn set_replaces(&mut self, id: &str) {
                self.replaces = Some(id.to_string());
            }
            fn name(&self) -> &str {
                &self.name
            }
            fn set_name(&mut self, name: &str) {
                self.name = name.to_string();
            }
            fn nicknames(&self) -> &[String] {
                &self.nicknames
            }
            fn nicknames_mut(&mut self) -> &mut Vec<String> {
                &mut self.nicknames
            }
            fn facts(&self) -> Self {
                let mut copy = self.clone();
                copy.id.clear();
                copy.name.clear();
                copy.nicknames.clear();
                copy.superseded_by = None;
                copy.replaces = None;
                copy
            }
        }
    };
}

card!(Ship, "ship", |c| Some(c.points));
card!(Squadron, "squadron", |c| Some(c.points));
card!(Upgrade, "upgrade", |c| Some(c.points));
card!(Objective, "objective", |_| None);

/// Every printing of one card kind, by id.
#[derive(Debug)]
pub struct Cards<T> {
    pub by_id: BTreeMap<String, T>,
}

impl<T> Default for Cards<T> {
    fn default() -> Self {
        Cards {
            by_id: BTreeMap::new(),
        }
    }
}

impl<T: Card> Cards<T> {
    pub fn add(&mut self, role: Role, key: &str, mut card: T) -> Result<(), String> {
        match role {
            Role::Base => {
                let id = identity(key).to_string();
                card.set_id(&id);
                self.insert_new(card)
            }
            Role::Errata => self.add_erratum(identity(key), card),
            Role::Previous => self.add_previous(identity(key), card),
            Role::Pack => {
                card.set_id(key);
                if let Some(at) = key.find(PACK_ERRATA_INFIX) {
                    let target = &key[..at];
                    let Some(revised) = self.by_id.get(target) else {
                        return Err(format!(
                            "{} `{key}` revises `{target}`, which the base folders do not have",
                            T::TABLE
                        ));
                    };
                    // The same card revised: it goes by that card's name and nicknames.
                    card.set_name(revised.name());
                    merge_nicknames(&mut card, revised.nicknames());
                    card.set_replaces(target);
                }
                self.insert_new(card)
            }
        }
    }

    fn insert_new(&mut self, card: T) -> Result<(), String> {
        let id = card.id().to_string();
        if self.by_id.contains_key(&id) {
            return Err(format!("two {} records have the id `{id}`", T::TABLE));
        }
        self.by_id.insert(id, card);
        Ok(())
    }

    /// An AMG errata record. It becomes the current printing when it is AMG's and the base
    /// folder still has an earlier printing (then kept as `<id>-old`); where the base folder
    /// already has AMG's printing the record repeats it and adds only nicknames.
    fn add_erratum(&mut self, id: &str, mut card: T) -> Result<(), String> {
        card.set_id(id);
        let Some(current) = self.by_id.get_mut(id) else {
            return self.insert_new(card);
        };
        if card.source() == Source::Amg && current.source() != Source::Amg {
            merge_nicknames(&mut card, current.nicknames());
            let mut older = std::mem::replace(current, card);
            older.set_name(current.name());
            merge_nicknames(&mut older, current.nicknames());
            older.set_id(&format!("{id}{OLD_SUFFIX}"));
            older.set_superseded_by(id);
            return self.insert_superseded(older);
        }
        if card.points() != current.points() {
            return Err(format!(
                "the errata folder's `{id}` costs {:?} points but the base folder's (already AMG's printing) {:?}",
                card.points(),
                current.points()
            ));
        }
        merge_nicknames(current, card.nicknames());
        Ok(())
    }

    /// A printing from before the errata: kept as `<id>-old` unless it is the current
    /// printing unchanged (the old folders hold whole hull files, changed or not). It is
    /// the same card, so it takes the current printing's name (with the builders'
    /// disambiguators such as `{CIS}`) and nicknames.
    fn add_previous(&mut self, id: &str, mut card: T) -> Result<(), String> {
        let current = self.by_id.get(id).ok_or_else(|| {
            format!(
                "an older printing of {} `{id}`, which the base folders do not have",
                T::TABLE
            )
        })?;
        if current.facts() == card.facts() {
            return Ok(());
        }
        card.set_name(current.name());
        merge_nicknames(&mut card, current.nicknames());
        card.set_id(&format!("{id}{OLD_SUFFIX}"));
        card.set_superseded_by(id);
        self.insert_superseded(card)
    }

    fn insert_superseded(&mut self, card: T) -> Result<(), String> {
        match self.by_id.get(card.id()) {
            Some(existing) if existing.facts() == card.facts() => Ok(()),
            Some(_) => Err(format!(
                "two different superseded printings of {} `{}`",
                T::TABLE,
                card.superseded_by().unwrap_or_default()
            )),
            None => self.insert_new(card),
        }
    }
}

fn merge_nicknames<T: Card>(card: &mut T, more: &[String]) {
    let name = crate::text::normalize(card.name());
    for nickname in more {
        let key = crate::text::normalize(nickname);
        if key != name
            && !card
                .nicknames()
                .iter()
                .any(|n| crate::text::normalize(n) == key)
        {
            card.nicknames_mut().push(nickname.clone());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn upgrade(name: &str, source: Source, points: u16) -> Upgrade {
        Upgrade {
            id: String::new(),
            name: name.to_string(),
            nicknames: Vec::new(),
            source,
            superseded_by: None,
            replaces: None,
            slots: vec![Slot::Commander],
            factions: vec![Faction::Empire],
            points,
            unique: true,
            unique_class: Vec::new(),
            modification: false,
            ship_type: None,
            restrictions: Restrictions::default(),
            adds_slots: Vec::new(),
            removes_slots: Vec::new(),
            removes_one_slot: Vec::new(),
            adds_traits: Vec::new(),
            starts_with: None,
            exhaust: None,
            ready_cost: None,
        }
    }

    #[test]
    fn folders_have_roles() {
        assert_eq!(Role::of_folder("upgrades").unwrap(), Role::Base);
        assert_eq!(Role::of_folder("amg-objectives").unwrap(), Role::Errata);
        assert_eq!(Role::of_folder("old-squadrons").unwrap(), Role::Previous);
        assert_eq!(Role::of_folder("old-legacy-upgrades").unwrap(), Role::Pack);
        assert_eq!(Role::of_folder("old-legends-ships").unwrap(), Role::Pack);
        assert!(Role::of_folder("new-stuff").is_err());
    }

    #[test]
    fn errata_already_in_the_base_folder_change_nothing() {
        let mut cards = Cards::default();
        cards
            .add(
                Role::Base,
                "darth-vader-commander",
                upgrade("Darth Vader", Source::Amg, 34),
            )
            .unwrap();
        let mut erratum = upgrade("Darth Vader", Source::Amg, 34);
        erratum.nicknames = vec!["Vader".to_string()];
        cards
            .add(Role::Errata, "darth-vader-commander-errata", erratum)
            .unwrap();
        cards
            .add(
                Role::Previous,
                "darth-vader-commander",
                upgrade("Darth Vader", Source::Ffg, 36),
            )
            .unwrap();
        let ids: Vec<&String> = cards.by_id.keys().collect();
        assert_eq!(ids, ["darth-vader-commander", "darth-vader-commander-old"]);
        let current = &cards.by_id["darth-vader-commander"];
        assert_eq!((current.points, current.source), (34, Source::Amg));
        assert_eq!(current.nicknames, ["Vader"]);
        let old = &cards.by_id["darth-vader-commander-old"];
        assert_eq!((old.points, old.source), (36, Source::Ffg));
        assert_eq!(old.superseded_by.as_deref(), Some("darth-vader-commander"));
    }

    #[test]
    fn an_amg_erratum_over_an_ffg_base_card_supersedes_it() {
        let mut cards = Cards::default();
        cards
            .add(
                Role::Base,
                "most-wanted",
                upgrade("Most Wanted", Source::Ffg, 0),
            )
            .unwrap();
        cards
            .add(
                Role::Errata,
                "most-wanted-errata",
                upgrade("Most Wanted", Source::Amg, 0),
            )
            .unwrap();
        assert_eq!(cards.by_id["most-wanted"].source, Source::Amg);
        assert_eq!(cards.by_id["most-wanted-old"].source, Source::Ffg);
        assert_eq!(
            cards.by_id["most-wanted-old"].superseded_by.as_deref(),
            Some("most-wanted")
        );
    }

    #[test]
    fn unchanged_old_printings_are_dropped_and_pack_revisions_replace() {
        let mut cards = Cards::default();
        cards
            .add(
                Role::Base,
                "squall-title",
                upgrade("Squall", Source::Amg, 7),
            )
            .unwrap();
        cards
            .add(
                Role::Previous,
                "squall-title",
                upgrade("Squall", Source::Amg, 7),
            )
            .unwrap();
        assert_eq!(cards.by_id.len(), 1);
        cards
            .add(
                Role::Pack,
                "squall-title-errata-arc",
                upgrade("Squall", Source::Arc, 7),
            )
            .unwrap();
        assert_eq!(
            cards.by_id["squall-title-errata-arc"].replaces.as_deref(),
            Some("squall-title")
        );
        assert!(
            cards
                .add(
                    Role::Pack,
                    "squall-title",
                    upgrade("Squall", Source::Nexus, 7)
                )
                .is_err()
        );
        assert!(
            cards
                .add(
                    Role::Pack,
                    "gone-errata-arc",
                    upgrade("Gone", Source::Arc, 1)
                )
                .is_err()
        );
    }

    #[test]
    fn an_errata_record_that_disagrees_with_an_amg_base_card_stops_the_import() {
        let mut cards = Cards::default();
        cards
            .add(Role::Base, "x", upgrade("X", Source::Amg, 5))
            .unwrap();
        assert!(
            cards
                .add(Role::Errata, "x-errata", upgrade("X", Source::Amg, 6))
                .is_err()
        );
    }
}
