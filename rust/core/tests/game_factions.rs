//! Asymmetric tokens: factions as config data — reserve tokens held back and put into a round's
//! bag when the player chooses, and cheaper command upgrades — named per player at setup.

mod common;

use common::*;
use horizons_edge_core::game::activation::ActivationOrder;
use horizons_edge_core::game::config::FactionDef;
use horizons_edge_core::{
    Action, Command, Event, Game, GameConfig, GameError, PlayerSetup, RulesError,
};

/// Vanguard holds one reserve token; Engineers pay half for upgrades.
fn factions() -> GameConfig {
    let mut config = with_vanguard(config());
    config.round_limit = Some(3);
    config.victory_points_to_win = None;
    config.factions.insert(
        "engineers".into(),
        FactionDef {
            reserve_tokens: 0,
            upgrade_discount: 50,
        },
    );
    config
}

/// Player 0 vanguard, player 1 engineers, player 2 none.
fn seated() -> Vec<PlayerSetup> {
    let mut seated = players(3);
    seated[0].faction = Some("vanguard".into());
    seated[1].faction = Some("engineers".into());
    seated
}

fn started(config: GameConfig, seed: u64) -> Game {
    seated_in_round_one(seated(), config, seed)
}

#[test]
fn a_reserve_token_goes_into_the_bag_once_when_its_player_chooses() {
    let mut game = started(factions(), 3);
    assert_eq!(game.state().player(p(0)).unwrap().reserve, 1);
    assert_eq!(game.state().player(p(2)).unwrap().reserve, 0);
    let before = game.state().bag.player_remaining(p(0)).unwrap();
    let events = game.apply(Command::CommitReserve { player: p(0) }).unwrap();
    assert_eq!(
        events[..2],
        [
            Event::ReserveCommitted {
                player: p(0),
                left: 0
            },
            Event::TokensAdded {
                player: p(0),
                count: 1
            }
        ]
    );
    assert_eq!(game.state().bag.player_remaining(p(0)).unwrap(), before + 1);
    refused(
        &mut game,
        Command::CommitReserve { player: p(0) },
        "none is held back",
    );
    refused(
        &mut game,
        Command::CommitReserve { player: p(2) },
        "none is held back",
    );
    // The extra token is one more activation this round.
    let mut activations = 0;
    while game.state().round == 1 {
        let player = draw(&mut game);
        act(&mut game, player, Action::Pass);
        activations += u32::from(player == p(0));
    }
    assert_eq!(activations, before + 1);
}

#[test]
fn reserve_tokens_wait_for_a_round() {
    let mut game = Game::new(seated(), factions(), 1).unwrap();
    refused(
        &mut game,
        Command::CommitReserve { player: p(0) },
        "commit_reserve",
    );
    game.apply(Command::StartGame).unwrap();
    refused(
        &mut game,
        Command::CommitReserve { player: p(0) },
        "commit_reserve",
    );
}

#[test]
fn engineers_pay_half_for_every_upgrade_rounded_in_their_favour() {
    let mut config = factions();
    let full = config.upgrade_for(0, None).unwrap();
    let half = config.upgrade_for(0, Some("engineers")).unwrap();
    assert_eq!(half.tokens, full.tokens);
    assert_eq!(half.cost.resources, full.cost.resources / 2);
    assert_eq!(half.cost.energy, full.cost.energy / 2);
    // Round 1's income buys an engineer's upgrade, not anyone else's.
    config.starting_resources = 0;
    config.resources_per_round = half.cost.resources;
    let mut game = started(config, 5);
    let mut seen = [false; 3];
    while game.state().round == 1 {
        let player = draw(&mut game);
        if !seen[player.0 as usize] {
            seen[player.0 as usize] = true;
            let check = game.check_action(player, &Action::UpgradeCommand);
            match player.0 {
                1 => {
                    let before = game.state().player(player).unwrap().resources;
                    act(&mut game, player, Action::UpgradeCommand);
                    let after = game.state().player(player).unwrap().resources;
                    assert_eq!(before - after, half.cost.resources);
                    continue;
                }
                _ => assert!(
                    matches!(check, Err(RulesError::Game(GameError::CannotAfford { .. }))),
                    "{check:?}"
                ),
            }
        }
        act(&mut game, player, Action::Pass);
    }
    assert_eq!(game.state().player(p(1)).unwrap().command_tier, 1);
}

#[test]
fn a_discount_that_leaves_a_fraction_rounds_the_price_down() {
    // Rounded up before: 25 % off 10 energy cost 8, 99 % off cost 1.
    let mut config = factions();
    for (discount, energy, resources) in [(25, 7, 75), (33, 6, 67), (50, 5, 50), (99, 0, 1)] {
        config
            .factions
            .get_mut("engineers")
            .unwrap()
            .upgrade_discount = discount;
        let price = config.upgrade_for(0, Some("engineers")).unwrap().cost;
        assert_eq!(
            (price.energy, price.resources),
            (energy, resources),
            "{discount} % off"
        );
    }
    config
        .factions
        .get_mut("engineers")
        .unwrap()
        .upgrade_discount = 100;
    let free = config.upgrade_for(0, Some("engineers")).unwrap().cost;
    assert_eq!((free.energy, free.resources), (0, 0));
}

#[test]
fn a_round_with_a_reserve_token_verifies() {
    let mut game = started(factions(), 7);
    draw(&mut game);
    game.apply(Command::CommitReserve { player: p(0) }).unwrap();
    play_out(&mut game, 100_000);
    assert_eq!(audit_every_round(&game), 3);
    assert_replays(&game);
    let loaded = Game::from_json(&game.to_json()).unwrap();
    assert_eq!(
        loaded.state().player(p(1)).unwrap().faction.as_deref(),
        Some("engineers")
    );
}

#[test]
fn unknown_factions_and_impossible_ones_are_refused() {
    let mut seats = seated();
    seats[2].faction = Some("pirates".into());
    let error = Game::new(seats, factions(), 1).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("\"pirates\" is not in the config's factions")
    );
    let mut config = factions();
    config
        .factions
        .get_mut("engineers")
        .unwrap()
        .upgrade_discount = 101;
    let error = Game::new(seated(), config, 1).unwrap_err();
    assert!(matches!(error, GameError::InvalidConfig(_)), "{error}");
    let mut config = factions();
    config.activation_order = ActivationOrder::Initiative;
    let error = Game::new(seated(), config, 1).unwrap_err();
    assert!(error.to_string().contains("rule of bag order"), "{error}");
    let config = GameConfig::default();
    assert!(!serde_json::to_string(&config).unwrap().contains("factions"));
}

#[test]
fn every_seat_sees_each_players_faction() {
    // The planner's rollouts play the others' factions (an upgrade discount), which no view
    // showed: a bot read what its seat could not see.
    let game = started(factions(), 12);
    for viewer in [Some(p(2)), None] {
        let snapshot = game.snapshot_for(viewer).unwrap();
        let shown: Vec<Option<String>> =
            snapshot.players.iter().map(|v| v.faction.clone()).collect();
        assert_eq!(
            shown,
            [Some("vanguard".into()), Some("engineers".into()), None],
            "{viewer:?}"
        );
    }
}

#[test]
fn every_seat_sees_how_many_reserve_tokens_each_player_holds_back() {
    // A client had `RulesSession.request_reserve()` but its snapshot never said whether it
    // held a reserve token to put in.
    let mut game = started(factions(), 12);
    let reserves = |game: &Game, viewer| -> Vec<u32> {
        let snapshot = game.snapshot_for(viewer).unwrap();
        snapshot.players.iter().map(|v| v.reserve).collect()
    };
    for viewer in [Some(p(0)), Some(p(2)), None] {
        assert_eq!(reserves(&game, viewer), [1, 0, 0], "{viewer:?}");
    }
    game.apply(Command::CommitReserve { player: p(0) }).unwrap();
    for viewer in [Some(p(0)), Some(p(2)), None] {
        assert_eq!(reserves(&game, viewer), [0, 0, 0], "{viewer:?}");
    }
}

#[test]
fn bots_put_their_reserve_token_in_when_they_run_out_of_tokens() {
    // Neither the random bot nor the planner ever put a reserve token in: a vanguard bot held it
    // back to the end of every game. A game playing itself puts it in as a command of its own
    // before the bot's decision (a replay's BotDecide means what it did).
    use horizons_edge_core::game::bots::Autoplay;
    for seed in 0..8 {
        let mut game = started(factions(), seed);
        let mut committed = 0;
        while let Some(command) = game.autoplay_command(Autoplay::Bots) {
            if let Command::CommitReserve { player } = command {
                assert_eq!(game.state().active, Some(player), "seed {seed}");
                assert_eq!(game.state().bag.player_remaining(player), Ok(0));
                committed += 1;
            }
            let events = game.apply(command.clone()).unwrap();
            let reserve = events
                .iter()
                .any(|e| matches!(e, Event::ReserveCommitted { .. }));
            assert_eq!(reserve, matches!(command, Command::CommitReserve { .. }));
        }
        assert_eq!(committed, 1, "seed {seed}: vanguard's one reserve token");
        assert_eq!(game.state().player(p(0)).unwrap().reserve, 0);
        assert_replays(&game);
    }
}

#[test]
fn a_bot_decision_never_commits_a_reserve_token_itself() {
    // A replay saved before bots used reserve tokens holds the bots' decisions as BotDecide:
    // it must play the same, so BotDecide takes one action and nothing else.
    let mut game = started(factions(), 5);
    while game.state().round == 1 {
        let player = draw(&mut game);
        let events = game.apply(Command::BotDecide { player }).unwrap();
        assert!(
            !events
                .iter()
                .any(|e| matches!(e, Event::ReserveCommitted { .. }))
        );
    }
    assert_eq!(game.state().player(p(0)).unwrap().reserve, 1);
}
