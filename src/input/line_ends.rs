//! Line ends as files have them: LF, CRLF, and the lone CR of old Mac editors (and of text
//! pasted through some of them). Every reader takes all three.
//!
//! What arbiter reads is made LF-or-CRLF as it is read ([`lone_cr_as_lf`]): a lone CR
//! becomes an LF, one byte for one, so every offset into the text stays where it was, line
//! numbers count the lines a person sees, and no CR reaches a terminal to send the cursor
//! back over a quoted line. Readers that may be handed text directly split with [`lines`].

use std::borrow::Cow;

/// `bytes` with every CR that is not followed by an LF made an LF; borrowed when there is
/// none (the usual case).
pub fn lone_cr_as_lf(bytes: Cow<'_, [u8]>) -> Cow<'_, [u8]> {
    if !has_lone_cr(&bytes) {
        return bytes;
    }
    let mut owned = bytes.into_owned();
    replace_lone_cr(&mut owned);
    Cow::Owned(owned)
}

/// [`lone_cr_as_lf`] for text already read.
pub fn lone_cr_as_lf_text(text: String) -> String {
    if !has_lone_cr(text.as_bytes()) {
        return text;
    }
    let mut bytes = text.into_bytes();
    replace_lone_cr(&mut bytes);
    // Only ASCII CRs became ASCII LFs: the bytes are as much UTF-8 as before.
    String::from_utf8(bytes).unwrap_or_default()
}

fn has_lone_cr(bytes: &[u8]) -> bool {
    // Every input passes here and almost none has a CR: `memchr` finds out a word at a time.
    memchr::memchr_iter(b'\r', bytes).any(|i| bytes.get(i + 1) != Some(&b'\n'))
}

fn replace_lone_cr(bytes: &mut [u8]) {
    let mut pairs = bytes.iter_mut().peekable();
    while let Some(byte) = pairs.next() {
        if *byte == b'\r' && pairs.peek().is_none_or(|next| **next != b'\n') {
            *byte = b'\n';
        }
    }
}

/// The lines of `text`, each with the offset it starts at and without its end (LF, CRLF
/// or a lone CR). As `str::split('\n')`: text ending in a line end has an empty last line.
pub fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> + '_ {
    let mut at = Some(0);
    std::iter::from_fn(move || {
        let start = at?;
        let rest = text.get(start..)?;
        // A byte search: both ends are ASCII, so no UTF-8 character is cut, and
        // `memchr2` tests a word at a time where `find` with a char pattern decodes each
        // character (every list's first lines are split here to tell its game).
        match memchr::memchr2(b'\n', b'\r', rest.as_bytes()) {
            Some(end) => {
                let (line, ending) = rest.split_at(end);
                at = Some(start + end + if ending.starts_with("\r\n") { 2 } else { 1 });
                Some((start, line))
            }
            None => {
                at = None;
                Some((start, rest))
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_line_end_splits_lines() {
        let text = "a\nb\r\nc\rd";
        let found: Vec<(usize, &str)> = lines(text).collect();
        assert_eq!(found, [(0, "a"), (2, "b"), (5, "c"), (7, "d")]);
        assert_eq!(lines("a\n").map(|(_, l)| l).collect::<Vec<_>>(), ["a", ""]);
    }

    #[test]
    fn a_lone_cr_becomes_an_lf_and_offsets_stay() {
        let text = "Side: Terran\rCA\r\nDD\r".to_string();
        let fixed = lone_cr_as_lf_text(text.clone());
        assert_eq!(fixed, "Side: Terran\nCA\r\nDD\n");
        assert_eq!(fixed.len(), text.len());
        let untouched = Cow::Borrowed(&b"a\r\nb\n"[..]);
        assert!(matches!(lone_cr_as_lf(untouched), Cow::Borrowed(_)));
    }
}
