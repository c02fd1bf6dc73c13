//! Loading any bytes as a binary saved game: never a panic (nor a stack overflow); whatever
//! loads saves back to bytes that load to the same game.
#![no_main]

use horizons_edge_core::Game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(game) = Game::from_bytes(data) {
        let again = Game::from_bytes(&game.to_bytes()).expect("a loaded game saves and loads");
        assert_eq!(again, game);
    }
});
