//! Which builder wrote a list. Every builder has lines no other one writes (Warlords'
//! `= N total ship cost`, Fleets Designer's `(96 + 37: 133)`, the app's `Squadrons (84/134):`);
//! each such line scores for its builder and the highest score wins. Kingston and Star Forge
//! share one layout: Star Forge is told apart by what only it writes (commander points,
//! `Faction: Empire`, `Gamemode:`, source tags, no `Commander:` line at all).

use super::SourceFormat;
use super::grammar::{CostKind, bullet, count_x, fraction, key_value, split_cost, subtotal, whole};
use super::lines::{MAX_LINE_BYTES, lines};
use super::span::Span;

/// Only the head of an input is looked at: every builder's signature lines come within its
/// first block (header and first ship).
const LINES_LOOKED_AT: usize = 16;
/// Once this many lines are seen and one builder scores this much, the rest is not needed
/// (the Kingston / Star Forge header alone scores 12 in 6 lines).
const CLEAR_AFTER_LINES: usize = 8;
const CLEAR_SCORE: u32 = 10;
/// Below this score an input is no list of any builder.
const MIN_SCORE: u32 = 3;

const SOURCE_TAGS: &[&str] = &[
    "[Legacy]",
    "[Legends]",
    "[LegacyBeta]",
    "[ARC]",
    "[Nexus]",
    "[OldLegacy]",
];

#[derive(Debug, Default)]
struct Scores {
    kingston_layout: u32,
    star_forge_only: u32,
    commander_line: bool,
    warlords: u32,
    flagship: u32,
    app: u32,
    designer: u32,
}

impl Scores {
    fn best(&self) -> u32 {
        [
            self.kingston_layout,
            self.warlords,
            self.flagship,
            self.app,
            self.designer,
        ]
        .into_iter()
        .max()
        .unwrap_or(0)
    }
}

/// The builder that wrote `text`, or `None` when it is no Armada list we know.
pub fn detect(text: &str) -> Option<SourceFormat> {
    let mut s = Scores::default();
    let mut first = true;
    let head = lines(text)
        .filter(|l| !l.is_blank() && l.raw.len() <= MAX_LINE_BYTES)
        .take(LINES_LOOKED_AT);
    for (seen, line) in head.enumerate() {
        score_line(&mut s, line.raw, line.trimmed(), first);
        first = false;
        if seen + 1 >= CLEAR_AFTER_LINES && s.best() >= CLEAR_SCORE {
            break;
        }
    }
    if s.kingston_layout > 0 && !s.commander_line {
        // Kingston always writes `Commander:`, even empty; Star Forge leaves it out.
        s.star_forge_only += 1;
    }
    let layout = if s.star_forge_only > 0 {
        SourceFormat::StarForge
    } else {
        SourceFormat::Kingston
    };
    let candidates = [
        (s.kingston_layout, layout),
        (s.warlords, SourceFormat::Warlords),
        (s.flagship, SourceFormat::Flagship),
        (s.app, SourceFormat::FleetBuilderApp),
        (s.designer, SourceFormat::FleetsDesigner),
    ];
    // Highest score; on a tie the earlier (more common) builder.
    let (score, format) = candidates
        .into_iter()
        .fold((0, None), |best, (score, format)| {
            if score > best.0 {
                (score, Some(format))
            } else {
                best
            }
        });
    if score >= MIN_SCORE { format } else { None }
}

/// `line` is `raw` trimmed (the line reader trims each line once).
fn score_line(s: &mut Scores, raw: Span<'_>, line: Span<'_>, first: bool) {
    let f = line.fragment();
    if let Ok((_, (key, value))) = key_value(line) {
        score_header(s, raw, key.fragment(), value);
    }
    if f == "Squadrons:" {
        s.kingston_layout += 2;
    }
    if f.starts_with('•') {
        s.kingston_layout += 1;
    }
    if let Ok((_, (_, words))) = subtotal(line) {
        match words.fragment() {
            "Points" => s.kingston_layout += 1,
            "points" => s.flagship += 2,
            "total points" => s.app += 3,
            "total ship cost" | "total squadron cost" => s.warlords += 3,
            _ => {}
        }
    }
    if f.ends_with(']') || (f.ends_with(')') && f.contains('[')) {
        // Only Star Forge tags cards with their source: `Name [Legacy] (5)`.
        if SOURCE_TAGS.iter().any(|tag| f.contains(tag)) {
            s.star_forge_only += 1;
        }
    }

    // Warlords, Flagship and the app mark the flagship, each its own way.
    if f.starts_with("[ flagship ]") {
        s.warlords += 2;
    }
    if f.starts_with("[flagship]") {
        s.flagship += 1;
        s.app += 1;
    }
    if f.ends_with("points)") {
        s.warlords += 1;
    }
    let r = raw.fragment();
    if r.starts_with("- ") && !r.starts_with("-  ") {
        s.flagship += 1;
    }
    if r.starts_with(" - ") {
        s.app += 1;
    }
    if has_author_key(f) {
        s.app += 3;
    }
    if f.starts_with("Squadrons (") && f.ends_with("):") {
        s.app += 3;
    }
    if f.as_bytes().get(1) == Some(&b'x') && count_x(line).is_ok() {
        s.app += 1;
    }

    // Armada Fleets Designer.
    if f.bytes().all(|b| b == b'=') {
        s.designer += 2;
    }
    if r.starts_with('\t') && bullet(raw, "+").is_some() {
        s.designer += 1;
    }
    if first && let Some(numbers) = parenthesised_tail(line).and_then(|tail| whole(tail, fraction))
    {
        match numbers.len() {
            3 => s.designer += 3,
            _ => s.app += 3,
        }
    }
    if f.ends_with(')')
        && let Some((_, cost)) = split_cost(line)
    {
        match cost.kind {
            CostKind::Sum { .. } => s.designer += 3,
            CostKind::Each { .. } => s.designer += 2,
            CostKind::Plain => {}
        }
    }
}

fn score_header(s: &mut Scores, raw: Span<'_>, key: &str, value: Span<'_>) {
    let is = |k: &str| key.eq_ignore_ascii_case(k);
    if [
        "Name",
        "Faction",
        "Commander",
        "Assault",
        "Defense",
        "Navigation",
        "Total Points",
    ]
    .iter()
    .any(|k| is(k))
    {
        s.kingston_layout += 2;
    }
    if is("Name") && raw.fragment().starts_with(' ') {
        s.star_forge_only += 1; // Star Forge writes ` Name:`.
    }
    if is("Faction") && value.fragment().eq_ignore_ascii_case("empire") {
        s.star_forge_only += 1; // Kingston says `Imperial`.
    }
    if is("Commander") {
        s.commander_line = true;
        if split_cost(value).is_some() {
            s.star_forge_only += 1;
        }
    }
    if is("Gamemode") {
        s.kingston_layout += 2;
        s.star_forge_only += 1;
    }
    // Warlords and Flagship share `Assault Objective:` and `Author:`.
    if [
        "Assault Objective",
        "Defense Objective",
        "Navigation Objective",
        "Author",
    ]
    .iter()
    .any(|k| is(k))
    {
        s.warlords += 1;
        s.flagship += 1;
    }
    if is("Points") && whole(value, fraction).is_some() {
        s.warlords += 2;
    }
    if is("Objectives") {
        s.app += 3;
    }
}

/// Whether `line` holds ` - Author:` (the app's title line), looked for at its colons:
/// most lines of a list's head have one colon or none, where a substring search over each
/// line with a colon cost about 200 instructions (a sixth of telling the builder).
fn has_author_key(line: &str) -> bool {
    let bytes = line.as_bytes();
    memchr::memchr_iter(b':', bytes).any(|colon| {
        bytes
            .get(..colon)
            .is_some_and(|before| before.ends_with(b" - Author"))
    })
}

/// The inside of the last `( … )` when the line ends with it.
pub(super) fn parenthesised_tail(line: Span<'_>) -> Option<Span<'_>> {
    let f = line.fragment();
    if !f.ends_with(')') {
        return None;
    }
    let open = f.rfind('(')?;
    Some(line.slice(open + 1, f.len() - 1).trim())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kingston_versus_star_forge() {
        let kingston = "Name: x\nFaction: Rebel\nCommander: Mon Mothma\nAssault:\nDefense:\nNavigation:\nSquadrons:\n= 0 Points\nTotal Points: 0";
        assert_eq!(detect(kingston), Some(SourceFormat::Kingston));
        let star_forge = kingston.replace("Commander: Mon Mothma", "Commander: Mon Mothma (30)");
        assert_eq!(detect(&star_forge), Some(SourceFormat::StarForge));
        let empire = kingston.replace("Rebel", "Empire");
        assert_eq!(detect(&empire), Some(SourceFormat::StarForge));
    }

    #[test]
    fn the_author_key_is_found_where_a_substring_search_finds_it() {
        let lines = [
            "Fleet - Author: Ryan",
            "Fleet - Author:",
            " - Author:x",
            "- Author: x",
            "Fleet -  Author: x",
            "Fleet - author: x",
            "a: b - Author: c",
            "Name: x",
            "::: - Author:::",
            "Fleet - Author",
            "",
            ":",
            "é - Author: ü",
        ];
        for line in lines {
            assert_eq!(
                has_author_key(line),
                line.contains(" - Author:"),
                "{line:?}"
            );
        }
    }

    #[test]
    fn other_games_and_prose_are_nothing() {
        assert_eq!(
            detect("Luke Skywalker (62)\nProton Torpedoes (4)\nTotal: 66"),
            None
        );
        assert_eq!(detect("Dear judge,\nplease find my list attached.\n"), None);
        assert_eq!(detect("{\"pilots\": []}"), None);
    }
}
