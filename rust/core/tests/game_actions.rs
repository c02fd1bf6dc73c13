//! Actions: validation order, costs, refunds, command upgrades, and that a refused action keeps
//! its token.

mod common;

use common::*;
use horizons_edge_core::game::state::Phase;
use horizons_edge_core::game::{GameView, Hooks};
use horizons_edge_core::{Action, Command, Event, Game, PlayerId};
use serde_json::json;

fn play(hand_index: u32) -> Action {
    Action::PlayCard {
        hand_index,
        context: json!({}),
    }
}

fn hand_index_of(game: &Game, player: PlayerId, card: horizons_edge_core::CardId) -> u32 {
    game.state()
        .player(player)
        .unwrap()
        .hand
        .iter()
        .position(|c| *c == card)
        .unwrap() as u32
}

#[test]
fn validation_runs_in_the_documented_order() {
    // Each row fails at one stage while every earlier stage passes.
    let mut game = Game::new(players(2), config(), 9).unwrap();
    refused(
        &mut game,
        act_cmd(0, Action::Pass),
        "the game has not started",
    );
    let mut game = in_round_one(2, config(), 9);
    refused(
        &mut game,
        act_cmd(0, Action::Pass),
        "the next token has not been drawn yet",
    );
    let active = draw(&mut game);
    let other = PlayerId(1 - active.0);
    refused(
        &mut game,
        act_cmd(other.0, Action::Pass),
        &format!("player {other} is not the active player (player {active} is)"),
    );
    // Once the active player has acted nobody is active until the next draw: the one who acted
    // is told so, anyone else that no token is drawn (they were told the last one to act was
    // active, as seed 000's "No action expected" is not).
    let mut after_pass = game.clone();
    after_pass.apply(act_cmd(active.0, Action::Pass)).unwrap();
    refused(
        &mut after_pass,
        act_cmd(other.0, Action::Pass),
        &format!("player {other} is not the active player (the next token has not been drawn"),
    );
    refused(
        &mut after_pass,
        act_cmd(active.0, Action::Pass),
        &format!("player {active} has already acted on their token"),
    );
    refused(
        &mut game,
        act_cmd(active.0, play(99)),
        "there is no card at index 99",
    );
    refused(
        &mut game,
        act_cmd(active.0, Action::UpgradeCommand),
        "cannot afford upgrade_command: it costs 10 energy and 100 resources, they have 10 energy \
         and 50 resources",
    );
    // Affordable, but the game's validator says no.
    let rally = Action::Custom {
        kind: "rally".into(),
        context: json!(null),
    };
    let before = game.to_json();
    let error = game
        .apply_with(act_cmd(active.0, rally), &mut Refuse("not from there"))
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "the game rejected the action: not from there"
    );
    assert_eq!(game.to_json(), before);
    // A pass is never judged, so the activation can always end.
    game.apply_with(act_cmd(active.0, Action::Pass), &mut Refuse("no"))
        .unwrap();
    refused(
        &mut game,
        act_cmd(active.0, Action::Pass),
        &format!("player {active} has already acted on their token"),
    );
}

fn act_cmd(player: u32, action: Action) -> Command {
    Command::Act {
        player: PlayerId(player),
        action,
    }
}

struct Refuse(&'static str);

impl Hooks for Refuse {
    fn validate(&mut self, _: GameView<'_>, _: PlayerId, _: &Action) -> Result<(), String> {
        Err(self.0.to_owned())
    }
}

#[test]
fn a_refused_action_keeps_the_token_and_the_player_may_try_again() {
    let mut game = in_round_one(3, config(), 4);
    let player = draw(&mut game);
    let tokens_left = game.state().bag.remaining();
    refused(
        &mut game,
        act_cmd(player.0, Action::UpgradeCommand),
        "cannot afford upgrade_command",
    );
    assert_eq!(game.state().phase, Phase::Activation { player });
    assert_eq!(game.state().bag.remaining(), tokens_left);
    let spark = hand_index_of(&game, player, SPARK);
    let events = act(&mut game, player, play(spark));
    assert!(events.contains(&Event::VictoryPointsChanged {
        player,
        victory_points: 1
    }));
}

#[test]
fn playing_a_card_pays_energy_and_moves_it_to_the_discard() {
    let mut game = in_round_one(2, config(), 6);
    let player = draw(&mut game);
    let index = hand_index_of(&game, player, RECRUIT);
    let events = act(&mut game, player, play(index));
    let me = game.state().player(player).unwrap();
    assert_eq!(me.energy, 8);
    assert_eq!(me.hand.len(), 6);
    assert_eq!(me.discard, vec![RECRUIT]);
    assert!(events.contains(&Event::CardPlayed {
        player,
        card: RECRUIT
    }));
    let soldier = &game.state().objects[0];
    assert_eq!(
        (soldier.owner, soldier.power, soldier.toughness),
        (player, 2, 2)
    );
}

#[test]
fn building_pays_resources_places_a_building_and_runs_its_effects() {
    let mut config = config();
    config.starting_resources = 60;
    let mut game = in_round_one(2, config, 8);
    let player = draw(&mut game);
    refused(
        &mut game,
        act_cmd(
            player.0,
            Action::Build {
                structure: "castle".into(),
                context: json!({}),
            },
        ),
        "no structure called \"castle\"",
    );
    act(
        &mut game,
        player,
        Action::Build {
            structure: "generator".into(),
            context: json!({"x": 3}),
        },
    );
    let me = game.state().player(player).unwrap();
    assert_eq!(me.resources, 60 + 50 - 50);
    assert_eq!(me.energy_per_round, 12);
    assert_eq!(game.state().objects[0].name, "Generator");
}

#[test]
fn custom_kinds_pay_their_cost_and_run_their_effects() {
    let mut game = in_round_one(2, config(), 10);
    let player = draw(&mut game);
    let hand = game.state().player(player).unwrap().hand.len();
    act(
        &mut game,
        player,
        Action::Custom {
            kind: "scout".into(),
            context: json!(null),
        },
    );
    let me = game.state().player(player).unwrap();
    assert_eq!((me.energy, me.hand.len()), (9, hand + 1));
    let next = draw(&mut game);
    refused(
        &mut game,
        act_cmd(
            next.0,
            Action::Custom {
                kind: "fly".into(),
                context: json!(null),
            },
        ),
        "no action kind called \"fly\"",
    );
}

#[test]
fn command_upgrades_follow_the_tiers_and_count_from_the_next_round() {
    let mut config = config();
    config.starting_resources = 400;
    config.energy_per_round = 20;
    let mut game = in_round_one(1, config, 12);
    let player = draw(&mut game);
    let events = act(&mut game, player, Action::UpgradeCommand);
    assert!(events.contains(&Event::CommandUpgraded {
        player,
        tier: 1,
        tokens: 5
    }));
    let me = game.state().player(player).unwrap();
    assert_eq!((me.resources, me.energy), (450 - 100, 20 - 10));
    assert_eq!(
        game.state().bag.remaining(),
        3,
        "this round's bag is unchanged"
    );
    // Tier 2 costs 20 energy: only 10 left this round.
    draw(&mut game);
    refused(
        &mut game,
        act_cmd(0, Action::UpgradeCommand),
        "it costs 20 energy and 200 resources",
    );
    while game.state().round == 1 {
        act(&mut game, player, Action::Pass);
        if game.state().round == 1 {
            draw(&mut game);
        }
    }
    assert_eq!(
        game.state().bag.remaining(),
        5,
        "tier 1 puts 5 tokens in from round 2"
    );
    draw(&mut game);
    act(&mut game, player, Action::UpgradeCommand);
    for _ in 0..4 {
        draw(&mut game);
        act(&mut game, player, Action::Pass);
    }
    assert_eq!(game.state().round, 3);
    assert_eq!(game.state().bag.remaining(), 6, "tier 2 puts 6 tokens in");
    draw(&mut game);
    refused(
        &mut game,
        act_cmd(0, Action::UpgradeCommand),
        "player 0 is already at the highest command tier (6 tokens)",
    );
}

#[test]
fn a_failure_while_executing_refunds_everything() {
    // Growth targets the object named in the context; with no such object the effect fails after
    // the energy was paid and the card left the hand: all of it is undone.
    let mut game = in_round_one(2, config(), 14);
    let player = draw(&mut game);
    let index = hand_index_of(&game, player, GROWTH);
    refused(
        &mut game,
        act_cmd(
            player.0,
            Action::PlayCard {
                hand_index: index,
                context: json!({"target": 42}),
            },
        ),
        "target 42 is not an object in play",
    );
    assert_eq!(game.state().player(player).unwrap().energy, 10);
    assert_eq!(game.state().phase, Phase::Activation { player });
}

#[test]
fn a_token_is_named_as_a_player_is_or_refused() {
    let mut game = in_round_one(2, config(), 16);
    let player = draw(&mut game);
    for (name, fragment) in [
        (String::new(), "a character other than a space"),
        ("x".repeat(65), "at most 64 characters"),
        ("Drone\n".to_owned(), "control characters"),
    ] {
        let token = Action::CreateToken {
            name,
            power: 1,
            toughness: 1,
        };
        refused(
            &mut game,
            Command::Act {
                player,
                action: token,
            },
            fragment,
        );
    }
}

#[test]
fn a_seat_is_named_as_a_rename_would_name_it() {
    let mut seats = players(2);
    seats[1].name = "y".repeat(84);
    let error = Game::new(seats, config(), 1).unwrap_err();
    assert!(error.to_string().contains("player 1's name"), "{error}");
    assert!(
        error.to_string().contains("at most 64 characters"),
        "{error}"
    );
}

#[test]
fn blank_names_and_names_no_player_could_have_in_the_config_are_refused() {
    for (edit, fragment) in [
        (json!({"cards": {"1": {"name": " "}}}), "card 1 has no name"),
        (
            json!({"structures": {"": {"building": {"name": "Hut", "kind": "building"}}}}),
            "a structure has no name",
        ),
        (
            json!({"structures": {"hut": {"building": {"name": "", "kind": "building"}}}}),
            "structure \"hut\"'s building has no name",
        ),
        // Objects that effects create are named as a player or a token would be: an effect
        // created a token named "", "a\nb" or 100 000 characters long.
        (
            json!({"cards": {"1": {"name": "Call", "effects": [
                {"effect": "create_object", "object": {"name": "", "kind": "token"}}
            ]}}}),
            "cards.1.effects[0].object.name: invalid name",
        ),
        (
            json!({"action_kinds": {"summon": {"effects": [
                {"effect": "create_object", "object": {"name": "a\nb", "kind": "token"}}
            ]}}}),
            "action_kinds.summon.effects[0].object.name: invalid name: a name may not hold \
             control characters",
        ),
        (
            json!({"structures": {"hut": {"building": {"name": "Hut", "kind": "building"},
                "effects": [{"effect": "create_object",
                    "object": {"name": "x".repeat(100_000), "kind": "unit"}}]}}}),
            "structures.hut.effects[0].object.name: invalid name: a name has at most 64",
        ),
        (
            json!({"action_kinds": {"": {}}}),
            "an action kind has no name",
        ),
    ] {
        let config: horizons_edge_core::GameConfig = serde_json::from_value(edit).unwrap();
        let error = Game::new(players(2), config, 1).unwrap_err();
        assert!(error.to_string().contains(fragment), "{fragment}: {error}");
    }
}

/// A save from a build that did not check the names of created objects still loads.
#[test]
fn a_saved_config_naming_objects_as_no_player_could_still_loads() {
    let mut config = config();
    let kind = json!({"effects": [
        {"effect": "create_object", "object": {"name": "Scout", "kind": "token"}}
    ]});
    config
        .action_kinds
        .insert("call".into(), serde_json::from_value(kind).unwrap());
    let game = Game::new(players(2), config, 1).unwrap();
    let saved = game.to_json().replace(
        "\"name\":\"Scout\"",
        &format!("\"name\":\"{}\"", "x".repeat(100)),
    );
    assert!(saved.contains(&"x".repeat(100)));
    let loaded = Game::from_json(&saved).unwrap();
    assert_eq!(loaded.state_hash(), game.state_hash());
}

#[test]
fn command_tiers_that_take_tokens_away_are_refused() {
    let mut tiers = config();
    tiers.command_tiers = serde_json::from_value(json!([
        {"tokens": 4},
        {"tokens": 6, "cost": {"energy": 1}},
        {"tokens": 5, "cost": {"energy": 2}}
    ]))
    .unwrap();
    let error = Game::new(players(2), tiers, 1).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("command tier 2 gives fewer tokens than tier 1"),
        "{error}"
    );
}

#[test]
fn create_token_puts_a_token_object_on_the_players_side() {
    let mut game = in_round_one(2, config(), 16);
    let player = draw(&mut game);
    act(
        &mut game,
        player,
        Action::CreateToken {
            name: "Drone".into(),
            power: 1,
            toughness: 1,
        },
    );
    let object = &game.state().objects[0];
    assert_eq!(object.owner, player);
    assert_eq!(
        object.kind,
        horizons_edge_core::game::objects::ObjectKind::Token
    );
    assert_eq!((object.power, object.toughness), (1, 1));
}

#[test]
fn pass_gives_up_the_activation_and_draws_move_on() {
    let mut game = in_round_one(2, config(), 18);
    let player = draw(&mut game);
    let events = act(&mut game, player, Action::Pass);
    assert_eq!(names(&events), ["action_resolved", "activation_ended"]);
    assert_eq!(game.state().phase, Phase::AwaitingDraw);
    assert_eq!(
        game.state().active,
        Some(player),
        "the last active player stays recorded"
    );
}

#[test]
fn unknown_and_eliminated_players_are_refused() {
    let mut game = in_round_one(3, config(), 20);
    refused(
        &mut game,
        act_cmd(7, Action::Pass),
        "player 7 is not in this game",
    );
    let active = draw(&mut game);
    let other = PlayerId((active.0 + 1) % 3);
    game.apply(Command::Eliminate { player: other }).unwrap();
    refused(
        &mut game,
        act_cmd(other.0, Action::Pass),
        &format!("player {other} has been eliminated"),
    );
    refused(
        &mut game,
        Command::Eliminate { player: other },
        "has been eliminated",
    );
}

#[test]
fn caller_json_with_unknown_keys_is_not_an_action() {
    assert_eq!(Action::from_json(json!({"type": "pass"})), Ok(Action::Pass));
    let error = Action::from_json(json!({"type": "pass", "extra": 1})).unwrap_err();
    assert!(error.contains("unknown field `extra`"), "{error}");
    assert!(Action::from_json(json!({"type": "build", "structure": "x", "spot": 2})).is_err());
    assert!(Action::from_json(json!({"type": "fly"})).is_err());
}

/// Refusals have stable names a program can act on, and misuse of the API is told apart from a
/// refusal of play: "not your turn", "already acted" and "wrong phase" are three kinds.
#[test]
fn refusals_name_their_kind_and_whether_the_caller_misused_the_api() {
    let mut game = Game::new(players(2), config(), 9).unwrap();
    game.apply(Command::StartGame).unwrap();
    let kind = |game: &mut Game, command: Command| {
        let error = game.apply(command).unwrap_err();
        (error.kind(), error.is_misuse())
    };
    assert_eq!(
        kind(&mut game, act_cmd(0, Action::Pass)),
        ("wrong_phase", false)
    );
    for id in 0..2 {
        game.apply(Command::Keep {
            player: PlayerId(id),
            bottom: vec![],
        })
        .unwrap();
    }
    let active = draw(&mut game);
    let other = 1 - active.0;
    assert_eq!(
        kind(&mut game, act_cmd(other, Action::Pass)),
        ("not_active_player", false)
    );
    assert_eq!(
        kind(&mut game, act_cmd(active.0, Action::UpgradeCommand)),
        ("cannot_afford", false)
    );
    assert_eq!(
        kind(&mut game, act_cmd(active.0, play(99))),
        ("hand_index_out_of_range", true)
    );
    assert_eq!(
        kind(&mut game, act_cmd(7, Action::Pass)),
        ("unknown_player", true)
    );
    act(&mut game, active, Action::Pass);
    assert_eq!(
        kind(&mut game, act_cmd(active.0, Action::Pass)),
        ("already_acted", false)
    );
}
