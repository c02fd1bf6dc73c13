//! Reproducibility: a seed fixes the draws, on any machine and across save and load.

use horizons_edge_core::{Bag, PlayerId};

fn four_by_four(seed: u64) -> Bag {
    let mut bag = Bag::new(seed);
    for player in 0..4 {
        bag.add_player_tokens(PlayerId(player), 4).unwrap();
    }
    bag.shuffle();
    bag
}

fn owners(bag: &mut Bag) -> Vec<u32> {
    std::iter::from_fn(|| bag.draw().ok().map(|d| d.token.owner.0)).collect()
}

/// Pinned once from this implementation. If this test fails, saved games and published seeds
/// would replay differently: change the algorithm only together with the save format version.
#[test]
fn seed_42_draws_are_pinned() {
    let mut bag = four_by_four(42);
    assert_eq!(owners(&mut bag), GOLDEN_SEED_42);
}

const GOLDEN_SEED_42: [u32; 16] = [3, 1, 2, 1, 0, 0, 3, 2, 3, 3, 2, 1, 2, 0, 1, 0];

#[test]
fn same_seed_and_same_calls_give_same_draws() {
    for seed in [0, 1, u64::MAX, 0x5eed] {
        assert_eq!(
            owners(&mut four_by_four(seed)),
            owners(&mut four_by_four(seed))
        );
    }
}

#[test]
fn different_seeds_give_different_orders() {
    let orders: std::collections::HashSet<Vec<u32>> = (0..50)
        .map(|seed| owners(&mut four_by_four(seed)))
        .collect();
    assert!(orders.len() >= 49, "only {} distinct orders", orders.len());
}

#[test]
fn interleaved_calls_replay_exactly() {
    // A longer script: adds mid-round, removals, peeks and clears all replay identically.
    let script = |bag: &mut Bag| -> Vec<u32> {
        let mut log = Vec::new();
        for round in 0..5u32 {
            bag.clear();
            for player in 0..6 {
                bag.add_player_tokens(PlayerId(player), 4 + (player + round) % 3)
                    .unwrap();
            }
            bag.shuffle();
            for _ in 0..5 {
                log.push(bag.draw().unwrap().token.id.0);
            }
            bag.add_player_tokens(PlayerId(0), 1).unwrap();
            log.extend(bag.peek(3).iter().map(|t| t.id.0));
            bag.remove_player_tokens(PlayerId(round % 6)).unwrap();
            log.extend(owners(bag));
        }
        log
    };
    assert_eq!(script(&mut Bag::new(99)), script(&mut Bag::new(99)));
}

#[test]
fn saved_at_every_draw_the_bag_continues_identically() {
    let reference = four_by_four(7);
    let expected = owners(&mut reference.clone());
    let mut bag = reference;
    let mut seen = Vec::new();
    while !bag.is_empty() {
        bag = Bag::from_json(&bag.to_json()).unwrap();
        seen.push(bag.draw().unwrap().token.owner.0);
    }
    assert_eq!(seen, expected);
}
