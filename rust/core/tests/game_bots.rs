//! Bots and legal actions: a bot picks among exactly what `apply` accepts; whole bot games run to
//! their end and replay exactly from their seed.

mod common;

use common::*;
use horizons_edge_core::game::state::Phase;
use horizons_edge_core::game::{GameView, Hooks};
use horizons_edge_core::{Action, Command, Event, Game, NoHooks, PlayerId};
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
        let rounds_ended = game
            .events_since(0)
            .iter()
            .filter(|r| matches!(r.event, Event::RoundEnded { .. }))
            .count();
        assert_eq!(rounds_ended, 10);
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
