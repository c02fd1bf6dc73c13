//! The seat-order half of `TurnSystem`: seating, direction, skips, extra turns, exchanges,
//! eliminations, turn-order iterators and beginning-of-turn triggers.

use godot::prelude::*;
use horizons_edge_core::ids::count_from_raw;
use horizons_edge_core::turns::MAX_PREDICTION_DEPTH;
use horizons_edge_core::turns::order::{TurnOrderCommand, TurnOrderEvent};
use horizons_edge_core::turns::seats::{ExtraTurnOrder, Trigger};
use horizons_edge_core::{
    PlayerId, RandomStream, RulesError, SeatCommand, SeatOrder, TriggerId, TriggerScope, TurnError,
};

use super::TurnSystem;
use crate::convert;
use crate::refusal::Refusal;
use crate::refusal::refusing;

#[godot_api(secondary)]
impl TurnSystem {
    /// Seats [param player_ids] clockwise (1 to 8 distinct ids, 0 or more; a [PackedInt64Array],
    /// a [PackedInt32Array] or an [Array] of ints) and draws the first
    /// player from a ChaCha20 stream seeded with [param seed] (the same seed, the same first
    /// player); [method shuffle_seats] goes on drawing from that stream. Replaces any earlier
    /// seating (a turn in progress on it ends: [signal turn_ended]; its signals not yet emitted,
    /// when a handler seats anew in the middle of them, are dropped). Returns [constant OK] or
    /// [constant ERR_INVALID_PARAMETER].
    #[func]
    pub fn setup_seats(&mut self, player_ids: Variant, seed: i64) -> Result<(), Refusal> {
        self.seat_anew("TurnSystem.setup_seats", &player_ids, |players| {
            let mut rng = RandomStream::from_seed(seed as u64);
            let seats = SeatOrder::new(players, &mut rng)?;
            Ok(seats.with_shuffle_stream(rng))
        })
    }

    /// Seats [param player_ids] clockwise (1 to 8 distinct ids, as [method setup_seats] takes
    /// them) with [param first_player_id]
    /// to play first; [method shuffle_seats] draws from a ChaCha20 stream seeded with
    /// [param seed]. Replaces any earlier seating as [method setup_seats] does (a turn in
    /// progress on it ends: [signal turn_ended]). Returns [constant OK],
    /// [constant ERR_INVALID_PARAMETER] or
    /// [constant ERR_DOES_NOT_EXIST].
    #[func]
    pub fn setup_seats_with_first_player(
        &mut self,
        player_ids: Variant,
        first_player_id: i64,
        #[opt(default = 0)] seed: i64,
    ) -> Result<(), Refusal> {
        let method = "TurnSystem.setup_seats_with_first_player";
        self.seat_anew(method, &player_ids, |players| {
            let first = PlayerId::from_raw(first_player_id)?;
            let seats = SeatOrder::with_first_player(players, first)?;
            Ok(seats.with_shuffle_stream(RandomStream::from_seed(seed as u64)))
        })
    }

    /// Puts the seating `make` gives for the players `player_ids` lists (see
    /// [`convert::int_list`]) in place of any earlier one, whose turn in progress ends
    /// ([signal turn_ended]) and whose signals not yet emitted are dropped; a refusal changes
    /// nothing.
    fn seat_anew(
        &mut self,
        method: &'static str,
        player_ids: &Variant,
        make: impl FnOnce(Vec<PlayerId>) -> Result<SeatOrder, RulesError>,
    ) -> Result<(), Refusal> {
        let made = convert::int_list(player_ids)
            .map_err(|why| {
                Refusal::invalid_argument(
                    method,
                    format!("player_ids is not an Array of player ids: {why}"),
                )
            })
            .and_then(|ids| refusing(method, || make(parse_players(&ids)?)));
        let seats = self
            .last_refusal
            .note(Self::NONE, made, self.log_refusals)?;
        // Seat signals still waiting (a handler seating mid-emission) tell of the table replaced
        // (seating itself is never refused).
        self.outbox
            .retain(|event| matches!(event, TurnOrderEvent::Initiative(_)));
        self.order_command(method, || Ok(TurnOrderCommand::Seat(Box::new(seats))))?;
        Ok(())
    }

    /// Deals the seats again in a random order, as seed 004's [code]TurnOrder.shuffle[/code]:
    /// the player whose natural turn was the latest (the first player, before any turn) keeps
    /// the first seat and play goes on from them round the new table; the others' seats are
    /// drawn uniformly from the seating's stream (see [method setup_seats]). The turn in
    /// progress, the direction, pending skips, extra turns and exchanges stay as they are.
    /// Emits [signal seats_shuffled]. Returns [constant OK] or [constant ERR_DOES_NOT_EXIST]
    /// before any seating.
    #[func]
    pub fn shuffle_seats(&mut self) -> Result<(), Refusal> {
        self.seat_command("TurnSystem.shuffle_seats", SeatCommand::Shuffle)
            .map(drop)
    }

    /// The seated players, clockwise, eliminated ones included; empty before any seating.
    #[func]
    pub fn get_seat_order(&self) -> PackedInt64Array {
        self.order.seats().map_or_else(PackedInt64Array::new, |s| {
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

    /// The player whose turn is in progress, or [constant NONE]. The initiative counterpart is
    /// [method get_active_unit].
    #[func]
    pub fn get_current_player(&self) -> i64 {
        self.order
            .seats()
            .and_then(SeatOrder::current_player)
            .map_or(Self::NONE, PlayerId::to_raw)
    }

    /// Whether the turn in progress is an extra turn.
    #[func]
    pub fn is_extra_turn(&self) -> bool {
        self.order
            .seats()
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
        self.order.seats().is_some_and(SeatOrder::is_reversed)
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
        self.order
            .seats()
            .map_or(0, |s| i64::from(s.pending_skips()))
    }

    /// Gives a living player an extra turn, taken before the next natural turn (several in the
    /// order [method set_extra_turn_order] sets: the first granted first, as seed 004 queues
    /// them, unless set otherwise); play then resumes from the natural next seat. Returns
    /// [constant OK], [constant ERR_DOES_NOT_EXIST], [constant ERR_UNAVAILABLE] (eliminated) or
    /// [constant ERR_INVALID_PARAMETER] (past 1 000 pending extra turns).
    #[func]
    pub fn grant_extra_turn(&mut self, player_id: i64) -> Result<(), Refusal> {
        self.seat_command("TurnSystem.grant_extra_turn", || {
            Ok(SeatCommand::GrantExtraTurn {
                player: PlayerId::from_raw(player_id)?,
            })
        })
        .map(drop)
    }

    /// Which of several pending extra turns is taken first, from the next turn on:
    /// [constant EXTRA_TURNS_FIRST_GRANTED] (seed 004's queue, the default) or
    /// [constant EXTRA_TURNS_LATEST_GRANTED] (Magic's rule 500.7). Saved with the table. Returns
    /// [constant OK], [constant ERR_DOES_NOT_EXIST] before any seating or
    /// [constant ERR_INVALID_PARAMETER].
    #[func]
    pub fn set_extra_turn_order(&mut self, order: i64) -> Result<(), Refusal> {
        self.seat_command("TurnSystem.set_extra_turn_order", || {
            let code = count_from_raw("extra turn order", order, 0, 1)?;
            Ok(SeatCommand::SetExtraTurnOrder {
                order: ExtraTurnOrder::from_code(i64::from(code))
                    .unwrap_or(ExtraTurnOrder::FirstGranted),
            })
        })
        .map(drop)
    }

    /// Which of several pending extra turns is taken first (see
    /// [method set_extra_turn_order]); [constant EXTRA_TURNS_FIRST_GRANTED] before any seating.
    #[func]
    pub fn get_extra_turn_order(&self) -> i64 {
        self.order
            .seats()
            .map_or(ExtraTurnOrder::default(), SeatOrder::extra_turn_order)
            .code()
    }

    /// The players of the pending extra turns, the next one first.
    #[func]
    pub fn get_pending_extra_turns(&self) -> PackedInt64Array {
        self.order.seats().map_or_else(PackedInt64Array::new, |s| {
            s.pending_extra_turns()
                .into_iter()
                .map(PlayerId::to_raw)
                .collect()
        })
    }

    /// Swaps the next natural turns of two living players, once; seats do not change (to trade
    /// seats for good, as seed 004's [code]ExchangeTurn[/code], see [method swap_seats]). Refused
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

    /// Two living players trade seats for the rest of the game, as seed 004's
    /// [code]ExchangeTurn[/code] swaps them in the turn order: with seats A, B, C, D and A
    /// playing, [code]swap_seats(B, D)[/code] seats A, D, C, B and play goes A, D, C, B, A, ...
    /// Play goes on from the latest natural turn's player (the first player, before any turn)
    /// from wherever their seat now is; the turn in progress, the direction, skips, extra turns
    /// and exchanges stay as they are. For a one-time swap of two turns see
    /// [method exchange_turns]. Emits [signal seats_swapped]. Refused for the same player twice,
    /// or an eliminated or unknown player.
    #[func]
    pub fn swap_seats(&mut self, first_id: i64, second_id: i64) -> Result<(), Refusal> {
        self.seat_command("TurnSystem.swap_seats", || {
            Ok(SeatCommand::SwapSeats {
                first: PlayerId::from_raw(first_id)?,
                second: PlayerId::from_raw(second_id)?,
            })
        })
        .map(drop)
    }

    /// Takes a player out of the game, at any moment: their turn in progress ends
    /// ([signal turn_ended]), and their extra turns, exchanges and triggers go (an exchange they
    /// already took their partner's turn in leaves the partner theirs, from their seat). They
    /// never get another turn, and as the order stands no living player loses one because of it:
    /// a pending skip that would fall on their turn goes with them, and one an exchange cancelled
    /// with them would move onto another living player is forgiven. The skips left count natural
    /// turns as the order is when they are used, as every pending skip does: a later
    /// [method reverse_turn_order] or [method swap_seats] moves them onto whoever is then next.
    /// Returns [constant OK],
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
        self.order.seats().map_or_else(PackedInt64Array::new, |s| {
            s.players_from_current().map(PlayerId::to_raw).collect()
        })
    }

    /// The current player's living opponents in turn order, starting after the current player.
    #[func]
    pub fn get_opponents_in_turn_order(&self) -> PackedInt64Array {
        self.order.seats().map_or_else(PackedInt64Array::new, |s| {
            s.opponents_in_turn_order().map(PlayerId::to_raw).collect()
        })
    }

    /// The players of the next [param depth] turns to be taken (extra turns included, skipped
    /// turns not), without changing anything. A negative depth, or one above 100 000, gives an
    /// empty array and an error; so does a call before any seating. The initiative counterpart
    /// is [method get_predicted_queue]; [method get_turn_state] gives either with turn numbers,
    /// round marks and extra turns.
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
    /// [constant ERR_INVALID_PARAMETER] (also past 1 000 triggers).
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
    /// [constant ERR_DOES_NOT_EXIST], a refusal of play without an error in the log: a trigger
    /// goes with its player when they are eliminated, so a card removing its own may find it
    /// gone.
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

fn parse_players(raw: &[i64]) -> Result<Vec<PlayerId>, RulesError> {
    raw.iter()
        .map(|&id| PlayerId::from_raw(id).map_err(RulesError::from))
        .collect()
}
