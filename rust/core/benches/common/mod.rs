//! What the game benchmarks share: the bundled starter set, seats of bots with the starter deck
//! and an 8-player game stopped in round 5.

use horizons_edge_core::{CardId, Command, Game, GameConfig, PlayerId, PlayerSetup};

/// The card catalog the bundled game and the headless suites use.
pub const STARTER_SET: &str =
    include_str!("../../../../godot-project/addons/horizons_edge/starter_set.json");

const DECK: [u32; 20] = [1, 2, 3, 4, 5, 1, 2, 4, 5, 1, 2, 3, 4, 5, 1, 2, 4, 1, 5, 2];

/// The starter set as a config, with `round_limit` rounds at most.
pub fn starter_config(round_limit: Option<u32>) -> GameConfig {
    let mut config: GameConfig = serde_json::from_str(STARTER_SET).expect("starter set");
    config.round_limit = round_limit;
    config
}

/// `count` seats, each with the starter deck.
pub fn bots(count: u32) -> Vec<PlayerSetup> {
    (0..count)
        .map(|id| PlayerSetup {
            id: PlayerId(id),
            name: format!("bot {id}"),
            deck: DECK.iter().map(|&card| CardId(card)).collect(),
            energy_per_round: None,
            resources_per_round: None,
            foresight: 0,
            faction: None,
        })
        .collect()
}

/// An 8-player game of bots stopped in round 5 with 16 tokens left in the bag.
pub fn mid_game(config: &GameConfig) -> Game {
    let mut game = Game::new(bots(8), config.clone(), 8).expect("valid setup");
    game.apply(Command::StartGame).expect("start");
    for id in 0..8 {
        let keep = Command::Keep {
            player: PlayerId(id),
            bottom: Vec::new(),
        };
        game.apply(keep).expect("keep");
    }
    while game.state().round < 5 || game.state().bag.remaining() > 16 {
        game.apply(Command::DrawToken).expect("draw");
        let player = game.state().active.expect("a token was drawn");
        game.apply(Command::BotDecide { player })
            .expect("bot action");
    }
    game
}
