//! Writing any serde value in the binary form (see [`super`] for the layout).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use serde::ser::{self, Serialize};
use serde_json::Error;

use super::tag;

/// Writes values to `out`.
pub(super) struct Writer<'o> {
    /// The bytes written so far.
    out: &'o mut Vec<u8>,
    /// The strings written so far, by number.
    strings: HashMap<String, u64, BuildHasherDefault<Fnv>>,
}

/// 64-bit FNV-1a: the strings of a save are few and short, and SipHash took most of the time
/// of writing them.
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for Fnv {
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

impl<'o> Writer<'o> {
    /// A writer that appends to `out`.
    pub fn new(out: &'o mut Vec<u8>) -> Writer<'o> {
        Writer {
            out,
            strings: HashMap::default(),
        }
    }

    /// An unsigned integer in 7-bit groups, low first, the high bit set on all but the last.
    fn varint(&mut self, mut n: u64) {
        while n >= 0x80 {
            self.out.push(n as u8 | 0x80);
            n >>= 7;
        }
        self.out.push(n as u8);
    }

    /// A tag byte.
    fn tag(&mut self, tag: u8) {
        self.out.push(tag);
    }

    /// Bytes after their tag and length.
    fn bytes(&mut self, tag: u8, bytes: &[u8]) {
        self.tag(tag);
        self.varint(bytes.len() as u64);
        self.out.extend_from_slice(bytes);
    }

    /// A string: its number if it was written before, else the string (numbered next).
    fn str(&mut self, v: &str) {
        match self.strings.get(v) {
            Some(&number) => {
                self.tag(tag::STR_AGAIN);
                self.varint(number);
            }
            None => {
                self.strings.insert(v.to_owned(), self.strings.len() as u64);
                self.bytes(tag::STR, v.as_bytes());
            }
        }
    }

    /// The key of a variant's one-entry map.
    fn open_variant(&mut self, variant: &str) {
        self.tag(tag::MAP);
        self.str(variant);
    }
}

impl<'w, 'o> ser::Serializer for &'w mut Writer<'o> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Compound<'w, 'o>;
    type SerializeTuple = Compound<'w, 'o>;
    type SerializeTupleStruct = Compound<'w, 'o>;
    type SerializeTupleVariant = Compound<'w, 'o>;
    type SerializeMap = Compound<'w, 'o>;
    type SerializeStruct = Compound<'w, 'o>;
    type SerializeStructVariant = Compound<'w, 'o>;

    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.tag(if v { tag::TRUE } else { tag::FALSE });
        Ok(())
    }

    fn serialize_i8(self, v: i8) -> Result<(), Error> {
        self.serialize_i64(v.into())
    }

    fn serialize_i16(self, v: i16) -> Result<(), Error> {
        self.serialize_i64(v.into())
    }

    fn serialize_i32(self, v: i32) -> Result<(), Error> {
        self.serialize_i64(v.into())
    }

    fn serialize_i64(self, v: i64) -> Result<(), Error> {
        match u64::try_from(v) {
            Ok(v) => self.serialize_u64(v),
            Err(_) => {
                // -1 is 0, -2 is 1, …: no negative number is lost.
                self.tag(tag::NEGATIVE);
                self.varint(!(v as u64));
                Ok(())
            }
        }
    }

    fn serialize_i128(self, v: i128) -> Result<(), Error> {
        match (i64::try_from(v), u128::try_from(v)) {
            (Ok(v), _) => self.serialize_i64(v),
            (_, Ok(v)) => self.serialize_u128(v),
            _ => Err(ser::Error::custom("a number below the 64-bit range")),
        }
    }

    fn serialize_u8(self, v: u8) -> Result<(), Error> {
        self.serialize_u64(v.into())
    }

    fn serialize_u16(self, v: u16) -> Result<(), Error> {
        self.serialize_u64(v.into())
    }

    fn serialize_u32(self, v: u32) -> Result<(), Error> {
        self.serialize_u64(v.into())
    }

    fn serialize_u64(self, v: u64) -> Result<(), Error> {
        self.tag(tag::UNSIGNED);
        self.varint(v);
        Ok(())
    }

    fn serialize_u128(self, v: u128) -> Result<(), Error> {
        match u64::try_from(v) {
            Ok(v) => self.serialize_u64(v),
            Err(_) => {
                self.tag(tag::WIDE);
                self.out.extend_from_slice(&v.to_le_bytes());
                Ok(())
            }
        }
    }

    fn serialize_f32(self, v: f32) -> Result<(), Error> {
        self.serialize_f64(v.into())
    }

    fn serialize_f64(self, v: f64) -> Result<(), Error> {
        self.tag(tag::FLOAT);
        self.out.extend_from_slice(&v.to_le_bytes());
        Ok(())
    }

    fn serialize_char(self, v: char) -> Result<(), Error> {
        self.serialize_str(v.encode_utf8(&mut [0; 4]))
    }

    fn serialize_str(self, v: &str) -> Result<(), Error> {
        self.str(v);
        Ok(())
    }

    fn serialize_bytes(self, v: &[u8]) -> Result<(), Error> {
        self.bytes(tag::BYTES, v);
        Ok(())
    }

    fn serialize_none(self) -> Result<(), Error> {
        self.serialize_unit()
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<(), Error> {
        self.tag(tag::NULL);
        Ok(())
    }

    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        self.serialize_unit()
    }

    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.serialize_str(variant)
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.open_variant(variant);
        value.serialize(&mut *self)?;
        self.tag(tag::END);
        Ok(())
    }

    fn serialize_seq(self, _len: Option<usize>) -> Result<Compound<'w, 'o>, Error> {
        self.tag(tag::SEQ);
        Ok(Compound {
            writer: self,
            ends: 1,
        })
    }

    fn serialize_tuple(self, len: usize) -> Result<Compound<'w, 'o>, Error> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        len: usize,
    ) -> Result<Compound<'w, 'o>, Error> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'w, 'o>, Error> {
        self.open_variant(variant);
        self.tag(tag::SEQ);
        Ok(Compound {
            writer: self,
            ends: 2,
        })
    }

    fn serialize_map(self, _len: Option<usize>) -> Result<Compound<'w, 'o>, Error> {
        self.tag(tag::MAP);
        Ok(Compound {
            writer: self,
            ends: 1,
        })
    }

    fn serialize_struct(self, _name: &'static str, len: usize) -> Result<Compound<'w, 'o>, Error> {
        self.serialize_map(Some(len))
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'w, 'o>, Error> {
        self.open_variant(variant);
        self.tag(tag::MAP);
        Ok(Compound {
            writer: self,
            ends: 2,
        })
    }

    /// The same representations as JSON: the binary form holds what the JSON one does.
    fn is_human_readable(&self) -> bool {
        true
    }
}

/// A sequence or map being written: its elements, then `ends` end tags (two to close a
/// variant's map as well).
pub(super) struct Compound<'w, 'o> {
    writer: &'w mut Writer<'o>,
    ends: usize,
}

impl Compound<'_, '_> {
    fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        value.serialize(&mut *self.writer)
    }

    fn end(self) -> Result<(), Error> {
        for _ in 0..self.ends {
            self.writer.tag(tag::END);
        }
        Ok(())
    }
}

/// Implements the element-wise `Serialize…` traits of [`Compound`].
macro_rules! elements {
    ($($trait:ident::$method:ident),*) => {$(
        impl ser::$trait for Compound<'_, '_> {
            type Ok = ();
            type Error = Error;

            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
                self.element(value)
            }

            fn end(self) -> Result<(), Error> {
                Compound::end(self)
            }
        }
    )*};
}

elements!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

impl ser::SerializeMap for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        self.element(key)
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.element(value)
    }

    fn end(self) -> Result<(), Error> {
        Compound::end(self)
    }
}

/// Implements the field-wise `Serialize…` traits of [`Compound`]: key, then value.
macro_rules! fields {
    ($($trait:ident),*) => {$(
        impl ser::$trait for Compound<'_, '_> {
            type Ok = ();
            type Error = Error;

            fn serialize_field<T: Serialize + ?Sized>(
                &mut self,
                key: &'static str,
                value: &T,
            ) -> Result<(), Error> {
                self.element(key)?;
                self.element(value)
            }

            fn end(self) -> Result<(), Error> {
                Compound::end(self)
            }
        }
    )*};
}

fields!(SerializeStruct, SerializeStructVariant);
