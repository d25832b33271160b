//! Search quality of `arbiter rule`, measured: top-1 accuracy over the judge queries in
//! tests/fixtures/rule-queries.toml must be at least 95%. Run with `--nocapture` to see the
//! figure and every miss.

use crate::support::{built_in_db, root};
use arbiter::cards::Game;
use arbiter::glossary::Glossary;
use arbiter::glossary::search::Index;
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Table {
    query: Vec<Query>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Query {
    q: String,
    game: Option<Game>,
    expect: String,
    kind: String,
}

const MIN_TOP1: f64 = 0.95;

#[test]
fn top1_accuracy_over_judge_queries() {
    let path = root().join("tests/fixtures/rule-queries.toml");
    let table: Table = toml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert!(
        table.query.len() >= 60,
        "the table needs at least 60 queries"
    );
    let glossary = Glossary::from_db(built_in_db());
    let index = Index::new(&glossary);
    let mut by_kind: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let mut misses = Vec::new();
    let mut games = BTreeMap::new();
    for query in &table.query {
        // The expected entry must exist in the expected game, or the table itself is wrong.
        let expected: Vec<_> = glossary
            .in_game(query.game)
            .filter(|e| e.id() == query.expect)
            .collect();
        assert_eq!(
            expected.len(),
            1,
            "`{}`: expected id `{}` is not one entry",
            query.q,
            query.expect
        );
        *games.entry(expected[0].game).or_insert(0) += 1;
        let lookup = index.search(&query.q, query.game);
        let got = lookup
            .best()
            .map(|h| (h.entry.game, h.entry.id().to_string(), h.kind));
        let ok = got
            .as_ref()
            .is_some_and(|(g, id, _)| *g == expected[0].game && *id == query.expect);
        let counts = by_kind.entry(query.kind.as_str()).or_default();
        counts.1 += 1;
        if ok {
            counts.0 += 1;
        } else {
            misses.push(format!(
                "  `{}` (--game {}): expected {}, got {}",
                query.q,
                query.game.map_or("-", |g| g.as_str()),
                query.expect,
                got.map_or("nothing".to_string(), |(g, id, kind)| format!(
                    "{}/{id} ({})",
                    g.as_str(),
                    kind.as_str()
                ))
            ));
        }
    }
    let total = table.query.len();
    let hits = total - misses.len();
    let top1 = hits as f64 / total as f64;
    println!("rule search top-1: {hits}/{total} = {:.1}%", top1 * 100.0);
    for (kind, (ok, n)) in &by_kind {
        println!("  {kind:<8} {ok}/{n}");
    }
    println!("queries per game: {games:?}");
    for miss in &misses {
        println!("{miss}");
    }
    assert!(games.len() == 4, "the table must cover all four games");
    assert!(
        top1 >= MIN_TOP1,
        "top-1 {:.1}% is below {:.0}%:\n{}",
        top1 * 100.0,
        MIN_TOP1 * 100.0,
        misses.join("\n")
    );
}
