//! Finding the glossary entries that answer what a judge types: a term, a question, a phrase
//! from a card, an abbreviation, in Spanish or English, with or without accents and typos.
//!
//! Every entry is a document of six fields: title, aliases and body (summary and points) in
//! each language. A query is folded (case, accents, punctuation), players' abbreviations are
//! replaced by what they stand for (`[[slang]]` in `data/rules/<game>.toml`), stop words of
//! both languages are dropped, and each remaining word is stemmed with the Snowball stemmer
//! of each language; numbers spelt out become digits, and two words the glossary writes as
//! one ("face up") are joined. Entries are ranked by BM25F: a word found in a title counts
//! more than in an alias, which counts more than in the body, the fields saturating
//! together so a word's repeats across fields do not add up without bound; rare words
//! count more than common ones. A word the glossary does not know is replaced by the known
//! words within a typo or two, or that it begins, at a discount, so a misspelling never
//! outweighs a word found as typed. A query that is a whole title, alias, id or heading,
//! or an abbreviation that names an entry, puts that entry first. The first answers are then
//! looked at again: a question close to one of an entry's situation phrases describes that
//! situation, and the entry gains for it (`search/situation_match.rs`).
//!
//! Entries that are parts of others (a numbered subsection, a later entry under the same
//! heading, the targets of a redirect heading: see [`super::hierarchy`]) answer for the
//! words in their own titles and aliases: in the whole that summarises them such words
//! count less. Without `--game`, a query whose words only one game's glossary really uses
//! ranks that game's entries a little higher, and every entry is weighed by how likely its
//! game's glossary is to use the query's words at all (a soft prior learnt from the entries,
//! so "hex" leans to Talon and "squadron" to Armada without a word list in code).

use super::index_build::{self, FIELD_COUNT, Parts, SLOT_COUNT, as_digits, is_stop_word};
use super::{Glossary, GlossaryEntry, Lang};
use crate::cards::Game;
use crate::cards::rules::RuleSlang;
use crate::text::{edit_distance, normalize};
use rustc_hash::FxHashMap;
use std::collections::{BTreeMap, HashMap, HashSet};

#[cfg(test)]
mod features;
mod situation_match;

/// How an entry matched; lower is better.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchKind {
    /// The whole query is a title, alias, id or heading (ignoring case, accents, punctuation
    /// and spaces), or an abbreviation for the entry.
    Exact,
    /// Every word of the query is a word of one title or alias (any form of the word).
    AllWords,
    /// Words of the query found in the entry, not all in one title or alias.
    Partial,
    /// Some word was only found as a typo of, or the beginning of, a word of the entry.
    Fuzzy,
}

impl MatchKind {
    pub fn as_str(self) -> &'static str {
        match self {
            MatchKind::Exact => "exact",
            MatchKind::AllWords => "all_words",
            MatchKind::Partial => "partial",
            MatchKind::Fuzzy => "fuzzy",
        }
    }
}

/// Where in an entry a word was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Field {
    Title,
    Alias,
    Body,
    /// Table situations the entry settles, in players' words.
    Situation,
}

impl Field {
    const ALL: [Field; FIELD_COUNT] = [Field::Title, Field::Alias, Field::Body, Field::Situation];

    pub fn as_str(self) -> &'static str {
        match self {
            Field::Title => "title",
            Field::Alias => "alias",
            Field::Body => "body",
            Field::Situation => "situation",
        }
    }

    /// A title word says more about the entry than an alias, an alias more than a word of
    /// the summary. A situation is a player's description of a case the entry settles: more
    /// pointed than the summary's words, less than a name.
    fn weight(self) -> f32 {
        match self {
            Field::Title => 3.0,
            Field::Alias => 1.5,
            Field::Body => 1.0,
            Field::Situation => SITUATION_WEIGHT,
        }
    }

    /// Length normalisation: long bodies are diluted, titles and alias lists less so.
    fn length_weight(self) -> f32 {
        match self {
            Field::Title | Field::Alias => 0.4,
            Field::Body => 0.75,
            Field::Situation => SITUATION_LENGTH_WEIGHT,
        }
    }
}

const SITUATION_WEIGHT: f32 = 1.2;
const SITUATION_LENGTH_WEIGHT: f32 = 0.5;

// A field's number in the index (build.rs writes it with `index_build`'s numbers) is its
// place in this enum: a field added to one and not the other would be scored as another.
const _: () = {
    assert!(Field::Title as usize == index_build::TITLE);
    assert!(Field::Alias as usize == index_build::ALIAS);
    assert!(Field::Body as usize == index_build::BODY);
    assert!(Field::Situation as usize == index_build::SITUATION);
};

const LANGS: [Lang; 2] = [Lang::Es, Lang::En];

/// One of an entry's six fields: a field in a language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Slot {
    pub field: Field,
    pub lang: Lang,
}

impl Slot {
    fn index(self) -> usize {
        let lang = usize::from(self.lang == Lang::En);
        index_build::slot_index(self.field as usize, lang)
    }

    /// The slot a posting names.
    fn from_index(slot: u8) -> Option<Slot> {
        let slot = usize::from(slot);
        Some(Slot {
            field: *Field::ALL.get(slot % FIELD_COUNT)?,
            lang: *LANGS.get(slot / FIELD_COUNT)?,
        })
    }

    /// `title.en`, `body.es`: for the JSON `match` of a hit.
    pub fn name(self) -> String {
        format!("{}.{}", self.field.as_str(), self.lang.as_str())
    }
}

/// BM25 saturation: how quickly repeats of a word stop adding to the score.
const K1: f32 = 1.2;
/// Added to an entry whose title, alias, id or heading is the whole query.
const EXACT_TITLE_BONUS: f32 = 25.0;
const EXACT_KEY_BONUS: f32 = 20.0;
/// Added to the entry an abbreviation of its game names (`entry` of a `[[slang]]`).
const SLANG_BONUS: f32 = 28.0;
/// Added when every word of the query is in one title or alias of the entry.
const ALL_WORDS_BONUS: f32 = 2.0;
/// Added in proportion to how well a title and the query match each other: the words they
/// share over the geometric mean of their lengths.
const TITLE_SHARE_BONUS: f32 = 5.0;
/// Added, per word of the key (up to 3, a word weighed by its rarity), when the query
/// contains a whole title or alias.
const COVERED_KEY_BONUS: f32 = 4.0;
/// A word points to a game when that game's share of its occurrences (each game's count
/// divided by the size of its glossary) is at least this.
const CONCENTRATION: f32 = 0.9;
/// What an entry of another game scores against the game the query's words point to.
const OTHER_GAME_SHARE: f32 = 0.85;
/// How far the soft game prior reaches: an entry's score is multiplied by its game's
/// likelihood of the query's words, relative to the likeliest game, to this power.
const GAME_PRIOR_POWER: f32 = 0.08;
/// What a word counts in an entry when it names one of the entry's parts and not the entry.
const PART_WORD_SHARE: f32 = 0.5;
/// The same when the entry's own alias names the word as well.
const PART_ALIAS_WORD_SHARE: f32 = 0.65;
/// The IDF of a word of middling rarity, the unit a key's words are weighed in.
const TYPICAL_IDF: f32 = 2.0;
/// What a word found only through a typo or as a beginning is worth, against found as typed
/// (a typo: 1 - 1.5 × typos / letters, at least this).
const MIN_TYPO_WEIGHT: f32 = 0.3;
const PREFIX_WEIGHT: f32 = 0.5;
const OTHER_FORM_WEIGHT: f32 = 0.8;
const EXPANSION_WEIGHT: f32 = 0.5;
/// What a typed word counts in the other language's text when the query is in one language
/// and the word is a word of that language ([`Index::discount_other_language`]).
const OTHER_LANGUAGE_WEIGHT: f32 = 0.7;
/// What a typo is worth when one word of the glossary is its likely correction: the only
/// word at the least distance, or one used in this many times more entries than the next.
const CORRECTED_TYPO_WEIGHT: f32 = 0.9;
const CORRECTION_USE_RATIO: f32 = 3.0;
/// Shorter words are left to the usual typo discount: one slip in four letters may be
/// another word.
const MIN_CORRECTED_LETTERS: usize = 5;
/// Coordination: an entry's word score is multiplied by its share of the query's words
/// (weighed by rarity) against the entry that has most of them, to this power, so an entry
/// with one strong word does not beat one with that word's neighbours too.
const COORDINATION_POWER: f32 = 0.2;
/// What a word found only through a typo counts towards the relevance floor.
const TYPO_MATCH_SHARE: f32 = 0.5;
/// Runners-up shown under "See also:" score at least this share of the best entry.
const SEE_ALSO_SHARE: f32 = 0.2;
/// With nothing relevant, the near misses suggested score at least this share of the
/// nearest: "did you mean" names the close ones only.
const SUGGESTION_SHARE: f32 = 0.75;
/// Most distinct words of one query that are scored: a question is a dozen; a pasted page
/// is cut here so it still answers at once.
pub const MAX_QUERY_WORDS: usize = 32;
/// Most words of a query read (repeats and stop words included).
const MAX_WORDS_READ: usize = 256;
/// Most known words a typo or a beginning may stand for.
const MAX_ALTERNATIVES: usize = 6;

/// The Snowball stemmers of both languages.
struct Stemmers(index_build::Stemmers);

impl Stemmers {
    fn stem(&self, lang: Lang, word: &str) -> String {
        self.0.stem(lang_index(lang), word)
    }
}

/// A language's number in the index tables ([`index_build`]).
fn lang_index(lang: Lang) -> usize {
    usize::from(lang == Lang::En)
}

/// A stem in a language: what the index counts.
type Term = (Lang, String);

/// A title, alias, id or heading of an entry, for whole-query matches and for naming the
/// key a hit matched.
#[derive(Debug)]
struct Key {
    /// As written in the data.
    text: String,
    is_title: bool,
    /// A title or an alias (not an id, heading or section number).
    is_name: bool,
    /// Stop words count here: "Línea de visión" is matched as a whole.
    normalized: String,
    squashed: String,
    /// Stems of the key's content words, in the key's language (both for ids and headings).
    stems: Vec<Term>,
    /// How many languages `stems` holds the words in.
    langs: usize,
}

/// The stored statistics of one entry.
#[derive(Debug, Default)]
struct Doc {
    /// Content words per slot ([`Slot::index`]).
    lengths: [u32; SLOT_COUNT],
    keys: Vec<Key>,
}

/// One entry found for a query.
#[derive(Debug, Clone)]
pub struct Hit<'a> {
    pub entry: GlossaryEntry<'a>,
    pub kind: MatchKind,
    /// The title or alias that matched best, as written in the data.
    pub key: String,
    /// BM25F score plus bonuses; higher is better.
    pub score: f32,
    /// Which query word was found in which fields.
    pub words: Vec<(String, Vec<Slot>)>,
}

/// The result of a search: relevant hits best first; when there are none, the nearest
/// entries below the relevance floor, to suggest.
#[derive(Debug, Default)]
pub struct Lookup<'a> {
    pub hits: Vec<Hit<'a>>,
    pub suggestions: Vec<Hit<'a>>,
    /// Words of the query the glossary does not know, even with a typo.
    pub unknown: Vec<String>,
    /// The language the query is written in, when its words tell.
    pub lang: Option<Lang>,
}

impl<'a> Lookup<'a> {
    pub fn best(&self) -> Option<&Hit<'a>> {
        self.hits.first()
    }

    /// The hits after the best one that score at least a quarter as well, for "See also:";
    /// at most `max`.
    pub fn runners_up(&self, max: usize) -> &[Hit<'a>] {
        let Some(best) = self.best() else {
            return &[];
        };
        let close = self.hits[1..]
            .iter()
            .take(max)
            .take_while(|h| h.score >= SEE_ALSO_SHARE * best.score)
            .count();
        &self.hits[1..=close]
    }
}

/// A word of the query as the index will look for it.
#[derive(Debug)]
struct QueryWord {
    /// As it stands in the query, after folding (or the abbreviation's expansion).
    text: String,
    /// What it may match: a term and what finding it is worth (1 for the word as typed).
    alternatives: Vec<(Term, f32)>,
    /// Whether the word was found only through a typo or a beginning.
    fuzzy: bool,
    /// The entries with the word as typed in a title (true) or only in an alias (false):
    /// looked up once, as the ranking asks it of every entry and its parts.
    names: FxHashMap<u32, bool>,
}

impl Query {
    /// The language the query is written in, when its words tell.
    fn lang(&self) -> Option<Lang> {
        match self.lang_votes {
            (es, en) if es > en => Some(Lang::Es),
            (es, en) if en > es => Some(Lang::En),
            _ => None,
        }
    }

    /// How much of the query a key of `words` words accounts for, softened: a one-word
    /// title inside a six-word question says less than the same title typed alone.
    fn share_accounted(&self, words: usize) -> f32 {
        let asked = (self.words.len() + self.unknown.len()).max(1);
        (words.min(asked) as f32 / asked as f32).sqrt()
    }

    /// The relevance floor: an entry answers the query when it has at least a third of the
    /// words asked (a word found only through a typo counts half). "vision nocturna" finds
    /// Line of Sight; "zzzz" finds nothing. Common words the glossary knows ("take", "same")
    /// count as asked: an entry with the one rare word a question turns on still answers.
    fn is_answered_by(&self, matched: f32) -> bool {
        let asked = (self.words.len() + self.unknown.len()) as f32;
        matched > 0.0 && 3.0 * matched >= asked
    }
}

/// What the ranking knows of one entry for a query.
#[derive(Debug, Clone)]
struct Scored {
    doc: usize,
    /// BM25F score plus bonuses.
    score: f32,
    /// Query words found (a typo counts [`TYPO_MATCH_SHARE`]).
    matched: f32,
    /// A whole-query match or an abbreviation naming the entry.
    exact: bool,
}

/// The parsed query.
#[derive(Debug, Default)]
struct Query {
    normalized: String,
    squashed: String,
    words: Vec<QueryWord>,
    /// Entries named by an abbreviation of the query, with its game.
    slang_entries: Vec<(Game, String)>,
    /// The game of each abbreviation of the query that only one game's players use.
    slang_games: Vec<Game>,
    unknown: Vec<String>,
    /// Votes for each language: (Spanish, English).
    lang_votes: (u32, u32),
    /// The words typed (not what an abbreviation stands for).
    typed: HashSet<String>,
    /// Content words as typed, before abbreviations were expanded.
    typed_words: usize,
}

/// The glossary prepared for searching.
pub struct Index<'a> {
    entries: Vec<GlossaryEntry<'a>>,
    docs: Vec<Doc>,
    term_ids: FxHashMap<Term, u32>,
    terms: Vec<Term>,
    /// Per term id: (entry, slot, occurrences).
    postings: Vec<Vec<(u32, u8, u16)>>,
    average_lengths: [f32; SLOT_COUNT],
    /// Folded words of the entries, per language, with their term id.
    surface: [FxHashMap<String, u32>; 2],
    /// The same, in the order typos and beginnings are looked for.
    known: [Vec<(String, u32)>; 2],
    slang: Vec<(Game, &'a RuleSlang)>,
    stemmers: Stemmers,
    /// Per entry, the entries that are parts of it ([`index_build::children`]).
    children: Vec<Vec<u32>>,
    /// How many entries each game has.
    game_sizes: BTreeMap<Game, usize>,
}

impl std::fmt::Debug for Index<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Index")
            .field("entries", &self.entries.len())
            .field("terms", &self.terms.len())
            .finish()
    }
}

/// The tables build.rs made of the built-in glossary for this scope, if they are of these
/// very entries.
fn embedded_parts(game: Option<Game>, entries: &[GlossaryEntry<'_>]) -> Option<Parts> {
    let parts = index_build::decode(super::embedded_index::encoded(game)?)?;
    let same = parts.ids.len() == entries.len()
        && parts
            .ids
            .iter()
            .zip(entries)
            .all(|((g, id), e)| g == e.game.as_str() && id == e.id());
    same.then_some(parts)
}

/// The tables of `entries`, built now.
fn built_parts(entries: &[GlossaryEntry<'_>]) -> Parts {
    let inputs: Vec<_> = entries.iter().map(GlossaryEntry::index_input).collect();
    index_build::build(&inputs, normalize)
}

impl Key {
    fn new(parts: index_build::KeyParts, terms: &[Term]) -> Self {
        Key {
            text: parts.text,
            is_title: parts.is_title,
            is_name: parts.is_name,
            normalized: parts.normalized,
            squashed: parts.squashed,
            stems: parts
                .stems
                .iter()
                .filter_map(|id| terms.get(*id as usize).cloned())
                .collect(),
            langs: usize::from(parts.langs),
        }
    }
}

impl<'a> Index<'a> {
    /// Every entry of every game.
    pub fn new(glossary: &Glossary<'a>) -> Self {
        Index::for_game(glossary, None)
    }

    /// The entries of one game (or all): what `arbiter rule --game G` searches. For the
    /// built-in glossary the tables were built at compile time (build.rs); for any other
    /// (rules files given with `--data`) they are built here, the same way.
    pub fn for_game(glossary: &Glossary<'a>, game: Option<Game>) -> Self {
        let entries: Vec<GlossaryEntry<'a>> = glossary.in_game(game).copied().collect();
        let parts = glossary
            .is_built_in()
            .then(|| embedded_parts(game, &entries))
            .flatten()
            .unwrap_or_else(|| built_parts(&entries));
        Index::from_parts(glossary, entries, parts, game)
    }

    /// The index over `entries` from their tables (`parts.ids` are the entries' ids).
    fn from_parts(
        glossary: &Glossary<'a>,
        entries: Vec<GlossaryEntry<'a>>,
        parts: Parts,
        game: Option<Game>,
    ) -> Self {
        let terms: Vec<Term> = parts
            .terms
            .into_iter()
            .map(|(lang, stem)| (LANGS[usize::from(lang).min(1)], stem))
            .collect();
        let term_ids = terms
            .iter()
            .enumerate()
            .map(|(id, term)| (term.clone(), id as u32))
            .collect();
        let docs: Vec<Doc> = parts
            .lengths
            .into_iter()
            .zip(parts.keys)
            .map(|(lengths, keys)| Doc {
                lengths,
                keys: keys.into_iter().map(|k| Key::new(k, &terms)).collect(),
            })
            .collect();
        let mut average_lengths = [0f32; SLOT_COUNT];
        for (slot, average) in average_lengths.iter_mut().enumerate() {
            let total: u32 = docs.iter().map(|d| d.lengths[slot]).sum();
            *average = (total as f32 / docs.len().max(1) as f32).max(1.0);
        }
        let mut game_sizes = BTreeMap::new();
        for entry in &entries {
            *game_sizes.entry(entry.game).or_default() += 1;
        }
        Index {
            game_sizes,
            children: parts.children,
            entries,
            docs,
            term_ids,
            terms,
            postings: parts.postings,
            average_lengths,
            surface: parts
                .surface
                .each_ref()
                .map(|words| words.iter().cloned().collect()),
            known: parts.surface,
            slang: glossary
                .slang()
                .iter()
                .filter(|(g, _)| game.is_none_or(|want| want == *g))
                .copied()
                .collect(),
            stemmers: Stemmers(index_build::Stemmers::default()),
        }
    }

    /// Every folded word of the glossary with its term: what typos and beginnings are
    /// matched against.
    fn known(&self) -> impl Iterator<Item = (&str, &Term)> {
        self.known.iter().flat_map(move |words| {
            words
                .iter()
                .filter_map(move |(word, id)| Some((word.as_str(), self.terms.get(*id as usize)?)))
        })
    }

    /// Entries answering `query`, best first, in one game or all.
    pub fn search(&self, query: &str, game: Option<Game>) -> Lookup<'a> {
        let query = self.parse(query, game);
        if query.words.is_empty() && query.slang_entries.is_empty() && query.squashed.is_empty() {
            return Lookup::default();
        }
        let (answers, near) = self.ranked(&query, game);
        let hits: Vec<Hit<'a>> = answers
            .iter()
            .map(|s| self.hit(s.doc, s.score, &query))
            .collect();
        let mut suggestions: Vec<Hit<'a>> = near
            .iter()
            .take(3)
            .map(|s| self.hit(s.doc, s.score, &query))
            .collect();
        if hits.is_empty() {
            // Only the near misses that come close to the nearest.
            let best = suggestions.first().map_or(0.0, |h| h.score);
            suggestions.retain(|h| h.score >= SUGGESTION_SHARE * best);
        } else {
            suggestions.clear();
        }
        Lookup {
            hits,
            suggestions,
            lang: query.lang(),
            unknown: query.unknown,
        }
    }

    /// The entries that answer the query, best first, and those below the relevance floor,
    /// best first.
    fn ranked(&self, query: &Query, game: Option<Game>) -> (Vec<Scored>, Vec<Scored>) {
        let mut scored = self.score(query, game);
        scored.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.doc.cmp(&b.doc)));
        self.add_situation_bonus(query, &mut scored);
        scored
            .into_iter()
            .partition(|s| s.exact || query.is_answered_by(s.matched))
    }

    /// Every entry with anything in common with the query, unordered.
    fn score(&self, query: &Query, game: Option<Game>) -> Vec<Scored> {
        let in_scope = |doc: usize| {
            self.entries
                .get(doc)
                .is_some_and(|e| game.is_none_or(|g| e.game == g))
        };
        let mut totals: BTreeMap<usize, (f32, f32, bool)> = BTreeMap::new();
        let mut coverage: HashMap<usize, f32> = HashMap::new();
        for word in &query.words {
            let worth = self.word_worth(word);
            for (doc, value) in self.word_scores(word) {
                if in_scope(doc) {
                    let share = self.part_share(doc, word);
                    let total = totals.entry(doc).or_default();
                    total.0 += value * share;
                    total.1 += if word.fuzzy { TYPO_MATCH_SHARE } else { 1.0 };
                    *coverage.entry(doc).or_default() += worth;
                }
            }
        }
        relative_to_best(&mut coverage);
        for doc in 0..self.entries.len() {
            if !in_scope(doc) {
                continue;
            }
            let bonus = self.exact_bonus(doc, query)
                + if self.is_named_by_slang(doc, query) {
                    // The abbreviation alone names the entry; among other words it is one
                    // clue of several ("FTL drive warm up before retreat"), and the fewer
                    // the more the others say which entry is meant: "spend AP to take the
                    // initiative" is about initiative, not about spending AP.
                    SLANG_BONUS * slang_share(query.typed_words)
                } else {
                    0.0
                };
            if bonus > 0.0 {
                let total = totals.entry(doc).or_default();
                total.0 += bonus;
                total.2 = true;
            }
        }
        let hinted = game.is_none().then(|| self.game_of_words(query)).flatten();
        let prior = if game.is_none() {
            self.game_prior(query)
        } else {
            BTreeMap::new()
        };
        totals
            .into_iter()
            .map(|(doc, (score, matched, exact))| {
                let bonus = if self.all_words_in_one_key(doc, query) {
                    ALL_WORDS_BONUS
                } else {
                    0.0
                } + self.covered_key_bonus(doc, query)
                    + self.title_share_bonus(doc, query);
                // An entry found only by a whole-query match or an abbreviation is not
                // weighed by the words it has.
                let coordination = coverage
                    .get(&doc)
                    .map_or(1.0, |covered| covered.powf(COORDINATION_POWER));
                let score = score * coordination;
                let elsewhere = hinted.is_some_and(|g| self.entries[doc].game != g);
                let share = if elsewhere { OTHER_GAME_SHARE } else { 1.0 };
                // A whole title or alias in several games is a tie the words cannot break.
                let lean = if exact {
                    1.0
                } else {
                    prior.get(&self.entries[doc].game).copied().unwrap_or(1.0)
                };
                Scored {
                    doc,
                    score: (score + bonus) * share * lean,
                    matched,
                    exact,
                }
            })
            .collect()
    }

    /// The score of one query word in every entry that has it: the best of its alternatives.
    /// Each field's frequency is normalised by its length against the average of that field
    /// and weighted, the better language of each field counting, and the weighted sum is
    /// saturated once (BM25F): a title hit is worth several body hits.
    fn word_scores(&self, word: &QueryWord) -> HashMap<usize, f32> {
        let mut best: HashMap<usize, f32> = HashMap::new();
        for (term, weight) in &word.alternatives {
            let mut counts: HashMap<usize, [u16; SLOT_COUNT]> = HashMap::new();
            for (_, postings) in self.term_postings(term) {
                for &(doc, slot, tf) in postings {
                    if let Some(count) = counts
                        .entry(doc as usize)
                        .or_insert([0; SLOT_COUNT])
                        .get_mut(usize::from(slot))
                    {
                        *count = tf;
                    }
                }
            }
            let idf = self.idf(counts.len());
            for (doc, tfs) in counts {
                let value = weight * idf * self.fields_score(doc, &tfs);
                let slot = best.entry(doc).or_default();
                *slot = slot.max(value);
            }
        }
        best
    }

    /// BM25F: saturation of Σ over fields of weight × length-normalised frequency (better
    /// language).
    fn fields_score(&self, doc: usize, tfs: &[u16; SLOT_COUNT]) -> f32 {
        let pseudo_tf: f32 = Field::ALL
            .iter()
            .map(|&field| {
                LANGS
                    .iter()
                    .map(|&lang| {
                        let slot = Slot { field, lang }.index();
                        let tf = f32::from(tfs[slot]);
                        let b = field.length_weight();
                        let length = self.docs[doc].lengths[slot] as f32;
                        let norm = 1.0 - b + b * length / self.average_lengths[slot];
                        field.weight() * tf / norm
                    })
                    .fold(0.0, f32::max)
            })
            .sum();
        pseudo_tf * (K1 + 1.0) / (pseudo_tf + K1)
    }

    fn term_postings(&self, term: &Term) -> impl Iterator<Item = (&Term, &[(u32, u8, u16)])> {
        self.term_ids
            .get_key_value(term)
            .and_then(|(t, id)| Some((t, self.postings.get(*id as usize)?.as_slice())))
            .into_iter()
    }

    /// The game a query is about when its words tell: each word (as typed, or an
    /// abbreviation) that only one game's glossary uses is a vote for that game, and a game
    /// with more votes than any other is the one meant ("spend accuracy to lock a defense
    /// token": only Armada has accuracies).
    fn game_of_words(&self, query: &Query) -> Option<Game> {
        let mut votes: BTreeMap<Game, u32> = BTreeMap::new();
        for game in &query.slang_games {
            *votes.entry(*game).or_default() += 1;
        }
        for word in query.words.iter().filter(|w| !w.fuzzy) {
            let docs = self.entries_using(word);
            // How often the word occurs in each game's entries, for the size of its glossary.
            let mut rates: BTreeMap<Game, f32> = BTreeMap::new();
            for doc in docs {
                if let Some(entry) = self.entries.get(doc as usize) {
                    *rates.entry(entry.game).or_default() +=
                        1.0 / self.game_sizes[&entry.game] as f32;
                }
            }
            let total: f32 = rates.values().sum();
            if let Some((game, rate)) = rates.iter().max_by(|a, b| a.1.total_cmp(b.1))
                && *rate >= CONCENTRATION * total
            {
                *votes.entry(*game).or_default() += 1;
            }
        }
        let mut ranked: Vec<(u32, Game)> = votes.into_iter().map(|(g, n)| (n, g)).collect();
        ranked.sort_by(|a, b| b.cmp(a));
        match ranked[..] {
            [(_, game)] => Some(game),
            [(first, game), (second, _), ..] if first > second => Some(game),
            _ => None,
        }
    }

    /// The entries (by index) that use one of a word's full-weight forms, each once.
    fn entries_using(&self, word: &QueryWord) -> Vec<u32> {
        let mut docs: Vec<u32> = word
            .alternatives
            .iter()
            .filter(|(_, weight)| *weight >= 1.0)
            .flat_map(|(term, _)| self.term_postings(term))
            .flat_map(|(_, postings)| postings.iter().map(|(doc, _, _)| *doc))
            .collect();
        docs.sort_unstable();
        docs.dedup();
        docs
    }

    /// A soft form of [`Index::game_of_words`]: how likely each game's glossary is to use
    /// the query's words (each word's share of the game's entries, smoothed), relative to the
    /// likeliest game and raised to [`GAME_PRIOR_POWER`]; empty when no word is known.
    fn game_prior(&self, query: &Query) -> BTreeMap<Game, f32> {
        let mut log_likelihood: BTreeMap<Game, f32> =
            self.game_sizes.keys().map(|g| (*g, 0.0)).collect();
        let mut any = false;
        for word in query.words.iter().filter(|w| !w.fuzzy) {
            let docs = self.entries_using(word);
            if docs.is_empty() {
                continue;
            }
            any = true;
            let mut counts: BTreeMap<Game, f32> = BTreeMap::new();
            for doc in docs {
                if let Some(entry) = self.entries.get(doc as usize) {
                    *counts.entry(entry.game).or_default() += 1.0;
                }
            }
            for (game, size) in &self.game_sizes {
                let count = counts.get(game).copied().unwrap_or(0.0);
                if let Some(sum) = log_likelihood.get_mut(game) {
                    *sum += ((count + 0.1) / (*size as f32 + 1.0)).ln();
                }
            }
        }
        if !any {
            return BTreeMap::new();
        }
        let best = log_likelihood
            .values()
            .copied()
            .fold(f32::NEG_INFINITY, f32::max);
        log_likelihood
            .into_iter()
            .map(|(g, l)| (g, ((l - best) * GAME_PRIOR_POWER).exp()))
            .collect()
    }

    /// Whether a word the query asks about names a part of the entry (is in a title or alias
    /// of a subsection or sub-entry) but not the entry itself: the part answers it better
    /// than the whole that summarises it ("changing speed" with the power curve is the
    /// Changing Speed subsection of Power Curve).
    fn is_named_by_a_part(&self, doc: usize, word: &QueryWord) -> bool {
        let parts = self.parts(doc);
        !parts.is_empty()
            && !self.names(doc, word, true)
            && parts
                .iter()
                .any(|part| self.names(*part as usize, word, false))
    }

    /// What a word counts in an entry: a part's share when it names one of the entry's parts
    /// and not the entry; more, though less than in full, when the entry's own alias names it
    /// too (Space Alert's "Games with Fewer than 4 Players", alias "androids", against its
    /// subsection "Resolution with Androids").
    fn part_share(&self, doc: usize, word: &QueryWord) -> f32 {
        if !self.is_named_by_a_part(doc, word) {
            1.0
        } else if self.names(doc, word, false) {
            PART_ALIAS_WORD_SHARE
        } else {
            PART_WORD_SHARE
        }
    }

    fn parts(&self, doc: usize) -> &[u32] {
        self.children.get(doc).map_or(&[], Vec::as_slice)
    }

    /// Whether a title (or, unless `titles_only`, an alias) of the entry has the word as
    /// typed.
    fn names(&self, doc: usize, word: &QueryWord, titles_only: bool) -> bool {
        u32::try_from(doc)
            .ok()
            .and_then(|doc| word.names.get(&doc))
            .is_some_and(|in_title| *in_title || !titles_only)
    }

    /// The entries whose titles (true) or aliases (false) hold one of the terms as typed
    /// (worth 1): what [`Index::names`] answers from.
    fn named_in(&self, alternatives: &[(Term, f32)]) -> FxHashMap<u32, bool> {
        let mut named: FxHashMap<u32, bool> = FxHashMap::default();
        for (term, _) in alternatives.iter().filter(|(_, weight)| *weight >= 1.0) {
            for (_, postings) in self.term_postings(term) {
                for (doc, slot, _) in postings {
                    match Slot::from_index(*slot).map(|s| s.field) {
                        Some(Field::Title) => {
                            named.insert(*doc, true);
                        }
                        Some(Field::Alias) => {
                            named.entry(*doc).or_insert(false);
                        }
                        _ => {}
                    }
                }
            }
        }
        named
    }

    /// Whether an abbreviation of the query names the entry, or names an entry it is a part
    /// of while another word of the query names this part ("mov escuadron": Squadron
    /// Movement rather than Movement).
    fn is_named_by_slang(&self, doc: usize, query: &Query) -> bool {
        if query.slang_entries.is_empty() {
            return false;
        }
        let named = |d: usize| {
            let entry = &self.entries[d];
            query
                .slang_entries
                .iter()
                .any(|(g, id)| *g == entry.game && id == entry.id())
        };
        named(doc)
            || (0..self.entries.len()).any(|whole| {
                named(whole)
                    && self.parts(whole).contains(&(doc as u32))
                    && query
                        .words
                        .iter()
                        .any(|w| self.names(doc, w, false) && !self.names(whole, w, true))
            })
    }

    /// How rare a term is: the IDF of the entries holding it (0 for an unknown term).
    fn term_idf(&self, term: &Term) -> f32 {
        let Some(postings) = self
            .term_ids
            .get(term)
            .and_then(|id| self.postings.get(*id as usize))
        else {
            return 0.0;
        };
        let mut docs: Vec<u32> = postings.iter().map(|(doc, _, _)| *doc).collect();
        docs.dedup();
        self.idf(docs.len())
    }

    /// What a key's words say, in units of a typical word: rare words ("interceptors") say
    /// more than common ones ("range 1").
    fn key_weight(&self, key: &Key) -> f32 {
        let idf: f32 = key.stems.iter().map(|t| self.term_idf(t)).sum();
        idf / key.langs.max(1) as f32 / TYPICAL_IDF
    }

    fn idf(&self, df: usize) -> f32 {
        let n = self.entries.len() as f32;
        let df = df as f32;
        (1.0 + (n - df + 0.5) / (df + 0.5)).ln()
    }

    /// The title, alias, id or heading that is the whole query, if one is.
    fn exact_key(&self, doc: usize, query: &Query) -> Option<&Key> {
        self.docs[doc].keys.iter().find(|k| {
            query.normalized == k.normalized
                || (!k.squashed.is_empty() && query.squashed == k.squashed)
        })
    }

    fn exact_bonus(&self, doc: usize, query: &Query) -> f32 {
        match self.exact_key(doc, query) {
            Some(key) if key.is_title => EXACT_TITLE_BONUS,
            Some(_) => EXACT_KEY_BONUS,
            None => 0.0,
        }
    }

    fn all_words_in_one_key(&self, doc: usize, query: &Query) -> bool {
        !query.words.is_empty()
            && query.unknown.is_empty()
            && self.docs[doc].keys.iter().any(|key| {
                query.words.iter().all(|w| {
                    !w.fuzzy
                        && w.alternatives
                            .iter()
                            .any(|(term, _)| key.stems.contains(term))
                })
            })
    }

    /// A title or alias the query contains whole ("when is a *damage card* dealt face up",
    /// "*interceptrs* fuerza"): the longer the key, the surer the sign. Typos count at their
    /// discount.
    fn covered_key_bonus(&self, doc: usize, query: &Query) -> f32 {
        self.docs[doc]
            .keys
            .iter()
            .filter(|key| !key.stems.is_empty())
            .filter_map(|key| {
                let mut weakest = 1.0f32;
                for stem in &key.stems {
                    let found = query
                        .words
                        .iter()
                        .flat_map(|w| {
                            let share = if key.is_title {
                                1.0
                            } else {
                                self.part_share(doc, w)
                            };
                            w.alternatives
                                .iter()
                                .map(move |(t, weight)| (t, weight * share))
                        })
                        .filter(|(term, _)| *term == stem)
                        .map(|(_, weight)| weight)
                        .fold(0.0, f32::max);
                    weakest = weakest.min(found);
                }
                let words = key.stems.len() / key.langs.max(1);
                (weakest > 0.0).then(|| {
                    COVERED_KEY_BONUS
                        * self.key_weight(key).min(3.0)
                        * weakest
                        * query.share_accounted(words)
                })
            })
            .fold(0.0, f32::max)
    }

    /// How well a title and the query fit each other (cosine of their words): between
    /// entries that both match, the one whose title the query fills more, and that accounts
    /// for more of the query, is the one meant ("poscombustión": "Dispositivos de
    /// poscombustión" before "Baterías y dispositivos de poscombustión"; "does a planet
    /// block fire": "Planets Blocking Fire and Power" before "Blocked Fire").
    fn title_share_bonus(&self, doc: usize, query: &Query) -> f32 {
        self.docs[doc]
            .keys
            .iter()
            .filter(|key| key.is_title && !key.stems.is_empty())
            .map(|key| {
                let found = key
                    .stems
                    .iter()
                    .filter(|stem| {
                        query
                            .words
                            .iter()
                            .any(|w| w.alternatives.iter().any(|(term, _)| term == *stem))
                    })
                    .count();
                let asked = (query.words.len() + query.unknown.len()).max(1);
                TITLE_SHARE_BONUS * found as f32 / ((key.stems.len() * asked) as f32).sqrt()
            })
            .fold(0.0, f32::max)
    }

    fn hit(&self, doc: usize, score: f32, query: &Query) -> Hit<'a> {
        let entry = self.entries[doc];
        let mut words = Vec::new();
        let mut fuzzy = false;
        for word in &query.words {
            let slots = self.slots_of(doc, word);
            if !slots.is_empty() {
                fuzzy |= word.fuzzy;
                words.push((word.text.clone(), slots));
            }
        }
        let exact = self.exact_key(doc, query);
        let slang = query
            .slang_entries
            .iter()
            .any(|(g, id)| *g == entry.game && id == entry.id());
        let kind = if exact.is_some() || slang {
            MatchKind::Exact
        } else if fuzzy {
            MatchKind::Fuzzy
        } else if self.all_words_in_one_key(doc, query) {
            MatchKind::AllWords
        } else {
            MatchKind::Partial
        };
        let key = exact
            .map(|k| k.text.clone())
            .unwrap_or_else(|| self.best_key(doc, query));
        Hit {
            entry,
            kind,
            key,
            score,
            words,
        }
    }

    /// The fields of an entry where a query word (or what it stands for) is found.
    fn slots_of(&self, doc: usize, word: &QueryWord) -> Vec<Slot> {
        let mut slots: Vec<Slot> = Vec::new();
        for (term, _) in &word.alternatives {
            for (_, postings) in self.term_postings(term) {
                for &(d, slot, _) in postings {
                    if d as usize == doc
                        && let Some(slot) = Slot::from_index(slot)
                        && !slots.contains(&slot)
                    {
                        slots.push(slot);
                    }
                }
            }
        }
        slots.sort();
        slots
    }

    /// The title or alias sharing most words with the query; titles win ties.
    fn best_key(&self, doc: usize, query: &Query) -> String {
        let keys = &self.docs[doc].keys;
        keys.iter()
            .filter(|k| !k.stems.is_empty())
            .map(|k| {
                let shared = query
                    .words
                    .iter()
                    .filter(|w| w.alternatives.iter().any(|(t, _)| k.stems.contains(t)))
                    .count();
                (shared, k.is_title, k)
            })
            .max_by_key(|(shared, is_title, _)| (*shared, *is_title))
            .map_or_else(
                || self.entries[doc].text(Lang::Es).title.clone(),
                |(_, _, k)| k.text.clone(),
            )
    }

    /// Folds the query, expands abbreviations, drops stop words and finds each word's terms.
    fn parse(&self, text: &str, game: Option<Game>) -> Query {
        let text = &without_english_clitics(text);
        let normalized = normalize(text);
        let mut query = Query {
            squashed: normalized.replace(' ', ""),
            ..Query::default()
        };
        if text.chars().any(|c| "áéíóúñ¿¡ÁÉÍÓÚÑ".contains(c)) {
            query.lang_votes.0 += 2;
        }
        let mut seen = HashSet::new();
        let mut words = Vec::new();
        // A pasted page is read up to its first few hundred words.
        let typed: Vec<(String, bool)> = raw_words(text).take(MAX_WORDS_READ).collect();
        let cased = self.cased_aliases(text);
        for (word, capitals) in self.join_compounds(typed) {
            if seen.len() >= MAX_QUERY_WORDS {
                break;
            }
            let word = as_digits(&word).to_string();
            if !is_stop_word(&word) || capitals {
                query.typed_words += 1;
            }
            let expansion = if cased.contains(&word) {
                None
            } else {
                self.slang_for(&word, capitals, game)
            };
            if let Some(slang) = &expansion {
                if let Some((first, _)) = slang.first()
                    && slang.iter().all(|(g, _)| g == first)
                {
                    query.slang_games.push(*first);
                }
                for (g, s) in slang {
                    if let Some(entry) = &s.entry {
                        query.slang_entries.push((*g, entry.clone()));
                    }
                }
            }
            // A slang word the glossary itself uses ("arc", "shoot") is searched as well as
            // what it stands for.
            if expansion.is_some()
                && !is_stop_word(&word)
                && self.surface.iter().any(|known| known.contains_key(&word))
                && seen.insert(word.clone())
            {
                words.push((word.clone(), 1.0));
            }
            // What an abbreviation stands for is given in both languages, so each of its
            // words counts half: together they weigh about one typed word.
            let (replaced, scale): (Vec<String>, f32) = match expansion {
                Some(slang) => (
                    slang
                        .iter()
                        .flat_map(|(_, s)| s.means.iter())
                        .flat_map(|m| {
                            normalize(m)
                                .split(' ')
                                .map(str::to_string)
                                .collect::<Vec<_>>()
                        })
                        .collect(),
                    EXPANSION_WEIGHT,
                ),
                None => (vec![word], 1.0),
            };
            for w in replaced {
                if !w.is_empty() && !is_stop_word(&w) && seen.insert(w.clone()) {
                    words.push((w, scale));
                }
            }
        }
        if words.is_empty() && query.slang_entries.is_empty() {
            // A query of stop words only ("a", "si") is searched as typed.
            words = normalized
                .split(' ')
                .filter(|w| !w.is_empty())
                .take(MAX_QUERY_WORDS)
                .map(|w| (w.to_string(), 1.0))
                .collect();
            words.dedup();
        }
        for (word, scale) in words {
            if scale >= 1.0 {
                query.typed.insert(word.clone());
                self.vote_language(&word, &mut query.lang_votes);
            }
            match self.query_word(&word, game) {
                Some(mut found) => {
                    for (_, weight) in &mut found.alternatives {
                        *weight *= scale;
                    }
                    found.names = self.named_in(&found.alternatives);
                    query.words.push(found);
                }
                None => query.unknown.push(word),
            }
        }
        query.normalized = normalized;
        self.discount_other_language(&mut query);
        query
    }

    /// A word typed in the query's language counts less in the other language's text: the
    /// same letters there are another word or another stem's neighbour (a false friend), or
    /// the same word, which the query's own language matches anyway. Words of neither language's text alone (slang,
    /// names) and what abbreviations stand for keep their weight.
    fn discount_other_language(&self, query: &mut Query) {
        let Some(lang) = query.lang() else {
            return;
        };
        let known = &self.surface[lang_index(lang)];
        for word in &mut query.words {
            if word.fuzzy || !query.typed.contains(&word.text) || !known.contains_key(&word.text) {
                continue;
            }
            for ((term_lang, _), weight) in &mut word.alternatives {
                if *term_lang != lang {
                    *weight *= OTHER_LANGUAGE_WEIGHT;
                }
            }
        }
    }

    /// The words typed exactly as an alias written in mixed case ("MoV"): they mean that
    /// alias, not the abbreviation spelt with the same letters ("mov", movement).
    fn cased_aliases(&self, text: &str) -> HashSet<String> {
        let is_mixed = |token: &str| {
            token.chars().skip(1).any(char::is_uppercase) && token.chars().any(char::is_lowercase)
        };
        text.split(|c: char| !c.is_alphanumeric())
            .take(MAX_WORDS_READ)
            .filter(|token| is_mixed(token))
            .filter(|token| {
                self.docs
                    .iter()
                    .any(|d| d.keys.iter().any(|k| k.is_name && k.text == *token))
            })
            .map(normalize)
            .collect()
    }

    /// Two words typed apart that the glossary writes as one ("face up": "faceup") are
    /// searched as the one word.
    fn join_compounds(&self, typed: Vec<(String, bool)>) -> Vec<(String, bool)> {
        let mut out: Vec<(String, bool)> = Vec::with_capacity(typed.len());
        let mut words = typed.into_iter().peekable();
        while let Some((word, capitals)) = words.next() {
            if let Some((next, _)) = words.peek() {
                let joined = format!("{word}{next}");
                // An article is no half of a word: "a round" is not "around".
                let halves_are_words = !is_stop_word(&word) && !is_stop_word(next);
                if halves_are_words
                    && joined.len() >= 5
                    && self.surface.iter().any(|known| known.contains_key(&joined))
                {
                    words.next();
                    out.push((joined, capitals));
                    continue;
                }
            }
            out.push((word, capitals));
        }
        out
    }

    /// The abbreviations a word is, in the game searched or in every game. A word that is
    /// also a stop word ("LOS", "A") counts only when typed in capitals.
    fn slang_for(
        &self,
        word: &str,
        capitals: bool,
        game: Option<Game>,
    ) -> Option<Vec<(Game, &'a RuleSlang)>> {
        if is_stop_word(word) && !capitals {
            return None;
        }
        let found: Vec<(Game, &RuleSlang)> = self
            .slang
            .iter()
            .filter(|(g, s)| game.is_none_or(|want| want == *g) && is_term(&s.term, word))
            .copied()
            .collect();
        (!found.is_empty()).then_some(found)
    }

    fn vote_language(&self, word: &str, votes: &mut (u32, u32)) {
        let es = self.surface[0].contains_key(word);
        let en = self.surface[1].contains_key(word);
        match (es, en) {
            (true, false) => votes.0 += 1,
            (false, true) => votes.1 += 1,
            _ => {}
        }
    }

    /// The terms a query word may match: its stems if the glossary has them, else the known
    /// words within a typo or two, else the known words it begins.
    fn query_word(&self, word: &str, game: Option<Game>) -> Option<QueryWord> {
        let mut exact: Vec<(Term, f32)> = LANGS
            .into_iter()
            .map(|lang| ((lang, self.stemmers.stem(lang, word)), 1.0))
            .filter(|(term, _)| self.in_scope(term, game))
            .collect();
        let typed_as_known = self.surface.iter().any(|words| words.contains_key(word));
        if !exact.is_empty() && !typed_as_known {
            // Only its stem is known ("comand" stems like "comandante"): it may as well be
            // a slip for a word that is ("command").
            for (term, weight) in self.near_words(word) {
                push_alternative(&mut exact, &term, weight);
            }
        }
        if !exact.is_empty() {
            return Some(QueryWord {
                text: word.to_string(),
                alternatives: exact,
                fuzzy: false,
                names: FxHashMap::default(),
            });
        }
        let mut alternatives = self.other_forms(word);
        if alternatives.is_empty() {
            alternatives = self.near_words(word);
        }
        (!alternatives.is_empty()).then(|| QueryWord {
            text: word.to_string(),
            alternatives,
            fuzzy: true,
            names: FxHashMap::default(),
        })
    }

    /// Whether a term occurs in an entry of the game searched (any game without `--game`):
    /// a word known only to another game is a typo here ("talon roll" in X-Wing).
    fn in_scope(&self, term: &Term, game: Option<Game>) -> bool {
        self.term_postings(term).any(|(_, postings)| {
            postings.iter().any(|(doc, _, _)| {
                game.is_none_or(|g| self.entries.get(*doc as usize).is_some_and(|e| e.game == g))
            })
        })
    }

    /// Other forms of the same word: stems the query word's stem begins ("aterrizan" →
    /// aterriz → "aterrizaje"), for stems long enough to mean one word.
    fn other_forms(&self, word: &str) -> Vec<(Term, f32)> {
        let mut out = Vec::new();
        for lang in LANGS {
            let stem = self.stemmers.stem(lang, word);
            if stem.chars().count() < 5 {
                continue;
            }
            for (_, term) in self.known() {
                if term.0 == lang && term.1.starts_with(&stem) {
                    push_alternative(&mut out, term, OTHER_FORM_WEIGHT);
                }
            }
        }
        out.truncate(MAX_ALTERNATIVES);
        out
    }

    fn near_words(&self, word: &str) -> Vec<(Term, f32)> {
        let limit = typo_limit(word);
        let mut typos: Vec<(usize, &Term)> = Vec::new();
        if limit > 0 {
            for (known, term) in self.known() {
                if let Some(d) = edit_distance(word, known, limit) {
                    typos.push((d, term));
                }
            }
        }
        let mut out: Vec<(Term, f32)> = Vec::new();
        let letters = word.chars().count();
        if let Some(closest) = typos.iter().map(|(d, _)| *d).min() {
            // One slip in a long word says less than one in a short word.
            let weight = (1.0 - 1.5 * closest as f32 / letters as f32).max(MIN_TYPO_WEIGHT);
            let nearest: Vec<&Term> = typos
                .into_iter()
                .filter(|(d, _)| *d == closest)
                .map(|(_, t)| t)
                .collect();
            // A slip with one likely correction ("missle": missile) is nearly the word.
            let corrected = (letters >= MIN_CORRECTED_LETTERS)
                .then(|| self.likeliest(&nearest))
                .flatten();
            for term in nearest {
                let weight = if corrected == Some(term) {
                    weight.max(CORRECTED_TYPO_WEIGHT)
                } else {
                    weight
                };
                push_alternative(&mut out, term, weight);
            }
        }
        if letters >= 4 || (letters >= 3 && out.is_empty()) {
            let mut prefixed: Vec<(&str, &Term)> =
                self.known().filter(|(k, _)| k.starts_with(word)).collect();
            prefixed.sort_by_key(|(k, _)| (k.len(), *k));
            for (_, term) in prefixed {
                push_alternative(&mut out, term, PREFIX_WEIGHT);
            }
        }
        out.truncate(MAX_ALTERNATIVES);
        out
    }
}

impl Index<'_> {
    /// The one word a typo most likely stands for: the only one at the least distance, or
    /// one far more used than the others there.
    fn likeliest<'t>(&self, nearest: &[&'t Term]) -> Option<&'t Term> {
        let mut ranked: Vec<(usize, &Term)> =
            nearest.iter().map(|t| (self.term_df(t), *t)).collect();
        ranked.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(b.1)));
        ranked.dedup_by(|a, b| a.1 == b.1);
        match ranked[..] {
            [(_, only)] => Some(only),
            [(first, term), (second, _), ..]
                if first as f32 >= CORRECTION_USE_RATIO * second as f32 =>
            {
                Some(term)
            }
            _ => None,
        }
    }

    fn term_df(&self, term: &Term) -> usize {
        let mut docs: Vec<u32> = self
            .term_postings(term)
            .flat_map(|(_, p)| p.iter().map(|(d, _, _)| *d))
            .collect();
        docs.dedup();
        docs.len()
    }

    /// What finding a query word says: its rarity, at the weight of its best form.
    fn word_worth(&self, word: &QueryWord) -> f32 {
        word.alternatives
            .iter()
            .map(|(term, weight)| weight * self.term_idf(term))
            .fold(0.0, f32::max)
    }
}

/// How much of [`SLANG_BONUS`] an abbreviation among `typed_words` content words earns: all
/// of it alone, then (2 / (n + 1))², 0.44 among two words and 0.06 among seven (it was
/// 2 / (n + 1) until the tenth pass, docs/rule.md: a fixed bonus for an abbreviation that
/// every question about its topic uses, "AP", put its entry first for all of them).
fn slang_share(typed_words: usize) -> f32 {
    (2.0 / (typed_words as f32 + 1.0)).powi(2)
}

/// Each value as a share of the largest.
fn relative_to_best(values: &mut HashMap<usize, f32>) {
    let best = values.values().copied().fold(0.0, f32::max);
    if best > 0.0 {
        for value in values.values_mut() {
            *value /= best;
        }
    }
}

/// `word` is the abbreviation or its plural ("CDRs").
fn is_term(term: &str, word: &str) -> bool {
    let term = normalize(term);
    word.strip_suffix('s').unwrap_or(word) == term || word == term
}

fn push_alternative(out: &mut Vec<(Term, f32)>, term: &Term, weight: f32) {
    if !out.iter().any(|(t, _)| t == term) {
        out.push((term.clone(), weight));
    }
}

/// The most typos a word of this many letters may have and still match: enough for a
/// slip of the finger, few enough that "pelotón" does not become "piloto".
fn typo_limit(word: &str) -> usize {
    match word.chars().count() {
        0..=3 => 0,
        4..=7 => 1,
        8..=11 => 2,
        _ => 3,
    }
}

/// The query with English contractions and possessives undone, so that their halves are
/// not read as words the glossary lacks: "doesn't" would otherwise be "doesn" and "t", two
/// unknown words that can push a question under the relevance floor. "n't" goes (negation
/// says nothing about which entry answers), as do "'s", "'re", "'ll", "'ve", "'m" and "'d";
/// "can't", "won't" and "shan't" keep their verb. Any other apostrophe is left alone.
fn without_english_clitics(text: &str) -> std::borrow::Cow<'_, str> {
    const APOSTROPHES: [char; 3] = ['\'', '\u{2019}', '`'];
    if !text.contains(APOSTROPHES) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(APOSTROPHES) {
        let (before, after) = rest.split_at(at);
        let mut apostrophe = after.chars();
        apostrophe.next();
        let tail = apostrophe.as_str();
        let clitic_len = tail
            .find(|c: char| !c.is_alphabetic())
            .unwrap_or(tail.len());
        let clitic = tail[..clitic_len].to_lowercase();
        let word_start = before.rfind(|c: char| !c.is_alphabetic()).map_or(0, |i| {
            i + before[i..].chars().next().map_or(1, char::len_utf8)
        });
        let word = &before[word_start..];
        let follows_letter = !word.is_empty();
        match clitic.as_str() {
            "t" if word.len() >= 2 && word.to_lowercase().ends_with('n') => {
                out.push_str(&before[..word_start]);
                match word.to_lowercase().as_str() {
                    "can" | "shan" => out.push_str(word),
                    "won" => out.push_str("will"),
                    _ => out.push_str(&word[..word.len() - 1]),
                }
            }
            "s" | "re" | "ll" | "ve" | "m" | "d" if follows_letter => out.push_str(before),
            _ => {
                out.push_str(before);
                out.push_str(&after[..after.len() - tail.len()]);
                rest = tail;
                continue;
            }
        }
        rest = &tail[clitic_len..];
    }
    out.push_str(rest);
    std::borrow::Cow::Owned(out)
}

/// The folded words of a query, each with whether it was typed in capitals ("LOS", "TL")
/// among words that are not: in a query all in capitals ("ORDEN DE LOS JUGADORES", a
/// heading as printed) capitals say nothing.
fn raw_words(text: &str) -> impl Iterator<Item = (String, bool)> + '_ {
    let pieces = || {
        text.split(|c: char| !c.is_alphanumeric())
            .filter(|piece| !piece.is_empty())
    };
    let shouting = pieces().count() > 1 && !text.chars().any(char::is_lowercase);
    pieces().flat_map(move |piece| {
        let capitals =
            !shouting && piece.chars().count() >= 2 && piece.chars().all(|c| !c.is_lowercase());
        normalize(piece)
            .split(' ')
            .filter(|w| !w.is_empty())
            .map(|w| (w.to_string(), capitals))
            .collect::<Vec<_>>()
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn english_clitics_are_undone() {
        use super::without_english_clitics as undo;
        assert_eq!(undo("heavy doesn't pin"), "heavy does pin");
        assert_eq!(undo("I can't and won't"), "I can and will");
        assert_eq!(undo("the ship’s arc, isn't it"), "the ship arc, is it");
        assert_eq!(
            undo("they're where we'd be, I'm sure"),
            "they where we be, I sure"
        );
        assert_eq!(
            undo("o'clock 'quoted' rock'n'roll"),
            "o'clock 'quoted' rock'n'roll"
        );
        assert_eq!(undo("no apostrophe"), "no apostrophe");
        assert_eq!(undo("' ends'"), "' ends'");
        assert_eq!(undo("n't"), "n't");
    }

    use super::*;
    use crate::cards::rules::{RuleCitation, RuleEntry, RuleText};

    fn text(title: &str, aliases: &[&str], summary: &str) -> RuleText {
        RuleText {
            title: title.to_string(),
            aliases: aliases.iter().map(|a| a.to_string()).collect(),
            summary: summary.to_string(),
            points: Vec::new(),
            situations: Vec::new(),
        }
    }

    fn entry(id: &str, section: &str, es: RuleText, en: RuleText) -> RuleEntry {
        RuleEntry {
            id: id.to_string(),
            see_also: Vec::new(),
            citation: RuleCitation {
                document: "Doc".to_string(),
                version: String::new(),
                section: section.to_string(),
            },
            es,
            en,
        }
    }

    fn sample() -> Vec<(Game, RuleEntry)> {
        vec![
            (
                Game::Armada,
                entry(
                    "line-of-sight",
                    "LÍNEA DE VISIÓN",
                    text(
                        "Línea de visión",
                        &["LDV"],
                        "Se traza desde el punto de mira de la sección atacante.",
                    ),
                    text(
                        "Line of Sight",
                        &[],
                        "Traced from the attacking hull zone's targeting point.",
                    ),
                ),
            ),
            (
                Game::Armada,
                entry(
                    "squadron-activation",
                    "ACTIVACIÓN DE ESCUADRONES",
                    text(
                        "Activación de escuadrones",
                        &[],
                        "Un escuadrón activado en su fase mueve o ataca, no ambas cosas.",
                    ),
                    text(
                        "Squadron Activation",
                        &[],
                        "A squadron activated in its phase moves or attacks, not both.",
                    ),
                ),
            ),
            (
                Game::Armada,
                entry(
                    "obstacles",
                    "OBSTÁCULOS",
                    text(
                        "Obstáculos",
                        &["asteroides"],
                        "Una nave que acaba su movimiento encima de un obstáculo sufre su efecto.",
                    ),
                    text(
                        "Obstacles",
                        &["asteroid field"],
                        "A ship ending its move on an obstacle suffers its effect.",
                    ),
                ),
            ),
            (
                Game::Xwing,
                entry(
                    "tonel-volado",
                    "TONEL VOLADO (↻)",
                    text(
                        "Tonel volado",
                        &["tonel"],
                        "La nave se desplaza de lado con la plantilla 1 recta.",
                    ),
                    text(
                        "Barrel Roll",
                        &[],
                        "The ship shifts sideways using the straight 1 template.",
                    ),
                ),
            ),
            (
                Game::Talon,
                entry(
                    "sideslip",
                    "7.3 Deslizamiento Lateral",
                    text(
                        "Deslizamiento lateral",
                        &[],
                        "La nave se mueve un hexágono en diagonal.",
                    ),
                    text("Sideslip", &[], "The ship moves one hex diagonally."),
                ),
            ),
        ]
    }

    fn slang() -> Vec<(Game, RuleSlang)> {
        vec![(
            Game::Armada,
            RuleSlang {
                term: "LOS".to_string(),
                means: vec!["line of sight".to_string(), "línea de visión".to_string()],
                entry: Some("line-of-sight".to_string()),
            },
        )]
    }

    /// A glossary of the given entries and players' words, as if read from `--data` files.
    fn glossary<'a>(
        entries: &'a [(Game, RuleEntry)],
        slang: &'a [(Game, RuleSlang)],
    ) -> Glossary<'a> {
        Glossary {
            entries: entries
                .iter()
                .map(|(game, entry)| GlossaryEntry { game: *game, entry })
                .collect(),
            slang: slang.iter().map(|(g, s)| (*g, s)).collect(),
            built_in: false,
        }
    }

    fn ids(
        entries: &[(Game, RuleEntry)],
        slang: &[(Game, RuleSlang)],
        query: &str,
        game: Option<Game>,
    ) -> Vec<String> {
        let glossary = glossary(entries, slang);
        Index::new(&glossary)
            .search(query, game)
            .hits
            .iter()
            .map(|h| h.entry.id().to_string())
            .collect()
    }

    fn first(query: &str) -> Option<String> {
        ids(&sample(), &slang(), query, None).into_iter().next()
    }

    /// A player describes what happened at the table; the entry whose situations say so
    /// answers, and the hit says the words were found among its situations.
    #[test]
    fn a_situation_players_describe_finds_its_entry() {
        let mut entries = sample();
        let question = "what if i am sitting on a rock";
        assert_ne!(
            ids(&entries, &slang(), question, None)
                .first()
                .map(String::as_str),
            Some("obstacles")
        );
        if let Some((_, obstacles)) = entries.iter_mut().find(|(_, e)| e.id == "obstacles") {
            obstacles.en.situations = vec!["my ship ends its move sitting on a rock".to_string()];
        }
        assert_eq!(
            ids(&entries, &slang(), question, None)
                .first()
                .map(String::as_str),
            Some("obstacles")
        );
        let glossary = glossary(&entries, &[]);
        let lookup = Index::new(&glossary).search("sitting rock", None);
        let best = lookup.best().expect("an entry answers");
        assert_eq!(best.entry.id(), "obstacles");
        let slots: Vec<String> = best
            .words
            .iter()
            .flat_map(|(_, slots)| slots.iter().map(|s| s.name()))
            .collect();
        assert_eq!(slots, ["situation.en", "situation.en"]);
    }

    /// A question that is one of an entry's situations finds that entry, though another
    /// entry has the same words more often, each in a different situation.
    #[test]
    fn one_situation_that_is_the_question_beats_its_words_scattered() {
        let situation = |id: &str, phrases: &[&str]| {
            let mut en = text(id, &[], "A rule.");
            en.situations = phrases.iter().map(|p| p.to_string()).collect();
            (
                Game::Talon,
                entry(id, "Sección", text(id, &[], "Una regla."), en),
            )
        };
        let entries = vec![
            situation(
                "scattered",
                &[
                    "rock left on the map",
                    "damage from a rock",
                    "a rock and its hex",
                    "ship speed",
                    "speed of a ship in a nebula",
                    "damage to a ship",
                ],
            ),
            situation(
                "described",
                &["my ship flew straight into a big rock at speed 3 this turn, what damage"],
            ),
        ];
        let first = |query: &str| ids(&entries, &[], query, None).into_iter().next();
        assert_eq!(
            first("ship into a rock at speed, damage").as_deref(),
            Some("described")
        );
        // The scattered words still answer what only they say.
        assert_eq!(first("rock hex").as_deref(), Some("scattered"));
    }

    #[test]
    fn whole_titles_headings_and_numbers_in_either_language() {
        assert_eq!(first("LINEA DE VISION").as_deref(), Some("line-of-sight"));
        assert_eq!(first("barrelroll").as_deref(), Some("tonel-volado"));
        assert_eq!(first("7.3").as_deref(), Some("sideslip"));
        assert_eq!(first("ldv").as_deref(), Some("line-of-sight"));
    }

    #[test]
    fn questions_lose_their_stop_words_and_match_word_forms() {
        assert_eq!(
            first("can a squadron move and attack in the same activation").as_deref(),
            Some("squadron-activation")
        );
        assert_eq!(
            first("¿qué pasa si mi nave acaba encima de un asteroide?").as_deref(),
            Some("obstacles")
        );
    }

    #[test]
    fn typos_find_the_word_but_never_beat_a_word_as_typed() {
        assert_eq!(first("deslizamineto lateral").as_deref(), Some("sideslip"));
        let found = ids(&sample(), &slang(), "obstacle sidesilp", None);
        assert_eq!(
            found.first().map(String::as_str),
            Some("obstacles"),
            "{found:?}"
        );
    }

    #[test]
    fn abbreviations_stand_for_their_words_and_stop_words_need_capitals() {
        assert_eq!(
            first("LOS from which point").as_deref(),
            Some("line-of-sight")
        );
        // "los" in lower case is the Spanish article, not line of sight.
        let found = ids(&sample(), &slang(), "los asteroides", None);
        assert_eq!(
            found.first().map(String::as_str),
            Some("obstacles"),
            "{found:?}"
        );
        // A heading typed in capitals is not a row of abbreviations.
        assert!(!is_term("LOS", "orden"));
        assert!(raw_words("ORDEN DE LOS JUGADORES").all(|(_, capitals)| !capitals));
        assert!(raw_words("LOS point").any(|(_, capitals)| capitals));
    }

    #[test]
    fn contractions_are_no_unknown_words() {
        // Split at the apostrophe, "doesn't" and its kind were seven words the glossary
        // lacks, which put a question about one known word under the relevance floor.
        assert_eq!(
            first("sideslip doesn't, isn't, can't, won't").as_deref(),
            Some("sideslip")
        );
    }

    #[test]
    fn nothing_relevant_is_no_answer() {
        assert!(first("zzzz qqqq").is_none());
        assert!(first("  ").is_none());
        assert!(first("vision nocturna termica infrarroja ultravioleta").is_none());
    }

    #[test]
    fn one_game_or_all() {
        let all = ids(&sample(), &slang(), "lateral", None);
        assert_eq!(all, ["sideslip"]);
        assert!(ids(&sample(), &slang(), "lateral", Some(Game::Armada)).is_empty());
    }

    /// The tables build.rs embedded are, byte for byte, the ones built at run time from the
    /// loaded glossary, and the built-in glossary uses them.
    #[test]
    fn the_embedded_index_is_the_one_built_at_run_time() {
        let (db, _) = crate::cards::load(&crate::cards::LoadOptions::built_in());
        let glossary = Glossary::from_db(&db);
        assert!(glossary.is_built_in());
        for game in std::iter::once(None).chain(Game::ALL.map(Some)) {
            let entries: Vec<_> = glossary.in_game(game).copied().collect();
            let embedded =
                super::super::embedded_index::encoded(game).expect("build.rs embedded the tables");
            assert!(
                index_build::encode(&built_parts(&entries)) == embedded,
                "{game:?}"
            );
            assert!(embedded_parts(game, &entries).is_some(), "{game:?}");
            // Tables of other entries are not used for these.
            let fewer = &entries[1..];
            assert!(embedded_parts(game, fewer).is_none(), "{game:?}");
        }
    }

    /// Two words the glossary writes as one are joined ("face up"), but an article is no
    /// half of a word: "a round" stays the round, not "around".
    #[test]
    fn joined_words_have_no_stop_word_half() {
        let entries = [(
            Game::Xwing,
            entry(
                "round",
                "RONDA",
                text("Ronda", &[], "Las naves vuelan boca arriba."),
                text("Round", &["faceup"], "Ships fly around the station."),
            ),
        )];
        let glossary = glossary(&entries, &[]);
        let index = Index::new(&glossary);
        let words = |text: &str| -> Vec<String> {
            index
                .parse(text, None)
                .words
                .into_iter()
                .map(|w| w.text)
                .collect()
        };
        assert_eq!(words("twice in a round"), ["round"]);
        assert_eq!(words("dealt face up"), ["faceup"]);
    }

    /// "red" is a net in a Spanish question: in English text it is a colour, and counts less
    /// there; typed in an English question it is the colour, and Spanish text counts less.
    #[test]
    fn a_word_of_the_query_language_counts_less_in_the_other() {
        let entries = [(
            Game::Xwing,
            entry(
                "red",
                "RED",
                text("Red de minas", &[], "Una red cubre el campo."),
                text("Red maneuver", &[], "A red maneuver stresses the ship."),
            ),
        )];
        let glossary = glossary(&entries, &[]);
        let index = Index::new(&glossary);
        let weights = |text: &str| -> Vec<(Lang, f32)> {
            let query = index.parse(text, None);
            let word = query
                .words
                .iter()
                .find(|w| w.text == "red")
                .expect("red is found");
            let mut weights: Vec<(Lang, f32)> = word
                .alternatives
                .iter()
                .map(|((lang, _), weight)| (*lang, *weight))
                .collect();
            weights.sort_by_key(|(lang, _)| *lang);
            weights
        };
        assert_eq!(
            weights("¿cómo funciona la red de minas?"),
            [(Lang::Es, 1.0), (Lang::En, OTHER_LANGUAGE_WEIGHT)]
        );
        assert_eq!(
            weights("does a red maneuver stress the ship"),
            [(Lang::Es, OTHER_LANGUAGE_WEIGHT), (Lang::En, 1.0)]
        );
        // A query that does not tell its language keeps both.
        assert_eq!(weights("red"), [(Lang::Es, 1.0), (Lang::En, 1.0)]);
    }

    /// A slip with one likely correction counts nearly as the word; a short word keeps the
    /// usual discount, as one slip in four letters may be another word.
    #[test]
    fn a_typo_with_one_likely_correction_is_nearly_the_word() {
        let entries = sample();
        let glossary = glossary(&entries, &[]);
        let index = Index::new(&glossary);
        let weight_of = |text: &str, stem: &str| -> f32 {
            let query = index.parse(text, None);
            query
                .words
                .iter()
                .flat_map(|w| &w.alternatives)
                .filter(|((_, s), _)| s == stem)
                .map(|(_, weight)| *weight)
                .fold(0.0, f32::max)
        };
        assert_eq!(weight_of("lateal", "lateral"), CORRECTED_TYPO_WEIGHT);
        let short = weight_of("tonl", "tonel");
        assert!(short > 0.0 && short < CORRECTED_TYPO_WEIGHT, "{short}");
    }

    /// Coordination weighs each entry against the one with most of the query's words.
    #[test]
    fn coverage_is_a_share_of_the_best() {
        let mut covered: HashMap<usize, f32> = [(1, 2.0), (2, 4.0), (3, 1.0)].into();
        relative_to_best(&mut covered);
        assert_eq!(covered[&2], 1.0);
        assert_eq!(covered[&1], 0.5);
        assert_eq!(covered[&3], 0.25);
    }

    #[test]
    fn a_page_of_words_is_cut_to_the_words_scored() {
        let page = (0..10_000)
            .map(|i| format!("w{i}"))
            .collect::<Vec<_>>()
            .join(" ");
        let index_entries = sample();
        let glossary = glossary(&index_entries, &[]);
        let index = Index::new(&glossary);
        let query = index.parse(&(page + " obstacle"), None);
        assert!(query.words.len() + query.unknown.len() <= MAX_QUERY_WORDS);
    }
}
