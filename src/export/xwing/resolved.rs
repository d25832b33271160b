//! The squad to write, from a validated squad: every card with the ids, names and costs
//! the card data gives it, so any target can be written whatever the input format was.

use super::squad::{CardIds, ExportError, ExportPilot, ExportSquad, ExportUpgrade};
use crate::cards::xwing::{Organisation, Pilot, Revision, Slot, Upgrade, XwingCards};
use crate::parse::xwing::slot::slot_key;
use crate::parse::xwing::{
    CardRef, Faction, GameMode, ParsedSquad, SourceFormat, Spanned, StatedLoadout,
};
use crate::report::FileId;
use crate::validate::xwing::fitted::PilotValues;
use crate::validate::xwing::index::CardIndex;
use crate::validate::xwing::resolve::{self, Hints};
use crate::validate::xwing::revision::RevisionSource;
use crate::validate::xwing::{ValidatedPilot, ValidatedSquad, ValidatedUpgrade};

/// The link version for a squad not read from a link: YASB's own links are version 9;
/// version 10 is how links mark the XWA 50-point scale (see notes/xwing-squad-formats.md).
const LINK_VERSION: u32 = 9;
const LINK_VERSION_XWA_50: u32 = 10;
const XWA_50_SCALE: i32 = 50;

/// Resolving names only to compare cards: the findings, which would point here, are
/// dropped.
const NO_FILE: FileId = FileId(0);

/// The card data, its lookup tables and the revision the squad was resolved in.
struct Context<'a> {
    cards: &'a XwingCards,
    index: CardIndex<'a>,
    revision: &'a Revision,
}

impl ExportSquad {
    /// The squad as `validated` resolved it against `cards`: XWS ids, YASB numbers
    /// (where the data has them), printed names, costs in the revision used. The name,
    /// description and obstacles come from `parsed`, and so do a link's version, game mode
    /// and points limit unless the caller chose the revision. Fails for a pilot that
    /// matched no card and for a squad without a faction.
    pub fn from_validated(
        cards: &XwingCards,
        parsed: &ParsedSquad,
        validated: &ValidatedSquad,
    ) -> Result<ExportSquad, ExportError> {
        let faction = validated
            .faction
            .as_deref()
            .and_then(Faction::from_written)
            .ok_or_else(|| ExportError::new("the squad names no X-Wing faction"))?;
        let revision = cards.revision(&validated.revision).ok_or_else(|| {
            ExportError::new(format!(
                "the card data has no points revision `{}`",
                validated.revision
            ))
        })?;
        let context = Context {
            cards,
            index: CardIndex::new(cards),
            revision,
        };
        let pilots = validated
            .pilots
            .iter()
            .enumerate()
            .map(|(i, row)| export_pilot(&context, i, row))
            .collect::<Result<Vec<_>, _>>()?;

        let keeps_link_settings = parsed.format == SourceFormat::YasbLink
            && validated.revision_source != RevisionSource::Caller;
        let xwa = revision.organisation == Organisation::Xwa;
        let (link_version, game_mode, points_limit) = if keeps_link_settings {
            // A quick-build link's ships are written back as the pilots and upgrades
            // they field, which only the other game modes read.
            let mode = match parsed.game_mode {
                Some(GameMode::Quickbuild) => Some(GameMode::Standard),
                mode => mode,
            };
            (
                parsed.version.as_ref().and_then(|v| v.value.parse().ok()),
                mode,
                parsed.points_limit.as_ref().map(|p| p.value),
            )
        } else {
            let version = if xwa && revision.scale == XWA_50_SCALE {
                LINK_VERSION_XWA_50
            } else {
                LINK_VERSION
            };
            let mode = if xwa {
                GameMode::Xwa
            } else {
                GameMode::from_name(&validated.format).unwrap_or(GameMode::Standard)
            };
            (
                Some(version),
                Some(mode),
                Some(i64::from(validated.points_limit)),
            )
        };
        Ok(ExportSquad {
            faction,
            name: parsed.name.as_ref().map(|n| n.value.clone()),
            description: parsed.description.as_ref().map(|d| d.value.clone()),
            points: Some(validated.points),
            points_limit,
            ruleset: Some(revision.id.as_str().to_string()),
            game_mode,
            link_version,
            obstacles: parsed.obstacles.iter().map(|o| o.value.clone()).collect(),
            pilots,
        })
    }
}

fn export_pilot(
    context: &Context<'_>,
    index: usize,
    row: &ValidatedPilot,
) -> Result<ExportPilot, ExportError> {
    let (cards, revision) = (context.cards, context.revision.id.as_str());
    let card = row
        .id
        .as_deref()
        .and_then(|id| context.index.pilots.by_id.get(id).copied())
        .ok_or_else(|| {
            ExportError::new(format!(
                "pilot {} (`{}`) matches no card",
                index + 1,
                row.written
            ))
        })?;
    let values = PilotValues::of(card, revision);
    // YASB's own number first: xwing-points' are older, and some have moved since.
    let yasb = card.yasb.or_else(|| {
        card.points_in(revision)
            .and_then(|p| p.yasb_id)
            .or_else(|| card.points.iter().find_map(|p| p.yasb_id))
            .and_then(|n| u32::try_from(n).ok())
    });
    let ship = cards.ship(&card.ship).map(|s| s.name.clone());
    let upgrades = row
        .upgrades
        .iter()
        .map(|u| export_upgrade(context, u, values.slots).map(Some))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(ExportPilot {
        card: CardIds {
            xws: Some(card.id.clone()),
            yasb,
            name: Some(card.name.clone()),
            ambiguous_name: pilot_name_is_ambiguous(context, card, ship.as_deref()),
        },
        ship,
        cost: Some(i64::from(values.cost)),
        points: Some(row.cost),
        quickbuild: false,
        wingmates: None,
        standard_loadout: row.standard_loadout,
        upgrades,
        loadout: Some(StatedLoadout {
            used: row.loadout_used,
            limit: Some(row.loadout_limit),
        }),
        span: Some(row.span.clone()),
    })
}

fn export_upgrade(
    context: &Context<'_>,
    row: &ValidatedUpgrade,
    ship_slots: &[Slot],
) -> Result<ExportUpgrade, ExportError> {
    let card = context
        .index
        .upgrade(&row.id)
        .ok_or_else(|| ExportError::new(format!("no upgrade has the id `{}`", row.id)))?;
    let in_revision = card.points_in(context.revision.id.as_str());
    let slots = in_revision.as_ref().map_or(&card.slots[..], |p| p.slots);
    let yasb = card.yasb.or_else(|| {
        in_revision
            .as_ref()
            .and_then(|p| p.yasb_id)
            .or_else(|| card.points.iter().find_map(|p| p.yasb_id))
            .and_then(|n| u32::try_from(n).ok())
    });
    Ok(ExportUpgrade {
        slot: slots.first().map(|s| slot_key(s.as_str())),
        card: CardIds {
            xws: Some(card.id.clone()),
            yasb,
            name: Some(card.name.clone()),
            ambiguous_name: upgrade_name_is_ambiguous(context, card, ship_slots),
        },
        cost: Some(row.cost),
        span: Some(row.span.clone()),
    })
}

/// Would the validator, reading the pilot's printed name with the squad's faction and
/// the ship's name (as the text export writes them), find another card? Standard-loadout
/// editions and reprints share names.
fn pilot_name_is_ambiguous(context: &Context<'_>, pilot: &Pilot, ship: Option<&str>) -> bool {
    let written = CardRef::Name(Spanned::new(pilot.name.clone(), 0..0));
    let hints = Hints {
        faction: Some(pilot.faction),
        ship,
        revision: context.revision.id.as_str(),
    };
    resolve::pilot(&context.index, NO_FILE, &written, hints)
        .map_or(true, |found| found.card.id != pilot.id)
}

/// As [`pilot_name_is_ambiguous`], with the slots of the ship that carries the upgrade.
fn upgrade_name_is_ambiguous(
    context: &Context<'_>,
    upgrade: &Upgrade,
    ship_slots: &[Slot],
) -> bool {
    let written = CardRef::Name(Spanned::new(upgrade.name.clone(), 0..0));
    resolve::upgrade(
        &context.index,
        NO_FILE,
        &written,
        context.revision.id.as_str(),
        ship_slots,
    )
    .map_or(true, |found| found.card.id != upgrade.id)
}
