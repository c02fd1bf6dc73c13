//! Saving both turn orders of a turn system to versioned JSON and loading them back: a loaded
//! pair continues exactly as the saved one would (same predicted queue, same future), and JSON
//! that does not hold together is refused.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use super::initiative::Initiative;
use super::seats::{ExtraTurnOrder, SeatCommand, SeatOrder};
use crate::error::SaveError;

/// The `format` tag of a saved turn system.
pub const TURNS_FORMAT: &str = "horizons_edge.turn_system";

/// The version this build writes.
pub const TURNS_VERSION: u32 = 2;

/// The oldest version this build reads: version 1 took extra turns the latest granted first,
/// which a table loaded from it goes on doing (see
/// [`ExtraTurnOrder`]).
pub const OLDEST_TURNS_VERSION: u32 = 1;

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
        OLDEST_TURNS_VERSION..=TURNS_VERSION,
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
    let mut seats = save.seats.map(Cow::into_owned);
    if let Some(seats) = seats.as_mut().filter(|_| save.version == 1) {
        let latest = SeatCommand::SetExtraTurnOrder {
            order: ExtraTurnOrder::LatestGranted,
        };
        seats
            .apply(latest)
            .map_err(|error| inconsistent("the seat order", error.to_string()))?;
    }
    Ok((save.mode, save.initiative.into_owned(), seats))
}
