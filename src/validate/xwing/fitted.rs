//! A squad with its cards resolved: each ship's pilot, chassis and upgrades with their
//! values in the chosen revision, and the input spans to point at. The rules read this.

use crate::cards::formats::{Format, LoadoutRule};
use crate::cards::xwing::{
    ActionKind, Arc, Colour, Faction, ForceSide, Keyword, Legality, Pilot, Restriction, Revision,
    Ship as Chassis, Size, Slot, StatName, Upgrade,
};
use crate::parse::xwing::{ParsedPilot, ParsedSquad, SlotRef, Spanned};
use crate::report::FileId;
use crate::text::normalized_eq;
use crate::validate::xwing::index::CardIndex;
use std::ops::Range;

/// A pilot's values in the revision. A pilot the revision does not list keeps the card's
/// own values (so the other rules still run) and `listed` is false.
#[derive(Debug, Clone)]
pub struct PilotValues<'a> {
    pub cost: i32,
    pub loadout: i32,
    pub slots: &'a [Slot],
    pub keywords: &'a [Keyword],
    pub limited: i32,
    pub legal: &'a [Legality],
    pub restricted: i32,
    pub listed: bool,
}

impl<'a> PilotValues<'a> {
    pub fn of(pilot: &'a Pilot, revision: &str) -> PilotValues<'a> {
        match pilot.points_in(revision) {
            Some(p) => PilotValues {
                cost: p.cost,
                loadout: p.loadout,
                slots: p.slots,
                keywords: p.keywords,
                limited: p.limited,
                legal: p.legal,
                restricted: p.restricted,
                listed: true,
            },
            None => PilotValues {
                cost: pilot.cost.unwrap_or(0),
                loadout: pilot.loadout.unwrap_or(0),
                slots: &pilot.slots,
                keywords: &pilot.keywords,
                limited: pilot.limited,
                legal: &pilot.legal,
                restricted: 0,
                listed: false,
            },
        }
    }
}

/// An upgrade's values in the revision; see [`PilotValues`].
#[derive(Debug, Clone)]
pub struct UpgradeValues<'a> {
    pub slots: &'a [Slot],
    pub limited: i32,
    pub restrictions: &'a [Restriction],
    pub legal: &'a [Legality],
    pub restricted: i32,
    pub listed: bool,
}

/// One upgrade on a ship.
#[derive(Debug, Clone)]
pub struct Fitted<'a> {
    pub card: &'a Upgrade,
    pub values: UpgradeValues<'a>,
    /// Points in the revision; `None` when the revision gives no price for this ship.
    pub cost: Option<i32>,
    /// Part of the pilot's standard loadout: paid for by the pilot's cost.
    pub from_loadout: bool,
    /// The upgrade as written, or the pilot entry for standard-loadout upgrades.
    pub span: Range<usize>,
    pub stated: Option<Spanned<i64>>,
    /// The XWS slot key the list files the upgrade under.
    pub filed_under: Option<&'a SlotRef>,
}

impl<'a> Fitted<'a> {
    pub fn new(
        card: &'a Upgrade,
        revision: &str,
        pilot: &Pilot,
        chassis: Option<&Chassis>,
        span: Range<usize>,
    ) -> Fitted<'a> {
        let resolved = card.points_in(revision);
        let (cost, variable) = match &resolved {
            Some(p) => (p.cost, p.variable_cost),
            None => (card.cost, card.variable_cost.as_ref()),
        };
        let size = chassis.map_or(Size::Small, |c| c.size);
        let agility = pilot
            .ship_stats
            .as_ref()
            .or(chassis.map(|c| &c.stats))
            .map_or(0, |s| s.agility);
        let cost = cost.or_else(|| {
            variable.and_then(|v| v.cost_for(size, agility, pilot.initiative.unwrap_or(0)))
        });
        let values = match resolved {
            Some(p) => UpgradeValues {
                slots: p.slots,
                limited: p.limited,
                restrictions: p.restrictions,
                legal: p.legal,
                restricted: p.restricted,
                listed: true,
            },
            None => UpgradeValues {
                slots: &card.slots,
                limited: card.limited,
                restrictions: &card.restrictions,
                legal: &card.legal,
                restricted: 0,
                listed: false,
            },
        };
        Fitted {
            card,
            values,
            cost,
            from_loadout: false,
            span,
            stated: None,
            filed_under: None,
        }
    }

    /// What the upgrade adds to the squad's points: nothing when the pilot's standard
    /// loadout already paid for it.
    pub fn points(&self) -> i64 {
        if self.from_loadout {
            0
        } else {
            i64::from(self.cost.unwrap_or(0))
        }
    }
}

/// One ship: a resolved pilot and what it carries.
#[derive(Debug, Clone)]
pub struct Ship<'a> {
    pub pilot: &'a Pilot,
    pub chassis: Option<&'a Chassis>,
    pub values: PilotValues<'a>,
    pub parsed: &'a ParsedPilot,
    pub upgrades: Vec<Fitted<'a>>,
}

impl Ship<'_> {
    pub fn span(&self) -> Range<usize> {
        self.parsed.card.span()
    }

    pub fn has_standard_loadout(&self) -> bool {
        !self.pilot.standard_loadout.is_empty()
    }

    /// Points spent on upgrades, which the loadout value limits. Sums are `i64`: card
    /// values are `i32`, and a squad holds far fewer than 2^32 of them, so no sum can wrap.
    pub fn loadout_used(&self) -> i64 {
        self.upgrades.iter().map(Fitted::points).sum()
    }

    pub fn size(&self) -> Option<Size> {
        self.chassis.map(|c| c.size)
    }

    pub fn stat(&self, stat: StatName) -> Option<i32> {
        let stats = self
            .pilot
            .ship_stats
            .as_ref()
            .or(self.chassis.map(|c| &c.stats))?;
        match stat {
            StatName::Attack => stats.attack.iter().map(|a| a.value).max(),
            StatName::Agility => Some(stats.agility),
            StatName::Hull => Some(stats.hull),
            StatName::Shields => Some(stats.shields),
            StatName::Energy => stats.energy,
            StatName::Force => self.pilot.force.as_ref().map(|f| f.value),
            StatName::Charges => self.pilot.charges.as_ref().map(|c| c.value),
            StatName::Initiative => self.pilot.initiative,
        }
    }

    /// The ship's arcs, with those its upgrades grant (a turret gives a turret arc).
    pub fn arcs(&self) -> Vec<Arc> {
        let stats = self
            .pilot
            .ship_stats
            .as_ref()
            .or(self.chassis.map(|c| &c.stats));
        let own = stats
            .into_iter()
            .flat_map(|s| s.attack.iter().map(|a| a.arc));
        let granted = self.grants().filter_map(|g| g.arc);
        own.chain(granted).collect()
    }

    /// The pilot's ship ability is one of `names` (compared as players write them).
    pub fn has_ship_ability(&self, names: &[String]) -> bool {
        let Some(own) = self.pilot.ship_ability.as_deref() else {
            return false;
        };
        names.iter().any(|n| normalized_eq(own, n))
    }

    /// Has the action on its action bar, of the colour if one is asked for. Actions its
    /// upgrades print or grant join the bar; an action the ship has only as a linked action
    /// does not count (the X-Wing Rules Reference, CARTAS DE MEJORA, the action restriction). `except` is the
    /// upgrade asking: a card's own action cannot meet its own requirement.
    pub fn has_action(&self, action: ActionKind, colour: Option<Colour>, except: &str) -> bool {
        let bar = if self.pilot.ship_actions.is_empty() {
            self.chassis.map_or(&[][..], |c| &c.actions[..])
        } else {
            &self.pilot.ship_actions[..]
        };
        let fits = |a: ActionKind, c: Colour| a == action && colour.is_none_or(|want| want == c);
        let on_bar = bar.iter().any(|a| fits(a.action, a.colour));
        let mut others = self.upgrades.iter().filter(|u| u.card.id != except);
        let from_upgrades = others.any(|u| {
            u.card.sides.iter().any(|side| {
                side.actions.iter().any(|a| fits(a.action, a.colour))
                    || side
                        .grants
                        .iter()
                        .filter_map(|g| g.action.as_ref())
                        .any(|a| fits(a.action, a.colour))
            })
        });
        on_bar || from_upgrades
    }

    pub fn force_sides(&self) -> Vec<ForceSide> {
        let own = self.pilot.force.iter().flat_map(|f| f.side.iter().copied());
        let granted = self.grants().flat_map(|g| g.force_side.iter().copied());
        own.chain(granted).collect()
    }

    /// The front side's grants of every upgrade equipped.
    pub fn grants(&self) -> impl Iterator<Item = &crate::cards::xwing::Grant> {
        self.upgrades
            .iter()
            .filter_map(|u| u.card.sides.first())
            .flat_map(|side| side.grants.iter())
    }
}

/// The squad the rules check.
#[derive(Debug)]
pub struct Squad<'a> {
    /// The card data's lookup tables, for rules that name other cards in their messages.
    pub index: &'a CardIndex<'a>,
    pub file: FileId,
    pub format: &'a Format,
    pub revision: &'a Revision,
    pub points_limit: u32,
    pub faction: Option<Faction>,
    pub parsed: &'a ParsedSquad,
    /// Resolved ships; pilots that matched no card are left out (their finding is made).
    pub ships: Vec<Ship<'a>>,
}

impl Squad<'_> {
    /// A span for findings about the whole squad: the stated total when there is one,
    /// else all the pilots.
    pub fn squad_span(&self) -> Range<usize> {
        if let Some(points) = &self.parsed.points {
            return points.span.clone();
        }
        match (self.parsed.pilots.first(), self.parsed.pilots.last()) {
            (Some(first), Some(last)) => first.span.start..last.span.end,
            _ => 0..0,
        }
    }

    /// What a ship adds to the squad's points. Under loadout values (2.5) upgrades are paid
    /// from the ship's loadout, not from the squad's points; otherwise they add to both.
    pub fn ship_points(&self, ship: &Ship<'_>) -> i64 {
        if self.format.loadout_rule == Some(LoadoutRule::LoadoutValue) {
            i64::from(ship.values.cost)
        } else {
            i64::from(ship.values.cost) + ship.loadout_used()
        }
    }

    pub fn total_points(&self) -> i64 {
        self.ships.iter().map(|s| self.ship_points(s)).sum()
    }
}
