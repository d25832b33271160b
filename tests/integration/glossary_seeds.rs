//! The glossary against the rulebooks it summarises (the seeds in `../shared/seeds/`):
//!
//! - coverage: every heading the seed prints has an entry whose `citation.section` is that
//!   heading as printed, and no entry cites a heading the seed does not print. The heading
//!   extraction ports the rules worked out in notes/headings-*.md, decisions included. For
//!   Talon the `(N.M.K)` paragraph labels are covered the same way.
//! - found: `arbiter rule` finds every glossary heading of seeds 000 and 002 (sub-headings
//!   included) by the heading as printed.
//! - own words: no run of 12 or more consecutive words is shared between any entry text, in
//!   either language, and any file in the seeds folder (case, punctuation and accents
//!   ignored; runs that cross from one field of an entry into the next count too).

use crate::support::{self, Seeds, built_in_db};
use arbiter::cards::CardDb;
use arbiter::cards::Game;
use arbiter::cards::rules::{RuleEntry, RuleText};
use arbiter::glossary::Glossary;
use arbiter::glossary::search::{Index, MatchKind};
use arbiter::text::normalize;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::hash::{DefaultHasher, Hash, Hasher};

const ARMADA_RRG: &str = "000_ae69564e4264402a.txt";
const SPACE_ALERT: &str = "001_e6e16b4d69e41dea.txt";
const XWING_RR: &str = "002_1d63b3a51872ba9e.txt";
const SECTOR_FLEETS: &str = "003_a861d8c4f0e4206b.txt";
const TALON: &str = "004_579842cdaeb9a2fa.txt";

fn entries(db: &CardDb, game: Game) -> Vec<&RuleEntry> {
    Glossary::from_db(db)
        .in_game(Some(game))
        .map(|e| e.entry)
        .collect()
}

fn counts<'a>(items: impl IntoIterator<Item = &'a str>) -> BTreeMap<&'a str, usize> {
    let mut map = BTreeMap::new();
    for item in items {
        *map.entry(item).or_insert(0) += 1;
    }
    map
}

/// Upper-case letters as the Spanish rulebooks print them.
fn is_upper(c: char) -> bool {
    c.is_ascii_uppercase() || "ÁÉÍÓÚÜÑ".contains(c)
}

/// A cited version must be printed in the seed.
fn assert_versions_printed(entries: &[&RuleEntry], text: &str) {
    for e in entries {
        let version = e.citation.version.trim();
        assert!(
            version.is_empty() || text.contains(version),
            "{}: version `{version}` is not in the seed",
            e.id
        );
    }
}

// ---------------------------------------------------------------------------------------
// Armada: seed 000 (Rules Reference) and seed 003 (Sector Fleets); notes/headings-armada.md

const RRG_DOCUMENT: &str = "Star Wars: Armada — Guía de referencia";
const SF_DOCUMENT: &str = "Star Wars: Armada — Flotas de Sector";

/// Seed 000: bare ALL-CAPS lines between the line `GLOSARIO` and the line `CRÉDITOS`, without
/// the optional-rules section title.
fn armada_rrg_headings(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let start = lines
        .iter()
        .position(|l| *l == "GLOSARIO")
        .expect("GLOSARIO line")
        + 1;
    let end = lines
        .iter()
        .position(|l| *l == "CRÉDITOS")
        .expect("CRÉDITOS line");
    lines[start..end]
        .iter()
        .filter(|l| l.starts_with(is_upper) && l.chars().all(|c| is_upper(c) || c == ' '))
        .filter(|l| **l != "REGLAS OPCIONALES")
        .map(|l| l.to_string())
        .collect()
}

/// Seed 003: Markdown heading lines, `#`s and `**` bold markers removed, branding skipped.
fn sector_fleet_headings(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let rest = line.trim_start_matches('#');
        if rest.len() == line.len()
            || !rest.starts_with(char::is_whitespace)
            || rest.trim().is_empty()
        {
            continue;
        }
        let heading = rest.trim().replace("**", "").trim().to_string();
        if !["STAR WARS.", "ARMADA", "starwars.com"].contains(&heading.as_str()) {
            out.push(heading);
        }
    }
    out
}

#[test]
fn armada_covers_every_heading() {
    let Some(seeds) = support::seeds() else {
        return;
    };
    let db = built_in_db();
    let entries = entries(db, Game::Armada);
    let rrg_text = seeds.text(ARMADA_RRG);
    let sf_text = seeds.text(SECTOR_FLEETS);
    let rrg = armada_rrg_headings(&rrg_text);
    let sf = sector_fleet_headings(&sf_text);
    assert_eq!(
        (rrg.len(), sf.len()),
        (72, 19),
        "the extraction no longer finds what the notes describe"
    );
    for e in &entries {
        assert!(
            [RRG_DOCUMENT, SF_DOCUMENT].contains(&e.citation.document.as_str()),
            "{}: cites `{}`, which is neither Armada seed",
            e.id,
            e.citation.document
        );
    }
    // 000: exactly one entry per heading. The front matter before the glossary (the golden
    // rules) may have entries too, citing a line printed there.
    let front_matter: BTreeSet<&str> = rrg_text
        .lines()
        .map(str::trim)
        .take_while(|l| *l != "GLOSARIO")
        .filter(|l| !l.is_empty())
        .collect();
    let got_rrg = counts(
        entries
            .iter()
            .filter(|e| e.citation.document == RRG_DOCUMENT)
            .filter(|e| !front_matter.contains(e.citation.section.as_str()))
            .map(|e| e.citation.section.as_str()),
    );
    assert!(
        entries
            .iter()
            .any(|e| e.citation.section == "¡LAS REGLAS DE ORO!"),
        "the golden rules have an entry"
    );
    let want_rrg = counts(rrg.iter().map(String::as_str));
    let differ: Vec<String> = want_rrg
        .keys()
        .chain(got_rrg.keys())
        .collect::<BTreeSet<_>>()
        .into_iter()
        .filter(|h| got_rrg.get(*h) != want_rrg.get(*h))
        .map(|h| {
            format!(
                "{h}: printed {}, entries {}",
                want_rrg.get(h).unwrap_or(&0),
                got_rrg.get(h).unwrap_or(&0)
            )
        })
        .collect();
    assert!(
        differ.is_empty(),
        "Rules Reference headings need exactly one entry each: {differ:#?}"
    );
    // 003: the same headings; a heading printed twice (FORMACIÓN DE FLOTAS) needs two entries;
    // topic entries may cite the heading of the section they sit in.
    let got_sf = counts(
        entries
            .iter()
            .filter(|e| e.citation.document == SF_DOCUMENT)
            .map(|e| e.citation.section.as_str()),
    );
    let want_sf = counts(sf.iter().map(String::as_str));
    let missing: Vec<_> = want_sf
        .iter()
        .filter(|(h, n)| got_sf.get(*h).is_none_or(|g| g < n))
        .collect();
    let unknown: Vec<_> = got_sf
        .keys()
        .filter(|h| !want_sf.contains_key(*h))
        .collect();
    assert!(
        missing.is_empty(),
        "Sector Fleets headings without (enough) entries: {missing:?}"
    );
    assert!(
        unknown.is_empty(),
        "entries citing no Sector Fleets heading: {unknown:?}"
    );
    assert_versions_printed(&entries, &rrg_text);
}

// ---------------------------------------------------------------------------------------
// X-Wing: seed 002 (Rules Reference 1.4.5); notes/headings-xwing.md

/// All-caps sub-headings inside glossary entries, folded into their parents' entries.
const XWING_SUBHEADINGS: &[&str] = &[
    "ARCOS NORMALES",
    "ARCO DE DISPARO CENTRADO",
    "ARCOS COMPLETOS",
    "ARCOS DE TORRETA",
    "ARCOS DE FUEGO",
    "CARGAS NORMALES (S)",
    "CARGAS DE LA FUERZA (F)",
    "ENERGÍA (E)",
    "ESTADOS LIMITADOS",
    "MANIOBRAS BÁSICAS",
    "MANIOBRAS AVANZADAS",
    "COLORES Y FORMAS DE LAS FICHAS",
    "ATAQUES CONTRA REMOTOS",
    "DAÑO A REMOTOS",
    "USO DE REMOTOS",
    "RECOLOCACIÓN DE REMOTOS",
];

fn xwing_is_heading(line: &str) -> bool {
    let s = line.trim();
    let chars: Vec<char> = s.chars().collect();
    !s.is_empty()
        && s == s.to_uppercase()
        && chars.windows(2).any(|w| is_upper(w[0]) && is_upper(w[1]))
        && !s.starts_with(['-', '◇', '◊'])
}

/// Top-level glossary headings between the lines `GLOSARIO` and `APÉNDICE`: all-caps lines
/// without the sub-headings; of a text printed twice, the later copy is the heading.
fn xwing_glossary_headings(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.split('\n').collect();
    let start = lines
        .iter()
        .position(|l| *l == "GLOSARIO")
        .expect("GLOSARIO line");
    let end = lines
        .iter()
        .position(|l| *l == "APÉNDICE")
        .expect("APÉNDICE line");
    let candidates: Vec<&str> = lines[start + 1..end]
        .iter()
        .filter(|l| xwing_is_heading(l))
        .map(|l| l.trim())
        .collect();
    let mut seen = BTreeSet::new();
    let mut out: Vec<String> = candidates
        .iter()
        .rev()
        .filter(|h| !XWING_SUBHEADINGS.contains(h) && seen.insert(**h))
        .map(|h| h.to_string())
        .collect();
    out.reverse();
    out
}

#[test]
fn xwing_covers_every_glossary_heading() {
    let Some(seeds) = support::seeds() else {
        return;
    };
    let db = built_in_db();
    let entries = entries(db, Game::Xwing);
    let text = seeds.text(XWING_RR);
    let headings = xwing_glossary_headings(&text);
    assert_eq!(
        headings.len(),
        146,
        "the extraction no longer finds what the notes describe"
    );
    let got = counts(entries.iter().map(|e| e.citation.section.as_str()));
    let problems: Vec<String> = headings
        .iter()
        .filter(|h| got.get(h.as_str()) != Some(&1))
        .map(|h| format!("{h}: {} entries", got.get(h.as_str()).unwrap_or(&0)))
        .collect();
    assert!(
        problems.is_empty(),
        "glossary headings need exactly one entry each: {problems:#?}"
    );
    // Entries beyond the glossary (sub-headings with their own entry, squad-building appendix)
    // must still cite a heading line printed in the seed.
    let printed: BTreeSet<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| xwing_is_heading(l))
        .collect();
    let unknown: Vec<_> = entries
        .iter()
        .filter(|e| !printed.contains(e.citation.section.as_str()))
        .map(|e| &e.id)
        .collect();
    assert!(
        unknown.is_empty(),
        "entries citing a heading the seed does not print: {unknown:?}"
    );
    for e in &entries {
        assert_eq!(
            e.citation.document, "Star Wars: X-Wing — Guía de referencia",
            "{}",
            e.id
        );
        assert_eq!(e.citation.version, "1.4.5", "{}", e.id);
    }
    assert_versions_printed(&entries, &text);
}

/// What `arbiter rule HEADING` answers for every glossary heading of seeds 000 and 002,
/// X-Wing's sub-headings included: the 234 headings a judge may type as printed. A find
/// is a whole-query or all-words match, not a guess from a typo or a stray word.
#[test]
fn rule_finds_every_glossary_heading_of_the_rules_references() {
    let Some(seeds) = support::seeds() else {
        return;
    };
    let db = built_in_db();
    let glossary = Glossary::from_db(db);
    let index = Index::new(&glossary);
    let rrg_text = seeds.text(ARMADA_RRG);
    let xwing_text = seeds.text(XWING_RR);
    let mut headings: Vec<(Game, String)> = armada_rrg_headings(&rrg_text)
        .into_iter()
        .map(|h| (Game::Armada, h))
        .collect();
    headings.extend(
        xwing_glossary_headings(&xwing_text)
            .into_iter()
            .map(|h| (Game::Xwing, h)),
    );
    let glossary_lines: BTreeSet<&str> = xwing_text
        .split('\n')
        .skip_while(|l| *l != "GLOSARIO")
        .take_while(|l| *l != "APÉNDICE")
        .map(str::trim)
        .collect();
    for sub in XWING_SUBHEADINGS {
        assert!(
            glossary_lines.contains(sub),
            "sub-heading `{sub}` is not printed in the glossary"
        );
        headings.push((Game::Xwing, sub.to_string()));
    }
    assert_eq!(headings.len(), 234, "the extraction changed");
    let missing: Vec<String> = headings
        .iter()
        .filter(|(game, heading)| {
            !index
                .search(heading, Some(*game))
                .best()
                .is_some_and(|hit| matches!(hit.kind, MatchKind::Exact | MatchKind::AllWords))
        })
        .map(|(game, heading)| format!("{} {heading}", game.as_str()))
        .collect();
    assert!(
        missing.is_empty(),
        "`arbiter rule` finds {} of {} headings; not found: {missing:#?}",
        headings.len() - missing.len(),
        headings.len()
    );
}

// ---------------------------------------------------------------------------------------
// Space Alert: seed 001 (Reglamento); notes/headings-spacealert.md

/// `N. UPPER-CASE TITLE` chapters and `N.M Sentence case` sections, on lines of their own
/// with no surrounding spaces.
fn spacealert_headings(text: &str) -> Vec<String> {
    fn chapter(rest: &str) -> bool {
        rest.starts_with(is_upper)
            && rest
                .chars()
                .all(|c| is_upper(c) || c.is_ascii_digit() || c == ' ')
    }
    fn section(rest: &str) -> bool {
        rest.starts_with(is_upper) && !rest.ends_with(char::is_whitespace)
    }
    let mut out = Vec::new();
    for line in text.lines() {
        if line != line.trim() {
            continue;
        }
        let digits = line.chars().take_while(char::is_ascii_digit).count();
        let Some(after) = line[digits..].strip_prefix('.').filter(|_| digits > 0) else {
            continue;
        };
        let found = if let Some(rest) = after.strip_prefix(' ') {
            chapter(rest)
        } else {
            let minor = after.chars().take_while(char::is_ascii_digit).count();
            minor > 0 && after[minor..].strip_prefix(' ').is_some_and(section)
        };
        if found {
            out.push(line.to_string());
        }
    }
    out
}

#[test]
fn spacealert_covers_every_numbered_section() {
    let Some(seeds) = support::seeds() else {
        return;
    };
    let db = built_in_db();
    let entries = entries(db, Game::Spacealert);
    let text = seeds.text(SPACE_ALERT);
    let headings = spacealert_headings(&text);
    assert_eq!(
        headings.len(),
        25,
        "the extraction no longer finds what the notes describe"
    );
    let want: BTreeSet<&str> = headings.iter().map(String::as_str).collect();
    let got: BTreeSet<&str> = entries
        .iter()
        .map(|e| e.citation.section.as_str())
        .collect();
    // Term entries (threats, ship parts) cite the numbered section they are explained in.
    let missing: Vec<_> = want.difference(&got).collect();
    let unknown: Vec<_> = got.difference(&want).collect();
    assert!(missing.is_empty(), "sections without an entry: {missing:?}");
    assert!(
        unknown.is_empty(),
        "entries citing no numbered section: {unknown:?}"
    );
    for e in &entries {
        assert_eq!(e.citation.document, "Space Alert — Reglamento", "{}", e.id);
    }
    assert_versions_printed(&entries, &text);
}

// ---------------------------------------------------------------------------------------
// Talon: seed 004 (Reglamento); notes/headings-talon.md. Headings are numbered but the body
// often runs on in the same line, so the title is split from the first sentence by case.

const TALON_JOINERS: &[&str] = &["de", "del", "la", "las", "los", "el", "y", "e", "a", "para"];
const TALON_ARTICLES: &[&str] = &["El", "La", "Los", "Las", "Un", "Una", "Este", "Esta"];
/// 5.1 is followed by a run-in label that looks like part of the title.
const TALON_EXCEPTIONS: &[(&str, &str)] = &[("5.1", "Características de las Naves")];

/// Page headers and footers: `© 2015 GMT Games, LLC 12`.
fn talon_noise(line: &str) -> bool {
    line.match_indices('©').any(|(i, c)| {
        let rest = line[i + c.len()..].trim_start();
        rest.chars().take(4).filter(char::is_ascii_digit).count() == 4
            && rest[4..].starts_with(" GMT Games")
    })
}

/// Table-of-contents dot leaders.
fn talon_leader(line: &str) -> bool {
    line.contains("....")
}

/// A run-in paragraph label such as `(7.3.2)`.
fn talon_label(token: &str) -> bool {
    let Some(rest) = token.strip_prefix('(') else {
        return false;
    };
    let mut parts = 0;
    let mut chars = rest.chars().peekable();
    loop {
        let digits = std::iter::from_fn(|| chars.next_if(char::is_ascii_digit)).count();
        if digits == 0 {
            return false;
        }
        parts += 1;
        match chars.next() {
            Some('.') if parts < 3 => continue,
            Some(')') => return parts == 3,
            _ => return false,
        }
    }
}

/// An all-caps word of two letters or more ("ENERGÍA", "DE").
fn talon_caps(token: &str) -> bool {
    let word = token.trim_matches(['.', ',', ':', '(', ')']);
    word.chars().count() >= 2 && word.chars().all(is_upper)
}

/// Starts with a capital, maybe after an opening parenthesis.
fn talon_cap(token: &str) -> bool {
    token
        .strip_prefix('(')
        .unwrap_or(token)
        .starts_with(is_upper)
}

/// `N.` / `N.M` / `N.0`, whitespace, then text: (chapter, section, rest).
fn talon_start(line: &str) -> Option<(&str, Option<&str>, &str)> {
    let major_len = line.chars().take_while(char::is_ascii_digit).count();
    if !(1..=2).contains(&major_len) {
        return None;
    }
    let after = line[major_len..].strip_prefix('.')?;
    let minor_len = after.chars().take_while(char::is_ascii_digit).count();
    if minor_len > 2 {
        return None;
    }
    let rest = &after[minor_len..];
    let trimmed = rest.trim_start();
    if trimmed.len() == rest.len() || trimmed.is_empty() {
        return None;
    }
    let minor = (minor_len > 0).then(|| &after[..minor_len]);
    Some((&line[..major_len], minor, trimmed))
}

fn talon_heading_line(line: &str) -> Option<(&str, Option<&str>, &str)> {
    let (major, minor, rest) = talon_start(line)?;
    if talon_leader(line) {
        return None;
    }
    let first = rest.split_whitespace().next()?;
    // Numbered procedure steps ("1. Selecciona…") are mixed case.
    if matches!(minor, None | Some("0")) && !talon_caps(first) {
        return None;
    }
    Some((major, minor, rest))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Body {
    /// The line holds only title words.
    None,
    /// The body text starts on this line.
    Found,
    /// The title ended with a colon.
    Colon,
}

/// How many tokens belong to the title: capitalised words joined by lowercase joiners, up to
/// a bullet, a paragraph label, a capitalised article (a new sentence), a colon, or the first
/// lowercase word (the sentence then began at the last capitalised word).
fn talon_scan_title(tokens: &[&str], first_pos: usize) -> (usize, Body) {
    let mut last_cap = None;
    for (i, t) in tokens.iter().enumerate() {
        let pos = first_pos + i;
        if *t == "•" || talon_label(t) {
            return (i, Body::Found);
        }
        if talon_cap(t) {
            if TALON_ARTICLES.contains(t) && pos > 0 {
                return (i, Body::Found);
            }
            last_cap = Some(i);
            if t.ends_with(':') {
                return (i + 1, Body::Colon);
            }
            continue;
        }
        if TALON_JOINERS.contains(t) {
            continue;
        }
        return (last_cap.unwrap_or(i), Body::Found);
    }
    (tokens.len(), Body::None)
}

/// The body starts at the first all-caps `1.` chapter without dot leaders (`1. TRASFONDO`).
fn talon_body_start(lines: &[&str]) -> usize {
    lines
        .iter()
        .position(|l| {
            talon_start(l).is_some_and(|(major, minor, rest)| {
                let caps = rest.chars().take_while(|c| is_upper(*c)).count();
                let next = rest.chars().nth(caps);
                major == "1"
                    && minor.is_none()
                    && caps >= 2
                    && next.is_none_or(|c| !c.is_alphanumeric() && c != '_')
            }) && !talon_leader(l)
        })
        .expect("the body's first chapter")
}

fn talon_headings(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let start = talon_body_start(&lines);
    let mut out = Vec::new();
    for i in start..lines.len() {
        if lines[i].starts_with("NOTAS DEL DISEÑADOR") {
            break;
        }
        let Some((major, minor, rest)) = talon_heading_line(lines[i]) else {
            continue;
        };
        let number = format!("{major}.{}", minor.unwrap_or(""));
        // The following lines that may continue a wrapped heading.
        let next: Vec<&str> = lines[i + 1..lines.len().min(i + 12)]
            .iter()
            .copied()
            .filter(|l| !l.trim().is_empty() && !talon_noise(l))
            .take(3)
            .collect();
        let mut tokens: Vec<&str> = rest.split_whitespace().collect();
        let is_caps_or_joiner = |t: &str| talon_caps(t) || t == "E" || t == "Y";
        let title = if talon_caps(tokens[0]) {
            // ALL-CAPS chapter title, maybe wrapped: "4. EL CONTADOR DE IMPULSOS E" / "INICIATIVA".
            let mut head: Vec<String> = tokens
                .iter()
                .take_while(|t| is_caps_or_joiner(t))
                .map(|t| t.to_string())
                .collect();
            if head.len() == tokens.len() {
                for line in &next {
                    if talon_heading_line(line).is_some() {
                        break;
                    }
                    let more: Vec<&str> = line.split_whitespace().collect();
                    let caps = more.iter().take_while(|t| is_caps_or_joiner(t)).count();
                    head.extend(more[..caps].iter().map(|t| t.to_string()));
                    if caps < more.len() || caps == 0 {
                        break;
                    }
                }
            }
            head.join(" ")
        } else {
            let label = tokens.iter().position(|t| talon_label(t));
            if let Some(at) = label {
                tokens.truncate(at);
            }
            let (mut n, mut body) = talon_scan_title(&tokens, 0);
            if label.is_some() {
                (n, body) = (tokens.len(), Body::Found);
            }
            let mut head: Vec<String> = tokens[..n]
                .iter()
                .map(|t| t.trim_end_matches(':').to_string())
                .collect();
            if body == Body::None {
                for line in &next {
                    if talon_heading_line(line).is_some() {
                        break;
                    }
                    let mut more: Vec<&str> = line.split_whitespace().collect();
                    let last = head.last().cloned().unwrap_or_default();
                    let ends_join =
                        last.ends_with(['-', '/']) || TALON_JOINERS.contains(&last.as_str());
                    if last.ends_with('-') && !more.is_empty() {
                        // A word hyphenated across lines: "Poscom-" + "bustión".
                        let first = more.remove(0);
                        if let Some(end) = head.last_mut() {
                            end.pop();
                            end.push_str(first);
                        }
                    }
                    let (n2, body2) = talon_scan_title(&more, head.len());
                    if body2 == Body::Colon || (n2 == 0 && !ends_join) {
                        break;
                    }
                    if !(ends_join
                        || body2 == Body::Found
                        || (n2 > 0 && TALON_JOINERS.contains(&more[n2 - 1])))
                    {
                        break;
                    }
                    let mut part: Vec<String> = more[..n2].iter().map(|t| t.to_string()).collect();
                    if head.last().is_some_and(|h| h.ends_with('/')) && !part.is_empty() {
                        // "Atraque/" + "Aterrizaje".
                        let first = part.remove(0);
                        if let Some(end) = head.last_mut() {
                            end.push_str(&first);
                        }
                    }
                    head.extend(part);
                    if body2 == Body::Found {
                        break;
                    }
                }
            }
            head.join(" ")
        };
        let title = TALON_EXCEPTIONS
            .iter()
            .find(|(n, _)| *n == number)
            .map_or(title, |(_, t)| t.to_string());
        out.push(format!("{number} {title}"));
    }
    out
}

/// Third-level rules: a `(N.M.K)` label that opens a paragraph, either first on its line or
/// after a section number on the same line (`7.2 Giro (7.2.1) Procedimiento: …`). A label in
/// mid-sentence (`… Casillas de Casco (8.4.2)`) is a cross-reference and is skipped. The title
/// is the words up to the first colon when that colon comes within 8 words and no word before it
/// holds `. , ; ( )`; otherwise the paragraph is untitled and is cited by its first 4 words
/// (`(5.4.1) Toda nave tiene una`). Words split by a hyphen at a line end are joined
/// (`Ener-` + `gía:`) and tokens with no letter or digit are dropped (`(5.4.2) )`).
/// Labels are kept as printed, misprints included (`(18.2.3)` in 10.2, `(11.1.1)` in 12.1).
fn talon_paragraph_labels(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let start = talon_body_start(&lines);
    let body: Vec<&str> = lines[start..]
        .iter()
        .copied()
        .take_while(|l| !l.starts_with("NOTAS DEL DISEÑADOR"))
        .filter(|l| !l.trim().is_empty() && !talon_noise(l))
        .collect();
    let mut out = Vec::new();
    for (i, line) in body.iter().enumerate() {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let at = if tokens.first().is_some_and(|t| talon_label(t)) {
            Some(0)
        } else if talon_start(line).is_some_and(|(_, minor, _)| minor.is_some()) {
            tokens.iter().position(|t| talon_label(t))
        } else {
            None
        };
        let Some(at) = at else {
            continue;
        };
        let mut words: Vec<String> = Vec::new();
        let following = body[i + 1..body.len().min(i + 8)]
            .iter()
            .map(|l| l.split_whitespace().collect::<Vec<_>>());
        for line_words in std::iter::once(tokens[at + 1..].to_vec()).chain(following) {
            let mut it = line_words.into_iter();
            if let Some(last) = words.last_mut().filter(|w| w.ends_with('-'))
                && let Some(first) = it.next()
            {
                last.pop();
                last.push_str(first);
            }
            words.extend(it.map(String::from));
        }
        words.retain(|w| w.chars().any(char::is_alphanumeric));
        let mut title = None;
        for (k, w) in words.iter().take(8).enumerate() {
            if let Some(last) = w.strip_suffix(':') {
                let mut head: Vec<&str> = words[..k].iter().map(String::as_str).collect();
                head.push(last);
                title = Some(head.join(" "));
                break;
            }
            if w.contains(['.', ',', ';', '(', ')']) {
                break;
            }
        }
        let title = title.unwrap_or_else(|| words[..words.len().min(4)].join(" "));
        out.push(format!("{} {title}", tokens[at]));
    }
    out
}

#[test]
fn talon_covers_every_numbered_heading_in_order() {
    let Some(seeds) = support::seeds() else {
        return;
    };
    let db = built_in_db();
    let entries = entries(db, Game::Talon);
    let text = seeds.text(TALON);
    let headings = talon_headings(&text);
    assert_eq!(
        headings.len(),
        78,
        "the extraction no longer finds what the notes describe: {headings:#?}"
    );
    let labels = talon_paragraph_labels(&text);
    assert_eq!(
        labels.len(),
        58,
        "the label extraction no longer finds what the notes describe: {labels:#?}"
    );
    for expected in [
        "(5.3.1) Arcos de Disparo",
        "(5.4.1) Toda nave tiene una",
        "(5.4.2) Indicación de la Curva de Energía",
        "(7.3.2) Marcadores de Deslizamiento lateral",
        "(18.2.3) Restricciones",
        "(17.2.2) Bloqueo de Disparos y de Transmisión de Energía",
    ] {
        assert!(labels.iter().any(|l| l == expected), "{expected} not found");
    }
    // Entries for (N.M.K) paragraph labels cite the label; the others cite a heading.
    let (label_sections, sections): (Vec<&str>, Vec<&str>) = entries
        .iter()
        .map(|e| e.citation.section.as_str())
        .partition(|s| s.starts_with('('));
    // Misprinted numbers (14.3 in chapter 13, 13.6 and 17.1 twice; (18.2.3) in 10.2 and
    // (11.1.1) twice) are kept as printed, so sections are compared as number + title, in
    // rulebook order.
    for (kind, sections, found) in [
        ("heading", sections, &headings),
        ("paragraph label", label_sections, &labels),
    ] {
        let want: Vec<&str> = found.iter().map(String::as_str).collect();
        let missing: Vec<_> = want.iter().filter(|h| !sections.contains(h)).collect();
        let unknown: Vec<_> = sections.iter().filter(|s| !want.contains(s)).collect();
        assert!(missing.is_empty(), "{kind}s without an entry: {missing:?}");
        assert!(unknown.is_empty(), "entries citing no {kind}: {unknown:?}");
        assert_eq!(
            sections, want,
            "one entry per {kind}, in the rulebook's order"
        );
    }
    for e in &entries {
        assert_eq!(e.citation.document, "Talon — Reglamento", "{}", e.id);
    }
    assert_versions_printed(&entries, &text);
}

#[test]
fn talon_title_splitting() {
    assert_eq!(
        talon_scan_title(
            &["El", "Contador", "de", "Impulsos", "Señala", "la", "ronda"],
            0
        ),
        (4, Body::Found)
    );
    assert_eq!(
        talon_scan_title(&["Procedimiento", "para", "el", "Disparo:"], 0),
        (4, Body::Colon)
    );
    assert_eq!(
        talon_scan_title(&["Tabla", "de", "Daños", "Críticos", "La", "Tabla"], 0),
        (4, Body::Found)
    );
    assert!(talon_label("(7.3.2)") && !talon_label("(7.3)") && !talon_label("(7.3.2"));
    assert!(talon_noise("13 © 2015 GMT Games, LLC") && talon_noise("© 2015 GMT Games, LLC 12"));
    assert_eq!(talon_start("13.7)."), None);
    assert_eq!(talon_start("5.0 NAVES"), Some(("5", Some("0"), "NAVES")));
}

// ---------------------------------------------------------------------------------------
// Own words

const SHINGLE: usize = 12;

fn shingle_hash(words: &[&str]) -> u64 {
    let mut hasher = DefaultHasher::new();
    words.hash(&mut hasher);
    hasher.finish()
}

/// The words of a seed as compared: page furniture dropped, words hyphenated across lines
/// joined, Markdown bold markers removed (drop caps: `**D**URACIÓN`), then normalised.
fn seed_words(text: &str) -> Vec<String> {
    let text: String = text
        .lines()
        .filter(|l| !talon_noise(l))
        .collect::<Vec<_>>()
        .join("\n")
        .replace("-\n", "")
        .replace("**", "");
    normalize(&text).split(' ').map(str::to_string).collect()
}

/// Hash of every 12-word run of every file in the seeds folder, with the file it came from.
fn seed_shingles(seeds: &Seeds) -> HashMap<u64, String> {
    let names = seeds.names();
    assert!(names.len() >= 5, "seeds folder holds only {names:?}");
    let mut shingles = HashMap::new();
    for name in names {
        let words = seed_words(&seeds.text(&name));
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        for window in words.windows(SHINGLE) {
            shingles
                .entry(shingle_hash(window))
                .or_insert_with(|| name.clone());
        }
    }
    shingles
}

/// Runs of 12 words of `text` that some seed also has.
fn shared_runs<'s>(text: &str, shingles: &'s HashMap<u64, String>) -> Vec<(String, &'s str)> {
    let normalized = normalize(text);
    let words: Vec<&str> = normalized.split(' ').filter(|w| !w.is_empty()).collect();
    words
        .windows(SHINGLE)
        .filter_map(|w| {
            shingles
                .get(&shingle_hash(w))
                .map(|seed| (w.join(" "), seed.as_str()))
        })
        .collect()
}

/// Everything one language of an entry says, in reading order, as one text: a table
/// restated one row per point is copied as surely as a sentence in one field.
///
/// The citation is left out on purpose: `section` must be the heading exactly as printed
/// (the coverage tests above hold it to that), and quoting a heading to cite it is a
/// reference, not a restatement. Talon's 17.5 heading alone is 18 words long.
fn entry_text(text: &RuleText) -> String {
    std::iter::once(&text.title)
        .chain(&text.aliases)
        .chain(&text.situations)
        .chain(std::iter::once(&text.summary))
        .chain(&text.points)
        .map(String::as_str)
        .collect::<Vec<_>>()
        .join(" | ")
}

#[test]
fn entries_are_in_their_own_words() {
    let Some(seeds) = support::seeds() else {
        return;
    };
    let shingles = seed_shingles(&seeds);
    assert!(
        shingles.len() > 50_000,
        "the seeds were not read: {} shingles",
        shingles.len()
    );
    // The check does find a copied sentence: a run taken from a seed, re-cased and re-accented.
    let rrg = seed_words(&seeds.text(ARMADA_RRG));
    let run = &rrg[rrg.len() / 2..rrg.len() / 2 + SHINGLE];
    let copied = run.join(" ").to_uppercase();
    assert_eq!(
        shared_runs(&format!("Véase: {copied}."), &shingles).len(),
        1
    );
    // … and a run split over two points of one entry.
    let split = RuleText {
        title: "Prueba".to_string(),
        aliases: Vec::new(),
        situations: Vec::new(),
        summary: "Resumen propio.".to_string(),
        points: vec![run[..5].join(" "), format!("{}.", run[5..].join(" "))],
    };
    assert_eq!(shared_runs(&entry_text(&split), &shingles).len(), 1);

    let db = built_in_db();
    let glossary = Glossary::from_db(db);
    let mut copied = Vec::new();
    let mut checked = 0;
    for e in glossary.entries() {
        for (lang, text) in [("es", &e.entry.es), ("en", &e.entry.en)] {
            checked += 1;
            for (run, seed) in shared_runs(&entry_text(text), &shingles) {
                copied.push(format!(
                    "{}/{} {lang}: \"{run}\" is in {seed}",
                    e.game.as_str(),
                    e.id()
                ));
            }
        }
    }
    assert!(checked > 900, "only {checked} entry texts checked");
    assert!(
        copied.is_empty(),
        "{} runs of {SHINGLE}+ words copied from a seed:\n{}",
        copied.len(),
        copied.join("\n")
    );
}
