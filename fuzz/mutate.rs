//! Mutations of real inputs: the damage files suffer on their way to arbiter (bytes
//! flipped, cut short, lines doubled, pasted twice, re-encoded) plus long runs and odd
//! Unicode, and tokens of the formats so that mutants stay close to something parseable.

// Shared by the runner and the test replay; each uses a part.
#![allow(dead_code)]

use fastrand::Rng;

/// Largest mutant; a little past the 1 MiB list limit so the size refusal is reached.
pub const MAX_MUTANT_BYTES: usize = (1 << 20) + 4096;

/// Pieces of the formats arbiter reads, spliced in to reach deeper code.
const TOKENS: &[&str] = &[
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "[[",
    "]]",
    "\"",
    "'",
    "=",
    ":",
    ",",
    "\n",
    "\r\n",
    "\t",
    "•",
    "- ",
    "+ ",
    "x ",
    "2x ",
    " = ",
    "Total Points: ",
    "Name: ",
    "Faction: ",
    "Commander: ",
    "Assault: ",
    "Defense: ",
    "Navigation: ",
    "Gamemode: ",
    "(400/400)",
    "points",
    "(85)",
    "Victory II-class Star Destroyer",
    "X-wing Squadron",
    "Garm Bel Iblis",
    "{\"faction\":",
    "\"pilots\":[",
    "\"id\":",
    "\"upgrades\":{",
    "\"points\":",
    "https://yasb.app/?f=",
    "&d=v9Z",
    "Z",
    "X",
    "W",
    "Y",
    "game = \"xwing\"",
    "game = \"armada\"",
    "game = \"spacealert\"",
    "game = \"talon\"",
    "kind = ",
    "max_steps = ",
    "4294967295",
    "-1",
    "0",
    "1e309",
    "NaN",
    "18446744073709551616",
    "[[ship]]",
    "[[pilot]]",
    "[[upgrade]]",
    "[[revision]]",
    "[[erratum]]",
    "[[entry]]",
    "points_limit = ",
    "id = ",
    "name = ",
    "'''",
    "\"\"\"",
    "\u{feff}",
    "\u{0}",
    "\u{7f}",
    "\u{85}",
    "\u{200b}",
    "\u{202e}",
    "\u{fffd}",
    "\u{1f680}",
    "e\u{301}",
    "\u{ff08}",
    "ñ",
    "ß",
    "\u{10ffff}",
    "\u{2028}",
];

/// Apply one to four mutations to a copy of `seed` (`other` is a second input to splice).
pub fn mutate(rng: &mut Rng, seed: &[u8], other: &[u8]) -> Vec<u8> {
    let mut out = seed.to_vec();
    for _ in 0..rng.usize(1..=4) {
        mutate_once(rng, &mut out, other);
        out.truncate(MAX_MUTANT_BYTES);
    }
    out.truncate(MAX_MUTANT_BYTES);
    out
}

fn mutate_once(rng: &mut Rng, out: &mut Vec<u8>, other: &[u8]) {
    let at = |rng: &mut Rng, out: &Vec<u8>| rng.usize(0..=out.len());
    match rng.u8(0..16) {
        // Bit flips and random bytes.
        0 | 1 => {
            if !out.is_empty() {
                for _ in 0..rng.usize(1..=8) {
                    let i = rng.usize(0..out.len());
                    out[i] ^= 1 << rng.u8(0..8);
                }
            }
        }
        2 => {
            if !out.is_empty() {
                let i = rng.usize(0..out.len());
                out[i] = rng.u8(..);
            }
        }
        // Delete a range.
        3 => {
            if !out.is_empty() {
                let start = rng.usize(0..out.len());
                let end = (start + rng.usize(1..=64)).min(out.len());
                out.drain(start..end);
            }
        }
        // Truncate.
        4 => {
            let keep = rng.usize(0..=out.len());
            out.truncate(keep);
        }
        // Repeat a line many times.
        5 => {
            let lines: Vec<(usize, usize)> = line_ranges(out);
            if let Some(&(start, end)) = lines.get(rng.usize(0..lines.len().max(1))) {
                let line = out[start..end].to_vec();
                let times = if rng.u8(0..8) == 0 {
                    rng.usize(100..5000)
                } else {
                    rng.usize(2..10)
                };
                // Never past the mutant's ceiling (a 1 MiB line times 5,000 is 5 GB).
                let times = times.min(MAX_MUTANT_BYTES / line.len().max(1));
                let mut block = Vec::with_capacity(line.len() * times);
                for _ in 0..times {
                    block.extend_from_slice(&line);
                }
                out.splice(end..end, block);
            }
        }
        // A long run of one character (spaces, tabs, a letter, a wide character).
        6 => {
            let unit: &[u8] = match rng.u8(0..5) {
                0 => b" ",
                1 => b"\t",
                2 => "\u{1f680}".as_bytes(),
                3 => b"(",
                _ => b"a",
            };
            let times = if rng.bool() {
                rng.usize(60_000..70_000)
            } else {
                rng.usize(100..3000)
            };
            let i = at(rng, out);
            out.splice(i..i, unit.repeat(times));
        }
        // Odd Unicode or a format token.
        7..=10 => {
            let token = TOKENS[rng.usize(0..TOKENS.len())].as_bytes();
            let i = at(rng, out);
            out.splice(i..i, token.iter().copied());
        }
        // Overwrite a stretch with a token.
        11 => {
            let token = TOKENS[rng.usize(0..TOKENS.len())].as_bytes();
            let i = at(rng, out);
            let end = (i + token.len()).min(out.len());
            out.splice(i..end, token.iter().copied());
        }
        // Splice in part of another input.
        12 => {
            if !other.is_empty() {
                let start = rng.usize(0..other.len());
                let end = (start + rng.usize(1..=512)).min(other.len());
                let i = at(rng, out);
                out.splice(i..i, other[start..end].iter().copied());
            }
        }
        // Duplicate the whole input (two lists pasted together).
        13 => {
            let copy = out.clone();
            out.extend_from_slice(b"\n");
            out.extend_from_slice(&copy);
        }
        // Re-encode: Latin-1 bytes, UTF-16, CRLF line ends.
        14 => match rng.u8(0..3) {
            0 => {
                let text = String::from_utf8_lossy(out).into_owned();
                *out = text
                    .chars()
                    .map(|c| if (c as u32) < 256 { c as u8 } else { b'?' })
                    .collect();
            }
            1 => {
                let text = String::from_utf8_lossy(out).into_owned();
                *out = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
            }
            _ => {
                let text = String::from_utf8_lossy(out).replace('\n', "\r\n");
                *out = text.into_bytes();
            }
        },
        // A number made huge or negative.
        _ => {
            if let Some(i) = out.iter().position(u8::is_ascii_digit).map(|first| {
                let digits: Vec<usize> = out
                    .iter()
                    .enumerate()
                    .filter(|(_, b)| b.is_ascii_digit())
                    .map(|(i, _)| i)
                    .collect();
                digits
                    .get(rng.usize(0..digits.len()))
                    .copied()
                    .unwrap_or(first)
            }) {
                let big: &[u8] = match rng.u8(0..4) {
                    0 => b"99999999999999999999",
                    1 => b"-",
                    2 => b"4294967296",
                    _ => b"0",
                };
                out.splice(i..i, big.iter().copied());
            }
        }
    }
}

fn line_ranges(bytes: &[u8]) -> Vec<(usize, usize)> {
    let mut ranges = Vec::new();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'\n' {
            ranges.push((start, i + 1));
            start = i + 1;
        }
    }
    if start < bytes.len() {
        ranges.push((start, bytes.len()));
    }
    ranges
}
