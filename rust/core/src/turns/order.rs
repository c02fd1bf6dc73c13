//! The turn order a turn system drives: the charge race and the seat order side by side (each
//! keeps its state while the other is in use), which one is in use, and the seat order only
//! once a table is seated. It changes only through [`TurnOrder::apply`], which returns what
//! happened; [`crate::turns::save`] writes and reads it.

use super::initiative::{Initiative, InitiativeCommand, InitiativeEvent};
use super::save::{self, TurnMode};
use super::seats::{SeatCommand, SeatEvent, SeatOrder};
use crate::error::{RulesError, SaveError, TurnError};

/// Both orders and the mode in use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnOrder {
    mode: TurnMode,
    initiative: Initiative,
    seats: Option<SeatOrder>,
}

/// A change to a [`TurnOrder`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TurnOrderCommand {
    /// Puts `mode` in use; both orders keep their state.
    SetMode(TurnMode),
    /// A command of the race.
    Initiative(InitiativeCommand),
    /// A command of the seat order; refused before any table is seated.
    Seats(SeatCommand),
    /// Seats a new table in place of the last one, whose turn in progress ends with it.
    Seat(Box<SeatOrder>),
}

/// What happened in one of the orders, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TurnOrderEvent {
    /// In the race.
    Initiative(InitiativeEvent),
    /// At the table.
    Seats(SeatEvent),
}

impl Default for TurnOrder {
    /// An empty race in use, and no table.
    fn default() -> Self {
        TurnOrder {
            mode: TurnMode::Initiative,
            initiative: Initiative::new(),
            seats: None,
        }
    }
}

impl TurnOrder {
    /// Carries out `command`; a refusal changes nothing.
    pub fn apply(&mut self, command: TurnOrderCommand) -> Result<Vec<TurnOrderEvent>, RulesError> {
        Ok(match command {
            TurnOrderCommand::SetMode(mode) => {
                self.mode = mode;
                Vec::new()
            }
            TurnOrderCommand::Initiative(command) => {
                let events = self.initiative.apply(command)?;
                events.into_iter().map(TurnOrderEvent::Initiative).collect()
            }
            TurnOrderCommand::Seats(command) => {
                let seats = self.seats.as_mut().ok_or(TurnError::NoSeating)?;
                let events = seats.apply(command)?;
                events.into_iter().map(TurnOrderEvent::Seats).collect()
            }
            TurnOrderCommand::Seat(seats) => {
                let previous = self.seats.replace(*seats);
                previous
                    .as_ref()
                    .and_then(SeatOrder::current_player)
                    .map(|player| TurnOrderEvent::Seats(SeatEvent::TurnEnded { player }))
                    .into_iter()
                    .collect()
            }
        })
    }

    /// The order in use.
    pub fn mode(&self) -> TurnMode {
        self.mode
    }

    /// The race.
    pub fn initiative(&self) -> &Initiative {
        &self.initiative
    }

    /// The table, once seated.
    pub fn seats(&self) -> Option<&SeatOrder> {
        self.seats.as_ref()
    }

    /// Both orders and the mode as JSON (see [`save::to_json`]).
    pub fn to_json(&self) -> String {
        save::to_json(self.mode, &self.initiative, self.seats.as_ref())
    }

    /// A turn order saved by [`TurnOrder::to_json`] (see [`save::from_json`]).
    pub fn from_json(json: &str) -> Result<TurnOrder, SaveError> {
        let (mode, initiative, seats) = save::from_json(json)?;
        Ok(TurnOrder {
            mode,
            initiative,
            seats,
        })
    }
}
