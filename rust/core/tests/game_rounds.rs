//! The round lifecycle: refresh at round start, one action per token, the explicit end of a round.

mod common;

use common::*;
use horizons_edge_core::{Action, Command, Event, Game, NoHooks, Phase};

#[test]
fn round_one_refreshes_every_player_and_fills_the_bag() {
    let game = in_round_one(4, config(), 1);
    let state = game.state();
    assert_eq!(state.round, 1);
    for player in &state.players {
        assert_eq!(player.energy, 10, "energy reset to 0 then 10 generated");
        assert_eq!(player.resources, 50);
        assert_eq!(
            player.hand.len(),
            7,
            "the kept opening hand is round 1's hand"
        );
        assert_eq!(state.bag.player_remaining(player.id), Ok(4));
    }
    assert_eq!(state.bag.remaining(), 16);
}

#[test]
fn the_round_ends_only_after_the_last_tokens_action() {
    let mut game = in_round_one(2, config(), 3);
    for _ in 0..7 {
        let player = draw(&mut game);
        act(&mut game, player, Action::Pass);
    }
    let draw_events = game.apply(Command::DrawToken).unwrap();
    assert_eq!(
        names(&draw_events),
        ["token_drawn", "bag_emptied", "turn_changed"]
    );
    assert_eq!(
        game.state().round,
        1,
        "an empty bag alone does not end the round"
    );
    let last = game.state().active.unwrap();
    let events = act(&mut game, last, Action::Pass);
    let names = names(&events);
    let ended = names.iter().position(|n| n == "round_ended").unwrap();
    let started = names.iter().position(|n| n == "round_started").unwrap();
    assert_eq!(
        &names[..4],
        [
            "action_resolved",
            "activation_ended",
            "round_revealed",
            "round_ended"
        ]
    );
    assert!(ended < started);
    assert_eq!(events[ended], Event::RoundEnded { round: 1 });
    assert_eq!(events[started], Event::RoundStarted { round: 2 });
    assert_eq!(game.state().round, 2);
    assert_eq!(game.state().phase, Phase::AwaitingDraw);
    assert_eq!(game.state().bag.remaining(), 8);
}

#[test]
fn round_two_regenerates_energy_gains_resources_and_refills_hands() {
    let mut game = in_round_one(2, config(), 5);
    let mut spent = false;
    while game.state().round == 1 {
        let player = draw(&mut game);
        // Player 0 plays their first card once; everyone else passes.
        let action = if player.0 == 0 && !spent {
            spent = true;
            Action::PlayCard {
                hand_index: 0,
                context: serde_json::json!({}),
            }
        } else {
            Action::Pass
        };
        if game.apply(Command::Act { player, action }).is_err() {
            act(&mut game, player, Action::Pass);
        }
    }
    for player in &game.state().players {
        assert_eq!(player.energy, 10, "energy does not carry over");
        assert_eq!(player.resources, 100);
        assert_eq!(player.hand.len(), 7, "drawn back up to the hand limit");
    }
}

#[test]
fn each_living_player_acts_exactly_their_tokens_per_round() {
    let mut config = config();
    config.round_limit = Some(6);
    config.starting_resources = 500;
    let mut game = Game::new(players(5), config, 11).unwrap();
    game.apply(Command::StartGame).unwrap();
    let mut tokens_at_round_start = std::collections::BTreeMap::new();
    loop {
        match game.state().phase {
            Phase::GameOver { .. } => break,
            Phase::AwaitingDraw => {
                game.apply(Command::DrawToken).unwrap();
            }
            Phase::Mulligan | Phase::Activation { .. } => {
                let player = match game.state().phase {
                    Phase::Activation { player } => player,
                    _ => game.state().players.iter().find(|p| !p.kept).unwrap().id,
                };
                game.apply(Command::BotDecide { player }).unwrap();
            }
            Phase::Setup => unreachable!(),
        }
        if game.state().phase == Phase::AwaitingDraw && game.state().bag.drawn_history().is_empty()
        {
            let round = game.state().round;
            for tally in game.state().bag.tallies() {
                tokens_at_round_start.insert((round, tally.player), tally.contributed);
            }
        }
    }
    let mut activations = std::collections::BTreeMap::new();
    for record in game.events_since(0) {
        if let Event::TurnChanged { player } = record.event {
            *activations.entry((record.round, player)).or_insert(0u32) += 1;
        }
    }
    assert_eq!(activations, tokens_at_round_start);
    assert_eq!(tokens_at_round_start.len(), 6 * 5);
    assert!(
        tokens_at_round_start.values().any(|&t| t > 4),
        "some bot upgraded, so the check covered more than base tokens"
    );
}

#[test]
fn draws_are_refused_outside_a_round_and_during_an_activation() {
    let mut game = Game::new(players(2), config(), 1).unwrap();
    refused(&mut game, Command::DrawToken, "the game has not started");
    game.apply(Command::StartGame).unwrap();
    refused(&mut game, Command::DrawToken, "the game is in mulligan");
    let mut game = in_round_one(2, config(), 1);
    let player = draw(&mut game);
    refused(
        &mut game,
        Command::DrawToken,
        &format!("player {player} has not acted on their token yet"),
    );
}

#[test]
fn the_bag_of_a_round_depends_only_on_the_seed_and_the_round() {
    // Two games with the same seed whose players act differently (one plays cards and uses the
    // bot stream, the other passes) see the same draw order in every round.
    let order = |bots: bool| -> Vec<Vec<u32>> {
        let mut config = config();
        config.round_limit = Some(3);
        let mut game = in_round_one(4, config, 77);
        let mut rounds = vec![Vec::new(); 3];
        while !matches!(game.state().phase, Phase::GameOver { .. }) {
            let round = game.state().round as usize;
            let player = draw(&mut game);
            rounds[round - 1].push(player.0);
            if bots {
                game.apply(Command::BotDecide { player }).unwrap();
            } else {
                act(&mut game, player, Action::Pass);
            }
        }
        rounds
    };
    let passing = order(false);
    assert_eq!(order(true), passing);
    assert_ne!(passing[0], passing[1], "each round has its own stream");
}

#[test]
fn a_single_player_still_draws_from_the_bag() {
    let mut game = in_round_one(1, config(), 2);
    for _ in 0..4 {
        let player = draw(&mut game);
        assert_eq!(player.0, 0);
        act(&mut game, player, Action::Pass);
    }
    assert_eq!(game.state().round, 2);
}

#[test]
fn apply_logged_hands_back_the_records_it_added_and_nothing_when_refused() {
    let mut game = in_round_one(2, config(), 5);
    let mut twin = game.clone();
    let before = game.last_seq();
    let records = game
        .apply_logged(Command::DrawToken, &mut NoHooks)
        .unwrap()
        .to_vec();
    let events = twin.apply(Command::DrawToken).unwrap();
    assert_eq!(records, game.events_since(before));
    assert_eq!(records.len(), 2, "token_drawn and turn_changed");
    assert_eq!(records[0].seq, before + 1);
    let logged: Vec<Event> = records.into_iter().map(|record| record.event).collect();
    assert_eq!(logged, events, "apply returns the same events");
    assert_eq!(game, twin, "and makes the same game");
    let seq = game.last_seq();
    assert!(game.apply_logged(Command::DrawToken, &mut NoHooks).is_err());
    assert_eq!(game.last_seq(), seq, "a refused draw logs nothing");
    assert_eq!(game, twin);
}
