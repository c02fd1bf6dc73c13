//! `GameState::copy_from`, which `apply` uses to make its working copy in a retired state's
//! allocations: whatever the two states hold, the copy equals the source.

mod common;

use common::*;
use horizons_edge_core::{Game, GameConfig, GameState};

/// The states a three-round bot game of `players` seats passes through, every `step` commands.
fn states(players: u32, mut config: GameConfig, seed: u64, step: usize) -> Vec<GameState> {
    config.round_limit = Some(3);
    let mut game = Game::new(common::players(players), config, seed).unwrap();
    let mut states = vec![game.state().clone()];
    let mut count = 0;
    while let Some(command) = next_bot_command(&game) {
        game.apply(command).unwrap();
        count += 1;
        if count % step == 0 {
            states.push(game.state().clone());
        }
    }
    states.push(game.state().clone());
    states
}

#[test]
fn a_copy_over_any_other_state_equals_its_source() {
    let mut entropy = config();
    entropy.player_entropy = true;
    let mut all = states(2, config(), 1, 7);
    all.extend(states(8, config(), 2, 11));
    all.extend(states(5, entropy, 3, 5));
    assert!(all.len() > 30, "only {} states", all.len());
    // Each state over a spread of others: more seats, fewer seats, other hands, bags and nonces.
    for (index, source) in all.iter().enumerate() {
        for target in all.iter().step_by(7) {
            let mut copy = target.clone();
            copy.copy_from(source);
            assert_eq!(&copy, source, "state {index} copied over another");
        }
    }
}
