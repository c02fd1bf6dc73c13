//! Who acts next in a round: one model with three sources. Every living player's activations for
//! the round are their tokens in the bag (so counts, odds and the display work the same way);
//! [`ActivationOrder`] decides which player's token comes out next:
//!
//! - `bag` — a uniformly random token (the Horizon's Edge default);
//! - `seats` — seat order ([`SeatOrder`]) clockwise from a first player chosen at random each
//!   round, passing over players whose tokens are used up;
//! - `initiative` — a charge race ([`Initiative`]) in which each player's speed is 10 × their
//!   tokens for the round, so more tokens mean more frequent turns; every player starts with a
//!   head start of a few charge in an order drawn from the round's key, so who goes first among
//!   equals changes with every round; a player whose tokens are used up leaves the race.
//!
//! The seat order's first player and the initiative head starts come from stream 1 of the
//! round's shuffle key, so a client's [`crate::audit::Auditor`] rebuilds the sequencer and checks
//! every turn.
//!
//! All three run inside [`crate::game::Game::apply`]: the same commands, events, log, saves and
//! replays.

use serde::{Deserialize, Serialize};

use crate::bag::{Bag, Draw};
use crate::error::RulesError;
use crate::ids::{PlayerId, UnitId};
use crate::random::RandomStream;
use crate::turns::initiative::{Initiative, InitiativeCommand, Side, UnitSpec};
use crate::turns::seats::{SeatCommand, SeatOrder};

/// Speed per token in an initiative round.
pub const SPEED_PER_TOKEN: u32 = 10;

/// Where the next activation of a round comes from (config `activation_order`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ActivationOrder {
    /// A random token from the bag.
    #[default]
    Bag,
    /// Seat order from a random first player.
    Seats,
    /// A charge race, speed proportional to tokens.
    Initiative,
}

/// The round's sequencer for the order in force.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "order", rename_all = "snake_case")]
pub enum Sequencer {
    /// The bag decides.
    #[default]
    Bag,
    /// The bag decides, but for the mercy rule (config `max_streak`): after `max_streak` draws
    /// in a row of one player, while anyone else has a token left, the next draw is one of the
    /// others' tokens, each equally likely, picked by the bag's own stream
    /// ([`Bag::draw_passing_over`]); the tokens left keep their order. So the capped draw's
    /// chances are the others' shares of their tokens, and every later draw's are each player's
    /// share of the bag, as a display shows them. The bag's stream comes from the round's key,
    /// so an auditor replays the cap exactly.
    CappedBag {
        /// The longest run of draws one player may get while others wait.
        max_streak: u32,
    },
    /// The round's seat order.
    Seats(SeatOrder),
    /// The round's race.
    Initiative(Initiative),
}

impl Sequencer {
    /// The sequencer of a round whose bag holds `contributions` (living players in seat order,
    /// with their tokens); `rng` is the round's own stream.
    pub fn for_round(
        order: ActivationOrder,
        contributions: &[(PlayerId, u32)],
        rng: &mut RandomStream,
    ) -> Result<Sequencer, RulesError> {
        Ok(match order {
            ActivationOrder::Bag => Sequencer::Bag,
            ActivationOrder::Seats => {
                let players = contributions.iter().map(|&(player, _)| player).collect();
                Sequencer::Seats(SeatOrder::new(players, rng)?)
            }
            ActivationOrder::Initiative => {
                // Head starts of 0 to n - 1 charge in an order drawn from the round's key: among
                // players with as many tokens, who acts first is the key's choice (seed 000:
                // mitigate first-player advantage), not the lowest id's every round; too small
                // to let fewer tokens overtake more.
                let mut head_starts: Vec<u64> = (0..contributions.len() as u64).collect();
                rng.shuffle(&mut head_starts);
                let mut race = Initiative::new();
                for (&(player, tokens), head_start) in contributions.iter().zip(head_starts) {
                    let speed = tokens.saturating_mul(SPEED_PER_TOKEN);
                    let unit = UnitSpec::new(UnitId(player.0), Side::Player, speed)
                        .with_charge(head_start);
                    race.apply(InitiativeCommand::AddUnit(unit))?;
                }
                Sequencer::Initiative(race)
            }
        })
    }

    /// This bag-order sequencer with the mercy rule of `max_streak` (none: unchanged).
    pub fn with_max_streak(self, max_streak: Option<u32>) -> Sequencer {
        match (self, max_streak) {
            (Sequencer::Bag, Some(max_streak)) => Sequencer::CappedBag { max_streak },
            (sequencer, _) => sequencer,
        }
    }

    /// Whether the bag picks the next token (with or without the mercy rule): its order is
    /// secret, and advancing it changes nothing but the bag.
    pub fn is_bag(&self) -> bool {
        matches!(self, Sequencer::Bag | Sequencer::CappedBag { .. })
    }

    /// The player the mercy rule passes over for the next draw: the one who has drawn
    /// `max_streak` times in a row, while someone else still has a token; `None` otherwise.
    pub fn capped_player(&self, bag: &Bag) -> Option<PlayerId> {
        let Sequencer::CappedBag { max_streak } = self else {
            return None;
        };
        let drawn = bag.drawn_history();
        let last = drawn.last()?.owner;
        let streak = drawn.iter().rev().take_while(|t| t.owner == last).count();
        let others_wait = bag
            .tallies()
            .iter()
            .any(|t| t.player != last && t.remaining > 0);
        (streak >= *max_streak as usize && others_wait).then_some(last)
    }

    /// Draws the round's next token from `bag`: the bag's next, the mercy rule's pick when a
    /// player is passed over, or the next token of the player the seat order or the race names
    /// (advancing it). How a game, an auditor and a prediction all draw.
    pub fn draw(&mut self, bag: &mut Bag) -> Result<Draw, RulesError> {
        if let Some(capped) = self.capped_player(bag) {
            return Ok(bag.draw_passing_over(capped)?);
        }
        Ok(match self.next(bag)? {
            Some(player) => bag.draw_for(player)?,
            None => bag.draw()?,
        })
    }

    /// The player whose token is drawn next, advancing the seat order or the race; `None` when
    /// the bag decides. `bag` must not be empty.
    fn next(&mut self, bag: &Bag) -> Result<Option<PlayerId>, RulesError> {
        let has_tokens = |player: PlayerId| bag.tally(player).is_ok_and(|t| t.remaining > 0);
        // Every pass either finds a player or retires one, so this bounds the search.
        let attempts = 2 * bag.tallies().len() + 2;
        match self {
            Sequencer::Bag | Sequencer::CappedBag { .. } => return Ok(None),
            Sequencer::Seats(seats) => {
                for _ in 0..attempts {
                    seats.apply(SeatCommand::NextTurn)?;
                    if let Some(player) = seats.current_player().filter(|&p| has_tokens(p)) {
                        return Ok(Some(player));
                    }
                }
            }
            Sequencer::Initiative(race) => {
                for _ in 0..attempts {
                    race.apply(InitiativeCommand::NextTurn)?;
                    let Some(unit) = race.active() else { continue };
                    let player = PlayerId(unit.0);
                    if has_tokens(player) {
                        return Ok(Some(player));
                    }
                    race.apply(InitiativeCommand::RemoveUnit { unit })?;
                }
            }
        }
        // Unreachable while the bag holds tokens of a seated player; the bag's own draw is a
        // safe answer.
        Ok(None)
    }

    /// The next `depth` activations this round (fewer when the bag runs out), worked out on
    /// copies; `None` when the bag decides (its order is secret).
    pub fn upcoming(&self, bag: &Bag, depth: usize) -> Option<Vec<PlayerId>> {
        (!self.is_bag()).then(|| self.foreseen(bag, depth))
    }

    /// The owners of the next `depth` draws this round in any order, the bag's secret one
    /// included (token prediction), worked out on copies: exact unless the bag changes first.
    pub fn foreseen(&self, bag: &Bag, depth: usize) -> Vec<PlayerId> {
        let (mut sequencer, mut bag) = (self.clone(), bag.clone());
        let mut owners = Vec::with_capacity(depth.min(bag.remaining() as usize));
        while owners.len() < depth && !bag.is_empty() {
            match sequencer.draw(&mut bag) {
                Ok(draw) => owners.push(draw.token.owner),
                Err(_) => break,
            }
        }
        owners
    }

    /// Takes an eliminated player out of the seat order or the race.
    pub fn eliminate(&mut self, player: PlayerId) -> Result<(), RulesError> {
        match self {
            Sequencer::Bag | Sequencer::CappedBag { .. } => {}
            Sequencer::Seats(seats) => {
                if seats.is_living(player) {
                    seats.apply(SeatCommand::Eliminate { player })?;
                }
            }
            Sequencer::Initiative(race) => {
                let unit = UnitId(player.0);
                if race.unit(unit).is_some() {
                    race.apply(InitiativeCommand::RemoveUnit { unit })?;
                }
            }
        }
        Ok(())
    }
}
