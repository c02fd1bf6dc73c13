//! What the Monte Carlo planner runs on: whole random-bot games played out with no log, and
//! copies of a mid-game state.

// criterion's macros generate undocumented functions.
#![allow(missing_docs)]

mod common;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use horizons_edge_core::game::planner::play_out;
use horizons_edge_core::{Command, Game, RandomStream};
use std::hint::black_box;

/// Complete 4-player games of 10 rounds, random bots, from the deal to the end.
fn bot_games(c: &mut Criterion) {
    let config = common::starter_config(Some(10));
    let mut game = Game::new(common::bots(4), config.clone(), 1).expect("valid setup");
    game.apply(Command::StartGame).expect("start");
    let dealt = game.state().clone();
    let mut state = dealt.clone();
    let mut group = c.benchmark_group("rollout");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0;
    group.bench_function("bot_game_4_players_10_rounds", |b| {
        b.iter(|| {
            seed += 1;
            state.copy_from(&dealt);
            state.bot_rng = RandomStream::from_seed(seed);
            play_out(&config, &mut state, u32::MAX);
            black_box(state.round)
        });
    });
    group.finish();
}

/// A copy of an 8-player game's state in round 5: a new one, and one into a spare.
fn copies(c: &mut Criterion) {
    let config = common::starter_config(None);
    let game = common::mid_game(&config);
    let mut spare = game.state().clone();
    let mut group = c.benchmark_group("rollout");
    group.bench_function("clone_state_8_players_round_5", |b| {
        b.iter(|| black_box(game.state().clone()))
    });
    group.bench_function("copy_state_8_players_round_5", |b| {
        b.iter(|| {
            spare.copy_from(game.state());
            black_box(spare.round)
        })
    });
    group.finish();
}

criterion_group!(benches, bot_games, copies);
criterion_main!(benches);
