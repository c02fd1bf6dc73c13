//! The three activation orders of a round: the bag, seat order and initiative, all through the
//! same commands, events, saves and replays.

mod common;

use common::*;
use horizons_edge_core::game::activation::ActivationOrder;
use horizons_edge_core::game::config::CommandTier;
use horizons_edge_core::{Command, Game, GameConfig, PlayerId};

fn config_with(order: ActivationOrder, tokens: &[u32]) -> GameConfig {
    let mut config = config();
    config.activation_order = order;
    config.command_tiers = tokens
        .iter()
        .map(|&tokens| CommandTier {
            tokens,
            cost: Default::default(),
        })
        .collect();
    config
}

/// Draws and passes through the rest of the current round; returns who acted, in order.
fn play_round(game: &mut Game) -> Vec<u32> {
    let round = game.state().round;
    let mut order = Vec::new();
    while game.state().round == round {
        let player = draw(game);
        order.push(player.0);
        act(game, player, horizons_edge_core::Action::Pass);
    }
    order
}

#[test]
fn seat_order_goes_clockwise_from_a_random_first_player() {
    let mut game = in_round_one(4, config_with(ActivationOrder::Seats, &[3]), 21);
    let order = play_round(&mut game);
    let first = order[0];
    let expected: Vec<u32> = (0..12).map(|i| (first + i) % 4).collect();
    assert_eq!(order, expected);
    let firsts: Vec<u32> = (0..12).map(|_| play_round(&mut game)[0]).collect();
    assert!(
        firsts.iter().any(|&f| f != firsts[0]),
        "the first player is drawn anew each round: {firsts:?}"
    );
}

#[test]
fn in_seat_order_a_player_with_more_tokens_takes_the_extra_turns_last() {
    let mut game = in_round_one(3, config_with(ActivationOrder::Seats, &[2, 4]), 22);
    // Player 1 upgrades during round 1 (free tiers here), so round 2 gives them 4 tokens.
    loop {
        let player = draw(&mut game);
        let action = if player == p(1) && game.state().player(p(1)).unwrap().command_tier == 0 {
            horizons_edge_core::Action::UpgradeCommand
        } else {
            horizons_edge_core::Action::Pass
        };
        act(&mut game, player, action);
        if game.state().round == 2 {
            break;
        }
    }
    let order = play_round(&mut game);
    assert_eq!(order.len(), 8);
    assert_eq!(&order[6..], &[1, 1], "{order:?}");
    for player in 0..3 {
        let count = order.iter().filter(|&&p| p == player).count();
        assert_eq!(count, if player == 1 { 4 } else { 2 });
    }
}

#[test]
fn initiative_gives_turns_in_proportion_to_tokens() {
    let mut game = in_round_one(2, config_with(ActivationOrder::Initiative, &[3, 6]), 23);
    // Round 1: both at 3 tokens, equal speed: strict alternation from the lower id.
    assert_eq!(play_round(&mut game), vec![0, 1, 0, 1, 0, 1]);
    // Player 0 upgrades in round 2 (free); in round 3 they race at speed 60 against 30.
    loop {
        let player = draw(&mut game);
        let upgrade = player == p(0) && game.state().player(p(0)).unwrap().command_tier == 0;
        let action = if upgrade {
            horizons_edge_core::Action::UpgradeCommand
        } else {
            horizons_edge_core::Action::Pass
        };
        act(&mut game, player, action);
        if game.state().round == 3 {
            break;
        }
    }
    let order = play_round(&mut game);
    assert_eq!(order.len(), 9);
    assert_eq!(order.iter().filter(|&&p| p == 0).count(), 6);
    // Twice as fast: player 0 acts twice for each turn of player 1 until player 1 catches up.
    assert_eq!(&order[..3], &[0, 0, 1], "{order:?}");
}

#[test]
fn every_order_activates_each_player_exactly_their_tokens() {
    for order in [
        ActivationOrder::Bag,
        ActivationOrder::Seats,
        ActivationOrder::Initiative,
    ] {
        let mut game = in_round_one(5, config_with(order, &[4]), 24);
        for _ in 0..3 {
            let acted = play_round(&mut game);
            assert_eq!(acted.len(), 20, "{order:?}");
            for player in 0..5 {
                assert_eq!(acted.iter().filter(|&&p| p == player).count(), 4);
            }
        }
    }
}

#[test]
fn elimination_mid_round_takes_the_player_out_of_seat_order_and_race() {
    for order in [ActivationOrder::Seats, ActivationOrder::Initiative] {
        let mut game = in_round_one(3, config_with(order, &[3]), 25);
        let first = draw(&mut game);
        act(&mut game, first, horizons_edge_core::Action::Pass);
        let victim = PlayerId((first.0 + 1) % 3);
        game.apply(Command::Eliminate { player: victim }).unwrap();
        let rest = play_round(&mut game);
        assert!(!rest.contains(&victim.0), "{order:?}: {rest:?}");
        assert_eq!(
            rest.len(),
            5,
            "{order:?}: the two others finish their tokens"
        );
    }
}

#[test]
fn a_saved_seat_or_initiative_round_continues_identically() {
    for order in [ActivationOrder::Seats, ActivationOrder::Initiative] {
        let mut config = config_with(order, &[3, 5]);
        config.round_limit = Some(4);
        let mut game = in_round_one(4, config, 26);
        for _ in 0..5 {
            let player = draw(&mut game);
            act(&mut game, player, horizons_edge_core::Action::Pass);
        }
        let mut resumed = Game::from_json(&game.to_json()).unwrap();
        assert_eq!(play_out(&mut game, 400), play_out(&mut resumed, 400));
        assert_eq!(game.to_json(), resumed.to_json(), "{order:?}");
    }
}

#[test]
fn the_upcoming_activations_are_the_ones_that_happen() {
    for order in [ActivationOrder::Seats, ActivationOrder::Initiative] {
        let mut game = in_round_one(4, config_with(order, &[3, 5]), 27);
        let first = draw(&mut game);
        let predicted = game.upcoming_activations(5).unwrap();
        act(&mut game, first, horizons_edge_core::Action::Pass);
        let happened: Vec<u32> = (0..5)
            .map(|_| {
                let player = draw(&mut game);
                act(&mut game, player, horizons_edge_core::Action::Pass);
                player.0
            })
            .collect();
        let predicted: Vec<u32> = predicted.iter().map(|p| p.0).collect();
        assert_eq!(predicted, happened, "{order:?}");
    }
    let game = in_round_one(4, config_with(ActivationOrder::Bag, &[3]), 27);
    assert_eq!(
        game.upcoming_activations(5),
        None,
        "the bag's order is secret"
    );
}
