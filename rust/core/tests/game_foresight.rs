//! Token prediction: a player with foresight sees the owners of the round's next draws — exactly
//! what then comes out of the bag — and nobody else sees it: not other seats, not spectators.

mod common;

use common::*;
use horizons_edge_core::game::activation::ActivationOrder;
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
                let now = foreseen(game.state(), 2).unwrap_or_default();
                assert_eq!(
                    latest, now,
                    "entropy {entropy}, seed {seed}, after {turn} turns"
                );
            }
        }
    }
}
