//! The `TurnSystem` class: its struct, constants, signals, mode, turn flow and saves here; the
//! charge race's methods in [`units`], the seat order's in [`seats`], what each event emits in
//! [`signals`].

// gdext generates undocumented Rust accessors for the `log_refusals` property; its Godot docs come
// from the field comment.
#![allow(missing_docs)]

use godot::prelude::*;
use horizons_edge_core::ids::count_from_raw;
use horizons_edge_core::turns::initiative::{MAX_SPEED, Unit};
use horizons_edge_core::turns::order::{TurnOrder, TurnOrderCommand, TurnOrderEvent};
use horizons_edge_core::turns::save::TurnMode as Mode;
use horizons_edge_core::turns::{MAX_PREDICTION_DEPTH, TurnState};
use horizons_edge_core::{
    InitiativeCommand, InitiativeEvent, PlayerId, RulesError, SeatCommand, SeatEvent, SeatOrder,
    TurnError, UnitId,
};

use crate::outbox::Outbox;
use crate::refusal::{LastRefusal, Refusal, refusing};

mod seats;
mod signals;
mod units;

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
/// A unit its statuses defeat leaves the race ([signal unit_defeated]): from then on its health
/// reads 0 and every other call about it is refused as play, with nothing in the error log:
/// a change returns [constant ERR_UNAVAILABLE] (kind [code]"defeated"[/code]), a query
/// [code]-1[/code], [code]false[/code] or an empty array; an unknown unit is an error. The
/// race remembers its latest 1 000 defeated units (as many as it races); one defeated before
/// those is an unknown unit again.
///
/// [b]Seat order[/b] ([constant MODE_SEATS]): a random first player (from a seed), then
/// clockwise. Reversal is a toggle; skips are a counter that uses up the next natural turns;
/// extra turns are taken the first granted first, as seed 004 queues them (or the newest first,
/// see [method set_extra_turn_order]), after which play resumes from the natural next seat;
/// an exchange swaps two players' next turns once, and a swap of seats trades their seats for
/// good (seed 004's [code]ExchangeTurn[/code]); an eliminated player never gets a turn and
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
/// written to the error log, naming the method; for a change, [method get_last_refusal] says why
/// either way (a query refused leaves it as it was). Signals are emitted only after the
/// state is updated, so handlers may call back in; the signals of a call made from a handler
/// follow those still pending instead of nesting inside them, so a handler that keeps calling
/// back (end the turn, start the next) runs flat however long it goes on.
/// ```gdscript
/// var turns := TurnSystem.new()
/// turns.turn_started.connect(func(id: int, _extra: bool) -> void: print("unit %d acts" % id))
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
    order: TurnOrder,
    outbox: Outbox<TurnOrderEvent>,
    last_refusal: LastRefusal,
    /// Print each ordinary refusal of play (not enough action points, a skill on cooldown, not
    /// this unit's turn) to the output log, naming the method and why; off by default, as those
    /// refusals are part of play and [method get_last_refusal] says why. Misuse of the API is
    /// logged as an error regardless.
    #[var]
    log_refusals: bool,
    base: Base<RefCounted>,
}

#[godot_api]
impl IRefCounted for TurnSystem {
    fn init(base: Base<RefCounted>) -> Self {
        Self {
            order: TurnOrder::default(),
            outbox: Outbox::default(),
            last_refusal: LastRefusal::default(),
            log_refusals: false,
            base,
        }
    }

    /// Prints as `TurnSystem(initiative, 3 units, time 15)` or `TurnSystem(seats, 4 players)`.
    fn to_string(&self) -> GString {
        let text = match self.order.mode() {
            Mode::Initiative => format!(
                "TurnSystem(initiative, {} units, time {})",
                self.order.initiative().units().len(),
                self.order.initiative().global_time()
            ),
            Mode::Seats => format!(
                "TurnSystem(seats, {} players)",
                self.order.seats().map_or(0, |s| s.seats().len())
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
    /// Extra turns taken the first granted first, as seed 004 queues them (the default; see
    /// [method set_extra_turn_order]).
    #[constant]
    pub const EXTRA_TURNS_FIRST_GRANTED: i64 = 0;
    /// Extra turns taken the latest granted first, as Magic's rule 500.7 orders them.
    #[constant]
    pub const EXTRA_TURNS_LATEST_GRANTED: i64 = 1;
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

    /// Emitted when a unit's or player's turn begins, after [signal turn_changed]; the
    /// [signal status_ticked] of its status effects and its beginning-of-turn triggers follow.
    /// As every signal, it comes once the call's changes are all made: a handler already sees
    /// the unit's action points set and its statuses ticked (health, durations, a stun's
    /// [code]get_active_unit()[/code] of [constant NONE]). [param is_extra_turn] is
    /// [code]true[/code] for an extra turn ([method grant_extra_turn]); units never get one.
    #[signal]
    pub fn turn_started(id: i64, is_extra_turn: bool);

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

    /// Emitted when a unit joins or leaves the race ([method add_unit], [method remove_unit], a
    /// defeat), [method set_unit_speed] or [method set_unit_charge] changes it, or a status
    /// effect is put on it or leaves it (after [signal status_applied] or [signal status_ended]:
    /// a lethal damage over time takes it out of the prediction): the coming turns may have
    /// changed, so a "Next 5 units" bar reads [method get_predicted_queue] again. (The turns
    /// themselves announce theirs: [signal turn_changed].)
    #[signal]
    pub fn race_changed(id: i64);

    /// Emitted when a unit's statuses take it to 0 health as its turn starts: that turn is
    /// skipped and the unit leaves the race (it is no longer in [method get_unit_ids] nor in
    /// any prediction).
    #[signal]
    pub fn unit_defeated(id: i64);

    /// Emitted for each status effect that ticks at the start of a unit's turn, in the order
    /// they were applied: the status's name and the health change it stands for (negative for
    /// damage, positive for healing, 0 for stuns and markers), the [code]health_change[/code]
    /// that [method get_statuses] lists.
    #[signal]
    pub fn status_ticked(id: i64, status: GString, value: i64);

    /// Emitted when [method apply_status] puts a status effect on a unit (or replaces one of
    /// the same name).
    #[signal]
    pub fn status_applied(id: i64, status: GString);

    /// Emitted when a status effect leaves a unit: at its last tick (the start of the unit's
    /// turn, after [signal status_ticked]; a [constant STATUS_MARKER] is still read by
    /// [method has_status] until that turn ends) or by [method remove_status].
    #[signal]
    pub fn status_ended(id: i64, status: GString);

    /// Emitted for each beginning-of-turn trigger that fires as a player's turn begins, in
    /// turn order from that player, after [signal turn_started].
    #[signal]
    pub fn trigger_fired(trigger_id: i64, controller_id: i64, player_id: i64);

    /// Emitted when [method reverse_turn_order] changes the direction of play:
    /// [param is_reversed] is [code]true[/code] when play now goes counter-clockwise.
    #[signal]
    pub fn turn_order_reversed(is_reversed: bool);

    /// Emitted when [method skip_next_turn] adds a skip: [param pending_skips] is how many
    /// natural turns will now be skipped.
    #[signal]
    pub fn skip_added(pending_skips: i64);

    /// Emitted when [method grant_extra_turn] gives a player an extra turn.
    #[signal]
    pub fn extra_turn_granted(player_id: i64);

    /// Emitted when [method exchange_turns] swaps two players' next natural turns.
    #[signal]
    pub fn turns_exchanged(first_id: i64, second_id: i64);

    /// Emitted when [method swap_seats] trades two players' seats; [method get_seat_order] gives
    /// the new seating.
    #[signal]
    pub fn seats_swapped(first_id: i64, second_id: i64);

    /// Emitted when [method eliminate_player] takes a player out, after [signal turn_ended] if
    /// it was their turn.
    #[signal]
    pub fn player_eliminated(player_id: i64);

    /// Emitted when [method shuffle_seats] deals the seats again: the new seating, clockwise,
    /// as [method get_seat_order] now gives it.
    #[signal]
    pub fn seats_shuffled(seat_order: PackedInt64Array);

    // --- Mode and turn flow ----------------------------------------------------------------

    /// Chooses what [method next_turn], [method end_turn] and [method get_round] drive:
    /// [constant MODE_INITIATIVE] or [constant MODE_SEATS]. Both orders keep their state while
    /// the other is in use. Returns [constant ERR_INVALID_PARAMETER] for another value.
    #[func]
    pub fn set_mode(&mut self, mode: i64) -> Result<(), Refusal> {
        let result = refusing("TurnSystem.set_mode", || {
            let mode = match count_from_raw("mode", mode, 0, 1)? {
                0 => Mode::Initiative,
                _ => Mode::Seats,
            };
            self.order.apply(TurnOrderCommand::SetMode(mode)).map(drop)
        });
        self.last_refusal
            .note(Self::NONE, result, self.log_refusals)
    }

    /// The current mode: [constant MODE_INITIATIVE] or [constant MODE_SEATS].
    #[func]
    pub fn get_mode(&self) -> i64 {
        match self.order.mode() {
            Mode::Initiative => Self::MODE_INITIATIVE,
            Mode::Seats => Self::MODE_SEATS,
        }
    }

    /// Ends the turn in progress (if any) and starts the next one in the current mode; returns
    /// the id of the unit or player whose turn started. A stunned unit's turn is skipped and
    /// ends at once (then [method get_active_unit] is [constant NONE]); skipped seat turns are
    /// passed over. Returns [code]-1[/code] when nobody can take a turn:
    /// [method get_last_refusal] says why. No units left (all defeated, say) or every player
    /// eliminated is an outcome of play ([code]"no_units"[/code], [code]"no_living_players"[/code],
    /// nothing in the error log); seat order without a seating is misuse, an error.
    #[func]
    pub fn next_turn(&mut self) -> Result<i64, Refusal> {
        match self.order.mode() {
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
    /// [constant OK], [constant ERR_UNAVAILABLE] when no turn is in progress, or
    /// [constant ERR_DOES_NOT_EXIST] in seat order before [method setup_seats].
    #[func]
    pub fn end_turn(&mut self) -> Result<(), Refusal> {
        const METHOD: &str = "TurnSystem.end_turn";
        match self.order.mode() {
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
        i64::from(match self.order.mode() {
            Mode::Initiative => self.order.initiative().round(),
            Mode::Seats => self.order.seats().map_or(0, SeatOrder::round),
        })
    }

    /// Both orders and the mode as versioned JSON: a save of the fight (or the table), which
    /// [method load_json] restores exactly.
    #[func]
    pub fn to_json(&self) -> GString {
        GString::from(&self.order.to_json())
    }

    /// Replaces both orders and the mode with those saved by [method to_json]: the same acting
    /// unit or player, the same predicted queue, the same future. Malformed, foreign or
    /// inconsistent JSON is refused ([constant ERR_PARSE_ERROR], [constant ERR_FILE_UNRECOGNIZED]
    /// or [constant ERR_INVALID_DATA]) and nothing changes. No signal is emitted, and those not
    /// yet emitted (a handler loading in the middle of them) are dropped: they told of the game
    /// replaced.
    /// ```gdscript
    /// var saved := turns.to_json()
    /// # ... later, or in another TurnSystem:
    /// turns.load_json(saved)
    /// ```
    #[func]
    pub fn load_json(&mut self, json: GString) -> Result<(), Refusal> {
        let result = refusing("TurnSystem.load_json", || {
            self.order = TurnOrder::from_json(&json.to_string())?;
            // Signals still waiting (a handler loading mid-emission) tell of the replaced game.
            self.outbox.clear();
            Ok(())
        });
        self.last_refusal
            .note(Self::NONE, result, self.log_refusals)
    }

    /// The whole turn order for a UI in one call, as seed 003's [code]TurnState[/code], in the
    /// current mode:
    /// ```gdscript
    /// {
    ///     "mode": MODE_INITIATIVE,  # or MODE_SEATS
    ///     "active": 1,  # the acting unit or current player, or NONE
    ///     "global_time": 5,  # ticks since the race began, or turns started (seats)
    ///     "round": 1,  # the current virtual round, 0 before the first turn
    ///     "queue": [{"id": 1, "at_time": 10, "is_new_round": false, "is_extra_turn": false}],
    /// }
    /// ```
    /// [code]queue[/code] holds the next [param depth] turns (the turn in progress not
    /// included), each at the clock it starts at: the same ids as [method get_predicted_queue]
    /// or [method get_upcoming_players]. Before any seating, seat mode shows nobody and an empty
    /// queue. A negative depth, or one above 100 000, gives an empty dictionary and an error.
    /// ```gdscript
    /// var state := turns.get_turn_state(8)
    /// for turn in state.queue:
    ///     add_portrait(turn.id, turn.at_time, turn.is_new_round)
    /// ```
    #[func]
    pub fn get_turn_state(&self, #[opt(default = 5)] depth: i64) -> Result<VarDictionary, Refusal> {
        refusing("TurnSystem.get_turn_state", || {
            let depth = count_from_raw("depth", depth, 0, MAX_PREDICTION_DEPTH as u32)? as usize;
            Ok(match (self.order.mode(), self.order.seats()) {
                (Mode::Initiative, _) => turn_state_dictionary(
                    self.get_mode(),
                    self.order.initiative().turn_state(depth),
                    UnitId::to_raw,
                ),
                (Mode::Seats, Some(seats)) => turn_state_dictionary(
                    self.get_mode(),
                    seats.turn_state(depth),
                    PlayerId::to_raw,
                ),
                (Mode::Seats, None) => turn_state_dictionary(
                    self.get_mode(),
                    TurnState {
                        active: None,
                        global_time: 0,
                        round: 0,
                        queue: Vec::new(),
                    },
                    PlayerId::to_raw,
                ),
            })
        })
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
}

impl TurnSystem {
    /// Applies the command `command` makes of the caller's arguments to the turn order for
    /// `method`, then emits the signals of what happened and returns it; on refusal nothing has
    /// changed.
    pub(super) fn order_command(
        &mut self,
        method: &'static str,
        command: impl FnOnce() -> Result<TurnOrderCommand, RulesError>,
    ) -> Result<Vec<TurnOrderEvent>, Refusal> {
        let events = refusing(method, || self.order.apply(command()?));
        let events = self
            .last_refusal
            .note(Self::NONE, events, self.log_refusals)?;
        for event in &events {
            self.outbox.push(event.clone());
        }
        self.emit_pending();
        Ok(events)
    }

    /// Parses and applies an initiative command (see [`TurnSystem::order_command`]); returns
    /// what happened in the race.
    fn initiative_command(
        &mut self,
        method: &'static str,
        command: impl IntoCommand<InitiativeCommand>,
    ) -> Result<Vec<InitiativeEvent>, Refusal> {
        let events = self.order_command(method, || {
            Ok(TurnOrderCommand::Initiative(command.into_command()?))
        })?;
        Ok(events
            .into_iter()
            .filter_map(|event| match event {
                TurnOrderEvent::Initiative(event) => Some(event),
                TurnOrderEvent::Seats(_) => None,
            })
            .collect())
    }

    /// Parses and applies a seat command (see [`TurnSystem::order_command`]); returns what
    /// happened at the table.
    fn seat_command(
        &mut self,
        method: &'static str,
        command: impl IntoCommand<SeatCommand>,
    ) -> Result<Vec<SeatEvent>, Refusal> {
        let events = self.order_command(method, || {
            Ok(TurnOrderCommand::Seats(command.into_command()?))
        })?;
        Ok(events
            .into_iter()
            .filter_map(|event| match event {
                TurnOrderEvent::Seats(event) => Some(event),
                TurnOrderEvent::Initiative(_) => None,
            })
            .collect())
    }

    fn seat_order(&self) -> Result<&SeatOrder, RulesError> {
        Ok(self.order.seats().ok_or(TurnError::NoSeating)?)
    }

    fn unit(&self, unit_id: i64) -> Result<&Unit, RulesError> {
        let unit = UnitId::from_raw(unit_id)?;
        Ok(self.order.initiative().unit(unit).ok_or(
            match self.order.initiative().is_defeated(unit) {
                true => TurnError::Defeated { unit },
                false => TurnError::UnknownUnit { unit },
            },
        )?)
    }

    fn read_unit(
        &self,
        method: &'static str,
        unit_id: i64,
        read: impl FnOnce(&Unit) -> i64,
    ) -> Result<i64, Refusal> {
        refusing(method, || self.unit(unit_id).map(read))
    }
}

/// A [`TurnState`] as [method TurnSystem.get_turn_state] gives it.
fn turn_state_dictionary<Id: Copy>(
    mode: i64,
    state: TurnState<Id>,
    to_raw: impl Fn(Id) -> i64,
) -> VarDictionary {
    let queue: Array<VarDictionary> = state
        .queue
        .iter()
        .map(|turn| {
            vdict! {
                "id" => to_raw(turn.id),
                "at_time" => i64::try_from(turn.at_time).unwrap_or(i64::MAX),
                "is_new_round" => turn.is_new_round,
                "is_extra_turn" => turn.is_extra_turn,
            }
        })
        .collect();
    vdict! {
        "mode" => mode,
        "active" => state.active.map_or(TurnSystem::NONE, &to_raw),
        "global_time" => i64::try_from(state.global_time).unwrap_or(i64::MAX),
        "round" => i64::from(state.round),
        "queue" => &queue.to_variant(),
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
