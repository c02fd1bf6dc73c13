//! Structs written as rows: a JSON array of their field values in declaration order instead of
//! an object that repeats every key, the field names once in a header ([`Columns`]). serde_json
//! reads such an array back into the struct, and into an internally tagged enum when the tag
//! comes first (as serde writes it); the readers in [`super::events`] read events, commands and
//! actions faster.
//!
//! [`Row`] writes a value with every struct in it as a row: the value itself if it is one, and
//! the structs in its fields, options and sequences. Structs inside maps, tuples and externally
//! tagged variants stay objects. A field left out by `skip_serializing_if` is written as `null`,
//! which keeps every row of a kind as long as its header: only `Option` fields may be skipped.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::{self, Write};

use serde::ser::{self, Serialize, SerializeSeq, Serializer};

/// The tag names of the internally tagged enums written as rows (events and actions: `type`,
/// commands: `command`). A row whose first column is one of them is a variant, listed in the
/// header as `Type.variant`; any other row as its struct's name.
const TAGS: [&str; 2] = ["type", "command"];

/// The column names of every kind of row written so far: the header that makes rows readable.
#[derive(Default)]
pub(super) struct Columns {
    kinds: RefCell<BTreeMap<String, Vec<&'static str>>>,
    /// The kinds already met, by the addresses of their struct's name and tag (and the tag's
    /// length): most rows are told apart from first ones without spelling their kind out.
    met: RefCell<BTreeSet<(usize, usize, usize)>>,
}

impl Columns {
    /// The kind of a row of struct `name` whose first field is `key` (`value`, if written), if
    /// it is the first of its kind: then its columns are to be recorded.
    fn first_of_kind<T: Serialize + ?Sized>(
        &self,
        name: &'static str,
        key: &'static str,
        value: Option<&T>,
    ) -> Option<String> {
        let tag = value.filter(|_| TAGS.contains(&key));
        // A tag is a `'static` string: its address tells the variant.
        let address = tag.map_or((0, 0), |tag| {
            (
                (tag as *const T).cast::<u8>() as usize,
                std::mem::size_of_val(tag),
            )
        });
        if !self
            .met
            .borrow_mut()
            .insert((name.as_ptr() as usize, address.0, address.1))
        {
            return None;
        }
        let mut kind = name.to_owned();
        if let Some(tag) = tag {
            // A tag is a string; anything else leaves the kind as the struct's name.
            let _ = write!(kind, ".{}", Display(tag));
        }
        (!self.kinds.borrow().contains_key(&kind)).then_some(kind)
    }
}

impl Serialize for Columns {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.kinds.borrow().serialize(serializer)
    }
}

/// A string value (a tag) as text: serde writes strings and numbers to a formatter.
struct Display<'a, T: ?Sized>(&'a T);

impl<T: Serialize + ?Sized> fmt::Display for Display<'_, T> {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.serialize(formatter)
    }
}

/// `value` with every struct in it written as a row, its columns noted in `columns`.
pub(super) struct Row<'a, T: ?Sized> {
    /// What is written.
    pub value: &'a T,
    /// The header the rows' columns go to.
    pub columns: &'a Columns,
}

impl<T: Serialize + ?Sized> Serialize for Row<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.value.serialize(RowSerializer {
            inner: serializer,
            columns: self.columns,
        })
    }
}

/// Writes through `inner`, structs as rows.
struct RowSerializer<'a, S> {
    inner: S,
    columns: &'a Columns,
}

impl<'a, S> RowSerializer<'a, S> {
    fn row<'v, T: ?Sized>(&self, value: &'v T) -> Row<'v, T>
    where
        'a: 'v,
    {
        Row {
            value,
            columns: self.columns,
        }
    }
}

/// Methods that write through `inner` unchanged.
macro_rules! forward {
    ($($method:ident($($arg:ident: $ty:ty),*) -> $ret:ty;)*) => {
        $(fn $method(self, $($arg: $ty),*) -> Result<$ret, S::Error> {
            self.inner.$method($($arg),*)
        })*
    };
}

impl<'a, S: Serializer> Serializer for RowSerializer<'a, S> {
    type Ok = S::Ok;
    type Error = S::Error;
    type SerializeSeq = RowSeq<'a, S::SerializeSeq>;
    type SerializeTuple = S::SerializeTuple;
    type SerializeTupleStruct = S::SerializeTupleStruct;
    type SerializeTupleVariant = S::SerializeTupleVariant;
    type SerializeMap = S::SerializeMap;
    type SerializeStruct = RowStruct<'a, S::SerializeSeq>;
    type SerializeStructVariant = S::SerializeStructVariant;

    forward! {
        serialize_bool(v: bool) -> S::Ok;
        serialize_i8(v: i8) -> S::Ok;
        serialize_i16(v: i16) -> S::Ok;
        serialize_i32(v: i32) -> S::Ok;
        serialize_i64(v: i64) -> S::Ok;
        serialize_i128(v: i128) -> S::Ok;
        serialize_u8(v: u8) -> S::Ok;
        serialize_u16(v: u16) -> S::Ok;
        serialize_u32(v: u32) -> S::Ok;
        serialize_u64(v: u64) -> S::Ok;
        serialize_u128(v: u128) -> S::Ok;
        serialize_f32(v: f32) -> S::Ok;
        serialize_f64(v: f64) -> S::Ok;
        serialize_char(v: char) -> S::Ok;
        serialize_str(v: &str) -> S::Ok;
        serialize_bytes(v: &[u8]) -> S::Ok;
        serialize_none() -> S::Ok;
        serialize_unit() -> S::Ok;
        serialize_unit_struct(name: &'static str) -> S::Ok;
        serialize_unit_variant(name: &'static str, index: u32, variant: &'static str) -> S::Ok;
        serialize_tuple(len: usize) -> S::SerializeTuple;
        serialize_tuple_struct(name: &'static str, len: usize) -> S::SerializeTupleStruct;
        serialize_tuple_variant(
            name: &'static str, index: u32, variant: &'static str, len: usize
        ) -> S::SerializeTupleVariant;
        serialize_map(len: Option<usize>) -> S::SerializeMap;
        serialize_struct_variant(
            name: &'static str, index: u32, variant: &'static str, len: usize
        ) -> S::SerializeStructVariant;
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<S::Ok, S::Error> {
        let row = self.row(value);
        self.inner.serialize_some(&row)
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        value: &T,
    ) -> Result<S::Ok, S::Error> {
        let row = self.row(value);
        self.inner.serialize_newtype_struct(name, &row)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<S::Ok, S::Error> {
        self.inner
            .serialize_newtype_variant(name, index, variant, value)
    }

    fn serialize_seq(self, len: Option<usize>) -> Result<Self::SerializeSeq, S::Error> {
        Ok(RowSeq {
            seq: self.inner.serialize_seq(len)?,
            columns: self.columns,
        })
    }

    fn serialize_struct(
        self,
        name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStruct, S::Error> {
        Ok(RowStruct {
            // Skipped fields are written too (as nulls): `len` counts only the others.
            seq: self.inner.serialize_seq(None)?,
            columns: self.columns,
            name,
            fields: 0,
            first_of_kind: None,
        })
    }

    fn is_human_readable(&self) -> bool {
        self.inner.is_human_readable()
    }
}

/// A sequence whose structs are written as rows.
pub(super) struct RowSeq<'a, Seq> {
    seq: Seq,
    columns: &'a Columns,
}

impl<Seq: SerializeSeq> SerializeSeq for RowSeq<'_, Seq> {
    type Ok = Seq::Ok;
    type Error = Seq::Error;

    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Seq::Error> {
        self.seq.serialize_element(&Row {
            value,
            columns: self.columns,
        })
    }

    fn end(self) -> Result<Seq::Ok, Seq::Error> {
        self.seq.end()
    }
}

/// A struct being written as a row.
pub(super) struct RowStruct<'a, Seq> {
    seq: Seq,
    columns: &'a Columns,
    name: &'static str,
    /// Fields so far.
    fields: usize,
    /// The kind and the column names so far, if this is the first row of its kind.
    first_of_kind: Option<(String, Vec<&'static str>)>,
}

impl<Seq> RowStruct<'_, Seq> {
    /// Notes the column `key`, given its `value` if it is written.
    fn column<T: Serialize + ?Sized>(&mut self, key: &'static str, value: Option<&T>) {
        if self.fields == 0 {
            self.first_of_kind = self
                .columns
                .first_of_kind(self.name, key, value)
                .map(|kind| (kind, Vec::new()));
        }
        self.fields += 1;
        if let Some((_, names)) = &mut self.first_of_kind {
            names.push(key);
        }
    }
}

impl<Seq: SerializeSeq> ser::SerializeStruct for RowStruct<'_, Seq> {
    type Ok = Seq::Ok;
    type Error = Seq::Error;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Seq::Error> {
        self.column(key, Some(value));
        self.seq.serialize_element(&Row {
            value,
            columns: self.columns,
        })
    }

    fn skip_field(&mut self, key: &'static str) -> Result<(), Seq::Error> {
        self.column::<()>(key, None);
        self.seq.serialize_element(&())
    }

    fn end(self) -> Result<Seq::Ok, Seq::Error> {
        if let Some((kind, names)) = self.first_of_kind {
            self.columns.kinds.borrow_mut().insert(kind, names);
        }
        self.seq.end()
    }
}
