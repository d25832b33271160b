//! What the import adds to the source by hand: spellings the builders write that the
//! source's names and nicknames miss, facts the source gets wrong and official cards it
//! lacks, where a second source (armada-data) settles them. Every entry is a fact with the
//! place it comes from.
//!
//! An entry that no longer finds its card, or no longer changes anything, stops the import:
//! once the source fixes a fact or adds a nickname itself, the entry is removed here rather
//! than lingering unnoticed.

use super::resolve::{Card, Cards};
use crate::cards::armada::{
    DefenseToken, Restrictions, Ship, Size, Slot, Source, Squadron, Upgrade,
};
use crate::text::normalize;

/// A name a fleet builder writes for a card, where it is not the card's name or one of the
/// source's nicknames and the validator's loose matching cannot reach it (a word the card's
/// name does not have).
pub struct BuilderSpelling {
    /// `Card::TABLE` of the card: `ship`, `squadron`, `upgrade`, `objective`.
    pub table: &'static str,
    pub id: &'static str,
    pub spelling: &'static str,
    /// Who writes it, for the messages about the entry.
    pub builder: &'static str,
}

pub const BUILDER_SPELLINGS: &[BuilderSpelling] = &[
    // 561 lists of the Kingston corpus; the source knows him as Raymus Antilles.
    BuilderSpelling {
        table: "upgrade",
        id: "raymus-antilles-officer",
        spelling: "Ray Antilles",
        builder: "Ryan Kingston's builder",
    },
    // The Liberty-type hull's card under its hull name (builder-exports corpus).
    BuilderSpelling {
        table: "ship",
        id: "mc80l-star-cruiser",
        spelling: "MC80 Liberty Star Cruiser",
        builder: "Armada Fleet Builder (app)",
    },
];

/// Squadron defense tokens the source gets wrong: (id, tokens, where the right value is
/// from).
pub const SQUADRON_DEFENSE_TOKENS: &[(&str, &[DefenseToken], &str)] = &[
    // A Corellian Conflict named squadron: like Rogue, Green, Dagger, Black, Saber, Gamma
    // and Tempest Squadron it has no defense tokens (armada-data, gold-squadron.json), and
    // the source itself does not flag it an ace. The source repeats the two braces of the
    // Y-wing aces of the same file.
    (
        "gold-squadron-y-wing-squadron",
        &[],
        "armada-data squadron-card/rebel-alliance/gold-squadron.json",
    ),
];

/// Official cards the source lacks, from armada-data (MIT), which has them with the same
/// facts the builders print: (id in the source's style, the card).
fn missing_upgrades() -> Vec<Upgrade> {
    vec![
        // Officer of the Rebel and Imperial fleets (Wave 3), in every builder export of the
        // corpus: armada-data upgrade-card/officer.json, unique, 4 points, large ships only.
        Upgrade {
            id: "strategic-adviser-officer".to_string(),
            name: "Strategic Adviser".to_string(),
            nicknames: Vec::new(),
            source: Source::Ffg,
            superseded_by: None,
            replaces: None,
            slots: vec![Slot::Officer],
            factions: Vec::new(),
            points: 4,
            unique: true,
            unique_class: Vec::new(),
            modification: false,
            ship_type: None,
            restrictions: Restrictions {
                sizes: vec![Size::Large],
                ..Restrictions::default()
            },
            adds_slots: Vec::new(),
            removes_slots: Vec::new(),
            removes_one_slot: Vec::new(),
            adds_traits: Vec::new(),
            starts_with: None,
            exhaust: None,
            ready_cost: None,
        },
    ]
}

/// Apply every table to the imported cards.
pub fn apply(
    ships: &mut Cards<Ship>,
    squadrons: &mut Cards<Squadron>,
    upgrades: &mut Cards<Upgrade>,
) -> Result<(), String> {
    for card in missing_upgrades() {
        add_missing(upgrades, card)?;
    }
    for entry in BUILDER_SPELLINGS {
        match entry.table {
            "ship" => add_spelling(ships, entry)?,
            "squadron" => add_spelling(squadrons, entry)?,
            "upgrade" => add_spelling(upgrades, entry)?,
            other => return Err(format!("builder spelling for unknown table `{other}`")),
        }
    }
    for (id, tokens, _) in SQUADRON_DEFENSE_TOKENS {
        set_defense_tokens(squadrons, id, tokens)?;
    }
    Ok(())
}

/// A card the source lacks, unless it has it now (by id or by name).
fn add_missing<T: Card>(cards: &mut Cards<T>, card: T) -> Result<(), String> {
    let name = normalize(card.name());
    if cards.by_id.contains_key(card.id())
        || cards.by_id.values().any(|c| normalize(c.name()) == name)
    {
        return Err(format!(
            "{} `{}` is in the source now; remove it from the missing cards (src/import/isb/amend.rs)",
            T::TABLE,
            card.id()
        ));
    }
    cards.by_id.insert(card.id().to_string(), card);
    Ok(())
}

/// The spelling becomes a nickname of the card and of every printing of it (older
/// printings and pack revisions), so a list priced at any printing's cost finds that one.
fn add_spelling<T: Card>(cards: &mut Cards<T>, entry: &BuilderSpelling) -> Result<(), String> {
    let Some(card) = cards.by_id.get(entry.id) else {
        return Err(format!(
            "builder spelling `{}` ({}): no {} `{}` (src/import/isb/amend.rs)",
            entry.spelling,
            entry.builder,
            T::TABLE,
            entry.id
        ));
    };
    let key = normalize(entry.spelling);
    if std::iter::once(card.name())
        .chain(card.nicknames().iter().map(String::as_str))
        .any(|n| normalize(n) == key)
    {
        return Err(format!(
            "builder spelling `{}` ({}): {} `{}` already goes by it; remove the entry (src/import/isb/amend.rs)",
            entry.spelling,
            entry.builder,
            T::TABLE,
            entry.id
        ));
    }
    for printing in cards.by_id.values_mut() {
        let is_this_card = printing.id() == entry.id
            || printing.superseded_by() == Some(entry.id)
            || printing.replaces() == Some(entry.id);
        if is_this_card {
            printing.nicknames_mut().push(entry.spelling.to_string());
        }
    }
    Ok(())
}

fn set_defense_tokens(
    squadrons: &mut Cards<Squadron>,
    id: &str,
    tokens: &[DefenseToken],
) -> Result<(), String> {
    let Some(squadron) = squadrons.by_id.get_mut(id) else {
        return Err(format!(
            "defense token correction: no squadron `{id}` (src/import/isb/amend.rs)"
        ));
    };
    if squadron.defense_tokens == tokens {
        return Err(format!(
            "defense token correction: squadron `{id}` already has these tokens; remove the entry (src/import/isb/amend.rs)"
        ));
    }
    squadron.defense_tokens = tokens.to_vec();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::armada::Keywords;

    fn squadron(id: &str, tokens: Vec<DefenseToken>) -> Squadron {
        Squadron {
            id: id.to_string(),
            name: "Y-Wing Squadron".to_string(),
            ace_name: Some("Gold Squadron".to_string()),
            nicknames: Vec::new(),
            source: Source::Ffg,
            superseded_by: None,
            replaces: None,
            squadron_type: "y-wing-squadron".to_string(),
            faction: None,
            points: 12,
            unique: true,
            ace: false,
            unique_class: Vec::new(),
            unique_limit: None,
            irregular: false,
            hull: 6,
            speed: 3,
            defense_tokens: tokens,
            keywords: Keywords::default(),
            anti_squadron: [0, 2, 0],
            anti_ship: [0, 2, 0],
        }
    }

    fn cards(list: Vec<Squadron>) -> Cards<Squadron> {
        let mut cards = Cards::default();
        for s in list {
            cards.by_id.insert(s.id.clone(), s);
        }
        cards
    }

    #[test]
    fn a_spelling_reaches_every_printing_of_the_card_and_no_other() {
        let mut older = squadron("gold-old", vec![]);
        older.superseded_by = Some("gold".to_string());
        let mut revision = squadron("gold-errata-arc", vec![]);
        revision.replaces = Some("gold".to_string());
        let mut all = cards(vec![
            squadron("gold", vec![]),
            older,
            revision,
            squadron("green", vec![]),
        ]);
        let entry = BuilderSpelling {
            table: "squadron",
            id: "gold",
            spelling: "Gold Squadron Y-Wing",
            builder: "test",
        };
        add_spelling(&mut all, &entry).unwrap();
        for id in ["gold", "gold-old", "gold-errata-arc"] {
            assert_eq!(all.by_id[id].nicknames, ["Gold Squadron Y-Wing"], "{id}");
        }
        assert!(all.by_id["green"].nicknames.is_empty());
    }

    #[test]
    fn a_stale_entry_stops_the_import() {
        let mut all = cards(vec![squadron("gold", vec![])]);
        let known = BuilderSpelling {
            table: "squadron",
            id: "gold",
            spelling: "y-wing squadron",
            builder: "test",
        };
        assert!(add_spelling(&mut all, &known).is_err(), "already its name");
        let missing = BuilderSpelling {
            id: "blue",
            ..known
        };
        assert!(add_spelling(&mut all, &missing).is_err(), "no such card");
        assert!(
            set_defense_tokens(&mut all, "gold", &[]).is_err(),
            "no change"
        );
        assert!(set_defense_tokens(&mut all, "blue", &[]).is_err());
    }

    #[test]
    fn a_missing_card_the_source_now_has_stops_the_import() {
        let mut all = cards(vec![squadron("gold", vec![])]);
        add_missing(&mut all, squadron("blue", vec![])).unwrap_err();
        let mut renamed = squadron("blue", vec![]);
        renamed.name = "B-Wing Squadron".to_string();
        add_missing(&mut all, renamed).unwrap();
        assert!(all.by_id.contains_key("blue"));
    }

    #[test]
    fn defense_tokens_are_replaced() {
        let mut all = cards(vec![squadron(
            "gold",
            vec![DefenseToken::Brace, DefenseToken::Brace],
        )]);
        set_defense_tokens(&mut all, "gold", &[]).unwrap();
        assert!(all.by_id["gold"].defense_tokens.is_empty());
    }
}
