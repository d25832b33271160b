//! The Space Alert ship after a turn: three zones of two decks (crew in their stations,
//! internal threats' tokens), each zone's shield, reactor and damage as rows of boxes, and
//! the trajectories (space 1, next to the ship, on the left) with the threat tokens.

use super::svg::Svg;
use crate::report::picture::spacealert::{
    CrewMember, Deck, Place, Robots, ShipBoard, Station, Track, ZONES,
};

const WIDTH: f64 = 980.0;
const ZONE_W: f64 = 150.0;
const SHIP_X: f64 = 16.0;
const METERS_Y: f64 = 34.0;
const DECK_Y: [f64; 2] = [112.0, 204.0];
const DECK_H: f64 = 88.0;
const TRACKS_X: f64 = 500.0;
const TRACK_ROW: f64 = 70.0;

/// The drawing of `board`; `id` keeps its ids unique on a page.
pub fn draw(board: &ShipBoard, id: &str, heading: &str, standalone: bool) -> String {
    let tracks_h = 40.0 + TRACK_ROW * board.tracks.len() as f64;
    let height = tracks_h.max(330.0) + if board.lost.is_some() { 40.0 } else { 0.0 };
    let mut svg = Svg::open(id, (WIDTH, height), heading, &describe(board), standalone);
    svg.text((SHIP_X, 18.0), "big", heading);
    for zone in 0..3 {
        draw_zone(&mut svg, board, zone);
    }
    draw_interceptors(&mut svg, board);
    for (row, track) in board.tracks.iter().enumerate() {
        draw_track(&mut svg, track, 30.0 + TRACK_ROW * row as f64);
    }
    if let Some(lost) = &board.lost {
        let y = height - 36.0;
        svg.rect((SHIP_X, y), (WIDTH - 2.0 * SHIP_X, 28.0), "lost");
        svg.text(
            (SHIP_X + 10.0, y + 19.0),
            "b",
            &format!("✘ The ship is lost: {lost}"),
        );
    }
    svg.close()
}

fn zone_x(zone: usize) -> f64 {
    SHIP_X + ZONE_W * zone as f64
}

fn draw_zone(svg: &mut Svg, board: &ShipBoard, zone: usize) {
    let x = zone_x(zone);
    let name = ZONES.get(zone).copied().unwrap_or("?");
    let Some(numbers) = board.zones.get(zone) else {
        return;
    };
    svg.rect(
        (x, METERS_Y - 8.0),
        (ZONE_W - 4.0, 16.0),
        &format!("z-{name}"),
    );
    let label_class = if name == "white" {
        "mid b small"
    } else {
        "mid b small on-dark"
    };
    svg.text(
        (x + ZONE_W / 2.0, METERS_Y + 4.0),
        label_class,
        &format!("{} zone", name.to_uppercase()),
    );
    let meters = [
        ("shield", numbers.shield, "shield", false),
        ("reactor", numbers.reactor, "reactor", false),
        ("damage", numbers.damage, "hurt", true),
    ];
    for (row, (label, (now, cap), class, cross)) in meters.into_iter().enumerate() {
        let y = METERS_Y + 14.0 + 16.0 * row as f64;
        svg.text(
            (x + 2.0, y + 10.0),
            "small",
            &format!("{label} {now}/{cap}"),
        );
        svg.boxes(
            (x + 66.0, y),
            (u32::from(now), u32::from(cap)),
            class,
            cross,
        );
    }
    for (deck_row, deck) in [Deck::Upper, Deck::Lower].into_iter().enumerate() {
        let y = DECK_Y[deck_row];
        svg.rect((x, y), (ZONE_W - 4.0, DECK_H), "room");
        svg.text(
            (x + 4.0, y + 12.0),
            "small muted",
            &format!("{} {name}", deck.as_str()),
        );
        let here = Station { zone, deck };
        draw_internal_tokens(svg, board, here, (x, y));
        let crew: Vec<(usize, &CrewMember)> = board
            .crew
            .iter()
            .enumerate()
            .filter(|(_, c)| c.place == Place::Station(here))
            .collect();
        for (slot, (seat, member)) in crew.into_iter().enumerate() {
            let cx = x + 16.0 + 28.0 * (slot % 5) as f64;
            draw_crew(svg, member, seat, (cx, y + 44.0));
        }
    }
}

/// A crew member: a circle (an android: a square) in its seat's colour with its initial,
/// its name under it; knocked out: faded and crossed; battle bots: a small `R` box (struck
/// when disabled).
fn draw_crew(svg: &mut Svg, member: &CrewMember, seat: usize, (cx, cy): (f64, f64)) {
    let class = format!(
        "crew c{}{}",
        seat % 5,
        if member.knocked_out { " out" } else { "" }
    );
    if member.android {
        svg.rect((cx - 10.0, cy - 10.0), (20.0, 20.0), &class);
    } else {
        svg.circle((cx, cy), 10.0, &class);
    }
    let initial: String = member.name.chars().take(1).collect();
    svg.text((cx, cy + 4.0), "mid b", &initial);
    if member.knocked_out {
        svg.line((cx - 10.0, cy - 10.0), (cx + 10.0, cy + 10.0), "cross");
    }
    let short: String = member.name.chars().take(7).collect();
    svg.text((cx, cy + 22.0), "mid small", &short);
    if member.robots != Robots::None {
        svg.rect((cx + 4.0, cy - 16.0), (10.0, 10.0), "box");
        svg.text((cx + 9.0, cy - 8.0), "mid small", "R");
        if member.robots == Robots::Disabled {
            svg.line((cx + 4.0, cy - 6.0), (cx + 14.0, cy - 16.0), "cross");
        }
    }
}

fn draw_internal_tokens(svg: &mut Svg, board: &ShipBoard, here: Station, (x, y): (f64, f64)) {
    let tokens = board.internal.iter().filter(|t| t.stations.contains(&here));
    for (slot, threat) in tokens.enumerate() {
        let cx = x + ZONE_W - 18.0 - 22.0 * slot as f64;
        let cy = y + 76.0;
        svg.polygon(&diamond((cx, cy), 9.0), "inside");
        svg.text((cx, cy + 4.0), "mid small b", &threat.token.to_string());
    }
}

fn diamond((cx, cy): (f64, f64), r: f64) -> [(f64, f64); 4] {
    [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
}

fn draw_interceptors(svg: &mut Svg, board: &ShipBoard) {
    let y = DECK_Y[1] + DECK_H + 8.0;
    let out: Vec<(usize, &CrewMember)> = board
        .crew
        .iter()
        .enumerate()
        .filter(|(_, c)| c.place == Place::Interceptors)
        .collect();
    let rockets = match board.rocket_flying {
        Some(space) => format!(
            "rockets: {} in the rack, one in flight on space {space}",
            board.rockets
        ),
        None => format!("rockets: {} in the rack", board.rockets),
    };
    svg.text((SHIP_X, y + 12.0), "small", &rockets);
    if out.is_empty() {
        return;
    }
    svg.text((SHIP_X + 240.0, y + 12.0), "small", "in the interceptors:");
    for (slot, (seat, member)) in out.into_iter().enumerate() {
        draw_crew(
            svg,
            member,
            seat,
            (SHIP_X + 360.0 + 28.0 * slot as f64, y + 8.0),
        );
    }
}

/// A trajectory: its spaces left to right from the ship, X, Y and Z marked by letter and
/// tint, the threats' tokens (external: circles, internal: diamonds) on their spaces and a
/// line naming each.
fn draw_track(svg: &mut Svg, track: &Track, y: f64) {
    let zone = match track.zone {
        Some(z) => ZONES.get(z).copied().unwrap_or("?"),
        None => "internal",
    };
    svg.text(
        (TRACKS_X, y + 10.0),
        "small b",
        &format!("{zone} trajectory {}", track.name),
    );
    let length = f64::from(track.length.max(1));
    let cell = (440.0 / length).min(30.0);
    let top = y + 26.0;
    for space in 1..=track.length {
        let x = TRACKS_X + cell * f64::from(space - 1);
        let (class, letter) = if space == track.z {
            ("cell-z", "Z")
        } else if space == track.x {
            ("cell-x", "X")
        } else if track.y.contains(&space) {
            ("cell-y", "Y")
        } else {
            ("cell", "")
        };
        svg.rect((x, top), (cell, 24.0), class);
        let mark = if letter.is_empty() {
            space.to_string()
        } else {
            letter.to_string()
        };
        svg.text((x + cell / 2.0, top - 2.0), "mid small muted", &mark);
    }
    let mut names = Vec::new();
    for (i, threat) in track.threats.iter().enumerate() {
        let x = TRACKS_X + cell * (f64::from(threat.space.max(1)) - 0.5);
        let cy = top + 12.0 - 3.0 * (i % 2) as f64;
        if track.zone.is_some() {
            svg.circle((x, cy), 9.0, "threat");
        } else {
            svg.polygon(&diamond((x, cy), 10.0), "inside");
        }
        svg.text((x, cy + 4.0), "mid small b", &threat.token.to_string());
        names.push(format!(
            "#{} {} on {} ({}/{} hp)",
            threat.token, threat.name, threat.space, threat.health.0, threat.health.1
        ));
    }
    if !names.is_empty() {
        svg.text((TRACKS_X, top + 38.0), "small", &names.join(" · "));
    }
}

/// The board in words, for screen readers and the drawing's description.
pub fn describe(board: &ShipBoard) -> String {
    let mut parts = Vec::new();
    for (zone, z) in ZONES.iter().zip(&board.zones) {
        parts.push(format!(
            "{zone} zone: shield {}/{}, reactor {}/{}, damage {}/{}",
            z.shield.0, z.shield.1, z.reactor.0, z.reactor.1, z.damage.0, z.damage.1
        ));
    }
    let crew: Vec<String> = board
        .crew
        .iter()
        .map(|c| {
            let place = match c.place {
                Place::Station(s) => format!(
                    "{} {}",
                    s.deck.as_str(),
                    ZONES.get(s.zone).copied().unwrap_or("?")
                ),
                Place::Interceptors => "in the interceptors".to_string(),
            };
            let out = if c.knocked_out { ", knocked out" } else { "" };
            format!("{} {place}{out}", c.name)
        })
        .collect();
    parts.push(format!("crew: {}", crew.join(", ")));
    for track in &board.tracks {
        for t in &track.threats {
            let zone = track
                .zone
                .and_then(|z| ZONES.get(z).copied())
                .unwrap_or("internal");
            parts.push(format!(
                "threat #{} {} on space {} of the {zone} trajectory, {}/{} hp",
                t.token, t.name, t.space, t.health.0, t.health.1
            ));
        }
    }
    if let Some(lost) = &board.lost {
        parts.push(format!("the ship is lost: {lost}"));
    }
    parts.join("; ")
}
