//! What a loaded game must add up to before it is played on.

use crate::error::SaveError;
use crate::game::config::GameConfig;
use crate::game::event::EventRecord;
use crate::game::hooks::HookTrace;
use crate::game::state::{GameState, Phase};
/// Checks that a loaded state adds up: known players everywhere, a bag whose tokens match the
/// players' tiers, cards from the catalog, and a phase consistent with the rest.
pub(super) fn check_state(config: &GameConfig, state: &GameState) -> Result<(), SaveError> {
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

/// The log's records are numbered 1, 2, … in order.
pub(super) fn check_log(log: &[EventRecord]) -> Result<(), SaveError> {
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
