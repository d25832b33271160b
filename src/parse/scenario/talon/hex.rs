//! Where a Talon ship is: a hex of the map and the hex side it faces.
//!
//! The map has pointy-topped hexes (ships face a hex side, the Talon rulebook 7.2.1). A scenario names
//! a hex either as `"CCRR"` (column then row, both from 01 at the top left; every second row,
//! 02, 04…, sits half a hex to the right) or as axial coordinates `[q, r]`. Inside, every hex
//! is axial: `q` grows to the east, `r` to the south-east.

use schemars::JsonSchema;
use serde::Deserialize;

/// A hex in axial coordinates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Hex {
    pub q: i32,
    pub r: i32,
}

/// The six hex sides a ship can face, counter-clockwise from east, as compass degrees
/// (the reference implementation's headings: 90, 30, 330, 270, 210, 150).
pub const HEADINGS: [u16; 6] = [90, 30, 330, 270, 210, 150];

/// Axial steps toward each hex side, in [`HEADINGS`] order.
const STEPS: [(i32, i32); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

/// A ship's facing: an index into [`HEADINGS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Heading(pub u8);

impl Heading {
    pub fn from_degrees(degrees: i64) -> Option<Heading> {
        HEADINGS
            .iter()
            .position(|&h| i64::from(h) == degrees)
            .and_then(|i| u8::try_from(i).ok())
            .map(Heading)
    }

    pub fn degrees(self) -> u16 {
        HEADINGS
            .get(usize::from(self.0 % 6))
            .copied()
            .unwrap_or_default()
    }

    /// One hex side to the left (counter-clockwise).
    pub fn left(self) -> Heading {
        Heading((self.0 + 1) % 6)
    }

    /// One hex side to the right (clockwise).
    pub fn right(self) -> Heading {
        Heading((self.0 + 5) % 6)
    }

    /// The axial step one hex this way.
    pub fn step(self) -> (i32, i32) {
        STEPS
            .get(usize::from(self.0 % 6))
            .copied()
            .unwrap_or_default()
    }

    /// The step in doubled coordinates (`2q + r`, `r`), which keep angles exact in integers.
    pub fn vector(self) -> (i64, i64) {
        let (q, r) = self.step();
        (i64::from(2 * q + r), i64::from(r))
    }
}

impl Hex {
    pub fn neighbour(self, heading: Heading) -> Hex {
        let (dq, dr) = heading.step();
        Hex {
            q: self.q + dq,
            r: self.r + dr,
        }
    }

    /// Hexes between the two centres (Talon rulebook counts range in hexes).
    pub fn distance(self, other: Hex) -> u32 {
        let dq = other.q - self.q;
        let dr = other.r - self.r;
        let ds = -dq - dr;
        (dq.unsigned_abs() + dr.unsigned_abs() + ds.unsigned_abs()) / 2
    }

    /// `"CCRR"`: column and row from 01, every second row shifted half a hex right.
    pub fn from_label(label: &str) -> Option<Hex> {
        let label = label.trim();
        if label.len() != 4 || !label.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let column: i32 = label.get(..2)?.parse().ok()?;
        let row: i32 = label.get(2..)?.parse().ok()?;
        if column < 1 || row < 1 {
            return None;
        }
        let (col0, row0) = (column - 1, row - 1);
        Some(Hex {
            q: col0 - (row0 - (row0 & 1)) / 2,
            r: row0,
        })
    }

    /// The `"CCRR"` label of a hex on the printed numbering, if it has one.
    pub fn label(self) -> Option<String> {
        let row0 = self.r;
        let col0 = self.q + (row0 - (row0 & 1)) / 2;
        ((0..99).contains(&col0) && (0..99).contains(&row0))
            .then(|| format!("{:02}{:02}", col0 + 1, row0 + 1))
    }

    /// As a trace writes it: its label, else its axial coordinates.
    pub fn display(self) -> String {
        self.label()
            .unwrap_or_else(|| format!("[{}, {}]", self.q, self.r))
    }
}

/// A hex as a scenario writes it.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum HexInput {
    /// `"CCRR"`: column then row, from 01.
    Label(String),
    /// Axial `[q, r]`.
    Axial([i32; 2]),
}

impl HexInput {
    pub fn hex(&self) -> Option<Hex> {
        match self {
            HexInput::Label(label) => Hex::from_label(label),
            HexInput::Axial([q, r]) => {
                // Far beyond any table, and small enough that distances cannot overflow.
                let bound = 1_000_000;
                (q.abs() <= bound && r.abs() <= bound).then_some(Hex { q: *q, r: *r })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_and_axial_agree() {
        for label in ["0101", "0102", "0512", "0505", "1003", "0999"] {
            let hex = Hex::from_label(label).unwrap();
            assert_eq!(hex.label().as_deref(), Some(label));
        }
        assert_eq!(Hex::from_label("0000"), None);
        assert_eq!(Hex::from_label("05a2"), None);
        assert_eq!(Hex::from_label("051"), None);
    }

    #[test]
    fn neighbours_are_one_hex_away_and_rows_interleave() {
        let centre = Hex::from_label("0505").unwrap();
        for i in 0..6 {
            let next = centre.neighbour(Heading(i));
            assert_eq!(centre.distance(next), 1);
        }
        // East of 0505 is 0605; the row below is shifted right, so 0505's south-east
        // neighbour is 0506 (row 06 sits half a hex to the right).
        let east = Heading::from_degrees(90).unwrap();
        let south_east = Heading::from_degrees(150).unwrap();
        assert_eq!(centre.neighbour(east).label().as_deref(), Some("0605"));
        assert_eq!(
            centre.neighbour(south_east).label().as_deref(),
            Some("0506")
        );
        assert_eq!(
            Hex::from_label("0506")
                .unwrap()
                .neighbour(south_east)
                .label()
                .as_deref(),
            Some("0607")
        );
        assert_eq!(Heading::from_degrees(45), None);
        assert_eq!(east.left().degrees(), 30);
        assert_eq!(east.right().degrees(), 150);
    }
}
