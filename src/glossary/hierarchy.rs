//! Which glossary entries are parts of others: a rulebook section and its numbered
//! subsections (Talon 6.2 and 6.2.1), the first entry of a heading and the later entries
//! citing the same heading (Space Alert "3.2" and its gravolift, interceptors…), and a
//! redirect heading and the entries it sends to (Armada "Movement" and "Squadron
//! Movement"). The search uses it to answer with the part a question is about rather
//! than the whole that summarises every part.

use super::{GlossaryEntry, Lang};
use crate::text::normalize;

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
    let heads: Vec<bool> = entries
        .iter()
        .enumerate()
        .map(|(i, entry)| {
            !entries[..i]
                .iter()
                .any(|earlier| earlier.game == entry.game && shares_heading(earlier, entry))
        })
        .collect();
    let mut children = vec![Vec::new(); entries.len()];
    for (p, parent) in entries.iter().enumerate() {
        for (c, child) in entries.iter().enumerate() {
            let is_part = heads[p]
                && (is_subsection(parent, child) || (p < c && shares_heading(parent, child)));
            if p != c
                && parent.game == child.game
                && (is_part || is_redirect_to(parent, &titles[p], child, &titles[c]))
            {
                children[p].push(c as u32);
            }
        }
    }
    children
}

/// "6.2" and "6.2.1", "6" and "6.2".
fn is_subsection(parent: &GlossaryEntry<'_>, child: &GlossaryEntry<'_>) -> bool {
    let (Some(whole), Some(part)) = (
        section_number(&parent.entry.citation.section),
        section_number(&child.entry.citation.section),
    ) else {
        return false;
    };
    part.strip_prefix(whole)
        .is_some_and(|rest| rest.starts_with('.'))
}

fn shares_heading(first: &GlossaryEntry<'_>, later: &GlossaryEntry<'_>) -> bool {
    first.entry.citation.section == later.entry.citation.section
}

/// A heading that names its see-also entries' common word: "Movement" for "Squadron
/// Movement" and "Ship Movement".
fn is_redirect_to(
    parent: &GlossaryEntry<'_>,
    parent_title: &[Vec<String>; 2],
    child: &GlossaryEntry<'_>,
    child_title: &[Vec<String>; 2],
) -> bool {
    let unnumbered = |e: &GlossaryEntry<'_>| section_number(&e.entry.citation.section).is_none();
    unnumbered(parent)
        && unnumbered(child)
        && parent.entry.see_also.iter().any(|id| id == child.id())
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
