//! Reads the card lists of YASB's data files (`cards-common.coffee`,
//! `cards-quickbuilds.coffee`): CoffeeScript object literals, one `{ … }` entry per card
//! under a `<list>: [` line. Only an entry's own `key: value` lines are read (strings,
//! numbers, flags and lists of them); deeper lines (functions, nested objects) are skipped,
//! so no card text or code is ever taken.

use std::collections::BTreeMap;

/// A value of an entry's field: a string literal or bare word, or a list of them.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Text(String),
    List(Vec<String>),
}

/// One card entry: its fields, and the 1-based line of its `{` for messages.
#[derive(Debug, Clone, Default)]
pub struct Entry {
    pub line: usize,
    fields: BTreeMap<String, Value>,
}

impl Entry {
    pub fn text(&self, key: &str) -> Option<&str> {
        match self.fields.get(key)? {
            Value::Text(text) => Some(text),
            Value::List(_) => None,
        }
    }

    /// A numeric field (`id: 12`).
    pub fn number(&self, key: &str) -> Option<u32> {
        self.text(key)?.parse().ok()
    }

    /// A list field (`slots: [ … ]`); a single value counts as a list of one.
    pub fn list(&self, key: &str) -> Vec<&str> {
        match self.fields.get(key) {
            Some(Value::List(items)) => items.iter().map(String::as_str).collect(),
            Some(Value::Text(text)) => vec![text.as_str()],
            None => Vec::new(),
        }
    }

    /// A field set to `true`.
    pub fn flag(&self, key: &str) -> bool {
        self.text(key) == Some("true")
    }
}

/// The entries of the list `key` (`pilotsById`) in `text`.
pub fn entries(text: &str, key: &str) -> Result<Vec<Entry>, String> {
    let header = format!("{key}: [");
    let mut lines = text.lines().enumerate();
    let base = lines
        .by_ref()
        .find(|(_, line)| line.trim_end().trim_start() == header)
        .map(|(_, line)| indent(line))
        .ok_or_else(|| format!("no `{header}` list"))?;
    let mut out = Vec::new();
    let mut current: Option<Entry> = None;
    // A list value still open: its key and the text gathered so far.
    let mut open: Option<(String, String)> = None;
    for (n, raw) in lines {
        let line = raw.trim_end();
        if let Some((key, mut gathered)) = open.take() {
            gathered.push('\n');
            gathered.push_str(line);
            match items(&gathered) {
                Some(list) => {
                    if let Some(entry) = current.as_mut() {
                        entry.fields.insert(key, Value::List(list));
                    }
                }
                None => open = Some((key, gathered)),
            }
            continue;
        }
        let trimmed = line.trim_start();
        let depth = indent(line);
        if depth == base && trimmed == "]" {
            if current.is_some() {
                return Err(format!("line {}: the list ends inside an entry", n + 1));
            }
            return Ok(out);
        }
        if depth == base + 4 && trimmed == "{" {
            current = Some(Entry {
                line: n + 1,
                fields: BTreeMap::new(),
            });
            continue;
        }
        if depth == base + 4 && trimmed == "}" {
            match current.take() {
                Some(entry) => out.push(entry),
                None => return Err(format!("line {}: `}}` without `{{`", n + 1)),
            }
            continue;
        }
        let Some(entry) = current.as_mut() else {
            continue;
        };
        if depth != base + 8 {
            continue;
        }
        let Some((key, rest)) = trimmed.split_once(':') else {
            continue;
        };
        if key.is_empty() || !key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            continue;
        }
        let rest = strip_comment(rest).trim();
        if rest.starts_with('[') {
            match items(rest) {
                Some(list) => {
                    entry.fields.insert(key.to_string(), Value::List(list));
                }
                None => open = Some((key.to_string(), rest.to_string())),
            }
        } else if let Some(text) = scalar(rest) {
            entry.fields.insert(key.to_string(), Value::Text(text));
        }
    }
    Err(format!("the `{header}` list is not closed"))
}

fn indent(line: &str) -> usize {
    line.len() - line.trim_start_matches(' ').len()
}

/// The text before a `#` comment that is outside any string.
fn strip_comment(text: &str) -> &str {
    let mut quote: Option<char> = None;
    let mut escaped = false;
    for (at, c) in text.char_indices() {
        match quote {
            Some(q) => {
                if escaped {
                    escaped = false;
                } else if c == '\\' {
                    escaped = true;
                } else if c == q {
                    quote = None;
                }
            }
            None if c == '"' || c == '\'' => quote = Some(c),
            None if c == '#' => return &text[..at],
            None => {}
        }
    }
    text
}

/// A single-line value: a string literal (`"…"`, `'…'`, `'''…'''`, `"""…"""`) or a bare
/// word (`12`, `true`). `None` for anything else (functions, objects, expressions).
fn scalar(text: &str) -> Option<String> {
    let first = text.chars().next()?;
    if first == '"' || first == '\'' {
        let (value, rest) = string(text)?;
        return rest.trim().is_empty().then_some(value);
    }
    let bare = text
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '-');
    bare.then(|| text.to_string())
}

/// A string literal at the start of `text`, and what follows it.
fn string(text: &str) -> Option<(String, &str)> {
    let quote = text.chars().next()?;
    for delimiter in [quote.to_string().repeat(3), quote.to_string()] {
        let Some(body) = text.strip_prefix(delimiter.as_str()) else {
            continue;
        };
        let mut value = String::new();
        let mut chars = body.char_indices();
        while let Some((at, c)) = chars.next() {
            if c == '\\' {
                if let Some((_, next)) = chars.next() {
                    value.push(next);
                }
            } else if body[at..].starts_with(delimiter.as_str()) {
                return Some((value, &body[at + delimiter.len()..]));
            } else {
                value.push(c);
            }
        }
        return None;
    }
    None
}

/// The items of a list literal that starts `text`, or `None` while its `]` is missing.
/// Items are string literals or bare words, separated by commas or line breaks.
fn items(text: &str) -> Option<Vec<String>> {
    let mut rest = text.trim_start().strip_prefix('[')?;
    let mut out = Vec::new();
    loop {
        rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == ',');
        let first = rest.chars().next()?;
        match first {
            ']' => return Some(out),
            '"' | '\'' => {
                let (value, after) = string(rest)?;
                out.push(value);
                rest = after;
            }
            '[' => {
                // A nested list (restrictions): skipped whole.
                let end = nested_end(rest)?;
                rest = &rest[end..];
            }
            _ => {
                let end = rest
                    .find(|c: char| c == ',' || c == ']' || c.is_whitespace())
                    .unwrap_or(rest.len());
                out.push(rest[..end].to_string());
                rest = &rest[end..];
            }
        }
    }
}

/// Where the nested list starting `text` ends (after its `]`), strings skipped.
fn nested_end(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut rest = text;
    let mut at = 0;
    while let Some(c) = rest.chars().next() {
        if c == '"' || c == '\'' {
            let (_, after) = string(rest)?;
            at += rest.len() - after.len();
            rest = after;
            continue;
        }
        match c {
            '[' => depth += 1,
            ']' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(at + 1);
                }
            }
            _ => {}
        }
        at += c.len_utf8();
        rest = &rest[c.len_utf8()..];
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = r#"
exportObj.basicCardData = ->
    pilotsById: [
        {
            name: "IG-88B"
            id: 82 # a comment
            unique: true
            keyword: ["Bounty Hunter","Droid"]
            slots: [
                "Talent"
                "Cannon"
                ]
            modifier_func: (stats) ->
                name: "not a field"
        }
        {
            name: '''"Chopper" (Crew)'''
            id: 23
            restrictions: [
                ["Slot", "Crew"]
            ]
            threat: [3, 4,5]
        }
    ]
    upgradesById: [
    ]
"#;

    #[test]
    fn reads_entries_fields_and_lists() {
        let pilots = entries(SAMPLE, "pilotsById").unwrap();
        assert_eq!(pilots.len(), 2);
        assert_eq!(pilots[0].text("name"), Some("IG-88B"));
        assert_eq!(pilots[0].number("id"), Some(82));
        assert!(pilots[0].flag("unique"));
        assert_eq!(pilots[0].list("keyword"), ["Bounty Hunter", "Droid"]);
        assert_eq!(pilots[0].list("slots"), ["Talent", "Cannon"]);
        assert_eq!(pilots[1].text("name"), Some("\"Chopper\" (Crew)"));
        assert!(pilots[1].list("restrictions").is_empty());
        assert_eq!(pilots[1].list("threat"), ["3", "4", "5"]);
        assert_eq!(pilots[1].line, 16);
        assert!(entries(SAMPLE, "upgradesById").unwrap().is_empty());
    }

    #[test]
    fn broken_lists_are_errors() {
        assert!(entries(SAMPLE, "conditionsById").is_err());
        assert!(entries("    x: [\n        {\n", "x").is_err());
        assert!(entries("    x: [\n        {\n    ]\n", "x").is_err());
    }
}
