//! Loading any bytes as a saved game, and a mutated real save: never a panic; whatever loads
//! saves back to JSON that loads to the same game.
#![no_main]

use horizons_edge_core::Game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(game) = Game::from_json(text) {
        let again = Game::from_json(&game.to_json()).expect("a loaded game saves and loads");
        assert_eq!(again, game);
    }
});
