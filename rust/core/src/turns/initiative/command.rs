//! What the race is asked to do, and what it reports happened.

use serde::{Deserialize, Serialize};

use super::{ActionFlag, StatusEffect, UnitSpec};
use crate::ids::UnitId;
use crate::turns::{SkipReason, TurnEvent};

/// A request to change the race. [`Initiative::apply`](super::Initiative::apply) validates it completely first; a refused
/// command changes nothing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "command", rename_all = "snake_case")]
pub enum InitiativeCommand {
    /// Adds a unit to the race (it may join mid-turn; it acts once its charge allows).
    AddUnit(UnitSpec),
    /// Takes a unit out of the race. If it is acting, its turn stops there (no end-of-turn
    /// upkeep).
    RemoveUnit {
        /// The unit.
        unit: UnitId,
    },
    /// Changes a unit's speed, from the next tick on (its current action points stay).
    SetSpeed {
        /// The unit.
        unit: UnitId,
        /// 1 to [`MAX_SPEED`](super::MAX_SPEED).
        speed: u32,
    },
    /// Sets a unit's charge (haste and delay effects), 0 to [`MAX_CHARGE`](super::MAX_CHARGE).
    SetCharge {
        /// The unit.
        unit: UnitId,
        /// The new charge.
        charge: u64,
    },
    /// Ends the acting unit's turn, if one is acting, then runs the race and starts the next
    /// unit's turn. If that unit is stunned, its turn is skipped and ends at once, and no unit is
    /// acting afterwards.
    NextTurn,
    /// Ends the acting unit's turn without starting another.
    EndTurn,
    /// The acting unit spends action points.
    SpendActionPoints {
        /// The unit (must be acting).
        unit: UnitId,
        /// How many (no more than it has).
        amount: u32,
    },
    /// Gives a unit a skill, ready to use.
    AddSkill {
        /// The unit.
        unit: UnitId,
        /// The skill's name (non-empty, new on the unit).
        name: String,
        /// Action points per use, up to [`MAX_AMOUNT`](super::MAX_AMOUNT).
        cost: u32,
        /// Turns it rests after a use, up to [`MAX_AMOUNT`](super::MAX_AMOUNT).
        cooldown: u32,
    },
    /// The acting unit uses a ready skill: pays its cost and starts its cooldown.
    UseSkill {
        /// The unit (must be acting).
        unit: UnitId,
        /// The skill's name.
        skill: String,
    },
    /// The acting unit records an action it takes at most once per turn.
    MarkAction {
        /// The unit (must be acting).
        unit: UnitId,
        /// What it did.
        action: ActionFlag,
    },
    /// Puts a status effect on a unit, replacing one of the same name.
    ApplyStatus {
        /// The unit.
        unit: UnitId,
        /// The effect (non-empty name; a duration of 1 to [`MAX_AMOUNT`](super::MAX_AMOUNT) turns, or permanent;
        /// an amount up to [`MAX_AMOUNT`](super::MAX_AMOUNT)).
        status: StatusEffect,
    },
    /// Takes a status effect off a unit.
    RemoveStatus {
        /// The unit.
        unit: UnitId,
        /// The effect's name.
        status: String,
    },
}

/// What happened, in order, as [`Initiative::apply`](super::Initiative::apply) returns it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum InitiativeEvent {
    /// A unit joined the race.
    UnitAdded {
        /// The unit.
        unit: UnitId,
    },
    /// A unit left the race.
    UnitRemoved {
        /// The unit.
        unit: UnitId,
    },
    /// A unit's speed changed.
    SpeedChanged {
        /// The unit.
        unit: UnitId,
        /// Its new speed.
        speed: u32,
    },
    /// A unit's charge was set.
    ChargeChanged {
        /// The unit.
        unit: UnitId,
        /// Its new charge.
        charge: u64,
    },
    /// Time passed in the race.
    Ticked {
        /// Ticks that passed.
        ticks: u64,
        /// Global time afterwards.
        global_time: u64,
    },
    /// The turn passed from one unit to another.
    TurnChanged(TurnEvent<UnitId>),
    /// A unit's turn started: its action points are set and its cooldowns reduced. Its status
    /// effects tick next.
    TurnStarted {
        /// The unit.
        unit: UnitId,
        /// Its action points for the turn.
        action_points: u32,
    },
    /// A status effect ticked at the start of its unit's turn.
    StatusTicked {
        /// The unit.
        unit: UnitId,
        /// The status's name.
        status: String,
        /// The signed health change it stands for ([`StatusKind::value`](super::StatusKind::value)).
        value: i64,
        /// The unit's health afterwards.
        health: u32,
    },
    /// A status effect ran out (by its last tick) or was removed.
    StatusEnded {
        /// The unit.
        unit: UnitId,
        /// The status's name.
        status: String,
    },
    /// A unit's health reached 0 as its statuses ticked: its turn is skipped and it leaves the
    /// race ([`InitiativeEvent::UnitRemoved`] follows).
    UnitDefeated {
        /// The unit.
        unit: UnitId,
    },
    /// A unit's action phase was skipped; the turn ends at once.
    TurnSkipped {
        /// The unit.
        unit: UnitId,
        /// Why.
        reason: SkipReason,
    },
    /// A unit's turn ended.
    TurnEnded {
        /// The unit.
        unit: UnitId,
        /// Its charge afterwards (overflow kept).
        charge: u64,
    },
    /// The acting unit spent action points.
    ActionPointsSpent {
        /// The unit.
        unit: UnitId,
        /// How many.
        amount: u32,
        /// How many it has left.
        remaining: u32,
    },
    /// A unit was given a skill.
    SkillAdded {
        /// The unit.
        unit: UnitId,
        /// The skill's name.
        skill: String,
    },
    /// The acting unit used a skill.
    SkillUsed {
        /// The unit.
        unit: UnitId,
        /// The skill's name.
        skill: String,
        /// Action points left.
        remaining: u32,
    },
    /// The acting unit recorded an action.
    ActionMarked {
        /// The unit.
        unit: UnitId,
        /// What it did.
        action: ActionFlag,
    },
    /// A status effect was put on a unit.
    StatusApplied {
        /// The unit.
        unit: UnitId,
        /// The status's name.
        status: String,
    },
}
