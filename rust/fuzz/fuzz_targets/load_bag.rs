//! Loading any bytes as a saved bag: never a panic; a loaded bag draws until empty.
#![no_main]

use horizons_edge_core::Bag;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(mut bag) = Bag::from_json(text) {
        while bag.draw().is_ok() {}
        assert!(bag.is_empty());
    }
});
