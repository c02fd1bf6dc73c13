//! Special tokens: a double-action token, granted for this round or the next, gives its owner
//! two actions in one activation; its kind never changes the bag's order, so rounds verify.

mod common;

use common::*;
use horizons_edge_core::game::config::ActionKindDef;
use horizons_edge_core::game::effect_defs::Effect;
use horizons_edge_core::{Action, Event, Game, GameConfig, PlayerId, TokenKind};

/// `rally` grants a double-action token for this round, `muster` one for the next.
fn special() -> GameConfig {
    let mut config = config();
    config.round_limit = Some(3);
    config.victory_points_to_win = None;
    for (name, this_round) in [("rally", true), ("muster", false)] {
        config.action_kinds.insert(
            name.into(),
            ActionKindDef {
                cost: Default::default(),
                effects: vec![Effect::GrantDoubleAction { this_round }],
            },
        );
    }
    config
}

/// Draws and passes until `player`'s double-action token comes up; returns whether it did.
fn draw_until_double(game: &mut Game, player: PlayerId) -> bool {
    let round = game.state().round;
    while game.state().round == round {
        let drawn = draw(game);
        if game.state().extra_actions == 1 {
            assert_eq!(drawn, player);
            return true;
        }
        act(game, drawn, Action::Pass);
    }
    false
}

#[test]
fn a_double_action_token_gives_two_actions_in_one_activation() {
    let mut game = in_round_one(2, special(), 3);
    let player = draw(&mut game);
    let events = act(&mut game, player, custom("rally"));
    assert!(events.contains(&Event::DoubleActionGranted {
        player,
        this_round: true
    }));
    let kinds: Vec<TokenKind> = game
        .state()
        .bag
        .peek(64)
        .iter()
        .filter(|t| t.owner == player)
        .map(|t| t.kind)
        .collect();
    assert_eq!(
        kinds
            .iter()
            .filter(|&&k| k == TokenKind::DoubleAction)
            .count(),
        1
    );
    assert!(draw_until_double(&mut game, player));
    let first = act(&mut game, player, custom("rally"));
    assert!(first.contains(&Event::ExtraAction { player }));
    assert!(
        !first
            .iter()
            .any(|e| matches!(e, Event::ActivationEnded { .. }))
    );
    assert_eq!(
        game.state().active,
        Some(player),
        "the activation stays open"
    );
    let second = act(&mut game, player, Action::Pass);
    assert!(second.contains(&Event::ActivationEnded { player }));
    assert_eq!(game.state().extra_actions, 0);
}

#[test]
fn a_pass_gives_up_both_actions_and_undo_brings_the_second_back() {
    let mut game = in_round_one(2, special(), 11);
    let player = draw(&mut game);
    act(&mut game, player, custom("rally"));
    assert!(draw_until_double(&mut game, player));
    act(&mut game, player, custom("muster"));
    game.apply(horizons_edge_core::Command::Undo).unwrap();
    assert_eq!(
        game.state().extra_actions,
        1,
        "undo restores the second action"
    );
    let events = act(&mut game, player, Action::Pass);
    assert!(events.contains(&Event::ActivationEnded { player }));
}

#[test]
fn a_token_for_next_round_joins_its_bag_and_rounds_verify() {
    let mut game = in_round_one(3, special(), 21);
    let player = draw(&mut game);
    act(&mut game, player, custom("muster"));
    assert_eq!(
        game.state()
            .player(player)
            .unwrap()
            .double_actions_next_round,
        1
    );
    while game.state().round == 1 {
        let next = draw(&mut game);
        act(&mut game, next, Action::Pass);
    }
    assert_eq!(
        game.state()
            .player(player)
            .unwrap()
            .double_actions_next_round,
        0
    );
    let doubles = game
        .state()
        .bag
        .peek(64)
        .iter()
        .filter(|t| t.owner == player && t.kind == TokenKind::DoubleAction)
        .count();
    assert_eq!(doubles, 1);
    assert!(draw_until_double(&mut game, player));
    play_out(&mut game, 100_000);
    assert_eq!(audit_every_round(&game), 3);
    let loaded = Game::from_json(&game.to_json()).unwrap();
    assert_eq!(loaded.state_hash(), game.state_hash());
    assert_replays(&game);
}

/// A game that ends while a double-action token's activation is open (the last opponent is
/// eliminated) closes that activation: the extra action went with it. It stayed counted at
/// game over, and the game's own save was then refused ("1 extra actions are left outside an
/// activation"; found by an outside review's save fuzzer).
#[test]
fn a_game_that_ends_in_a_double_action_saves_and_loads() {
    let mut game = in_round_one(2, special(), 3);
    let player = draw(&mut game);
    act(&mut game, player, custom("rally"));
    assert!(draw_until_double(&mut game, player));
    let other = PlayerId(1 - player.0);
    game.apply(horizons_edge_core::Command::Eliminate { player: other })
        .unwrap();
    assert!(matches!(
        game.state().phase,
        horizons_edge_core::Phase::GameOver { .. }
    ));
    assert_eq!(game.state().extra_actions, 0);
    let loaded = Game::from_json(&game.to_json());
    assert!(loaded.is_ok(), "{:?}", loaded.err());
}
