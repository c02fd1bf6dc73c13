//! What is in play, as data: units, buildings and tokens, and the continuous effects on them.
//! [`crate::game::layers`] applies the effects; [`crate::game::effects`] puts objects into play.

use serde::{Deserialize, Serialize};

use crate::ids::{EffectId, ObjectId, PlayerId};

/// What kind of object.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ObjectKind {
    /// A unit, from a card.
    Unit,
    /// A building, from a `build` action.
    Building,
    /// A token object, from a `create_token` action or effect.
    Token,
}

/// A characteristic-defining ability: power and toughness both equal a count (layer 7a).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cda {
    /// Cards in the controller's hand.
    HandSize,
    /// Objects the controller has in play (this one included).
    ObjectCount,
}

/// A unit, building or token in play.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameObject {
    /// Its id.
    pub id: ObjectId,
    /// The player who controls it.
    pub owner: PlayerId,
    /// Its name.
    pub name: String,
    /// Unit, building or token.
    pub kind: ObjectKind,
    /// Printed power.
    pub base_power: i64,
    /// Printed toughness.
    pub base_toughness: i64,
    /// A characteristic-defining ability, if any (layer 7a).
    pub cda: Option<Cda>,
    /// +1/+1 counters.
    pub plus_counters: u32,
    /// −1/−1 counters.
    pub minus_counters: u32,
    /// When it entered play.
    pub timestamp: u64,
    /// Power after all layers.
    pub power: i64,
    /// Toughness after all layers.
    pub toughness: i64,
}

impl Clone for GameObject {
    fn clone(&self) -> Self {
        GameObject {
            name: self.name.clone(),
            ..*self
        }
    }

    /// Reuses the name's allocation: a state's working copy copies every object in play.
    fn clone_from(&mut self, source: &Self) {
        let mut name = std::mem::take(&mut self.name);
        name.clone_from(&source.name);
        *self = GameObject { name, ..*source };
    }
}

/// How a continuous effect changes power and toughness; the variant decides the sublayer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "change", rename_all = "snake_case")]
pub enum LayerChange {
    /// 7b: power and toughness become these values.
    Set {
        /// New power.
        power: i64,
        /// New toughness.
        toughness: i64,
    },
    /// 7c: power and toughness change by these amounts.
    Modify {
        /// Power change.
        power: i64,
        /// Toughness change.
        toughness: i64,
    },
    /// 7e: power and toughness trade places.
    Switch,
}

/// A continuous effect on one object.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContinuousEffect {
    /// Its id.
    pub id: EffectId,
    /// When it began: the order within its sublayer.
    pub timestamp: u64,
    /// The object it affects.
    pub object: ObjectId,
    /// What it does.
    pub change: LayerChange,
    /// Whether it ends in the round's cleanup.
    pub until_end_of_round: bool,
}
