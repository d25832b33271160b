//! The Talon map after an impulse (Talon rulebook 7, 8): ships with their facing, shields
//! per arc and hull, and what else lies on the map. A plain model that grows as the engine
//! does: terrain and missiles are drawn when an engine fills them.

/// Arcs in the order shields are written: forward, right, rear, left.
pub const ARCS: [&str; 4] = ["forward", "right", "rear", "left"];

/// The map after a part of play.
#[derive(Debug, Clone, Default)]
pub struct Board {
    /// Columns and rows of the printed map, when the scenario gives it; otherwise the
    /// drawing shows the hexes around what is on it.
    pub map: Option<(i32, i32)>,
    pub ships: Vec<Ship>,
    pub terrain: Vec<Terrain>,
    pub missiles: Vec<Missile>,
    pub shots: Vec<Shot>,
    /// Hexes where two ships collided.
    pub collisions: Vec<Axial>,
    /// The map floated by this axial shift during the part of play shown.
    pub floated: Option<Axial>,
}

/// A hex in axial coordinates: `q` grows to the east, `r` to the south-east (pointy-topped
/// hexes; the printed `CCRR` numbering shifts every second row half a hex right).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Axial {
    pub q: i32,
    pub r: i32,
}

impl Axial {
    /// The printed `CCRR` label, when the hex has one.
    pub fn label(self) -> Option<String> {
        let col0 = self.q + (self.r - (self.r & 1)) / 2;
        ((0..99).contains(&col0) && (0..99).contains(&self.r))
            .then(|| format!("{:02}{:02}", col0 + 1, self.r + 1))
    }

    /// The label, else the axial coordinates.
    pub fn display(self) -> String {
        self.label()
            .unwrap_or_else(|| format!("[{}, {}]", self.q, self.r))
    }
}

/// The two sides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Terran,
    Talon,
}

impl Side {
    pub fn as_str(self) -> &'static str {
        match self {
            Side::Terran => "Terran",
            Side::Talon => "Talon",
        }
    }
}

/// A ship (or base, or fighter) and its state.
#[derive(Debug, Clone, Default)]
pub struct Ship {
    pub id: String,
    /// The class as people call it (`Terran CA`).
    pub class: String,
    pub side: Option<Side>,
    /// Where it is; `None` when the scenario does not place it.
    pub hex: Option<Axial>,
    /// Compass degrees of the hex side it faces (90 east, 30, 330, 270, 210, 150).
    pub heading: Option<u16>,
    /// Where it was before the part of play shown, when it moved.
    pub came_from: Option<Axial>,
    /// Shield boxes left per arc, and each arc's boxes (forward, right, rear, left).
    pub shields: [(u8, u8); 4],
    /// Hull boxes crossed, of how many.
    pub hull: (u32, u32),
    pub destroyed: bool,
}

/// A terrain feature on one hex (asteroids, a planet…), as an engine names it.
#[derive(Debug, Clone)]
pub struct Terrain {
    pub hex: Axial,
    pub kind: String,
}

/// A missile counter.
#[derive(Debug, Clone)]
pub struct Missile {
    pub id: String,
    pub side: Option<Side>,
    pub hex: Axial,
    pub heading: Option<u16>,
    /// The ship it seeks, by id.
    pub target: Option<String>,
}

/// A shot of the part of play shown.
#[derive(Debug, Clone)]
pub struct Shot {
    pub from: Axial,
    pub to: Axial,
    pub attacker: String,
    pub target: String,
    pub weapon: String,
    pub result: ShotResult,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShotResult {
    /// Damage landed.
    Hit(u8),
    Miss,
    /// Not allowed (out of arc or range, no charge…): no shot.
    NotAllowed,
    /// A missile launched at the target.
    Launched,
}
