//! The odds of the draws to come, computed exactly from the counts left in the bag (never from
//! its hidden order): what a player sees on the display and what an AI may reason with; and
//! sampled futures of the round for Monte Carlo planning.
//!
//! With `n` tokens left of which `m` are a player's, every order of the remaining tokens is
//! equally likely, so:
//! - the next draw is theirs with chance `m / n`;
//! - one of the next `k` draws is theirs with chance `1 − C(n − m, k) / C(n, k)` (hypergeometric),
//!   evaluated as the product `1 − ∏_{i<k} (n − m − i) / (n − i)`;
//! - the expected number of other players' activations before their next one is
//!   `(n − m) / (m + 1)` (each of the `n − m` other tokens comes before all `m` of theirs with
//!   chance `1 / (m + 1)`).

use crate::bag::Bag;
use crate::error::BagError;
use crate::ids::PlayerId;
use crate::random::RandomStream;

impl Bag {
    /// The chance that at least one of the next `draws` draws is `player`'s (1.0 when `draws`
    /// reaches every token left and they have one; 0.0 when they have none left).
    pub fn chance_within(&self, player: PlayerId, draws: u32) -> Result<f64, BagError> {
        let mine = self.player_remaining(player)?;
        let left = self.remaining();
        if mine == 0 {
            return Ok(0.0);
        }
        let others = left - mine;
        if draws > others {
            return Ok(1.0);
        }
        let none = (0..draws).fold(1.0, |product, i| {
            product * f64::from(others - i) / f64::from(left - i)
        });
        Ok(1.0 - none)
    }

    /// The expected number of other players' activations before `player`'s next one, or `None`
    /// when they have no token left this round.
    pub fn expected_activations_before(&self, player: PlayerId) -> Result<Option<f64>, BagError> {
        let mine = self.player_remaining(player)?;
        if mine == 0 {
            return Ok(None);
        }
        let others = self.remaining() - mine;
        Ok(Some(f64::from(others) / f64::from(mine + 1)))
    }
}

impl Bag {
    /// `samples` possible futures of this round: each the owners of the tokens left, in a
    /// uniformly random order drawn from a fresh stream seeded with `seed`. The bag and its own
    /// stream are untouched, so an AI can weigh plans over plausible futures without moving the
    /// game's draws.
    pub fn sample_rest(&self, samples: usize, seed: u64) -> Vec<Vec<PlayerId>> {
        let mut stream = RandomStream::from_seed(seed);
        let owners: Vec<PlayerId> = self.tokens.iter().map(|token| token.owner).collect();
        (0..samples)
            .map(|_| {
                let mut order = owners.clone();
                stream.shuffle(&mut order);
                order
            })
            .collect()
    }
}
