//! Bag rounds in bulk: who draws at every position, who acts first, and streaks of one player.

use horizons_edge_core::game::activation::Sequencer;
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
    /// `contested[n]`: rounds whose longest such run while another player still had a token
    /// was `n` long — what the mercy rule caps.
    pub contested: Vec<u64>,
}

impl BagStats {
    /// Empty tallies for `players` seats of `tokens` tokens.
    pub fn new(players: u32, tokens: u32) -> BagStats {
        BagStats {
            rounds: 0,
            positions: vec![vec![0; players as usize]; (players * tokens) as usize],
            longest: vec![0; MAX_STREAK + 1],
            contested: vec![0; MAX_STREAK + 1],
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
        for (a, b) in self.contested.iter_mut().zip(&other.contested) {
            *a += b;
        }
    }

    /// How often each seat drew the round's first token.
    pub fn first_activations(&self) -> &[u64] {
        self.positions.first().map_or(&[], Vec::as_slice)
    }

    /// The share of rounds with a streak longer than `limit` while another player still had a
    /// token — the rounds the mercy rule at `limit` (config `max_streak`) changes.
    pub fn share_longer_than(&self, limit: usize) -> f64 {
        let over: u64 = self.contested.iter().skip(limit + 1).sum();
        over as f64 / self.rounds.max(1) as f64
    }
}

/// Plays `rounds` bag rounds of `players` × `tokens` from `seed` with the real [`Bag`] (and,
/// with `max_streak`, the core's mercy rule deciding the capped draws), calling `progress` every
/// 4 096 rounds with the rounds done since the last call.
pub fn simulate(
    players: u32,
    tokens: u32,
    rounds: u64,
    seed: u64,
    max_streak: Option<u32>,
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
        let mut sequencer = Sequencer::Bag.with_max_streak(max_streak);
        let (mut previous, mut streak, mut longest, mut contested) = (u32::MAX, 0, 0, 0);
        let mut position = 0;
        while !bag.is_empty() {
            let Ok(draw) = sequencer.draw(&mut bag) else {
                break;
            };
            let owner = draw.token.owner;
            stats.positions[position][owner.0 as usize] += 1;
            streak = if owner.0 == previous { streak + 1 } else { 1 };
            longest = longest.max(streak);
            // The others' tokens are as they were before this draw.
            let others_wait = bag
                .tallies()
                .iter()
                .any(|t| t.player != owner && t.remaining > 0);
            if others_wait {
                contested = contested.max(streak);
            }
            previous = owner.0;
            position += 1;
        }
        stats.longest[longest.min(MAX_STREAK)] += 1;
        stats.contested[contested.min(MAX_STREAK)] += 1;
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
        let stats = simulate(3, 2, 3_000, 7, None, &|_| {});
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
    fn the_mercy_rule_caps_every_contested_run_and_every_token_is_still_drawn() {
        for (players, tokens, cap) in [(2, 4, 1), (4, 4, 2), (8, 6, 1)] {
            let free = simulate(players, tokens, 4_000, 3, None, &|_| {});
            let capped = simulate(players, tokens, 4_000, 3, Some(cap), &|_| {});
            assert!(
                free.share_longer_than(cap as usize) > 0.0,
                "the rule has work to do"
            );
            assert_eq!(capped.share_longer_than(cap as usize), 0.0);
            for counts in &capped.positions {
                assert_eq!(counts.iter().sum::<u64>(), 4_000);
            }
        }
    }

    #[test]
    fn merged_runs_add_up() {
        let mut total = simulate(2, 3, 100, 1, None, &|_| {});
        total.merge(&simulate(2, 3, 50, 2, None, &|_| {}));
        assert_eq!(total.rounds, 150);
        assert_eq!(total.first_activations().iter().sum::<u64>(), 150);
    }
}
