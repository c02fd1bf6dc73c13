//! The undo point in a version 2 save: the names of the fields it shares with the state, and
//! its other fields in full (one action rarely changes more than the players, the phase and a
//! few counters). Version 1 saved it whole. Fields are compared as JSON text when saving; when
//! loading, the undo point is a copy of the loaded state with its changed fields read over it,
//! so the fields it keeps (most of the state) are not read twice.

use std::collections::BTreeMap;

use serde::de::DeserializeOwned;
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

    /// The undo point these changes make of `state`: what `state`'s JSON with the kept fields
    /// and the changed ones would read as.
    pub fn apply(self, state: &GameState) -> Result<GameState, SaveError> {
        let mut kept: Vec<&str> = self.unchanged.to_vec();
        kept.sort_unstable();
        if let Some(pair) = kept.windows(2).find(|pair| pair[0] == pair[1]) {
            return Err(kept_but_missing(pair[0]));
        }
        for key in &self.unchanged {
            if self.changed.contains_key(key) {
                return Err(SaveError::Inconsistent(format!(
                    "the undo point both keeps and changes the state's {key}"
                )));
            }
        }
        let mut undo = state.clone();
        let mut read = Reader {
            changes: &self,
            names: Vec::with_capacity(self.unchanged.len() + self.changed.len()),
        };
        // Destructured so that a new field cannot be forgotten here. A field the state's JSON
        // may leave out (`#[serde(default)]`, or an `Option`) takes its default when the undo
        // point has it neither kept nor changed; the state's JSON has it unless it is skipped
        // as a default (`skip_serializing_if`), as `Game::to_json` writes it.
        let GameState {
            seed,
            key,
            players,
            phase,
            round,
            active,
            bag,
            sequencer,
            extra_actions,
            entropy,
            objects,
            effects,
            counters,
            deck_rng,
            bot_rng,
        } = &mut undo;
        read.required(seed, "seed")?;
        let written = key.is_some();
        read.optional(key, "key", written)?;
        read.required(players, "players")?;
        read.required(phase, "phase")?;
        read.required(round, "round")?;
        read.optional(active, "active", true)?;
        read.required(bag, "bag")?;
        read.optional(sequencer, "sequencer", true)?;
        let written = *extra_actions != 0;
        read.optional(extra_actions, "extra_actions", written)?;
        let written = !entropy.is_unused();
        read.optional(entropy, "entropy", written)?;
        read.required(objects, "objects")?;
        read.required(effects, "effects")?;
        read.required(counters, "counters")?;
        read.required(deck_rng, "deck_rng")?;
        read.required(bot_rng, "bot_rng")?;
        read.finish()?;
        Ok(undo)
    }
}

/// The refusal of a kept field the state's JSON does not have.
fn kept_but_missing(key: &str) -> SaveError {
    SaveError::Inconsistent(format!(
        "the undo point keeps the state's {key}, which the state does not have (or is kept twice)"
    ))
}

/// Reads the undo point's fields, one by one, over the state's copy.
struct Reader<'c, 'a> {
    changes: &'c UndoChanges<'a>,
    /// The state's fields gone through so far.
    names: Vec<&'static str>,
}

impl Reader<'_, '_> {
    /// Reads `field`, named `name`, if the undo point changes it (`written`: whether the
    /// state's JSON has it, to be kept); whether the undo point has it at all.
    fn read<T: DeserializeOwned>(
        &mut self,
        field: &mut T,
        name: &'static str,
        written: bool,
    ) -> Result<bool, SaveError> {
        self.names.push(name);
        if self.changes.unchanged.contains(&name) {
            return if written {
                Ok(true)
            } else {
                Err(kept_but_missing(name))
            };
        }
        match self.changes.changed.get(name) {
            Some(json) => {
                *field = serde_json::from_str(json.get())?;
                Ok(true)
            }
            None => Ok(false),
        }
    }

    /// Reads a field every state's JSON has.
    fn required<T: DeserializeOwned>(
        &mut self,
        field: &mut T,
        name: &'static str,
    ) -> Result<(), SaveError> {
        if self.read(field, name, true)? {
            Ok(())
        } else {
            Err(SaveError::Malformed(format!(
                "missing field `{name}` in the undo point"
            )))
        }
    }

    /// Reads a field the state's JSON may leave out: then it is the default.
    fn optional<T: DeserializeOwned + Default>(
        &mut self,
        field: &mut T,
        name: &'static str,
        written: bool,
    ) -> Result<(), SaveError> {
        if !self.read(field, name, written)? {
            *field = T::default();
        }
        Ok(())
    }

    /// Refuses the fields the state does not have.
    fn finish(self) -> Result<(), SaveError> {
        let known = |key: &&str| self.names.contains(key);
        if let Some(key) = self.changes.unchanged.iter().find(|key| !known(key)) {
            return Err(kept_but_missing(key));
        }
        match self.changes.changed.keys().find(|key| !known(key)) {
            Some(key) => Err(SaveError::Malformed(format!(
                "unknown field `{key}` in the undo point"
            ))),
            None => Ok(()),
        }
    }
}
