//! A complete game of bots: 4 players, 10 rounds, on the bundled starter set.

// criterion's macros generate undocumented functions.
#![allow(missing_docs)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use horizons_edge_core::{CardId, Command, Game, GameConfig, Phase, PlayerId, PlayerSetup};
use std::hint::black_box;

/// The card catalog the bundled game and the headless suites use.
const STARTER_SET: &str =
    include_str!("../../../godot-project/addons/horizons_edge/starter_set.json");

const DECK: [u32; 20] = [1, 2, 3, 4, 5, 1, 2, 4, 5, 1, 2, 3, 4, 5, 1, 2, 4, 1, 5, 2];

/// Plays a whole bot game from `seed`; returns how many commands it took.
fn bot_game(config: &GameConfig, seed: u64) -> usize {
    let players = (0..4)
        .map(|id| PlayerSetup {
            id: PlayerId(id),
            name: format!("bot {id}"),
            deck: DECK.iter().map(|&card| CardId(card)).collect(),
            energy_per_round: None,
            resources_per_round: None,
        })
        .collect();
    let mut game = Game::new(players, config.clone(), seed).expect("valid setup");
    game.apply(Command::StartGame).expect("start");
    while game.state().phase == Phase::Mulligan {
        let waiting: Vec<PlayerId> = game
            .state()
            .players
            .iter()
            .filter(|p| !p.kept)
            .map(|p| p.id)
            .collect();
        for player in waiting {
            game.apply(Command::BotDecide { player }).expect("mulligan");
        }
    }
    while !matches!(game.state().phase, Phase::GameOver { .. }) {
        game.apply(Command::DrawToken).expect("draw");
        let player = game.state().active.expect("a token was drawn");
        game.apply(Command::BotDecide { player })
            .expect("bot action");
    }
    game.commands().len()
}

fn full_game(c: &mut Criterion) {
    let mut config: GameConfig = serde_json::from_str(STARTER_SET).expect("starter set");
    config.round_limit = Some(10);
    let mut group = c.benchmark_group("game");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0;
    group.bench_function("bots_4_players_10_rounds", |b| {
        b.iter(|| {
            seed += 1;
            black_box(bot_game(&config, seed))
        });
    });
    group.finish();
}

criterion_group!(benches, full_game);
criterion_main!(benches);
