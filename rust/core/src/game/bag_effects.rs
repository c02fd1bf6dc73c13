//! Token manipulation (seed 000's "cards that add/remove tokens from the bag mid-round"): the
//! effects `add_tokens` and `remove_tokens`, which change this round's bag. Bag order only (the
//! config refuses them otherwise): seat and initiative orders are fixed when a round starts.

use serde::{Deserialize, Serialize};

use crate::game::Emitter;
use crate::game::event::Event;
use crate::game::state::GameState;
use crate::ids::PlayerId;

/// Whose tokens a token effect changes, seen from the acting player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TokenOwner {
    /// The acting player's.
    Own,
    /// Every other living player's.
    Opponents,
}

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

/// The players whose tokens a token effect of `player` changes: living and in this round's bag.
fn owners(state: &GameState, player: PlayerId, whose: TokenOwner) -> Vec<PlayerId> {
    state
        .living()
        .map(|p| p.id)
        .filter(|&id| (id == player) == (whose == TokenOwner::Own))
        .filter(|&id| state.bag.tally(id).is_ok())
        .collect()
}
