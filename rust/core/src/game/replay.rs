//! Replays: a game is its seed, its seating, its config and the commands it accepted. Playing
//! them again gives the same game, step for step, which [`state_hash`] makes checkable.

use serde::{Deserialize, Serialize};

use crate::error::{RulesError, SaveError};
use crate::game::Game;
use crate::game::command::Command;
use crate::game::config::GameConfig;
use crate::game::hooks::{HookTrace, Playback};
use crate::game::save::check_traces;
use crate::game::state::{GameState, PlayerSetup};
use crate::ids::PlayerId;

/// The `format` tag of a replay file.
pub const REPLAY_FORMAT: &str = "horizons_edge.replay";

/// The replay version this build writes and reads.
pub const REPLAY_VERSION: u32 = 1;

/// Everything needed to play a game again.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Replay {
    /// [`REPLAY_FORMAT`].
    pub format: String,
    /// [`REPLAY_VERSION`].
    pub version: u32,
    /// The game's seed.
    pub seed: u64,
    /// The players as seated.
    pub players: Vec<PlayerSetup>,
    /// The rules' data.
    pub config: GameConfig,
    /// The accepted commands, in order.
    pub commands: Vec<Command>,
    /// What the game's hooks decided during the commands that asked them; the replay answers
    /// from these instead of calling any hook (left out when no hook was asked).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hook_traces: Vec<HookTrace>,
}

impl Replay {
    /// The replay as JSON.
    pub fn to_json(&self) -> String {
        // Plain data always serializes.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads a replay written by [`Replay::to_json`].
    pub fn from_json(json: &str) -> Result<Replay, SaveError> {
        SaveError::read_json(
            json,
            REPLAY_FORMAT,
            REPLAY_VERSION..=REPLAY_VERSION,
            |replay: &Replay| (&replay.format, replay.version),
        )
    }

    /// Plays the replay from the start, the hooks' recorded decisions standing in for the hooks:
    /// the game at the end and the state hash after every command. Fails with
    /// [`SaveError::Inconsistent`] if a command is refused, or asks the hooks anything other than
    /// what was recorded (a replay of another build's rules, or edited): never a different game.
    pub fn play(&self) -> Result<(Game, Vec<u64>), RulesError> {
        let mut hashes = Vec::with_capacity(self.commands.len());
        let game = self.play_each(|game| hashes.push(state_hash(game.state())))?;
        Ok((game, hashes))
    }

    /// The game at the end of the replay, played and checked as [`Replay::play`] plays it, but
    /// without a state hash after every command (each serialises the whole state: loading a long
    /// game's replay took many times longer than playing it).
    pub fn game(&self) -> Result<Game, RulesError> {
        self.play_each(|_| {})
    }

    /// Plays the replay, calling `after` with the game after every command.
    fn play_each(&self, mut after: impl FnMut(&Game)) -> Result<Game, RulesError> {
        check_traces(&self.hook_traces, self.commands.len())?;
        let mut config = self.config.clone();
        // A replay from before the choice was played with a free first mulligan (3+ players).
        config.free_first_mulligan.get_or_insert(true);
        let mut game = Game::new_replayed(self.players.clone(), config, self.seed)
            .map_err(|error| SaveError::Inconsistent(error.to_string()))?;
        let mut traces = self.hook_traces.iter().peekable();
        for (index, command) in self.commands.iter().enumerate() {
            let played = match traces.next_if(|trace| trace.command == index as u64) {
                // A command without a trace ran without hooks (or asked them nothing).
                None => game.apply(command.clone()).map(drop),
                Some(trace) => play_traced(&mut game, command, trace),
            };
            // A replay whose command is refused is damaged data, whatever the refusal.
            played.map_err(|error| match error {
                RulesError::Save(error) => error,
                other => SaveError::Inconsistent(format!("command {index} is refused: {other}")),
            })?;
            after(&game);
        }
        Ok(game)
    }
}

/// Applies `command`, the hooks' decisions in `trace` standing in for the hooks.
fn play_traced(game: &mut Game, command: &Command, trace: &HookTrace) -> Result<(), RulesError> {
    let mut playback = Playback::new(&trace.decisions);
    game.apply_with(command.clone(), &mut playback)?;
    match playback.mismatch() {
        None => Ok(()),
        Some(reason) => Err(SaveError::Inconsistent(format!(
            "command {} does not replay as recorded: {reason}",
            trace.command
        ))
        .into()),
    }
}

impl Game {
    /// This game so far as a replay.
    pub fn replay(&self) -> Replay {
        Replay {
            format: REPLAY_FORMAT.to_owned(),
            version: REPLAY_VERSION,
            seed: self.state.seed,
            players: self.seating.clone(),
            config: (*self.config).clone(),
            commands: self.commands.clone(),
            hook_traces: self.hook_traces.clone(),
        }
    }

    /// [`state_hash`] of the current state.
    pub fn state_hash(&self) -> u64 {
        state_hash(&self.state)
    }

    /// A fingerprint of what `viewer` sees of the game ([`Game::snapshot_for`]) but the round's
    /// commitment (made from the secret key) and the log's length (which an undo leaves
    /// longer): the same for two games that differ only in what `viewer` cannot see. The seed a
    /// bot's planner takes, so that its choice depends on nothing its seat cannot see. 0 for a
    /// player not in the game.
    pub fn view_hash(&self, viewer: PlayerId) -> u64 {
        self.snapshot_for(Some(viewer)).map_or(0, |mut snapshot| {
            snapshot.commitment = None;
            snapshot.seq = 0;
            json_hash(&snapshot)
        })
    }
}

/// A fingerprint of `state`, random streams included: 64-bit FNV-1a over its JSON, the same on
/// every platform and build that serializes the state the same way.
pub fn state_hash(state: &GameState) -> u64 {
    json_hash(state)
}

/// 64-bit FNV-1a over `value`'s JSON.
fn json_hash(value: &impl Serialize) -> u64 {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let json = serde_json::to_vec(value).unwrap_or_default();
    json.iter().fold(OFFSET, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(PRIME)
    })
}
