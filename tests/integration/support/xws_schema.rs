//! A checker for the JSON Schema keywords the xws-spec schema and arbiter's own output
//! schemas (`data/schema/output/`) use. The scenario schema, with its `oneOf` over four
//! games, is checked by the jsonschema crate instead (tests/integration/schema.rs); these
//! could move to it too.

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

/// A validator for the JSON Schema keywords these schemas use. Patterns are the
/// schema's own strings; a pattern or type the validator does not know fails loudly.
pub fn validate(schema: &Value, value: &Value, path: &str) -> Vec<String> {
    validate_in(schema, schema, value, path)
}

/// `schema` is a part of `root`, where `$ref`s point.
fn validate_in(root: &Value, schema: &Value, value: &Value, path: &str) -> Vec<String> {
    let mut errors = Vec::new();
    if let Some(reference) = schema.get("$ref").and_then(Value::as_str) {
        let name = reference.strip_prefix("#/$defs/").expect("a local $ref");
        let target = &root["$defs"][name];
        assert!(!target.is_null(), "{reference} is not defined");
        return validate_in(root, target, value, path);
    }
    if let Some(options) = schema.get("anyOf").and_then(Value::as_array)
        && options
            .iter()
            .all(|option| !validate_in(root, option, value, path).is_empty())
    {
        errors.push(format!("{path}: matches none of anyOf"));
    }
    if let Some(kinds) = schema.get("type") {
        let kinds: Vec<&str> = match kinds {
            Value::Array(kinds) => kinds.iter().filter_map(Value::as_str).collect(),
            other => other.as_str().into_iter().collect(),
        };
        if !kinds.iter().any(|kind| is_type(kind, value)) {
            errors.push(format!("{path}: not {}", kinds.join(" or ")));
            return errors;
        }
    }
    if let Some(expected) = schema.get("const")
        && expected != value
    {
        errors.push(format!("{path}: {value} is not {expected}"));
    }
    if let (Some(minimum), Some(number)) = (
        schema.get("minimum").and_then(Value::as_f64),
        value.as_f64(),
    ) && number < minimum
    {
        errors.push(format!("{path}: {number} is below {minimum}"));
    }
    if let Some(options) = schema.get("enum").and_then(Value::as_array)
        && !options.contains(value)
    {
        errors.push(format!("{path}: {value} not in enum"));
    }
    if let (Some(pattern), Some(text)) = (
        schema.get("pattern").and_then(Value::as_str),
        value.as_str(),
    ) && !matches_pattern(pattern, text)
    {
        errors.push(format!("{path}: {text:?} does not match {pattern}"));
    }
    let count = |key: &str| schema.get(key).and_then(Value::as_u64);
    if let Some(items) = value.as_array() {
        if let Some(min) = count("minItems")
            && (items.len() as u64) < min
        {
            errors.push(format!("{path}: fewer than {min} items"));
        }
        if let Some(max) = count("maxItems")
            && items.len() as u64 > max
        {
            errors.push(format!("{path}: more than {max} items"));
        }
        if let Some(item_schema) = schema.get("items") {
            for (i, item) in items.iter().enumerate() {
                errors.extend(validate_in(
                    root,
                    item_schema,
                    item,
                    &format!("{path}[{i}]"),
                ));
            }
        }
    }
    if let Some(object) = value.as_object() {
        for required in schema
            .get("required")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let key = required.as_str().unwrap();
            if !object.contains_key(key) {
                errors.push(format!("{path}: missing {key}"));
            }
        }
        if let Some(min) = count("minProperties")
            && (object.len() as u64) < min
        {
            errors.push(format!("{path}: fewer than {min} properties"));
        }
        if let Some(max) = count("maxProperties")
            && object.len() as u64 > max
        {
            errors.push(format!("{path}: more than {max} properties"));
        }
        let properties = schema.get("properties").and_then(Value::as_object);
        let patterns = schema.get("patternProperties").and_then(Value::as_object);
        for (key, child) in object {
            let child_path = format!("{path}.{key}");
            let mut known = false;
            if let Some(sub) = properties.and_then(|p| p.get(key)) {
                known = true;
                errors.extend(validate_in(root, sub, child, &child_path));
            }
            for (pattern, sub) in patterns.into_iter().flatten() {
                if matches_pattern(pattern, key) {
                    known = true;
                    errors.extend(validate_in(root, sub, child, &child_path));
                }
            }
            match schema.get("additionalProperties") {
                Some(Value::Bool(false)) if !known => {
                    errors.push(format!("{child_path}: not allowed"));
                }
                Some(extra @ Value::Object(_)) if !known => {
                    errors.extend(validate_in(root, extra, child, &child_path));
                }
                _ => {}
            }
        }
    }
    errors
}

fn is_type(kind: &str, value: &Value) -> bool {
    match kind {
        "object" => value.is_object(),
        "array" => value.is_array(),
        "string" => value.is_string(),
        "integer" => value.is_i64() || value.is_u64(),
        "number" => value.is_number(),
        "boolean" => value.is_boolean(),
        "null" => value.is_null(),
        other => panic!("type {other} not handled"),
    }
}

pub fn matches_pattern(pattern: &str, text: &str) -> bool {
    let token = |b: u8| b.is_ascii_digit() || b.is_ascii_lowercase();
    match pattern {
        "^[0-9a-z]+$" => !text.is_empty() && text.bytes().all(token),
        "^[0-9a-z-]+[^-]$" => {
            text.len() >= 2 && !text.ends_with('-') && text.bytes().all(|b| token(b) || b == b'-')
        }
        "^[0-9]+\\.[0-9]+\\.[0-9]+$" => {
            let parts: Vec<_> = text.split('.').collect();
            parts.len() == 3
                && parts
                    .iter()
                    .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
        }
        "^.*$" => true,
        other => panic!("pattern {other} not handled by the test validator"),
    }
}
