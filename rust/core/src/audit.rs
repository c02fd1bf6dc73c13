//! A client's audit of the server's draws: the [`Auditor`] follows the public events of a game
//! and checks every round once its secret is revealed (see [`crate::fairness`] for the
//! commitment and the key).
//!
//! At each reveal the auditor checks the commitment, rebuilds the round's bag from the key and
//! the public contributions with the very [`Bag`](crate::bag::Bag) code the game uses, and replays every draw and
//! elimination it saw. In seat or initiative order it also rebuilds the round's sequencer from
//! the key, at the moment the game sealed the round (at once, or once the last nonce owed was in),
//! and checks that every drawn token belongs to the player whose turn it was. A single tampered
//! draw, turn order, key or salt fails the round with a [`FairnessError`] that says where.

mod ledger;
mod record;

use thiserror::Error;

use crate::fairness::RoundSecret;
use crate::game::event::Event;
use crate::ids::{PlayerId, TokenId};
pub use ledger::{AuditLedger, Finding};
pub use record::{BagStep, RoundRecord};

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
/// early, and no round, draw, turn or action comes after the end), and an undo that would take
/// back a draw each fail the round. A round committed after the game ended fails too, and so does
/// a round whose bag takes tokens of a player with no seat in the game (once its `game_started`
/// was seen) or of a player eliminated before: such a player could add the last nonce, which the
/// server would then pick with the others' in view. A `game_started` after a round was committed
/// (it could leave out a seat already in a bag) fails the open round and every round committed
/// after it. A draw (or a change to the bag) with no round committed fails its round at once:
/// the last round if it did not end, else the next one (fed a log from the middle, with no start
/// and no commitment seen, the auditor cannot tell which, and the round's reveal says it was not
/// seen committed).
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
    /// A draw (or a change to the bag) was seen with no round committed since the last
    /// commitment: the round it belongs to has failed already.
    orphaned: bool,
    /// A verdict on a round revealed with tokens left, kept until the next event says whether
    /// the game ended there.
    early: Option<(Verdict, u32)>,
    /// The highest round committed so far: rounds are committed in increasing order.
    highest: u32,
    /// The game ended (a `game_over` was seen).
    ended: bool,
    /// The round the end of the game revealed with tokens left: it fails if the game goes on.
    cut: Option<u32>,
    /// The game's seats, from its first `game_started` (none seen: not checked).
    seats: Option<Vec<PlayerId>>,
    /// The game's `game_started` came after a round was committed.
    started_late: bool,
    /// The latest round a `round_ended` closed.
    closed: u32,
    /// The players eliminated so far.
    out: Vec<PlayerId>,
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
        if self.ended
            && goes_on(event)
            && let Some(round) = self.cut.take()
        {
            let reason =
                "the game ended with tokens still in this round's bag, and went on".to_owned();
            // What the event itself would say about this round is said here.
            let _ = self.observe_in_order(event);
            return Some(failed(round, reason, None));
        }
        if let Some((verdict, left)) = self.early.take() {
            if matches!(event, Event::GameOver { .. }) {
                self.ended = true;
                self.cut = Some(verdict.round);
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
                    _ if self.ended => {
                        Some("the round was committed after the game ended".to_owned())
                    }
                    _ if self.started_late => Some(STARTED_LATE.to_owned()),
                    _ => None,
                };
                self.highest = self.highest.max(*round);
                self.action_start = 0;
                self.orphaned = false;
                if let Some(open) = replaced {
                    let reason = if open.round == *round {
                        "the round was committed a second time before its reveal".to_owned()
                    } else {
                        format!("round {round} was committed before this round's reveal")
                    };
                    return Some(failed(open.round, reason, None));
                }
            }
            Event::EntropyAdded { player, nonce } => {
                if let Some(record) = &mut self.open {
                    record.nonces.push((*player, *nonce));
                }
                return self.step(BagStep::NonceAdded { player: *player });
            }
            Event::GameStarted { players } => {
                if self.highest > 0 && self.seats.is_none() {
                    self.started_late = true;
                    if self.open.is_some() {
                        self.broken = Some(STARTED_LATE.to_owned());
                    }
                }
                self.seats.get_or_insert_with(|| players.clone());
            }
            Event::TokensContributed { player, tokens } => {
                self.check_seated(*player);
                if let Some(record) = &mut self.open {
                    record.contributions.push((*player, *tokens));
                }
            }
            Event::TokenDrawn {
                player,
                token,
                remaining,
            } => {
                return self.step(BagStep::Drawn {
                    player: *player,
                    token: *token,
                    remaining: Some(*remaining),
                });
            }
            Event::PlayerEliminated { player, .. } => {
                self.out.push(*player);
                // Also before the first round (a mulligan phase): nothing to check then.
                if let Some(record) = &mut self.open {
                    record.steps.push(BagStep::Eliminated { player: *player });
                    // A command of its own, never undone with an action.
                    self.next_start = record.steps.len();
                }
            }
            Event::ReserveCommitted { .. } => self.reserve_next = true,
            Event::TokensAdded { player, count } => {
                self.check_seated(*player);
                let verdict = self.step(BagStep::Added {
                    player: *player,
                    count: *count,
                });
                if std::mem::take(&mut self.reserve_next) {
                    self.next_start = self.open.as_ref().map_or(0, |r| r.steps.len());
                }
                return verdict;
            }
            Event::TokensRemoved { player, count } => {
                return self.step(BagStep::Removed {
                    player: *player,
                    count: *count,
                });
            }
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
                self.closed = self.closed.max(*round);
                if self.open.as_ref().is_some_and(|open| open.round == *round) {
                    self.open = None;
                    let reason = "the round ended without its secret revealed".to_owned();
                    return Some(failed(*round, reason, None));
                }
            }
            // The end of the game reveals the round in progress first: one still open was
            // withheld.
            Event::GameOver { .. } => {
                self.ended = true;
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
        let broken = self.broken.take().or_else(|| {
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

    /// Fails the open round if `player`, whose tokens it takes, has no seat in the game or was
    /// eliminated before.
    fn check_seated(&mut self, player: PlayerId) {
        let unseated = self
            .seats
            .as_ref()
            .is_some_and(|seats| !seats.contains(&player));
        let why = match (unseated, self.out.contains(&player)) {
            (true, _) => "has no seat in the game",
            (_, true) => "was eliminated before",
            _ => return,
        };
        if self.open.is_some() && self.broken.is_none() {
            let reason = format!("player {} put tokens in the bag but {why}", player.0);
            self.broken = Some(reason);
        }
    }

    /// Records `step` in the open round. With none open, a draw (or a change to the bag) has no
    /// commitment to be checked against: the first one fails the round it belongs to at once
    /// (the last round if it did not end, else the next one), so that a server that never
    /// commits is caught at its first draw, not at an end it may never send. (Fed a log from
    /// the middle, with no start and no commitment seen, the auditor cannot tell which round
    /// that is: the round's reveal says it was not seen committed.)
    fn step(&mut self, step: BagStep) -> Option<Verdict> {
        if let Some(record) = &mut self.open {
            record.steps.push(step);
            return None;
        }
        let known = self.highest > 0 || self.seats.is_some();
        if !known || std::mem::replace(&mut self.orphaned, true) {
            return None;
        }
        let round = match self.closed >= self.highest {
            true => self.highest.saturating_add(1),
            false => self.highest,
        };
        let reason = "a draw or a change to the bag was seen with no round committed".to_owned();
        Some(failed(round, reason, None))
    }
}

/// Why a round fails once the game's start came after a round was committed.
const STARTED_LATE: &str = "the game's game_started came after a round was committed";

/// Whether `event` is play: a round, its bag, a draw, a turn or an action. None comes after the
/// end of an honest game (a rename may, and so may a seer's last, empty peek).
fn goes_on(event: &Event) -> bool {
    matches!(
        event,
        Event::RoundStarted { .. }
            | Event::RoundCommitted { .. }
            | Event::EntropyAdded { .. }
            | Event::RoundRevealed { .. }
            | Event::TokensContributed { .. }
            | Event::BagFilled { .. }
            | Event::TokenDrawn { .. }
            | Event::BagEmptied
            | Event::TurnChanged { .. }
            | Event::ActionResolved { .. }
            | Event::CardPlayed { .. }
            | Event::ActivationEnded { .. }
            | Event::ActionUndone { .. }
            | Event::RoundEnded { .. }
            | Event::PlayerEliminated { .. }
            | Event::DoubleActionDrawn { .. }
            | Event::ExtraAction { .. }
            | Event::ReserveCommitted { .. }
            | Event::TokensAdded { .. }
            | Event::TokensRemoved { .. }
    )
}

/// A failed verdict on `round`: the record does not add up, for `reason`.
fn failed(round: u32, reason: String, evidence: Option<(RoundRecord, RoundSecret)>) -> Verdict {
    Verdict {
        round,
        outcome: Err(FairnessError::Inconsistent { round, reason }),
        evidence,
    }
}
