//! The command token bag: every player's tokens in one shared pool, drawn one at a time at random.
//!
//! The bag is a sequence whose top is drawn next. [`Bag::shuffle`] puts the whole pool in a
//! uniformly random order; tokens added after the last shuffle are shuffled in automatically before
//! the next draw, so a draw is uniform over what is in the bag whatever the caller does.
//! Per-player counts are kept in a tally of at most [`MAX_PLAYERS`] entries, so asking how many
//! tokens a player has left never scans the bag.

mod command;
mod odds;
mod save;

pub use command::{BagCommand, BagEvent};

use serde::{Deserialize, Serialize};

use crate::error::BagError;
use crate::fairness::Bytes32;
use crate::ids::{PlayerId, TokenId, count_from_raw};
use crate::random::RandomStream;

pub use save::BAG_FORMAT;

/// The most distinct players one bag holds tokens for.
pub const MAX_PLAYERS: usize = 8;

/// The most tokens one player may put into the bag in a round (the game's own limit is lower).
pub const MAX_TOKENS_PER_PLAYER: u32 = 64;

/// What a token lets its owner do when drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TokenKind {
    /// An ordinary command token: one action.
    Command,
    /// A special token (seed 000): its owner takes two actions in one activation.
    DoubleAction,
}

impl TokenKind {
    /// The integer GDScript sees (`CommandToken.KIND_COMMAND` is 0, `KIND_DOUBLE_ACTION` 1).
    pub fn code(self) -> i64 {
        match self {
            TokenKind::Command => 0,
            TokenKind::DoubleAction => 1,
        }
    }

    /// Actions its owner takes when it is drawn.
    pub fn actions(self) -> u32 {
        match self {
            TokenKind::Command => 1,
            TokenKind::DoubleAction => 2,
        }
    }
}

/// One token in the bag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Token {
    /// Unique within the bag.
    pub id: TokenId,
    /// The player who acts when it is drawn.
    pub owner: PlayerId,
    /// What it allows.
    pub kind: TokenKind,
}

/// One player's share of the bag this round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerTally {
    /// Whose share this is.
    pub player: PlayerId,
    /// Tokens put in since the last [`Bag::clear`].
    pub contributed: u32,
    /// Tokens still in the bag.
    pub remaining: u32,
    /// Tokens taken out by [`Bag::remove_player_tokens`] (elimination) or [`Bag::remove_tokens`].
    pub removed: u32,
}

impl PlayerTally {
    /// Tokens drawn so far this round.
    pub fn drawn(&self) -> u32 {
        self.contributed - self.remaining - self.removed
    }
}

/// An exact probability as a fraction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chance {
    /// Outcomes in favour.
    pub favourable: u32,
    /// All outcomes; 0 only for the impossible case of an empty bag, read as probability 0.
    pub total: u32,
}

impl Chance {
    /// The probability as a float in `0.0..=1.0`.
    pub fn to_f64(self) -> f64 {
        if self.total == 0 {
            0.0
        } else {
            f64::from(self.favourable) / f64::from(self.total)
        }
    }
}

/// The result of a successful draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Draw {
    /// The token taken from the bag.
    pub token: Token,
    /// Tokens left in the bag after this draw; 0 means this draw emptied it.
    pub remaining: u32,
}

/// The shared bag of command tokens, with its own random stream.
///
/// Serializes to the JSON of [`Bag::to_json`]. Deserializing does not check that the contents add
/// up; [`Bag::from_json`] does, and so must any loader that embeds a bag (see [`Bag::check`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "save::BagSave", try_from = "save::BagSave")]
pub struct Bag {
    seed: u64,
    rng: RandomStream,
    /// Remaining tokens; the last element is drawn next.
    tokens: Vec<Token>,
    /// False when tokens were added since the last shuffle.
    shuffled: bool,
    drawn: Vec<Token>,
    tallies: Vec<PlayerTally>,
    next_token_id: u32,
}

impl Bag {
    /// Makes `self` equal to `source`, reusing the allocations `self` already holds.
    pub fn copy_from(&mut self, source: &Bag) {
        // Destructured so that a new field cannot be forgotten here.
        let Bag {
            seed,
            rng,
            tokens,
            shuffled,
            drawn,
            tallies,
            next_token_id,
        } = source;
        self.seed = *seed;
        self.rng.clone_from(rng);
        self.tokens.clone_from(tokens);
        self.shuffled = *shuffled;
        self.drawn.clone_from(drawn);
        self.tallies.clone_from(tallies);
        self.next_token_id = *next_token_id;
    }

    /// An empty bag whose draws are fixed by `seed`.
    pub fn new(seed: u64) -> Self {
        Self {
            seed,
            rng: RandomStream::from_seed(seed),
            tokens: Vec::new(),
            shuffled: true,
            drawn: Vec::new(),
            tallies: Vec::new(),
            next_token_id: 0,
        }
    }

    /// An empty bag for a round whose randomness is the revealed-later `key` (stream 0, see
    /// [`crate::fairness`]), numbering its tokens from `first_token`. It reports seed 0: the key is
    /// the whole secret.
    pub fn for_round(key: Bytes32, first_token: TokenId) -> Self {
        Self {
            rng: RandomStream::from_key(key.0, 0),
            next_token_id: first_token.0,
            ..Self::new(0)
        }
    }

    /// Empties the bag for the next round, keyed by `key`: equal to
    /// `Bag::for_round(key, self.next_token())`, in the allocations the bag already holds.
    pub fn begin_round(&mut self, key: Bytes32) {
        self.clear();
        self.seed = 0;
        self.rekey(key);
    }

    /// Replaces the random stream by stream 0 of `key`; the tokens stay where they are (a bag
    /// filled but not yet shuffled gets its shuffle key once the players' nonces are in).
    pub fn rekey(&mut self, key: Bytes32) {
        self.rng = RandomStream::from_key(key.0, 0);
    }

    /// The id the next token put into the bag will get.
    pub fn next_token(&self) -> TokenId {
        TokenId(self.next_token_id)
    }

    /// An empty bag seeded from the operating system's entropy. [`Bag::seed`] tells the seed.
    pub fn with_os_seed() -> Self {
        Self::new(RandomStream::os_seed())
    }

    /// The seed the random stream started from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Restarts the random stream from `seed`; the tokens stay where they are.
    pub fn reseed(&mut self, seed: u64) {
        self.reseed_stream(seed, 0);
    }

    /// Restarts the random stream as stream number `stream` of `seed` (see
    /// [`RandomStream::derived`]); the tokens stay where they are.
    pub fn reseed_stream(&mut self, seed: u64, stream: u64) {
        self.seed = seed;
        self.rng = RandomStream::derived(seed, stream);
    }

    /// Puts `count` more tokens of `player` into the bag.
    ///
    /// Fails, changing nothing, when `count` is 0, when the player's contribution this round would
    /// exceed [`MAX_TOKENS_PER_PLAYER`], or when `player` would be a ninth distinct player.
    pub fn add_player_tokens(&mut self, player: PlayerId, count: u32) -> Result<(), BagError> {
        let count = count_from_raw("token count", i64::from(count), 1, MAX_TOKENS_PER_PLAYER)?;
        let existing = self.tally_index(player);
        let contributed = existing.map_or(0, |index| self.tallies[index].contributed);
        let total = contributed + count;
        if total > MAX_TOKENS_PER_PLAYER {
            return Err(BagError::TooManyTokens {
                player,
                total,
                limit: MAX_TOKENS_PER_PLAYER,
            });
        }
        if existing.is_none() && self.tallies.len() >= MAX_PLAYERS {
            return Err(BagError::TooManyPlayers {
                player,
                limit: MAX_PLAYERS,
            });
        }
        let first_id = self.next_token_id;
        let next_token_id = first_id
            .checked_add(count)
            .ok_or(BagError::TokenIdsExhausted)?;

        let index = existing.unwrap_or_else(|| {
            self.tallies.push(PlayerTally {
                player,
                contributed: 0,
                remaining: 0,
                removed: 0,
            });
            self.tallies.len() - 1
        });
        let tally = &mut self.tallies[index];
        tally.contributed += count;
        tally.remaining += count;
        // Room for every token to be drawn, so that drawing never allocates.
        self.drawn.reserve(count as usize);
        self.tokens
            .extend((first_id..next_token_id).map(|id| Token {
                id: TokenId(id),
                owner: player,
                kind: TokenKind::Command,
            }));
        self.next_token_id = next_token_id;
        self.shuffled = false;
        Ok(())
    }

    /// Puts the tokens in the bag in a uniformly random order.
    pub fn shuffle(&mut self) {
        self.rng.shuffle(&mut self.tokens);
        self.shuffled = true;
    }

    /// Takes the next token out of the bag, shuffling first if tokens were added since the last
    /// shuffle. Fails with [`BagError::Empty`] when there is nothing to draw.
    pub fn draw(&mut self) -> Result<Draw, BagError> {
        // Refused before the pending shuffle, which would change the bag.
        if self.tokens.is_empty() {
            return Err(BagError::Empty);
        }
        if !self.shuffled {
            self.shuffle();
        }
        let token = self.tokens.pop().ok_or(BagError::Empty)?;
        Ok(self.record_draw(token))
    }

    /// Takes `player`'s next token out of the bag (the one of theirs a plain draw would reach
    /// first), for rounds whose order is decided elsewhere (seat order, initiative): the bag
    /// still counts every player's activations.
    pub fn draw_for(&mut self, player: PlayerId) -> Result<Draw, BagError> {
        // Refused before the pending shuffle, which would change the bag.
        self.tally_index(player)
            .ok_or(BagError::UnknownPlayer { player })?;
        if !self.tokens.iter().any(|token| token.owner == player) {
            return Err(BagError::NoTokensLeft { player });
        }
        if !self.shuffled {
            self.shuffle();
        }
        let index = self
            .tokens
            .iter()
            .rposition(|token| token.owner == player)
            .ok_or(BagError::NoTokensLeft { player })?;
        let token = self.tokens.remove(index);
        Ok(self.record_draw(token))
    }

    /// Takes a token of someone other than `passed_over` out of the bag, each of theirs equally
    /// likely (the mercy rule's capped draw), chosen with the bag's own stream; the tokens left
    /// keep their order, so every draw after it is as random as before. Fails with
    /// [`BagError::Empty`] when nobody else has a token left.
    pub fn draw_passing_over(&mut self, passed_over: PlayerId) -> Result<Draw, BagError> {
        // Refused before the pending shuffle, which would change the bag.
        let others = self
            .tokens
            .iter()
            .filter(|token| token.owner != passed_over)
            .count();
        if others == 0 {
            return Err(BagError::Empty);
        }
        if !self.shuffled {
            self.shuffle();
        }
        // A bag holds at most MAX_PLAYERS × MAX_TOKENS_PER_PLAYER tokens.
        let pick = self.rng.below(others as u32) as usize;
        let index = self
            .tokens
            .iter()
            .enumerate()
            .rev()
            .filter(|(_, token)| token.owner != passed_over)
            .nth(pick)
            .map(|(index, _)| index)
            .ok_or(BagError::Empty)?;
        let token = self.tokens.remove(index);
        Ok(self.record_draw(token))
    }

    /// Books `token`, just taken out of the bag, as drawn.
    fn record_draw(&mut self, token: Token) -> Draw {
        if let Some(tally) = self.tallies.iter_mut().find(|t| t.player == token.owner) {
            tally.remaining -= 1;
        }
        self.drawn.push(token);
        Draw {
            token,
            remaining: self.remaining(),
        }
    }

    /// Whether no token is left to draw.
    pub fn is_empty(&self) -> bool {
        self.tokens.is_empty()
    }

    /// Tokens left to draw.
    pub fn remaining(&self) -> u32 {
        // At most MAX_PLAYERS * MAX_TOKENS_PER_PLAYER tokens, far below u32::MAX.
        self.tokens.len() as u32
    }

    /// Tokens `player` has left in the bag; fails for a player with no tokens this round.
    pub fn player_remaining(&self, player: PlayerId) -> Result<u32, BagError> {
        self.tally(player).map(|t| t.remaining)
    }

    /// `player`'s share of the bag this round; fails for a player with no tokens this round.
    pub fn tally(&self, player: PlayerId) -> Result<&PlayerTally, BagError> {
        self.tally_index(player)
            .map(|index| &self.tallies[index])
            .ok_or(BagError::UnknownPlayer { player })
    }

    /// Every player's share, in the order they first put tokens in.
    pub fn tallies(&self) -> &[PlayerTally] {
        &self.tallies
    }

    /// The tokens drawn since the last [`Bag::clear`], oldest first.
    pub fn drawn_history(&self) -> &[Token] {
        &self.drawn
    }

    /// Takes all of `player`'s remaining tokens out of the bag (elimination) and returns how many.
    /// The player stays known to the bag, with 0 remaining. Fails for a player with no tokens
    /// this round.
    pub fn remove_player_tokens(&mut self, player: PlayerId) -> Result<u32, BagError> {
        let index = self
            .tally_index(player)
            .ok_or(BagError::UnknownPlayer { player })?;
        let tally = &mut self.tallies[index];
        let removed = tally.remaining;
        tally.removed += removed;
        tally.remaining = 0;
        self.tokens.retain(|token| token.owner != player);
        Ok(removed)
    }

    /// Puts one token of `player` of `kind` into the bag, as [`Bag::add_player_tokens`] puts an
    /// ordinary one: the kind changes what its draw allows, never the bag's order.
    pub fn add_special_token(&mut self, player: PlayerId, kind: TokenKind) -> Result<(), BagError> {
        self.add_player_tokens(player, 1)?;
        if let Some(token) = self.tokens.last_mut() {
            token.kind = kind;
        }
        Ok(())
    }

    /// Takes up to `count` of `player`'s tokens out of the bag — the ones they would draw next, so
    /// the round's key decides which — and returns how many. Shuffles first if tokens were added
    /// since the last shuffle, as a draw would. Fails for a player the bag does not know.
    pub fn remove_tokens(&mut self, player: PlayerId, count: u32) -> Result<u32, BagError> {
        let index = self
            .tally_index(player)
            .ok_or(BagError::UnknownPlayer { player })?;
        let taken = count.min(self.tallies[index].remaining);
        if taken == 0 {
            return Ok(0);
        }
        if !self.shuffled {
            self.shuffle();
        }
        for _ in 0..taken {
            if let Some(at) = self.tokens.iter().rposition(|token| token.owner == player) {
                self.tokens.remove(at);
            }
        }
        let tally = &mut self.tallies[index];
        tally.remaining -= taken;
        tally.removed += taken;
        Ok(taken)
    }

    /// How many more tokens `player` may put in this round ([`MAX_TOKENS_PER_PLAYER`] less what
    /// they put in so far).
    pub fn room_for(&self, player: PlayerId) -> u32 {
        let contributed = self.tally(player).map_or(0, |t| t.contributed);
        MAX_TOKENS_PER_PLAYER.saturating_sub(contributed)
    }

    /// Empties the bag and forgets the round's players and history. The random stream and token
    /// numbering carry on.
    pub fn clear(&mut self) {
        self.tokens.clear();
        self.drawn.clear();
        self.tallies.clear();
        self.shuffled = true;
    }

    /// The next `count` tokens in the order they will be drawn (fewer if the bag holds fewer),
    /// without drawing them. Exact as long as the bag is not changed in between.
    pub fn peek(&self, count: usize) -> Vec<Token> {
        if self.shuffled {
            self.tokens.iter().rev().take(count).copied().collect()
        } else {
            let mut future = self.clone();
            future.shuffle();
            future.peek(count)
        }
    }

    /// Forgets the order of the tokens left, for a planner's guess at a bag it cannot see into:
    /// they are put in order of owner and kind and, if the bag was shuffled (or `known` is not
    /// empty), shuffled afresh from `seed`, the next draws then taking the owners `known` lists
    /// (what a seat's foresight showed it), as far as the bag has their tokens. Which of a
    /// player's tokens an effect removed is secret (the bag's order chose them), so the tokens
    /// left of a player who lost some count as ordinary ones. The result depends on nothing but
    /// each player's count of tokens left, the kinds of those no removal touched, `seed` and
    /// `known`.
    pub fn redraw_order(&mut self, seed: u64, known: &[PlayerId]) {
        for token in &mut self.tokens {
            let touched = self
                .tallies
                .iter()
                .any(|t| t.player == token.owner && t.removed > 0);
            if touched {
                token.kind = TokenKind::Command;
            }
        }
        self.tokens
            .sort_unstable_by_key(|token| (token.owner, token.kind == TokenKind::DoubleAction));
        self.reseed(seed);
        if !self.shuffled && known.is_empty() {
            return;
        }
        self.shuffle();
        // The last token is drawn first: the known owners fill the end, from the back.
        for (depth, &owner) in known.iter().enumerate().take(self.tokens.len()) {
            let slot = self.tokens.len() - 1 - depth;
            if let Some(found) = self.tokens[..=slot].iter().rposition(|t| t.owner == owner) {
                self.tokens.swap(found, slot);
            }
        }
    }

    /// For every player in the bag, in the order they joined it, the exact chance that the next
    /// draw is theirs.
    pub fn next_draw_chances(&self) -> impl ExactSizeIterator<Item = (PlayerId, Chance)> + '_ {
        let total = self.remaining();
        self.tallies.iter().map(move |t| {
            let chance = Chance {
                favourable: t.remaining,
                total,
            };
            (t.player, chance)
        })
    }

    fn tally_index(&self, player: PlayerId) -> Option<usize> {
        self.tallies.iter().position(|t| t.player == player)
    }
}

#[cfg(test)]
mod tests;
