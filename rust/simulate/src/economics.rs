//! Upgrade economics: how a player's share of activations and their win rate move with the round
//! in which they start buying command tiers, in complete bot games on the starter set.

use horizons_edge_core::{Action, CardId, Command, Game, GameConfig, Phase, PlayerId, PlayerSetup};

/// The card catalog of the bundled game.
const STARTER_SET: &str =
    include_str!("../../../godot-project/addons/horizons_edge/starter_set.json");

const DECK: [u32; 20] = [1, 2, 3, 4, 5, 1, 2, 4, 5, 1, 2, 3, 4, 5, 1, 2, 4, 1, 5, 2];

/// The player whose upgrade timing is varied; everyone else is a random bot.
pub const STUDIED: PlayerId = PlayerId(0);

/// What games with one upgrade timing showed.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Outcome {
    /// Games played.
    pub games: u32,
    /// Games the studied player won outright.
    pub wins: u32,
    /// Their activations, summed over the games.
    pub activations: u64,
    /// Everyone's activations, summed over the games.
    pub all_activations: u64,
}

impl Outcome {
    /// Adds another run's tallies.
    pub fn merge(&mut self, other: Outcome) {
        self.games += other.games;
        self.wins += other.wins;
        self.activations += other.activations;
        self.all_activations += other.all_activations;
    }

    /// The studied player's share of all activations.
    pub fn share(&self) -> f64 {
        self.activations as f64 / self.all_activations.max(1) as f64
    }

    /// The studied player's win rate.
    pub fn win_rate(&self) -> f64 {
        f64::from(self.wins) / f64::from(self.games.max(1))
    }
}

/// The starter set with a round limit.
pub fn config(rounds: u32) -> Result<GameConfig, String> {
    let mut config: GameConfig =
        serde_json::from_str(STARTER_SET).map_err(|e| format!("starter set: {e}"))?;
    config.round_limit = Some(rounds);
    Ok(config)
}

/// One game of `players` bots in which the studied player upgrades whenever they can from round
/// `upgrade_from` on (never, if it is past the last round).
pub fn play(
    config: &GameConfig,
    players: u32,
    upgrade_from: u32,
    seed: u64,
) -> Result<Outcome, String> {
    let seats = (0..players)
        .map(|id| PlayerSetup {
            id: PlayerId(id),
            name: String::new(),
            deck: DECK.iter().map(|&card| CardId(card)).collect(),
            energy_per_round: None,
            resources_per_round: None,
        })
        .collect();
    let mut game = Game::new(seats, config.clone(), seed).map_err(|e| e.to_string())?;
    let apply = |game: &mut Game, command| game.apply(command).map_err(|e| e.to_string());
    apply(&mut game, Command::StartGame)?;
    for id in 0..players {
        apply(
            &mut game,
            Command::Keep {
                player: PlayerId(id),
                bottom: Vec::new(),
            },
        )?;
    }
    let mut outcome = Outcome {
        games: 1,
        ..Outcome::default()
    };
    while !matches!(game.state().phase, Phase::GameOver { .. }) {
        apply(&mut game, Command::DrawToken)?;
        let player = game.state().active.ok_or("a draw left nobody active")?;
        outcome.all_activations += 1;
        let upgrade = Command::Act {
            player,
            action: Action::UpgradeCommand,
        };
        if player == STUDIED {
            outcome.activations += 1;
            if game.state().round >= upgrade_from && game.apply(upgrade).is_ok() {
                continue;
            }
        }
        apply(&mut game, Command::BotDecide { player })?;
    }
    if game.state().phase
        == (Phase::GameOver {
            winner: Some(STUDIED),
        })
    {
        outcome.wins = 1;
    }
    Ok(outcome)
}
