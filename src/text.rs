//! Name matching as people type names: without case, accents or punctuation, and with
//! a `did you mean` for near misses.

/// Lowercase, strip accents, and keep only letters and digits, single spaces between words.
/// "Gozanti-class Cruisers" and "gozanti class cruisers" give the same key.
pub fn normalize(text: &str) -> String {
    if text.is_ascii() {
        return normalize_ascii(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut pending_space = false;
    for c in text.chars() {
        let folded = fold_accent(c);
        if folded.is_alphanumeric() {
            if pending_space && !out.is_empty() {
                out.push(' ');
            }
            pending_space = false;
            out.extend(folded.to_lowercase());
        } else if c == '\'' || c == '’' || c == '‘' || c == '"' || c == '“' || c == '”' || c == '•'
        {
            // Apostrophes and unique dots vanish rather than split words: "Dodonna's" = "dodonnas".
        } else {
            pending_space = true;
        }
    }
    out
}

/// The common case, byte by byte: most card names are ASCII and every lookup normalizes
/// every name.
fn normalize_ascii(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut pending_space = false;
    for &b in text.as_bytes() {
        if b.is_ascii_alphanumeric() {
            if pending_space && !out.is_empty() {
                out.push(' ');
            }
            pending_space = false;
            out.push(b.to_ascii_lowercase() as char);
        } else if b != b'\'' && b != b'"' {
            pending_space = true;
        }
    }
    out
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

fn fold_accent(c: char) -> char {
    match c {
        'á' | 'à' | 'â' | 'ä' | 'ã' | 'å' | 'ā' => 'a',
        'Á' | 'À' | 'Â' | 'Ä' | 'Ã' | 'Å' | 'Ā' => 'A',
        'é' | 'è' | 'ê' | 'ë' | 'ē' => 'e',
        'É' | 'È' | 'Ê' | 'Ë' | 'Ē' => 'E',
        'í' | 'ì' | 'î' | 'ï' | 'ī' => 'i',
        'Í' | 'Ì' | 'Î' | 'Ï' | 'Ī' => 'I',
        'ó' | 'ò' | 'ô' | 'ö' | 'õ' | 'ø' | 'ō' => 'o',
        'Ó' | 'Ò' | 'Ô' | 'Ö' | 'Õ' | 'Ø' | 'Ō' => 'O',
        'ú' | 'ù' | 'û' | 'ü' | 'ū' => 'u',
        'Ú' | 'Ù' | 'Û' | 'Ü' | 'Ū' => 'U',
        'ñ' => 'n',
        'Ñ' => 'N',
        'ç' => 'c',
        'Ç' => 'C',
        'ý' | 'ÿ' => 'y',
        'Ý' => 'Y',
        other => other,
    }
}

/// Edit distance (insertions, deletions, substitutions, adjacent swaps) between two strings,
/// giving up early once it exceeds `limit`.
pub fn edit_distance(a: &str, b: &str, limit: usize) -> Option<usize> {
    if a.chars().count().abs_diff(b.chars().count()) > limit {
        return None;
    }
    let a: Vec<char> = a.chars().collect();
    EditDistance::default().to(&a, b, limit)
}

/// Rows and characters reused across the candidates of one [`closest`] search, which
/// compares a misspelt name with every card of a game.
#[derive(Default)]
struct EditDistance {
    b: Vec<char>,
    before_previous: Vec<usize>,
    previous: Vec<usize>,
    current: Vec<usize>,
}

impl EditDistance {
    fn to(&mut self, a: &[char], b: &str, limit: usize) -> Option<usize> {
        if a.len().abs_diff(b.chars().count()) > limit {
            return None;
        }
        self.b.clear();
        self.b.extend(b.chars());
        let b = &self.b;
        let width = b.len() + 1;
        self.before_previous.clear();
        self.before_previous.resize(width, 0);
        self.previous.clear();
        self.previous.extend(0..width);
        self.current.clear();
        self.current.resize(width, 0);
        let (before_previous, previous, current) = (
            &mut self.before_previous,
            &mut self.previous,
            &mut self.current,
        );
        for i in 1..=a.len() {
            current[0] = i;
            let mut row_min = current[0];
            for j in 1..=b.len() {
                let cost = usize::from(a[i - 1] != b[j - 1]);
                let mut best = (previous[j] + 1)
                    .min(current[j - 1] + 1)
                    .min(previous[j - 1] + cost);
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    best = best.min(before_previous[j - 2] + 1);
                }
                current[j] = best;
                row_min = row_min.min(best);
            }
            if row_min > limit {
                return None;
            }
            std::mem::swap(before_previous, previous);
            std::mem::swap(previous, current);
        }
        let distance = previous[b.len()];
        (distance <= limit).then_some(distance)
    }
}

/// The candidates closest to `query` (already normalized keys), best first.
/// A candidate qualifies when its distance is at most a third of the query's length,
/// or when one contains the other as whole words.
pub fn closest<'a, I>(query: &str, candidates: I, max: usize) -> Vec<&'a str>
where
    I: IntoIterator<Item = &'a str>,
{
    let query = normalize(query);
    if query.is_empty() {
        return Vec::new();
    }
    let query_chars: Vec<char> = query.chars().collect();
    let limit = (query_chars.len() / 3).max(1);
    let mut distance = EditDistance::default();
    let mut scored: Vec<(usize, &str)> = Vec::new();
    for candidate in candidates {
        let key = normalize(candidate);
        let score = if let Some(d) = distance.to(&query_chars, &key, limit) {
            Some(d * 2)
        } else if key.len() > 3 && query.len() > 3 && (key.contains(&query) || query.contains(&key))
        {
            Some(limit * 2 + 1)
        } else {
            None
        };
        if let Some(score) = score {
            scored.push((score, candidate));
        }
    }
    scored.sort();
    scored.dedup_by(|a, b| a.1 == b.1);
    scored.into_iter().take(max).map(|(_, c)| c).collect()
}

/// A help line naming the nearest candidates (`did you mean `a` or `b`?`), or `otherwise`
/// when none is near.
pub fn did_you_mean<'a>(
    query: &str,
    candidates: impl IntoIterator<Item = &'a str>,
    otherwise: &str,
) -> String {
    let near = closest(query, candidates, 3);
    if near.is_empty() {
        otherwise.to_string()
    } else {
        let listed: Vec<String> = near.iter().map(|n| format!("`{n}`")).collect();
        format!("did you mean {}?", listed.join(" or "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
