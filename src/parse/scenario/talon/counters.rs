//! The counters on the map besides ships: terrain (Talon rulebook 17–19) and missiles in
//! flight (13.3), checked and resolved.

use super::file::{Launch, MissileFile, Move, Terrain, TerrainKind};
use super::hex::{Heading, Hex};
use super::scenario::{MissileDef, ShipDef, TerrainDef};
use crate::parse::scenario::check::Check;
use crate::report::Code;
use std::collections::HashMap;
use std::ops::Range;
use toml::Spanned;

pub fn terrain(check: &mut Check<'_>, terrain: &[Spanned<Terrain>]) -> Vec<TerrainDef> {
    terrain
        .iter()
        .filter_map(|t| {
            let piece = t.get_ref();
            let hex = hex_of(check, &piece.hex)?;
            Some(TerrainDef {
                id: piece
                    .id
                    .clone()
                    .unwrap_or_else(|| format!("{} {}", piece.kind.as_str(), hex.display())),
                kind: piece.kind,
                hex,
            })
        })
        .collect()
}

/// Ships never start where they would have been destroyed (17.2.1, 18.1).
pub fn check_ships_on_terrain(check: &mut Check<'_>, ships: &[ShipDef], terrain: &[TerrainDef]) {
    for ship in ships {
        let Some(hex) = ship.hex else { continue };
        for piece in terrain.iter().filter(|t| t.hex == hex) {
            let deadly = matches!(piece.kind, TerrainKind::Planet | TerrainKind::BlackHole);
            if deadly {
                check.error(
                    Code::ScenarioContradiction,
                    ship.span.clone(),
                    format!("`{}` starts in the {}'s hex", ship.id, piece.kind.as_str()),
                    "destroyed there",
                    "a ship that enters a planet or black hole hex is destroyed (Talon rulebook 17.2.1, 18.1): place it elsewhere".into(),
                );
            }
        }
    }
}

fn hex_of(check: &mut Check<'_>, h: &Spanned<super::hex::HexInput>) -> Option<Hex> {
    let hex = h.get_ref().hex();
    if hex.is_none() {
        check.error(
            Code::ScenarioInvalidValue,
            h.span(),
            "not a hex of the map".into(),
            "not CCRR or [q, r]",
            "write `\"0512\"` (column 05, row 12) or axial `[q, r]`".into(),
        );
    }
    hex
}

fn heading_of(check: &mut Check<'_>, h: &Spanned<i64>) -> Option<Heading> {
    let heading = Heading::from_degrees(*h.get_ref());
    if heading.is_none() {
        check.error(
            Code::ScenarioInvalidValue,
            h.span(),
            format!("heading {} is out of range", h.get_ref()),
            "no hex side",
            "a counter faces a hex side: 30, 90, 150, 210, 270 or 330 (compass degrees)".into(),
        );
    }
    heading
}

/// Missiles turn or fly straight; they never sideslip (13.4).
fn missile_moves(check: &mut Check<'_>, moves: &[Spanned<Move>]) -> Vec<(Move, Range<usize>)> {
    for m in moves {
        if matches!(m.get_ref(), Move::SideslipLeft | Move::SideslipRight) {
            check.error(
                Code::ScenarioIllegalChoice,
                m.span(),
                "a missile cannot sideslip".into(),
                "no sideslip",
                "a missile moves straight or turns one hex side then moves (Talon rulebook 13.4: turn radius 0, no sideslip)".into(),
            );
        }
    }
    moves.iter().map(|m| (*m.get_ref(), m.span())).collect()
}

/// Missiles in flight at the start.
pub fn missiles(
    check: &mut Check<'_>,
    missiles: &[Spanned<MissileFile>],
    ships: &HashMap<String, usize>,
    defs: &[ShipDef],
) -> Vec<MissileDef> {
    missiles
        .iter()
        .map(|m| {
            let missile = m.get_ref();
            let launcher = missile
                .launcher
                .as_ref()
                .map(|l| check.lookup(ships, l, "ship", Code::ScenarioUnknownShip));
            let side = launcher
                .and_then(|l| defs.get(l))
                .and_then(|l| l.side)
                .or(missile.side.as_ref().map(|s| *s.get_ref()));
            if launcher.is_none() && missile.side.is_none() {
                check.error(
                    Code::ScenarioMissingField,
                    m.span(),
                    format!("missile `{}` has neither `launcher` nor `side`", missile.id),
                    "whose missile?",
                    "its firing player moves it (Talon rulebook 13.4): add `launcher = \"<ship id>\"` or `side`".into(),
                );
            }
            MissileDef {
                id: missile.id.clone(),
                side,
                launcher,
                target: check.lookup(ships, &missile.target, "ship", Code::ScenarioUnknownShip),
                hex: hex_of(check, &missile.hex),
                heading: heading_of(check, &missile.heading),
                damaged: missile.damaged,
                moves: missile_moves(check, &missile.moves),
                launched_by: None,
                span: m.span(),
            }
        })
        .collect()
}

/// The missile a shot of a missile group launches; its id defaults to `M<n>`.
#[allow(clippy::too_many_arguments)]
pub fn launched(
    check: &mut Check<'_>,
    launch: Option<&Launch>,
    shot: usize,
    side: Option<crate::cards::talon::Side>,
    launcher: usize,
    target: usize,
    number: usize,
    span: Range<usize>,
) -> MissileDef {
    let empty = Launch::default();
    let launch = launch.unwrap_or(&empty);
    MissileDef {
        id: launch.id.clone().unwrap_or_else(|| format!("M{number}")),
        side,
        launcher: Some(launcher),
        target,
        hex: launch.hex.as_ref().and_then(|h| hex_of(check, h)),
        heading: launch.heading.as_ref().and_then(|h| heading_of(check, h)),
        damaged: false,
        moves: missile_moves(check, &launch.moves),
        launched_by: Some(shot),
        span,
    }
}
