//! Saves of every version this build reads. `fixtures/game_v1.json` was written by the last
//! build that wrote version 1 (every log record and command an object, the undo point whole):
//! `players(4)` on `config()` with a 6-round limit, seed 41, 61 bot commands — round 2, just
//! after an action. `fixtures/game_v2.json` is the same game as this build writes it.

mod common;

use common::*;
use horizons_edge_core::{Command, EventRecord, Game, SaveError};
use serde_json::{Value, json};

const V1: &str = include_str!("fixtures/game_v1.json");
const V2_PATH: &str = "tests/fixtures/game_v2.json";

/// The fixture's state hash, as the build that wrote it reported it.
const V1_STATE_HASH: u64 = 0xe96f_a2db_e9a1_4b7d;

fn v1() -> Game {
    Game::from_json(V1).unwrap()
}

#[test]
fn a_version_1_save_loads_to_the_game_it_saved() {
    let game = v1();
    assert_eq!(game.state_hash(), V1_STATE_HASH);
    let saved: Value = serde_json::from_str(V1).unwrap();
    let records: Vec<EventRecord> = serde_json::from_value(saved["log"].clone()).unwrap();
    assert_eq!(records.len(), 229);
    assert_eq!(game.events_since(0), records);
    let commands: Vec<Command> = serde_json::from_value(saved["commands"].clone()).unwrap();
    assert_eq!(game.commands(), commands);
    assert!(game.can_undo().is_ok(), "the undo point is kept");
}

#[test]
fn a_version_1_game_saves_as_version_2_and_plays_on_the_same() {
    let mut old = v1();
    let json = old.to_json();
    assert!(json.starts_with(r#"{"format":"horizons_edge.game","version":2,"#));
    let mut new = Game::from_json(&json).unwrap();
    assert_eq!(new, old);
    assert_eq!(new.to_json(), json);
    let (mut old_undone, mut new_undone) = (old.clone(), new.clone());
    old_undone.apply(Command::Undo).unwrap();
    new_undone.apply(Command::Undo).unwrap();
    assert_eq!(new_undone, old_undone, "the undo point is the same");
    play_out(&mut old, 10_000);
    play_out(&mut new, 10_000);
    assert_eq!(new.events_since(0), old.events_since(0));
    assert_eq!(new.state_hash(), old.state_hash());
    assert_replays(&new);
}

/// The golden version 2 save pins the format: a change in what it holds needs a new version
/// (and this build still reading the old one). After such a change, regenerate it with
/// `UPDATE_GOLDEN=1 cargo test --test game_save_versions`.
#[test]
fn the_version_2_save_is_as_pinned_and_loads_to_the_same_game() {
    let json = v1().to_json();
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(V2_PATH, &json).unwrap();
    }
    let golden = std::fs::read_to_string(V2_PATH).unwrap();
    assert_eq!(json, golden, "version 2 saves changed");
    let game = Game::from_json(&golden).unwrap();
    assert_eq!(game.state_hash(), V1_STATE_HASH);
    assert!(golden.len() * 2 < V1.len(), "{} bytes", golden.len());
}

#[test]
fn version_2_saves_name_their_columns_once() {
    let saved: Value = serde_json::from_str(&v1().to_json()).unwrap();
    let columns = &saved["columns"];
    assert_eq!(
        columns["Event.token_drawn"],
        json!(["type", "player", "token", "remaining"])
    );
    assert_eq!(columns["Command.bot_decide"], json!(["command", "player"]));
    assert_eq!(
        columns["Action.play_card"],
        json!(["type", "hand_index", "context"])
    );
    // A run: round, command, cause, then its events, each a row.
    let run = saved["log"]
        .as_array()
        .unwrap()
        .iter()
        .find(|run| run[3][0] == json!("token_drawn"))
        .unwrap();
    assert_eq!(run.as_array().unwrap().len(), 5, "{run}");
    assert_eq!(run[4][0], json!("turn_changed"));
    assert_eq!(run[4][1], run[3][1], "the drawn token's owner acts");
    let keys = ["seq", "round", "command", "cause", "event"];
    let text = saved["log"].to_string();
    for key in keys {
        assert!(!text.contains(&format!("\"{key}\"")), "{key} repeated");
    }
}

fn loading(mutate: impl FnOnce(&mut Value)) -> Result<Game, SaveError> {
    let mut value: Value = serde_json::from_str(V1).unwrap();
    mutate(&mut value);
    Game::from_json(&value.to_string())
}

#[test]
fn damaged_version_1_saves_are_refused_with_the_reason() {
    type Mutation = Box<dyn FnOnce(&mut Value)>;
    let cases: Vec<(Mutation, &str)> = vec![
        (Box::new(|v| v["log"][3]["seq"] = json!(99)), "log entry 4"),
        (
            Box::new(|v| v["undo"]["players"][0]["hand"][0] = json!(77)),
            "unknown card 77",
        ),
        (
            Box::new(|v| v["log"][3] = json!([1, 2, null, ["bag_emptied"]])),
            "a version 1 save written in another version's form",
        ),
        (
            Box::new(|v| v["columns"] = json!({})),
            "a version 1 save written in another version's form",
        ),
        (
            Box::new(|v| v["version"] = json!(0)),
            "reads versions 1 to 2",
        ),
        (
            Box::new(|v| v["version"] = json!(3)),
            "version 3 is not supported",
        ),
    ];
    for (mutate, fragment) in cases {
        let error = loading(mutate).unwrap_err();
        assert!(
            error.to_string().contains(fragment),
            "expected '{fragment}' in: {error}"
        );
    }
}

/// `json` with `version` set to `version` and a field this build does not know: what a later
/// build's save may look like.
fn from_a_later_build(json: &str, version: u32) -> String {
    let mut value: Value = serde_json::from_str(json).unwrap();
    value["version"] = json!(version);
    value["a_later_field"] = json!(true);
    value.to_string()
}

#[test]
fn a_later_version_with_fields_this_build_does_not_know_is_named_as_a_version_not_as_malformed() {
    use horizons_edge_core::turns::save::{self as turns, TurnMode};
    use horizons_edge_core::{Bag, Initiative, game::replay::Replay};
    let game = v1();
    let unsupported = |error: SaveError| {
        assert!(
            matches!(error, SaveError::UnsupportedVersion { found: 7, .. }),
            "{error}"
        )
    };
    unsupported(Game::from_json(&from_a_later_build(&game.to_json(), 7)).unwrap_err());
    unsupported(Replay::from_json(&from_a_later_build(&game.replay().to_json(), 7)).unwrap_err());
    unsupported(Bag::from_json(&from_a_later_build(&Bag::new(3).to_json(), 7)).unwrap_err());
    let race = turns::to_json(TurnMode::Initiative, &Initiative::new(), None);
    unsupported(turns::from_json(&from_a_later_build(&race, 7)).unwrap_err());
}

#[test]
fn another_kind_of_save_is_named_as_such_not_as_malformed() {
    use horizons_edge_core::turns::save::{self as turns, TurnMode};
    use horizons_edge_core::{Bag, Initiative, game::replay::Replay};
    let game = v1();
    let race = turns::to_json(TurnMode::Initiative, &Initiative::new(), None);
    let wrong = |error: SaveError, found: &str| match error {
        SaveError::WrongFormat { found: tag, .. } => assert_eq!(tag, found),
        other => panic!("{other}"),
    };
    wrong(
        Game::from_json(&game.replay().to_json()).unwrap_err(),
        "horizons_edge.replay",
    );
    wrong(
        Replay::from_json(&game.to_json()).unwrap_err(),
        "horizons_edge.game",
    );
    wrong(
        Bag::from_json(&race).unwrap_err(),
        "horizons_edge.turn_system",
    );
    wrong(
        turns::from_json(&Bag::new(3).to_json()).unwrap_err(),
        "horizons_edge.command_token_bag",
    );
    assert!(matches!(
        Game::from_json(r#"{"format":"horizons_edge.game","version":2,"x":1}"#),
        Err(SaveError::Malformed(_))
    ));
}
