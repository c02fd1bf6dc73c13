//! Saving both turn orders of a turn system to versioned JSON and loading them back: a loaded
//! pair continues exactly as the saved one would (same predicted queue, same future), and JSON
//! that does not hold together is refused.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use super::initiative::Initiative;
use super::seats::SeatOrder;
use crate::error::SaveError;

/// The `format` tag of a saved turn system.
pub const TURNS_FORMAT: &str = "horizons_edge.turn_system";

/// The version this build writes and reads.
pub const TURNS_VERSION: u32 = 1;

/// Which order a turn system drives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnMode {
    /// Charge initiative, for units.
    Initiative,
    /// Seat order, for players.
    Seats,
}

/// A saved turn system: borrowed when saving, owned when loading.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct TurnsSave<'a> {
    format: Cow<'a, str>,
    version: u32,
    mode: TurnMode,
    initiative: Cow<'a, Initiative>,
    seats: Option<Cow<'a, SeatOrder>>,
}

/// Both orders and the mode as JSON.
pub fn to_json(mode: TurnMode, initiative: &Initiative, seats: Option<&SeatOrder>) -> String {
    let save = TurnsSave {
        format: Cow::Borrowed(TURNS_FORMAT),
        version: TURNS_VERSION,
        mode,
        initiative: Cow::Borrowed(initiative),
        seats: seats.map(Cow::Borrowed),
    };
    // Plain data always serializes.
    serde_json::to_string(&save).unwrap_or_default()
}

/// The mode and both orders saved by [`to_json`]. Rejects malformed JSON, other formats and
/// versions, and orders that do not hold together.
pub fn from_json(json: &str) -> Result<(TurnMode, Initiative, Option<SeatOrder>), SaveError> {
    let save: TurnsSave = SaveError::read_json(
        json,
        TURNS_FORMAT,
        TURNS_VERSION..=TURNS_VERSION,
        |save: &TurnsSave| (&save.format, save.version),
    )?;
    let inconsistent =
        |what: &str, reason: String| SaveError::Inconsistent(format!("{what}: {reason}"));
    save.initiative
        .check()
        .map_err(|reason| inconsistent("the initiative race", reason))?;
    if let Some(seats) = &save.seats {
        seats
            .check()
            .map_err(|reason| inconsistent("the seat order", reason))?;
    }
    Ok((
        save.mode,
        save.initiative.into_owned(),
        save.seats.map(Cow::into_owned),
    ))
}
