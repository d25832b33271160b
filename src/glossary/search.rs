//! Finding a glossary entry from what a judge types: a title, alias, id or printed heading in
//! Spanish or English, without case, accents or punctuation; then the same words in any
//! order, singular or plural; then the beginnings of words; then misspellings.
//!
//! Every entry is scored through its keys (titles, aliases, id, section heading, section
//! number) and takes its best key's score. Hits sort by [`MatchKind`], then by how much of
//! the key the query covers, then by the kind of key (a title beats an alias), then by how
//! well the query matches one of the entry's titles, then by game and file order.

use super::{Glossary, GlossaryEntry, Lang, RuleGame};
use crate::text::{edit_distance, normalize};

/// How an entry matched; lower is better.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchKind {
    /// The whole query is a title, alias, id or heading (ignoring case, accents, punctuation
    /// and spaces).
    Exact,
    /// Every word of the query is a word of one title or alias (singular or plural).
    AllWords,
    /// Every word of the query begins a word of one key, or the words are spread over several
    /// keys of the entry.
    Partial,
    /// Some word only matches with a typo or two, or as another form of the word
    /// ("derribar" for "derribo").
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

/// What a key of an entry is; decides ties between equally good matches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum KeyKind {
    Title,
    Id,
    Section,
    Number,
    Alias,
    /// The words of all titles and aliases of the entry together.
    Bag,
}

impl KeyKind {
    /// Higher is better.
    fn weight(self) -> u32 {
        match self {
            KeyKind::Title => 4,
            KeyKind::Id | KeyKind::Section | KeyKind::Number => 3,
            KeyKind::Alias => 2,
            KeyKind::Bag => 0,
        }
    }
}

#[derive(Debug)]
struct Key {
    /// As written in the data, for messages.
    text: String,
    kind: KeyKind,
    normalized: String,
    squashed: String,
    /// Content words (no articles or prepositions), or every word if the key has only those.
    words: Vec<String>,
}

impl Key {
    fn new(text: &str, kind: KeyKind) -> Self {
        let normalized = normalize(text);
        Key {
            text: text.to_string(),
            kind,
            squashed: normalized.replace(' ', ""),
            words: content_words(&normalized),
            normalized,
        }
    }
}

/// One entry found for a query.
#[derive(Debug, Clone)]
pub struct Hit<'a> {
    pub entry: GlossaryEntry<'a>,
    pub kind: MatchKind,
    /// The title, alias, id or heading that matched, as written in the data.
    pub key: String,
    /// Lower is better; compares hits of the same kind.
    rank: [u32; 3],
    /// How well the query matches a title of the entry: breaks ties between entries that
    /// share an alias ("androides" is an alias of both "Androide" and "Partidas con menos de
    /// 4 jugadores").
    title: (Option<MatchKind>, [u32; 3]),
}

impl Hit<'_> {
    fn order(&self) -> (MatchKind, [u32; 3], bool, Option<MatchKind>, [u32; 3]) {
        (
            self.kind,
            self.rank,
            self.title.0.is_none(),
            self.title.0,
            self.title.1,
        )
    }
}

/// The result of a search: hits best first, and when there are none, near misses to suggest.
#[derive(Debug, Default)]
pub struct Lookup<'a> {
    pub hits: Vec<Hit<'a>>,
    pub suggestions: Vec<Hit<'a>>,
}

impl<'a> Lookup<'a> {
    pub fn best(&self) -> Option<&Hit<'a>> {
        self.hits.first()
    }

    /// Hits as good as the best one, for `also:`: other exact matches (the same term in another
    /// game), or hits of the same kind that score exactly as well. At most `max`.
    pub fn also(&self, max: usize) -> Vec<&Hit<'a>> {
        let Some(best) = self.best() else {
            return Vec::new();
        };
        self.hits[1..]
            .iter()
            .filter(|h| h.kind == best.kind && (h.kind == MatchKind::Exact || h.rank == best.rank))
            .take(max)
            .collect()
    }
}

/// The glossary prepared for searching.
#[derive(Debug)]
pub struct Index<'a> {
    entries: Vec<(GlossaryEntry<'a>, Vec<Key>)>,
}

impl<'a> Index<'a> {
    pub fn new(glossary: &Glossary<'a>) -> Self {
        let entries = glossary
            .entries()
            .iter()
            .map(|entry| (*entry, keys_of(entry)))
            .collect();
        Index { entries }
    }

    /// Entries matching `query`, best first, in one game or all.
    pub fn search(&self, query: &str, game: Option<RuleGame>) -> Lookup<'a> {
        let query = Query::new(query);
        if query.normalized.is_empty() {
            return Lookup::default();
        }
        let mut hits = Vec::new();
        for (entry, keys) in self
            .entries
            .iter()
            .filter(|(e, _)| game.is_none_or(|g| e.game == g))
        {
            let scored: Vec<_> = keys
                .iter()
                .filter_map(|key| score(&query, key).map(|(kind, rank)| (kind, rank, key)))
                .collect();
            let best = scored.iter().min_by_key(|(kind, rank, _)| (*kind, *rank));
            if let Some((kind, rank, key)) = best {
                let title = scored
                    .iter()
                    .filter(|(_, _, k)| k.kind == KeyKind::Title)
                    .map(|(kind, rank, _)| (Some(*kind), *rank))
                    .min()
                    .unwrap_or((None, [0; 3]));
                hits.push(Hit {
                    entry: *entry,
                    kind: *kind,
                    key: key.text.clone(),
                    rank: *rank,
                    title,
                });
            }
        }
        // Stable: equal hits keep game and file order.
        hits.sort_by_key(Hit::order);
        let suggestions = if hits.is_empty() {
            self.near_misses(&query, game, 3)
        } else {
            Vec::new()
        };
        Lookup { hits, suggestions }
    }

    /// Entries closest to a query that matched nothing (see [`loose_score`]), best first:
    /// only those at most one step worse than the best.
    fn near_misses(&self, query: &Query, game: Option<RuleGame>, max: usize) -> Vec<Hit<'a>> {
        let mut scored = Vec::new();
        for (entry, keys) in self
            .entries
            .iter()
            .filter(|(e, _)| game.is_none_or(|g| e.game == g))
        {
            let best = keys
                .iter()
                .filter(|k| k.kind != KeyKind::Bag)
                .filter_map(|key| loose_score(query, key).map(|rank| (rank, key)))
                .min_by_key(|(rank, _)| *rank);
            if let Some((rank, key)) = best {
                scored.push(Hit {
                    entry: *entry,
                    kind: MatchKind::Fuzzy,
                    key: key.text.clone(),
                    rank,
                    title: (None, [0; 3]),
                });
            }
        }
        scored.sort_by_key(|h| h.rank);
        // Only the closest: at most one letter worse than the best.
        if let Some(best) = scored.first().map(|h| h.rank[0]) {
            scored.retain(|h| h.rank[0] <= best + 1);
        }
        scored.truncate(max);
        scored
    }
}

/// Every key of an entry: both titles, all aliases, the id, the printed heading and, for
/// numbered rulebooks, the section number alone ("7.3").
fn keys_of(entry: &GlossaryEntry<'_>) -> Vec<Key> {
    let mut keys = Vec::new();
    for lang in [Lang::Es, Lang::En] {
        let text = entry.text(lang);
        keys.push(Key::new(&text.title, KeyKind::Title));
        keys.extend(text.aliases.iter().map(|a| Key::new(a, KeyKind::Alias)));
    }
    keys.push(Key::new(&entry.entry.id, KeyKind::Id));
    let section = &entry.entry.citation.section;
    keys.push(Key::new(section, KeyKind::Section));
    if let Some(number) = section_number(section) {
        keys.push(Key::new(number, KeyKind::Number));
    }
    let mut bag: Vec<String> = keys
        .iter()
        .filter(|k| matches!(k.kind, KeyKind::Title | KeyKind::Alias))
        .flat_map(|k| k.words.iter().cloned())
        .collect();
    bag.sort();
    bag.dedup();
    keys.push(Key {
        text: entry.text(Lang::Es).title.clone(),
        kind: KeyKind::Bag,
        normalized: String::new(),
        squashed: String::new(),
        words: bag,
    });
    keys
}

/// "7.3" of "7.3 Deslizamiento Lateral", "6" of "6. ENERGÍA"; none for unnumbered headings.
fn section_number(section: &str) -> Option<&str> {
    let first = section.split_whitespace().next()?;
    let number = first.trim_end_matches('.');
    (!number.is_empty() && number.chars().all(|c| c.is_ascii_digit() || c == '.')).then_some(number)
}

struct Query {
    normalized: String,
    squashed: String,
    words: Vec<String>,
}

impl Query {
    fn new(text: &str) -> Self {
        let normalized = normalize(text);
        Query {
            squashed: normalized.replace(' ', ""),
            words: content_words(&normalized),
            normalized,
        }
    }
}

/// Articles, prepositions and conjunctions of both languages: they do not have to match.
const STOP_WORDS: &[&str] = &[
    "a", "al", "con", "de", "del", "e", "el", "en", "la", "las", "lo", "los", "o", "para", "por",
    "se", "su", "u", "un", "una", "y", "an", "and", "at", "for", "in", "of", "on", "or", "the",
    "to", "with",
];

fn content_words(normalized: &str) -> Vec<String> {
    let all: Vec<&str> = normalized.split(' ').filter(|w| !w.is_empty()).collect();
    let content: Vec<&str> = all
        .iter()
        .copied()
        .filter(|w| !STOP_WORDS.contains(w))
        .collect();
    let chosen = if content.is_empty() { all } else { content };
    chosen.into_iter().map(str::to_string).collect()
}

/// How one query word matched one key word; lower is better.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum WordMatch {
    /// The same word, or its singular or plural.
    Same,
    /// One word begins the other.
    Prefix(u32),
    /// Within a few typos, or another form of the word.
    Fuzzy(u32),
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

/// The word and what it would be without a plural ending: "naves" → "nave", "escuadrones" →
/// "escuadron", "abilities" → "ability".
fn singulars(word: &str) -> impl Iterator<Item = std::borrow::Cow<'_, str>> {
    let long = word.len() >= 4;
    let ies =
        (long && word.ends_with("ies")).then(|| format!("{}y", &word[..word.len() - 3]).into());
    let es = (long && word.ends_with("es")).then(|| word[..word.len() - 2].into());
    let s = (long && word.ends_with('s')).then(|| word[..word.len() - 1].into());
    std::iter::once(word.into()).chain(ies).chain(es).chain(s)
}

fn same_word(a: &str, b: &str) -> bool {
    a == b || singulars(a).any(|x| singulars(b).any(|y| x == y))
}

fn common_prefix(a: &str, b: &str) -> usize {
    a.chars().zip(b.chars()).take_while(|(x, y)| x == y).count()
}

fn word_match(query: &str, key: &str) -> Option<WordMatch> {
    if same_word(query, key) {
        return Some(WordMatch::Same);
    }
    let (q, k) = (query.chars().count(), key.chars().count());
    if (q >= 3 && key.starts_with(query)) || (k >= 4 && query.starts_with(key)) {
        return Some(WordMatch::Prefix(q.abs_diff(k) as u32));
    }
    let typo = edit_distance(query, key, typo_limit(query)).map(|d| d as u32);
    // Another form of the same word ("activar", "activación"): counts like a typo per letter
    // that differs, so a real typo of another word still wins.
    let shared = common_prefix(query, key);
    let stem = (shared >= 5 && shared + 2 >= q.min(k)).then(|| (q.max(k) - shared) as u32);
    match (typo, stem) {
        (Some(a), Some(b)) => Some(WordMatch::Fuzzy(a.min(b))),
        (a, b) => a.or(b).map(WordMatch::Fuzzy),
    }
}

/// The best match of every query word among the key's words, and which key word it was;
/// `None` when some query word matches nothing.
fn match_words(query: &[String], key: &[String]) -> Option<Vec<(WordMatch, usize)>> {
    query
        .iter()
        .map(|q| {
            key.iter()
                .enumerate()
                .filter_map(|(i, k)| word_match(q, k).map(|m| (m, i)))
                .min()
        })
        .collect()
}

fn score(query: &Query, key: &Key) -> Option<(MatchKind, [u32; 3])> {
    let weight = 10 - key.kind.weight();
    if key.kind != KeyKind::Bag
        && (query.normalized == key.normalized
            || (!key.squashed.is_empty() && query.squashed == key.squashed))
    {
        return Some((MatchKind::Exact, [weight, 0, 0]));
    }
    if let Some(matches) = match_words(&query.words, &key.words) {
        let mut used: Vec<usize> = matches.iter().map(|(_, i)| *i).collect();
        used.sort_unstable();
        used.dedup();
        // Share of the key's words the query accounts for, in thousandths; 1000 - it, so lower is better.
        let uncovered = if key.kind == KeyKind::Bag {
            1000
        } else {
            1000 - (used.len() * 1000 / key.words.len().max(1)) as u32
        };
        let worst = matches
            .iter()
            .map(|(m, _)| *m)
            .max()
            .unwrap_or(WordMatch::Same);
        let slack: u32 = matches
            .iter()
            .map(|(m, _)| match m {
                WordMatch::Same => 0,
                WordMatch::Prefix(n) | WordMatch::Fuzzy(n) => *n,
            })
            .sum();
        let kind = match worst {
            // Typos in words gathered from different titles and aliases are too weak a sign.
            WordMatch::Fuzzy(_) if key.kind == KeyKind::Bag => return None,
            WordMatch::Same if key.kind == KeyKind::Bag => MatchKind::Partial,
            WordMatch::Same => MatchKind::AllWords,
            WordMatch::Prefix(_) => MatchKind::Partial,
            WordMatch::Fuzzy(_) => MatchKind::Fuzzy,
        };
        return Some(match kind {
            MatchKind::Fuzzy => (kind, [slack, uncovered, weight]),
            _ => (kind, [uncovered, slack, weight]),
        });
    }
    // Typos across word boundaries ("barelroll", "line ofsight").
    if key.squashed.chars().count() >= 4
        && let Some(d) = edit_distance(&query.squashed, &key.squashed, typo_limit(&query.squashed))
    {
        return Some((MatchKind::Fuzzy, [d as u32, 0, weight]));
    }
    None
}

/// For suggestions: what it would cost to turn the query into the key. A word found costs
/// nothing, a word's beginning 1, a typo 2 (up to half the word); a word not found costs its
/// length. The whole query against the whole key (a third of typos) also counts.
fn loose_score(query: &Query, key: &Key) -> Option<[u32; 3]> {
    let mut found = false;
    let mut cost = 0u32;
    for q in &query.words {
        let limit = (q.chars().count() / 2).max(1);
        let best = key
            .words
            .iter()
            .filter_map(|k| match word_match(q, k) {
                Some(WordMatch::Same) => Some(0),
                Some(WordMatch::Prefix(_)) => Some(1),
                _ => edit_distance(q, k, limit).map(|d| 2 * d as u32),
            })
            .min();
        found |= best.is_some();
        cost += best.unwrap_or_else(|| q.chars().count().max(3) as u32);
    }
    let squashed = query.squashed.chars().count();
    if let Some(d) = edit_distance(&query.squashed, &key.squashed, (squashed / 3).max(1)) {
        return Some([cost.min(2 * d as u32), 0, 0]);
    }
    found.then_some([cost, key.words.len() as u32, 0])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::rules::{RuleCitation, RuleEntry, RuleText};

    fn entry(id: &str, es: &str, en: &str, aliases: &[&str], section: &str) -> RuleEntry {
        let text = |title: &str| RuleText {
            title: title.to_string(),
            aliases: aliases.iter().map(|a| a.to_string()).collect(),
            summary: "x".to_string(),
            points: Vec::new(),
        };
        RuleEntry {
            id: id.to_string(),
            see_also: Vec::new(),
            citation: RuleCitation {
                document: "Doc".to_string(),
                version: String::new(),
                section: section.to_string(),
            },
            es: text(es),
            en: text(en),
        }
    }

    fn sample() -> Vec<(RuleGame, RuleEntry)> {
        vec![
            (
                RuleGame::Armada,
                entry("attack", "Ataque", "Attack", &["disparar"], "ATAQUE"),
            ),
            (
                RuleGame::Armada,
                entry(
                    "squadron-phase",
                    "Fase de Escuadrones",
                    "Squadron Phase",
                    &[],
                    "FASE DE ESCUADRÓN",
                ),
            ),
            (
                RuleGame::Armada,
                entry("squadron", "Escuadrón", "Squadron", &["cazas"], "ESCUADRÓN"),
            ),
            (
                RuleGame::Armada,
                entry(
                    "line-of-sight",
                    "Línea de visión",
                    "Line of Sight",
                    &["LDV"],
                    "LÍNEA DE VISIÓN",
                ),
            ),
            (
                RuleGame::Xwing,
                entry("ataque", "Ataque", "Attack", &[], "ATAQUE"),
            ),
            (
                RuleGame::Xwing,
                entry(
                    "tonel-volado",
                    "Tonel volado",
                    "Barrel Roll",
                    &["tonel"],
                    "TONEL VOLADO (↻)",
                ),
            ),
            (
                RuleGame::Talon,
                entry(
                    "sideslip",
                    "Deslizamiento lateral",
                    "Sideslip",
                    &[],
                    "7.3 Deslizamiento Lateral",
                ),
            ),
        ]
    }

    fn search<'a>(
        entries: &'a [(RuleGame, RuleEntry)],
        query: &str,
        game: Option<RuleGame>,
    ) -> Lookup<'a> {
        let glossary = Glossary {
            entries: entries
                .iter()
                .map(|(game, entry)| GlossaryEntry { game: *game, entry })
                .collect(),
        };
        Index::new(&glossary).search(query, game)
    }

    fn best(entries: &[(RuleGame, RuleEntry)], query: &str) -> Option<(String, MatchKind)> {
        search(entries, query, None)
            .best()
            .map(|h| (h.entry.id().to_string(), h.kind))
    }

    #[test]
    fn exact_in_either_language_without_case_or_accents() {
        let data = sample();
        assert_eq!(
            best(&data, "LINEA DE VISION"),
            Some(("line-of-sight".into(), MatchKind::Exact))
        );
        assert_eq!(
            best(&data, "line of sight"),
            Some(("line-of-sight".into(), MatchKind::Exact))
        );
        assert_eq!(
            best(&data, "ldv"),
            Some(("line-of-sight".into(), MatchKind::Exact))
        );
        assert_eq!(
            best(&data, "barrelroll"),
            Some(("tonel-volado".into(), MatchKind::Exact))
        );
        assert_eq!(
            best(&data, "7.3"),
            Some(("sideslip".into(), MatchKind::Exact))
        );
    }

    #[test]
    fn ties_across_games_are_listed_as_also() {
        let data = sample();
        let lookup = search(&data, "ataque", None);
        assert_eq!(lookup.best().unwrap().entry.game, RuleGame::Armada);
        let also: Vec<_> = lookup
            .also(5)
            .iter()
            .map(|h| (h.entry.game, h.entry.id()))
            .collect();
        assert_eq!(also, vec![(RuleGame::Xwing, "ataque")]);
        let lookup = search(&data, "ataque", Some(RuleGame::Xwing));
        assert_eq!(lookup.best().unwrap().entry.id(), "ataque");
        assert!(lookup.also(5).is_empty());
    }

    #[test]
    fn words_in_any_order_singular_or_plural() {
        let data = sample();
        assert_eq!(
            best(&data, "fase escuadron"),
            Some(("squadron-phase".into(), MatchKind::AllWords))
        );
        assert_eq!(
            best(&data, "phase squadrons"),
            Some(("squadron-phase".into(), MatchKind::AllWords))
        );
        assert_eq!(
            best(&data, "escuadrones"),
            Some(("squadron".into(), MatchKind::AllWords))
        );
    }

    #[test]
    fn beginnings_of_words_then_typos() {
        let data = sample();
        assert_eq!(
            best(&data, "desliz"),
            Some(("sideslip".into(), MatchKind::Partial))
        );
        assert_eq!(
            best(&data, "linea vision"),
            Some(("line-of-sight".into(), MatchKind::AllWords))
        );
        assert_eq!(
            best(&data, "squadorn phase"),
            Some(("squadron-phase".into(), MatchKind::Fuzzy))
        );
        assert_eq!(
            best(&data, "barel rol"),
            Some(("tonel-volado".into(), MatchKind::Fuzzy))
        );
    }

    #[test]
    fn a_miss_suggests_the_nearest_entries() {
        let data = sample();
        let lookup = search(&data, "vision nocturna", None);
        assert!(lookup.hits.is_empty());
        assert_eq!(
            lookup.suggestions.first().map(|h| h.entry.id()),
            Some("line-of-sight")
        );
        assert!(search(&data, "zzzz qqqq", None).suggestions.is_empty());
        assert!(search(&data, "  ", None).hits.is_empty());
    }

    #[test]
    fn plurals_and_stems() {
        assert!(same_word("naves", "nave"));
        assert!(same_word("escuadrones", "escuadron"));
        assert!(same_word("abilities", "ability"));
        assert!(!same_word("bas", "base"));
        assert_eq!(
            word_match("activar", "activacion"),
            Some(WordMatch::Fuzzy(4))
        );
        assert_eq!(
            word_match("iniciatvia", "iniciativa"),
            Some(WordMatch::Fuzzy(1))
        );
        assert_eq!(word_match("obst", "obstaculos"), Some(WordMatch::Prefix(6)));
        assert_eq!(
            word_match("manioobra", "maniobra"),
            Some(WordMatch::Fuzzy(1))
        );
        assert_eq!(word_match("ion", "ions"), Some(WordMatch::Same));
        assert_eq!(section_number("7.3 Deslizamiento Lateral"), Some("7.3"));
        assert_eq!(section_number("6. ENERGÍA"), Some("6"));
        assert_eq!(section_number("ATAQUE"), None);
    }
}
