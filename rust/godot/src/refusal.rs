//! Core errors on their way to GDScript.
//!
//! A `#[func]` returns `Result<T, Refusal>`; on `Err`, the message is written to Godot's error log
//! (as `push_error` does, naming the method) and GDScript receives a value it can check instead of
//! a failed call: an `Error` code for `Result<(), _>`, `-1` for counts, `false` for questions,
//! `null` for objects and an empty array for arrays.

use godot::global::Error;
use godot::meta::error::{CallOutcome, ErrorToGodot};
use godot::meta::{Element, ToGodot};
use godot::obj::{Gd, GodotClass};
use godot::prelude::{Array, PackedInt64Array, godot_error};
use horizons_edge_core::{BagError, RulesError, SaveError, TurnError};

/// A refused call: which method refused, and the core's reason.
pub struct Refusal {
    method: &'static str,
    error: RulesError,
}

impl Refusal {
    /// Logs the refusal to Godot's error log.
    fn log(&self) {
        godot_error!("{}: {}", self.method, self.error);
    }

    /// The Godot `Error` constant that best describes the refusal.
    fn code(&self) -> Error {
        match &self.error {
            RulesError::Input(_) | RulesError::Bag(BagError::Input(_)) => {
                Error::ERR_INVALID_PARAMETER
            }
            RulesError::Bag(BagError::TooManyTokens { .. } | BagError::TooManyPlayers { .. }) => {
                Error::ERR_INVALID_PARAMETER
            }
            RulesError::Bag(BagError::UnknownPlayer { .. }) => Error::ERR_DOES_NOT_EXIST,
            RulesError::Bag(BagError::Empty) => Error::ERR_UNAVAILABLE,
            RulesError::Bag(BagError::TokenIdsExhausted) => Error::ERR_OUT_OF_MEMORY,
            RulesError::Save(SaveError::Malformed(_)) => Error::ERR_PARSE_ERROR,
            RulesError::Save(
                SaveError::WrongFormat { .. } | SaveError::UnsupportedVersion { .. },
            ) => Error::ERR_FILE_UNRECOGNIZED,
            RulesError::Save(SaveError::Inconsistent(_)) => Error::ERR_INVALID_DATA,
            // No class exposes the game loop yet; its binding will refine this.
            RulesError::Game(_) => Error::FAILED,
            RulesError::Turn(error) => turn_code(error),
        }
    }
}

/// The `Error` constant for a refused turn-order command.
fn turn_code(error: &TurnError) -> Error {
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
        | TurnError::InvalidSeating(_)
        | TurnError::ExchangeWithSelf { .. } => Error::ERR_INVALID_PARAMETER,
        TurnError::NoUnits
        | TurnError::NoActiveTurn
        | TurnError::NotActing { .. }
        | TurnError::NotEnoughActionPoints { .. }
        | TurnError::SkillOnCooldown { .. }
        | TurnError::ActionAlreadyTaken { .. }
        | TurnError::Eliminated { .. }
        | TurnError::NoLivingPlayers
        | TurnError::ExchangePending { .. } => Error::ERR_UNAVAILABLE,
    }
}

/// Runs `body`, naming `method` in the log should it be refused.
pub fn refusing<T>(
    method: &'static str,
    body: impl FnOnce() -> Result<T, RulesError>,
) -> Result<T, Refusal> {
    body().map_err(|error| Refusal { method, error })
}

/// `Result<(), Refusal>` reaches GDScript as `Error`: `OK`, or the refusal's code.
impl ErrorToGodot<()> for Refusal {
    type Mapped = Error;

    fn result_to_godot(result: Result<(), Self>) -> CallOutcome<Error> {
        CallOutcome::Return(match result {
            Ok(()) => Error::OK,
            Err(refusal) => {
                refusal.log();
                refusal.code()
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

/// `Result<bool, Refusal>` reaches GDScript as `bool`: the answer, or `false`.
impl ErrorToGodot<bool> for Refusal {
    type Mapped = bool;

    fn result_to_godot(result: Result<bool, Self>) -> CallOutcome<bool> {
        CallOutcome::Return(result.unwrap_or_else(|refusal| {
            refusal.log();
            false
        }))
    }
}

/// `Result<PackedInt64Array, Refusal>` reaches GDScript as the array, or an empty one.
impl ErrorToGodot<PackedInt64Array> for Refusal {
    type Mapped = PackedInt64Array;

    fn result_to_godot(result: Result<PackedInt64Array, Self>) -> CallOutcome<PackedInt64Array> {
        CallOutcome::Return(result.unwrap_or_else(|refusal| {
            refusal.log();
            PackedInt64Array::new()
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
