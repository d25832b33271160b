//! The rulebook's ruler: a straight line laid from the centre of one hex to the centre of
//! another (Talon rulebook 15.1.2 for the Wave Motion Gun's push, 17.2.2 for a planet
//! blocking a shot, 17.5 for the hexes of asteroids or nebulae a shot crosses, 18.2 for a
//! black hole's pull). Worked out exactly, in integers: a hex's region is the set of points
//! nearer its centre than any other centre, so the line leaves a hex where it crosses the
//! perpendicular bisector between that hex's centre and a neighbour's. A line may also leave
//! through a corner, or run along the edge between two hexes: such an edge is a cell of its
//! own, [`Cell::Edge`], since the rulebook treats it apart ("sólo pasa a lo largo del borde").
//!
//! Coordinates: a hex `(q, r)` has its centre at `X = 2q + r`, `Y = r`, in units where true
//! distances are `√3/2·X` and `3/2·Y`; squared distances are then proportional to
//! `X² + 3Y²`, so every comparison stays in integers.

use crate::parse::scenario::talon::{Heading, Hex};

/// What the ruler passes over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cell {
    /// Through the inside of a hex.
    Through(Hex),
    /// Along the edge between two hexes, inside neither.
    Edge(Hex, Hex),
}

/// Where one more hex along the ruler is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Next {
    One(Hex),
    /// The ruler runs along the edge between these two: whoever the rule names chooses.
    Either(Hex, Hex),
}

type Point = (i128, i128);

fn centre(h: Hex) -> Point {
    (i128::from(2 * h.q + h.r), i128::from(h.r))
}

fn dot(a: Point, b: Point) -> i128 {
    a.0 * b.0 + 3 * a.1 * b.1
}

fn minus(a: Point, b: Point) -> Point {
    (a.0 - b.0, a.1 - b.1)
}

fn neighbours(h: Hex) -> impl Iterator<Item = Hex> {
    (0..6u8).map(move |i| h.neighbour(Heading(i)))
}

/// A time along the ruler, `num / den` with `den > 0`.
#[derive(Debug, Clone, Copy)]
struct Time {
    num: i128,
    den: i128,
}

impl Time {
    fn cmp(self, other: Time) -> std::cmp::Ordering {
        (self.num * other.den).cmp(&(other.num * self.den))
    }
}

/// How the line `start + t·dir` leaves hex `h`.
enum Exit {
    Into(Hex),
    /// Along the edge between the two, then into the third.
    Along(Hex, Hex, Hex),
    /// The line never leaves (no direction).
    Stays,
}

fn exit(h: Hex, start: Point, dir: Point) -> Exit {
    let hc = centre(h);
    let from_start = |c: Point| dot(minus(start, c), minus(start, c));
    // The earliest crossing, and the first two neighbours crossed into then (a corner).
    let mut best: Option<Time> = None;
    let mut into: [Option<Hex>; 2] = [None, None];
    for n in neighbours(h) {
        let nc = centre(n);
        // g(t) = |P−n|² − |P−h|² = c + 2t·k; the line crosses into n where g falls to 0.
        let k = dot(dir, minus(hc, nc));
        if k >= 0 {
            continue;
        }
        let time = Time {
            num: from_start(nc) - from_start(hc),
            den: -2 * k,
        };
        match best.map(|t| time.cmp(t)) {
            None | Some(std::cmp::Ordering::Less) => {
                best = Some(time);
                into = [Some(n), None];
            }
            Some(std::cmp::Ordering::Equal) => {
                if into[1].is_none() {
                    into[1] = Some(n);
                }
            }
            Some(std::cmp::Ordering::Greater) => {}
        }
    }
    match into {
        [None, _] => Exit::Stays,
        [Some(n), None] => Exit::Into(n),
        [Some(a), Some(b)] => {
            // Through the corner shared by h, a and b: which of a and b the line is nearer
            // just after it, or neither (it runs along their edge).
            let lean = dot(dir, minus(centre(b), centre(a)));
            match lean.cmp(&0) {
                std::cmp::Ordering::Less => Exit::Into(a),
                std::cmp::Ordering::Greater => Exit::Into(b),
                std::cmp::Ordering::Equal => {
                    let beyond = neighbours(a)
                        .find(|m| *m != h && m.distance(b) == 1)
                        .unwrap_or(a);
                    Exit::Along(a, b, beyond)
                }
            }
        }
    }
}

/// Whether the ruler from `from` to `to` could touch `h` at all: a cheap test that lets
/// callers skip laying it. A hex the segment touches has its centre within √3/3 of a point
/// of it (neighbouring centres 1 apart), and a hex distance `n` is a true distance between
/// n·√3/2 and n; so `d(from, h) + d(h, to) ≤ (2/√3)·d(from, to) + 4/3`, which this bound,
/// `6·sum ≤ 7·d + 9`, contains.
pub fn may_touch(from: Hex, to: Hex, h: Hex) -> bool {
    let sum = u64::from(from.distance(h)) + u64::from(h.distance(to));
    6 * sum <= 7 * u64::from(from.distance(to)) + 9
}

/// Every cell the ruler from `from`'s centre to `to`'s centre passes over, both ends
/// included, in order.
pub fn cells(from: Hex, to: Hex) -> Vec<Cell> {
    let start = centre(from);
    let dir = minus(centre(to), start);
    // A cell per hex of the way and an edge cell at most between two: sized once.
    let hexes = usize::try_from(from.distance(to)).unwrap_or(0).min(64);
    let mut out = Vec::with_capacity(2 * hexes + 2);
    out.push(Cell::Through(from));
    let mut here = from;
    // Each step moves one hex nearer `to`; the bound only guards the arithmetic.
    for _ in 0..=2 * from.distance(to) + 2 {
        if here == to {
            break;
        }
        match exit(here, start, dir) {
            Exit::Into(next) => here = next,
            Exit::Along(a, b, next) => {
                out.push(Cell::Edge(a, b));
                here = next;
            }
            Exit::Stays => break,
        }
        out.push(Cell::Through(here));
    }
    out
}

/// The hex one further along the ruler laid from `from` through `to` (15.1.2: the Wave
/// Motion Gun pushes its target there).
pub fn beyond(from: Hex, to: Hex) -> Option<Next> {
    let start = centre(from);
    let dir = minus(centre(to), start);
    next_of(to, start, dir)
}

/// The first hex along the ruler from `from` toward `to` (18.2: a black hole pulls a ship
/// there; 13.2: a missile faces the target that way).
pub fn toward(from: Hex, to: Hex) -> Option<Next> {
    if from == to {
        return None;
    }
    next_of(from, centre(from), minus(centre(to), centre(from)))
}

fn next_of(h: Hex, start: Point, dir: Point) -> Option<Next> {
    match exit(h, start, dir) {
        Exit::Into(next) => Some(Next::One(next)),
        Exit::Along(a, b, _) => Some(Next::Either(a, b)),
        Exit::Stays => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn cube_round(x: f64, y: f64, z: f64) -> Hex {
        let (mut rx, mut ry, rz) = (x.round(), y.round(), z.round());
        let (dx, dy, dz) = ((rx - x).abs(), (ry - y).abs(), (rz - z).abs());
        if dx > dy && dx > dz {
            rx = -ry - rz;
        } else if dy > dz {
            ry = -rx - rz;
        }
        Hex {
            q: rx as i32,
            r: ry as i32,
        }
    }

    /// An independent oracle: sample the line densely, nudged to each side.
    fn sampled(from: Hex, to: Hex, nudge: f64) -> BTreeSet<(i32, i32)> {
        let (aq, ar) = (f64::from(from.q), f64::from(from.r));
        let (bq, br) = (f64::from(to.q), f64::from(to.r));
        let n = 2000 * from.distance(to).max(1);
        (0..=n)
            .map(|i| {
                let t = f64::from(i) / f64::from(n);
                let q = aq + (bq - aq) * t + nudge;
                let r = ar + (br - ar) * t + 2.0 * nudge;
                let h = cube_round(q, r, -q - r);
                (h.q, h.r)
            })
            .collect()
    }

    #[test]
    fn every_cell_of_a_ruler_passes_the_quick_test_and_far_hexes_fail_it() {
        let origin = Hex { q: 0, r: 0 };
        for q in -8..=8 {
            for r in -8..=8 {
                let to = Hex { q, r };
                for cell in cells(origin, to) {
                    let (a, b) = match cell {
                        Cell::Through(h) => (h, h),
                        Cell::Edge(a, b) => (a, b),
                    };
                    assert!(
                        may_touch(origin, to, a) && may_touch(origin, to, b),
                        "{to:?}: {cell:?}"
                    );
                }
            }
        }
        let east = Hex { q: 3, r: 0 };
        assert!(!may_touch(origin, east, Hex { q: 0, r: 4 }));
    }

    #[test]
    fn the_exact_ruler_agrees_with_dense_sampling_on_both_sides() {
        let origin = Hex { q: 0, r: 0 };
        for q in -6..=6 {
            for r in -6..=6 {
                let to = Hex { q, r };
                if to == origin {
                    continue;
                }
                let cells = cells(origin, to);
                let mut left = BTreeSet::new();
                let mut right = BTreeSet::new();
                for cell in &cells {
                    match *cell {
                        Cell::Through(h) => {
                            left.insert((h.q, h.r));
                            right.insert((h.q, h.r));
                        }
                        Cell::Edge(a, b) => {
                            left.insert((a.q, a.r));
                            right.insert((b.q, b.r));
                        }
                    }
                }
                let one = sampled(origin, to, 1e-7);
                let other = sampled(origin, to, -1e-7);
                let exact: BTreeSet<_> = left.union(&right).copied().collect();
                let oracle: BTreeSet<_> = one.union(&other).copied().collect();
                assert_eq!(exact, oracle, "to {to:?}: {cells:?}");
            }
        }
    }

    #[test]
    fn along_a_hex_axis_the_ruler_crosses_one_hex_a_step_and_corner_lines_run_on_edges() {
        let a = Hex { q: 0, r: 0 };
        assert_eq!(cells(a, Hex { q: 3, r: 0 }).len(), 4);
        // Toward (2, -1), the corner direction: centre, an edge, the next centre.
        let cells = cells(a, Hex { q: 1, r: 1 });
        assert!(matches!(cells.as_slice(), [
            Cell::Through(_),
            Cell::Edge(..),
            Cell::Through(end)
        ] if *end == Hex { q: 1, r: 1 }));
        assert_eq!(
            beyond(a, Hex { q: 2, r: 0 }),
            Some(Next::One(Hex { q: 3, r: 0 }))
        );
        assert!(matches!(
            beyond(a, Hex { q: 1, r: 1 }),
            Some(Next::Either(..))
        ));
        assert_eq!(toward(a, a), None);
    }
}
