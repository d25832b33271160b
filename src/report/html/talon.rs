//! The Talon map: pointy-topped hexes (ships face a hex side), each ship as an arrow along
//! its facing in its side's colour and shape, its hex's sides marking its shields per arc
//! (solid: boxes left; dashed: down), where it came from, the shots of the part of play
//! shown, terrain, missiles and collisions; beside the map each ship's shields and hull.

use super::svg::{Svg, num};
use crate::report::picture::talon::{ARCS, Axial, Board, Ship, ShotResult, Side};

const HEX: f64 = 22.0;
const SQRT3: f64 = 1.732_050_807_568_877_2;
const PANEL_W: f64 = 270.0;
const TOP: f64 = 30.0;
/// More hexes than this and the grid is left out (ships far apart): only what is on it.
const MAX_GRID_HEXES: i64 = 2_500;

/// Offset coordinates (column, row from 0) of an axial hex, as the printed map counts.
fn offset(hex: Axial) -> (i64, i64) {
    let (q, r) = (i64::from(hex.q), i64::from(hex.r));
    (q + (r - (r & 1)) / 2, r)
}

fn axial((column, row): (i64, i64)) -> Axial {
    let q = column - (row - (row & 1)) / 2;
    Axial {
        q: i32::try_from(q).unwrap_or_default(),
        r: i32::try_from(row).unwrap_or_default(),
    }
}

/// The hexes drawn: the printed map, or the box round everything on the board.
struct Area {
    columns: (i64, i64),
    rows: (i64, i64),
}

impl Area {
    fn of(board: &Board) -> Area {
        if let Some((columns, rows)) = board.map {
            return Area {
                columns: (0, i64::from(columns.max(1)) - 1),
                rows: (0, i64::from(rows.max(1)) - 1),
            };
        }
        let mut hexes: Vec<Axial> = Vec::new();
        for ship in &board.ships {
            hexes.extend(ship.hex);
            hexes.extend(ship.came_from);
        }
        hexes.extend(board.terrain.iter().map(|t| t.hex));
        hexes.extend(board.missiles.iter().map(|m| m.hex));
        let placed: Vec<(i64, i64)> = hexes.into_iter().map(offset).collect();
        let span = |pick: fn(&(i64, i64)) -> i64| {
            let low = placed.iter().map(pick).min().unwrap_or(0);
            let high = placed.iter().map(pick).max().unwrap_or(0);
            (low - 2, high + 2)
        };
        let mut area = Area {
            columns: span(|p| p.0),
            rows: span(|p| p.1),
        };
        // Start on an even row, so the half-hex shift of odd rows stays as printed.
        if area.rows.0 % 2 != 0 {
            area.rows.0 -= 1;
        }
        area
    }

    fn hexes(&self) -> i64 {
        (self.columns.1 - self.columns.0 + 1).saturating_mul(self.rows.1 - self.rows.0 + 1)
    }

    /// The pixel centre of a hex, the area's top-left hex at the margin.
    fn centre(&self, hex: Axial) -> (f64, f64) {
        let (column, row) = offset(hex);
        let shift = if row & 1 == 1 { 0.5 } else { 0.0 };
        let x = ((column - self.columns.0) as f64 + shift) * SQRT3 * HEX + SQRT3 * HEX / 2.0 + 8.0;
        let y = (row - self.rows.0) as f64 * 1.5 * HEX + HEX + 8.0 + TOP;
        (x, y)
    }

    fn size(&self) -> (f64, f64) {
        let columns = (self.columns.1 - self.columns.0 + 1) as f64 + 0.5;
        let rows = (self.rows.1 - self.rows.0 + 1) as f64;
        (
            columns * SQRT3 * HEX + 16.0,
            rows * 1.5 * HEX + HEX / 2.0 + 16.0 + TOP,
        )
    }
}

/// A hex's corners round `centre`, corner `i` at `60·i − 30` degrees (screen, clockwise).
fn corners((cx, cy): (f64, f64), size: f64) -> [(f64, f64); 6] {
    std::array::from_fn(|i| {
        let angle = (60.0 * i as f64 - 30.0).to_radians();
        (cx + size * angle.cos(), cy + size * angle.sin())
    })
}

/// `heading` (`title — picture`) cut to what fits over a map `width` wide (the ship panel
/// starts beside it): the title is shortened, the picture's name kept; the whole heading is
/// the drawing's title.
fn fit(heading: &str, width: f64) -> String {
    // A bold 15px character is about 8.5px wide.
    let room = ((width - 16.0) / 8.5).max(8.0) as usize;
    if heading.chars().count() <= room {
        return heading.to_string();
    }
    let (title, picture) = heading.rsplit_once(" — ").unwrap_or((heading, ""));
    let kept = picture.chars().count() + 3;
    let mut cut: String = title.chars().take(room.saturating_sub(kept + 1)).collect();
    cut.push('…');
    if !picture.is_empty() {
        cut.push_str(" — ");
        cut.push_str(picture);
    }
    cut
}

/// Screen angle (clockwise from east) of a compass heading.
fn screen_angle(compass: u16) -> f64 {
    f64::from((i32::from(compass) - 90).rem_euclid(360))
}

/// The drawing of `board`.
pub fn draw(board: &Board, id: &str, heading: &str, standalone: bool) -> String {
    let area = Area::of(board);
    let (map_w, map_h) = area.size();
    let panel_h = TOP + 70.0 * board.ships.len() as f64;
    let notes = notes(board);
    let width = map_w + PANEL_W;
    let height = map_h.max(panel_h) + 16.0 * notes.len() as f64 + 10.0;
    let mut svg = Svg::open(id, (width, height), heading, &describe(board), standalone);
    svg.text((8.0, 18.0), "big", &fit(heading, map_w));
    if area.hexes() <= MAX_GRID_HEXES {
        draw_grid(&mut svg, &area, board.map.is_some());
    }
    for terrain in &board.terrain {
        let centre = area.centre(terrain.hex);
        let (class, short) = terrain_look(&terrain.kind);
        svg.polygon(&corners(centre, HEX - 1.0), class);
        // In the middle, or at the top of the hex where a ship stands on it.
        let occupied = board.ships.iter().any(|s| s.hex == Some(terrain.hex));
        let y = if occupied {
            centre.1 - HEX * 0.45
        } else {
            centre.1 + 4.0
        };
        svg.text((centre.0, y), "mid small", short);
    }
    for hex in &board.collisions {
        svg.circle(area.centre(*hex), HEX * 0.95, "collision");
    }
    for (i, ship) in board.ships.iter().enumerate() {
        // Ships sharing a hex (a collision) get their names one under another.
        let below = board.ships[..i]
            .iter()
            .filter(|other| other.hex.is_some() && other.hex == ship.hex)
            .count();
        draw_ship(&mut svg, &area, ship, below);
    }
    for missile in &board.missiles {
        let (x, y) = area.centre(missile.hex);
        let angle = missile.heading.map_or(0.0, screen_angle);
        svg.raw(&format!(
            "<g transform=\"translate({},{}) rotate({})\"><polygon points=\"7,0 -5,-4 -5,4\" class=\"missile\"/></g>\n",
            num(x), num(y), num(angle)
        ));
        svg.text((x, y + 16.0), "mid small", &missile.id);
    }
    for (i, shot) in board.shots.iter().enumerate() {
        draw_shot(&mut svg, &area, shot, i + 1);
    }
    draw_panel(&mut svg, board, map_w);
    for (i, note) in notes.iter().enumerate() {
        svg.text(
            (8.0, map_h.max(panel_h) + 14.0 + 16.0 * i as f64),
            "small",
            note,
        );
    }
    svg.close()
}

fn draw_grid(svg: &mut Svg, area: &Area, printed: bool) {
    for row in area.rows.0..=area.rows.1 {
        for column in area.columns.0..=area.columns.1 {
            let hex = axial((column, row));
            let centre = area.centre(hex);
            svg.polygon(&corners(centre, HEX), "hex");
            if (printed || (column >= 0 && row >= 0))
                && let Some(label) = hex.label()
            {
                svg.text((centre.0, centre.1 - HEX * 0.55), "mid hexlabel", &label);
            }
        }
    }
}

/// A ship: its hex's sides by shield arc, the path it came by, the arrow along its facing.
fn draw_ship(svg: &mut Svg, area: &Area, ship: &Ship, below: usize) {
    let Some(hex) = ship.hex else { return };
    let centre = area.centre(hex);
    if let Some(from) = ship.came_from.filter(|f| *f != hex) {
        let start = area.centre(from);
        svg.circle(start, 5.0, "ghost");
        svg.line(start, centre, "path");
    }
    let facing = ship.heading.map(screen_angle);
    if let Some(facing) = facing.filter(|_| !ship.destroyed) {
        let points = corners(centre, HEX - 2.0);
        for side in 0..6usize {
            // Side `k` faces 60·k degrees; the ship's forward side is the one it faces.
            let direction = 60.0 * side as f64;
            let relative = ((direction - facing).rem_euclid(360.0) / 60.0).round() as usize % 6;
            let arc = match relative {
                0 => 0,
                1 | 2 => 1,
                3 => 2,
                _ => 3,
            };
            let up = ship.shields.get(arc).is_some_and(|s| s.0 > 0);
            let (a, b) = (points[side], points[(side + 1) % 6]);
            svg.line(a, b, if up { "up" } else { "down" });
        }
    }
    let class = side_class(ship);
    let shape = match ship.side {
        Some(Side::Talon) => "12,0 0,-8 -9,0 0,8",
        _ => "12,0 -8,-8 -4,0 -8,8",
    };
    svg.raw(&format!(
        "<g transform=\"translate({},{}) rotate({})\"><polygon points=\"{shape}\" class=\"{class}\"/></g>\n",
        num(centre.0),
        num(centre.1),
        num(facing.unwrap_or(0.0))
    ));
    if ship.destroyed {
        svg.text((centre.0, centre.1 + 5.0), "mid big", "✘");
    }
    let short: String = ship.id.chars().take(10).collect();
    let y = centre.1 + HEX + 9.0 + 11.0 * below as f64;
    svg.text((centre.0, y), "mid small b", &short);
}

fn side_class(ship: &Ship) -> &'static str {
    match (ship.destroyed, ship.side) {
        (true, _) => "wreck",
        (false, Some(Side::Terran)) => "terran",
        (false, Some(Side::Talon)) => "talon",
        (false, None) => "nobody",
    }
}

/// A shot: a line from the firer to the target (solid: hit; dashed: miss; dotted: not
/// allowed), an arrowhead, and its number, which the notes under the map explain.
fn draw_shot(svg: &mut Svg, area: &Area, shot: &crate::report::picture::talon::Shot, n: usize) {
    let from = area.centre(shot.from);
    let to = area.centre(shot.to);
    let class = match shot.result {
        ShotResult::Hit(_) | ShotResult::Launched => "hit",
        ShotResult::Miss => "miss",
        ShotResult::NotAllowed => "none",
    };
    svg.line(from, to, class);
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let length = (dx * dx + dy * dy).sqrt().max(1.0);
    let (ux, uy) = (dx / length, dy / length);
    let tip = (to.0 - ux * 10.0, to.1 - uy * 10.0);
    let base = (tip.0 - ux * 9.0, tip.1 - uy * 9.0);
    svg.polygon(
        &[
            tip,
            (base.0 - uy * 5.0, base.1 + ux * 5.0),
            (base.0 + uy * 5.0, base.1 - ux * 5.0),
        ],
        "hurt",
    );
    let middle = ((from.0 + to.0) / 2.0, (from.1 + to.1) / 2.0);
    svg.circle(middle, 8.0, "box");
    svg.text((middle.0, middle.1 + 4.0), "mid small b", &n.to_string());
}

/// Each ship beside the map: arrow, id and class, place, shields per arc as boxes, hull.
fn draw_panel(svg: &mut Svg, board: &Board, x: f64) {
    svg.text((x + 8.0, 18.0), "b", "Ships");
    for (i, ship) in board.ships.iter().enumerate() {
        let y = TOP + 70.0 * i as f64;
        svg.raw(&format!(
            "<g transform=\"translate({},{})\"><polygon points=\"{}\" class=\"{}\"/></g>\n",
            num(x + 16.0),
            num(y + 8.0),
            if ship.side == Some(Side::Talon) {
                "12,0 0,-8 -9,0 0,8"
            } else {
                "12,0 -8,-8 -4,0 -8,8"
            },
            side_class(ship)
        ));
        let state = if ship.destroyed { " — destroyed" } else { "" };
        svg.text(
            (x + 34.0, y + 12.0),
            "b",
            &format!("{} ({}){state}", ship.id, ship.class),
        );
        svg.text((x + 34.0, y + 26.0), "small", &place(ship));
        for (a, arc) in ARCS.iter().enumerate() {
            let (left, cap) = ship.shields.get(a).copied().unwrap_or_default();
            let column = x + 34.0 + 118.0 * (a % 2) as f64;
            let row = y + 32.0 + 13.0 * (a / 2) as f64;
            svg.text(
                (column, row + 10.0),
                "small",
                &format!("{arc} {left}/{cap}"),
            );
            svg.boxes(
                (column + 62.0, row + 1.0),
                (u32::from(left), u32::from(cap).min(4)),
                "shield",
                false,
            );
        }
        let (crossed, boxes) = ship.hull;
        svg.text(
            (x + 34.0, y + 68.0),
            "small",
            &format!("hull: {crossed} of {boxes} boxes crossed"),
        );
    }
}

fn place(ship: &Ship) -> String {
    let hex = ship
        .hex
        .map_or("not on the map".to_string(), Axial::display);
    match ship.heading {
        Some(degrees) => format!("{} · {}, facing {degrees}°", side_name(ship), hex),
        None => format!("{} · {hex}", side_name(ship)),
    }
}

fn side_name(ship: &Ship) -> &'static str {
    ship.side.map_or("no side", Side::as_str)
}

/// The lines under the map: each shot by number, collisions, a floating map.
fn notes(board: &Board) -> Vec<String> {
    let mut lines: Vec<String> = board
        .shots
        .iter()
        .enumerate()
        .map(|(i, shot)| {
            let result = match shot.result {
                ShotResult::Hit(damage) => format!("hit, {damage} damage"),
                ShotResult::Miss => "miss".to_string(),
                ShotResult::NotAllowed => "not allowed".to_string(),
                ShotResult::Launched => "missile launched".to_string(),
            };
            format!(
                "shot {}: {} → {} ({}): {result}",
                i + 1,
                shot.attacker,
                shot.target,
                shot.weapon
            )
        })
        .collect();
    lines.extend(
        board
            .collisions
            .iter()
            .map(|hex| format!("collision in {} (ringed)", hex.display())),
    );
    if let Some(by) = board.floated {
        lines.push(format!(
            "the map floated: every counter moved by [{}, {}] (axial)",
            by.q, by.r
        ));
    }
    lines
}

/// The board in words.
pub fn describe(board: &Board) -> String {
    let mut parts: Vec<String> = board
        .ships
        .iter()
        .map(|ship| {
            let shields: Vec<String> = ARCS
                .iter()
                .zip(&ship.shields)
                .map(|(arc, (left, cap))| format!("{arc} {left}/{cap}"))
                .collect();
            format!(
                "{} ({}), {}{}; shields {}; hull {} of {} boxes crossed",
                ship.id,
                ship.class,
                place(ship),
                if ship.destroyed { ", destroyed" } else { "" },
                shields.join(", "),
                ship.hull.0,
                ship.hull.1
            )
        })
        .collect();
    parts.extend(
        board
            .terrain
            .iter()
            .map(|t| format!("{} in {}", t.kind, t.hex.display())),
    );
    parts.extend(
        board
            .missiles
            .iter()
            .map(|m| format!("missile {} in {}", m.id, m.hex.display())),
    );
    parts.extend(notes(board));
    parts.join("; ")
}

/// The class and the short label of a terrain hex (Talon rulebook 17–19); a kind an engine
/// adds later is drawn as plain terrain under its own name.
fn terrain_look(kind: &str) -> (&'static str, &str) {
    match kind {
        "asteroid" => ("terrain asteroid", "ast"),
        "nebula" => ("terrain nebula", "neb"),
        "planet" => ("terrain planet", "planet"),
        "black hole" => ("terrain blackhole", "BH"),
        "wormhole" => ("terrain wormhole", "WH"),
        other => ("terrain", other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_heading_keeps_the_picture_name() {
        let heading = format!("{} — Impulse C", "A long scenario title ".repeat(5));
        let fitted = fit(&heading, 300.0);
        assert!(fitted.ends_with("… — Impulse C"), "{fitted}");
        assert!(fitted.chars().count() <= 34, "{fitted}");
        assert_eq!(fit("Short — After", 300.0), "Short — After");
    }
}
