//! Refusals of the turn orders: charge initiative and seat order.

use thiserror::Error;

use crate::ids::{PlayerId, TriggerId, UnitId};

/// A turn-order command that cannot be carried out: charge initiative
/// ([`crate::turns::initiative`]) or seat order ([`crate::turns::seats`]). The turn order is
/// unchanged when one is returned.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TurnError {
    /// A unit id that is not in the race.
    #[error("unit {unit} is not in the turn order")]
    UnknownUnit {
        /// The id given.
        unit: UnitId,
    },
    /// A unit that left the race defeated (at 0 health, from a status effect).
    #[error("unit {unit} was defeated and is out of the turn order")]
    Defeated {
        /// The unit.
        unit: UnitId,
    },
    /// A unit id that is already in the race.
    #[error("unit {unit} is already in the turn order")]
    DuplicateUnit {
        /// The id given.
        unit: UnitId,
    },
    /// A unit's speed, charge or health, or an amount, outside the range the rules accept.
    #[error("{what} must be between {min} and {max}, got {value}")]
    OutOfRange {
        /// What the value is, e.g. "speed".
        what: &'static str,
        /// The value given.
        value: u64,
        /// The smallest accepted value.
        min: u64,
        /// The largest accepted value.
        max: u64,
    },
    /// A turn was asked for with no unit in the race.
    #[error("there are no units in the turn order: nobody can take a turn")]
    NoUnits,
    /// An end of turn with no turn in progress.
    #[error("no turn is in progress")]
    NoActiveTurn,
    /// A shuffle of a seat order built without a stream to shuffle from.
    #[error("this seat order has no random stream to shuffle the seats with")]
    NoShuffleStream,
    /// Something only the acting unit may do, by another unit.
    #[error("unit {unit} is not acting ({})", match active {
        Some(active) => format!("it is unit {active}'s turn"),
        None => "no unit is acting".to_owned(),
    })]
    NotActing {
        /// The unit given.
        unit: UnitId,
        /// The acting unit, if any.
        active: Option<UnitId>,
    },
    /// A cost in action points the unit cannot pay.
    #[error("unit {unit} has {available} action points; {cost} are needed")]
    NotEnoughActionPoints {
        /// The unit.
        unit: UnitId,
        /// What was asked for.
        cost: u32,
        /// What it has.
        available: u32,
    },
    /// A skill the unit does not have.
    #[error("unit {unit} has no skill called \"{skill}\"")]
    UnknownSkill {
        /// The unit.
        unit: UnitId,
        /// The name given.
        skill: String,
    },
    /// A second skill of the same name on one unit.
    #[error("unit {unit} already has a skill called \"{skill}\"")]
    DuplicateSkill {
        /// The unit.
        unit: UnitId,
        /// The name given.
        skill: String,
    },
    /// A skill still cooling down.
    #[error("unit {unit}'s skill \"{skill}\" is cooling down ({turns} more turns)")]
    SkillOnCooldown {
        /// The unit.
        unit: UnitId,
        /// The skill.
        skill: String,
        /// Turns until it is ready.
        turns: u32,
    },
    /// An action kind (move, attack, standard action) already taken this turn.
    #[error("unit {unit} has already {action} this turn")]
    ActionAlreadyTaken {
        /// The unit.
        unit: UnitId,
        /// The action, as a past-tense phrase ("moved").
        action: &'static str,
    },
    /// An empty name for a skill or a status effect.
    #[error("a {what} needs a non-empty name")]
    EmptyName {
        /// "skill" or "status effect".
        what: &'static str,
    },
    /// A name for a skill or a status effect that no player could be given (see
    /// [`crate::ids::name_problem`]).
    #[error("invalid {what} name: {reason}")]
    InvalidName {
        /// "skill" or "status effect".
        what: &'static str,
        /// What is wrong with it.
        reason: String,
    },
    /// A status effect the unit does not have.
    #[error("unit {unit} has no status effect called \"{status}\"")]
    UnknownStatus {
        /// The unit.
        unit: UnitId,
        /// The name given.
        status: String,
    },
    /// A seat order with no seats, too many, or a player seated twice.
    #[error("invalid seating: {0}")]
    InvalidSeating(String),
    /// A seat-order command before any seating was set up.
    #[error("no seating has been set up")]
    NoSeating,
    /// A player who is not seated.
    #[error("player {player} is not seated")]
    UnknownPlayer {
        /// The id given.
        player: PlayerId,
    },
    /// A player who has been eliminated.
    #[error("player {player} has been eliminated")]
    Eliminated {
        /// The id given.
        player: PlayerId,
    },
    /// A turn was asked for with every player eliminated.
    #[error("every player has been eliminated: nobody can take a turn")]
    NoLivingPlayers,
    /// An exchange of a player's turn with their own.
    #[error("player {player} cannot exchange turns or seats with themselves")]
    ExchangeWithSelf {
        /// The player.
        player: PlayerId,
    },
    /// An exchange involving a player whose next turn is already exchanged.
    #[error("player {player}'s next turn is already exchanged")]
    ExchangePending {
        /// The player.
        player: PlayerId,
    },
    /// A trigger id that is already registered.
    #[error("trigger {trigger} is already registered")]
    DuplicateTrigger {
        /// The id given.
        trigger: TriggerId,
    },
    /// A trigger id that is not registered.
    #[error("trigger {trigger} is not registered")]
    UnknownTrigger {
        /// The id given.
        trigger: TriggerId,
    },
}
