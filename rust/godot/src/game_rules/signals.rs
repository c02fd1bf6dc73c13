//! `GameRules`' signals: what each logged event or refusal emits, in order, once the state is
//! updated.

use godot::prelude::*;
use horizons_edge_core::{Event, EventRecord, PlayerId};

use super::{GameRules, Pending};
use crate::connections;
use crate::convert;
use crate::listeners::EventSignal;

impl GameRules {
    /// Emits everything pending, in order, unless an outer call is already doing so (then the
    /// new items follow the ones it has left).
    pub(super) fn emit_pending(&mut self) {
        if !self.outbox.begin() {
            return;
        }
        while let Some(item) = self.outbox.take_next() {
            // A handler of an item's first signal may replace the game (setup, a load): what
            // is left of the item told of the game replaced, and is dropped with the rest.
            let clears = self.outbox.clears();
            match item {
                // Payloads are built only for signals someone listens to: converting every
                // event to a Dictionary would cost more than the rules themselves.
                Pending::Record(record) => {
                    if EventSignal::of(&record.event).is_some_and(|signal| self.is_heard(signal)) {
                        self.emit_event(&record.event);
                        self.listeners.forget();
                    }
                    if self.outbox.clears() == clears && self.is_heard(EventSignal::EventLogged) {
                        self.signals()
                            .event_logged()
                            .emit(&record_dictionary(&record));
                        self.listeners.forget();
                    }
                }
                Pending::Loaded => self.signals().game_loaded().emit(),
                Pending::Refused(player, is_action, refusal) => {
                    let reason = GString::from(refusal.reason());
                    if is_action {
                        self.signals().action_rejected().emit(player, &reason);
                    }
                    if self.outbox.clears() == clears {
                        self.signals().refused().emit(
                            &GString::from(refusal.method()),
                            player,
                            &GString::from(refusal.kind()),
                            &reason,
                        );
                    }
                    self.listeners.forget();
                }
            }
        }
    }

    /// Whether `event` would be emitted now: its own signal or `event_logged` has handlers.
    pub(super) fn is_wanted(&mut self, event: &Event) -> bool {
        EventSignal::of(event).is_some_and(|signal| self.is_heard(signal))
            || self.is_heard(EventSignal::EventLogged)
    }

    /// Whether anything is connected to `signal` (see [`Listeners`]).
    pub(super) fn is_heard(&mut self, signal: EventSignal) -> bool {
        if let Some(heard) = self.listeners.heard(signal) {
            return heard;
        }
        let heard = connections::has_connections(self.base_field(), self.listeners.name(signal));
        self.listeners.remember(signal, heard);
        heard
    }

    /// Emits the event's own signal (see [`EventSignal::of`]).
    pub(super) fn emit_event(&mut self, event: &Event) {
        let mut signals = self.signals();
        match event {
            Event::GameStarted { players } => signals.game_started().emit(
                &players
                    .iter()
                    .map(|p| p.to_raw())
                    .collect::<PackedInt64Array>(),
            ),
            Event::MulliganTaken { player, mulligans } => signals
                .mulligan_taken()
                .emit(player.to_raw(), i64::from(*mulligans)),
            Event::HandKept { player, bottomed } => signals
                .hand_kept()
                .emit(player.to_raw(), i64::from(*bottomed)),
            Event::RoundStarted { round } => signals.round_started().emit(i64::from(*round)),
            Event::TokenDrawn {
                player, remaining, ..
            } => signals
                .token_drawn()
                .emit(player.to_raw(), i64::from(*remaining)),
            Event::BagEmptied => signals.bag_emptied().emit(),
            Event::TurnChanged { player } => signals.turn_changed().emit(player.to_raw()),
            Event::ActionResolved {
                player,
                action,
                cause,
                depth,
                ..
            } => {
                let action = convert::dictionary_of(action);
                match cause {
                    None => signals.action_completed().emit(player.to_raw(), &action),
                    Some(cause) => signals.reaction_resolved().emit(
                        player.to_raw(),
                        &action,
                        cause.0 as i64,
                        i64::from(*depth),
                    ),
                }
            }
            Event::CommandUpgraded {
                player,
                tier,
                tokens,
            } => signals.command_upgraded().emit(
                player.to_raw(),
                i64::from(*tier),
                i64::from(*tokens),
            ),
            Event::ActivationEnded { player } => signals.activation_ended().emit(player.to_raw()),
            Event::ActionUndone { player } => signals.action_undone().emit(player.to_raw()),
            Event::RoundEnded { round } => signals.round_ended().emit(i64::from(*round)),
            Event::PlayerEliminated { player, .. } => {
                signals.player_eliminated().emit(player.to_raw())
            }
            Event::TokensAdded { player, count } => signals
                .bag_changed()
                .emit(player.to_raw(), i64::from(*count)),
            Event::TokensRemoved { player, count } => signals
                .bag_changed()
                .emit(player.to_raw(), -i64::from(*count)),
            Event::PlayerRenamed { player, name } => signals
                .player_renamed()
                .emit(player.to_raw(), &GString::from(name.as_str())),
            Event::GameOver { winner } => signals
                .game_over()
                .emit(winner.map_or(Self::NO_PLAYER, PlayerId::to_raw)),
            _ => {}
        }
    }
}

/// A log record as GDScript sees it: the event's fields plus `seq`, `round` and `cause`.
pub(super) fn record_dictionary(record: &EventRecord) -> VarDictionary {
    let mut dict = convert::dictionary_of(&record.event);
    dict.set("seq", record.seq as i64);
    dict.set("round", i64::from(record.round));
    // An `action_resolved` event's own `cause` (the action that triggered it) stays: its
    // record's cause is the action itself.
    if !dict.contains_key("cause") {
        dict.set(
            "cause",
            &record
                .cause
                .map_or(Variant::nil(), |c| (c.0 as i64).to_variant()),
        );
    }
    dict
}
