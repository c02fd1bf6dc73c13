//! The London mulligan, during setup.
//!
//! Everyone has drawn an opening hand. A mulligan shuffles the hand into the deck and draws a new
//! one of the same size; keeping puts exactly as many cards on the bottom of the deck as the
//! mulligans that count: every one (seed 001), or all but the first with more than two players
//! under the config's `free_first_mulligan`. Players decide in any order; when every living
//! player has kept, round 1 starts.

use crate::error::{GameError, RulesError};
use crate::game::config::GameConfig;
use crate::game::event::Event;
use crate::game::state::{GameState, Phase, Player};
use crate::game::{Emitter, flow};
use crate::ids::PlayerId;

/// How many of `mulligans` count: all, unless the config's `free_first_mulligan` makes the first
/// free with more than two players.
fn counted(config: &GameConfig, state: &GameState, mulligans: u32) -> u32 {
    let free = config.free_first_mulligan == Some(true) && state.players.len() > 2;
    mulligans - u32::from(free && mulligans > 0)
}

/// Cards `player` puts on the bottom when keeping: one per mulligan that counts, never more
/// than their hand holds; none once the hand is kept.
pub fn cards_to_bottom(config: &GameConfig, state: &GameState, player: &Player) -> u32 {
    if player.kept {
        return 0;
    }
    let hand = u32::try_from(player.hand.len()).unwrap_or(u32::MAX);
    counted(config, state, player.mulligans).min(hand)
}

/// Whether `player` may take another mulligan: only if the new hand (the opening hand size, or
/// fewer when hand and deck together hold fewer cards) still keeps a card after the ones it
/// would send to the bottom, so that no mulligan deals a hand that keeps nothing.
pub fn can_mulligan(config: &GameConfig, state: &GameState, player: &Player) -> bool {
    let cards = player.deck.len() + player.hand.len();
    let new_hand = (config.opening_hand_size as usize).min(cards);
    (counted(config, state, player.mulligans + 1) as usize) < new_hand.max(1)
}

/// `player` shuffles their hand back and draws a new one.
pub fn mulligan(
    config: &GameConfig,
    state: &mut GameState,
    player: PlayerId,
    out: &mut Emitter,
) -> Result<(), RulesError> {
    deciding(state, player, "mulligan")?;
    let seat = state
        .seat(player)
        .ok_or(GameError::UnknownPlayer { player })?;
    if !can_mulligan(config, state, &state.players[seat]) {
        return Err(GameError::MulliganLimit { player }.into());
    }
    let seated = &mut state.players[seat];
    seated.deck.append(&mut seated.hand);
    state.deck_rng.shuffle(&mut seated.deck);
    let cards = seated.draw(config.opening_hand_size);
    seated.mulligans += 1;
    out.push(Event::MulliganTaken {
        player,
        mulligans: seated.mulligans,
    });
    let count = cards.len() as u32;
    out.push_draw(
        Event::OpeningHandDrawn {
            player,
            cards: count,
        },
        player,
        cards,
    );
    Ok(())
}

/// `player` keeps their hand, putting the cards at `bottom` (hand indices) on the bottom of their
/// deck in that order; round 1 starts when everyone has kept.
pub fn keep(
    config: &GameConfig,
    state: &mut GameState,
    player: PlayerId,
    bottom: &[u32],
    out: &mut Emitter,
) -> Result<(), RulesError> {
    deciding(state, player, "keep")?;
    let seat = state
        .seat(player)
        .ok_or(GameError::UnknownPlayer { player })?;
    let expected = cards_to_bottom(config, state, &state.players[seat]);
    let seated = &mut state.players[seat];
    if bottom.len() != expected as usize {
        return Err(GameError::WrongBottomCount {
            player,
            expected,
            given: bottom.len(),
        }
        .into());
    }
    for (position, &index) in bottom.iter().enumerate() {
        if index as usize >= seated.hand.len() || bottom[..position].contains(&index) {
            return Err(GameError::InvalidBottomIndex { player, index }.into());
        }
    }
    put_on_bottom(seated, bottom);
    seated.kept = true;
    out.push(Event::HandKept {
        player,
        bottomed: expected,
    });
    if state.living().all(|p| p.kept) {
        flow::begin_round(config, state, out)?;
    }
    Ok(())
}

/// Refuses unless the game is in the mulligan and `player` has not kept yet.
fn deciding(state: &GameState, player: PlayerId, command: &'static str) -> Result<(), GameError> {
    flow::ensure_running(state)?;
    if state.phase != Phase::Mulligan {
        return Err(GameError::WrongPhase {
            command,
            expected: "mulligan",
            actual: state.phase.name(),
        });
    }
    flow::ensure_living(state, player)?;
    if state.player(player).is_some_and(|p| p.kept) {
        return Err(GameError::AlreadyKept { player });
    }
    Ok(())
}

/// Moves the cards at `indices` (valid and distinct) from the hand to the bottom of the deck,
/// the first listed ending up on top of the others.
fn put_on_bottom(player: &mut Player, indices: &[u32]) {
    let cards: Vec<_> = indices.iter().map(|&i| player.hand[i as usize]).collect();
    let mut sorted: Vec<usize> = indices.iter().map(|&i| i as usize).collect();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    for index in sorted {
        player.hand.remove(index);
    }
    // The deck's bottom is index 0; inserting in list order leaves the last listed lowest.
    for card in cards {
        player.deck.insert(0, card);
    }
}
