//! What terrain does to a line laid between two hexes (Talon rulebook 17.2.2, 17.5, 18.1): a
//! planet or black hole the ruler passes through blocks it; each asteroid or nebula hex it
//! crosses, the firer's and the target's included, takes 1 from the roll, a shot along the
//! edge of two such hexes counting once; a target nearer a black hole than its firer takes 1
//! more. The same ruler carries a carrier's power to its fighters, and planets, asteroids and
//! nebulae stop it (12.2.3, 17.5).

use super::board::Fleet;
use super::ruler::{Cell, cells, may_touch};
use crate::parse::scenario::talon::{Hex, TerrainKind};

/// What the ruler between a firer and a target meets.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Sight {
    /// A planet or black hole the ruler passes through (not along an edge).
    pub blocked_by: Option<(TerrainKind, Hex)>,
    /// Asteroid or nebula hexes crossed, the ends included; an edge between two counts once.
    pub crossed: u32,
    /// Edges run along with an asteroid or nebula on one side only: the rulebook counts the
    /// edge of two such hexes once and says nothing of one, so they are not counted.
    pub lone_edges: u32,
    /// Black holes the target is nearer than the firer (18.1).
    pub nearer_black_holes: u32,
}

impl Sight {
    pub fn clear(&self) -> bool {
        self.blocked_by.is_none() && self.crossed == 0 && self.nearer_black_holes == 0
    }
}

fn interferes(kind: TerrainKind) -> bool {
    matches!(kind, TerrainKind::Asteroid | TerrainKind::Nebula)
}

fn blocks(kind: TerrainKind) -> bool {
    matches!(kind, TerrainKind::Planet | TerrainKind::BlackHole)
}

impl Fleet<'_> {
    fn no_terrain(&self) -> bool {
        self.terrain.iter().all(|t| t.removed)
    }

    /// No counter that `keep` names lies near enough the ruler to touch it: the ruler need
    /// not be laid (most shots of a battle).
    fn none_near(&self, from: Hex, to: Hex, keep: fn(TerrainKind) -> bool) -> bool {
        !self
            .terrain
            .iter()
            .any(|t| !t.removed && keep(t.kind) && may_touch(from, to, t.hex))
    }

    fn any_at(&self, hex: Hex, keep: fn(TerrainKind) -> bool) -> Option<TerrainKind> {
        self.terrain_at(hex).find(|k| keep(*k))
    }

    /// The ruler from `from`'s centre to `to`'s (17.2.2, 17.5, 18.1).
    pub fn sight(&self, from: Hex, to: Hex) -> Sight {
        let mut sight = Sight::default();
        if self.no_terrain() {
            return sight;
        }
        if !self.none_near(from, to, |k| blocks(k) || interferes(k)) {
            for cell in cells(from, to) {
                self.note(&mut sight, cell);
            }
        }
        sight.nearer_black_holes = self
            .terrain
            .iter()
            .filter(|t| !t.removed && t.kind == TerrainKind::BlackHole)
            .filter(|t| to.distance(t.hex) < from.distance(t.hex))
            .count() as u32;
        sight
    }

    /// What one cell of the ruler adds to the sight.
    fn note(&self, sight: &mut Sight, cell: Cell) {
        match cell {
            Cell::Through(h) => {
                if sight.blocked_by.is_none()
                    && let Some(kind) = self.any_at(h, blocks)
                {
                    sight.blocked_by = Some((kind, h));
                }
                if self.any_at(h, interferes).is_some() {
                    sight.crossed += 1;
                }
            }
            Cell::Edge(a, b) => {
                match (
                    self.any_at(a, interferes).is_some(),
                    self.any_at(b, interferes).is_some(),
                ) {
                    (true, true) => sight.crossed += 1,
                    (true, false) | (false, true) => sight.lone_edges += 1,
                    (false, false) => {}
                }
            }
        }
    }

    /// What the sight takes from a roll (17.5, 18.1).
    pub fn roll_modifier(&self, sight: &Sight) -> i32 {
        let per_hex = i32::from(self.numbers.terrain_roll_modifier);
        let black_hole = i32::from(self.numbers.black_hole_roll_modifier);
        per_hex * sight.crossed as i32 + black_hole * sight.nearer_black_holes as i32
    }

    /// Talon rulebook 12.2.3, 17.2.2, 17.5: the terrain between a carrier and a squadron that stops
    /// its power (a planet, black hole, asteroid or nebula the ruler passes through, between
    /// the two ends).
    pub fn power_blocked(&self, from: Hex, to: Hex) -> Option<(TerrainKind, Hex)> {
        if self.no_terrain() || self.none_near(from, to, |k| blocks(k) || interferes(k)) {
            return None;
        }
        cells(from, to).find_map(|cell| match cell {
            Cell::Through(h) if h != from && h != to => self
                .any_at(h, |k| blocks(k) || interferes(k))
                .map(|k| (k, h)),
            _ => None,
        })
    }
}
