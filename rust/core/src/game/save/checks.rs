//! What a loaded game must add up to before it is played on.

use crate::error::SaveError;
use crate::game::activation::{ActivationOrder, Sequencer};
use crate::game::bots::{Autoplay, autoplay_command};
use crate::game::command::Command;
use crate::game::config::GameConfig;
use crate::game::effects::{MAX_EFFECTS, MAX_OBJECTS};
use crate::game::event::{Event, EventRecord};
use crate::game::flow::round_secret;
use crate::game::hooks::HookTrace;
use crate::game::state::{GameState, MAX_CARDS_PER_PLAYER, Phase, Player, PlayerSetup};
use crate::game::{Emitter, NoHooks, check_seating, dispatch};

/// Checks that a loaded state adds up: known players everywhere, a bag whose tokens match the
/// players' tiers, cards from the catalog, and a phase consistent with the rest.
pub(super) fn check_state(config: &GameConfig, state: &GameState) -> Result<(), SaveError> {
    let inconsistent = |message: String| Err(SaveError::Inconsistent(message));
    if state.players.is_empty() || state.players.len() > crate::game::MAX_PLAYERS {
        return inconsistent(format!("{} players", state.players.len()));
    }
    check_headroom(state)?;
    // What play allows in at once (more makes every action slow: each object's abilities look
    // at every other).
    if state.objects.len() > MAX_OBJECTS || state.effects.len() > MAX_EFFECTS {
        return inconsistent(format!(
            "{} objects and {} continuous effects in play; play allows at most {MAX_OBJECTS} and \
             {MAX_EFFECTS}",
            state.objects.len(),
            state.effects.len()
        ));
    }
    for (index, player) in state.players.iter().enumerate() {
        if state.players[..index].iter().any(|p| p.id == player.id) {
            return inconsistent(format!("player {} is seated twice", player.id));
        }
        let held = player.deck.len() + player.hand.len() + player.discard.len();
        if held > MAX_CARDS_PER_PLAYER {
            return inconsistent(format!(
                "player {} holds {held} cards; a deck holds at most {MAX_CARDS_PER_PLAYER}",
                player.id
            ));
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
        check_faction(config, player)?;
    }
    state.bag.check()?;
    for tally in state.bag.tallies() {
        if state.player(tally.player).is_none() {
            return inconsistent(format!(
                "the bag holds tokens of unknown player {}",
                tally.player
            ));
        }
        if tally.remaining > 0 && state.player(tally.player).is_some_and(|p| p.eliminated) {
            return inconsistent(format!(
                "eliminated player {} still has tokens in the bag",
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
    let living = |id| state.player(id).is_some_and(|p| !p.eliminated);
    if let Some(waited) = state.entropy.pending.iter().find(|p| !living(**p)) {
        return inconsistent(format!(
            "a nonce is awaited from player {waited}, who is not in the game"
        ));
    }
    // A double-action token gives one action more, during its activation only.
    let open = matches!(state.phase, Phase::Activation { .. });
    if state.extra_actions > 1 || (state.extra_actions > 0 && !open) {
        return inconsistent(format!(
            "{} extra actions are left {}",
            state.extra_actions,
            if open {
                "in one activation"
            } else {
                "outside an activation"
            }
        ));
    }
    if let Sequencer::CappedBag { max_streak } = state.sequencer
        && config.max_streak != Some(max_streak)
    {
        return inconsistent(format!(
            "the round caps streaks at {max_streak} draws, which is not the config's max_streak"
        ));
    }
    match state.phase {
        Phase::Activation { player } if state.active != Some(player) => {
            return inconsistent(format!(
                "player {player} has an open activation but is not active"
            ));
        }
        Phase::Activation { player } if !living(player) => {
            return inconsistent(format!(
                "player {player} has an open activation but is out of the game"
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
    // What `TurnSystem.load_json` checks of its own seat order and race: seats within the
    // table, pending skips, units and statuses within their limits (a seat order with billions
    // of pending skips would have the next draw run through every one of them).
    let own_checks = match &state.sequencer {
        Sequencer::Seats(seats) => seats.check().map_err(|r| ("seat order", r)),
        Sequencer::Initiative(race) => race.check().map_err(|r| ("race", r)),
        Sequencer::Bag | Sequencer::CappedBag { .. } => Ok(()),
    };
    if let Err((what, reason)) = own_checks {
        return inconsistent(format!("the round's {what}: {reason}"));
    }
    check_sequencer(config, state)?;
    check_ids(state)
}

/// During a round, once sealed (its shuffle waits for no nonce), the round's sequencer is of the
/// config's activation order (and mercy rule), and in seat or initiative order it draws every
/// token left in the bag (worked out on copies): another order would draw what the round's key
/// does not give (the game failing its own audit), and a seat order or race that leaves out a
/// player who still has tokens, or loses them on the way, would stop the round for good a few
/// draws later.
fn check_sequencer(config: &GameConfig, state: &GameState) -> Result<(), SaveError> {
    let in_round = matches!(state.phase, Phase::AwaitingDraw | Phase::Activation { .. });
    if !in_round || !state.entropy.pending.is_empty() {
        return Ok(());
    }
    let (order, capped) = match state.sequencer {
        Sequencer::Bag => (ActivationOrder::Bag, false),
        Sequencer::CappedBag { .. } => (ActivationOrder::Bag, true),
        Sequencer::Seats(_) => (ActivationOrder::Seats, false),
        Sequencer::Initiative(_) => (ActivationOrder::Initiative, false),
    };
    let config_capped =
        config.activation_order == ActivationOrder::Bag && config.max_streak.is_some();
    if order != config.activation_order || capped != config_capped {
        return Err(SaveError::Inconsistent(format!(
            "the round is drawn in {order:?} order{}, but the config's is {:?}{}",
            if capped { " with the mercy rule" } else { "" },
            config.activation_order,
            if config_capped {
                " with the mercy rule"
            } else {
                ""
            },
        )));
    }
    if state.sequencer.is_bag() {
        return Ok(());
    }
    let left = state.bag.remaining() as usize;
    let drawn = state.sequencer.foreseen(&state.bag, left).len();
    if drawn < left {
        return Err(SaveError::Inconsistent(format!(
            "the round's {} cannot draw {} of the {left} tokens left in the bag",
            match state.sequencer {
                Sequencer::Seats(_) => "seat order",
                _ => "race",
            },
            left - drawn
        )));
    }
    Ok(())
}

/// The round secrets the log has published — each round's commitment, and its key and salt
/// once it is over — are those of the state's seed or key, the rounds in order and the last
/// one committed the state's round: a seed, key or round edited alone (or the log's rounds
/// moved) would have the game fail its own audit at the next reveal.
pub(super) fn check_secrets(state: &GameState, log: &[EventRecord]) -> Result<(), SaveError> {
    let inconsistent = |message: String| Err(SaveError::Inconsistent(message));
    let mut committed = 0;
    for record in log {
        match &record.event {
            Event::RoundCommitted {
                round, commitment, ..
            } => {
                if *round != committed + 1 {
                    return inconsistent(format!(
                        "the log commits to round {round} after round {committed}"
                    ));
                }
                if round_secret(state, *round).commitment(*round) != *commitment {
                    return inconsistent(format!(
                        "round {round}'s commitment in the log is not that of the game's seed \
                         or key"
                    ));
                }
                committed = *round;
            }
            Event::RoundRevealed { round, key, salt } => {
                let secret = round_secret(state, *round);
                if *round != committed || secret.key != *key || secret.salt != *salt {
                    return inconsistent(format!(
                        "round {round}'s secret revealed in the log is not that of the game's \
                         seed or key (its commitment: round {committed})"
                    ));
                }
            }
            _ => {}
        }
    }
    if committed > 0 && committed != state.round {
        return inconsistent(format!(
            "the game is in round {}, but the log's last commitment is to round {committed}",
            state.round
        ));
    }
    Ok(())
}

/// Objects and continuous effects each have their own id, below the next one to be given.
fn check_ids(state: &GameState) -> Result<(), SaveError> {
    let objects = state.objects.iter().map(|o| o.id.0);
    let effects = state.effects.iter().map(|e| e.id.0);
    for (what, mut ids, next) in [
        ("object", objects.collect::<Vec<_>>(), state.counters.object),
        (
            "continuous effect",
            effects.collect(),
            state.counters.effect,
        ),
    ] {
        if let Some(id) = ids.iter().find(|&&id| id >= next) {
            return Err(SaveError::Inconsistent(format!(
                "{what} {id} is numbered at or beyond the next {what} id {next}"
            )));
        }
        ids.sort_unstable();
        if let Some(pair) = ids.windows(2).find(|pair| pair[0] == pair[1]) {
            return Err(SaveError::Inconsistent(format!(
                "two {what}s are numbered {}",
                pair[0]
            )));
        }
    }
    Ok(())
}

/// The players a replay seats are those of the state, in the same order, seated as a new game
/// would seat them (names aside: a save keeps the names it was played with).
pub(super) fn check_seating_of(
    config: &GameConfig,
    seating: &[PlayerSetup],
    state: &GameState,
) -> Result<(), SaveError> {
    let seated: Vec<_> = seating.iter().map(|p| p.id.0).collect();
    let playing: Vec<_> = state.players.iter().map(|p| p.id.0).collect();
    if seated != playing {
        return Err(SaveError::Inconsistent(format!(
            "the seating lists players {seated:?}, the state {playing:?}"
        )));
    }
    check_seating(seating, config, false)
        .map_err(|error| SaveError::Inconsistent(format!("the seating: {error}")))
}

/// The undo point is the state of the activation still open: the same round, none of its draws
/// taken back, and a game not over.
pub(super) fn check_undo(state: &GameState, undo: &GameState) -> Result<(), SaveError> {
    let inconsistent = |message: &str| Err(SaveError::Inconsistent(message.to_owned()));
    if !matches!(undo.phase, Phase::Activation { .. }) {
        return inconsistent("the undo point is not an open activation");
    }
    if matches!(state.phase, Phase::GameOver { .. }) {
        return inconsistent("a game that is over has an undo point");
    }
    if undo.round != state.round || undo.seed != state.seed {
        return inconsistent("the undo point is of another round or game");
    }
    if undo.bag.drawn_history() != state.bag.drawn_history() {
        return inconsistent("the undo point would take back a draw");
    }
    Ok(())
}

/// Someone can move the loaded game on: unless it is over, or waits for the nonces of living
/// players, the next command of a game playing itself (a draw, a pass, a kept hand; the start
/// in setup) is one the rules accept. Asked of the rules themselves, on a copy of the state, so
/// that every way a state can be stuck is found, not only those foreseen here.
pub(super) fn check_can_go_on(config: &GameConfig, state: &GameState) -> Result<(), SaveError> {
    let command = match state.phase {
        Phase::GameOver { .. } => return Ok(()),
        Phase::AwaitingDraw if !state.entropy.pending.is_empty() => return Ok(()),
        Phase::Setup => {
            let dealt = state.players.iter().any(|p| p.kept || !p.hand.is_empty());
            if state.round != 0 || dealt || !state.bag.tallies().is_empty() {
                return Err(SaveError::Inconsistent(
                    "the game is in setup, but hands are dealt or a round was played".to_owned(),
                ));
            }
            Command::StartGame
        }
        _ => autoplay_command(config, state, Autoplay::Pass).ok_or_else(|| {
            SaveError::Inconsistent(format!(
                "nobody can move the game on: it is in {}, with no decision left to make",
                state.phase.name()
            ))
        })?,
    };
    let mut trial = state.clone();
    dispatch(
        config,
        &mut trial,
        &command,
        &mut NoHooks,
        &mut Emitter::quiet(),
    )
    .map_err(|error| {
        SaveError::Inconsistent(format!(
            "nobody can move the game on: in {}, {} is refused: {error}",
            state.phase.name(),
            match command {
                Command::StartGame => "the start",
                Command::DrawToken => "the draw",
                Command::Keep { .. } => "keeping a hand",
                _ => "a pass",
            }
        ))
    })
}

/// Checks that the state's counters leave room to count on: each is at most half its type's
/// range (half of GDScript's `int`, `i64`, for the u64 ones, which reach scripts as ids),
/// which no game reaches in play, so that the next round, id, timestamp or mulligan cannot
/// overflow nor an id come to a script as a float.
fn check_headroom(state: &GameState) -> Result<(), SaveError> {
    let counters = &state.counters;
    let narrow = [
        ("round", state.round),
        ("next object id", counters.object),
        ("next effect id", counters.effect),
        ("next token id", state.bag.next_token().0),
    ];
    let wide = [
        ("next action id", counters.action),
        ("next timestamp", counters.timestamp),
    ];
    let beyond = narrow
        .into_iter()
        .filter(|&(_, value)| value > u32::MAX / 2)
        .map(|(what, value)| format!("{what} {value}"))
        .chain(
            wide.into_iter()
                .filter(|&(_, value)| value > i64::MAX as u64 / 2)
                .map(|(what, value)| format!("{what} {value}")),
        )
        .chain(
            state
                .players
                .iter()
                .filter(|player| player.mulligans > u32::MAX / 2)
                .map(|player| format!("player {}'s {} mulligans", player.id, player.mulligans)),
        )
        .next();
    match beyond {
        Some(what) => Err(SaveError::Inconsistent(format!(
            "{what} is more than a game can count to (at most half the number's range)"
        ))),
        None => Ok(()),
    }
}

/// A player's faction is one the config defines, and their reserve no more than it gives.
fn check_faction(config: &GameConfig, player: &Player) -> Result<(), SaveError> {
    let faction = match &player.faction {
        Some(name) => match config.factions.get(name) {
            Some(faction) => Some(faction),
            None => {
                return Err(SaveError::Inconsistent(format!(
                    "player {} belongs to faction \"{name}\", which the config does not define",
                    player.id
                )));
            }
        },
        None => None,
    };
    let reserve = faction.map_or(0, |f| f.reserve_tokens);
    if player.reserve > reserve {
        return Err(SaveError::Inconsistent(format!(
            "player {} holds {} reserve tokens; their faction gives {reserve}",
            player.id, player.reserve
        )));
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
