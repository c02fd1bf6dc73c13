//! Layers on worked examples (Magic 613.4 layer 7 order, timestamps within a layer), state-based
//! actions, and the end-of-round cleanup.

mod common;

use common::*;
use horizons_edge_core::game::config::{ActionKindDef, CommandTier};
use horizons_edge_core::game::effect_defs::{Counter, Effect, ObjectDef, Target};
use horizons_edge_core::game::objects::{Cda, ObjectKind};
use horizons_edge_core::{Action, Event, Game, ObjectId, PlayerId};
use serde_json::json;

/// One player with 20 activations per round and kinds that apply each layer's effect to the
/// object named in the context.
fn lab() -> (Game, PlayerId) {
    let mut config = config();
    config.command_tiers = vec![CommandTier {
        tokens: 20,
        cost: Default::default(),
    }];
    let kinds = [
        (
            "set_0_1",
            Effect::SetPowerToughness {
                target: Target::Context,
                power: 0,
                toughness: 1,
                until_end_of_round: false,
            },
        ),
        (
            "set_5_5",
            Effect::SetPowerToughness {
                target: Target::Context,
                power: 5,
                toughness: 5,
                until_end_of_round: false,
            },
        ),
        (
            "pump_2_0",
            Effect::ModifyPowerToughness {
                target: Target::Context,
                power: 2,
                toughness: 0,
                until_end_of_round: false,
            },
        ),
        (
            "grow_0_2",
            Effect::ModifyPowerToughness {
                target: Target::Context,
                power: 0,
                toughness: 2,
                until_end_of_round: false,
            },
        ),
        (
            "surge_eor",
            Effect::ModifyPowerToughness {
                target: Target::Context,
                power: 3,
                toughness: 3,
                until_end_of_round: true,
            },
        ),
        (
            "switch",
            Effect::SwitchPowerToughness {
                target: Target::Context,
                until_end_of_round: false,
            },
        ),
        (
            "plus",
            Effect::AddCounters {
                target: Target::Context,
                counter: Counter::PlusOne,
                count: 1,
            },
        ),
        (
            "minus_2",
            Effect::AddCounters {
                target: Target::Context,
                counter: Counter::MinusOne,
                count: 2,
            },
        ),
        (
            "summon_mirror",
            Effect::CreateObject {
                object: ObjectDef {
                    name: "Mirror".into(),
                    kind: ObjectKind::Unit,
                    power: 0,
                    toughness: 0,
                    cda: Some(Cda::HandSize),
                },
            },
        ),
    ];
    for (name, effect) in kinds {
        config.action_kinds.insert(
            name.into(),
            ActionKindDef {
                effects: vec![effect],
                ..Default::default()
            },
        );
    }
    let mut game = in_round_one(1, config, 1);
    let player = draw(&mut game);
    (game, player)
}

/// Performs `kind` on `target` and draws the next token.
fn apply(game: &mut Game, player: PlayerId, kind: &str, target: ObjectId) {
    act(
        game,
        player,
        Action::Custom {
            kind: kind.into(),
            context: json!({"target": target.0}),
        },
    );
    draw(game);
}

fn unit(game: &mut Game, player: PlayerId, power: i64, toughness: i64) -> ObjectId {
    act(
        game,
        player,
        Action::CreateToken {
            name: "Unit".into(),
            power,
            toughness,
        },
    );
    draw(game);
    game.state().objects.last().unwrap().id
}

fn pt(game: &Game, id: ObjectId) -> (i64, i64) {
    let object = game.state().objects.iter().find(|o| o.id == id).unwrap();
    (object.power, object.toughness)
}

#[test]
fn modify_and_counters_add_up_in_layer_7c() {
    let (mut game, me) = lab();
    let id = unit(&mut game, me, 2, 2);
    apply(&mut game, me, "plus", id);
    apply(&mut game, me, "pump_2_0", id);
    assert_eq!(pt(&game, id), (5, 3));
}

#[test]
fn a_set_effect_applies_before_modifiers_whatever_the_timestamps() {
    // +2/+0 first (older), then "becomes 0/1" (newer): 7b applies before 7c, so 2/1, not 0/1.
    let (mut game, me) = lab();
    let id = unit(&mut game, me, 4, 4);
    apply(&mut game, me, "pump_2_0", id);
    apply(&mut game, me, "set_0_1", id);
    assert_eq!(pt(&game, id), (2, 1));
}

#[test]
fn among_set_effects_the_latest_timestamp_wins() {
    let (mut game, me) = lab();
    let id = unit(&mut game, me, 1, 1);
    apply(&mut game, me, "set_5_5", id);
    apply(&mut game, me, "set_0_1", id);
    assert_eq!(pt(&game, id), (0, 1));
    let other = unit(&mut game, me, 1, 1);
    apply(&mut game, me, "set_0_1", other);
    apply(&mut game, me, "set_5_5", other);
    assert_eq!(pt(&game, other), (5, 5));
}

#[test]
fn switching_comes_last_after_modifiers_and_counters() {
    // 1/4, +0/+2 and a +1/+1 counter give 2/7 in 7c; the switch in 7d gives 7/2 — even though the
    // switch was applied first.
    let (mut game, me) = lab();
    let id = unit(&mut game, me, 1, 4);
    apply(&mut game, me, "switch", id);
    apply(&mut game, me, "grow_0_2", id);
    apply(&mut game, me, "plus", id);
    assert_eq!(pt(&game, id), (7, 2));
}

#[test]
fn a_characteristic_defining_ability_is_layer_7a_and_set_effects_override_it() {
    let (mut game, me) = lab();
    act(
        &mut game,
        me,
        Action::Custom {
            kind: "summon_mirror".into(),
            context: json!(null),
        },
    );
    draw(&mut game);
    let mirror = game.state().objects.last().unwrap().id;
    let hand = game.state().player(me).unwrap().hand.len() as i64;
    assert_eq!(pt(&game, mirror), (hand, hand));
    apply(&mut game, me, "pump_2_0", mirror);
    assert_eq!(pt(&game, mirror), (hand + 2, hand));
    apply(&mut game, me, "set_0_1", mirror);
    assert_eq!(pt(&game, mirror), (2, 1));
}

#[test]
fn counters_cancel_in_pairs_and_toughness_zero_destroys() {
    let (mut game, me) = lab();
    let id = unit(&mut game, me, 2, 2);
    apply(&mut game, me, "plus", id);
    apply(&mut game, me, "pump_2_0", id);
    let object = game
        .state()
        .objects
        .iter()
        .find(|o| o.id == id)
        .unwrap()
        .clone();
    assert_eq!((object.plus_counters, object.minus_counters), (1, 0));
    let events = game
        .apply(horizons_edge_core::Command::Act {
            player: me,
            action: Action::Custom {
                kind: "minus_2".into(),
                context: json!({"target": id.0}),
            },
        })
        .unwrap();
    // One pair cancels; 2/2 with one −1/−1 counter and +2/+0 is 3/1: alive.
    let object = game.state().objects.iter().find(|o| o.id == id).unwrap();
    assert_eq!((object.plus_counters, object.minus_counters), (0, 1));
    assert_eq!((object.power, object.toughness), (3, 1));
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::ObjectDestroyed { .. }))
    );
    draw(&mut game);
    let events = game
        .apply(horizons_edge_core::Command::Act {
            player: me,
            action: Action::Custom {
                kind: "minus_2".into(),
                context: json!({"target": id.0}),
            },
        })
        .unwrap();
    assert!(events.contains(&Event::ObjectDestroyed { object: id }));
    assert!(game.state().objects.iter().all(|o| o.id != id));
    assert!(
        game.state().effects.iter().all(|e| e.object != id),
        "its effects ended with it"
    );
}

#[test]
fn until_end_of_round_effects_expire_in_the_cleanup() {
    let (mut game, me) = lab();
    let id = unit(&mut game, me, 1, 1);
    apply(&mut game, me, "surge_eor", id);
    apply(&mut game, me, "pump_2_0", id);
    assert_eq!(pt(&game, id), (6, 4));
    while game.state().round == 1 {
        act(&mut game, me, Action::Pass);
        if game.state().round == 1 {
            draw(&mut game);
        }
    }
    assert_eq!(pt(&game, id), (3, 1), "only the permanent +2/+0 is left");
    assert_eq!(game.state().effects.len(), 1);
}

/// Characteristics follow every change of the state, the start of a round included: a hand
/// refilled to the hand limit shows in a hand-size CDA at once, not after the next action.
#[test]
fn characteristics_are_recalculated_when_a_round_starts() {
    let (mut game, me) = lab();
    act(
        &mut game,
        me,
        Action::Custom {
            kind: "summon_mirror".into(),
            context: json!(null),
        },
    );
    let mirror = game.state().objects.last().unwrap().id;
    for _ in 0..2 {
        draw(&mut game);
        let spark = game
            .state()
            .player(me)
            .unwrap()
            .hand
            .iter()
            .position(|c| *c == SPARK);
        act(
            &mut game,
            me,
            Action::PlayCard {
                hand_index: spark.unwrap() as u32,
                context: json!(null),
            },
        );
    }
    let low = game.state().player(me).unwrap().hand.len() as i64;
    assert_eq!(pt(&game, mirror), (low, low));
    while game.state().round == 1 {
        draw(&mut game);
        act(&mut game, me, Action::Pass);
    }
    let refilled = game.state().player(me).unwrap().hand.len() as i64;
    assert!(
        refilled > low,
        "the hand was refilled ({low} -> {refilled})"
    );
    assert_eq!(
        pt(&game, mirror),
        (refilled, refilled),
        "at once, at round start"
    );
}
