//! Suffering damage: shields first, then damage cards; a ship is destroyed at its hull.

use super::*;

impl Engine<'_> {
    pub(super) fn suffer(&mut self, ship: usize, n: u32) -> Result<(), Stop> {
        let name = self.ship_name(ship).to_string();
        let shielded = self.ships[ship].shields.min(n);
        self.ships[ship].shields -= shielded;
        let cards = n - shielded;
        self.ships[ship].damage += cards;
        let mut outcome = format!("{name} suffers {n} damage: ");
        outcome.push_str(&match (shielded, cards) {
            (0, c) => format!("no active shield, so {c} damage card{}.", plural(c)),
            (s, 0) => format!("{s} shield{} lost.", plural(s)),
            (s, c) => format!(
                "{s} shield{} lost, then {c} damage card{}.",
                plural(s),
                plural(c)
            ),
        });
        self.step(
            format!("{name} suffers damage"),
            outcome,
            rules::DAMAGE,
            false,
        )?;
        if let Some(hull) = self.sc.ships[ship].hull
            && self.ships[ship].damage >= hull
            && !self.ships[ship].destroyed
        {
            self.ships[ship].destroyed = true;
            let (until, rule) = self.when_removed();
            self.step(
                format!("{name} is destroyed"),
                format!("{name} has as many damage cards as its hull ({hull}): destroyed. {until}"),
                rule,
                false,
            )?;
            self.happen(Happened::after(EventKind::Destroyed, ship));
        }
        Ok(())
    }
}
