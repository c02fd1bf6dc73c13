//! What a client's audit has found so far, as its front end reports it: the rounds verified, in
//! order, and why each failed round failed. A failed round stays failed, whatever a later verdict
//! says of it.

use std::collections::BTreeSet;

use super::Verdict;

/// The rounds verified and failed so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AuditLedger {
    verified: Vec<u64>,
    failures: Vec<String>,
    /// Rounds failed, by a verdict or [`AuditLedger::fail`]. A set: a hostile feed can fail
    /// round after round (a list made each verdict cost as much as every failure before it).
    failed: BTreeSet<u64>,
}

/// A finding the ledger took in, to be told (each at most once per round). Rounds are `u64`: a
/// client fails rounds the server names before any audit checked them (a hostile server may
/// name any).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finding {
    /// `round` verified, `draws` draws checked.
    Verified {
        /// The round.
        round: u64,
        /// Draws checked.
        draws: usize,
    },
    /// `round` failed, for `reason`.
    Failed {
        /// The round.
        round: u64,
        /// Why.
        reason: String,
    },
}

impl AuditLedger {
    /// Takes in `verdict`; returns what to tell, if anything: nothing for a round already failed.
    pub fn record(&mut self, verdict: Verdict) -> Option<Finding> {
        let round = u64::from(verdict.round);
        match verdict.outcome {
            Ok(_) if self.failed.contains(&round) => None,
            Ok(draws) => {
                self.verified.push(round);
                Some(Finding::Verified { round, draws })
            }
            Err(error) => self.fail(round, error.to_string()),
        }
    }

    /// Fails `round` for `reason`, something the draws need not show (a client's own nonce
    /// missing from the round's log, say): it leaves the verified rounds for good and `reason`
    /// joins the failures. Nothing to tell for a round already failed.
    pub fn fail(&mut self, round: u64, reason: String) -> Option<Finding> {
        if !self.failed.insert(round) {
            return None;
        }
        // Verified rounds come in increasing order (the auditor takes rounds in order).
        if let Ok(at) = self.verified.binary_search(&round) {
            self.verified.remove(at);
        }
        self.failures.push(reason.clone());
        Some(Finding::Failed { round, reason })
    }

    /// The rounds verified so far, in order.
    pub fn verified(&self) -> &[u64] {
        &self.verified
    }

    /// Why each failed round failed, in order.
    pub fn failures(&self) -> &[String] {
        &self.failures
    }
}
