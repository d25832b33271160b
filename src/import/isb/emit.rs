//! TOML text for imported records: one `[[kind]]` table per record, fields in the order of
//! the model struct, nested values inline (`armament = { front = [3, 3, 0] }`) so the files
//! stay compact and a record reads top to bottom.

use serde::Serialize;
use serde::ser::{self, Impossible};
use std::fmt;
use toml::ser::ValueSerializer;

/// Append `[[table]]` and the fields of `record` (a struct) to `out`.
pub fn record<T: Serialize>(out: &mut String, table: &str, record: &T) -> Result<(), String> {
    out.push_str("[[");
    out.push_str(table);
    out.push_str("]]\n");
    record
        .serialize(TopLevel { out })
        .map_err(|e| format!("cannot write a `{table}` record: {e}"))
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

fn only_structs<T>() -> Result<T, Error> {
    Err(Error("only structs can be written as a table".to_string()))
}

struct TopLevel<'a> {
    out: &'a mut String,
}

struct Fields<'a> {
    out: &'a mut String,
}

impl ser::SerializeStruct for Fields<'_> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.out.push_str(key);
        self.out.push_str(" = ");
        value
            .serialize(ValueSerializer::new(self.out))
            .map_err(|e| Error(format!("field `{key}`: {e}")))?;
        self.out.push('\n');
        Ok(())
    }

    fn end(self) -> Result<(), Error> {
        Ok(())
    }
}

impl<'a> ser::Serializer for TopLevel<'a> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Impossible<(), Error>;
    type SerializeTuple = Impossible<(), Error>;
    type SerializeTupleStruct = Impossible<(), Error>;
    type SerializeTupleVariant = Impossible<(), Error>;
    type SerializeMap = Impossible<(), Error>;
    type SerializeStruct = Fields<'a>;
    type SerializeStructVariant = Impossible<(), Error>;

    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Fields<'a>, Error> {
        Ok(Fields { out: self.out })
    }

    fn serialize_bool(self, _: bool) -> Result<(), Error> {
        only_structs()
    }
    fn serialize_i8(self, _: i8) -> Result<(), Error> {
        only_structs()
    }
    fn serialize_i16(self, _: i16) -> Result<(), Error> {
        only_structs()
    }
    fn serialize_i32(self, _: i32) -> Result<(), Error> {
        only_structs()
    }
    fn serialize_i64(self, _: i64) -> Result<(), Error> {
        only_structs()
    }
    fn serialize_u8(self, _: u8) -> Result<(), Error> {
        only_structs()
    }
    fn serialize_u16(self, _: u16) -> Result<(), Error> {
        only_structs()
    }
    fn serialize_u32(self, _: u32) -> Result<(), Error> {
        only_structs()
    }
    fn serialize_u64(self, _: u64) -> Result<(), Error> {
        only_structs()
    }
    fn serialize_f32(self, _: f32) -> Result<(), Error> {
        only_structs()
    }
    fn serialize_f64(self, _: f64) -> Result<(), Error> {
        only_structs()
    }
    fn serialize_char(self, _: char) -> Result<(), Error> {
        only_structs()
    }
    fn serialize_str(self, _: &str) -> Result<(), Error> {
        only_structs()
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<(), Error> {
        only_structs()
    }
    fn serialize_none(self) -> Result<(), Error> {
        only_structs()
    }
    fn serialize_some<T: ?Sized + Serialize>(self, _: &T) -> Result<(), Error> {
        only_structs()
    }
    fn serialize_unit(self) -> Result<(), Error> {
        only_structs()
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<(), Error> {
        only_structs()
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, _: &'static str) -> Result<(), Error> {
        only_structs()
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: &T,
    ) -> Result<(), Error> {
        only_structs()
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<(), Error> {
        only_structs()
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        only_structs()
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Error> {
        only_structs()
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, Error> {
        only_structs()
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        only_structs()
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Error> {
        only_structs()
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        only_structs()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize)]
    struct Inner {
        front: [u8; 3],
        #[serde(skip_serializing_if = "Option::is_none")]
        rear: Option<[u8; 3]>,
    }

    #[derive(Serialize)]
    struct Sample {
        id: String,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        nicknames: Vec<String>,
        points: u16,
        armament: Inner,
        speed: Vec<Vec<u8>>,
    }

    #[test]
    fn fields_keep_their_order_and_nest_inline() {
        let mut out = String::new();
        let sample = Sample {
            id: "x".into(),
            nicknames: vec![],
            points: 7,
            armament: Inner {
                front: [3, 0, 1],
                rear: None,
            },
            speed: vec![vec![1], vec![0, 1]],
        };
        record(&mut out, "ship", &sample).unwrap();
        assert_eq!(
            out,
            "[[ship]]\nid = \"x\"\npoints = 7\narmament = { front = [3, 0, 1] }\nspeed = [[1], [0, 1]]\n"
        );
    }
}
