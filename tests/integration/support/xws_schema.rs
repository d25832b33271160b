//! xws-spec's schema and a check of exported XWS against it, shared by the tests that
//! check exports.

use serde_json::Value;
use std::path::PathBuf;

/// xws-spec's schema and sample squad, in `../shared/reference/xws-spec/`.
pub struct XwsSpec {
    dir: PathBuf,
}

/// The xws-spec files, or `None` (said once, by `support::shared`) when they are missing.
pub fn spec() -> Option<XwsSpec> {
    super::shared("reference/xws-spec").map(|dir| XwsSpec { dir })
}

impl XwsSpec {
    pub fn schema(&self) -> Value {
        let text = std::fs::read_to_string(self.dir.join("schema.json")).expect("schema.json");
        serde_json::from_str(&text).expect("the schema is JSON")
    }

    pub fn sample_path(&self) -> PathBuf {
        self.dir.join("sample.json")
    }

    pub fn sample(&self) -> String {
        std::fs::read_to_string(self.sample_path()).expect("sample.json")
    }
}

/// Every way `value` breaks `schema`, each as `<path>: <why>` with the path written
/// `$.pilots[0].id`. The jsonschema crate checks it (xws-spec's schema is draft 2019-09).
pub fn validate(schema: &Value, value: &Value, root: &str) -> Vec<String> {
    let validator = jsonschema::validator_for(schema).expect("the xws-spec schema compiles");
    validator
        .iter_errors(value)
        .map(|error| {
            let pointer = error.instance_path().to_string();
            format!("{}: {error}", dotted(root, &pointer))
        })
        .collect()
}

/// A JSON Pointer (`/pilots/0/id`) written from `root` as `$.pilots[0].id`.
fn dotted(root: &str, pointer: &str) -> String {
    let mut path = root.to_string();
    for token in pointer.split('/').skip(1) {
        let token = token.replace("~1", "/").replace("~0", "~");
        if token.bytes().all(|b| b.is_ascii_digit()) && !token.is_empty() {
            path.push_str(&format!("[{token}]"));
        } else {
            path.push('.');
            path.push_str(&token);
        }
    }
    path
}
