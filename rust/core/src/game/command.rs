//! What callers ask of the game: [`Command`]s, and the [`Action`]s an active player can take.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::GameError;
use crate::fairness::Bytes32;
use crate::ids::PlayerId;

/// A request to change the game. [`crate::game::Game::apply`] validates it completely before
/// anything changes; a refused command changes nothing.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "command", rename_all = "snake_case")]
pub enum Command {
    /// Ends setup: shuffles every deck and deals opening hands.
    StartGame,
    /// During the mulligan: shuffle the hand back and draw a new one.
    Mulligan {
        /// Who.
        player: PlayerId,
    },
    /// During the mulligan: keep the hand, putting the cards at `bottom` (hand indices) on the
    /// bottom of the deck, in that order. Exactly as many as the mulligans that count.
    Keep {
        /// Who.
        player: PlayerId,
        /// Hand indices to put on the bottom.
        #[serde(default)]
        bottom: Vec<u32>,
    },
    /// Draws the next token; its owner becomes the active player.
    DrawToken,
    /// The active player's one action for their token.
    Act {
        /// Who (must be the active player).
        player: PlayerId,
        /// What.
        action: Action,
    },
    /// Lets a bot decide for `player`: a random legal action when active, or a mulligan
    /// decision during setup, chosen with the game's own random stream.
    BotDecide {
        /// Who.
        player: PlayerId,
    },
    /// Before a round's first draw, when the config asks for player entropy: `player`'s random
    /// nonce, mixed into the round's shuffle key (see [`crate::fairness`]).
    AddEntropy {
        /// Who.
        player: PlayerId,
        /// 32 random bytes, as hex.
        nonce: Bytes32,
    },
    /// Takes a player out of the game (their remaining tokens leave the bag).
    Eliminate {
        /// Who.
        player: PlayerId,
    },
    /// During a round, at any moment (no activation needed): `player` puts one of their
    /// faction's reserve tokens into this round's bag — one more activation this round.
    CommitReserve {
        /// Who.
        player: PlayerId,
    },
    /// At any time: `player`'s display name becomes `name` (1 to [`MAX_NAME_CHARS`] characters,
    /// not only spaces, no control characters). An online host applies the name a player typed
    /// in the lobby when they take their seat.
    Rename {
        /// Who.
        player: PlayerId,
        /// The new name.
        name: String,
    },
    /// Takes back the current activation's action: the state (random streams included) goes
    /// back to just before it, so the same player acts again. Never past a draw.
    Undo,
    /// During setup: every hidden random stream of the game (round secrets, deck shuffles,
    /// bots) comes from the 256-bit `key` instead of the 64-bit seed, so that a seed someone
    /// chose or could guess tells nothing about the bag or the hands. A server draws `key`
    /// from the operating system; it stays in the server's records (saves and replays) only.
    Rekey {
        /// 32 random bytes, as hex.
        key: Bytes32,
    },
}

pub use crate::ids::MAX_NAME_CHARS;

/// Whether `name` may name a player or a token (see [`crate::ids::name_problem`]).
pub fn check_name(name: &str) -> Result<(), GameError> {
    match crate::ids::name_problem(name) {
        Some(reason) => Err(GameError::InvalidName(reason)),
        None => Ok(()),
    }
}

/// How deep game data attached to an action (its `context`, or a reaction's) may nest. Everything
/// the rules accept goes into the log, saves and replays, and must load back (JSON readers stop
/// at 128 levels); real game data (a target, a position, a list of hexes) needs a handful.
pub const MAX_CONTEXT_DEPTH: usize = 32;

/// How deep `value` nests: 1 for a scalar, one more for each array or object around it. Counted
/// without recursion, so any value a caller built can be measured.
pub fn depth(value: &Value) -> usize {
    if !matches!(value, Value::Array(_) | Value::Object(_)) {
        // Most contexts: nothing to walk, nothing to allocate.
        return 1;
    }
    let mut deepest = 0;
    let mut stack = vec![(value, 1)];
    while let Some((value, level)) = stack.pop() {
        deepest = deepest.max(level);
        match value {
            Value::Array(items) => stack.extend(items.iter().map(|item| (item, level + 1))),
            Value::Object(map) => stack.extend(map.values().map(|item| (item, level + 1))),
            _ => {}
        }
    }
    deepest
}

impl Command {
    /// The player the command is for, if it names one.
    pub fn player(&self) -> Option<PlayerId> {
        match self {
            Command::Mulligan { player }
            | Command::Keep { player, .. }
            | Command::Act { player, .. }
            | Command::BotDecide { player }
            | Command::AddEntropy { player, .. }
            | Command::Eliminate { player }
            | Command::Rename { player, .. }
            | Command::CommitReserve { player } => Some(*player),
            Command::StartGame | Command::DrawToken | Command::Undo | Command::Rekey { .. } => None,
        }
    }
}

static NO_CONTEXT: Value = Value::Null;

/// One action: what a drawn token allows.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Plays the card at `hand_index` for its energy cost.
    PlayCard {
        /// Index into the hand.
        hand_index: u32,
        /// Game data for the validator and effects (e.g. `{"target": 3}`).
        #[serde(default)]
        context: Value,
    },
    /// Builds a structure for its resource cost; the game's validator judges placement.
    Build {
        /// The structure's name in the catalog.
        structure: String,
        /// Game data for the validator (e.g. a position).
        #[serde(default)]
        context: Value,
    },
    /// Moves to the next command tier (more tokens from the next round).
    UpgradeCommand,
    /// Gives up the activation.
    Pass,
    /// Creates a token object with the given stats on the player's side.
    CreateToken {
        /// Its name: 1 to [`MAX_NAME_CHARS`] characters, as a player's.
        name: String,
        /// Base power.
        power: i64,
        /// Base toughness.
        toughness: i64,
    },
    /// A game-defined action kind from the config's catalog.
    Custom {
        /// The kind's name.
        kind: String,
        /// Game data for the validator and effects.
        #[serde(default)]
        context: Value,
    },
}

impl Action {
    /// Reads an action from caller JSON, strictly: keys the action does not have are refused,
    /// not ignored (serde lets unit variants such as `pass` carry any extra keys), so a misspelt
    /// field never passes silently.
    pub fn from_json(json: Value) -> Result<Action, String> {
        let action: Action = serde_json::from_value(json.clone()).map_err(|e| e.to_string())?;
        let known = serde_json::to_value(&action).map_err(|e| e.to_string())?;
        if let (Value::Object(given), Value::Object(known)) = (&json, &known)
            && let Some(extra) = given.keys().find(|key| !known.contains_key(*key))
        {
            return Err(format!(
                "unknown field `{extra}` for a `{}` action",
                action.kind()
            ));
        }
        Ok(action)
    }

    /// The kind name reaction rules trigger on: the built-in names, or a custom kind's name.
    pub fn kind(&self) -> &str {
        match self {
            Action::PlayCard { .. } => "play_card",
            Action::Build { .. } => "build",
            Action::UpgradeCommand => "upgrade_command",
            Action::Pass => "pass",
            Action::CreateToken { .. } => "create_token",
            Action::Custom { kind, .. } => kind,
        }
    }

    /// The game data the caller attached, or `null`.
    pub fn context(&self) -> &Value {
        match self {
            Action::PlayCard { context, .. }
            | Action::Build { context, .. }
            | Action::Custom { context, .. } => context,
            _ => &NO_CONTEXT,
        }
    }
}
