//! Dictionaries and Arrays at the edge: Godot `Variant`s to and from the JSON values the core
//! reads and writes.
//!
//! Accepted from GDScript: `null`, `bool`, `int`, `float`, `String`, `StringName` and `NodePath`
//! (as their text), `Array` (typed or not), every packed array (of vectors and colors as Arrays
//! of Arrays), `Dictionary` (keys `String`, `StringName` or `int`, as text: two keys that read
//! the same, `1` and `"1"`, are refused), and `Vector2`, `Vector2i`, `Vector3`, `Vector3i`,
//! `Vector4`, `Vector4i` and `Color` (as `[x, y(, z(, w))]` and `[r, g, b, a]`), nested at most
//! [`MAX_DEPTH`] levels. The rules keep what they are given as JSON, so that is how it comes
//! back (a `Vector2i(1, 2)` as `[1, 2]`, an `int` key as a `String`). Anything else — an
//! `Object`, a `Callable`, a `NAN`, an `Array` that contains itself, more than [`MAX_VALUES`]
//! values in all — is refused with the path of the offending value, never a panic. Whole-number floats become integers (Godot's JSON parser
//! reads `1` as `1.0`).

use godot::builtin::{AnyArray, AnyDictionary, PackedArray, VariantType};
use godot::meta::PackedElement;
use godot::prelude::*;
use serde_json::{Map, Number, Value};

/// How deep a Variant may nest to be converted. Deeper is refused before it can exhaust the
/// stack; the rules accept less still for the game data they keep
/// ([`horizons_edge_core::game::command::MAX_CONTEXT_DEPTH`]).
pub const MAX_DEPTH: usize = 64;

/// How many values a Variant may hold to be converted: each container and each element counts
/// one, a String (or a key) one per byte and a packed array one per element, at every place it
/// is held. An Array holding one inner Array twice, forty levels deep, is 2^40 values once
/// written out, and one holding a 1 MiB packed array 100 000 times is 10^11: refused before
/// they can exhaust memory.
pub const MAX_VALUES: usize = 1_000_000;

/// The values one call of the API may still convert (at most [`MAX_VALUES`] in all), shared by
/// the parts it converts one after another (the players of `setup`, a catalog's cards).
pub struct Budget(usize);

impl Default for Budget {
    fn default() -> Self {
        Budget(MAX_VALUES)
    }
}

/// `value` as JSON, or a message naming where the unsupported value sits.
pub fn to_json(value: &Variant) -> Result<Value, String> {
    to_json_at(value, "value")
}

/// The ints in `value`: a `PackedInt64Array`, a `PackedInt32Array` or an Array of ints; else why
/// not. A parameter that takes a list of ids or indices is a `Variant` read by this, so that
/// nothing else passes: for a `PackedInt64Array` parameter the engine converted an Array of
/// Strings or floats element by element ("three" became 0, 2.7 became 2).
pub fn int_list(value: &Variant) -> Result<Vec<i64>, String> {
    match value.get_type() {
        VariantType::PACKED_INT64_ARRAY => Ok(value.to::<PackedInt64Array>().to_vec()),
        VariantType::PACKED_INT32_ARRAY => Ok(value
            .to::<PackedInt32Array>()
            .as_slice()
            .iter()
            .map(|&int| i64::from(int))
            .collect()),
        VariantType::ARRAY => value
            .to::<AnyArray>()
            .iter_shared()
            .enumerate()
            .map(|(at, element)| match element.get_type() {
                VariantType::INT => Ok(element.to::<i64>()),
                other => Err(format!("element {at} is {other:?}, not an int")),
            })
            .collect(),
        other => Err(format!("{other:?} is not an Array of ints")),
    }
}

/// `value` as JSON, or a message naming where the unsupported value sits, under `path`.
pub fn to_json_at(value: &Variant, path: &str) -> Result<Value, String> {
    to_json_within(value, path, &mut Budget::default())
}

/// [`to_json_at`] drawing on `budget`, which the caller shares among the parts of one call.
pub fn to_json_within(value: &Variant, path: &str, budget: &mut Budget) -> Result<Value, String> {
    convert(value, path, 1, &mut budget.0)
}

/// Takes `count` values from `left`, or says that `path` is past [`MAX_VALUES`].
fn charge(left: &mut usize, count: usize, path: &str) -> Result<(), String> {
    *left = left.checked_sub(count).ok_or_else(|| {
        format!(
            "{path} is past {MAX_VALUES} values in all (a container held in several places \
             counts at each; a String or packed array counts its length)"
        )
    })?;
    Ok(())
}

/// `value` at `path`, `depth` levels down, as JSON; `left` counts down the values still allowed.
fn convert(value: &Variant, path: &str, depth: usize, left: &mut usize) -> Result<Value, String> {
    let unsupported = || {
        format!(
            "{path} has type {:?}, which cannot be used here (use null, bool, int, float, \
             String, Array, Dictionary, a packed array, a Vector or a Color)",
            value.get_type()
        )
    };
    if depth > MAX_DEPTH {
        return Err(format!("{path} nests deeper than {MAX_DEPTH} levels"));
    }
    charge(left, 1, path)?;
    let wrong = |_| unsupported();
    Ok(match value.get_type() {
        VariantType::NIL => Value::Null,
        VariantType::BOOL => Value::Bool(value.try_to::<bool>().map_err(wrong)?),
        VariantType::INT => Value::from(value.try_to::<i64>().map_err(wrong)?),
        VariantType::FLOAT => float(value.try_to::<f64>().map_err(wrong)?, path)?,
        VariantType::STRING | VariantType::STRING_NAME | VariantType::NODE_PATH => {
            let text = text(value).ok_or_else(unsupported)?;
            charge(left, text.len(), path)?;
            Value::String(text)
        }
        VariantType::VECTOR2 => floats(&vector2(value.try_to().map_err(wrong)?), path)?,
        VariantType::VECTOR3 => floats(&vector3(value.try_to().map_err(wrong)?), path)?,
        VariantType::VECTOR4 => floats(&vector4(value.try_to().map_err(wrong)?), path)?,
        VariantType::COLOR => floats(&color(value.try_to().map_err(wrong)?), path)?,
        VariantType::VECTOR2I => {
            let v = value.try_to::<Vector2i>().map_err(wrong)?;
            Value::from(vec![v.x, v.y])
        }
        VariantType::VECTOR3I => {
            let v = value.try_to::<Vector3i>().map_err(wrong)?;
            Value::from(vec![v.x, v.y, v.z])
        }
        VariantType::VECTOR4I => {
            let v = value.try_to::<Vector4i>().map_err(wrong)?;
            Value::from(vec![v.x, v.y, v.z, v.w])
        }
        VariantType::DICTIONARY => {
            let dict = value.try_to::<AnyDictionary>().map_err(wrong)?;
            let mut map = Map::new();
            for (key, item) in dict.iter_shared() {
                let key = match key.get_type() {
                    VariantType::STRING | VariantType::STRING_NAME => text(&key),
                    VariantType::INT => key.try_to::<i64>().ok().map(|k| k.to_string()),
                    _ => None,
                }
                .ok_or_else(|| format!("{path} has a key of type {:?}", key.get_type()))?;
                charge(left, key.len(), path)?;
                let item = convert(&item, &format!("{path}.{key}"), depth + 1, left)?;
                if map.insert(key.clone(), item).is_some() {
                    return Err(format!(
                        "{path} has two keys that read \"{key}\" (an int and a String, say): \
                         keys are kept as text, so one would be lost"
                    ));
                }
            }
            Value::Object(map)
        }
        VariantType::ARRAY => {
            let array = value.try_to::<AnyArray>().map_err(wrong)?;
            let items = array
                .iter_shared()
                .enumerate()
                .map(|(index, item)| convert(&item, &format!("{path}[{index}]"), depth + 1, left))
                .collect::<Result<Vec<_>, _>>()?;
            Value::Array(items)
        }
        VariantType::PACKED_BYTE_ARRAY => Value::from(packed::<u8>(value, left, path)?.as_slice()),
        VariantType::PACKED_VECTOR2_ARRAY => vectors(
            packed::<Vector2>(value, left, path)?.as_slice(),
            vector2,
            path,
        )?,
        VariantType::PACKED_VECTOR3_ARRAY => vectors(
            packed::<Vector3>(value, left, path)?.as_slice(),
            vector3,
            path,
        )?,
        VariantType::PACKED_VECTOR4_ARRAY => vectors(
            packed::<Vector4>(value, left, path)?.as_slice(),
            vector4,
            path,
        )?,
        VariantType::PACKED_COLOR_ARRAY => {
            vectors(packed::<Color>(value, left, path)?.as_slice(), color, path)?
        }
        VariantType::PACKED_INT32_ARRAY => {
            Value::from(packed::<i32>(value, left, path)?.as_slice())
        }
        VariantType::PACKED_INT64_ARRAY => {
            Value::from(packed::<i64>(value, left, path)?.as_slice())
        }
        VariantType::PACKED_FLOAT32_ARRAY => {
            let items: Vec<f64> = packed::<f32>(value, left, path)?
                .as_slice()
                .iter()
                .map(|&v| v.into())
                .collect();
            floats(&items, path)?
        }
        VariantType::PACKED_FLOAT64_ARRAY => {
            floats(packed::<f64>(value, left, path)?.as_slice(), path)?
        }
        VariantType::PACKED_STRING_ARRAY => Value::from(
            packed::<GString>(value, left, path)?
                .as_slice()
                .iter()
                .map(GString::to_string)
                .collect::<Vec<_>>(),
        ),
        _ => return Err(unsupported()),
    })
}

/// The packed array `value` holds, its elements charged to `left` before anything is built.
fn packed<T: PackedElement>(
    value: &Variant,
    left: &mut usize,
    path: &str,
) -> Result<PackedArray<T>, String> {
    let array = value.try_to::<PackedArray<T>>().map_err(|_| {
        format!(
            "{path} has type {:?}, which cannot be used here",
            value.get_type()
        )
    })?;
    charge(left, array.len(), path)?;
    Ok(array)
}

/// A `Vector2`'s components.
fn vector2(v: Vector2) -> Vec<f64> {
    vec![v.x.into(), v.y.into()]
}

/// A `Vector3`'s components.
fn vector3(v: Vector3) -> Vec<f64> {
    vec![v.x.into(), v.y.into(), v.z.into()]
}

/// A `Vector4`'s components.
fn vector4(v: Vector4) -> Vec<f64> {
    vec![v.x.into(), v.y.into(), v.z.into(), v.w.into()]
}

/// A `Color`'s components, red to alpha.
fn color(c: Color) -> Vec<f64> {
    vec![c.r.into(), c.g.into(), c.b.into(), c.a.into()]
}

/// A packed array of vectors (or colors) as an Array of their components' Arrays.
fn vectors<T: Copy>(
    items: &[T],
    components: fn(T) -> Vec<f64>,
    path: &str,
) -> Result<Value, String> {
    items
        .iter()
        .enumerate()
        .map(|(index, &item)| floats(&components(item), &format!("{path}[{index}]")))
        .collect::<Result<Vec<_>, _>>()
        .map(Value::Array)
}

/// The text of a `String`, `StringName` or `NodePath` Variant (`None` for any other type).
pub fn text(value: &Variant) -> Option<String> {
    match value.get_type() {
        VariantType::STRING => value.try_to::<GString>().ok().map(|s| s.to_string()),
        VariantType::STRING_NAME => value.try_to::<StringName>().ok().map(|s| s.to_string()),
        VariantType::NODE_PATH => value.try_to::<NodePath>().ok().map(|s| s.to_string()),
        _ => None,
    }
}

fn floats(values: &[f64], path: &str) -> Result<Value, String> {
    values
        .iter()
        .map(|&v| float(v, path))
        .collect::<Result<Vec<_>, _>>()
        .map(Value::Array)
}

/// A float as JSON; a whole number becomes an integer, since Godot's JSON parser reads every
/// number as a float (`1` arrives as `1.0`).
fn float(value: f64, path: &str) -> Result<Value, String> {
    const EXACT: f64 = 9_007_199_254_740_992.0; // 2^53: every integer up to here is exact.
    if value.fract() == 0.0 && value.abs() <= EXACT {
        return Ok(Value::from(value as i64));
    }
    Number::from_f64(value)
        .map(Value::Number)
        .ok_or_else(|| format!("{path} is not a finite number"))
}

/// `value` as a Variant: objects become Dictionaries, arrays Arrays, integers `int`.
pub fn to_variant(value: &Value) -> Variant {
    match value {
        Value::Null => Variant::nil(),
        Value::Bool(b) => b.to_variant(),
        Value::Number(n) => match n.as_i64() {
            Some(i) => i.to_variant(),
            None => n.as_f64().unwrap_or(0.0).to_variant(),
        },
        Value::String(s) => GString::from(s.as_str()).to_variant(),
        Value::Array(items) => items
            .iter()
            .map(to_variant)
            .collect::<VarArray>()
            .to_variant(),
        Value::Object(_) => to_dictionary(value).to_variant(),
    }
}

/// A JSON object as a Dictionary with `String` keys (anything else gives an empty one).
pub fn to_dictionary(value: &Value) -> VarDictionary {
    let mut dict = VarDictionary::new();
    if let Value::Object(map) = value {
        for (key, item) in map {
            dict.set(key.as_str(), &to_variant(item));
        }
    }
    dict
}

/// Any serializable core value as a Dictionary.
pub fn dictionary_of<T: serde::Serialize>(value: &T) -> VarDictionary {
    serde_json::to_value(value).map_or_else(|_| VarDictionary::new(), |v| to_dictionary(&v))
}
