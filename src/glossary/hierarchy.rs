//! Which glossary entries are parts of others: a rulebook section and its numbered
//! subsections (Talon 6.2 and 6.2.1), the first entry of a heading and the later entries
//! citing the same heading (Space Alert "3.2" and its gravolift, interceptors…), and a
//! redirect heading and the entries it sends to (Armada "Movement" and "Squadron
//! Movement"). The search uses it to answer with the part a question is about rather
//! than the whole that summarises every part.

use super::{GlossaryEntry, Lang};
use crate::text::normalize;
use std::collections::HashSet;

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

/// For each entry, the entries that are parts of it, in glossary order. Where several
/// entries cite one heading, the first speaks for the section as a whole (as the search
/// keys it): it is the one whose subsections and later entries are its parts.
pub fn children(entries: &[GlossaryEntry<'_>]) -> Vec<Vec<u32>> {
    let titles: Vec<[Vec<String>; 2]> = entries.iter().map(title_words).collect();
    // Computed once: the index is built on every run, and every pair of entries is looked at.
    let numbers: Vec<Option<&str>> = entries
        .iter()
        .map(|e| section_number(&e.entry.citation.section))
        .collect();
    let mut headings_seen = HashSet::new();
    let heads: Vec<bool> = entries
        .iter()
        .map(|e| headings_seen.insert((e.game, e.entry.citation.section.as_str())))
        .collect();
    let mut children = vec![Vec::new(); entries.len()];
    for (p, parent) in entries.iter().enumerate() {
        for (c, child) in entries.iter().enumerate() {
            if p == c || parent.game != child.game {
                continue;
            }
            let is_part = heads[p]
                && (is_subsection(numbers[p], numbers[c])
                    || (p < c && shares_heading(parent, child)));
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

fn shares_heading(first: &GlossaryEntry<'_>, later: &GlossaryEntry<'_>) -> bool {
    first.entry.citation.section == later.entry.citation.section
}

/// An unnumbered heading that names its see-also entries' common word: "Movement" for
/// "Squadron Movement" and "Ship Movement" (both unnumbered: checked by the caller).
fn is_redirect_to(
    parent: &GlossaryEntry<'_>,
    parent_title: &[Vec<String>; 2],
    child: &GlossaryEntry<'_>,
    child_title: &[Vec<String>; 2],
) -> bool {
    parent.entry.see_also.iter().any(|id| id == child.id())
        && parent_title.iter().zip(child_title).any(|(whole, part)| {
            !whole.is_empty()
                && part.len() > whole.len()
                && whole.iter().all(|word| part.contains(word))
        })
}

fn title_words(entry: &GlossaryEntry<'_>) -> [Vec<String>; 2] {
    [Lang::Es, Lang::En].map(|lang| {
        normalize(&entry.text(lang).title)
            .split(' ')
            .filter(|word| word.len() > 2)
            .map(str::to_string)
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Game, LoadOptions, load};
    use crate::glossary::Glossary;

    fn parts_of(game: Game, id: &str) -> Vec<String> {
        let (db, _) = load(&LoadOptions::built_in());
        let glossary = Glossary::from_db(&db);
        let entries = glossary.entries();
        let tree = children(entries);
        let at = entries
            .iter()
            .position(|e| e.game == game && e.id() == id)
            .expect("the entry exists");
        tree[at]
            .iter()
            .map(|c| entries[*c as usize].id().to_string())
            .collect()
    }

    #[test]
    fn subsections_later_entries_and_redirects_are_parts() {
        // Talon 6.2 Power Curve and its numbered subsection 6.2.x Changing Speed.
        assert!(parts_of(Game::Talon, "power-curve").contains(&"speed-change".to_string()));
        // A part is not a whole of its whole.
        assert!(!parts_of(Game::Talon, "speed-change").contains(&"power-curve".to_string()));
        // Space Alert: the first entry of "3.3" and the later ones citing it.
        assert!(parts_of(Game::Spacealert, "damage-computation").contains(&"rockets".to_string()));
        // Armada's "Movement" heading sends to "Squadron Movement".
        assert!(parts_of(Game::Armada, "movement").contains(&"squadron-movement".to_string()));
        // Parts stay within their game.
        assert!(
            parts_of(Game::Armada, "attack")
                .iter()
                .all(|id| id != "ataque")
        );
    }

    #[test]
    fn section_numbers_as_printed() {
        assert_eq!(section_number("7.3 Deslizamiento Lateral"), Some("7.3"));
        assert_eq!(section_number("(6.2.1) Propósito"), Some("6.2.1"));
        assert_eq!(section_number("6. ENERGÍA"), Some("6"));
        assert_eq!(section_number("5.0 NAVES"), Some("5"));
        assert_eq!(section_number("ATAQUE"), None);
        assert_eq!(section_number("(Véase)"), None);
    }
}
