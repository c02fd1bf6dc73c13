//! Objects in play and the continuous effects on them, applied in the layer order of Magic's
//! comprehensive rules 613.4 (power/toughness sublayers of layer 7):
//!
//! | Sublayer | What applies |
//! |---|---|
//! | 7a | characteristic-defining abilities ([`Cda`]) replace the printed power/toughness |
//! | 7b | effects that *set* power/toughness, in timestamp order (the latest wins) |
//! | 7c | effects that *modify* power/toughness, and +1/+1 and −1/−1 counters |
//! | 7d | effects that *switch* power and toughness, in timestamp order |
//!
//! Within a sublayer effects apply in timestamp order (613.7). After every action the values are
//! recomputed, then state-based actions run until nothing changes: +1/+1 and −1/−1 counters on the
//! same object cancel in pairs (704.5q) and an object with toughness 0 or less is destroyed
//! (704.5f). Effects "until end of round" end in the round's cleanup.

use serde::{Deserialize, Serialize};

use crate::game::Emitter;
use crate::game::effects::{Cda, ObjectKind};
use crate::game::event::Event;
use crate::game::state::GameState;
use crate::ids::{EffectId, ObjectId, PlayerId};

/// A unit, building or token in play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    /// 7d: power and toughness trade places.
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

/// Power and toughness of `object` after layers 7a–7d.
pub fn characteristics(state: &GameState, object: &GameObject) -> (i64, i64) {
    let (mut power, mut toughness) = match object.cda {
        Some(cda) => {
            let value = cda.value(state, object.owner);
            (value, value)
        }
        None => (object.base_power, object.base_toughness),
    };
    // `state.effects` is kept in timestamp order, so each sublayer applies them oldest first.
    let effects = || state.effects.iter().filter(|e| e.object == object.id);
    for effect in effects() {
        if let LayerChange::Set {
            power: p,
            toughness: t,
        } = effect.change
        {
            (power, toughness) = (p, t);
        }
    }
    for effect in effects() {
        if let LayerChange::Modify {
            power: p,
            toughness: t,
        } = effect.change
        {
            power = power.saturating_add(p);
            toughness = toughness.saturating_add(t);
        }
    }
    let counters = i64::from(object.plus_counters) - i64::from(object.minus_counters);
    power = power.saturating_add(counters);
    toughness = toughness.saturating_add(counters);
    for effect in effects() {
        if effect.change == LayerChange::Switch {
            std::mem::swap(&mut power, &mut toughness);
        }
    }
    (power, toughness)
}

/// Recomputes every object's power and toughness, then runs state-based actions until none
/// apply. Emits [`Event::ObjectChanged`], [`Event::ObjectDestroyed`] and [`Event::EffectExpired`].
pub fn settle(state: &mut GameState, out: &mut Emitter) {
    loop {
        for object in &mut state.objects {
            let pairs = object.plus_counters.min(object.minus_counters);
            object.plus_counters -= pairs;
            object.minus_counters -= pairs;
        }
        let computed: Vec<(i64, i64)> = state
            .objects
            .iter()
            .map(|object| characteristics(state, object))
            .collect();
        for (object, (power, toughness)) in state.objects.iter_mut().zip(computed) {
            if (object.power, object.toughness) != (power, toughness) {
                object.power = power;
                object.toughness = toughness;
                out.push(Event::ObjectChanged {
                    object: object.id,
                    power,
                    toughness,
                });
            }
        }
        let doomed: Vec<ObjectId> = state
            .objects
            .iter()
            .filter(|o| o.toughness <= 0)
            .map(|o| o.id)
            .collect();
        if doomed.is_empty() {
            return;
        }
        state.objects.retain(|o| !doomed.contains(&o.id));
        for object in doomed {
            out.push(Event::ObjectDestroyed { object });
        }
        expire(state, out, |effect, state| {
            !state.objects.iter().any(|o| o.id == effect.object)
        });
    }
}

/// Ends every effect "until end of round" (the round's cleanup) and settles the layers.
pub fn end_of_round_cleanup(state: &mut GameState, out: &mut Emitter) {
    expire(state, out, |effect, _| effect.until_end_of_round);
    settle(state, out);
}

fn expire(
    state: &mut GameState,
    out: &mut Emitter,
    ends: impl Fn(&ContinuousEffect, &GameState) -> bool,
) {
    let ended: Vec<EffectId> = state
        .effects
        .iter()
        .filter(|e| ends(e, state))
        .map(|e| e.id)
        .collect();
    state.effects.retain(|e| !ended.contains(&e.id));
    for effect in ended {
        out.push(Event::EffectExpired { effect });
    }
}
