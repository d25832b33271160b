//! What each diagnostic code means, the rule behind it, where that rule is written and an
//! example, for `arbiter explain`. The texts are data: the rows of the code tables in
//! `explain/`, one TOML file per namespace (format in `explain/README.md`), embedded into
//! the binary. The same rows declare the codes themselves (see `code.rs`).

use super::Code;
use super::code::TABLES;
use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};

/// One code's explanation.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Explanation {
    /// The code as diagnostics print it (`armada::squadron_cap`).
    pub code: String,
    /// One line: what went wrong.
    pub meaning: String,
    /// The rule in arbiter's own words, or why it is arbiter's own check.
    pub rule: String,
    /// Where the rule is written.
    pub source: ExplainSource,
    /// An input that gets this code.
    pub example: String,
    /// The row's `variant` and `stops_reading`, read by build.rs to generate `Code`; named
    /// here so that `deny_unknown_fields` still refuses a misspelt key.
    #[serde(rename = "variant", skip_serializing)]
    _variant: IgnoredAny,
    #[serde(rename = "stops_reading", default, skip_serializing)]
    _stops_reading: IgnoredAny,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ExplainSource {
    /// A rulebook (as the glossary names it), `arbiter README` or `arbiter docs/<file>.md`.
    pub document: String,
    /// The heading exactly as printed in that document.
    pub section: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExplainFile {
    #[serde(default)]
    code: Vec<Explanation>,
}

/// Every explanation, in the order of [`Code::ALL`] (entries naming no code last). An error
/// names the embedded file that does not read; the tests keep that from shipping.
pub fn explanations() -> Result<Vec<Explanation>, String> {
    let mut all = Vec::new();
    for (namespace, text) in TABLES {
        let file: ExplainFile = toml::from_str(text)
            .map_err(|e| format!("src/report/explain/{namespace}.toml: {e}"))?;
        all.extend(file.code);
    }
    let position = |e: &Explanation| {
        Code::ALL
            .iter()
            .position(|c| c.as_str() == e.code)
            .unwrap_or(usize::MAX)
    };
    all.sort_by_key(position);
    Ok(all)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    fn by_code() -> BTreeMap<String, Vec<Explanation>> {
        let mut map: BTreeMap<String, Vec<Explanation>> = BTreeMap::new();
        for e in explanations().unwrap_or_else(|e| panic!("{e}")) {
            map.entry(e.code.clone()).or_default().push(e);
        }
        map
    }

    #[test]
    fn every_code_has_exactly_one_explanation() {
        let map = by_code();
        let missing: Vec<&str> = Code::ALL
            .iter()
            .map(|c| c.as_str())
            .filter(|c| !map.contains_key(*c))
            .collect();
        assert!(
            missing.is_empty(),
            "codes without an entry in src/report/explain/<namespace>.toml \
             (format: src/report/explain/README.md): {missing:#?}"
        );
        let doubled: Vec<&String> = map
            .iter()
            .filter(|(_, v)| v.len() > 1)
            .map(|(k, _)| k)
            .collect();
        assert!(doubled.is_empty(), "codes explained twice: {doubled:?}");
        let unknown: Vec<&String> = map
            .keys()
            .filter(|k| !Code::ALL.iter().any(|c| c.as_str() == k.as_str()))
            .collect();
        assert!(
            unknown.is_empty(),
            "entries for codes that do not exist: {unknown:?}"
        );
    }

    #[test]
    fn each_file_holds_its_own_namespace() {
        for (namespace, text) in TABLES {
            let file: ExplainFile = toml::from_str(text).unwrap_or_else(|e| panic!("{e}"));
            for e in &file.code {
                assert_eq!(
                    e.code.split("::").next(),
                    Some(*namespace),
                    "{} belongs in {}.toml",
                    e.code,
                    e.code.split("::").next().unwrap_or_default()
                );
            }
        }
    }

    #[test]
    fn every_entry_says_something() {
        for e in explanations().unwrap_or_else(|e| panic!("{e}")) {
            assert!(
                !e.meaning.trim().is_empty() && !e.meaning.contains('\n'),
                "{}: `meaning` is one non-empty line",
                e.code
            );
            for (field, value) in [
                ("rule", &e.rule),
                ("example", &e.example),
                ("source.document", &e.source.document),
                ("source.section", &e.source.section),
            ] {
                assert!(!value.trim().is_empty(), "{}: empty {field}", e.code);
            }
        }
    }

    /// build.rs reads the rows it generates `Code` from on its own; this holds its output
    /// to the rows, read here independently of it.
    #[test]
    fn the_code_enum_is_what_the_tables_declare() {
        let mut declared = Vec::new();
        for (namespace, text) in TABLES {
            let table: toml::Table = toml::from_str(text).unwrap_or_else(|e| panic!("{e}"));
            let rows = table.get("code").and_then(toml::Value::as_array);
            for row in rows.into_iter().flatten() {
                let key = |k: &str| row.get(k).and_then(toml::Value::as_str).unwrap_or_default();
                let stops_reading = row.get("stops_reading").and_then(toml::Value::as_bool);
                declared.push((
                    key("code").to_string(),
                    key("variant").to_string(),
                    stops_reading.unwrap_or(false),
                    *namespace,
                ));
            }
        }
        let generated: Vec<_> = Code::ALL
            .iter()
            .map(|c| {
                let namespace = c.as_str().split("::").next().unwrap_or_default();
                (
                    c.as_str().to_string(),
                    format!("{c:?}"),
                    c.stops_reading(),
                    namespace,
                )
            })
            .collect();
        assert_eq!(generated, declared);
    }

    #[test]
    fn order_follows_the_code_enum() {
        let all = explanations().unwrap_or_else(|e| panic!("{e}"));
        let codes: Vec<&str> = all.iter().map(|e| e.code.as_str()).collect();
        let expected: Vec<&str> = Code::ALL.iter().map(|c| c.as_str()).collect();
        assert_eq!(codes, expected);
    }
}
