//! Turn-order benchmarks: the predicted queue a turn-order display asks for, in charge initiative
//! and in seat order.

// criterion's macros generate undocumented functions.
#![allow(missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};
use horizons_edge_core::turns::seats::{MAX_TRIGGERS, Trigger};
use horizons_edge_core::{
    Initiative, InitiativeCommand, PlayerId, RandomStream, SeatCommand, SeatOrder, Side, TriggerId,
    TriggerScope, UnitId, UnitSpec,
};
use std::hint::black_box;

/// 50 units of both sides with speeds 1 to 60 and random starting charge, ten turns into the
/// fight (so one unit is acting and charges carry overflow).
fn fifty_units(seed: u64) -> Initiative {
    let mut rng = RandomStream::from_seed(seed);
    let mut race = Initiative::new();
    for id in 0..50 {
        let side = if id % 2 == 0 {
            Side::Player
        } else {
            Side::Enemy
        };
        let spec = UnitSpec::new(UnitId(id), side, 1 + rng.below(60))
            .with_charge(u64::from(rng.below(100)));
        race.apply(InitiativeCommand::AddUnit(spec))
            .expect("50 distinct units fit");
    }
    for _ in 0..10 {
        race.apply(InitiativeCommand::NextTurn)
            .expect("a race with units has turns");
    }
    race
}

fn predicted_queue(c: &mut Criterion) {
    let race = fifty_units(7);
    c.bench_function("initiative/predicted_queue_depth_100_of_50_units", |b| {
        b.iter(|| black_box(black_box(&race).predicted_queue(black_box(100))));
    });
    c.bench_function("initiative/predicted_turns_depth_1000_of_50_units", |b| {
        b.iter(|| black_box(black_box(&race).predicted_turns(black_box(1000))));
    });
}

/// The deepest prediction of an eight-seat table with the most triggers it holds: triggers fire
/// when a turn starts, not when one is foreseen.
fn upcoming_seats(c: &mut Criterion) {
    let players: Vec<PlayerId> = (0..8).map(PlayerId).collect();
    let mut table = SeatOrder::with_first_player(players, PlayerId(0)).expect("8 seats");
    for id in 0..MAX_TRIGGERS {
        let trigger = Trigger {
            id: TriggerId(id as u32),
            controller: PlayerId(id as u32 % 8),
            scope: TriggerScope::Opponents,
        };
        table
            .apply(SeatCommand::AddTrigger(trigger))
            .expect("up to MAX_TRIGGERS triggers fit");
    }
    c.bench_function(
        "seats/upcoming_turns_depth_100000_of_8_seats_1000_triggers",
        |b| {
            b.iter(|| black_box(black_box(&table).upcoming_turns(black_box(100_000))));
        },
    );
}

criterion_group!(benches, predicted_queue, upcoming_seats);
criterion_main!(benches);
