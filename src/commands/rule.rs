//! `arbiter rule`: look a term up in the judges' glossary, or list its entries.

use super::{load_data, print_json, print_stderr, print_stdout};
use crate::cards::DataKind;
use crate::cards::Game;
use crate::cli::{Outcome, ReportFormat, RuleArgs};
use crate::glossary::render::{
    entry_json, list_table, lookup_human, lookup_value, not_found_finding,
};
use crate::glossary::search::{Hit, Index};
use crate::glossary::{Glossary, Lang};
use crate::report::{HumanStyle, JsonFinding, render_human};
use serde_json::{Value, json};
use std::path::PathBuf;

pub fn run(data: &[PathBuf], args: RuleArgs) -> Outcome {
    let db = match load_data(
        data,
        &[DataKind::Cards, DataKind::Errata, DataKind::Formats],
    ) {
        Ok(db) => db,
        Err(outcome) => return outcome,
    };
    let glossary = Glossary::from_db(&db);
    let lang = args.lang.unwrap_or_else(Lang::from_env);
    if args.list {
        let entries: Vec<_> = glossary.in_game(args.game).collect();
        match args.output {
            ReportFormat::Human => print_stdout(&list_table(&entries, None)),
            ReportFormat::Json => {
                let entries: Vec<Value> = entries
                    .iter()
                    .map(|e| entry_json(&glossary, e, lang, None))
                    .collect();
                print_json(&json!({ "entries": entries }));
            }
        }
        return Outcome::Clean;
    }
    let query = args.term.join(" ");
    let index = Index::for_game(&glossary, args.game);
    let lookup = index.search(&query, args.game);
    // The process ends after one lookup: freeing the index's tens of thousands of small
    // allocations one by one would only add to the time a judge waits.
    std::mem::forget(index);
    // The query's own language beats the locale; --lang beats both.
    let lang = args.lang.or(lookup.lang).unwrap_or(lang);
    if lookup.best().is_none() {
        // Found in another game? Then that is the suggestion.
        let elsewhere = match args.game {
            Some(_) => Index::new(&glossary).search(&query, None).hits,
            None => Vec::new(),
        };
        let suggestions = if elsewhere.is_empty() {
            &lookup.suggestions
        } else {
            &elsewhere
        };
        return not_found(&query, args.game, suggestions, lang, args.output);
    }
    match args.output {
        ReportFormat::Human => print_stdout(&lookup_human(
            &glossary,
            &query,
            &lookup,
            lang,
            stdout_style(),
        )),
        ReportFormat::Json => print_json(&lookup_value(&glossary, &lookup, lang)),
    }
    Outcome::Clean
}

/// Coloured as `--color` and the terminal decide; text as wide as the terminal, at most 100.
fn stdout_style() -> HumanStyle {
    use std::io::IsTerminal;
    let tty = std::io::stdout().is_terminal();
    let width = comfy_table::Table::new()
        .width()
        .map_or(100, |w| usize::from(w).clamp(40, 100));
    HumanStyle {
        color: crate::report::use_color(crate::report::Stream::Stdout),
        width: if tty { width } else { 100 },
    }
}

/// A miss is a finding on the query, with the nearest entries as help.
fn not_found(
    query: &str,
    game: Option<Game>,
    suggestions: &[Hit<'_>],
    lang: Lang,
    output: ReportFormat,
) -> Outcome {
    let (finding, files) = not_found_finding(query, game, suggestions, lang);
    match output {
        ReportFormat::Human => {
            print_stderr(&render_human(&files, &finding, HumanStyle::for_stderr()))
        }
        ReportFormat::Json => {
            let did_you_mean: Vec<Value> = suggestions
                .iter()
                .take(3)
                .map(|h| json!({"id": h.entry.id(), "game": h.entry.game, "title": h.entry.text(lang).title}))
                .collect();
            let body = json!({
                "entries": [],
                "did_you_mean": did_you_mean,
                "diagnostics": [JsonFinding::new(&files, &finding)],
            });
            print_json(&body);
        }
    }
    Outcome::Findings
}
