//! The game's state: players in seat order, the phase, the bag, objects and effects, and the random
//! streams. Plain data; it changes only inside [`crate::game::Game::apply`].

use serde::{Deserialize, Serialize};

use crate::bag::Bag;
use crate::fairness::Bytes32;
use crate::game::activation::Sequencer;
use crate::game::config::GameConfig;
use crate::game::objects::{ContinuousEffect, GameObject};
use crate::ids::{CardId, ObjectId, PlayerId};
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
    /// How many of the next draws the player sees from the start (token prediction); 0 by
    /// default (and then left out of saves and replays).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub foresight: u32,
    /// The player's faction, one of the config's `factions` (asymmetric tokens); none by default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub faction: Option<String>,
}

/// Whether `n` is 0 (for leaving default counts out of saves).
pub(crate) fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// The most cards one player's deck may start with. Cards only move between a player's deck,
/// hand and discard pile, so no player ever holds more.
pub const MAX_CARDS_PER_PLAYER: usize = 1_000;

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
    /// How many of the round's next draws the player sees (token prediction: effect
    /// `foresight`, or their setup); they alone receive [`crate::Event::PrivatePeek`].
    #[serde(default, skip_serializing_if = "is_zero")]
    pub foresight: u32,
    /// Their faction, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub faction: Option<String>,
    /// Reserve tokens still held back (their faction's), each to put into a round's bag once.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub reserve: u32,
    /// Double-action tokens granted for the next round, put into its bag with their tokens.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub double_actions_next_round: u32,
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
            foresight: setup.foresight,
            reserve: setup
                .faction
                .as_ref()
                .and_then(|name| config.factions.get(name))
                .map_or(0, |f| f.reserve_tokens),
            faction: setup.faction,
            double_actions_next_round: 0,
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

    /// Makes `self` equal to `source`, reusing the allocations `self` already holds.
    fn copy_from(&mut self, source: &Player) {
        // Destructured so that a new field cannot be forgotten here.
        let Player {
            id,
            name,
            energy,
            resources,
            energy_per_round,
            resources_per_round,
            victory_points,
            deck,
            hand,
            discard,
            hand_limit,
            command_tier,
            mulligans,
            kept,
            eliminated,
            foresight,
            faction,
            reserve,
            double_actions_next_round,
        } = source;
        self.id = *id;
        self.name.clone_from(name);
        self.energy = *energy;
        self.resources = *resources;
        self.energy_per_round = *energy_per_round;
        self.resources_per_round = *resources_per_round;
        self.victory_points = *victory_points;
        self.deck.clone_from(deck);
        self.hand.clone_from(hand);
        self.discard.clone_from(discard);
        self.hand_limit = *hand_limit;
        self.command_tier = *command_tier;
        self.mulligans = *mulligans;
        self.kept = *kept;
        self.eliminated = *eliminated;
        self.foresight = *foresight;
        self.faction.clone_from(faction);
        self.reserve = *reserve;
        self.double_actions_next_round = *double_actions_next_round;
    }
}

/// Everything that changes during a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameState {
    /// The game's seed: every random stream derives from it, unless the game has a key.
    pub seed: u64,
    /// Where every hidden random stream comes from once set by
    /// [`crate::game::command::Command::Rekey`] (left out of saves of games without one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<Bytes32>,
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
    /// Actions the active player may still take after the current one (a double-action token).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub extra_actions: u32,
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

impl GameState {
    /// Makes `self` equal to `source`, reusing the allocations `self` already holds: how
    /// [`crate::game::Game::apply`] makes its working copy of the state without allocating
    /// (objects' names and a seat or initiative order aside, which are cloned).
    pub fn copy_from(&mut self, source: &GameState) {
        // Destructured so that a new field cannot be forgotten here.
        let GameState {
            seed,
            key,
            players,
            phase,
            round,
            active,
            bag,
            sequencer,
            extra_actions,
            entropy,
            objects,
            effects,
            counters,
            deck_rng,
            bot_rng,
        } = source;
        self.seed = *seed;
        self.key = *key;
        self.players.truncate(players.len());
        let kept = self.players.len();
        for (mine, theirs) in self.players.iter_mut().zip(players) {
            mine.copy_from(theirs);
        }
        self.players.extend_from_slice(&players[kept..]);
        self.phase = *phase;
        self.round = *round;
        self.active = *active;
        self.bag.copy_from(bag);
        self.sequencer.clone_from(sequencer);
        self.extra_actions = *extra_actions;
        self.entropy.pending.clone_from(&entropy.pending);
        self.entropy.nonces.clone_from(&entropy.nonces);
        self.objects.clone_from(objects);
        self.effects.clone_from(effects);
        self.counters = *counters;
        self.deck_rng.clone_from(deck_rng);
        self.bot_rng.clone_from(bot_rng);
    }
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

    /// Whether object `id` is in play.
    pub fn in_play(&self, id: ObjectId) -> bool {
        self.objects.iter().any(|o| o.id == id)
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
