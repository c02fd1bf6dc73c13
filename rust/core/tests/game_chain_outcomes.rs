//! Where a reaction chain stops and what its hooks are told: a player reaching the victory
//! points wins at once, before the rest of the chain resolves; the reaction provider learns
//! which card an action played and whether the action is only being tried out.

mod common;

use common::*;
use horizons_edge_core::game::config::{ActionKindDef, ReactionRule, TriggeredBy};
use horizons_edge_core::game::effect_defs::Effect;
use horizons_edge_core::game::replay::Replay;
use horizons_edge_core::game::state::Phase;
use horizons_edge_core::game::{GameView, Hooks, Reaction, ResolvedAction};
use horizons_edge_core::{Action, CardId, Command, Event, GameConfig, PlayerId};
use serde_json::json;

/// Adds custom action kind `name`, which gives its player `points` victory points.
fn scoring_kind(config: &mut GameConfig, name: &str, points: i64) {
    config.action_kinds.insert(
        name.into(),
        ActionKindDef {
            effects: vec![Effect::GainVictoryPoints { amount: points }],
            ..ActionKindDef::default()
        },
    );
}

#[test]
fn a_player_reaching_the_victory_points_wins_before_the_chain_goes_on() {
    // The drawn player's "triumph" reaches the target; the other player's rule answers it
    // with "steal", which would give them more. "Wins at once": the answer never resolves.
    let mut config = config();
    config.victory_points_to_win = Some(5);
    scoring_kind(&mut config, "triumph", 5);
    scoring_kind(&mut config, "steal", 6);
    config.reactions = (0..2)
        .map(|owner| ReactionRule {
            name: format!("thief {owner}"),
            owner: Some(PlayerId(owner)),
            trigger: "triumph".into(),
            by: TriggeredBy::Opponents,
            response: "steal".into(),
        })
        .collect();
    let mut game = in_round_one(2, config, 3);
    let player = draw(&mut game);
    let other = PlayerId(1 - player.0);

    let events = act(&mut game, player, custom("triumph"));

    assert_eq!(
        game.state().phase,
        Phase::GameOver {
            winner: Some(player)
        }
    );
    assert!(events.contains(&Event::GameOver {
        winner: Some(player)
    }));
    assert_eq!(game.state().player(other).unwrap().victory_points, 0);
    assert!(
        !events.iter().any(|e| matches!(
            e,
            Event::ActionResolved { action, .. } if action.kind() == "steal"
        )),
        "the answer to the winning action resolved: {events:?}"
    );
}

#[test]
fn a_replay_recorded_before_the_win_ended_the_chain_plays_the_same() {
    // `fixtures/replay_vp_win_asked_provider.json`, written by a build from before a win ended
    // the reaction chain at once: player 0's "triumph" reaches the 5 points, and the replay
    // records the reaction provider's answer (no reactions) for it. Once the provider was no
    // longer asked after a winning action, that answer was "never asked for" and the replay was
    // refused.
    let replay =
        Replay::from_json(include_str!("fixtures/replay_vp_win_asked_provider.json")).unwrap();
    let (game, _) = replay.play().unwrap();
    assert_eq!(
        game.state().phase,
        Phase::GameOver {
            winner: Some(PlayerId(0))
        }
    );
    // The state hash that build reported for the game it saved.
    assert_eq!(game.state_hash() as i64, -3_692_867_062_694_051_266);
}

/// Records what the provider is told of each resolved action: (kind, card, trial).
#[derive(Default)]
struct Recorder {
    told: Vec<(String, Option<CardId>, bool)>,
}

impl Hooks for Recorder {
    fn reactions(
        &mut self,
        _: GameView<'_>,
        resolved: &ResolvedAction,
    ) -> Result<Vec<Reaction>, String> {
        self.told.push((
            resolved.action.kind().to_owned(),
            resolved.card,
            resolved.trial,
        ));
        Ok(Vec::new())
    }
}

#[test]
fn the_provider_is_told_the_card_an_action_played() {
    // The card has left the hand by the time the provider is asked, so the hand index alone
    // would name the card after it.
    let mut game = in_round_one(2, config(), 5);
    let player = draw(&mut game);
    let hand = game.state().player(player).unwrap().hand.clone();
    let index = hand.iter().position(|&card| card == SPARK).unwrap();
    let mut recorder = Recorder::default();

    game.apply_with(
        Command::Act {
            player,
            action: Action::PlayCard {
                hand_index: index as u32,
                context: json!(null),
            },
        },
        &mut recorder,
    )
    .unwrap();

    assert_eq!(
        recorder.told,
        vec![("play_card".to_owned(), Some(SPARK), false)]
    );
}

#[test]
fn the_provider_is_told_when_an_action_is_only_tried_out() {
    let mut game = in_round_one(2, config(), 5);
    let player = draw(&mut game);
    let mut recorder = Recorder::default();

    let legal = game.legal_actions(player, &mut recorder);

    assert!(legal.len() > 1, "{legal:?}");
    assert_eq!(recorder.told.len(), legal.len());
    assert!(recorder.told.iter().all(|&(_, _, trial)| trial));
    let cards_tried = recorder.told.iter().filter(|told| told.1.is_some()).count();
    let cards_legal = legal
        .iter()
        .filter(|action| matches!(action, Action::PlayCard { .. }))
        .count();
    assert_eq!(cards_tried, cards_legal);

    recorder.told.clear();
    game.apply_with(
        Command::Act {
            player,
            action: Action::Pass,
        },
        &mut recorder,
    )
    .unwrap();
    assert_eq!(recorder.told, vec![("pass".to_owned(), None, false)]);
}
