//! What happened: the events [`crate::game::Game::apply`] returns, in order, and the log records.

use serde::{Deserialize, Serialize};

use crate::fairness::Bytes32;
use crate::game::activation::ActivationOrder;
use crate::game::command::Action;
use crate::game::objects::ObjectKind;
use crate::ids::{ActionId, CardId, EffectId, ObjectId, PlayerId, TokenId};

/// One thing that happened.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// Setup ended: decks are shuffled and opening hands dealt.
    GameStarted {
        /// Players in seat order.
        players: Vec<PlayerId>,
    },
    /// A player drew an opening hand (first deal or after a mulligan).
    OpeningHandDrawn {
        /// Who.
        player: PlayerId,
        /// Cards drawn.
        cards: u32,
    },
    /// A player shuffled their hand back and drew a new one.
    MulliganTaken {
        /// Who.
        player: PlayerId,
        /// Mulligans taken so far.
        mulligans: u32,
    },
    /// A player kept their hand, putting `bottomed` cards on the bottom of their deck.
    HandKept {
        /// Who.
        player: PlayerId,
        /// Cards put on the bottom.
        bottomed: u32,
    },
    /// A round began.
    RoundStarted {
        /// Its number, from 1.
        round: u32,
    },
    /// A player's energy was reset and generated for the round.
    EnergyGenerated {
        /// Who.
        player: PlayerId,
        /// Their energy now.
        energy: u32,
    },
    /// A player's resources grew for the round.
    ResourcesGained {
        /// Who.
        player: PlayerId,
        /// Their resources now.
        resources: u32,
    },
    /// A player drew cards.
    CardsDrawn {
        /// Who.
        player: PlayerId,
        /// How many (fewer than asked if the deck ran out).
        count: u32,
    },
    /// The round's commitment, published before its first draw (see [`crate::fairness`]).
    RoundCommitted {
        /// The round.
        round: u32,
        /// SHA-256 over the round's secret key and salt.
        commitment: Bytes32,
        /// The id of the round's first token.
        first_token: TokenId,
        /// Whether draws follow the bag or a sequencer.
        order: ActivationOrder,
        /// Whether every living player adds a nonce before the first draw.
        #[serde(default)]
        entropy: bool,
        /// The mercy rule's longest run of one player's draws, if the config sets one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        max_streak: Option<u32>,
    },
    /// A player's nonce for the round's shuffle (see [`crate::fairness`]).
    EntropyAdded {
        /// Whose.
        player: PlayerId,
        /// The nonce.
        nonce: Bytes32,
    },
    /// The round's secret, revealed after its last draw (or when the game ends mid-round): every
    /// client can now check the round's draws against the commitment.
    RoundRevealed {
        /// The round.
        round: u32,
        /// The key whose ChaCha20 stream shuffled the bag.
        key: Bytes32,
        /// The commitment's salt.
        salt: Bytes32,
    },
    /// Private to `player`: the cards they just drew (the public event says only how many).
    PrivateDraw {
        /// Who drew them, the only viewer who sees this event.
        player: PlayerId,
        /// The cards, in the order drawn.
        cards: Vec<CardId>,
    },
    /// Token prediction: the owners of the round's next draws as the player with foresight sees
    /// them now (as many as their foresight, fewer near the round's end), the only viewer who
    /// sees this event. Sent whenever that changes: a draw, a round's seal, a change of the bag.
    PrivatePeek {
        /// Who sees it.
        player: PlayerId,
        /// Whose tokens come next, in order.
        upcoming: Vec<PlayerId>,
    },
    /// A player put their tokens into the bag.
    TokensContributed {
        /// Who.
        player: PlayerId,
        /// How many.
        tokens: u32,
    },
    /// The round's bag is filled and shuffled.
    BagFilled {
        /// Tokens in it.
        tokens: u32,
    },
    /// A token was drawn.
    TokenDrawn {
        /// Its owner, who is now the active player.
        player: PlayerId,
        /// The token.
        token: TokenId,
        /// Tokens left in the bag.
        remaining: u32,
    },
    /// The last token left the bag; the round ends after the active player's action.
    BagEmptied,
    /// A player became the active player.
    TurnChanged {
        /// Who.
        player: PlayerId,
    },
    /// An action or reaction resolved.
    ActionResolved {
        /// Its id, unique in the game.
        id: ActionId,
        /// Who performed it.
        player: PlayerId,
        /// What it was (boxed: most events are far smaller, and the log holds many).
        action: Box<Action>,
        /// The action that triggered it, for reactions.
        cause: Option<ActionId>,
        /// 0 for the active player's action, 1 for its reactions, and so on.
        depth: u32,
    },
    /// A card was played from hand.
    CardPlayed {
        /// Who.
        player: PlayerId,
        /// Which card.
        card: CardId,
    },
    /// A player's energy or resources were paid or gained by an action.
    PurseChanged {
        /// Whose.
        player: PlayerId,
        /// Energy now.
        energy: u32,
        /// Resources now.
        resources: u32,
    },
    /// A player's victory points changed.
    VictoryPointsChanged {
        /// Whose.
        player: PlayerId,
        /// Victory points now.
        victory_points: u32,
    },
    /// A player's energy generation changed.
    EnergyPerRoundChanged {
        /// Whose.
        player: PlayerId,
        /// Energy per round now.
        energy_per_round: u32,
    },
    /// A player reached a new command tier; it counts from the next round's bag.
    CommandUpgraded {
        /// Who.
        player: PlayerId,
        /// The new tier.
        tier: u32,
        /// Tokens per round from the next round.
        tokens: u32,
    },
    /// A unit, building or token object entered play.
    ObjectCreated {
        /// Its id.
        object: ObjectId,
        /// Its controller.
        owner: PlayerId,
        /// Its name.
        name: String,
        /// Unit, building or token.
        kind: ObjectKind,
    },
    /// An object's power or toughness changed after the layers were applied.
    ObjectChanged {
        /// Which.
        object: ObjectId,
        /// Power now.
        power: i64,
        /// Toughness now.
        toughness: i64,
    },
    /// An object left play (toughness 0 or less).
    ObjectDestroyed {
        /// Which.
        object: ObjectId,
    },
    /// A continuous effect began.
    EffectAdded {
        /// Its id.
        effect: EffectId,
        /// The object it affects.
        object: ObjectId,
    },
    /// A continuous effect ended (end of round, or its object left play).
    EffectExpired {
        /// Its id.
        effect: EffectId,
    },
    /// The active player's activation is over.
    ActivationEnded {
        /// Whose.
        player: PlayerId,
    },
    /// The active player's action was taken back; they act again on the same token.
    ActionUndone {
        /// Whose.
        player: PlayerId,
    },
    /// A round ended.
    RoundEnded {
        /// Its number.
        round: u32,
    },
    /// A player left the game; their remaining tokens left the bag.
    PlayerEliminated {
        /// Who.
        player: PlayerId,
        /// Tokens taken out of the bag.
        tokens_removed: u32,
    },
    /// A double-action token was drawn: its owner takes two actions in this activation (an
    /// [`Event::ExtraAction`] opens the second).
    DoubleActionDrawn {
        /// Whose.
        player: PlayerId,
    },
    /// The active player's first action of a double-action token resolved; they take one more.
    ExtraAction {
        /// Who.
        player: PlayerId,
    },
    /// A pass's reactions were refused — a reaction rule or the game's reaction hook broke a
    /// limit, or gave a reaction the rules refuse — and were taken back: the pass stands
    /// without them, so that an activation can always end.
    ReactionsDropped {
        /// Who passed.
        player: PlayerId,
        /// Why the reactions were refused.
        reason: String,
    },
    /// A reaction was skipped: the object its context aimed at, in play when the reaction was
    /// chosen, left play before it resolved (an earlier reaction destroyed it). It resolves
    /// nothing and triggers nothing; its trigger and the other reactions stand.
    ReactionSkipped {
        /// Whose reaction.
        player: PlayerId,
        /// Its action kind.
        kind: String,
        /// The object it aimed at.
        object: ObjectId,
    },
    /// A card or structure granted a double-action token: into this round's bag
    /// (`this_round`, a [`Event::TokensAdded`] follows) or the next round's.
    DoubleActionGranted {
        /// To whom.
        player: PlayerId,
        /// Whether it went into this round's bag.
        this_round: bool,
    },
    /// A player put one of their faction's reserve tokens into this round's bag (a
    /// [`Event::TokensAdded`] follows).
    ReserveCommitted {
        /// Who.
        player: PlayerId,
        /// Reserve tokens they still hold back.
        left: u32,
    },
    /// A card or structure put more of a player's tokens into this round's bag.
    TokensAdded {
        /// Whose.
        player: PlayerId,
        /// How many.
        count: u32,
    },
    /// A card or structure took some of a player's tokens out of this round's bag (the ones
    /// they would have drawn next).
    TokensRemoved {
        /// Whose.
        player: PlayerId,
        /// How many.
        count: u32,
    },
    /// A player's display name changed.
    PlayerRenamed {
        /// Who.
        player: PlayerId,
        /// The new name.
        name: String,
    },
    /// The game ended.
    GameOver {
        /// The winner, if there is one.
        winner: Option<PlayerId>,
    },
}

impl Event {
    /// Whether `viewer` (a player, or `None` for a spectator) may see this event: everything is
    /// public except a [`Event::PrivateDraw`] and a [`Event::PrivatePeek`], which only their
    /// player sees.
    pub fn visible_to(&self, viewer: Option<PlayerId>) -> bool {
        match self {
            Event::PrivateDraw { player, .. } | Event::PrivatePeek { player, .. } => {
                viewer == Some(*player)
            }
            _ => true,
        }
    }

    /// Whether this event shows its player something hidden: cards drawn from their deck, or
    /// the owners of the bag's next draws. An action that made such an event cannot be undone.
    pub fn reveals(&self) -> bool {
        match self {
            Event::PrivateDraw { cards, .. } => !cards.is_empty(),
            Event::PrivatePeek { upcoming, .. } => !upcoming.is_empty(),
            _ => false,
        }
    }
}

/// An event as the log keeps it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventRecord {
    /// Position in the log, from 1.
    pub seq: u64,
    /// The round it happened in (0 during setup).
    pub round: u32,
    /// Index of the command that caused it, from 0.
    pub command: u64,
    /// The resolving action it came from, if any.
    pub cause: Option<ActionId>,
    /// What happened.
    pub event: Event,
}
