//! Which game's list a text is, and for Armada which builder wrote it: told from the first
//! lines, before any reader runs.

use super::{armada, xwing};
// Talon fleets open with a `Side:` line no other game's list has.
use crate::cards::Game;
use std::borrow::Cow;

/// Bytes looked at to tell the game; every format shows itself in its first lines.
const DETECT_PREFIX: usize = 64 * 1024;

/// A list's game and, for Armada, its builder (so the reader need not detect it again).
pub type Detected = (Game, Option<armada::SourceFormat>);

/// The game and builder of `bytes`, or `None` when no list format starts like this.
pub fn detect_bytes(bytes: &[u8]) -> Option<Detected> {
    detect_list(&detection_probe(bytes))
}

/// The text the game is told from: the first lines, minus any far too long for a list
/// (a reader reports those; they must not hide the lines that show the format).
fn detection_probe(bytes: &[u8]) -> Cow<'_, str> {
    let text =
        String::from_utf8_lossy(bytes.get(..bytes.len().min(DETECT_PREFIX)).unwrap_or(bytes));
    // JSON and links may well be one long line: they are told from their first bytes.
    let start = text.trim_start_matches('\u{feff}').trim_start();
    if start.starts_with('{') || start.starts_with('[') || start.starts_with("http") {
        return text;
    }
    if text.len() < DETECT_PREFIX && !text.lines().any(|l| l.len() > armada::MAX_LINE_BYTES) {
        return text;
    }
    let whole = bytes
        .get(..bytes.len().min(64 * DETECT_PREFIX))
        .unwrap_or(bytes);
    let whole = String::from_utf8_lossy(whole);
    Cow::Owned(
        whole
            .lines()
            .filter(|l| l.len() <= armada::MAX_LINE_BYTES)
            .take(400)
            .collect::<Vec<_>>()
            .join("\n"),
    )
}

/// Links and JSON are unmistakably X-Wing; then the Armada builders' layouts; then
/// X-Wing's text exports.
pub fn detect_list(text: &str) -> Option<Detected> {
    use xwing::SourceFormat as X;
    let trimmed = text.trim_start_matches('\u{feff}').trim_start();
    if super::talon::detect(text) {
        return Some((Game::Talon, None));
    }
    // JSON and links first, by their first byte or scheme: cheap, and unmistakable.
    if (trimmed.starts_with('{') || xwing::yasb_link::looks_like_link(trimmed.trim_end()))
        && let Some(X::Xws | X::YasbLink) = xwing::detect(text)
    {
        return Some((Game::Xwing, None));
    }
    if let Some(builder) = armada::detect(text) {
        return Some((Game::Armada, Some(builder)));
    }
    xwing::detect(text).map(|_| (Game::Xwing, None))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tells_each_game_from_its_first_lines() {
        let xws = br#"{"faction":"rebelalliance","pilots":[]}"#;
        assert_eq!(detect_bytes(xws).map(|d| d.0), Some(Game::Xwing));
        let kingston = b"Name: Test\nFaction: Empire\nCommander: Grand Admiral Thrawn\n\nAssault: Most Wanted\n";
        assert!(matches!(
            detect_bytes(kingston),
            Some((Game::Armada, Some(_)))
        ));
        assert_eq!(detect_bytes(b"just some prose about ships"), None);
        assert_eq!(detect_bytes(b""), None);
    }

    #[test]
    fn a_very_long_first_line_does_not_hide_the_format() {
        let mut text = " ".repeat(armada::MAX_LINE_BYTES + 10).into_bytes();
        text.extend_from_slice(b"\nName: Test\nFaction: Empire\nCommander: Grand Admiral Thrawn\n\nAssault: Most Wanted\n");
        assert_eq!(detect_bytes(&text).map(|d| d.0), Some(Game::Armada));
    }
}
