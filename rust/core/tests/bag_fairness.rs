//! Fairness of the bag's draws, tested statistically.
//!
//! For each player count, 100 000 seeded rounds are drawn to the end and, for every draw position,
//! the owners seen there are tested against the players' shares of the bag with Pearson's χ².
//! Significance: a position fails below p = 0.001 / positions (Bonferroni), so each configuration
//! as a whole has a false-alarm rate of at most 0.1 %. The seeds are fixed, so the outcome is
//! repeatable; `biased_shuffle_is_caught` shows the same check rejects a classic shuffle bug.

mod chi_square;

use chi_square::chi_square_p;
use horizons_edge_core::{Bag, PlayerId, RandomStream};

const ROUNDS: usize = 100_000;
const FAMILY_ALPHA: f64 = 0.001;

/// counts[position][player] over `ROUNDS` rounds with the given contributions.
fn position_counts(seed: u64, contributions: &[u32]) -> Vec<Vec<u64>> {
    let positions: u32 = contributions.iter().sum();
    let mut counts = vec![vec![0u64; contributions.len()]; positions as usize];
    let mut bag = Bag::new(seed);
    for _ in 0..ROUNDS {
        bag.clear();
        for (player, &tokens) in contributions.iter().enumerate() {
            bag.add_player_tokens(PlayerId(player as u32), tokens)
                .unwrap();
        }
        bag.shuffle();
        for row in counts.iter_mut() {
            let owner = bag.draw().unwrap().token.owner;
            row[owner.0 as usize] += 1;
        }
    }
    counts
}

/// The smallest p-value over all positions, and the position where it occurs.
fn worst_position(counts: &[Vec<u64>], contributions: &[u32]) -> (usize, f64) {
    let shares: Vec<f64> = contributions.iter().map(|&c| f64::from(c)).collect();
    counts
        .iter()
        .enumerate()
        .map(|(position, row)| (position, chi_square_p(row, &shares)))
        .fold(
            (0, 1.0),
            |worst, next| if next.1 < worst.1 { next } else { worst },
        )
}

fn assert_fair(seed: u64, contributions: &[u32]) {
    let counts = position_counts(seed, contributions);
    let threshold = FAMILY_ALPHA / counts.len() as f64;
    let (position, p) = worst_position(&counts, contributions);
    assert!(
        p >= threshold,
        "{contributions:?}: draw position {position} has p = {p:.2e} < {threshold:.2e}: {:?}",
        counts[position]
    );
}

#[test]
fn two_players_share_every_draw_position_fairly() {
    assert_fair(2, &[4, 4]);
}

#[test]
fn four_players_share_every_draw_position_fairly() {
    assert_fair(4, &[4, 4, 4, 4]);
}

#[test]
fn eight_players_share_every_draw_position_fairly() {
    assert_fair(8, &[4; 8]);
}

#[test]
fn upgraded_players_win_positions_in_proportion_to_their_tokens() {
    assert_fair(6, &[6, 5, 4, 4]);
}

#[test]
fn biased_shuffle_is_caught() {
    // The classic naive shuffle (swap each place with *any* place) is not uniform; the same
    // check must reject it, or the tests above prove nothing.
    let contributions = [4u32, 4, 4, 4];
    let mut rng = RandomStream::from_seed(1);
    let mut counts = vec![vec![0u64; 4]; 16];
    for _ in 0..ROUNDS {
        let mut owners: Vec<usize> = (0..16).map(|t| t / 4).collect();
        for i in 0..owners.len() {
            let j = rng.below(16) as usize;
            owners.swap(i, j);
        }
        for (position, owner) in owners.into_iter().enumerate() {
            counts[position][owner] += 1;
        }
    }
    let (_, p) = worst_position(&counts, &contributions);
    assert!(
        p < FAMILY_ALPHA / 16.0,
        "the biased shuffle passed with p = {p}"
    );
}
