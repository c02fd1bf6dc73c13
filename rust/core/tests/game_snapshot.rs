//! Per-viewer projections: a client's snapshot and events hold no seed, no random stream, no bag
//! order, no deck order and no other player's hand — checked at every step of a whole game.

mod common;

use common::*;
use horizons_edge_core::game::activation::ActivationOrder;
use horizons_edge_core::game::flow::round_secret;
use horizons_edge_core::game::snapshot::Snapshot;
use horizons_edge_core::{Action, Event, Game, GameError, PlayerId};
use serde_json::Value;

/// Every key of every object in `value`, recursively.
fn keys(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, item) in map {
                out.push(key.clone());
                keys(item, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|item| keys(item, out)),
        _ => {}
    }
}

/// Asserts that nothing in `payload` (sent to `viewer` while the game was in `round`) gives a
/// secret away.
fn assert_no_secrets(game: &Game, viewer: Option<PlayerId>, payload: &str) {
    let state = game.state();
    assert!(
        !payload.contains(&state.seed.to_string()),
        "the game seed leaked to {viewer:?}"
    );
    let value: Value = serde_json::from_str(payload).unwrap();
    let mut found = Vec::new();
    keys(&value, &mut found);
    // The saved game's names for the seed, the streams, deck order and the order of the bag.
    for secret in [
        "seed",
        "rng",
        "deck",
        "deck_rng",
        "bot_rng",
        "sequencer",
        "shuffled",
    ] {
        assert!(
            !found.iter().any(|k| k == secret),
            "`{secret}` sent to {viewer:?}"
        );
    }
    if state.is_running() {
        let key = round_secret(state, state.round).key.to_string();
        assert!(
            !payload.contains(&key),
            "round {}'s key sent before its reveal",
            state.round
        );
    }
    for player in &state.players {
        if Some(player.id) != viewer && !player.hand.is_empty() {
            let hand = serde_json::to_string(&player.hand).unwrap();
            assert!(
                !payload.contains(&format!("\"hand\":{hand}")),
                "{:?}'s hand sent to {viewer:?}",
                player.id
            );
        }
    }
}

#[test]
fn no_client_payload_of_a_whole_game_holds_a_secret() {
    let mut config = config();
    config.round_limit = Some(4);
    let seed = 0x5EED_1234_ABCD;
    let mut game = Game::new(players(4), config, seed).unwrap();
    let viewers: Vec<Option<PlayerId>> = (0..4).map(|id| Some(p(id))).chain([None]).collect();
    let mut seen = vec![0u64; viewers.len()];
    let mut private_draws = 0;
    while let Some(command) = next_bot_command(&game) {
        game.apply(command).unwrap();
        for (index, &viewer) in viewers.iter().enumerate() {
            let snapshot = serde_json::to_string(&game.snapshot_for(viewer).unwrap()).unwrap();
            assert_no_secrets(&game, viewer, &snapshot);
            let events = game.events_for(viewer, seen[index]).unwrap();
            for record in &events {
                if let Event::PrivateDraw { player, .. } = record.event {
                    assert_eq!(Some(player), viewer, "a private draw went to someone else");
                    private_draws += 1;
                }
            }
            seen[index] = events.last().map_or(seen[index], |r| r.seq);
            assert_no_secrets(&game, viewer, &serde_json::to_string(&events).unwrap());
        }
    }
    assert!(
        private_draws >= 4,
        "every player saw their own opening hand"
    );
}

#[test]
fn a_player_sees_their_own_hand_and_only_the_sizes_of_the_others() {
    let game = in_round_one(3, config(), 9);
    let mine = game.snapshot_for(Some(p(1))).unwrap();
    for player in &mine.players {
        let real = game.state().player(player.id).unwrap();
        assert_eq!(player.hand_size as usize, real.hand.len());
        assert_eq!(player.deck_size as usize, real.deck.len());
        if player.id == p(1) {
            assert_eq!(player.hand.as_ref(), Some(&real.hand));
        } else {
            assert_eq!(player.hand, None);
        }
    }
    let spectator = game.snapshot_for(None).unwrap();
    assert!(spectator.players.iter().all(|p| p.hand.is_none()));
}

#[test]
fn the_snapshot_tells_the_public_bag_and_the_current_commitment() {
    let mut game = in_round_one(2, config(), 4);
    draw(&mut game);
    let snapshot = game.snapshot_for(Some(p(0))).unwrap();
    assert_eq!(snapshot.seq, game.last_seq());
    assert_eq!(snapshot.bag.remaining, 7);
    assert_eq!(snapshot.bag.drawn.len(), 1);
    assert_eq!(
        snapshot
            .bag
            .players
            .iter()
            .map(|t| t.contributed)
            .sum::<u32>(),
        8
    );
    let committed = game.events_since(0).iter().find_map(|r| match r.event {
        Event::RoundCommitted { commitment, .. } => Some(commitment),
        _ => None,
    });
    assert_eq!(snapshot.commitment, committed);
    let json = serde_json::to_string(&snapshot).unwrap();
    let back: Snapshot = serde_json::from_str(&json).unwrap();
    assert_eq!(back, snapshot, "a snapshot survives the wire unchanged");
}

/// Issue #19: a seat sees in its snapshot what `get_upcoming_players` tells anyone locally — in
/// seat or initiative order, who acts in the round's activations left (a planning bot uses it) —
/// and the mercy rule's cap; never the bag's order.
#[test]
fn the_snapshot_tells_the_public_order_and_the_mercy_rule() {
    for order in [ActivationOrder::Seats, ActivationOrder::Initiative] {
        let mut config = config();
        config.activation_order = order;
        let mut game = in_round_one(3, config, 9);
        while game.state().round == 1 {
            let upcoming = game.snapshot_for(Some(p(1))).unwrap().bag.upcoming;
            let spectator = game.snapshot_for(None).unwrap().bag.upcoming;
            assert_eq!(upcoming, spectator, "the same for every viewer");
            assert_eq!(
                upcoming.len(),
                game.state().bag.remaining() as usize,
                "{order:?}"
            );
            for expected in upcoming {
                let player = draw(&mut game);
                assert_eq!(
                    player, expected,
                    "{order:?}: the snapshot's order is the draws'"
                );
                act(&mut game, player, Action::Pass);
            }
        }
    }
    let mut config = config();
    config.max_streak = Some(2);
    let mut game = in_round_one(3, config, 9);
    draw(&mut game);
    let bag = game.snapshot_for(Some(p(0))).unwrap().bag;
    assert_eq!(bag.max_streak, Some(2));
    assert!(bag.upcoming.is_empty(), "the bag's order is secret");
}

#[test]
fn events_resume_after_a_sequence_number_and_unknown_viewers_are_refused() {
    let game = in_round_one(2, config(), 4);
    let all = game.events_for(Some(p(0)), 0).unwrap();
    let tail = game.events_for(Some(p(0)), all[5].seq).unwrap();
    assert_eq!(tail.as_slice(), &all[6..]);
    assert!(game.events_for(Some(p(0)), u64::MAX).unwrap().is_empty());
    assert_eq!(
        game.snapshot_for(Some(p(9))).unwrap_err(),
        GameError::UnknownPlayer { player: p(9) }
    );
    assert!(game.events_for(Some(p(9)), 0).is_err());
}
