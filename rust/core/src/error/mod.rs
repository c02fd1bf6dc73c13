//! Every way the core can refuse a request. Each message names the problem so that the Godot layer
//! can log it as is; none of these is ever a panic.

mod kind;
mod save;
mod turn;

use thiserror::Error;

pub use crate::ids::InputError;
use crate::ids::{CardId, PlayerId};
pub use save::SaveError;
pub(crate) use save::SaveHeader;
pub use turn::TurnError;

/// Any refusal from the core: what every fallible entry point of the rules returns.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RulesError {
    /// The caller's raw input did not parse.
    #[error(transparent)]
    Input(#[from] InputError),
    /// A bag operation was refused.
    #[error(transparent)]
    Bag(#[from] BagError),
    /// A save could not be loaded.
    #[error(transparent)]
    Save(#[from] SaveError),
    /// A game command was refused.
    #[error(transparent)]
    Game(#[from] GameError),
    /// A turn-order command (charge initiative or seat order) was refused.
    #[error(transparent)]
    Turn(#[from] TurnError),
    /// Something panicked while the command ran (a game hook, or a bug in the rules); the panic
    /// was caught and the command refused, so nothing changed.
    #[error("internal error, the command was refused and nothing changed: {0}")]
    Internal(String),
}

/// A bag operation that cannot be carried out. The bag is unchanged when one is returned.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BagError {
    /// The caller's raw input did not parse.
    #[error(transparent)]
    Input(#[from] InputError),
    /// Adding would give one player more tokens this round than the bag allows.
    #[error(
        "player {player} would have put {total} tokens into the bag this round (removed ones \
         count); the limit is {limit} a round"
    )]
    TooManyTokens {
        /// The player being added to.
        player: PlayerId,
        /// Their contribution this round after the addition.
        total: u32,
        /// [`crate::bag::MAX_TOKENS_PER_PLAYER`].
        limit: u32,
    },
    /// A ninth distinct player.
    #[error("the bag already holds tokens of {limit} players; player {player} cannot join")]
    TooManyPlayers {
        /// The player who does not fit.
        player: PlayerId,
        /// [`crate::bag::MAX_PLAYERS`].
        limit: usize,
    },
    /// A player who has put no tokens into the bag this round.
    #[error("player {player} has no tokens in this bag")]
    UnknownPlayer {
        /// The id asked about.
        player: PlayerId,
    },
    /// A draw for a player whose tokens have all been drawn or removed.
    #[error("player {player} has no tokens left in the bag")]
    NoTokensLeft {
        /// Who.
        player: PlayerId,
    },
    /// A draw from a bag with no tokens left.
    #[error("the bag is empty: no token to draw")]
    Empty,
    /// The bag has handed out every token id it can number.
    #[error("the bag has run out of token ids")]
    TokenIdsExhausted,
}

/// A game command that cannot be carried out. The game is unchanged when one is returned.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GameError {
    /// The players or config given at setup.
    #[error("invalid setup: {0}")]
    InvalidSetup(String),
    /// The config contradicts itself.
    #[error("invalid config: {0}")]
    InvalidConfig(String),
    /// A display name that cannot be shown.
    #[error("invalid name: {0}")]
    InvalidName(String),
    /// A command that needs a running game, before `start_game`.
    #[error("the game has not started")]
    NotStarted,
    /// A command after the game ended.
    #[error("the game is over")]
    Over,
    /// A command that belongs to another phase.
    #[error("{command} is only possible during {expected}; the game is in {actual}")]
    WrongPhase {
        /// The refused command.
        command: &'static str,
        /// The phase it needs.
        expected: &'static str,
        /// The phase the game is in.
        actual: &'static str,
    },
    /// A player id that is not seated.
    #[error("player {player} is not in this game")]
    UnknownPlayer {
        /// The id given.
        player: PlayerId,
    },
    /// A player who is out of the game.
    #[error("player {player} has been eliminated")]
    Eliminated {
        /// The id given.
        player: PlayerId,
    },
    /// An action by someone whose token was not drawn.
    #[error("player {player} is not the active player ({})", match active {
        Some(active) => format!("player {active} is"),
        None => "the next token has not been drawn yet".to_owned(),
    })]
    NotActivePlayer {
        /// Who tried.
        player: PlayerId,
        /// Who is active, if anyone.
        active: Option<PlayerId>,
    },
    /// A second action on one token.
    #[error("player {player} has already acted on their token; the next token must be drawn")]
    NoOpenActivation {
        /// Who tried.
        player: PlayerId,
    },
    /// A draw while the active player still has their action.
    #[error("player {player} has not acted on their token yet")]
    ActivationOpen {
        /// The active player.
        player: PlayerId,
    },
    /// A hand index past the end of the hand.
    #[error("player {player} has {hand_size} cards in hand; there is no card at index {index}")]
    HandIndexOutOfRange {
        /// Whose hand.
        player: PlayerId,
        /// The index given.
        index: u32,
        /// Cards in hand.
        hand_size: usize,
    },
    /// A card id missing from the config's catalog.
    #[error("card {card} is not in the card catalog")]
    UnknownCard {
        /// The id.
        card: CardId,
    },
    /// A structure missing from the config's catalog.
    #[error("there is no structure called \"{name}\"")]
    UnknownStructure {
        /// The name given.
        name: String,
    },
    /// An action kind missing from the config's catalog.
    #[error("there is no action kind called \"{kind}\"")]
    UnknownActionKind {
        /// The name given.
        kind: String,
    },
    /// A reserve token asked for that the player does not hold, or one the bag has no room for.
    #[error("player {player} has no reserve token to put in: {reason}")]
    NoReserve {
        /// Who.
        player: PlayerId,
        /// Why not.
        reason: &'static str,
    },
    /// An upgrade past the highest command tier.
    #[error("player {player} is already at the highest command tier ({tokens} tokens)")]
    CommandAtMaximum {
        /// Who.
        player: PlayerId,
        /// Their tokens per round.
        tokens: u32,
    },
    /// A price the player cannot pay.
    #[error(
        "player {player} cannot afford {action}: it costs {energy_cost} energy and \
         {resources_cost} resources, they have {energy} energy and {resources} resources"
    )]
    CannotAfford {
        /// Who.
        player: PlayerId,
        /// The action's kind.
        action: String,
        /// Its price in energy.
        energy_cost: u32,
        /// Its price in resources.
        resources_cost: u32,
        /// The player's energy.
        energy: u32,
        /// The player's resources.
        resources: u32,
    },
    /// The game's own validator said no.
    #[error("the game rejected the action: {reason}")]
    RejectedByGame {
        /// The validator's reason.
        reason: String,
    },
    /// Game data (an action's or a reaction's context) nested deeper than the rules accept:
    /// everything the rules accept must save and load back.
    #[error("{what} nests deeper than {limit} levels")]
    TooDeep {
        /// What is nested too deep, e.g. "the action's context".
        what: &'static str,
        /// [`crate::game::command::MAX_CONTEXT_DEPTH`].
        limit: usize,
    },
    /// An effect's target that is not an object in play.
    #[error("target {target} is not an object in play")]
    InvalidTarget {
        /// The target as given.
        target: String,
    },
    /// A reaction the reaction provider aimed (its context's `target`) at no object in play when
    /// it chose it: the game's mistake. One whose target leaves play before it resolves is
    /// skipped instead ([`crate::Event::ReactionSkipped`]).
    #[error(
        "{chosen_by} chose a reaction aimed at target {target}, which is not an object in play"
    )]
    ReactionWithoutTarget {
        /// What chose it: `the reaction_provider`.
        chosen_by: String,
        /// The target as given.
        target: String,
    },
    /// A reaction chain deeper than the config allows: a config rule or the reaction provider
    /// that answers its own trigger, or a chain of them that loops (the game's mistake).
    #[error(
        "reactions nest deeper than the limit of {limit}: {chosen_by} went past it (a rule or hook \
         that answers its own trigger, or a chain of them, loops)"
    )]
    ReactionTooDeep {
        /// `max_reaction_depth`.
        limit: u32,
        /// What chose the reaction past the limit: `reaction rule "<name>"` or `the
        /// reaction_provider`.
        chosen_by: String,
    },
    /// More reactions to one action than the config allows (the game's mistake, as above).
    #[error("more than {limit} reactions to one action: {chosen_by} went past it")]
    TooManyReactions {
        /// `max_reactions_per_activation`.
        limit: u32,
        /// What chose the reaction past the limit, as for [`GameError::ReactionTooDeep`].
        chosen_by: String,
    },
    /// An action that would put more objects or continuous effects into play than a game holds
    /// ([`crate::game::effects::MAX_OBJECTS`], [`crate::game::effects::MAX_EFFECTS`]): a
    /// runaway rule, refused before it can make every later action slow.
    #[error("more than {limit} {what} in play")]
    TooMuchInPlay {
        /// "objects" or "continuous effects".
        what: &'static str,
        /// The limit.
        limit: usize,
    },
    /// A mulligan decision from a player who already kept.
    #[error("player {player} has already kept their hand")]
    AlreadyKept {
        /// Who.
        player: PlayerId,
    },
    /// A mulligan that would leave no cards to keep.
    #[error("player {player} cannot mulligan again: no cards would be left to keep")]
    MulliganLimit {
        /// Who.
        player: PlayerId,
    },
    /// The wrong number of cards to put on the bottom when keeping.
    #[error("player {player} must put exactly {expected} cards on the bottom, not {given}")]
    WrongBottomCount {
        /// Who.
        player: PlayerId,
        /// Mulligans that count.
        expected: u32,
        /// Cards given.
        given: usize,
    },
    /// A hand index to put on the bottom that is out of range or repeated.
    #[error(
        "player {player} cannot put hand index {index} on the bottom (out of range or repeated)"
    )]
    InvalidBottomIndex {
        /// Who.
        player: PlayerId,
        /// The index given.
        index: u32,
    },
    /// An undo with nothing that may be undone.
    #[error("nothing to undo: {reason}")]
    CannotUndo {
        /// Why.
        reason: &'static str,
    },
    /// A bot asked to decide for a player with nothing to decide.
    #[error("player {player} has no decision to make now")]
    NothingToDecide {
        /// Who.
        player: PlayerId,
    },
    /// A draw before every living player added their nonce to the round's shuffle.
    #[error("the round waits for player {player}'s nonce before its first draw")]
    AwaitingEntropy {
        /// The first player still to add one.
        player: PlayerId,
    },
    /// A nonce from a player who owes none now (already given, or no round waiting for one).
    #[error("player {player} has no nonce to add now")]
    NoEntropyDue {
        /// Who.
        player: PlayerId,
    },
}
