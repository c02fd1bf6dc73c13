//! The advanced bag of seed 000 that effects reach. Token manipulation ("cards that add/remove
//! tokens from the bag mid-round"): the effects `add_tokens` and `remove_tokens`, which change
//! this round's bag — bag order only (the config refuses them otherwise): seat and initiative
//! orders are fixed when a round starts. Token prediction ("buildings that reveal upcoming token
//! draws"): a player's foresight, and the private peeks that tell them the next draws.

use crate::bag::MAX_PLAYERS;
use crate::bag::TokenKind;
use crate::error::GameError;
use crate::game::effect_defs::TokenOwner;
use crate::game::emitter::Emitter;
use crate::game::event::Event;
use crate::game::state::{GameState, Phase, Player};
use crate::ids::PlayerId;

/// Puts `count` more tokens of each of `whose` into the bag, as many as fit under the bag's
/// limit for a player in a round.
pub fn add_tokens(
    state: &mut GameState,
    player: PlayerId,
    whose: TokenOwner,
    count: u32,
    out: &mut Emitter,
) {
    for owner in owners(state, player, whose) {
        let added = count.min(state.bag.room_for(owner));
        // Every owner is in the bag and `added` fits, so the bag takes them.
        if added > 0 && state.bag.add_player_tokens(owner, added).is_ok() {
            out.push(Event::TokensAdded {
                player: owner,
                count: added,
            });
        }
    }
}

/// Takes up to `count` tokens of each of `whose` out of the bag: the ones they would draw next.
pub fn remove_tokens(
    state: &mut GameState,
    player: PlayerId,
    whose: TokenOwner,
    count: u32,
    out: &mut Emitter,
) {
    let was_empty = state.bag.is_empty();
    for owner in owners(state, player, whose) {
        let removed = state.bag.remove_tokens(owner, count).unwrap_or(0);
        if removed > 0 {
            out.push(Event::TokensRemoved {
                player: owner,
                count: removed,
            });
        }
    }
    if !was_empty && state.bag.is_empty() {
        // The round's last tokens left: the bag is empty, as after a last draw.
        out.push(Event::BagEmptied);
    }
}

/// Grants `player` a double-action token: into this round's bag now (if the bag has room for
/// it) or into the next round's.
pub fn grant_double_action(
    state: &mut GameState,
    player: PlayerId,
    this_round: bool,
    out: &mut Emitter,
) {
    if !this_round {
        if let Some(seated) = state.player_mut(player) {
            seated.double_actions_next_round = seated.double_actions_next_round.saturating_add(1);
        }
        out.push(Event::DoubleActionGranted { player, this_round });
        return;
    }
    // Every acting player is in the bag; only a full share keeps the token out.
    if state.bag.room_for(player) > 0
        && state
            .bag
            .add_special_token(player, TokenKind::DoubleAction)
            .is_ok()
    {
        out.push(Event::DoubleActionGranted { player, this_round });
        out.push(Event::TokensAdded { player, count: 1 });
    }
}

/// Puts one of `player`'s reserve tokens (their faction's) into this round's bag.
pub fn commit_reserve(
    state: &mut GameState,
    player: PlayerId,
    out: &mut Emitter,
) -> Result<(), GameError> {
    let refuse = |reason| Err(GameError::NoReserve { player, reason });
    if !matches!(state.phase, Phase::AwaitingDraw | Phase::Activation { .. }) {
        return Err(GameError::WrongPhase {
            command: "commit_reserve",
            expected: "a round",
            actual: state.phase.name(),
        });
    }
    let seated = state
        .player(player)
        .ok_or(GameError::UnknownPlayer { player })?;
    if seated.eliminated {
        return Err(GameError::Eliminated { player });
    }
    if seated.reserve == 0 {
        return refuse("none is held back");
    }
    if state.bag.tally(player).is_err() || state.bag.room_for(player) == 0 {
        return refuse("the bag takes no more of their tokens this round");
    }
    if state.bag.add_player_tokens(player, 1).is_err() {
        return refuse("the bag takes no more of their tokens this round");
    }
    let left = state
        .player(player)
        .map_or(0, |p| p.reserve.saturating_sub(1));
    if let Some(seated) = state.player_mut(player) {
        seated.reserve = left;
    }
    out.push(Event::ReserveCommitted { player, left });
    out.push(Event::TokensAdded { player, count: 1 });
    Ok(())
}

/// What the players with foresight see changes with: the round, the bag's contents (how many
/// tokens are left, and how many were ever put in: an action that takes some out and puts as many
/// in changes the order without changing the count) and draws, whether the round is sealed and
/// under way, and who foresees how far (seat by seat; 0 for a seat without foresight or out of
/// the game). Made for every command, so it allocates nothing.
pub fn foresight_key(state: &GameState) -> ForesightKey {
    let mut seers = [0; MAX_PLAYERS];
    for (seer, player) in seers.iter_mut().zip(&state.players) {
        if !player.eliminated {
            *seer = player.foresight;
        }
    }
    ForesightKey {
        round: state.round,
        tokens: [state.bag.remaining(), state.bag.next_token().0],
        drawn: state.bag.drawn_history().len(),
        open: [state.entropy.pending.is_empty(), in_round(state)],
        seers,
    }
}

/// What the players with foresight see changes with (see [`foresight_key`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ForesightKey {
    round: u32,
    tokens: [u32; 2],
    drawn: usize,
    open: [bool; 2],
    seers: [u32; MAX_PLAYERS],
}

/// Whether a round's draws are under way (foresight has something to foretell).
fn in_round(state: &GameState) -> bool {
    matches!(state.phase, Phase::AwaitingDraw | Phase::Activation { .. })
}

/// The most draws foresight shows: a setup or effects may grant more, which reach this far. (Every
/// peek lists the draws it reaches, at every draw: a whole bag of 512 tokens for each seer made
/// a round's log, its saves and its time grow with the tokens squared.)
pub const MAX_FORESIGHT: u32 = 64;

/// The owners of the round's next draws that `seer`'s foresight shows now, as many as it
/// reaches (at most [`MAX_FORESIGHT`], fewer near the round's end); empty for a player without foresight or out of the
/// game, outside a round and until it is sealed (with player entropy, the shuffle waits for the
/// last nonce).
pub fn foreseen(state: &GameState, seer: &Player) -> Vec<PlayerId> {
    let sealed = state.entropy.pending.is_empty();
    if seer.foresight == 0 || seer.eliminated || !sealed || !in_round(state) {
        return Vec::new();
    }
    state
        .sequencer
        .foreseen(&state.bag, seer.foresight.min(MAX_FORESIGHT) as usize)
}

/// Tells every player with foresight the owners of the round's next draws, now that what they
/// see has changed from `before`: none until the round is sealed and once it is over, and none
/// to a player just eliminated (an empty peek, so that a view following the events drops what
/// it showed). A player out of the game before is told nothing more.
pub fn foresee(state: &GameState, before: &ForesightKey, out: &mut Emitter) {
    for (index, seer) in state.players.iter().enumerate() {
        let saw = before.seers.get(index).is_some_and(|&depth| depth > 0);
        if (seer.foresight > 0 && !seer.eliminated) || (saw && seer.eliminated) {
            out.push(Event::PrivatePeek {
                player: seer.id,
                upcoming: foreseen(state, seer),
            });
        }
    }
}

/// The players whose tokens a token effect of `player` changes: living and in this round's bag.
fn owners(state: &GameState, player: PlayerId, whose: TokenOwner) -> Vec<PlayerId> {
    state
        .living()
        .map(|p| p.id)
        .filter(|&id| (id == player) == (whose == TokenOwner::Own))
        .filter(|&id| state.bag.tally(id).is_ok())
        .collect()
}
