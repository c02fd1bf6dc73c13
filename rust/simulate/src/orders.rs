//! Who acts first in a round under each activation order: the bag's random token, seat order
//! from a random first player, and the initiative race with head starts from the round's key.
//! Each round gets a fresh random key and goes through the core's own bag and sequencer, as a
//! game round does.

use horizons_edge_core::fairness::Bytes32;
use horizons_edge_core::game::activation::{ActivationOrder, Sequencer};
use horizons_edge_core::game::streams;
use horizons_edge_core::{Bag, PlayerId, RandomStream, TokenId};

/// The three orders, in the order they are reported.
pub const ORDERS: [ActivationOrder; 3] = [
    ActivationOrder::Bag,
    ActivationOrder::Seats,
    ActivationOrder::Initiative,
];

/// An order and how often each seat took the first activation under it.
pub type Firsts = (ActivationOrder, Vec<u64>);

/// How often each seat of `players` × `tokens` took the first activation of `rounds` rounds in
/// `order`, the round keys drawn from `seed`.
pub fn first_activations(
    order: ActivationOrder,
    players: u32,
    tokens: u32,
    rounds: u64,
    seed: u64,
) -> Result<Vec<u64>, String> {
    let mut keys = RandomStream::from_seed(seed);
    let mut firsts = vec![0u64; players as usize];
    let contributions: Vec<(PlayerId, u32)> = (0..players).map(|p| (PlayerId(p), tokens)).collect();
    for _ in 0..rounds {
        let mut key = [0u8; 32];
        keys.fill(&mut key);
        let mut bag = Bag::for_round(Bytes32(key), TokenId(0));
        for &(player, count) in &contributions {
            bag.add_player_tokens(player, count)
                .map_err(|e| e.to_string())?;
        }
        bag.shuffle();
        let mut seats = RandomStream::from_key(key, streams::ROUND_KEY_SEATS);
        let mut sequencer =
            Sequencer::for_round(order, &contributions, &mut seats).map_err(|e| e.to_string())?;
        let first = sequencer
            .draw(&mut bag)
            .map_err(|e| e.to_string())?
            .token
            .owner;
        if let Some(count) = firsts.get_mut(first.0 as usize) {
            *count += 1;
        }
    }
    Ok(firsts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_order_spreads_the_first_activation_over_the_seats() {
        for order in ORDERS {
            let firsts = first_activations(order, 4, 4, 4_000, 3).unwrap();
            assert_eq!(firsts.iter().sum::<u64>(), 4_000);
            assert!(firsts.iter().all(|&n| n > 850), "{order:?}: {firsts:?}");
        }
    }
}
