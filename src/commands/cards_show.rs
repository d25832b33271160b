use super::{load_data, print_json, print_stderr, print_stdout, stderr_line};
use crate::cards::DataKind;
use crate::cards::lookup::{Hit, MatchQuality, search as find};
use crate::cards::{CardDb, CardEntry};
use crate::cli::{Outcome, ReportFormat, SearchArgs, ShowArgs};
use crate::report::{Code, Finding, HumanStyle, SourceFiles, new_table, render_human, visible};
use crate::text::suggestion_help;
use serde_json::json;
use std::path::PathBuf;

pub fn show(data: &[PathBuf], args: ShowArgs) -> Outcome {
    let db = match load_data(data, &[DataKind::Rules]) {
        Ok(db) => db,
        Err(outcome) => return outcome,
    };
    let (hits, suggestions) = find(&db, &args.name, args.game);
    let Some(best) = hits.first() else {
        return not_found(&args.name, &suggestions, args.output);
    };
    // Only an exact name, nickname or id, or a partial one that fits a single card, picks
    // the card: anything else would guess on the user's behalf.
    let at_best = hits.iter().filter(|h| h.quality == best.quality).count();
    if best.quality > MatchQuality::Squashed && at_best > 1 {
        return ambiguous(&args.name, &hits, args.output);
    }
    // Several equally good matches (same name in two games, factions or slots): show every
    // current one; older printings and pack revisions are listed after them.
    let equally_good: Vec<&Hit> = hits
        .iter()
        .filter(|h| h.quality == best.quality && best.quality <= MatchQuality::Squashed)
        .collect();
    let (current, older): (Vec<&Hit>, Vec<&Hit>) = equally_good
        .iter()
        .partition(|h| h.entry.current || !best.entry.current);
    let shown = if current.is_empty() {
        vec![best]
    } else {
        current
    };
    match args.output {
        ReportFormat::Human => {
            let mut out = String::new();
            for hit in &shown {
                out.push_str(&card_table(&db, &hit.entry));
                out.push('\n');
            }
            if !older.is_empty() {
                out.push_str("Other versions (older printings, content-pack revisions):\n");
                for hit in &older {
                    let e = &hit.entry;
                    out.push_str(&format!(
                        "  {} {} `{}`: arbiter cards show {}\n",
                        e.game.as_str(),
                        e.kind,
                        e.name,
                        e.id
                    ));
                }
            }
            if best.quality > MatchQuality::Squashed && hits.len() > 1 {
                out.push_str(&format!(
                    "{} other cards match `{}`; `arbiter cards search` lists them\n",
                    hits.len() - 1,
                    args.name
                ));
            }
            print_stdout(&out);
        }
        ReportFormat::Json => {
            let cards: Vec<_> = shown.iter().map(|h| card_json(&db, &h.entry)).collect();
            print_json(&json!({ "cards": cards }));
        }
    }
    Outcome::Clean
}

pub fn search(data: &[PathBuf], args: SearchArgs) -> Outcome {
    let db = match load_data(data, &[DataKind::Rules]) {
        Ok(db) => db,
        Err(outcome) => return outcome,
    };
    let (hits, suggestions) = find(&db, &args.query, args.game);
    if hits.is_empty() {
        return not_found(&args.query, &suggestions, args.output);
    }
    let listed = &hits[..hits.len().min(args.limit)];
    match args.output {
        ReportFormat::Human => {
            let mut table = new_table(vec!["game", "kind", "id", "name"]);
            for hit in listed {
                let e = &hit.entry;
                table.add_row([e.game.as_str(), e.kind, e.id, e.name].map(visible));
            }
            let mut out = table.to_string();
            out.push('\n');
            if hits.len() > listed.len() {
                out.push_str(&format!(
                    "{} of {} matches shown; use --limit to see more\n",
                    listed.len(),
                    hits.len()
                ));
            }
            print_stdout(&out);
        }
        ReportFormat::Json => {
            let results: Vec<_> = listed
                .iter()
                .map(|h| json!({"game": h.entry.game, "kind": h.entry.kind, "id": h.entry.id, "name": h.entry.name}))
                .collect();
            print_json(&json!({"query": args.query, "total": hits.len(), "results": results}));
        }
    }
    Outcome::Clean
}

fn card_table(db: &CardDb, entry: &CardEntry<'_>) -> String {
    let mut table = new_table(vec![
        visible(entry.name).into_owned(),
        format!("{} {}", entry.game.title(), entry.kind),
    ]);
    table.add_row(vec!["id".into(), visible(entry.id)]);
    for (label, value) in db.facts(entry) {
        table.add_row(vec![label, visible(&value).into_owned()]);
    }
    let mut out = table.to_string();
    out.push('\n');
    let errata: Vec<_> = db.errata_for(entry).collect();
    if !errata.is_empty() {
        let mut table = new_table(vec!["errata", "change"]);
        for erratum in errata {
            let mut source = format!("{} {}", erratum.document, erratum.version);
            if let Some(date) = &erratum.date {
                source.push_str(&format!(" ({date})"));
            }
            let mut change = erratum.summary.clone();
            for field in &erratum.change {
                let old = field
                    .old
                    .as_ref()
                    .map_or("?".to_string(), |v| v.to_string());
                let new = field
                    .new
                    .as_ref()
                    .map_or("?".to_string(), |v| v.to_string());
                change.push_str(&format!("\n{}: {old} → {new}", field.field));
            }
            table.add_row(vec![visible(&source), visible(&change)]);
        }
        out.push_str(&table.to_string());
        out.push('\n');
    }
    out
}

fn card_json(db: &CardDb, entry: &CardEntry<'_>) -> serde_json::Value {
    let errata: Vec<_> = db.errata_for(entry).map(|e| &e.value).collect();
    json!({
        "game": entry.game,
        "kind": entry.kind,
        "id": entry.id,
        "name": entry.name,
        "facts": db.facts(entry).into_iter().map(|(k, v)| json!({"label": k, "value": v})).collect::<Vec<_>>(),
        "card": db.card_json(entry),
        "errata": errata,
    })
}

/// Most candidates listed for an ambiguous name; `cards search` lists the rest.
const MAX_CANDIDATES: usize = 20;

/// Several cards match equally well: a finding on the query and the candidates, best first,
/// so the user can pick one by id. Exit 2: the command could not do what was asked.
fn ambiguous(query: &str, hits: &[Hit<'_>], output: ReportFormat) -> Outcome {
    let listed = &hits[..hits.len().min(MAX_CANDIDATES)];
    let mut files = SourceFiles::default();
    let file = files.add("query", query.to_string());
    let mut help = "run `arbiter cards show <id>` with one of the ids below".to_string();
    if hits.len() > listed.len() {
        help.push_str(&format!(
            "; {} more match: `arbiter cards search \"{query}\" --limit {}`",
            hits.len() - listed.len(),
            hits.len()
        ));
    }
    let finding = Finding::error(
        Code::AmbiguousName,
        format!("`{query}` matches {} cards; which one?", hits.len()),
    )
    .at(file, 0..query.len())
    .label("ambiguous name")
    .help(help);
    match output {
        ReportFormat::Human => {
            let mut table = new_table(vec!["name", "game", "type", "id"]);
            for hit in listed {
                let e = &hit.entry;
                table.add_row(vec![e.name, e.game.as_str(), e.kind, e.id]);
            }
            stderr_line(&format!(
                "{}{table}",
                render_human(&files, &finding, HumanStyle::for_stderr())
            ));
        }
        ReportFormat::Json => {
            let matches: Vec<_> = listed
                .iter()
                .map(|h| json!({"name": h.entry.name, "game": h.entry.game, "kind": h.entry.kind, "id": h.entry.id}))
                .collect();
            let body = json!({
                "cards": [],
                "matches": matches,
                "total": hits.len(),
                "diagnostics": [crate::report::JsonFinding::new(&files, &finding)],
            });
            print_json(&body);
        }
    }
    Outcome::Failed
}

/// A miss is a finding on the query itself, with the nearest names as help.
fn not_found(query: &str, suggestions: &[String], output: ReportFormat) -> Outcome {
    let help = suggestion_help(
        suggestions,
        "try fewer words, or `arbiter cards search` with part of the name",
    );
    let mut files = SourceFiles::default();
    let file = files.add("query", query.to_string());
    let finding = Finding::error(Code::NotFound, format!("no card matches `{query}`"))
        .at(file, 0..query.len())
        .label("unknown name")
        .help(help);
    match output {
        ReportFormat::Human => {
            print_stderr(&render_human(&files, &finding, HumanStyle::for_stderr()))
        }
        ReportFormat::Json => {
            let body = json!({
                "cards": [],
                "did_you_mean": suggestions,
                "diagnostics": [crate::report::JsonFinding::new(&files, &finding)],
            });
            print_json(&body);
        }
    }
    Outcome::Findings
}
