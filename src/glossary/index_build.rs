//! The search index's tables built from the glossary's text, and their compact encoding.
//!
//! Shared by the crate and build.rs: build.rs indexes the built-in glossary at compile time
//! and embeds the encoded tables, so a query does not fold, stem and count every word of
//! every entry at start-up; the crate decodes them, or builds them the same way at run time
//! when the glossary loaded is not the built-in one (`--data` rules files). So that build.rs
//! can include this file with `#[path]`, it imports nothing of the crate: text folding
//! (`crate::text::normalize`) is handed in, and languages, fields and games are plain
//! numbers and strings.

use rust_stemmers::{Algorithm, Stemmer};
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::HashSet;

/// Text folding: case, accents and punctuation (`crate::text::normalize`).
pub type Fold = fn(&str) -> String;

/// Languages by number, in the order of the crate's `Lang`: Spanish, English.
pub const LANG_COUNT: usize = 2;
/// Fields by number: title, aliases, body (summary and points), situations (what players
/// describe when they look the entry up).
pub const FIELD_COUNT: usize = 4;
pub const TITLE: usize = 0;
pub const ALIAS: usize = 1;
pub const BODY: usize = 2;
pub const SITUATION: usize = 3;
/// Every field in every language.
pub const SLOT_COUNT: usize = LANG_COUNT * FIELD_COUNT;

/// One of an entry's eight fields, as the index numbers it.
pub fn slot_index(field: usize, lang: usize) -> usize {
    lang * FIELD_COUNT + field
}

/// Articles, pronouns, auxiliaries and question words of both languages: "what happens if",
/// "qué pasa si", "can I" say nothing about which rule is meant.
const STOP_WORDS: &[&str] = &[
    // Spanish
    "a", "al", "algo", "algun", "alguna", "alguno", "ante", "aun", "como", "con", "cual", "cuales",
    "cuando", "cuanto", "cuanta", "cuantos", "cuantas", "de", "del", "donde", "e", "el", "ella",
    "en", "entre", "es", "esa", "ese", "eso", "esta", "este", "esto", "estoy", "ha", "hay", "he",
    "hace", "la", "las", "le", "les", "lo", "los", "me", "mi", "mis", "muy", "o", "os", "para",
    "pasa", "pero", "por", "porque", "puede", "pueden", "puedo", "que", "quien", "se", "si", "sin",
    "sobre", "son", "su", "sus", "te", "tu", "tus", "u", "un", "una", "uno", "unos", "unas", "y",
    "ya", "yo", "sucede", "ocurre", "tambien", "todavia", "tiene", "tienen", "tener",
    // English
    "about", "again", "also", "an", "and", "any", "are", "as", "at", "be", "been", "but", "by",
    "can", "could", "get", "gets", "just", "only", "some", "still", "take", "takes", "than", "too",
    "did", "do", "does", "for", "from", "had", "has", "have", "happen", "happens", "how", "i",
    "if", "in", "into", "is", "it", "its", "many", "me", "much", "my", "of", "on", "or", "our",
    "should", "so", "that", "the", "their", "them", "then", "there", "these", "they", "this",
    "those", "to", "was", "we", "were", "what", "when", "where", "which", "who", "whom", "why",
    "will", "with", "would", "you", "your",
];

pub fn is_stop_word(word: &str) -> bool {
    static SET: std::sync::LazyLock<FxHashSet<&'static str>> =
        std::sync::LazyLock::new(|| STOP_WORDS.iter().copied().collect());
    SET.contains(word)
}

/// Folded content words of a text, in order.
pub fn content_words(text: &str) -> impl Iterator<Item = &str> {
    text.split(' ')
        .filter(|w| !w.is_empty() && !is_stop_word(w))
        .map(as_digits)
}

/// Numbers spelt out, in either language, as the digits the rulebooks mostly print:
/// "three players" finds "3 players". Spanish "un", "una", "uno" are left alone (mostly
/// articles), and so is "once" (English "once per round").
pub fn as_digits(word: &str) -> &str {
    const NUMBERS: [(&str, &str); 22] = [
        ("one", "1"),
        ("two", "2"),
        ("dos", "2"),
        ("three", "3"),
        ("tres", "3"),
        ("four", "4"),
        ("cuatro", "4"),
        ("five", "5"),
        ("cinco", "5"),
        ("six", "6"),
        ("seis", "6"),
        ("seven", "7"),
        ("siete", "7"),
        ("eight", "8"),
        ("ocho", "8"),
        ("nine", "9"),
        ("nueve", "9"),
        ("ten", "10"),
        ("diez", "10"),
        ("eleven", "11"),
        ("twelve", "12"),
        ("doce", "12"),
    ];
    NUMBERS
        .iter()
        .find(|(spelt, _)| *spelt == word)
        .map_or(word, |(_, digits)| digits)
}

/// The Snowball stemmers of both languages.
pub struct Stemmers {
    es: Stemmer,
    en: Stemmer,
}

impl Default for Stemmers {
    fn default() -> Self {
        Stemmers {
            es: Stemmer::create(Algorithm::Spanish),
            en: Stemmer::create(Algorithm::English),
        }
    }
}

impl Stemmers {
    /// The stem of a folded word in a language (0 Spanish, 1 English).
    pub fn stem(&self, lang: usize, word: &str) -> String {
        match lang {
            0 => self.es.stem(word).into_owned(),
            _ => self.en.stem(word).into_owned(),
        }
    }
}

/// One language's text of an entry.
#[derive(Debug, Clone, Copy)]
pub struct TextInput<'a> {
    pub title: &'a str,
    pub aliases: &'a [String],
    pub summary: &'a str,
    pub points: &'a [String],
    pub situations: &'a [String],
}

/// An entry as the index reads it.
#[derive(Debug, Clone, Copy)]
pub struct EntryInput<'a> {
    /// The game's id (`armada`).
    pub game: &'a str,
    pub id: &'a str,
    /// The heading cited, as printed.
    pub section: &'a str,
    pub see_also: &'a [String],
    /// Spanish, English.
    pub texts: [TextInput<'a>; LANG_COUNT],
}

/// A title, alias, id or heading of an entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyParts {
    /// As written in the data.
    pub text: String,
    pub is_title: bool,
    /// A title or an alias (not an id, heading or section number).
    pub is_name: bool,
    /// How many languages `stems` holds the words in.
    pub langs: u8,
    pub normalized: String,
    pub squashed: String,
    /// Term ids of the key's content words, in each of its languages.
    pub stems: Vec<u32>,
}

/// Everything the ranking reads of a glossary, computed once.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Parts {
    /// (game, id) of each entry, in the order indexed.
    pub ids: Vec<(String, String)>,
    /// Each term: (language, stem), by id.
    pub terms: Vec<(u8, String)>,
    /// Per term id: (entry, slot, occurrences).
    pub postings: Vec<Vec<(u32, u8, u16)>>,
    /// Content words per slot, per entry.
    pub lengths: Vec<[u32; SLOT_COUNT]>,
    pub keys: Vec<Vec<KeyParts>>,
    /// Folded words of the entries, per language, with their term id, in the order the
    /// builder's hash maps hold them (typos and beginnings are looked for in this order).
    pub surface: [Vec<(String, u32)>; LANG_COUNT],
    /// Per entry, the entries that are parts of it ([`children`]).
    pub children: Vec<Vec<u32>>,
}

/// The tables of `entries`: the two languages on two threads, then the keys.
pub fn build(entries: &[EntryInput<'_>], fold: Fold) -> Parts {
    // The two languages share no term: each is indexed on its own core.
    let (mut es, en) = std::thread::scope(|scope| {
        let en = scope.spawn(|| Builder::of_lang(1, entries, fold));
        let es = Builder::of_lang(0, entries, fold);
        (es, en.join())
    });
    let en = match en {
        Ok(built) => built,
        Err(_) => Builder::of_lang(1, entries, fold),
    };
    let lengths = es.merge(en);
    let mut sections = HashSet::new();
    let keys = entries
        .iter()
        .map(|entry| es.keys(entry, &mut sections))
        .collect();
    Parts {
        ids: entries
            .iter()
            .map(|e| (e.game.to_string(), e.id.to_string()))
            .collect(),
        surface: es.surface.map(|words| words.into_iter().collect()),
        terms: es.terms,
        postings: es.postings,
        lengths,
        keys,
        children: children(entries, fold),
    }
}

/// Builds postings and keys entry by entry, stemming each distinct word once.
struct Builder {
    stemmers: Stemmers,
    fold: Fold,
    surface: [FxHashMap<String, u32>; LANG_COUNT],
    term_ids: FxHashMap<(u8, String), u32>,
    terms: Vec<(u8, String)>,
    postings: Vec<Vec<(u32, u8, u16)>>,
    /// Content words per slot, per entry.
    lengths: Vec<[u32; SLOT_COUNT]>,
}

impl Builder {
    fn new(fold: Fold) -> Self {
        Builder {
            stemmers: Stemmers::default(),
            fold,
            surface: Default::default(),
            term_ids: FxHashMap::default(),
            terms: Vec::new(),
            postings: Vec::new(),
            lengths: Vec::new(),
        }
    }

    /// The postings of every entry's fields in one language.
    fn of_lang(lang: usize, entries: &[EntryInput<'_>], fold: Fold) -> Self {
        let mut builder = Builder::new(fold);
        for (doc, entry) in entries.iter().enumerate() {
            let mut lengths = [0u32; SLOT_COUNT];
            for field in [TITLE, ALIAS, BODY, SITUATION] {
                builder.add_slot(doc as u32, entry, field, lang, &mut lengths);
            }
            builder.lengths.push(lengths);
        }
        builder
    }

    /// Takes in the other language's terms and postings (their ids follow this one's);
    /// returns the entries' field lengths.
    fn merge(&mut self, other: Builder) -> Vec<[u32; SLOT_COUNT]> {
        let offset = self.terms.len() as u32;
        for (term, id) in other.term_ids {
            self.term_ids.insert(term, id + offset);
        }
        self.terms.extend(other.terms);
        self.postings.extend(other.postings);
        for (words, theirs) in self.surface.iter_mut().zip(other.surface) {
            words.extend(theirs.into_iter().map(|(w, id)| (w, id + offset)));
        }
        self.lengths
            .iter()
            .zip(&other.lengths)
            .map(|(mine, theirs)| {
                let mut lengths = [0u32; SLOT_COUNT];
                for (slot, n) in lengths.iter_mut().enumerate() {
                    *n = mine[slot] + theirs[slot];
                }
                lengths
            })
            .collect()
    }

    /// The term id of a folded word in a language.
    fn term(&mut self, lang: usize, word: &str) -> u32 {
        let Some(words) = self.surface.get_mut(lang) else {
            return 0;
        };
        if let Some(id) = words.get(word) {
            return *id;
        }
        let term = (lang as u8, self.stemmers.stem(lang, word));
        let next = self.terms.len() as u32;
        let id = *self.term_ids.entry(term.clone()).or_insert(next);
        if id == next {
            self.terms.push(term);
            self.postings.push(Vec::new());
        }
        words.insert(word.to_string(), id);
        id
    }

    fn add_slot(
        &mut self,
        doc: u32,
        entry: &EntryInput<'_>,
        field: usize,
        lang: usize,
        lengths: &mut [u32; SLOT_COUNT],
    ) {
        let text = &entry.texts[lang];
        let mut pieces: Vec<&str> = match field {
            TITLE => vec![text.title],
            ALIAS => text.aliases.iter().map(String::as_str).collect(),
            SITUATION => text.situations.iter().map(String::as_str).collect(),
            _ => std::iter::once(text.summary)
                .chain(text.points.iter().map(String::as_str))
                .collect(),
        };
        if field == ALIAS && lang == 0 {
            pieces.push(entry.section);
        }
        let mut ids: Vec<u32> = Vec::new();
        for piece in pieces {
            let folded = (self.fold)(piece);
            for word in content_words(&folded) {
                ids.push(self.term(lang, word));
            }
        }
        let slot = slot_index(field, lang);
        lengths[slot] += ids.len() as u32;
        // Sorted, each term's occurrences are one run: counting them is linear, where
        // looking each word up among the slot's terms so far was quadratic in a long body.
        ids.sort_unstable();
        for run in ids.chunk_by(|a, b| a == b) {
            let Some(&id) = run.first() else {
                continue;
            };
            let tf = u16::try_from(run.len()).unwrap_or(u16::MAX);
            if let Some(list) = self.postings.get_mut(id as usize) {
                list.push((doc, slot as u8, tf));
            }
        }
    }

    /// Titles and aliases in their language; the id, the printed heading and its number
    /// (for numbered rulebooks, "7.3") in both.
    fn keys<'e>(
        &mut self,
        entry: &EntryInput<'e>,
        sections: &mut HashSet<(&'e str, &'e str)>,
    ) -> Vec<KeyParts> {
        let mut keys = Vec::new();
        for (lang, text) in entry.texts.iter().enumerate() {
            keys.push(self.key(text.title, true, &[lang]));
            for alias in text.aliases {
                keys.push(self.key(alias, false, &[lang]));
            }
        }
        keys.push(self.key(entry.id, false, &[0, 1]));
        // A heading several entries cite ("3.4 Las acciones de las amenazas") names the
        // first of them, the one for the section as a whole.
        if sections.insert((entry.game, entry.section)) {
            keys.push(self.key(entry.section, false, &[0, 1]));
            if let Some(number) = section_number(entry.section) {
                keys.push(self.key(number, false, &[]));
            }
        }
        keys
    }

    fn key(&mut self, text: &str, is_title: bool, langs: &[usize]) -> KeyParts {
        let normalized = (self.fold)(text);
        let mut stems = Vec::new();
        for &lang in langs {
            for word in content_words(&normalized) {
                stems.push(self.term(lang, word));
            }
        }
        KeyParts {
            text: text.to_string(),
            is_title,
            is_name: langs.len() == 1,
            langs: langs.len() as u8,
            squashed: normalized.replace(' ', ""),
            normalized,
            stems,
        }
    }
}

/// "7.3" of "7.3 Deslizamiento Lateral", "6.2.1" of "(6.2.1) Propósito", "5" of "5.0 NAVES"
/// and of "6. ENERGÍA"; none for unnumbered headings.
pub fn section_number(section: &str) -> Option<&str> {
    let first = section.split_whitespace().next()?;
    let number = first
        .trim_start_matches('(')
        .trim_end_matches(')')
        .trim_end_matches('.');
    let number = number.strip_suffix(".0").unwrap_or(number);
    (!number.is_empty()
        && number.starts_with(|c: char| c.is_ascii_digit())
        && number.chars().all(|c| c.is_ascii_digit() || c == '.'))
    .then_some(number)
}

/// Which entries are parts of others: a rulebook section and its numbered subsections
/// (Talon 6.2 and 6.2.1), the first entry of a heading and the later entries citing the
/// same heading (Space Alert "3.2" and its gravolift, interceptors…), and a redirect
/// heading and the entries it sends to (Armada "Movement" and "Squadron Movement"). The
/// search answers with the part a question is about rather than the whole that summarises
/// every part.
///
/// For each entry, the entries that are parts of it, in glossary order. Where several
/// entries cite one heading, the first speaks for the section as a whole (as the search
/// keys it): it is the one whose subsections and later entries are its parts.
pub fn children(entries: &[EntryInput<'_>], fold: Fold) -> Vec<Vec<u32>> {
    let titles: Vec<[Vec<String>; 2]> = entries.iter().map(|e| title_words(e, fold)).collect();
    // Computed once: every pair of entries is looked at.
    let numbers: Vec<Option<&str>> = entries.iter().map(|e| section_number(e.section)).collect();
    let mut headings_seen = HashSet::new();
    let heads: Vec<bool> = entries
        .iter()
        .map(|e| headings_seen.insert((e.game, e.section)))
        .collect();
    let mut children = vec![Vec::new(); entries.len()];
    for (p, parent) in entries.iter().enumerate() {
        for (c, child) in entries.iter().enumerate() {
            if p == c || parent.game != child.game {
                continue;
            }
            let is_part = heads[p]
                && (is_subsection(numbers[p], numbers[c])
                    || (p < c && parent.section == child.section));
            if is_part
                || (numbers[p].is_none()
                    && numbers[c].is_none()
                    && is_redirect_to(parent, &titles[p], child, &titles[c]))
            {
                children[p].push(c as u32);
            }
        }
    }
    children
}

/// "6.2" and "6.2.1", "6" and "6.2".
fn is_subsection(parent: Option<&str>, child: Option<&str>) -> bool {
    let (Some(whole), Some(part)) = (parent, child) else {
        return false;
    };
    part.strip_prefix(whole)
        .is_some_and(|rest| rest.starts_with('.'))
}

/// An unnumbered heading that names its see-also entries' common word: "Movement" for
/// "Squadron Movement" and "Ship Movement" (both unnumbered: checked by the caller).
fn is_redirect_to(
    parent: &EntryInput<'_>,
    parent_title: &[Vec<String>; 2],
    child: &EntryInput<'_>,
    child_title: &[Vec<String>; 2],
) -> bool {
    parent.see_also.iter().any(|id| id == child.id)
        && parent_title.iter().zip(child_title).any(|(whole, part)| {
            !whole.is_empty()
                && part.len() > whole.len()
                && whole.iter().all(|word| part.contains(word))
        })
}

fn title_words(entry: &EntryInput<'_>, fold: Fold) -> [Vec<String>; 2] {
    entry.texts.map(|text| {
        fold(text.title)
            .split(' ')
            .filter(|word| word.len() > 2)
            .map(str::to_string)
            .collect()
    })
}

/// The tables as bytes: little-endian numbers, strings and lists after their lengths.
/// Written by build.rs (and the crate's tests); the crate itself only decodes.
#[cfg_attr(not(test), allow(dead_code))]
pub fn encode(parts: &Parts) -> Vec<u8> {
    let mut out = Writer::default();
    out.list(&parts.ids, |out, (game, id)| {
        out.text(game);
        out.text(id);
    });
    out.list(&parts.terms, |out, (lang, stem)| {
        out.byte(*lang);
        out.text(stem);
    });
    out.list(&parts.postings, |out, list| {
        out.list(list, |out, (doc, slot, tf)| {
            out.number(*doc);
            out.byte(*slot);
            out.number(u32::from(*tf));
        });
    });
    out.list(&parts.lengths, |out, lengths| {
        for n in lengths {
            out.number(*n);
        }
    });
    out.list(&parts.keys, |out, keys| out.list(keys, Writer::key));
    for words in &parts.surface {
        out.list(words, |out, (word, id)| {
            out.text(word);
            out.number(*id);
        });
    }
    out.list(&parts.children, |out, parts| {
        out.list(parts, |out, n| out.number(*n));
    });
    out.bytes
}

#[cfg_attr(not(test), allow(dead_code))]
#[derive(Default)]
struct Writer {
    bytes: Vec<u8>,
}

#[cfg_attr(not(test), allow(dead_code))]
impl Writer {
    fn byte(&mut self, b: u8) {
        self.bytes.push(b);
    }

    fn number(&mut self, n: u32) {
        self.bytes.extend_from_slice(&n.to_le_bytes());
    }

    fn text(&mut self, text: &str) {
        self.number(text.len() as u32);
        self.bytes.extend_from_slice(text.as_bytes());
    }

    fn list<T>(&mut self, items: &[T], mut each: impl FnMut(&mut Self, &T)) {
        self.number(items.len() as u32);
        for item in items {
            each(self, item);
        }
    }

    fn key(&mut self, key: &KeyParts) {
        self.text(&key.text);
        self.byte(u8::from(key.is_title) | u8::from(key.is_name) << 1);
        self.byte(key.langs);
        self.text(&key.normalized);
        self.text(&key.squashed);
        self.list(&key.stems, |out, n| out.number(*n));
    }
}

/// The tables back from [`encode`]'s bytes; `None` when they are not such bytes.
pub fn decode(bytes: &[u8]) -> Option<Parts> {
    let mut input = Reader { bytes };
    let ids = input.list(|r| Some((r.text()?, r.text()?)))?;
    let terms = input.list(|r| Some((r.byte()?, r.text()?)))?;
    let postings = input.list(|r| {
        r.list(|r| {
            let doc = r.number()?;
            let slot = r.byte()?;
            let tf = u16::try_from(r.number()?).ok()?;
            Some((doc, slot, tf))
        })
    })?;
    let lengths = input.list(|r| {
        let mut lengths = [0u32; SLOT_COUNT];
        for n in &mut lengths {
            *n = r.number()?;
        }
        Some(lengths)
    })?;
    let keys = input.list(|r| r.list(Reader::key))?;
    let mut surface: [Vec<(String, u32)>; LANG_COUNT] = Default::default();
    for words in &mut surface {
        *words = input.list(|r| Some((r.text()?, r.number()?)))?;
    }
    let children = input.list(|r| r.list(Reader::number))?;
    input.bytes.is_empty().then_some(Parts {
        ids,
        terms,
        postings,
        lengths,
        keys,
        surface,
        children,
    })
}

struct Reader<'b> {
    bytes: &'b [u8],
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Option<&[u8]> {
        let (head, rest) = self.bytes.split_at_checked(n)?;
        self.bytes = rest;
        Some(head)
    }

    fn byte(&mut self) -> Option<u8> {
        self.take(1)?.first().copied()
    }

    fn number(&mut self) -> Option<u32> {
        let bytes: [u8; 4] = self.take(4)?.try_into().ok()?;
        Some(u32::from_le_bytes(bytes))
    }

    fn text(&mut self) -> Option<String> {
        let n = self.number()? as usize;
        String::from_utf8(self.take(n)?.to_vec()).ok()
    }

    fn list<T>(&mut self, mut each: impl FnMut(&mut Self) -> Option<T>) -> Option<Vec<T>> {
        let n = self.number()? as usize;
        // A count is at most one item per remaining byte: a corrupt one cannot ask for
        // more memory than the input holds.
        let mut items = Vec::with_capacity(n.min(self.bytes.len()));
        for _ in 0..n {
            items.push(each(self)?);
        }
        Some(items)
    }

    fn key(&mut self) -> Option<KeyParts> {
        let text = self.text()?;
        let flags = self.byte()?;
        Some(KeyParts {
            text,
            is_title: flags & 1 != 0,
            is_name: flags & 2 != 0,
            langs: self.byte()?,
            normalized: self.text()?,
            squashed: self.text()?,
            stems: self.list(Reader::number)?,
        })
    }
}
