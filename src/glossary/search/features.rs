//! What tells near neighbours apart among the first answers (a topic and its detail, a part
//! and its whole, two siblings), as features for a re-ranking model: where the query's words
//! were found (title, alias, body), how much of the query each candidate's own names hold
//! that the others' do not, whether two neighbouring query words stand in one of its names,
//! its size and place in the hierarchy. Not used by the ranking: the eighth pass fitted
//! linear models over them with `tools/fit-ranking` and none carried from one question set
//! to another (docs/rule.md, "Eighth pass"); kept so that the next idea can be measured the
//! same way.

use super::{Field, Game, GlossaryEntry, Index, Query, QueryWord, Scored};
use crate::glossary::index_build;

/// How many of the first answers are described.
const CANDIDATES: usize = 5;

/// How many features describe a candidate (`tools/fit-ranking` names them).
const FEATURES: usize = 16;

impl<'a> Index<'a> {
    /// The first answers with the features a re-ranking model would weigh, for
    /// `tools/fit-ranking` (`export_ranking_features` in the accuracy tests); none when the
    /// query is a whole title or key of the first answer, which no model should move.
    pub(crate) fn candidates(
        &self,
        text: &str,
        game: Option<Game>,
    ) -> Vec<(GlossaryEntry<'a>, [f32; FEATURES], String)> {
        let query = self.parse(text, game);
        let (answers, _) = self.ranked(&query, game);
        let top = &answers[..answers.len().min(CANDIDATES)];
        if top
            .first()
            .is_some_and(|s| self.exact_key(s.doc, &query).is_some())
        {
            return Vec::new();
        }
        top.iter()
            .zip(self.features(&query, top))
            .enumerate()
            .map(|(at, (s, f))| (self.entries[s.doc], f, self.details(&query, top, at)))
            .collect()
    }

    /// The features of each candidate among `top` (the first answers, best first).
    fn features(&self, query: &Query, top: &[Scored]) -> Vec<[f32; FEATURES]> {
        let best = top.first().map_or(1.0, |s| s.score).max(f32::MIN_POSITIVE);
        let words: Vec<f32> = top.iter().map(|s| self.words_score(s.doc, query)).collect();
        let most_words = words.iter().copied().fold(0.0, f32::max);
        let worth: Vec<f32> = query.words.iter().map(|w| self.word_worth(w)).collect();
        let total_worth = worth.iter().sum::<f32>().max(f32::MIN_POSITIVE);
        let asked = query.words.len().max(1) as f32;
        let docs: Vec<usize> = top.iter().map(|s| s.doc).collect();
        top.iter()
            .zip(&words)
            .enumerate()
            .map(|(rank, (s, own_words))| {
                let family: Vec<usize> = docs
                    .iter()
                    .copied()
                    .filter(|d| *d != s.doc && self.related(s.doc, *d))
                    .collect();
                let others: Vec<usize> = docs.iter().copied().filter(|d| *d != s.doc).collect();
                let share = |pick: &dyn Fn(&QueryWord) -> bool| {
                    query
                        .words
                        .iter()
                        .zip(&worth)
                        .filter(|(w, _)| pick(w))
                        .map(|(_, v)| v)
                        .sum::<f32>()
                        / total_worth
                };
                let names = |doc: usize, w: &QueryWord| self.names(doc, w, false);
                let found = |doc: usize, w: &QueryWord| !self.slots_of(doc, w).is_empty();
                let own = share(&|w| names(s.doc, w) && !family.iter().any(|d| names(*d, w)));
                let theirs = share(&|w| !names(s.doc, w) && family.iter().any(|d| names(*d, w)));
                let unique = share(&|w| names(s.doc, w) && !others.iter().any(|d| names(*d, w)));
                let title = share(&|w| {
                    self.slots_of(s.doc, w)
                        .iter()
                        .any(|slot| slot.field == Field::Title)
                });
                let alias = share(&|w| names(s.doc, w) && !self.names(s.doc, w, true));
                let lengths = self.docs[s.doc].lengths;
                let body_slot = |lang| index_build::slot_index(index_build::BODY, lang);
                let body = (lengths[body_slot(0)] + lengths[body_slot(1)]) as f32 / 2.0;
                let in_top = |d: &usize| *d as u32;
                [
                    (s.score.max(f32::MIN_POSITIVE) / best).ln(),
                    ((own_words + 0.1) / (most_words + 0.1)).ln(),
                    self.key_bonuses(s.doc, query) / best,
                    share(&|w| found(s.doc, w)),
                    query.words.iter().filter(|w| found(s.doc, w)).count() as f32 / asked,
                    flag(
                        docs.iter()
                            .map(in_top)
                            .any(|d| self.parts(s.doc).contains(&d)),
                    ),
                    flag(
                        docs.iter()
                            .any(|d| self.parts(*d).contains(&in_top(&s.doc))),
                    ),
                    own - theirs,
                    unique,
                    (1.0 + self.parts(s.doc).len() as f32).ln(),
                    (1.0 + body).ln(),
                    title,
                    alias,
                    self.paired_in_a_name(s.doc, query),
                    flag(s.exact),
                    rank as f32 / (CANDIDATES - 1) as f32,
                ]
            })
            .collect()
    }

    /// The words' BM25F score in the entry, before coordination and the key bonuses.
    fn words_score(&self, doc: usize, query: &Query) -> f32 {
        query
            .words
            .iter()
            .filter_map(|w| Some(self.word_scores(w).get(&doc)? * self.part_share(doc, w)))
            .sum()
    }

    /// The key bonuses of [`Index::score`]: all words in one key, a covered key, the title
    /// share.
    fn key_bonuses(&self, doc: usize, query: &Query) -> f32 {
        let all_words = if self.all_words_in_one_key(doc, query) {
            super::ALL_WORDS_BONUS
        } else {
            0.0
        };
        all_words + self.covered_key_bonus(doc, query) + self.title_share_bonus(doc, query)
    }

    /// One entry is a part of the other.
    fn related(&self, a: usize, b: usize) -> bool {
        self.parts(a).contains(&(b as u32)) || self.parts(b).contains(&(a as u32))
    }

    /// The share of neighbouring query word pairs that stand together in one title or alias
    /// of the entry.
    fn paired_in_a_name(&self, doc: usize, query: &Query) -> f32 {
        let pairs = query.words.len().saturating_sub(1);
        if pairs == 0 {
            return 0.0;
        }
        let has = |key: &super::Key, w: &QueryWord| {
            w.alternatives.iter().any(|(t, _)| key.stems.contains(t))
        };
        let together = query
            .words
            .windows(2)
            .filter(|pair| {
                self.docs[doc]
                    .keys
                    .iter()
                    .filter(|k| k.is_name)
                    .any(|k| has(k, &pair[0]) && has(k, &pair[1]))
            })
            .count();
        together as f32 / pairs as f32
    }

    /// What a candidate's features are computed from, for trying new ones in the fitting
    /// tool without a rebuild: per query word, its worth and, in this entry, the slots it is
    /// found in (bits 0-5, [`super::Slot::index`]), whether a title (bit 6) or an alias
    /// (bit 7) names it, and what it adds to the score; the ranks of this entry's parts
    /// among `top`; its lengths per slot.
    fn details(&self, query: &Query, top: &[Scored], at: usize) -> String {
        let Some(s) = top.get(at) else {
            return String::new();
        };
        let words: Vec<String> = query
            .words
            .iter()
            .map(|w| {
                let mut mask = 0u32;
                for slot in self.slots_of(s.doc, w) {
                    mask |= 1 << slot.index();
                }
                mask |= u32::from(self.names(s.doc, w, true)) << 6;
                mask |= u32::from(self.names(s.doc, w, false)) << 7;
                let value = self
                    .word_scores(w)
                    .get(&s.doc)
                    .map_or(0.0, |v| v * self.part_share(s.doc, w));
                format!("{}:{mask}:{value}", self.word_worth(w))
            })
            .collect();
        let parts: Vec<String> = top
            .iter()
            .enumerate()
            .filter(|(_, o)| self.parts(s.doc).contains(&(o.doc as u32)))
            .map(|(rank, _)| rank.to_string())
            .collect();
        let lengths: Vec<String> = self.docs[s.doc]
            .lengths
            .iter()
            .map(u32::to_string)
            .collect();
        format!(
            "{}|{}|{}",
            words.join(","),
            parts.join(","),
            lengths.join(",")
        )
    }
}

fn flag(value: bool) -> f32 {
    f32::from(u8::from(value))
}
