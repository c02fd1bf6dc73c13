//! The undo point in a version 2 save: the names of the fields it shares with the state, and
//! its other fields in full (one action rarely changes more than the players, the phase and a
//! few counters). Version 1 saved it whole. Fields are compared and put together as JSON text,
//! so nothing here knows the state's fields.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use crate::error::SaveError;
use crate::game::state::GameState;

/// An object's fields as JSON text, borrowed from `json`.
type Fields<'a> = BTreeMap<&'a str, &'a RawValue>;

/// The undo point as its differences from the state.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct UndoChanges<'a> {
    /// The state's fields that the undo point has too, unchanged.
    #[serde(borrow)]
    unchanged: Vec<&'a str>,
    /// The undo point's other fields.
    #[serde(borrow)]
    changed: Fields<'a>,
}

impl<'a> UndoChanges<'a> {
    /// How the undo point `undo` differs from `state`, both as JSON.
    pub fn between(state: &'a str, undo: &'a str) -> UndoChanges<'a> {
        // Both were just written from a state: they are objects.
        let state: Fields = serde_json::from_str(state).unwrap_or_default();
        let undo: Fields = serde_json::from_str(undo).unwrap_or_default();
        let (unchanged, changed): (Fields, Fields) = undo
            .into_iter()
            .partition(|(key, value)| state.get(key).map(|v| v.get()) == Some(value.get()));
        UndoChanges {
            unchanged: unchanged.into_keys().collect(),
            changed,
        }
    }

    /// The undo point these changes make of `state` (JSON).
    pub fn apply(self, state: &str) -> Result<GameState, SaveError> {
        let mut state: Fields = serde_json::from_str(state)?;
        let mut undo = self.changed;
        for key in self.unchanged {
            let Some(value) = state.remove(key) else {
                return Err(SaveError::Inconsistent(format!(
                    "the undo point keeps the state's {key}, which the state does not have \
                     (or is kept twice)"
                )));
            };
            if undo.insert(key, value).is_some() {
                return Err(SaveError::Inconsistent(format!(
                    "the undo point both keeps and changes the state's {key}"
                )));
            }
        }
        Ok(serde_json::from_str(&serde_json::to_string(&undo)?)?)
    }
}
