//! Undo of the current activation's action: it restores the state with its random streams, is
//! refused past the draw that started the activation, and can never change a draw.

mod common;

use common::*;
use horizons_edge_core::game::effect_defs::Effect;
use horizons_edge_core::{Action, Command, Event, Game, GameConfig, Phase};

/// The common config, but scouting gains resources instead of drawing a card: no action shows
/// anyone anything hidden, so every one can be undone.
fn config_without_reveals() -> GameConfig {
    let mut config = config();
    config.action_kinds.get_mut("scout").unwrap().effects =
        vec![Effect::GainResources { amount: 1 }];
    config
}

fn draw_owners(game: &mut Game, count: usize) -> Vec<u32> {
    (0..count)
        .map(|_| {
            let player = draw(game);
            act(game, player, Action::Pass);
            player.0
        })
        .collect()
}

#[test]
fn undo_takes_the_action_back_and_the_same_player_acts_again() {
    let mut game = in_round_one(3, config(), 40);
    let player = draw(&mut game);
    let before = game.state().clone();
    act(&mut game, player, custom("rally"));
    let events = game.apply(Command::Undo).unwrap();
    assert_eq!(events, vec![Event::ActionUndone { player }]);
    assert_eq!(game.state(), &before);
    assert_eq!(game.state().phase, Phase::Activation { player });
    act(&mut game, player, Action::Pass);
}

#[test]
fn undo_is_refused_past_a_draw_and_says_why() {
    let mut game = in_round_one(2, config(), 41);
    refused(
        &mut game,
        Command::Undo,
        "only the action of the current activation",
    );
    let player = draw(&mut game);
    refused(&mut game, Command::Undo, "could re-roll the bag");
    assert!(game.can_undo().is_err());
    act(&mut game, player, Action::Pass);
    assert!(game.can_undo().is_ok());
    game.apply(Command::Undo).unwrap();
    refused(&mut game, Command::Undo, "already undone");
}

#[test]
fn undo_and_redo_never_change_a_draw() {
    let mut plain = in_round_one(4, config_without_reveals(), 42);
    let expected = draw_owners(&mut plain, 30);
    let mut fickle = in_round_one(4, config_without_reveals(), 42);
    let mut owners = Vec::new();
    for index in 0..30 {
        let player = draw(&mut fickle);
        owners.push(player.0);
        // Try something else first (a bot's choice, which uses the bot stream), take it back,
        // then pass like the plain game; not on a round's last token, whose action stands.
        if !fickle.state().bag.is_empty() {
            fickle.apply(Command::BotDecide { player }).unwrap();
            fickle.apply(Command::Undo).unwrap();
            if index % 3 == 0 {
                act(&mut fickle, player, Action::Pass);
                fickle.apply(Command::Undo).unwrap();
            }
        }
        act(&mut fickle, player, Action::Pass);
    }
    assert_eq!(owners, expected);
    assert_eq!(fickle.state(), plain.state());
}

#[test]
fn an_undo_point_survives_save_and_load_and_replays() {
    let mut game = in_round_one(2, config(), 43);
    let player = draw(&mut game);
    act(&mut game, player, Action::Pass);
    let mut loaded = Game::from_json(&game.to_json()).unwrap();
    loaded.apply(Command::Undo).unwrap();
    game.apply(Command::Undo).unwrap();
    assert_eq!(loaded.state(), game.state());
    let (replayed, _) = game.replay().play().unwrap();
    assert_eq!(replayed.state(), game.state());
}

/// The action that ends a round reveals its key and deals the next round: it cannot be undone
/// (nor can the one that ends the game), so nobody gets a second look.
#[test]
fn an_action_that_ends_the_round_or_the_game_cannot_be_undone() {
    let mut config = config();
    config.round_limit = Some(2);
    config.victory_points_to_win = None;
    let mut game = in_round_one(2, config, 44);
    for round in 1..=2 {
        while game.state().bag.remaining() > 1 {
            let player = draw(&mut game);
            act(&mut game, player, Action::Pass);
            assert!(game.can_undo().is_ok(), "a pass inside round {round}");
        }
        let player = draw(&mut game);
        // In round 1 a card: the hand the next round tops up is short, so the same command also
        // deals cards; the refusal still names the round's end.
        let card = game
            .legal_actions(player, &mut horizons_edge_core::NoHooks)
            .into_iter()
            .find(|action| matches!(action, Action::PlayCard { .. }))
            .filter(|_| round == 1);
        let events = act(&mut game, player, card.clone().unwrap_or(Action::Pass));
        if round == 1 {
            assert!(card.is_some(), "a card to play");
            assert!(
                events
                    .iter()
                    .any(|e| matches!(e, Event::PrivateDraw { .. }))
            );
        }
        refused(
            &mut game,
            Command::Undo,
            "not one that ended the round or the game",
        );
    }
    assert!(matches!(game.state().phase, Phase::GameOver { .. }));
}

/// Issue #19's secrets: an action that showed someone something hidden — the cards it drew, the
/// next draws of the bag — cannot be undone: the undo would give the cost back and leave them
/// knowing what comes next (a free look at the deck or the bag, or a choice between futures).
#[test]
fn an_action_that_showed_something_hidden_cannot_be_undone() {
    let mut game = in_round_one(3, with_watchtower(config()), 45);
    let player = draw(&mut game);
    let events = act(&mut game, player, custom("scout"));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::PrivateDraw { cards, .. } if !cards.is_empty())),
        "scouting drew a card: {events:?}"
    );
    refused(&mut game, Command::Undo, "showed something hidden");
    assert!(game.can_undo().is_err());
    let player = draw(&mut game);
    let events = act(&mut game, player, custom("watchtower"));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::PrivatePeek { .. }))
    );
    refused(&mut game, Command::Undo, "showed something hidden");
    // An action that shows nothing stays open to undo.
    let player = draw(&mut game);
    act(&mut game, player, custom("rally"));
    assert!(game.can_undo().is_ok());
}
