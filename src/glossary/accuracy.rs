//! Search quality measured on judge questions (tests/fixtures/rule-questions.toml): how often
//! the first entry shown is right, and how often a right entry is among the first three, with
//! `--game` and without. Run with `--nocapture` to see the figures and every miss.

use super::Glossary;
use super::search::Index;
use crate::cards::Game;
use crate::cards::{LoadOptions, load};
use serde::Deserialize;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Table {
    question: Vec<Question>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Question {
    q: String,
    game: Game,
    lang: String,
    kind: String,
    expect: String,
    #[serde(default)]
    also: Vec<String>,
}

impl Question {
    fn is_right(&self, game: Game, id: &str) -> bool {
        game == self.game && (id == self.expect || self.also.iter().any(|a| a == id))
    }
}

/// Right first, right among the first three, and the misses described.
#[derive(Default)]
struct Score {
    top1: usize,
    top3: usize,
    total: usize,
    misses: Vec<String>,
}

impl Score {
    fn percent(n: usize, total: usize) -> f64 {
        n as f64 * 100.0 / total.max(1) as f64
    }

    fn line(&self, label: &str) -> String {
        format!(
            "{label}: top-1 {}/{} = {:.1}%, top-3 {}/{} = {:.1}%",
            self.top1,
            self.total,
            Self::percent(self.top1, self.total),
            self.top3,
            self.total,
            Self::percent(self.top3, self.total)
        )
    }
}

fn questions() -> Vec<Question> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/rule-questions.toml"
    );
    let text = std::fs::read_to_string(path).expect("the question table is readable");
    toml::from_str::<Table>(&text)
        .expect("the question table parses")
        .question
}

/// As `arbiter rule` searches: with `--game`, an index of that game alone.
fn measure(glossary: &Glossary<'_>, questions: &[Question], with_game: bool) -> Score {
    let all = Index::new(glossary);
    let per_game: Vec<(Game, Index<'_>)> = Game::ALL
        .into_iter()
        .map(|g| (g, Index::for_game(glossary, Some(g))))
        .collect();
    let mut score = Score::default();
    for question in questions {
        let game = with_game.then_some(question.game);
        let index = per_game
            .iter()
            .find(|(g, _)| Some(*g) == game)
            .map_or(&all, |(_, index)| index);
        let lookup = index.search(&question.q, game);
        let shown: Vec<(Game, &str)> = lookup
            .hits
            .iter()
            .take(3)
            .map(|h| (h.entry.game, h.entry.id()))
            .collect();
        let rank = shown.iter().position(|(g, id)| question.is_right(*g, id));
        score.total += 1;
        score.top1 += usize::from(rank == Some(0));
        score.top3 += usize::from(rank.is_some());
        if rank != Some(0) {
            score.misses.push(format!(
                "  [{}{} {}] `{}`: want {}/{}, got {:?}",
                question.game.as_str(),
                if with_game { "" } else { " (all games)" },
                question.kind,
                question.q,
                question.game.as_str(),
                question.expect,
                shown
            ));
        }
    }
    score
}

/// Floors a little under the figures reached (with --game 82.6% top-1, 94.8% top-3; all
/// games 73.5% and 92.3%), so a change that loses ground fails. The goals on an independent
/// set of judge questions are 85% and 75% top-1, 95% top-3.
const MIN_TOP1_WITH_GAME: f64 = 0.80;
const MIN_TOP1_ALL_GAMES: f64 = 0.70;
const MIN_TOP3: f64 = 0.90;

#[test]
fn judge_questions_find_their_entries() {
    let questions = questions();
    for game in Game::ALL {
        let of_game: Vec<_> = questions.iter().filter(|q| q.game == game).collect();
        assert!(of_game.len() >= 30, "{game:?} needs 30 questions");
        for lang in ["es", "en"] {
            assert!(
                of_game.iter().any(|q| q.lang == lang),
                "{game:?} needs questions in {lang}"
            );
        }
    }
    let (db, _) = load(&LoadOptions {
        spans: false,
        embedded: true,
        overlays: Vec::new(),
        without: Vec::new(),
    });
    let glossary = Glossary::from_db(&db);
    let missing: Vec<String> = questions
        .iter()
        .flat_map(|q| {
            std::iter::once(&q.expect)
                .chain(&q.also)
                .map(move |id| (q, id))
        })
        .filter(|(q, id)| glossary.get(q.game, id).is_none())
        .map(|(q, id)| format!("{}/{id}", q.game.as_str()))
        .collect();
    let with_game = measure(&glossary, &questions, true);
    let all_games = measure(&glossary, &questions, false);
    println!("{}", with_game.line("with --game"));
    println!("{}", all_games.line("all games"));
    for miss in with_game.misses.iter().chain(&all_games.misses) {
        println!("{miss}");
    }
    let ratio = |n: usize, s: &Score| n as f64 / s.total as f64;
    assert!(missing.is_empty(), "expected entries missing: {missing:?}");
    assert!(
        ratio(with_game.top1, &with_game) >= MIN_TOP1_WITH_GAME,
        "{}",
        with_game.line("with --game")
    );
    assert!(
        ratio(all_games.top1, &all_games) >= MIN_TOP1_ALL_GAMES,
        "{}",
        all_games.line("all games")
    );
    assert!(
        ratio(with_game.top3, &with_game) >= MIN_TOP3,
        "{}",
        with_game.line("with --game")
    );
    assert!(
        ratio(all_games.top3, &all_games) >= MIN_TOP3,
        "{}",
        all_games.line("all games")
    );
}
