//! The game's state: players in seat order, the phase, the bag, objects and effects, and the random
//! streams. Plain data; it changes only inside [`crate::game::Game::apply`].

use serde::{Deserialize, Serialize};

use crate::bag::Bag;
use crate::fairness::Bytes32;
use crate::game::activation::Sequencer;
use crate::game::config::GameConfig;
use crate::game::layers::{ContinuousEffect, GameObject};
use crate::ids::{CardId, PlayerId};
use crate::random::RandomStream;

/// Where the game is in its lifecycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// Players are seated; nothing is dealt yet.
    Setup,
    /// Opening hands are dealt; every player keeps or mulligans.
    Mulligan,
    /// A round is under way and the next token is to be drawn.
    AwaitingDraw,
    /// `player`'s token was drawn; they may take exactly one action.
    Activation {
        /// The active player.
        player: PlayerId,
    },
    /// The game has ended.
    GameOver {
        /// The winner, if there is one.
        winner: Option<PlayerId>,
    },
}

impl Phase {
    /// The phase's name for messages and GDScript.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Setup => "setup",
            Phase::Mulligan => "mulligan",
            Phase::AwaitingDraw => "awaiting_draw",
            Phase::Activation { .. } => "activation",
            Phase::GameOver { .. } => "game_over",
        }
    }
}

/// How a player is seated: what the caller provides.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerSetup {
    /// The player's id, unique in the game.
    pub id: PlayerId,
    /// Display name.
    #[serde(default)]
    pub name: String,
    /// The deck, top card last.
    #[serde(default)]
    pub deck: Vec<CardId>,
    /// Energy generated per round; the config's default if absent.
    #[serde(default)]
    pub energy_per_round: Option<u32>,
    /// Resources gained per round; the config's default if absent.
    #[serde(default)]
    pub resources_per_round: Option<u32>,
}

/// One player's state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Player {
    /// The player's id.
    pub id: PlayerId,
    /// Display name.
    pub name: String,
    /// Energy available this round.
    pub energy: u32,
    /// Resources, kept between rounds.
    pub resources: u32,
    /// Energy generated each round.
    pub energy_per_round: u32,
    /// Resources gained each round.
    pub resources_per_round: u32,
    /// Victory points.
    pub victory_points: u32,
    /// Draw pile, top card last.
    pub deck: Vec<CardId>,
    /// Cards in hand, in the order drawn.
    pub hand: Vec<CardId>,
    /// Cards played.
    pub discard: Vec<CardId>,
    /// Hand size drawn up to each round.
    pub hand_limit: u32,
    /// Command tier: index into the config's tiers.
    pub command_tier: u32,
    /// Mulligans taken during setup.
    pub mulligans: u32,
    /// Whether the opening hand is kept.
    pub kept: bool,
    /// Whether the player is out of the game.
    pub eliminated: bool,
}

impl Player {
    /// A freshly seated player.
    pub fn new(setup: PlayerSetup, config: &GameConfig) -> Player {
        Player {
            id: setup.id,
            name: setup.name,
            energy: 0,
            resources: config.starting_resources,
            energy_per_round: setup.energy_per_round.unwrap_or(config.energy_per_round),
            resources_per_round: setup
                .resources_per_round
                .unwrap_or(config.resources_per_round),
            victory_points: 0,
            deck: setup.deck,
            hand: Vec::new(),
            discard: Vec::new(),
            hand_limit: config.hand_limit,
            command_tier: 0,
            mulligans: 0,
            kept: false,
            eliminated: false,
        }
    }

    /// Draws up to `count` cards from the top of the deck into the hand; returns the cards drawn
    /// (fewer than `count` if the deck runs out).
    pub fn draw(&mut self, count: u32) -> Vec<CardId> {
        let take = (count as usize).min(self.deck.len());
        let drawn: Vec<CardId> = self.deck.drain(self.deck.len() - take..).rev().collect();
        self.hand.extend_from_slice(&drawn);
        drawn
    }
}

/// Everything that changes during a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameState {
    /// The game's seed: every random stream derives from it.
    pub seed: u64,
    /// Players in seat order (clockwise).
    pub players: Vec<Player>,
    /// The lifecycle phase.
    pub phase: Phase,
    /// The current round, from 1; 0 before the first.
    pub round: u32,
    /// The owner of the last drawn token (stays set after their action until the next draw).
    pub active: Option<PlayerId>,
    /// The command token bag of the current round.
    pub bag: Bag,
    /// Who acts next when the config's activation order is not the bag.
    #[serde(default)]
    pub sequencer: Sequencer,
    /// The players' nonces for this round's shuffle, when the config asks for them (left out of
    /// saves of games without them, which stay as they were).
    #[serde(default, skip_serializing_if = "RoundEntropy::is_unused")]
    pub entropy: RoundEntropy,
    /// Units, buildings and tokens in play.
    pub objects: Vec<GameObject>,
    /// Continuous effects on objects, oldest first.
    pub effects: Vec<ContinuousEffect>,
    /// Counters for ids and timestamps.
    pub counters: Counters,
    /// Deck shuffles (setup and mulligans).
    pub deck_rng: RandomStream,
    /// Bot decisions.
    pub bot_rng: RandomStream,
}

/// The players' part in a round's shuffle (config `player_entropy`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundEntropy {
    /// Living players who have not added their nonce yet; the round's first draw waits for them.
    pub pending: Vec<PlayerId>,
    /// The nonces added so far, in order.
    pub nonces: Vec<(PlayerId, Bytes32)>,
}

impl RoundEntropy {
    /// Whether nothing is pending or recorded.
    pub fn is_unused(&self) -> bool {
        self.pending.is_empty() && self.nonces.is_empty()
    }
}

/// Monotonic counters for ids and timestamps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Counters {
    /// The next object id.
    pub object: u32,
    /// The next continuous-effect id.
    pub effect: u32,
    /// The next timestamp (objects and effects share the clock, as in Magic 613.7).
    pub timestamp: u64,
    /// The next resolved-action id.
    pub action: u64,
}

impl Counters {
    /// Takes the next timestamp.
    pub fn tick(&mut self) -> u64 {
        self.timestamp += 1;
        self.timestamp
    }
}

impl GameState {
    /// The player with `id`, if seated.
    pub fn player(&self, id: PlayerId) -> Option<&Player> {
        self.players.iter().find(|p| p.id == id)
    }

    /// The player with `id`, mutably, if seated.
    pub fn player_mut(&mut self, id: PlayerId) -> Option<&mut Player> {
        self.players.iter_mut().find(|p| p.id == id)
    }

    /// Seat index of `id`.
    pub fn seat(&self, id: PlayerId) -> Option<usize> {
        self.players.iter().position(|p| p.id == id)
    }

    /// Players still in the game, in seat order.
    pub fn living(&self) -> impl Iterator<Item = &Player> {
        self.players.iter().filter(|p| !p.eliminated)
    }

    /// Whether the game has started and not ended.
    pub fn is_running(&self) -> bool {
        !matches!(self.phase, Phase::Setup | Phase::GameOver { .. })
    }
}
