//! Display names: `Rename` at any time, seen by every viewer, saved and replayed; a name that
//! cannot be shown is refused and changes nothing.

mod common;

use common::{assert_replays, config, draw, in_round_one, p, refused};
use horizons_edge_core::game::command::MAX_NAME_CHARS;
use horizons_edge_core::{Command, Event, Game};

fn rename(player: u32, name: &str) -> Command {
    Command::Rename {
        player: p(player),
        name: name.to_owned(),
    }
}

#[test]
fn a_rename_is_an_event_every_viewer_sees_and_the_snapshots_carry() {
    let mut game = in_round_one(3, config(), 5);
    let events = game.apply(rename(1, "Ada Lovelace")).unwrap();
    assert_eq!(
        events,
        vec![Event::PlayerRenamed {
            player: p(1),
            name: "Ada Lovelace".to_owned()
        }]
    );
    assert_eq!(game.state().player(p(1)).unwrap().name, "Ada Lovelace");
    for viewer in [None, Some(p(0)), Some(p(1)), Some(p(2))] {
        let snapshot = game.snapshot_for(viewer).unwrap();
        assert_eq!(snapshot.players[1].name, "Ada Lovelace", "{viewer:?}");
    }
    let renamed = |viewer| {
        let events = game.events_for(viewer, 0).unwrap();
        events
            .iter()
            .any(|r| matches!(r.event, Event::PlayerRenamed { .. }))
    };
    assert!(renamed(None) && renamed(Some(p(0))) && renamed(Some(p(2))));
}

#[test]
fn a_rename_works_in_every_phase_and_does_not_use_the_active_players_token() {
    let mut game = Game::new(common::players(2), config(), 9).unwrap();
    game.apply(rename(0, "in setup")).unwrap();
    game.apply(Command::StartGame).unwrap();
    game.apply(rename(1, "in the mulligan")).unwrap();
    for id in 0..2 {
        game.apply(Command::Keep {
            player: p(id),
            bottom: vec![],
        })
        .unwrap();
    }
    let active = draw(&mut game);
    let phase = game.state().phase;
    let remaining = game.state().bag.remaining();
    game.apply(rename(active.0, "while active")).unwrap();
    assert_eq!(game.state().phase, phase, "still the same activation");
    assert_eq!(game.state().bag.remaining(), remaining);
    game.apply(Command::Eliminate {
        player: p(1 - active.0),
    })
    .unwrap();
    game.apply(rename(1 - active.0, "eliminated, or watching"))
        .unwrap();
}

#[test]
fn a_name_that_cannot_be_shown_is_refused_and_changes_nothing() {
    let mut game = in_round_one(2, config(), 3);
    let longest: String = "é".repeat(MAX_NAME_CHARS);
    game.apply(rename(0, &longest)).unwrap();
    let too_long = format!("{longest}x");
    for (name, fragment) in [
        ("", "a character other than a space"),
        ("   ", "a character other than a space"),
        (too_long.as_str(), "at most 64 characters"),
        ("two\nlines", "control characters"),
        ("tab\there", "control characters"),
        ("nul\0", "control characters"),
        ("Bob\u{2028}It's your turn", "control characters"),
        ("para\u{2029}graph", "control characters"),
        ("\u{3000}\u{a0}", "a character other than a space"),
        // Godot drops a leading byte-order mark: the name came back as "Bob".
        ("\u{feff}Bob", "U+FEFF"),
    ] {
        refused(&mut game, rename(1, name), fragment);
    }
    refused(&mut game, rename(7, "Nobody"), "player 7");
}

#[test]
fn renames_are_saved_and_replayed() {
    let mut game = in_round_one(2, config(), 21);
    game.apply(rename(0, "Brin")).unwrap();
    let player = draw(&mut game);
    game.apply(rename(player.0, "Brin the Bold")).unwrap();
    let loaded = Game::from_json(&game.to_json()).unwrap();
    assert_eq!(loaded.state().player(player).unwrap().name, "Brin the Bold");
    assert_replays(&game);
}
