//! Status effects: damage and healing over time, stuns and markers, and how long they last.

use serde::{Deserialize, Serialize};

use super::{MAX_AMOUNT, check_range};
use crate::error::TurnError;

/// What a status effect does when it ticks at the start of its unit's turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum StatusKind {
    /// Takes `amount` health (not below 0).
    DamageOverTime {
        /// Health lost per tick.
        amount: u32,
    },
    /// Restores `amount` health (not above the unit's maximum).
    HealOverTime {
        /// Health gained per tick.
        amount: u32,
    },
    /// Skips the action phase of the turn it ticks in.
    Stun,
    /// Does nothing by itself: a condition the game reads (slowed, shielded, ...).
    Marker,
}

impl StatusKind {
    /// The signed change to health one tick stands for: negative for damage, positive for
    /// healing, 0 otherwise.
    pub fn value(self) -> i64 {
        match self {
            StatusKind::DamageOverTime { amount } => -i64::from(amount),
            StatusKind::HealOverTime { amount } => i64::from(amount),
            StatusKind::Stun | StatusKind::Marker => 0,
        }
    }

    /// `health` after one tick on a unit whose maximum is `max_health`.
    pub fn tick(self, health: u32, max_health: u32) -> u32 {
        match self {
            StatusKind::DamageOverTime { amount } => health.saturating_sub(amount),
            StatusKind::HealOverTime { amount } => health.saturating_add(amount).min(max_health),
            StatusKind::Stun | StatusKind::Marker => health,
        }
    }
}

/// How long a status effect lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StatusDuration {
    /// It ticks at the start of this many of its unit's turns (at least 1), and is removed by the
    /// last tick.
    Turns(u32),
    /// It ticks at the start of every turn and stays until removed.
    Permanent,
}

impl StatusDuration {
    /// Counts one tick down; whether the status stays afterwards.
    pub(super) fn tick(&mut self) -> bool {
        match self {
            StatusDuration::Permanent => true,
            StatusDuration::Turns(turns) => {
                *turns = turns.saturating_sub(1);
                *turns > 0
            }
        }
    }
}

/// A status effect on a unit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StatusEffect {
    /// Its name, unique on the unit: applying a status of the same name replaces the old one.
    pub name: String,
    /// What it does.
    pub kind: StatusKind,
    /// How many more ticks it has.
    pub duration: StatusDuration,
}

/// Refuses a status effect without a name, or with a duration or an amount out of range.
pub(super) fn check_status(status: &StatusEffect) -> Result<(), TurnError> {
    if status.name.is_empty() {
        return Err(TurnError::EmptyName {
            what: "status effect",
        });
    }
    if let StatusDuration::Turns(turns) = status.duration {
        check_range(
            "status duration",
            u64::from(turns),
            1,
            u64::from(MAX_AMOUNT),
        )?;
    }
    match status.kind {
        StatusKind::DamageOverTime { amount } | StatusKind::HealOverTime { amount } => {
            check_range("status amount", u64::from(amount), 0, u64::from(MAX_AMOUNT))
        }
        StatusKind::Stun | StatusKind::Marker => Ok(()),
    }
}
