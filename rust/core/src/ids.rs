//! Identifiers that cross the boundary to the game: players, tokens, cards, objects, effects and
//! resolved actions.
//!
//! Raw integers from a caller (GDScript passes `int`, a 64-bit signed value) are turned into these
//! types once, at the edge, with [`PlayerId::from_raw`]; everything inside the core can then rely on
//! them being in range.

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Declares an integer id newtype with `Display` and `to_raw`.
macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident($inner:ty)) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub $inner);

        impl $name {
            /// The id as the caller's integer type.
            pub fn to_raw(self) -> i64 {
                self.0 as i64
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.0)
            }
        }
    };
}

id_type!(
    /// A player, as the game numbers them (seat index, peer id, ...). Any value from 0 to
    /// `u32::MAX`.
    PlayerId(u32)
);

impl PlayerId {
    /// Parses a caller's raw integer, rejecting negative and out-of-range values.
    pub fn from_raw(raw: i64) -> Result<Self, InputError> {
        u32::try_from(raw)
            .map(PlayerId)
            .map_err(|_| InputError::PlayerIdOutOfRange { raw })
    }
}

id_type!(
    /// A token, unique over the lifetime of one bag (ids are not reused after `clear`).
    TokenId(u32)
);
id_type!(
    /// A card in the config's catalog.
    CardId(u32)
);
id_type!(
    /// A unit, building or token object in play, unique in the game.
    ObjectId(u32)
);
id_type!(
    /// A continuous effect, unique in the game.
    EffectId(u32)
);
id_type!(
    /// A resolved action or reaction, unique in the game.
    ActionId(u64)
);
id_type!(
    /// A unit in a charge-initiative race ([`crate::turns::initiative`]), unique in its race.
    UnitId(u32)
);

impl UnitId {
    /// Parses a caller's raw integer, rejecting negative and out-of-range values.
    pub fn from_raw(raw: i64) -> Result<Self, InputError> {
        u32::try_from(raw)
            .map(UnitId)
            .map_err(|_| InputError::IdOutOfRange { what: "unit", raw })
    }
}

id_type!(
    /// A beginning-of-turn trigger registered with a seat order ([`crate::turns::seats`]).
    TriggerId(u32)
);

impl TriggerId {
    /// Parses a caller's raw integer, rejecting negative and out-of-range values.
    pub fn from_raw(raw: i64) -> Result<Self, InputError> {
        u32::try_from(raw)
            .map(TriggerId)
            .map_err(|_| InputError::IdOutOfRange {
                what: "trigger",
                raw,
            })
    }
}

/// The most characters a name has: a player's, a token's, a skill's or a status effect's.
pub const MAX_NAME_CHARS: usize = 64;

/// What is wrong with `name` as a name, or `None`: it needs a character other than a space, at
/// most [`MAX_NAME_CHARS`] characters and no control characters (line breaks, tabs, ...) nor
/// line or paragraph separators, as it is shown to players and sent with signals and saves, nor
/// U+FEFF (a byte-order mark, which Godot drops from the start of a String it is handed: the
/// name would come back as another).
pub fn name_problem(name: &str) -> Option<String> {
    if name.trim().is_empty() {
        Some("a name needs a character other than a space".to_owned())
    } else if name.chars().count() > MAX_NAME_CHARS {
        Some(format!("a name has at most {MAX_NAME_CHARS} characters"))
    } else if name.chars().any(breaks_a_line) {
        Some("a name may not hold control characters (line breaks, tabs, ...)".to_owned())
    } else if name.contains('\u{feff}') {
        Some("a name may not hold U+FEFF (a byte-order mark)".to_owned())
    } else {
        None
    }
}

/// A control character, or the line and paragraph separators U+2028 and U+2029 (which are not
/// control characters but break a line where text is shown).
fn breaks_a_line(character: char) -> bool {
    character.is_control() || matches!(character, '\u{2028}' | '\u{2029}')
}

/// Parses a caller's raw count, accepting only `min..=max`.
pub fn count_from_raw(what: &'static str, raw: i64, min: u32, max: u32) -> Result<u32, InputError> {
    u32::try_from(raw)
        .ok()
        .filter(|count| (min..=max).contains(count))
        .ok_or(InputError::CountOutOfRange {
            what,
            raw,
            min: i64::from(min),
            max: i64::from(max),
        })
}

/// A raw value from the caller that does not fit the type it stands for.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum InputError {
    /// A player id outside `0..=u32::MAX`.
    #[error("player id {raw} is out of range (expected 0 to {max})", max = u32::MAX)]
    PlayerIdOutOfRange {
        /// The value as given.
        raw: i64,
    },
    /// A unit or trigger id outside `0..=u32::MAX`.
    #[error("{what} id {raw} is out of range (expected 0 to {max})", max = u32::MAX)]
    IdOutOfRange {
        /// What the id names, e.g. "unit".
        what: &'static str,
        /// The value as given.
        raw: i64,
    },
    /// A count outside the range the operation accepts.
    #[error("{what} must be between {min} and {max}, got {raw}")]
    CountOutOfRange {
        /// What the count counts, e.g. "token count".
        what: &'static str,
        /// The value as given.
        raw: i64,
        /// The smallest accepted value.
        min: i64,
        /// The largest accepted value.
        max: i64,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_player_ids_in_range_are_accepted() {
        assert_eq!(PlayerId::from_raw(0), Ok(PlayerId(0)));
        assert_eq!(
            PlayerId::from_raw(i64::from(u32::MAX)),
            Ok(PlayerId(u32::MAX))
        );
    }

    #[test]
    fn counts_outside_their_range_are_rejected_with_the_range_named() {
        assert_eq!(count_from_raw("token count", 3, 1, 6), Ok(3));
        for raw in [0, 7, -1, i64::MAX, i64::MIN] {
            let error = count_from_raw("token count", raw, 1, 6).unwrap_err();
            assert_eq!(
                error.to_string(),
                format!("token count must be between 1 and 6, got {raw}")
            );
        }
    }

    #[test]
    fn negative_and_huge_player_ids_are_rejected() {
        for raw in [-1, i64::MIN, i64::from(u32::MAX) + 1, i64::MAX] {
            assert_eq!(
                PlayerId::from_raw(raw),
                Err(InputError::PlayerIdOutOfRange { raw })
            );
        }
    }
}
