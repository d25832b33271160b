//! The module layers of ARCHITECTURE.md, enforced: a module may use only modules of a
//! lower layer (or its own), so no import points upward and no two modules import each
//! other. Read from the sources, as `cargo modules` would, without the tool.

use crate::support::root;
use std::collections::{BTreeMap, BTreeSet};

/// Lowest first. Modules of one layer do not import each other.
const LAYERS: &[&[&str]] = &[
    // test_shared is compiled for the unit tests only (tests/integration/support/shared.rs).
    &["text", "report", "test_shared"],
    &["input"],
    &["cards"],
    &["parse", "glossary"],
    &["validate", "adjudicate", "import"],
    &["export", "check", "schema"],
    &["cli"],
    &["commands"],
];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

/// Every `crate::<module>` a top-level module mentions in code (comments skipped).
fn imports() -> BTreeMap<String, BTreeSet<String>> {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut stack = vec![root().join("src")];
    let root = stack[0].clone();
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("src is readable") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let relative = path.strip_prefix(&root).expect("under src");
            let first = relative.components().next().expect("a component");
            let module = first
                .as_os_str()
                .to_string_lossy()
                .trim_end_matches(".rs")
                .to_string();
            if module == "lib" || module == "main" {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("source is UTF-8");
            for line in text.lines() {
                let code = line.split("//").next().unwrap_or("");
                for (at, _) in code.match_indices("crate::") {
                    let rest = &code[at + "crate::".len()..];
                    let name: String = rest
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                        .collect();
                    if !name.is_empty() && name != module {
                        graph.entry(module.clone()).or_default().insert(name);
                    }
                }
            }
        }
    }
    graph
}

#[test]
fn every_module_has_a_layer() {
    let graph = imports();
    // The scan sees real imports (else every check here would pass vacuously).
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
    for (module, used) in imports() {
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
