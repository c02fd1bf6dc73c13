//! Replays and sync: a game is (seed, seating, config, commands); playing it again, resuming it
//! from a snapshot at any step, or saving and loading it at every draw all end in the same state.

mod common;

use common::*;
use horizons_edge_core::game::replay::Replay;
use horizons_edge_core::{Command, Game, Phase};

const GOLDEN: &str = "tests/fixtures/replay_seed7.json";

/// A bot game of `count` players over `rounds` rounds from `seed`, played to the end.
fn bot_game(count: u32, rounds: u32, seed: u64) -> Game {
    let mut config = config();
    config.round_limit = Some(rounds);
    let mut game = Game::new(players(count), config, seed).unwrap();
    game.apply(Command::StartGame).unwrap();
    play_out(&mut game, 100_000);
    game
}

#[derive(serde::Serialize, serde::Deserialize)]
struct Golden {
    replay: Replay,
    hashes: Vec<u64>,
}

/// The golden replay pins the rules: any change in what a command does changes a hash. After an
/// intended rules change, regenerate it with `UPDATE_GOLDEN=1 cargo test --test game_replay`.
#[test]
fn the_golden_replay_plays_to_the_same_hashes() {
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        let game = bot_game(3, 3, 7);
        let (_, hashes) = game.replay().play().unwrap();
        let golden = Golden {
            replay: game.replay(),
            hashes,
        };
        std::fs::write(GOLDEN, serde_json::to_string_pretty(&golden).unwrap()).unwrap();
    }
    let golden: Golden = serde_json::from_str(&std::fs::read_to_string(GOLDEN).unwrap()).unwrap();
    let replay = Replay::from_json(&golden.replay.to_json()).unwrap();
    let (game, hashes) = replay.play().unwrap();
    assert_eq!(hashes.len(), golden.hashes.len());
    for (step, (hash, expected)) in hashes.iter().zip(&golden.hashes).enumerate() {
        assert_eq!(hash, expected, "step {step}: {:?}", replay.commands[step]);
    }
    assert!(matches!(game.state().phase, Phase::GameOver { .. }));
}

#[test]
fn a_replay_reproduces_the_game() {
    let game = bot_game(4, 4, 31);
    let (replayed, hashes) = Replay::from_json(&game.replay().to_json())
        .unwrap()
        .play()
        .unwrap();
    assert_eq!(replayed.to_json(), game.to_json());
    assert_eq!(hashes.last().copied(), Some(game.state_hash()));
    // What loading uses: the same game, without a hash per command.
    let loaded = game.replay().game().unwrap();
    assert_eq!(loaded.to_json(), game.to_json());
}

#[test]
fn resuming_from_the_snapshot_at_any_step_ends_in_the_same_state() {
    let game = bot_game(4, 3, 32);
    let replay = game.replay();
    let mut snapshot =
        Game::new(replay.players.clone(), replay.config.clone(), replay.seed).unwrap();
    for step in 0..replay.commands.len() {
        let mut resumed = Game::from_json(&snapshot.to_json()).unwrap();
        for command in &replay.commands[step..] {
            resumed.apply(command.clone()).unwrap();
        }
        assert_eq!(
            resumed.state_hash(),
            game.state_hash(),
            "resumed at step {step}"
        );
        snapshot.apply(replay.commands[step].clone()).unwrap();
    }
}

#[test]
fn saving_and_loading_at_every_draw_of_a_long_game_changes_nothing() {
    let uninterrupted = bot_game(8, 10, 33);
    let mut config = config();
    config.round_limit = Some(10);
    let mut game = Game::new(players(8), config, 33).unwrap();
    for command in uninterrupted.commands() {
        if *command == Command::DrawToken {
            game = Game::from_json(&game.to_json()).unwrap();
        }
        game.apply(command.clone()).unwrap();
    }
    assert_eq!(game.state_hash(), uninterrupted.state_hash());
    assert_eq!(game.to_json(), uninterrupted.to_json());
}

#[test]
fn bad_replays_are_refused() {
    assert!(Replay::from_json("{").is_err());
    let mut replay = bot_game(2, 1, 34).replay();
    replay.format = "horizons_edge.game".into();
    assert!(Replay::from_json(&replay.to_json()).is_err());
    let mut edited = bot_game(2, 1, 35).replay();
    edited.commands.insert(0, Command::DrawToken);
    assert!(edited.play().is_err(), "a draw before the game started");
}

/// A replay plays the game as it was played: a rule a later build refuses at setup (a reaction
/// rule's `by` without an `owner`, once ignored) does not make it unplayable, as it does not
/// make the game's save unloadable. (An earlier build's replay of such a game was refused.)
#[test]
fn a_replay_of_a_rule_setup_now_refuses_still_plays() {
    let game = bot_game(3, 2, 5);
    let mut value: serde_json::Value = serde_json::from_str(&game.replay().to_json()).unwrap();
    value["config"]["reactions"] = serde_json::json!([
        {"name": "cheer", "trigger": "dance", "by": "opponents", "response": "scout"}
    ]);
    let edited = value.to_string();
    let replay = Replay::from_json(&edited);
    assert!(replay.is_ok(), "{:?}", replay.err());
    let played = replay.unwrap().play();
    assert!(played.is_ok(), "{:?}", played.err());
}
