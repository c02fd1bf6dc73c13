//! A unit in the race: its side, skills, the actions it has taken, and what it starts with.

use serde::{Deserialize, Serialize};

use super::status::{StatusEffect, check_status};
use super::{
    BASE_ACTION_POINTS, CHARGE_TO_ACT, DEFAULT_HEALTH, MAX_AMOUNT, MAX_CHARGE, MAX_HEALTH,
    MAX_SKILLS_PER_UNIT, MAX_SPEED, MAX_STATUSES_PER_UNIT, SPEED_PER_ACTION_POINT, check_range,
};
use crate::ids::UnitId;

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

    /// Marks `flag` as used this turn.
    pub(super) fn set(&mut self, flag: ActionFlag) {
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
    /// Charge gained per tick, 1 to [`MAX_SPEED`](super::MAX_SPEED).
    pub speed: u32,
    /// Charge it starts with, 0 to [`MAX_CHARGE`](super::MAX_CHARGE) (default 0).
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

/// A unit in the race. Read it through [`Initiative::unit`](super::Initiative::unit); change it through
/// [`Initiative::apply`](super::Initiative::apply).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    pub(super) id: UnitId,
    pub(super) side: Side,
    pub(super) speed: u32,
    pub(super) charge: u64,
    pub(super) health: u32,
    pub(super) max_health: u32,
    pub(super) action_points: u32,
    pub(super) skills: Vec<Skill>,
    pub(super) statuses: Vec<StatusEffect>,
    /// The markers whose last tick started its current turn: gone from `statuses` (seed 003
    /// CoA 3: a duration-1 status "must expire exactly at the start of the unit's next turn")
    /// yet still read until that turn ends, so that they affect it "for one full action phase"
    /// as a stun or damage does by ticking. Empty outside its turns.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(super) expiring: Vec<String>,
    pub(super) flags: ActionFlags,
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

    /// Whether a status called `name` affects it now: one it has, or a marker whose last tick
    /// started its current turn, which lasts the turn out (so a duration-1 marker applied on
    /// turn X is read through the unit's next turn, as a stun or damage of duration 1 affects
    /// that turn by ticking).
    pub fn has_status(&self, name: &str) -> bool {
        self.status(name).is_some() || self.expiring.iter().any(|ended| ended == name)
    }

    /// What it has done this turn.
    pub fn flags(&self) -> ActionFlags {
        self.flags
    }

    /// Whether this unit is within the ranges [`Initiative::apply`](super::Initiative::apply) keeps units in.
    pub(super) fn check(&self) -> Result<(), String> {
        let range = |what, value: u32, min: u32, max: u32| {
            check_range(what, value.into(), min.into(), max.into()).map_err(|e| e.to_string())
        };
        range("speed", self.speed, 1, MAX_SPEED)?;
        range("maximum health", self.max_health, 1, MAX_HEALTH)?;
        // Seed 003 races the living units only: one at 0 health left the race as it got there.
        range("health", self.health, 1, self.max_health)?;
        // A turn's points were set from the speed at its start; a speed changed since (by
        // `SetSpeed`) counts from the next turn, so any speed's points may still be held.
        let points = Unit::action_points_for(MAX_SPEED);
        range("action points", self.action_points, 0, points)?;
        let count = |what, len: usize, max: usize| {
            check_range(what, len as u64, 0, max as u64).map_err(|e| e.to_string())
        };
        count("skills of one unit", self.skills.len(), MAX_SKILLS_PER_UNIT)?;
        count(
            "statuses on one unit",
            self.statuses.len(),
            MAX_STATUSES_PER_UNIT,
        )?;
        count(
            "expiring statuses",
            self.expiring.len(),
            MAX_STATUSES_PER_UNIT,
        )?;
        if let Some(name) = unnamed_or_twice(self.skills.iter().map(|s| s.name.as_str())) {
            return Err(format!("skill \"{name}\" is unnamed or there twice"));
        }
        for skill in &self.skills {
            range("skill cost", skill.cost, 0, MAX_AMOUNT)?;
            range("skill cooldown", skill.cooldown, 0, MAX_AMOUNT)?;
            range("skill cooldown left", skill.remaining, 0, skill.cooldown)?;
        }
        check_range(
            "charge",
            self.charge,
            0,
            MAX_CHARGE.max(CHARGE_TO_ACT + u64::from(MAX_SPEED)),
        )
        .map_err(|e| e.to_string())?;
        for status in &self.statuses {
            check_status(status).map_err(|e| e.to_string())?;
        }
        if let Some(name) = unnamed_or_twice(self.statuses.iter().map(|s| s.name.as_str())) {
            return Err(format!("status \"{name}\" is unnamed or there twice"));
        }
        if let Some(name) = unnamed_or_twice(self.expiring.iter().map(String::as_str)) {
            return Err(format!(
                "expiring status \"{name}\" is unnamed or there twice"
            ));
        }
        Ok(())
    }

    /// The action points a turn of a unit with `speed` starts with: `3 + ⌊speed / 5⌋`.
    pub fn action_points_for(speed: u32) -> u32 {
        BASE_ACTION_POINTS + speed / SPEED_PER_ACTION_POINT
    }
}

/// The first of `names` that is empty or there twice, found by sorting (a save may list many).
fn unnamed_or_twice<'a>(names: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let mut sorted: Vec<&str> = names.collect();
    sorted.sort_unstable();
    if sorted.first() == Some(&"") {
        return Some("");
    }
    sorted
        .windows(2)
        .find(|pair| pair[0] == pair[1])
        .map(|pair| pair[0])
}
