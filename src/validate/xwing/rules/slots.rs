//! Every upgrade in free matching slots: the pilot's slots in the revision, plus those its
//! upgrades grant (titles, configurations), minus those they remove. A card with two slot
//! icons takes both.

use crate::cards::xwing::Slot;
use crate::parse::xwing::slot::is_known_slot;
use crate::report::{Code, Finding};
use crate::validate::xwing::fitted::{Fitted, Squad};
use smallvec::SmallVec;

pub fn check(squad: &Squad<'_>, findings: &mut Vec<Finding>) {
    for ship in &squad.ships {
        // A standard loadout fills the card's own slots by definition.
        if ship.has_standard_loadout() {
            continue;
        }
        // Inline up to a big ship's slots: this runs for every ship of every squad.
        let mut free: SmallVec<[Slot; 16]> = SmallVec::from_slice(ship.values.slots);
        for grant in ship.grants() {
            let (Some(slot), Some(amount)) = (grant.slot, grant.amount) else {
                continue;
            };
            if amount > 0 {
                free.extend(std::iter::repeat_n(slot, amount as usize));
            } else {
                for _ in 0..amount.unsigned_abs() {
                    if let Some(at) = free.iter().position(|s| *s == slot) {
                        free.remove(at);
                    }
                }
            }
        }
        for upgrade in &ship.upgrades {
            misfiled(squad.file, upgrade, findings);
            let needed = upgrade.values.slots;
            let mut taken: SmallVec<[Slot; 4]> = SmallVec::new();
            let mut missing: SmallVec<[Slot; 4]> = SmallVec::new();
            for slot in needed {
                match free.iter().position(|s| s == slot) {
                    Some(at) => taken.push(free.remove(at)),
                    None => missing.push(*slot),
                }
            }
            if missing.is_empty() {
                continue;
            }
            // Give back what was taken: the card is not equipped, the slots stay free.
            free.extend(taken);
            let names: Vec<&str> = missing.iter().map(|s| s.label()).collect();
            let needs: Vec<&str> = needed.iter().map(|s| s.label()).collect();
            findings.push(
                Finding::error(
                    Code::XwingSlot,
                    format!(
                        "{} needs a free {} slot, which {} does not have",
                        upgrade.card.name,
                        names.join(" and "),
                        ship.pilot.name
                    ),
                )
                .at(squad.file, upgrade.span.clone())
                .label(format!("needs {}", needs.join(" + ")))
                .help(format!(
                    "remove {} or move it to a ship with a free {} slot",
                    upgrade.card.name,
                    names.join(" and ")
                )),
            );
        }
    }
}

/// XWS files upgrades under slot keys; a key the card does not occupy is a sign that the
/// list means another card or was edited by hand. The card still goes into its own slots.
fn misfiled(file: crate::report::FileId, upgrade: &Fitted<'_>, findings: &mut Vec<Finding>) {
    let Some(filed) = &upgrade.filed_under else {
        return;
    };
    let key_of = |slot: &Slot| slot.as_str().replace('-', "");
    let filed_under = |slot: &Slot| {
        slot.as_str()
            .bytes()
            .filter(|&b| b != b'-')
            .eq(filed.key.bytes())
    };
    if !is_known_slot(&filed.key) || upgrade.values.slots.iter().any(filed_under) {
        return;
    }
    let own: Vec<String> = upgrade.values.slots.iter().map(key_of).collect();
    findings.push(
        Finding::warning(
            Code::XwingSlot,
            format!(
                "{} is filed under `{}`, but it is a {} upgrade",
                upgrade.card.name,
                filed.written.value,
                own.join(" + ")
            ),
        )
        .at(file, filed.written.span.clone())
        .label(format!("{} takes {}", upgrade.card.name, own.join(" + ")))
        .help(format!(
            "file it under `{}`",
            own.first().cloned().unwrap_or_default()
        )),
    );
}
