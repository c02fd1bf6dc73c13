//! Turning GDScript arguments into core values, and the refusals of calls that find no game.

use godot::builtin::AnyArray;
use godot::global::Error;
use godot::prelude::*;
use horizons_edge_core::{GameError, PlayerId, PlayerSetup, RulesError};
use serde_json::Value;

use super::GameRules;
use crate::convert;
use crate::refusal::{Refusal, refusing};

/// The refusal of a call back in from a hook that has no view of the game (or needs more).
pub(super) fn busy(method: &'static str) -> Refusal {
    Refusal::new(
        method,
        Error::ERR_BUSY,
        "busy",
        "GameRules is resolving an action: its action_validator and reaction_provider may read \
         the game but not change it, nor read its log or saves",
    )
}

/// The refusal of a call that needs a game before there is one.
pub(super) fn no_game(method: &'static str) -> Refusal {
    Refusal::new(
        method,
        Error::ERR_UNCONFIGURED,
        "no_game",
        "no game: call setup() or load_game() first",
    )
}

/// `raw` as a viewer: [`GameRules::SPECTATOR`] or a player id.
pub(super) fn parse_viewer(method: &'static str, raw: i64) -> Result<Option<PlayerId>, Refusal> {
    if raw == GameRules::SPECTATOR {
        return Ok(None);
    }
    parse_player(method, raw).map(Some)
}

/// `raw` as a player id, or a refusal naming `method`.
pub(super) fn parse_player(method: &'static str, raw: i64) -> Result<PlayerId, Refusal> {
    refusing(method, || Ok(PlayerId::from_raw(raw)?))
}

/// The players argument of `setup`: ids or Dictionaries.
pub(super) fn player_setups(players: &AnyArray) -> Result<Vec<PlayerSetup>, RulesError> {
    // One budget for the whole list: ten thousand entries sharing one large Dictionary are
    // refused as that many copies, not converted one by one.
    let mut budget = convert::Budget::default();
    players
        .iter_shared()
        .enumerate()
        .map(|(index, entry)| {
            let invalid =
                |reason: String| GameError::InvalidSetup(format!("players[{index}]: {reason}"));
            let json =
                match convert::to_json_within(&entry, "value", &mut budget).map_err(invalid)? {
                    Value::Number(id) => serde_json::json!({ "id": id }),
                    other => other,
                };
            Ok(serde_json::from_value(json).map_err(|e| invalid(e.to_string()))?)
        })
        .collect()
}

/// An action's context argument as JSON.
pub(super) fn context_json(method: &'static str, context: &Variant) -> Result<Value, Refusal> {
    convert::to_json(context)
        .map_err(|reason| Refusal::invalid_argument(method, format!("context: {reason}")))
}
