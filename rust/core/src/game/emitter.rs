//! Writes what a command does into the game's log: the [`Emitter`] every rule is handed.

use crate::game::event::{Event, EventRecord};
use crate::ids::{ActionId, CardId, PlayerId};

/// Writes the events of one command into the game's log, each with the round and the resolving
/// action it belongs to. `Game::apply_logged` takes back whatever a refused command wrote.
pub struct Emitter {
    /// The game's log, lent for the command.
    log: Vec<EventRecord>,
    /// Index of the command being applied.
    command: u64,
    /// The action whose effects are being emitted, if any.
    pub cause: Option<ActionId>,
    round: u32,
    /// Whether events are kept at all: a quiet emitter drops them, and the rules skip the work
    /// of events nobody reads (a commitment's hash, a copy of the resolved action).
    recording: bool,
}

impl Emitter {
    /// An emitter that keeps nothing, for a state played on its own (a planner's rollout, a
    /// trial of an action).
    pub fn quiet() -> Emitter {
        Emitter {
            log: Vec::new(),
            command: 0,
            cause: None,
            round: 0,
            recording: false,
        }
    }

    /// An emitter that appends to `log` what command number `command` does, in `round`.
    pub fn recording(log: Vec<EventRecord>, command: u64, round: u32) -> Emitter {
        Emitter {
            log,
            command,
            cause: None,
            round,
            recording: true,
        }
    }

    /// The log, with what the command wrote.
    pub fn into_log(self) -> Vec<EventRecord> {
        self.log
    }

    /// The log so far.
    pub fn log(&self) -> &[EventRecord] {
        &self.log
    }

    /// Whether events are kept: when not, an event that is costly to make need not be made.
    pub fn is_recording(&self) -> bool {
        self.recording
    }

    /// Records `event`.
    pub fn push(&mut self, event: Event) {
        if !self.recording {
            return;
        }
        if let Event::RoundStarted { round } = event {
            self.round = round;
        }
        self.log.push(EventRecord {
            seq: self.log.len() as u64 + 1,
            round: self.round,
            command: self.command,
            cause: self.cause,
            event,
        });
    }

    /// Where the log stands, for [`Emitter::rewind`].
    pub fn mark(&self) -> usize {
        self.log.len()
    }

    /// Takes back the events recorded since `mark`.
    pub fn rewind(&mut self, mark: usize) {
        self.log.truncate(mark);
    }

    /// Whether an event recorded since `mark` showed someone something hidden: cards drawn, or
    /// the bag's next draws.
    pub fn revealed_since(&self, mark: usize) -> bool {
        self.log[mark.min(self.log.len())..]
            .iter()
            .any(|record| record.event.reveals())
    }

    /// Records a draw of `cards` by `player`: the public `event` (which tells only how many),
    /// then, if any were drawn, the [`Event::PrivateDraw`] only that player sees.
    pub fn push_draw(&mut self, event: Event, player: PlayerId, cards: Vec<CardId>) {
        self.push(event);
        if !cards.is_empty() {
            self.push(Event::PrivateDraw { player, cards });
        }
    }
}
