//! Bots and legal actions: a bot picks among exactly what `apply` accepts; whole bot games run to
//! their end and replay exactly from their seed; a game plays itself with `autoplay_command`.

mod common;

use common::*;
use horizons_edge_core::fairness::Bytes32;
use horizons_edge_core::game::state::Phase;
use horizons_edge_core::game::{GameView, Hooks};
use horizons_edge_core::{Action, Autoplay, Command, Event, Game, NoHooks, PlayerId};
use serde_json::json;

/// Every candidate action, listed or not, for the active player.
fn candidates(game: &Game) -> Vec<Action> {
    let state = game.state();
    let Phase::Activation { player } = state.phase else {
        return Vec::new();
    };
    let hand = state.player(player).unwrap().hand.len() as u32;
    let mut all = vec![Action::Pass, Action::UpgradeCommand];
    all.extend((0..hand + 1).map(|hand_index| Action::PlayCard {
        hand_index,
        context: json!(null),
    }));
    all.extend(["generator", "castle"].map(|s| Action::Build {
        structure: s.into(),
        context: json!(null),
    }));
    all.extend(["scout", "rally", "fly"].map(|k| Action::Custom {
        kind: k.into(),
        context: json!(null),
    }));
    all
}

/// Rejects builds: the listing must leave them out.
struct NoBuilding;

impl Hooks for NoBuilding {
    fn validate(&mut self, _: GameView<'_>, _: PlayerId, action: &Action) -> Result<(), String> {
        match action {
            Action::Build { .. } => Err("no building here".into()),
            _ => Ok(()),
        }
    }
}

#[test]
fn legal_actions_are_exactly_what_apply_accepts() {
    let mut config = config();
    config.round_limit = Some(5);
    config.starting_resources = 120;
    let mut game = Game::new(players(4), config, 51).unwrap();
    let mut checked = 0;
    while let Some(command) = next_bot_command(&game) {
        if let Phase::Activation { player } = game.state().phase {
            for hooks in [&mut NoHooks as &mut dyn Hooks, &mut NoBuilding] {
                let legal = game.legal_actions(player, hooks);
                for action in candidates(&game) {
                    let mut trial = game.clone();
                    let accepted = trial
                        .apply_with(
                            Command::Act {
                                player,
                                action: action.clone(),
                            },
                            hooks,
                        )
                        .is_ok();
                    assert_eq!(legal.contains(&action), accepted, "{action:?}");
                    checked += 1;
                }
            }
            let bystander = PlayerId((player.0 + 1) % 4);
            assert!(game.legal_actions(bystander, &mut NoHooks).is_empty());
        }
        game.apply(command).unwrap();
    }
    assert!(checked > 1000, "{checked}");
}

fn bot_game(players_count: u32, seed: u64) -> Game {
    let mut config = config();
    config.round_limit = Some(10);
    let mut game = Game::new(players(players_count), config, seed).unwrap();
    play_out(&mut game, 100_000);
    game
}

#[test]
fn bot_games_of_two_four_and_eight_players_reach_the_end() {
    for count in [2, 4, 8] {
        let game = bot_game(count, u64::from(count));
        assert!(matches!(game.state().phase, Phase::GameOver { .. }));
        assert_eq!(game.state().round, 10);
        assert_eq!(rounds_ended(&game), 10);
    }
}

#[test]
fn a_bot_game_replays_exactly_from_its_seed_and_commands() {
    let original = bot_game(4, 99);
    let mut replay = Game::new(players(4), original.config().clone(), 99).unwrap();
    for command in original.commands() {
        replay.apply(command.clone()).unwrap();
    }
    assert_eq!(replay.to_json(), original.to_json());
    assert_ne!(bot_game(4, 100).to_json(), original.to_json());
}

#[test]
fn a_bot_with_nothing_to_decide_is_refused() {
    let mut game = in_round_one(2, config(), 3);
    refused(
        &mut game,
        Command::BotDecide { player: p(0) },
        "player 0 has no decision to make now",
    );
}

/// How many `round_ended` events the game has logged.
fn rounds_ended(game: &Game) -> usize {
    game.events_since(0)
        .iter()
        .filter(|r| matches!(r.event, Event::RoundEnded { .. }))
        .count()
}

/// Applies the game's own autoplay commands until it stops; returns them.
fn autoplay(game: &mut Game, policy: Autoplay) -> Vec<Command> {
    let mut applied = Vec::new();
    while let Some(command) = game.autoplay_command(policy) {
        game.apply(command.clone()).unwrap();
        applied.push(command);
        assert!(applied.len() < 10_000, "autoplay did not stop");
    }
    applied
}

#[test]
fn autoplay_pass_is_the_bare_round_loop_and_stops_at_game_over() {
    let mut config = config();
    config.round_limit = Some(4);
    let mut game = Game::new(players(3), config, 61).unwrap();
    assert_eq!(game.autoplay_command(Autoplay::Pass), None, "not started");
    game.apply(Command::StartGame).unwrap();
    // A player who took a mulligan keeps the next hand with the right number of cards bottomed.
    game.apply(Command::Mulligan { player: p(1) }).unwrap();
    let commands = autoplay(&mut game, Autoplay::Pass);
    assert!(matches!(game.state().phase, Phase::GameOver { .. }));
    let keeps = commands
        .iter()
        .filter(|c| matches!(c, Command::Keep { .. }))
        .count();
    assert_eq!(keeps, 3);
    let draws = commands
        .iter()
        .filter(|c| **c == Command::DrawToken)
        .count();
    let passes = commands
        .iter()
        .filter(|c| {
            matches!(
                c,
                Command::Act {
                    action: Action::Pass,
                    ..
                }
            )
        })
        .count();
    // 3 players × 4 tokens × 4 rounds, each drawn once and answered by exactly one pass.
    assert_eq!((draws, passes), (48, 48));
    assert_eq!(commands.len(), keeps + draws + passes);
    assert_eq!(rounds_ended(&game), 4);
}

#[test]
fn autoplay_bots_plays_the_same_game_as_bot_commands() {
    let mut config = config();
    config.round_limit = Some(6);
    let mut by_hand = Game::new(players(4), config.clone(), 62).unwrap();
    play_out(&mut by_hand, 10_000);
    let mut auto = Game::new(players(4), config, 62).unwrap();
    auto.apply(Command::StartGame).unwrap();
    autoplay(&mut auto, Autoplay::Bots);
    assert_eq!(auto.state(), by_hand.state());
    assert_eq!(auto.commands(), by_hand.commands());
}

#[test]
fn autoplay_stops_for_nonces_and_goes_on_once_they_are_in() {
    let mut config = config();
    config.round_limit = Some(2);
    config.player_entropy = true;
    let mut game = Game::new(players(2), config, 63).unwrap();
    game.apply(Command::StartGame).unwrap();
    for round in 1..=2 {
        autoplay(&mut game, Autoplay::Pass);
        assert_eq!(game.state().round, round);
        assert_eq!(
            game.state().phase,
            Phase::AwaitingDraw,
            "waits in round {round}"
        );
        for id in 0..2 {
            game.apply(Command::AddEntropy {
                player: p(id),
                nonce: Bytes32([id as u8 + round as u8; 32]),
            })
            .unwrap();
        }
    }
    autoplay(&mut game, Autoplay::Pass);
    assert!(matches!(game.state().phase, Phase::GameOver { .. }));
}
