//! Property-based state machine over `Game::apply`: random command sequences, many of them
//! refused on purpose, with the invariants checked after every step.
//!
//! - A refused command leaves the game equal to what it was (state, log and history).
//! - Tokens are conserved: for every player, contributed = drawn + left + removed.
//! - Each living player is activated exactly as many times per round as they put tokens in.
//! - `legal_actions` lists exactly the candidate actions `apply` accepts.
//! - Undo goes back exactly one action and never past a draw (the counts above still hold).
//! - Nothing panics.
//! - Liveness: from every reachable state before game over someone at the table has a command
//!   the rules accept, and a game playing itself (`autoplay_command`) always has its next
//!   command accepted; bots finish every game; every reachable state saves and loads (a save's
//!   checks refuse only what play cannot reach). Checked over 1 to 8 players, empty, tiny and full
//!   decks, opening hands of 0 to 7, every activation order, with and without player entropy.
//!
//! `PROPTEST_CASES` overrides the number of cases (10 000 by default, as CI runs it; the liveness
//! property runs a fifth as many).

mod common;

use std::collections::BTreeMap;

use common::*;
use horizons_edge_core::fairness::Bytes32;
use horizons_edge_core::game::activation::ActivationOrder;
use horizons_edge_core::game::config::CommandTier;
use horizons_edge_core::game::mulligan::cards_to_bottom;
use horizons_edge_core::{Action, Autoplay, Command, Event, Game, NoHooks, Phase, PlayerId};
use proptest::prelude::*;

/// One step a player or the table might try, with raw numbers that may well be out of range.
#[derive(Clone, Debug)]
enum Step {
    Start,
    Mulligan(u32),
    Keep(u32, Vec<u32>),
    Draw,
    Act(u32, u8, u32),
    Bot(u32),
    Eliminate(u32),
    Undo,
    Entropy(u32, u8),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        1 => Just(Step::Start),
        1 => (0..5u32).prop_map(Step::Mulligan),
        3 => (0..5u32, prop::collection::vec(0..9u32, 0..3)).prop_map(|(p, b)| Step::Keep(p, b)),
        10 => Just(Step::Draw),
        8 => (0..5u32, 0..6u8, 0..9u32).prop_map(|(p, k, i)| Step::Act(p, k, i)),
        8 => (0..5u32).prop_map(Step::Bot),
        1 => (0..5u32).prop_map(Step::Eliminate),
        2 => Just(Step::Undo),
        3 => (0..5u32, any::<u8>()).prop_map(|(p, b)| Step::Entropy(p, b)),
    ]
}

/// The action of kind `kind` (0–5) with index `index`, as a caller might get it wrong.
fn action(kind: u8, index: u32) -> Action {
    match kind {
        0 => Action::Pass,
        1 => Action::UpgradeCommand,
        2 => Action::PlayCard {
            hand_index: index,
            context: serde_json::Value::Null,
        },
        3 => Action::Build {
            structure: ["generator", "castle"][(index % 2) as usize].into(),
            context: serde_json::Value::Null,
        },
        4 => Action::Custom {
            kind: ["scout", "rally", "dance"][(index % 3) as usize].into(),
            context: serde_json::Value::Null,
        },
        _ => Action::CreateToken {
            name: "Imp".into(),
            power: i64::from(index),
            toughness: 1,
        },
    }
}

fn command(step: &Step) -> Command {
    match step {
        Step::Start => Command::StartGame,
        Step::Mulligan(p) => Command::Mulligan {
            player: PlayerId(*p),
        },
        Step::Keep(p, bottom) => Command::Keep {
            player: PlayerId(*p),
            bottom: bottom.clone(),
        },
        Step::Draw => Command::DrawToken,
        Step::Act(p, kind, index) => Command::Act {
            player: PlayerId(*p),
            action: action(*kind, *index),
        },
        Step::Bot(p) => Command::BotDecide {
            player: PlayerId(*p),
        },
        Step::Eliminate(p) => Command::Eliminate {
            player: PlayerId(*p),
        },
        Step::Undo => Command::Undo,
        Step::Entropy(p, byte) => Command::AddEntropy {
            player: PlayerId(*p),
            nonce: horizons_edge_core::fairness::Bytes32([*byte; 32]),
        },
    }
}

/// Every action `legal_actions` considers, plus some it never should list.
fn candidates(game: &Game, player: PlayerId) -> Vec<Action> {
    let hand = game
        .state()
        .player(player)
        .map_or(0, |p| p.hand.len() as u32);
    let mut all = vec![Action::Pass, Action::UpgradeCommand];
    all.extend((0..=hand).map(|i| action(2, i)));
    all.extend((0..2).map(|i| action(3, i)));
    all.extend((0..3).map(|i| action(4, i)));
    all
}

/// Activations and contributions of the round in progress, from the events.
#[derive(Clone, Default)]
struct RoundCount {
    contributed: BTreeMap<u32, u32>,
    drawn: BTreeMap<u32, u32>,
    eliminated: Vec<u32>,
}

fn check_events(events: &[Event], count: &mut RoundCount) -> Result<(), TestCaseError> {
    for event in events {
        match event {
            Event::RoundStarted { .. } => *count = RoundCount::default(),
            Event::TokensContributed { player, tokens } => {
                count.contributed.insert(player.0, *tokens);
            }
            Event::TokenDrawn { player, .. } => *count.drawn.entry(player.0).or_default() += 1,
            Event::PlayerEliminated { player, .. } => count.eliminated.push(player.0),
            Event::RoundEnded { round } => {
                for (player, tokens) in &count.contributed {
                    if !count.eliminated.contains(player) {
                        let drawn = count.drawn.get(player).copied().unwrap_or(0);
                        prop_assert_eq!(
                            drawn,
                            *tokens,
                            "round {}: player {} activated {} times for {} tokens",
                            round,
                            player,
                            drawn,
                            tokens
                        );
                    }
                }
            }
            _ => {}
        }
    }
    Ok(())
}

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(10_000)
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: cases(),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn invariants_hold_after_every_step(
        seed in any::<u64>(),
        count in 2u32..5,
        steps in prop::collection::vec(step(), 1..80),
    ) {
        let mut config = config();
        config.opening_hand_size = 3;
        config.hand_limit = 3;
        config.command_tiers = vec![
            CommandTier { tokens: 2, cost: Default::default() },
            CommandTier { tokens: 3, cost: horizons_edge_core::game::config::Cost {
                energy: 1, resources: 40 } },
        ];
        // A third of the cases play with player entropy: rounds wait for nonces; a quarter with
        // the mercy rule, whose capped draws go through the sequencer.
        config.player_entropy = seed % 3 == 0;
        config.max_streak = (seed % 4 == 1).then_some(1 + (seed / 4 % 2) as u32);
        let mut game = Game::new(players(count), config, seed).unwrap();
        let mut round = RoundCount::default();
        let mut before_action: Option<RoundCount> = None;
        // Half the cases start from a dealt game with the mulligan settled by bots, so that most
        // steps exercise rounds; the other half start at setup.
        if seed % 2 == 0 {
            game.apply(Command::StartGame).unwrap();
            while game.state().phase == Phase::Mulligan {
                let waiting = game.state().players.iter().find(|p| !p.kept).map(|p| p.id);
                let events = game.apply(Command::BotDecide { player: waiting.unwrap() }).unwrap();
                check_events(&events, &mut round)?;
            }
        }
        for step in &steps {
            if let Phase::Activation { player } = game.state().phase {
                let legal = game.legal_actions(player, &mut NoHooks);
                for candidate in candidates(&game, player) {
                    let accepted = game.clone().apply(Command::Act {
                        player,
                        action: candidate.clone(),
                    }).is_ok();
                    prop_assert_eq!(
                        legal.contains(&candidate), accepted,
                        "legal_actions and apply disagree on {:?}", candidate
                    );
                }
            }
            let before = game.clone();
            let counted = round.clone();
            match game.apply(command(step)) {
                Ok(events) => {
                    if events.iter().any(|e| matches!(e, Event::ActionUndone { .. })) {
                        // Back to the counts from before the undone action.
                        round = before_action.take().unwrap_or_default();
                    }
                    check_events(&events, &mut round)?;
                    before_action = game.can_undo().is_ok().then_some(counted);
                }
                Err(_) => prop_assert!(game == before, "refused {:?} changed the game", step),
            }
            prop_assert!(game.state().bag.check().is_ok(), "tokens not conserved");
        }
    }
}

/// Every command someone at the table could give now, in its right shape: a keep that bottoms
/// what the rules ask, a nonce, a pass, a draw, a start, a bot's decision, for every seat.
fn table_commands(game: &Game) -> Vec<Command> {
    let state = game.state();
    let mut commands = vec![Command::StartGame, Command::DrawToken];
    for seated in &state.players {
        let player = seated.id;
        commands.extend([
            Command::Keep {
                player,
                bottom: (0..cards_to_bottom(game.config(), state, seated)).collect(),
            },
            Command::AddEntropy {
                player,
                nonce: Bytes32([7; 32]),
            },
            Command::Act {
                player,
                action: Action::Pass,
            },
            Command::BotDecide { player },
        ]);
    }
    commands
}

/// Liveness in `game`'s state: before game over some table command is accepted, and each
/// autoplay policy's next command is accepted (or it stops only where it must).
fn check_liveness(game: &Game) -> Result<(), TestCaseError> {
    let state = game.state();
    if matches!(state.phase, Phase::GameOver { .. }) {
        return Ok(());
    }
    let accepted = table_commands(game)
        .into_iter()
        .any(|command| game.clone().apply(command).is_ok());
    prop_assert!(
        accepted,
        "stuck: no command is accepted in {:?}",
        state.phase
    );
    for policy in [Autoplay::Pass, Autoplay::Bots] {
        match game.autoplay_command(policy) {
            Some(command) => {
                let outcome = game.clone().apply(command.clone());
                prop_assert!(
                    outcome.is_ok(),
                    "{:?} gave {:?}, refused: {:?}",
                    policy,
                    command,
                    outcome
                );
            }
            None => prop_assert!(
                state.phase == Phase::Setup || !state.entropy.pending.is_empty(),
                "{:?} stopped in {:?}",
                policy,
                state.phase
            ),
        }
    }
    Ok(())
}

/// The activation orders, by index.
const ORDERS: [ActivationOrder; 3] = [
    ActivationOrder::Bag,
    ActivationOrder::Seats,
    ActivationOrder::Initiative,
];

proptest! {
    #![proptest_config(ProptestConfig {
        cases: cases() / 5,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn no_reachable_state_is_stuck(
        seed in any::<u64>(),
        count in 1u32..=8,
        deck in prop::sample::select(vec![0usize, 1, 2, 3, 20]),
        opening_hand in 0u32..=7,
        hand_limit in 0u32..=4,
        order in 0usize..3,
        entropy in any::<bool>(),
        steps in prop::collection::vec(step(), 1..60),
    ) {
        let mut config = config();
        config.opening_hand_size = opening_hand;
        config.hand_limit = hand_limit;
        config.activation_order = ORDERS[order];
        config.player_entropy = entropy;
        config.round_limit = Some(3);
        // In bag order, half the cases with the mercy rule.
        config.max_streak = (order == 0 && seed % 2 == 1).then_some(1);
        // In bag order "rally" grants a double-action token, for this round or the next: a game
        // may end, or a player leave, in the middle of its two actions.
        if let Some(rally) = config.action_kinds.get_mut("rally").filter(|_| order == 0) {
            rally.effects = vec![horizons_edge_core::game::effect_defs::Effect::GrantDoubleAction {
                this_round: seed % 3 != 0,
            }];
        }
        let mut seated = players(count);
        for player in &mut seated {
            player.deck.truncate(deck);
        }
        let mut game = Game::new(seated, config, seed).unwrap();
        check_liveness(&game)?;
        for step in &steps {
            let _ = game.apply(command(step));
            check_liveness(&game)?;
            // A save's checks refuse states play cannot reach; every state play reaches loads.
            let loaded = Game::from_json(&game.to_json());
            prop_assert!(loaded.is_ok(), "a reachable state does not load: {:?}", loaded.err());
        }
        // Bots finish whatever is left (three rounds at most).
        play_out(&mut game, 5_000);
        let over = matches!(game.state().phase, Phase::GameOver { .. });
        prop_assert!(over, "bots did not finish the game");
    }
}
