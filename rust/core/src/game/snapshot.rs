//! What one viewer may know: the game as a client sees it.
//!
//! A [`Snapshot`] is the state with every secret taken out — no seed, no random stream, no order
//! of the tokens still in the bag, no deck order, and no other player's hand (only its size). A
//! server sends each client [`Game::snapshot_for`] its player and the log's
//! [`Game::events_for`] that player; nothing else about the game needs to leave the server.

use serde::{Deserialize, Serialize};

use crate::bag::{PlayerTally, Token};
use crate::error::GameError;
use crate::fairness::Bytes32;
use crate::game::Game;
use crate::game::bag_effects;
use crate::game::config::GameConfig;
use crate::game::event::EventRecord;
use crate::game::flow::round_secret;
use crate::game::mulligan::cards_to_bottom;
use crate::game::objects::{ContinuousEffect, GameObject};
use crate::game::state::{GameState, Phase, Player};
use crate::ids::{CardId, PlayerId};

/// The game as `viewer` sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Snapshot {
    /// Whose view this is; `None` for a spectator.
    pub viewer: Option<PlayerId>,
    /// The newest logged event this snapshot includes.
    pub seq: u64,
    /// The current round, from 1; 0 before the first.
    pub round: u32,
    /// The lifecycle phase.
    pub phase: Phase,
    /// The owner of the last drawn token.
    pub active: Option<PlayerId>,
    /// Players in seat order.
    pub players: Vec<PlayerView>,
    /// The bag's public side.
    pub bag: BagView,
    /// Units, buildings and tokens in play.
    pub objects: Vec<GameObject>,
    /// Continuous effects on objects, oldest first.
    pub effects: Vec<ContinuousEffect>,
    /// The current round's fairness commitment (none before round 1 or after the game).
    pub commitment: Option<Bytes32>,
    /// Players whose nonce the round's first draw waits for (config `player_entropy`).
    pub awaiting_entropy: Vec<PlayerId>,
}

/// One player as a viewer sees them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerView {
    /// The player's id.
    pub id: PlayerId,
    /// Display name.
    pub name: String,
    /// Energy available this round.
    pub energy: u32,
    /// Resources.
    pub resources: u32,
    /// Energy generated each round.
    pub energy_per_round: u32,
    /// Resources gained each round.
    pub resources_per_round: u32,
    /// Victory points.
    pub victory_points: u32,
    /// Cards left in the draw pile (its order is nobody's to see).
    pub deck_size: u32,
    /// Cards in hand.
    pub hand_size: u32,
    /// The cards in hand, only in the viewer's own view.
    pub hand: Option<Vec<CardId>>,
    /// With foresight (token prediction), only in the viewer's own view: the owners of the
    /// round's next draws, as their latest [`crate::Event::PrivatePeek`] said.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub foreseen: Option<Vec<PlayerId>>,
    /// Cards played.
    pub discard: Vec<CardId>,
    /// Hand size drawn up to each round.
    pub hand_limit: u32,
    /// Command tier.
    pub command_tier: u32,
    /// Mulligans taken during setup.
    pub mulligans: u32,
    /// Whether the opening hand is kept.
    pub kept: bool,
    /// Cards keeping the hand now puts on the bottom (the mulligans that count).
    pub cards_to_bottom: u32,
    /// Whether the player is out of the game.
    pub eliminated: bool,
    /// The player's faction (asymmetric tokens), which every seat sees; absent without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub faction: Option<String>,
    /// The faction's reserve tokens the player still holds back, which every seat sees (each
    /// one put into a bag is announced); absent when none.
    #[serde(default, skip_serializing_if = "crate::game::state::is_zero")]
    pub reserve: u32,
}

/// The bag as everyone sees it: counts and what has been drawn, never what comes next.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BagView {
    /// Tokens left to draw.
    pub remaining: u32,
    /// Every player's share this round, in the order they put tokens in.
    pub players: Vec<PlayerTally>,
    /// Tokens drawn this round, oldest first.
    pub drawn: Vec<Token>,
    /// The mercy rule's cap on one player's draws in a row (config `max_streak`), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_streak: Option<u32>,
    /// In seat or initiative order, who acts in the round's activations left, as
    /// [`crate::game::GameView::upcoming_activations`] tells anyone (the order is public);
    /// empty when the bag decides, whose order is secret, and while the round waits for nonces.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub upcoming: Vec<PlayerId>,
}

impl PlayerView {
    fn of(
        config: &GameConfig,
        state: &GameState,
        player: &Player,
        viewer: Option<PlayerId>,
    ) -> PlayerView {
        PlayerView {
            id: player.id,
            name: player.name.clone(),
            energy: player.energy,
            resources: player.resources,
            energy_per_round: player.energy_per_round,
            resources_per_round: player.resources_per_round,
            victory_points: player.victory_points,
            deck_size: player.deck.len() as u32,
            hand_size: player.hand.len() as u32,
            hand: (viewer == Some(player.id)).then(|| player.hand.clone()),
            foreseen: (viewer == Some(player.id) && player.foresight > 0)
                .then(|| bag_effects::foreseen(state, player)),
            discard: player.discard.clone(),
            hand_limit: player.hand_limit,
            command_tier: player.command_tier,
            mulligans: player.mulligans,
            kept: player.kept,
            cards_to_bottom: cards_to_bottom(config, state, player),
            eliminated: player.eliminated,
            faction: player.faction.clone(),
            reserve: player.reserve,
        }
    }
}

impl Game {
    /// The game as `viewer` may see it (`None`: a spectator, who sees no hand). Fails for a
    /// viewer who is not seated.
    pub fn snapshot_for(&self, viewer: Option<PlayerId>) -> Result<Snapshot, GameError> {
        self.check_viewer(viewer)?;
        let state = self.state();
        let in_round = matches!(state.phase, Phase::AwaitingDraw | Phase::Activation { .. });
        Ok(Snapshot {
            viewer,
            seq: self.last_seq(),
            round: state.round,
            phase: state.phase,
            active: state.active,
            players: state
                .players
                .iter()
                .map(|p| PlayerView::of(&self.config, state, p, viewer))
                .collect(),
            bag: BagView {
                remaining: state.bag.remaining(),
                players: state.bag.tallies().to_vec(),
                drawn: state.bag.drawn_history().to_vec(),
                max_streak: self.config().max_streak,
                upcoming: (in_round && state.entropy.pending.is_empty())
                    .then(|| {
                        self.view()
                            .upcoming_activations(state.bag.remaining() as usize)
                    })
                    .flatten()
                    .unwrap_or_default(),
            },
            objects: state.objects.clone(),
            effects: state.effects.clone(),
            commitment: in_round.then(|| round_secret(state, state.round).commitment(state.round)),
            awaiting_entropy: state.entropy.pending.clone(),
        })
    }

    /// The logged events after `since_seq` that `viewer` may see (see
    /// [`crate::game::event::Event::visible_to`]), oldest first. Fails for a viewer who is not
    /// seated.
    pub fn events_for(
        &self,
        viewer: Option<PlayerId>,
        since_seq: u64,
    ) -> Result<Vec<EventRecord>, GameError> {
        self.check_viewer(viewer)?;
        Ok(self
            .events_since(since_seq)
            .iter()
            .filter(|record| record.event.visible_to(viewer))
            .cloned()
            .collect())
    }

    fn check_viewer(&self, viewer: Option<PlayerId>) -> Result<(), GameError> {
        match viewer {
            Some(player) if self.state().player(player).is_none() => {
                Err(GameError::UnknownPlayer { player })
            }
            _ => Ok(()),
        }
    }
}
