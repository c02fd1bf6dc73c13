//! # Horizon's Edge rules core
//!
//! The rules of Horizon's Edge as plain Rust data and functions: no Godot types, so it tests fast
//! with `cargo test` and could drive any front end. The Godot binding (`rust/godot`) wraps it.
//!
//! ## Module map
//! - [`bag`] — the command token bag: add, shuffle, draw, per-player counts, odds of the next
//!   draw, JSON save/load. A bag used on its own changes through [`Bag::apply`], which tells
//!   its events; a game's bag changes with the game.
//! - [`game`] — the round loop: setup and London mulligan, rounds of token draws, actions and
//!   their costs, command upgrades, depth-first reactions, layers of continuous effects, bots,
//!   elimination, save/load, replays, per-viewer snapshots for clients. Its state changes only
//!   through [`Game::apply`] (or one of its forms with game hooks, [`Game::apply_with`] and
//!   [`Game::apply_logged`]: the same path).
//! - [`fairness`] — each round's commitment (SHA-256 over its secret key and salt) and the
//!   optional player nonces mixed into the shuffle key.
//! - [`audit`] — the [`audit::Auditor`] a client runs over the public events to check every
//!   round (its draws and, in seat or initiative order, whose turn each was) once its secret is
//!   revealed.
//! - [`turns`] — who acts next besides the bag: charge initiative (a speed race with action
//!   points, cooldowns, status effects and an exact predicted queue) and seat order (random first
//!   player, reversal, skips, extra turns, exchanges, elimination, beginning-of-turn triggers),
//!   side by side in a [`turns::order::TurnOrder`] for a turn system. Each changes only through
//!   its own `apply`.
//! - [`random`] — the seeded ChaCha20 stream every random decision comes from, with its exact
//!   bounded-integer and shuffle algorithms.
//! - [`ids`] — player, token, unit and trigger identifiers, and parsing of a caller's raw
//!   integers.
//! - [`error`] — every way a request is refused; each message names the problem, each kind has a
//!   stable name, and misuse of the API is told apart from refusals of play.
//!
//! ## Guarantees
//! - No caller input panics: every fallible operation returns a `Result` and a refused operation
//!   changes nothing.
//! - The same seed and the same calls give the same results on every machine; a state saved to
//!   JSON continues exactly as the original would.
#![forbid(unsafe_code)]
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

pub mod audit;
pub mod bag;
pub mod error;
pub mod fairness;
pub mod game;
pub mod ids;
pub mod random;
pub mod turns;

pub use bag::{Bag, Chance, Draw, PlayerTally, Token, TokenKind};
pub use error::{BagError, GameError, InputError, RulesError, SaveError, TurnError};
pub use game::bots::Autoplay;
pub use game::command::{Action, Command};
pub use game::config::GameConfig;
pub use game::event::{Event, EventRecord};
pub use game::state::{GameState, Phase, PlayerSetup};
pub use game::{Game, Hooks, NoHooks};
pub use ids::{ActionId, CardId, EffectId, ObjectId, PlayerId, TokenId, TriggerId, UnitId};
pub use random::RandomStream;
pub use turns::TurnEvent;
pub use turns::initiative::{Initiative, InitiativeCommand, InitiativeEvent, Side, UnitSpec};
pub use turns::seats::{SeatCommand, SeatEvent, SeatOrder, TriggerScope};
