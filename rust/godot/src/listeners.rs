//! What GDScript has hooked into a `GameRules` node — handlers on its event signals, a validator
//! or reaction provider — remembered between engine calls, so that a run of commands nobody
//! listens to asks the engine nothing per event.

use std::sync::OnceLock;

use godot::prelude::*;
use godot::sys;
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

/// What the engine last said about each event signal's handlers and about the hook
/// `Callable`s; each answer is kept until [`Listeners::forget`], which the node calls whenever
/// GDScript may have run (only GDScript connects or sets hooks): at every public call, after
/// every emit and after script hooks.
pub struct Listeners {
    /// The signals' names, as the engine takes them.
    names: [StringName; EventSignal::ALL.len()],
    /// Per signal, whether it has handlers; `None` until the engine is asked again.
    heard: [Option<bool>; EventSignal::ALL.len()],
    /// Whether a validator or reaction provider is set; `None` until asked again.
    hooked: Option<bool>,
}

/// Nothing known yet.
impl Default for Listeners {
    fn default() -> Listeners {
        Listeners {
            names: EventSignal::ALL.map(|signal| StringName::from(signal.name())),
            heard: [None; EventSignal::ALL.len()],
            hooked: None,
        }
    }
}

impl Listeners {
    /// Forgets every answer: GDScript may have connected, disconnected or set a hook since.
    pub fn forget(&mut self) {
        self.heard = [None; EventSignal::ALL.len()];
        self.hooked = None;
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

    /// Whether script hooks are set, asking `is_hooked` only when not known.
    pub fn is_hooked(&mut self, is_hooked: impl FnOnce() -> bool) -> bool {
        *self.hooked.get_or_insert_with(is_hooked)
    }
}

/// The hash the engine API gives `Object.has_connections(signal: StringName) -> bool`.
const HAS_CONNECTIONS_HASH: i64 = 2_619_796_661;

/// Whether `signal` of the object `base` belongs to has handlers: the engine's
/// `Object.has_connections`, called straight through its method bind. Several times a command,
/// so without what a call through `Gd` adds (a new `Gd` for the base, the liveness check, an
/// engine lookup of the object by id): that was two thirds of each answer's cost, which was a
/// third of a one-command call's. `true` (ask on, emit to nobody) if the engine lacks the method.
pub fn has_connections(base: &Base<Node>, signal: &StringName) -> bool {
    // A method bind lives as long as the engine; kept as an address, which is `Sync`.
    static BIND: OnceLock<usize> = OnceLock::new();
    let bind = *BIND.get_or_init(|| {
        let class = StringName::from("Object");
        let method = StringName::from("has_connections");
        // SAFETY: the interface is loaded while any class of this library exists; both names
        // are live StringNames.
        let bind = unsafe {
            sys::interface_fn!(classdb_get_method_bind)(
                class.string_sys(),
                method.string_sys(),
                HAS_CONNECTIONS_HASH,
            )
        };
        bind as usize
    });
    if bind == 0 {
        return true;
    }
    let mut heard: sys::GDExtensionBool = 0;
    let args = [signal.string_sys() as sys::GDExtensionConstTypePtr];
    // SAFETY: `bind` is `Object.has_connections`, taking one StringName and returning a bool,
    // as the pointers passed are. `base` is the base of an instance borrowed by the caller:
    // its object is alive (a `GameRules` cancels any free while its own code runs, and nothing
    // else frees it while a method of it runs).
    unsafe {
        sys::interface_fn!(object_method_bind_ptrcall)(
            bind as sys::GDExtensionMethodBindPtr,
            base.obj_sys(),
            args.as_ptr(),
            (&raw mut heard).cast(),
        );
    }
    heard != 0
}
