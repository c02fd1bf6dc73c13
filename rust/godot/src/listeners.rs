//! Which of a `GameRules` node's event signals GDScript has connected handlers to, remembered
//! between engine calls, so that a run of commands nobody listens to asks the engine nothing per
//! event.

use godot::prelude::*;
use horizons_edge_core::Event;

/// A `GameRules` signal that carries logged events.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventSignal {
    /// `game_started`.
    GameStarted,
    /// `mulligan_taken`.
    MulliganTaken,
    /// `hand_kept`.
    HandKept,
    /// `round_started`.
    RoundStarted,
    /// `token_drawn`.
    TokenDrawn,
    /// `bag_emptied`.
    BagEmptied,
    /// `turn_changed`.
    TurnChanged,
    /// `action_completed`.
    ActionCompleted,
    /// `reaction_resolved`.
    ReactionResolved,
    /// `command_upgraded`.
    CommandUpgraded,
    /// `activation_ended`.
    ActivationEnded,
    /// `action_undone`.
    ActionUndone,
    /// `round_ended`.
    RoundEnded,
    /// `player_eliminated`.
    PlayerEliminated,
    /// `player_renamed`.
    PlayerRenamed,
    /// `bag_changed`.
    BagChanged,
    /// `game_over`.
    GameOver,
    /// `event_logged`, which carries every event.
    EventLogged,
}

impl EventSignal {
    /// Every one, in declaration order.
    const ALL: [EventSignal; 18] = [
        EventSignal::GameStarted,
        EventSignal::MulliganTaken,
        EventSignal::HandKept,
        EventSignal::RoundStarted,
        EventSignal::TokenDrawn,
        EventSignal::BagEmptied,
        EventSignal::TurnChanged,
        EventSignal::ActionCompleted,
        EventSignal::ReactionResolved,
        EventSignal::CommandUpgraded,
        EventSignal::ActivationEnded,
        EventSignal::ActionUndone,
        EventSignal::RoundEnded,
        EventSignal::PlayerEliminated,
        EventSignal::PlayerRenamed,
        EventSignal::BagChanged,
        EventSignal::GameOver,
        EventSignal::EventLogged,
    ];

    /// The signal's name.
    pub fn name(self) -> &'static str {
        // `Listeners` keeps its slots in `ALL`'s order and finds them by discriminant.
        const {
            let mut at = 0;
            while at < EventSignal::ALL.len() {
                assert!(
                    EventSignal::ALL[at] as usize == at,
                    "ALL is in declaration order"
                );
                at += 1;
            }
        }
        match self {
            EventSignal::GameStarted => "game_started",
            EventSignal::MulliganTaken => "mulligan_taken",
            EventSignal::HandKept => "hand_kept",
            EventSignal::RoundStarted => "round_started",
            EventSignal::TokenDrawn => "token_drawn",
            EventSignal::BagEmptied => "bag_emptied",
            EventSignal::TurnChanged => "turn_changed",
            EventSignal::ActionCompleted => "action_completed",
            EventSignal::ReactionResolved => "reaction_resolved",
            EventSignal::CommandUpgraded => "command_upgraded",
            EventSignal::ActivationEnded => "activation_ended",
            EventSignal::ActionUndone => "action_undone",
            EventSignal::RoundEnded => "round_ended",
            EventSignal::PlayerEliminated => "player_eliminated",
            EventSignal::PlayerRenamed => "player_renamed",
            EventSignal::BagChanged => "bag_changed",
            EventSignal::GameOver => "game_over",
            EventSignal::EventLogged => "event_logged",
        }
    }

    /// The signal of its own that `event` is emitted on (all are also on `event_logged`);
    /// `None` for events only `event_logged` carries.
    pub fn of(event: &Event) -> Option<EventSignal> {
        Some(match event {
            Event::GameStarted { .. } => EventSignal::GameStarted,
            Event::MulliganTaken { .. } => EventSignal::MulliganTaken,
            Event::HandKept { .. } => EventSignal::HandKept,
            Event::RoundStarted { .. } => EventSignal::RoundStarted,
            Event::TokenDrawn { .. } => EventSignal::TokenDrawn,
            Event::BagEmptied => EventSignal::BagEmptied,
            Event::TurnChanged { .. } => EventSignal::TurnChanged,
            Event::ActionResolved { cause: None, .. } => EventSignal::ActionCompleted,
            Event::ActionResolved { cause: Some(_), .. } => EventSignal::ReactionResolved,
            Event::CommandUpgraded { .. } => EventSignal::CommandUpgraded,
            Event::ActivationEnded { .. } => EventSignal::ActivationEnded,
            Event::ActionUndone { .. } => EventSignal::ActionUndone,
            Event::RoundEnded { .. } => EventSignal::RoundEnded,
            Event::PlayerEliminated { .. } => EventSignal::PlayerEliminated,
            Event::PlayerRenamed { .. } => EventSignal::PlayerRenamed,
            Event::TokensAdded { .. } | Event::TokensRemoved { .. } => EventSignal::BagChanged,
            Event::GameOver { .. } => EventSignal::GameOver,
            _ => return None,
        })
    }
}

/// What the engine last said about each event signal's handlers; each answer is kept until
/// [`Listeners::forget`], which the node calls whenever GDScript may have run (only GDScript
/// connects): at every public call, after every emit and after script hooks.
pub struct Listeners {
    /// The signals' names, as the engine takes them.
    names: [StringName; EventSignal::ALL.len()],
    /// Per signal, whether it has handlers; `None` until the engine is asked again.
    heard: [Option<bool>; EventSignal::ALL.len()],
}

/// Nothing known yet.
impl Default for Listeners {
    fn default() -> Listeners {
        Listeners {
            names: EventSignal::ALL.map(|signal| StringName::from(signal.name())),
            heard: [None; EventSignal::ALL.len()],
        }
    }
}

impl Listeners {
    /// Forgets every answer: GDScript may have connected or disconnected a handler since.
    pub fn forget(&mut self) {
        self.heard = [None; EventSignal::ALL.len()];
    }

    /// Whether `signal` has handlers, if known.
    pub fn heard(&self, signal: EventSignal) -> Option<bool> {
        self.heard[signal as usize]
    }

    /// `signal`'s name, to ask the engine with.
    pub fn name(&self, signal: EventSignal) -> &StringName {
        &self.names[signal as usize]
    }

    /// Keeps the engine's answer for `signal`.
    pub fn remember(&mut self, signal: EventSignal, heard: bool) {
        self.heard[signal as usize] = Some(heard);
    }
}
