//! The floating map (Talon rulebook 7.5): a ship about to leave the map shifts every counter
//! back toward the centre — ships, missiles and terrain alike (7.5.1, 7.5.3) — and terrain
//! left six or more hexes from every ship leaves the battle (7.5.3).

use super::board::Gone;
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
        let mut fit = self.fit(ship, to, columns, rows);
        if fit.is_none() && self.sc.map_extension && self.forced_retreat(ship, to, steps)? {
            if !self.fleet.state[ship].in_play() {
                return Ok(to);
            }
            fit = self.fit(ship, to, columns, rows);
        }
        let Some((dc, dr)) = fit else {
            if !self.too_big_told {
                self.too_big_told = true;
                let (width, height) = self.extent(ship, to);
                let more = if self.sc.map_extension {
                    "both maps are in play, no ship is far enough from the others to be forced out (7.5.2), and the rulebook gives no further step; positions go on in axial coordinates"
                } else {
                    "the map extension is needed (arbiter does not place it; positions go on in axial coordinates)"
                };
                step!(
                    steps,
                    rules::FLOATING_MAP,
                    format!("{} leaves the map", self.sc.ships[ship].id),
                    format!(
                        "The ships span {width} columns and {height} rows, more than the {columns} × {rows} map holds: {more}."
                    )
                )?;
            }
            return Ok(to);
        };
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

    /// The first and last columns, then rows, of the ships in play (offset coordinates), the
    /// moving ship counted at `to`.
    fn bounds(&self, ship: usize, to: Hex) -> ((i32, i32), (i32, i32)) {
        let (c0, r0) = offset(to);
        let (mut cols, mut rws) = ((c0, c0), (r0, r0));
        for (i, (hex, _)) in self.fleet.at.iter().enumerate() {
            let Some(hex) = *hex else { continue };
            if i == ship || !self.fleet.state[i].in_play() {
                continue;
            }
            let (c, r) = offset(hex);
            cols = (cols.0.min(c), cols.1.max(c));
            rws = (rws.0.min(r), rws.1.max(r));
        }
        (cols, rws)
    }

    /// Columns and rows spanned by the ships in play.
    fn extent(&self, ship: usize, to: Hex) -> (i32, i32) {
        let (cols, rws) = self.bounds(ship, to);
        (cols.1 - cols.0 + 1, rws.1 - rws.0 + 1)
    }

    /// The shift in columns and rows that centres the ships on the map, if they fit.
    fn fit(&self, ship: usize, to: Hex, columns: i32, rows: i32) -> Option<(i32, i32)> {
        let (cols, rws) = self.bounds(ship, to);
        let (width, height) = (cols.1 - cols.0 + 1, rws.1 - rws.0 + 1);
        // Shift rows by an even number, so every row keeps its half-hex offset.
        let mut dr = (rows - height) / 2 - rws.0;
        if dr % 2 != 0 {
            dr += if rws.0 + dr > 0 { -1 } else { 1 };
        }
        let dc = (columns - width) / 2 - cols.0;
        let fits = width <= columns && height <= rows && rws.0 + dr >= 0 && rws.1 + dr < rows;
        fits.then_some((dc, dr))
    }

    /// Talon rulebook 7.5.2: both maps in play and no room to float, so every ship six or
    /// more hexes from its nearest ship retreats (with what is docked in it). The rulebook
    /// names no order or count among such ships: each one that qualifies goes. True when any
    /// did.
    fn forced_retreat(&mut self, ship: usize, to: Hex, steps: &mut Steps) -> Result<bool, Stop> {
        let far = u32::from(self.fleet.numbers.forced_retreat_distance);
        let place = |i: usize, hex: Hex| if i == ship { to } else { hex };
        let in_play: Vec<(usize, Hex)> = (0..self.fleet.at.len())
            .filter(|&i| self.fleet.state[i].in_play())
            .filter_map(|i| self.fleet.at[i].0.map(|hex| (i, place(i, hex))))
            .collect();
        let lonely: Vec<(usize, u32)> = in_play
            .iter()
            .filter_map(|&(i, hex)| {
                let nearest = in_play
                    .iter()
                    .filter(|(j, _)| *j != i)
                    .map(|(_, other)| other.distance(hex))
                    .min()?;
                (nearest >= far).then_some((i, nearest))
            })
            .collect();
        for &(i, nearest) in &lonely {
            let aboard = self.retreat_with_docked(i);
            let carried = if aboard.is_empty() {
                String::new()
            } else {
                format!(", with {} docked in it", self.ids_of(&aboard))
            };
            step!(
                steps,
                rules::FORCED_RETREAT,
                format!("{} is forced to retreat", self.sc.ships[i].id),
                format!(
                    "Both maps are in play and the ships no longer fit: it is {nearest} hexes from the nearest ship ({far} or more), so it leaves the battle and counts as retreated{carried}."
                )
            )?;
        }
        Ok(!lonely.is_empty())
    }

    /// Marks a ship and everything docked in it as retreated (Talon rulebook 11.1.2, 16.3);
    /// returns what was docked.
    pub(super) fn retreat_with_docked(&mut self, ship: usize) -> Vec<usize> {
        let id = &self.sc.ships[ship].id;
        let aboard: Vec<usize> = (0..self.sc.ships.len())
            .filter(
                |&f| matches!(&self.fleet.state[f].gone, Some(Gone::Docked(host)) if host == id),
            )
            .collect();
        self.fleet.state[ship].gone = Some(Gone::Retreated);
        for &f in &aboard {
            self.fleet.state[f].gone = Some(Gone::Retreated);
        }
        aboard
    }

    /// The ids of some ships, joined by commas.
    pub(super) fn ids_of(&self, ships: &[usize]) -> String {
        let ids: Vec<&str> = ships
            .iter()
            .map(|&f| self.sc.ships[f].id.as_str())
            .collect();
        ids.join(", ")
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
