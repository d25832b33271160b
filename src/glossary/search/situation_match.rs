//! The table situation a question describes. BM25F counts an entry's situation words
//! wherever they stand in its list of situations, so a question can score as well on words
//! scattered over five phrases as on one phrase that is the question. A question holding
//! most of one phrase's words, when most of that phrase is the question, describes that
//! situation: the first answers earn a bonus for their best-matching phrase (the best
//! passage, not the whole document, as evidence; Callan, "Passage-level evidence in
//! document retrieval", 1994). docs/rule.md ("Fourteenth pass") has the measurements.

use super::{Index, LANGS, Query, Scored, lang_index};
use crate::glossary::index_build::content_words;
use crate::text::normalize;

/// How many of the first answers are looked at again.
const CANDIDATES: usize = 10;
/// Added for a situation that is the whole query and has no other word.
const BEST_SITUATION_BONUS: f32 = 12.0;
/// How much the phrase's own share counts: a long phrase holding the query's words among
/// many others describes the query's situation less.
const PHRASE_SHARE_POWER: f32 = 0.5;
/// Above 1, a phrase holding half the query is worth well under half of one holding all.
const MATCH_POWER: f32 = 1.5;

impl Index<'_> {
    /// Adds the bonus of the best-matching situation to the first answers (sorted best
    /// first) and sorts them again. A one-word query describes no situation; an entry found
    /// by the whole query or by an abbreviation is first anyway.
    pub(super) fn add_situation_bonus(&self, query: &Query, scored: &mut [Scored]) {
        if query.words.len() < 2 {
            return;
        }
        let worth: Vec<f32> = query.words.iter().map(|w| self.word_worth(w)).collect();
        let total: f32 = worth.iter().sum();
        if total <= 0.0 {
            return;
        }
        let top = scored.len().min(CANDIDATES);
        let Some(first) = scored.get_mut(..top) else {
            return;
        };
        for s in first.iter_mut().filter(|s| !s.exact) {
            let matched = self.best_situation(s.doc, query, &worth) / total;
            s.score += BEST_SITUATION_BONUS * matched.powf(MATCH_POWER);
        }
        // Bonuses only raise scores: the first answers still rank above the rest.
        first.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.doc.cmp(&b.doc)));
    }

    /// The best match among the entry's situations, in either language: the worth of the
    /// query words the phrase has, times the phrase's share that is the query's words.
    fn best_situation(&self, doc: usize, query: &Query, worth: &[f32]) -> f32 {
        let Some(entry) = self.entries.get(doc) else {
            return 0.0;
        };
        LANGS
            .into_iter()
            .flat_map(|lang| {
                entry
                    .text(lang)
                    .situations
                    .iter()
                    .map(move |phrase| self.phrase_match(lang_index(lang), phrase, query, worth))
            })
            .fold(0.0, f32::max)
    }

    fn phrase_match(&self, lang: usize, phrase: &str, query: &Query, worth: &[f32]) -> f32 {
        let Some(surface) = self.surface.get(lang) else {
            return 0.0;
        };
        let folded = normalize(phrase);
        let mut found = vec![false; query.words.len()];
        let (mut length, mut hits) = (0usize, 0usize);
        for word in content_words(&folded) {
            length += 1;
            let Some(term) = surface
                .get(word)
                .and_then(|id| self.terms.get(*id as usize))
            else {
                continue;
            };
            let mut hit = false;
            for (seen, asked) in found.iter_mut().zip(&query.words) {
                if asked.alternatives.iter().any(|(t, _)| t == term) {
                    *seen = true;
                    hit = true;
                }
            }
            hits += usize::from(hit);
        }
        if length == 0 {
            return 0.0;
        }
        let asked: f32 = found
            .iter()
            .zip(worth)
            .filter(|(seen, _)| **seen)
            .map(|(_, w)| w)
            .sum();
        let own_share = (hits as f32 / length as f32).min(1.0);
        asked * own_share.powf(PHRASE_SHARE_POWER)
    }
}
