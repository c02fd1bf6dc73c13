//! The bag's JSON form, and the checks that turn untrusted JSON back into a [`Bag`].

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
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct BagSave {
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
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedTally {
    player: PlayerId,
    contributed: u32,
    removed: u32,
}

impl Bag {
    /// The whole bag, random stream position included, as JSON.
    pub fn to_json(&self) -> String {
        let save = BagSave {
            format: BAG_FORMAT.to_owned(),
            version: BAG_VERSION,
            seed: self.seed,
            rng: self.rng.clone(),
            next_token_id: self.next_token_id,
            shuffled: self.shuffled,
            tokens: self.tokens.clone(),
            drawn: self.drawn.clone(),
            players: self
                .tallies
                .iter()
                .map(|t| SavedTally {
                    player: t.player,
                    contributed: t.contributed,
                    removed: t.removed,
                })
                .collect(),
        };
        // A struct of plain numbers, strings and vectors always serializes.
        serde_json::to_string(&save).unwrap_or_default()
    }

    /// Restores a bag saved by [`Bag::to_json`]; it continues with exactly the same draws.
    ///
    /// Rejects malformed JSON, other formats and versions, and contents that do not add up:
    /// duplicate or out-of-range token ids, tokens of unknown players, more than [`MAX_PLAYERS`]
    /// players, or per-player counts that differ from the tokens listed.
    pub fn from_json(json: &str) -> Result<Bag, SaveError> {
        let save: BagSave = serde_json::from_str(json)?;
        if save.format != BAG_FORMAT {
            return Err(SaveError::WrongFormat {
                expected: BAG_FORMAT,
                found: save.format,
            });
        }
        if save.version != BAG_VERSION {
            return Err(SaveError::UnsupportedVersion {
                found: save.version,
                supported: BAG_VERSION,
            });
        }
        let tallies = check_tallies(&save)?;
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

fn check_tallies(save: &BagSave) -> Result<Vec<PlayerTally>, SaveError> {
    let inconsistent = |message: String| Err(SaveError::Inconsistent(message));
    if save.players.len() > MAX_PLAYERS {
        return inconsistent(format!(
            "{} players listed, at most {MAX_PLAYERS} allowed",
            save.players.len()
        ));
    }
    let mut ids = HashSet::new();
    for token in save.tokens.iter().chain(&save.drawn) {
        if token.id.0 >= save.next_token_id {
            return inconsistent(format!(
                "token {} is numbered at or beyond next_token_id {}",
                token.id, save.next_token_id
            ));
        }
        if !ids.insert(token.id) {
            return inconsistent(format!("token {} appears twice", token.id));
        }
    }
    let mut tallies: Vec<PlayerTally> = Vec::with_capacity(save.players.len());
    for saved in &save.players {
        if tallies.iter().any(|t| t.player == saved.player) {
            return inconsistent(format!("player {} is listed twice", saved.player));
        }
        let count = |tokens: &[Token]| tokens.iter().filter(|t| t.owner == saved.player).count();
        let remaining = count(&save.tokens);
        let drawn = count(&save.drawn);
        let accounted = remaining + drawn + saved.removed as usize;
        if saved.contributed > MAX_TOKENS_PER_PLAYER || accounted != saved.contributed as usize {
            return inconsistent(format!(
                "player {} contributed {} tokens but {remaining} remain, {drawn} were drawn and {} \
                 were removed",
                saved.player, saved.contributed, saved.removed
            ));
        }
        tallies.push(PlayerTally {
            player: saved.player,
            contributed: saved.contributed,
            remaining: saved.contributed - saved.removed - drawn as u32,
            removed: saved.removed,
        });
    }
    if let Some(stray) = save
        .tokens
        .iter()
        .chain(&save.drawn)
        .find(|token| !tallies.iter().any(|t| t.player == token.owner))
    {
        return inconsistent(format!(
            "token {} belongs to player {}, who is not listed",
            stray.id, stray.owner
        ));
    }
    Ok(tallies)
}
