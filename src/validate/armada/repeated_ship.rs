//! A known Star Forge exporter bug: some exports list a ship once more as an upgrade under
//! itself (`Interdictor Suppression Refit (90)` then `• Interdictor Suppression Refit (90)`)
//! and count it twice in the ship's subtotal. A ship card is no upgrade card (Rules
//! Reference, CARTAS DE MEJORA: ships are equipped with upgrade cards, and a fleet pays once
//! for each card it chooses), so the line is the ship read again: left out, with a note.
//! It is left out of the parsed fleet itself, before anything is resolved, so every later
//! step pairs the same lines with the same cards.

use super::card_index::{CardIndex, Hints};
use super::resolve_fleet::legal_sources;
use super::rules::cite;
use crate::cards::armada::Source;
use crate::cards::formats::Format;
use crate::parse::armada::{
    Number, ParsedFleet, Ship as ParsedShip, SourceFormat, Upgrade as ParsedUpgrade,
};
use crate::report::{Code, FileId, Finding};
use std::borrow::Cow;

/// `fleet` without the upgrade lines that repeat their own ship, and a note on each; the
/// fleet as it is when it has none (or is not a Star Forge export).
pub fn without_repeats<'f>(
    index: &CardIndex<'_>,
    format: &Format,
    fleet: &'f ParsedFleet,
    file: FileId,
) -> (Cow<'f, ParsedFleet>, Vec<Finding>) {
    if fleet.source_format != Some(SourceFormat::StarForge) {
        return (Cow::Borrowed(fleet), Vec::new());
    }
    let legal = legal_sources(format);
    let repeats =
        |ship: &ParsedShip, upgrade: &ParsedUpgrade| repeats_its_ship(index, &legal, ship, upgrade);
    let notes: Vec<Finding> = fleet
        .ships
        .iter()
        .flat_map(|ship| {
            ship.upgrades
                .iter()
                .filter(move |u| repeats(ship, u))
                .map(move |u| note(file, ship, u))
        })
        .collect();
    if notes.is_empty() {
        return (Cow::Borrowed(fleet), notes);
    }
    let mut cleaned = fleet.clone();
    for ship in &mut cleaned.ships {
        let original = ship.clone();
        ship.upgrades.retain(|u| !repeats(&original, u));
        if ship.upgrades.len() < original.upgrades.len() && counts_every_line(&original) {
            // The export's subtotal is its lines' sum, the ship counted twice: a known
            // wrong number the note already explains, not a cost to hold the list to.
            ship.stated_total = None;
        }
    }
    (Cow::Owned(cleaned), notes)
}

/// Whether `ship`'s stated subtotal is the sum of all its lines' stated costs, the repeated
/// ship's line included.
fn counts_every_line(ship: &ParsedShip) -> bool {
    let costs: Option<u32> = std::iter::once(&ship.stated_points)
        .chain(ship.upgrades.iter().map(|u| &u.stated_points))
        .map(|n| n.as_ref().map(|n| n.value))
        .sum();
    matches!((costs, &ship.stated_total), (Some(sum), Some(total)) if total.value == sum)
}

/// Whether `upgrade`, under `ship`, names that same ship card and no upgrade card, at the
/// ship's stated cost when both lines state one.
fn repeats_its_ship(
    index: &CardIndex<'_>,
    legal: &[Source],
    ship: &ParsedShip,
    upgrade: &ParsedUpgrade,
) -> bool {
    let hints = |stated: Option<&Number>| Hints {
        faction: None,
        stated_points: stated.map(|n| n.value),
        legal_sources: legal,
        slot: None,
    };
    let same_cost = match (&ship.stated_points, &upgrade.stated_points) {
        (Some(a), Some(b)) => a.value == b.value,
        _ => true,
    };
    let upgrade_hints = hints(upgrade.stated_points.as_ref());
    same_cost
        && index.upgrade(&upgrade.name, &upgrade_hints).is_none()
        && match (
            index.ship(&ship.name, &hints(ship.stated_points.as_ref())),
            index.ship(&upgrade.name, &upgrade_hints),
        ) {
            (Some(card), Some(again)) => card.id == again.id,
            _ => false,
        }
}

/// The note on the repeated line: read, and the ship counted once.
fn note(file: FileId, ship: &ParsedShip, upgrade: &ParsedUpgrade) -> Finding {
    let cost = upgrade.stated_points.as_ref().map_or(String::new(), |n| {
        format!(", its {} points not added again", n.value)
    });
    Finding::note(
        Code::ArmadaRepeatedShip,
        format!(
            "`{}` is listed again as an upgrade of itself, a known Star Forge exporter bug: the ship is counted once{cost}",
            upgrade.name.text
        ),
    )
    .at(file, upgrade.span.clone())
    .label(format!("`{}` again, not counted", ship.name.text))
    .help(if counts_every_line(ship) {
        "a ship card is not an upgrade: delete this line, or re-export the fleet (the export's subtotal for this ship counts it twice, so that subtotal is not checked)"
    } else {
        "a ship card is not an upgrade: delete this line, or re-export the fleet"
    })
    .cite(cite::rule(cite::UPGRADE_CARDS))
}

#[cfg(test)]
mod tests {
    use super::super::tests::{format, index};
    use crate::parse::armada::{SourceFormat, parse, parse_as};
    use crate::report::{Code, FileId, Severity};
    use crate::validate::armada::validate;

    /// A Star Forge export (its `Gamemode:` line tells it) with `repeat` under the ship,
    /// whose subtotal is the sum of its lines as the exporter writes it.
    fn star_forge(repeat: &str) -> String {
        let repeated: u32 = repeat
            .rsplit_once('(')
            .and_then(|(_, n)| n.trim_end_matches(")\n").parse().ok())
            .unwrap_or(0);
        let subtotal = 112 + repeated;
        format!(
            " Name: Screen\nFaction: Empire\nGamemode: Standard\nCommander: Admiral Ozzel (20)\n\n\
             Assault: Surprise Attack\nDefense: Fire Lanes\nNavigation: Salvage Run\n\n\
             Interdictor Suppression Refit (90)\n• Admiral Ozzel (20)\n{repeat}• Grav Shift Reroute (2)\n\
             = {subtotal} Points\n\nTotal Points: 112"
        )
    }

    fn checked(text: &str) -> (u32, Vec<(Code, Severity)>) {
        let parsed = parse(FileId(0), text);
        assert!(parsed.is_clean(), "{:?}", parsed.findings);
        let fleet = validate(index(), format("standard"), &parsed, FileId(0));
        let codes = fleet
            .findings
            .iter()
            .map(|f| (f.code, f.severity))
            .collect();
        (fleet.totals.total, codes)
    }

    #[test]
    fn the_ship_repeated_as_its_own_upgrade_counts_once_with_a_note() {
        let (total, codes) = checked(&star_forge("• Interdictor Suppression Refit (90)\n"));
        assert_eq!(total, 112);
        assert!(
            codes.contains(&(Code::ArmadaRepeatedShip, Severity::Note)),
            "{codes:?}"
        );
        assert!(!codes.iter().any(|(c, _)| *c == Code::ArmadaUnknownCard));
        // The exporter's subtotal (202) counts the ship twice: no stated_points warning.
        assert!(
            !codes.iter().any(|(c, _)| *c == Code::ArmadaStatedPoints),
            "{codes:?}"
        );
        let (clean_total, clean) = checked(&star_forge(""));
        assert_eq!(clean_total, 112);
        assert!(!clean.iter().any(|(c, _)| *c == Code::ArmadaRepeatedShip));
    }

    /// Another ship, or the same ship at another cost, is a shifted line: not this bug.
    #[test]
    fn only_the_same_ship_at_its_own_cost_is_the_repeat() {
        for line in [
            "• Gozanti-class Cruisers (23)\n",
            "• Interdictor Suppression Refit (7)\n",
        ] {
            let (_, codes) = checked(&star_forge(line));
            assert!(
                !codes.iter().any(|(c, _)| *c == Code::ArmadaRepeatedShip),
                "{line}"
            );
            assert!(
                codes.contains(&(Code::ArmadaUnknownCard, Severity::Error)),
                "{line}"
            );
        }
    }

    /// Only Star Forge has the bug: the same lines read as another builder's keep the
    /// line as a misplaced ship, an error.
    #[test]
    fn other_builders_keep_the_line_as_a_misplaced_ship() {
        let text = star_forge("• Interdictor Suppression Refit (90)\n");
        let parsed = parse_as(FileId(0), &text, SourceFormat::Kingston);
        let fleet = validate(index(), format("standard"), &parsed, FileId(0));
        let codes: Vec<Code> = fleet.findings.iter().map(|f| f.code).collect();
        assert!(!codes.contains(&Code::ArmadaRepeatedShip), "{codes:?}");
        assert!(codes.contains(&Code::ArmadaUnknownCard), "{codes:?}");
        assert_eq!(fleet.totals.total, 202);
    }
}
