//! Shared fixtures for the game tests: a small card catalog and helpers to drive a game.

// Each test file uses a different part of the fixtures.
#![allow(dead_code)]

use horizons_edge_core::game::config::{ActionKindDef, CardDef, Cost, FactionDef, StructureDef};
use horizons_edge_core::game::effect_defs::{Counter, Effect, ObjectDef, Target};
use horizons_edge_core::game::objects::ObjectKind;
use horizons_edge_core::{
    Action, CardId, Command, Event, Game, GameConfig, Phase, PlayerId, PlayerSetup,
};

pub const SPARK: CardId = CardId(1);
pub const RECRUIT: CardId = CardId(2);
pub const GROWTH: CardId = CardId(3);

pub fn p(id: u32) -> PlayerId {
    PlayerId(id)
}

/// Cards: Spark (1 energy, +1 victory point), Recruit (2 energy, a 2/2 unit), Growth (3 energy,
/// a +1/+1 counter on the context's target). Structure: generator (50 resources, a 0/3 building,
/// +2 energy per round). Kinds: scout (1 energy, draw a card), rally (free, +5 resources).
pub fn config() -> GameConfig {
    let mut config = GameConfig::default();
    config.cards.insert(
        SPARK,
        CardDef {
            name: "Spark".into(),
            energy: 1,
            effects: vec![Effect::GainVictoryPoints { amount: 1 }],
        },
    );
    config.cards.insert(
        RECRUIT,
        CardDef {
            name: "Recruit".into(),
            energy: 2,
            effects: vec![Effect::CreateObject {
                object: ObjectDef {
                    name: "Soldier".into(),
                    kind: ObjectKind::Unit,
                    power: 2,
                    toughness: 2,
                    cda: None,
                },
            }],
        },
    );
    config.cards.insert(
        GROWTH,
        CardDef {
            name: "Growth".into(),
            energy: 3,
            effects: vec![Effect::AddCounters {
                target: Target::Context,
                counter: Counter::PlusOne,
                count: 1,
            }],
        },
    );
    config.structures.insert(
        "generator".into(),
        StructureDef {
            cost: Cost {
                energy: 0,
                resources: 50,
            },
            building: ObjectDef {
                name: "Generator".into(),
                kind: ObjectKind::Building,
                power: 0,
                toughness: 3,
                cda: None,
            },
            effects: vec![Effect::GainEnergyPerRound { amount: 2 }],
        },
    );
    config.action_kinds.insert(
        "scout".into(),
        ActionKindDef {
            cost: Cost {
                energy: 1,
                resources: 0,
            },
            effects: vec![Effect::DrawCards { count: 1 }],
        },
    );
    config.action_kinds.insert(
        "rally".into(),
        ActionKindDef {
            cost: Cost::default(),
            effects: vec![Effect::GainResources { amount: 5 }],
        },
    );
    config
}

/// The action of `kind` (a config action kind), without context.
pub fn custom(kind: &str) -> Action {
    Action::Custom {
        kind: kind.into(),
        context: serde_json::Value::Null,
    }
}

/// `config` with the faction "vanguard": one reserve token held back each game.
pub fn with_vanguard(mut config: GameConfig) -> GameConfig {
    config.factions.insert(
        "vanguard".into(),
        FactionDef {
            reserve_tokens: 1,
            upgrade_discount: 0,
        },
    );
    config
}

/// `config` with the action kind "watchtower": no cost, and foresight of the next two draws.
pub fn with_watchtower(mut config: GameConfig) -> GameConfig {
    config.action_kinds.insert(
        "watchtower".into(),
        ActionKindDef {
            cost: Cost::default(),
            effects: vec![Effect::Foresight { count: 2 }],
        },
    );
    config
}

/// `count` players with ids 0.., each with a 20-card deck of the three cards.
pub fn players(count: u32) -> Vec<PlayerSetup> {
    (0..count)
        .map(|id| PlayerSetup {
            id: p(id),
            name: format!("Player {id}"),
            deck: (0..20).map(|i| [SPARK, RECRUIT, GROWTH][i % 3]).collect(),
            energy_per_round: None,
            resources_per_round: None,
            foresight: 0,
            faction: None,
        })
        .collect()
}

/// A game of `count` players with `config`, started, every player keeping their first hand:
/// round 1 is under way, waiting for the first draw.
pub fn in_round_one(count: u32, config: GameConfig, seed: u64) -> Game {
    seated_in_round_one(players(count), config, seed)
}

/// [`in_round_one`] with the players `seated` (their decks, factions, ...).
pub fn seated_in_round_one(seated: Vec<PlayerSetup>, config: GameConfig, seed: u64) -> Game {
    let ids: Vec<PlayerId> = seated.iter().map(|setup| setup.id).collect();
    let mut game = Game::new(seated, config, seed).unwrap();
    game.apply(Command::StartGame).unwrap();
    for player in ids {
        game.apply(Command::Keep {
            player,
            bottom: vec![],
        })
        .unwrap();
    }
    assert_eq!(game.state().phase, Phase::AwaitingDraw);
    game
}

/// Draws the next token and returns its owner.
pub fn draw(game: &mut Game) -> PlayerId {
    game.apply(Command::DrawToken).unwrap();
    game.state().active.unwrap()
}

/// Has `player` take `action`.
pub fn act(game: &mut Game, player: PlayerId, action: Action) -> Vec<Event> {
    game.apply(Command::Act { player, action }).unwrap()
}

/// Asserts the command is refused with a message containing `fragment` and changes nothing.
pub fn refused(game: &mut Game, command: Command, fragment: &str) {
    let before = game.to_json();
    let error = game.apply(command).unwrap_err();
    assert!(
        error.to_string().contains(fragment),
        "expected '{fragment}' in: {error}"
    );
    assert_eq!(game.to_json(), before, "a refused command changed the game");
}

/// The names of the events, in order (their JSON `type`).
pub fn names(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .map(|e| {
            serde_json::to_value(e).unwrap()["type"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect()
}

/// A game of 4 bots in the middle of round 2, just after an action (so that it can be undone):
/// what the save tests save. Scouting gains resources here: a card drawn could not be undone.
pub fn mid_game() -> Game {
    let mut config = config();
    config.round_limit = Some(6);
    if let Some(scout) = config.action_kinds.get_mut("scout") {
        scout.effects = vec![Effect::GainResources { amount: 1 }];
    }
    let mut game = Game::new(players(4), config, 41).unwrap();
    for _ in 0..61 {
        let command = next_bot_command(&game).unwrap();
        game.apply(command).unwrap();
    }
    assert_eq!(game.state().round, 2, "saved in the middle of a round");
    assert!(game.can_undo().is_ok(), "saved with an undo point");
    game
}

/// The next command of an all-bot game: a draw when a token is due, otherwise the deciding
/// player's bot (also for a nonce the round waits for; a reserve token first when the bots'
/// rule puts it in); `None` once the game is over.
pub fn next_bot_command(game: &Game) -> Option<Command> {
    let state = game.state();
    match state.phase {
        Phase::AwaitingDraw => match state.entropy.pending.first() {
            Some(&player) => Some(Command::BotDecide { player }),
            None => Some(Command::DrawToken),
        },
        Phase::Activation { player } if game.bot_commits_reserve(player) => {
            Some(Command::CommitReserve { player })
        }
        Phase::Activation { player } => Some(Command::BotDecide { player }),
        Phase::Mulligan => {
            let undecided = state.players.iter().find(|p| !p.kept && !p.eliminated)?;
            Some(Command::BotDecide {
                player: undecided.id,
            })
        }
        Phase::Setup => Some(Command::StartGame),
        Phase::GameOver { .. } => None,
    }
}

/// Plays bots until the game ends (or `limit` commands); returns the number of commands.
pub fn play_out(game: &mut Game, limit: usize) -> usize {
    let mut count = 0;
    while let Some(command) = next_bot_command(game) {
        game.apply(command).unwrap();
        count += 1;
        assert!(
            count < limit,
            "the game did not end within {limit} commands"
        );
    }
    count
}

/// Plays `original` and `loaded` (loaded from a save of it) on to the end with the same bots,
/// and checks that they stay the same game.
pub fn assert_plays_on_alike(mut original: Game, mut loaded: Game) {
    play_out(&mut original, 10_000);
    play_out(&mut loaded, 10_000);
    assert_eq!(loaded.to_json(), original.to_json());
}

/// A 3-player game of bots played to its end twice: straight through, and with `reload` (a
/// save and a load) before every command. Returns the two, in that order.
pub fn reloaded_before_every_command(reload: impl Fn(&Game) -> Game) -> (Game, Game) {
    let mut config = config();
    config.round_limit = Some(3);
    let mut reference = Game::new(players(3), config, 43).unwrap();
    let mut reloaded = reference.clone();
    while let Some(command) = next_bot_command(&reference) {
        reference.apply(command.clone()).unwrap();
        reloaded = reload(&reloaded);
        reloaded.apply(command).unwrap();
    }
    (reference, reloaded)
}

/// Audits every round of `game` as a spectator's client would, and checks that each verified.
/// Returns how many rounds were audited.
pub fn audit_every_round(game: &Game) -> usize {
    let mut auditor = horizons_edge_core::audit::Auditor::new();
    let verdicts: Vec<_> = game
        .events_for(None, 0)
        .unwrap()
        .iter()
        .filter_map(|r| auditor.observe(&r.event))
        .collect();
    assert!(verdicts.iter().all(|v| v.outcome.is_ok()), "{verdicts:?}");
    verdicts.len()
}

/// Checks that `game`'s replay, through its JSON, plays again to the same state.
pub fn assert_replays(game: &Game) {
    let replay = horizons_edge_core::game::replay::Replay::from_json(&game.replay().to_json());
    let (replayed, _) = replay.unwrap().play().unwrap();
    assert_eq!(
        replayed.state_hash(),
        game.state_hash(),
        "the replay differs"
    );
}

/// Audits every round of `events` as a client would: (round, draws checked or why it failed)
/// per verdict.
pub fn audit(
    events: &[Event],
) -> Vec<(u32, Result<usize, horizons_edge_core::audit::FairnessError>)> {
    let mut auditor = horizons_edge_core::audit::Auditor::new();
    events
        .iter()
        .filter_map(|event| auditor.observe(event))
        .map(|verdict| (verdict.round, verdict.outcome))
        .collect()
}

/// The game's public events, as a spectator receives them.
pub fn public_events(game: &Game) -> Vec<Event> {
    game.events_for(None, 0)
        .unwrap()
        .into_iter()
        .map(|record| record.event)
        .collect()
}
