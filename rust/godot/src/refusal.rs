//! Core errors on their way to GDScript.
//!
//! A `#[func]` returns `Result<T, Refusal>`; on `Err`, the message is written to Godot's error log
//! (as `push_error` does, naming the method) and GDScript receives a value it can check instead of
//! a failed call: an `Error` code for `Result<(), _>`, `-1` for counts, `null` for objects and an
//! empty array for arrays.

use godot::global::Error;
use godot::meta::error::{CallOutcome, ErrorToGodot};
use godot::meta::{Element, ToGodot};
use godot::obj::{Gd, GodotClass};
use godot::prelude::{Array, GString, VarDictionary, godot_error};
use horizons_edge_core::{BagError, GameError, RulesError, SaveError};

/// A refused call: which method refused, why, and the code GDScript receives.
pub struct Refusal {
    method: &'static str,
    reason: String,
    code: Error,
}

impl Refusal {
    /// A refusal that does not come from the core (e.g. a Variant of the wrong type).
    pub fn new(method: &'static str, code: Error, reason: impl Into<String>) -> Refusal {
        Refusal {
            method,
            reason: reason.into(),
            code,
        }
    }

    /// A refusal with the core's reason and the matching code.
    pub fn from_rules(method: &'static str, error: RulesError) -> Refusal {
        Refusal::new(method, code_of(&error), error.to_string())
    }

    /// The reason, as logged.
    pub fn reason(&self) -> &str {
        &self.reason
    }

    /// Logs the refusal to Godot's error log.
    pub fn log(&self) {
        godot_error!("{}: {}", self.method, self.reason);
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
        RulesError::Bag(BagError::Empty) => Error::ERR_UNAVAILABLE,
        RulesError::Bag(BagError::TokenIdsExhausted) => Error::ERR_OUT_OF_MEMORY,
        RulesError::Save(SaveError::Malformed(_)) => Error::ERR_PARSE_ERROR,
        RulesError::Save(SaveError::WrongFormat { .. } | SaveError::UnsupportedVersion { .. }) => {
            Error::ERR_FILE_UNRECOGNIZED
        }
        RulesError::Save(SaveError::Inconsistent(_)) => Error::ERR_INVALID_DATA,
        RulesError::Game(error) => game_code_of(error),
    }
}

/// The Godot `Error` constant for a refused game command.
fn game_code_of(error: &GameError) -> Error {
    use GameError as G;
    match error {
        G::InvalidSetup(_)
        | G::InvalidConfig(_)
        | G::HandIndexOutOfRange { .. }
        | G::InvalidTarget { .. }
        | G::WrongBottomCount { .. }
        | G::InvalidBottomIndex { .. } => Error::ERR_INVALID_PARAMETER,
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
        | G::NothingToDecide { .. } => Error::ERR_UNAVAILABLE,
        G::CommandAtMaximum { .. } | G::MulliganLimit { .. } => Error::ERR_CANT_ACQUIRE_RESOURCE,
        G::CannotAfford { .. } => Error::ERR_UNAUTHORIZED,
        G::RejectedByGame { .. } => Error::FAILED,
        G::ReactionTooDeep { .. } | G::TooManyReactions { .. } => Error::ERR_CYCLIC_LINK,
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

/// `Result<i64, Refusal>` reaches GDScript as `int`: the count, or `-1`.
impl ErrorToGodot<i64> for Refusal {
    type Mapped = i64;

    fn result_to_godot(result: Result<i64, Self>) -> CallOutcome<i64> {
        CallOutcome::Return(result.unwrap_or_else(|refusal| {
            refusal.log();
            -1
        }))
    }
}

/// `Result<Gd<T>, Refusal>` reaches GDScript as the object, or `null`.
impl<T: GodotClass> ErrorToGodot<Gd<T>> for Refusal {
    type Mapped = Option<Gd<T>>;

    fn result_to_godot(result: Result<Gd<T>, Self>) -> CallOutcome<Option<Gd<T>>> {
        CallOutcome::Return(result.map_err(|refusal| refusal.log()).ok())
    }
}

/// `Result<VarDictionary, Refusal>` reaches GDScript as the Dictionary, or an empty one.
impl ErrorToGodot<VarDictionary> for Refusal {
    type Mapped = VarDictionary;

    fn result_to_godot(result: Result<VarDictionary, Self>) -> CallOutcome<VarDictionary> {
        CallOutcome::Return(result.unwrap_or_else(|refusal| {
            refusal.log();
            VarDictionary::new()
        }))
    }
}

/// `Result<GString, Refusal>` reaches GDScript as the String, or an empty one.
impl ErrorToGodot<GString> for Refusal {
    type Mapped = GString;

    fn result_to_godot(result: Result<GString, Self>) -> CallOutcome<GString> {
        CallOutcome::Return(result.unwrap_or_else(|refusal| {
            refusal.log();
            GString::new()
        }))
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
