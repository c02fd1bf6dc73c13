//! The exact odds against Monte Carlo estimates from real draws.
//!
//! Each estimate averages 20 000 independent shuffles of the same bag; the tolerance is 5
//! standard errors (of the exact probability, and of the sample mean for the expectation), so a
//! false alarm is a one-in-millions event (and the seeds are fixed), while a formula off by a few
//! percent fails — e.g. `(n − m) / m` instead of `(n − m) / (m + 1)` is off by 3 to 6 errors here.

use horizons_edge_core::{Bag, PlayerId};

const TRIALS: u32 = 20_000;

/// A bag of `counts[i]` tokens for player `i`, `drawn` of them already drawn.
fn bag(seed: u64, counts: &[u32], drawn: u32) -> Bag {
    let mut bag = Bag::new(seed);
    for (player, &count) in counts.iter().enumerate() {
        bag.add_player_tokens(PlayerId(player as u32), count)
            .unwrap();
    }
    bag.shuffle();
    for _ in 0..drawn {
        bag.draw().unwrap();
    }
    bag
}

/// In each trial: a reshuffled copy of `start`; returns (hit within `k`, activations before).
fn sample(start: &Bag, player: PlayerId, k: u32, trial: u32) -> (bool, u32) {
    let mut copy = start.clone();
    copy.reseed(u64::from(trial) * 7919 + 3);
    copy.shuffle();
    let mut before = 0;
    let mut position = 0;
    loop {
        let owner = copy.draw().unwrap().token.owner;
        if owner == player {
            return (position < k, before);
        }
        before += 1;
        position += 1;
    }
}

#[test]
fn odds_match_monte_carlo_estimates() {
    let cases: [(&[u32], u32, u32, u32); 5] = [
        (&[4, 4, 4, 4], 0, 0, 3),
        (&[6, 6, 6, 6, 6, 6, 6, 6], 10, 3, 5),
        (&[1, 5, 6], 0, 0, 4),
        (&[2, 4, 4, 6, 5], 7, 4, 1),
        (&[4, 4], 5, 1, 2),
    ];
    for (index, &(counts, drawn, player, k)) in cases.iter().enumerate() {
        let start = bag(index as u64, counts, drawn);
        let player = PlayerId(player);
        if start.tally(player).unwrap().remaining == 0 {
            continue;
        }
        let (mut hits, mut before_sum, mut before_squares) = (0u32, 0.0f64, 0.0f64);
        for trial in 0..TRIALS {
            let (hit, before) = sample(&start, player, k, trial);
            hits += u32::from(hit);
            before_sum += f64::from(before);
            before_squares += f64::from(before).powi(2);
        }
        let within = start.chance_within(player, k).unwrap();
        let estimate = f64::from(hits) / f64::from(TRIALS);
        let error = (within * (1.0 - within) / f64::from(TRIALS))
            .sqrt()
            .max(1e-4);
        assert!(
            (estimate - within).abs() < 5.0 * error,
            "case {index}: chance within {k} is {within}, Monte Carlo says {estimate}"
        );
        let expected = start.expected_activations_before(player).unwrap().unwrap();
        let mean = before_sum / f64::from(TRIALS);
        let variance = before_squares / f64::from(TRIALS) - mean * mean;
        let standard_error = (variance / f64::from(TRIALS)).sqrt().max(1e-4);
        assert!(
            (mean - expected).abs() < 5.0 * standard_error,
            "case {index}: expected {expected} activations before, Monte Carlo says {mean}"
        );
    }
}

#[test]
fn odds_edge_cases_are_exact() {
    let mut bag = bag(9, &[3, 1], 0);
    let one = PlayerId(1);
    assert_eq!(bag.chance_within(one, 0).unwrap(), 0.0);
    assert_eq!(bag.chance_within(one, 4).unwrap(), 1.0);
    assert!((bag.chance_within(one, 1).unwrap() - 0.25).abs() < 1e-12);
    assert!((bag.chance_within(one, 2).unwrap() - 0.5).abs() < 1e-12);
    assert_eq!(bag.expected_activations_before(one).unwrap(), Some(1.5));
    bag.remove_player_tokens(one).unwrap();
    assert_eq!(bag.chance_within(one, 3).unwrap(), 0.0);
    assert_eq!(bag.expected_activations_before(one).unwrap(), None);
    assert!(bag.chance_within(PlayerId(5), 1).is_err());
}

#[test]
fn sampled_futures_are_uniform_and_leave_the_bag_alone() {
    let bag = bag(31, &[1, 3], 0);
    let before = bag.to_json();
    let futures = bag.sample_rest(8_000, 5);
    assert_eq!(bag.to_json(), before, "sampling moved the bag");
    assert_eq!(
        futures,
        bag.sample_rest(8_000, 5),
        "same seed, same futures"
    );
    // Player 0's single token is equally likely at each of the 4 positions: 2 000 expected
    // each, standard deviation ≈ 39; 5 deviations of tolerance.
    for position in 0..4 {
        let hits = futures
            .iter()
            .filter(|f| f[position] == PlayerId(0))
            .count();
        assert!(
            (hits as i64 - 2_000).abs() < 195,
            "position {position}: {hits}"
        );
    }
    assert!(futures.iter().all(|f| f.len() == 4));
}
