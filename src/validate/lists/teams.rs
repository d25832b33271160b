//! Sector Fleets team play: each `--team` group's fleets validated to the per-player split
//! of the format, then checked together (seed 003).

use super::{Checker, MAX_LIST_BYTES, unreadable_file};
use crate::input::list_inputs;
use crate::report::list::ListReport;
use crate::validate::armada as armada_validate;
use std::path::PathBuf;

impl Checker<'_> {
    /// Team play: each `--team` group's fleets validated to the per-player split of the
    /// format, then checked together.
    pub fn check_teams(&self, teams: &[Vec<PathBuf>]) -> Result<Vec<ListReport>, String> {
        let format = self.options.armada_format.ok_or(
            "team play needs an Armada format with team splits: add `--format sector-600` (or 800, 900, 1000, 1200)",
        )?;
        let sizes: Vec<usize> = teams.iter().map(Vec::len).collect();
        if sizes.windows(2).any(|w| w.first() != w.last()) {
            return Err(format!(
                "the teams have different numbers of fleets ({}); give each team as many fleets (a player may control two)",
                sizes
                    .iter()
                    .map(usize::to_string)
                    .collect::<Vec<_>>()
                    .join(" and ")
            ));
        }
        if teams.len() > 2 {
            return Err("a Sector Fleets game has two teams: give `--team` at most twice".into());
        }
        // With one team given, the other team has as many players.
        let players = u32::try_from(sizes.first().copied().unwrap_or(0) * 2).unwrap_or(u32::MAX);
        let (player_format, _) = armada_validate::team::player_format(format, players)?;
        let player_format = &player_format;
        let mut reports = Vec::new();
        for (index, team) in teams.iter().enumerate() {
            let mut checked = Vec::new();
            for input in list_inputs(team, MAX_LIST_BYTES) {
                let bytes = match input.read(MAX_LIST_BYTES) {
                    Ok(bytes) => bytes,
                    Err(why) => {
                        let mut report = unreadable_file(&input.name, &why);
                        report.team = Some(index + 1);
                        reports.push(report);
                        continue;
                    }
                };
                match self.game_of(&input.name, &bytes) {
                    Ok((_, builder)) => checked.push(self.check_fleet(
                        &input.name,
                        &bytes,
                        builder,
                        Some(player_format),
                    )),
                    Err(mut report) => {
                        report.team = Some(index + 1);
                        reports.push(*report);
                    }
                }
            }
            let mut members: Vec<armada_validate::team::Member<'_, '_>> = checked
                .iter_mut()
                .map(|c| armada_validate::team::Member {
                    fleet: &mut c.fleet,
                    file: c.file,
                    name: &c.name,
                })
                .collect();
            armada_validate::team::check_team(&mut members);
            reports.extend(
                checked
                    .into_iter()
                    .map(|c| self.fleet_report(c, Some(index + 1), Some(players))),
            );
        }
        Ok(reports)
    }
}
