//! One failing and one passing squad per rule, built as XWS JSON text and parsed by the
//! real reader, against the embedded card data (AMG September 2024 and XWA 50P2.0 points).

use super::*;
use crate::cards::{CardDb, LoadOptions, load};
use crate::parse::xwing;
use crate::report::{Code, FileId, Finding};
use revision::RevisionSource;
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

/// One pilot as XWS: `("lukeskywalker", &[("astromech", "r2d2")])`.
type Pilot<'a> = (&'a str, &'a [(&'a str, &'a str)]);

fn xws_with(faction: &str, pilots: &[Pilot<'_>], extra: &str) -> String {
    let pilots: Vec<String> = pilots
        .iter()
        .map(|(id, upgrades)| {
            let mut slots: Vec<(&str, Vec<&str>)> = Vec::new();
            for (slot, upgrade) in upgrades.iter() {
                match slots.iter_mut().find(|(s, _)| s == slot) {
                    Some((_, ids)) => ids.push(upgrade),
                    None => slots.push((slot, vec![upgrade])),
                }
            }
            let slots: Vec<String> = slots
                .iter()
                .map(|(slot, ids)| format!("\"{slot}\": {}", serde_json::json!(ids)))
                .collect();
            format!(
                "{{\"id\": \"{id}\", \"upgrades\": {{{}}}}}",
                slots.join(", ")
            )
        })
        .collect();
    format!(
        "{{\"faction\": \"{faction}\", \"pilots\": [{}]{extra}}}",
        pilots.join(", ")
    )
}

fn rebels(pilots: &[Pilot<'_>]) -> String {
    xws_with("rebelalliance", pilots, "")
}

fn run_with(text: &str, options: &Options) -> ValidatedSquad {
    let squad = xwing::parse(FileId(0), text).unwrap_or_else(|e| panic!("{e:#?}"));
    validate(db(), FileId(0), &squad, options).unwrap_or_else(|e| panic!("{e:#?}"))
}

fn run(text: &str) -> ValidatedSquad {
    run_with(text, &Options::default())
}

fn codes(squad: &ValidatedSquad) -> Vec<&'static str> {
    squad.findings.iter().map(|f| f.code.as_str()).collect()
}

/// Every finding is located, labelled and says how to fix it.
fn assert_well_formed(squad: &ValidatedSquad) {
    for finding in &squad.findings {
        assert!(finding.location.is_some(), "{finding:#?}");
        assert!(finding.label.is_some(), "{finding:#?}");
        assert!(finding.help.is_some(), "{finding:#?}");
    }
}

fn assert_valid(squad: &ValidatedSquad) {
    assert!(squad.findings.is_empty(), "{:#?}", squad.findings);
}

fn assert_fails(squad: &ValidatedSquad, code: &str) {
    assert_well_formed(squad);
    assert!(
        codes(squad).contains(&code),
        "wanted {code}: {:#?}",
        squad.findings
    );
}

const LUKE: Pilot = (
    "lukeskywalker",
    &[("astromech", "r2d2"), ("force-power", "instinctiveaim")],
);
const WEDGE: Pilot = (
    "wedgeantilles",
    &[("talent", "marksmanship"), ("talent", "predator")],
);
const JEK: Pilot = ("jekporkins", &[("torpedo", "protontorpedoes")]);

#[test]
fn a_legal_squad_passes_and_reports_costs() {
    let squad = run(&rebels(&[LUKE, WEDGE, JEK]));
    assert_valid(&squad);
    assert_eq!(squad.revision, "amg-sep2024");
    assert_eq!(squad.revision_source, RevisionSource::FormatDefault);
    assert_eq!(squad.format, "standard");
    assert_eq!(squad.faction.as_deref(), Some("rebelalliance"));
    assert_eq!(
        (squad.points, squad.points_limit, squad.ship_count),
        (16, 20, 3)
    );
    let luke = &squad.pilots[0];
    assert_eq!(
        (luke.cost, luke.loadout_used, luke.loadout_limit),
        (6, 10, 24)
    );
    assert_eq!(luke.upgrades.len(), 2);
}

#[test]
fn faction() {
    let imperial: Pilot = ("majorvynder", &[]);
    assert_fails(&run(&rebels(&[LUKE, WEDGE, imperial])), "xwing::faction");
}

#[test]
fn points_limit() {
    let biggs: Pilot = ("biggsdarklighter", &[]);
    let squad = run(&rebels(&[LUKE, WEDGE, JEK, biggs]));
    assert_eq!(squad.points, 21);
    assert_fails(&squad, "xwing::points");
}

#[test]
fn ship_count() {
    assert_fails(&run(&rebels(&[LUKE, WEDGE])), "xwing::ship_count");
    let many = [("redsquadronveteran", &[][..]); 9];
    let squad = run_with(
        &rebels(&many),
        &Options {
            format: "extended".into(),
            points: None,
        },
    );
    assert!(codes(&squad).contains(&"xwing::ship_count"));
}

#[test]
fn loadout_value() {
    let wedge: Pilot = ("wedgeantilles", &[("talent", "outmaneuver")]);
    assert_fails(&run(&rebels(&[LUKE, wedge, JEK])), "xwing::loadout");
}

#[test]
fn slots() {
    let jek: Pilot = ("jekporkins", &[("missile", "ionmissiles")]);
    assert_fails(&run(&rebels(&[LUKE, WEDGE, jek])), "xwing::slot");
    // Barrage Rockets take two missile slots; Thane Kyrell has one.
    let thane: Pilot = ("thanekyrell", &[("missile", "barragerockets")]);
    let squad = run(&rebels(&[LUKE, WEDGE, thane]));
    let slot = squad.findings.iter().find(|f| f.code == Code::XwingSlot);
    assert!(
        slot.is_some_and(|f| f.message.contains("Missile")),
        "{:#?}",
        squad.findings
    );
}

#[test]
fn duplicate_upgrade() {
    let wedge: Pilot = (
        "wedgeantilles",
        &[("talent", "marksmanship"), ("talent", "marksmanship")],
    );
    assert_fails(
        &run(&rebels(&[LUKE, wedge, JEK])),
        "xwing::duplicate_upgrade",
    );
}

#[test]
fn limited_by_name_across_pilots_and_upgrades() {
    let jek: Pilot = ("jekporkins", &[("astromech", "r2d2")]);
    assert_fails(&run(&rebels(&[LUKE, WEDGE, jek])), "xwing::limited");
    // Two Biggs Darklighters: different cards, one name.
    let biggs: Pilot = ("biggsdarklighter", &[]);
    let yavin: Pilot = ("biggsdarklighter-battleofyavin", &[]);
    assert_fails(&run(&rebels(&[WEDGE, biggs, yavin])), "xwing::limited");
}

#[test]
fn limited_counts_standard_loadouts() {
    // lukeskywalker-swz106 flies with R2-D2 in its standard loadout.
    let luke: Pilot = ("lukeskywalker-swz106", &[]);
    let jek: Pilot = ("jekporkins", &[("astromech", "r2d2")]);
    assert_fails(&run(&rebels(&[luke, WEDGE, jek])), "xwing::limited");
    assert_valid(&run(&rebels(&[luke, WEDGE, JEK])));
}

#[test]
fn restrictions() {
    // Servomotor S-foils fit the T-65 only.
    let awing: Pilot = (
        "greensquadronpilot",
        &[("configuration", "servomotorsfoils")],
    );
    let squad = run(&rebels(&[LUKE, WEDGE, awing]));
    assert_fails(&squad, "xwing::restriction");
    // The ship by its printed name, not the data's id.
    assert!(
        squad.findings[0]
            .message
            .ends_with("requires a ship of type T-65 X-wing"),
        "{:#?}",
        squad.findings
    );
    let wedge: Pilot = ("wedgeantilles", &[("configuration", "servomotorsfoils")]);
    assert_valid(&run(&rebels(&[LUKE, wedge, JEK])));
}

#[test]
fn standardized() {
    let with: Pilot = (
        "greensquadronpilot",
        &[("configuration", "vectoredcannonsrz1")],
    );
    let with_too: Pilot = (
        "phoenixsquadronpilot",
        &[("configuration", "vectoredcannonsrz1")],
    );
    let without: Pilot = ("phoenixsquadronpilot", &[]);
    assert_fails(&run(&rebels(&[with, without, JEK])), "xwing::standardized");
    assert_valid(&run(&rebels(&[with, with_too, JEK])));
    // A standard-loadout A-wing ignores Standardized.
    let loadout: Pilot = ("arvelcrynyd-swz106", &[]);
    assert_valid(&run(&rebels(&[with, loadout, JEK])));
}

/// X-Wing Rules Reference, ESTANDARIZADA: only ships of the type that have the ship ability the card
/// names must carry it. The Kelrodo-Ai Holdout is a Vulture without Networked Calculations.
#[test]
fn standardized_binds_only_ships_with_the_named_ship_ability() {
    let drone: Pilot = (
        "separatistdrone",
        &[("modification", "independentcalculations")],
    );
    let bare_drone: Pilot = ("separatistdrone", &[]);
    let holdout: Pilot = ("kelrodoaiholdout", &[]);
    let squad = |pilots: &[Pilot<'_>]| run(&xws_with("separatistalliance", pilots, ""));
    assert_valid(&squad(&[drone, drone, holdout]));
    let missing = squad(&[drone, bare_drone, holdout]);
    assert_fails(&missing, "xwing::standardized");
    let rule = missing.findings[0]
        .rule
        .as_ref()
        .map(|r| r.section.as_str());
    assert_eq!(rule, Some("ESTANDARIZADA"));
}

/// X-Wing Rules Reference, CARTAS DE MEJORA: an action requirement is met by the action bar only, not by
/// an action the ship has only as a linked action (the Rogue-class's barrel rolls).
#[test]
fn a_linked_action_does_not_meet_an_action_requirement() {
    let scum = |pilots: &[Pilot<'_>]| run(&xws_with("scumandvillainy", pilots, ""));
    let linked_only = scum(&[
        ("cadbane", &[("talent", "experthandling")]),
        ("ndrusuhlak", &[]),
        ("binayrepirate", &[]),
    ]);
    assert_fails(&linked_only, "xwing::restriction");
    let rule = linked_only.findings[0]
        .rule
        .as_ref()
        .map(|r| r.section.as_str());
    assert_eq!(rule, Some("CARTAS DE MEJORA"));
    assert_valid(&scum(&[
        ("cadbane", &[]),
        ("ndrusuhlak", &[("talent", "experthandling")]),
        ("binayrepirate", &[]),
    ]));
}

#[test]
fn standard_loadout_takes_no_other_upgrade() {
    let luke: Pilot = ("lukeskywalker-swz106", &[("talent", "marksmanship")]);
    assert_fails(
        &run(&rebels(&[luke, WEDGE, JEK])),
        "xwing::standard_loadout",
    );
    // Builders that write the loadout's own cards are not adding anything.
    let written: Pilot = (
        "lukeskywalker-swz106",
        &[
            ("force-power", "instinctiveaim"),
            ("torpedo", "protontorpedoes"),
            ("astromech", "r2d2"),
        ],
    );
    let squad = run(&rebels(&[written, WEDGE, JEK]));
    assert_valid(&squad);
    assert!(squad.pilots[0].standard_loadout);
    assert!(squad.pilots[0].upgrades.iter().all(|u| u.from_loadout));
}

#[test]
fn restricted_cap_counts_cards_not_their_numbers() {
    // X-Wing Rules Reference 1.4.5, LISTA DE CARTAS RESTRINGIDAS: four cards from the list
    // at most, whatever number each shows. Two Epsilon cadets (Restricted-4 each) are two.
    let xwa = Options {
        format: "xwa-standard".into(),
        points: None,
    };
    let cadet: Pilot = ("epsilonsquadroncadet", &[]);
    let rivas: Pilot = ("lieutenantrivas", &[]);
    let squad = run_with(&xws_with("firstorder", &[cadet, cadet, rivas], ""), &xwa);
    assert_eq!(squad.revision, "xwa-50p20");
    assert_valid(&squad);
    let spacer: Pilot = ("cartelspacer", &[]);
    let scout: Pilot = ("contractedscout", &[]);
    let five = [spacer, spacer, spacer, scout, scout];
    assert_fails(
        &run_with(&xws_with("scumandvillainy", &five, ""), &xwa),
        "xwing::restricted_cap",
    );
    assert_valid(&run_with(
        &xws_with("scumandvillainy", &five[..4], ""),
        &xwa,
    ));
}

#[test]
fn xwa_restricted_numbers_limit_copies_of_a_card() {
    let xwa = Options {
        format: "xwa-standard".into(),
        points: None,
    };
    let captain: Pilot = ("freightercaptain", &[]);
    let spacer: Pilot = ("cartelspacer", &[]);
    let two = run_with(
        &xws_with("scumandvillainy", &[captain, captain, spacer], ""),
        &xwa,
    );
    assert_fails(&two, "xwing::restricted_cap");
    // The AMG standard format has no per-card numbers: the same squad is within its cap.
    let standard = Options {
        format: "standard".into(),
        points: Some("xwa-50p20".into()),
    };
    let under_standard = run_with(
        &xws_with("scumandvillainy", &[captain, captain, spacer], ""),
        &standard,
    );
    assert!(
        !under_standard
            .findings
            .iter()
            .any(|f| f.code.as_str() == "xwing::restricted_cap"),
        "{:?}",
        under_standard.findings
    );
}

#[test]
fn banned_in_the_format() {
    // Hull Upgrade is extended-only in AMG's points.
    let luke: Pilot = ("lukeskywalker", &[("modification", "hullupgrade")]);
    let text = rebels(&[luke, WEDGE, JEK]);
    assert_fails(&run(&text), "xwing::banned");
    let extended = Options {
        format: "extended".into(),
        points: None,
    };
    assert_valid(&run_with(&text, &extended));
}

#[test]
fn obstacles() {
    let with = |obstacles: &str| {
        run(&xws_with(
            "rebelalliance",
            &[LUKE, WEDGE, JEK],
            &format!(", \"obstacles\": {obstacles}"),
        ))
    };
    assert_fails(
        &with(r#"["core-asteroid-0", "gascloud3"]"#),
        "xwing::obstacles",
    );
    assert_fails(
        &with(r#"["core-asteroid-0", "gascloud3", "gascloud3"]"#),
        "xwing::obstacles",
    );
    assert_valid(&with(r#"["core-asteroid-0", "gascloud3", "pomasteroid2"]"#));
}

#[test]
fn unknown_cards_get_did_you_mean() {
    let luke: Pilot = ("lukeskywalkr", &[("astromech", "r2d3")]);
    let squad = run(&rebels(&[luke, WEDGE, JEK]));
    assert_fails(&squad, "xwing::unknown_card");
    let help = squad.findings[0].help.as_deref().unwrap_or_default();
    assert!(help.contains("lukeskywalker"), "{help}");
    let text = rebels(&[luke, WEDGE, JEK]);
    let span = squad.findings[0].location.as_ref().unwrap().span.clone();
    // The label sits on the id as written (with or without its quotes).
    assert_eq!(text[span].trim_matches('"'), "lukeskywalkr");
    assert_eq!(squad.pilots[0].id, None);
    assert_eq!(squad.pilots[0].written, "lukeskywalkr");
}

#[test]
fn id_aliases_are_read_and_reported() {
    // The same id without its hyphen, as some apps write it.
    let luke: Pilot = ("lukeskywalkerswz106", &[]);
    let squad = run(&rebels(&[luke, WEDGE, JEK]));
    assert_eq!(squad.pilots[0].id.as_deref(), Some("lukeskywalker-swz106"));
    assert_eq!(codes(&squad), ["xwing::id_alias"]);
    assert_well_formed(&squad);
    assert!(!squad.findings[0].is_error());
}

#[test]
fn stated_points_that_differ_are_warnings_naming_both() {
    let text = rebels(&[LUKE, WEDGE, JEK]).replacen(
        "{\"id\": \"lukeskywalker\",",
        "{\"id\": \"lukeskywalker\", \"points\": 7,",
        1,
    );
    let squad = run(&text);
    assert_fails(&squad, "xwing::stated_points");
    assert!(squad.is_valid());
    let message = &squad.findings[0].message;
    assert!(message.contains('7') && message.contains('6'), "{message}");
    let same = text.replace("\"points\": 7", "\"points\": 6");
    assert_valid(&run(&same));
}

#[test]
fn revision_from_the_caller_the_list_or_the_format() {
    let text = rebels(&[LUKE, WEDGE, JEK]);
    assert_eq!(run(&text).revision, "amg-sep2024");
    let xwa_list = xws_with(
        "rebelalliance",
        &[LUKE, WEDGE, JEK],
        ", \"ruleset\": \"XWA\"",
    );
    let squad = run(&xwa_list);
    assert_eq!(
        (squad.revision.as_str(), squad.revision_source),
        ("xwa-50p20", RevisionSource::ListRuleset)
    );
    // On the 50-point scale the limit follows the revision.
    assert_eq!(squad.points_limit, 50);
    let caller = Options {
        points: Some("amg".into()),
        ..Options::default()
    };
    let squad = run_with(&xwa_list, &caller);
    assert_eq!(
        (squad.revision.as_str(), squad.revision_source),
        ("amg-sep2024", RevisionSource::Caller)
    );
    let unknown = Options {
        points: Some("amg-1999".into()),
        ..Options::default()
    };
    let parsed = xwing::parse(FileId(0), &text).unwrap();
    let error = validate(db(), FileId(0), &parsed, &unknown).unwrap_err();
    assert!(error.help.unwrap_or_default().contains("xwa-50p20"));
}

#[test]
fn a_ruleset_naming_a_revision_chooses_it() {
    // arbiter's XWS export keeps the exact revision under vendor.arbiter.
    for extra in [
        ", \"ruleset\": \"xwa-bv5\"",
        ", \"vendor\": {\"arbiter\": {\"builder\": \"arbiter\", \"ruleset\": \"xwa-bv5\"}}",
    ] {
        let squad = run(&xws_with("rebelalliance", &[LUKE, WEDGE, JEK], extra));
        assert_eq!(
            (squad.revision.as_str(), squad.revision_source),
            ("xwa-bv5", RevisionSource::ListRuleset),
            "{extra}"
        );
    }
    // A top-level ruleset wins over the vendor's; another vendor's is not read.
    for both in [
        ", \"ruleset\": \"amg\", \"vendor\": {\"arbiter\": {\"ruleset\": \"xwa-bv5\"}}",
        ", \"vendor\": {\"arbiter\": {\"ruleset\": \"xwa-bv5\"}}, \"ruleset\": \"amg\"",
    ] {
        assert_eq!(
            run(&xws_with("rebelalliance", &[LUKE], both)).revision,
            "amg-sep2024",
            "{both}"
        );
    }
    let other = ", \"vendor\": {\"yasb\": {\"ruleset\": \"xwa-bv5\"}}";
    assert_eq!(
        run(&xws_with("rebelalliance", &[LUKE], other)).revision,
        "amg-sep2024"
    );
}

#[test]
fn the_same_squad_as_xws_link_and_text_validates_alike() {
    // YASB numbers exist for XWA 50P2.0 pilots only, so the squad is pilots alone.
    let xws = xws_with(
        "rebelalliance",
        &[
            ("lukeskywalker", &[]),
            ("wedgeantilles", &[]),
            ("jekporkins", &[]),
        ],
        ", \"ruleset\": \"XWA\"",
    );
    let link = "https://yasb.app/?f=Rebel%20Alliance&d=v10ZbZ50Z4XY5XY3X&sn=Same&obs=";
    let tts = "Luke Skywalker / Wedge Antilles / Jek Porkins";
    let xwa = Options {
        format: "xwa-standard".into(),
        points: None,
    };
    let summary = |squad: ValidatedSquad| {
        assert_valid(&squad);
        let pilots: Vec<(Option<String>, i64)> =
            squad.pilots.into_iter().map(|p| (p.id, p.cost)).collect();
        (squad.revision, squad.faction, squad.points, pilots)
    };
    let from_xws = summary(run_with(&xws, &xwa));
    assert_eq!(from_xws.0, "xwa-50p20");
    assert_eq!(summary(run_with(link, &xwa)), from_xws);
    assert_eq!(summary(run_with(tts, &xwa)), from_xws);
}

#[test]
fn a_pilot_id_with_its_ships_id_added_is_read_as_an_alias() {
    let squad = run(&xws_with(
        "separatistalliance",
        &[("dfs311-vultureclassdroidfighter", &[])],
        "",
    ));
    assert_eq!(squad.pilots[0].id.as_deref(), Some("dfs311"));
    assert!(
        codes(&squad).contains(&"xwing::id_alias"),
        "{:#?}",
        squad.findings
    );
    assert_well_formed(&squad);
    // The suffix must be the pilot's own ship.
    let wrong_ship = run(&xws_with(
        "separatistalliance",
        &[("dfs311-hyenaclassdroidbomber", &[])],
        "",
    ));
    assert_eq!(wrong_ship.pilots[0].id, None);
    assert!(codes(&wrong_ship).contains(&"xwing::unknown_card"));
}

#[test]
fn a_revisions_own_id_is_read_as_an_alias() {
    // AMG's points call Lieutenant Karsabi's standard-loadout card `lieutenantkarasabi-ssl`.
    let karsabi: Pilot = ("lieutenantkarasabi-ssl", &[]);
    let vynder: Pilot = ("majorvynder", &[]);
    let squad = run(&xws_with("galacticempire", &[karsabi, vynder, vynder], ""));
    assert_eq!(squad.pilots[0].id.as_deref(), Some("lieutenantkarsabi-ssl"));
    let alias = squad.findings.iter().find(|f| f.code == Code::XwingIdAlias);
    assert!(
        alias.is_some_and(|f| f.message.contains("lieutenantkarasabi-ssl")),
        "{:#?}",
        squad.findings
    );
}

#[test]
fn a_links_standard_loadout_numbers_need_no_upgrade_numbers() {
    // Luke Skywalker (swz106) is YASB 642; the link repeats his loadout by (made-up) number.
    let link = "https://yasb.app/?f=Rebel%20Alliance&d=v10ZbZ50Z642X9001W9002W9003Y5XY3X&sn=L&obs=";
    let squad = run_with(
        link,
        &Options {
            format: "xwa-standard".into(),
            points: None,
        },
    );
    assert_valid(&squad);
    assert_eq!(squad.pilots[0].id.as_deref(), Some("lukeskywalker-swz106"));
    assert_eq!(squad.pilots[0].upgrades.len(), 3);
    // Upgrade numbers elsewhere cannot be resolved, and the finding says why.
    let link = "https://yasb.app/?f=Rebel%20Alliance&d=v10ZbZ50Z4X9001Y5XY3X&sn=L&obs=";
    let squad = run_with(
        link,
        &Options {
            format: "xwa-standard".into(),
            points: None,
        },
    );
    assert_fails(&squad, "xwing::unknown_card");
}

#[test]
fn standard_loadout_only_cards_cannot_be_bought() {
    let jek: Pilot = ("jekporkins", &[("astromech", "r5d8-battleofyavin")]);
    let squad = run(&rebels(&[LUKE, WEDGE, jek]));
    assert_fails(&squad, "xwing::banned");
    // Once, as a loadout-only card: not also as unlisted, nor as having no price.
    assert_eq!(codes(&squad), ["xwing::banned"], "{:#?}", squad.findings);
    assert!(squad.findings[0].message.contains("standard loadouts"));
}

#[test]
fn an_upgrade_filed_under_another_slot_is_a_warning() {
    let wedge: Pilot = (
        "wedgeantilles",
        &[("talent", "marksmanship"), ("crew", "predator")],
    );
    let squad = run(&rebels(&[LUKE, wedge, JEK]));
    assert_fails(&squad, "xwing::slot");
    assert!(squad.is_valid(), "{:#?}", squad.findings);
}

#[test]
fn solitary_allows_one_upgrade_of_a_type_per_squad() {
    let sear: Pilot = ("captainsear", &[("tactical-relay", "k2b4")]);
    let tambor: Pilot = ("wattambor", &[("tactical-relay", "kalani")]);
    let alone: Pilot = ("wattambor", &[]);
    let droid: Pilot = ("dgs047", &[]);
    let separatists = |pilots: &[Pilot<'_>]| run(&xws_with("separatistalliance", pilots, ""));
    assert_fails(&separatists(&[sear, tambor, droid]), "xwing::restriction");
    assert_valid(&separatists(&[sear, alone, droid]));
}

#[test]
fn action_restrictions_read_the_action_bar() {
    // Advanced SLAM needs a white SLAM, which the T-65 lacks; Composure needs Focus.
    let slam: Pilot = ("wedgeantilles", &[("modification", "advancedslam")]);
    let squad = run(&rebels(&[LUKE, slam, JEK]));
    assert_fails(&squad, "xwing::restriction");
    assert!(
        squad.findings[0].message.contains("SLAM"),
        "{:#?}",
        squad.findings
    );
    // Composure is extended-only in AMG's points.
    let focus: Pilot = ("wedgeantilles", &[("talent", "composure")]);
    let extended = Options {
        format: "extended".into(),
        points: None,
    };
    assert_valid(&run_with(&rebels(&[LUKE, focus, JEK]), &extended));
}

#[test]
fn the_same_squad_with_upgrades_as_xws_and_text_validates_alike() {
    let xws = rebels(&[LUKE, WEDGE, JEK]);
    let tts = "Luke Skywalker + R2-D2 + Instinctive Aim / Wedge Antilles + Marksmanship + \
               Predator / Jek Porkins + Proton Torpedoes";
    let summary = |squad: ValidatedSquad| {
        assert_valid(&squad);
        let pilots: Vec<(Option<String>, i64, i64, Vec<String>)> = squad
            .pilots
            .into_iter()
            .map(|p| {
                let upgrades = p.upgrades.into_iter().map(|u| u.id).collect();
                (p.id, p.cost, p.loadout_used, upgrades)
            })
            .collect();
        (squad.revision, squad.faction, squad.points, pilots)
    };
    assert_eq!(summary(run(tts)), summary(run(&xws)));
}

/// A YASB link's upgrades are read from their YASB numbers into the pilots' slots; an
/// unknown number is a located error and the rest of the ship is still read.
#[test]
fn yasb_links_carry_upgrades() {
    let link = "https://yasb.app/?f=Rebel%20Alliance&d=v9ZhZ20Z462X130WW371Y500X135W106W445Y79X11W99999&sn=x";
    let squad = xwing::parse(FileId(0), link).unwrap();
    let checked = validate(db(), FileId(0), &squad, &Options::default()).unwrap();
    let upgrades: Vec<Vec<&str>> = checked
        .pilots
        .iter()
        .map(|p| p.upgrades.iter().map(|u| u.id.as_str()).collect())
        .collect();
    assert_eq!(
        upgrades,
        [
            vec!["selfless", "vectoredcannonsrz1"],
            vec![
                "iontorpedoes",
                "electronicbaffle",
                "beskarreinforcedplating"
            ],
            vec!["ioncannon"],
        ]
    );
    let unknown: Vec<&Finding> = checked
        .findings
        .iter()
        .filter(|f| f.code == Code::XwingUnknownCard)
        .collect();
    assert_eq!(unknown.len(), 1, "{:#?}", checked.findings);
    assert_eq!(unknown[0].message, "no upgrade has the YASB number `99999`");
    let span = unknown[0].location.as_ref().unwrap().span.clone();
    assert_eq!(&link[span], "99999");
    // Every upgrade found a slot.
    assert!(!checked.findings.iter().any(|f| f.code == Code::XwingSlot));
}

/// Cards of one standard loadout share the pilot's span: over their Limited count, their
/// findings come in the order the pilot card lists them (they came in hash-map order, which
/// changed from run to run).
#[test]
fn limited_findings_of_one_loadout_come_in_the_loadout_order() {
    let dash = "dashrendar-swz103-sl-rebelalliance";
    let squad = run(&rebels(&[(dash, &[]), (dash, &[])]));
    let limited: Vec<String> = squad
        .findings
        .iter()
        .filter(|f| f.code == Code::XwingLimited)
        .map(|f| f.message.clone())
        .collect();
    let at = |name: &str| limited.iter().position(|m| m.starts_with(name));
    assert_eq!(at("Dash Rendar"), Some(0), "{limited:#?}");
    let (leebo, outrider) = (at("“Leebo”"), at("Outrider"));
    assert!(leebo.is_some() && outrider.is_some(), "{limited:#?}");
    assert!(leebo < outrider, "{limited:#?}");
}

/// The validator's revision table finds what the card data's own look-up finds (ids before
/// aliases, the first in load order), for every id and alias and for names of neither.
#[test]
fn the_revision_table_agrees_with_the_card_datas_lookup() {
    let cards = &db().xwing;
    let table = revision::Revisions::new(cards);
    let names = cards
        .revisions
        .iter()
        .flat_map(|r| {
            std::iter::once(r.value.id.as_str()).chain(r.value.aliases.iter().map(String::as_str))
        })
        .chain(["", "amg", "xwa", "AMG", "no-such-revision"]);
    for name in names {
        assert_eq!(
            table.named(name).map(std::ptr::from_ref),
            cards.revision(name).map(std::ptr::from_ref),
            "{name:?}"
        );
    }
}
