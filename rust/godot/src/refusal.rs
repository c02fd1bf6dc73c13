//! Core errors on their way to GDScript.
//!
//! A `#[func]` returns `Result<T, Refusal>`; on `Err`, GDScript receives a value it can check
//! instead of a failed call: an `Error` code for `Result<(), _>`, `-1` for counts, `null` for
//! objects and an empty array for arrays. Misuse of the API (a malformed value, an unknown id,
//! damaged data) is also written to Godot's error log, as `push_error` does, naming the method;
//! an ordinary refusal of play ("not your turn", "cannot afford") is not an error and leaves the
//! log alone: the object says why through its `get_last_refusal()` (and `GameRules` through its
//! `refused` signal), and prints it only when its `log_refusals` property asks for it.

use godot::global::Error;
use godot::meta::error::{CallOutcome, ErrorToGodot};
use godot::meta::{Element, ToGodot};
use godot::obj::{Gd, GodotClass};
use godot::prelude::{
    Array, GString, PackedByteArray, PackedInt64Array, VarDictionary, godot_error, godot_print,
    vdict,
};
use horizons_edge_core::{BagError, GameError, RulesError, SaveError, TurnError};

/// A refused call: which method refused, why, what kind of refusal it is, and the code GDScript
/// receives.
#[derive(Clone, Debug)]
pub struct Refusal {
    method: &'static str,
    reason: String,
    code: Error,
    /// A stable snake_case name ([`RulesError::kind`]).
    kind: &'static str,
    /// Whether the caller misused the API ([`RulesError::is_misuse`]) rather than asked for
    /// something the rules do not allow now.
    misuse: bool,
    /// Whether the misuse is already in the error log (a hook that broke its contract says so
    /// as it happens), so that [`Refusal::log`] does not write it twice.
    logged: bool,
}

impl Refusal {
    /// A refusal that does not come from the core (a Variant of the wrong type, a call back in
    /// from a hook): misuse of the API, of the given `kind`.
    pub fn new(
        method: &'static str,
        code: Error,
        kind: &'static str,
        reason: impl Into<String>,
    ) -> Refusal {
        Refusal {
            method,
            reason: reason.into(),
            code,
            kind,
            misuse: true,
            logged: false,
        }
    }

    /// A malformed argument (a Variant of the wrong type or shape): misuse,
    /// `ERR_INVALID_PARAMETER`, of kind `"invalid_argument"`.
    pub fn invalid_argument(method: &'static str, reason: impl Into<String>) -> Refusal {
        Refusal::new(
            method,
            Error::ERR_INVALID_PARAMETER,
            "invalid_argument",
            reason,
        )
    }

    /// The refusal of an action because a hook (the `action_validator` or the
    /// `reaction_provider`) broke its contract, as `reason` (already in the error log) says:
    /// the script's misuse, `ERR_INVALID_PARAMETER`, of kind `"hook_broken"`.
    pub fn hook_broken(method: &'static str, reason: String) -> Refusal {
        Refusal {
            logged: true,
            ..Refusal::new(method, Error::ERR_INVALID_PARAMETER, "hook_broken", reason)
        }
    }

    /// A refusal with the core's reason, kind and the matching code.
    pub fn from_rules(method: &'static str, error: RulesError) -> Refusal {
        Refusal {
            method,
            reason: error.to_string(),
            code: code_of(&error),
            kind: error.kind(),
            misuse: error.is_misuse(),
            logged: false,
        }
    }

    /// The reason, as logged.
    pub fn reason(&self) -> &str {
        &self.reason
    }

    /// The method that refused.
    pub fn method(&self) -> &'static str {
        self.method
    }

    /// The refusal's stable name.
    pub fn kind(&self) -> &'static str {
        self.kind
    }

    /// Logs misuse of the API to Godot's error log; a refusal of play is not an error.
    pub fn log(&self) {
        if self.misuse && !self.logged {
            godot_error!("{}: {}", self.method, self.reason);
        }
    }

    /// The refusal for GDScript: `code`, `method`, `kind`, `reason`, `misuse` and `player_id`
    /// (whose request it was, `-1` for none).
    pub fn to_dictionary(&self, player_id: i64) -> VarDictionary {
        vdict! {
            "code" => self.code,
            "method" => self.method,
            "kind" => self.kind,
            "reason" => &GString::from(&self.reason),
            "misuse" => self.misuse,
            "player_id" => player_id,
        }
    }
}

/// The newest refusal of an object's calls that change it, for its `get_last_refusal()`.
#[derive(Default)]
pub struct LastRefusal(Option<(i64, Refusal)>);

impl LastRefusal {
    /// Remembers `refusal` as the newest, of `player_id`'s request (`-1`: nobody's). With
    /// `log_refusals` (the object's property of that name), a refusal of play is printed to the
    /// output log (misuse is logged as an error regardless, see [`Refusal::log`]).
    pub fn set(&mut self, player_id: i64, refusal: &Refusal, log_refusals: bool) {
        if log_refusals && !refusal.misuse {
            godot_print!(
                "{} refused ({}): {}",
                refusal.method,
                refusal.kind,
                refusal.reason
            );
        }
        self.0 = Some((player_id, refusal.clone()));
    }

    /// Remembers the refusal in `result`, if it is one (see [`LastRefusal::set`]).
    pub fn note<T>(
        &mut self,
        player_id: i64,
        result: Result<T, Refusal>,
        log_refusals: bool,
    ) -> Result<T, Refusal> {
        if let Err(refusal) = &result {
            self.set(player_id, refusal, log_refusals);
        }
        result
    }

    /// The newest refusal as a Dictionary (see [`Refusal::to_dictionary`]); empty before any.
    pub fn to_dictionary(&self) -> VarDictionary {
        self.0
            .as_ref()
            .map_or_else(VarDictionary::new, |(player, refusal)| {
                refusal.to_dictionary(*player)
            })
    }
}

/// The Godot `Error` constant that best describes a core error.
fn code_of(error: &RulesError) -> Error {
    match error {
        RulesError::Input(_) | RulesError::Bag(BagError::Input(_)) => Error::ERR_INVALID_PARAMETER,
        RulesError::Bag(BagError::TooManyTokens { .. } | BagError::TooManyPlayers { .. }) => {
            Error::ERR_INVALID_PARAMETER
        }
        RulesError::Bag(BagError::UnknownPlayer { .. }) => Error::ERR_DOES_NOT_EXIST,
        RulesError::Bag(BagError::Empty | BagError::NoTokensLeft { .. }) => Error::ERR_UNAVAILABLE,
        RulesError::Bag(BagError::TokenIdsExhausted) => Error::ERR_OUT_OF_MEMORY,
        RulesError::Save(SaveError::Malformed(_) | SaveError::MalformedBinary(_)) => {
            Error::ERR_PARSE_ERROR
        }
        RulesError::Save(SaveError::WrongFormat { .. } | SaveError::UnsupportedVersion { .. }) => {
            Error::ERR_FILE_UNRECOGNIZED
        }
        RulesError::Save(SaveError::Inconsistent(_)) => Error::ERR_INVALID_DATA,
        RulesError::Game(error) => game_code_of(error),
        RulesError::Turn(error) => turn_code_of(error),
        RulesError::Internal(_) => Error::ERR_BUG,
    }
}

/// The Godot `Error` constant for a refused game command.
fn game_code_of(error: &GameError) -> Error {
    use GameError as G;
    match error {
        G::InvalidSetup(_)
        | G::InvalidConfig(_)
        | G::InvalidName(_)
        | G::HandIndexOutOfRange { .. }
        | G::InvalidTarget { .. }
        | G::ReactionWithoutTarget { .. }
        | G::WrongBottomCount { .. }
        | G::InvalidBottomIndex { .. }
        | G::TooDeep { .. } => Error::ERR_INVALID_PARAMETER,
        G::UnknownPlayer { .. }
        | G::UnknownCard { .. }
        | G::UnknownStructure { .. }
        | G::UnknownActionKind { .. } => Error::ERR_DOES_NOT_EXIST,
        G::NotStarted
        | G::Over
        | G::WrongPhase { .. }
        | G::Eliminated { .. }
        | G::NotActivePlayer { .. }
        | G::NoOpenActivation { .. }
        | G::ActivationOpen { .. }
        | G::AlreadyKept { .. }
        | G::NothingToDecide { .. }
        | G::NoEntropyDue { .. }
        | G::AwaitingEntropy { .. }
        | G::CannotUndo { .. } => Error::ERR_UNAVAILABLE,
        G::CommandAtMaximum { .. } | G::MulliganLimit { .. } | G::NoReserve { .. } => {
            Error::ERR_CANT_ACQUIRE_RESOURCE
        }
        G::CannotAfford { .. } => Error::ERR_UNAUTHORIZED,
        G::RejectedByGame { .. } => Error::FAILED,
        G::ReactionTooDeep { .. } | G::TooManyReactions { .. } => Error::ERR_CYCLIC_LINK,
        G::TooMuchInPlay { .. } => Error::ERR_CANT_CREATE,
    }
}

/// The Godot `Error` constant for a refused turn-order command.
fn turn_code_of(error: &TurnError) -> Error {
    match error {
        TurnError::UnknownUnit { .. }
        | TurnError::UnknownSkill { .. }
        | TurnError::UnknownStatus { .. }
        | TurnError::UnknownPlayer { .. }
        | TurnError::UnknownTrigger { .. }
        | TurnError::NoSeating => Error::ERR_DOES_NOT_EXIST,
        TurnError::DuplicateUnit { .. }
        | TurnError::DuplicateSkill { .. }
        | TurnError::DuplicateTrigger { .. } => Error::ERR_ALREADY_EXISTS,
        TurnError::OutOfRange { .. }
        | TurnError::EmptyName { .. }
        | TurnError::InvalidName { .. }
        | TurnError::InvalidSeating(_)
        | TurnError::ExchangeWithSelf { .. } => Error::ERR_INVALID_PARAMETER,
        TurnError::NoUnits
        | TurnError::Defeated { .. }
        | TurnError::NoActiveTurn
        | TurnError::NotActing { .. }
        | TurnError::NotEnoughActionPoints { .. }
        | TurnError::SkillOnCooldown { .. }
        | TurnError::ActionAlreadyTaken { .. }
        | TurnError::Eliminated { .. }
        | TurnError::NoLivingPlayers
        | TurnError::ExchangePending { .. } => Error::ERR_UNAVAILABLE,
        TurnError::NoShuffleStream => Error::ERR_UNCONFIGURED,
    }
}

/// Runs `body`, naming `method` in the log should it be refused.
pub fn refusing<T>(
    method: &'static str,
    body: impl FnOnce() -> Result<T, RulesError>,
) -> Result<T, Refusal> {
    body().map_err(|error| Refusal::from_rules(method, error))
}

/// `Result<(), Refusal>` reaches GDScript as `Error`: `OK`, or the refusal's code.
impl ErrorToGodot<()> for Refusal {
    type Mapped = Error;

    fn result_to_godot(result: Result<(), Self>) -> CallOutcome<Error> {
        CallOutcome::Return(match result {
            Ok(()) => Error::OK,
            Err(refusal) => {
                refusal.log();
                refusal.code
            }
        })
    }
}

/// `Result<$type, Refusal>` reaches GDScript as the value, or `$fallback` (the refusal logged).
macro_rules! value_or_fallback {
    ($($type:ty => $fallback:expr, $doc:literal;)*) => {$(
        #[doc = $doc]
        impl ErrorToGodot<$type> for Refusal {
            type Mapped = $type;

            fn result_to_godot(result: Result<$type, Self>) -> CallOutcome<$type> {
                CallOutcome::Return(result.unwrap_or_else(|refusal| {
                    refusal.log();
                    $fallback
                }))
            }
        }
    )*};
}

value_or_fallback! {
    i64 => -1, "`int` results: the value, or `-1`.";
    f64 => -1.0, "`float` results: the value, or `-1.0`.";
    bool => false, "`bool` results: the answer, or `false`.";
    PackedInt64Array => PackedInt64Array::new(), "Id lists: the array, or an empty one.";
    PackedByteArray => PackedByteArray::new(), "Byte arrays: the bytes, or none.";
    VarDictionary => VarDictionary::new(), "Dictionaries: the Dictionary, or an empty one.";
    GString => GString::new(), "Strings: the String, or an empty one.";
}

/// `Result<Gd<T>, Refusal>` reaches GDScript as the object, or `null`.
impl<T: GodotClass> ErrorToGodot<Gd<T>> for Refusal {
    type Mapped = Option<Gd<T>>;

    fn result_to_godot(result: Result<Gd<T>, Self>) -> CallOutcome<Option<Gd<T>>> {
        CallOutcome::Return(result.map_err(|refusal| refusal.log()).ok())
    }
}

/// `Result<Array<T>, Refusal>` reaches GDScript as the array, or an empty one.
impl<T: Element> ErrorToGodot<Array<T>> for Refusal
where
    Array<T>: ToGodot,
{
    type Mapped = Array<T>;

    fn result_to_godot(result: Result<Array<T>, Self>) -> CallOutcome<Array<T>> {
        CallOutcome::Return(result.unwrap_or_else(|refusal| {
            refusal.log();
            Array::new()
        }))
    }
}
