use super::{load_data, print_json, print_stderr, print_stdout};
use crate::cards::DataKind;
use crate::cards::xwing::coverage::{Coverage, coverage};
use crate::cli::{CoverageArgs, Outcome, ReportFormat};
use crate::report::{Code, Finding, HumanStyle, SourceFiles, new_table, render_human};
use crate::text::did_you_mean;

pub fn run(overlays: &[std::path::PathBuf], args: CoverageArgs) -> Outcome {
    let db = match load_data(overlays, &[DataKind::Errata, DataKind::Rules]) {
        Ok(db) => db,
        Err(outcome) => return outcome,
    };
    let xwing = crate::cards::Game::Xwing;
    let result = match db.format(xwing, &args.format) {
        Some(format) => coverage(&db.xwing, format).map_err(|message| {
            Finding::error(Code::XwingRevision, message)
                .help("give the format a points revision the card data has")
        }),
        None => Err(Finding::error(
            Code::XwingRevision,
            format!("no X-Wing format is called `{}`", args.format),
        )
        .help(did_you_mean(
            &args.format,
            db.formats_of(xwing).map(|f| f.id.as_str()),
            "name a format of data/formats/xwing",
        ))),
    };
    let figures = match result {
        Ok(figures) => figures,
        Err(finding) => {
            print_stderr(&render_human(
                &SourceFiles::default(),
                &finding,
                HumanStyle::for_stderr(),
            ));
            return Outcome::Failed;
        }
    };
    match args.output {
        ReportFormat::Json => print_json(&serde_json::json!({ "xwing": figures })),
        ReportFormat::Human => print_stdout(&human(&figures)),
    }
    Outcome::Clean
}

fn human(c: &Coverage) -> String {
    let mut out = format!(
        "X-Wing, {} format ({}): {} of {} abilities of its pilots and upgrades have timing facts ({:.1}%); {} say everything the card does, {} were checked by hand. Ship abilities: {} of {}.\n",
        c.format,
        c.points_revision,
        c.with_timing,
        c.abilities,
        c.ratio * 100.0,
        c.complete,
        c.checked,
        c.ship_abilities.with_timing,
        c.ship_abilities.abilities,
    );
    if c.uncovered.is_empty() {
        return out;
    }
    out.push_str(&format!(
        "{} without timing facts (add them to data/cards/xwing/timing-overrides.toml):\n",
        c.uncovered.len()
    ));
    let mut table = new_table(vec!["part", "card", "name", "side"]);
    for u in &c.uncovered {
        table.add_row(vec![
            u.part.as_str().to_string(),
            u.card.clone(),
            u.name.clone(),
            u.side.to_string(),
        ]);
    }
    out.push_str(&table.to_string());
    out
}
