//! What cards, structures and action kinds do: their [`Effect`]s, run in order for the acting
//! player.

use serde_json::Value;

use crate::error::GameError;
use crate::game::bag_effects;
use crate::game::effect_defs::{Counter, Effect, ObjectDef, Target};
use crate::game::emitter::Emitter;
use crate::game::event::Event;
use crate::game::objects::{ContinuousEffect, GameObject, LayerChange};
use crate::game::state::GameState;
use crate::ids::{EffectId, ObjectId, PlayerId};

/// The most objects (units, buildings, tokens) in play at once: an action that would put more
/// into play is refused (a rule that makes one per reaction, say).
pub const MAX_OBJECTS: usize = 1_000;

/// The most continuous effects in play at once: an action that would add more is refused (every
/// layer pass reads them all, so a rule that adds one per object per reaction would otherwise
/// slow each later action down).
pub const MAX_EFFECTS: usize = 10_000;

/// The acting player, the action's context and what the action has created so far.
pub struct EffectScope<'a> {
    /// Who acts.
    pub player: PlayerId,
    /// The action's context (for [`Target::Context`]).
    pub context: &'a Value,
    /// Objects created by this action, for [`Target::Created`].
    pub created: Vec<ObjectId>,
}

/// Runs `effects` in order. Fails on a target that does not exist; the caller discards the
/// partly changed state (the whole command is refused).
pub fn run(
    state: &mut GameState,
    scope: &mut EffectScope<'_>,
    effects: &[Effect],
    out: &mut Emitter,
) -> Result<(), GameError> {
    for effect in effects {
        run_one(state, scope, effect, out)?;
    }
    Ok(())
}

fn run_one(
    state: &mut GameState,
    scope: &mut EffectScope<'_>,
    effect: &Effect,
    out: &mut Emitter,
) -> Result<(), GameError> {
    let player_id = scope.player;
    let player = state
        .player_mut(player_id)
        .ok_or(GameError::UnknownPlayer { player: player_id })?;
    match effect {
        Effect::GainEnergy { amount } => {
            player.energy = add_clamped(player.energy, *amount);
            out.push(purse(player));
        }
        Effect::GainResources { amount } => {
            player.resources = add_clamped(player.resources, *amount);
            out.push(purse(player));
        }
        Effect::GainVictoryPoints { amount } => {
            player.victory_points = add_clamped(player.victory_points, *amount);
            out.push(Event::VictoryPointsChanged {
                player: player_id,
                victory_points: player.victory_points,
            });
        }
        Effect::GainEnergyPerRound { amount } => {
            player.energy_per_round = add_clamped(player.energy_per_round, *amount);
            out.push(Event::EnergyPerRoundChanged {
                player: player_id,
                energy_per_round: player.energy_per_round,
            });
        }
        Effect::DrawCards { count } => {
            let cards = player.draw(*count);
            let count = cards.len() as u32;
            out.push_draw(
                Event::CardsDrawn {
                    player: player_id,
                    count,
                },
                player_id,
                cards,
            );
        }
        Effect::CreateObject { object } => {
            let id = create_object(state, player_id, object, out)?;
            scope.created.push(id);
        }
        Effect::SetPowerToughness {
            target,
            power,
            toughness,
            until_end_of_round,
        } => {
            let change = LayerChange::Set {
                power: *power,
                toughness: *toughness,
            };
            add_effects(state, scope, *target, change, *until_end_of_round, out)?;
        }
        Effect::ModifyPowerToughness {
            target,
            power,
            toughness,
            until_end_of_round,
        } => {
            let change = LayerChange::Modify {
                power: *power,
                toughness: *toughness,
            };
            add_effects(state, scope, *target, change, *until_end_of_round, out)?;
        }
        Effect::SwitchPowerToughness {
            target,
            until_end_of_round,
        } => {
            let change = LayerChange::Switch;
            add_effects(state, scope, *target, change, *until_end_of_round, out)?;
        }
        Effect::AddCounters {
            target,
            counter,
            count,
        } => {
            for id in targets(state, scope, *target)? {
                if let Some(object) = state.objects.iter_mut().find(|o| o.id == id) {
                    let pile = match counter {
                        Counter::PlusOne => &mut object.plus_counters,
                        Counter::MinusOne => &mut object.minus_counters,
                    };
                    *pile = pile.saturating_add(*count);
                }
            }
        }
        Effect::GrantDoubleAction { this_round } => {
            bag_effects::grant_double_action(state, player_id, *this_round, out)
        }
        Effect::Foresight { count } => {
            player.foresight = player.foresight.saturating_add(*count);
        }
        Effect::AddTokens { whose, count } => {
            bag_effects::add_tokens(state, player_id, *whose, *count, out)
        }
        Effect::RemoveTokens { whose, count } => {
            bag_effects::remove_tokens(state, player_id, *whose, *count, out)
        }
    }
    Ok(())
}

/// Puts an object into play for `owner` and returns its id; refused past [`MAX_OBJECTS`].
pub fn create_object(
    state: &mut GameState,
    owner: PlayerId,
    def: &ObjectDef,
    out: &mut Emitter,
) -> Result<ObjectId, GameError> {
    if state.objects.len() >= MAX_OBJECTS {
        return Err(GameError::TooMuchInPlay {
            what: "objects",
            limit: MAX_OBJECTS,
        });
    }
    let id = ObjectId(state.counters.object);
    state.counters.object += 1;
    let timestamp = state.counters.tick();
    state.objects.push(GameObject {
        id,
        owner,
        name: def.name.clone(),
        kind: def.kind,
        base_power: def.power,
        base_toughness: def.toughness,
        cda: def.cda,
        plus_counters: 0,
        minus_counters: 0,
        timestamp,
        // Filled in by the layer pass that follows every action.
        power: def.power,
        toughness: def.toughness,
    });
    if out.is_recording() {
        out.push(Event::ObjectCreated {
            object: id,
            owner,
            name: def.name.clone(),
            kind: def.kind,
        });
    }
    Ok(id)
}

fn add_effects(
    state: &mut GameState,
    scope: &EffectScope<'_>,
    target: Target,
    change: LayerChange,
    until_end_of_round: bool,
    out: &mut Emitter,
) -> Result<(), GameError> {
    let objects = targets(state, scope, target)?;
    if state.effects.len() + objects.len() > MAX_EFFECTS {
        return Err(GameError::TooMuchInPlay {
            what: "continuous effects",
            limit: MAX_EFFECTS,
        });
    }
    for object in objects {
        let id = EffectId(state.counters.effect);
        state.counters.effect += 1;
        let timestamp = state.counters.tick();
        state.effects.push(ContinuousEffect {
            id,
            timestamp,
            object,
            change,
            until_end_of_round,
        });
        out.push(Event::EffectAdded { effect: id, object });
    }
    Ok(())
}

/// The object an action's `context` aims at (its `"target"`, an object id), if it names one.
pub fn context_object(context: &Value) -> Option<ObjectId> {
    let raw = context.get("target").and_then(Value::as_u64)?;
    u32::try_from(raw).ok().map(ObjectId)
}

/// The object in play `context` aims at; an invalid target if it names none.
pub fn context_target(state: &GameState, context: &Value) -> Result<ObjectId, GameError> {
    context_object(context)
        .filter(|&id| state.in_play(id))
        .ok_or_else(|| GameError::InvalidTarget {
            target: context
                .get("target")
                .cloned()
                .unwrap_or(Value::Null)
                .to_string(),
        })
}

fn targets(
    state: &GameState,
    scope: &EffectScope<'_>,
    target: Target,
) -> Result<Vec<ObjectId>, GameError> {
    let player = scope.player;
    Ok(match target {
        Target::Context => vec![context_target(state, scope.context)?],
        Target::Created => scope.created.clone(),
        Target::Own => state
            .objects
            .iter()
            .filter(|o| o.owner == player)
            .map(|o| o.id)
            .collect(),
        Target::Opponents => state
            .objects
            .iter()
            .filter(|o| o.owner != player)
            .map(|o| o.id)
            .collect(),
    })
}

fn add_clamped(value: u32, amount: i64) -> u32 {
    let sum = i64::from(value).saturating_add(amount);
    u32::try_from(sum.max(0)).unwrap_or(u32::MAX)
}

fn purse(player: &crate::game::state::Player) -> Event {
    Event::PurseChanged {
        player: player.id,
        energy: player.energy,
        resources: player.resources,
    }
}
