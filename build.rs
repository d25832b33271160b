//! Two things generated before the crate compiles:
//! - every file under `data/` compiled into the binary so arbiter works from any folder: the
//!   TOML text (for `cards check`, which points into it) and the same data packed
//!   (`src/cards/packed.rs`), which every other command reads: it decodes several times
//!   faster than the TOML, and than the JSON it replaced;
//! - the `Code` enum of diagnostic codes, from the code tables in `src/report/explain/`
//!   (see `generate_codes`);
//! - the search index of the built-in rules glossary (see `embed_rule_index`).

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let manifest_dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    embed_data(&manifest_dir.join("data"), &out_dir);
    generate_codes(&manifest_dir, &out_dir);
    embed_rule_index(&manifest_dir, &out_dir);
}

fn embed_data(root: &Path, out_dir: &Path) {
    println!("cargo:rerun-if-changed=data");
    println!("cargo:rerun-if-changed=src/cards/packed.rs");
    let mut files = Vec::new();
    for folder in ["cards", "errata", "formats", "rules"] {
        collect(&root.join(folder), &mut files);
    }
    files.sort();
    let mut out = String::from(
        "/// Data files compiled into the binary: (path inside data/, TOML text, the same\n/// packed, or empty when the TOML does not parse).\npub static FILES: &[(&str, &str, &[u8])] = &[\n",
    );
    for (index, file) in files.iter().enumerate() {
        let relative = file
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        println!("cargo:rerun-if-changed={}", file.display());
        let text = std::fs::read_to_string(file).unwrap_or_default();
        // A file that does not parse is embedded without its packed form; the loader then
        // reads the TOML and reports the problem like any other.
        let packed = toml::from_str::<serde_json::Value>(&text)
            .map(|value| packed::pack(&value))
            .unwrap_or_default();
        let packed_path = out_dir.join(format!("embedded-{index}.packed"));
        std::fs::write(&packed_path, packed).unwrap();
        writeln!(
            out,
            "    ({relative:?}, include_str!({:?}), include_bytes!({:?})),",
            file.display().to_string(),
            packed_path.display().to_string()
        )
        .unwrap();
    }
    out.push_str("];\n");
    std::fs::write(out_dir.join("embedded_files.rs"), out).unwrap();
}

// The packed form's writer (and its reader, unused here), shared with the crate.
#[allow(dead_code)]
#[path = "src/cards/packed.rs"]
mod packed;

fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            println!("cargo:rerun-if-changed={}", path.display());
            collect(&path, files);
        } else if path.extension().is_some_and(|e| e == "toml") {
            files.push(path);
        }
    }
}

/// The code tables (`src/report/explain/<namespace>.toml`) in the order of the `Code` enum.
/// The order is visible: `Code`'s `Ord` sorts findings and `arbiter explain --list` follows
/// it. A table not listed here (a new game's namespace) comes after these, by name, so a
/// new namespace is one new file.
const CODE_TABLES: &[&str] = &[
    "cards",
    "rules",
    "scenario",
    "armada",
    "list",
    "xwing",
    "export",
    "explain",
    "spacealert",
    "talon",
];

/// Where the code tables live, from the crate root.
const CODE_TABLE_DIR: &str = "src/report/explain";

/// One `[[code]]` row of a table, as far as the enum needs it. The rest of the row is the
/// `arbiter explain` text, read at run time by src/report/explain.rs, which also refuses
/// keys it does not know (so a misspelt `variant` or `stops_reading` fails its tests).
struct CodeRow {
    table: &'static str,
    code: String,
    variant: String,
    meaning: String,
    stops_reading: bool,
}

/// Writes `codes.rs`: the `Code` enum, `Code::ALL`, `Code::as_str`, `Code::stops_reading`
/// and the tables' texts, all from the code tables, so that each code is declared once
/// (its string, variant, doc line and explanation together) and none can lack a part.
/// Generated rather than a `macro_rules!` table because the explanations are TOML, and a
/// macro table beside them would repeat every code string.
fn generate_codes(manifest_dir: &Path, out_dir: &Path) {
    let dir = manifest_dir.join(CODE_TABLE_DIR);
    println!("cargo:rerun-if-changed={CODE_TABLE_DIR}");
    let mut rows = Vec::new();
    for table in tables_in_order(&dir) {
        let path = dir.join(format!("{table}.toml"));
        println!("cargo:rerun-if-changed={}", path.display());
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{CODE_TABLE_DIR}/{table}.toml: {e}"));
        rows.extend(read_code_table(table, &text));
    }
    check_unique(&rows);
    let mut out = String::from(
        "// Generated by build.rs from the code tables in src/report/explain/: edit those.\n\n",
    );
    write_code_enum(&mut out, &rows);
    write_code_impl(&mut out, &rows);
    write_table_texts(&mut out, &dir);
    std::fs::write(out_dir.join("codes.rs"), out).unwrap();
}

/// `CODE_TABLES`, then every other table of `dir` by name.
fn tables_in_order(dir: &Path) -> Vec<&'static str> {
    let mut others: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "toml"))
        .filter_map(|path| Some(path.file_stem()?.to_string_lossy().into_owned()))
        .filter(|stem| !CODE_TABLES.contains(&stem.as_str()))
        .collect();
    others.sort();
    let others = others
        .into_iter()
        .map(|stem| &*Box::leak(stem.into_boxed_str()));
    CODE_TABLES.iter().copied().chain(others).collect()
}

fn read_code_table(table: &'static str, text: &str) -> Vec<CodeRow> {
    let file = format!("{CODE_TABLE_DIR}/{table}.toml");
    let parsed: toml::Table = toml::from_str(text).unwrap_or_else(|e| panic!("{file}: {e}"));
    let Some(entries) = parsed.get("code").and_then(toml::Value::as_array) else {
        panic!("{file}: no [[code]] entries");
    };
    entries
        .iter()
        .enumerate()
        .map(|(index, entry)| read_code_row(table, &file, index, entry))
        .collect()
}

fn read_code_row(table: &'static str, file: &str, index: usize, entry: &toml::Value) -> CodeRow {
    let text = |key: &str| match entry.get(key).and_then(toml::Value::as_str) {
        Some(value) => value.to_string(),
        None => panic!(
            "{file}: [[code]] number {} has no `{key}` string",
            index + 1
        ),
    };
    let code = text("code");
    let at = format!("{file}: `{code}`");
    assert!(
        code.strip_prefix(table)
            .is_some_and(|rest| rest.starts_with("::")),
        "{at} belongs in the table of its namespace"
    );
    assert!(
        code.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == ':'),
        "{at}: codes are lower-case words joined by `_` and `::`"
    );
    let variant = text("variant");
    assert!(
        variant.starts_with(|c: char| c.is_ascii_uppercase())
            && variant.chars().all(|c| c.is_ascii_alphanumeric()),
        "{at}: `variant` is a Rust enum variant in UpperCamelCase, not `{variant}`"
    );
    let stops_reading = match entry.get("stops_reading") {
        None => false,
        Some(value) => value
            .as_bool()
            .unwrap_or_else(|| panic!("{at}: `stops_reading` is true or false")),
    };
    CodeRow {
        table,
        code,
        variant,
        meaning: text("meaning"),
        stops_reading,
    }
}

fn check_unique(rows: &[CodeRow]) {
    let mut codes = BTreeSet::new();
    let mut variants = BTreeSet::new();
    for row in rows {
        assert!(
            codes.insert(row.code.as_str()),
            "`{}` is declared twice",
            row.code
        );
        assert!(
            variants.insert(row.variant.as_str()),
            "variant `{}` is declared twice (second time for `{}`)",
            row.variant,
            row.code
        );
    }
}

fn write_code_enum(out: &mut String, rows: &[CodeRow]) {
    out.push_str(
        "/// Every diagnostic code arbiter can emit. The string form (`cards::duplicate_id`) is part of\n\
         /// the documented JSON output and must not change once released.\n\
         #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]\n\
         pub enum Code {\n",
    );
    for row in rows {
        let origin = format!(
            "`{}`, declared in `{CODE_TABLE_DIR}/{}.toml`.",
            row.code, row.table
        );
        writeln!(
            out,
            "    #[doc = {:?}]\n    #[doc = \"\"]\n    #[doc = {origin:?}]\n    {},",
            row.meaning, row.variant
        )
        .unwrap();
    }
    out.push_str("}\n\n");
}

fn write_code_impl(out: &mut String, rows: &[CodeRow]) {
    out.push_str("impl Code {\n    /// Every code, in the enum's order.\n    pub const ALL: &'static [Code] = &[\n");
    for row in rows {
        writeln!(out, "        Code::{},", row.variant).unwrap();
    }
    out.push_str("    ];\n\n    pub fn as_str(self) -> &'static str {\n        match self {\n");
    for row in rows {
        writeln!(out, "            Code::{} => {:?},", row.variant, row.code).unwrap();
    }
    out.push_str(
        "        }\n    }\n\n\
         \x20   /// A problem that leaves a list unread as a whole (not one bad line in it): the\n\
         \x20   /// command could not do its job for that input, so it exits with 2. Marked\n\
         \x20   /// `stops_reading = true` in the code's table.\n\
         \x20   pub fn stops_reading(self) -> bool {\n        matches!(\n            self,\n",
    );
    let stopping: Vec<String> = rows
        .iter()
        .filter(|row| row.stops_reading)
        .map(|row| format!("Code::{}", row.variant))
        .collect();
    // `matches!` needs one pattern at least.
    let patterns = if stopping.is_empty() {
        "_ if false".to_string()
    } else {
        stopping.join(" | ")
    };
    writeln!(out, "            {patterns}\n        )\n    }}\n}}\n").unwrap();
}

/// Each table's namespace and text, for `arbiter explain` (src/report/explain.rs).
fn write_table_texts(out: &mut String, dir: &Path) {
    out.push_str("/// Each code table's namespace and text, in the enum's order.\npub(super) const TABLES: &[(&str, &str)] = &[\n");
    for table in tables_in_order(dir) {
        let path = dir.join(format!("{table}.toml"));
        writeln!(
            out,
            "    ({table:?}, include_str!({:?})),",
            path.display().to_string()
        )
        .unwrap();
    }
    out.push_str("];\n");
}

// The crate's own text folding and index builder, so the index built here is the one the
// crate would build at run time (a unit test compares them byte for byte).
#[allow(dead_code)]
#[path = "src/text.rs"]
mod text;

#[allow(dead_code)]
#[path = "src/glossary/index_build.rs"]
mod index_build;

/// One glossary entry read from a rules file, owning its text.
struct RuleEntryText {
    game: String,
    id: String,
    section: String,
    see_also: Vec<String>,
    /// Spanish, English.
    texts: [LangText; 2],
}

/// One language's text of an entry, as the index reads it.
struct LangText {
    title: String,
    aliases: Vec<String>,
    summary: String,
    points: Vec<String>,
    situations: Vec<String>,
}

/// Writes `rule_index.rs`: the search index tables of the built-in glossary (every game
/// together, then each game alone), built as `arbiter rule` would build them at start-up,
/// which then only decodes them. Entries are in the glossary's order: games in the order of
/// `Game::ALL` (read from src/cards/game.rs), each file in its own order. When a rules
/// file does not read, no tables are embedded: the crate builds them at run time, and the
/// loader reports the file.
fn embed_rule_index(manifest_dir: &Path, out_dir: &Path) {
    let games_file = manifest_dir.join("src/cards/game.rs");
    println!("cargo:rerun-if-changed={}", games_file.display());
    println!("cargo:rerun-if-changed=src/text.rs");
    println!("cargo:rerun-if-changed=src/glossary/index_build.rs");
    let games = game_order(&std::fs::read_to_string(&games_file).unwrap_or_default());
    let entries = read_rule_entries(&manifest_dir.join("data/rules"), &games);
    let mut out = String::from(
        "/// The built-in glossary's index tables: (game id, or \"\" for every game; the\n/// tables as `index_build::encode` wrote them).\npub static RULE_INDEXES: &[(&str, &[u8])] = &[\n",
    );
    if let Some(entries) = entries {
        let scopes = std::iter::once("").chain(games.iter().map(String::as_str));
        for scope in scopes {
            let inputs: Vec<index_build::EntryInput<'_>> = entries
                .iter()
                .filter(|e| scope.is_empty() || e.game == scope)
                .map(RuleEntryText::input)
                .collect();
            let parts = index_build::build(&inputs, text::normalize);
            let path = out_dir.join(format!("rule-index-{scope}.bin"));
            std::fs::write(&path, index_build::encode(&parts)).unwrap();
            writeln!(
                out,
                "    ({scope:?}, include_bytes!({:?})),",
                path.display().to_string()
            )
            .unwrap();
        }
    }
    out.push_str("];\n");
    std::fs::write(out_dir.join("rule_index.rs"), out).unwrap();
}

/// The game ids in the order of `Game::ALL` ("Game::Spacealert" is `spacealert`).
fn game_order(source: &str) -> Vec<String> {
    let list = source
        .split_once("pub const ALL")
        .and_then(|(_, rest)| rest.split_once("= ["))
        .and_then(|(_, rest)| rest.split_once(']'))
        .map_or("", |(list, _)| list);
    let games: Vec<String> = list
        .split("Game::")
        .skip(1)
        .map(|rest| {
            rest.chars()
                .take_while(char::is_ascii_alphanumeric)
                .collect::<String>()
                .to_ascii_lowercase()
        })
        .collect();
    assert!(
        !games.is_empty(),
        "src/cards/game.rs: no `pub const ALL: [Game; N] = [Game::…]` to order the glossary by"
    );
    games
}

/// Every entry of `rules/<game>.toml` for the games known, in the glossary's order; `None`
/// when a file does not read as a rules file.
fn read_rule_entries(dir: &Path, games: &[String]) -> Option<Vec<RuleEntryText>> {
    let mut entries = Vec::new();
    for game in games {
        let path = dir.join(format!("{game}.toml"));
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let table: toml::Table = toml::from_str(&text).ok()?;
        let Some(list) = table.get("entry") else {
            continue;
        };
        for entry in list.as_array()? {
            entries.push(RuleEntryText::read(game, entry)?);
        }
    }
    Some(entries)
}

impl RuleEntryText {
    fn read(game: &str, entry: &toml::Value) -> Option<Self> {
        let text = |value: &toml::Value, key: &str| Some(value.get(key)?.as_str()?.to_string());
        let list = |value: &toml::Value, key: &str| -> Option<Vec<String>> {
            match value.get(key) {
                None => Some(Vec::new()),
                Some(items) => items
                    .as_array()?
                    .iter()
                    .map(|item| Some(item.as_str()?.to_string()))
                    .collect(),
            }
        };
        let lang = |key: &str| {
            let value = entry.get(key)?;
            Some(LangText {
                title: text(value, "title")?,
                aliases: list(value, "aliases")?,
                summary: text(value, "summary")?,
                points: list(value, "points")?,
                situations: list(value, "situations")?,
            })
        };
        Some(RuleEntryText {
            game: game.to_string(),
            id: text(entry, "id")?,
            section: text(entry.get("citation")?, "section")?,
            see_also: list(entry, "see_also")?,
            texts: [lang("es")?, lang("en")?],
        })
    }

    fn input(&self) -> index_build::EntryInput<'_> {
        let text = |lang: usize| {
            let LangText {
                title,
                aliases,
                summary,
                points,
                situations,
            } = &self.texts[lang];
            index_build::TextInput {
                title,
                aliases,
                summary,
                points,
                situations,
            }
        };
        index_build::EntryInput {
            game: &self.game,
            id: &self.id,
            section: &self.section,
            see_also: &self.see_also,
            texts: [text(0), text(1)],
        }
    }
}
