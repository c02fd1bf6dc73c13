//! Verifiable fairness: commit to a round's secret before its first draw, reveal it after the
//! last, and let anyone who saw the draws check them.
//!
//! Every round has a [`RoundSecret`]: a 256-bit `key` whose ChaCha20 stream 0 shuffles the
//! round's bag (stream 1 picks the first seat when the game plays in seat order), and a 256-bit
//! `salt`. Before the round's first draw the game publishes the commitment
//!
//! ```text
//! SHA-256( "horizons-edge/round-commitment/v1" ‖ 0x00 ‖ round as u32 little-endian ‖ key ‖ salt )
//! ```
//!
//! and once the round is over it reveals `key` and `salt`. The salt keeps a commitment from being
//! checked against guessed keys; the domain tag keeps it from meaning anything elsewhere.
//!
//! With player entropy (config `player_entropy`), every living player adds a random nonce after
//! the commitment is published and before the first draw, and the bag is shuffled by
//!
//! ```text
//! SHA-256( "horizons-edge/round-key/v1" ‖ 0x00 ‖ key ‖ (player as u32 LE ‖ nonce)… in the order added )
//! ```
//!
//! instead of `key`: the server is bound to `key` before it sees a nonce, and no player knows
//! `key`, so neither alone can steer the shuffle — not even by choosing the game's seed in
//! advance. The nonces are not committed first: the last player to add theirs sees the others',
//! so a player who knows `key` too (in league with the server) could pick a nonce to order the
//! bag.
//!
//! A client checks all of it with the [`crate::audit::Auditor`]; this module is what the game
//! itself needs: the commitment, the mixed key, and the bytes they are made of.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sha2::{Digest as _, Sha256};

use crate::ids::PlayerId;

/// The domain tag at the start of every commitment's hashed message.
pub const COMMITMENT_DOMAIN: &[u8] = b"horizons-edge/round-commitment/v1";

/// The domain tag of a round key mixed with the players' nonces.
pub const MIXED_KEY_DOMAIN: &[u8] = b"horizons-edge/round-key/v1";

/// 32 bytes — a key, a salt or a SHA-256 digest — written as 64 lowercase hex digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bytes32(pub [u8; 32]);

impl fmt::Display for Bytes32 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|byte| write!(f, "{byte:02x}"))
    }
}

impl FromStr for Bytes32 {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let digits = text.as_bytes();
        if digits.len() != 64 {
            return Err(format!(
                "expected 64 hex digits, got {} characters",
                text.chars().count()
            ));
        }
        // Digits only: `from_str_radix` alone would also take a sign (`+f`).
        if !digits.iter().all(u8::is_ascii_hexdigit) {
            return Err("not hex: only the digits 0-9 and a-f may be given".to_owned());
        }
        let mut bytes = [0u8; 32];
        for (byte, pair) in bytes.iter_mut().zip(digits.chunks_exact(2)) {
            let pair = std::str::from_utf8(pair).map_err(|_| "not hex".to_owned())?;
            *byte = u8::from_str_radix(pair, 16).map_err(|_| "not hex".to_owned())?;
        }
        Ok(Bytes32(bytes))
    }
}

impl Serialize for Bytes32 {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Bytes32 {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// What a round's randomness comes from; secret until the round is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundSecret {
    /// The ChaCha20 key of the round's bag.
    pub key: Bytes32,
    /// Makes the commitment unguessable even for a known key.
    pub salt: Bytes32,
}

impl RoundSecret {
    /// The commitment to this secret for `round`.
    pub fn commitment(&self, round: u32) -> Bytes32 {
        commitment(round, self.key, self.salt)
    }
}

/// SHA-256 over the domain tag, a zero byte, `round` (u32, little-endian), `key` and `salt`.
pub fn commitment(round: u32, key: Bytes32, salt: Bytes32) -> Bytes32 {
    let mut hasher = Sha256::new();
    hasher.update(COMMITMENT_DOMAIN);
    hasher.update([0u8]);
    hasher.update(round.to_le_bytes());
    hasher.update(key.0);
    hasher.update(salt.0);
    Bytes32(hasher.finalize().into())
}

/// The key that shuffles a round with player entropy: `key` mixed with the players' nonces.
pub fn mixed_key(key: Bytes32, nonces: &[(PlayerId, Bytes32)]) -> Bytes32 {
    let mut hasher = Sha256::new();
    hasher.update(MIXED_KEY_DOMAIN);
    hasher.update([0u8]);
    hasher.update(key.0);
    for (player, nonce) in nonces {
        hasher.update(player.0.to_le_bytes());
        hasher.update(nonce.0);
    }
    Bytes32(hasher.finalize().into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_round_trips_and_rejects_garbage() {
        let bytes = Bytes32(std::array::from_fn(|i| i as u8 * 8));
        let text = bytes.to_string();
        assert_eq!(text.len(), 64);
        assert_eq!(text.parse::<Bytes32>(), Ok(bytes));
        assert!("00".parse::<Bytes32>().is_err());
        assert!("zz".repeat(32).parse::<Bytes32>().is_err());
        assert!("é".repeat(32).parse::<Bytes32>().is_err());
        assert!(
            "+f".repeat(32).parse::<Bytes32>().is_err(),
            "a sign is not a digit"
        );
        assert_eq!("AB".repeat(32).parse::<Bytes32>(), Ok(Bytes32([0xab; 32])));
    }

    #[test]
    fn commitment_is_sha256_of_the_documented_message() {
        // Recomputed by hand: the documented layout, hashed with the same crate.
        let key = Bytes32([1; 32]);
        let salt = Bytes32([2; 32]);
        let mut message = COMMITMENT_DOMAIN.to_vec();
        message.push(0);
        message.extend_from_slice(&5u32.to_le_bytes());
        message.extend_from_slice(&[1; 32]);
        message.extend_from_slice(&[2; 32]);
        assert_eq!(
            commitment(5, key, salt).0,
            <[u8; 32]>::from(Sha256::digest(&message))
        );
        assert_ne!(commitment(5, key, salt), commitment(6, key, salt));
        assert_ne!(
            commitment(5, key, salt),
            commitment(5, key, Bytes32([3; 32]))
        );
    }

    #[test]
    fn known_answer_for_the_empty_message_pins_the_hash_function() {
        let digest = Bytes32(Sha256::digest(b"").into());
        assert_eq!(
            digest.to_string(),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
    }
}
