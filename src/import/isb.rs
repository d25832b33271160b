//! Armada cards from the community "isb-cards" data (the data behind the Armada builders).
//!
//! # The source
//!
//! Base folders `ships/` (hull chassis, each with its ship cards as `models`), `squadrons/`,
//! `upgrades/` and `objectives/`, and sibling folders. Every folder has aggregate JSON files
//! and per-card JSON files; they hold the same records except that only the aggregates
//! carry the records' `_id`. The aggregates are read; the per-card files must agree with
//! them or the import stops ([`read`]).
//!
//! Each card names its publisher in `alias`, which becomes the card's `source`:
//! `FFG` → `ffg`, `AMG` → `amg` (Rapid Reinforcements and the final errata), `Legacy` →
//! `legacy`, `LegacyBeta` → `legacy-beta`, `OldLegacy` → `old-legacy`, `Nexus` → `nexus`,
//! `Legends` → `legends`, `ARC` → `arc`. `Dummy` marks the builders' placeholder hull
//! (`dummy-ship`, one ship per slot kind for testing upgrades): not cards, not imported.
//!
//! # Which printing is current ([`resolve`])
//!
//! - **Base folders** hold the current printing of every official card under its plain key;
//!   where AMG's final errata changed a card, the base record already is AMG's (author AMG,
//!   errata points). Objectives are the exception: their base records are FFG's.
//! - **`amg-*` folders** repeat the errata'd cards under `<key>-errata` keys (plus unchanged
//!   cards of the same hull files), as an overlay for builders that apply errata on top.
//!   A `-errata` key and the plain key are the same card (the id is the plain key; one base
//!   record, `jango-fett-slave-i-errata`, uses the suffix too). An overlay record only
//!   changes something where it is AMG's and the base record is not — the three AMG
//!   objective errata; there it becomes the current printing and the base record is kept
//!   as superseded. Elsewhere the base already has it: the overlay's points must match
//!   (else the import stops) and its nicknames are added.
//! - **`old-ships`, `old-squadrons`, `old-upgrades`** hold the printings from before the
//!   errata (FFG's, or AMG's Rapid Reinforcements printings that the final errata changed),
//!   under the current key. A printing that differs from the current one in any fact,
//!   source included, is imported as `<id>-old` with `superseded_by = "<id>"`; unchanged
//!   ones (the old folders hold whole hull files) are dropped.
//!
//!   Superseded printings stay cards of their own, with their true source, so a format that
//!   allows only FFG content can still build with them: a superseded card is legal exactly
//!   when its superseding card's source is not. Being the same card, they take the current
//!   printing's name (the builders' `{CIS}`-style disambiguators included) and nicknames.
//! - **Content packs** add cards under their own keys, which never collide with base keys:
//!   `legacy-*`, `legacy-beta-*` (Armada Legacy), `nexus-*` (Armada Nexus), `old-legends-*`
//!   (Armada Legends: New Republic, BSG, Halo), `old-legacy-*` (Armada Legacy's earlier
//!   waves, withdrawn or reworked: their own source `old-legacy`, so allowing `legacy`
//!   does not bring them back) and `old-arc` (ARC 0.1 errata). In these folders, `old-`
//!   means a retired pack, not an older printing of a base card. A pack key of the form
//!   `<id>-errata-<pack>` is that pack's revision of an official card: it keeps its own id
//!   and says `replaces = "<id>"` (where the pack is legal it stands in for that card), and
//!   takes that card's name and nicknames. (Since the current printing's id is a prefix of
//!   `<id>-old` and `<id>-errata-…`, a lookup by name lists the current printing first.)
//!   A pack's hull may add ship cards to a base hull (`old-legacy-ships` adds to
//!   `victory-star-destroyer`).
//!
//! # Ship types
//!
//! A chassis record is keyed by faction variant (`gozanti-class-cis`) but names its hull in
//! `chassis_name` (`gozanti-class`), which is also what titles bind to (`bound_shiptype`).
//! So the ship type id is the `chassis_name`; variants of one hull must agree on every hull
//! fact (they do) or the import stops. A ship type's source is the earliest source of its
//! ship cards; its name is made from the id (the source has none). Three Legacy Beta titles
//! bind to a chassis key instead (`gozanti-class-cis`); they are bound to that chassis' ship
//! type, their faction already limiting them to the variant.
//!
//! # Facts only
//!
//! Ability, setup, special-rule and errata text, artwork, image links and damage cards are
//! not imported. Normalisation of the source's spellings is described in [`convert`].
//!
//! # Added by hand
//!
//! [`amend`] holds small tables applied last: spellings fleet builders write that the
//! source's nicknames miss (`Ray Antilles`), and, from armada-data, a fact it corrects
//! (Gold Squadron's defense tokens) and an official card the source lacks (Strategic
//! Adviser). A stale entry stops the import.

mod amend;
mod convert;
mod emit;
mod read;
mod resolve;
mod revisions;

use super::{ImportedFiles, Provenance};
use crate::cards::armada::{Objective, Ship, ShipType, Squadron, Upgrade};
use read::Kind;
use resolve::{Card, Cards, Role};
use std::collections::BTreeMap;
use std::path::Path;

/// Everything imported, before it is written.
#[derive(Debug, Default)]
struct Imported {
    ship_types: BTreeMap<String, ShipType>,
    ships: Cards<Ship>,
    squadrons: Cards<Squadron>,
    upgrades: Cards<Upgrade>,
    objectives: Cards<Objective>,
    /// Chassis key → ship type id (`gozanti-class-cis` → `gozanti-class`).
    chassis_keys: BTreeMap<String, String>,
    notes: convert::Notes,
}

/// Import `source` (the isb-cards folder); `armada_data` (the armada-data folder) adds
/// FFG's printed costs as a points revision (see [`revisions`]).
pub fn import(source: &Path, armada_data: Option<&Path>) -> Result<ImportedFiles, String> {
    let mut imported = read_all(source)?;
    let revisions = revisions::revisions(
        &imported.ships,
        &imported.squadrons,
        &imported.upgrades,
        source,
        armada_data,
        &mut imported.notes,
    )?;
    for note in &imported.notes {
        crate::report::stream::stderr_line(&format!("note: {note}"));
    }
    let header = Provenance::read(source, "isb-cards", "none stated (facts only)").header();
    Ok(vec![
        (
            "ship-types.toml".to_string(),
            file(&header, "ship_type", imported.ship_types.values())?,
        ),
        (
            "ships.toml".to_string(),
            file(&header, Ship::TABLE, imported.ships.by_id.values())?,
        ),
        (
            "squadrons.toml".to_string(),
            file(&header, Squadron::TABLE, imported.squadrons.by_id.values())?,
        ),
        (
            "upgrades.toml".to_string(),
            file(&header, Upgrade::TABLE, imported.upgrades.by_id.values())?,
        ),
        (
            "objectives.toml".to_string(),
            file(
                &header,
                Objective::TABLE,
                imported.objectives.by_id.values(),
            )?,
        ),
        (
            "revisions.toml".to_string(),
            revisions::file(&revisions_header(source, armada_data), &revisions),
        ),
    ])
}

/// The header of `revisions.toml`, which comes from both sources.
fn revisions_header(source: &Path, armada_data: Option<&Path>) -> String {
    let isb = Provenance::read(source, "isb-cards", "none stated (facts only)");
    let Some(dir) = armada_data else {
        return isb.header();
    };
    let data = Provenance::read(dir, "armada-data", "MIT");
    format!(
        "# Generated by `arbiter cards import` from isb-cards at commit {} and armada-data at commit {}.\n# Licenses of the sources: {} (isb-cards), {} (armada-data). Facts only: no card text is imported.\n# Do not edit by hand: re-run the import instead.\n\n",
        isb.commit, data.commit, isb.license, data.license
    )
}

fn file<'a, T: serde::Serialize + 'a>(
    header: &str,
    table: &str,
    records: impl Iterator<Item = &'a T>,
) -> Result<String, String> {
    let mut out = String::with_capacity(256 * 1024);
    out.push_str(header);
    out.push_str("game = \"armada\"\n");
    for record in records {
        out.push('\n');
        emit::record(&mut out, table, record)?;
    }
    Ok(out)
}

fn read_all(source: &Path) -> Result<Imported, String> {
    let mut folders: Vec<(Role, String)> = Vec::new();
    let entries =
        std::fs::read_dir(source).map_err(|e| format!("cannot read {}: {e}", source.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("cannot read {}: {e}", source.display()))?;
        if entry.path().is_dir() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if !name.starts_with('.') {
                folders.push((Role::of_folder(&name)?, name));
            }
        }
    }
    if !folders.iter().any(|(role, _)| *role == Role::Base) {
        return Err(format!(
            "{} has no ships/, squadrons/, upgrades/ or objectives/ folder: is it the isb-cards data?",
            source.display()
        ));
    }
    // Base first, then the errata over it, then older printings, then content packs.
    folders.sort();
    let mut imported = Imported::default();
    for (role, name) in &folders {
        for record in read::read_folder(&source.join(name))? {
            add_record(&mut imported, *role, &record).map_err(|e| format!("{name}/: {e}"))?;
        }
    }
    finish_ship_types(&mut imported)?;
    bind_to_ship_types(&mut imported);
    amend::apply(
        &mut imported.ships,
        &mut imported.squadrons,
        &mut imported.upgrades,
    )?;
    Ok(imported)
}

fn add_record(imported: &mut Imported, role: Role, record: &read::RawRecord) -> Result<(), String> {
    match record.kind {
        Kind::Chassis => {
            let hull = convert::ship_type(record)?;
            imported
                .chassis_keys
                .insert(record.key.clone(), hull.id.clone());
            let models = record
                .value
                .get("models")
                .and_then(|m| m.as_object())
                .ok_or_else(|| format!("chassis `{}` has no models", record.key))?;
            let mut any = false;
            for (key, model) in models {
                if let Some(ship) = convert::ship(key, model, &hull.id)? {
                    imported.ships.add(role, key, ship)?;
                    any = true;
                }
            }
            if any {
                match imported.ship_types.get(&hull.id) {
                    Some(known) if *known != hull => {
                        return Err(format!(
                            "chassis `{}` and an earlier chassis of ship type `{}` differ in hull facts",
                            record.key, hull.id
                        ));
                    }
                    Some(_) => {}
                    None => {
                        imported.ship_types.insert(hull.id.clone(), hull);
                    }
                }
            }
        }
        Kind::Squadron => {
            if let Some(card) = convert::squadron(record, &mut imported.notes)? {
                imported.squadrons.add(role, &record.key, card)?;
            }
        }
        Kind::Upgrade => {
            if let Some(card) = convert::upgrade(record, &mut imported.notes)? {
                imported.upgrades.add(role, &record.key, card)?;
            }
        }
        Kind::Objective => {
            if let Some(card) = convert::objective(record)? {
                imported.objectives.add(role, &record.key, card)?;
            }
        }
    }
    Ok(())
}

/// Titles bind to a ship type id (`chassis_name`); three Legacy Beta titles name a chassis
/// key instead (`gozanti-class-cis`). They are bound to that chassis' ship type: their
/// faction already limits them to the variant.
fn bind_to_ship_types(imported: &mut Imported) {
    for upgrade in imported.upgrades.by_id.values_mut() {
        let Some(bound) = &upgrade.ship_type else {
            continue;
        };
        if imported.ship_types.contains_key(bound) {
            continue;
        }
        if let Some(id) = imported.chassis_keys.get(bound) {
            imported.notes.push(format!(
                "`{}`: bound to chassis `{bound}`, i.e. ship type `{id}`",
                upgrade.id
            ));
            upgrade.ship_type = Some(id.clone());
        }
    }
}

/// Every ship's type exists; each type's source is the earliest of its ship cards'.
fn finish_ship_types(imported: &mut Imported) -> Result<(), String> {
    let mut earliest: BTreeMap<&str, crate::cards::armada::Source> = BTreeMap::new();
    for ship in imported.ships.by_id.values() {
        if !imported.ship_types.contains_key(&ship.ship_type) {
            return Err(format!(
                "ship `{}` has no ship type `{}`",
                ship.id, ship.ship_type
            ));
        }
        let entry = earliest.entry(&ship.ship_type).or_insert(ship.source);
        *entry = (*entry).min(ship.source);
    }
    for (id, hull) in &mut imported.ship_types {
        if let Some(source) = earliest.get(id.as_str()) {
            hull.source = *source;
        }
    }
    imported
        .ship_types
        .retain(|id, _| earliest.contains_key(id.as_str()));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::armada::{ArmadaCards, CardFile, Source};
    use crate::cards::{CardDb, Game};
    use crate::report::FileId;
    use std::path::PathBuf;

    /// isb-cards in ../shared, or `None` having said the test skips.
    fn reference() -> Option<PathBuf> {
        crate::test_shared::shared("reference/isb-cards")
    }

    fn armada_data() -> Option<PathBuf> {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/reference/armada-data");
        dir.is_dir().then_some(dir)
    }

    #[test]
    fn the_real_data_imports_loads_back_and_checks_clean() {
        let Some(dir) = reference() else {
            return;
        };
        let files = import(&dir, armada_data().as_deref()).unwrap();
        let mut db = CardDb::default();
        let mut findings = Vec::new();
        for (name, text) in &files {
            assert!(
                text.starts_with("# Generated by `arbiter cards import` from isb-cards at commit "),
                "{name}"
            );
            let parsed: CardFile = toml::from_str(text).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(parsed.game, Game::Armada);
            let file = db.files.add(name.clone(), text.clone());
            db.armada.add_file(file, text, &mut findings);
        }
        assert!(findings.is_empty(), "{findings:#?}");
        let mut findings = Vec::new();
        db.armada.check(&db.files, &mut findings);
        assert!(findings.is_empty(), "{findings:#?}");
        check_known_cards(&db.armada);
    }

    /// A few cards whose facts are known from the printed cards and errata.
    fn check_known_cards(cards: &ArmadaCards) {
        let vsd2 = cards.ship("victory-ii-class-star-destroyer").unwrap();
        assert_eq!((vsd2.points, vsd2.source), (80, Source::Amg));
        assert_eq!(vsd2.armament.front, Some([3, 3, 0]));
        assert_eq!(vsd2.ship_type, "victory-star-destroyer");
        let old = cards.ship("victory-ii-class-star-destroyer-old").unwrap();
        assert_eq!((old.points, old.source), (85, Source::Ffg));
        assert_eq!(
            old.superseded_by.as_deref(),
            Some("victory-ii-class-star-destroyer")
        );
        let hull = cards.ship_type("victory-star-destroyer").unwrap();
        assert_eq!((hull.hull, hull.speed.len()), (8, 2));
        assert_eq!(hull.source, Source::Ffg);

        // The CIS Gozanti is a Gozanti hull: titles for `gozanti-class` fit it.
        assert_eq!(
            cards
                .ship("gozanti-class-cruisers-separatist")
                .unwrap()
                .ship_type,
            "gozanti-class"
        );

        let vader = cards.upgrade("darth-vader-commander").unwrap();
        assert_eq!((vader.points, vader.source), (34, Source::Amg));
        assert_eq!(
            cards.upgrade("darth-vader-commander-old").unwrap().points,
            36
        );
        assert_eq!(cards.upgrade("darth-vader-officer").unwrap().points, 4);

        // Added by hand (`amend`).
        let raymus = cards.upgrade("raymus-antilles-officer").unwrap();
        assert!(raymus.nicknames.iter().any(|n| n == "Ray Antilles"));
        let gold = cards.squadron("gold-squadron-y-wing-squadron").unwrap();
        assert!(gold.unique && !gold.ace && gold.defense_tokens.is_empty());
        let adviser = cards.upgrade("strategic-adviser-officer").unwrap();
        assert_eq!((adviser.points, adviser.source), (4, Source::Ffg));
        assert_eq!(
            adviser.restrictions.sizes,
            [crate::cards::armada::Size::Large]
        );

        let jango = cards.squadron("jango-fett-slave-i").unwrap();
        assert_eq!(jango.ace_name.as_deref(), Some("Jango Fett"));

        let most_wanted = cards.objective("most-wanted").unwrap();
        assert_eq!(most_wanted.source, Source::Amg);
        assert_eq!(
            cards.objective("most-wanted-old").unwrap().source,
            Source::Ffg
        );
        assert_eq!(
            cards
                .objective("most-wanted-errata-arc")
                .unwrap()
                .replaces
                .as_deref(),
            Some("most-wanted")
        );

        // Boarding teams occupy both slots; no ship lists the builders' combined slot.
        let boarding = cards.upgrade("cham-syndulla-boarding-team").unwrap();
        assert_eq!(boarding.slots.len(), 2);
        assert!(cards.ship_type("dummy-ship").is_none());
    }

    #[test]
    fn a_real_card_round_trips_through_toml() {
        let Some(dir) = reference() else { return };
        let files = import(&dir, armada_data().as_deref()).unwrap();
        let (_, ships) = files.iter().find(|(name, _)| name == "ships.toml").unwrap();
        let start = ships
            .find("[[ship]]\nid = \"victory-i-class-star-destroyer\"\n")
            .unwrap();
        let end = ships[start + 1..]
            .find("\n[[ship]]")
            .map_or(ships.len(), |e| start + 1 + e);
        let record = &ships[start..end];
        assert_eq!(
            record.trim_end(),
            r#"[[ship]]
id = "victory-i-class-star-destroyer"
name = "Victory I-class Star Destroyer"
nicknames = ["Victory", "Victory I", "Victory 1", "VSD1", "VSD 1", "VSD"]
source = "ffg"
ship_type = "victory-star-destroyer"
faction = "empire"
points = 73
traits = ["star-destroyer"]
command = 3
squadron = 3
engineering = 4
defense_tokens = ["brace", "redirect", "redirect"]
armament = { front = [3, 0, 3], left = [2, 0, 1], right = [2, 0, 1], rear = [2, 0, 0], anti_squadron = [0, 1, 0] }
upgrade_slots = ["commander", "officer", "weapons-team", "offensive-retro", "turbolaser", "ordnance", "title"]"#
        );
        let parsed: CardFile = toml::from_str(&format!("game = \"armada\"\n{record}")).unwrap();
        let ship = &parsed.ship[0].value;
        let mut again = String::new();
        emit::record(&mut again, "ship", ship).unwrap();
        assert_eq!(again.trim_end(), record.trim_end());
        let _ = FileId(0);
    }

    #[test]
    fn the_committed_data_is_the_import_of_the_reference() {
        let Some(dir) = reference() else { return };
        let committed = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/cards/armada");
        if !committed.is_dir() {
            return;
        }
        for (name, text) in import(&dir, armada_data().as_deref()).unwrap() {
            let on_disk = std::fs::read_to_string(committed.join(&name)).unwrap_or_default();
            assert!(
                on_disk == text,
                "data/cards/armada/{name} is not the current import; re-run `cargo run -- cards import isb ../shared/reference/isb-cards --armada-data ../shared/reference/armada-data --out data/cards/armada`"
            );
        }
    }
}
