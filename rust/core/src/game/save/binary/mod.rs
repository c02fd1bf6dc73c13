//! The binary form of a saved game, beside the JSON one: the same contents as a version 2 JSON
//! save (rows, runs of the log), the undo point whole, in a compact self-describing encoding
//! that loads faster than JSON (the typed values are built through serde either way; what goes
//! is the text: number and string scanning, escapes, and every repeated string checked again).
//! Bytes start with [`BINARY_MAGIC`]; then one value, each value a tag byte and its contents:
//!
//! | tag | value                                                     |
//! |-----|-----------------------------------------------------------|
//! | 0   | null (unit, `None`)                                       |
//! | 1/2 | false / true                                              |
//! | 3   | unsigned integer `n`, as a varint                         |
//! | 4   | negative integer `-1 - n`, `n` as a varint                |
//! | 5   | 64-bit float, little-endian                               |
//! | 6/7 | UTF-8 string / bytes: length as a varint, then the bytes  |
//! | 8/9 | sequence / map: elements (keys and values), then tag 10   |
//! | 11  | unsigned integer beyond 64 bits, 16 bytes little-endian   |
//! | 12  | a string written before (tag 6): its number, from 0       |
//!
//! A varint holds 7 bits a byte, low first, the high bit set on all but the last. Structs are
//! maps keyed by field name and enums are written as serde_json writes them, so every type
//! reads back exactly as from JSON. A build reads the binary form of the version it writes only:
//! keep JSON saves (which every later build reads) for anything meant to outlive a release.

mod de;
mod ser;

use serde::{Deserialize, Serialize};

use super::log::{LoadedCommands, LoadedLog, Runs};
use super::rows::{Columns, Row};
use super::{GAME_FORMAT, GAME_VERSION, Parts};
use crate::error::{SaveError, SaveHeader};
use crate::game::Game;
use crate::game::command::Command;
use crate::game::config::GameConfig;
use crate::game::hooks::HookTrace;
use crate::game::state::{GameState, PlayerSetup};

/// The first bytes of a binary save.
pub const BINARY_MAGIC: &[u8; 6] = b"HEGAME";

/// The tag bytes of the encoding.
mod tag {
    pub const NULL: u8 = 0;
    pub const FALSE: u8 = 1;
    pub const TRUE: u8 = 2;
    pub const UNSIGNED: u8 = 3;
    pub const NEGATIVE: u8 = 4;
    pub const FLOAT: u8 = 5;
    pub const STR: u8 = 6;
    pub const BYTES: u8 = 7;
    pub const SEQ: u8 = 8;
    pub const MAP: u8 = 9;
    pub const END: u8 = 10;
    pub const WIDE: u8 = 11;
    pub const STR_AGAIN: u8 = 12;
}

/// A game as saved in binary, borrowed from it.
#[derive(Serialize)]
struct BinarySave<'a> {
    format: &'static str,
    version: u32,
    config: &'a GameConfig,
    seating: &'a [PlayerSetup],
    state: &'a GameState,
    undo: Option<&'a GameState>,
    commands: Row<'a, [Command]>,
    log: Runs<'a>,
    #[serde(skip_serializing_if = "<[HookTrace]>::is_empty")]
    hook_traces: &'a [HookTrace],
}

/// A game as loaded from binary.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LoadedBinary {
    format: String,
    version: u32,
    config: GameConfig,
    seating: Vec<PlayerSetup>,
    state: GameState,
    undo: Option<GameState>,
    commands: LoadedCommands,
    log: LoadedLog,
    #[serde(default)]
    hook_traces: Vec<HookTrace>,
}

impl Game {
    /// The whole game in the binary form: what [`Game::to_json`] saves, faster to load
    /// ([`Game::from_bytes`]) and smaller, but not readable.
    pub fn to_bytes(&self) -> Vec<u8> {
        let columns = Columns::default();
        let save = BinarySave {
            format: GAME_FORMAT,
            version: GAME_VERSION,
            config: &self.config,
            seating: &self.seating,
            state: &self.state,
            undo: self.undo.as_deref(),
            commands: Row {
                value: &self.commands,
                columns: &columns,
            },
            log: Runs {
                log: &self.log,
                columns: &columns,
            },
            hook_traces: &self.hook_traces,
        };
        let mut out = Vec::with_capacity(16 * 1024 + 24 * (self.commands.len() + self.log.len()));
        out.extend_from_slice(BINARY_MAGIC);
        // Plain data always serializes.
        let _ = save.serialize(&mut ser::Writer::new(&mut out));
        out
    }

    /// Restores a game saved by [`Game::to_bytes`] (of this version). Refuses other bytes,
    /// other formats and versions, and contents that contradict each other, as
    /// [`Game::from_json`] does.
    pub fn from_bytes(bytes: &[u8]) -> Result<Game, SaveError> {
        let Some(body) = bytes.strip_prefix(BINARY_MAGIC) else {
            return Err(SaveError::WrongFormat {
                expected: "HEGAME (a binary game save)",
                found: String::from_utf8_lossy(&bytes[..bytes.len().min(BINARY_MAGIC.len())])
                    .into_owned(),
            });
        };
        let mut reader = de::Reader::new(body);
        let save = LoadedBinary::deserialize(&mut reader).map_err(|error| {
            // A later version may hold fields this one does not know: say so.
            let header = SaveHeader::deserialize(&mut de::Reader::new(body)).ok();
            SaveError::MalformedBinary(error.to_string()).or_header(
                header,
                GAME_FORMAT,
                GAME_VERSION..=GAME_VERSION,
            )
        })?;
        if !reader.input.is_empty() {
            return Err(SaveError::MalformedBinary(
                "it holds bytes after the game".into(),
            ));
        }
        SaveError::check_header(
            &save.format,
            GAME_FORMAT,
            save.version,
            GAME_VERSION..=GAME_VERSION,
        )?;
        Parts {
            version: save.version,
            config: save.config,
            seating: save.seating,
            state: save.state,
            log: save.log,
            commands: save.commands,
            hook_traces: save.hook_traces,
            columns: false,
        }
        .into_game(|_| Ok(save.undo))
    }
}

#[cfg(test)]
mod tests {
    use serde::de::{DeserializeOwned, IgnoredAny};
    use serde_json::json;

    use super::*;

    fn round_trip<T: Serialize + DeserializeOwned>(value: &T) -> T {
        let mut out = Vec::new();
        value.serialize(&mut ser::Writer::new(&mut out)).unwrap();
        let mut reader = de::Reader::new(&out);
        let back = T::deserialize(&mut reader).unwrap();
        assert!(reader.input.is_empty(), "every byte is read");
        back
    }

    #[test]
    fn every_kind_of_value_reads_back_as_written() {
        let value = json!({
            "numbers": [0, 127, 128, u64::MAX, -1, i64::MIN, 1.5, -0.25],
            "strings": ["", "Soldier \"2\"", "ünïcode", "Soldier \"2\"", "numbers"],
            "other": [null, true, false, {}, [], {"nested": [[{"deep": 1}]]}],
        });
        assert_eq!(round_trip(&value), value);
        assert_eq!(round_trip(&u128::MAX), u128::MAX);
        assert_eq!(round_trip(&i128::from(i64::MIN)), i128::from(i64::MIN));
        assert_eq!(
            round_trip(&(1u8, 'x', Some(2u32), None::<u32>)),
            (1, 'x', Some(2), None)
        );
    }

    #[test]
    fn nesting_deeper_than_json_allows_is_refused() {
        let read = |depth: usize| {
            let bytes: Vec<u8> = [vec![tag::SEQ; depth], vec![tag::END; depth]].concat();
            IgnoredAny::deserialize(&mut de::Reader::new(&bytes)).map(|_| ())
        };
        assert!(read(128).is_ok());
        let error = read(129).unwrap_err().to_string();
        assert!(error.contains("nests deeper than 128 levels"), "{error}");
    }
}
