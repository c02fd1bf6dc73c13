//! The standalone bag's commands and events: how a bag used on its own (`CommandTokenBag`)
//! changes, and what each change tells its listeners. A game changes its bag through
//! [`crate::game::Game::apply`] instead.

use super::{Bag, Token};
use crate::error::BagError;
use crate::ids::PlayerId;

/// A change to a standalone bag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BagCommand {
    /// Puts `count` (1 to [`super::MAX_TOKENS_PER_PLAYER`] this round) tokens of `player` in.
    AddPlayerTokens {
        /// Whose.
        player: PlayerId,
        /// How many.
        count: u32,
    },
    /// Takes every token `player` has left out (an elimination, a disconnect).
    RemovePlayerTokens {
        /// Whose.
        player: PlayerId,
    },
    /// Puts the tokens in a uniformly random order.
    Shuffle,
    /// Takes the next token out.
    Draw,
    /// Empties the bag and forgets the round's players and history.
    Clear,
    /// Restarts the random stream from `seed`.
    Reseed {
        /// The new seed.
        seed: u64,
    },
}

/// What a [`BagCommand`] did, for the bag's listeners, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BagEvent {
    /// A token was drawn, leaving `remaining`.
    TokenDrawn {
        /// The token.
        token: Token,
        /// Tokens left in the bag.
        remaining: u32,
    },
    /// `change` tokens of `player` went in (positive) or out (negative) other than by a draw.
    TokensChanged {
        /// Whose.
        player: PlayerId,
        /// How many, signed.
        change: i64,
    },
    /// The last token left the bag (after the event of the draw or removal that took it).
    Emptied,
}

impl Bag {
    /// Carries out `command`; a refusal leaves the bag as it was.
    pub fn apply(&mut self, command: BagCommand) -> Result<Vec<BagEvent>, BagError> {
        Ok(match command {
            BagCommand::AddPlayerTokens { player, count } => {
                self.add_player_tokens(player, count)?;
                vec![BagEvent::TokensChanged {
                    player,
                    change: i64::from(count),
                }]
            }
            BagCommand::RemovePlayerTokens { player } => {
                let removed = self.remove_player_tokens(player)?;
                let mut events = Vec::new();
                if removed > 0 {
                    events.push(BagEvent::TokensChanged {
                        player,
                        change: -i64::from(removed),
                    });
                    if self.is_empty() {
                        events.push(BagEvent::Emptied);
                    }
                }
                events
            }
            BagCommand::Draw => {
                let draw = self.draw()?;
                let mut events = vec![BagEvent::TokenDrawn {
                    token: draw.token,
                    remaining: draw.remaining,
                }];
                if draw.remaining == 0 {
                    events.push(BagEvent::Emptied);
                }
                events
            }
            BagCommand::Shuffle => {
                self.shuffle();
                Vec::new()
            }
            BagCommand::Clear => {
                self.clear();
                Vec::new()
            }
            BagCommand::Reseed { seed } => {
                self.reseed(seed);
                Vec::new()
            }
        })
    }
}
