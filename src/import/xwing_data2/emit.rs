//! Writes records as compact, stable TOML: `[[kind]]` tables whose fields keep the struct's
//! order and are written inline (`key = value`, nested values as inline tables), except
//!
//! * "section" fields (maps such as `points`), written as a `[kind.field]` sub-table with one
//!   inline line per entry, and
//! * "multi-line" fields (arrays such as `sides`), written one element per line.
//!
//! `toml::to_string` would instead expand every nested array of tables into `[[kind.x]]`
//! headers, several times larger and slower to read back.

use serde::Serialize;
use serde::ser::{self, Impossible};
use std::fmt;

/// How a record's fields are laid out.
pub struct Layout {
    pub sections: &'static [&'static str],
    pub multiline: &'static [&'static str],
}

/// Append one `[[table]]` record to `out`.
pub fn record<T: Serialize>(
    out: &mut String,
    table: &str,
    value: &T,
    layout: &Layout,
) -> Result<(), String> {
    let mut fields = Fields {
        layout,
        out: Vec::new(),
    };
    value
        .serialize(&mut fields)
        .map_err(|e| format!("cannot write a `{table}` record: {e}"))?;
    out.push_str(&format!("[[{table}]]\n"));
    let mut sections = Vec::new();
    for (key, field) in fields.out {
        match field {
            Field::Inline(text) => out.push_str(&format!("{} = {text}\n", bare_or_quoted(&key))),
            Field::Lines(items) => {
                out.push_str(&format!("{} = [\n", bare_or_quoted(&key)));
                for item in items {
                    out.push_str(&format!("  {item},\n"));
                }
                out.push_str("]\n");
            }
            Field::Section(entries) => sections.push((key, entries)),
        }
    }
    for (key, entries) in sections {
        out.push_str(&format!("\n[{table}.{}]\n", bare_or_quoted(&key)));
        for (entry, text) in entries {
            out.push_str(&format!("{} = {text}\n", bare_or_quoted(&entry)));
        }
    }
    out.push('\n');
    Ok(())
}

/// A key as TOML writes it: bare when it can be.
pub fn bare_or_quoted(key: &str) -> String {
    if !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        key.to_string()
    } else {
        inline(&key).unwrap_or_else(|_| format!("{key:?}"))
    }
}

/// One value as inline TOML.
pub fn inline<T: Serialize + ?Sized>(value: &T) -> Result<String, Error> {
    let mut text = String::new();
    value
        .serialize(toml::ser::ValueSerializer::new(&mut text))
        .map_err(|e| Error(e.to_string()))?;
    Ok(text)
}

enum Field {
    Inline(String),
    Lines(Vec<String>),
    Section(Vec<(String, String)>),
}

#[derive(Debug)]
pub struct Error(String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Error(msg.to_string())
    }
}

fn unsupported<T>(what: &str) -> Result<T, Error> {
    Err(Error(format!("{what} cannot be written here")))
}

/// Serializers that accept one shape only; every other method refuses.
macro_rules! refuse_all_but {
    ($($allowed:ident),*) => {
        refuse_all_but!(@one serialize_bool(bool) $($allowed)*);
        refuse_all_but!(@one serialize_i8(i8) $($allowed)*);
        refuse_all_but!(@one serialize_i16(i16) $($allowed)*);
        refuse_all_but!(@one serialize_i32(i32) $($allowed)*);
        refuse_all_but!(@one serialize_i64(i64) $($allowed)*);
        refuse_all_but!(@one serialize_u8(u8) $($allowed)*);
        refuse_all_but!(@one serialize_u16(u16) $($allowed)*);
        refuse_all_but!(@one serialize_u32(u32) $($allowed)*);
        refuse_all_but!(@one serialize_u64(u64) $($allowed)*);
        refuse_all_but!(@one serialize_f32(f32) $($allowed)*);
        refuse_all_but!(@one serialize_f64(f64) $($allowed)*);
        refuse_all_but!(@one serialize_char(char) $($allowed)*);
        refuse_all_but!(@one serialize_bytes(&[u8]) $($allowed)*);
        fn serialize_none(self) -> Result<Self::Ok, Error> { unsupported("none") }
        fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Self::Ok, Error> { value.serialize(self) }
        fn serialize_unit(self) -> Result<Self::Ok, Error> { unsupported("unit") }
        fn serialize_unit_struct(self, _: &'static str) -> Result<Self::Ok, Error> { unsupported("unit struct") }
        fn serialize_unit_variant(self, _: &'static str, _: u32, _: &'static str) -> Result<Self::Ok, Error> { unsupported("enum") }
        fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, value: &T) -> Result<Self::Ok, Error> { value.serialize(self) }
        fn serialize_newtype_variant<T: Serialize + ?Sized>(self, _: &'static str, _: u32, _: &'static str, _: &T) -> Result<Self::Ok, Error> { unsupported("enum") }
        fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Error> { unsupported("tuple") }
        fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeTupleStruct, Error> { unsupported("tuple struct") }
        fn serialize_tuple_variant(self, _: &'static str, _: u32, _: &'static str, _: usize) -> Result<Self::SerializeTupleVariant, Error> { unsupported("enum") }
        fn serialize_struct_variant(self, _: &'static str, _: u32, _: &'static str, _: usize) -> Result<Self::SerializeStructVariant, Error> { unsupported("enum") }
    };
    (@one $method:ident($ty:ty) $($allowed:ident)*) => {
        fn $method(self, _: $ty) -> Result<Self::Ok, Error> { unsupported(stringify!($ty)) }
    };
}

/// Collects the fields of a record struct.
struct Fields<'a> {
    layout: &'a Layout,
    out: Vec<(String, Field)>,
}

impl ser::Serializer for &mut Fields<'_> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Impossible<(), Error>;
    type SerializeTuple = Impossible<(), Error>;
    type SerializeTupleStruct = Impossible<(), Error>;
    type SerializeTupleVariant = Impossible<(), Error>;
    type SerializeMap = Impossible<(), Error>;
    type SerializeStruct = Self;
    type SerializeStructVariant = Impossible<(), Error>;

    refuse_all_but!();

    fn serialize_str(self, _: &str) -> Result<(), Error> {
        unsupported("a string record")
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        unsupported("a list record")
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Error> {
        unsupported("a map record")
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self, Error> {
        Ok(self)
    }
}

impl ser::SerializeStruct for &mut Fields<'_> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        let field = if self.layout.sections.contains(&key) {
            let mut entries = Entries::default();
            value.serialize(&mut entries)?;
            Field::Section(entries.out)
        } else if self.layout.multiline.contains(&key) {
            let mut items = Items::default();
            value.serialize(&mut items)?;
            Field::Lines(items.out)
        } else {
            Field::Inline(inline(value)?)
        };
        self.out.push((key.to_string(), field));
        Ok(())
    }

    fn end(self) -> Result<(), Error> {
        Ok(())
    }
}

/// Collects a map's entries, each value inline.
#[derive(Default)]
struct Entries {
    out: Vec<(String, String)>,
    key: Option<String>,
}

impl ser::Serializer for &mut Entries {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Impossible<(), Error>;
    type SerializeTuple = Impossible<(), Error>;
    type SerializeTupleStruct = Impossible<(), Error>;
    type SerializeTupleVariant = Impossible<(), Error>;
    type SerializeMap = Self;
    type SerializeStruct = Impossible<(), Error>;
    type SerializeStructVariant = Impossible<(), Error>;

    refuse_all_but!();

    fn serialize_str(self, _: &str) -> Result<(), Error> {
        unsupported("a string section")
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        unsupported("a list section")
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self, Error> {
        Ok(self)
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct, Error> {
        unsupported("a struct section")
    }
}

impl ser::SerializeMap for &mut Entries {
    type Ok = ();
    type Error = Error;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        let text = serde_json::to_value(key).map_err(|e| Error(e.to_string()))?;
        match text {
            serde_json::Value::String(s) => {
                self.key = Some(s);
                Ok(())
            }
            _ => unsupported("a non-string key"),
        }
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let key = self
            .key
            .take()
            .ok_or_else(|| Error("value without key".into()))?;
        self.out.push((key, inline(value)?));
        Ok(())
    }

    fn end(self) -> Result<(), Error> {
        Ok(())
    }
}

/// Collects a sequence's items, each inline.
#[derive(Default)]
struct Items {
    out: Vec<String>,
}

impl ser::Serializer for &mut Items {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Self;
    type SerializeTuple = Impossible<(), Error>;
    type SerializeTupleStruct = Impossible<(), Error>;
    type SerializeTupleVariant = Impossible<(), Error>;
    type SerializeMap = Impossible<(), Error>;
    type SerializeStruct = Impossible<(), Error>;
    type SerializeStructVariant = Impossible<(), Error>;

    refuse_all_but!();

    fn serialize_str(self, _: &str) -> Result<(), Error> {
        unsupported("a string list")
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self, Error> {
        Ok(self)
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Error> {
        unsupported("a map list")
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct, Error> {
        unsupported("a struct list")
    }
}

impl ser::SerializeSeq for &mut Items {
    type Ok = ();
    type Error = Error;

    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.out.push(inline(value)?);
        Ok(())
    }

    fn end(self) -> Result<(), Error> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[derive(Serialize, serde::Deserialize, Debug, PartialEq)]
    struct Inner {
        a: i32,
        #[serde(skip_serializing_if = "Option::is_none")]
        b: Option<String>,
    }

    #[derive(Serialize, serde::Deserialize, Debug, PartialEq)]
    struct Rec {
        id: String,
        name: String,
        list: Vec<Inner>,
        #[serde(skip_serializing_if = "Option::is_none")]
        nothing: Option<i32>,
        sides: Vec<Inner>,
        points: BTreeMap<String, Inner>,
        after: bool,
    }

    #[derive(serde::Deserialize, Debug)]
    struct File {
        rec: Vec<Rec>,
    }

    #[test]
    fn records_round_trip_and_keep_field_order() {
        let rec = Rec {
            id: "x".into(),
            name: "Quote \" and 'apostrophe'".into(),
            list: vec![
                Inner { a: 1, b: None },
                Inner {
                    a: 2,
                    b: Some("y".into()),
                },
            ],
            nothing: None,
            sides: vec![Inner { a: 3, b: None }],
            points: [
                ("amg-sep2024".to_string(), Inner { a: 4, b: None }),
                ("odd key".to_string(), Inner { a: 5, b: None }),
            ]
            .into(),
            after: true,
        };
        let layout = Layout {
            sections: &["points"],
            multiline: &["sides"],
        };
        let mut out = String::new();
        record(&mut out, "rec", &rec, &layout).unwrap();
        let expected = "[[rec]]\nid = \"x\"\n";
        assert!(out.starts_with(expected), "{out}");
        assert!(
            out.contains("list = [{ a = 1 }, { a = 2, b = \"y\" }]\n"),
            "{out}"
        );
        assert!(out.contains("sides = [\n  { a = 3 },\n]\n"), "{out}");
        assert!(
            out.contains("\n[rec.points]\namg-sep2024 = { a = 4 }\n\"odd key\" = { a = 5 }\n"),
            "{out}"
        );
        assert!(out.find("after = true").unwrap() < out.find("[rec.points]").unwrap());
        let back: File = toml::from_str(&out).unwrap();
        assert_eq!(back.rec, vec![rec]);
    }
}
