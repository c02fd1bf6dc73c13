//! Token prediction: a player with foresight sees the owners of the round's next draws — exactly
//! what then comes out of the bag — and nobody else sees it: not other seats, not spectators.

mod common;

use common::*;
use horizons_edge_core::game::activation::ActivationOrder;
use horizons_edge_core::game::bag_effects::MAX_FORESIGHT;
use horizons_edge_core::game::config::ActionKindDef;
use horizons_edge_core::game::effect_defs::Effect;
use horizons_edge_core::{Action, Event, Game, GameConfig, PlayerId, PlayerSetup};

fn seated(count: u32, foresight: u32) -> Vec<PlayerSetup> {
    let mut seated = players(count);
    seated[0].foresight = foresight;
    seated
}

fn config_in(order: ActivationOrder, max_streak: Option<u32>) -> GameConfig {
    let mut config = config();
    config.round_limit = Some(3);
    config.victory_points_to_win = None;
    config.activation_order = order;
    config.max_streak = max_streak;
    config
}

/// The owners `seer`'s newest peek foretold, if they have had one.
fn latest_peek(game: &Game, seer: PlayerId) -> Option<Vec<PlayerId>> {
    game.events_for(Some(seer), 0)
        .unwrap()
        .into_iter()
        .rev()
        .find_map(|r| match r.event {
            Event::PrivatePeek { upcoming, .. } => Some(upcoming),
            _ => None,
        })
}

/// Checks every peek `player` received against the draws that followed it in its round.
fn check_peeks(game: &Game, player: PlayerId) -> usize {
    let events: Vec<Event> = game
        .events_for(Some(player), 0)
        .unwrap()
        .into_iter()
        .map(|r| r.event)
        .collect();
    let mut checked = 0;
    for (at, event) in events.iter().enumerate() {
        let Event::PrivatePeek { upcoming, .. } = event else {
            continue;
        };
        let next: Vec<PlayerId> = events[at + 1..]
            .iter()
            .take_while(|e| !matches!(e, Event::RoundEnded { .. }))
            .filter_map(|e| match e {
                Event::TokenDrawn { player, .. } => Some(*player),
                _ => None,
            })
            .take(upcoming.len())
            .collect();
        assert_eq!(&next, upcoming, "peek {at} foretold wrongly");
        checked += 1;
    }
    checked
}

#[test]
fn foresight_foretells_the_next_draws_exactly_in_every_order() {
    for (order, max_streak) in [
        (ActivationOrder::Bag, None),
        (ActivationOrder::Bag, Some(1)),
        (ActivationOrder::Seats, None),
        (ActivationOrder::Initiative, None),
    ] {
        for seed in 0..5 {
            let mut game = Game::new(seated(4, 3), config_in(order, max_streak), seed).unwrap();
            play_out(&mut game, 100_000);
            let checked = check_peeks(&game, p(0));
            assert!(checked > 30, "{order:?}: only {checked} peeks");
        }
    }
}

#[test]
fn nobody_else_sees_a_peek_or_the_foreseen_draws() {
    let mut game = Game::new(seated(3, 2), config_in(ActivationOrder::Bag, None), 4).unwrap();
    for _ in 0..30 {
        game.apply(next_bot_command(&game).unwrap()).unwrap();
    }
    for viewer in [None, Some(p(1)), Some(p(2))] {
        let events = game.events_for(viewer, 0).unwrap();
        assert!(
            !events
                .iter()
                .any(|r| matches!(r.event, Event::PrivatePeek { .. })),
            "{viewer:?} saw a peek"
        );
        let snapshot = game.snapshot_for(viewer).unwrap();
        assert!(snapshot.players.iter().all(|seat| seat.foreseen.is_none()));
        let text = serde_json::to_string(&snapshot).unwrap();
        assert!(!text.contains("foreseen"), "{viewer:?}'s snapshot");
    }
    let own = game.snapshot_for(Some(p(0))).unwrap();
    let last_peek = latest_peek(&game, p(0));
    assert_eq!(own.players[0].foreseen, last_peek);
    assert!(own.players[1].foreseen.is_none());
}

#[test]
fn the_foresight_effect_grants_it_at_once() {
    let config = with_watchtower(config_in(ActivationOrder::Bag, None));
    let mut game = in_round_one(2, config, 6);
    let player = draw(&mut game);
    let events = act(
        &mut game,
        player,
        Action::Custom {
            kind: "watchtower".into(),
            context: serde_json::Value::Null,
        },
    );
    assert_eq!(game.state().player(player).unwrap().foresight, 2);
    let peek = events.iter().find_map(|e| match e {
        Event::PrivatePeek {
            player: seer,
            upcoming,
        } if *seer == player => Some(upcoming),
        _ => None,
    });
    assert_eq!(peek.map(Vec::len), Some(2));
    let loaded = Game::from_json(&game.to_json()).unwrap();
    assert_eq!(loaded.state().player(player).unwrap().foresight, 2);
    assert_replays(&game);
}

#[test]
fn with_player_entropy_nothing_is_foretold_before_the_last_nonce() {
    let mut config = config_in(ActivationOrder::Bag, None);
    config.player_entropy = true;
    let mut game = Game::new(seated(2, 4), config, 9).unwrap();
    let mut peeks_before_seal = 0;
    let mut pending_seen = false;
    while let Some(command) = next_bot_command(&game) {
        let pending = !game.state().entropy.pending.is_empty();
        let events = game.apply(command).unwrap();
        // The last nonce seals the round: its own events may foretell.
        let sealing = game.state().entropy.pending.is_empty();
        if pending && !sealing {
            pending_seen = true;
            peeks_before_seal += events
                .iter()
                .filter(|e| matches!(e, Event::PrivatePeek { .. }))
                .count();
        }
    }
    assert!(pending_seen);
    assert_eq!(peeks_before_seal, 0);
    assert!(check_peeks(&game, p(0)) > 0);
}

/// The seer's latest peek is always what foresight shows now, whatever moved the round on: a
/// token effect emptying the bag while the next round waits for nonces, a win in the middle of
/// a round, the game's end (then an empty peek says nothing is foretold any more).
#[test]
fn the_latest_peek_is_always_what_foresight_shows_now() {
    use horizons_edge_core::game::bag_effects::foreseen;
    use horizons_edge_core::game::effect_defs::TokenOwner;
    for (entropy, points) in [(true, None), (false, Some(3)), (true, Some(4))] {
        let mut config = config_in(ActivationOrder::Bag, None);
        config.player_entropy = entropy;
        config.victory_points_to_win = points;
        config.round_limit = Some(4);
        config.action_kinds.insert(
            "sabotage".into(),
            ActionKindDef {
                cost: Default::default(),
                effects: vec![Effect::RemoveTokens {
                    whose: TokenOwner::Opponents,
                    count: 3,
                }],
            },
        );
        for seed in 0..4 {
            let mut game = Game::new(seated(3, 2), config.clone(), seed).unwrap();
            let mut turn = 0;
            while let Some(mut command) = next_bot_command(&game) {
                if let horizons_edge_core::Command::BotDecide { player } = command
                    && game.state().active == Some(player)
                    && player != p(0)
                {
                    turn += 1;
                    if turn % 3 == 0 {
                        command = horizons_edge_core::Command::Act {
                            player,
                            action: Action::Custom {
                                kind: "sabotage".into(),
                                context: serde_json::Value::Null,
                            },
                        };
                    }
                }
                game.apply(command).unwrap();
                let latest = latest_peek(&game, p(0)).unwrap_or_default();
                let now = foreseen(game.state(), game.state().player(p(0)).unwrap());
                assert_eq!(
                    latest, now,
                    "entropy {entropy}, seed {seed}, after {turn} turns"
                );
            }
        }
    }
}

/// A bag game of three in which seat 0 foresees 4 draws and "swap" takes one token of each
/// opponent out and puts one of the player's own in: the count stays, the order changes.
fn swap_game(seed: u64) -> Game {
    use horizons_edge_core::game::effect_defs::TokenOwner;
    let mut config = config_in(ActivationOrder::Bag, None);
    config.action_kinds.insert(
        "swap".into(),
        ActionKindDef {
            cost: Default::default(),
            effects: vec![
                Effect::RemoveTokens {
                    whose: TokenOwner::Opponents,
                    count: 1,
                },
                Effect::AddTokens {
                    whose: TokenOwner::Own,
                    count: 1,
                },
            ],
        },
    );
    Game::new(seated(2, 4), config, seed).unwrap()
}

/// An action that takes tokens out and puts as many in changed the next draws without a peek
/// (the seer's events foretold the old order), and could then be undone after the seer had
/// looked. Every change of what foresight shows is told, and such an action is not undone.
#[test]
fn a_change_of_the_order_that_keeps_the_count_is_foretold_and_not_undone() {
    use horizons_edge_core::Command;
    use horizons_edge_core::game::bag_effects::foreseen;
    let mut changed = 0;
    for seed in 0..12 {
        let mut game = swap_game(seed);
        while let Some(command) = next_bot_command(&game) {
            let command = match command {
                Command::BotDecide { player }
                    if player == p(1) && game.state().active == Some(player) =>
                {
                    Command::Act {
                        player,
                        action: Action::Custom {
                            kind: "swap".into(),
                            context: serde_json::Value::Null,
                        },
                    }
                }
                other => other,
            };
            let seer = |game: &Game| foreseen(game.state(), game.state().player(p(0)).unwrap());
            let before = seer(&game);
            let swapped = matches!(command, Command::Act { .. });
            game.apply(command).unwrap();
            assert_eq!(latest_peek(&game, p(0)).unwrap_or_default(), seer(&game));
            if swapped && before != seer(&game) && game.state().round > 0 {
                changed += 1;
                assert!(game.can_undo().is_err(), "seed {seed}: undone after a look");
            }
        }
    }
    assert!(
        changed > 5,
        "only {changed} swaps changed the foreseen draws"
    );
}

/// An eliminated seer kept seeing the living players' next draws (by `foreseen` and its
/// snapshot), every round after, while its events held a stale peek. Out of the game, it sees
/// nothing: an empty peek says so, and neither its snapshot nor `foreseen` shows any draw.
#[test]
fn an_eliminated_seer_sees_no_more_draws() {
    use horizons_edge_core::Command;
    use horizons_edge_core::game::bag_effects::foreseen;
    let mut game = Game::new(seated(3, 3), config_in(ActivationOrder::Bag, None), 5).unwrap();
    game.apply(Command::StartGame).unwrap();
    for id in 0..3 {
        let bottom = vec![];
        game.apply(Command::Keep {
            player: p(id),
            bottom,
        })
        .unwrap();
    }
    draw(&mut game);
    assert!(!latest_peek(&game, p(0)).unwrap_or_default().is_empty());
    let events = game.apply(Command::Eliminate { player: p(0) }).unwrap();
    let peeks: Vec<&Event> = events
        .iter()
        .filter(|e| matches!(e, Event::PrivatePeek { .. }))
        .collect();
    assert_eq!(
        peeks,
        [&Event::PrivatePeek {
            player: p(0),
            upcoming: Vec::new()
        }]
    );
    while let Some(command) = next_bot_command(&game) {
        game.apply(command).unwrap();
        assert_eq!(
            foreseen(game.state(), game.state().player(p(0)).unwrap()),
            []
        );
        let own = game.snapshot_for(Some(p(0))).unwrap();
        assert!(own.players[0].foreseen.as_ref().is_none_or(Vec::is_empty));
        assert_eq!(latest_peek(&game, p(0)), Some(Vec::new()));
    }
    assert!(game.state().round > 1);
}

/// Foresight reaches at most [`MAX_FORESIGHT`] draws, whatever a setup or effects grant: a seer
/// of 4 294 967 295 draws was told the whole rest of the bag at every draw, and a round's log,
/// saves and time grew with its tokens squared.
#[test]
fn foresight_reaches_at_most_its_limit() {
    let mut config = config_in(ActivationOrder::Bag, None);
    config.command_tiers.truncate(1);
    config.command_tiers[0].tokens = 64;
    let mut game = Game::new(seated(8, u32::MAX), config, 5).unwrap();
    game.apply(horizons_edge_core::Command::StartGame).unwrap();
    for id in 0..8 {
        game.apply(horizons_edge_core::Command::Keep {
            player: p(id),
            bottom: vec![],
        })
        .unwrap();
    }
    let peek = latest_peek(&game, p(0)).expect("a peek at the round's seal");
    assert_eq!(peek.len(), MAX_FORESIGHT as usize);
    assert_eq!(game.state().bag.remaining(), 512);
}
