//! Fleet validation: one failing and one passing list per rule, written in Ryan Kingston's
//! export format and read by the real parser, plus name resolution and a corpus sweep.

use super::*;
use crate::cards::formats::Format;
use crate::cards::{CardDb, LoadOptions, load};
use crate::parse::armada::parse;
use crate::report::{Code, FileId, Severity};
use std::sync::OnceLock;

fn db() -> &'static CardDb {
    static DB: OnceLock<CardDb> = OnceLock::new();
    DB.get_or_init(|| {
        load(&LoadOptions {
            spans: false,
            embedded: true,
            overlays: vec![],
            without: vec![],
        })
        .0
    })
}

pub(super) fn index() -> &'static CardIndex<'static> {
    static INDEX: OnceLock<CardIndex<'static>> = OnceLock::new();
    INDEX.get_or_init(|| CardIndex::new(&db().armada))
}

pub(super) fn format(id: &str) -> &'static Format {
    db().formats
        .iter()
        .find(|f| f.id == id && f.game == crate::cards::Game::Armada)
        .map(|f| &f.value)
        .unwrap_or_else(|| panic!("no format {id}"))
}

/// A Kingston export around the given ship and squadron blocks.
fn kingston(faction: &str, commander: &str, objectives: [&str; 3], body: &str) -> String {
    format!(
        "Name: Test\nFaction: {faction}\nCommander: {commander}\n\nAssault: {}\nDefense: {}\nNavigation: {}\n\n{body}",
        objectives[0], objectives[1], objectives[2]
    )
}

const OBJECTIVES: [&str; 3] = ["Most Wanted", "Fire Lanes", "Superior Positions"];

fn validate_text(text: &str) -> ValidatedFleet<'static> {
    validate_in("standard", text)
}

fn validate_in(format_id: &str, text: &str) -> ValidatedFleet<'static> {
    let parsed = parse(FileId(0), text);
    assert!(
        parsed.is_clean(),
        "the test list does not parse: {:?}",
        parsed.findings
    );
    validate(index(), format(format_id), &parsed, FileId(0))
}

fn imperial(body: &str) -> ValidatedFleet<'static> {
    validate_text(&kingston("Imperial", "Grand Moff Tarkin", OBJECTIVES, body))
}

fn codes(fleet: &ValidatedFleet<'_>) -> Vec<Code> {
    fleet.findings.iter().map(|f| f.code).collect()
}

fn errors(fleet: &ValidatedFleet<'_>) -> Vec<Code> {
    fleet
        .findings
        .iter()
        .filter(|f| f.is_error())
        .map(|f| f.code)
        .collect()
}

/// Every finding of the code, checked for the parts every finding must have.
fn findings_of<'a>(fleet: &'a ValidatedFleet<'_>, code: Code) -> Vec<&'a crate::report::Finding> {
    let found: Vec<_> = fleet.findings.iter().filter(|f| f.code == code).collect();
    for f in &found {
        assert!(f.location.is_some(), "{code} has no span: {f:?}");
        assert!(f.label.is_some(), "{code} has no label: {f:?}");
        assert!(f.help.is_some(), "{code} has no help: {f:?}");
    }
    found
}

const VSD_WITH_TARKIN: &str =
    "Victory II-class Star Destroyer (80)\n• Grand Moff Tarkin (28)\n= 108 Points\n";

#[test]
fn a_legal_fleet_has_no_findings_and_recomputed_totals() {
    let fleet = imperial(&format!(
        "{VSD_WITH_TARKIN}\nSquadrons:\n• 2 x TIE Fighter Squadron (16)\n• Howlrunner (16)\n= 32 Points\n\nTotal Points: 140\n"
    ));
    assert_eq!(codes(&fleet), vec![], "{:?}", fleet.findings);
    assert!(fleet.is_valid());
    assert_eq!(
        fleet.totals,
        Totals {
            total: 140,
            limit: 400,
            squadrons: 32,
            squadron_limit: Some(134)
        }
    );
    assert_eq!(fleet.format, "standard");
    assert_eq!(fleet.faction, Some(crate::cards::armada::Faction::Empire));
    assert_eq!(
        fleet.ships[0].upgrades[0].id.as_deref(),
        Some("grand-moff-tarkin-commander")
    );
    assert_eq!(fleet.squadrons[0].count, 2);
    assert_eq!(fleet.squadrons[0].total, 16);
    assert_eq!(fleet.objectives.len(), 3);
}

#[test]
fn the_validated_fleet_serializes_for_a_json_reporter() {
    let fleet = imperial(&format!(
        "{VSD_WITH_TARKIN}\nSquadrons:\n• 2 x TIE Fighter Squadron (16)\n"
    ));
    let json = serde_json::to_value(&fleet).unwrap();
    assert_eq!(json["format"], "standard");
    assert_eq!(json["faction"], "empire");
    assert_eq!(json["totals"]["total"], 124);
    assert_eq!(json["totals"]["squadron_limit"], 134);
    assert_eq!(json["ships"][0]["id"], "victory-ii-class-star-destroyer");
    assert_eq!(json["ships"][0]["upgrades"][0]["points"], 28);
    assert_eq!(json["squadrons"][0]["total"], 16);
}

// ---------------------------------------------------------------------------------------
// Name resolution

#[test]
fn stated_points_tell_the_commander_from_the_officer() {
    let fleet = validate_text(&kingston(
        "Imperial",
        "Grand Moff Tarkin",
        OBJECTIVES,
        "Victory II-class Star Destroyer (80)\n• Grand Moff Tarkin (28)\n• Darth Vader (4)\n= 112 Points\n",
    ));
    assert_eq!(
        fleet.ships[0].upgrades[1].id.as_deref(),
        Some("darth-vader-officer")
    );
    let fleet = validate_text(&kingston(
        "Imperial",
        "Darth Vader",
        OBJECTIVES,
        "Victory II-class Star Destroyer (80)\n• Darth Vader (34)\n= 114 Points\n",
    ));
    assert_eq!(
        fleet.ships[0].upgrades[0].id.as_deref(),
        Some("darth-vader-commander")
    );
}

/// A bare name, as a builder that states no points writes it.
fn bare(text: &str) -> crate::parse::armada::CardName {
    crate::parse::armada::CardName {
        text: text.to_string(),
        span: 0..text.len(),
        qualifier: None,
        variant: None,
        source_tag: None,
        parts: vec![],
    }
}

#[test]
fn the_commander_line_picks_the_commander_without_points() {
    let legal = legal_sources(format("standard"));
    let hints = Hints {
        slot: Some(crate::cards::armada::Slot::Commander),
        legal_sources: &legal,
        ..Hints::default()
    };
    let card = index().upgrade(&bare("Darth Vader"), &hints).unwrap();
    assert_eq!(card.id, "darth-vader-commander");
}

#[test]
fn current_cards_win_unless_the_points_are_the_older_printings() {
    let legal = legal_sources(format("standard"));
    let hints = Hints {
        slot: Some(crate::cards::armada::Slot::Commander),
        legal_sources: &legal,
        ..Hints::default()
    };
    let current = index().upgrade(&bare("Darth Vader"), &hints).unwrap();
    assert_eq!(current.id, "darth-vader-commander");
    let older = validate_text(&kingston(
        "Imperial",
        "Darth Vader",
        OBJECTIVES,
        "Victory II-class Star Destroyer (80)\n• Darth Vader (36)\n",
    ));
    assert_eq!(
        older.ships[0].upgrades[0].id.as_deref(),
        Some("darth-vader-commander-old")
    );
    assert!(!codes(&older).contains(&Code::ArmadaStatedPoints));
}

#[test]
fn builder_spellings_resolve() {
    for spelling in [
        "CR90 Corvette A",
        "CR90A Corvette",
        "cr90-a corvette",
        "Corvette CR90A",
    ] {
        let fleet = validate_text(&kingston(
            "Rebel",
            "",
            OBJECTIVES,
            &format!("{spelling} (44)\n"),
        ));
        assert_eq!(
            fleet.ships[0].id.as_deref(),
            Some("cr90-corvette-a"),
            "{spelling}: {:?}",
            fleet.findings
        );
    }
    // Dropped apostrophes and accents.
    let fleet = imperial(
        "Victory II-class Star Destroyer (80)\n• Grand Moff Tarkin (28)\n• Gunnery Team (7)\n",
    );
    assert!(!codes(&fleet).contains(&Code::ArmadaUnknownCard));
}

#[test]
fn kingstons_shortened_hull_names_resolve() {
    let cases = [
        (
            "Imperial",
            "ISD Kuat Refit",
            "imperial-star-destroyer-kuat-refit",
        ),
        (
            "Imperial",
            "SSD Executor II",
            "executor-ii-class-star-dreadnought",
        ),
        (
            "Rebel",
            "Pelta Command Ship",
            "modified-pelta-class-command-ship",
        ),
        (
            "Imperial",
            "Quasar Fire I",
            "quasar-fire-i-class-cruiser-carrier",
        ),
        (
            "Separatist",
            "Hardcell Battle Refit",
            "hardcell-class-battle-refit",
        ),
    ];
    let legal = legal_sources(format("standard"));
    for (faction, written, id) in cases {
        let hints = Hints {
            faction: faction_named(faction),
            legal_sources: &legal,
            ..Hints::default()
        };
        let card = index().ship(&bare(written), &hints);
        assert_eq!(card.map(|c| c.id.as_str()), Some(id), "{written}");
    }
}

#[test]
fn builder_spellings_the_source_lacks_resolve() {
    let legal = legal_sources(format("standard"));
    let hints = Hints {
        faction: faction_named("Rebel"),
        legal_sources: &legal,
        ..Hints::default()
    };
    let officer = index().upgrade(&bare("Ray Antilles"), &hints);
    assert_eq!(
        officer.map(|c| c.id.as_str()),
        Some("raymus-antilles-officer")
    );
    let ship = index().ship(&bare("MC80 Liberty Star Cruiser"), &hints);
    assert_eq!(ship.map(|c| c.id.as_str()), Some("mc80l-star-cruiser"));
    for (written, id) in [
        (
            "Biggs Darklighter X-Wing Squadron",
            "biggs-darklighter-x-wing-squadron",
        ),
        (
            "Dutch Vander Y-Wing Squadron",
            "dutch-vander-y-wing-squadron",
        ),
    ] {
        let squadron = index().squadron(&bare(written), &hints);
        assert_eq!(squadron.map(|c| c.id.as_str()), Some(id), "{written}");
    }
    // The class alone is still the generic squadron.
    let generic = index().squadron(&bare("X-Wing Squadron"), &hints);
    assert_eq!(generic.map(|c| c.id.as_str()), Some("x-wing-squadron"));
}

#[test]
fn qualifiers_pick_the_squadron() {
    let fleet = imperial(&format!(
        "{VSD_WITH_TARKIN}\nSquadrons:\n• Darth Vader (TIE Defender) (25)\n"
    ));
    assert_eq!(
        fleet.squadrons[0].id.as_deref(),
        Some("darth-vader-tie-defender-squadron")
    );
}

#[test]
fn an_unknown_name_is_an_error_with_did_you_mean_on_the_name() {
    let text = kingston(
        "Imperial",
        "Grand Moff Tarkin",
        OBJECTIVES,
        "Victory II-class Star Destroyr (80)\n• Grand Moff Tarkin (28)\n",
    );
    let fleet = validate_text(&text);
    let found = findings_of(&fleet, Code::ArmadaUnknownCard);
    assert_eq!(found.len(), 1, "{:?}", fleet.findings);
    let span = found[0].location.as_ref().unwrap().span.clone();
    assert_eq!(&text[span], "Victory II-class Star Destroyr");
    assert!(
        found[0]
            .help
            .as_deref()
            .unwrap()
            .contains("Victory II-class Star Destroyer"),
        "{:?}",
        found[0].help
    );
}

#[test]
fn a_ship_on_an_upgrade_line_is_called_misplaced() {
    let fleet = imperial(&format!("{VSD_WITH_TARKIN}• Gozanti-class Cruisers (23)\n"));
    let found = findings_of(&fleet, Code::ArmadaUnknownCard);
    assert_eq!(found.len(), 1, "{:?}", fleet.findings);
    assert!(
        found[0].message.contains("is a ship"),
        "{}",
        found[0].message
    );
}

#[test]
fn a_squadron_on_a_ship_line_is_called_a_squadron() {
    let fleet = validate_text(&kingston(
        "Imperial",
        "Grand Moff Tarkin",
        OBJECTIVES,
        &format!("{VSD_WITH_TARKIN}\nHondo Ohnaka - Slave I (24)\n"),
    ));
    let found = findings_of(&fleet, Code::ArmadaUnknownCard);
    assert_eq!(found.len(), 1, "{:?}", fleet.findings);
    assert!(
        found[0]
            .message
            .contains("is a squadron, but the list has it as a ship"),
        "{}",
        found[0].message
    );
    assert!(!found[0].help.as_deref().unwrap().contains("  "));
}

// ---------------------------------------------------------------------------------------
// Rules

#[test]
fn faction_another_factions_card_fails() {
    let fleet = imperial(&format!("{VSD_WITH_TARKIN}\n• Leia Organa (3)\n"));
    assert_eq!(
        findings_of(&fleet, Code::ArmadaFaction).len(),
        1,
        "{:?}",
        fleet.findings
    );
    assert!(!codes(&imperial(VSD_WITH_TARKIN)).contains(&Code::ArmadaFaction));
}

#[test]
fn a_foreign_card_is_reported_with_its_own_faction() {
    // The `{CIS}` variant is not part of the name shown, and the Empire has a card of
    // that name: only the card's faction says what is wrong.
    let fleet = imperial(&format!(
        "{VSD_WITH_TARKIN}\nGozanti-class Cruisers {{CIS}} (24)\n= 24 Points\n"
    ));
    let found = findings_of(&fleet, Code::ArmadaFaction);
    assert_eq!(found.len(), 1, "{:?}", fleet.findings);
    assert_eq!(
        found[0].message,
        "`Gozanti-class Cruisers` is a card of the Separatist Alliance, not of the Galactic Empire fleet"
    );
}

#[test]
fn commander_none_or_two_fail() {
    let none = validate_text(&kingston(
        "Imperial",
        "",
        OBJECTIVES,
        "Victory II-class Star Destroyer (80)\n",
    ));
    assert_eq!(findings_of(&none, Code::ArmadaCommander).len(), 1);
    let two = imperial(&format!(
        "{VSD_WITH_TARKIN}\nVictory II-class Star Destroyer (80)\n• Admiral Motti (24)\n"
    ));
    assert_eq!(findings_of(&two, Code::ArmadaCommander).len(), 1);
    let disagreeing = validate_text(&kingston(
        "Imperial",
        "Admiral Motti",
        OBJECTIVES,
        VSD_WITH_TARKIN,
    ));
    let found = findings_of(&disagreeing, Code::ArmadaCommander);
    assert_eq!(found.len(), 1, "{:?}", disagreeing.findings);
    assert!(found[0].message.contains("Admiral Motti"));
    assert!(!codes(&imperial(VSD_WITH_TARKIN)).contains(&Code::ArmadaCommander));
}

#[test]
fn a_commander_misspelt_on_its_ship_is_one_unknown_card_counted_once() {
    let fleet = imperial(
        "Victory II-class Star Destroyer (80)\n• Grand Moff Tarkn (28)\n= 108 Points\n\nTotal Points: 108\n",
    );
    assert_eq!(
        codes(&fleet),
        [Code::ArmadaUnknownCard],
        "{:?}",
        fleet.findings
    );
    assert_eq!(fleet.totals.total, 108);
    // Without ships, the `Commander:` line still stands for the commander (Star Forge).
    let header_only = validate_text(&kingston("Imperial", "Grand Moff Tarkin", OBJECTIVES, ""));
    assert_eq!(header_only.totals.total, 28);
    assert!(!codes(&header_only).contains(&Code::ArmadaCommander));
}

#[test]
fn objectives_one_per_category() {
    let doubled = validate_text(&kingston(
        "Imperial",
        "Grand Moff Tarkin",
        ["Most Wanted", "Advanced Gunnery", "Superior Positions"],
        VSD_WITH_TARKIN,
    ));
    assert!(
        !findings_of(&doubled, Code::ArmadaObjectives).is_empty(),
        "{:?}",
        doubled.findings
    );
    let missing = validate_text(&kingston(
        "Imperial",
        "Grand Moff Tarkin",
        ["", "", ""],
        VSD_WITH_TARKIN,
    ));
    assert_eq!(
        findings_of(&missing, Code::ArmadaObjectives).len(),
        1,
        "{:?}",
        missing.findings
    );
    assert!(!codes(&imperial(VSD_WITH_TARKIN)).contains(&Code::ArmadaObjectives));
}

#[test]
fn points_over_the_limit_fail() {
    let isd = "Imperial II-class Star Destroyer (120)\n";
    let over = imperial(&format!("{VSD_WITH_TARKIN}{isd}{isd}{isd}"));
    assert_eq!(over.totals.total, 468);
    assert_eq!(findings_of(&over, Code::ArmadaPoints).len(), 1);
    assert!(
        !codes(&imperial(&format!("{VSD_WITH_TARKIN}{isd}{isd}"))).contains(&Code::ArmadaPoints)
    );
}

#[test]
fn squadron_share_is_enforced() {
    let over = imperial(&format!(
        "{VSD_WITH_TARKIN}\nSquadrons:\n• 17 x TIE Fighter Squadron (136)\n"
    ));
    assert_eq!(findings_of(&over, Code::ArmadaSquadronCap).len(), 1);
    let within = imperial(&format!(
        "{VSD_WITH_TARKIN}\nSquadrons:\n• 16 x TIE Fighter Squadron (128)\n"
    ));
    assert!(!codes(&within).contains(&Code::ArmadaSquadronCap));
}

#[test]
fn a_unique_name_once_across_card_types() {
    let clash = validate_text(&kingston(
        "Imperial",
        "Darth Vader",
        OBJECTIVES,
        "Victory II-class Star Destroyer (80)\n• Darth Vader (34)\n\nSquadrons:\n• Darth Vader (TIE Defender) (25)\n",
    ));
    assert_eq!(
        findings_of(&clash, Code::ArmadaUnique).len(),
        1,
        "{:?}",
        clash.findings
    );
    let fine = imperial(&format!(
        "{VSD_WITH_TARKIN}\nSquadrons:\n• Darth Vader (TIE Defender) (25)\n"
    ));
    assert!(!codes(&fine).contains(&Code::ArmadaUnique));
}

#[test]
fn one_modification_per_ship() {
    let two = imperial(&format!(
        "{VSD_WITH_TARKIN}• Enhanced Armament (10)\n• High-Capacity Ion Turbines (6)\n"
    ));
    assert_eq!(
        findings_of(&two, Code::ArmadaModification).len(),
        1,
        "{:?}",
        two.findings
    );
    let one = imperial(&format!("{VSD_WITH_TARKIN}• Enhanced Armament (10)\n"));
    assert!(!codes(&one).contains(&Code::ArmadaModification));
}

#[test]
fn titles_only_on_their_ship_type() {
    let wrong = imperial(&format!("{VSD_WITH_TARKIN}• Relentless (3)\n"));
    assert_eq!(
        findings_of(&wrong, Code::ArmadaTitle).len(),
        1,
        "{:?}",
        wrong.findings
    );
    let right = imperial(&format!("{VSD_WITH_TARKIN}• Dominator (7)\n"));
    assert!(
        !codes(&right).contains(&Code::ArmadaTitle),
        "{:?}",
        right.findings
    );
}

#[test]
fn upgrades_need_a_free_matching_slot() {
    let no_icon = imperial(&format!("{VSD_WITH_TARKIN}• Engine Techs (8)\n"));
    assert_eq!(
        findings_of(&no_icon, Code::ArmadaSlot).len(),
        1,
        "{:?}",
        no_icon.findings
    );
    let taken = imperial(&format!(
        "{VSD_WITH_TARKIN}• Gunnery Team (7)\n• Flight Controllers (6)\n"
    ));
    assert_eq!(
        findings_of(&taken, Code::ArmadaSlot).len(),
        1,
        "{:?}",
        taken.findings
    );
    let fits = imperial(&format!("{VSD_WITH_TARKIN}• Gunnery Team (7)\n"));
    assert!(!codes(&fits).contains(&Code::ArmadaSlot));
}

#[test]
fn restrictions_size_flagship_and_flotilla_commander() {
    let size = imperial(&format!("{VSD_WITH_TARKIN}• Hardened Bulkheads (5)\n"));
    assert_eq!(
        findings_of(&size, Code::ArmadaRestriction).len(),
        1,
        "{:?}",
        size.findings
    );
    // Armada Rules Reference, NAVE INSIGNIA: any ship may be the flagship, whatever its upgrade bar.
    let text = kingston(
        "Imperial",
        "Grand Moff Tarkin",
        OBJECTIVES,
        "Gozanti-class Cruisers (23)\n• Grand Moff Tarkin (28)\n",
    );
    let flotilla = validate_text(&text);
    assert!(flotilla.is_valid(), "{:?}", flotilla.findings);
    // Only a format that says (and cites) otherwise rejects it.
    let mut strict = format("standard").clone();
    strict.flotilla_flagship_forbidden = true;
    let cited = crate::report::Citation {
        document: "Some tournament document".into(),
        version: None,
        section: "Flagships".into(),
        rulebook: None,
    };
    strict
        .sources
        .insert("flotilla_flagship_forbidden".into(), cited.clone());
    let parsed = parse(FileId(0), &text);
    let rejected = validate(index(), &strict, &parsed, FileId(0));
    let found = findings_of(&rejected, Code::ArmadaRestriction);
    assert_eq!(found.len(), 1, "{:?}", rejected.findings);
    assert!(found[0].message.contains("flotilla"));
    assert_eq!(found[0].rule.as_deref(), Some(&cited));
    assert!(!codes(&rejected).contains(&Code::ArmadaSlot));
    let flag_bridge_elsewhere = imperial(&format!(
        "{VSD_WITH_TARKIN}Victory II-class Star Destroyer (80)\n• Flag Bridge (0)\n"
    ));
    assert_eq!(
        findings_of(&flag_bridge_elsewhere, Code::ArmadaRestriction).len(),
        1
    );
    let flag_bridge_on_flagship = imperial(&format!("{VSD_WITH_TARKIN}• Flag Bridge (0)\n"));
    assert!(
        !codes(&flag_bridge_on_flagship).contains(&Code::ArmadaRestriction),
        "{:?}",
        flag_bridge_on_flagship.findings
    );
}

fn republic(body: &str) -> ValidatedFleet<'static> {
    validate_text(&kingston("Republic", "Plo Koon", OBJECTIVES, body))
}

#[test]
fn an_icon_another_upgrade_removes_is_a_disabled_icon_not_a_slot_problem() {
    let consular = "Consular-class Armed Cruiser (37)\n• Plo Koon (26)\n";
    let disabled = republic(&format!(
        "{consular}• Radiant VII (1)\n• Assault Proton Torpedoes (4)\n"
    ));
    let found = findings_of(&disabled, Code::ArmadaDisabledIcon);
    assert_eq!(found.len(), 1, "{:?}", disabled.findings);
    assert!(
        found[0]
            .message
            .contains("`Radiant VII` removes its ordnance icons")
    );
    assert!(found[0].message.contains("Assault Proton Torpedoes"));
    assert!(!codes(&disabled).contains(&Code::ArmadaSlot));
    // The icon Radiant VII adds is usable; without Radiant VII the torpedoes fit.
    let fine = republic(&format!("{consular}• Assault Proton Torpedoes (4)\n"));
    assert_eq!(codes(&fine), vec![], "{:?}", fine.findings);
}

#[test]
fn an_icon_taken_away_one_at_a_time_disables_the_upgrade_that_no_longer_fits() {
    let lancer = "Lancer-class Escort Frigate (45)\n• Grand Moff Tarkin (28)\n• Pulsar (4)\n";
    let one = imperial(&format!("{lancer}• Boosted Comms (4)\n"));
    assert!(
        !codes(&one).contains(&Code::ArmadaDisabledIcon)
            && !codes(&one).contains(&Code::ArmadaSlot),
        "{:?}",
        one.findings
    );
    let two = imperial(&format!(
        "{lancer}• Boosted Comms (4)\n• Disposable Capacitors (3)\n"
    ));
    let found = findings_of(&two, Code::ArmadaDisabledIcon);
    assert_eq!(found.len(), 1, "{:?}", two.findings);
    assert!(found[0].message.contains("Disposable Capacitors"));
    assert!(
        found[0]
            .message
            .contains("takes away one of its offensive-retro icons")
    );
    // A third offensive retrofit has no icon even without Pulsar: a slot problem.
    let three = imperial(&format!(
        "{lancer}• Boosted Comms (4)\n• Disposable Capacitors (3)\n• Advanced Transponder Net (5)\n"
    ));
    assert_eq!(findings_of(&three, Code::ArmadaDisabledIcon).len(), 1);
    assert_eq!(
        findings_of(&three, Code::ArmadaSlot).len(),
        1,
        "{:?}",
        three.findings
    );
}

#[test]
fn a_card_that_removes_the_icons_it_sits_in_keeps_its_own() {
    let fleet = imperial(&format!("{VSD_WITH_TARKIN}• Reserve Bulk Hangar (9)\n"));
    assert_eq!(
        fleet.ships[0].upgrades[1].id.as_deref(),
        Some("reserve-bulk-hangar-old-legacy")
    );
    for code in [Code::ArmadaSlot, Code::ArmadaDisabledIcon] {
        assert!(!codes(&fleet).contains(&code), "{:?}", fleet.findings);
    }
}

#[test]
fn a_title_that_removes_an_icon_still_fits_a_ship_with_that_icon() {
    // A'Den disables ion cannon upgrades; the support corvette has an ion cannon icon.
    let fleet = validate_text(&kingston(
        "Scum",
        "",
        OBJECTIVES,
        "Crusader-class Support Corvette (42)\n• A'Den (2)\n",
    ));
    assert!(
        !codes(&fleet).contains(&Code::ArmadaRestriction),
        "{:?}",
        fleet.findings
    );
    let with_ion = validate_text(&kingston(
        "Scum",
        "",
        OBJECTIVES,
        "Crusader-class Support Corvette (42)\n• A'Den (2)\n• Ion Cannon Batteries (5)\n",
    ));
    assert_eq!(
        findings_of(&with_ion, Code::ArmadaDisabledIcon).len(),
        1,
        "{:?}",
        with_ion.findings
    );
}

#[test]
fn flotilla_cap_from_the_format() {
    let gozanti = "Gozanti-class Cruisers (23)\n";
    let three = imperial(&format!("{VSD_WITH_TARKIN}{gozanti}{gozanti}{gozanti}"));
    assert_eq!(findings_of(&three, Code::ArmadaFlotillaCap).len(), 1);
    let two = imperial(&format!("{VSD_WITH_TARKIN}{gozanti}{gozanti}"));
    assert!(!codes(&two).contains(&Code::ArmadaFlotillaCap));
}

/// No rulebook limits aces (the Armada Rules Reference FORMACIÓN DE FLOTAS, the Sector Fleets rules FORMACIÓN DE FLOTAS):
/// five unique squadrons with defense tokens in 400 points break no rule.
#[test]
fn aces_are_not_limited() {
    let squadrons = "Squadrons:\n• Howlrunner (16)\n• Mauler Mithel (15)\n• Valen Rudor (13)\n• Soontir Fel (18)\n• Vult Skerris (18)\n";
    let five = imperial(&format!("{VSD_WITH_TARKIN}\n{squadrons}"));
    assert!(five.is_valid(), "{:?}", five.findings);
}

#[test]
fn a_card_from_a_source_the_format_does_not_allow_is_an_error_naming_the_allowed() {
    let text = kingston(
        "Imperial",
        "Grand Moff Tarkin",
        OBJECTIVES,
        &format!("{VSD_WITH_TARKIN}• Reserve Bulk Hangar (9)\n"),
    );
    let fleet = validate_text(&text);
    let found = findings_of(&fleet, Code::ArmadaLegalSource);
    assert_eq!(found.len(), 1, "{:?}", fleet.findings);
    assert_eq!(found[0].severity, Severity::Error);
    let span = found[0].location.as_ref().unwrap().span.clone();
    assert_eq!(&text[span], "Reserve Bulk Hangar");
    assert!(
        found[0].message.contains("old-legacy"),
        "{}",
        found[0].message
    );
    let help = found[0].help.as_deref().unwrap();
    assert!(help.contains("ffg") && help.contains("amg"), "{help}");
    assert!(!fleet.is_valid());

    // Where the source is allowed, or the format names no sources, the card is fine.
    let parsed = parse(FileId(0), &text);
    let mut open = format("standard").clone();
    open.legal_sources.push("old-legacy".to_string());
    let allowed = validate(index(), &open, &parsed, FileId(0));
    assert!(!codes(&allowed).contains(&Code::ArmadaLegalSource));
    open.legal_sources.clear();
    let unrestricted = validate(index(), &open, &parsed, FileId(0));
    assert!(!codes(&unrestricted).contains(&Code::ArmadaLegalSource));
}

#[test]
fn a_name_with_an_allowed_printing_resolves_to_it_and_is_legal() {
    // Boosted Comms is an FFG card and an ARC revision: standard takes the FFG one.
    let fleet = imperial(&format!("{VSD_WITH_TARKIN}• Boosted Comms (4)\n"));
    assert_eq!(
        fleet.ships[0].upgrades[1].card.map(|c| c.source),
        Some(crate::cards::armada::Source::Ffg)
    );
    assert!(!codes(&fleet).contains(&Code::ArmadaLegalSource));
    // Every card of the legal fleet is from an allowed source.
    assert!(!codes(&imperial(VSD_WITH_TARKIN)).contains(&Code::ArmadaLegalSource));
}

#[test]
fn a_stated_cost_that_differs_is_a_warning_naming_both() {
    let fleet = imperial("Victory II-class Star Destroyer (81)\n• Grand Moff Tarkin (28)\n");
    let found = findings_of(&fleet, Code::ArmadaStatedPoints);
    assert_eq!(found.len(), 1, "{:?}", fleet.findings);
    assert_eq!(found[0].severity, Severity::Warning);
    assert!(found[0].message.contains("81") && found[0].message.contains("80"));
    assert!(fleet.is_valid());
    assert_eq!(errors(&fleet), vec![]);
    assert!(!codes(&imperial(VSD_WITH_TARKIN)).contains(&Code::ArmadaStatedPoints));
}

#[test]
fn sector_fleets_use_their_own_numbers() {
    let fleet = validate_in(
        "sector-800",
        &kingston("Imperial", "Grand Moff Tarkin", OBJECTIVES, VSD_WITH_TARKIN),
    );
    assert_eq!(fleet.totals.limit, format("sector-800").points_limit);
}

/// Every Kingston and Star Forge list of the shared corpus and the same fleets exported by
/// five builders: no panic, every folder holds lists, and the count of names the card data
/// does not know (printed, not asserted: it moves with the data).
#[test]
fn corpus_sweep_counts_unknown_cards() {
    let Some(corpus) = crate::test_shared::shared("corpus/armada") else {
        return;
    };
    let lists = sweep(&corpus.join("kingston")) + sweep(&corpus.join("starforge"));
    assert!(lists > 8_000, "only {lists} Kingston and Star Forge lists");
    for builder in [
        "armada-fleet-builder",
        "armada-fleets-designer",
        "flagship",
        "ryan-kingston",
        "warlords",
    ] {
        let lists = sweep(&corpus.join("builder-exports").join(builder));
        assert!(lists > 0, "no {builder} export in the corpus");
    }
}

/// Validates every list in `dir` under the standard format, printing what it finds; the
/// number of lists.
fn sweep(dir: &std::path::Path) -> usize {
    let builder = dir.display();
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{builder}: {e}"));
    let standard = format("standard");
    let mut lists = 0usize;
    // A name of another kind on the wrong line is the export's fault, not a name the data
    // lacks: counted apart so resolution misses stand out.
    let mut unknown: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    let mut misplaced: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    let mut per_code: std::collections::BTreeMap<&str, usize> = std::collections::BTreeMap::new();
    for entry in entries.flatten() {
        let Ok(bytes) = std::fs::read(entry.path()) else {
            continue;
        };
        let (_, parsed) = crate::parse::armada::parse_bytes(FileId(0), &bytes);
        let fleet = validate(index(), standard, &parsed, FileId(0));
        lists += 1;
        for f in &fleet.findings {
            let seen = per_code.entry(f.code.as_str()).or_default();
            *seen += 1;
            // A few examples per code, to judge by eye whether a rule misfires.
            if *seen <= 4 {
                eprintln!("  {}: {} [{}]", f.code, f.message, entry.path().display());
            }
            if f.code == Code::ArmadaUnknownCard {
                let unknown_name = f
                    .label
                    .as_deref()
                    .is_some_and(|l| l.starts_with("unknown "));
                let tally = if unknown_name {
                    &mut unknown
                } else {
                    &mut misplaced
                };
                *tally.entry(f.message.clone()).or_default() += 1;
            }
        }
    }
    let most_common = |tally: std::collections::HashMap<String, usize>| {
        let mut common: Vec<_> = tally.into_iter().collect();
        common.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        common
    };
    let (unknown, misplaced) = (most_common(unknown), most_common(misplaced));
    let total = |common: &[(String, usize)]| common.iter().map(|(_, n)| n).sum::<usize>();
    eprintln!(
        "corpus sweep of {builder}: {lists} lists, {} unknown card names, {} misplaced lines",
        total(&unknown),
        total(&misplaced)
    );
    eprintln!("findings per code: {per_code:?}");
    for (message, n) in unknown.iter().take(40).chain(misplaced.iter().take(10)) {
        eprintln!("  {n:5} {message}");
    }
    lists
}

/// Issue 14 item 5: the `Commander:` line names Admiral Ozzel; the copy stated at the
/// officer's 2 points is the officer, so the fleet breaks only the unique-name rule.
#[test]
fn an_officer_named_like_the_commander_keeps_its_own_card() {
    let fleet = validate_text(&kingston(
        "Imperial",
        "Admiral Ozzel",
        OBJECTIVES,
        "Victory II-class Star Destroyer (80)\n• Admiral Ozzel (20)\n\nVictory II-class Star Destroyer (80)\n• Admiral Ozzel (2)\n",
    ));
    let ids: Vec<Option<&str>> = fleet
        .ships
        .iter()
        .flat_map(|s| s.upgrades.iter().map(|u| u.id.as_deref()))
        .collect();
    assert_eq!(
        ids,
        [
            Some("admiral-ozzel-commander"),
            Some("admiral-ozzel-officer")
        ]
    );
    assert_eq!(errors(&fleet), [Code::ArmadaUnique], "{:?}", fleet.findings);
    let rule = findings_of(&fleet, Code::ArmadaUnique)[0].rule.clone();
    assert_eq!(rule.map(|r| r.section), Some("NOMBRES ÚNICOS".to_string()));
}
