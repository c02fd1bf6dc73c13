//! A client's audit of the server's draws: the [`Auditor`] follows the public events of a game
//! and checks every round once its secret is revealed (see [`crate::fairness`] for the
//! commitment and the key).
//!
//! At each reveal the auditor checks the commitment, rebuilds the round's bag from the key and
//! the public contributions with the very [`Bag`] code the game uses, and replays every draw and
//! elimination it saw. In seat or initiative order it also rebuilds the round's sequencer from
//! the key, at the moment the game sealed the round (at once, or once the last nonce owed was in),
//! and checks that every drawn token belongs to the player whose turn it was. A single tampered
//! draw, turn order, key or salt fails the round with a [`FairnessError`] that says where.

mod ledger;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::bag::Bag;
use crate::fairness::{Bytes32, RoundSecret, mixed_key};
use crate::game::activation::{ActivationOrder, Sequencer};
use crate::game::event::Event;
use crate::game::streams;
use crate::ids::{PlayerId, TokenId};
use crate::random::RandomStream;
pub use ledger::{AuditLedger, Finding};

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
    fn replay(&self, secret: RoundSecret) -> Result<(usize, Bag), FairnessError> {
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
///
/// A round must be committed, drawn and revealed in that order: draws with no round committed,
/// a second commitment before the reveal, a commitment of a round not after every round
/// committed before it, a round that ends (or that the game ends in) unrevealed or whose secret
/// comes labelled with another round, a reveal with tokens
/// still in the bag that the game goes on after (only the end of the game reveals a round
/// early), and an undo that would take back a draw each fail the round.
#[derive(Clone, Debug, Default)]
pub struct Auditor {
    open: Option<RoundRecord>,
    /// How many of the open round's steps came before the last action taken: an undone
    /// action's changes to the bag are taken back with it.
    action_start: usize,
    /// Where the next action's steps will start: after the draw that opened the activation, a
    /// double action's first, or a step no action made (an elimination, a reserve token).
    next_start: usize,
    /// A reserve token was committed: the tokens added next are its, not an action's.
    reserve_next: bool,
    /// Why the open round already fails, if it does.
    broken: Option<String>,
    /// Draws seen with no round committed, since the last verdict.
    orphan_draws: usize,
    /// A verdict on a round revealed with tokens left, kept until the next event says whether
    /// the game ended there.
    early: Option<(Verdict, u32)>,
    /// The highest round committed so far: rounds are committed in increasing order.
    highest: u32,
}

impl Auditor {
    /// A fresh auditor; feed it every event from the start of a round on.
    pub fn new() -> Self {
        Self::default()
    }

    /// Takes in one event; returns the verdict when it reveals a round's secret (or, for a round
    /// revealed with tokens left, at the end of the game that follows). A reveal for a round the
    /// auditor did not see committed is a failed verdict, never a silent pass, and so is a round
    /// out of order (see [`Auditor`]).
    pub fn observe(&mut self, event: &Event) -> Option<Verdict> {
        if let Some((verdict, left)) = self.early.take() {
            if matches!(event, Event::GameOver { .. }) {
                return Some(verdict);
            }
            let reason = format!(
                "the secret was revealed with {left} tokens still in the bag, and the game went on"
            );
            // What the event itself would say about this round is said here.
            let _ = self.observe_in_order(event);
            return Some(failed(verdict.round, reason, verdict.evidence));
        }
        self.observe_in_order(event)
    }

    /// [`Auditor::observe`] with no early reveal waiting for the next event.
    fn observe_in_order(&mut self, event: &Event) -> Option<Verdict> {
        match event {
            Event::RoundCommitted {
                round,
                commitment,
                first_token,
                order,
                entropy,
                max_streak,
            } => {
                let record = RoundRecord {
                    round: *round,
                    commitment: *commitment,
                    first_token: *first_token,
                    order: *order,
                    entropy: *entropy,
                    max_streak: *max_streak,
                    nonces: Vec::new(),
                    contributions: Vec::new(),
                    steps: Vec::new(),
                };
                let replaced = self.open.replace(record);
                // A round committed again, or after a later one, is not what the game does: it
                // fails at its verdict, whatever its draws (a log fed twice, rounds reordered).
                self.broken = match *round {
                    again if again == self.highest => {
                        Some("the round was committed a second time".to_owned())
                    }
                    earlier if earlier < self.highest => Some(format!(
                        "round {earlier} was committed after round {}",
                        self.highest
                    )),
                    _ => None,
                };
                self.highest = self.highest.max(*round);
                self.action_start = 0;
                let orphans = std::mem::take(&mut self.orphan_draws);
                if let Some(open) = replaced {
                    let reason = if open.round == *round {
                        "the round was committed a second time before its reveal".to_owned()
                    } else {
                        format!("round {round} was committed before this round's reveal")
                    };
                    return Some(failed(open.round, reason, None));
                }
                if orphans > 0 {
                    return Some(orphaned(round.saturating_sub(1), orphans));
                }
            }
            Event::EntropyAdded { player, nonce } => {
                if let Some(record) = &mut self.open {
                    record.nonces.push((*player, *nonce));
                }
                self.step(BagStep::NonceAdded { player: *player });
            }
            Event::TokensContributed { player, tokens } => {
                if let Some(record) = &mut self.open {
                    record.contributions.push((*player, *tokens));
                }
            }
            Event::TokenDrawn {
                player,
                token,
                remaining,
            } => self.step(BagStep::Drawn {
                player: *player,
                token: *token,
                remaining: Some(*remaining),
            }),
            Event::PlayerEliminated { player, .. } => {
                // Also before the first round (a mulligan phase): nothing to check then.
                if let Some(record) = &mut self.open {
                    record.steps.push(BagStep::Eliminated { player: *player });
                    // A command of its own, never undone with an action.
                    self.next_start = record.steps.len();
                }
            }
            Event::ReserveCommitted { .. } => self.reserve_next = true,
            Event::TokensAdded { player, count } => {
                self.step(BagStep::Added {
                    player: *player,
                    count: *count,
                });
                if std::mem::take(&mut self.reserve_next) {
                    self.next_start = self.open.as_ref().map_or(0, |r| r.steps.len());
                }
            }
            Event::TokensRemoved { player, count } => self.step(BagStep::Removed {
                player: *player,
                count: *count,
            }),
            // An action starts after the draw that opened the activation or after a double
            // action's first; an undo takes back the last one taken (its reactions with it),
            // with what it did to the bag, never a draw.
            Event::TurnChanged { .. } | Event::ExtraAction { .. } => {
                self.next_start = self.open.as_ref().map_or(0, |r| r.steps.len());
            }
            Event::ActionResolved { depth: 0, .. } => self.action_start = self.next_start,
            Event::ActionUndone { .. } => {
                if let Some(record) = &mut self.open {
                    let undone = record.steps.get(self.action_start..).unwrap_or_default();
                    if undone
                        .iter()
                        .any(|step| matches!(step, BagStep::Drawn { .. }))
                    {
                        self.broken = Some("an undone action would take back a draw".to_owned());
                    } else {
                        record.steps.truncate(self.action_start);
                    }
                }
                self.next_start = self.action_start;
            }
            Event::RoundRevealed { round, key, salt } => {
                return self.reveal(
                    *round,
                    RoundSecret {
                        key: *key,
                        salt: *salt,
                    },
                );
            }
            Event::RoundEnded { round } => {
                if self.open.as_ref().is_some_and(|open| open.round == *round) {
                    self.open = None;
                    let reason = "the round ended without its secret revealed".to_owned();
                    return Some(failed(*round, reason, None));
                }
                let orphans = std::mem::take(&mut self.orphan_draws);
                if orphans > 0 {
                    return Some(orphaned(*round, orphans));
                }
            }
            // The end of the game reveals the round in progress first: one still open was
            // withheld.
            Event::GameOver { .. } => {
                if let Some(open) = self.open.take() {
                    let reason = "the game ended without this round's secret revealed".to_owned();
                    return Some(failed(open.round, reason, None));
                }
            }
            _ => {}
        }
        None
    }

    /// The verdict on `round`, whose secret is revealed: at once, or at the next event when
    /// tokens are left in the bag (see [`Auditor::observe`]).
    fn reveal(&mut self, round: u32, secret: RoundSecret) -> Option<Verdict> {
        let orphans = std::mem::take(&mut self.orphan_draws);
        let Some(record) = self.open.take() else {
            return Some(failed(
                round,
                "no commitment was seen for this round".to_owned(),
                None,
            ));
        };
        // A secret labelled with another round leaves the open round unrevealed: that round
        // fails, not the one the label names.
        if record.round != round {
            let reason = format!("its secret was revealed labelled round {round}");
            return Some(failed(record.round, reason, None));
        }
        let broken = self
            .broken
            .take()
            .or_else(|| {
                (orphans > 0).then(|| format!("{orphans} draws were seen before its commitment"))
            })
            .or_else(|| {
                // Every round's bag is filled before its first draw, and so before any reveal.
                record
                    .contributions
                    .is_empty()
                    .then(|| "the secret was revealed before the bag was filled".to_owned())
            });
        let outcome = match broken {
            Some(reason) => Err(FairnessError::Inconsistent { round, reason }),
            None => record.replay(secret),
        };
        let left = outcome.as_ref().map_or(0, |(_, bag)| bag.remaining());
        let verdict = Verdict {
            round,
            outcome: outcome.map(|(draws, _)| draws),
            evidence: Some((record, secret)),
        };
        if left > 0 {
            self.early = Some((verdict, left));
            return None;
        }
        Some(verdict)
    }

    /// Records `step` in the open round; with none open, a draw (or a change to the bag) has no
    /// commitment to be checked against.
    fn step(&mut self, step: BagStep) {
        match &mut self.open {
            Some(record) => record.steps.push(step),
            None => self.orphan_draws += 1,
        }
    }
}

/// A failed verdict on `round`: the record does not add up, for `reason`.
fn failed(round: u32, reason: String, evidence: Option<(RoundRecord, RoundSecret)>) -> Verdict {
    Verdict {
        round,
        outcome: Err(FairnessError::Inconsistent { round, reason }),
        evidence,
    }
}

/// The failed verdict on `round`, in which `count` draws were seen with no round committed.
fn orphaned(round: u32, count: usize) -> Verdict {
    failed(
        round,
        format!("{count} draws or changes to the bag were seen with no round committed"),
        None,
    )
}
