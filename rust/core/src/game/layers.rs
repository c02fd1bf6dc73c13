//! Objects in play and the continuous effects on them, applied in the layer order of Magic's
//! comprehensive rules 613.4 (power/toughness sublayers of layer 7), numbered as seed 001 numbers
//! them (7c modify, 7d counters; today's rules fold counters into 7c and call the switch 7d; the
//! order of application is the same):
//!
//! | Sublayer | What applies |
//! |---|---|
//! | 7a | characteristic-defining abilities ([`Cda`]) replace the printed power/toughness |
//! | 7b | effects that *set* power/toughness, in timestamp order (the latest wins) |
//! | 7c | effects that *modify* power/toughness |
//! | 7d | +1/+1 and −1/−1 counters |
//! | 7e | effects that *switch* power and toughness, in timestamp order |
//!
//! Within a sublayer effects apply in timestamp order (613.7). After every action the values are
//! recomputed, then state-based actions run until nothing changes: +1/+1 and −1/−1 counters on the
//! same object cancel in pairs (704.5q) and an object with toughness 0 or less is destroyed
//! (704.5f). Effects "until end of round" end in the round's cleanup.

use crate::game::emitter::Emitter;
use crate::game::event::Event;
use crate::game::objects::{Cda, ContinuousEffect, GameObject, LayerChange};
use crate::game::state::GameState;
use crate::ids::{EffectId, ObjectId, PlayerId};

/// Power and toughness of every object, in the order of `state.objects`, after layers 7a–7e:
/// one pass over the effects per sublayer, each applying them oldest first (`state.effects` is
/// kept in timestamp order).
pub fn characteristics(state: &GameState) -> Vec<(i64, i64)> {
    let objects = &state.objects;
    let mut values: Vec<(i64, i64)> = objects
        .iter()
        .map(|object| match object.cda {
            Some(cda) => {
                let value = cda_value(cda, state, object.owner);
                (value, value)
            }
            None => (object.base_power, object.base_toughness),
        })
        .collect();
    // Objects enter play in id order and leave it without reordering the rest; a save made
    // otherwise is still read right, only more slowly.
    let sorted = objects.is_sorted_by_key(|o| o.id);
    let index = |id: ObjectId| match sorted {
        true => objects.binary_search_by_key(&id, |o| o.id).ok(),
        false => objects.iter().position(|o| o.id == id),
    };
    let affected: Vec<(usize, LayerChange)> = state
        .effects
        .iter()
        .filter_map(|effect| Some((index(effect.object)?, effect.change)))
        .collect();
    // 7b: the latest set wins.
    for &(at, change) in &affected {
        if let LayerChange::Set { power, toughness } = change {
            values[at] = (power, toughness);
        }
    }
    // 7c: modifications.
    for &(at, change) in &affected {
        if let LayerChange::Modify { power, toughness } = change {
            let value = &mut values[at];
            *value = (
                value.0.saturating_add(power),
                value.1.saturating_add(toughness),
            );
        }
    }
    // 7d: counters.
    for (object, value) in objects.iter().zip(&mut values) {
        let counters = i64::from(object.plus_counters) - i64::from(object.minus_counters);
        *value = (
            value.0.saturating_add(counters),
            value.1.saturating_add(counters),
        );
    }
    // 7e: switches.
    for &(at, change) in &affected {
        if change == LayerChange::Switch {
            let value = &mut values[at];
            *value = (value.1, value.0);
        }
    }
    values
}

/// Recomputes every object's power and toughness, then runs state-based actions until none
/// apply. Emits [`Event::ObjectChanged`], [`Event::ObjectDestroyed`] and [`Event::EffectExpired`].
pub fn settle(state: &mut GameState, out: &mut Emitter) {
    while !state.objects.is_empty() {
        for object in &mut state.objects {
            let pairs = object.plus_counters.min(object.minus_counters);
            object.plus_counters -= pairs;
            object.minus_counters -= pairs;
        }
        let printed =
            |o: &GameObject| o.cda.is_none() && o.plus_counters == 0 && o.minus_counters == 0;
        if state.effects.is_empty() && state.objects.iter().all(printed) {
            // Nothing changes any object: each has its printed values (no allocation).
            for object in &mut state.objects {
                let printed = (object.base_power, object.base_toughness);
                update(object, printed, out);
            }
        } else {
            let computed = characteristics(state);
            for (object, value) in state.objects.iter_mut().zip(computed) {
                update(object, value, out);
            }
        }
        if state.objects.iter().all(|o| o.toughness > 0) {
            return;
        }
        let doomed: Vec<ObjectId> = state
            .objects
            .iter()
            .filter(|o| o.toughness <= 0)
            .map(|o| o.id)
            .collect();
        state.objects.retain(|o| o.toughness > 0);
        for object in doomed {
            out.push(Event::ObjectDestroyed { object });
        }
        expire(state, out, |effect, state| !state.in_play(effect.object));
    }
}

/// Gives `object` its computed `(power, toughness)`, telling if they changed.
fn update(object: &mut GameObject, (power, toughness): (i64, i64), out: &mut Emitter) {
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

/// The count a characteristic-defining ability reads for `owner` in `state`.
fn cda_value(cda: Cda, state: &GameState, owner: PlayerId) -> i64 {
    let count = match cda {
        Cda::HandSize => state.player(owner).map_or(0, |p| p.hand.len()),
        Cda::ObjectCount => state.objects.iter().filter(|o| o.owner == owner).count(),
    };
    i64::try_from(count).unwrap_or(i64::MAX)
}
