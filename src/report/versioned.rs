//! The version every JSON document arbiter prints carries at its top level, so a tool
//! reading it can tell the shape it was written for.

use serde::Serialize;

/// The version of the JSON shapes documented in docs/output.md. A change that renames or
/// removes a key, or changes its meaning, raises it; a new key does not.
pub const JSON_VERSION: u32 = 1;

/// A document's top-level object with `"version"` first, then the document's own keys.
#[derive(Serialize)]
pub struct Versioned<'a, T: Serialize + ?Sized> {
    pub version: u32,
    #[serde(flatten)]
    pub body: &'a T,
}

impl<'a, T: Serialize + ?Sized> Versioned<'a, T> {
    pub fn new(body: &'a T) -> Self {
        Versioned {
            version: JSON_VERSION,
            body,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_version_comes_first_and_the_body_keeps_its_keys() {
        #[derive(Serialize)]
        struct Body {
            b: u8,
            a: u8,
        }
        let text = serde_json::to_string(&Versioned::new(&Body { b: 2, a: 1 })).unwrap();
        assert_eq!(text, r#"{"version":1,"b":2,"a":1}"#);
    }
}
