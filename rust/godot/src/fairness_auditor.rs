//! The `FairnessAuditor` class: a client's check that the server's draws were fair.

use godot::builtin::AnyDictionary;
use godot::prelude::*;
use horizons_edge_core::Event;
use horizons_edge_core::audit::{AuditLedger, Auditor, Finding};

use crate::convert;
use crate::outbox::{KeepAlive, Outbox};
use crate::refusal::Refusal;

/// Checks every round's draws against the secret the server committed to before the round.
///
/// Before a round's first draw the rules publish a [code]round_committed[/code] event holding
/// SHA-256 over the round's secret key and salt; after its last draw a
/// [code]round_revealed[/code] event reveals them. Feed [method observe] every event you receive
/// (the Dictionaries of [method GameRules.get_events_for] or [signal GameRules.event_logged]), in
/// order: at each reveal the auditor checks the commitment, rebuilds the round's bag from the key
/// and replays every draw it saw, then emits [signal round_verified] or [signal round_failed]
/// (for a round revealed with tokens left, because the game ended there, at the
/// [code]game_over[/code] that follows). A round out of order fails too: draws with no
/// commitment (at the first one, which fails the last round if it did not end, else the next),
/// a second commitment before the reveal, a round committed again or after a later
/// one (a log fed twice, rounds reordered), a round that ends (or the game ends in) unrevealed
/// or whose secret comes labelled with another round, a reveal the game goes on after (also
/// after its [code]game_over[/code]: a round the end revealed early fails then, and so does every
/// round committed after the end), a nonce no player owed (of a player not in the round, a
/// seat's second, one after the round was sealed, or any in a round without player entropy),
/// tokens in the bag of a player with no seat in the game (once its [code]game_started[/code] was
/// observed) or of one eliminated before, a [code]game_started[/code] after a round was committed
/// (that round and every later one fail), or an undo that would take back a draw. A failed round stays failed: it leaves
/// [method get_verified_rounds], and later verdicts on it say nothing more.
/// A client that joins mid-game asks for the events since 0 so that it can audit every round.
/// ```gdscript
/// var auditor := FairnessAuditor.new()
/// auditor.round_failed.connect(func(_round_number: int, reason: String) -> void: push_error(reason))
/// for event in rules.get_events_for(my_id, 0):
///     auditor.observe(event)
/// ```
#[derive(GodotClass)]
#[class(init, base = RefCounted)]
pub struct FairnessAuditor {
    auditor: Auditor,
    ledger: AuditLedger,
    /// Findings waiting for their signal.
    outbox: Outbox<Finding>,
    base: Base<RefCounted>,
}

#[godot_api]
impl FairnessAuditor {
    /// Every draw of [param round_number] matches its revealed secret, which matches its
    /// commitment.
    #[signal]
    pub fn round_verified(round_number: i64, draws: i64);
    /// [param round_number] failed its audit; [param reason] says where (a mismatched
    /// commitment, or the first draw that differs from what the key gives).
    #[signal]
    pub fn round_failed(round_number: i64, reason: GString);

    /// Takes in one event Dictionary. Returns [code]false[/code] (and logs an error) if it is not
    /// an event; other events than the bag's are accepted and ignored.
    #[func]
    pub fn observe(&mut self, event: AnyDictionary) -> Result<bool, Refusal> {
        let event = convert::to_json(&event.to_variant())
            .and_then(|json| serde_json::from_value::<Event>(json).map_err(|e| e.to_string()))
            .map_err(|reason| {
                Refusal::invalid_argument(
                    "FairnessAuditor.observe",
                    format!("not an event: {reason}"),
                )
            })?;
        if let Some(finding) = self
            .auditor
            .observe(&event)
            .and_then(|verdict| self.ledger.record(verdict))
        {
            self.outbox.push(finding);
        }
        self.emit_pending();
        Ok(true)
    }

    /// Fails [param round] for [param reason], something wrong that the draws do not show (for
    /// example, a client's own nonce missing from the round's log): the round leaves
    /// [method get_verified_rounds] if it was there, [code]"round N: reason"[/code] joins
    /// [method get_failures] and [signal round_failed] is emitted. No later verdict verifies the
    /// round; failing it again says nothing more. A round below 1 (rounds count from 1) is the
    /// script's mistake: an error, and nothing changes.
    #[func]
    pub fn fail_round(&mut self, round: i64, reason: GString) {
        let Some(round) = u64::try_from(round).ok().filter(|&round| round >= 1) else {
            godot_error!(
                "FairnessAuditor.fail_round: round {round} is not a round (they count from 1)"
            );
            return;
        };
        if let Some(finding) = self.ledger.fail(round, format!("round {round}: {reason}")) {
            self.outbox.push(finding);
        }
        self.emit_pending();
    }

    /// The rounds verified so far, in order.
    #[func]
    pub fn get_verified_rounds(&self) -> PackedInt64Array {
        self.ledger
            .verified()
            .iter()
            // Every round came from a u32 verdict or a positive i64.
            .map(|&round| round as i64)
            .collect()
    }

    /// Why each failed round failed, in order.
    #[func]
    pub fn get_failures(&self) -> PackedStringArray {
        self.ledger
            .failures()
            .iter()
            .map(|reason| GString::from(reason.as_str()))
            .collect()
    }
}

impl FairnessAuditor {
    /// Emits the queued verdicts, from the outermost call only: a handler that observes more
    /// adds to the queue.
    fn emit_pending(&mut self) {
        if self.outbox.begin() {
            let _alive = KeepAlive::new(self.to_gd().upcast());
            while let Some(finding) = self.outbox.take_next() {
                match finding {
                    Finding::Verified { round, draws } => self
                        .signals()
                        .round_verified()
                        .emit(round as i64, draws as i64),
                    Finding::Failed { round, reason } => self
                        .signals()
                        .round_failed()
                        .emit(round as i64, &GString::from(reason.as_str())),
                }
            }
        }
    }
}
