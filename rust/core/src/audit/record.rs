//! One round's public record and its replay against the revealed secret.

use serde::{Deserialize, Serialize};

use super::FairnessError;
use crate::bag::Bag;
use crate::fairness::{Bytes32, RoundSecret, mixed_key};
use crate::game::activation::{ActivationOrder, Sequencer};
use crate::game::streams;
use crate::ids::{PlayerId, TokenId};
use crate::random::RandomStream;

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
        /// The tokens the draw said were left (not checked when left out).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        remaining: Option<u32>,
    },
    /// A player was eliminated; their tokens left the bag.
    Eliminated {
        /// Who.
        player: PlayerId,
    },
    /// A player added their nonce (with player entropy); the last one owed seals the round.
    NonceAdded {
        /// Who.
        player: PlayerId,
    },
    /// A card or structure put `count` more of `player`'s tokens into the bag.
    Added {
        /// Whose.
        player: PlayerId,
        /// How many.
        count: u32,
    },
    /// A card or structure took `count` of `player`'s tokens out of the bag.
    Removed {
        /// Whose.
        player: PlayerId,
        /// How many.
        count: u32,
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
    /// The mercy rule's longest run of one player's draws, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_streak: Option<u32>,
    /// The players' nonces, in the order added.
    #[serde(default)]
    pub nonces: Vec<(PlayerId, Bytes32)>,
    /// Tokens put in, in order.
    pub contributions: Vec<(PlayerId, u32)>,
    /// Draws, eliminations and nonces, in order.
    pub steps: Vec<BagStep>,
}

impl RoundRecord {
    /// Checks the round against its revealed secret; returns how many draws were checked.
    pub fn verify(&self, secret: RoundSecret) -> Result<usize, FairnessError> {
        self.replay(secret).map(|(draws, _)| draws)
    }

    /// [`RoundRecord::verify`], also giving the bag as the record leaves it.
    pub(super) fn replay(&self, secret: RoundSecret) -> Result<(usize, Bag), FairnessError> {
        let round = self.round;
        if secret.commitment(round) != self.commitment {
            return Err(FairnessError::CommitmentMismatch { round });
        }
        let inconsistent = |reason: String| FairnessError::Inconsistent { round, reason };
        let drawn = self
            .steps
            .iter()
            .any(|step| matches!(step, BagStep::Drawn { .. }));
        let key = match self.entropy {
            false => secret.key,
            // Draws wait for every nonce; with none drawn (the game ended first) there is
            // nothing a missing nonce could hide.
            true if self.nonces.is_empty() && drawn => {
                return Err(inconsistent("no player's nonce was seen".to_owned()));
            }
            true => mixed_key(secret.key, &self.nonces),
        };
        let mut bag = Bag::for_round(key, self.first_token);
        for &(player, tokens) in &self.contributions {
            bag.add_player_tokens(player, tokens)
                .map_err(|e| inconsistent(e.to_string()))?;
        }
        // Without entropy the bag is shuffled as it is filled and the round sealed at once; with
        // entropy, both wait for the last nonce owed (after any elimination before it).
        let mut owed: Vec<PlayerId> = Vec::new();
        let mut sequencer = None;
        match self.entropy {
            false => {
                bag.shuffle();
                sequencer = Some(self.seal(&bag, key).map_err(inconsistent)?);
            }
            true => {
                owed = self
                    .contributions
                    .iter()
                    .map(|&(player, _)| player)
                    .collect()
            }
        }
        let mut draws = 0;
        for step in &self.steps {
            match *step {
                BagStep::Drawn {
                    player,
                    token,
                    remaining,
                } => {
                    let Some(sequencer) = &mut sequencer else {
                        return Err(inconsistent(format!("draw {draws} before the last nonce")));
                    };
                    let draw = sequencer
                        .draw(&mut bag)
                        .map_err(|e| inconsistent(format!("draw {draws}: {e}")))?;
                    let expected = draw.token;
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
                    if remaining.is_some_and(|said| said != draw.remaining) {
                        return Err(inconsistent(format!(
                            "draw {draws} said {} tokens were left, but {} were",
                            remaining.unwrap_or_default(),
                            draw.remaining
                        )));
                    }
                    draws += 1;
                }
                BagStep::Eliminated { player } => {
                    bag.remove_player_tokens(player)
                        .map_err(|e| inconsistent(e.to_string()))?;
                    if let Some(sequencer) = &mut sequencer {
                        sequencer
                            .eliminate(player)
                            .map_err(|e| inconsistent(e.to_string()))?;
                    }
                    owed.retain(|&p| p != player);
                    if sequencer.is_none() && owed.is_empty() && self.entropy {
                        sequencer = Some(self.seal(&bag, key).map_err(inconsistent)?);
                    }
                }
                BagStep::Added { player, count } => {
                    bag.add_player_tokens(player, count)
                        .map_err(|e| inconsistent(e.to_string()))?;
                }
                BagStep::Removed { player, count } => {
                    let removed = bag
                        .remove_tokens(player, count)
                        .map_err(|e| inconsistent(e.to_string()))?;
                    if removed != count {
                        return Err(inconsistent(format!(
                            "{count} of player {}'s tokens left the bag, but only {removed} \
                             were in it",
                            player.0
                        )));
                    }
                }
                BagStep::NonceAdded { player } => {
                    // Only a player owing one adds a nonce, once, before the seal: any other is
                    // a key the server could pick after seeing the real ones.
                    if !owed.contains(&player) {
                        return Err(inconsistent(format!(
                            "player {} added a nonce the round did not wait for ({})",
                            player.0,
                            match (self.entropy, sequencer.is_some()) {
                                (false, _) => "the round is played without player entropy",
                                (true, true) => "after the round was sealed",
                                (true, false) => "not in the round, or a second one",
                            }
                        )));
                    }
                    owed.retain(|&p| p != player);
                    if sequencer.is_none() && owed.is_empty() {
                        sequencer = Some(self.seal(&bag, key).map_err(inconsistent)?);
                    }
                }
            }
        }
        Ok((draws, bag))
    }

    /// The round's sequencer as the game sealed it: from the players with tokens left in `bag`
    /// and the shuffle `key`'s seat stream.
    fn seal(&self, bag: &Bag, key: Bytes32) -> Result<Sequencer, String> {
        let living: Vec<(PlayerId, u32)> = bag
            .tallies()
            .iter()
            .filter(|t| t.remaining > 0)
            .map(|t| (t.player, t.remaining))
            .collect();
        let mut rng = RandomStream::from_key(key.0, streams::ROUND_KEY_SEATS);
        Sequencer::for_round(self.order, &living, &mut rng)
            .map(|sequencer| sequencer.with_max_streak(self.max_streak))
            .map_err(|e| e.to_string())
    }
}
