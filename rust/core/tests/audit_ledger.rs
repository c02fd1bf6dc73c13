//! A client's findings as its front end reports them: rounds verified in order, and a failed
//! round failed for good, told once, whatever a later verdict says.

use horizons_edge_core::audit::{AuditLedger, FairnessError, Finding, Verdict};

fn verdict(round: u32, outcome: Result<usize, FairnessError>) -> Verdict {
    Verdict {
        round,
        outcome,
        evidence: None,
    }
}

#[test]
fn a_failed_round_leaves_the_verified_ones_for_good_and_is_told_once() {
    let mut ledger = AuditLedger::default();
    assert_eq!(
        ledger.record(verdict(1, Ok(8))),
        Some(Finding::Verified { round: 1, draws: 8 })
    );
    ledger.record(verdict(2, Ok(8)));
    assert_eq!(ledger.verified(), [1, 2]);
    assert_eq!(
        ledger.fail(2, "round 2: my nonce is missing".into()),
        Some(Finding::Failed {
            round: 2,
            reason: "round 2: my nonce is missing".into()
        })
    );
    assert_eq!(ledger.verified(), [1]);
    assert_eq!(
        ledger.record(verdict(2, Ok(8))),
        None,
        "no later verdict verifies it"
    );
    assert_eq!(ledger.fail(2, "again".into()), None, "nor says more");
    let broken = FairnessError::Inconsistent {
        round: 3,
        reason: "a reveal for another round".into(),
    };
    let told = ledger.record(verdict(3, Err(broken.clone())));
    assert_eq!(
        told,
        Some(Finding::Failed {
            round: 3,
            reason: broken.to_string()
        })
    );
    assert_eq!(ledger.verified(), [1]);
    assert_eq!(
        ledger.failures(),
        [
            "round 2: my nonce is missing".to_owned(),
            broken.to_string()
        ]
    );
}
