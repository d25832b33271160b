//! The packed form of the built-in data: what build.rs writes from each data file's TOML
//! value ([`Writer`]) and what every command but `cards check` decodes ([`Reader`], a
//! serde `Deserializer`).
//!
//! Why not a published binary format: with JSON, most of a one-list X-Wing run went to
//! scanning strings for quotes and escapes; with MessagePack (`rmp-serde`), a quarter of
//! it went to checking each string's UTF-8 one at a time, most of them a few bytes long
//! (docs/performance.md, branch speed-9). Here every distinct string is stored once in a
//! pool at the front, checked as UTF-8 once, and a string in the document is its offset
//! and length in the pool: a slice of text already checked.
//!
//! Layout: the pool's length (4 bytes, little-endian), the pool, then one value. A value
//! is a tag byte followed by its content: a map (entry count, then key and value for each
//! entry), a list (item count, then the items), a string (its offset in the pool, 4 bytes
//! little-endian, and its length), an integer (zigzag), an unsigned integer, a float (8
//! bytes, little-endian), true, false or null. Counts, lengths and integers are LEB128
//! varints. The shapes are those
//! of the JSON it replaced, so serde's derived readers take the same paths as they did
//! from JSON. This file is also compiled into build.rs.

use serde::de::value::BorrowedStrDeserializer;
use serde::de::{self, DeserializeSeed, Visitor};
use std::collections::HashMap;
use std::fmt;

const MAP: u8 = 0;
const LIST: u8 = 1;
const STRING: u8 = 2;
const INTEGER: u8 = 3;
const UNSIGNED: u8 = 4;
const FLOAT: u8 = 5;
const TRUE: u8 = 6;
const FALSE: u8 = 7;
const NULL: u8 = 8;

/// Writes one packed document (build.rs; tests build odd documents with it too).
#[derive(Default)]
#[cfg_attr(not(test), allow(dead_code))]
pub struct Writer {
    pool: String,
    /// Where each string already in the pool starts.
    placed: HashMap<String, usize>,
    out: Vec<u8>,
}

#[cfg_attr(not(test), allow(dead_code))]
impl Writer {
    /// A map of `entries` entries: the keys and values are written next.
    pub fn map(&mut self, entries: usize) {
        self.out.push(MAP);
        self.varint(entries as u64);
    }

    /// A list of `items` items, written next.
    pub fn list(&mut self, items: usize) {
        self.out.push(LIST);
        self.varint(items as u64);
    }

    pub fn string(&mut self, text: &str) {
        let at = match self.placed.get(text) {
            Some(&at) => at,
            None => {
                let at = self.pool.len();
                self.pool.push_str(text);
                self.placed.insert(text.to_string(), at);
                at
            }
        };
        self.out.push(STRING);
        let at = u32::try_from(at).unwrap_or(u32::MAX);
        self.out.extend_from_slice(&at.to_le_bytes());
        self.varint(text.len() as u64);
    }

    /// Any JSON value; an object's `game` key first (the loader reads a card file's game
    /// from the first entry, `Reader::leading_entry`). Key order means nothing otherwise.
    pub fn value(&mut self, value: &serde_json::Value) {
        use serde_json::Value;
        match value {
            Value::Null => self.out.push(NULL),
            Value::Bool(true) => self.out.push(TRUE),
            Value::Bool(false) => self.out.push(FALSE),
            Value::Number(number) => {
                if let Some(unsigned) = number.as_u64() {
                    self.out.push(UNSIGNED);
                    self.varint(unsigned);
                } else if let Some(integer) = number.as_i64() {
                    self.out.push(INTEGER);
                    self.varint(((integer << 1) ^ (integer >> 63)) as u64);
                } else {
                    self.out.push(FLOAT);
                    let float = number.as_f64().unwrap_or(f64::NAN);
                    self.out.extend_from_slice(&float.to_le_bytes());
                }
            }
            Value::String(text) => self.string(text),
            Value::Array(items) => {
                self.list(items.len());
                items.iter().for_each(|item| self.value(item));
            }
            Value::Object(map) => {
                self.map(map.len());
                let game = map.get_key_value("game");
                let rest = map.iter().filter(|(key, _)| *key != "game");
                for (key, value) in game.into_iter().chain(rest) {
                    self.string(key);
                    self.value(value);
                }
            }
        }
    }

    fn varint(&mut self, mut value: u64) {
        while value >= 0x80 {
            self.out.push((value as u8) | 0x80);
            value >>= 7;
        }
        self.out.push(value as u8);
    }

    /// The document: the pool, then the values written.
    pub fn finish(self) -> Vec<u8> {
        let pool = u32::try_from(self.pool.len()).unwrap_or(u32::MAX);
        let mut packed = Vec::with_capacity(4 + self.pool.len() + self.out.len());
        packed.extend_from_slice(&pool.to_le_bytes());
        packed.extend_from_slice(self.pool.as_bytes());
        packed.extend_from_slice(&self.out);
        packed
    }
}

/// One JSON value packed (`game` first in an object).
#[cfg_attr(not(test), allow(dead_code))]
pub fn pack(value: &serde_json::Value) -> Vec<u8> {
    let mut writer = Writer::default();
    writer.value(value);
    writer.finish()
}

/// A map of the members given, packed in their order, repeated keys kept (a
/// `serde_json::Value` object would keep one and put `game` first): tests build odd
/// documents with it.
#[cfg(test)]
pub fn pack_members<'a>(
    members: impl ExactSizeIterator<Item = (&'a str, &'a serde_json::Value)>,
) -> Vec<u8> {
    let mut writer = Writer::default();
    writer.map(members.len());
    for (key, value) in members {
        writer.string(key);
        writer.value(value);
    }
    writer.finish()
}

/// Decode a whole packed document into `T`.
pub fn from_packed<'de, T: de::Deserialize<'de>>(packed: &'de [u8]) -> Result<T, Error> {
    let mut reader = Reader::new(packed)?;
    let value = T::deserialize(&mut reader)?;
    reader.end()?;
    Ok(value)
}

/// Why a packed document did not decode.
#[derive(Debug)]
pub struct Error(String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl de::Error for Error {
    fn custom<T: fmt::Display>(message: T) -> Self {
        Error(message.to_string())
    }
}

fn cut_short() -> Error {
    Error("the packed data ends early".to_string())
}

/// Reads a packed document; `&mut Reader` is the `Deserializer`.
pub struct Reader<'de> {
    pool: &'de str,
    rest: &'de [u8],
}

impl<'de> Reader<'de> {
    pub fn new(packed: &'de [u8]) -> Result<Self, Error> {
        let (length, rest) = packed.split_first_chunk::<4>().ok_or_else(cut_short)?;
        let length = u32::from_le_bytes(*length) as usize;
        let pool = rest.get(..length).ok_or_else(cut_short)?;
        let pool = std::str::from_utf8(pool).map_err(|e| Error(e.to_string()))?;
        let rest = rest.get(length..).ok_or_else(cut_short)?;
        Ok(Reader { pool, rest })
    }

    /// Nothing may follow the document's value.
    pub fn end(&self) -> Result<(), Error> {
        match self.rest.is_empty() {
            true => Ok(()),
            false => Err(Error("bytes after the packed value".to_string())),
        }
    }

    /// The first entry of a document that is a map whose first value is a string
    /// (`game` in a card file): read without decoding the rest.
    pub fn leading_entry(mut self) -> Option<(&'de str, &'de str)> {
        if self.byte().ok()? != MAP || self.varint().ok()? == 0 {
            return None;
        }
        let key = self.tagged_string().ok()?;
        let value = self.tagged_string().ok()?;
        Some((key, value))
    }

    fn peek(&self) -> Result<u8, Error> {
        self.rest.first().copied().ok_or_else(cut_short)
    }

    #[inline]
    fn byte(&mut self) -> Result<u8, Error> {
        let (&byte, rest) = self.rest.split_first().ok_or_else(cut_short)?;
        self.rest = rest;
        Ok(byte)
    }

    /// Most numbers (counts, offsets under 128, lengths) take one byte: that is read
    /// inline, the rest in `long_varint`.
    #[inline]
    fn varint(&mut self) -> Result<u64, Error> {
        match self.rest.split_first() {
            Some((&byte, rest)) if byte < 0x80 => {
                self.rest = rest;
                Ok(u64::from(byte))
            }
            _ => self.long_varint(),
        }
    }

    #[inline(never)]
    fn long_varint(&mut self) -> Result<u64, Error> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let byte = self.byte()?;
            value |= u64::from(byte & 0x7f) << shift;
            if byte < 0x80 {
                return Ok(value);
            }
        }
        Err(Error("a number in the packed data is too long".to_string()))
    }

    #[inline]
    fn count(&mut self) -> Result<usize, Error> {
        usize::try_from(self.varint()?).map_err(|e| Error(e.to_string()))
    }

    /// A string's offset and length (its tag already read): a slice of the pool. The
    /// offset has a fixed width: most are past 127, where a varint takes a loop.
    #[inline(always)]
    fn string(&mut self) -> Result<&'de str, Error> {
        let (at, rest) = self.rest.split_first_chunk::<4>().ok_or_else(cut_short)?;
        self.rest = rest;
        let at = u32::from_le_bytes(*at) as usize;
        let length = self.count()?;
        at.checked_add(length)
            .and_then(|end| self.pool.get(at..end))
            .ok_or_else(|| Error("a string outside the packed pool".to_string()))
    }

    fn tagged_string(&mut self) -> Result<&'de str, Error> {
        match self.byte()? {
            STRING => self.string(),
            _ => Err(Error("a string expected in the packed data".to_string())),
        }
    }

    fn float(&mut self) -> Result<f64, Error> {
        let (bytes, rest) = self.rest.split_first_chunk::<8>().ok_or_else(cut_short)?;
        self.rest = rest;
        Ok(f64::from_le_bytes(*bytes))
    }
}

impl<'de> de::Deserializer<'de> for &mut Reader<'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.byte()? {
            MAP => {
                let left = self.count()?;
                visitor.visit_map(Items { reader: self, left })
            }
            LIST => {
                let left = self.count()?;
                visitor.visit_seq(Items { reader: self, left })
            }
            STRING => visitor.visit_borrowed_str(self.string()?),
            INTEGER => {
                let zigzag = self.varint()?;
                visitor.visit_i64((zigzag >> 1) as i64 ^ -((zigzag & 1) as i64))
            }
            UNSIGNED => visitor.visit_u64(self.varint()?),
            FLOAT => visitor.visit_f64(self.float()?),
            TRUE => visitor.visit_bool(true),
            FALSE => visitor.visit_bool(false),
            NULL => visitor.visit_unit(),
            tag => Err(Error(format!("unknown tag {tag} in the packed data"))),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if self.peek()? == NULL {
            self.byte()?;
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    /// As from JSON: a unit variant is its name; any other variant a map of one entry,
    /// its name to its content.
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.byte()? {
            STRING => visitor.visit_enum(BorrowedStrDeserializer::new(self.string()?)),
            MAP if self.count()? == 1 => {
                let variant = self.tagged_string()?;
                visitor.visit_enum(Variant {
                    reader: self,
                    variant,
                })
            }
            _ => Err(Error(
                "an enum is a string or a map of one entry".to_string(),
            )),
        }
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
        byte_buf unit unit_struct seq tuple tuple_struct map struct identifier ignored_any
    }
}

/// The rest of a map's entries or a list's items.
struct Items<'a, 'de> {
    reader: &'a mut Reader<'de>,
    left: usize,
}

impl<'de> de::SeqAccess<'de> for Items<'_, 'de> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        seed.deserialize(&mut *self.reader).map(Some)
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.left)
    }
}

impl<'de> de::MapAccess<'de> for Items<'_, 'de> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        seed.deserialize(&mut *self.reader).map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        seed.deserialize(&mut *self.reader)
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.left)
    }
}

/// A variant with content: its name read, its content next.
struct Variant<'a, 'de> {
    reader: &'a mut Reader<'de>,
    variant: &'de str,
}

impl<'a, 'de> de::EnumAccess<'de> for Variant<'a, 'de> {
    type Error = Error;
    type Variant = &'a mut Reader<'de>;

    fn variant_seed<S: DeserializeSeed<'de>>(
        self,
        seed: S,
    ) -> Result<(S::Value, &'a mut Reader<'de>), Error> {
        let name = seed.deserialize(BorrowedStrDeserializer::new(self.variant))?;
        Ok((name, self.reader))
    }
}

impl<'de> de::VariantAccess<'de> for &mut Reader<'de> {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        de::Deserialize::deserialize(self)
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        seed.deserialize(self)
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_seq(self, visitor)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_map(self, visitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;
    use serde_json::json;

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Card {
        name: String,
        cost: i32,
        #[serde(default)]
        caption: Option<String>,
        kind: Kind,
        shapes: Vec<Shape>,
        weight: f64,
        unique: bool,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(rename_all = "lowercase")]
    enum Kind {
        Pilot,
        Upgrade,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(rename_all = "lowercase")]
    enum Shape {
        Dot,
        Line { from: i64, to: i64 },
        Named(String),
    }

    #[test]
    fn a_value_reads_back_as_from_json() {
        let value = json!({
            "name": "Garven Dreis", "cost": -4, "kind": "pilot", "weight": 1.5,
            "unique": true, "caption": "Red Leader",
            "shapes": ["dot", {"line": {"from": -9_000_000_000_i64, "to": 300}}, {"named": "é ✓"}],
        });
        let from_json: Card = serde_json::from_value(value.clone()).unwrap();
        let packed: Card = from_packed(&pack(&value)).unwrap();
        assert_eq!(packed, from_json);
        let again: serde_json::Value = from_packed(&pack(&value)).unwrap();
        assert_eq!(again, value);
    }

    #[test]
    fn a_string_is_pooled_once_and_game_comes_first() {
        let value = json!({"pilot": ["xwing", "xwing", "xwing"], "game": "xwing"});
        let packed = pack(&value);
        assert_eq!(&packed[..18], b"\x0e\0\0\0gamexwingpilot");
        assert_eq!(packed.windows(5).filter(|w| w == b"xwing").count(), 1);
        let named = pack(&json!({"game": "xwing"}));
        let reader = Reader::new(&named).unwrap();
        assert_eq!(reader.leading_entry(), Some(("game", "xwing")));
        let numbered = pack(&json!({"game": 7}));
        assert_eq!(Reader::new(&numbered).unwrap().leading_entry(), None);
    }

    #[test]
    fn damaged_data_is_an_error_not_a_panic() {
        let value = json!({"name": "n", "cost": 1, "kind": "upgrade", "weight": 0.0,
            "unique": false, "shapes": ["dot"]});
        let packed = pack(&value);
        assert!(from_packed::<Card>(&packed).is_ok());
        for end in 0..packed.len() {
            assert!(from_packed::<Card>(&packed[..end]).is_err(), "cut at {end}");
        }
        let mut longer = packed.clone();
        longer.push(NULL);
        assert!(from_packed::<Card>(&longer).is_err());
        for at in 0..packed.len() {
            for byte in [0, 0x7f, 0x80, 0xff] {
                let mut damaged = packed.clone();
                damaged[at] = byte;
                let _ = from_packed::<Card>(&damaged);
                let _ = from_packed::<serde_json::Value>(&damaged);
            }
        }
    }
}
