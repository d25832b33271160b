//! Name matching as people type names: without case, accents or punctuation, and with
//! a `did you mean` for near misses.

/// Lowercase, strip accents, and keep only letters and digits, single spaces between words.
/// "Gozanti-class Cruisers" and "gozanti class cruisers" give the same key.
pub fn normalize(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    normalize_into(text, &mut out);
    out
}

/// [`normalize`] into `out` (cleared first), so a loop over many names can reuse one
/// buffer.
pub fn normalize_into(text: &str, out: &mut String) {
    out.clear();
    if text.is_ascii() {
        normalize_ascii(text, out);
        return;
    }
    let mut pending_space = false;
    for c in text.chars() {
        if c.is_ascii() {
            // Most letters of Spanish text are ASCII: no table look-up for them.
            if c.is_ascii_alphanumeric() {
                if pending_space && !out.is_empty() {
                    out.push(' ');
                }
                pending_space = false;
                out.push(c.to_ascii_lowercase());
            } else if c != '\'' && c != '"' {
                pending_space = true;
            }
            continue;
        }
        if matches!(c, '’' | '‘' | '“' | '”' | '•') {
            // Apostrophes and unique dots vanish rather than split words: "Dodonna's" = "dodonnas".
            continue;
        }
        let folded: &str = deunicode::deunicode_char(c).unwrap_or(" ");
        for f in folded.chars() {
            if f.is_ascii_alphanumeric() || (!f.is_ascii() && f.is_alphanumeric()) {
                if pending_space && !out.is_empty() {
                    out.push(' ');
                }
                pending_space = false;
                out.extend(f.to_lowercase());
            } else {
                pending_space = true;
            }
        }
    }
}

/// The common case, byte by byte: most card names are ASCII and every lookup normalizes
/// every name. The rule itself is [`NormalizedAscii`]'s, which `normalized_eq` also walks.
fn normalize_ascii(text: &str, out: &mut String) {
    out.extend(NormalizedAscii::new(text).map(char::from));
}

/// `normalize(a) == normalize(b)`, without allocating when both are ASCII (the rules
/// compare card names this way for every squad validated).
pub fn normalized_eq(a: &str, b: &str) -> bool {
    if a.is_ascii() && b.is_ascii() {
        NormalizedAscii::new(a).eq(NormalizedAscii::new(b))
    } else {
        normalize(a) == normalize(b)
    }
}

/// The bytes `normalize_ascii` would give, one at a time.
struct NormalizedAscii<'a> {
    bytes: std::slice::Iter<'a, u8>,
    pending_space: bool,
    started: bool,
    /// A letter or digit read after a gap: a space goes out first.
    held: Option<u8>,
}

impl<'a> NormalizedAscii<'a> {
    fn new(text: &'a str) -> Self {
        NormalizedAscii {
            bytes: text.as_bytes().iter(),
            pending_space: false,
            started: false,
            held: None,
        }
    }
}

impl Iterator for NormalizedAscii<'_> {
    type Item = u8;

    fn next(&mut self) -> Option<u8> {
        if let Some(held) = self.held.take() {
            return Some(held);
        }
        for &b in self.bytes.by_ref() {
            if b.is_ascii_alphanumeric() {
                let lower = b.to_ascii_lowercase();
                if self.pending_space && self.started {
                    self.pending_space = false;
                    self.held = Some(lower);
                    return Some(b' ');
                }
                self.pending_space = false;
                self.started = true;
                return Some(lower);
            } else if b != b'\'' && b != b'"' {
                self.pending_space = true;
            }
        }
        None
    }
}

/// `normalize` without the spaces, for comparing names that builders join or split
/// differently ("CR90A" / "CR90 A").
pub fn squash(text: &str) -> String {
    normalize(text).replace(' ', "")
}

/// `squash(text) == squashed`, without allocating for ASCII text (comparisons made for
/// every squad validated).
pub fn squashes_to(text: &str, squashed: &str) -> bool {
    if text.is_ascii() {
        text.bytes()
            .filter(u8::is_ascii_alphanumeric)
            .map(|b| b.to_ascii_lowercase())
            .eq(squashed.bytes())
    } else {
        squash(text) == squashed
    }
}

/// Edit distance (insertions, deletions, substitutions, adjacent swaps) between two strings,
/// or `None` once it exceeds `limit`. The distance itself is `strsim`'s optimal string
/// alignment; the length check first spares comparing names that cannot be near.
pub fn edit_distance(a: &str, b: &str, limit: usize) -> Option<usize> {
    if a.chars().count().abs_diff(b.chars().count()) > limit || letter_count_bound(a, b) > limit {
        return None;
    }
    let distance = strsim::osa_distance(a, b);
    (distance <= limit).then_some(distance)
}

/// A lower bound of the edit distance from the letters alone: a substitution changes two
/// letter counts, an insertion or deletion one, a swap none. Characters share 64 buckets
/// (sharing only lowers the bound), so this costs one pass over each name and no
/// allocation, where `osa_distance` costs a table per pair; most card names fail it.
fn letter_count_bound(a: &str, b: &str) -> usize {
    let mut counts = [0i32; 64];
    let bucket = |c: char| (u32::from(c) & 63) as usize;
    for c in a.chars() {
        if let Some(count) = counts.get_mut(bucket(c)) {
            *count += 1;
        }
    }
    for c in b.chars() {
        if let Some(count) = counts.get_mut(bucket(c)) {
            *count -= 1;
        }
    }
    let differing: u32 = counts.iter().map(|c| c.unsigned_abs()).sum();
    (differing as usize).div_ceil(2)
}

/// The candidates closest to `query` (already normalized keys), best first.
/// A candidate qualifies when its distance is at most a third of the query's length,
/// or when one contains the other as whole words.
pub fn closest<'a, I>(query: &str, candidates: I, max: usize) -> Vec<&'a str>
where
    I: IntoIterator<Item = &'a str>,
{
    let Some(near) = Nearness::new(query) else {
        return Vec::new();
    };
    let mut scored: Vec<(usize, &str)> = Vec::new();
    // One buffer for every candidate's key: a did-you-mean over a thousand card ids would
    // otherwise allocate a thousand strings.
    let mut key = String::new();
    for candidate in candidates {
        normalize_into(candidate, &mut key);
        if let Some(score) = near.score(&key) {
            scored.push((score, candidate));
        }
    }
    best(scored, max)
}

/// [`closest`] over candidates given with their [`normalize`]d keys, for callers that keep
/// the keys of a fixed list (every pilot id) rather than normalize it for each query.
pub fn closest_normalized<'a, I>(query: &str, candidates: I, max: usize) -> Vec<&'a str>
where
    I: IntoIterator<Item = (&'a str, &'a str)>,
{
    let Some(near) = Nearness::new(query) else {
        return Vec::new();
    };
    let scored = candidates
        .into_iter()
        .filter_map(|(key, candidate)| Some((near.score(key)?, candidate)))
        .collect();
    best(scored, max)
}

/// A query normalized, and how far a candidate may be from it.
struct Nearness {
    query: String,
    limit: usize,
}

impl Nearness {
    fn new(query: &str) -> Option<Nearness> {
        let query = normalize(query);
        if query.is_empty() {
            return None;
        }
        let limit = (query.chars().count() / 3).max(1);
        Some(Nearness { query, limit })
    }

    /// Lower is nearer; `None` is too far.
    fn score(&self, key: &str) -> Option<usize> {
        let query = self.query.as_str();
        if let Some(d) = edit_distance(query, key, self.limit) {
            Some(d * 2)
        } else if key.len() > 3 && query.len() > 3 && (key.contains(query) || query.contains(key)) {
            Some(self.limit * 2 + 1)
        } else {
            None
        }
    }
}

fn best(mut scored: Vec<(usize, &str)>, max: usize) -> Vec<&str> {
    scored.sort();
    scored.dedup_by(|a, b| a.1 == b.1);
    scored.into_iter().take(max).map(|(_, c)| c).collect()
}

/// Names a did-you-mean offers at most.
pub const SUGGESTIONS: usize = 3;

/// A help line naming the nearest candidates (`did you mean `a` or `b`?`), or `otherwise`
/// when none is near.
pub fn did_you_mean<'a>(
    query: &str,
    candidates: impl IntoIterator<Item = &'a str>,
    otherwise: &str,
) -> String {
    suggestion_help(&closest(query, candidates, SUGGESTIONS), otherwise)
}

/// The help line for suggestions already found: `did you mean `a` or `b`?`, or `otherwise`
/// when there are none.
pub fn suggestion_help(near: &[impl AsRef<str>], otherwise: &str) -> String {
    if near.is_empty() {
        otherwise.to_string()
    } else {
        let listed: Vec<String> = near.iter().map(|n| format!("`{}`", n.as_ref())).collect();
        format!("did you mean {}?", listed.join(" or "))
    }
}

/// The phrase with its indefinite article, by how its first letter is said ("an Armada
/// fleet", "an X-Wing squad", "a Talon fleet").
pub fn with_article(phrase: &str) -> String {
    let article = if phrase.starts_with(['A', 'E', 'I', 'O', 'U', 'X']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {phrase}")
}

/// "a", "a or b", "a, b or c".
pub fn either_or(items: &[impl AsRef<str>]) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [init @ .., last] => {
            let init: Vec<&str> = init.iter().map(AsRef::as_ref).collect();
            format!("{} or {}", init.join(", "), last.as_ref())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn either_or_joins_alternatives() {
        assert_eq!(either_or(&[] as &[&str]), "");
        assert_eq!(either_or(&["Armada"]), "Armada");
        assert_eq!(
            either_or(&["Armada", "X-Wing", "Talon"]),
            "Armada, X-Wing or Talon"
        );
    }

    #[test]
    fn normalized_eq_agrees_with_normalize() {
        let names = [
            "Han Solo",
            "han  solo",
            "  Han-Solo!",
            "Dodonna's Pride",
            "dodonnas pride",
            "\"Mauler\" Mithel",
            "“Mauler” Mithel",
            "R2-D2",
            "r2 d2",
            "r2d2",
            "",
            "--",
            "Ézra",
            "ezra",
        ];
        for a in names {
            for b in names {
                assert_eq!(
                    normalized_eq(a, b),
                    normalize(a) == normalize(b),
                    "{a:?} / {b:?}"
                );
            }
        }
    }

    #[test]
    fn normalize_ignores_case_accents_and_punctuation() {
        assert_eq!(
            normalize("Gozanti-class  Cruisers!"),
            "gozanti class cruisers"
        );
        assert_eq!(normalize("Activación"), "activacion");
        assert_eq!(normalize("Dodonna's Pride"), "dodonnas pride");
        assert_eq!(normalize("•Darth Vader"), "darth vader");
    }

    #[test]
    fn squash_joins_words() {
        assert_eq!(squash("CR90 Corvette A"), squash("cr90corvette-a"));
    }

    #[test]
    fn squashes_to_agrees_with_squash() {
        for text in [
            "XWA/50P20",
            "50P-1.1",
            "Dodonna's Pride",
            "Activación",
            "a  b",
            "",
        ] {
            assert!(squashes_to(text, &squash(text)), "{text}");
            assert!(!squashes_to(text, "x"), "{text}");
        }
    }

    #[test]
    fn letter_bound_never_exceeds_the_distance() {
        let words = [
            "vader",
            "vdaer",
            "kitten",
            "sitting",
            "",
            "a",
            "ñandú",
            "nandu",
            "x-wing",
            "xwing",
            "victory ii class star destroyer",
            "victory i class star destroyer",
            "星際",
            "星",
            "gozanti class cruisers",
            "gozanti cruiser",
            "aaaa",
            "bbbb",
            "ab\u{10ffff}",
            "ba",
        ];
        for a in words {
            for b in words {
                let distance = strsim::osa_distance(a, b);
                assert!(
                    letter_count_bound(a, b) <= distance,
                    "{a:?} {b:?}: bound {} > distance {distance}",
                    letter_count_bound(a, b)
                );
                assert_eq!(edit_distance(a, b, 40), Some(distance), "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn edit_distance_counts_swaps_once() {
        assert_eq!(edit_distance("vader", "vdaer", 3), Some(1));
        assert_eq!(edit_distance("kitten", "sitting", 3), Some(3));
        assert_eq!(edit_distance("kitten", "sitting", 2), None);
    }

    #[test]
    fn closest_prefers_nearest() {
        let names = [
            "Victory II-class Star Destroyer",
            "Victory I-class Star Destroyer",
            "Home One",
        ];
        let found = closest("Victroy II-class Star Destroyer", names, 2);
        assert_eq!(found[0], "Victory II-class Star Destroyer");
        assert!(closest("zzzz", names, 2).is_empty());
    }

    #[test]
    fn closest_normalized_agrees_with_closest() {
        let ids = [
            "lukeskywalker",
            "luke-skywalker-battleofyavin",
            "lukeskywalker-delta7aethersprite",
            "darthvader",
            "wedgeantilles",
            "Wedge Antilles",
            "bib",
        ];
        let keyed: Vec<(String, &str)> = ids.iter().map(|id| (normalize(id), *id)).collect();
        for query in [
            "lukeskywalkr",
            "luke",
            "wedge-antiles",
            "vader",
            "bob",
            "",
            "zzzz",
        ] {
            for max in [1, 3] {
                let with_keys =
                    closest_normalized(query, keyed.iter().map(|(k, id)| (k.as_str(), *id)), max);
                assert_eq!(with_keys, closest(query, ids, max), "{query}");
            }
        }
    }
}
