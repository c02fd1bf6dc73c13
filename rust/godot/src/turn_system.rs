//! The `TurnSystem` class.

use godot::prelude::*;
use horizons_edge_core::ids::count_from_raw;
use horizons_edge_core::turns::MAX_PREDICTION_DEPTH;
use horizons_edge_core::turns::initiative::{
    ActionFlag, MAX_AMOUNT, MAX_CHARGE, MAX_HEALTH, MAX_SPEED, StatusDuration, StatusEffect,
    StatusKind, Unit,
};
use horizons_edge_core::turns::save::{self, TurnMode as Mode};
use horizons_edge_core::turns::seats::Trigger;
use horizons_edge_core::{
    Initiative, InitiativeCommand, InitiativeEvent, PlayerId, RandomStream, RulesError,
    SeatCommand, SeatEvent, SeatOrder, Side, TriggerId, TriggerScope, TurnError, UnitId, UnitSpec,
};

use crate::outbox::{KeepAlive, Outbox};
use crate::refusal::{LastRefusal, Refusal, refusing};

/// Who acts next: charge initiative for units in a fight, or seat order for players round a
/// table. One object holds both; [method set_mode] chooses which one [method next_turn] and
/// [method end_turn] drive.
///
/// [b]Charge initiative[/b] ([constant MODE_INITIATIVE], the default): while no unit acts, every
/// unit gains its speed in charge per tick; the first to reach 100 takes a turn (higher charge
/// first, then [constant SIDE_PLAYER] before [constant SIDE_ENEMY], then the lower unit id). A
/// turn starts with [code]3 + speed / 5[/code] action points (nothing rolls over), skill
/// cooldowns drop by 1 and status effects tick (damage or healing over time; a stun skips the
/// action phase and ends the turn at once). A status with duration [code]n[/code] ticks at the
/// start of the unit's next [code]n[/code] turns and is removed by its last tick. Only living
/// units race: a unit whose statuses take it to 0 health has that turn skipped and leaves the
/// race ([signal unit_defeated]). A turn ends with charge [code]max(0, charge - 100)[/code], so
/// overflow is kept. [method get_predicted_queue] shows the coming turns exactly, defeats
/// included, without changing anything.
///
/// [b]Seat order[/b] ([constant MODE_SEATS]): a random first player (from a seed), then
/// clockwise. Reversal is a toggle; skips are a counter that uses up the next natural turns;
/// extra turns are taken newest first, after which play resumes from the natural next seat;
/// an exchange swaps two players' next turns once; an eliminated player never gets a turn and
/// no living player loses one because of it. Beginning-of-turn triggers fire in turn order from
/// the current player.
///
/// A [i]virtual round[/i] ends when every living unit (or player) has had a turn since the
/// last round mark; [signal turn_changed] reports the first turn of each round.
///
/// It is a [RefCounted], not a [Node]: it is rules state with no place in the scene tree and no
/// per-frame work, so it is freed with its last reference, can be held by any script or
/// resource, and is tested without a tree, like [CommandTokenBag]. A scene connects to its
/// signals to animate turns.
///
/// Bad input (an unknown unit or player, a speed below 1, a duplicate id, a negative depth) and
/// commands the turn order does not allow now (out of turn, not enough action points, a skill
/// cooling down) are refused: nothing changes, and the method returns a value to check: an
/// [enum Error] code, [code]-1[/code], [code]false[/code] or an empty array. Bad input is also
/// written to the error log, naming the method; [method get_last_refusal] says why either way. Signals are emitted only after the
/// state is updated, so handlers may call back in; the signals of a call made from a handler
/// follow those still pending instead of nesting inside them, so a handler that keeps calling
/// back (end the turn, start the next) runs flat however long it goes on.
/// ```gdscript
/// var turns := TurnSystem.new()
/// turns.turn_started.connect(func(id: int) -> void: print("unit %d acts" % id))
/// turns.add_unit(1, TurnSystem.SIDE_PLAYER, 20)
/// turns.add_unit(2, TurnSystem.SIDE_ENEMY, 10)
/// print(turns.get_predicted_queue(5))  # [1, 1, 2, 1, 1]
/// var unit_id := turns.next_turn()
/// turns.spend_action_points(unit_id, 2)
/// turns.next_turn()
/// ```
#[derive(GodotClass)]
#[class(base = RefCounted)]
pub struct TurnSystem {
    initiative: Initiative,
    seats: Option<SeatOrder>,
    mode: Mode,
    outbox: Outbox<Happened>,
    last_refusal: LastRefusal,
    base: Base<RefCounted>,
}

/// An event waiting for its signal.
enum Happened {
    Initiative(InitiativeEvent),
    Seats(SeatEvent),
}

#[godot_api]
impl IRefCounted for TurnSystem {
    fn init(base: Base<RefCounted>) -> Self {
        Self {
            initiative: Initiative::new(),
            seats: None,
            mode: Mode::Initiative,
            outbox: Outbox::default(),
            last_refusal: LastRefusal::default(),
            base,
        }
    }

    /// Prints as `TurnSystem(initiative, 3 units, time 15)` or `TurnSystem(seats, 4 players)`.
    fn to_string(&self) -> GString {
        let text = match self.mode {
            Mode::Initiative => format!(
                "TurnSystem(initiative, {} units, time {})",
                self.initiative.units().len(),
                self.initiative.global_time()
            ),
            Mode::Seats => format!(
                "TurnSystem(seats, {} players)",
                self.seats.as_ref().map_or(0, |s| s.seats().len())
            ),
        };
        GString::from(&text)
    }
}

#[godot_api]
impl TurnSystem {
    /// The players' side: wins ties against [constant SIDE_ENEMY].
    #[constant]
    pub const SIDE_PLAYER: i64 = 0;
    /// The enemies' side.
    #[constant]
    pub const SIDE_ENEMY: i64 = 1;
    /// [method next_turn] and [method end_turn] drive charge initiative (units).
    #[constant]
    pub const MODE_INITIATIVE: i64 = 0;
    /// [method next_turn] and [method end_turn] drive seat order (players).
    #[constant]
    pub const MODE_SEATS: i64 = 1;
    /// A status that takes its value in health at each tick.
    #[constant]
    pub const STATUS_DAMAGE_OVER_TIME: i64 = 0;
    /// A status that restores its value in health at each tick (up to the unit's maximum).
    #[constant]
    pub const STATUS_HEAL_OVER_TIME: i64 = 1;
    /// A status that skips the action phase of each turn it ticks in.
    #[constant]
    pub const STATUS_STUN: i64 = 2;
    /// A status that does nothing by itself: a condition the game reads with
    /// [method has_status].
    #[constant]
    pub const STATUS_MARKER: i64 = 3;
    /// A status duration that never runs out.
    #[constant]
    pub const DURATION_PERMANENT: i64 = -1;
    /// Moving, for [method mark_action].
    #[constant]
    pub const ACTION_MOVED: i64 = 0;
    /// Attacking, for [method mark_action].
    #[constant]
    pub const ACTION_ATTACKED: i64 = 1;
    /// The standard action, for [method mark_action].
    #[constant]
    pub const ACTION_STANDARD: i64 = 2;
    /// A trigger that fires on its controller's turns.
    #[constant]
    pub const TRIGGER_CONTROLLER: i64 = 0;
    /// A trigger that fires on the turns of its controller's opponents.
    #[constant]
    pub const TRIGGER_OPPONENTS: i64 = 1;
    /// A trigger that fires on every player's turns.
    #[constant]
    pub const TRIGGER_EVERYONE: i64 = 2;
    /// Returned for "nobody" by [method get_active_unit] and [method get_current_player], and
    /// passed as [param previous_id] of the first [signal turn_changed].
    #[constant]
    pub const NONE: i64 = -1;
    /// The highest unit speed (the lowest is 1).
    #[constant]
    pub const MAX_SPEED: i64 = MAX_SPEED as i64;

    /// Emitted when a turn begins, after [signal turn_ended] of the turn before (if one was in
    /// progress): who had the previous turn ([constant NONE] before the first), who has this
    /// one, and whether it starts a new virtual round.
    #[signal]
    pub fn turn_changed(previous_id: i64, next_id: i64, is_new_round: bool);

    /// Emitted when a unit's or player's turn begins, after [signal turn_changed] and before
    /// its status effects tick and its beginning-of-turn triggers fire.
    #[signal]
    pub fn turn_started(id: i64);

    /// Emitted when a turn ends: by [method end_turn], by [method next_turn] starting the next,
    /// after a skipped action phase, or when the acting unit or player leaves.
    #[signal]
    pub fn turn_ended(id: i64);

    /// Emitted when a turn's action phase does not happen: [code]"stunned"[/code] (a unit's
    /// stun ticked; [signal turn_ended] follows), [code]"defeated"[/code] (a unit's statuses
    /// took it to 0 health; [signal turn_ended] and [signal unit_defeated] follow) or
    /// [code]"skipped"[/code] (a pending skip used up a player's turn, which never starts).
    #[signal]
    pub fn turn_skipped(id: i64, reason: GString);

    /// Emitted when a unit's statuses take it to 0 health as its turn starts: that turn is
    /// skipped and the unit leaves the race (it is no longer in [method get_unit_ids] nor in
    /// any prediction).
    #[signal]
    pub fn unit_defeated(id: i64);

    /// Emitted for each status effect that ticks at the start of a unit's turn, in the order
    /// they were applied: the status's name and the health change it stands for (negative for
    /// damage, positive for healing, 0 for stuns and markers).
    #[signal]
    pub fn status_ticked(id: i64, status: GString, value: i64);

    /// Emitted for each beginning-of-turn trigger that fires as a player's turn begins, in
    /// turn order from that player, after [signal turn_started].
    #[signal]
    pub fn trigger_fired(trigger_id: i64, controller_id: i64, player_id: i64);

    // --- Mode and turn flow ----------------------------------------------------------------

    /// Chooses what [method next_turn], [method end_turn] and [method get_round] drive:
    /// [constant MODE_INITIATIVE] or [constant MODE_SEATS]. Both orders keep their state while
    /// the other is in use. Returns [constant ERR_INVALID_PARAMETER] for another value.
    #[func]
    pub fn set_mode(&mut self, mode: i64) -> Result<(), Refusal> {
        let result = refusing("TurnSystem.set_mode", || {
            self.mode = match count_from_raw("mode", mode, 0, 1)? {
                0 => Mode::Initiative,
                _ => Mode::Seats,
            };
            Ok(())
        });
        self.last_refusal.note(Self::NONE, result)
    }

    /// The current mode: [constant MODE_INITIATIVE] or [constant MODE_SEATS].
    #[func]
    pub fn get_mode(&self) -> i64 {
        match self.mode {
            Mode::Initiative => Self::MODE_INITIATIVE,
            Mode::Seats => Self::MODE_SEATS,
        }
    }

    /// Ends the turn in progress (if any) and starts the next one in the current mode; returns
    /// the id of the unit or player whose turn started. A stunned unit's turn is skipped and
    /// ends at once (then [method get_active_unit] is [constant NONE]); skipped seat turns are
    /// passed over. Returns [code]-1[/code] (and an error) when nobody can take a turn: no
    /// units, no seating, or every player eliminated.
    #[func]
    pub fn next_turn(&mut self) -> Result<i64, Refusal> {
        match self.mode {
            Mode::Initiative => {
                let events =
                    self.initiative_command("TurnSystem.next_turn", InitiativeCommand::NextTurn)?;
                let started = events.iter().find_map(|event| match event {
                    InitiativeEvent::TurnChanged(turn) => Some(turn.next.to_raw()),
                    _ => None,
                });
                Ok(started.unwrap_or(Self::NONE))
            }
            Mode::Seats => {
                let events = self.seat_command("TurnSystem.next_turn", SeatCommand::NextTurn)?;
                let started = events.iter().find_map(|event| match event {
                    SeatEvent::TurnChanged(turn) => Some(turn.next.to_raw()),
                    _ => None,
                });
                Ok(started.unwrap_or(Self::NONE))
            }
        }
    }

    /// Ends the turn in progress in the current mode without starting another. Returns
    /// [constant OK], or [constant ERR_UNAVAILABLE] when no turn is in progress.
    #[func]
    pub fn end_turn(&mut self) -> Result<(), Refusal> {
        const METHOD: &str = "TurnSystem.end_turn";
        match self.mode {
            Mode::Initiative => self
                .initiative_command(METHOD, InitiativeCommand::EndTurn)
                .map(drop),
            Mode::Seats => self.seat_command(METHOD, SeatCommand::EndTurn).map(drop),
        }
    }

    /// The current virtual round in the current mode, from 1 ([code]0[/code] before the first
    /// turn).
    #[func]
    pub fn get_round(&self) -> i64 {
        i64::from(match self.mode {
            Mode::Initiative => self.initiative.round(),
            Mode::Seats => self.seats.as_ref().map_or(0, SeatOrder::round),
        })
    }

    /// Both orders and the mode as versioned JSON: a save of the fight (or the table), which
    /// [method load_json] restores exactly.
    #[func]
    pub fn to_json(&self) -> GString {
        GString::from(&save::to_json(
            self.mode,
            &self.initiative,
            self.seats.as_ref(),
        ))
    }

    /// Replaces both orders and the mode with those saved by [method to_json]: the same acting
    /// unit or player, the same predicted queue, the same future. Malformed, foreign or
    /// inconsistent JSON is refused ([constant ERR_PARSE_ERROR], [constant ERR_FILE_UNRECOGNIZED]
    /// or [constant ERR_INVALID_DATA]) and nothing changes. No signal is emitted.
    /// ```gdscript
    /// var saved := turns.to_json()
    /// # ... later, or in another TurnSystem:
    /// turns.load_json(saved)
    /// ```
    #[func]
    pub fn load_json(&mut self, json: GString) -> Result<(), Refusal> {
        let result = refusing("TurnSystem.load_json", || {
            let (mode, initiative, seats) = save::from_json(&json.to_string())?;
            (self.mode, self.initiative, self.seats) = (mode, initiative, seats);
            Ok(())
        });
        self.last_refusal.note(Self::NONE, result)
    }

    /// Why the newest refused change was refused: [code]code[/code], [code]method[/code],
    /// [code]kind[/code] (a stable name: [code]"not_acting"[/code],
    /// [code]"not_enough_action_points"[/code], [code]"skill_on_cooldown"[/code],
    /// [code]"unknown_unit"[/code], ...), [code]reason[/code] and [code]misuse[/code] (whether
    /// it was also an error in the log), as [method GameRules.get_last_refusal] gives them. Empty
    /// before any refusal.
    #[func]
    pub fn get_last_refusal(&self) -> VarDictionary {
        self.last_refusal.to_dictionary()
    }

    // --- Units (charge initiative) ---------------------------------------------------------

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
        UnitId::from_raw(unit_id).is_ok_and(|unit| self.initiative.unit(unit).is_some())
    }

    /// The ids of the units in the race, ascending.
    #[func]
    pub fn get_unit_ids(&self) -> PackedInt64Array {
        self.initiative
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
    /// ([signal unit_defeated]).
    #[func]
    pub fn get_unit_health(&self, unit_id: i64) -> Result<i64, Refusal> {
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
    /// [constant ERR_ALREADY_EXISTS] or [constant ERR_INVALID_PARAMETER].
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

    /// Puts a status effect on a unit, replacing one of the same name. [param kind] is one of
    /// the [code]STATUS_*[/code] constants; [param value] the health per tick for damage or
    /// healing over time (0 or more; ignored otherwise); [param duration] the number of the
    /// unit's turn starts it ticks at (1 or more) or [constant DURATION_PERMANENT]. Returns
    /// [constant OK], [constant ERR_DOES_NOT_EXIST] or [constant ERR_INVALID_PARAMETER].
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
            let amount = count_from_raw("status value", value, 0, MAX_AMOUNT)?;
            let kind = match count_from_raw("status kind", kind, 0, 3)? {
                0 => StatusKind::DamageOverTime { amount },
                1 => StatusKind::HealOverTime { amount },
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

    /// Takes a status effect off a unit. Returns [constant OK] or
    /// [constant ERR_DOES_NOT_EXIST].
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

    /// Whether a unit has the status effect [param status]; [code]false[/code] (and an error)
    /// for an unknown unit.
    #[func]
    pub fn has_status(&self, unit_id: i64, status: GString) -> Result<bool, Refusal> {
        refusing("TurnSystem.has_status", || {
            Ok(self.unit(unit_id)?.status(&status.to_string()).is_some())
        })
    }

    /// A unit's status effects in the order they tick, each as
    /// [code]{"name": String, "kind": int, "value": int, "duration": int}[/code] (duration
    /// [constant DURATION_PERMANENT] for permanent ones); an empty array (and an error) for an
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

    /// The unit in its action phase, or [constant NONE].
    #[func]
    pub fn get_active_unit(&self) -> i64 {
        self.initiative.active().map_or(Self::NONE, UnitId::to_raw)
    }

    /// The units of the next [param depth] turns, in order, without changing anything (the
    /// acting unit's current turn is not included). With no change in between, exactly the
    /// units [method next_turn] then returns. A negative depth, or one above 100 000, gives an
    /// empty array and an error.
    #[func]
    pub fn get_predicted_queue(&self, depth: i64) -> Result<PackedInt64Array, Refusal> {
        refusing("TurnSystem.get_predicted_queue", || {
            let depth = count_from_raw("depth", depth, 0, MAX_PREDICTION_DEPTH as u32)?;
            Ok(self
                .initiative
                .predicted_queue(depth as usize)
                .into_iter()
                .map(UnitId::to_raw)
                .collect())
        })
    }

    /// Ticks since the race began.
    #[func]
    pub fn get_global_time(&self) -> i64 {
        i64::try_from(self.initiative.global_time()).unwrap_or(i64::MAX)
    }

    // --- Seats (seat order) ----------------------------------------------------------------

    /// Seats [param player_ids] clockwise (1 to 8 distinct ids, 0 or more) and draws the first
    /// player from a ChaCha20 stream seeded with [param seed] (the same seed, the same first
    /// player). Replaces any earlier seating. Returns [constant OK] or
    /// [constant ERR_INVALID_PARAMETER].
    #[func]
    pub fn setup_seats(&mut self, player_ids: PackedInt64Array, seed: i64) -> Result<(), Refusal> {
        let result = refusing("TurnSystem.setup_seats", || {
            let players = parse_players(&player_ids)?;
            let mut rng = RandomStream::from_seed(seed as u64);
            self.seats = Some(SeatOrder::new(players, &mut rng)?);
            Ok(())
        });
        self.last_refusal.note(Self::NONE, result)
    }

    /// Seats [param player_ids] clockwise (1 to 8 distinct ids) with [param first_player_id]
    /// to play first. Replaces any earlier seating. Returns [constant OK],
    /// [constant ERR_INVALID_PARAMETER] or [constant ERR_DOES_NOT_EXIST].
    #[func]
    pub fn setup_seats_with_first_player(
        &mut self,
        player_ids: PackedInt64Array,
        first_player_id: i64,
    ) -> Result<(), Refusal> {
        let result = refusing("TurnSystem.setup_seats_with_first_player", || {
            let players = parse_players(&player_ids)?;
            let first = PlayerId::from_raw(first_player_id)?;
            self.seats = Some(SeatOrder::with_first_player(players, first)?);
            Ok(())
        });
        self.last_refusal.note(Self::NONE, result)
    }

    /// The seated players, clockwise, eliminated ones included; empty before any seating.
    #[func]
    pub fn get_seat_order(&self) -> PackedInt64Array {
        self.seats.as_ref().map_or_else(PackedInt64Array::new, |s| {
            s.seats().iter().map(|seat| seat.player.to_raw()).collect()
        })
    }

    /// The player who plays first; [code]-1[/code] (and an error) before any seating.
    #[func]
    pub fn get_first_player(&self) -> Result<i64, Refusal> {
        refusing("TurnSystem.get_first_player", || {
            let seats = self.seat_order()?;
            Ok(seats.first_player().map_or(Self::NONE, PlayerId::to_raw))
        })
    }

    /// The player whose turn is in progress, or [constant NONE].
    #[func]
    pub fn get_current_player(&self) -> i64 {
        self.seats
            .as_ref()
            .and_then(SeatOrder::current_player)
            .map_or(Self::NONE, PlayerId::to_raw)
    }

    /// Whether the turn in progress is an extra turn.
    #[func]
    pub fn is_extra_turn(&self) -> bool {
        self.seats
            .as_ref()
            .and_then(SeatOrder::active)
            .is_some_and(|turn| turn.extra)
    }

    /// Toggles the direction of play: reversing twice restores it. Returns [constant OK] or
    /// [constant ERR_DOES_NOT_EXIST] before any seating.
    #[func]
    pub fn reverse_turn_order(&mut self) -> Result<(), Refusal> {
        self.seat_command("TurnSystem.reverse_turn_order", SeatCommand::Reverse)
            .map(drop)
    }

    /// Whether play goes counter-clockwise.
    #[func]
    pub fn is_turn_order_reversed(&self) -> bool {
        self.seats.as_ref().is_some_and(SeatOrder::is_reversed)
    }

    /// Adds a pending skip: the next natural turn (not an extra turn) is skipped, with
    /// [signal turn_skipped]. Skips add up. Returns [constant OK], or an error code before any
    /// seating or past 1 000 pending skips.
    #[func]
    pub fn skip_next_turn(&mut self) -> Result<(), Refusal> {
        self.seat_command("TurnSystem.skip_next_turn", SeatCommand::SkipNext)
            .map(drop)
    }

    /// Skips still pending.
    #[func]
    pub fn get_pending_skips(&self) -> i64 {
        self.seats
            .as_ref()
            .map_or(0, |s| i64::from(s.pending_skips()))
    }

    /// Gives a living player an extra turn, taken before any extra turn granted earlier and
    /// before the next natural turn; play then resumes from the natural next seat. Returns
    /// [constant OK], [constant ERR_DOES_NOT_EXIST] or [constant ERR_UNAVAILABLE] (eliminated).
    #[func]
    pub fn grant_extra_turn(&mut self, player_id: i64) -> Result<(), Refusal> {
        self.seat_command("TurnSystem.grant_extra_turn", || {
            Ok(SeatCommand::GrantExtraTurn {
                player: PlayerId::from_raw(player_id)?,
            })
        })
        .map(drop)
    }

    /// The players of the pending extra turns, the next one first.
    #[func]
    pub fn get_pending_extra_turns(&self) -> PackedInt64Array {
        self.seats.as_ref().map_or_else(PackedInt64Array::new, |s| {
            s.pending_extra_turns()
                .into_iter()
                .map(PlayerId::to_raw)
                .collect()
        })
    }

    /// Swaps the next natural turns of two living players, once; seats do not change. Refused
    /// for the same player twice, a player whose next turn is already exchanged, or an
    /// eliminated or unknown player.
    #[func]
    pub fn exchange_turns(&mut self, first_id: i64, second_id: i64) -> Result<(), Refusal> {
        self.seat_command("TurnSystem.exchange_turns", || {
            Ok(SeatCommand::Exchange {
                first: PlayerId::from_raw(first_id)?,
                second: PlayerId::from_raw(second_id)?,
            })
        })
        .map(drop)
    }

    /// Takes a player out of the game, at any moment: their turn in progress ends
    /// ([signal turn_ended]), and their extra turns, exchanges and triggers go. They never get
    /// another turn, and no living player loses one because of it. Returns [constant OK],
    /// [constant ERR_DOES_NOT_EXIST] or [constant ERR_UNAVAILABLE] (already eliminated).
    #[func]
    pub fn eliminate_player(&mut self, player_id: i64) -> Result<(), Refusal> {
        self.seat_command("TurnSystem.eliminate_player", || {
            Ok(SeatCommand::Eliminate {
                player: PlayerId::from_raw(player_id)?,
            })
        })
        .map(drop)
    }

    /// Whether [param player_id] has been eliminated; [code]false[/code] (and an error) for a
    /// player who is not seated.
    #[func]
    pub fn is_player_eliminated(&self, player_id: i64) -> Result<bool, Refusal> {
        refusing("TurnSystem.is_player_eliminated", || {
            let player = PlayerId::from_raw(player_id)?;
            let seats = self.seat_order()?;
            let seat = seats
                .seats()
                .iter()
                .find(|seat| seat.player == player)
                .ok_or(TurnError::UnknownPlayer { player })?;
            Ok(seat.eliminated)
        })
    }

    /// Every living player once, in turn order: the current player first (with no turn in
    /// progress, the player of the next turn), then round the table in the direction of play.
    #[func]
    pub fn get_players_from_current(&self) -> PackedInt64Array {
        self.seats.as_ref().map_or_else(PackedInt64Array::new, |s| {
            s.players_from_current().map(PlayerId::to_raw).collect()
        })
    }

    /// The current player's living opponents in turn order, starting after the current player.
    #[func]
    pub fn get_opponents_in_turn_order(&self) -> PackedInt64Array {
        self.seats.as_ref().map_or_else(PackedInt64Array::new, |s| {
            s.opponents_in_turn_order().map(PlayerId::to_raw).collect()
        })
    }

    /// The players of the next [param depth] turns to be taken (extra turns included, skipped
    /// turns not), without changing anything. A negative depth, or one above 100 000, gives an
    /// empty array and an error; so does a call before any seating.
    #[func]
    pub fn get_upcoming_players(&self, depth: i64) -> Result<PackedInt64Array, Refusal> {
        refusing("TurnSystem.get_upcoming_players", || {
            let depth = count_from_raw("depth", depth, 0, MAX_PREDICTION_DEPTH as u32)?;
            Ok(self
                .seat_order()?
                .upcoming_turns(depth as usize)
                .into_iter()
                .map(|turn| turn.player.to_raw())
                .collect())
        })
    }

    /// Registers a beginning-of-turn trigger controlled by a living player: it fires
    /// ([signal trigger_fired]) at the start of every turn its [param scope] covers —
    /// [constant TRIGGER_CONTROLLER], [constant TRIGGER_OPPONENTS] or
    /// [constant TRIGGER_EVERYONE]. Returns [constant OK], [constant ERR_ALREADY_EXISTS],
    /// [constant ERR_DOES_NOT_EXIST], [constant ERR_UNAVAILABLE] or
    /// [constant ERR_INVALID_PARAMETER].
    #[func]
    pub fn add_turn_trigger(
        &mut self,
        trigger_id: i64,
        controller_id: i64,
        scope: i64,
    ) -> Result<(), Refusal> {
        self.seat_command("TurnSystem.add_turn_trigger", || {
            let code = count_from_raw("trigger scope", scope, 0, 2)?;
            Ok(SeatCommand::AddTrigger(Trigger {
                id: TriggerId::from_raw(trigger_id)?,
                controller: PlayerId::from_raw(controller_id)?,
                scope: TriggerScope::from_code(i64::from(code)).unwrap_or(TriggerScope::Everyone),
            }))
        })
        .map(drop)
    }

    /// Unregisters a beginning-of-turn trigger. Returns [constant OK] or
    /// [constant ERR_DOES_NOT_EXIST].
    #[func]
    pub fn remove_turn_trigger(&mut self, trigger_id: i64) -> Result<(), Refusal> {
        self.seat_command("TurnSystem.remove_turn_trigger", || {
            Ok(SeatCommand::RemoveTrigger {
                trigger: TriggerId::from_raw(trigger_id)?,
            })
        })
        .map(drop)
    }
}

impl TurnSystem {
    /// Parses and applies an initiative command, then emits the signals of what happened and
    /// returns it; on refusal nothing has changed.
    fn initiative_command(
        &mut self,
        method: &'static str,
        command: impl IntoCommand<InitiativeCommand>,
    ) -> Result<Vec<InitiativeEvent>, Refusal> {
        let events = refusing(method, || self.initiative.apply(command.into_command()?));
        let events = self.last_refusal.note(Self::NONE, events)?;
        for event in &events {
            self.outbox.push(Happened::Initiative(event.clone()));
        }
        self.emit_pending();
        Ok(events)
    }

    /// Parses and applies a seat command, then emits the signals of what happened and returns
    /// it; on refusal nothing has changed.
    fn seat_command(
        &mut self,
        method: &'static str,
        command: impl IntoCommand<SeatCommand>,
    ) -> Result<Vec<SeatEvent>, Refusal> {
        let events = refusing(method, || {
            let command = command.into_command()?;
            let seats = self.seats.as_mut().ok_or(TurnError::NoSeating)?;
            seats.apply(command)
        });
        let events = self.last_refusal.note(Self::NONE, events)?;
        for event in &events {
            self.outbox.push(Happened::Seats(event.clone()));
        }
        self.emit_pending();
        Ok(events)
    }

    fn seat_order(&self) -> Result<&SeatOrder, RulesError> {
        Ok(self.seats.as_ref().ok_or(TurnError::NoSeating)?)
    }

    fn unit(&self, unit_id: i64) -> Result<&Unit, RulesError> {
        let unit = UnitId::from_raw(unit_id)?;
        Ok(self
            .initiative
            .unit(unit)
            .ok_or(TurnError::UnknownUnit { unit })?)
    }

    fn read_unit(
        &self,
        method: &'static str,
        unit_id: i64,
        read: impl FnOnce(&Unit) -> i64,
    ) -> Result<i64, Refusal> {
        refusing(method, || self.unit(unit_id).map(read))
    }

    /// Emits the signals of everything queued, in order, unless a call further out is doing so
    /// (see [`Outbox`]); the state is already updated.
    fn emit_pending(&mut self) {
        if !self.outbox.begin() {
            return;
        }
        let _alive = KeepAlive::new(self.to_gd().upcast());
        while let Some(happened) = self.outbox.take_next() {
            match happened {
                Happened::Initiative(event) => self.emit_initiative(&event),
                Happened::Seats(event) => self.emit_seats(&event),
            }
        }
    }

    /// Emits the signal for an initiative event.
    fn emit_initiative(&mut self, event: &InitiativeEvent) {
        match event {
            InitiativeEvent::TurnChanged(turn) => self.signals().turn_changed().emit(
                turn.previous.map_or(Self::NONE, UnitId::to_raw),
                turn.next.to_raw(),
                turn.is_new_round,
            ),
            InitiativeEvent::TurnStarted { unit, .. } => {
                self.signals().turn_started().emit(unit.to_raw())
            }
            InitiativeEvent::TurnEnded { unit, .. } => {
                self.signals().turn_ended().emit(unit.to_raw())
            }
            InitiativeEvent::TurnSkipped { unit, reason } => self
                .signals()
                .turn_skipped()
                .emit(unit.to_raw(), &GString::from(reason.as_str())),
            InitiativeEvent::UnitDefeated { unit } => {
                self.signals().unit_defeated().emit(unit.to_raw())
            }
            InitiativeEvent::StatusTicked {
                unit,
                status,
                value,
                ..
            } => self.signals().status_ticked().emit(
                unit.to_raw(),
                &GString::from(status.as_str()),
                *value,
            ),
            _ => {}
        }
    }

    /// Emits the signal for a seat event.
    fn emit_seats(&mut self, event: &SeatEvent) {
        match event {
            SeatEvent::TurnChanged(turn) => self.signals().turn_changed().emit(
                turn.previous.map_or(Self::NONE, PlayerId::to_raw),
                turn.next.to_raw(),
                turn.is_new_round,
            ),
            SeatEvent::TurnStarted { player, .. } => {
                self.signals().turn_started().emit(player.to_raw())
            }
            SeatEvent::TurnEnded { player } => self.signals().turn_ended().emit(player.to_raw()),
            SeatEvent::TurnSkipped { player, reason } => self
                .signals()
                .turn_skipped()
                .emit(player.to_raw(), &GString::from(reason.as_str())),
            SeatEvent::TriggerFired {
                trigger,
                controller,
                player,
            } => self.signals().trigger_fired().emit(
                trigger.to_raw(),
                controller.to_raw(),
                player.to_raw(),
            ),
            _ => {}
        }
    }
}

/// A command ready to apply, or the closure that parses one from raw GDScript values.
trait IntoCommand<C> {
    /// The command, or why the raw values do not make one.
    fn into_command(self) -> Result<C, RulesError>;
}

impl IntoCommand<InitiativeCommand> for InitiativeCommand {
    fn into_command(self) -> Result<InitiativeCommand, RulesError> {
        Ok(self)
    }
}

impl IntoCommand<SeatCommand> for SeatCommand {
    fn into_command(self) -> Result<SeatCommand, RulesError> {
        Ok(self)
    }
}

impl<C, F: FnOnce() -> Result<C, RulesError>> IntoCommand<C> for F {
    fn into_command(self) -> Result<C, RulesError> {
        self()
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

fn parse_players(raw: &PackedInt64Array) -> Result<Vec<PlayerId>, RulesError> {
    raw.as_slice()
        .iter()
        .map(|&id| PlayerId::from_raw(id).map_err(RulesError::from))
        .collect()
}

fn status_dictionary(status: &StatusEffect) -> VarDictionary {
    let (kind, value) = match status.kind {
        StatusKind::DamageOverTime { amount } => (TurnSystem::STATUS_DAMAGE_OVER_TIME, amount),
        StatusKind::HealOverTime { amount } => (TurnSystem::STATUS_HEAL_OVER_TIME, amount),
        StatusKind::Stun => (TurnSystem::STATUS_STUN, 0),
        StatusKind::Marker => (TurnSystem::STATUS_MARKER, 0),
    };
    let duration = match status.duration {
        StatusDuration::Permanent => TurnSystem::DURATION_PERMANENT,
        StatusDuration::Turns(turns) => i64::from(turns),
    };
    vdict! {
        "name" => &GString::from(status.name.as_str()).to_variant(),
        "kind" => kind,
        "value" => i64::from(value),
        "duration" => duration,
    }
}
