//! Every way the core can refuse a request. Each message names the problem so that the Godot layer
//! can log it as is; none of these is ever a panic.

mod kind;

use std::ops::RangeInclusive;

use serde::Deserialize;
use thiserror::Error;

pub use crate::ids::InputError;
use crate::ids::{CardId, PlayerId, TriggerId, UnitId};

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
        "player {player} would have {total} tokens in the bag this round; the limit is {limit}"
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

/// A saved state that cannot be loaded. Loading never changes the current state when it fails.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SaveError {
    /// Not JSON, truncated, or JSON of the wrong shape.
    #[error("the save is not valid JSON of the expected shape: {0}")]
    Malformed(String),
    /// JSON for something else (another format tag).
    #[error("the save is a \"{found}\" file, expected \"{expected}\"")]
    WrongFormat {
        /// The tag the loader expects.
        expected: &'static str,
        /// The tag found in the file.
        found: String,
    },
    /// A format version this build does not read.
    #[error("save format version {found} is not supported (this build reads {})", versions(*.oldest, *.supported))]
    UnsupportedVersion {
        /// The version found in the file.
        found: u32,
        /// The oldest version this build still reads.
        oldest: u32,
        /// The version this build writes (and the newest it reads).
        supported: u32,
    },
    /// Well-formed JSON whose contents contradict each other (tampered with or damaged).
    #[error("the save is inconsistent: {0}")]
    Inconsistent(String),
}

impl SaveError {
    /// Reads a JSON save as `T` and checks its header (`header` gives its `format` tag and
    /// `version`) as [`SaveError::check_header`] does. When the save does not parse, its tag and
    /// version are read alone: another kind of file, or a version this build does not read (a
    /// later build's save may well hold fields this one does not know), is named as such rather
    /// than as malformed JSON.
    pub(crate) fn read_json<'a, T: Deserialize<'a>>(
        json: &'a str,
        expected: &'static str,
        supported: RangeInclusive<u32>,
        header: fn(&T) -> (&str, u32),
    ) -> Result<T, SaveError> {
        let save: T = serde_json::from_str(json).map_err(|error| {
            SaveError::from(error).or_header(
                serde_json::from_str(json).ok(),
                expected,
                supported.clone(),
            )
        })?;
        let (format, version) = header(&save);
        Self::check_header(format, expected, version, supported)?;
        Ok(save)
    }

    /// This error, or, when `header` (read alone from a save that did not load) names another
    /// kind of file or a version this build does not read, that.
    pub(crate) fn or_header(
        self,
        header: Option<SaveHeader>,
        expected: &'static str,
        supported: RangeInclusive<u32>,
    ) -> SaveError {
        header
            .and_then(|header| {
                Self::check_header(&header.format, expected, header.version, supported).err()
            })
            .unwrap_or(self)
    }

    /// Checks a save's `format` tag and `version` against what the loader reads: `supported`,
    /// from the oldest version it still reads to the one it writes.
    pub(crate) fn check_header(
        format: &str,
        expected: &'static str,
        version: u32,
        supported: RangeInclusive<u32>,
    ) -> Result<(), SaveError> {
        if format != expected {
            return Err(SaveError::WrongFormat {
                expected,
                found: format.to_owned(),
            });
        }
        if !supported.contains(&version) {
            return Err(SaveError::UnsupportedVersion {
                found: version,
                oldest: *supported.start(),
                supported: *supported.end(),
            });
        }
        Ok(())
    }
}

/// What every save opens with, read alone (the rest ignored) to say why a save did not load.
#[derive(Deserialize)]
pub(crate) struct SaveHeader {
    format: String,
    version: u32,
}

/// "version 2", or "versions 1 to 2".
fn versions(oldest: u32, newest: u32) -> String {
    if oldest == newest {
        format!("version {newest}")
    } else {
        format!("versions {oldest} to {newest}")
    }
}

impl From<serde_json::Error> for SaveError {
    /// The error, and for a whole number read as a decimal (`2.0` where a count belongs) what
    /// must have happened: a JSON parser that reads every number as a float (Godot's
    /// `JSON.parse_string` does) had the save and wrote it again, which also rounds numbers
    /// past 2^53 (seeds, random streams) beyond repair.
    fn from(error: serde_json::Error) -> Self {
        let mut reason = error.to_string();
        if reason.starts_with("invalid type: floating point") {
            reason.push_str(
                " (a whole number read as a decimal: the save went through a JSON parser that \
                 reads every number as a float, as Godot's JSON.parse_string does; keep a save as \
                 the text it was written as, e.g. a String inside your own save)",
            );
        }
        SaveError::Malformed(reason)
    }
}
