//! Saving a whole game to versioned JSON and loading it back: config, state (random streams
//! included), undo point, log and command history. A loaded game continues exactly as the saved
//! one would.
//!
//! Version 2 writes the command history and the log as rows without keys, their column names
//! once in `columns` (see `save/rows.rs`), the log in runs of one round, command and cause (see
//! `save/log.rs`) and the undo point as its differences from the state (see `save/undo.rs`).
//! Version 1 saves, every record and command an object and the undo point whole, still load.
//! The binary form (see `save/binary/`) holds a version 2 save's contents; a loaded save of
//! either form goes through the same checks (`Parts`).

mod binary;
mod checks;
mod events;
mod log;
mod rows;
mod undo;

use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};
use serde_json::value::{RawValue, to_raw_value};

use crate::error::SaveError;
use crate::game::Game;
use crate::game::command::Command;
use crate::game::config::GameConfig;
use crate::game::hooks::HookTrace;
use crate::game::state::{GameState, PlayerSetup};
pub use binary::BINARY_MAGIC;
pub(crate) use checks::check_traces;
use checks::{
    check_can_go_on, check_log, check_seating_of, check_secrets, check_state, check_undo,
};
use log::{LoadedCommands, LoadedLog, Runs};
use rows::{Columns, Row};
use undo::UndoChanges;

/// The `format` tag of a saved game.
pub const GAME_FORMAT: &str = "horizons_edge.game";

/// The version this build writes (and the newest it reads).
pub const GAME_VERSION: u32 = 2;

/// The oldest version this build reads: every record and command an object, the undo point
/// whole.
pub const OLDEST_GAME_VERSION: u32 = 1;

/// A game as saved, borrowed from it: nothing is copied to be written.
#[derive(Serialize)]
struct GameSave<'a> {
    format: &'static str,
    version: u32,
    config: &'a GameConfig,
    /// The players as seated by `Game::new`, for replays.
    seating: &'a [PlayerSetup],
    /// The state, written once: the undo point is compared with it.
    state: &'a RawValue,
    /// The state an undo goes back to, if any.
    undo: Option<UndoChanges<'a>>,
    commands: Row<'a, [Command]>,
    log: Runs<'a>,
    /// What the hooks decided, for replays (left out when they were never asked).
    #[serde(skip_serializing_if = "<[HookTrace]>::is_empty")]
    hook_traces: &'a [HookTrace],
    /// The column names of the rows above; written last, once they are known.
    columns: &'a Columns,
}

/// A game as loaded, in any version this build reads.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LoadedSave<'a> {
    format: String,
    version: u32,
    config: GameConfig,
    #[serde(default)]
    seating: Vec<PlayerSetup>,
    state: GameState,
    /// Version 1: the state; version 2: [`UndoChanges`].
    #[serde(borrow, default)]
    undo: Option<&'a RawValue>,
    log: LoadedLog,
    commands: LoadedCommands,
    #[serde(default)]
    hook_traces: Vec<HookTrace>,
    /// Version 2's header: documentation, the rows read without it.
    #[serde(default)]
    columns: Option<IgnoredAny>,
}

impl Game {
    /// The whole game as JSON.
    pub fn to_json(&self) -> String {
        // Plain data always serializes.
        let raw = |state: &GameState| to_raw_value(state).unwrap_or_default();
        let state = raw(&self.state);
        let undo = self.undo.as_deref().map(raw);
        let columns = Columns::default();
        let save = GameSave {
            format: GAME_FORMAT,
            version: GAME_VERSION,
            config: &self.config,
            seating: &self.seating,
            state: &state,
            undo: undo
                .as_deref()
                .map(|undo| UndoChanges::between(state.get(), undo.get())),
            commands: Row {
                value: &self.commands,
                columns: &columns,
            },
            log: Runs {
                log: &self.log,
                columns: &columns,
            },
            hook_traces: &self.hook_traces,
            columns: &columns,
        };
        // Room for the state twice (and the undo point's changes) and a few dozen bytes for each
        // command and event: the output rarely grows.
        let capacity = 2 * state.get().len() + 32 * (self.commands.len() + self.log.len());
        let mut json = Vec::with_capacity(capacity);
        match serde_json::to_writer(&mut json, &save) {
            Ok(()) => String::from_utf8(json).unwrap_or_default(),
            Err(_) => String::new(),
        }
    }

    /// Restores a game saved by [`Game::to_json`], by this build or one that wrote an older
    /// version it reads. Rejects malformed JSON, other formats and versions, and contents that
    /// contradict each other.
    pub fn from_json(json: &str) -> Result<Game, SaveError> {
        let save: LoadedSave = SaveError::read_json(
            json,
            GAME_FORMAT,
            OLDEST_GAME_VERSION..=GAME_VERSION,
            |save: &LoadedSave| (&save.format, save.version),
        )?;
        let current = save.version == GAME_VERSION;
        Parts {
            version: save.version,
            config: save.config,
            seating: save.seating,
            state: save.state,
            log: save.log,
            commands: save.commands,
            hook_traces: save.hook_traces,
            columns: save.columns.is_some(),
        }
        .into_game(|state| {
            Ok(match save.undo {
                None => None,
                Some(undo) if current => {
                    let changes: UndoChanges = serde_json::from_str(undo.get())?;
                    Some(changes.apply(state)?)
                }
                Some(undo) => Some(serde_json::from_str(undo.get())?),
            })
        })
    }
}

/// A game as read from a save in either form, before it is checked.
struct Parts {
    version: u32,
    config: GameConfig,
    seating: Vec<PlayerSetup>,
    state: GameState,
    log: LoadedLog,
    commands: LoadedCommands,
    hook_traces: Vec<HookTrace>,
    /// Whether the save had version 2's header of columns.
    columns: bool,
}

impl Parts {
    /// The game, once its parts are checked to add up; `undo` reads the undo point, given the
    /// state.
    fn into_game(
        self,
        undo: impl FnOnce(&GameState) -> Result<Option<GameState>, SaveError>,
    ) -> Result<Game, SaveError> {
        let current = self.version == GAME_VERSION;
        let older_form = self.log.forms.objects || self.commands.forms.objects;
        let newer_form = self.log.forms.arrays || self.commands.forms.arrays || self.columns;
        if (current && older_form) || (!current && newer_form) {
            return Err(SaveError::Inconsistent(format!(
                "a version {} save written in another version's form",
                self.version
            )));
        }
        let mut config = self.config;
        // A save from before the choice was played with a free first mulligan (3+ players).
        config.free_first_mulligan.get_or_insert(true);
        config
            .validate_loaded()
            .map_err(|e| SaveError::Inconsistent(e.to_string()))?;
        check_state(&config, &self.state)?;
        check_seating_of(&config, &self.seating, &self.state)?;
        let undo = undo(&self.state)?;
        if let Some(undo) = &undo {
            check_state(&config, undo)?;
            check_undo(&self.state, undo)?;
        }
        check_can_go_on(&config, &self.state)?;
        check_log(&self.log.records)?;
        check_secrets(&self.state, &self.log.records)?;
        check_traces(&self.hook_traces, self.commands.commands.len())?;
        Ok(Game {
            config: std::sync::Arc::new(config),
            seating: self.seating,
            state: Box::new(self.state),
            undo: undo.map(Box::new),
            spares: Default::default(),
            log: self.log.records,
            commands: self.commands.commands,
            hook_traces: self.hook_traces,
        })
    }
}
