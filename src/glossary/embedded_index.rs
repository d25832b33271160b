//! The built-in glossary's search index tables, built by build.rs at compile time
//! (`embed_rule_index`) with [`super::index_build`] and encoded by it: one for every game
//! together and one for each game alone.

include!(concat!(env!("OUT_DIR"), "/rule_index.rs"));

/// The encoded tables of one game's entries, or of every game's (`None`); none when build.rs
/// could not read the built-in rules files (the loader then reports why).
pub fn encoded(game: Option<crate::cards::Game>) -> Option<&'static [u8]> {
    let scope = game.map_or("", crate::cards::Game::as_str);
    RULE_INDEXES
        .iter()
        .find(|(id, _)| *id == scope)
        .map(|(_, bytes)| *bytes)
}
