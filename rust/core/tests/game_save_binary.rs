//! The binary form of a saved game: the same game as the JSON save, and refusal of damaged or
//! tampered bytes with the reason.

mod common;

use common::*;
use horizons_edge_core::game::save::BINARY_MAGIC;
use horizons_edge_core::{Game, SaveError};

const V1: &str = include_str!("fixtures/game_v1.json");

#[test]
fn a_binary_save_loads_to_the_same_game_which_plays_on_alike() {
    let original = mid_game();
    let bytes = original.to_bytes();
    assert!(bytes.starts_with(BINARY_MAGIC));
    let loaded = Game::from_bytes(&bytes).unwrap();
    assert_eq!(loaded, original);
    assert_eq!(
        loaded.to_bytes(),
        bytes,
        "save, load, save gives other bytes"
    );
    assert!(
        bytes.len() < original.to_json().len(),
        "{} bytes in binary",
        bytes.len()
    );
    assert_plays_on_alike(original, loaded);
}

#[test]
fn saving_in_binary_and_loading_at_every_command_changes_nothing() {
    let (reference, reloaded) =
        reloaded_before_every_command(|game| Game::from_bytes(&game.to_bytes()).unwrap());
    assert_eq!(reloaded, reference);
}

#[test]
fn a_version_1_game_saves_in_binary_too() {
    let game = Game::from_json(V1).unwrap();
    assert_eq!(Game::from_bytes(&game.to_bytes()).unwrap(), game);
}

/// `bytes` with the first occurrence of `from` replaced by `to`.
fn patched(bytes: &[u8], from: &[u8], to: &[u8]) -> Vec<u8> {
    let at = bytes
        .windows(from.len())
        .position(|window| window == from)
        .expect("the bytes to patch");
    [&bytes[..at], to, &bytes[at + from.len()..]].concat()
}

/// A string as the binary form writes it the first time: tag 6, length, bytes.
fn string(s: &str) -> Vec<u8> {
    [&[6, s.len() as u8], s.as_bytes()].concat()
}

#[test]
fn damaged_binary_saves_are_refused_with_the_reason() {
    let saved = mid_game().to_bytes();
    let magic = |rest: &[u8]| [BINARY_MAGIC.as_slice(), rest].concat();
    let tier = string("command_tier");
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (Vec::new(), "HEGAME"),
        (mid_game().to_json().into_bytes(), "HEGAME"),
        (saved[..saved.len() - 9].to_vec(), "ends early"),
        ([saved.as_slice(), &[0]].concat(), "bytes after the game"),
        (magic(&[99]), "unknown tag"),
        (magic(&[9, 12, 5]), "refers to a string it does not hold"),
        (magic(&[3, 0x80, 0x80]), "ends early"),
        (
            magic(&[
                3, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f,
            ]),
            "beyond 64 bits",
        ),
        (magic(&[6, 1, 0xff]), "not UTF-8"),
        (
            patched(&saved, b"horizons_edge.game", b"horizons_edge.gamf"),
            "horizons_edge.gamf",
        ),
        (
            patched(
                &saved,
                &[&string("version")[..], &[3, 2]].concat(),
                &[&string("version")[..], &[3, 3]].concat(),
            ),
            "version 3 is not supported",
        ),
        (
            patched(
                &saved,
                &[&tier[..], &[3, 0]].concat(),
                &[&tier[..], &[3, 5]].concat(),
            ),
            "tier 5",
        ),
    ];
    for (bytes, fragment) in cases {
        let error = Game::from_bytes(&bytes).unwrap_err();
        assert!(
            error.to_string().contains(fragment),
            "expected '{fragment}' in: {error}"
        );
        // A damaged binary save was refused as "not valid JSON of the expected shape".
        assert!(!error.to_string().contains("JSON"), "{error}");
    }
}

#[test]
fn every_truncated_binary_save_is_refused() {
    let saved = mid_game().to_bytes();
    for len in 0..saved.len() {
        assert!(
            matches!(
                Game::from_bytes(&saved[..len]),
                Err(SaveError::MalformedBinary(_) | SaveError::WrongFormat { .. })
            ),
            "{len} bytes"
        );
    }
}

#[test]
fn a_changed_byte_is_refused_or_loads_a_game_that_saves_alike() {
    let mut config = config();
    config.round_limit = Some(2);
    let mut game = Game::new(players(2), config, 7).unwrap();
    for _ in 0..12 {
        let command = next_bot_command(&game).unwrap();
        game.apply(command).unwrap();
    }
    let saved = game.to_bytes();
    let mut loaded = 0;
    for at in BINARY_MAGIC.len()..saved.len() {
        for change in [0x01, 0x80, 0xff] {
            let mut bytes = saved.clone();
            bytes[at] ^= change;
            if let Ok(game) = Game::from_bytes(&bytes) {
                assert_eq!(
                    Game::from_bytes(&game.to_bytes()).unwrap(),
                    game,
                    "byte {at}"
                );
                loaded += 1;
            }
        }
    }
    assert!(
        loaded > 0,
        "some changes (a count, a name) still make a game"
    );
}

/// A later version's binary save, holding a field this build does not know, is named as a version
/// this build does not read, as a JSON save is (it was refused as malformed).
#[test]
fn a_later_binary_version_with_an_unknown_field_is_named_as_a_version() {
    let mut bytes = mid_game().to_bytes();
    // The top map's "version" entry (a string of 7 bytes, then the number), and its END tag.
    let key = b"\x06\x07version";
    let at = bytes.windows(key.len()).position(|w| w == key).unwrap() + key.len();
    assert_eq!(
        bytes[at..at + 2],
        [3, 2],
        "version 2, as an unsigned number"
    );
    bytes[at + 1] = 7;
    let end = bytes.len() - 1;
    let mut field = vec![6u8, 13];
    field.extend_from_slice(b"a_later_field");
    field.push(2);
    bytes.splice(end..end, field);
    let error = Game::from_bytes(&bytes).unwrap_err();
    assert!(
        matches!(error, SaveError::UnsupportedVersion { found: 7, .. }),
        "{error}"
    );
}
