//! How a glossary lookup reads: an entry in the reader's language with its citation, the
//! entries of a list as a table, the documented JSON shapes, and a miss as a finding.

use super::search::{Hit, Lookup, MatchKind};
use super::{Glossary, GlossaryEntry, Lang};
use crate::cards::Game;
use crate::report::{Code, Finding, HumanStyle, SourceFiles, new_table, quoted_part};
use serde_json::{Value, json};

/// Most entries listed under "See also:" after the best one.
pub const MAX_SEE_ALSO: usize = 4;

/// Words of the human output, in the language of the summary.
pub struct Labels {
    no_exact: &'static str,
    closest: &'static str,
    not_found: &'static str,
    related: &'static str,
    see_also: &'static str,
    source: &'static str,
    version: &'static str,
    section: (&'static str, &'static str, &'static str),
}

impl Labels {
    fn of(lang: Lang) -> Labels {
        match lang {
            Lang::Es => Labels {
                no_exact: "Sin coincidencia exacta para",
                closest: "lo más parecido",
                not_found: "palabras que no aparecen",
                related: "Relacionado",
                see_also: "Véase también",
                source: "Fuente",
                version: "versión",
                section: ("sección", "«", "»"),
            },
            Lang::En => Labels {
                no_exact: "No exact match for",
                closest: "closest",
                not_found: "words not found",
                related: "Related",
                see_also: "See also",
                source: "Source",
                version: "version",
                section: ("section", "“", "”"),
            },
        }
    }
}

/// The best entry in full, then the next ones ranked: title, game and id.
pub fn lookup_human(
    glossary: &Glossary<'_>,
    query: &str,
    lookup: &Lookup<'_>,
    lang: Lang,
    style: HumanStyle,
) -> String {
    let Some(best) = lookup.best() else {
        return String::new();
    };
    let labels = Labels::of(lang);
    let mut out = String::new();
    if best.kind == MatchKind::Fuzzy || !lookup.unknown.is_empty() {
        let mut line = format!(
            "{} `{}`; {}: {}",
            labels.no_exact,
            shown_query(query),
            labels.closest,
            best.key
        );
        if !lookup.unknown.is_empty() {
            line.push_str(&format!(
                " ({}: {})",
                labels.not_found,
                lookup.unknown.join(", ")
            ));
        }
        out.push_str(&wrap(&line, style.width, "", ""));
        out.push('\n');
    }
    out.push_str(&entry_human(glossary, &best.entry, lang, style));
    let next = lookup.runners_up(MAX_SEE_ALSO);
    if !next.is_empty() {
        out.push('\n');
        out.push_str(&format!("{}:\n", labels.see_also));
        for hit in next {
            let e = &hit.entry;
            let line = format!("{} — {} · {}", e.text(lang).title, e.game.title(), e.id());
            out.push_str(&wrap(&line, style.width, "  • ", "    "));
        }
    }
    out
}

/// A query is echoed back as any text a report quotes ([`quoted_part`]: arguments can add
/// up to megabytes), control characters shown escaped, not sent to the terminal.
fn shown_query(query: &str) -> String {
    let (shown, note) = quoted_part(query);
    let mut out = String::with_capacity(shown.len());
    for c in shown.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out.push_str(note.as_deref().unwrap_or_default());
    out
}

/// One entry: titles, game and id, summary, key points, see-also and citation.
pub fn entry_human(
    glossary: &Glossary<'_>,
    entry: &GlossaryEntry<'_>,
    lang: Lang,
    style: HumanStyle,
) -> String {
    let labels = Labels::of(lang);
    let text = entry.text(lang);
    let width = style.width;
    let mut out = String::new();
    let titles = format!("{} · {}", entry.entry.es.title, entry.entry.en.title);
    if style.color {
        out.push_str(&format!("\x1b[1m{titles}\x1b[0m\n"));
    } else {
        out.push_str(&wrap(&titles, width, "", ""));
    }
    out.push_str(&wrap(
        &format!("{} · {}", entry.game.title(), entry.id()),
        width,
        "",
        "",
    ));
    out.push('\n');
    out.push_str(&wrap(&text.summary, width, "", ""));
    if !text.points.is_empty() {
        out.push('\n');
        for point in &text.points {
            out.push_str(&wrap(point, width, "  • ", "    "));
        }
    }
    out.push('\n');
    let see_also: Vec<&str> = glossary
        .see_also(entry)
        .into_iter()
        .map(|e| e.text(lang).title.as_str())
        .collect();
    if !see_also.is_empty() {
        out.push_str(&wrap(
            &format!("{}: {}", labels.related, see_also.join(", ")),
            width,
            "",
            "  ",
        ));
    }
    out.push_str(&wrap(
        &format!("{}: {}", labels.source, citation_text(entry, &labels)),
        width,
        "",
        "  ",
    ));
    out
}

pub fn citation_text(entry: &GlossaryEntry<'_>, labels: &Labels) -> String {
    let citation = &entry.entry.citation;
    let mut text = citation.document.clone();
    if !citation.version.trim().is_empty() {
        text.push_str(&format!(", {} {}", labels.version, citation.version));
    }
    let (word, open, close) = labels.section;
    text.push_str(&format!(", {word} {open}{}{close}", citation.section));
    text
}

/// Wrap `text` to `width` characters, starting with `first` and indenting the following
/// lines with `rest`. Ends with a newline.
pub fn wrap(text: &str, width: usize, first: &str, rest: &str) -> String {
    // Glossary text may carry line breaks from its TOML; a paragraph is one run of words.
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let options = textwrap::Options::new(width)
        .initial_indent(first)
        .subsequent_indent(rest)
        .break_words(false)
        .word_splitter(textwrap::WordSplitter::NoHyphenation);
    let mut out = textwrap::fill(&words, options);
    if out.is_empty() {
        out.push_str(first.trim_end());
    }
    out.push('\n');
    out
}

pub fn list_table(entries: &[&GlossaryEntry<'_>], width: Option<u16>) -> String {
    let mut table = new_table(vec!["id", "es · en", "game", "section"]);
    if let Some(width) = width {
        table.set_width(width);
    }
    for e in entries {
        table.add_row(vec![
            e.id().to_string(),
            format!("{} · {}", e.entry.es.title, e.entry.en.title),
            e.game.as_str().to_string(),
            e.entry.citation.section.clone(),
        ]);
    }
    if let Some(column) = table.column_mut(2) {
        column.set_constraint(comfy_table::ColumnConstraint::ContentWidth);
    }
    format!("{table}\n{} entries\n", entries.len())
}

pub fn entry_json(
    glossary: &Glossary<'_>,
    entry: &GlossaryEntry<'_>,
    lang: Lang,
    hit: Option<&Hit<'_>>,
) -> Value {
    let text = entry.text(lang);
    let see_also: Vec<Value> = glossary
        .see_also(entry)
        .into_iter()
        .map(|e| json!({"id": e.id(), "title": e.text(lang).title}))
        .collect();
    let mut value = json!({
        "id": entry.id(),
        "game": entry.game,
        "title": {"es": entry.entry.es.title, "en": entry.entry.en.title},
        "aliases": {"es": entry.entry.es.aliases, "en": entry.entry.en.aliases},
        "lang": lang,
        "summary": text.summary,
        "points": text.points,
        "see_also": see_also,
        "citation": entry.entry.citation,
    });
    if let Some(hit) = hit {
        let words: serde_json::Map<String, Value> = hit
            .words
            .iter()
            .map(|(word, slots)| {
                let fields: Vec<String> = slots.iter().map(|s| s.name()).collect();
                (word.clone(), json!(fields))
            })
            .collect();
        value["score"] = json!((f64::from(hit.score) * 1000.0).round() / 1000.0);
        value["match"] = json!({"kind": hit.kind, "key": hit.key, "words": words});
    }
    value
}

/// The best entry first, then the ones listed under "See also:", each with its score and
/// which query words matched which fields.
pub fn lookup_json(glossary: &Glossary<'_>, lookup: &Lookup<'_>, lang: Lang) -> String {
    serde_json::to_string_pretty(&lookup_value(glossary, lookup, lang)).unwrap_or_default()
}

/// [`lookup_json`] as a value, for a command to put in its document.
pub fn lookup_value(glossary: &Glossary<'_>, lookup: &Lookup<'_>, lang: Lang) -> Value {
    let entries: Vec<Value> = lookup
        .best()
        .into_iter()
        .chain(lookup.runners_up(MAX_SEE_ALSO))
        .map(|hit| entry_json(glossary, &hit.entry, lang, Some(hit)))
        .collect();
    json!({ "entries": entries })
}

pub fn not_found_finding(
    query: &str,
    game: Option<Game>,
    suggestions: &[Hit<'_>],
    lang: Lang,
) -> (Finding, SourceFiles) {
    let help = if suggestions.is_empty() {
        "try the Spanish or the English term, fewer words, or `arbiter rule --list` for every entry"
            .to_string()
    } else {
        let names: Vec<String> = suggestions
            .iter()
            .take(3)
            .map(|h| format!("`{}` ({})", h.entry.text(lang).title, h.entry.game.as_str()))
            .collect();
        if game.is_some() && suggestions.iter().any(|h| Some(h.entry.game) != game) {
            format!(
                "found in another game: {}; change or drop --game",
                names.join(", ")
            )
        } else {
            format!("did you mean {}?", names.join(" or "))
        }
    };
    let scope = game
        .map(|g| format!(" of {}", g.title()))
        .unwrap_or_default();
    let mut files = SourceFiles::default();
    let file = files.add("query", query.to_string());
    let finding = Finding::error(
        Code::RuleNotFound,
        format!("no glossary entry{scope} matches `{query}`"),
    )
    .at(file, 0..query.len())
    .label("unknown term")
    .help(help);
    (finding, files)
}

#[cfg(test)]
mod tests {
    use super::super::search::Index;
    use super::*;
    use crate::cards::{CardDb, LoadOptions, load};
    use crate::report::{MAX_FINDING_TEXT_BYTES, render_human};

    fn db() -> CardDb {
        load(&LoadOptions::built_in()).0
    }

    fn human(query: &str, game: Option<Game>, lang: Lang) -> String {
        let db = db();
        let glossary = Glossary::from_db(&db);
        let lookup = Index::new(&glossary).search(query, game);
        lookup_human(&glossary, query, &lookup, lang, HumanStyle::plain(80))
    }

    #[test]
    fn wrap_indents_continuation_lines() {
        assert_eq!(
            wrap("one two three four", 9, "- ", "  "),
            "- one two\n  three\n  four\n"
        );
        assert_eq!(wrap("", 9, "", ""), "\n");
        assert_eq!(
            wrap("averyveryverylongword x", 5, "", ""),
            "averyveryverylongword\nx\n"
        );
    }

    /// The query echoed above a near match is capped like any quoted text, and its control
    /// characters are escaped: arguments can add up to megabytes.
    #[test]
    fn a_long_query_is_echoed_in_part_and_escaped() {
        let query = format!("deslizamento\u{1}{}", " lateral".repeat(20_000));
        let shown = human(&query, Some(Game::Talon), Lang::Es);
        let echo = shown.lines().next().unwrap_or_default();
        assert!(echo.contains("deslizamento\\u{1}"), "{echo}");
        assert!(!shown.contains('\u{1}'));
        assert!(shown.contains("more bytes)"), "{shown}");
        assert!(
            shown.len() < 2 * MAX_FINDING_TEXT_BYTES + 4000,
            "{} bytes",
            shown.len()
        );
    }

    #[test]
    fn lookup_spanish_armada() {
        insta::assert_snapshot!(human("ataque", Some(Game::Armada), Lang::Es));
    }

    #[test]
    fn lookup_english_xwing_with_version() {
        insta::assert_snapshot!(human("barrel roll", None, Lang::En));
    }

    #[test]
    fn lookup_tie_lists_also() {
        insta::assert_snapshot!(human("attack", None, Lang::En));
    }

    #[test]
    fn lookup_misspelt_talon() {
        insta::assert_snapshot!(human("deslizamento lateral", Some(Game::Talon), Lang::Es));
    }

    #[test]
    fn lookup_json_shape() {
        let db = db();
        let glossary = Glossary::from_db(&db);
        let lookup = Index::new(&glossary).search("gravolift", None);
        // Scores move whenever ranking is tuned: the snapshot keeps the shape, the order is
        // asserted here.
        let mut body: Value =
            serde_json::from_str(&lookup_json(&glossary, &lookup, Lang::En)).unwrap();
        let mut last = f64::INFINITY;
        for entry in body["entries"].as_array_mut().unwrap() {
            let score = entry["score"].as_f64().unwrap();
            assert!(score > 0.0 && score <= last, "best first");
            last = score;
            entry["score"] = json!("<score>");
        }
        insta::assert_snapshot!(serde_json::to_string_pretty(&body).unwrap());
    }

    #[test]
    fn list_of_one_game() {
        let db = db();
        let glossary = Glossary::from_db(&db);
        let entries: Vec<_> = glossary.in_game(Some(Game::Spacealert)).take(6).collect();
        insta::assert_snapshot!(list_table(&entries, Some(100)));
    }

    #[test]
    fn miss_is_a_diagnostic_with_suggestions() {
        let db = db();
        let glossary = Glossary::from_db(&db);
        let lookup = Index::new(&glossary).search(
            "vision nocturna termica infrarroja ultravioleta",
            Some(Game::Armada),
        );
        assert!(lookup.hits.is_empty());
        let (finding, files) = not_found_finding(
            "vision nocturna termica infrarroja ultravioleta",
            Some(Game::Armada),
            &lookup.suggestions,
            Lang::Es,
        );
        insta::assert_snapshot!(render_human(&files, &finding, HumanStyle::plain(80)));
    }
}
