//! Bag rounds in bulk: who draws at every position, who acts first, and streaks of one player.

use horizons_edge_core::{Bag, PlayerId};

/// The longest streak tallied separately; longer ones count in the last bucket.
pub const MAX_STREAK: usize = 16;

/// What many bag rounds of one shape showed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BagStats {
    /// Rounds simulated.
    pub rounds: u64,
    /// `positions[k][seat]`: how often seat `seat` drew the `k`-th token of a round.
    pub positions: Vec<Vec<u64>>,
    /// `longest[n]`: rounds whose longest run of one player's consecutive draws was `n` long.
    pub longest: Vec<u64>,
}

impl BagStats {
    /// Empty tallies for `players` seats of `tokens` tokens.
    pub fn new(players: u32, tokens: u32) -> BagStats {
        BagStats {
            rounds: 0,
            positions: vec![vec![0; players as usize]; (players * tokens) as usize],
            longest: vec![0; MAX_STREAK + 1],
        }
    }

    /// Adds another run's tallies.
    pub fn merge(&mut self, other: &BagStats) {
        self.rounds += other.rounds;
        for (mine, theirs) in self.positions.iter_mut().zip(&other.positions) {
            for (a, b) in mine.iter_mut().zip(theirs) {
                *a += b;
            }
        }
        for (a, b) in self.longest.iter_mut().zip(&other.longest) {
            *a += b;
        }
    }

    /// How often each seat drew the round's first token.
    pub fn first_activations(&self) -> &[u64] {
        self.positions.first().map_or(&[], Vec::as_slice)
    }

    /// The share of rounds with a streak longer than `limit` — the rounds a "mercy rule" capping
    /// streaks at `limit` would have changed.
    pub fn share_longer_than(&self, limit: usize) -> f64 {
        let over: u64 = self.longest.iter().skip(limit + 1).sum();
        over as f64 / self.rounds.max(1) as f64
    }
}

/// Plays `rounds` bag rounds of `players` × `tokens` from `seed` with the real [`Bag`], calling
/// `progress` every 4 096 rounds with the rounds done since the last call.
pub fn simulate(
    players: u32,
    tokens: u32,
    rounds: u64,
    seed: u64,
    progress: &dyn Fn(u64),
) -> BagStats {
    let mut stats = BagStats::new(players, tokens);
    let mut bag = Bag::new(seed);
    for round in 0..rounds {
        bag.clear();
        for player in 0..players {
            // Shapes are checked by the caller (at most 8 players of 64 tokens).
            let _ = bag.add_player_tokens(PlayerId(player), tokens);
        }
        bag.shuffle();
        let (mut previous, mut streak, mut longest) = (u32::MAX, 0usize, 0usize);
        let mut position = 0;
        while let Ok(draw) = bag.draw() {
            let owner = draw.token.owner.0;
            stats.positions[position][owner as usize] += 1;
            streak = if owner == previous { streak + 1 } else { 1 };
            longest = longest.max(streak);
            previous = owner;
            position += 1;
        }
        stats.longest[longest.min(MAX_STREAK)] += 1;
        if round % 4096 == 4095 {
            progress(4096);
        }
    }
    progress(rounds % 4096);
    stats.rounds = rounds;
    stats
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_position_is_tallied_once_per_round_and_streaks_fit_the_tokens() {
        let stats = simulate(3, 2, 3_000, 7, &|_| {});
        assert_eq!(stats.rounds, 3_000);
        assert_eq!(stats.positions.len(), 6);
        for counts in &stats.positions {
            assert_eq!(counts.iter().sum::<u64>(), 3_000);
        }
        assert_eq!(stats.longest.iter().sum::<u64>(), 3_000);
        assert!(
            stats.longest[3..].iter().all(|&n| n == 0),
            "no run beyond 2 tokens"
        );
        assert!(stats.share_longer_than(1) > 0.0 && stats.share_longer_than(2) == 0.0);
    }

    #[test]
    fn merged_runs_add_up() {
        let mut total = simulate(2, 3, 100, 1, &|_| {});
        total.merge(&simulate(2, 3, 50, 2, &|_| {}));
        assert_eq!(total.rounds, 150);
        assert_eq!(total.first_activations().iter().sum::<u64>(), 150);
    }
}
