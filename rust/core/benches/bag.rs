//! Command token bag benchmarks: one draw from a full 48-token bag, and a whole 8 × 6 round.

// criterion's macros generate undocumented functions.
#![allow(missing_docs)]

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use horizons_edge_core::{Bag, PlayerId};
use std::hint::black_box;

/// A shuffled bag of 8 players × 6 tokens.
fn full_bag(seed: u64) -> Bag {
    let mut bag = Bag::new(seed);
    for player in 0..8 {
        bag.add_player_tokens(PlayerId(player), 6)
            .expect("8 × 6 fits the bag");
    }
    bag.shuffle();
    bag
}

fn draw(c: &mut Criterion) {
    let mut group = c.benchmark_group("bag");
    group.bench_function("draw_first_of_48", |b| {
        b.iter_batched_ref(
            || full_bag(7),
            |bag| black_box(bag.draw()),
            BatchSize::SmallInput,
        );
    });
    // Per-draw cost over a whole bag, reported as time per element (draw).
    group.throughput(Throughput::Elements(48));
    group.bench_function("draw_all_48", |b| {
        b.iter_batched_ref(
            || full_bag(7),
            |bag| {
                while let Ok(draw) = bag.draw() {
                    black_box(draw);
                }
            },
            BatchSize::SmallInput,
        );
    });
    group.finish();
}

fn full_round(c: &mut Criterion) {
    let mut seed = 0;
    c.bench_function("bag/round_8x6_with_counts", |b| {
        b.iter(|| {
            seed += 1;
            let mut bag = full_bag(seed);
            let mut checksum = 0u32;
            while let Ok(draw) = bag.draw() {
                for tally in bag.tallies() {
                    checksum = checksum.wrapping_add(tally.remaining);
                }
                checksum = checksum.wrapping_add(draw.remaining);
            }
            black_box(checksum)
        });
    });
}

criterion_group!(benches, draw, full_round);
criterion_main!(benches);
