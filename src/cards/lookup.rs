//! Finding cards by what people type: ids, names and nicknames, without case, accents or
//! punctuation; then words in any order; then near misses for `did you mean`.

use super::{CardDb, CardEntry, Game};
use crate::text::{closest, normalize};

/// How well an entry matched; lower is better.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum MatchQuality {
    Exact,
    Squashed,
    AllWords,
    Partial,
}

pub struct Hit<'a> {
    pub entry: CardEntry<'a>,
    pub quality: MatchQuality,
}

/// Cards matching `query`, best first. `did_you_mean` is filled only when nothing matched.
pub fn search<'a>(db: &'a CardDb, query: &str, game: Option<Game>) -> (Vec<Hit<'a>>, Vec<String>) {
    let key = normalize(query);
    let squashed = key.replace(' ', "");
    let words: Vec<&str> = key.split(' ').filter(|w| !w.is_empty()).collect();
    let mut hits = Vec::new();
    if key.is_empty() {
        return (hits, Vec::new());
    }
    for entry in db.entries().filter(|e| game.is_none_or(|g| e.game == g)) {
        let names = std::iter::once(entry.name)
            .chain(entry.nicknames.iter().map(String::as_str))
            .chain(std::iter::once(entry.id));
        let mut best: Option<MatchQuality> = None;
        for name in names {
            let normalized = normalize(name);
            let quality = if normalized == key {
                Some(MatchQuality::Exact)
            } else if normalized.len() >= squashed.len() && normalized.replace(' ', "") == squashed
            {
                Some(MatchQuality::Squashed)
            } else if words.iter().all(|w| normalized.split(' ').any(|n| n == *w)) {
                Some(MatchQuality::AllWords)
            } else if normalized.contains(&key) || normalized.replace(' ', "").contains(&squashed) {
                Some(MatchQuality::Partial)
            } else {
                None
            };
            best = match (best, quality) {
                (Some(b), Some(q)) => Some(b.min(q)),
                (b, q) => b.or(q),
            };
        }
        if let Some(quality) = best {
            hits.push(Hit { entry, quality });
        }
    }
    hits.sort_by(|a, b| {
        a.quality
            .cmp(&b.quality)
            .then(b.entry.current.cmp(&a.entry.current))
            .then(a.entry.name.len().cmp(&b.entry.name.len()))
            .then(a.entry.name.cmp(b.entry.name))
            .then(a.entry.id.cmp(b.entry.id))
    });
    let suggestions = if hits.is_empty() {
        let names: Vec<&str> = db
            .entries()
            .filter(|e| game.is_none_or(|g| e.game == g))
            .flat_map(|e| std::iter::once(e.name).chain(e.nicknames.iter().map(String::as_str)))
            .collect();
        closest(query, names, 3)
            .into_iter()
            .map(str::to_string)
            .collect()
    } else {
        Vec::new()
    };
    (hits, suggestions)
}
