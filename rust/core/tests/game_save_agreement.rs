//! A save whose parts disagree is refused when it is loaded, before it can stop the game or fail
//! its own audit: a round drawn in another order than the config's, a round's race that cannot
//! draw every token left in the bag, a round's seat order past its own limits, a seed, key or
//! round that does not match the commitments and reveals in the log, a random stream set past
//! its end, a bag of another format or version inside the game.

mod common;

use common::*;
use horizons_edge_core::game::activation::ActivationOrder;
use horizons_edge_core::{Bag, Command, Game, SaveError};
use serde_json::{Value, json};

/// `game` saved, edited by `edit` and loaded again.
fn edited(game: &Game, edit: impl FnOnce(&mut Value)) -> Result<Game, SaveError> {
    let mut save: Value = serde_json::from_str(&game.to_json()).unwrap();
    edit(&mut save);
    Game::from_json(&save.to_string())
}

/// Asserts that `loaded` was refused as inconsistent, saying `fragment`.
fn refused_saying(loaded: Result<Game, SaveError>, fragment: &str) {
    match loaded {
        Err(SaveError::Inconsistent(message)) => {
            assert!(
                message.contains(fragment),
                "expected '{fragment}' in: {message}"
            )
        }
        Err(other) => panic!("refused, but not as inconsistent: {other}"),
        Ok(_) => panic!("an edited save loaded; expected '{fragment}'"),
    }
}

/// Three players in round 2 (round 1's secret revealed), one draw into it.
fn mid_game(order: ActivationOrder) -> Game {
    let mut config = config();
    config.activation_order = order;
    config.victory_points_to_win = None;
    let mut game = in_round_one(3, config, 21);
    while game.state().round < 2 {
        let player = draw(&mut game);
        game.apply(Command::Act {
            player,
            action: horizons_edge_core::Action::Pass,
        })
        .unwrap();
    }
    draw(&mut game);
    game
}

#[test]
fn a_race_that_leaves_out_a_player_with_tokens_is_refused() {
    // The unit of a player who still has tokens was taken out of the round's race: the save
    // loaded, and the round stopped a few draws later ("no units"), for good.
    let game = mid_game(ActivationOrder::Initiative);
    assert!(edited(&game, |_| {}).is_ok(), "the save as written loads");
    let active = game.state().active.unwrap().0;
    let waiting = (0..3u32)
        .find(|&id| id != active && game.state().bag.player_remaining(p(id)).unwrap() > 0)
        .unwrap();
    let loaded = edited(&game, |save| {
        let units = save["state"]["sequencer"]["units"].as_array_mut().unwrap();
        units.retain(|unit| unit["id"] != json!(waiting));
    });
    refused_saying(loaded, "cannot draw");
}

#[test]
fn a_round_drawn_in_another_order_than_the_config_s_is_refused() {
    // A seat-order round made a bag round loaded, drew bag-random and failed its own audit.
    let game = mid_game(ActivationOrder::Seats);
    assert!(edited(&game, |_| {}).is_ok(), "the save as written loads");
    let loaded = edited(&game, |save| {
        save["state"]["sequencer"] = json!({"order": "bag"});
    });
    refused_saying(loaded, "drawn in Bag order");
}

#[test]
fn a_seed_key_or_round_that_does_not_match_the_log_is_refused() {
    // Each loaded, and the game then failed its own fairness audit: the next reveal did not
    // match the commitment the log had already published.
    let game = mid_game(ActivationOrder::Bag);
    let seed = game.state().seed;
    refused_saying(
        edited(&game, |save| save["state"]["seed"] = json!(seed ^ 1)),
        "commitment",
    );
    refused_saying(
        edited(&game, |save| save["state"]["round"] = json!(3)),
        "round 3",
    );
    let mut rekeyed = Game::new(players(3), config(), 21).unwrap();
    rekeyed
        .apply(Command::Rekey {
            key: horizons_edge_core::fairness::Bytes32([7; 32]),
        })
        .unwrap();
    rekeyed.apply(Command::StartGame).unwrap();
    for id in 0..3 {
        rekeyed
            .apply(Command::Keep {
                player: p(id),
                bottom: vec![],
            })
            .unwrap();
    }
    assert!(
        edited(&rekeyed, |_| {}).is_ok(),
        "the save as written loads"
    );
    let other_key = serde_json::to_value(horizons_edge_core::fairness::Bytes32([8; 32])).unwrap();
    refused_saying(
        edited(&rekeyed, |save| save["state"]["key"] = other_key),
        "commitment",
    );
}

#[test]
fn a_random_stream_past_its_end_is_refused() {
    // ChaCha20 counts 2^68 words; a position beyond was taken modulo that, so the bag replayed
    // randomness it had already used. (A JSON `Value` holds no number that large: it is
    // written into the text.)
    let past_end = (1u128 << 68).to_string();
    let with_word_pos = |save: &mut Value| -> String {
        save["rng"]["word_pos"] = json!("PAST_END");
        save.to_string().replace("\"PAST_END\"", &past_end)
    };
    let game = mid_game(ActivationOrder::Bag);
    let mut save: Value = serde_json::from_str(&game.to_json()).unwrap();
    let bag = with_word_pos(&mut save["state"]["bag"]);
    save["state"]["bag"] = json!("BAG");
    let loaded = Game::from_json(&save.to_string().replace("\"BAG\"", &bag));
    assert!(
        matches!(&loaded, Err(SaveError::Malformed(m)) if m.contains("past its end")),
        "{:?}",
        loaded.err()
    );
    let mut bag: Value = serde_json::from_str(&Bag::new(5).to_json()).unwrap();
    let loaded = Bag::from_json(&with_word_pos(&mut bag));
    assert!(
        matches!(&loaded, Err(SaveError::Malformed(m)) if m.contains("past its end")),
        "{loaded:?}"
    );
    bag["rng"]["word_pos"] = json!(0);
    assert!(
        Bag::from_json(&bag.to_string()).is_ok(),
        "a position of 0 loads"
    );
}

#[test]
fn a_bag_of_another_format_or_version_inside_a_game_is_refused() {
    let game = mid_game(ActivationOrder::Bag);
    for (field, value) in [("format", json!("not_a_bag")), ("version", json!(99))] {
        let loaded = edited(&game, |save| save["state"]["bag"][field] = value);
        assert!(
            matches!(&loaded, Err(SaveError::Malformed(m)) if m.contains("bag")),
            "{field}: {:?}",
            loaded.err()
        );
    }
}

#[test]
fn a_seat_order_past_its_own_limits_is_refused() {
    // The game's seat order was never checked as `TurnSystem.load_json` checks its own: with
    // 2^32 pending skips the load ran the next draw through every one of them (until memory ran
    // out), and a seat position past the table overflowed.
    let game = mid_game(ActivationOrder::Seats);
    assert!(edited(&game, |_| {}).is_ok(), "the save as written loads");
    assert!(
        game.to_json().contains("\"pending_skips\":0"),
        "the seat order is saved"
    );
    let loaded = edited(&game, |save| {
        save["state"]["sequencer"]["pending_skips"] = json!(5000);
    });
    refused_saying(loaded, "5000 pending skips");
    let loaded = edited(&game, |save| {
        save["state"]["sequencer"]["first"] = json!(u64::MAX);
    });
    refused_saying(loaded, "beyond the table");
}
