//! The bag's JSON form, and the checks that untrusted JSON must pass to become a [`Bag`].

use std::collections::HashSet;

use serde::{Deserialize, Serialize};

use super::{Bag, MAX_PLAYERS, MAX_TOKENS_PER_PLAYER, PlayerTally, Token};
use crate::error::SaveError;
use crate::ids::PlayerId;
use crate::random::RandomStream;

/// The `format` tag of a saved bag.
pub const BAG_FORMAT: &str = "horizons_edge.command_token_bag";

/// The version this build writes and reads.
const BAG_VERSION: u32 = 1;

/// The saved form: everything needed to continue with exactly the same future draws.
#[derive(Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct BagSave {
    format: String,
    version: u32,
    seed: u64,
    rng: RandomStream,
    next_token_id: u32,
    shuffled: bool,
    /// Remaining tokens; the last is drawn next.
    tokens: Vec<Token>,
    drawn: Vec<Token>,
    players: Vec<SavedTally>,
}

/// A player's share; what remains is recounted from the tokens on load.
#[derive(Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedTally {
    player: PlayerId,
    contributed: u32,
    removed: u32,
}

impl From<Bag> for BagSave {
    fn from(bag: Bag) -> Self {
        BagSave {
            format: BAG_FORMAT.to_owned(),
            version: BAG_VERSION,
            seed: bag.seed,
            rng: bag.rng,
            next_token_id: bag.next_token_id,
            shuffled: bag.shuffled,
            players: bag
                .tallies
                .iter()
                .map(|t| SavedTally {
                    player: t.player,
                    contributed: t.contributed,
                    removed: t.removed,
                })
                .collect(),
            tokens: bag.tokens,
            drawn: bag.drawn,
        }
    }
}

/// Rebuilds the bag as saved (inside a game's save too), recounting what remains, if the save
/// is a bag of the version this build reads; [`Bag::check`] says whether it adds up.
impl TryFrom<BagSave> for Bag {
    type Error = String;

    fn try_from(save: BagSave) -> Result<Self, String> {
        if save.format != BAG_FORMAT || save.version != BAG_VERSION {
            return Err(format!(
                "the bag is a \"{}\" of version {}, expected a \"{BAG_FORMAT}\" of version \
                 {BAG_VERSION}",
                save.format, save.version
            ));
        }
        let tallies = save
            .players
            .iter()
            .map(|saved| PlayerTally {
                player: saved.player,
                contributed: saved.contributed,
                remaining: save
                    .tokens
                    .iter()
                    .filter(|t| t.owner == saved.player)
                    .count() as u32,
                removed: saved.removed,
            })
            .collect();
        Ok(Bag {
            seed: save.seed,
            rng: save.rng,
            tokens: save.tokens,
            shuffled: save.shuffled,
            drawn: save.drawn,
            tallies,
            next_token_id: save.next_token_id,
        })
    }
}

impl Bag {
    /// The whole bag, random stream position included, as JSON.
    pub fn to_json(&self) -> String {
        // Plain numbers, strings and vectors always serialize.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Restores a bag saved by [`Bag::to_json`]; it continues with exactly the same draws.
    ///
    /// Rejects malformed JSON, other formats and versions, and contents that do not add up (see
    /// [`Bag::check`]).
    pub fn from_json(json: &str) -> Result<Bag, SaveError> {
        let save: BagSave = SaveError::read_json(
            json,
            BAG_FORMAT,
            BAG_VERSION..=BAG_VERSION,
            |save: &BagSave| (&save.format, save.version),
        )?;
        let bag = Bag::try_from(save).map_err(SaveError::Malformed)?;
        bag.check()?;
        Ok(bag)
    }

    /// Checks that a bag read from outside adds up: at most [`MAX_PLAYERS`] distinct players,
    /// unique token ids below the next id, every token's owner listed, and for every player
    /// contributed = remaining + drawn + removed, within [`MAX_TOKENS_PER_PLAYER`].
    pub fn check(&self) -> Result<(), SaveError> {
        let inconsistent = |message: String| Err(SaveError::Inconsistent(message));
        if self.tallies.len() > MAX_PLAYERS {
            return inconsistent(format!(
                "{} players listed, at most {MAX_PLAYERS} allowed",
                self.tallies.len()
            ));
        }
        let mut ids = HashSet::new();
        for token in self.tokens.iter().chain(&self.drawn) {
            if token.id.0 >= self.next_token_id {
                return inconsistent(format!(
                    "token {} is numbered at or beyond next_token_id {}",
                    token.id, self.next_token_id
                ));
            }
            if !ids.insert(token.id) {
                return inconsistent(format!("token {} appears twice", token.id));
            }
        }
        for (index, tally) in self.tallies.iter().enumerate() {
            if self.tallies[..index]
                .iter()
                .any(|t| t.player == tally.player)
            {
                return inconsistent(format!("player {} is listed twice", tally.player));
            }
            let drawn = self
                .drawn
                .iter()
                .filter(|t| t.owner == tally.player)
                .count();
            let accounted = tally.remaining as usize + drawn + tally.removed as usize;
            if tally.contributed > MAX_TOKENS_PER_PLAYER || accounted != tally.contributed as usize
            {
                return inconsistent(format!(
                    "player {} contributed {} tokens but {} remain, {drawn} were drawn and {} \
                     were removed",
                    tally.player, tally.contributed, tally.remaining, tally.removed
                ));
            }
        }
        if let Some(stray) = self
            .tokens
            .iter()
            .chain(&self.drawn)
            .find(|token| self.tally_index(token.owner).is_none())
        {
            return inconsistent(format!(
                "token {} belongs to player {}, who is not listed",
                stray.id, stray.owner
            ));
        }
        Ok(())
    }
}
