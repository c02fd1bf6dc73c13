//! Reactions: inserted directly after the action that triggers them, depth-first, ordered active
//! player first and then in turn order; runaway chains roll the whole activation back.

mod common;

use common::*;
use horizons_edge_core::game::config::{ActionKindDef, CommandTier, ReactionRule, TriggeredBy};
use horizons_edge_core::game::effect_defs::{Counter, Effect, Target};
use horizons_edge_core::game::{GameView, Hooks, Reaction, ResolvedAction};
use horizons_edge_core::{Action, ActionId, Command, Event, Game, GameConfig, PlayerId};
use serde_json::json;

fn kind(config: &mut GameConfig, name: &str) {
    config.action_kinds.insert(
        name.into(),
        ActionKindDef {
            effects: vec![Effect::GainResources { amount: 1 }],
            ..ActionKindDef::default()
        },
    );
}

fn rule(trigger: &str, response: &str, owner: Option<u32>, by: TriggeredBy) -> ReactionRule {
    ReactionRule {
        name: format!("{trigger}->{response}"),
        owner: owner.map(PlayerId),
        trigger: trigger.into(),
        by,
        response: response.into(),
    }
}

/// (kind, player, cause, depth) of every resolved action in `events`, in order.
fn resolved(events: &[Event]) -> Vec<(String, u32, Option<u64>, u32)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::ActionResolved {
                player,
                action,
                cause,
                depth,
                ..
            } => Some((
                action.kind().to_owned(),
                player.0,
                cause.map(|c| c.0),
                *depth,
            )),
            _ => None,
        })
        .collect()
}

#[test]
fn reactions_resolve_depth_first_right_after_their_trigger() {
    // a triggers b and c; b triggers d; d triggers e. Depth-first: a, b, d, e, c.
    let mut config = config();
    for name in ["a", "b", "c", "d", "e"] {
        kind(&mut config, name);
    }
    config.reactions = vec![
        rule("a", "b", None, TriggeredBy::Anyone),
        rule("a", "c", None, TriggeredBy::Anyone),
        rule("b", "d", None, TriggeredBy::Anyone),
        rule("d", "e", None, TriggeredBy::Anyone),
    ];
    let mut game = in_round_one(1, config, 1);
    let player = draw(&mut game);
    let events = act(&mut game, player, custom("a"));
    let first = match &events
        .iter()
        .find(|e| matches!(e, Event::ActionResolved { .. }))
    {
        Some(Event::ActionResolved { id, .. }) => id.0,
        _ => unreachable!(),
    };
    let (a, b, d) = (first, first + 1, first + 2);
    assert_eq!(
        resolved(&events),
        vec![
            ("a".into(), 0, None, 0),
            ("b".into(), 0, Some(a), 1),
            ("d".into(), 0, Some(b), 2),
            ("e".into(), 0, Some(d), 3),
            ("c".into(), 0, Some(a), 1),
        ]
    );
    assert_eq!(game.state().player(player).unwrap().resources, 50 + 5);
}

#[test]
fn every_event_of_a_reaction_names_the_action_it_came_from() {
    let mut config = config();
    kind(&mut config, "a");
    kind(&mut config, "b");
    config.reactions = vec![rule("a", "b", None, TriggeredBy::Anyone)];
    let mut game = in_round_one(1, config, 1);
    let player = draw(&mut game);
    let before = game.events_since(0).len() as u64;
    act(&mut game, player, custom("a"));
    let records = game.events_since(before);
    let purse_causes: Vec<Option<ActionId>> = records
        .iter()
        .filter(|r| matches!(r.event, Event::PurseChanged { .. }))
        .map(|r| r.cause)
        .collect();
    let resolved_ids: Vec<ActionId> = records
        .iter()
        .filter_map(|r| match r.event {
            Event::ActionResolved { id, .. } => Some(id),
            _ => None,
        })
        .collect();
    assert_eq!(
        purse_causes,
        resolved_ids.iter().map(|id| Some(*id)).collect::<Vec<_>>()
    );
    assert!(records.iter().all(|r| r.round == 1));
}

#[test]
fn simultaneous_reactions_go_active_player_first_then_turn_order() {
    let mut config = config();
    kind(&mut config, "signal");
    kind(&mut config, "answer");
    // Rules owned by players 3, 0, 2 and 1, listed in that order.
    config.reactions = [3, 0, 2, 1]
        .into_iter()
        .map(|owner| rule("signal", "answer", Some(owner), TriggeredBy::Anyone))
        .collect();
    let mut game = in_round_one(4, config, 3);
    let active = draw(&mut game);
    let events = act(&mut game, active, custom("signal"));
    let answers: Vec<u32> = resolved(&events)
        .into_iter()
        .skip(1)
        .map(|(_, p, _, _)| p)
        .collect();
    let expected: Vec<u32> = (0..4).map(|offset| (active.0 + offset) % 4).collect();
    assert_eq!(answers, expected);
}

#[test]
fn rules_can_trigger_on_opponents_or_on_the_owner_only() {
    let mut config = config();
    kind(&mut config, "ping");
    kind(&mut config, "mine");
    kind(&mut config, "theirs");
    config.reactions = vec![
        rule("ping", "mine", Some(0), TriggeredBy::Owner),
        rule("ping", "theirs", Some(0), TriggeredBy::Opponents),
    ];
    let mut game = in_round_one(2, config, 5);
    let mut seen = Vec::new();
    while game.state().round == 1 {
        let player = draw(&mut game);
        let events = act(&mut game, player, custom("ping"));
        let reactions: Vec<String> = resolved(&events).into_iter().skip(1).map(|r| r.0).collect();
        seen.push((player.0, reactions));
    }
    for (player, reactions) in seen {
        let expected = if player == 0 { "mine" } else { "theirs" };
        assert_eq!(reactions, vec![expected.to_owned()]);
    }
}

#[test]
fn a_reaction_loop_hits_the_depth_limit_and_rolls_the_activation_back() {
    let mut config = config();
    kind(&mut config, "echo");
    config.reactions = vec![rule("echo", "echo", None, TriggeredBy::Anyone)];
    config.max_reaction_depth = 5;
    let mut game = in_round_one(2, config, 7);
    let player = draw(&mut game);
    refused(
        &mut game,
        Command::Act {
            player,
            action: custom("echo"),
        },
        // The error names the rule to mend (it said only "deeper than the limit of 5"), and it
        // is the game's mistake, written to the error log, not a refusal of play.
        "reactions nest deeper than the limit of 5: reaction rule \"echo->echo\" went past it",
    );
    let error = game
        .apply(Command::Act {
            player,
            action: custom("echo"),
        })
        .unwrap_err();
    assert!(error.is_misuse(), "{error}");
    // The token is still theirs: another action works.
    act(&mut game, player, Action::Pass);
}

#[test]
fn too_many_reactions_in_one_activation_roll_it_back() {
    // Each "split" triggers two more; depth-first, the chain would go deep, so the depth limit is
    // raised out of the way and the count limit must stop it.
    let mut config = config();
    kind(&mut config, "split");
    config.reactions = vec![
        rule("split", "split", None, TriggeredBy::Anyone),
        rule("split", "split", None, TriggeredBy::Anyone),
    ];
    config.max_reactions_per_activation = 20;
    config.max_reaction_depth = 50;
    let mut game = in_round_one(1, config, 9);
    let player = draw(&mut game);
    refused(
        &mut game,
        Command::Act {
            player,
            action: custom("split"),
        },
        "more than 20 reactions to one action: reaction rule \"split->split\" went past it",
    );
}

struct Mirror;

impl Hooks for Mirror {
    fn reactions(
        &mut self,
        view: GameView<'_>,
        resolved: &ResolvedAction,
    ) -> Result<Vec<Reaction>, String> {
        // Every opponent answers a depth-0 action with "rally".
        if resolved.depth > 0 {
            return Ok(Vec::new());
        }
        Ok(view
            .state
            .players
            .iter()
            .filter(|p| p.id != resolved.player)
            .map(|p| Reaction {
                player: p.id,
                kind: "rally".into(),
                context: json!(null),
            })
            .collect())
    }
}

#[test]
fn hook_reactions_join_the_rule_reactions() {
    let mut config = config();
    config.command_tiers = vec![CommandTier {
        tokens: 1,
        cost: Default::default(),
    }];
    let mut game = in_round_one(3, config, 11);
    let player = draw(&mut game);
    let events = game
        .apply_with(
            Command::Act {
                player,
                action: Action::Pass,
            },
            &mut Mirror,
        )
        .unwrap();
    let rallies: Vec<u32> = resolved(&events).into_iter().skip(1).map(|r| r.1).collect();
    assert_eq!(rallies, vec![(player.0 + 1) % 3, (player.0 + 2) % 3]);
    for other in rallies {
        assert_eq!(game.state().player(PlayerId(other)).unwrap().resources, 55);
    }
}

struct Refuses;

impl Hooks for Refuses {
    fn reactions(
        &mut self,
        _view: GameView<'_>,
        _resolved: &ResolvedAction,
    ) -> Result<Vec<Reaction>, String> {
        Err("the reaction list was malformed".into())
    }
}

#[test]
fn a_hook_refusing_reactions_rolls_the_activation_back() {
    let mut config = config();
    kind(&mut config, "rally");
    let mut game = in_round_one(2, config, 12);
    let player = draw(&mut game);
    let before = game.to_json();
    let error = game
        .apply_with(
            Command::Act {
                player,
                action: custom("rally"),
            },
            &mut Refuses,
        )
        .unwrap_err();
    assert!(
        error
            .to_string()
            .contains("the reaction list was malformed")
    );
    assert_eq!(game.to_json(), before);
}

/// A pass is never refused by what it triggers (an activation can always end): its refused
/// reactions are taken back, every one, and the pass stands without them.
#[test]
fn a_pass_stands_without_its_refused_reactions() {
    let mut config = config();
    kind(&mut config, "echo");
    config.reactions = vec![
        rule("pass", "echo", None, TriggeredBy::Anyone),
        rule("echo", "echo", None, TriggeredBy::Anyone),
    ];
    config.max_reaction_depth = 5;
    let mut looping = in_round_one(2, config, 7);
    let mut plain = in_round_one(2, common::config(), 7);
    let player = draw(&mut looping);
    assert_eq!(draw(&mut plain), player);
    let events = act(&mut looping, player, Action::Pass);
    assert_eq!(
        names(&events)[..3],
        ["action_resolved", "reactions_dropped", "activation_ended"]
    );
    assert!(matches!(
        &events[1],
        Event::ReactionsDropped { player: who, reason }
            if *who == player && reason.contains("deeper than the limit of 5")
    ));
    act(&mut plain, player, Action::Pass);
    // Nothing of the echoes is left: the state is a pass's, resources and action ids included.
    assert_eq!(looping.state(), plain.state());
    for (game, hooks) in [
        (
            &mut in_round_one(2, common::config(), 12),
            &mut Refuses as &mut dyn Hooks,
        ),
        (&mut in_round_one(2, common::config(), 12), &mut Mirror),
    ] {
        let player = draw(game);
        let events = game
            .apply_with(
                Command::Act {
                    player,
                    action: Action::Pass,
                },
                hooks,
            )
            .expect("a pass stands");
        assert!(
            events
                .iter()
                .any(|e| matches!(e, Event::ActivationEnded { player: who } if *who == player))
        );
    }
    assert_replays(&looping);
}

/// Each "grow" makes a token and pumps every object its player owns, so objects grow by one and
/// continuous effects by all of them with each reaction: every layer pass would read more, and a
/// chain allowed 10 000 reactions would take hours. The limits of what may be in play stop it
/// within a few hundred.
#[test]
fn a_chain_that_fills_the_table_is_refused_at_the_limits_of_play() {
    use horizons_edge_core::game::config::MAX_REACTIONS_PER_ACTIVATION;
    let mut config = config();
    let effects: Vec<Effect> = serde_json::from_value(json!([
        {"effect": "create_object",
         "object": {"name": "Sprout", "kind": "token", "power": 1, "toughness": 1}},
        {"effect": "modify_power_toughness", "target": "own", "power": 0, "toughness": 0}
    ]))
    .unwrap();
    config.action_kinds.insert(
        "grow".into(),
        ActionKindDef {
            effects,
            ..ActionKindDef::default()
        },
    );
    config.reactions = vec![rule("grow", "grow", None, TriggeredBy::Anyone)];
    config.max_reactions_per_activation = MAX_REACTIONS_PER_ACTIVATION;
    config.max_reaction_depth = MAX_REACTIONS_PER_ACTIVATION;
    let mut game = in_round_one(1, config, 9);
    let player = draw(&mut game);
    refused(
        &mut game,
        Command::Act {
            player,
            action: custom("grow"),
        },
        "more than 10000 continuous effects in play",
    );
}

/// A rule that triggers itself runs to `max_reactions_per_activation` before the activation is
/// rolled back; the limit itself is bounded, so no config can hold the game up for long.
#[test]
fn the_reaction_limit_is_bounded() {
    let mut config = config();
    config.max_reactions_per_activation =
        horizons_edge_core::game::config::MAX_REACTIONS_PER_ACTIVATION + 1;
    let error = Game::new(players(2), config, 1).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("max_reactions_per_activation is 10001; at most 10000"),
        "{error}"
    );
}

/// A rule without an owner makes the player who acted react, so a `by` of "owner" or
/// "opponents" says nothing or never fires: it was taken and ignored (the opponents a designer
/// meant never reacted); setup refuses it now, naming the rule.
#[test]
fn a_rule_with_by_but_no_owner_is_refused() {
    let mut config = config();
    kind(&mut config, "watch");
    for by in [TriggeredBy::Owner, TriggeredBy::Opponents] {
        config.reactions = vec![rule("pass", "watch", None, by)];
        let error = Game::new(players(3), config.clone(), 1).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("reaction \"pass->watch\" has \"by\" but no \"owner\""),
            "{error}"
        );
    }
    config.reactions = vec![rule("pass", "watch", None, TriggeredBy::Anyone)];
    assert!(Game::new(players(3), config, 1).is_ok());
}

#[test]
fn rules_that_could_never_work_are_refused_in_a_new_game() {
    // A trigger naming no action kind never fired, and a response targeting the action's context
    // refused every trigger (a rule's reaction has no context): both passed setup.
    let mut config = config();
    kind(&mut config, "watch");
    config.action_kinds.insert(
        "aim".into(),
        ActionKindDef {
            effects: vec![Effect::AddCounters {
                target: Target::Context,
                counter: Counter::PlusOne,
                count: 1,
            }],
            ..ActionKindDef::default()
        },
    );
    let refusals = [
        (
            rule("pas", "watch", None, TriggeredBy::Anyone),
            "which is no action kind",
        ),
        (
            rule("pass", "aim", None, TriggeredBy::Anyone),
            "target the action's context",
        ),
    ];
    for (broken, fragment) in refusals {
        config.reactions = vec![broken];
        let error = Game::new(players(3), config.clone(), 1).unwrap_err();
        assert!(error.to_string().contains(fragment), "{error}");
    }
    for trigger in ["pass", "build", "create_token", "watch"] {
        config.reactions = vec![rule(trigger, "watch", None, TriggeredBy::Anyone)];
        assert!(
            Game::new(players(3), config.clone(), 1).is_ok(),
            "{trigger}"
        );
    }
}

/// Answers every action of depth 0 with `count` "kill" reactions of its player aimed at object
/// `target` (Hoplite: one move, several attacks).
struct Kills {
    target: u64,
    count: usize,
}

impl Hooks for Kills {
    fn reactions(
        &mut self,
        _view: GameView<'_>,
        resolved: &ResolvedAction,
    ) -> Result<Vec<Reaction>, String> {
        let kill = Reaction {
            player: resolved.player,
            kind: "kill".into(),
            context: json!({"target": self.target}),
        };
        Ok(match resolved.depth {
            0 => vec![kill; self.count],
            _ => Vec::new(),
        })
    }
}

/// A game in round one whose active player has a 1/1 Goblin in play (its object id), with the
/// action kinds "kill" (a -1/-1 counter on the context's target) and "ping" (nothing).
fn goblin_game() -> (Game, PlayerId, u64) {
    let mut config = config();
    config.action_kinds.insert(
        "kill".into(),
        ActionKindDef {
            effects: vec![Effect::AddCounters {
                target: Target::Context,
                counter: Counter::MinusOne,
                count: 1,
            }],
            ..ActionKindDef::default()
        },
    );
    config
        .action_kinds
        .insert("ping".into(), ActionKindDef::default());
    let mut game = in_round_one(2, config, 5);
    let player = draw(&mut game);
    let goblin = Action::CreateToken {
        name: "Goblin".into(),
        power: 1,
        toughness: 1,
    };
    act(&mut game, player, goblin);
    let goblin = u64::from(game.state().objects[0].id.0);
    while draw(&mut game) != player {
        let other = game.state().active.unwrap();
        act(&mut game, other, Action::Pass);
    }
    (game, player, goblin)
}

/// Seed 002's Hoplite: one move sets off attacks on enemies an earlier attack may already have
/// killed. The later attack is skipped (its target left play), told by `reaction_skipped`; the
/// move and the first attack stand. It refused the player's own action as an invalid target,
/// and dropped every reaction of a pass.
#[test]
fn a_reaction_whose_target_left_play_is_skipped_and_its_trigger_stands() {
    for action in [custom("ping"), Action::Pass] {
        let (mut game, player, goblin) = goblin_game();
        let events = game
            .apply_with(
                Command::Act {
                    player,
                    action: action.clone(),
                },
                &mut Kills {
                    target: goblin,
                    count: 2,
                },
            )
            .unwrap_or_else(|e| panic!("{action:?} refused: {e}"));
        assert_eq!(
            resolved(&events)
                .iter()
                .map(|r| r.0.as_str())
                .collect::<Vec<_>>(),
            [action.kind(), "kill"],
            "{action:?}: the action, then the first kill"
        );
        assert!(game.state().objects.is_empty(), "the goblin is gone");
        let skipped: Vec<&Event> = events
            .iter()
            .filter(|e| matches!(e, Event::ReactionSkipped { .. }))
            .collect();
        assert!(
            matches!(
                skipped[..],
                [Event::ReactionSkipped { player: who, kind, object }]
                    if *who == player && kind == "kill" && u64::from(object.0) == goblin
            ),
            "{action:?}: {skipped:?}"
        );
        assert!(!names(&events).contains(&"reactions_dropped".to_owned()));
    }
}

/// A reaction aimed at no object in play when it is chosen is the hook's mistake, not a target
/// that left: the action is refused as misuse naming the provider (it was refused as the
/// player's own bad target).
#[test]
fn a_reaction_aimed_at_no_object_when_chosen_is_refused() {
    let (mut game, player, goblin) = goblin_game();
    let before = game.to_json();
    let error = game
        .apply_with(
            Command::Act {
                player,
                action: custom("ping"),
            },
            &mut Kills {
                target: goblin + 7,
                count: 1,
            },
        )
        .unwrap_err();
    assert!(
        error.to_string().contains(&format!(
            "the reaction_provider chose a reaction aimed at target {}, which is not an object \
             in play",
            goblin + 7
        )),
        "{error}"
    );
    assert!(error.is_misuse(), "{error}");
    assert_eq!(error.kind(), "reaction_without_target");
    assert_eq!(game.to_json(), before);
}
