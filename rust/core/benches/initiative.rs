//! Charge initiative benchmarks: the predicted queue a turn-order display asks for.

// criterion's macros generate undocumented functions.
#![allow(missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};
use horizons_edge_core::{Initiative, InitiativeCommand, RandomStream, Side, UnitId, UnitSpec};
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

criterion_group!(benches, predicted_queue);
criterion_main!(benches);
