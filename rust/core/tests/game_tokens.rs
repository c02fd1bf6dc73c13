//! Token manipulation: effects that add tokens to this round's bag or take them out, with the
//! counts, the rounds' activations and every client's audit following.

mod common;

use common::*;
use horizons_edge_core::audit::{Auditor, BagStep};
use horizons_edge_core::game::activation::ActivationOrder;
use horizons_edge_core::game::config::ActionKindDef;
use horizons_edge_core::game::effect_defs::Effect;
use horizons_edge_core::game::effect_defs::TokenOwner;
use horizons_edge_core::{Action, Command, Event, Game, GameConfig, GameError, PlayerId};

/// The common catalog with `reinforce` (two more tokens of one's own) and `sabotage` (one token
/// fewer of every opponent), both free.
fn manipulating() -> GameConfig {
    let mut config = config();
    config.round_limit = Some(3);
    config.victory_points_to_win = None;
    let kind = |whose, add: bool, count| ActionKindDef {
        cost: Default::default(),
        effects: vec![match add {
            true => Effect::AddTokens { whose, count },
            false => Effect::RemoveTokens { whose, count },
        }],
    };
    config
        .action_kinds
        .insert("reinforce".into(), kind(TokenOwner::Own, true, 2));
    config
        .action_kinds
        .insert("sabotage".into(), kind(TokenOwner::Opponents, false, 1));
    config
}

fn remaining(game: &Game, player: u32) -> u32 {
    game.state().bag.player_remaining(p(player)).unwrap()
}

#[test]
fn reinforce_adds_activations_this_round_and_sabotage_takes_them_away() {
    let mut game = in_round_one(3, manipulating(), 4);
    let active = draw(&mut game);
    let before: Vec<u32> = (0..3).map(|id| remaining(&game, id)).collect();
    let events = act(&mut game, active, custom("reinforce"));
    assert!(events.contains(&Event::TokensAdded {
        player: active,
        count: 2
    }));
    assert_eq!(remaining(&game, active.0), before[active.0 as usize] + 2);
    let next = draw(&mut game);
    let before: Vec<u32> = (0..3).map(|id| remaining(&game, id)).collect();
    let events = act(&mut game, next, custom("sabotage"));
    for id in (0..3).filter(|&id| id != next.0) {
        assert!(events.contains(&Event::TokensRemoved {
            player: p(id),
            count: 1
        }));
        assert_eq!(remaining(&game, id), before[id as usize] - 1);
    }
    assert_eq!(remaining(&game, next.0), before[next.0 as usize]);
    // The round lasts exactly as many activations as tokens are left.
    let left = game.state().bag.remaining();
    let mut activations = 0;
    while game.state().round == 1 {
        let player = draw(&mut game);
        act(&mut game, player, Action::Pass);
        activations += 1;
    }
    assert_eq!(activations, left);
}

#[test]
fn a_player_gets_no_more_than_64_tokens_a_round_and_loses_no_more_than_they_have() {
    let mut config = manipulating();
    config.action_kinds.get_mut("reinforce").unwrap().effects = vec![Effect::AddTokens {
        whose: TokenOwner::Own,
        count: 1_000,
    }];
    config.action_kinds.get_mut("sabotage").unwrap().effects = vec![Effect::RemoveTokens {
        whose: TokenOwner::Opponents,
        count: 1_000,
    }];
    let mut game = in_round_one(2, config, 8);
    let active = draw(&mut game);
    let contributed = game.state().bag.tally(active).unwrap().contributed;
    act(&mut game, active, custom("reinforce"));
    assert_eq!(game.state().bag.tally(active).unwrap().contributed, 64);
    assert!(contributed < 64);
    let other = PlayerId(1 - active.0);
    let next = loop {
        let player = draw(&mut game);
        if player == active {
            break player;
        }
        act(&mut game, player, Action::Pass);
    };
    let events = act(&mut game, next, custom("sabotage"));
    assert_eq!(remaining(&game, other.0), 0, "all of theirs, and no more");
    let emptied = events.contains(&Event::BagEmptied);
    assert_eq!(
        emptied,
        game.state().bag.is_empty() || game.state().round > 1
    );
}

#[test]
fn rounds_with_added_and_removed_tokens_verify_and_a_forged_step_does_not() {
    let mut game = Game::new(players(4), manipulating(), 12).unwrap();
    let mut turn = 0;
    while let Some(command) = next_bot_command(&game) {
        let command = match command {
            Command::BotDecide { player } if game.state().active == Some(player) => {
                turn += 1;
                match turn % 3 {
                    0 => Command::Act {
                        player,
                        action: custom("reinforce"),
                    },
                    1 => Command::Act {
                        player,
                        action: custom("sabotage"),
                    },
                    _ => command,
                }
            }
            other => other,
        };
        game.apply(command).unwrap();
    }
    let mut auditor = Auditor::new();
    let events = public_events(&game);
    let verdicts: Vec<_> = events.iter().filter_map(|e| auditor.observe(e)).collect();
    assert_eq!(verdicts.len(), 3);
    let mut forged = 0;
    for verdict in verdicts {
        assert!(verdict.outcome.is_ok(), "{:?}", verdict.outcome);
        let (record, secret) = verdict.evidence.unwrap();
        let changes = record
            .steps
            .iter()
            .filter(|s| matches!(s, BagStep::Added { .. } | BagStep::Removed { .. }))
            .count();
        assert!(changes > 0, "round {} changed no bag", record.round);
        // A record that hides one of the changes no longer matches the draws.
        let mut hidden = record.clone();
        let at = hidden
            .steps
            .iter()
            .position(|s| matches!(s, BagStep::Removed { .. }))
            .unwrap_or(0);
        hidden.steps.remove(at);
        if hidden.verify(secret).is_err() {
            forged += 1;
        }
    }
    assert!(forged > 0, "hiding a bag change was never caught");
}

#[test]
fn token_effects_are_refused_outside_bag_order_naming_where_they_are() {
    for order in [ActivationOrder::Seats, ActivationOrder::Initiative] {
        let mut config = manipulating();
        config.activation_order = order;
        let error = Game::new(players(2), config, 1).unwrap_err();
        assert!(
            matches!(&error, GameError::InvalidConfig(m) if m.contains("action_kinds.reinforce.effects[0]")),
            "{error}"
        );
    }
}

#[test]
fn a_game_with_bag_changes_saves_and_replays_exactly() {
    let mut game = in_round_one(3, manipulating(), 30);
    let active = draw(&mut game);
    act(&mut game, active, custom("sabotage"));
    let next = draw(&mut game);
    act(&mut game, next, custom("reinforce"));
    let loaded = Game::from_json(&game.to_json()).unwrap();
    assert_eq!(loaded.state_hash(), game.state_hash());
    assert_replays(&game);
}

#[test]
fn a_save_with_more_tokens_than_any_tier_gives_loads_when_cards_added_them() {
    let mut config = manipulating();
    config.action_kinds.get_mut("reinforce").unwrap().effects = vec![Effect::AddTokens {
        whose: TokenOwner::Own,
        count: 10,
    }];
    let mut game = in_round_one(2, config, 14);
    let active = draw(&mut game);
    act(&mut game, active, custom("reinforce"));
    assert!(game.state().bag.tally(active).unwrap().contributed > 6);
    let loaded = Game::from_json(&game.to_json()).expect("the save loads");
    assert_eq!(loaded.state_hash(), game.state_hash());
}

/// An action that changed the bag and was undone leaves its `tokens_added` / `tokens_removed`
/// in the log, followed by `action_undone`: the auditor takes them back with it, so every round
/// still verifies.
#[test]
fn undone_bag_changes_are_taken_back_by_the_audit() {
    let mut game = Game::new(players(3), manipulating(), 21).unwrap();
    let mut turn = 0;
    let mut undone = 0;
    while let Some(command) = next_bot_command(&game) {
        if let Command::BotDecide { player } = command
            && game.state().active == Some(player)
        {
            turn += 1;
            let tried = ["reinforce", "sabotage"][turn % 2];
            let tried = Command::Act {
                player,
                action: custom(tried),
            };
            if game.apply(tried).is_ok() {
                // The round's last action cannot be undone: it stands.
                if game.can_undo().is_err() {
                    continue;
                }
                game.apply(Command::Undo).unwrap();
                undone += 1;
            }
        }
        game.apply(command).unwrap();
    }
    assert!(undone > 10, "only {undone} bag changes were undone");
    assert_eq!(audit_every_round(&game), 3);
}

/// Undone, the first action of a double-action token takes its bag changes back with it (the
/// undo point is the state before it): the audit followed the token's second action instead,
/// kept the undone tokens, and failed honest rounds.
#[test]
fn undoing_the_first_of_two_actions_takes_back_its_bag_changes_in_the_audit() {
    let mut config = manipulating();
    config.action_kinds.insert(
        "rally".into(),
        ActionKindDef {
            cost: Default::default(),
            effects: vec![Effect::GrantDoubleAction { this_round: true }],
        },
    );
    let mut game = Game::new(players(3), config, 61).unwrap();
    let mut undone = 0;
    while let Some(command) = next_bot_command(&game) {
        if let Command::BotDecide { player } = command
            && game.state().active == Some(player)
        {
            let act = |kind| Command::Act {
                player,
                action: custom(kind),
            };
            if game.state().extra_actions == 1 {
                if game.apply(act("reinforce")).is_ok() && game.can_undo().is_ok() {
                    game.apply(Command::Undo).unwrap();
                    undone += 1;
                }
            } else if game.apply(act("rally")).is_ok() {
                continue;
            }
        }
        game.apply(command).unwrap();
    }
    assert!(undone > 3, "only {undone} first actions were undone");
    assert_eq!(audit_every_round(&game), 3);
}
