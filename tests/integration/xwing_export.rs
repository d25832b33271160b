//! Writing squads back out: links and TTS lines round-trip unchanged, exported XWS
//! validates against the xws-spec schema and reads back to the same squad, link → XWS →
//! link keeps the squad, and resolved squads keep their XWS through the text export.

use crate::support::xws_schema::{self, matches_pattern, validate};
use crate::support::{built_in_db, root};
use arbiter::export::xwing::{CardIds, ExportSquad, YASB_URL, to_tts, to_xws, to_yasb_link};
use arbiter::parse::xwing::{self, CardRef, ParsedSquad};
use arbiter::report::SourceFiles;
use serde_json::Value;

fn fixture(path: &str) -> String {
    let full = root().join("tests/fixtures/xwing").join(path);
    std::fs::read_to_string(full).unwrap()
}

fn read(name: &str, text: &str) -> ParsedSquad {
    let squad = xwing::read(&mut SourceFiles::default(), name, text.as_bytes())
        .unwrap_or_else(|e| panic!("{name}: {e:?}"));
    assert!(!squad.has_errors(), "{name}: {:?}", squad.findings);
    squad
}

#[test]
fn links_round_trip_unchanged() {
    for file in [
        "yasb-link/issue-example.txt",
        "yasb-link/blade-runners.txt",
        "yasb-link/jedi-wing-v10.txt",
        "yasb-link/quickbuild.txt",
        "yasb-link/yavin-standard-loadouts.txt",
    ] {
        let text = fixture(file);
        let squad = read(file, &text);
        let export = ExportSquad::from_parsed(&squad).unwrap();
        assert_eq!(
            to_yasb_link(&export, YASB_URL).unwrap(),
            text.trim(),
            "{file}"
        );
    }
}

#[test]
fn tts_lines_round_trip() {
    for file in [
        "tts/blade-runners.txt",
        "tts/slashes-in-names.txt",
        "tts/one-ship-per-line.txt",
    ] {
        let text = fixture(file);
        let squad = read(file, &text);
        let mut export = ExportSquad::from_parsed(&with_faction(squad.clone())).unwrap();
        export.obstacles = squad.obstacles.iter().map(|o| o.value.clone()).collect();
        let line = to_tts(&export).unwrap();
        let again = read("again", &line);
        assert_eq!(names(&again), names(&squad), "{file}: {line}");
        assert_eq!(again.obstacles.len(), squad.obstacles.len());
    }
    let text = fixture("tts/blade-runners.txt");
    let export = ExportSquad::from_parsed(&with_faction(read("tts", &text))).unwrap();
    let normalised = text.trim().replace("  |", " |");
    assert_eq!(to_tts(&export).unwrap(), normalised);
}

/// TTS lines name no faction; give one so the squad can be exported.
fn with_faction(mut squad: ParsedSquad) -> ParsedSquad {
    if squad.faction.is_none() {
        squad.faction = Some(xwing::FactionRef {
            written: xwing::Spanned::new("rebelalliance".into(), 0..0),
            faction: Some(xwing::Faction::RebelAlliance),
        });
    }
    squad
}

fn names(squad: &ParsedSquad) -> Vec<Vec<String>> {
    squad
        .pilots
        .iter()
        .map(|p| {
            std::iter::once(p.card.text())
                .chain(p.equipped().map(|(_, c)| c.text()))
                .map(|n| n.replace(['“', '”'], "\""))
                .collect()
        })
        .collect()
}

/// A pilot's id, points and upgrades as (slot, id).
type PilotView = (String, Option<i64>, Vec<(String, String)>);

/// Pilots with their upgrades, comparable across two XWS reads.
fn xws_view(squad: &ParsedSquad) -> Vec<PilotView> {
    squad
        .pilots
        .iter()
        .map(|p| {
            let upgrades = p
                .equipped()
                .map(|(u, c)| {
                    (
                        u.slot.as_ref().map_or(String::new(), |s| s.key.clone()),
                        c.text(),
                    )
                })
                .collect();
            (
                p.card.text(),
                p.total_points.as_ref().map(|t| t.value),
                upgrades,
            )
        })
        .collect()
}

/// XWS fixtures whose export must be free of notes.
const XWS_FIXTURES: [&str; 3] = [
    "xws/blade-runners.json",
    "xws/yasb-style-hyphenated-slots.json",
    "xws/lbn-style-empty-upgrades.json",
];

#[test]
fn exported_xws_reads_back_the_same() {
    for file in XWS_FIXTURES {
        let squad = read(file, &fixture(file));
        let export = to_xws(&ExportSquad::from_parsed(&squad).unwrap()).unwrap();
        assert!(export.notes.is_empty(), "{file}: {:?}", export.notes);
        let again = read("exported.json", &export.json);
        assert_eq!(xws_view(&again), xws_view(&squad), "{file}");
        assert_eq!(
            again.faction.unwrap().faction,
            squad.faction.unwrap().faction
        );
        assert_eq!(again.points.map(|p| p.value), squad.points.map(|p| p.value));
    }
}

#[test]
fn exported_xws_is_valid_under_the_xws_spec_schema() {
    let Some(spec) = xws_schema::spec() else {
        return;
    };
    let schema = spec.schema();
    let from_spec = read("xws-spec sample.json", &spec.sample());
    let export = to_xws(&ExportSquad::from_parsed(&from_spec).unwrap()).unwrap();
    let value: Value = serde_json::from_str(&export.json).unwrap();
    let errors = validate(&schema, &value, "$");
    assert!(
        errors.is_empty(),
        "the spec sample: {errors:#?}\n{}",
        export.json
    );
    for file in XWS_FIXTURES {
        let squad = read(file, &fixture(file));
        let export = to_xws(&ExportSquad::from_parsed(&squad).unwrap()).unwrap();
        let value: Value = serde_json::from_str(&export.json).unwrap();
        let errors = validate(&schema, &value, "$");
        assert!(errors.is_empty(), "{file}: {errors:#?}\n{}", export.json);
    }
}

#[test]
fn the_validator_catches_schema_violations() {
    let Some(spec) = xws_schema::spec() else {
        return;
    };
    let schema = spec.schema();
    let bad = serde_json::json!({
        "faction": "rebels",
        "version": "2.0",
        "ruleset": "xwa",
        "pilots": [{"id": "luke-", "ship": "t65xwing", "upgrades": {"force-power": ["sense"], "crew": []}}],
        "obstacles": ["a"]
    });
    let errors = validate(&schema, &bad, "$");
    for expected in [
        "$.faction",
        "$.version",
        "$.ruleset",
        "$.pilots[0].id",
        "$.pilots[0].ship",
        "$.pilots[0].upgrades.crew",
        "$.obstacles",
    ] {
        assert!(
            errors.iter().any(|e| e.starts_with(expected)),
            "{expected}: {errors:#?}"
        );
    }
    // The schema checks only slot keys matching ^[0-9a-z]+$ and allows any other key, so
    // a hyphenated key passes unchecked; arbiter writes `forcepower` anyway.
    assert!(
        !errors.iter().any(|e| e.contains("force-power")),
        "{errors:#?}"
    );
}

/// The blade-runners cards: YASB number, XWS id and slot.
const BLADE_RUNNERS: &[(u32, &str, &str)] = &[
    (73, "braylenstramm", ""),
    (79, "garvendreis", ""),
    (462, "sharabey-rz1awing", ""),
    (9001, "firecontrolsystem", "sensor"),
    (9002, "predator", "talent"),
    (9003, "concussionmissiles", "missile"),
    (9004, "r4astromech", "astromech"),
    (9005, "jynerso", "crew"),
    (9006, "veterantailgunner", "gunner"),
    (9007, "outmaneuver", "talent"),
];

/// What a validator does with the card data: fill in the other format's ids.
fn resolve(ids: &mut CardIds, slot: Option<&mut Option<String>>) {
    let row = BLADE_RUNNERS
        .iter()
        .find(|(yasb, xws, _)| ids.yasb == Some(*yasb) || ids.xws.as_deref() == Some(*xws))
        .expect("a blade-runners card");
    ids.yasb = Some(row.0);
    ids.xws = Some(row.1.to_string());
    if let Some(slot) = slot {
        *slot = Some(row.2.to_string());
    }
}

fn resolve_squad(export: &mut ExportSquad) {
    for pilot in &mut export.pilots {
        resolve(&mut pilot.card, None);
        for upgrade in pilot.upgrades.iter_mut().flatten() {
            resolve(&mut upgrade.card, Some(&mut upgrade.slot));
        }
    }
}

/// Each pilot's card with its sorted upgrades, as YASB numbers.
fn cards(squad: &ParsedSquad) -> Vec<(String, Vec<String>)> {
    let number = |card: &CardRef| {
        let text = card.text();
        BLADE_RUNNERS
            .iter()
            .find(|(yasb, xws, _)| text == yasb.to_string() || text == *xws)
            .map_or(text, |(yasb, _, _)| yasb.to_string())
    };
    squad
        .pilots
        .iter()
        .map(|p| {
            let mut upgrades: Vec<String> = p.equipped().map(|(_, c)| number(c)).collect();
            upgrades.sort();
            (number(&p.card), upgrades)
        })
        .collect()
}

#[test]
fn link_to_xws_to_link_keeps_the_squad() {
    let link = fixture("yasb-link/blade-runners.txt");
    let first = read("link", &link);
    let mut export = ExportSquad::from_parsed(&first).unwrap();
    resolve_squad(&mut export);
    let xws = to_xws(&export).unwrap();
    assert!(xws.notes.is_empty(), "{:?}", xws.notes);

    let from_xws = read("exported.json", &xws.json);
    let mut back = ExportSquad::from_parsed(&from_xws).unwrap();
    resolve_squad(&mut back);
    // XWS has no game mode, points limit or link version: the link's own are carried over.
    back.game_mode = export.game_mode;
    back.points_limit = export.points_limit;
    back.link_version = export.link_version;
    let again = to_yasb_link(&back, YASB_URL).unwrap();
    let second = read("again", &again);

    assert_eq!(cards(&second), cards(&first));
    assert_eq!(second.name.map(|n| n.value), first.name.map(|n| n.value));
    assert_eq!(
        second
            .obstacles
            .iter()
            .map(|o| &o.value)
            .collect::<Vec<_>>(),
        first.obstacles.iter().map(|o| &o.value).collect::<Vec<_>>()
    );
    // XWS does not keep YASB's empty slots, so the link differs only there: YASB fills
    // each upgrade into the first free slot that fits, so both load the same squad.
    assert_eq!(
        again.replace("WW", "W").replace("W&", "&"),
        link.trim().replace("WW", "W").replace("W&", "&")
    );
}

#[test]
fn pattern_matcher() {
    assert!(matches_pattern("^[0-9a-z-]+[^-]$", "sharabey-rz1awing"));
    assert!(!matches_pattern("^[0-9a-z-]+[^-]$", "sharabey-"));
    assert!(matches_pattern("^[0-9]+\\.[0-9]+\\.[0-9]+$", "2.0.0"));
    assert!(!matches_pattern("^[0-9]+\\.[0-9]+\\.[0-9]+$", "50P-1.1"));
    assert!(!matches_pattern("^[0-9a-z]+$", "force-power"));
}

/// Every fixture whose cards the data knows, resolved and written as XWS and as text: the
/// text, read and resolved again, gives the same XWS (less the description, which text
/// does not hold).
#[test]
fn resolved_squads_keep_their_xws_through_text() {
    use arbiter::export::xwing::to_text;
    use arbiter::report::FileId;
    use arbiter::validate::xwing::{Options, Validator};

    let db = built_in_db();
    let validator = Validator::new(db);
    let resolve = |name: &str, text: &str| {
        let parsed = xwing::read(&mut SourceFiles::default(), name, text.as_bytes())
            .ok()
            .filter(|squad| !squad.has_errors())?;
        let validated = validator
            .validate(FileId(0), &parsed, &Options::default())
            .unwrap();
        if validated
            .findings
            .iter()
            .any(|f| f.code.as_str() == "xwing::unknown_card")
        {
            return None;
        }
        Some(ExportSquad::from_validated(&db.xwing, &parsed, &validated).unwrap())
    };
    let mut checked = 0;
    for folder in ["xws", "yasb-link", "yasb-text", "reddit", "lbn", "tts"] {
        let dir = root().join("tests/fixtures/xwing").join(folder);
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.display().to_string();
            let Some(mut squad) = resolve(&name, &std::fs::read_to_string(&path).unwrap()) else {
                continue;
            };
            let text = to_text(&squad).unwrap();
            let again = resolve("text", &text).unwrap_or_else(|| panic!("{name}:\n{text}"));
            squad.description = None;
            assert_eq!(
                to_xws(&again).unwrap().json,
                to_xws(&squad).unwrap().json,
                "{name} via\n{text}"
            );
            checked += 1;
        }
    }
    // Links with made-up upgrade numbers or from old builders cannot be resolved; the rest
    // must all be checked.
    assert!(checked >= 14, "only {checked} fixtures resolved");
}

/// Every example squad whose cards the data knows (the README's lists, the export
/// fixtures, the reader fixtures), resolved and written as a YASB link: the link, read and
/// resolved again, gives the same XWS — pilots, upgrades in their slots, points, name and
/// obstacles (less the description, which links do not hold).
#[test]
fn every_example_squad_keeps_its_xws_through_a_yasb_link() {
    use arbiter::report::FileId;
    use arbiter::validate::xwing::{Options, Validator};

    let db = built_in_db();
    let validator = Validator::new(db);
    // A link names the points scale (its version and mode), not the exact revision an XWS
    // `ruleset` can: the link is read again under the revision the squad was read under.
    let resolve = |name: &str, text: &str, points: Option<String>| {
        let parsed = xwing::read(&mut SourceFiles::default(), name, text.as_bytes())
            .ok()
            .filter(|squad| !squad.has_errors())?;
        let options = Options {
            points,
            ..Options::default()
        };
        let validated = validator.validate(FileId(0), &parsed, &options).unwrap();
        if validated
            .findings
            .iter()
            .any(|f| f.code.as_str() == "xwing::unknown_card")
        {
            return None;
        }
        ExportSquad::from_validated(&db.xwing, &parsed, &validated).ok()
    };
    let folders = [
        "examples/lists",
        "tests/fixtures/export",
        "tests/fixtures/export-same-squad",
        "tests/fixtures/xwing/xws",
        "tests/fixtures/xwing/yasb-link",
        "tests/fixtures/xwing/yasb-text",
        "tests/fixtures/xwing/reddit",
        "tests/fixtures/xwing/lbn",
    ];
    let mut checked = Vec::new();
    for folder in folders {
        let mut paths: Vec<_> = std::fs::read_dir(root().join(folder))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        paths.sort();
        for path in paths {
            let name = path.display().to_string();
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            let Some(mut squad) = resolve(&name, &text, None) else {
                continue;
            };
            let link = to_yasb_link(&squad, YASB_URL).unwrap();
            let again = resolve("link", &link, squad.ruleset.clone())
                .unwrap_or_else(|| panic!("{name}:\n{link}"));
            squad.description = None;
            assert_eq!(
                to_xws(&again).unwrap().json,
                to_xws(&squad).unwrap().json,
                "{name} via\n{link}"
            );
            checked.push(name);
        }
    }
    // The issue 15 squad and the export fixtures with upgrades are among them.
    for must in [
        "xwing-issue-15-link.txt",
        "xws-xwa-with-upgrades.json",
        "yavin-veterans.json",
        "issue-example.txt",
    ] {
        assert!(
            checked.iter().any(|c| c.ends_with(must)),
            "{must} was not checked: {checked:#?}"
        );
    }
    assert!(
        checked.len() >= 15,
        "only {} squads: {checked:#?}",
        checked.len()
    );
}
