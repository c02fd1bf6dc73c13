//! Who acts next, besides the token bag: charge initiative and seat order.
//!
//! - [`initiative`] — a speed race for combat encounters: every unit gains its speed in charge per
//!   tick, and the first to reach [`initiative::CHARGE_TO_ACT`] takes a turn (action points,
//!   cooldowns, status effects, stuns). [`initiative::Initiative::predicted_queue`] shows the
//!   coming turns without changing anything.
//! - [`seats`] — players round a table: a random first player, then clockwise; reversal, skips,
//!   extra turns (the first granted first, or the newest), exchanged turns, elimination, and
//!   beginning-of-turn triggers.
//! - [`order`] — both side by side, and which is in use: what a turn system drives.
//!
//! Both follow the shape of [`crate::game::Game`]: the state is plain serde data, it changes only
//! through an `apply(command)` that validates the whole command before touching anything and
//! returns the events that happened, in order; a refused command returns a
//! [`crate::error::TurnError`] (inside [`crate::error::RulesError`]) and changes nothing.
//!
//! ## Virtual rounds
//! Neither order has rounds of its own, so both count *virtual rounds* the same way
//! ([`RoundTracker`]): the first turn starts round 1, and a turn starts a new round when every
//! living unit (or player) has had a turn since the current round started. A turn that was skipped
//! (a stun, a skip effect) counts as a turn had; units that leave the order are forgotten, and a
//! newcomer extends the current round until it has had its turn. [`TurnEvent::is_new_round`] marks
//! the first turn of each round.

pub mod initiative;
pub mod order;
pub mod save;
pub mod seats;

use std::collections::BTreeSet;
use std::fmt;

use serde::{Deserialize, Serialize};

/// The longest prediction either order computes; longer requests are cut to this many turns.
pub const MAX_PREDICTION_DEPTH: usize = 100_000;

/// One change of turn: who had the previous turn, who has this one, and whether this turn starts a
/// new virtual round (see the [module documentation](self)).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnEvent<Id> {
    /// Whoever had the turn before (even if they have left the order since); `None` before the
    /// first turn.
    pub previous: Option<Id>,
    /// Whoever has the turn now.
    pub next: Id,
    /// Whether this turn starts a new virtual round.
    pub is_new_round: bool,
    /// The virtual round this turn belongs to, from 1.
    pub round: u32,
}

/// A snapshot for a turn-order display, seed 003's `TurnState`: who is acting, the clock, the
/// round, and the coming turns, so a UI draws its initiative bar from one call.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnState<Id> {
    /// Whoever is taking a turn now, if anyone.
    pub active: Option<Id>,
    /// The order's clock: ticks since the race began for initiative, turns started so far for
    /// seat order.
    pub global_time: u64,
    /// The current virtual round, from 1; 0 before the first turn.
    pub round: u32,
    /// The coming turns, in order (the turn in progress not included).
    pub queue: Vec<QueuedTurn<Id>>,
}

/// One coming turn in a [`TurnState`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QueuedTurn<Id> {
    /// Whose turn.
    pub id: Id,
    /// The clock when it starts (see [`TurnState::global_time`]).
    pub at_time: u64,
    /// Whether it starts a new virtual round.
    pub is_new_round: bool,
    /// Whether it is an extra turn (only seat order grants them).
    pub is_extra_turn: bool,
}

/// Why a turn's action phase did not happen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SkipReason {
    /// A stun status effect ticked at the start of the unit's turn.
    Stunned,
    /// A skip effect on the seat order used up this turn.
    Skipped,
    /// The unit's statuses took it to 0 health as the turn started; it leaves the race.
    Defeated,
}

impl SkipReason {
    /// The reason as a short lowercase word: `"stunned"`, `"skipped"` or `"defeated"`.
    pub fn as_str(self) -> &'static str {
        match self {
            SkipReason::Stunned => "stunned",
            SkipReason::Skipped => "skipped",
            SkipReason::Defeated => "defeated",
        }
    }
}

impl fmt::Display for SkipReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Counts virtual rounds: who has had a turn since the current round started.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(bound(
    serialize = "Id: Serialize + Ord",
    deserialize = "Id: Deserialize<'de> + Ord"
))]
pub struct RoundTracker<Id> {
    /// The current round, from 1; 0 before the first turn.
    round: u32,
    /// Everyone still in the order who has had a turn this round.
    had_turn: BTreeSet<Id>,
    /// A skipped turn started a new round; the next turn taken announces it.
    announce: bool,
}

impl<Id> Default for RoundTracker<Id> {
    fn default() -> Self {
        RoundTracker {
            round: 0,
            had_turn: BTreeSet::new(),
            announce: false,
        }
    }
}

impl<Id: Ord + Clone> RoundTracker<Id> {
    /// The current round, from 1; 0 before the first turn.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// Whether a skipped turn started a round that the next turn taken announces.
    pub fn announces(&self) -> bool {
        self.announce
    }

    /// Whether `id` has had a turn in the current round.
    pub fn has_had_turn(&self, id: &Id) -> bool {
        self.had_turn.contains(id)
    }

    /// Records a turn of `id` that is taken, with `living` members in the order (counting `id`);
    /// returns whether it starts a new round (or is the first turn taken since a skipped turn
    /// started one).
    pub fn turn_taken(&mut self, id: &Id, living: usize) -> bool {
        let starts = self.slot(id, living);
        let announced = std::mem::take(&mut self.announce);
        starts || announced
    }

    /// Records a turn of `id` that is skipped; a round it starts is announced by the next turn
    /// taken.
    pub fn turn_skipped(&mut self, id: &Id, living: usize) {
        if self.slot(id, living) {
            self.announce = true;
        }
    }

    /// Everyone recorded as having had a turn this round.
    pub fn members(&self) -> impl Iterator<Item = &Id> {
        self.had_turn.iter()
    }

    /// Forgets `id`, which has left the order.
    pub fn forget(&mut self, id: &Id) {
        self.had_turn.remove(id);
    }

    fn slot(&mut self, id: &Id, living: usize) -> bool {
        let starts = self.round == 0 || self.had_turn.len() >= living;
        if starts {
            self.round = self.round.saturating_add(1);
            self.had_turn.clear();
        }
        self.had_turn.insert(id.clone());
        starts
    }
}
