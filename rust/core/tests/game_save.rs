//! Saving and loading whole games: exact continuation, and refusal of damaged or tampered saves.

mod common;

use common::*;
use horizons_edge_core::{Command, Game, SaveError};
use serde_json::{Value, json};

#[test]
fn a_loaded_game_continues_exactly_like_the_original() {
    let original = mid_game();
    let saved = original.to_json();
    let loaded = Game::from_json(&saved).unwrap();
    assert_eq!(loaded, original);
    assert_eq!(
        loaded.to_json(),
        saved,
        "save, load, save gives other bytes"
    );
    assert_plays_on_alike(original, loaded);
}

#[test]
fn saving_and_loading_at_every_command_changes_nothing() {
    let (reference, reloaded) =
        reloaded_before_every_command(|game| Game::from_json(&game.to_json()).unwrap());
    assert_eq!(reloaded.to_json(), reference.to_json());
}

fn tampered(mutate: impl FnOnce(&mut Value)) -> SaveError {
    let mut value: Value = serde_json::from_str(&mid_game().to_json()).unwrap();
    mutate(&mut value);
    Game::from_json(&value.to_string()).unwrap_err()
}

/// A change to the JSON of [`mid_game`]'s save.
type Mutation = Box<dyn FnOnce(&mut Value)>;

/// Checks that the save with each change is refused with its fragment in the reason.
fn assert_each_refused(cases: Vec<(Mutation, &str)>) {
    for (mutate, fragment) in cases {
        let error = tampered(mutate);
        assert!(
            error.to_string().contains(fragment),
            "expected '{fragment}' in: {error}"
        );
    }
}

#[test]
fn damaged_saves_are_refused_with_the_reason() {
    let json = mid_game().to_json();
    for bad in ["", "{}", "[1, 2]", &json[..json.len() - 10]] {
        assert!(
            matches!(Game::from_json(bad), Err(SaveError::Malformed(_))),
            "{bad:.20}"
        );
    }
    let cases: Vec<(Mutation, &str)> = vec![
        (
            Box::new(|v| v["format"] = json!("horizons_edge.command_token_bag")),
            "expected \"horizons_edge.game\"",
        ),
        (
            Box::new(|v| v["version"] = json!(99)),
            "version 99 is not supported",
        ),
        (
            Box::new(|v| v["state"]["bag"]["players"][0]["contributed"] = json!(3)),
            "contributed 3 tokens",
        ),
        (
            Box::new(|v| {
                // Consistently renumber player 0's share of the bag to an unseated player 9.
                let bag = &mut v["state"]["bag"];
                bag["players"][0]["player"] = json!(9);
                for list in ["tokens", "drawn"] {
                    for token in bag[list].as_array_mut().unwrap() {
                        if token["owner"] == json!(0) {
                            token["owner"] = json!(9);
                        }
                    }
                }
            }),
            "the bag holds tokens of unknown player 9",
        ),
        (
            Box::new(|v| v["state"]["players"][1]["id"] = json!(0)),
            "seated twice",
        ),
        (
            Box::new(|v| v["state"]["players"][0]["hand"][0] = json!(77)),
            "unknown card 77",
        ),
        (
            Box::new(|v| v["state"]["players"][0]["command_tier"] = json!(5)),
            "tier 5",
        ),
        (
            Box::new(|v| v["state"]["active"] = json!(12)),
            "active player 12",
        ),
        (
            Box::new(|v| v["log"][3] = json!([1, 2, null])),
            "a log run without events",
        ),
        (
            Box::new(|v| {
                v["log"][3]
                    .as_array_mut()
                    .unwrap()
                    .push(json!(["bag_emptied", 1]))
            }),
            "a row of bag_emptied with more values than the event has fields",
        ),
        (
            Box::new(|v| {
                v["log"][3]
                    .as_array_mut()
                    .unwrap()
                    .push(json!(["turn_changed"]))
            }),
            "a row of turn_changed without its player",
        ),
        (
            Box::new(|v| {
                v["log"][3]
                    .as_array_mut()
                    .unwrap()
                    .push(json!(["card_drawn", 1]))
            }),
            "unknown variant `card_drawn`",
        ),
        (
            Box::new(|v| {
                v["log"][3]
                    .as_array_mut()
                    .unwrap()
                    .push(json!({"type": "bag_emptied"}))
            }),
            "expected event row [type, field, …]",
        ),
        (
            Box::new(|v| {
                let record = json!({"seq": 1, "round": 0, "command": 0, "cause": null,
                                    "event": {"type": "bag_emptied"}});
                v["log"].as_array_mut().unwrap().push(record);
            }),
            "a version 2 save written in another version's form",
        ),
        (
            Box::new(|v| v["commands"][1] = json!(["keep", 0, [], 5])),
            "a row of keep with more values than the command has fields",
        ),
        (
            Box::new(|v| v["commands"][1] = json!({"command": "keep", "player": 0})),
            "a version 2 save written in another version's form",
        ),
        (
            Box::new(|v| {
                v["undo"]["unchanged"]
                    .as_array_mut()
                    .unwrap()
                    .push(json!("surprise"))
            }),
            "keeps the state's surprise, which the state does not have",
        ),
        (
            Box::new(|v| {
                let kept = v["undo"]["unchanged"][0].clone();
                v["undo"]["unchanged"].as_array_mut().unwrap().push(kept);
            }),
            "which the state does not have (or is kept twice)",
        ),
        (
            Box::new(|v| v["undo"]["changed"]["round"] = v["state"]["round"].clone()),
            "both keeps and changes the state's round",
        ),
        (
            Box::new(|v| v["undo"]["changed"]["players"][1]["id"] = json!(0)),
            "player 0 is seated twice",
        ),
        (
            Box::new(|v| v["config"]["command_tiers"] = json!([])),
            "command_tiers is empty",
        ),
        (
            Box::new(|v| v["state"]["surprise"] = json!(1)),
            "unknown field",
        ),
    ];
    assert_each_refused(cases);
}

#[test]
fn an_undo_point_that_does_not_add_up_with_the_state_is_refused() {
    let cases: Vec<(Mutation, &str)> = vec![
        (
            // The state has no key (the game was never rekeyed): the JSON leaves it out.
            Box::new(|v| {
                v["undo"]["unchanged"]
                    .as_array_mut()
                    .unwrap()
                    .push(json!("key"))
            }),
            "keeps the state's key, which the state does not have",
        ),
        (
            Box::new(|v| {
                let kept = v["undo"]["unchanged"].as_array_mut().unwrap();
                kept.retain(|field| field != "objects");
            }),
            "missing field `objects` in the undo point",
        ),
        (
            Box::new(|v| v["undo"]["changed"]["surprise"] = json!(1)),
            "unknown field `surprise` in the undo point",
        ),
        (
            Box::new(|v| v["undo"]["changed"]["phase"] = json!(2)),
            "invalid type",
        ),
    ];
    assert_each_refused(cases);
}

#[test]
fn an_undo_point_has_a_field_the_state_may_leave_out_only_if_it_keeps_or_changes_it() {
    // A rekeyed game, saved with an undo point (which keeps the key, as the state does).
    let mut game = Game::new(players(4), config(), 41).unwrap();
    game.apply(Command::Rekey {
        key: horizons_edge_core::fairness::Bytes32([7; 32]),
    })
    .unwrap();
    while game.state().round < 2 || game.can_undo().is_err() {
        game.apply(next_bot_command(&game).unwrap()).unwrap();
    }
    let mut value: Value = serde_json::from_str(&game.to_json()).unwrap();
    let undone = |value: &Value| {
        let mut game = Game::from_json(&value.to_string()).unwrap();
        assert!(game.state().key.is_some());
        game.apply(Command::Undo).unwrap();
        game.state().key
    };
    assert!(undone(&value).is_some(), "the undo point keeps the key");
    value["undo"]["unchanged"]
        .as_array_mut()
        .unwrap()
        .retain(|field| field != "key");
    assert_eq!(undone(&value), None, "the undo point leaves the key out");
}

#[test]
fn a_bag_token_count_beyond_every_tier_is_refused() {
    let error = tampered(|v| {
        let bag = &mut v["state"]["bag"];
        let extra: Vec<Value> = (1000..1003)
            .map(|id| json!({"id": id, "owner": 0, "kind": "command"}))
            .collect();
        bag["tokens"].as_array_mut().unwrap().extend(extra);
        bag["next_token_id"] = json!(2000);
        let contributed = bag["players"][0]["contributed"].as_u64().unwrap();
        bag["players"][0]["contributed"] = json!(contributed + 3);
    });
    assert!(
        error
            .to_string()
            .contains("more than any command tier gives"),
        "{error}"
    );
}

/// A save whose players or round cannot be played on is refused: a seat out of the game with
/// tokens still in the bag (nobody could ever act on them), a faction or reserve the config does
/// not give, more extra actions than a token holds, a mercy cap the config does not set.
#[test]
fn a_save_that_could_not_be_played_on_is_refused() {
    use horizons_edge_core::game::activation::Sequencer;
    let capped = serde_json::to_value(Sequencer::CappedBag { max_streak: 0 }).unwrap();
    let cases: Vec<(Mutation, &str)> = vec![
        (
            Box::new(|v| v["state"]["players"][0]["eliminated"] = json!(true)),
            "eliminated player 0 still has tokens in the bag",
        ),
        (
            Box::new(|v| v["state"]["players"][1]["faction"] = json!("pirates")),
            "faction \"pirates\", which the config does not define",
        ),
        (
            Box::new(|v| v["state"]["players"][2]["reserve"] = json!(4_294_967_295_u32)),
            "holds 4294967295 reserve tokens; their faction gives 0",
        ),
        (
            Box::new(|v| v["state"]["extra_actions"] = json!(5)),
            "5 extra actions are left",
        ),
        (
            Box::new(move |v| v["state"]["sequencer"] = capped),
            "caps streaks at 0 draws",
        ),
    ];
    assert_each_refused(cases);
}

/// A save whose numbers leave no room to count on is refused: the next action, object, effect,
/// round or mulligan would overflow (the command refused as a bug, every time: a game that can
/// never go on). Numbers are read up to half their type's range, which no game reaches in play.
#[test]
fn a_save_whose_counters_leave_no_room_to_count_on_is_refused() {
    let cases: Vec<(Mutation, &str)> = vec![
        (
            Box::new(|v| v["state"]["round"] = json!(u32::MAX)),
            "round 4294967295",
        ),
        (
            Box::new(|v| v["state"]["counters"]["action"] = json!(u64::MAX)),
            "next action id 18446744073709551615",
        ),
        (
            Box::new(|v| v["state"]["counters"]["object"] = json!(u32::MAX)),
            "next object id 4294967295",
        ),
        (
            Box::new(|v| v["state"]["counters"]["effect"] = json!(u32::MAX)),
            "next effect id 4294967295",
        ),
        (
            Box::new(|v| v["state"]["counters"]["timestamp"] = json!(u64::MAX)),
            "next timestamp 18446744073709551615",
        ),
        // Past half of GDScript's int: ids a few actions on came to scripts as floats.
        (
            Box::new(|v| v["state"]["counters"]["action"] = json!(i64::MAX)),
            "next action id 9223372036854775807",
        ),
        (
            Box::new(|v| v["state"]["counters"]["timestamp"] = json!(i64::MAX / 2 + 1)),
            "next timestamp 4611686018427387904",
        ),
        (
            Box::new(|v| v["state"]["players"][1]["mulligans"] = json!(u32::MAX)),
            "4294967295 mulligans",
        ),
        (
            Box::new(|v| v["state"]["bag"]["next_token_id"] = json!(u32::MAX - 5)),
            "next token id 4294967290",
        ),
    ];
    assert_each_refused(cases);
}

/// A save may not hold more objects or continuous effects than play lets into it (each action
/// then took seconds: every object's abilities look at every other), nor an undo point that
/// lists its kept fields tens of thousands of times (refusing it took seconds).
#[test]
fn a_save_with_more_in_play_than_play_allows_is_refused_promptly() {
    use horizons_edge_core::game::effects::MAX_OBJECTS;
    let game = mid_game();
    let saved: Value = serde_json::from_str(&game.to_json()).unwrap();
    let object = saved["state"]["objects"][0].clone();
    assert!(object.is_object(), "mid_game has an object in play");
    let error = tampered(move |v| {
        let objects: Vec<Value> = (0..=MAX_OBJECTS)
            .map(|id| {
                let mut copy = object.clone();
                copy["id"] = json!(id);
                copy
            })
            .collect();
        v["state"]["objects"] = json!(objects);
    });
    assert!(error.to_string().contains("1001 objects"), "{error}");
    let error = tampered(|v| {
        let kept = v["undo"]["unchanged"]
            .as_array_mut()
            .expect("an undo point");
        let first = kept[0].clone();
        kept.extend(std::iter::repeat_n(first, 50_000));
    });
    assert!(error.to_string().contains("kept twice"), "{error}");
}

/// Cards only move between a player's deck, hand and discard pile, so a player never holds more
/// than a deck may start with: a save that gives one more (a hand of a million made
/// `legal_actions` run for minutes) is refused, and so is such a deck at setup.
#[test]
fn more_cards_than_a_deck_may_hold_are_refused_at_setup_and_in_a_save() {
    use horizons_edge_core::game::state::MAX_CARDS_PER_PLAYER;
    let card = mid_game().state().players[0].deck[0];
    let error = tampered(move |v| {
        v["state"]["players"][0]["hand"] = json!(vec![card; MAX_CARDS_PER_PLAYER + 1]);
    });
    assert!(
        error.to_string().contains("a deck holds at most 1000"),
        "{error}"
    );
    let mut seats = players(2);
    seats[1].deck = vec![card; MAX_CARDS_PER_PLAYER + 1];
    let error = Game::new(seats, config(), 1).unwrap_err();
    assert!(error.to_string().contains("1001 cards"), "{error}");
    let mut seats = players(2);
    seats[1].deck = vec![card; MAX_CARDS_PER_PLAYER];
    assert!(
        Game::new(seats, config(), 1).is_ok(),
        "a deck of the most cards"
    );
}

/// A save nobody could move on is refused, whatever makes it stuck: a mulligan with every hand
/// kept, a setup with hands dealt, a round awaiting a draw from an empty bag, a round with every
/// player out of the game. (Every state play reaches loads: see `game_state_machine.rs`.)
#[test]
fn a_save_nobody_could_move_on_is_refused() {
    let awaiting = |v: &mut Value| {
        v["state"]["phase"] = json!({"phase": "awaiting_draw"});
        v["state"]["active"] = Value::Null;
        v["state"]["extra_actions"] = json!(0);
        v["undo"] = Value::Null;
    };
    let cases: Vec<(Mutation, &str)> = vec![
        (
            Box::new(move |v| {
                awaiting(v);
                v["state"]["phase"] = json!({"phase": "mulligan"});
            }),
            "nobody can move the game on: it is in mulligan, with no decision left to make",
        ),
        (
            Box::new(move |v| {
                awaiting(v);
                v["state"]["phase"] = json!({"phase": "setup"});
            }),
            "the game is in setup, but hands are dealt or a round was played",
        ),
        (
            Box::new(move |v| {
                awaiting(v);
                let bag = &mut v["state"]["bag"];
                let left = std::mem::take(bag["tokens"].as_array_mut().unwrap());
                bag["drawn"].as_array_mut().unwrap().extend(left);
            }),
            "nobody can move the game on: in awaiting_draw, the draw is refused",
        ),
        (
            Box::new(move |v| {
                awaiting(v);
                for player in v["state"]["players"].as_array_mut().unwrap() {
                    player["eliminated"] = json!(true);
                }
                let bag = &mut v["state"]["bag"];
                let left = std::mem::take(bag["tokens"].as_array_mut().unwrap());
                for tally in bag["players"].as_array_mut().unwrap() {
                    let owned = left
                        .iter()
                        .filter(|t| t["owner"] == tally["player"])
                        .count();
                    tally["removed"] = json!(owned);
                }
            }),
            "nobody can move the game on: in awaiting_draw, the draw is refused",
        ),
    ];
    assert_each_refused(cases);
}

/// The parts of a save agree with each other: the replay's seating is the state's players,
/// seated as a new game would be; the undo point is of the open activation and takes back no
/// draw; objects and effects have ids of their own, below the next id to be given.
#[test]
fn a_save_whose_parts_disagree_is_refused() {
    let cases: Vec<(Mutation, &str)> = vec![
        (
            Box::new(|v| v["seating"][0]["id"] = json!(7)),
            "the seating lists players [7, 1, 2, 3], the state [0, 1, 2, 3]",
        ),
        (
            Box::new(|v| {
                v["seating"].as_array_mut().unwrap().pop();
            }),
            "the seating lists players [0, 1, 2], the state [0, 1, 2, 3]",
        ),
        (
            Box::new(|v| v["seating"][1]["deck"][0] = json!(99)),
            "the seating: invalid setup: player 1's deck holds card 99",
        ),
        (
            Box::new(|v| {
                v["undo"]["unchanged"]
                    .as_array_mut()
                    .unwrap()
                    .retain(|field| field != "round");
                v["undo"]["changed"]["round"] = json!(3);
            }),
            "the undo point is of another round or game",
        ),
        (
            Box::new(|v| {
                let objects = v["state"]["objects"].as_array_mut().unwrap();
                let first = objects[0].clone();
                objects.push(first);
            }),
            "two objects are numbered",
        ),
        (
            Box::new(|v| v["state"]["objects"][0]["id"] = json!(4000)),
            "object 4000 is numbered at or beyond the next object id",
        ),
    ];
    assert_each_refused(cases);
}
