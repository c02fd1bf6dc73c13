//! The one source of randomness: a ChaCha20 stream held inside the state it serves.
//!
//! Every algorithm here is spelled out (rather than borrowed from a general-purpose crate) so that
//! the same seed gives the same draws on every machine and in every future version, and so that a
//! third party can re-derive a shuffle from a revealed seed.
//!
//! - Seeding: the 64-bit seed is expanded to the 256-bit ChaCha key by
//!   [`rand_chacha::rand_core::SeedableRng::seed_from_u64`] (PCG32 expansion, part of
//!   `rand_core`'s stable API), stream 0; or a full 256-bit key is used as it is
//!   ([`RandomStream::from_key`]).
//! - Bounded integers: Lemire's multiply-and-reject on 32-bit outputs, which is exactly uniform.
//! - Shuffles: Fisher–Yates from the last element down, each swap partner drawn with
//!   [`RandomStream::below`].

use rand_chacha::ChaCha20Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng, TryRngCore};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::sync::Arc;

/// A reproducible random stream. Cloning it forks the future: both copies produce the same values.
///
/// The generator (300 bytes, most of them its buffered block) is shared between copies until one
/// of them draws: a copy of a game's state, made for every command and every rollout, copies a
/// pointer for each of its streams, most of which it never draws from.
#[derive(Debug, PartialEq, Eq)]
pub struct RandomStream {
    rng: Arc<ChaCha20Rng>,
}

impl Clone for RandomStream {
    fn clone(&self) -> Self {
        Self {
            rng: Arc::clone(&self.rng),
        }
    }

    /// Leaves the pointer alone when both already share the generator (a working copy made over
    /// the last one, whose streams nobody drew from): no reference count to touch.
    fn clone_from(&mut self, source: &Self) {
        if !Arc::ptr_eq(&self.rng, &source.rng) {
            self.rng = Arc::clone(&source.rng);
        }
    }
}

impl Serialize for RandomStream {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.rng.serialize(serializer)
    }
}

/// How many 32-bit words one ChaCha20 stream holds: its position counts below this.
const STREAM_WORDS: u128 = 1 << 68;

/// A stream as saved: `rand_chacha`'s form, read here to refuse a position past the stream's
/// end (which the generator would take modulo its length, replaying values already used).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedStream {
    seed: [u8; 32],
    stream: u64,
    word_pos: u128,
}

impl<'de> Deserialize<'de> for RandomStream {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let saved = SavedStream::deserialize(deserializer)?;
        if saved.word_pos >= STREAM_WORDS {
            return Err(serde::de::Error::custom(format!(
                "a random stream's position {} is past its end (2^68 words)",
                saved.word_pos
            )));
        }
        let mut rng = ChaCha20Rng::from_seed(saved.seed);
        rng.set_stream(saved.stream);
        rng.set_word_pos(saved.word_pos);
        Ok(Self { rng: Arc::new(rng) })
    }
}

impl RandomStream {
    /// The stream for `seed` (stream number 0).
    pub fn from_seed(seed: u64) -> Self {
        Self::derived(seed, 0)
    }

    /// Stream number `stream` of `seed`: ChaCha20's 64-bit nonce, so every stream of one seed is
    /// independent of the others.
    pub fn derived(seed: u64, stream: u64) -> Self {
        let mut rng = ChaCha20Rng::seed_from_u64(seed);
        rng.set_stream(stream);
        Self { rng: Arc::new(rng) }
    }

    /// Stream number `stream` of a full 256-bit ChaCha20 `key`: how a round's revealed secret
    /// becomes its bag (see [`crate::fairness`]).
    pub fn from_key(key: [u8; 32], stream: u64) -> Self {
        let mut rng = ChaCha20Rng::from_seed(key);
        rng.set_stream(stream);
        Self { rng: Arc::new(rng) }
    }

    /// Fills `bytes` from the stream.
    pub fn fill(&mut self, bytes: &mut [u8]) {
        self.generator().fill_bytes(bytes);
    }

    /// A fresh 64-bit seed from the operating system's entropy source.
    ///
    /// Should the OS source fail, falls back to the standard library's per-process random hasher
    /// keys, which are themselves taken from the OS at start-up.
    pub fn os_seed() -> u64 {
        rand_chacha::rand_core::OsRng
            .try_next_u64()
            .unwrap_or_else(|_| {
                use std::hash::{BuildHasher, Hasher};
                std::collections::hash_map::RandomState::new()
                    .build_hasher()
                    .finish()
            })
    }

    /// A fresh 256-bit key from the operating system's entropy source (for
    /// [`crate::game::command::Command::Rekey`]).
    ///
    /// Should the OS source fail, falls back to four [`RandomStream::os_seed`] values.
    pub fn os_key() -> [u8; 32] {
        let mut key = [0u8; 32];
        if rand_chacha::rand_core::OsRng
            .try_fill_bytes(&mut key)
            .is_err()
        {
            for chunk in key.chunks_exact_mut(8) {
                chunk.copy_from_slice(&Self::os_seed().to_le_bytes());
            }
        }
        key
    }

    /// A uniformly distributed integer in `0..n`. Returns 0 when `n` is 0 or 1.
    pub fn below(&mut self, n: u32) -> u32 {
        if n <= 1 {
            return 0;
        }
        let rng = self.generator();
        let mut draw = || u64::from(rng.next_u32()) * u64::from(n);
        // The low 32 bits of the product decide rejection, the high 32 bits are the result.
        let mut product = draw();
        if (product as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (product as u32) < threshold {
                product = draw();
            }
        }
        (product >> 32) as u32
    }

    /// Puts `items` in a uniformly random order (Fisher–Yates).
    ///
    /// Slices longer than `u32::MAX` elements are shuffled only in their first `u32::MAX` places;
    /// nothing in the core comes near that.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        let len = u32::try_from(items.len()).unwrap_or(u32::MAX);
        for i in (1..len).rev() {
            let j = self.below(i + 1);
            items.swap(i as usize, j as usize);
        }
    }

    /// The next raw 64-bit output.
    pub fn next_u64(&mut self) -> u64 {
        self.generator().next_u64()
    }

    /// The generator, made this stream's own first if a copy still shares it.
    fn generator(&mut self) -> &mut ChaCha20Rng {
        Arc::make_mut(&mut self.rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_gives_same_stream() {
        let mut a = RandomStream::from_seed(7);
        let mut b = RandomStream::from_seed(7);
        let xs: Vec<u32> = (0..100).map(|_| a.below(1000)).collect();
        let ys: Vec<u32> = (0..100).map(|_| b.below(1000)).collect();
        assert_eq!(xs, ys);
    }

    #[test]
    fn different_seeds_give_different_streams() {
        let mut a = RandomStream::from_seed(7);
        let mut b = RandomStream::from_seed(8);
        let xs: Vec<u64> = (0..8).map(|_| a.next_u64()).collect();
        let ys: Vec<u64> = (0..8).map(|_| b.next_u64()).collect();
        assert_ne!(xs, ys);
    }

    #[test]
    fn below_stays_in_range_and_hits_every_value() {
        let mut rng = RandomStream::from_seed(1);
        let mut seen = [0u32; 7];
        for _ in 0..7_000 {
            let v = rng.below(7);
            assert!(v < 7);
            seen[v as usize] += 1;
        }
        // Each bucket expects 1 000; a biased or stuck generator lands far outside ±150.
        for count in seen {
            assert!((850..=1150).contains(&count), "bucket count {count}");
        }
    }

    #[test]
    fn below_handles_degenerate_and_extreme_bounds() {
        let mut rng = RandomStream::from_seed(3);
        assert_eq!(rng.below(0), 0);
        assert_eq!(rng.below(1), 0);
        for _ in 0..1000 {
            assert!(rng.below(u32::MAX) < u32::MAX);
        }
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut rng = RandomStream::from_seed(11);
        let mut items: Vec<u32> = (0..48).collect();
        rng.shuffle(&mut items);
        assert_ne!(items, (0..48).collect::<Vec<_>>());
        items.sort_unstable();
        assert_eq!(items, (0..48).collect::<Vec<_>>());
    }

    #[test]
    fn streams_of_one_seed_differ_and_stream_zero_is_the_seed() {
        let mut zero = RandomStream::derived(4, 0);
        let mut plain = RandomStream::from_seed(4);
        let mut one = RandomStream::derived(4, 1);
        let a: Vec<u64> = (0..4).map(|_| zero.next_u64()).collect();
        let b: Vec<u64> = (0..4).map(|_| plain.next_u64()).collect();
        let c: Vec<u64> = (0..4).map(|_| one.next_u64()).collect();
        assert_eq!(a, b);
        assert_ne!(a, c);
    }

    #[test]
    fn keyed_streams_are_reproducible_and_distinct() {
        let key = [7u8; 32];
        let mut a = RandomStream::from_key(key, 0);
        let mut b = RandomStream::from_key(key, 0);
        let mut c = RandomStream::from_key(key, 1);
        let mut d = RandomStream::from_key([8u8; 32], 0);
        let first = a.next_u64();
        assert_eq!(first, b.next_u64());
        assert_ne!(first, c.next_u64());
        assert_ne!(first, d.next_u64());
    }

    #[test]
    fn clone_forks_the_future() {
        let mut a = RandomStream::from_seed(5);
        a.next_u64();
        let mut b = a.clone();
        assert_eq!(a.next_u64(), b.next_u64());
    }

    #[test]
    fn serialized_stream_resumes_at_the_same_position() {
        let mut a = RandomStream::from_seed(9);
        for _ in 0..13 {
            a.below(100);
        }
        let json = serde_json::to_string(&a).unwrap();
        let mut b: RandomStream = serde_json::from_str(&json).unwrap();
        let xs: Vec<u32> = (0..50).map(|_| a.below(100)).collect();
        let ys: Vec<u32> = (0..50).map(|_| b.below(100)).collect();
        assert_eq!(xs, ys);
    }
}
