use super::*;
use crate::cards::{CardDb, Game};
use crate::report::Code;

const SHIPS: &str = include_str!("../../../data/cards/talon/ships.toml");
const TABLES: &str = include_str!("../../../data/cards/talon/tables.toml");

fn load(texts: &[&str]) -> (CardDb, Vec<Finding>) {
    let mut db = CardDb::default();
    let mut findings = Vec::new();
    for (i, text) in texts.iter().enumerate() {
        let file = db.files.add(format!("talon-{i}.toml"), text.to_string());
        db.talon.add_file(file, text, &mut findings);
    }
    let mut checked = Vec::new();
    crate::cards::GameCards::check(&db.talon, &db.files, &mut checked);
    findings.extend(checked);
    (db, findings)
}

#[test]
fn the_imported_data_loads_and_checks_clean() {
    let (db, findings) = load(&[SHIPS, TABLES]);
    assert!(findings.is_empty(), "{findings:#?}");
    assert_eq!(db.talon.classes.len(), 19);
    assert_eq!(db.talon.impulses.len(), 6);
    assert_eq!(db.talon.criticals.len(), 11);
    let ca = db.talon.class("terran-ca").unwrap();
    // Talon rulebook 5.4.1: the Terran CA starts on 3-3-2; 11.1.3: it has 6 hull boxes.
    assert_eq!(ca.default_curve.to_string(), "3-3-2");
    assert_eq!(ca.hull_boxes.len(), 6);
    // Talon rulebook 4.1 (the Patton example): 2 is in C and F, 4 in A, C, D and F.
    assert_eq!(db.talon.impulses_with(2).collect::<Vec<_>>(), ["C", "F"]);
    assert_eq!(
        db.talon.impulses_with(4).collect::<Vec<_>>(),
        ["A", "C", "D", "F"]
    );
}

#[test]
fn the_rulebook_adds_names_numbers_and_example_curves() {
    let (db, _) = load(&[SHIPS, TABLES]);
    // Talon rulebook 15.1.3's example fires the BB Vanguard's Wave Motion Gun.
    let bb = db.talon.class("terran-bb").unwrap();
    assert!(bb.ship_names.iter().any(|n| n == "Vanguard"));
    // 4.1's example prints the Patton on 2-4-1; the card (5.4.3) has 2-4-2.
    let ca = db.talon.class("terran-ca").unwrap();
    assert_eq!(ca.rulebook_example_curves[0].to_string(), "2-4-1");
    assert!(!ca.curves.contains(&ca.rulebook_example_curves[0]));
    let numbers = db.talon.numbers.as_ref().expect("the [numbers] table");
    assert_eq!(
        (
            numbers.collision_damage,
            numbers.fighters_per_squadron,
            numbers.squadrons_per_carrier
        ),
        (3, 3, 4)
    );
    let flags: Vec<u8> = db
        .talon
        .criticals
        .iter()
        .filter(|c| c.helm_down || c.power_loss || c.ftl_offline)
        .map(|c| c.roll)
        .collect();
    assert_eq!(flags, [4, 10, 11]);
}

#[test]
fn classes_are_found_by_what_players_write() {
    let (db, _) = load(&[SHIPS, TABLES]);
    let id = |text: &str, side| db.talon.find_class(text, side).map(|c| c.id.as_str());
    assert_eq!(id("CA", Some(Side::Terran)), Some("terran-ca"));
    assert_eq!(id("ca", Some(Side::Talon)), Some("talon-ca"));
    assert_eq!(id("Heavy Cruiser", Some(Side::Talon)), Some("talon-ca"));
    assert_eq!(id("Crucero Pesado", Some(Side::Terran)), Some("terran-ca"));
    assert_eq!(id("CB", Some(Side::Talon)), Some("talon-bc"));
    assert_eq!(id("Terran CA", None), Some("terran-ca"));
    assert_eq!(id("CA", None), None, "both sides have a CA");
    assert_eq!(
        id("CV", Some(Side::Talon)),
        None,
        "only Terrans have carriers"
    );
    let (hits, _) = crate::cards::lookup::search(&db, "Terran CA", Some(Game::Talon));
    assert_eq!(hits.first().map(|h| h.entry.id), Some("terran-ca"));
}

#[test]
fn facts_read_like_the_player_aid_card() {
    let (db, _) = load(&[SHIPS, TABLES]);
    let facts = db.talon.facts(KIND_SHIP_CLASS, "terran-ca");
    let get = |label: &str| {
        facts
            .iter()
            .find(|(l, _)| l == label)
            .map(|(_, v)| v.as_str())
    };
    assert_eq!(get("Points"), Some("115"));
    assert_eq!(
        get("Power curves"),
        Some("1-5-3 · 2-4-2 · [3-3-2] · 4-2-1 · 5-1-1 ([…] = starting curve)")
    );
    assert_eq!(
        get("Shields"),
        Some("forward 6 · right 5 · rear 4 · left 5")
    );
    assert!(get("Hull boxes").unwrap().starts_with("0 0 -1 -1* -1 -2"));
    assert_eq!(
        get("Weapon group 2"),
        Some("1× Anti-Matter Torpedo · charge 2 red + 2 yellow · arcs forward")
    );
}

#[test]
fn broken_facts_are_located_findings() {
    let broken = SHIPS
        .replacen("default_curve = \"3-3-2\"", "default_curve = \"3-3-9\"", 1)
        .replacen("weapon = \"disruptor\"", "weapon = \"disruptr\"", 1);
    let (db, findings) = load(&[&broken, TABLES]);
    let codes: Vec<Code> = findings.iter().map(|f| f.code).collect();
    assert!(codes.contains(&Code::ImpossibleValue), "{findings:#?}");
    let dangling = findings
        .iter()
        .find(|f| f.code == Code::DanglingReference)
        .expect("the unknown weapon");
    assert_eq!(dangling.help.as_deref(), Some("did you mean `disruptor`?"));
    let span = dangling.location.as_ref().unwrap().span.clone();
    assert_eq!(
        &db.files.text(dangling.location.as_ref().unwrap().file)[span],
        "\"disruptr\""
    );

    let chart = TABLES.replacen("numbers = [6]", "numbers = [5, 6]", 1);
    let (_, findings) = load(&[SHIPS, &chart]);
    assert!(
        findings
            .iter()
            .any(|f| f.message.contains("5 is printed in 6 impulses")),
        "{findings:#?}"
    );
    let bad_curve = SHIPS.replacen("\"3-3-2\"", "\"3-x-2\"", 1);
    let (_, findings) = load(&[&bad_curve, TABLES]);
    assert_eq!(
        findings.first().map(|f| f.code),
        Some(Code::InvalidValue),
        "{findings:#?}"
    );
}
