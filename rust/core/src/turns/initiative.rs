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
//!   cooldown above 0 drops by 1; then every status effect ticks, in the order applied: damage or
//!   healing over time is applied to health, and a status with a duration loses one turn and is
//!   removed when none are left (permanent ones stay). A status ticks at the start of each of its
//!   unit's turns, as many times as its duration, and is removed by its last tick: a duration-1
//!   status applied on turn X ticks once, at the start of the unit's next turn — affecting that
//!   turn, so a stun skips that whole action phase — and is gone from then on. If a stun ticked,
//!   the action phase is skipped and the turn ends at once.
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

use std::cmp::Reverse;

use serde::{Deserialize, Serialize};

use super::{MAX_PREDICTION_DEPTH, QueuedTurn, RoundTracker, SkipReason, TurnEvent, TurnState};
use crate::error::{RulesError, TurnError};
use crate::ids::UnitId;

/// The charge a unit needs to take a turn, and what a turn consumes.
pub const CHARGE_TO_ACT: u64 = 100;
/// Action points every turn starts with, before the speed bonus.
pub const BASE_ACTION_POINTS: u32 = 3;
/// Speed per bonus action point: a turn starts with `3 + ⌊speed / 5⌋` action points.
pub const SPEED_PER_ACTION_POINT: u32 = 5;
/// The highest speed a unit may have (the lowest is 1).
pub const MAX_SPEED: u32 = 10_000;
/// The highest charge a unit may be given.
pub const MAX_CHARGE: u64 = 1_000_000;
/// The highest health a unit may have (the lowest it may be added with is 1).
pub const MAX_HEALTH: u32 = 1_000_000;
/// The highest skill cooldown, skill cost, status amount or status duration, in turns or points.
pub const MAX_AMOUNT: u32 = 1_000_000;
/// The health a [`UnitSpec`] gets unless told otherwise.
pub const DEFAULT_HEALTH: u32 = 100;

/// Which side a unit fights on; players win ties against enemies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// The players' side.
    Player,
    /// The enemies' side.
    Enemy,
}

impl Side {
    /// The side's integer code: 0 for [`Side::Player`], 1 for [`Side::Enemy`].
    pub fn code(self) -> i64 {
        match self {
            Side::Player => 0,
            Side::Enemy => 1,
        }
    }

    /// The side for an integer code from [`Side::code`], if it is one.
    pub fn from_code(code: i64) -> Option<Side> {
        match code {
            0 => Some(Side::Player),
            1 => Some(Side::Enemy),
            _ => None,
        }
    }
}

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

impl StatusDuration {
    /// Counts one tick down; whether the status stays afterwards.
    fn tick(&mut self) -> bool {
        match self {
            StatusDuration::Permanent => true,
            StatusDuration::Turns(turns) => {
                *turns = turns.saturating_sub(1);
                *turns > 0
            }
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

/// A skill: what using it costs and how many turns it then needs before it can be used again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Skill {
    /// Its name, unique on the unit.
    pub name: String,
    /// Action points per use.
    pub cost: u32,
    /// Turns it rests after a use: a skill with cooldown 1 used on one turn is ready again at the
    /// start of the unit's next turn.
    pub cooldown: u32,
    /// Turns left before it is ready (0: ready).
    pub remaining: u32,
}

/// What a unit has done in its action phase; cleared at the end of its turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionFlags {
    /// It has moved.
    pub moved: bool,
    /// It has attacked.
    pub attacked: bool,
    /// It has used its standard action.
    pub standard_action_used: bool,
}

/// One kind of thing a unit does at most once per turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ActionFlag {
    /// Moving.
    Moved,
    /// Attacking.
    Attacked,
    /// The standard action.
    StandardAction,
}

impl ActionFlag {
    /// The flag's integer code: 0 moved, 1 attacked, 2 standard action.
    pub fn code(self) -> i64 {
        match self {
            ActionFlag::Moved => 0,
            ActionFlag::Attacked => 1,
            ActionFlag::StandardAction => 2,
        }
    }

    /// The flag for an integer code from [`ActionFlag::code`], if it is one.
    pub fn from_code(code: i64) -> Option<ActionFlag> {
        match code {
            0 => Some(ActionFlag::Moved),
            1 => Some(ActionFlag::Attacked),
            2 => Some(ActionFlag::StandardAction),
            _ => None,
        }
    }

    /// The flag as a past-tense phrase, as error messages use it.
    pub fn phrase(self) -> &'static str {
        match self {
            ActionFlag::Moved => "moved",
            ActionFlag::Attacked => "attacked",
            ActionFlag::StandardAction => "used its standard action",
        }
    }
}

impl ActionFlags {
    /// Whether `flag` is set.
    pub fn get(self, flag: ActionFlag) -> bool {
        match flag {
            ActionFlag::Moved => self.moved,
            ActionFlag::Attacked => self.attacked,
            ActionFlag::StandardAction => self.standard_action_used,
        }
    }

    fn set(&mut self, flag: ActionFlag) {
        match flag {
            ActionFlag::Moved => self.moved = true,
            ActionFlag::Attacked => self.attacked = true,
            ActionFlag::StandardAction => self.standard_action_used = true,
        }
    }
}

/// What a new unit starts with. Build one with [`UnitSpec::new`] and the `with_` methods.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitSpec {
    /// Its id, unique in the race.
    pub id: UnitId,
    /// Its side.
    pub side: Side,
    /// Charge gained per tick, 1 to [`MAX_SPEED`].
    pub speed: u32,
    /// Charge it starts with, 0 to [`MAX_CHARGE`] (default 0).
    pub charge: u64,
    /// Health it starts with, which is also its maximum: 1 to [`MAX_HEALTH`] (default
    /// [`DEFAULT_HEALTH`]).
    pub health: u32,
}

impl UnitSpec {
    /// A unit with no charge and [`DEFAULT_HEALTH`].
    pub fn new(id: UnitId, side: Side, speed: u32) -> UnitSpec {
        UnitSpec {
            id,
            side,
            speed,
            charge: 0,
            health: DEFAULT_HEALTH,
        }
    }

    /// The same unit with `charge` to start with.
    pub fn with_charge(mut self, charge: u64) -> UnitSpec {
        self.charge = charge;
        self
    }

    /// The same unit with `health` (and that as its maximum).
    pub fn with_health(mut self, health: u32) -> UnitSpec {
        self.health = health;
        self
    }
}

/// A unit in the race. Read it through [`Initiative::unit`]; change it through
/// [`Initiative::apply`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    id: UnitId,
    side: Side,
    speed: u32,
    charge: u64,
    health: u32,
    max_health: u32,
    action_points: u32,
    skills: Vec<Skill>,
    statuses: Vec<StatusEffect>,
    flags: ActionFlags,
}

impl Unit {
    /// Its id.
    pub fn id(&self) -> UnitId {
        self.id
    }

    /// Its side.
    pub fn side(&self) -> Side {
        self.side
    }

    /// Charge it gains per tick.
    pub fn speed(&self) -> u32 {
        self.speed
    }

    /// Its charge now.
    pub fn charge(&self) -> u64 {
        self.charge
    }

    /// Its health now.
    pub fn health(&self) -> u32 {
        self.health
    }

    /// Its maximum health.
    pub fn max_health(&self) -> u32 {
        self.max_health
    }

    /// Action points left this turn (0 outside its turns).
    pub fn action_points(&self) -> u32 {
        self.action_points
    }

    /// Its skills, in the order added.
    pub fn skills(&self) -> &[Skill] {
        &self.skills
    }

    /// The skill called `name`, if it has one.
    pub fn skill(&self, name: &str) -> Option<&Skill> {
        self.skills.iter().find(|skill| skill.name == name)
    }

    /// Its status effects, in the order applied (the order they tick in).
    pub fn statuses(&self) -> &[StatusEffect] {
        &self.statuses
    }

    /// The status effect called `name`, if it has one.
    pub fn status(&self, name: &str) -> Option<&StatusEffect> {
        self.statuses.iter().find(|status| status.name == name)
    }

    /// What it has done this turn.
    pub fn flags(&self) -> ActionFlags {
        self.flags
    }

    /// Whether this unit is within the ranges [`Initiative::apply`] keeps units in.
    fn check(&self) -> Result<(), String> {
        let range = |what, value: u32, min: u32, max: u32| {
            check_range(what, value.into(), min.into(), max.into()).map_err(|e| e.to_string())
        };
        range("speed", self.speed, 1, MAX_SPEED)?;
        range("maximum health", self.max_health, 1, MAX_HEALTH)?;
        range("health", self.health, 0, self.max_health)?;
        let points = Unit::action_points_for(self.speed);
        range("action points", self.action_points, 0, points)?;
        for (index, skill) in self.skills.iter().enumerate() {
            if skill.name.is_empty() || self.skills[..index].iter().any(|s| s.name == skill.name) {
                return Err(format!(
                    "skill \"{}\" is unnamed or there twice",
                    skill.name
                ));
            }
            range("skill cost", skill.cost, 0, MAX_AMOUNT)?;
            range("skill cooldown", skill.cooldown, 0, MAX_AMOUNT)?;
            range("skill cooldown left", skill.remaining, 0, skill.cooldown)?;
        }
        for (index, status) in self.statuses.iter().enumerate() {
            check_status(status).map_err(|e| e.to_string())?;
            if self.statuses[..index].iter().any(|s| s.name == status.name) {
                return Err(format!("status \"{}\" is there twice", status.name));
            }
        }
        Ok(())
    }

    /// The action points a turn of a unit with `speed` starts with: `3 + ⌊speed / 5⌋`.
    pub fn action_points_for(speed: u32) -> u32 {
        BASE_ACTION_POINTS + speed / SPEED_PER_ACTION_POINT
    }
}

/// A request to change the race. [`Initiative::apply`] validates it completely first; a refused
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
        /// 1 to [`MAX_SPEED`].
        speed: u32,
    },
    /// Sets a unit's charge (haste and delay effects), 0 to [`MAX_CHARGE`].
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
        /// Action points per use, up to [`MAX_AMOUNT`].
        cost: u32,
        /// Turns it rests after a use, up to [`MAX_AMOUNT`].
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
        /// The effect (non-empty name; a duration of 1 to [`MAX_AMOUNT`] turns, or permanent;
        /// an amount up to [`MAX_AMOUNT`]).
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

/// What happened, in order, as [`Initiative::apply`] returns it.
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
        /// The signed health change it stands for ([`StatusKind::value`]).
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

/// A turn the race will give, as [`Initiative::predicted_turns`] foresees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PredictedTurn {
    /// Whose turn.
    pub unit: UnitId,
    /// Global time when it starts.
    pub global_time: u64,
    /// Whether it starts a new virtual round.
    pub is_new_round: bool,
}

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
                if name.is_empty() {
                    return Err(TurnError::EmptyName { what: "skill" }.into());
                }
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
                let target = &mut self.units[index];
                let name = status.name.clone();
                match target.statuses.iter_mut().find(|s| s.name == status.name) {
                    Some(existing) => *existing = status,
                    None => target.statuses.push(status),
                }
                out.push(InitiativeEvent::StatusApplied { unit, status: name });
            }
            InitiativeCommand::RemoveStatus { unit, status } => {
                let index = self.index(unit)?;
                let target = &mut self.units[index];
                let Some(at) = target.statuses.iter().position(|s| s.name == status) else {
                    return Err(TurnError::UnknownStatus { unit, status }.into());
                };
                target.statuses.remove(at);
                out.push(InitiativeEvent::StatusEnded { unit, status });
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

    /// The units of the next `depth` turns (at most [`MAX_PREDICTION_DEPTH`]), in order, without
    /// changing anything. The acting unit's current turn is not included.
    pub fn predicted_queue(&self, depth: usize) -> Vec<UnitId> {
        let mut queue = Vec::with_capacity(depth.min(MAX_PREDICTION_DEPTH));
        self.simulate(depth, |turn| queue.push(turn.unit));
        queue
    }

    /// The next `depth` turns (at most [`MAX_PREDICTION_DEPTH`]) with their start times and round
    /// marks, without changing anything. With no command in between, they are exactly the turns
    /// that [`InitiativeCommand::NextTurn`] then starts.
    pub fn predicted_turns(&self, depth: usize) -> Vec<PredictedTurn> {
        let mut turns = Vec::with_capacity(depth.min(MAX_PREDICTION_DEPTH));
        self.simulate(depth, |turn| turns.push(turn));
        turns
    }

    /// A snapshot: the acting unit, the time, the round and the next `depth` turns.
    pub fn turn_state(&self, depth: usize) -> TurnState<UnitId> {
        TurnState {
            active: self.active,
            global_time: self.global_time,
            round: self.round(),
            queue: self
                .predicted_turns(depth)
                .into_iter()
                .map(|turn| QueuedTurn {
                    id: turn.unit,
                    at_time: turn.global_time,
                    is_new_round: turn.is_new_round,
                    is_extra_turn: false,
                })
                .collect(),
        }
    }

    /// Whether a race read from JSON holds together, as [`Initiative::apply`] keeps it: units
    /// sorted by id, each within the ranges `apply` enforces, the acting unit and the round's
    /// record among them. The error says what does not.
    pub fn check(&self) -> Result<(), String> {
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
            .map_err(|_| TurnError::UnknownUnit { unit })
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

    fn add_unit(
        &mut self,
        spec: UnitSpec,
        out: &mut Vec<InitiativeEvent>,
    ) -> Result<(), TurnError> {
        let at = match self.units.binary_search_by_key(&spec.id, |u| u.id) {
            Ok(_) => return Err(TurnError::DuplicateUnit { unit: spec.id }),
            Err(at) => at,
        };
        check_range("speed", u64::from(spec.speed), 1, u64::from(MAX_SPEED))?;
        check_range("charge", spec.charge, 0, MAX_CHARGE)?;
        check_range("health", u64::from(spec.health), 1, u64::from(MAX_HEALTH))?;
        self.units.insert(
            at,
            Unit {
                id: spec.id,
                side: spec.side,
                speed: spec.speed,
                charge: spec.charge,
                health: spec.health,
                max_health: spec.health,
                action_points: 0,
                skills: Vec::new(),
                statuses: Vec::new(),
                flags: ActionFlags::default(),
            },
        );
        out.push(InitiativeEvent::UnitAdded { unit: spec.id });
        Ok(())
    }

    fn remove_unit(
        &mut self,
        unit: UnitId,
        out: &mut Vec<InitiativeEvent>,
    ) -> Result<(), TurnError> {
        let index = self.index(unit)?;
        let removed = self.units.remove(index);
        if self.active == Some(unit) {
            self.active = None;
            out.push(InitiativeEvent::TurnEnded {
                unit,
                charge: removed.charge,
            });
        }
        self.rounds.forget(&unit);
        out.push(InitiativeEvent::UnitRemoved { unit });
        Ok(())
    }

    fn next_turn(&mut self, out: &mut Vec<InitiativeEvent>) -> Result<(), TurnError> {
        if self.units.is_empty() {
            return Err(TurnError::NoUnits);
        }
        if let Some(index) = self.active_index() {
            self.end_turn(index, out);
        }
        let ticks = ticks_until_ready(self.units.iter().map(|u| (u.charge, u.speed)));
        if ticks > 0 {
            for unit in &mut self.units {
                unit.charge = unit
                    .charge
                    .saturating_add(u64::from(unit.speed).saturating_mul(ticks));
            }
            self.global_time = self.global_time.saturating_add(ticks);
            out.push(InitiativeEvent::Ticked {
                ticks,
                global_time: self.global_time,
            });
        }
        let Some(index) = first_ready(
            self.units
                .iter()
                .enumerate()
                .map(|(i, u)| (i, u.charge, u.side, u.id)),
        ) else {
            // Unreachable: with at least one unit of speed ≥ 1, the ticks above bring one to 100.
            return Err(TurnError::NoUnits);
        };
        self.start_turn(index, out);
        Ok(())
    }

    fn start_turn(&mut self, index: usize, out: &mut Vec<InitiativeEvent>) {
        let living = self.units.len();
        let unit = &mut self.units[index];
        let id = unit.id;
        let is_new_round = self.rounds.turn_taken(&id, living);
        out.push(InitiativeEvent::TurnChanged(TurnEvent {
            previous: self.last,
            next: id,
            is_new_round,
            round: self.rounds.round(),
        }));
        self.last = Some(id);
        self.turns = self.turns.saturating_add(1);
        unit.action_points = Unit::action_points_for(unit.speed);
        for skill in &mut unit.skills {
            skill.remaining = skill.remaining.saturating_sub(1);
        }
        out.push(InitiativeEvent::TurnStarted {
            unit: id,
            action_points: unit.action_points,
        });
        let mut stunned = false;
        let max_health = unit.max_health;
        let health = &mut unit.health;
        unit.statuses.retain_mut(|status| {
            *health = status.kind.tick(*health, max_health);
            stunned |= status.kind == StatusKind::Stun;
            out.push(InitiativeEvent::StatusTicked {
                unit: id,
                status: status.name.clone(),
                value: status.kind.value(),
                health: *health,
            });
            let keep = status.duration.tick();
            if !keep {
                out.push(InitiativeEvent::StatusEnded {
                    unit: id,
                    status: status.name.clone(),
                });
            }
            keep
        });
        let defeated = unit.health == 0;
        if !(stunned || defeated) {
            self.active = Some(id);
            return;
        }
        let reason = match defeated {
            true => SkipReason::Defeated,
            false => SkipReason::Stunned,
        };
        out.push(InitiativeEvent::TurnSkipped { unit: id, reason });
        self.end_turn(index, out);
        if defeated {
            // Seed 003 races the living units only: a unit at 0 health leaves the race.
            out.push(InitiativeEvent::UnitDefeated { unit: id });
            self.units.remove(index);
            self.rounds.forget(&id);
            out.push(InitiativeEvent::UnitRemoved { unit: id });
        }
    }

    fn end_turn(&mut self, index: usize, out: &mut Vec<InitiativeEvent>) {
        let unit = &mut self.units[index];
        unit.charge = unit.charge.saturating_sub(CHARGE_TO_ACT);
        unit.flags = ActionFlags::default();
        unit.action_points = 0;
        self.active = None;
        out.push(InitiativeEvent::TurnEnded {
            unit: unit.id,
            charge: unit.charge,
        });
    }

    /// Runs the race on a copy of the charges for `depth` turns, handing each to `visit`.
    fn simulate(&self, depth: usize, mut visit: impl FnMut(PredictedTurn)) {
        let mut racers: Vec<Racer> = self
            .units
            .iter()
            .map(|u| Racer {
                charge: if self.active == Some(u.id) {
                    u.charge.saturating_sub(CHARGE_TO_ACT)
                } else {
                    u.charge
                },
                speed: u.speed,
                side: u.side,
                id: u.id,
                had_turn: self.rounds.has_had_turn(&u.id),
                health: u.health,
                max_health: u.max_health,
                wounds: u
                    .statuses
                    .iter()
                    .filter(|s| s.kind.value() != 0)
                    .map(|s| (s.kind, s.duration))
                    .collect(),
            })
            .collect();
        // In tie-break order, so that among equal charges the first in the list acts.
        racers.sort_unstable_by_key(|r| (r.side, r.id));
        let mut had_turn = racers.iter().filter(|r| r.had_turn).count();
        let mut first = self.rounds.round() == 0;
        let mut time = self.global_time;
        for _ in 0..depth.min(MAX_PREDICTION_DEPTH) {
            let ticks = ticks_until_ready(racers.iter().map(|r| (r.charge, r.speed)));
            time = time.saturating_add(ticks);
            let mut next: Option<(usize, u64)> = None;
            for (index, racer) in racers.iter_mut().enumerate() {
                racer.charge = racer
                    .charge
                    .saturating_add(u64::from(racer.speed).saturating_mul(ticks));
                if racer.charge >= CHARGE_TO_ACT && next.is_none_or(|(_, best)| racer.charge > best)
                {
                    next = Some((index, racer.charge));
                }
            }
            let Some((index, _)) = next else {
                return;
            };
            let is_new_round = first || had_turn >= racers.len();
            if is_new_round {
                first = false;
                for racer in &mut racers {
                    racer.had_turn = false;
                }
                had_turn = 0;
            }
            let racer = &mut racers[index];
            if !racer.had_turn {
                racer.had_turn = true;
                had_turn += 1;
            }
            racer.charge = racer.charge.saturating_sub(CHARGE_TO_ACT);
            visit(PredictedTurn {
                unit: racer.id,
                global_time: time,
                is_new_round,
            });
            if racer.start_turn() == 0 {
                // Defeated: it leaves the race, as `start_turn` takes it out.
                racers.remove(index);
                had_turn -= 1;
            }
        }
    }
}

/// One unit as the prediction sees it.
struct Racer {
    charge: u64,
    speed: u32,
    side: Side,
    id: UnitId,
    had_turn: bool,
    health: u32,
    max_health: u32,
    /// Its statuses that change health, in the order they tick.
    wounds: Vec<(StatusKind, StatusDuration)>,
}

impl Racer {
    /// Ticks its health statuses as a turn starts; returns its health afterwards.
    fn start_turn(&mut self) -> u32 {
        let (mut health, max_health) = (self.health, self.max_health);
        self.wounds.retain_mut(|(kind, duration)| {
            health = kind.tick(health, max_health);
            duration.tick()
        });
        self.health = health;
        health
    }
}

/// Ticks until at least one unit holds [`CHARGE_TO_ACT`]: 0 if one already does, otherwise the
/// fewest ticks any unit needs, ⌈(100 − charge) / speed⌉. Exactly where the tick-by-tick loop
/// stops. A speed of 0 (never accepted) counts as 1.
fn ticks_until_ready(units: impl Iterator<Item = (u64, u32)>) -> u64 {
    units
        .map(|(charge, speed)| match CHARGE_TO_ACT.checked_sub(charge) {
            // At most 100: 32-bit division is exact and much cheaper than 64-bit.
            Some(need) if need > 0 => u64::from((need as u32).div_ceil(speed.max(1))),
            _ => 0,
        })
        .min()
        .unwrap_or(0)
}

/// The index of the unit that acts first among those holding [`CHARGE_TO_ACT`] or more: higher
/// charge, then players before enemies, then the lower id.
fn first_ready(units: impl Iterator<Item = (usize, u64, Side, UnitId)>) -> Option<usize> {
    units
        .filter(|&(_, charge, _, _)| charge >= CHARGE_TO_ACT)
        .max_by_key(|&(_, charge, side, id)| (charge, Reverse(side), Reverse(id)))
        .map(|(index, ..)| index)
}

fn check_range(what: &'static str, value: u64, min: u64, max: u64) -> Result<(), TurnError> {
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

fn check_status(status: &StatusEffect) -> Result<(), TurnError> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_until_ready_matches_the_tick_by_tick_loop() {
        for speed in 1..=150u32 {
            for charge in 0..=120u64 {
                let mut c = charge;
                let mut ticks = 0;
                while c < CHARGE_TO_ACT {
                    c += u64::from(speed);
                    ticks += 1;
                }
                assert_eq!(ticks_until_ready([(charge, speed)].into_iter()), ticks);
            }
        }
    }

    #[test]
    fn first_ready_is_a_total_order() {
        let units = [
            (0, 120, Side::Enemy, UnitId(1)),
            (1, 130, Side::Enemy, UnitId(9)),
            (2, 130, Side::Player, UnitId(8)),
            (3, 130, Side::Player, UnitId(7)),
            (4, 99, Side::Player, UnitId(0)),
        ];
        assert_eq!(first_ready(units.into_iter()), Some(3));
        assert_eq!(first_ready(units[..3].iter().copied()), Some(2));
        assert_eq!(first_ready(units[..2].iter().copied()), Some(1));
        assert_eq!(first_ready(units[4..].iter().copied()), None);
    }
}
