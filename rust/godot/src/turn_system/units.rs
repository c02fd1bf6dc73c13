//! The charge-initiative half of `TurnSystem`: units, action points, skills, actions, statuses
//! and the predicted queue.

use godot::prelude::*;
use horizons_edge_core::ids::count_from_raw;
use horizons_edge_core::turns::MAX_PREDICTION_DEPTH;
use horizons_edge_core::turns::initiative::{
    ActionFlag, MAX_AMOUNT, MAX_CHARGE, MAX_HEALTH, MAX_SPEED, StatusDuration, StatusEffect,
    StatusKind,
};
use horizons_edge_core::{InitiativeCommand, RulesError, Side, TurnError, UnitId, UnitSpec};

use super::TurnSystem;
use crate::refusal::{Refusal, refusing};

#[godot_api(secondary)]
impl TurnSystem {
    /// Adds a unit to the race: a new [param unit_id] (0 or more), [constant SIDE_PLAYER] or
    /// [constant SIDE_ENEMY], a [param speed] from 1 to [constant MAX_SPEED], and its health
    /// (also its maximum; default 100). It starts with no charge. Returns [constant OK],
    /// [constant ERR_ALREADY_EXISTS] for an id in use, or [constant ERR_INVALID_PARAMETER].
    #[func]
    pub fn add_unit(
        &mut self,
        unit_id: i64,
        side: i64,
        speed: i64,
        #[opt(default = 100)] health: i64,
    ) -> Result<(), Refusal> {
        self.initiative_command("TurnSystem.add_unit", || {
            let spec = UnitSpec::new(
                UnitId::from_raw(unit_id)?,
                parse_side(side)?,
                count_from_raw("speed", speed, 1, MAX_SPEED)?,
            )
            .with_health(count_from_raw("health", health, 1, MAX_HEALTH)?);
            Ok(InitiativeCommand::AddUnit(spec))
        })
        .map(drop)
    }

    /// Takes a unit out of the race; if it is acting, its turn ends ([signal turn_ended]).
    /// Returns [constant OK] or [constant ERR_DOES_NOT_EXIST].
    #[func]
    pub fn remove_unit(&mut self, unit_id: i64) -> Result<(), Refusal> {
        self.initiative_command("TurnSystem.remove_unit", || {
            Ok(InitiativeCommand::RemoveUnit {
                unit: UnitId::from_raw(unit_id)?,
            })
        })
        .map(drop)
    }

    /// Whether [param unit_id] is in the race.
    #[func]
    pub fn has_unit(&self, unit_id: i64) -> bool {
        UnitId::from_raw(unit_id).is_ok_and(|unit| self.order.initiative().unit(unit).is_some())
    }

    /// The ids of the units in the race, ascending.
    #[func]
    pub fn get_unit_ids(&self) -> PackedInt64Array {
        self.order
            .initiative()
            .units()
            .iter()
            .map(|unit| unit.id().to_raw())
            .collect()
    }

    /// Changes a unit's speed (1 to [constant MAX_SPEED]) from the next tick on; the next
    /// prediction follows. Returns [constant OK], [constant ERR_DOES_NOT_EXIST] or
    /// [constant ERR_INVALID_PARAMETER].
    #[func]
    pub fn set_unit_speed(&mut self, unit_id: i64, speed: i64) -> Result<(), Refusal> {
        self.initiative_command("TurnSystem.set_unit_speed", || {
            Ok(InitiativeCommand::SetSpeed {
                unit: UnitId::from_raw(unit_id)?,
                speed: count_from_raw("speed", speed, 1, MAX_SPEED)?,
            })
        })
        .map(drop)
    }

    /// Sets a unit's charge (0 to 1 000 000), for haste and delay effects. Returns
    /// [constant OK], [constant ERR_DOES_NOT_EXIST] or [constant ERR_INVALID_PARAMETER].
    #[func]
    pub fn set_unit_charge(&mut self, unit_id: i64, charge: i64) -> Result<(), Refusal> {
        self.initiative_command("TurnSystem.set_unit_charge", || {
            Ok(InitiativeCommand::SetCharge {
                unit: UnitId::from_raw(unit_id)?,
                charge: u64::from(count_from_raw("charge", charge, 0, MAX_CHARGE as u32)?),
            })
        })
        .map(drop)
    }

    /// A unit's speed; [code]-1[/code] (and an error) for an unknown unit.
    #[func]
    pub fn get_unit_speed(&self, unit_id: i64) -> Result<i64, Refusal> {
        self.read_unit("TurnSystem.get_unit_speed", unit_id, |unit| {
            i64::from(unit.speed())
        })
    }

    /// A unit's charge; [code]-1[/code] (and an error) for an unknown unit.
    #[func]
    pub fn get_unit_charge(&self, unit_id: i64) -> Result<i64, Refusal> {
        self.read_unit("TurnSystem.get_unit_charge", unit_id, |unit| {
            i64::try_from(unit.charge()).unwrap_or(i64::MAX)
        })
    }

    /// A unit's side ([constant SIDE_PLAYER] or [constant SIDE_ENEMY]); [code]-1[/code] (and
    /// an error) for an unknown unit.
    #[func]
    pub fn get_unit_side(&self, unit_id: i64) -> Result<i64, Refusal> {
        self.read_unit("TurnSystem.get_unit_side", unit_id, |unit| {
            unit.side().code()
        })
    }

    /// A unit's health; [code]-1[/code] (and an error) for an unknown unit. Health stays
    /// between 0 and the unit's maximum; a unit whose statuses take it to 0 leaves the race
    /// ([signal unit_defeated]) and reads 0 from then on (until it is added again, or 1 000
    /// later defeats make the race forget it). Other
    /// queries and commands about a defeated unit are refused as play (kind
    /// [code]"defeated"[/code], no error in the log): [method next_turn] returns the id of a
    /// unit whose turn started and whose statuses then defeated it.
    #[func]
    pub fn get_unit_health(&self, unit_id: i64) -> Result<i64, Refusal> {
        let defeated =
            UnitId::from_raw(unit_id).is_ok_and(|id| self.order.initiative().is_defeated(id));
        if defeated {
            return Ok(0);
        }
        self.read_unit("TurnSystem.get_unit_health", unit_id, |unit| {
            i64::from(unit.health())
        })
    }

    /// A unit's action points left this turn (0 outside its turns); [code]-1[/code] (and an
    /// error) for an unknown unit.
    #[func]
    pub fn get_action_points(&self, unit_id: i64) -> Result<i64, Refusal> {
        self.read_unit("TurnSystem.get_action_points", unit_id, |unit| {
            i64::from(unit.action_points())
        })
    }

    /// The acting unit spends [param amount] action points. Never goes below zero: an amount
    /// above what it has is refused with [constant ERR_UNAVAILABLE], as is a unit that is not
    /// acting; a negative amount with [constant ERR_INVALID_PARAMETER].
    #[func]
    pub fn spend_action_points(&mut self, unit_id: i64, amount: i64) -> Result<(), Refusal> {
        self.initiative_command("TurnSystem.spend_action_points", || {
            Ok(InitiativeCommand::SpendActionPoints {
                unit: UnitId::from_raw(unit_id)?,
                amount: count_from_raw("action points", amount, 0, MAX_AMOUNT)?,
            })
        })
        .map(drop)
    }

    /// Gives a unit a skill, ready to use, costing [param cost] action points and resting
    /// [param cooldown] turns after each use (a cooldown of 1 is ready again on the unit's next
    /// turn). Returns [constant OK], [constant ERR_DOES_NOT_EXIST],
    /// [constant ERR_ALREADY_EXISTS] or [constant ERR_INVALID_PARAMETER] (also past 100 skills
    /// on the unit).
    #[func]
    pub fn add_skill(
        &mut self,
        unit_id: i64,
        skill: GString,
        cost: i64,
        cooldown: i64,
    ) -> Result<(), Refusal> {
        self.initiative_command("TurnSystem.add_skill", || {
            Ok(InitiativeCommand::AddSkill {
                unit: UnitId::from_raw(unit_id)?,
                name: skill.to_string(),
                cost: count_from_raw("skill cost", cost, 0, MAX_AMOUNT)?,
                cooldown: count_from_raw("skill cooldown", cooldown, 0, MAX_AMOUNT)?,
            })
        })
        .map(drop)
    }

    /// The acting unit uses a ready skill: pays its cost and starts its cooldown. Refused with
    /// [constant ERR_UNAVAILABLE] when the unit is not acting, the skill is cooling down or the
    /// unit cannot pay; [constant ERR_DOES_NOT_EXIST] for an unknown unit or skill.
    #[func]
    pub fn use_skill(&mut self, unit_id: i64, skill: GString) -> Result<(), Refusal> {
        self.initiative_command("TurnSystem.use_skill", || {
            Ok(InitiativeCommand::UseSkill {
                unit: UnitId::from_raw(unit_id)?,
                skill: skill.to_string(),
            })
        })
        .map(drop)
    }

    /// Turns before a unit's skill is ready (0: ready); [code]-1[/code] (and an error) for an
    /// unknown unit or skill.
    #[func]
    pub fn get_skill_cooldown(&self, unit_id: i64, skill: GString) -> Result<i64, Refusal> {
        refusing("TurnSystem.get_skill_cooldown", || {
            let unit = self.unit(unit_id)?;
            let name = skill.to_string();
            let found = unit.skill(&name).ok_or(TurnError::UnknownSkill {
                unit: unit.id(),
                skill: name,
            })?;
            Ok(i64::from(found.remaining))
        })
    }

    /// The acting unit records an action it takes at most once per turn:
    /// [constant ACTION_MOVED], [constant ACTION_ATTACKED] or [constant ACTION_STANDARD]. A
    /// second time in one turn is refused with [constant ERR_UNAVAILABLE]; the marks clear
    /// when the turn ends.
    #[func]
    pub fn mark_action(&mut self, unit_id: i64, action: i64) -> Result<(), Refusal> {
        self.initiative_command("TurnSystem.mark_action", || {
            Ok(InitiativeCommand::MarkAction {
                unit: UnitId::from_raw(unit_id)?,
                action: parse_action(action)?,
            })
        })
        .map(drop)
    }

    /// Whether a unit has taken [param action] ([constant ACTION_MOVED],
    /// [constant ACTION_ATTACKED] or [constant ACTION_STANDARD]) this turn; [code]false[/code]
    /// (and an error) for an unknown unit or action.
    #[func]
    pub fn has_taken_action(&self, unit_id: i64, action: i64) -> Result<bool, Refusal> {
        refusing("TurnSystem.has_taken_action", || {
            let action = parse_action(action)?;
            Ok(self.unit(unit_id)?.flags().get(action))
        })
    }

    /// Puts a status effect on a unit, replacing one of the same name (it then ticks last, as the
    /// latest applied). [param kind] is one of
    /// the [code]STATUS_*[/code] constants; [param value] the health per tick for damage or
    /// healing over time (0 to 1 000 000; ignored, whatever it is, for a stun or a marker);
    /// [param duration] the number of the
    /// unit's turn starts it ticks at (1 or more) or [constant DURATION_PERMANENT]. Returns
    /// [constant OK], [constant ERR_DOES_NOT_EXIST] or [constant ERR_INVALID_PARAMETER] (also
    /// past 100 statuses on the unit).
    #[func]
    pub fn apply_status(
        &mut self,
        unit_id: i64,
        status: GString,
        kind: i64,
        value: i64,
        duration: i64,
    ) -> Result<(), Refusal> {
        self.initiative_command("TurnSystem.apply_status", || {
            let unit = UnitId::from_raw(unit_id)?;
            let amount = || count_from_raw("status value", value, 0, MAX_AMOUNT);
            let kind = match count_from_raw("status kind", kind, 0, 3)? {
                0 => StatusKind::DamageOverTime { amount: amount()? },
                1 => StatusKind::HealOverTime { amount: amount()? },
                2 => StatusKind::Stun,
                _ => StatusKind::Marker,
            };
            let duration = if duration == Self::DURATION_PERMANENT {
                StatusDuration::Permanent
            } else {
                StatusDuration::Turns(count_from_raw("status duration", duration, 1, MAX_AMOUNT)?)
            };
            Ok(InitiativeCommand::ApplyStatus {
                unit,
                status: StatusEffect {
                    name: status.to_string(),
                    kind,
                    duration,
                },
            })
        })
        .map(drop)
    }

    /// Takes a status effect off a unit ([signal status_ended]), or a marker in its last turn,
    /// which had ended already (no second signal; [method has_status] is then false). Returns
    /// [constant OK] or [constant ERR_DOES_NOT_EXIST].
    #[func]
    pub fn remove_status(&mut self, unit_id: i64, status: GString) -> Result<(), Refusal> {
        self.initiative_command("TurnSystem.remove_status", || {
            Ok(InitiativeCommand::RemoveStatus {
                unit: UnitId::from_raw(unit_id)?,
                status: status.to_string(),
            })
        })
        .map(drop)
    }

    /// Whether the status effect [param status] affects a unit now: it has it, or it is a
    /// [constant STATUS_MARKER] that expired at the start of the unit's current turn, which it
    /// lasts out (a duration-1 marker applied on turn X is read all through the unit's next
    /// turn, as a stun of duration 1 skips that turn). [code]false[/code] (and an error) for an
    /// unknown unit.
    #[func]
    pub fn has_status(&self, unit_id: i64, status: GString) -> Result<bool, Refusal> {
        refusing("TurnSystem.has_status", || {
            Ok(self.unit(unit_id)?.has_status(&status.to_string()))
        })
    }

    /// A unit's status effects in the order they tick (not a marker that expired at the start of
    /// its current turn, which still counts for [method has_status]), each as
    /// [code]{"name": String, "kind": int, "value": int, "health_change": int, "duration": int}[/code]:
    /// [code]value[/code] is what [method apply_status] took (an amount, never negative, so a
    /// status can be applied again as it is read; 0 for a stun or a marker, whose value is
    /// ignored), [code]health_change[/code] the signed change
    /// each tick stands for, as [signal status_ticked] reports it (negative for damage, positive
    /// for healing, 0 for stuns and markers), and [code]duration[/code] the ticks left
    /// ([constant DURATION_PERMANENT] for permanent ones). An empty array (and an error) for an
    /// unknown unit.
    #[func]
    pub fn get_statuses(&self, unit_id: i64) -> Result<Array<VarDictionary>, Refusal> {
        refusing("TurnSystem.get_statuses", || {
            Ok(self
                .unit(unit_id)?
                .statuses()
                .iter()
                .map(status_dictionary)
                .collect())
        })
    }

    /// The unit in its action phase, or [constant NONE]. The seat-order counterpart is
    /// [method get_current_player].
    #[func]
    pub fn get_active_unit(&self) -> i64 {
        self.order
            .initiative()
            .active()
            .map_or(Self::NONE, UnitId::to_raw)
    }

    /// The units of the next [param depth] turns, in order, without changing anything (the
    /// acting unit's current turn is not included). With no change in between, exactly the
    /// units [method next_turn] then returns. A negative depth, or one above 100 000, gives an
    /// empty array and an error. The seat-order counterpart is [method get_upcoming_players];
    /// [method get_turn_state] gives either with start times and round marks.
    #[func]
    pub fn get_predicted_queue(&self, depth: i64) -> Result<PackedInt64Array, Refusal> {
        refusing("TurnSystem.get_predicted_queue", || {
            let depth = count_from_raw("depth", depth, 0, MAX_PREDICTION_DEPTH as u32)?;
            Ok(self
                .order
                .initiative()
                .predicted_queue(depth as usize)
                .into_iter()
                .map(UnitId::to_raw)
                .collect())
        })
    }

    /// Ticks since the race began.
    #[func]
    pub fn get_global_time(&self) -> i64 {
        i64::try_from(self.order.initiative().global_time()).unwrap_or(i64::MAX)
    }
}

fn parse_side(raw: i64) -> Result<Side, RulesError> {
    let code = count_from_raw("side", raw, 0, 1)?;
    Ok(Side::from_code(i64::from(code)).unwrap_or(Side::Enemy))
}

fn parse_action(raw: i64) -> Result<ActionFlag, RulesError> {
    let code = count_from_raw("action", raw, 0, 2)?;
    Ok(ActionFlag::from_code(i64::from(code)).unwrap_or(ActionFlag::StandardAction))
}

fn status_dictionary(status: &StatusEffect) -> VarDictionary {
    let (kind, value, health_change) = match status.kind {
        StatusKind::DamageOverTime { amount } => (
            TurnSystem::STATUS_DAMAGE_OVER_TIME,
            amount,
            -i64::from(amount),
        ),
        StatusKind::HealOverTime { amount } => {
            (TurnSystem::STATUS_HEAL_OVER_TIME, amount, i64::from(amount))
        }
        StatusKind::Stun => (TurnSystem::STATUS_STUN, 0, 0),
        StatusKind::Marker => (TurnSystem::STATUS_MARKER, 0, 0),
    };
    let duration = match status.duration {
        StatusDuration::Permanent => TurnSystem::DURATION_PERMANENT,
        StatusDuration::Turns(turns) => i64::from(turns),
    };
    vdict! {
        "name" => &GString::from(status.name.as_str()).to_variant(),
        "kind" => kind,
        "value" => i64::from(value),
        "health_change" => health_change,
        "duration" => duration,
    }
}
