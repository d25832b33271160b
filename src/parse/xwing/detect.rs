//! Telling the formats apart from the text alone. The order matters: JSON and links are
//! unmistakable; among the text exports, the Reddit export's Markdown is checked before
//! YASB's plain text (both have summary lines), and the TTS line comes last because it
//! has the fewest marks of its own.

use super::lines::lines;
use super::span::Source;
use super::squad::SourceFormat;
use super::{lbn, reddit, tts, yasb_link, yasb_text};

/// Which X-Wing squad format `text` is in; `None` when it is none of them.
pub fn detect(text: &str) -> Option<SourceFormat> {
    let trimmed = text.trim_start_matches('\u{feff}').trim();
    if trimmed.is_empty() {
        return None;
    }
    if trimmed.starts_with('{') {
        return Some(SourceFormat::Xws);
    }
    if yasb_link::looks_like_link(trimmed) {
        return Some(SourceFormat::YasbLink);
    }
    if trimmed.starts_with('[') && !trimmed.starts_with("[View in YASB](") {
        // JSON, but a list: not a squad.
        return None;
    }
    let source = Source::new(text);
    let lines = lines(&source);
    if reddit::looks_like(&lines) {
        Some(SourceFormat::Reddit)
    } else if yasb_text::looks_like(&lines) {
        Some(SourceFormat::YasbText)
    } else if lbn::looks_like(&lines) {
        Some(SourceFormat::Lbn)
    } else if tts::looks_like(&lines) {
        Some(SourceFormat::Tts)
    } else {
        None
    }
}

/// Why `text` is no squad, for the message when `detect` gives `None`.
pub fn why_not(text: &str) -> &'static str {
    let trimmed = text.trim_start_matches('\u{feff}').trim();
    if trimmed.is_empty() {
        "the input is empty"
    } else if trimmed.starts_with('[') {
        "the input is a JSON list; an XWS squad is a JSON object"
    } else if trimmed.contains("://") && !trimmed.contains(char::is_whitespace) {
        "the input is a link, but not to a squad builder's squad (no `d=` parameter)"
    } else {
        "the input is in none of the X-Wing squad formats arbiter reads"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_format_is_recognised() {
        let cases = [
            ("{\"faction\": \"rebelalliance\"}", Some(SourceFormat::Xws)),
            ("\u{feff}  {}", Some(SourceFormat::Xws)),
            (
                "  https://yasb.app/?f=Rebel%20Alliance&d=v9ZhZ20Z1X\n",
                Some(SourceFormat::YasbLink),
            ),
            (
                "**Shara Bey (9)**    \n\n**Total:** *9*",
                Some(SourceFormat::Reddit),
            ),
            (
                "Shara Bey – RZ-1 A-wing (9)\nShip Cost: 9",
                Some(SourceFormat::YasbText),
            ),
            (
                "Shara Bey (9)\nShip total: 9  Half Points: 5  Threshold: 2",
                Some(SourceFormat::YasbText),
            ),
            (
                "Squad\n\n(9) Shara Bey [RZ-1 A-wing]\nPoints: 9",
                Some(SourceFormat::Lbn),
            ),
            (
                "Shara Bey + Predator / Captain Rex",
                Some(SourceFormat::Tts),
            ),
            ("", None),
            ("   \n\t", None),
            ("[1, 2]", None),
            ("hello world", None),
            ("https://example.com/?q=x", None),
            ("Shara Bey", None),
        ];
        for (text, expected) in cases {
            assert_eq!(detect(text), expected, "{text:?}");
        }
    }

    #[test]
    fn reasons() {
        assert_eq!(why_not(" "), "the input is empty");
        assert!(why_not("[1]").contains("JSON list"));
        assert!(why_not("https://example.com/").contains("link"));
    }
}
