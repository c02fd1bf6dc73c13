//! Elimination at any point: tokens leave the bag, an open activation ends, the game ends when
//! one player remains.

mod common;

use common::*;
use horizons_edge_core::{Action, Command, Event, Game, Phase};

#[test]
fn an_eliminated_players_remaining_tokens_leave_the_bag_mid_round() {
    let mut game = in_round_one(4, config(), 31);
    for _ in 0..5 {
        let player = draw(&mut game);
        act(&mut game, player, Action::Pass);
    }
    let victim = p(2);
    let left = game.state().bag.player_remaining(victim).unwrap();
    let total = game.state().bag.remaining();
    let events = game.apply(Command::Eliminate { player: victim }).unwrap();
    assert_eq!(
        events,
        vec![Event::PlayerEliminated {
            player: victim,
            tokens_removed: left
        }]
    );
    assert_eq!(game.state().bag.remaining(), total - left);
    while game.state().round == 1 {
        let player = draw(&mut game);
        assert_ne!(player, victim);
        act(&mut game, player, Action::Pass);
    }
    assert_eq!(
        game.state().bag.remaining(),
        12,
        "round 2 has no tokens of the eliminated player"
    );
}

#[test]
fn eliminating_the_active_player_ends_their_activation() {
    let mut game = in_round_one(3, config(), 33);
    let active = draw(&mut game);
    let events = game.apply(Command::Eliminate { player: active }).unwrap();
    assert_eq!(events[1..], [Event::ActivationEnded { player: active }]);
    assert_eq!(game.state().phase, Phase::AwaitingDraw);
    let next = draw(&mut game);
    assert_ne!(next, active);
}

#[test]
fn the_game_ends_when_one_player_remains() {
    let mut game = in_round_one(3, config(), 35);
    game.apply(Command::Eliminate { player: p(0) }).unwrap();
    let events = game.apply(Command::Eliminate { player: p(2) }).unwrap();
    assert_eq!(events.last(), Some(&Event::GameOver { winner: Some(p(1)) }));
    assert_eq!(game.state().phase, Phase::GameOver { winner: Some(p(1)) });
    refused(&mut game, Command::DrawToken, "the game is over");
    refused(
        &mut game,
        Command::Eliminate { player: p(1) },
        "the game is over",
    );
}

#[test]
fn removing_the_last_tokens_ends_the_round() {
    // Draw until only the owner of the bag's last token has tokens left: eliminating them empties
    // the bag, so the round ends and the next begins without them.
    let mut game = in_round_one(3, config(), 37);
    let order = game.state().bag.peek(usize::MAX);
    let last_owner = order.last().unwrap().owner;
    let tail = order
        .iter()
        .rev()
        .take_while(|t| t.owner == last_owner)
        .count();
    for _ in 0..order.len() - tail {
        let player = draw(&mut game);
        act(&mut game, player, Action::Pass);
    }
    assert_eq!(game.state().round, 1);
    assert_eq!(
        game.state().bag.remaining(),
        game.state().bag.player_remaining(last_owner).unwrap()
    );
    let events = game
        .apply(Command::Eliminate { player: last_owner })
        .unwrap();
    assert!(events.contains(&Event::RoundEnded { round: 1 }));
    assert!(events.contains(&Event::RoundStarted { round: 2 }));
    assert_eq!(game.state().bag.remaining(), 8);
    // Once a round, like a last draw: the bag emptied, before the round ended.
    let emptied: Vec<usize> = game
        .events_since(0)
        .iter()
        .enumerate()
        .filter(|(_, r)| r.round == 1 && r.event == Event::BagEmptied)
        .map(|(i, _)| i)
        .collect();
    assert_eq!(emptied.len(), 1, "bag_emptied once in round 1");
    let ended = events
        .iter()
        .position(|e| *e == Event::RoundEnded { round: 1 });
    let empty = events.iter().position(|e| *e == Event::BagEmptied);
    assert!(empty < ended, "emptied before the round ended: {events:?}");
}

#[test]
fn eliminating_the_last_undecided_player_during_the_mulligan_starts_round_one() {
    let mut game = Game::new(players(3), config(), 39).unwrap();
    game.apply(Command::StartGame).unwrap();
    game.apply(Command::Keep {
        player: p(0),
        bottom: vec![],
    })
    .unwrap();
    game.apply(Command::Keep {
        player: p(1),
        bottom: vec![],
    })
    .unwrap();
    let events = game.apply(Command::Eliminate { player: p(2) }).unwrap();
    assert!(events.contains(&Event::RoundStarted { round: 1 }));
    assert_eq!(game.state().bag.remaining(), 8);
}
