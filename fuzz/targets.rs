//! The fuzz targets and the properties every execution must keep, shared by the runner
//! (`fuzz/main.rs`, built as the `fuzz` example) and the corpus replay in `cargo test`
//! (`tests/integration/fuzz_corpus.rs`).
//!
//! Properties, for any bytes: no panic (the caller catches unwinding); every refusal is at
//! least one diagnostic; every located diagnostic points inside the text it quotes, on
//! character boundaries, and renders (human and JSON) without panicking. Memory and time
//! are bounded by the runner.

// Shared by the runner and the test replay; each uses a part.
#![allow(dead_code)]

use arbiter::adjudicate::{ResolveOptions, resolve_text};
use arbiter::cards::{CardDb, Game};
use arbiter::glossary::render::{lookup_human, lookup_json, not_found_finding};
use arbiter::glossary::search::Index;
use arbiter::glossary::{Glossary, Lang};
use arbiter::parse::{armada, xwing};
use arbiter::report::{
    FileId, Finding, HumanStyle, JsonFinding, SHOWN_PER_CODE_AND_FILE, SourceFiles, cap_repeats,
    render_human,
};

/// Every target, by the name the runner and the corpus folders use.
pub const TARGETS: [&str; 6] = ["armada", "xwing", "scenario", "cards", "validate", "rule"];

/// What one execution gives: a signature of what it found (the codes, for telling new
/// behaviour apart) or the property it broke.
pub type Outcome = Result<u64, String>;

/// Data shared by the executions of a run (the built-in card data and its lookups).
pub struct Context {
    db: CardDb,
}

impl Context {
    pub fn new() -> Self {
        let (db, _) = arbiter::cards::load(&arbiter::cards::LoadOptions {
            spans: false,
            embedded: true,
            overlays: Vec::new(),
            without: Vec::new(),
        });
        Context { db }
    }

    /// The `validate` path's lookups over the built-in data, built once per run.
    pub fn checker(&self) -> arbiter::ListChecker<'_> {
        arbiter::ListChecker::new(&self.db).expect("the built-in data has an Armada format")
    }
}

impl Default for Context {
    fn default() -> Self {
        Self::new()
    }
}

/// How many values of `pick` give `target` different work; any other pick repeats one of
/// these. A replay runs each input once per distinct pick, not more.
pub fn distinct_picks(target: &str) -> usize {
    match target {
        "armada" => armada::SourceFormat::ALL.len() + 1,
        "xwing" => xwing::SourceFormat::ALL.len(),
        "scenario" => SCENARIO_SEEDS as usize,
        "cards" => DATA_PATHS.len(),
        "rule" => Game::ALL.len() + 1,
        _ => 1,
    }
}

/// Run one target on `bytes`. `pick` varies what a target tries (the builder format a
/// reader is forced to, the path a data file is read at) from one execution to the next.
pub fn run(checker: &arbiter::ListChecker<'_>, target: &str, bytes: &[u8], pick: usize) -> Outcome {
    match target {
        "armada" => armada_list(bytes, pick),
        "xwing" => xwing_squad(bytes, pick),
        "scenario" => scenario(checker.card_data(), bytes, pick),
        "cards" => card_data(bytes, pick),
        "validate" => validate(checker, bytes),
        "rule" => rule_query(bytes, pick),
        other => Err(format!("no target `{other}`")),
    }
}

/// Armada list text, read by every builder's reader in turn (and by detection).
fn armada_list(bytes: &[u8], pick: usize) -> Outcome {
    let formats = armada::SourceFormat::ALL;
    let forced = formats.get(pick % (formats.len() + 1)).copied();
    let file = FileId(0);
    let (text, fleet) = armada::parse_bytes_as(file, bytes, None, forced);
    let mut files = SourceFiles::default();
    files.add("list.txt", text);
    check_findings(&files, &fleet.findings)
}

/// X-Wing squads: XWS JSON, builder links and text exports, detected and forced.
fn xwing_squad(bytes: &[u8], pick: usize) -> Outcome {
    let mut files = SourceFiles::default();
    let detected = xwing::read(&mut files, "squad", bytes);
    let mut signature = match &detected {
        Ok(squad) => check_findings(&files, &squad.findings)?,
        Err(findings) => refusal(&files, findings)?,
    };
    if let Ok(text) = std::str::from_utf8(bytes) {
        let formats = xwing::SourceFormat::ALL;
        if let Some(&format) = formats.get(pick % formats.len()) {
            let mut forced_files = SourceFiles::default();
            let file = forced_files.add("squad", text.to_string());
            signature ^= match xwing::parse_as(file, text, format) {
                Ok(squad) => check_findings(&forced_files, &squad.findings)?,
                Err(findings) => refusal(&forced_files, &findings)?,
            }
            .rotate_left(1);
        }
    }
    Ok(signature)
}

/// The dice seeds a scenario is resolved with, chosen by `pick`.
const SCENARIO_SEEDS: u64 = 7;

/// Scenario TOML of any game, resolved (steps capped by the scenario's own ceiling).
fn scenario(db: &CardDb, bytes: &[u8], pick: usize) -> Outcome {
    let text = String::from_utf8_lossy(bytes);
    let options = ResolveOptions {
        max_steps: None,
        seed: Some(pick as u64 % SCENARIO_SEEDS),
    };
    let (files, result) = resolve_text(db, "scenario.toml", &text, &options);
    match result {
        Ok(adjudication) => {
            let human = adjudication.render_human(100);
            let json = adjudication.render_json();
            if human.is_empty() || json.is_null() {
                return Err("a resolved scenario rendered nothing".to_string());
            }
            Ok(adjudication.step_count() as u64)
        }
        Err(findings) => refusal(&files, &findings),
    }
}

/// `arbiter rule`: any bytes as a query (lossy UTF-8), searched over every game (pick 0)
/// or one, and rendered as the command renders it: the answer in full and as JSON, or the
/// located `rules::not_found` finding. The hits are best first, of the game asked, with
/// finite scores.
fn rule_query(bytes: &[u8], pick: usize) -> Outcome {
    let query = String::from_utf8_lossy(bytes);
    let game = pick.checked_sub(1).and_then(|n| Game::ALL.get(n).copied());
    let (glossary, index) = rule_index(game);
    let lookup = index.search(&query, game);
    let scores: Vec<f32> = lookup.hits.iter().map(|h| h.score).collect();
    if scores.iter().any(|s| !s.is_finite()) {
        return Err(format!("a score is not finite: {scores:?}"));
    }
    if scores.windows(2).any(|w| w[0] < w[1]) {
        return Err(format!("hits out of order: {scores:?}"));
    }
    if let Some(other) = game.and_then(|g| lookup.hits.iter().find(|h| h.entry.game != g)) {
        return Err(format!("a hit of another game: {}", other.entry.id()));
    }
    let Some(best) = lookup.best() else {
        let (finding, files) = not_found_finding(&query, game, &lookup.suggestions, Lang::En);
        return check_findings(&files, &[finding]);
    };
    let human = lookup_human(glossary, &query, &lookup, Lang::En, HumanStyle::plain(100));
    if !human.contains(&best.entry.text(Lang::En).title) {
        return Err("the answer does not show its best entry's title".to_string());
    }
    if serde_json::from_str::<serde_json::Value>(&lookup_json(glossary, &lookup, Lang::En)).is_err()
    {
        return Err("the JSON answer does not parse".to_string());
    }
    Ok(hash(best.entry.id().as_bytes()) ^ lookup.hits.len() as u64)
}

/// The built-in glossary and the search index of `game` (every game for `None`), built once
/// per thread: building them for every execution would time the index, not the query.
fn rule_index(game: Option<Game>) -> (&'static Glossary<'static>, &'static Index<'static>) {
    type Built = (&'static Glossary<'static>, Vec<&'static Index<'static>>);
    thread_local! {
        static BUILT: std::cell::OnceCell<Built> = const { std::cell::OnceCell::new() };
    }
    let at = game
        .and_then(|g| Game::ALL.iter().position(|x| *x == g))
        .map_or(0, |n| n + 1);
    BUILT.with(|cell| {
        let (glossary, indexes) = cell.get_or_init(|| {
            // Leaked once per thread: an index borrows its glossary, which borrows the data.
            let db: &'static CardDb = Box::leak(Box::new(Context::new().db));
            let glossary: &'static Glossary<'static> = Box::leak(Box::new(Glossary::from_db(db)));
            let indexes = std::iter::once(None)
                .chain(Game::ALL.into_iter().map(Some))
                .map(|g| &*Box::leak(Box::new(Index::for_game(glossary, g))))
                .collect();
            (glossary, indexes)
        });
        (*glossary, indexes[at])
    })
}

/// Where a fuzzed data file is read from: its path decides what kind of data it is.
const DATA_PATHS: [&str; 10] = [
    "cards/xwing/pilots/fuzz.toml",
    "cards/xwing/upgrades.toml",
    "cards/xwing/revisions.toml",
    "cards/armada/ships.toml",
    "cards/armada/upgrades.toml",
    "errata/fuzz.toml",
    "formats/armada/fuzz.toml",
    "formats/xwing/fuzz.toml",
    "rules/fuzz.toml",
    "fuzz.toml",
];

/// Card data TOML (and errata, formats, glossary files), loaded and checked alone.
fn card_data(bytes: &[u8], pick: usize) -> Outcome {
    let relative = DATA_PATHS[pick % DATA_PATHS.len()];
    let db = arbiter::cards::load_bytes(relative, bytes.to_vec());
    let findings = arbiter::check::run(&db);
    let shown = cap_repeats(&findings, SHOWN_PER_CODE_AND_FILE, |f| {
        db.files.name(f).to_string()
    });
    check_findings(&db.files, &shown)?;
    check_findings(&db.files, &findings)
}

/// The whole `validate` path: game, reader, rules, points table, report.
fn validate(checker: &arbiter::ListChecker<'_>, bytes: &[u8]) -> Outcome {
    let report = checker.check("input", bytes);
    if !report.readable && !report.findings.iter().any(Finding::is_error) {
        return Err("an unreadable list without an error diagnostic".to_string());
    }
    let signature = check_findings(&report.files, &report.findings)?;
    let _ = report.verdict_line(false);
    let _ = report.verdict(false);
    serde_json::to_string(&report).map_err(|e| format!("the report does not serialise: {e}"))?;
    Ok(signature ^ u64::from(report.readable))
}

/// A refusal: at least one diagnostic, each sound.
fn refusal(files: &SourceFiles, findings: &[Finding]) -> Outcome {
    if findings.is_empty() {
        return Err("a refusal without a diagnostic".to_string());
    }
    Ok(check_findings(files, findings)? | 1)
}

/// Every located finding points inside its text on character boundaries, and every
/// finding a report would draw (the first `SHOWN_PER_CODE_AND_FILE` of each code) renders. Returns a signature of the codes found.
pub fn check_findings(files: &SourceFiles, findings: &[Finding]) -> Outcome {
    let mut signature = 0u64;
    let mut shown_per_code = std::collections::HashMap::new();
    for finding in findings {
        if let Some(location) = &finding.location {
            if location.file.0 as usize >= files.len() {
                return Err(format!(
                    "{}: points at a file that is not held",
                    finding.code
                ));
            }
            let text: &str = files.text(location.file);
            let span = &location.span;
            if span.start > span.end || span.end > text.len() {
                return Err(format!(
                    "{}: span {span:?} outside the text ({} bytes): {}",
                    finding.code,
                    text.len(),
                    finding.message
                ));
            }
            if !text.is_char_boundary(span.start) || !text.is_char_boundary(span.end) {
                return Err(format!(
                    "{}: span {span:?} splits a character",
                    finding.code
                ));
            }
        }
        // Rendered as the reports render them: repeats of one code past the cap are summed
        // up there, not drawn, so drawing them here would only measure miette on huge
        // inputs (it rescans the source for every span).
        let shown = shown_per_code.entry(finding.code).or_insert(0usize);
        *shown += 1;
        if *shown <= SHOWN_PER_CODE_AND_FILE {
            let rendered = render_human(files, finding, HumanStyle::plain(100));
            if !rendered.contains(finding.code.as_str()) {
                return Err(format!(
                    "{}: the rendered report lost its code",
                    finding.code
                ));
            }
            let _ = JsonFinding::new(files, finding);
        }
        signature = signature
            .wrapping_mul(31)
            .wrapping_add(hash(finding.code.as_str().as_bytes()));
    }
    Ok(signature)
}

/// FNV-1a: stable across runs, for signatures and file names.
pub fn hash(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}
