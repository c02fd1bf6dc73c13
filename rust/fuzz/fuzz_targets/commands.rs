//! Arbitrary command sequences against a small game: never a panic, and a refused command
//! leaves the game exactly as it was.
#![no_main]

use horizons_edge_core::{Action, CardId, Command, Game, GameConfig, PlayerId, PlayerSetup};
use libfuzzer_sys::fuzz_target;

const STARTER_SET: &str =
    include_str!("../../../godot-project/addons/horizons_edge/starter_set.json");

fn command(bytes: &[u8]) -> Command {
    let player = PlayerId(u32::from(bytes[1] % 5));
    let index = u32::from(bytes[2]);
    match bytes[0] % 12 {
        0 => Command::StartGame,
        1 => Command::Mulligan { player },
        2 => Command::Keep {
            player,
            bottom: (0..u32::from(bytes[2] % 3)).collect(),
        },
        3..=5 => Command::DrawToken,
        6 => Command::BotDecide { player },
        7 => Command::Eliminate { player },
        8 => Command::Undo,
        9 => Command::Act {
            player,
            action: Action::PlayCard {
                hand_index: index % 9,
                context: serde_json::json!(index),
            },
        },
        10 => Command::Act {
            player,
            action: [Action::Pass, Action::UpgradeCommand][usize::from(bytes[2] % 2)].clone(),
        },
        _ => Command::Act {
            player,
            action: Action::Build {
                structure: ["generator", "monument", "x"][usize::from(bytes[2] % 3)].into(),
                context: serde_json::Value::Null,
            },
        },
    }
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 9 {
        return;
    }
    let config: GameConfig = serde_json::from_str(STARTER_SET).expect("starter set");
    let seed = u64::from_le_bytes(data[..8].try_into().expect("8 bytes"));
    let count = u32::from(data[8] % 4) + 1;
    let players = (0..count)
        .map(|id| PlayerSetup {
            id: PlayerId(id),
            name: String::new(),
            deck: [1, 2, 3, 4, 5, 1, 2, 4]
                .iter()
                .map(|&c| CardId(c))
                .collect(),
            energy_per_round: None,
            resources_per_round: None,
            foresight: 0,
            faction: None,
        })
        .collect();
    let mut game = Game::new(players, config, seed).expect("valid setup");
    for bytes in data[9..].chunks_exact(3) {
        let before = game.clone();
        if game.apply(command(bytes)).is_err() {
            assert!(game == before, "a refused command changed the game");
        }
    }
});
