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
//! `key`, so neither can steer the shuffle — not even by choosing the game's seed in advance.
//!
//! A client feeds the public events it receives to an [`Auditor`]. At each reveal the auditor
//! checks the commitment, rebuilds the round's bag from the key and the public contributions
//! with the very [`Bag`] code the game uses, and replays every draw and elimination it saw: a
//! single tampered draw, key or salt fails the round with a [`FairnessError`] that says where.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sha2::{Digest as _, Sha256};
use thiserror::Error;

use crate::bag::Bag;
use crate::game::activation::ActivationOrder;
use crate::game::event::Event;
use crate::ids::{PlayerId, TokenId};

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
        let mut bytes = [0u8; 32];
        for (byte, pair) in bytes.iter_mut().zip(digits.chunks_exact(2)) {
            let pair = std::str::from_utf8(pair).map_err(|_| "not hex".to_owned())?;
            *byte = u8::from_str_radix(pair, 16).map_err(|_| format!("`{pair}` is not hex"))?;
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

/// Why a round failed its audit.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FairnessError {
    /// The revealed key and salt do not hash to the published commitment.
    #[error("round {round}: the revealed key and salt do not match the commitment")]
    CommitmentMismatch {
        /// The round.
        round: u32,
    },
    /// A draw differs from what the revealed key gives.
    #[error(
        "round {round}, draw {index}: the key gives token {expected_token} of player \
         {expected_player}, but token {seen_token} of player {seen_player} was drawn"
    )]
    DrawMismatch {
        /// The round.
        round: u32,
        /// The draw, from 0.
        index: usize,
        /// Whose token the key gives.
        expected_player: PlayerId,
        /// The token the key gives.
        expected_token: TokenId,
        /// Whose token was drawn.
        seen_player: PlayerId,
        /// The token drawn.
        seen_token: TokenId,
    },
    /// The record cannot be replayed at all (a draw from an empty bag, an unknown player, a
    /// reveal for another round...).
    #[error("round {round}: the record does not add up: {reason}")]
    Inconsistent {
        /// The round.
        round: u32,
        /// What does not add up.
        reason: String,
    },
}

/// One thing that happened to a round's bag after it was filled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case", deny_unknown_fields)]
pub enum BagStep {
    /// A token was drawn.
    Drawn {
        /// Its owner.
        player: PlayerId,
        /// The token.
        token: TokenId,
    },
    /// A player was eliminated; their tokens left the bag.
    Eliminated {
        /// Who.
        player: PlayerId,
    },
}

/// Everything public about one round's bag: enough, with the revealed secret, to check it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundRecord {
    /// The round.
    pub round: u32,
    /// The commitment published before the first draw.
    pub commitment: Bytes32,
    /// The id of the round's first token (ids carry on from round to round).
    pub first_token: TokenId,
    /// Whether draws follow the bag or a sequencer that picks the owner.
    pub order: ActivationOrder,
    /// Whether the players' nonces are mixed into the shuffle key.
    #[serde(default)]
    pub entropy: bool,
    /// The players' nonces, in the order added.
    #[serde(default)]
    pub nonces: Vec<(PlayerId, Bytes32)>,
    /// Tokens put in, in order.
    pub contributions: Vec<(PlayerId, u32)>,
    /// Draws and eliminations, in order.
    pub steps: Vec<BagStep>,
}

impl RoundRecord {
    /// Checks the round against its revealed secret; returns how many draws were checked.
    pub fn verify(&self, secret: RoundSecret) -> Result<usize, FairnessError> {
        let round = self.round;
        if secret.commitment(round) != self.commitment {
            return Err(FairnessError::CommitmentMismatch { round });
        }
        let inconsistent = |reason: String| FairnessError::Inconsistent { round, reason };
        let key = match self.entropy {
            false => secret.key,
            true if self.nonces.is_empty() => {
                return Err(inconsistent("no player's nonce was seen".to_owned()));
            }
            true => mixed_key(secret.key, &self.nonces),
        };
        let mut bag = Bag::for_round(key, self.first_token);
        for &(player, tokens) in &self.contributions {
            bag.add_player_tokens(player, tokens)
                .map_err(|e| inconsistent(e.to_string()))?;
        }
        // Without entropy the bag is shuffled as it is filled; with entropy, by its first draw
        // (after any elimination before it), once the last nonce is in.
        if !self.entropy {
            bag.shuffle();
        }
        let mut draws = 0;
        for step in &self.steps {
            match *step {
                BagStep::Drawn { player, token } => {
                    let expected = match self.order {
                        ActivationOrder::Bag => bag.draw(),
                        _ => bag.draw_for(player),
                    }
                    .map_err(|e| inconsistent(format!("draw {draws}: {e}")))?
                    .token;
                    if expected.id != token || expected.owner != player {
                        return Err(FairnessError::DrawMismatch {
                            round,
                            index: draws,
                            expected_player: expected.owner,
                            expected_token: expected.id,
                            seen_player: player,
                            seen_token: token,
                        });
                    }
                    draws += 1;
                }
                BagStep::Eliminated { player } => {
                    bag.remove_player_tokens(player)
                        .map_err(|e| inconsistent(e.to_string()))?;
                }
            }
        }
        Ok(draws)
    }
}

/// A round's audit result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The round.
    pub round: u32,
    /// Draws checked, or why the round failed.
    pub outcome: Result<usize, FairnessError>,
    /// What was checked: the round as seen (none if its commitment was never seen) and the
    /// revealed secret — enough to check it again, or to keep as evidence.
    pub evidence: Option<(RoundRecord, RoundSecret)>,
}

/// Follows the public events of a game and audits every round when its secret is revealed.
#[derive(Clone, Debug, Default)]
pub struct Auditor {
    open: Option<RoundRecord>,
}

impl Auditor {
    /// A fresh auditor; feed it every event from the start of a round on.
    pub fn new() -> Self {
        Self::default()
    }

    /// Takes in one event; returns the verdict when it reveals a round's secret. A reveal for a
    /// round the auditor did not see committed is a failed verdict, never a silent pass.
    pub fn observe(&mut self, event: &Event) -> Option<Verdict> {
        match event {
            Event::RoundCommitted {
                round,
                commitment,
                first_token,
                order,
                entropy,
            } => {
                self.open = Some(RoundRecord {
                    round: *round,
                    commitment: *commitment,
                    first_token: *first_token,
                    order: *order,
                    entropy: *entropy,
                    nonces: Vec::new(),
                    contributions: Vec::new(),
                    steps: Vec::new(),
                });
            }
            Event::EntropyAdded { player, nonce } => {
                if let Some(record) = &mut self.open {
                    record.nonces.push((*player, *nonce));
                }
            }
            Event::TokensContributed { player, tokens } => {
                if let Some(record) = &mut self.open {
                    record.contributions.push((*player, *tokens));
                }
            }
            Event::TokenDrawn { player, token, .. } => self.step(BagStep::Drawn {
                player: *player,
                token: *token,
            }),
            Event::PlayerEliminated { player, .. } => {
                self.step(BagStep::Eliminated { player: *player })
            }
            Event::RoundRevealed { round, key, salt } => {
                let secret = RoundSecret {
                    key: *key,
                    salt: *salt,
                };
                let Some(record) = self.open.take().filter(|r| r.round == *round) else {
                    return Some(Verdict {
                        round: *round,
                        outcome: Err(FairnessError::Inconsistent {
                            round: *round,
                            reason: "no commitment was seen for this round".to_owned(),
                        }),
                        evidence: None,
                    });
                };
                return Some(Verdict {
                    round: *round,
                    outcome: record.verify(secret),
                    evidence: Some((record, secret)),
                });
            }
            _ => {}
        }
        None
    }

    fn step(&mut self, step: BagStep) {
        if let Some(record) = &mut self.open {
            record.steps.push(step);
        }
    }
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
