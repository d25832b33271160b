//! Which glossary entries are parts of others, as the search index records them
//! ([`super::index_build::children`]): checked here on the built-in glossary.

use super::GlossaryEntry;
use super::index_build;
use crate::text::normalize;

/// For each entry, the entries that are parts of it, in glossary order
/// ([`index_build::children`], which the index tables hold).
pub fn children(entries: &[GlossaryEntry<'_>]) -> Vec<Vec<u32>> {
    let inputs: Vec<_> = entries.iter().map(GlossaryEntry::index_input).collect();
    index_build::children(&inputs, normalize)
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
        use index_build::section_number;
        assert_eq!(section_number("7.3 Deslizamiento Lateral"), Some("7.3"));
        assert_eq!(section_number("(6.2.1) Propósito"), Some("6.2.1"));
        assert_eq!(section_number("6. ENERGÍA"), Some("6"));
        assert_eq!(section_number("5.0 NAVES"), Some("5"));
        assert_eq!(section_number("ATAQUE"), None);
        assert_eq!(section_number("(Véase)"), None);
    }
}
