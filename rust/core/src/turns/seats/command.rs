//! What a seat order is asked to do, what it reports happened, and the beginning-of-turn triggers
//! it fires.

use serde::{Deserialize, Serialize};

use crate::ids::{PlayerId, TriggerId};
use crate::turns::SkipReason;
use crate::turns::TurnEvent;

/// Whose turns a beginning-of-turn trigger fires on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TriggerScope {
    /// Only its controller's turns.
    Controller,
    /// Only the turns of its controller's opponents.
    Opponents,
    /// Every player's turns.
    Everyone,
}

impl TriggerScope {
    /// Whether a trigger of this scope controlled by `controller` fires on `player`'s turn.
    pub fn fires(self, controller: PlayerId, player: PlayerId) -> bool {
        match self {
            TriggerScope::Controller => controller == player,
            TriggerScope::Opponents => controller != player,
            TriggerScope::Everyone => true,
        }
    }

    /// The scope's integer code: 0 controller, 1 opponents, 2 everyone.
    pub fn code(self) -> i64 {
        match self {
            TriggerScope::Controller => 0,
            TriggerScope::Opponents => 1,
            TriggerScope::Everyone => 2,
        }
    }

    /// The scope for an integer code from [`TriggerScope::code`], if it is one.
    pub fn from_code(code: i64) -> Option<TriggerScope> {
        match code {
            0 => Some(TriggerScope::Controller),
            1 => Some(TriggerScope::Opponents),
            2 => Some(TriggerScope::Everyone),
            _ => None,
        }
    }
}

/// Which of several pending extra turns is taken first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ExtraTurnOrder {
    /// The first granted first, as seed 004's queue (`push_back`, `pop_front`) takes them.
    #[default]
    FirstGranted,
    /// The latest granted first, as Magic's rule 500.7 orders them.
    LatestGranted,
}

impl ExtraTurnOrder {
    /// Whether this is [`ExtraTurnOrder::FirstGranted`], the default.
    pub fn is_first_granted(&self) -> bool {
        *self == ExtraTurnOrder::FirstGranted
    }

    /// The order's integer code: 0 first granted, 1 latest granted.
    pub fn code(self) -> i64 {
        match self {
            ExtraTurnOrder::FirstGranted => 0,
            ExtraTurnOrder::LatestGranted => 1,
        }
    }

    /// The order for an integer code from [`ExtraTurnOrder::code`], if it is one.
    pub fn from_code(code: i64) -> Option<ExtraTurnOrder> {
        match code {
            0 => Some(ExtraTurnOrder::FirstGranted),
            1 => Some(ExtraTurnOrder::LatestGranted),
            _ => None,
        }
    }
}

/// A registered beginning-of-turn trigger.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trigger {
    /// Its id, unique in the seat order.
    pub id: TriggerId,
    /// The player who controls it.
    pub controller: PlayerId,
    /// Whose turns it fires on.
    pub scope: TriggerScope,
}

/// A request to change the seat order. [`SeatOrder::apply`](super::SeatOrder::apply) validates it completely first; a
/// refused command changes nothing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "command", rename_all = "snake_case")]
pub enum SeatCommand {
    /// Ends the turn in progress, if any, and starts the next: a pending extra turn (in the
    /// [`ExtraTurnOrder`]), or else the next natural turn that is not skipped.
    NextTurn,
    /// Ends the turn in progress without starting another.
    EndTurn,
    /// Toggles the direction of play.
    Reverse,
    /// Adds one pending skip: the next natural turn will not be taken (at most
    /// [`MAX_PENDING_SKIPS`](super::MAX_PENDING_SKIPS) pending).
    SkipNext,
    /// Gives `player` an extra turn, taken before the next natural turn (at most
    /// [`MAX_PENDING_EXTRA_TURNS`](super::MAX_PENDING_EXTRA_TURNS) pending).
    GrantExtraTurn {
        /// Who.
        player: PlayerId,
    },
    /// Swaps the next natural turns of two players, once.
    Exchange {
        /// One player.
        first: PlayerId,
        /// The other.
        second: PlayerId,
    },
    /// Two living players trade seats for the rest of the game (seed 004's `ExchangeTurn`):
    /// play goes on from the latest natural turn's player, wherever their seat now is.
    SwapSeats {
        /// One player.
        first: PlayerId,
        /// The other.
        second: PlayerId,
    },
    /// Takes a player out of the game.
    Eliminate {
        /// Who.
        player: PlayerId,
    },
    /// Registers a beginning-of-turn trigger.
    AddTrigger(Trigger),
    /// Unregisters a beginning-of-turn trigger.
    RemoveTrigger {
        /// Its id.
        trigger: TriggerId,
    },
    /// Sets which of several pending extra turns is taken first, from the next turn on.
    SetExtraTurnOrder {
        /// The order.
        order: ExtraTurnOrder,
    },
    /// Deals the seats again in a random order from the seat order's stream (refused without
    /// one, see [`SeatOrder::with_shuffle_stream`](super::SeatOrder::with_shuffle_stream)); play goes on from the anchor player.
    Shuffle,
}

/// What happened, in order, as [`SeatOrder::apply`](super::SeatOrder::apply) returns it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum SeatEvent {
    /// A player's turn ended.
    TurnEnded {
        /// Whose.
        player: PlayerId,
    },
    /// A natural turn was used up by a pending skip.
    TurnSkipped {
        /// Who would have taken it.
        player: PlayerId,
        /// Why ([`SkipReason::Skipped`]).
        reason: SkipReason,
    },
    /// The turn passed from one player to another.
    TurnChanged(TurnEvent<PlayerId>),
    /// A player's turn started.
    TurnStarted {
        /// Whose.
        player: PlayerId,
        /// Whether it is an extra turn.
        extra: bool,
    },
    /// A beginning-of-turn trigger fired.
    TriggerFired {
        /// The trigger.
        trigger: TriggerId,
        /// Its controller.
        controller: PlayerId,
        /// Whose turn is beginning.
        player: PlayerId,
    },
    /// The direction of play changed.
    DirectionChanged {
        /// Whether play now goes counter-clockwise.
        reversed: bool,
    },
    /// A skip was added.
    SkipAdded {
        /// Skips now pending.
        pending: u32,
    },
    /// A player was granted an extra turn.
    ExtraTurnGranted {
        /// Who.
        player: PlayerId,
    },
    /// Two players' next natural turns were swapped.
    TurnsExchanged {
        /// One player.
        first: PlayerId,
        /// The other.
        second: PlayerId,
    },
    /// Two players traded seats.
    SeatsSwapped {
        /// One player.
        first: PlayerId,
        /// The other.
        second: PlayerId,
    },
    /// A player was eliminated.
    PlayerEliminated {
        /// Who.
        player: PlayerId,
    },
    /// A trigger was registered.
    TriggerAdded {
        /// Its id.
        trigger: TriggerId,
    },
    /// A trigger was unregistered (explicitly, or with its eliminated controller).
    TriggerRemoved {
        /// Its id.
        trigger: TriggerId,
    },
    /// The order of pending extra turns was set.
    ExtraTurnOrderSet {
        /// The order.
        order: ExtraTurnOrder,
    },
    /// The seats were dealt again.
    SeatsShuffled {
        /// The new seating, clockwise, eliminated players included.
        order: Vec<PlayerId>,
    },
}
