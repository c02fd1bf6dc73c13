//! The Monte Carlo planner's strength (`--ai-games`): seat 0 plans with the core's planner, the
//! other seats play random legal actions, on the starter set.

use horizons_edge_core::{Autoplay, Command, Game, GameConfig, Phase};

use crate::economics::{STUDIED, seats};

/// Seat 0's results over the games of one table size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Strength {
    /// Seats at the table.
    pub players: u32,
    /// Games played.
    pub games: u32,
    /// Games seat 0 won outright.
    pub wins: u32,
    /// Games without a winner in which seat 0 shared the lead.
    pub draws: u32,
}

impl Strength {
    /// Adds another run's games.
    pub fn merge(mut self, other: Strength) -> Strength {
        self.players = self.players.max(other.players);
        self.games += other.games;
        self.wins += other.wins;
        self.draws += other.draws;
        self
    }
}

/// One game of `players` seats under `config`, seat 0 planning with `rollouts` per action.
pub fn play(
    config: &GameConfig,
    players: u32,
    rollouts: u32,
    seed: u64,
) -> Result<Strength, String> {
    let mut game = Game::new(seats(players), config.clone(), seed).map_err(|e| e.to_string())?;
    game.apply(Command::StartGame).map_err(|e| e.to_string())?;
    while let Some(command) = game.autoplay_command(Autoplay::Bots) {
        let command = match command {
            Command::BotDecide { player }
                if player == STUDIED && game.state().active == Some(player) =>
            {
                match game.plan(player, rollouts, seed ^ game.view_hash(player)) {
                    Some(action) => Command::Act { player, action },
                    None => command,
                }
            }
            other => other,
        };
        game.apply(command).map_err(|e| e.to_string())?;
    }
    let state = game.state();
    let most = state
        .players
        .iter()
        .map(|p| p.victory_points)
        .max()
        .unwrap_or(0);
    let shares_lead = state
        .player(STUDIED)
        .is_some_and(|p| p.victory_points == most);
    let (wins, draws) = match state.phase {
        Phase::GameOver { winner: Some(w) } => (u32::from(w == STUDIED), 0),
        _ => (0, u32::from(shares_lead)),
    };
    Ok(Strength {
        players,
        games: 1,
        wins,
        draws,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_planner_wins_more_than_its_share_heads_up() {
        let config = crate::economics::config(3, None).unwrap();
        let total = (0..6)
            .map(|seed| play(&config, 2, 4, seed).unwrap())
            .fold(Strength::default(), Strength::merge);
        assert_eq!(total.games, 6);
        assert!(total.wins >= 4, "{total:?}");
    }
}
