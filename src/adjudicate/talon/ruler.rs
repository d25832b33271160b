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
//! `X² + 3Y²`, so every comparison stays in integers. Every point is taken relative to the
//! ruler's first hex (the sums only ever use differences of centres, so nothing changes),
//! which keeps the numbers small: see [`NARROW_REACH`] for when `i64` is wide enough.

use crate::parse::scenario::talon::{Heading, Hex};
use std::ops::{Add, Mul, Neg, Sub};

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

/// The longest ruler (in hexes from end to end) worked out in `i64`; longer ones use `i128`.
///
/// Why `i64` holds below it, for a ruler of `D ≤ NARROW_REACH` hexes: the walk takes at
/// most `2D + 2` steps of one hex, so every hex it looks at (a neighbour of one walked)
/// lies within `R = 2D + 4` hexes of the first, and its centre relative to the first has
/// `|X| ≤ 3R`, `|Y| ≤ R`, so `dot(c, c) ≤ 12R²`, and a [`Time`]'s `num` (a difference of
/// two) is at most that. The direction has `|X| ≤ 3D`, `|Y| ≤ D`, and the difference of two
/// neighbouring centres `|X| ≤ 2`, `|Y| ≤ 1`, so `|k| ≤ 9D`, a `den` (`2|k|`) is at most
/// `18D`, and so is a corner's `lean`. The widest product, `num · den` in [`Time::cmp`], is
/// then at most `12R² · 18D`: for `D = 10,000`, about `8.7·10¹⁴`, far below `i64::MAX`
/// (`9.2·10¹⁸`). Coordinates are `i32`, so a ruler may be longer than that: it then takes
/// the `i128` path, whose products (`(2³⁴)⁴`-ish) fit.
const NARROW_REACH: u32 = 10_000;

/// The integer the sums are done in: `i64` for a ruler within [`NARROW_REACH`], else `i128`.
trait Wide:
    Copy
    + Ord
    + From<i64>
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Neg<Output = Self>
{
}

impl Wide for i64 {}
impl Wide for i128 {}

type Point<T> = (T, T);

/// The centre of `h` relative to the centre of `origin`. The differences of two `i32`
/// coordinates, and `2·dq + dr`, fit in `i64`.
fn centre<T: Wide>(origin: Hex, h: Hex) -> Point<T> {
    let dq = i64::from(h.q) - i64::from(origin.q);
    let dr = i64::from(h.r) - i64::from(origin.r);
    (T::from(2 * dq + dr), T::from(dr))
}

fn dot<T: Wide>(a: Point<T>, b: Point<T>) -> T {
    a.0 * b.0 + T::from(3) * a.1 * b.1
}

fn minus<T: Wide>(a: Point<T>, b: Point<T>) -> Point<T> {
    (a.0 - b.0, a.1 - b.1)
}

fn neighbours(h: Hex) -> impl Iterator<Item = Hex> {
    (0..6u8).map(move |i| h.neighbour(Heading(i)))
}

/// A time along the ruler, `num / den` with `den > 0`.
#[derive(Debug, Clone, Copy)]
struct Time<T> {
    num: T,
    den: T,
}

impl<T: Wide> Time<T> {
    fn cmp(self, other: Time<T>) -> std::cmp::Ordering {
        (self.num * other.den).cmp(&(other.num * self.den))
    }
}

/// How the line `origin + t·dir` leaves hex `h`.
enum Exit {
    Into(Hex),
    /// Along the edge between the two, then into the third.
    Along(Hex, Hex, Hex),
    /// The line never leaves (no direction).
    Stays,
}

/// The line starts at `origin`'s centre, the zero of [`centre`]'s points.
fn exit<T: Wide>(h: Hex, origin: Hex, dir: Point<T>) -> Exit {
    let hc = centre::<T>(origin, h);
    let zero = T::from(0);
    // The earliest crossing, and the first two neighbours crossed into then (a corner).
    let mut best: Option<Time<T>> = None;
    let mut into: [Option<Hex>; 2] = [None, None];
    for n in neighbours(h) {
        let nc = centre::<T>(origin, n);
        // g(t) = |P−n|² − |P−h|² = c + 2t·k; the line crosses into n where g falls to 0.
        let k = dot(dir, minus(hc, nc));
        if k >= zero {
            continue;
        }
        let time = Time {
            num: dot(nc, nc) - dot(hc, hc),
            den: -(T::from(2) * k),
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
            let lean = dot(dir, minus(centre(origin, b), centre(origin, a)));
            match lean.cmp(&zero) {
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

/// How `h` is left by the ruler from `origin` toward `aim`, in the narrowest integer that
/// holds the sums (`reach`: the ruler's length in hexes).
fn exit_between(h: Hex, origin: Hex, aim: Hex, reach: u32) -> Exit {
    if reach <= NARROW_REACH {
        exit::<i64>(h, origin, centre(origin, aim))
    } else {
        exit::<i128>(h, origin, centre(origin, aim))
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

/// The cells of a ruler, walked one at a time (nothing is allocated).
pub struct Cells {
    from: Hex,
    to: Hex,
    reach: u32,
    /// The hex the walk is in, once its cell has been given.
    here: Option<Hex>,
    /// A hex to give after the edge just given.
    after_edge: Option<Hex>,
    /// Steps left; each moves one hex nearer `to`, the bound only guards the arithmetic.
    left: u64,
}

impl Iterator for Cells {
    type Item = Cell;

    fn next(&mut self) -> Option<Cell> {
        if let Some(next) = self.after_edge.take() {
            self.here = Some(next);
            return Some(Cell::Through(next));
        }
        let Some(here) = self.here else {
            self.here = Some(self.from);
            return Some(Cell::Through(self.from));
        };
        if here == self.to || self.left == 0 {
            return None;
        }
        self.left -= 1;
        match exit_between(here, self.from, self.to, self.reach) {
            Exit::Into(next) => {
                self.here = Some(next);
                Some(Cell::Through(next))
            }
            Exit::Along(a, b, next) => {
                self.after_edge = Some(next);
                Some(Cell::Edge(a, b))
            }
            Exit::Stays => {
                self.left = 0;
                None
            }
        }
    }
}

/// Every cell the ruler from `from`'s centre to `to`'s centre passes over, both ends
/// included, in order.
pub fn cells(from: Hex, to: Hex) -> Cells {
    let reach = from.distance(to);
    Cells {
        from,
        to,
        reach,
        here: None,
        after_edge: None,
        left: 2 * u64::from(reach) + 3,
    }
}

/// The hex one further along the ruler laid from `from` through `to` (15.1.2: the Wave
/// Motion Gun pushes its target there).
pub fn beyond(from: Hex, to: Hex) -> Option<Next> {
    next_of(to, from, to)
}

/// The first hex along the ruler from `from` toward `to` (18.2: a black hole pulls a ship
/// there; 13.2: a missile faces the target that way).
pub fn toward(from: Hex, to: Hex) -> Option<Next> {
    if from == to {
        return None;
    }
    next_of(from, from, to)
}

fn next_of(h: Hex, origin: Hex, aim: Hex) -> Option<Next> {
    // The hex left is `aim` itself or `origin`: one hex past the ruler at most.
    match exit_between(h, origin, aim, origin.distance(aim).saturating_add(1)) {
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
                let cells: Vec<Cell> = cells(origin, to).collect();
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
    fn the_narrow_and_wide_sums_agree_and_a_ruler_far_out_is_the_same_ruler() {
        let origin = Hex { q: 0, r: 0 };
        for q in -6..=6 {
            for r in -6..=6 {
                let aim = Hex { q, r };
                for h in [origin, aim, Hex { q: 1, r: -1 }] {
                    let narrow = exit::<i64>(h, origin, centre(origin, aim));
                    let wide = exit::<i128>(h, origin, centre(origin, aim));
                    assert!(
                        match (narrow, wide) {
                            (Exit::Into(a), Exit::Into(b)) => a == b,
                            (Exit::Along(a, b, c), Exit::Along(d, e, f)) => (a, b, c) == (d, e, f),
                            (Exit::Stays, Exit::Stays) => true,
                            _ => false,
                        },
                        "{aim:?} from {h:?}"
                    );
                }
            }
        }
        // Far from the origin, and longer than the narrow reach: the wide path.
        let far = Hex {
            q: 1 << 28,
            r: -(1 << 27),
        };
        let shift = |h: Hex| Hex {
            q: h.q + far.q,
            r: h.r + far.r,
        };
        let aim = Hex { q: 7, r: -3 };
        let near: Vec<Cell> = cells(origin, aim).collect();
        let shifted: Vec<Cell> = cells(far, shift(aim)).collect();
        let moved: Vec<Cell> = near
            .iter()
            .map(|c| match *c {
                Cell::Through(h) => Cell::Through(shift(h)),
                Cell::Edge(a, b) => Cell::Edge(shift(a), shift(b)),
            })
            .collect();
        assert_eq!(shifted, moved);
        let long = Hex {
            q: 3 * NARROW_REACH as i32,
            r: -(NARROW_REACH as i32),
        };
        let walked: Vec<Cell> = cells(origin, long).collect();
        assert_eq!(walked.last(), Some(&Cell::Through(long)));
        assert_eq!(
            walked
                .iter()
                .filter(|c| matches!(c, Cell::Through(_)))
                .count(),
            3 * NARROW_REACH as usize + 1
        );
    }

    #[test]
    fn along_a_hex_axis_the_ruler_crosses_one_hex_a_step_and_corner_lines_run_on_edges() {
        let a = Hex { q: 0, r: 0 };
        assert_eq!(cells(a, Hex { q: 3, r: 0 }).count(), 4);
        // Toward (2, -1), the corner direction: centre, an edge, the next centre.
        let cells: Vec<Cell> = cells(a, Hex { q: 1, r: 1 }).collect();
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
