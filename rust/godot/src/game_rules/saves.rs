//! `GameRules`' saves and replays: the whole game as JSON or in the binary form, replays checked
//! as they load, the state hash.

use godot::prelude::*;
use horizons_edge_core::game::replay::{Replay, state_hash};
use horizons_edge_core::{Game, RulesError};

use super::{GameRules, Pending};
use crate::refusal::{Refusal, refusing};

#[godot_api(secondary)]
impl GameRules {
    /// The whole game — config, state, random streams, log and command history — as versioned
    /// JSON. Empty (and an error) before [method setup].
    #[func]
    pub fn save_game(&self) -> Result<GString, Refusal> {
        let game = self.query("GameRules.save_game")?;
        Ok(GString::from(&game.to_json()))
    }

    /// The game so far as a replay: its seed, seating, config and every accepted command, as
    /// versioned JSON. [method load_replay] plays it again to the same state. Empty (and an
    /// error) before [method setup].
    #[func]
    pub fn save_replay(&self) -> Result<GString, Refusal> {
        let game = self.query("GameRules.save_replay")?;
        Ok(GString::from(&game.replay().to_json()))
    }

    /// Replaces the game with the one [param json] replays, played from its seed through every
    /// command. A malformed replay, or one whose commands these rules refuse, is refused and the
    /// current game stays as it was.
    #[func]
    pub fn load_replay(&mut self, json: GString) -> Result<(), Refusal> {
        const METHOD: &str = "GameRules.load_replay";
        self.ensure_idle_noted(METHOD)?;
        let game = refusing(METHOD, || {
            let replay = Replay::from_json(&json.to_string())?;
            replay.game()
        });
        let game = self.noted(Self::NO_PLAYER, game)?;
        self.install_loaded(game);
        Ok(())
    }

    /// A fingerprint of the whole state, random streams included (64-bit FNV-1a of its JSON):
    /// two games with the same hash are in the same state. 0 before [method setup].
    #[func]
    pub fn get_state_hash(&self) -> i64 {
        self.read_or("GameRules.get_state_hash", 0, |view| {
            state_hash(view.state) as i64
        })
    }

    /// Replaces the game with one saved by [method save_game]; it continues exactly as the
    /// saved one would have. Malformed or foreign JSON, and a save whose parts do not agree
    /// (a state the rules could not have reached, ids or counts out of step), is refused
    /// ([constant ERR_PARSE_ERROR], [constant ERR_FILE_UNRECOGNIZED] or
    /// [constant ERR_INVALID_DATA]) and the current game stays as it was. A save is not
    /// signed: an edit that keeps its parts in agreement (a player's energy, a name) loads.
    #[func]
    pub fn load_game(&mut self, json: GString) -> Result<(), Refusal> {
        const METHOD: &str = "GameRules.load_game";
        self.ensure_idle_noted(METHOD)?;
        let game = refusing(METHOD, || {
            Game::from_json(&json.to_string()).map_err(RulesError::from)
        });
        let game = self.noted(Self::NO_PLAYER, game)?;
        self.install_loaded(game);
        Ok(())
    }

    /// The whole game, as [method save_game] saves it, in the binary form: about half the size
    /// of the JSON and faster to load with [method load_game_bytes], but not readable. Empty
    /// (and an error) before [method setup].
    #[func]
    pub fn save_game_bytes(&self) -> Result<PackedByteArray, Refusal> {
        let game = self.query("GameRules.save_game_bytes")?;
        Ok(PackedByteArray::from(game.to_bytes().as_slice()))
    }

    /// Replaces the game with one saved by [method save_game_bytes]; it continues exactly as the
    /// saved one would have. Malformed or foreign bytes, and a save whose parts do not agree,
    /// are refused ([constant ERR_PARSE_ERROR], [constant ERR_FILE_UNRECOGNIZED] or
    /// [constant ERR_INVALID_DATA]) and the current game stays as it was; as with
    /// [method load_game], an edit that keeps the parts in agreement loads.
    #[func]
    pub fn load_game_bytes(&mut self, bytes: PackedByteArray) -> Result<(), Refusal> {
        const METHOD: &str = "GameRules.load_game_bytes";
        self.ensure_idle_noted(METHOD)?;
        let game = refusing(METHOD, || {
            Game::from_bytes(bytes.as_slice()).map_err(RulesError::from)
        });
        let game = self.noted(Self::NO_PLAYER, game)?;
        self.install_loaded(game);
        Ok(())
    }

    /// Puts a loaded `game` in place and says so ([signal game_loaded]), through the outbox
    /// like every signal: a handler that loads again or calls `free()` is taken as from any
    /// other handler.
    fn install_loaded(&mut self, game: Game) {
        self.install(game);
        self.outbox.push(Pending::Loaded);
        self.emit_pending();
    }
}
