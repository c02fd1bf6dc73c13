//! The London mulligan during setup, with two players and with four: every mulligan puts a card
//! on the bottom (seed 001), or all but the first with three players or more under the config's
//! `free_first_mulligan`, which a save or replay from before the choice keeps.

mod common;

use common::*;
use horizons_edge_core::{Command, Event, Game, Phase, PlayerId};

fn started(count: u32) -> Game {
    started_with(count, config())
}

fn started_with(count: u32, config: horizons_edge_core::GameConfig) -> Game {
    let mut game = Game::new(players(count), config, 21).unwrap();
    let events = game.apply(Command::StartGame).unwrap();
    assert_eq!(game.state().phase, Phase::Mulligan);
    // GameStarted, then per player the public count and the private list of the same cards.
    assert_eq!(events.len(), 1 + 2 * count as usize);
    for event in &events {
        if let Event::PrivateDraw { player, cards } = event {
            assert_eq!(&game.state().player(*player).unwrap().hand, cards);
        }
    }
    game
}

fn cards_of(game: &Game, player: PlayerId) -> Vec<u32> {
    let p = game.state().player(player).unwrap();
    let mut all: Vec<u32> = p.deck.iter().chain(&p.hand).map(|c| c.0).collect();
    all.sort_unstable();
    all
}

#[test]
fn everyone_draws_an_opening_hand_of_seven() {
    let game = started(2);
    for player in &game.state().players {
        assert_eq!(player.hand.len(), 7);
        assert_eq!(player.deck.len(), 13);
    }
}

#[test]
fn with_two_players_every_mulligan_costs_a_card() {
    let mut game = started(2);
    let me = p(0);
    let cards = cards_of(&game, me);
    let events = game.apply(Command::Mulligan { player: me }).unwrap();
    assert_eq!(
        events,
        vec![
            Event::MulliganTaken {
                player: me,
                mulligans: 1
            },
            Event::OpeningHandDrawn {
                player: me,
                cards: 7
            },
            Event::PrivateDraw {
                player: me,
                cards: game.state().player(me).unwrap().hand.clone()
            }
        ]
    );
    assert_eq!(
        cards_of(&game, me),
        cards,
        "the hand went back into the deck"
    );
    refused(
        &mut game,
        Command::Keep {
            player: me,
            bottom: vec![],
        },
        "exactly 1 cards on the bottom, not 0",
    );
    refused(
        &mut game,
        Command::Keep {
            player: me,
            bottom: vec![7],
        },
        "hand index 7",
    );
    refused(
        &mut game,
        Command::Keep {
            player: me,
            bottom: vec![1, 1],
        },
        "not 2",
    );
    let chosen = game.state().player(me).unwrap().hand[4];
    game.apply(Command::Keep {
        player: me,
        bottom: vec![4],
    })
    .unwrap();
    let state = game.state().player(me).unwrap();
    assert_eq!(state.hand.len(), 6);
    assert_eq!(state.deck[0], chosen, "the card went to the bottom");
    refused(&mut game, Command::Mulligan { player: me }, "already kept");
}

/// Seed 001: "`keep: true` validates `cardsToBottom` count matches `mulliganCount`", with no
/// exception. With three players or more the first mulligan was free.
#[test]
fn with_more_than_two_players_every_mulligan_costs_a_card_as_seed_001_has_it() {
    let mut game = started(4);
    let me = p(2);
    game.apply(Command::Mulligan { player: me }).unwrap();
    refused(
        &mut game,
        Command::Keep {
            player: me,
            bottom: vec![],
        },
        "exactly 1 cards",
    );
    game.apply(Command::Keep {
        player: me,
        bottom: vec![0],
    })
    .unwrap();
    assert_eq!(
        game.config().free_first_mulligan,
        Some(false),
        "said outright"
    );
}

#[test]
fn with_more_than_two_players_the_first_mulligan_can_be_free() {
    let mut free = config();
    free.free_first_mulligan = Some(true);
    let mut game = started_with(4, free);
    let me = p(2);
    game.apply(Command::Mulligan { player: me }).unwrap();
    refused(
        &mut game,
        Command::Keep {
            player: me,
            bottom: vec![0],
        },
        "exactly 0 cards",
    );
    game.apply(Command::Mulligan { player: me }).unwrap();
    refused(
        &mut game,
        Command::Keep {
            player: me,
            bottom: vec![],
        },
        "exactly 1 cards",
    );
    let hand = game.state().player(me).unwrap().hand.clone();
    game.apply(Command::Keep {
        player: me,
        bottom: vec![6],
    })
    .unwrap();
    assert_eq!(game.state().player(me).unwrap().hand, hand[..6].to_vec());
}

#[test]
fn bottoming_keeps_the_listed_order_with_the_last_listed_lowest() {
    let mut game = started(2);
    let me = p(1);
    game.apply(Command::Mulligan { player: me }).unwrap();
    game.apply(Command::Mulligan { player: me }).unwrap();
    let hand = game.state().player(me).unwrap().hand.clone();
    game.apply(Command::Keep {
        player: me,
        bottom: vec![5, 2],
    })
    .unwrap();
    let deck = &game.state().player(me).unwrap().deck;
    assert_eq!(&deck[..2], &[hand[2], hand[5]]);
}

#[test]
fn round_one_starts_when_everyone_has_kept() {
    let mut game = started(3);
    game.apply(Command::Keep {
        player: p(1),
        bottom: vec![],
    })
    .unwrap();
    game.apply(Command::Mulligan { player: p(0) }).unwrap();
    game.apply(Command::Keep {
        player: p(0),
        bottom: vec![3],
    })
    .unwrap();
    assert_eq!(game.state().phase, Phase::Mulligan);
    let events = game
        .apply(Command::Keep {
            player: p(2),
            bottom: vec![],
        })
        .unwrap();
    assert!(events.contains(&Event::RoundStarted { round: 1 }));
    assert_eq!(game.state().phase, Phase::AwaitingDraw);
    assert_eq!(
        game.state().player(p(0)).unwrap().hand.len(),
        6,
        "one card on the bottom for one mulligan"
    );
    refused(
        &mut game,
        Command::Mulligan { player: p(1) },
        "only possible during mulligan",
    );
}

#[test]
fn mulligans_stop_before_the_hand_would_be_gone() {
    let mut game = started(2);
    for _ in 0..6 {
        game.apply(Command::Mulligan { player: p(0) }).unwrap();
    }
    refused(
        &mut game,
        Command::Mulligan { player: p(0) },
        "no cards would be left to keep",
    );
    game.apply(Command::Keep {
        player: p(0),
        bottom: (0..6).collect(),
    })
    .unwrap();
    assert_eq!(game.state().player(p(0)).unwrap().hand.len(), 1);
}

#[test]
fn mulligan_decisions_before_the_deal_are_refused() {
    let mut game = Game::new(players(2), config(), 1).unwrap();
    refused(
        &mut game,
        Command::Keep {
            player: p(0),
            bottom: vec![],
        },
        "the game has not started",
    );
    game.apply(Command::StartGame).unwrap();
    refused(
        &mut game,
        Command::StartGame,
        "start_game is only possible during setup",
    );
    refused(
        &mut game,
        Command::Mulligan { player: p(5) },
        "player 5 is not in this game",
    );
}

/// Issue #15 item 8: with no cards to draw, a mulligan would deal an empty hand that still owes
/// a card to the bottom, so the hand could never be kept. It is refused, and keeping works.
#[test]
fn a_mulligan_never_deals_a_hand_that_cannot_be_kept() {
    let mut seated = players(2);
    for player in &mut seated {
        player.deck.clear();
    }
    let mut game = Game::new(seated, config(), 301).unwrap();
    game.apply(Command::StartGame).unwrap();
    refused(
        &mut game,
        Command::Mulligan { player: p(0) },
        "no cards would be left to keep",
    );
    for id in 0..2 {
        game.apply(Command::Keep {
            player: p(id),
            bottom: vec![],
        })
        .unwrap();
    }
    assert_eq!(game.state().phase, Phase::AwaitingDraw);
}

/// A deck shorter than the opening hand: the mulligan limit counts the cards there are.
#[test]
fn the_mulligan_limit_counts_the_cards_the_player_has() {
    let mut seated = players(2);
    seated[0].deck.truncate(3);
    let mut game = Game::new(seated, config(), 302).unwrap();
    game.apply(Command::StartGame).unwrap();
    assert_eq!(game.state().player(p(0)).unwrap().hand.len(), 3);
    game.apply(Command::Mulligan { player: p(0) }).unwrap();
    game.apply(Command::Mulligan { player: p(0) }).unwrap();
    refused(
        &mut game,
        Command::Mulligan { player: p(0) },
        "no cards would be left to keep",
    );
    game.apply(Command::Keep {
        player: p(0),
        bottom: vec![2, 0],
    })
    .unwrap();
    assert_eq!(game.state().player(p(0)).unwrap().hand.len(), 1);
}

/// Bots with empty decks get through the mulligan and play (seed 301 was stuck before).
#[test]
fn bots_with_empty_decks_play_on() {
    for seed in 290..310 {
        let mut seated = players(2);
        for player in &mut seated {
            player.deck.clear();
        }
        let mut config = config();
        config.round_limit = Some(2);
        let mut game = Game::new(seated, config, seed).unwrap();
        play_out(&mut game, 1_000);
        assert!(matches!(game.state().phase, Phase::GameOver { .. }));
    }
}

/// A save or a replay written before the choice has no `free_first_mulligan`: it goes on with
/// the free first mulligan it was played with.
#[test]
fn saves_and_replays_from_before_the_choice_keep_the_free_first_mulligan() {
    let mut game = started(3);
    game.apply(Command::Mulligan { player: p(1) }).unwrap();
    let forget = |json: String| {
        let mut value: serde_json::Value = serde_json::from_str(&json).unwrap();
        let config = value["config"].as_object_mut().unwrap();
        assert!(
            config.remove("free_first_mulligan").is_some(),
            "saved outright"
        );
        value.to_string()
    };
    let mut old = Game::from_json(&forget(game.to_json())).unwrap();
    assert_eq!(old.config().free_first_mulligan, Some(true));
    old.apply(Command::Keep {
        player: p(1),
        bottom: vec![],
    })
    .unwrap();
    let replay =
        horizons_edge_core::game::replay::Replay::from_json(&forget(old.replay().to_json()))
            .unwrap();
    let (replayed, _) = replay.play().unwrap();
    assert_eq!(replayed.state_hash(), old.state_hash());
}
