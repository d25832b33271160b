//! Resolving what a parsed squad names against the card data and checking it against
//! its format's rules.

use super::fitted::{Fitted, PilotValues, Ship, Squad};
use super::index::CardIndex;
use super::revision::Revisions;
use super::squad::{ValidatedPilot, ValidatedSquad, ValidatedUpgrade};
use super::{quickbuild, resolve, revision, rules};
use crate::cards::CardDb;
use crate::cards::formats::Format;
use crate::cards::xwing::Faction;
use crate::parse::xwing::{CardRef, Faction as ParsedFaction, ParsedSquad};
use crate::report::{Code, FileId, Finding};

/// What the caller chooses; the rest comes from the list and the card data.
#[derive(Debug, Clone)]
pub struct Options {
    /// A format id of `data/formats/xwing` (`standard`).
    pub format: String,
    /// A points revision id or alias (`amg`, `xwa-50p20`); `None`: the list's or format's.
    pub points: Option<String>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            format: "standard".to_string(),
            points: None,
        }
    }
}

/// Validate one parsed squad. `Err` is a mistake of the caller (unknown format or
/// revision), not of the list; the list's problems are the result's findings. To validate
/// many squads, build one [`Validator`] and reuse it.
pub fn validate(
    db: &CardDb,
    file: FileId,
    squad: &ParsedSquad,
    options: &Options,
) -> Result<ValidatedSquad, Finding> {
    Validator::new(db).validate(file, squad, options)
}

/// The card data with its lookup tables, built once for any number of squads.
#[derive(Debug)]
pub struct Validator<'a> {
    db: &'a CardDb,
    index: CardIndex<'a>,
    revisions: Revisions<'a>,
    /// The card data's faction for each faction a reader recognises, in the order of
    /// [`ParsedFaction::ALL`]: matched loosely once here rather than for every squad.
    factions: [Option<Faction>; ParsedFaction::ALL.len()],
}

impl<'a> Validator<'a> {
    pub fn new(db: &'a CardDb) -> Self {
        Validator {
            db,
            index: CardIndex::new(&db.xwing),
            revisions: Revisions::new(&db.xwing),
            factions: ParsedFaction::ALL.map(|f| Faction::parse_loose(f.xws())),
        }
    }

    fn faction(&self, parsed: ParsedFaction) -> Option<Faction> {
        let at = ParsedFaction::ALL.iter().position(|&f| f == parsed)?;
        self.factions.get(at).copied().flatten()
    }

    /// See [`validate`].
    pub fn validate(
        &self,
        file: FileId,
        squad: &ParsedSquad,
        options: &Options,
    ) -> Result<ValidatedSquad, Finding> {
        let (db, index) = (self.db, &self.index);
        let format = find_format(db, &options.format)?;
        let chosen = revision::choose(&self.revisions, format, options.points.as_deref(), squad)?;
        let revision = chosen.revision.id.as_str();
        let mut findings = squad.findings.clone();
        let faction = squad
            .faction
            .as_ref()
            .and_then(|f| f.faction)
            .and_then(|f| self.faction(f));

        let mut ships = Vec::with_capacity(squad.pilots.len());
        let mut rows = Vec::with_capacity(squad.pilots.len());
        for parsed in &squad.pilots {
            if let CardRef::YasbQuickbuild(_) = parsed.card {
                match quickbuild::expand(index, file, parsed, &mut findings) {
                    Ok(members) => {
                        for member in members {
                            let chassis = index.ship(&member.pilot.ship);
                            let mut ship = Ship {
                                pilot: member.pilot,
                                chassis,
                                values: PilotValues::of(member.pilot, revision),
                                parsed,
                                upgrades: Vec::new(),
                            };
                            for card in member.upgrades {
                                let span = parsed.card.span();
                                ship.upgrades.push(Fitted::new(
                                    card,
                                    revision,
                                    member.pilot,
                                    chassis,
                                    span,
                                ));
                            }
                            rules::standard_loadout::apply(
                                &mut ship,
                                index,
                                revision,
                                file,
                                &mut findings,
                            );
                            ships.push(ship);
                            rows.push(None);
                        }
                    }
                    Err(finding) => {
                        findings.push(finding);
                        rows.push(unresolved_row(parsed));
                    }
                }
                continue;
            }
            let hints = resolve::Hints {
                faction,
                ship: parsed.ship.as_ref().map(|s| s.value.as_str()),
                revision,
            };
            let pilot = match resolve::pilot(index, file, &parsed.card, hints) {
                Ok(found) => {
                    findings.extend(found.alias);
                    found.card
                }
                Err(finding) => {
                    findings.push(finding);
                    rows.push(unresolved_row(parsed));
                    continue;
                }
            };
            let chassis = index.ship(&pilot.ship);
            let mut ship = Ship {
                pilot,
                chassis,
                values: PilotValues::of(pilot, revision),
                parsed,
                upgrades: Vec::with_capacity(parsed.upgrades.len()),
            };
            for (written, card) in parsed.equipped() {
                // YASB links repeat a standard loadout's cards by number (some of which are
                // editions the data does not have); the loadout comes from the pilot anyway.
                if !pilot.standard_loadout.is_empty() && matches!(card, CardRef::Yasb(_)) {
                    continue;
                }
                match resolve::upgrade(index, file, card, revision, ship.values.slots) {
                    Ok(found) => {
                        findings.extend(found.alias);
                        let mut fitted =
                            Fitted::new(found.card, revision, pilot, chassis, card.span());
                        fitted.stated = written.points.clone();
                        fitted.filed_under = written.slot.as_ref();
                        ship.upgrades.push(fitted);
                    }
                    Err(finding) => findings.push(finding),
                }
            }
            rules::standard_loadout::apply(&mut ship, index, revision, file, &mut findings);
            ships.push(ship);
            rows.push(None);
        }

        let ship_count = rows.len();
        let checked = Squad {
            index,
            file,
            format,
            revision: chosen.revision,
            points_limit: revision::points_limit(&self.revisions, format, chosen.revision),
            faction: faction.or_else(|| ships.first().map(|s| s.pilot.faction)),
            parsed: squad,
            ships,
        };
        rules::check_all(&checked, &mut findings);

        let mut resolved = checked.ships.iter().map(|ship| pilot_row(&checked, ship));
        let pilots = rows
            .into_iter()
            .filter_map(|row| row.or_else(|| resolved.next()))
            .collect();
        Ok(ValidatedSquad {
            revision: revision.to_string(),
            revision_source: chosen.source,
            format: format.id.clone(),
            faction: checked.faction.map(|f| f.as_str().to_string()),
            pilots,
            points: checked.total_points(),
            points_limit: checked.points_limit,
            ship_count,
            findings,
        })
    }
}

fn find_format<'a>(db: &'a CardDb, id: &str) -> Result<&'a Format, Finding> {
    let xwing = crate::cards::Game::Xwing;
    db.format(xwing, id).ok_or_else(|| {
        let known: Vec<&str> = db.formats_of(xwing).map(|f| f.id.as_str()).collect();
        Finding::error(
            Code::XwingRevision,
            format!("no X-Wing format is called `{id}`"),
        )
        .help(format!("use one of: {}", known.join(", ")))
    })
}

fn unresolved_row(parsed: &crate::parse::xwing::ParsedPilot) -> Option<ValidatedPilot> {
    Some(ValidatedPilot {
        id: None,
        written: parsed.card.text(),
        name: parsed.card.text(),
        ship: parsed.ship.as_ref().map(|s| s.value.clone()),
        initiative: None,
        cost: 0,
        loadout_used: 0,
        loadout_limit: 0,
        standard_loadout: false,
        upgrades: Vec::new(),
        span: parsed.card.span(),
    })
}

fn pilot_row(squad: &Squad<'_>, ship: &Ship<'_>) -> ValidatedPilot {
    ValidatedPilot {
        id: Some(ship.pilot.id.clone()),
        written: ship.parsed.card.text(),
        name: ship.pilot.name.clone(),
        ship: Some(ship.pilot.ship.clone()),
        initiative: ship.pilot.initiative,
        cost: squad.ship_points(ship),
        loadout_used: ship.loadout_used(),
        loadout_limit: i64::from(ship.values.loadout),
        standard_loadout: ship.has_standard_loadout(),
        upgrades: ship
            .upgrades
            .iter()
            .map(|u| ValidatedUpgrade {
                id: u.card.id.clone(),
                name: u.card.name.clone(),
                cost: u.points(),
                from_loadout: u.from_loadout,
                span: u.span.clone(),
            })
            .collect(),
        span: ship.span(),
    }
}
