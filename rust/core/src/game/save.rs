//! Saving a whole game to versioned JSON and loading it back: config, state (random streams
//! included), log and command history. A loaded game continues exactly as the saved one would.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use crate::error::SaveError;
use crate::game::Game;
use crate::game::command::Command;
use crate::game::config::GameConfig;
use crate::game::event::EventRecord;
use crate::game::hooks::HookTrace;
use crate::game::state::{GameState, Phase, PlayerSetup};

/// The `format` tag of a saved game.
pub const GAME_FORMAT: &str = "horizons_edge.game";

/// The version this build writes and reads.
pub const GAME_VERSION: u32 = 1;

/// A saved game: borrowed from the game when saving (nothing is copied to be written), owned
/// when loading.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct GameSave<'a> {
    format: Cow<'a, str>,
    version: u32,
    config: Cow<'a, GameConfig>,
    /// The players as seated by `Game::new`, for replays.
    #[serde(default)]
    seating: Cow<'a, [PlayerSetup]>,
    state: Cow<'a, GameState>,
    /// The state an undo goes back to, if any.
    #[serde(default)]
    undo: Option<Cow<'a, GameState>>,
    log: Cow<'a, [EventRecord]>,
    commands: Cow<'a, [Command]>,
    /// What the hooks decided, for replays (left out when they were never asked).
    #[serde(default, skip_serializing_if = "<[HookTrace]>::is_empty")]
    hook_traces: Cow<'a, [HookTrace]>,
}

impl Game {
    /// The whole game as JSON.
    pub fn to_json(&self) -> String {
        let save = GameSave {
            format: Cow::Borrowed(GAME_FORMAT),
            version: GAME_VERSION,
            config: Cow::Borrowed(&*self.config),
            seating: Cow::Borrowed(&self.seating),
            state: Cow::Borrowed(&self.state),
            undo: self.undo.as_deref().map(Cow::Borrowed),
            log: Cow::Borrowed(&self.log),
            commands: Cow::Borrowed(&self.commands),
            hook_traces: Cow::Borrowed(&self.hook_traces),
        };
        // Plain data always serializes.
        serde_json::to_string(&save).unwrap_or_default()
    }

    /// Restores a game saved by [`Game::to_json`]. Rejects malformed JSON, other formats and
    /// versions, and contents that contradict each other.
    pub fn from_json(json: &str) -> Result<Game, SaveError> {
        let save: GameSave = serde_json::from_str(json)?;
        SaveError::check_header(&save.format, GAME_FORMAT, save.version, GAME_VERSION)?;
        save.config
            .validate()
            .map_err(|e| SaveError::Inconsistent(e.to_string()))?;
        check_state(&save.config, &save.state)?;
        if let Some(undo) = &save.undo {
            check_state(&save.config, undo)?;
        }
        check_log(&save.log)?;
        check_traces(&save.hook_traces, save.commands.len())?;
        Ok(Game {
            config: std::sync::Arc::new(save.config.into_owned()),
            seating: save.seating.into_owned(),
            state: Box::new(save.state.into_owned()),
            undo: save.undo.map(|undo| Box::new(undo.into_owned())),
            spares: Default::default(),
            log: save.log.into_owned(),
            commands: save.commands.into_owned(),
            hook_traces: save.hook_traces.into_owned(),
        })
    }
}

/// Checks that a loaded state adds up: known players everywhere, a bag whose tokens match the
/// players' tiers, cards from the catalog, and a phase consistent with the rest.
fn check_state(config: &GameConfig, state: &GameState) -> Result<(), SaveError> {
    let inconsistent = |message: String| Err(SaveError::Inconsistent(message));
    if state.players.is_empty() || state.players.len() > crate::game::MAX_PLAYERS {
        return inconsistent(format!("{} players", state.players.len()));
    }
    for (index, player) in state.players.iter().enumerate() {
        if state.players[..index].iter().any(|p| p.id == player.id) {
            return inconsistent(format!("player {} is seated twice", player.id));
        }
        let cards = player
            .deck
            .iter()
            .chain(&player.hand)
            .chain(&player.discard);
        if let Some(card) = cards.clone().find(|c| !config.cards.contains_key(c)) {
            return inconsistent(format!("player {} holds unknown card {card}", player.id));
        }
        if player.command_tier as usize >= config.command_tiers.len() {
            return inconsistent(format!(
                "player {} is at command tier {}, which does not exist",
                player.id, player.command_tier
            ));
        }
    }
    state.bag.check()?;
    for tally in state.bag.tallies() {
        if state.player(tally.player).is_none() {
            return inconsistent(format!(
                "the bag holds tokens of unknown player {}",
                tally.player
            ));
        }
        if tally.contributed > config.max_tokens_in_round() {
            return inconsistent(format!(
                "player {} put {} tokens in the bag, more than any command tier gives (and \
                 the rules add)",
                tally.player, tally.contributed
            ));
        }
    }
    let known = |id| state.player(id).is_some();
    if let Some(active) = state.active
        && !known(active)
    {
        return inconsistent(format!("the active player {active} is not seated"));
    }
    match state.phase {
        Phase::Activation { player } if state.active != Some(player) => {
            return inconsistent(format!(
                "player {player} has an open activation but is not active"
            ));
        }
        Phase::GameOver {
            winner: Some(winner),
        } if !known(winner) => {
            return inconsistent(format!("the winner {winner} is not seated"));
        }
        _ => {}
    }
    if let Some(object) = state.objects.iter().find(|o| !known(o.owner)) {
        return inconsistent(format!(
            "object {} belongs to unknown player {}",
            object.id, object.owner
        ));
    }
    Ok(())
}

fn check_log(log: &[EventRecord]) -> Result<(), SaveError> {
    match log
        .iter()
        .enumerate()
        .find(|(index, record)| record.seq != *index as u64 + 1)
    {
        Some((index, record)) => Err(SaveError::Inconsistent(format!(
            "log entry {} has sequence number {}",
            index + 1,
            record.seq
        ))),
        None => Ok(()),
    }
}

/// Hook traces belong to commands of the history, oldest first, at most one per command.
pub(crate) fn check_traces(traces: &[HookTrace], commands: usize) -> Result<(), SaveError> {
    let mut after = None;
    for trace in traces {
        if trace.command >= commands as u64 || after.is_some_and(|a| trace.command <= a) {
            return Err(SaveError::Inconsistent(format!(
                "a hook trace names command {}, out of order or not in the history of {commands}",
                trace.command
            )));
        }
        after = Some(trace.command);
    }
    Ok(())
}
