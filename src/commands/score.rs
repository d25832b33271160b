//! `arbiter score armada`: tournament points from a game's margin of victory, by the
//! format's table (the Sector Fleets rulebook, "Puntos de torneo").

use super::{load_data, print_json, print_stdout, stderr_line};
use crate::cards::Game;
use crate::cards::formats::MarginBand;
use crate::cli::{Outcome, ReportFormat, ScoreArmadaArgs};
use crate::report::new_table;
use serde::Serialize;
use std::path::PathBuf;

#[derive(Debug, Serialize)]
struct ScoreJson<'a> {
    format: &'a str,
    margin: u32,
    /// Present when the two scores were given.
    scores: Option<Scores>,
    winner: u32,
    loser: u32,
    band: &'a MarginBand,
}

#[derive(Debug, Serialize)]
struct Scores {
    first_player: u32,
    second_player: u32,
    /// `first` or `second`: who won (a tie goes to the second player).
    winner: &'static str,
}

pub fn armada(overlays: &[PathBuf], args: ScoreArmadaArgs) -> Outcome {
    let db = match load_data(overlays, &[]) {
        Ok(db) => db,
        Err(outcome) => return outcome,
    };
    let Some(format) = db.format(Game::Armada, &args.format) else {
        let known: Vec<&str> = db
            .formats_of(Game::Armada)
            .filter(|f| !f.margin_of_victory.is_empty())
            .map(|f| f.id.as_str())
            .collect();
        stderr_line(&format!(
            "error: no Armada format is called `{}`; formats with a margin-of-victory table: {}",
            args.format,
            known.join(", ")
        ));
        return Outcome::Failed;
    };
    let (margin, scores) = match (&args.scores, args.margin) {
        (Some(scores), _) => {
            let (first, second) = (scores[0], scores[1]);
            // Rules Reference, "Ganar y perder": a tie goes to the second player.
            let winner = if first > second { "first" } else { "second" };
            (
                first.abs_diff(second),
                Some(Scores {
                    first_player: first,
                    second_player: second,
                    winner,
                }),
            )
        }
        (None, Some(margin)) => (margin, None),
        (None, None) => {
            stderr_line("error: give `--margin <POINTS>` or `--scores <FIRST> <SECOND>`");
            return Outcome::Failed;
        }
    };
    let Some(band) = format.margin_band(margin) else {
        stderr_line(&format!(
            "error: the {} format has no margin-of-victory table (Sector Fleets formats have one)",
            format.id
        ));
        return Outcome::Failed;
    };
    match args.output {
        ReportFormat::Json => {
            let json = ScoreJson {
                format: &format.id,
                margin,
                scores,
                winner: band.winner,
                loser: band.loser,
                band,
            };
            print_json(&json);
        }
        ReportFormat::Human => {
            let mut table = new_table(vec!["Margin of victory", "Winner", "Loser", ""]);
            for row in &format.margin_of_victory {
                let range = match row.max {
                    Some(max) => format!("{}–{max}", row.min),
                    None => format!("{}+", row.min),
                };
                let mark = if std::ptr::eq(row, band) { "◀" } else { "" };
                table.add_row(vec![
                    range,
                    row.winner.to_string(),
                    row.loser.to_string(),
                    mark.to_string(),
                ]);
            }
            let who = match &scores {
                Some(s) => format!(
                    "{} – {}: the {} player wins by {margin}",
                    s.first_player, s.second_player, s.winner
                ),
                None => format!("margin {margin}"),
            };
            // The table's own citation: the section that prints it.
            let source = format
                .source_of("margin_of_victory")
                .map_or_else(|| "source not given".to_string(), |c| c.line());
            print_stdout(&format!(
                "{}: tournament points by margin of victory ({source})\n{table}\n{who}: the winner scores {} tournament points, the loser {}.",
                format.name, band.winner, band.loser
            ));
        }
    }
    Outcome::Clean
}
