//! Percent-encoding of link parameters: decoding that remembers, for every decoded byte,
//! where in the input it came from (so a decoded segment still has a span), and the two
//! encoders browsers use (`encodeURI`, `encodeURIComponent`) for writing links.

use std::ops::Range;

/// Percent-decoded text with the input offset of each of its bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decoded {
    pub text: String,
    /// `offsets[i]` is where decoded byte `i` starts in the input; one extra entry for the
    /// end.
    offsets: Vec<usize>,
}

impl Decoded {
    /// The input span of a range of the decoded text.
    pub fn span(&self, range: Range<usize>) -> Range<usize> {
        let last = self.offsets.len().saturating_sub(1);
        let at = |i: usize| self.offsets.get(i.min(last)).copied().unwrap_or_default();
        at(range.start)..at(range.end)
    }

    /// The input span of `part`, a slice of `self.text`.
    pub fn span_of(&self, part: &str) -> Range<usize> {
        let start = (part.as_ptr() as usize).saturating_sub(self.text.as_ptr() as usize);
        self.span(start..start + part.len())
    }
}

/// Something in the input that is not proper percent-encoding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DecodeProblem {
    /// A `%` not followed by two hex digits; kept as written.
    StrayPercent(Range<usize>),
    /// The decoded bytes are not UTF-8; the text is kept undecoded.
    NotUtf8(Range<usize>),
}

/// Decode `raw`, which starts at input offset `base`. With `plus_as_space`, `+` is a space
/// (how YASB reads its query parameters).
pub fn decode(raw: &str, base: usize, plus_as_space: bool) -> (Decoded, Vec<DecodeProblem>) {
    let bytes = raw.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut offsets = Vec::with_capacity(bytes.len() + 1);
    let mut problems = Vec::new();
    let mut i = 0;
    while let Some(&byte) = bytes.get(i) {
        offsets.push(base + i);
        match byte {
            b'%' => match bytes.get(i + 1..i + 3).and_then(hex_byte) {
                Some(byte) => {
                    out.push(byte);
                    i += 3;
                }
                None => {
                    problems.push(DecodeProblem::StrayPercent(base + i..base + i + 1));
                    out.push(b'%');
                    i += 1;
                }
            },
            b'+' if plus_as_space => {
                out.push(b' ');
                i += 1;
            }
            byte => {
                out.push(byte);
                i += 1;
            }
        }
    }
    offsets.push(base + bytes.len());
    match String::from_utf8(out) {
        Ok(text) => (Decoded { text, offsets }, problems),
        Err(_) => {
            problems.push(DecodeProblem::NotUtf8(base..base + raw.len()));
            let offsets = (0..=raw.len()).map(|i| base + i).collect();
            let decoded = Decoded {
                text: raw.to_string(),
                offsets,
            };
            (decoded, problems)
        }
    }
}

fn hex_byte(pair: &[u8]) -> Option<u8> {
    let text = std::str::from_utf8(pair).ok()?;
    if pair.len() == 2 && pair.iter().all(u8::is_ascii_hexdigit) {
        u8::from_str_radix(text, 16).ok()
    } else {
        None
    }
}

/// JavaScript's `encodeURI`: everything but letters, digits and `;,/?:@&=+$-_.!~*'()#`.
pub fn encode_uri(text: &str) -> String {
    encode(text, b";,/?:@&=+$-_.!~*'()#")
}

/// JavaScript's `encodeURIComponent`: everything but letters, digits and `-_.!~*'()`.
pub fn encode_uri_component(text: &str) -> String {
    encode(text, b"-_.!~*'()")
}

fn encode(text: &str, keep: &[u8]) -> String {
    let mut out = String::with_capacity(text.len());
    for &byte in text.as_bytes() {
        if byte.is_ascii_alphanumeric() || keep.contains(&byte) {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decoding_keeps_offsets() {
        let (d, problems) = decode("Rebel%20Alliance", 10, true);
        assert!(problems.is_empty());
        assert_eq!(d.text, "Rebel Alliance");
        assert_eq!(d.span(6..14), 18..26);
        assert_eq!(d.span(5..6), 15..18);
        assert_eq!(d.span_of(&d.text[0..5]), 10..15);
    }

    #[test]
    fn plus_and_utf8() {
        let (d, _) = decode("a+b%C3%A9", 0, true);
        assert_eq!(d.text, "a bé");
        assert_eq!(d.span(3..5), 3..9);
        let (d, _) = decode("a+b", 0, false);
        assert_eq!(d.text, "a+b");
    }

    #[test]
    fn problems_are_located() {
        let (d, problems) = decode("50%_off%4", 0, false);
        assert_eq!(d.text, "50%_off%4");
        assert_eq!(
            problems,
            [
                DecodeProblem::StrayPercent(2..3),
                DecodeProblem::StrayPercent(7..8)
            ]
        );
        let (d, problems) = decode("%FF%FE", 5, false);
        assert_eq!(d.text, "%FF%FE");
        assert_eq!(problems, [DecodeProblem::NotUtf8(5..11)]);
    }

    #[test]
    fn encoders_match_javascript() {
        assert_eq!(encode_uri("Rebel Alliance"), "Rebel%20Alliance");
        assert_eq!(encode_uri("a,b"), "a,b");
        assert_eq!(encode_uri_component("Sunny B!"), "Sunny%20B!");
        assert_eq!(encode_uri_component("a&b=c/é"), "a%26b%3Dc%2F%C3%A9");
    }
}
