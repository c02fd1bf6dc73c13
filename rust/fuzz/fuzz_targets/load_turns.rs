//! Loading any bytes as a saved turn system: never a panic; a loaded pair saves to the same JSON
//! and both orders take turns (and predict them) without a panic.
#![no_main]

use horizons_edge_core::turns::save;
use horizons_edge_core::{InitiativeCommand, SeatCommand};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok((mode, mut race, mut seats)) = save::from_json(text) {
        let saved = save::to_json(mode, &race, seats.as_ref());
        assert!(save::from_json(&saved).is_ok(), "a loaded pair saves and loads again");
        let _ = race.predicted_queue(20);
        for _ in 0..20 {
            let _ = race.apply(InitiativeCommand::NextTurn);
            if let Some(seats) = &mut seats {
                let _ = seats.upcoming_turns(20);
                let _ = seats.apply(SeatCommand::NextTurn);
            }
        }
    }
});
