//! Every way the core can refuse a request. Each message names the problem so that the Godot layer
//! can log it as is; none of these is ever a panic.

use thiserror::Error;

use crate::ids::PlayerId;

/// Any refusal from the core: what every fallible entry point of the rules returns.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RulesError {
    /// The caller's raw input did not parse.
    #[error(transparent)]
    Input(#[from] InputError),
    /// A bag operation was refused.
    #[error(transparent)]
    Bag(#[from] BagError),
    /// A save could not be loaded.
    #[error(transparent)]
    Save(#[from] SaveError),
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

/// A bag operation that cannot be carried out. The bag is unchanged when one is returned.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BagError {
    /// The caller's raw input did not parse.
    #[error(transparent)]
    Input(#[from] InputError),
    /// Adding would give one player more tokens this round than the bag allows.
    #[error(
        "player {player} would have {total} tokens in the bag this round; the limit is {limit}"
    )]
    TooManyTokens {
        /// The player being added to.
        player: PlayerId,
        /// Their contribution this round after the addition.
        total: u32,
        /// [`crate::bag::MAX_TOKENS_PER_PLAYER`].
        limit: u32,
    },
    /// A ninth distinct player.
    #[error("the bag already holds tokens of {limit} players; player {player} cannot join")]
    TooManyPlayers {
        /// The player who does not fit.
        player: PlayerId,
        /// [`crate::bag::MAX_PLAYERS`].
        limit: usize,
    },
    /// A player who has put no tokens into the bag this round.
    #[error("player {player} has no tokens in this bag")]
    UnknownPlayer {
        /// The id asked about.
        player: PlayerId,
    },
    /// A draw from a bag with no tokens left.
    #[error("the bag is empty: no token to draw")]
    Empty,
    /// The bag has handed out every token id it can number.
    #[error("the bag has run out of token ids")]
    TokenIdsExhausted,
}

/// A saved state that cannot be loaded. Loading never changes the current state when it fails.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SaveError {
    /// Not JSON, truncated, or JSON of the wrong shape.
    #[error("the save is not valid JSON of the expected shape: {0}")]
    Malformed(String),
    /// JSON for something else (another format tag).
    #[error("the save is a \"{found}\" file, expected \"{expected}\"")]
    WrongFormat {
        /// The tag the loader expects.
        expected: &'static str,
        /// The tag found in the file.
        found: String,
    },
    /// A format version this build does not read.
    #[error("save format version {found} is not supported (this build reads version {supported})")]
    UnsupportedVersion {
        /// The version found in the file.
        found: u32,
        /// The version this build writes and reads.
        supported: u32,
    },
    /// Well-formed JSON whose contents contradict each other (tampered with or damaged).
    #[error("the save is inconsistent: {0}")]
    Inconsistent(String),
}

impl From<serde_json::Error> for SaveError {
    fn from(error: serde_json::Error) -> Self {
        SaveError::Malformed(error.to_string())
    }
}
