//! Charge initiative: a speed race that decides which unit acts next, in exact integer arithmetic.
//!
//! ## The race
//! While no unit is acting, time runs in ticks: at every tick each unit in the race gains its
//! speed in charge, and the race stops at the first tick after which one or more units hold at
//! least [`CHARGE_TO_ACT`] (100) charge. No tick runs while some unit already holds 100 or more
//! (for instance overflow kept from its last turn), so such a unit acts without time passing.
//!
//! ## Who goes first
//! Among the units holding 100 or more, the turn goes to the first in this total order:
//! 1. higher charge first;
//! 2. then [`Side::Player`] before [`Side::Enemy`];
//! 3. then the lower [`UnitId`].
//!
//! ## A turn
//! - **Start**: action points are set to `3 + ⌊speed / 5⌋` (nothing rolls over); every skill
//!   cooldown above 0 drops by 1; then every status effect ticks, in the order applied (one
//!   applied again ticks last, as the latest applied): damage or healing over time is applied to
//!   health, and a status with a duration loses one turn and is removed when none are left
//!   (permanent ones stay). A status ticks at the start of each of its unit's turns, as many times
//!   as its duration, and is removed by its last tick: a duration-1 status applied on turn X
//!   ticks once, at the start of the unit's next turn, and expires there (seed 003 CoA 3) —
//!   affecting that whole turn: a stun skips its action phase, and a marker (which does
//!   nothing by ticking) still counts for [`Unit::has_status`] until the turn ends — and is gone
//!   from then on. If a stun ticked, the
//!   action phase is skipped and the turn ends at once.
//! - **Action phase**: the unit spends action points (never below zero: an unaffordable cost is
//!   refused), uses skills (which then cool down) and marks what it has done (moved, attacked,
//!   standard action). Everyone else waits; no time passes.
//! - **End**: charge becomes `max(0, charge − 100)` — overflow is kept — the action flags are
//!   cleared and unspent action points are dropped.
//!
//! Health never leaves `0..=max_health`. The race is between the living: a unit whose statuses
//! take it to 0 health as its turn starts has that turn skipped and leaves the race
//! ([`InitiativeEvent::UnitDefeated`]).
//!
//! ## Prediction
//! [`Initiative::predicted_turns`] runs the same race on a copy of the charges: with no change in
//! between, the predicted turns are exactly the turns that then happen. A stun never changes the
//! order (a stunned unit still has its turn, skipped); damage and healing over time can, by
//! defeating a unit, so the prediction ticks those on a copy of each unit's health, and a unit's
//! defeat is its last predicted turn.

mod command;
mod prediction;
mod race;
mod status;
mod unit;

use serde::{Deserialize, Serialize};

pub use command::{InitiativeCommand, InitiativeEvent};
pub use prediction::PredictedTurn;
pub use status::{StatusDuration, StatusEffect, StatusKind};
pub use unit::{ActionFlag, ActionFlags, Side, Skill, Unit, UnitSpec};

use super::RoundTracker;
use crate::error::{RulesError, TurnError};
use crate::ids::UnitId;
use status::check_status;

/// The charge a unit needs to take a turn, and what a turn consumes.
pub const CHARGE_TO_ACT: u64 = 100;
/// Action points every turn starts with, before the speed bonus.
pub const BASE_ACTION_POINTS: u32 = 3;
/// Speed per bonus action point: a turn starts with `3 + ⌊speed / 5⌋` action points.
pub const SPEED_PER_ACTION_POINT: u32 = 5;
/// The highest speed a unit may have (the lowest is 1).
pub const MAX_SPEED: u32 = 10_000;
/// The most units in one race: every prediction runs them all, so more would make a single
/// call take seconds.
pub const MAX_UNITS: usize = 1_000;
/// The highest charge a unit may be given.
pub const MAX_CHARGE: u64 = 1_000_000;
/// The highest health a unit may have (the lowest it may be added with is 1).
pub const MAX_HEALTH: u32 = 1_000_000;
/// The highest skill cooldown, skill cost, status amount or status duration, in turns or points.
pub const MAX_AMOUNT: u32 = 1_000_000;
/// The most statuses on one unit at once: every turn ticks each of them.
pub const MAX_STATUSES_PER_UNIT: usize = 100;
/// The most skills one unit may have.
pub const MAX_SKILLS_PER_UNIT: usize = 100;
/// The health a [`UnitSpec`] gets unless told otherwise.
pub const DEFAULT_HEALTH: u32 = 100;

/// The race: its units, the acting unit, time and virtual rounds. Serializable as a whole; it
/// changes only through [`Initiative::apply`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Initiative {
    /// The units, sorted by id.
    units: Vec<Unit>,
    /// The unit in its action phase, if any.
    active: Option<UnitId>,
    /// The unit that had the latest turn.
    last: Option<UnitId>,
    /// Ticks since the race began.
    global_time: u64,
    /// Turns started since the race began.
    turns: u64,
    /// Virtual rounds.
    rounds: RoundTracker<UnitId>,
    /// The units the race lost to defeat and that were not added again, the latest last (at
    /// most [`MAX_UNITS`]): a command about one is a refusal of play ([`TurnError::Defeated`]),
    /// as a unit dying of a status effect is play, not a mistake of the caller's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    defeated: Vec<UnitId>,
}

impl Initiative {
    /// An empty race at time 0.
    pub fn new() -> Initiative {
        Initiative::default()
    }

    /// Validates and carries out `command`; returns what happened, in order. On `Err` nothing has
    /// changed.
    pub fn apply(
        &mut self,
        command: InitiativeCommand,
    ) -> Result<Vec<InitiativeEvent>, RulesError> {
        let mut out = Vec::new();
        match command {
            InitiativeCommand::AddUnit(spec) => self.add_unit(spec, &mut out)?,
            InitiativeCommand::RemoveUnit { unit } => self.remove_unit(unit, &mut out)?,
            InitiativeCommand::SetSpeed { unit, speed } => {
                let index = self.index(unit)?;
                check_range("speed", u64::from(speed), 1, u64::from(MAX_SPEED))?;
                self.units[index].speed = speed;
                out.push(InitiativeEvent::SpeedChanged { unit, speed });
            }
            InitiativeCommand::SetCharge { unit, charge } => {
                let index = self.index(unit)?;
                check_range("charge", charge, 0, MAX_CHARGE)?;
                self.units[index].charge = charge;
                out.push(InitiativeEvent::ChargeChanged { unit, charge });
            }
            InitiativeCommand::NextTurn => self.next_turn(&mut out)?,
            InitiativeCommand::EndTurn => {
                let index = self.active_index().ok_or(TurnError::NoActiveTurn)?;
                self.end_turn(index, &mut out);
            }
            InitiativeCommand::SpendActionPoints { unit, amount } => {
                let index = self.acting_index(unit)?;
                let acting = &mut self.units[index];
                if amount > acting.action_points {
                    return Err(TurnError::NotEnoughActionPoints {
                        unit,
                        cost: amount,
                        available: acting.action_points,
                    }
                    .into());
                }
                acting.action_points -= amount;
                out.push(InitiativeEvent::ActionPointsSpent {
                    unit,
                    amount,
                    remaining: acting.action_points,
                });
            }
            InitiativeCommand::AddSkill {
                unit,
                name,
                cost,
                cooldown,
            } => {
                let index = self.index(unit)?;
                check_new_name("skill", &name)?;
                check_range("skill cost", u64::from(cost), 0, u64::from(MAX_AMOUNT))?;
                check_range(
                    "skill cooldown",
                    u64::from(cooldown),
                    0,
                    u64::from(MAX_AMOUNT),
                )?;
                let target = &mut self.units[index];
                if target.skill(&name).is_some() {
                    return Err(TurnError::DuplicateSkill { unit, skill: name }.into());
                }
                check_range(
                    "skills of one unit",
                    target.skills.len() as u64 + 1,
                    0,
                    MAX_SKILLS_PER_UNIT as u64,
                )?;
                target.skills.push(Skill {
                    name: name.clone(),
                    cost,
                    cooldown,
                    remaining: 0,
                });
                out.push(InitiativeEvent::SkillAdded { unit, skill: name });
            }
            InitiativeCommand::UseSkill { unit, skill } => {
                let index = self.acting_index(unit)?;
                let acting = &mut self.units[index];
                let available = acting.action_points;
                let Some(entry) = acting.skills.iter_mut().find(|s| s.name == skill) else {
                    return Err(TurnError::UnknownSkill { unit, skill }.into());
                };
                if entry.remaining > 0 {
                    let turns = entry.remaining;
                    return Err(TurnError::SkillOnCooldown { unit, skill, turns }.into());
                }
                if entry.cost > available {
                    let cost = entry.cost;
                    return Err(TurnError::NotEnoughActionPoints {
                        unit,
                        cost,
                        available,
                    }
                    .into());
                }
                entry.remaining = entry.cooldown;
                acting.action_points = available - entry.cost;
                out.push(InitiativeEvent::SkillUsed {
                    unit,
                    skill,
                    remaining: acting.action_points,
                });
            }
            InitiativeCommand::MarkAction { unit, action } => {
                let index = self.acting_index(unit)?;
                let acting = &mut self.units[index];
                if acting.flags.get(action) {
                    return Err(TurnError::ActionAlreadyTaken {
                        unit,
                        action: action.phrase(),
                    }
                    .into());
                }
                acting.flags.set(action);
                out.push(InitiativeEvent::ActionMarked { unit, action });
            }
            InitiativeCommand::ApplyStatus { unit, status } => {
                let index = self.index(unit)?;
                check_status(&status)?;
                check_new_name("status effect", &status.name)?;
                let target = &mut self.units[index];
                if target.statuses.iter().all(|s| s.name != status.name) {
                    check_range(
                        "statuses on one unit",
                        target.statuses.len() as u64 + 1,
                        0,
                        MAX_STATUSES_PER_UNIT as u64,
                    )?;
                }
                let name = status.name.clone();
                // Applied again, it ticks from its new place: last, as the latest applied.
                target.statuses.retain(|s| s.name != status.name);
                target.statuses.push(status);
                out.push(InitiativeEvent::StatusApplied { unit, status: name });
            }
            InitiativeCommand::RemoveStatus { unit, status } => {
                let index = self.index(unit)?;
                let target = &mut self.units[index];
                // A marker in its last turn (already ended) is taken off too, so that
                // `has_status` agrees with the removal.
                let had = target.statuses.iter().position(|s| s.name == status);
                let expiring = target.expiring.iter().position(|name| *name == status);
                if had.is_none() && expiring.is_none() {
                    return Err(TurnError::UnknownStatus { unit, status }.into());
                }
                if let Some(at) = expiring {
                    target.expiring.remove(at);
                }
                if let Some(at) = had {
                    target.statuses.remove(at);
                    out.push(InitiativeEvent::StatusEnded { unit, status });
                }
            }
        }
        Ok(out)
    }

    /// The units, sorted by id.
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// The unit with id `unit`, if it is in the race.
    pub fn unit(&self, unit: UnitId) -> Option<&Unit> {
        self.index(unit).ok().map(|index| &self.units[index])
    }

    /// Whether `unit` left the race defeated (at 0 health) and was not added again.
    pub fn is_defeated(&self, unit: UnitId) -> bool {
        self.defeated.contains(&unit)
    }

    /// The unit in its action phase, if any.
    pub fn active(&self) -> Option<UnitId> {
        self.active
    }

    /// The unit that had the latest turn (acting, ended or skipped), if any.
    pub fn last(&self) -> Option<UnitId> {
        self.last
    }

    /// Ticks since the race began.
    pub fn global_time(&self) -> u64 {
        self.global_time
    }

    /// Turns started since the race began (skipped ones included).
    pub fn turns_started(&self) -> u64 {
        self.turns
    }

    /// The current virtual round, from 1; 0 before the first turn.
    pub fn round(&self) -> u32 {
        self.rounds.round()
    }

    /// Whether a race read from JSON holds together, as [`Initiative::apply`] keeps it: units
    /// sorted by id, each within the ranges `apply` enforces, the acting unit and the round's
    /// record among them. The error says what does not.
    pub fn check(&self) -> Result<(), String> {
        if self.units.len() > MAX_UNITS {
            return Err(format!(
                "{} units; a race holds at most {MAX_UNITS}",
                self.units.len()
            ));
        }
        if self.defeated.len() > MAX_UNITS {
            return Err(format!(
                "{} defeated units remembered; a race remembers at most {MAX_UNITS}",
                self.defeated.len()
            ));
        }
        if let Some(unit) = self.defeated.iter().find(|id| self.unit(**id).is_some()) {
            return Err(format!("unit {unit} is defeated but in the race"));
        }
        if let Some(pair) = self.units.windows(2).find(|pair| pair[0].id >= pair[1].id) {
            return Err(format!(
                "units {} and {} are out of order",
                pair[0].id, pair[1].id
            ));
        }
        for unit in &self.units {
            unit.check()
                .map_err(|reason| format!("unit {}: {reason}", unit.id))?;
        }
        if let Some(active) = self.active
            && self.unit(active).is_none()
        {
            return Err(format!("the acting unit {active} is not in the race"));
        }
        // What only the acting unit holds: its turn's markers, action points and actions taken.
        for unit in self
            .units
            .iter()
            .filter(|unit| self.active != Some(unit.id))
        {
            let held = if !unit.expiring.is_empty() {
                "statuses in their last turn"
            } else if unit.action_points != 0 {
                "action points"
            } else if unit.flags != ActionFlags::default() {
                "actions taken this turn"
            } else {
                continue;
            };
            return Err(format!("unit {} has {held} but is not acting", unit.id));
        }
        if self.rounds.announces() {
            return Err(
                "the round's record holds a round started by a skipped turn; a race skips none"
                    .to_owned(),
            );
        }
        match self.rounds.members().find(|id| self.unit(**id).is_none()) {
            Some(id) => Err(format!(
                "unit {id} had a turn this round but is not in the race"
            )),
            None => Ok(()),
        }
    }

    fn index(&self, unit: UnitId) -> Result<usize, TurnError> {
        self.units
            .binary_search_by_key(&unit, |u| u.id)
            .map_err(|_| match self.is_defeated(unit) {
                true => TurnError::Defeated { unit },
                false => TurnError::UnknownUnit { unit },
            })
    }

    fn active_index(&self) -> Option<usize> {
        self.active.and_then(|active| self.index(active).ok())
    }

    /// The index of `unit`, which must be in its action phase.
    fn acting_index(&self, unit: UnitId) -> Result<usize, TurnError> {
        let index = self.index(unit)?;
        if self.active != Some(unit) {
            return Err(TurnError::NotActing {
                unit,
                active: self.active,
            });
        }
        Ok(index)
    }
}

/// Refuses `value` (the `what` of a command) outside `min..=max`.
pub(super) fn check_range(
    what: &'static str,
    value: u64,
    min: u64,
    max: u64,
) -> Result<(), TurnError> {
    if (min..=max).contains(&value) {
        Ok(())
    } else {
        Err(TurnError::OutOfRange {
            what,
            value,
            min,
            max,
        })
    }
}

/// A name a command gives a skill or a status effect: not empty, and one a player could be given
/// (see [`crate::ids::name_problem`]; a save from before this check loads as it was written).
fn check_new_name(what: &'static str, name: &str) -> Result<(), TurnError> {
    if name.is_empty() {
        return Err(TurnError::EmptyName { what });
    }
    match crate::ids::name_problem(name) {
        Some(reason) => Err(TurnError::InvalidName { what, reason }),
        None => Ok(()),
    }
}
