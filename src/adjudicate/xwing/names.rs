//! The cards an X-Wing scenario names, from the card data: a pilot and its upgrades (found
//! by name or XWS id as lists are read), or a squad (a builder link or a squad file, read
//! and resolved as `arbiter validate` does), each made a ship with the abilities of its
//! cards' timing facts.

use crate::cards::CardDb;
use crate::cards::xwing::{AbilityPart, Pilot, StatName, Upgrade, XwingCards};
use crate::parse::scenario::xwing::{CardAbility, CardNames, NamedShip, Part};
use crate::parse::xwing::{CardRef, Spanned};
use crate::report::{FileId, Finding, SourceFiles};
use crate::validate::xwing::index::CardIndex;
use crate::validate::xwing::resolve::{self, Hints};
use crate::validate::xwing::{Options, validate};
use std::path::PathBuf;

/// The points revision names are resolved in (its cards are preferred among namesakes).
const REVISION: &str = "amg";

/// The card data a scenario is read with, and the folder its files are relative to.
pub struct Names<'db> {
    db: &'db CardDb,
    index: CardIndex<'db>,
    dir: Option<PathBuf>,
}

impl<'db> Names<'db> {
    pub fn new(db: &'db CardDb, dir: Option<PathBuf>) -> Self {
        Names {
            db,
            index: CardIndex::new(&db.xwing),
            dir,
        }
    }

    fn revision(&self) -> String {
        self.db
            .xwing
            .revision(REVISION)
            .map(|r| r.id.to_string())
            .unwrap_or_default()
    }
}

impl CardNames for Names<'_> {
    fn ship(&self, pilot: &str, upgrades: &[String]) -> Result<NamedShip, String> {
        let revision = self.revision();
        let hints = Hints {
            faction: None,
            ship: None,
            revision: &revision,
        };
        let written = |text: &str| Spanned::new(text.to_string(), 0..0);
        let found = resolve::pilot(
            &self.index,
            FileId(0),
            &CardRef::Name(written(pilot)),
            hints,
        )
        .or_else(|_| resolve::pilot(&self.index, FileId(0), &CardRef::Xws(written(pilot)), hints))
        .map_err(|f| not_found(&f))?;
        let card = found.card;
        let mut fitted = Vec::new();
        for name in upgrades {
            let upgrade = resolve::upgrade(
                &self.index,
                FileId(0),
                &CardRef::Name(written(name)),
                &revision,
                &card.slots,
            )
            .or_else(|_| {
                resolve::upgrade(
                    &self.index,
                    FileId(0),
                    &CardRef::Xws(written(name)),
                    &revision,
                    &card.slots,
                )
            })
            .map_err(|f| not_found(&f))?;
            fitted.push(upgrade.card);
        }
        if upgrades.is_empty() {
            fitted.extend(
                card.standard_loadout
                    .iter()
                    .filter_map(|id| self.db.xwing.upgrade(id)),
            );
        }
        Ok(named_ship(&self.db.xwing, card, &fitted))
    }

    fn squad(&self, squad: &str) -> Result<Vec<NamedShip>, String> {
        let link = squad.starts_with("http://") || squad.starts_with("https://");
        let bytes = if link {
            squad.as_bytes().to_vec()
        } else {
            let path = self
                .dir
                .as_ref()
                .map_or(PathBuf::from(squad), |d| d.join(squad));
            crate::input::read_bounded(&path, crate::parse::xwing::MAX_INPUT_BYTES).map_err(
                |unread| match unread {
                    crate::input::Unread::Failed(message) => message,
                    crate::input::Unread::TooLarge { .. } => {
                        format!("{} is larger than a squad file can be", path.display())
                    }
                },
            )?
        };
        let mut files = SourceFiles::default();
        let parsed = crate::parse::xwing::read(&mut files, "squad", &bytes)
            .map_err(|findings| first_message(&findings))?;
        let file = FileId(0);
        let checked =
            validate(self.db, file, &parsed, &Options::default()).map_err(|f| f.message.clone())?;
        if let Some(missing) = checked.pilots.iter().find(|p| p.id.is_none()) {
            return Err(format!(
                "its pilot `{}` is not in the card data",
                missing.written
            ));
        }
        let mut ships = Vec::new();
        for p in &checked.pilots {
            let Some(pilot) = p.id.as_deref().and_then(|id| self.db.xwing.pilot(id)) else {
                continue;
            };
            let fitted: Vec<&Upgrade> = p
                .upgrades
                .iter()
                .filter_map(|u| self.db.xwing.upgrade(&u.id))
                .collect();
            ships.push(named_ship(&self.db.xwing, pilot, &fitted));
        }
        if ships.is_empty() {
            return Err("it names no pilot".to_string());
        }
        Ok(ships)
    }
}

fn not_found(finding: &Finding) -> String {
    match &finding.help {
        Some(help) => format!("{} ({help})", finding.message),
        None => finding.message.clone(),
    }
}

fn first_message(findings: &[Finding]) -> String {
    findings
        .iter()
        .find(|f| f.is_error())
        .or(findings.first())
        .map_or_else(|| "it is not a squad".to_string(), |f| f.message.clone())
}

/// A pilot with its upgrades: its numbers, and a window of every ability of its cards.
fn named_ship(cards: &XwingCards, pilot: &Pilot, upgrades: &[&Upgrade]) -> NamedShip {
    let stats = pilot
        .ship_stats
        .as_ref()
        .or(cards.ship(&pilot.ship).map(|s| &s.stats));
    let granted = |stat: StatName| -> i32 {
        upgrades
            .iter()
            .filter_map(|u| u.sides.first())
            .flat_map(|side| side.grants.iter())
            .filter(|g| g.stat == Some(stat))
            .filter_map(|g| g.amount)
            .sum()
    };
    let count = |n: i32| u32::try_from(n.max(0)).unwrap_or(0);
    let upgrade_force: i32 = upgrades
        .iter()
        .filter_map(|u| u.sides.first().and_then(|s| s.force.as_ref()))
        .map(|f| f.value)
        .sum();
    let mut ship = NamedShip {
        pilot: pilot.id.clone(),
        name: pilot.name.clone(),
        initiative: pilot.initiative.and_then(|i| u8::try_from(i).ok()),
        hull: stats.map(|s| count(s.hull + granted(StatName::Hull))),
        shields: stats.map_or(0, |s| count(s.shields + granted(StatName::Shields))),
        force: count(
            pilot.force.as_ref().map_or(0, |f| f.value) + upgrade_force + granted(StatName::Force),
        ),
        abilities: Vec::new(),
    };
    let charges = |c: Option<&crate::cards::xwing::Charges>| c.map_or(0, |c| count(c.value));
    let of = |part, card: &str, ability: Option<&str>| cards.timings(part, card, ability, 0);
    let pilot_charges = charges(pilot.charges.as_ref());
    for t in of(AbilityPart::Pilot, &pilot.id, None) {
        ship.abilities
            .push(window(t, &pilot.name, "pilot", Part::Pilot, pilot_charges));
    }
    if let Some(name) = &pilot.ship_ability {
        for t in of(AbilityPart::Ship, &pilot.ship, Some(name)) {
            ship.abilities
                .push(window(t, name, "ship", Part::Ship, pilot_charges));
        }
    }
    for upgrade in upgrades {
        let side = upgrade.sides.first();
        let charges = charges(side.and_then(|s| s.charges.as_ref()));
        for t in of(AbilityPart::Upgrade, &upgrade.id, None) {
            ship.abilities.push(window(
                t,
                &upgrade.name,
                &upgrade.id,
                Part::Upgrade,
                charges,
            ));
        }
    }
    ship
}

fn window(
    t: &crate::cards::xwing::AbilityTiming,
    card: &str,
    key: &str,
    part: Part,
    charges: u32,
) -> CardAbility {
    CardAbility {
        card: card.to_string(),
        key: key.to_string(),
        part,
        timing: t.timing.clone(),
        optional: t.optional,
        requires: t.requires.clone(),
        cost: t.cost.clone(),
        effect: t.effect.clone(),
        charges,
        checked: t.checked,
        complete: t.complete,
    }
}
