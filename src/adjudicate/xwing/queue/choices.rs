//! Who an effect is about: the ship itself, the chosen ship, the triggering ship; range
//! bands and the ships a choice may pick.

use super::*;

impl Engine<'_> {
    pub(super) fn who(&self, who: Who, ctx: &Ctx) -> Result<usize, Stop> {
        match who {
            Who::Own => Ok(ctx.ship),
            Who::Ship(i) => Ok(i),
            Who::Chosen => ctx.chosen.ok_or_else(|| {
                self.contradiction(ctx, "refers to `chosen` before a ship was chosen")
            }),
            Who::Trigger => ctx.trigger.ok_or_else(|| {
                self.contradiction(
                    ctx,
                    "refers to `trigger`, but its event has no triggering ship",
                )
            }),
        }
    }

    pub(super) fn contradiction(&self, ctx: &Ctx, what: &str) -> Stop {
        let (id, span) = ctx.ability.map_or((String::new(), 0..0), |a| {
            (
                self.sc.abilities[a].id.clone(),
                self.sc.abilities[a].timing_span.clone(),
            )
        });
        Stop::Finding(
            Finding::error(
                Code::ScenarioContradiction,
                format!("ability `{id}` {what}"),
            )
            .at(self.sc.file, span)
            .label("this timing")
            .help("use `self`, or give the ability a timing whose event has a ship (not a phase)"),
        )
    }

    pub(super) fn range(&self, a: usize, b: usize) -> Option<u8> {
        if a == b {
            Some(0)
        } else {
            self.ranges[a].get(&b).copied()
        }
    }

    pub(super) fn candidates(
        &self,
        ship: usize,
        side: Side,
        range: (u8, u8),
        in_arc: bool,
        bullseye: bool,
        other: bool,
    ) -> Vec<usize> {
        let owner = self.sc.ships[ship].owner;
        (0..self.ships.len())
            .filter(|&j| !self.ships[j].removed)
            .filter(|&j| match side {
                Side::Friendly => self.sc.ships[j].owner == owner,
                Side::Enemy => self.sc.ships[j].owner != owner,
                Side::Any => true,
            })
            .filter(|&j| {
                self.range(ship, j)
                    .is_some_and(|r| (range.0..=range.1).contains(&r))
            })
            .filter(|&j| !in_arc || self.arcs[ship].contains(&j))
            .filter(|&j| !bullseye || self.sc.ships[ship].bullseye.contains(&j))
            .filter(|&j| !other || j != ship)
            .collect()
    }
}
