//! Which game's list an input is, told from its first lines by asking every game with
//! lists, before any reader runs; and the reports of an input that is no list of the
//! game asked for, or of any game.

use crate::cards::Game;
use crate::report::list::{ListReport, unknown_game};
use crate::report::{Code, Finding, first_line_span};
use crate::text::{either_or, with_article};
use crate::validate::{ListBytes, ListKind, ListSigns, Recognised, Sign, unreadable_list};
use std::borrow::Cow;

/// Bytes looked at to tell the game; every format shows itself in its first lines.
const PROBE_BYTES: usize = 64 * 1024;

/// Lines longer than this are no line of any list format: a reader reports them, and they
/// must not hide the lines that show the format.
const LONGEST_LIST_LINE: usize = 2_000;

/// The game of `list`, by the first game (in registry order) that recognises it by an
/// unmistakable sign, else by its layout; `None` when no game does. With it, the list's
/// bytes as text when they were all found valid UTF-8 on the way.
pub fn recognise<'a>(
    games: &[ListSigns],
    bytes: &'a [u8],
) -> (Option<Recognised>, Option<&'a str>) {
    let head = lossy(bytes.get(..bytes.len().min(PROBE_BYTES)).unwrap_or(bytes));
    let whole = match head {
        Cow::Borrowed(text) if text.len() == bytes.len() => Some(text),
        _ => None,
    };
    let probe = probe(bytes, head);
    let found = Sign::IN_ORDER.into_iter().find_map(|sign| {
        games.iter().find_map(|signs| {
            (signs.recognise)(&probe, sign).map(|builder| Recognised {
                game: signs.game,
                builder,
            })
        })
    });
    (found, whole)
}

/// The text the game is told from: the first lines (`text`, the head of `bytes` decoded),
/// minus any far too long for a list.
fn probe<'a>(bytes: &'a [u8], text: Cow<'a, str>) -> Cow<'a, str> {
    // JSON and links may well be one long line: they are told from their first bytes.
    let start = text.trim_start_matches('\u{feff}').trim_start();
    if start.starts_with('{') || start.starts_with('[') || start.starts_with("http") {
        return text;
    }
    let too_long = |(_, line): &(usize, &str)| line.len() > LONGEST_LIST_LINE;
    // Most lists are shorter than one line may be: no line of them can be too long.
    if text.len() <= LONGEST_LIST_LINE
        || text.len() < PROBE_BYTES && !crate::input::lines(&text).any(|l| too_long(&l))
    {
        return text;
    }
    let whole = bytes
        .get(..bytes.len().min(64 * PROBE_BYTES))
        .unwrap_or(bytes);
    let whole = lossy(whole);
    Cow::Owned(
        crate::input::lines(&whole)
            .filter(|l| !too_long(l))
            .map(|(_, line)| line)
            .take(400)
            .collect::<Vec<_>>()
            .join("\n"),
    )
}

/// `bytes` as text, undecodable bytes replaced; checked first with the standard library's
/// UTF-8 validation, which runs through ASCII a word at a time where the lossy decoder
/// goes a character at a time (the same text either way).
fn lossy(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => String::from_utf8_lossy(bytes),
    }
}

/// `--game` named one game and the input is a list of another.
pub fn wrong_game(list: ListBytes<'_>, found: Game, wanted: Game) -> ListReport {
    unreadable_list(list.name, Some(found), list.bytes, |file, text| {
        vec![
            Finding::error(
                Code::ListParseWrongGame,
                format!(
                    "this is {} list, not {} one",
                    found.with_article(),
                    wanted.with_article()
                ),
            )
            .at(file, first_line_span(text, usize::MAX))
            .label(format!("{} starts like this", found.title()))
            .help(format!(
                "validate it without `--game {}`, or give {} list",
                wanted.as_str(),
                wanted.with_article()
            )),
        ]
    })
}

/// An input no game recognises; `kinds` are the lists arbiter reads.
pub fn no_game(list: ListBytes<'_>, kinds: &[ListKind]) -> ListReport {
    let nouns: Vec<String> = kinds.iter().map(|k| with_article(k.noun)).collect();
    // The ways themselves hold commas and "or": semicolons keep them apart.
    let hows = match kinds {
        [init @ .., last] if !init.is_empty() => {
            let init: Vec<&str> = init.iter().map(|k| k.how).collect();
            format!("{}; or {}", init.join("; "), last.how)
        }
        _ => kinds.iter().map(|k| k.how).collect(),
    };
    unreadable_list(list.name, None, list.bytes, |file, text| {
        vec![unknown_game(file, text, &either_or(&nouns), &hows)]
    })
}

/// `--game` named a game arbiter has no list reader for; `readers` are the games it has.
pub fn no_list_reader(list: ListBytes<'_>, game: Game, readers: &[Game]) -> ListReport {
    let titles: Vec<&str> = readers.iter().map(|g| g.short_title()).collect();
    let help = format!(
        "validate {} lists, or leave out `--game`",
        either_or(&titles)
    );
    unreadable_list(list.name, Some(game), list.bytes, |file, text| {
        vec![
            Finding::error(
                Code::ListParseWrongGame,
                format!("arbiter reads no {} lists", game.title()),
            )
            .at(file, first_line_span(text, usize::MAX))
            .label("read as a list of this game")
            .help(help),
        ]
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate::LIST_SIGNS;

    const KINGSTON: &str = "Name: x\nFaction: Rebel\nCommander: Mon Mothma\nAssault:\nDefense:\nNavigation:\nSquadrons:\n= 0 Points\nTotal Points: 0";

    #[test]
    fn the_text_is_handed_on_only_when_every_byte_was_checked() {
        let (found, text) = recognise(&LIST_SIGNS, KINGSTON.as_bytes());
        assert_eq!(found.map(|f| f.game), Some(Game::Armada));
        assert_eq!(text, Some(KINGSTON));
        // An invalid byte anywhere: no text, and the game told as before.
        let mut bad = KINGSTON.as_bytes().to_vec();
        bad.push(0xff);
        let (found, text) = recognise(&LIST_SIGNS, &bad);
        assert_eq!(found.map(|f| f.game), Some(Game::Armada));
        assert_eq!(text, None);
        // Past the probe the rest is not checked, so nothing is claimed of it.
        let long = format!("{KINGSTON}\n{}", "a".repeat(PROBE_BYTES));
        let (found, text) = recognise(&LIST_SIGNS, long.as_bytes());
        assert_eq!(found.map(|f| f.game), Some(Game::Armada));
        assert_eq!(text, None);
    }

    #[test]
    fn a_character_cut_by_the_probe_keeps_it_lossy() {
        let mut text = KINGSTON.to_string();
        text.push('\n');
        while text.len() < PROBE_BYTES - 1 {
            text.push('a');
        }
        text.push('é');
        let (found, whole) = recognise(&LIST_SIGNS, text.as_bytes());
        assert_eq!(found.map(|f| f.game), Some(Game::Armada));
        assert_eq!(whole, None);
    }
}
