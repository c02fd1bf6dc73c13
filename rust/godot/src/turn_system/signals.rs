//! `TurnSystem`'s signals: what each core event emits, in order, once the state is updated.

use godot::prelude::*;
use horizons_edge_core::turns::order::TurnOrderEvent;
use horizons_edge_core::{InitiativeEvent, PlayerId, SeatEvent, UnitId};

use super::TurnSystem;
use crate::outbox::KeepAlive;

impl TurnSystem {
    /// Emits the signals of everything queued, in order, unless a call further out is doing so
    /// (see [`Outbox`]); the state is already updated.
    pub(super) fn emit_pending(&mut self) {
        if !self.outbox.begin() {
            return;
        }
        let _alive = KeepAlive::new(self.to_gd().upcast());
        while let Some(happened) = self.outbox.take_next() {
            match happened {
                TurnOrderEvent::Initiative(event) => self.emit_initiative(&event),
                TurnOrderEvent::Seats(event) => self.emit_seats(&event),
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
                self.signals().turn_started().emit(unit.to_raw(), false)
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
            InitiativeEvent::StatusApplied { unit, status } => {
                self.signals()
                    .status_applied()
                    .emit(unit.to_raw(), &GString::from(status.as_str()));
                self.signals().race_changed().emit(unit.to_raw());
            }
            InitiativeEvent::StatusEnded { unit, status } => {
                self.signals()
                    .status_ended()
                    .emit(unit.to_raw(), &GString::from(status.as_str()));
                self.signals().race_changed().emit(unit.to_raw());
            }
            InitiativeEvent::UnitAdded { unit }
            | InitiativeEvent::UnitRemoved { unit }
            | InitiativeEvent::SpeedChanged { unit, .. }
            | InitiativeEvent::ChargeChanged { unit, .. } => {
                self.signals().race_changed().emit(unit.to_raw())
            }
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
            SeatEvent::TurnStarted { player, extra } => {
                self.signals().turn_started().emit(player.to_raw(), *extra)
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
            SeatEvent::DirectionChanged { reversed } => {
                self.signals().turn_order_reversed().emit(*reversed)
            }
            SeatEvent::SkipAdded { pending } => {
                self.signals().skip_added().emit(i64::from(*pending))
            }
            SeatEvent::ExtraTurnGranted { player } => {
                self.signals().extra_turn_granted().emit(player.to_raw())
            }
            SeatEvent::TurnsExchanged { first, second } => self
                .signals()
                .turns_exchanged()
                .emit(first.to_raw(), second.to_raw()),
            SeatEvent::SeatsSwapped { first, second } => self
                .signals()
                .seats_swapped()
                .emit(first.to_raw(), second.to_raw()),
            SeatEvent::PlayerEliminated { player } => {
                self.signals().player_eliminated().emit(player.to_raw())
            }
            SeatEvent::SeatsShuffled { order } => {
                let order: PackedInt64Array = order.iter().map(|p| p.to_raw()).collect();
                self.signals().seats_shuffled().emit(&order)
            }
            SeatEvent::TriggerAdded { .. }
            | SeatEvent::TriggerRemoved { .. }
            | SeatEvent::ExtraTurnOrderSet { .. } => {}
        }
    }
}
