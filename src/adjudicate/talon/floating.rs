//! The floating map (Talon rulebook 7.5): a ship about to leave the map shifts every counter
//! back toward the centre — ships, missiles and terrain alike (7.5.1, 7.5.3) — and terrain
//! left six or more hexes from every ship leaves the battle (7.5.3).

use super::geometry::{offset, on_map};
use super::round::Round;
use super::{Steps, Stop, rules, step};
use crate::parse::scenario::talon::Hex;

impl<'a> Round<'a> {
    /// Returns where the moving ship goes, after any shift.
    pub(super) fn float_map(
        &mut self,
        impulse: usize,
        ship: usize,
        to: Hex,
        steps: &mut Steps,
    ) -> Result<Hex, Stop> {
        let Some((columns, rows)) = self.sc.map else {
            return Ok(to);
        };
        if on_map(to, columns, rows) {
            return Ok(to);
        }
        let (c0, r0) = offset(to);
        let mut box_c = (c0, c0);
        let mut rws = (r0, r0);
        for (i, (hex, _)) in self.fleet.at.iter().enumerate() {
            let Some(hex) = *hex else { continue };
            if i == ship || !self.fleet.state[i].in_play() {
                continue;
            }
            let (c, r) = offset(hex);
            box_c = (box_c.0.min(c), box_c.1.max(c));
            rws = (rws.0.min(r), rws.1.max(r));
        }
        let (width, height) = (box_c.1 - box_c.0 + 1, rws.1 - rws.0 + 1);
        // Shift rows by an even number, so every row keeps its half-hex offset.
        let mut dr = (rows - height) / 2 - rws.0;
        if dr % 2 != 0 {
            dr += if rws.0 + dr > 0 { -1 } else { 1 };
        }
        let dc = (columns - width) / 2 - box_c.0;
        if width > columns || height > rows || rws.0 + dr < 0 || rws.1 + dr >= rows {
            if !self.too_big_told {
                self.too_big_told = true;
                step!(
                    steps,
                    rules::FLOATING_MAP,
                    format!("{} leaves the map", self.sc.ships[ship].id),
                    format!(
                        "The ships span {width} columns and {height} rows, more than the {columns} × {rows} map holds: the map extension is needed (arbiter does not place it; positions go on in axial coordinates)."
                    )
                )?;
            }
            return Ok(to);
        }
        let by = (dc - dr / 2, dr);
        self.shift(by);
        self.floats.push((impulse, by.0, by.1));
        let to = moved(to, by);
        step!(
            steps,
            rules::FLOATING_MAP,
            format!("The map floats for {}", self.sc.ships[ship].id),
            format!(
                "Its move would leave the {columns} × {rows} map, so every counter moves {dc} column(s) and {dr} row(s), centring the ships; it moves to {} instead.",
                to.display()
            )
        )?;
        self.terrain_out_of_battle(steps)?;
        Ok(to)
    }

    /// Every counter moves by the same axial step.
    fn shift(&mut self, by: (i32, i32)) {
        for (hex, _) in &mut self.fleet.at {
            if let Some(h) = hex {
                *h = moved(*h, by);
            }
        }
        for missile in &mut self.fleet.missiles {
            if let Some(h) = &mut missile.hex {
                *h = moved(*h, by);
            }
            for h in &mut missile.path {
                *h = moved(*h, by);
            }
        }
        for piece in &mut self.fleet.terrain {
            piece.hex = moved(piece.hex, by);
        }
    }

    /// Talon rulebook 7.5.3: terrain six or more hexes from every ship leaves when the map floats.
    fn terrain_out_of_battle(&mut self, steps: &mut Steps) -> Result<(), Stop> {
        let far = u32::from(self.fleet.numbers.terrain_out_of_battle);
        for t in 0..self.fleet.terrain.len() {
            let piece = &self.fleet.terrain[t];
            if piece.removed {
                continue;
            }
            let nearest = self
                .fleet
                .at
                .iter()
                .enumerate()
                .filter(|(i, _)| self.fleet.state[*i].in_play())
                .filter_map(|(_, (h, _))| h.map(|h| h.distance(piece.hex)))
                .min();
            if nearest.is_some_and(|d| d >= far) {
                self.fleet.terrain[t].removed = true;
                step!(
                    steps,
                    rules::TERRAIN_FLOAT,
                    format!("Terrain {}", self.sc.terrain[t].id),
                    format!(
                        "The map floated and it is {} hexes from the nearest ship ({far} or more): the battle has left it, and it is removed.",
                        nearest.unwrap_or(0)
                    )
                )?;
            }
        }
        Ok(())
    }
}

fn moved(h: Hex, (dq, dr): (i32, i32)) -> Hex {
    Hex {
        q: h.q + dq,
        r: h.r + dr,
    }
}
