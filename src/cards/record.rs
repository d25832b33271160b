//! `Record<T>`: a data record and the byte range it came from.
//!
//! Data files are TOML so people can edit them, but parsing several megabytes of TOML on
//! every start would make every command slow. So build.rs also embeds each file packed
//! (`packed.rs`), which decodes several times faster, and commands that need no source
//! positions (everything but `cards check`) read that. Positions only exist in TOML, hence
//! the switch below: while reading embedded data, records deserialize without a span.

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::cell::Cell;
use std::ops::Range;

thread_local! {
    static WITHOUT_SPANS: Cell<bool> = const { Cell::new(false) };
}

#[derive(Debug, Clone, PartialEq)]
pub struct Record<T> {
    pub value: T,
    /// Empty when read from the embedded packed form.
    pub span: Range<usize>,
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Record<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        if WITHOUT_SPANS.with(Cell::get) {
            T::deserialize(deserializer).map(|value| Record { value, span: 0..0 })
        } else {
            toml::Spanned::<T>::deserialize(deserializer).map(|spanned| Record {
                span: spanned.span(),
                value: spanned.into_inner(),
            })
        }
    }
}

impl<T: Serialize> Serialize for Record<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.value.serialize(serializer)
    }
}

impl<T: JsonSchema> JsonSchema for Record<T> {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        T::schema_name()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        T::json_schema(generator)
    }

    fn inline_schema() -> bool {
        T::inline_schema()
    }
}

/// Decode the packed form build.rs made from a data file that already passed `cards check`.
pub fn from_embedded<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, super::packed::Error> {
    struct Restore;
    impl Drop for Restore {
        fn drop(&mut self) {
            WITHOUT_SPANS.with(|flag| flag.set(false));
        }
    }
    WITHOUT_SPANS.with(|flag| flag.set(true));
    let _restore = Restore;
    super::packed::from_packed(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize)]
    struct File {
        item: Vec<Record<Item>>,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    struct Item {
        n: u32,
    }

    #[test]
    fn toml_records_carry_spans_and_embedded_records_do_not() {
        let from_toml: File = toml::from_str("[[item]]\nn = 1\n").unwrap();
        assert_eq!(from_toml.item[0].value, Item { n: 1 });
        assert!(!from_toml.item[0].span.is_empty());
        let value = serde_json::json!({"item": [{"n": 2}]});
        let packed: File = from_embedded(&super::super::packed::pack(&value)).unwrap();
        assert_eq!(packed.item[0].value, Item { n: 2 });
        assert!(packed.item[0].span.is_empty());
        let again: File = toml::from_str("[[item]]\nn = 3\n").unwrap();
        assert!(
            !again.item[0].span.is_empty(),
            "the embedded switch is reset afterwards"
        );
    }
}
