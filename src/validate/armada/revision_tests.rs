//! Which points revision a list is judged under, on the real card data: the stated total
//! first, then the most stated card costs, then the current revision.

use super::tests::{format, index};
use super::*;
use crate::parse::armada::parse;
use crate::report::{Code, FileId, Severity};

fn judged(text: &str, points: Option<&str>) -> ValidatedFleet<'static> {
    let parsed = parse(FileId(0), text);
    assert!(parsed.is_clean(), "{:?}", parsed.findings);
    validate_with(index(), format("standard"), &parsed, FileId(0), points)
}

fn revision<'a>(fleet: &'a ValidatedFleet<'_>) -> &'a str {
    fleet.points_revision.as_ref().map_or("none", |r| r.id())
}

fn count(fleet: &ValidatedFleet<'_>, code: Code) -> usize {
    fleet.findings.iter().filter(|f| f.code == code).count()
}

/// A Victory II-class fleet: 85 before the final errata, 80 since; Expanded Launchers 13
/// and 8.
fn victory(ship: u32, launchers: u32, total: Option<u32>) -> String {
    let total = total.map_or(String::new(), |t| format!("Total Points: {t}\n"));
    format!(
        "Name: Test\nFaction: Imperial\nCommander: Admiral Motti\n\nVictory I ({ship})\n• Admiral Motti (24)\n• Expanded Launchers ({launchers})\n\nVictory II (85)\n\n{total}"
    )
}

#[test]
fn costs_of_an_older_revision_choose_it_and_say_so_once() {
    let fleet = judged(&victory(73, 13, None), None);
    assert_eq!(revision(&fleet), "pre-final");
    assert_eq!(count(&fleet, Code::ArmadaPointsRevision), 1);
    assert_eq!(count(&fleet, Code::ArmadaStatedPoints), 0);
    let note = fleet
        .findings
        .iter()
        .find(|f| f.code == Code::ArmadaPointsRevision)
        .unwrap();
    assert_eq!(note.severity, Severity::Note);
    // 73 + 24 + 13 + 85 under pre-final; 73 + 24 + 8 + 80 today.
    assert_eq!(fleet.totals.total, 195);
    assert!(note.message.contains("it costs 185"), "{}", note.message);
}

#[test]
fn current_costs_keep_the_current_revision_without_a_note() {
    let text = victory(73, 8, None).replace("Victory II (85)", "Victory II (80)");
    let fleet = judged(&text, None);
    assert_eq!(revision(&fleet), "amg-final");
    assert_eq!(count(&fleet, Code::ArmadaPointsRevision), 0);
    assert_eq!(fleet.totals.total, 185);
}

#[test]
fn costs_every_revision_gives_keep_the_current_revision() {
    // Victory I and Admiral Motti cost the same in every revision: a tie.
    let text = "Name: Test\nFaction: Imperial\nCommander: Admiral Motti\n\nVictory I (73)\n• Admiral Motti (24)\n";
    let fleet = judged(text, None);
    assert_eq!(revision(&fleet), "amg-final");
    assert_eq!(count(&fleet, Code::ArmadaPointsRevision), 0);
}

#[test]
fn the_stated_total_outweighs_lines_priced_at_todays_costs() {
    // Lines at today's costs, the total at the older revision's (as Star Forge exports).
    let text = victory(73, 8, Some(195)).replace("Victory II (85)", "Victory II (80)");
    let fleet = judged(&text, None);
    assert_eq!(revision(&fleet), "pre-final");
    assert_eq!(fleet.totals.total, 195);
    let judged = fleet.points_revision.as_ref().unwrap();
    assert!(judged.total_explained);
    assert_eq!(judged.lines_from.map(|r| r.id.as_str()), Some("amg-final"));
    // One cause (lines re-priced), one finding: the note, no warning per card.
    assert_eq!(count(&fleet, Code::ArmadaStatedPoints), 0);
    assert_eq!(count(&fleet, Code::ArmadaPointsRevision), 1);
}

#[test]
fn the_caller_choice_wins_and_is_priced_in() {
    let fleet = judged(&victory(73, 13, None), Some("amg-final"));
    assert_eq!(revision(&fleet), "amg-final");
    assert_eq!(fleet.totals.total, 185);
    let fleet = judged(&victory(73, 13, None), Some("no-such-revision"));
    assert!(
        fleet
            .findings
            .iter()
            .any(|f| f.code == Code::ArmadaPointsRevision && f.is_error())
    );
    assert!(!fleet.is_valid());
}

#[test]
fn an_unsettled_cost_is_accepted_in_its_revision() {
    // Kyrsta Agate: 25 in the data, 20 printed; the sources leave her cost before the final
    // errata open.
    let text = "Name: Test\nFaction: Rebel\nCommander: Kyrsta Agate\n\nMC80 Battle Cruiser (103)\n• Kyrsta Agate (20)\n• XX-9 Turbolasers (5)\n\nTotal Points: 128\n";
    let fleet = judged(text, None);
    assert_eq!(revision(&fleet), "pre-final");
    assert_eq!(count(&fleet, Code::ArmadaStatedPoints), 0);
    assert_eq!(fleet.totals.total, 128);
}

#[test]
fn costs_no_revision_gives_are_one_warning_for_the_list() {
    let text = victory(74, 13, None).replace("Victory II (85)", "Victory II (86)");
    let fleet = judged(&text, None);
    assert_eq!(count(&fleet, Code::ArmadaStatedPoints), 1);
}
