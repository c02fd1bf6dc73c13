//! A complete game of bots (4 players, 10 rounds), and the save and load (JSON and binary), one
//! viewer's snapshot and the fairness audit of an 8-player game in round 5, on the bundled
//! starter set.

// criterion's macros generate undocumented functions.
#![allow(missing_docs)]

mod common;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use horizons_edge_core::audit::Auditor;
use horizons_edge_core::{
    Autoplay, Command, Event, Game, GameConfig, NoHooks, Phase, PlayerId, PlayerSetup,
};
use std::hint::black_box;

/// Plays a whole bot game from `seed`; returns how many commands it took.
fn bot_game(config: &GameConfig, seed: u64) -> usize {
    let mut game = Game::new(common::bots(4), config.clone(), seed).expect("valid setup");
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
    let config = common::starter_config(Some(10));
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

/// Benchmark (c) without Godot: 1 000 rounds of 4 players with 4 tokens, every activation passed
/// (32 000 commands through `apply_logged`, as `GameRules.play_rounds` runs them).
fn pass_loop(c: &mut Criterion) {
    let config: GameConfig = serde_json::from_value(serde_json::json!({
        "round_limit": 1000,
        "opening_hand_size": 0,
        "command_tiers": [{"tokens": 4}],
    }))
    .expect("valid config");
    let players: Vec<PlayerSetup> = common::bots(4)
        .into_iter()
        .map(|player| PlayerSetup {
            deck: Vec::new(),
            ..player
        })
        .collect();
    let mut group = c.benchmark_group("game");
    group.sample_size(20);
    group.throughput(Throughput::Elements(32_000));
    group.bench_function("pass_loop_4_players_1000_rounds", |b| {
        b.iter(|| {
            let mut game = Game::new(players.clone(), config.clone(), 7).expect("valid setup");
            game.apply(Command::StartGame).expect("start");
            while let Some(command) = game.autoplay_command(Autoplay::Pass) {
                game.apply_logged(command, &mut NoHooks).expect("autoplay");
            }
            black_box(game.last_seq())
        })
    });
    group.finish();
}

fn save_and_load(c: &mut Criterion) {
    let config = common::starter_config(None);
    let game = common::mid_game(&config);
    let json = game.to_json();
    eprintln!(
        "8-player save in round 5: {} bytes of JSON ({} logged events)",
        json.len(),
        game.last_seq()
    );
    let mut group = c.benchmark_group("save");
    group.throughput(Throughput::Bytes(json.len() as u64));
    group.bench_function("save_8_players_round_5", |b| {
        b.iter(|| black_box(game.to_json()))
    });
    group.bench_function("load_8_players_round_5", |b| {
        b.iter(|| black_box(Game::from_json(&json).expect("loads")))
    });
    group.finish();
    let bytes = game.to_bytes();
    eprintln!("the same save in binary: {} bytes", bytes.len());
    let mut group = c.benchmark_group("save");
    group.throughput(Throughput::Bytes(bytes.len() as u64));
    group.bench_function("save_bytes_8_players_round_5", |b| {
        b.iter(|| black_box(game.to_bytes()))
    });
    group.bench_function("load_bytes_8_players_round_5", |b| {
        b.iter(|| black_box(Game::from_bytes(&bytes).expect("loads")))
    });
    // GameRules.load_replay and a game server resuming a table: every command played again.
    let replay = game.replay();
    group.bench_function("replay_8_players_round_5", |b| {
        b.iter(|| black_box(replay.game().expect("replays")))
    });
    group.finish();
}

/// What a server does per client and update, and what a client does per round: a viewer's
/// snapshot (and its JSON), and auditing every revealed round of the log.
fn projections_and_audit(c: &mut Criterion) {
    let config = common::starter_config(None);
    let game = common::mid_game(&config);
    let viewer = Some(PlayerId(3));
    let snapshot = game.snapshot_for(viewer).expect("seated viewer");
    let events: Vec<Event> = game
        .events_for(viewer, 0)
        .expect("seated viewer")
        .into_iter()
        .map(|record| record.event)
        .collect();
    eprintln!(
        "snapshot for one viewer in round 5: {} bytes of JSON; {} visible events",
        serde_json::to_string(&snapshot).expect("serializes").len(),
        events.len()
    );
    let mut group = c.benchmark_group("multiplayer");
    group.bench_function("snapshot_json_8_players_round_5", |b| {
        b.iter(|| {
            let snapshot = game.snapshot_for(viewer).expect("seated viewer");
            black_box(serde_json::to_string(&snapshot).expect("serializes"))
        })
    });
    group.bench_function("audit_rounds_1_to_4_of_8_players", |b| {
        b.iter(|| {
            let mut auditor = Auditor::new();
            let verdicts = events.iter().filter_map(|e| auditor.observe(e)).count();
            assert_eq!(verdicts, 4);
            black_box(verdicts)
        })
    });
    group.finish();
}

criterion_group!(
    benches,
    full_game,
    pass_loop,
    save_and_load,
    projections_and_audit
);
criterion_main!(benches);
