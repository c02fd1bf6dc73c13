//! What cards, structures and action kinds can do, as data: the [`Effect`] vocabulary a config
//! is written in. [`crate::game::effects`] runs it.

use serde::{Deserialize, Serialize};

use crate::game::objects::{Cda, ObjectKind};

/// Whose tokens a token effect changes, seen from the acting player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TokenOwner {
    /// The acting player's.
    Own,
    /// Every other living player's.
    Opponents,
}

/// An object to put into play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ObjectDef {
    /// Its name.
    pub name: String,
    /// Unit, building or token.
    pub kind: ObjectKind,
    /// Printed power.
    #[serde(default)]
    pub power: i64,
    /// Printed toughness.
    #[serde(default)]
    pub toughness: i64,
    /// A characteristic-defining ability, if any.
    #[serde(default)]
    pub cda: Option<Cda>,
}

/// Which objects an effect applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Target {
    /// The object whose id is the action context's `"target"`.
    Context,
    /// The objects this same action created so far.
    Created,
    /// Every object the acting player controls.
    Own,
    /// Every object the other players control.
    Opponents,
}

/// +1/+1 or −1/−1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Counter {
    /// A +1/+1 counter.
    #[serde(rename = "+1/+1")]
    PlusOne,
    /// A −1/−1 counter.
    #[serde(rename = "-1/-1")]
    MinusOne,
}

/// One thing a card, structure or action kind does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "effect", rename_all = "snake_case", deny_unknown_fields)]
pub enum Effect {
    /// The acting player gains (or, if negative, loses) energy; never below 0.
    GainEnergy {
        /// Amount.
        amount: i64,
    },
    /// The acting player gains (or loses) resources; never below 0.
    GainResources {
        /// Amount.
        amount: i64,
    },
    /// The acting player gains (or loses) victory points; never below 0.
    GainVictoryPoints {
        /// Amount.
        amount: i64,
    },
    /// The acting player's energy per round changes; never below 0.
    GainEnergyPerRound {
        /// Amount.
        amount: i64,
    },
    /// The acting player draws cards (fewer if the deck runs out).
    DrawCards {
        /// How many.
        count: u32,
    },
    /// Puts an object into play on the acting player's side.
    CreateObject {
        /// The object.
        object: ObjectDef,
    },
    /// Layer 7b: sets power and toughness.
    SetPowerToughness {
        /// Which objects.
        target: Target,
        /// New power.
        power: i64,
        /// New toughness.
        toughness: i64,
        /// Ends in the round's cleanup if true; otherwise lasts while the object is in play.
        #[serde(default)]
        until_end_of_round: bool,
    },
    /// Layer 7c: changes power and toughness.
    ModifyPowerToughness {
        /// Which objects.
        target: Target,
        /// Power change.
        power: i64,
        /// Toughness change.
        toughness: i64,
        /// Ends in the round's cleanup if true.
        #[serde(default)]
        until_end_of_round: bool,
    },
    /// Layer 7e: switches power and toughness.
    SwitchPowerToughness {
        /// Which objects.
        target: Target,
        /// Ends in the round's cleanup if true.
        #[serde(default)]
        until_end_of_round: bool,
    },
    /// Layer 7d: puts counters on objects.
    AddCounters {
        /// Which objects.
        target: Target,
        /// Which counter.
        counter: Counter,
        /// How many.
        count: u32,
    },
    /// Token prediction: from now on the acting player sees the owners of `count` more of each
    /// round's next draws ([`crate::Event::PrivatePeek`], only to them), up to
    /// [`crate::game::bag_effects::MAX_FORESIGHT`] in all.
    Foresight {
        /// How many more draws.
        count: u32,
    },
    /// A special token (seed 000): the acting player gets a double-action token — drawn, it
    /// gives two actions in one activation — into this round's bag (`this_round`, bag order
    /// only) or into the next round's.
    GrantDoubleAction {
        /// This round's bag, or the next round's.
        this_round: bool,
    },
    /// Puts `count` more tokens of each player of `whose` into this round's bag (as many as fit
    /// under the bag's 64 a player a round): more activations this round. Bag order only.
    AddTokens {
        /// Whose.
        whose: TokenOwner,
        /// How many each.
        count: u32,
    },
    /// Takes up to `count` tokens of each player of `whose` out of this round's bag — the ones
    /// they would draw next: fewer activations this round. Bag order only.
    RemoveTokens {
        /// Whose.
        whose: TokenOwner,
        /// How many each.
        count: u32,
    },
}

impl Effect {
    /// The objects the effect applies to, for an effect that targets any.
    pub fn target(&self) -> Option<Target> {
        match self {
            Effect::SetPowerToughness { target, .. }
            | Effect::ModifyPowerToughness { target, .. }
            | Effect::SwitchPowerToughness { target, .. }
            | Effect::AddCounters { target, .. } => Some(*target),
            _ => None,
        }
    }

    /// Whether the effect changes the round's bag (which only bag order allows).
    pub fn changes_the_bag(&self) -> bool {
        matches!(
            self,
            Effect::AddTokens { .. }
                | Effect::RemoveTokens { .. }
                | Effect::GrantDoubleAction { this_round: true }
        )
    }
}
