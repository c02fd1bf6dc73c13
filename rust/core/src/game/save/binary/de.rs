//! Reading any serde value back from the binary form (see [`super`] for the layout). Strings are
//! borrowed from the input; nesting is limited as in JSON.

use serde::de::{self, DeserializeSeed, IntoDeserializer, Visitor};
use serde::forward_to_deserialize_any;
use serde_json::Error;

use super::tag;

/// How deeply sequences and maps may nest (serde_json's limit too): a hostile input cannot
/// exhaust the stack.
const MAX_DEPTH: usize = 128;

/// Reads values from the bytes left in `input`.
pub(super) struct Reader<'de> {
    /// What is not read yet.
    pub input: &'de [u8],
    /// Sequences and maps open around the next value.
    depth: usize,
    /// The strings read so far, by number.
    strings: Vec<&'de str>,
}

/// The error of an input that is not the binary form of what is expected.
fn malformed(message: &str) -> Error {
    de::Error::custom(format!("it {message}"))
}

impl<'de> Reader<'de> {
    /// A reader of `input`.
    pub fn new(input: &'de [u8]) -> Reader<'de> {
        Reader {
            input,
            depth: 0,
            strings: Vec::new(),
        }
    }

    fn peek(&self) -> Result<u8, Error> {
        self.input
            .first()
            .copied()
            .ok_or_else(|| malformed("ends early"))
    }

    fn take(&mut self, len: usize) -> Result<&'de [u8], Error> {
        if len > self.input.len() {
            return Err(malformed("ends early"));
        }
        let (taken, rest) = self.input.split_at(len);
        self.input = rest;
        Ok(taken)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], Error> {
        let mut array = [0; N];
        array.copy_from_slice(self.take(N)?);
        Ok(array)
    }

    fn byte(&mut self) -> Result<u8, Error> {
        let byte = self.peek()?;
        self.input = &self.input[1..];
        Ok(byte)
    }

    fn varint(&mut self) -> Result<u64, Error> {
        // Most numbers (ids, counts, string numbers) fit one byte.
        match self.input.first() {
            Some(&byte) if byte < 0x80 => {
                self.input = &self.input[1..];
                Ok(byte.into())
            }
            _ => self.long_varint(),
        }
    }

    fn long_varint(&mut self) -> Result<u64, Error> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let byte = self.byte()?;
            value |= u64::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                return if shift == 63 && byte > 1 {
                    Err(malformed("holds a number beyond 64 bits"))
                } else {
                    Ok(value)
                };
            }
        }
        Err(malformed("holds a number beyond 64 bits"))
    }

    /// The bytes of a string or byte string, after their tag.
    fn bytes(&mut self) -> Result<&'de [u8], Error> {
        let len = self.varint()?;
        self.take(usize::try_from(len).map_err(|_| malformed("ends early"))?)
    }

    /// A string written for the first time, after its tag: it is numbered next.
    fn str(&mut self) -> Result<&'de str, Error> {
        let string = std::str::from_utf8(self.bytes()?)
            .map_err(|_| malformed("holds a string that is not UTF-8"))?;
        self.strings.push(string);
        Ok(string)
    }

    /// A string written before, after its tag: its number.
    fn str_again(&mut self) -> Result<&'de str, Error> {
        let number = self.varint()?;
        usize::try_from(number)
            .ok()
            .and_then(|number| self.strings.get(number).copied())
            .ok_or_else(|| malformed("refers to a string it does not hold"))
    }

    /// Reads a sequence's or a map's elements with `read`, then its end.
    fn nested<T>(&mut self, read: impl FnOnce(&mut Self) -> Result<T, Error>) -> Result<T, Error> {
        if self.depth == MAX_DEPTH {
            return Err(malformed("nests deeper than 128 levels"));
        }
        self.depth += 1;
        let value = read(self)?;
        self.depth -= 1;
        match self.byte()? {
            tag::END => Ok(value),
            _ => Err(malformed("holds more elements than expected")),
        }
    }

    /// Whether the next element is the end of its sequence or map.
    fn at_end(&self) -> Result<bool, Error> {
        Ok(self.peek()? == tag::END)
    }
}

/// Methods that read the value they expect without going through `deserialize_any` (most
/// values are numbers and strings), and any other value through it.
macro_rules! fast_paths {
    ($($tag:path, $visit:ident, $read:ident: $($method:ident)*;)*) => {$($(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            if self.peek()? == $tag {
                self.input = &self.input[1..];
                visitor.$visit(self.$read()?)
            } else {
                self.deserialize_any(visitor)
            }
        }
    )*)*};
}

impl<'de> de::Deserializer<'de> for &mut Reader<'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.byte()? {
            tag::NULL => visitor.visit_unit(),
            tag::FALSE => visitor.visit_bool(false),
            tag::TRUE => visitor.visit_bool(true),
            tag::UNSIGNED => visitor.visit_u64(self.varint()?),
            tag::NEGATIVE => match i64::try_from(self.varint()?) {
                Ok(n) => visitor.visit_i64(!n),
                Err(_) => Err(malformed("holds a number beyond 64 bits")),
            },
            tag::FLOAT => visitor.visit_f64(f64::from_le_bytes(self.array()?)),
            tag::WIDE => visitor.visit_u128(u128::from_le_bytes(self.array()?)),
            tag::STR => visitor.visit_borrowed_str(self.str()?),
            tag::STR_AGAIN => visitor.visit_borrowed_str(self.str_again()?),
            tag::BYTES => visitor.visit_borrowed_bytes(self.bytes()?),
            tag::SEQ => self.nested(|reader| visitor.visit_seq(reader)),
            tag::MAP => self.nested(|reader| visitor.visit_map(reader)),
            _ => Err(malformed("holds an unknown tag")),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if self.peek()? == tag::NULL {
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

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.byte()? {
            tag::STR => visitor.visit_enum(self.str()?.into_deserializer()),
            tag::STR_AGAIN => visitor.visit_enum(self.str_again()?.into_deserializer()),
            tag::MAP => self.nested(|reader| visitor.visit_enum(reader)),
            _ => Err(malformed("holds an enum that is neither a name nor a map")),
        }
    }

    fn is_human_readable(&self) -> bool {
        true
    }

    fast_paths! {
        tag::UNSIGNED, visit_u64, varint: deserialize_u8 deserialize_u16 deserialize_u32
            deserialize_u64 deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64;
        tag::STR_AGAIN, visit_borrowed_str, str_again: deserialize_str deserialize_string
            deserialize_identifier;
    }

    forward_to_deserialize_any! {
        bool i128 u128 f32 f64 char bytes byte_buf unit unit_struct seq tuple tuple_struct map
        struct ignored_any
    }
}

impl<'de> de::SeqAccess<'de> for Reader<'de> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        if self.at_end()? {
            return Ok(None);
        }
        seed.deserialize(self).map(Some)
    }
}

impl<'de> de::MapAccess<'de> for Reader<'de> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        if self.at_end()? {
            return Ok(None);
        }
        seed.deserialize(self).map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        seed.deserialize(self)
    }
}

/// A variant written as a one-entry map: its name, then its value.
impl<'de> de::EnumAccess<'de> for &mut Reader<'de> {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self), Error> {
        let variant = seed.deserialize(&mut *self)?;
        Ok((variant, self))
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
        de::Deserializer::deserialize_any(self, visitor)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_any(self, visitor)
    }
}
