//! Sector Fleets team play (Sector Fleets, "Flotas de Sector multijugador"): each player builds
//! a fleet to a share of the game's points, and a team's fleets are checked together: one
//! faction per team, each unique name once per team. The numbers (points per player,
//! flotilla cap, enlarged set-up area) come from the format's `[[team]]` splits.

use super::fleet::ValidatedFleet;
use super::rules::unique_uses;
use crate::cards::formats::{Format, TeamSplit};
use crate::report::{Code, FileId, Finding};
use std::collections::HashMap;

/// The format one player's fleet is built to in a game of `players`: the per-player
/// points, and the split's flotilla cap and set-up area. `Err` names the player counts
/// the format has splits for.
pub fn player_format(format: &Format, players: u32) -> Result<(Format, TeamSplit), String> {
    let Some(split) = format.team.iter().find(|t| t.players == players) else {
        let known: Vec<String> = format.team.iter().map(|t| t.players.to_string()).collect();
        return Err(if known.is_empty() {
            format!("the {} format has no team play", format.id)
        } else {
            format!(
                "the {} format has team splits for {} players, not {players}",
                format.id,
                known.join(" or ")
            )
        });
    };
    let mut player = format.clone();
    player.points_limit = split.per_player_points;
    player.flotilla_cap = split.flotilla_cap.or(format.flotilla_cap);
    player.enlarged_setup_area = Some(split.enlarged_setup_area);
    player.team_only = false;
    // The player's limits are the split's: they are written where the splits are.
    if let Some(team) = format.source_of("team").cloned() {
        player.sources.insert("points_limit".into(), team.clone());
        if split.flotilla_cap.is_some() {
            player.sources.insert("flotilla_cap".into(), team.clone());
        }
        player.sources.insert("enlarged_setup_area".into(), team);
    }
    player.sources.remove("team_only");
    Ok((player, split.clone()))
}

/// A team-only format (Sector Fleets at 900 points: six players, FORMACIÓN DE FLOTAS) used
/// to check one fleet alone: the fleet is one player's of its team game, so it is built to
/// that split's per-player points and flotilla cap, never to the game's total. With several
/// splits the number of players is unknown: refused, naming `--team`. Also the split's
/// number of players.
pub fn one_player_format(format: &Format) -> Result<(Format, u32), String> {
    match format.team.as_slice() {
        [split] => player_format(format, split.players).map(|(f, s)| (f, s.players)),
        splits => Err(format!(
            "the {} format is played only in teams, and its {} team splits leave one fleet's points open\nhelp: give each team's fleets with `--team FILE...` (once per team): the number of players sets each fleet's points (Sector Fleets, FLOTAS DE SECTOR MULTIJUGADOR)",
            format.id,
            splits.len()
        )),
    }
}

/// One fleet of a team, with where its spans point and how its file is called.
pub struct Member<'a, 'db> {
    pub fleet: &'a mut ValidatedFleet<'db>,
    pub file: FileId,
    pub name: &'a str,
}

/// Check the team rules across `members`, adding each finding to the fleet it points at.
pub fn check_team(members: &mut [Member<'_, '_>]) {
    check_faction(members);
    check_unique(members);
}

fn check_faction(members: &mut [Member<'_, '_>]) {
    let Some((first_name, first)) = members
        .iter()
        .find_map(|m| m.fleet.faction.map(|f| (m.name.to_string(), f)))
    else {
        return;
    };
    for member in members.iter_mut() {
        let Some(faction) = member.fleet.faction.filter(|f| *f != first) else {
            continue;
        };
        let span = member
            .fleet
            .ships
            .first()
            .map_or(0..0, |s| s.name_span.clone());
        let finding = Finding::error(
            Code::ArmadaTeamFaction,
            format!(
                "this fleet is {} but its team mate {first_name} is {}",
                super::faction_title(faction),
                super::faction_title(first)
            ),
        )
        .at(member.file, span)
        .label("another faction than the team's")
        .help("every fleet of a team must belong to the same faction: rebuild one of them");
        member.fleet.findings.push(finding);
    }
}

fn check_unique(members: &mut [Member<'_, '_>]) {
    // Clash name → the file of the first fleet using it and the name as written there.
    let mut taken: HashMap<String, (String, String)> = HashMap::new();
    for member in members.iter_mut() {
        let uses = unique_uses(member.fleet, None);
        let mut found = Vec::new();
        // Within one fleet the fleet's own unique rule speaks; here only clashes with an
        // earlier team mate count.
        for used in &uses {
            let Some((first_file, first_name)) =
                used.classes.iter().find_map(|c| taken.get(c.as_ref()))
            else {
                continue;
            };
            let message = if crate::text::normalize(first_name) == crate::text::normalize(used.name)
            {
                format!(
                    "the unique name `{}` is already in {first_file}, a fleet of the same team",
                    used.name
                )
            } else {
                format!(
                    "`{}` shares a unique name with `{first_name}` in {first_file}, a fleet of the same team",
                    used.name
                )
            };
            found.push(
                Finding::error(Code::ArmadaTeamUnique, message)
                    .at(member.file, used.span.clone())
                    .label("unique name used again in the team")
                    .help("a team may hold each unique name once across all its fleets: remove it from one fleet"),
            );
        }
        for used in uses {
            for class in used.classes {
                taken
                    .entry(class.into_owned())
                    .or_insert_with(|| (member.name.to_string(), used.name.to_string()));
            }
        }
        member.fleet.findings.extend(found);
    }
}
