//! The module layers of ARCHITECTURE.md, enforced from the sources: a top-level module uses
//! only modules of a lower layer, and no two files import each other, directly or round a
//! circle, inside a layer or across layers.
//!
//! Read from the sources, as `cargo modules` would, without the tool. A file imports another
//! when it names an item of it: in a `use` (a `pub use` re-export included) or as a path in
//! code (`crate::cards::Game`, `super::rules::Context`, `child::item`). A name re-exported by
//! a module counts as the file that defines it, so a `mod.rs` that only declares and
//! re-exports its children is no part of a circle; `mod child;` alone imports nothing.
//! Inline `mod tests { … }` blocks are left out: test code may reach anywhere.

use crate::support::root;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Lowest first. Modules of one layer do not import each other.
const LAYERS: &[&[&str]] = &[
    // test_shared is compiled for the unit tests only (tests/integration/support/shared.rs).
    &["text", "report", "test_shared"],
    &["input", "atomic"],
    &["cards"],
    &["parse", "glossary"],
    &["validate", "import"],
    // adjudicate reads X-Wing squads through the list validation.
    &["adjudicate", "export", "check"],
    &["schema", "help"],
    &["cli"],
    &["commands"],
];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

/// A module path inside the crate: `["cards", "armada"]`; the crate root is empty.
type ModPath = Vec<String>;

/// What one source file says about imports.
#[derive(Default)]
struct FileFacts {
    /// Paths it names, made absolute.
    uses: Vec<ModPath>,
    /// Names its top-level `use` items bring in (a child may reach them as `super::name`),
    /// and where each points.
    aliases: BTreeMap<String, ModPath>,
    /// Modules whose every name its top-level `use …::*` brings in.
    globs: Vec<ModPath>,
    /// Items it defines at the top level.
    defines: BTreeSet<String>,
}

/// Every file of `src/` by module path, with what it says.
fn read_sources() -> BTreeMap<ModPath, FileFacts> {
    let src = root().join("src");
    let mut paths = Vec::new();
    collect(&src, &mut paths);
    let modules: BTreeMap<ModPath, String> = paths
        .iter()
        .filter_map(|path| {
            let module = module_of(&src, path)?;
            let code = strip(&std::fs::read_to_string(path).expect("source is UTF-8"));
            Some((module, code))
        })
        .collect();
    let known: BTreeSet<ModPath> = modules.keys().cloned().collect();
    modules
        .iter()
        .map(|(module, code)| (module.clone(), facts(module, code, &known)))
        .collect()
}

fn collect(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src is readable") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `src/cards/armada/mod.rs` → `cards::armada`; `main.rs` is no module of the library.
fn module_of(src: &Path, path: &Path) -> Option<ModPath> {
    let relative = path.strip_prefix(src).ok()?.with_extension("");
    let mut parts: ModPath = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    match parts.last().map(String::as_str) {
        Some("main") if parts.len() == 1 => return None,
        Some("lib") if parts.len() == 1 => parts.clear(),
        Some("mod") => {
            parts.pop();
        }
        _ => {}
    }
    Some(parts)
}

/// The code with comments, string and character literals blanked (newlines kept) and inline
/// `mod tests { … }` blocks removed.
fn strip(source: &str) -> String {
    let chars: Vec<char> = source.chars().collect();
    let mut out = String::with_capacity(source.len());
    let mut i = 0;
    while let Some(&c) = chars.get(i) {
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while chars.get(i).is_some_and(|&c| c != '\n') {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while let Some(&c) = chars.get(i) {
                let next = chars.get(i + 1).copied();
                if c == '/' && next == Some('*') {
                    depth += 1;
                    i += 2;
                } else if c == '*' && next == Some('/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if c == '\n' {
                        out.push('\n');
                    }
                    i += 1;
                }
            }
        } else if c == '"' || (c == 'r' && matches!(next, Some('"' | '#')) && raw_start(&chars, i))
        {
            i = skip_string(&chars, i, &mut out);
            out.push_str("\"\"");
        } else if c == '\'' && is_char_literal(&chars, i) {
            i += 1;
            while chars.get(i).is_some_and(|&c| c != '\'') {
                i += if chars.get(i) == Some(&'\\') { 2 } else { 1 };
            }
            i += 1;
            out.push_str("' '");
        } else {
            out.push(c);
            i += 1;
        }
    }
    without_test_modules(&out)
}

/// `r"…"` or `r#"…"#` starts here (not an identifier ending in `r`).
fn raw_start(chars: &[char], i: usize) -> bool {
    let before = i.checked_sub(1).and_then(|b| chars.get(b));
    !before.is_some_and(|c| c.is_alphanumeric() || *c == '_')
}

/// Past a string literal starting at `i` (plain or raw); newlines inside are kept.
fn skip_string(chars: &[char], mut i: usize, out: &mut String) -> usize {
    if chars.get(i) == Some(&'r') {
        i += 1;
        let mut hashes = 0;
        while chars.get(i) == Some(&'#') {
            hashes += 1;
            i += 1;
        }
        i += 1;
        loop {
            match chars.get(i) {
                None => return i,
                Some('"') if (1..=hashes).all(|k| chars.get(i + k) == Some(&'#')) => {
                    return i + 1 + hashes;
                }
                Some('\n') => out.push('\n'),
                _ => {}
            }
            i += 1;
        }
    }
    i += 1;
    loop {
        match chars.get(i) {
            None => return i,
            Some('\\') => i += 2,
            Some('"') => return i + 1,
            Some('\n') => {
                out.push('\n');
                i += 1;
            }
            _ => i += 1,
        }
    }
}

/// A `'` that opens a character literal, not a lifetime (`'a`, `'static`).
fn is_char_literal(chars: &[char], i: usize) -> bool {
    matches!(
        (chars.get(i + 1), chars.get(i + 2)),
        (Some('\\'), _) | (Some(_), Some('\''))
    )
}

/// The text without inline `mod tests { … }` blocks (test code may reach anywhere).
fn without_test_modules(code: &str) -> String {
    let mut out = String::new();
    let mut lines = code.lines();
    while let Some(line) = lines.next() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("mod tests {") || trimmed.starts_with("pub mod tests {") {
            let indent = &line[..line.len() - trimmed.len()];
            let close = format!("{indent}}}");
            for inner in lines.by_ref() {
                if inner == close {
                    break;
                }
            }
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// What one file (stripped) uses, re-exports and defines.
fn facts(module: &ModPath, code: &str, known: &BTreeSet<ModPath>) -> FileFacts {
    let mut facts = FileFacts::default();
    let mut body = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(at) = find_use(rest) {
        body.push_str(&rest[..at.start]);
        let statement = &rest[at.start..at.end];
        let top_level = at.start == 0 || rest[..at.start].ends_with('\n');
        let tree = statement
            .split_once("use ")
            .map_or("", |(_, tree)| tree.trim_end_matches(';'));
        for (path, alias) in expand("", tree) {
            let Some(absolute) = absolute(module, &path, known) else {
                continue;
            };
            if top_level && alias == "*" {
                facts.globs.push(absolute[..absolute.len() - 1].to_vec());
            } else if top_level {
                facts.aliases.insert(alias, absolute.clone());
            }
            facts.uses.push(absolute);
        }
        rest = &rest[at.end..];
    }
    body.push_str(rest);
    facts.uses.extend(code_paths(module, &body, known));
    facts.defines = top_level_items(code);
    facts
}

/// The next `use …;` item, as a byte range from its `pub(…)` if it has one.
fn find_use(code: &str) -> Option<std::ops::Range<usize>> {
    let mut from = 0;
    while let Some(found) = code[from..].find("use ") {
        let at = from + found;
        let word_start = at == 0 || !code[..at].ends_with(is_ident);
        let before = code[..at].trim_end_matches([' ', '\t']);
        let visibility = before
            .strip_suffix("pub")
            .or_else(|| {
                let open = before.strip_suffix(')')?;
                open.rfind("pub(").map(|p| &open[..p])
            })
            .filter(|rest| rest.is_empty() || rest.ends_with(char::is_whitespace));
        let start = visibility.map_or(at, |rest| rest.len());
        let line_start = code[..start].trim_end_matches([' ', '\t']);
        let item_start = line_start.is_empty() || line_start.ends_with(['\n', ';', '{', '}']);
        if word_start && item_start {
            let end = code[at..].find(';').map_or(code.len(), |e| at + e + 1);
            return Some(start..end);
        }
        from = at + 4;
    }
    None
}

/// The paths of a `use` tree with the name each brings in (`*` for a glob).
fn expand(prefix: &str, tree: &str) -> Vec<(Vec<String>, String)> {
    let tree = tree.trim();
    if let Some(inner) = tree.strip_prefix('{').and_then(|t| t.strip_suffix('}')) {
        return split_top(inner)
            .into_iter()
            .flat_map(|part| expand(prefix, part))
            .collect();
    }
    let join = |head: &str| {
        if prefix.is_empty() {
            head.to_string()
        } else {
            format!("{prefix}::{head}")
        }
    };
    if let Some((head, rest)) = tree.split_once("::") {
        return expand(&join(head.trim()), rest);
    }
    if tree.is_empty() {
        return Vec::new();
    }
    let (name, alias) = match tree.split_once(" as ") {
        Some((name, alias)) => (name.trim(), alias.trim()),
        None => (tree, tree),
    };
    let path = join(name);
    let segments: Vec<String> = path.split("::").map(|s| s.trim().to_string()).collect();
    let alias = if name == "self" {
        segments.iter().rev().nth(1).cloned().unwrap_or_default()
    } else {
        alias.to_string()
    };
    let segments = if name == "self" {
        segments[..segments.len() - 1].to_vec()
    } else {
        segments
    };
    vec![(segments, alias)]
}

/// The comma-separated parts of a brace group, nested groups kept whole.
fn split_top(inner: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts
}

/// `crate::`, `super::` and `self::` paths made absolute; a first segment naming a child
/// module of this one is relative to it. Paths into other crates are `None`.
fn absolute(module: &ModPath, path: &[String], known: &BTreeSet<ModPath>) -> Option<ModPath> {
    let first = path.first()?;
    let mut base = module.clone();
    match first.as_str() {
        "crate" => Some(path[1..].to_vec()),
        "super" | "self" => {
            let mut i = 0;
            while let Some(segment) = path.get(i).filter(|s| *s == "super" || *s == "self") {
                if segment == "super" {
                    base.pop();
                }
                i += 1;
            }
            base.extend_from_slice(&path[i..]);
            Some(base)
        }
        child => {
            base.push(child.to_string());
            known.contains(&base).then(|| {
                base.extend_from_slice(&path[1..]);
                base
            })
        }
    }
}

/// Paths in code: `crate::…`, `super::…`, `self::…`, and `child::…` for a child module.
fn code_paths(module: &ModPath, body: &str, known: &BTreeSet<ModPath>) -> Vec<ModPath> {
    let mut found = Vec::new();
    let mut i = 0;
    let bytes = body.as_bytes();
    while i < bytes.len() {
        let starts_word = i == 0 || !(is_ident(bytes[i - 1] as char) || bytes[i - 1] == b':');
        if !starts_word {
            i += 1;
            continue;
        }
        let end = path_end(body, i);
        if end > i {
            let segments: Vec<String> = body[i..end]
                .split("::")
                .map(|s| s.trim().to_string())
                .collect();
            if segments.len() > 1
                && let Some(absolute) = absolute(module, &segments, known)
            {
                found.push(absolute);
            }
            i = end;
        } else {
            i += 1;
        }
    }
    found
}

/// The end of a `a::b::c` path starting at `start` (== `start` when there is none).
fn path_end(body: &str, start: usize) -> usize {
    let mut end = start;
    loop {
        let word = body[end..].len() - body[end..].trim_start_matches(is_ident).len();
        if word == 0 {
            return end;
        }
        end += word;
        let after = &body[end..];
        let gap = after.len() - after.trim_start().len();
        if after.trim_start().starts_with("::")
            && after.trim_start()[2..].trim_start().starts_with(is_ident)
        {
            let rest = &after.trim_start()[2..];
            end += gap + 2 + (rest.len() - rest.trim_start().len());
        } else {
            return end;
        }
    }
}

/// Names the file defines at its top level.
fn top_level_items(code: &str) -> BTreeSet<String> {
    const KINDS: &[&str] = &[
        "fn ",
        "struct ",
        "enum ",
        "trait ",
        "type ",
        "const ",
        "static ",
        "union ",
        "mod ",
        "macro_rules! ",
    ];
    let mut names = BTreeSet::new();
    for line in code.lines() {
        let mut item = line;
        if let Some(rest) = item.strip_prefix("pub") {
            item = rest
                .strip_prefix('(')
                .and_then(|r| r.split_once(')').map(|(_, after)| after))
                .unwrap_or(rest)
                .trim_start();
        }
        // `const fn`, `async fn`, `unsafe fn`: the qualifiers before `fn`.
        let function = item
            .trim_start_matches("const ")
            .trim_start_matches("async ")
            .trim_start_matches("unsafe ");
        if function.starts_with("fn ") {
            item = function;
        }
        if let Some(kind) = KINDS.iter().find(|k| item.starts_with(**k)) {
            let name: String = item[kind.len()..]
                .chars()
                .take_while(|&c| is_ident(c))
                .collect();
            if !name.is_empty() {
                names.insert(name);
            }
        }
    }
    names
}

/// The file a path points into: the longest module prefix, then through re-exports and
/// glob re-exports to the file that defines the name.
fn resolve(files: &BTreeMap<ModPath, FileFacts>, path: &[String], depth: usize) -> ModPath {
    let (module, rest) = (0..=path.len())
        .rev()
        .map(|k| (path[..k].to_vec(), &path[k..]))
        .find(|(prefix, _)| files.contains_key(prefix))
        .unwrap_or_else(|| (Vec::new(), path));
    let (Some(facts), Some(name)) = (files.get(&module), rest.first()) else {
        return module;
    };
    if depth > 16 || facts.defines.contains(name) {
        return module;
    }
    if let Some(target) = facts.aliases.get(name) {
        let mut next = target.clone();
        next.extend_from_slice(&rest[1..]);
        return resolve(files, &next, depth + 1);
    }
    for glob in &facts.globs {
        let Some(target) = files.get(glob) else {
            continue;
        };
        if target.defines.contains(name) || target.aliases.contains_key(name) {
            let mut next = glob.clone();
            next.extend_from_slice(rest);
            return resolve(files, &next, depth + 1);
        }
    }
    module
}

/// File → the files it imports (never itself).
fn file_graph() -> BTreeMap<ModPath, BTreeSet<ModPath>> {
    let files = read_sources();
    files
        .iter()
        .map(|(module, facts)| {
            let targets = facts
                .uses
                .iter()
                .map(|path| resolve(&files, path, 0))
                .filter(|target| target != module && files.contains_key(target))
                .collect();
            (module.clone(), targets)
        })
        .collect()
}

fn shown(module: &ModPath) -> String {
    if module.is_empty() {
        "lib".to_string()
    } else {
        module.join("/")
    }
}

/// Strongly connected components of more than one file (Tarjan).
fn circles(graph: &BTreeMap<ModPath, BTreeSet<ModPath>>) -> Vec<Vec<ModPath>> {
    struct Tarjan<'g> {
        graph: &'g BTreeMap<ModPath, BTreeSet<ModPath>>,
        index: BTreeMap<&'g ModPath, (usize, usize)>,
        stack: Vec<&'g ModPath>,
        on_stack: BTreeSet<&'g ModPath>,
        found: Vec<Vec<ModPath>>,
    }
    impl<'g> Tarjan<'g> {
        fn visit(&mut self, node: &'g ModPath) {
            let n = self.index.len();
            self.index.insert(node, (n, n));
            self.stack.push(node);
            self.on_stack.insert(node);
            for next in self.graph.get(node).into_iter().flatten() {
                if !self.index.contains_key(next) {
                    self.visit(next);
                    let low = self.index[next].1.min(self.index[node].1);
                    self.index.get_mut(node).unwrap().1 = low;
                } else if self.on_stack.contains(next) {
                    let low = self.index[next].0.min(self.index[node].1);
                    self.index.get_mut(node).unwrap().1 = low;
                }
            }
            let (number, low) = self.index[node];
            if number == low {
                let mut component = Vec::new();
                while let Some(member) = self.stack.pop() {
                    self.on_stack.remove(member);
                    component.push(member.clone());
                    if member == node {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    self.found.push(component);
                }
            }
        }
    }
    let mut tarjan = Tarjan {
        graph,
        index: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for node in graph.keys() {
        if !tarjan.index.contains_key(node) {
            tarjan.visit(node);
        }
    }
    tarjan.found
}

#[test]
fn no_file_imports_another_round_a_circle() {
    let graph = file_graph();
    // The scan sees real imports (else the check would pass vacuously).
    let of = |path: &str| path.split('/').map(String::from).collect::<ModPath>();
    assert!(graph[&of("validate/armada/lists")].contains(&of("validate/game_lists")));
    assert!(
        graph[&of("validate/armada/rules/unique")].contains(&of("validate/armada/rules/context"))
    );
    let found: Vec<String> = circles(&graph)
        .iter()
        .map(|circle| {
            let members: BTreeSet<&ModPath> = circle.iter().collect();
            let edges: Vec<String> = circle
                .iter()
                .flat_map(|from| {
                    graph[from]
                        .iter()
                        .filter(|to| members.contains(to))
                        .map(move |to| format!("  {} → {}", shown(from), shown(to)))
                })
                .collect();
            format!("{} files:\n{}", circle.len(), edges.join("\n"))
        })
        .collect();
    assert!(
        found.is_empty(),
        "files that import each other (move what both need into a file of its own):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_scanner_finds_circles_and_follows_re_exports() {
    let known: BTreeSet<ModPath> = [vec![], vec!["a".to_string()], vec!["a".into(), "b".into()]]
        .into_iter()
        .collect();
    let code = strip(
        "pub use b::Thing;\nuse crate::text::{self, fold as f};\n// use crate::nothing;\nfn x() { let s = \"crate::nope::X\"; b::run(); super::top(); }\n#[cfg(test)]\nmod tests {\n    use crate::elsewhere;\n}\n",
    );
    let facts = facts(&vec!["a".to_string()], &code, &known);
    let uses: BTreeSet<String> = facts.uses.iter().map(|u| u.join("::")).collect();
    assert_eq!(
        uses,
        ["a::b::Thing", "a::b::run", "text", "text::fold", "top"]
            .into_iter()
            .map(String::from)
            .collect(),
    );
    assert_eq!(facts.aliases["Thing"], vec!["a", "b", "Thing"]);
    let mut graph: BTreeMap<ModPath, BTreeSet<ModPath>> = BTreeMap::new();
    let (x, y, z) = (
        vec!["x".to_string()],
        vec!["y".to_string()],
        vec!["z".to_string()],
    );
    graph.insert(x.clone(), [y.clone()].into());
    graph.insert(y.clone(), [z.clone()].into());
    graph.insert(z.clone(), [x.clone()].into());
    assert_eq!(circles(&graph), vec![vec![x.clone(), y.clone(), z.clone()]]);
    graph.insert(z, BTreeSet::new());
    assert!(circles(&graph).is_empty());
}

/// Every `crate::<module>` a top-level module mentions, by top-level module.
fn module_graph() -> BTreeMap<String, BTreeSet<String>> {
    let mut modules: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (from, targets) in file_graph() {
        let (Some(from), true) = (from.first(), true) else {
            continue;
        };
        for to in targets.iter().filter_map(|t| t.first()) {
            if to != from {
                modules.entry(from.clone()).or_default().insert(to.clone());
            }
        }
    }
    modules
}

#[test]
fn every_module_has_a_layer() {
    let graph = module_graph();
    assert!(
        graph
            .get("validate")
            .is_some_and(|used| used.contains("parse"))
    );
    let mut modules: BTreeSet<&String> = graph.keys().collect();
    modules.extend(graph.values().flatten());
    let orphans: Vec<&&String> = modules.iter().filter(|m| layer_of(m).is_none()).collect();
    assert!(
        orphans.is_empty(),
        "modules without a layer in tests/integration/layers.rs and ARCHITECTURE.md: {orphans:?}"
    );
}

#[test]
fn imports_only_point_downward() {
    let mut upward = Vec::new();
    for (module, used) in module_graph() {
        let Some(from) = layer_of(&module) else {
            continue;
        };
        for target in used {
            if let Some(to) = layer_of(&target)
                && to >= from
            {
                upward.push(format!(
                    "{module} (layer {from}) uses {target} (layer {to})"
                ));
            }
        }
    }
    assert!(
        upward.is_empty(),
        "imports that do not point downward:\n{}",
        upward.join("\n")
    );
}
