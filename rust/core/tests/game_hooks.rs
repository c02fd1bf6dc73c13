//! Game hooks from outside the rules: what they decide is recorded with each command, so a
//! replay or a loaded save plays the same game without them (or refuses, never a different
//! game); a hook that panics refuses its command and leaves the game as it was; game data
//! attached to actions stays within what saves and replays load back.

mod common;

use common::*;
use horizons_edge_core::game::command::MAX_CONTEXT_DEPTH;
use horizons_edge_core::game::hooks::HookDecision;
use horizons_edge_core::game::replay::Replay;
use horizons_edge_core::game::{GameView, Hooks, Reaction, ResolvedAction};
use horizons_edge_core::{Action, Command, Game, PlayerId, RulesError};
use serde_json::{Value, json};

/// A validator and a reaction provider that answer differently every time they are asked, as
/// a script with its own state (or a clock, or a network) may: nothing a replay could
/// recompute.
#[derive(Default)]
struct Whimsical {
    asked: u32,
}

impl Hooks for Whimsical {
    fn validate(&mut self, _: GameView<'_>, _: PlayerId, action: &Action) -> Result<(), String> {
        self.asked += 1;
        match (action, self.asked % 3) {
            (Action::Build { .. } | Action::UpgradeCommand, 0) => Err("not now".into()),
            _ => Ok(()),
        }
    }

    fn reactions(
        &mut self,
        view: GameView<'_>,
        resolved: &ResolvedAction,
    ) -> Result<Vec<Reaction>, String> {
        self.asked += 1;
        if resolved.depth > 0 || self.asked.is_multiple_of(2) {
            return Ok(Vec::new());
        }
        Ok(view
            .state
            .living()
            .map(|p| Reaction {
                player: p.id,
                kind: "rally".into(),
                context: json!({"asked": self.asked}),
            })
            .collect())
    }
}

/// A bot game of `count` players over `rounds` rounds, every command with `hooks`.
fn hooked_game(count: u32, rounds: u32, seed: u64, hooks: &mut dyn Hooks) -> Game {
    let mut config = config();
    config.round_limit = Some(rounds);
    config.starting_resources = 100;
    let mut game = Game::new(players(count), config, seed).unwrap();
    while let Some(command) = next_bot_command(&game) {
        game.apply_with(command, hooks).unwrap();
    }
    game
}

#[test]
fn a_replay_reproduces_what_the_hooks_decided() {
    let game = hooked_game(3, 4, 71, &mut Whimsical::default());
    assert!(!game.hook_traces().is_empty(), "the hooks were asked");
    let rallies = game
        .hook_traces()
        .iter()
        .flat_map(|trace| &trace.decisions)
        .filter(|d| matches!(d, HookDecision::Reactions(list) if !list.is_empty()))
        .count();
    assert!(rallies > 0, "some reactions were added");
    let (replayed, hashes) = Replay::from_json(&game.replay().to_json())
        .unwrap()
        .play()
        .unwrap();
    assert_eq!(hashes.last().copied(), Some(game.state_hash()));
    assert_eq!(replayed.to_json(), game.to_json());
    // Without the record, the same commands would play a different game.
    let mut bare = game.replay();
    bare.hook_traces.clear();
    let differs = bare
        .play()
        .map(|(g, _)| g.state_hash() != game.state_hash());
    assert!(differs.unwrap_or(true), "the hooks made a difference");
}

#[test]
fn a_loaded_save_keeps_the_hook_record() {
    let game = hooked_game(2, 3, 72, &mut Whimsical::default());
    let loaded = Game::from_json(&game.to_json()).unwrap();
    assert_eq!(loaded.hook_traces(), game.hook_traces());
    let (replayed, _) = loaded.replay().play().unwrap();
    assert_eq!(replayed.state_hash(), game.state_hash());
}

#[test]
fn a_replay_whose_record_does_not_match_is_refused() {
    let game = hooked_game(2, 2, 73, &mut Whimsical::default());
    let mut replay = game.replay();
    // The first recorded answer of a validation becomes a reaction list: out of step.
    let (trace, decision) = replay
        .hook_traces
        .iter_mut()
        .find_map(|trace| {
            let index = trace
                .decisions
                .iter()
                .position(|d| *d == HookDecision::Accepted)?;
            Some((trace.command, &mut trace.decisions[index]))
        })
        .unwrap();
    *decision = HookDecision::Reactions(Vec::new());
    let error = replay.play().unwrap_err();
    assert!(
        error.to_string().contains("does not replay as recorded"),
        "command {trace}: {error}"
    );
    // A trace for a command that does not exist is refused as well.
    let mut replay = game.replay();
    replay.hook_traces[0].command = replay.commands.len() as u64;
    assert!(
        Replay::from_json(&replay.to_json())
            .unwrap()
            .play()
            .is_err()
    );
}

/// Panics inside every hook call.
struct Panics;

impl Hooks for Panics {
    fn validate(&mut self, _: GameView<'_>, _: PlayerId, _: &Action) -> Result<(), String> {
        panic!("the validator fell over");
    }
}

#[test]
fn a_panicking_hook_refuses_its_command_and_changes_nothing() {
    let mut game = in_round_one(2, config(), 74);
    let player = draw(&mut game);
    let before = game.to_json();
    let rally = Command::Act {
        player,
        action: Action::Custom {
            kind: "rally".into(),
            context: Value::Null,
        },
    };
    let error = game.apply_with(rally.clone(), &mut Panics).unwrap_err();
    assert!(matches!(error, RulesError::Internal(_)), "{error}");
    assert!(error.to_string().contains("the validator fell over"));
    assert_eq!(game.to_json(), before, "nothing changed");
    game.apply(rally).unwrap();
    assert!(game.hook_traces().is_empty());
}

/// Accepts every other question and rejects the rest: what it listed as legal a moment ago it
/// may refuse now.
#[derive(Default)]
struct FlipFlop(u32);

impl Hooks for FlipFlop {
    fn validate(&mut self, _: GameView<'_>, _: PlayerId, _: &Action) -> Result<(), String> {
        self.0 += 1;
        match self.0 % 2 {
            0 => Err("changed my mind".into()),
            _ => Ok(()),
        }
    }
}

#[test]
fn a_bot_whose_choice_the_hooks_refuse_passes_instead() {
    let mut hooks = FlipFlop::default();
    // `hooked_game` fails unless every bot command is accepted.
    let game = hooked_game(3, 3, 77, &mut hooks);
    assert!(hooks.0 > 10, "the validator was asked");
    let (replayed, _) = game.replay().play().unwrap();
    assert_eq!(replayed.state_hash(), game.state_hash());
}

/// Answers every other action with more reactions than an activation may hold: a chain the
/// hooks make fail after the bot listed its choice as legal.
#[derive(Default)]
struct Crowded(u32);

impl Hooks for Crowded {
    fn reactions(
        &mut self,
        _: GameView<'_>,
        resolved: &ResolvedAction,
    ) -> Result<Vec<Reaction>, String> {
        self.0 += 1;
        if resolved.depth > 0 || resolved.action == Action::Pass || self.0.is_multiple_of(2) {
            return Ok(Vec::new());
        }
        let reaction = Reaction {
            player: resolved.player,
            kind: "rally".into(),
            context: Value::Null,
        };
        Ok(vec![reaction; 65])
    }
}

#[test]
fn a_bot_whose_choice_the_hooks_reactions_overflow_passes_instead() {
    // It was refused ("too_many_reactions") and the activation stayed open: play_rounds and the
    // bundled game stopped there.
    let mut hooks = Crowded::default();
    // `hooked_game` fails unless every bot command is accepted.
    let game = hooked_game(3, 3, 78, &mut hooks);
    assert!(hooks.0 > 10, "the provider was asked");
    let (replayed, _) = game.replay().play().unwrap();
    assert_eq!(replayed.state_hash(), game.state_hash());
}

/// `[[[...null...]]]`, `levels` deep.
fn nested(levels: usize) -> Value {
    (1..levels).fold(Value::Null, |inner, _| Value::Array(vec![inner]))
}

#[test]
fn contexts_nest_at_most_the_limit_and_what_is_accepted_loads_back() {
    let mut game = in_round_one(2, config(), 75);
    let player = draw(&mut game);
    refused(
        &mut game,
        Command::Act {
            player,
            action: Action::Custom {
                kind: "rally".into(),
                context: nested(MAX_CONTEXT_DEPTH + 1),
            },
        },
        "the action's context nests deeper than 32 levels",
    );
    act(
        &mut game,
        player,
        Action::Custom {
            kind: "rally".into(),
            context: nested(MAX_CONTEXT_DEPTH),
        },
    );
    let loaded = Game::from_json(&game.to_json()).unwrap();
    assert_eq!(loaded.to_json(), game.to_json());
    let (replayed, _) = Replay::from_json(&game.replay().to_json())
        .unwrap()
        .play()
        .unwrap();
    assert_eq!(replayed.state_hash(), game.state_hash());
}

/// Adds one reaction whose context is `levels` deep.
struct DeepReaction(usize);

impl Hooks for DeepReaction {
    fn reactions(
        &mut self,
        _: GameView<'_>,
        resolved: &ResolvedAction,
    ) -> Result<Vec<Reaction>, String> {
        Ok(match resolved.depth {
            0 => vec![Reaction {
                player: resolved.player,
                kind: "rally".into(),
                context: nested(self.0),
            }],
            _ => Vec::new(),
        })
    }
}

#[test]
fn a_reaction_context_past_the_limit_refuses_the_activation() {
    let mut game = in_round_one(2, config(), 76);
    let player = draw(&mut game);
    let rally = Command::Act {
        player,
        action: Action::Custom {
            kind: "rally".into(),
            context: serde_json::Value::Null,
        },
    };
    let before = game.to_json();
    let error = game
        .apply_with(rally.clone(), &mut DeepReaction(MAX_CONTEXT_DEPTH + 1))
        .unwrap_err();
    assert!(
        error
            .to_string()
            .contains("a reaction's context nests deeper")
    );
    assert_eq!(game.to_json(), before);
    game.apply_with(rally, &mut DeepReaction(MAX_CONTEXT_DEPTH))
        .unwrap();
    let (replayed, _) = game.replay().play().unwrap();
    assert_eq!(replayed.state_hash(), game.state_hash());
}
