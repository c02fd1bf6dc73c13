//! What kind of refusal an error is, for programs rather than people: a stable snake_case name
//! for each ([`RulesError::kind`]), and whether it means the caller misused the API or the rules
//! said no ([`RulesError::is_misuse`]).
//!
//! A front end reports misuse — a malformed or out-of-range value, an unknown id or name, damaged
//! data, a bug — as an error for the programmer. Everything else is an ordinary refusal of play
//! ("not your turn", "cannot afford", "already kept"): a value for the game to show the player,
//! not an error.

use super::{BagError, GameError, InputError, RulesError, SaveError, TurnError};

impl RulesError {
    /// A stable snake_case name for what went wrong: `"not_active_player"`, `"cannot_afford"`,
    /// `"wrong_phase"`, ... Names never change meaning; new ones may be added.
    pub fn kind(&self) -> &'static str {
        match self {
            RulesError::Input(error) => error.kind(),
            RulesError::Bag(error) => error.kind(),
            RulesError::Save(error) => error.kind(),
            RulesError::Game(error) => error.kind(),
            RulesError::Turn(error) => error.kind(),
            RulesError::Internal(_) => "internal",
        }
    }

    /// Whether the caller broke the API's contract — a malformed or out-of-range value, an
    /// unknown id or name, damaged data, a bug — rather than asked for something the rules do
    /// not allow now.
    pub fn is_misuse(&self) -> bool {
        match self {
            RulesError::Input(_) | RulesError::Save(_) | RulesError::Internal(_) => true,
            RulesError::Bag(error) => error.is_misuse(),
            RulesError::Game(error) => error.is_misuse(),
            RulesError::Turn(error) => error.is_misuse(),
        }
    }
}

impl InputError {
    /// See [`RulesError::kind`].
    pub fn kind(&self) -> &'static str {
        match self {
            InputError::PlayerIdOutOfRange { .. } | InputError::IdOutOfRange { .. } => {
                "id_out_of_range"
            }
            InputError::CountOutOfRange { .. } => "out_of_range",
        }
    }
}

impl BagError {
    /// See [`RulesError::kind`].
    pub fn kind(&self) -> &'static str {
        match self {
            BagError::Input(error) => error.kind(),
            BagError::TooManyTokens { .. } => "too_many_tokens",
            BagError::TooManyPlayers { .. } => "too_many_players",
            BagError::UnknownPlayer { .. } => "unknown_player",
            BagError::NoTokensLeft { .. } => "no_tokens_left",
            BagError::Empty => "bag_empty",
            BagError::TokenIdsExhausted => "token_ids_exhausted",
        }
    }

    /// See [`RulesError::is_misuse`]: drawing from an empty bag, or for a player with no token
    /// left, is a refusal of play; everything else is misuse.
    pub fn is_misuse(&self) -> bool {
        !matches!(self, BagError::Empty | BagError::NoTokensLeft { .. })
    }
}

impl SaveError {
    /// See [`RulesError::kind`].
    pub fn kind(&self) -> &'static str {
        match self {
            SaveError::Malformed(_) | SaveError::MalformedBinary(_) => "malformed_save",
            SaveError::WrongFormat { .. } => "wrong_format",
            SaveError::UnsupportedVersion { .. } => "unsupported_version",
            SaveError::Inconsistent(_) => "inconsistent_save",
        }
    }
}

impl GameError {
    /// See [`RulesError::kind`].
    pub fn kind(&self) -> &'static str {
        use GameError as G;
        match self {
            G::InvalidSetup(_) => "invalid_setup",
            G::InvalidConfig(_) => "invalid_config",
            G::InvalidName(_) => "invalid_name",
            G::NotStarted => "not_started",
            G::Over => "game_over",
            G::WrongPhase { .. } => "wrong_phase",
            G::UnknownPlayer { .. } => "unknown_player",
            G::Eliminated { .. } => "eliminated",
            G::NotActivePlayer { .. } => "not_active_player",
            G::NoOpenActivation { .. } => "already_acted",
            G::ActivationOpen { .. } => "activation_open",
            G::HandIndexOutOfRange { .. } => "hand_index_out_of_range",
            G::UnknownCard { .. } => "unknown_card",
            G::UnknownStructure { .. } => "unknown_structure",
            G::UnknownActionKind { .. } => "unknown_action_kind",
            G::CommandAtMaximum { .. } => "top_tier",
            G::NoReserve { .. } => "no_reserve",
            G::CannotAfford { .. } => "cannot_afford",
            G::RejectedByGame { .. } => "rejected_by_game",
            G::TooDeep { .. } => "too_deep",
            G::InvalidTarget { .. } => "invalid_target",
            G::ReactionWithoutTarget { .. } => "reaction_without_target",
            G::ReactionTooDeep { .. } => "reaction_too_deep",
            G::TooManyReactions { .. } => "too_many_reactions",
            G::TooMuchInPlay { .. } => "too_much_in_play",
            G::AlreadyKept { .. } => "already_kept",
            G::MulliganLimit { .. } => "mulligan_limit",
            G::WrongBottomCount { .. } => "wrong_bottom_count",
            G::InvalidBottomIndex { .. } => "invalid_bottom_index",
            G::CannotUndo { .. } => "cannot_undo",
            G::NothingToDecide { .. } => "nothing_to_decide",
            G::AwaitingEntropy { .. } => "awaiting_entropy",
            G::NoEntropyDue { .. } => "no_entropy_due",
        }
    }

    /// See [`RulesError::is_misuse`]: a bad setup or config, an unknown id or name, an index
    /// outside the hand, game data nested too deep, a reaction aimed at nothing in play or a
    /// runaway reaction chain (a rule or hook that loops).
    pub fn is_misuse(&self) -> bool {
        use GameError as G;
        matches!(
            self,
            G::InvalidSetup(_)
                | G::InvalidConfig(_)
                | G::InvalidName(_)
                | G::UnknownPlayer { .. }
                | G::HandIndexOutOfRange { .. }
                | G::UnknownCard { .. }
                | G::UnknownStructure { .. }
                | G::UnknownActionKind { .. }
                | G::TooDeep { .. }
                | G::InvalidBottomIndex { .. }
                | G::ReactionWithoutTarget { .. }
                | G::ReactionTooDeep { .. }
                | G::TooManyReactions { .. }
        )
    }
}

impl TurnError {
    /// See [`RulesError::kind`].
    pub fn kind(&self) -> &'static str {
        use TurnError as T;
        match self {
            T::UnknownUnit { .. } => "unknown_unit",
            T::DuplicateUnit { .. } => "duplicate_unit",
            T::OutOfRange { .. } => "out_of_range",
            T::NoUnits => "no_units",
            T::NoActiveTurn => "no_active_turn",
            T::NoShuffleStream => "no_shuffle_stream",
            T::NotActing { .. } => "not_acting",
            T::NotEnoughActionPoints { .. } => "not_enough_action_points",
            T::UnknownSkill { .. } => "unknown_skill",
            T::DuplicateSkill { .. } => "duplicate_skill",
            T::SkillOnCooldown { .. } => "skill_on_cooldown",
            T::ActionAlreadyTaken { .. } => "action_already_taken",
            T::EmptyName { .. } => "empty_name",
            T::Defeated { .. } => "defeated",
            T::InvalidName { .. } => "invalid_name",
            T::UnknownStatus { .. } => "unknown_status",
            T::InvalidSeating(_) => "invalid_seating",
            T::NoSeating => "no_seating",
            T::UnknownPlayer { .. } => "unknown_player",
            T::Eliminated { .. } => "eliminated",
            T::NoLivingPlayers => "no_living_players",
            T::ExchangeWithSelf { .. } => "exchange_with_self",
            T::ExchangePending { .. } => "exchange_pending",
            T::DuplicateTrigger { .. } => "duplicate_trigger",
            T::UnknownTrigger { .. } => "unknown_trigger",
        }
    }

    /// See [`RulesError::is_misuse`]: turns with nobody to take them, out of turn, without the
    /// points or with the skill cooling down, a unit that was defeated, a status the unit does
    /// not have (it ran out, say), a turn trigger that is gone (its player was eliminated) are
    /// refusals of play; the rest is misuse.
    pub fn is_misuse(&self) -> bool {
        use TurnError as T;
        !matches!(
            self,
            T::NoUnits
                | T::Defeated { .. }
                | T::UnknownStatus { .. }
                | T::UnknownTrigger { .. }
                | T::NoActiveTurn
                | T::NotActing { .. }
                | T::NotEnoughActionPoints { .. }
                | T::SkillOnCooldown { .. }
                | T::ActionAlreadyTaken { .. }
                | T::Eliminated { .. }
                | T::NoLivingPlayers
                | T::ExchangePending { .. }
        )
    }
}
