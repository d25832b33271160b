//! Arcs on the hex map. A ship's forward and rear arcs are the 60° wedges through its front
//! and back hex sides; left and right the 120° between them. Talon rulebook shows the arcs in a
//! diagram its text does not carry (5.3.1); this is the split its rule of shields (5.3.2) and
//! the reference implementation's adjacent hexes imply (1 forward, 2 left, 1 rear, 2 right).
//! A hex whose centre lies exactly on a wedge's edge is in both arcs: the text does not say
//! which, so the trace marks it as a choice.

use crate::cards::talon::Arc;
use crate::parse::scenario::talon::{Heading, Hex};

/// The arc (or, on an edge, the two arcs) of a ship in which another hex lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seen {
    One(Arc),
    /// On the edge between the two arcs; the first is forward or rear.
    Edge(Arc, Arc),
}

impl Seen {
    pub fn contains(self, arc: Arc) -> bool {
        match self {
            Seen::One(a) => a == arc,
            Seen::Edge(a, b) => a == arc || b == arc,
        }
    }

    /// The first arc: the one taken when the edge needs a choice.
    pub fn first(self) -> Arc {
        match self {
            Seen::One(a) | Seen::Edge(a, _) => a,
        }
    }

    pub fn describe(self) -> String {
        match self {
            Seen::One(a) => a.as_str().to_string(),
            Seen::Edge(a, b) => format!("{}/{} edge", a.as_str(), b.as_str()),
        }
    }
}

/// Where `to` lies as seen from a ship at `from` facing `heading`; `None` for the same hex.
pub fn arc_of(from: Hex, heading: Heading, to: Hex) -> Option<Seen> {
    let dq = i64::from(to.q) - i64::from(from.q);
    let dr = i64::from(to.r) - i64::from(from.r);
    if dq == 0 && dr == 0 {
        return None;
    }
    // Doubled coordinates: x is proportional to √3/2·a and y to 3/2·b, so comparing against
    // the 30° edges needs no square roots: |angle| < 30° ⇔ 3·|left| < forward.
    let (a, b) = (2 * dq + dr, dr);
    let (ha, hb) = heading.vector();
    let forward = a * ha + 3 * b * hb;
    let left = hb * a - ha * b;
    let side = if left > 0 { Arc::Left } else { Arc::Right };
    let lateral = 3 * left.abs();
    Some(if lateral < forward {
        Seen::One(Arc::Forward)
    } else if lateral < -forward {
        Seen::One(Arc::Rear)
    } else if lateral == forward.abs() {
        let end = if forward > 0 { Arc::Forward } else { Arc::Rear };
        Seen::Edge(end, side)
    } else {
        Seen::One(side)
    })
}

/// The offset column and row (from 0) of a hex, as the printed map numbers them less one.
pub fn offset(h: Hex) -> (i32, i32) {
    (h.q + (h.r - (h.r & 1)) / 2, h.r)
}

/// Whether a hex is on a map of `columns` × `rows` hexes.
pub fn on_map(h: Hex, columns: i32, rows: i32) -> bool {
    let (c, r) = offset(h);
    (0..columns).contains(&c) && (0..rows).contains(&r)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(label: &str) -> Hex {
        Hex::from_label(label).unwrap()
    }

    #[test]
    fn adjacent_hexes_are_one_forward_two_left_one_rear_two_right() {
        let centre = hex("0505");
        let east = Heading::from_degrees(90).unwrap();
        let arcs: Vec<Seen> = (0..6)
            .map(|i| arc_of(centre, east, centre.neighbour(Heading(i))).unwrap())
            .collect();
        use Arc::*;
        assert_eq!(
            arcs,
            [
                Seen::One(Forward),
                Seen::One(Left),
                Seen::One(Left),
                Seen::One(Rear),
                Seen::One(Right),
                Seen::One(Right)
            ]
        );
        assert_eq!(arc_of(centre, east, centre), None);
    }

    #[test]
    fn the_wedges_widen_with_range_and_their_edges_are_shared() {
        let centre = Hex { q: 0, r: 0 };
        let east = Heading::from_degrees(90).unwrap();
        // Two hexes out on the 30° line: the forward/left edge.
        assert_eq!(
            arc_of(centre, east, Hex { q: 2, r: -1 }),
            Some(Seen::Edge(Arc::Forward, Arc::Left))
        );
        assert_eq!(
            arc_of(centre, east, Hex { q: 1, r: 1 }),
            Some(Seen::Edge(Arc::Forward, Arc::Right))
        );
        // Three out, one row up: inside the forward wedge.
        assert_eq!(
            arc_of(centre, east, Hex { q: 3, r: -1 }),
            Some(Seen::One(Arc::Forward))
        );
        // The same hexes seen by a ship facing west are behind it.
        let west = Heading::from_degrees(270).unwrap();
        assert_eq!(
            arc_of(centre, west, Hex { q: 3, r: -1 }),
            Some(Seen::One(Arc::Rear))
        );
        // Facing 30°: the hex due east is off the right side.
        let thirty = Heading::from_degrees(30).unwrap();
        assert_eq!(
            arc_of(centre, thirty, Hex { q: 1, r: 0 }),
            Some(Seen::One(Arc::Right))
        );
    }
}
