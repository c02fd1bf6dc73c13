//! Upgrade economics: how a player's share of activations and their win rate move with the round
//! in which they start buying command tiers, in complete bot games on the starter set.

use horizons_edge_core::game::config::{CommandTier, Cost};
use horizons_edge_core::{Action, CardId, Command, Game, GameConfig, Phase, PlayerId, PlayerSetup};

/// The card catalog of the bundled game.
const STARTER_SET: &str =
    include_str!("../../../godot-project/addons/horizons_edge/starter_set.json");

/// The deck every seat plays: the starter set's five cards.
pub const DECK: [u32; 20] = [1, 2, 3, 4, 5, 1, 2, 4, 5, 1, 2, 3, 4, 5, 1, 2, 4, 1, 5, 2];

/// `players` seats, each with the starter deck [`DECK`].
pub fn seats(players: u32) -> Vec<PlayerSetup> {
    (0..players)
        .map(|id| PlayerSetup {
            id: PlayerId(id),
            name: String::new(),
            deck: DECK.iter().map(|&card| CardId(card)).collect(),
            energy_per_round: None,
            resources_per_round: None,
            foresight: 0,
            faction: None,
        })
        .collect()
}

/// The player whose upgrade timing is varied; everyone else is a random bot.
pub const STUDIED: PlayerId = PlayerId(0);

/// What games with one upgrade timing showed.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Outcome {
    /// Games played.
    pub games: u32,
    /// Games the studied player won outright.
    pub wins: u32,
    /// Games that ended without a winner with the studied player among those sharing the most
    /// victory points (a draw, not a loss).
    pub draws: u32,
    /// Games that ended without a winner, whoever shared the lead.
    pub undecided: u32,
    /// Their activations, summed over the games.
    pub activations: u64,
    /// Everyone's activations, summed over the games.
    pub all_activations: u64,
    /// Their share of each game's activations, summed over the games.
    pub share_sum: f64,
    /// The squares of those shares, summed (for the spread between games).
    pub share_squares: f64,
}

impl Outcome {
    /// Adds another run's tallies.
    pub fn merge(&mut self, other: Outcome) {
        self.games += other.games;
        self.wins += other.wins;
        self.draws += other.draws;
        self.undecided += other.undecided;
        self.activations += other.activations;
        self.all_activations += other.all_activations;
        self.share_sum += other.share_sum;
        self.share_squares += other.share_squares;
    }

    /// The studied player's mean share of a game's activations.
    pub fn share(&self) -> f64 {
        self.share_sum / f64::from(self.games.max(1))
    }

    /// The sample standard deviation of the studied player's share between games (0 for fewer
    /// than two games).
    pub fn share_deviation(&self) -> f64 {
        if self.games < 2 {
            return 0.0;
        }
        let n = f64::from(self.games);
        let variance = (self.share_squares - self.share_sum * self.share_sum / n) / (n - 1.0);
        variance.max(0.0).sqrt()
    }

    /// The share of games the studied player drew.
    pub fn draw_rate(&self) -> f64 {
        f64::from(self.draws) / f64::from(self.games.max(1))
    }

    /// The studied player's losses: neither won nor drawn.
    pub fn losses(&self) -> u32 {
        self.games - self.wins - self.draws
    }
}

/// How the other seats play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Policy {
    /// A uniformly random legal action (the core's bot).
    Random,
    /// Always pass: a baseline where only the studied player spends.
    Passive,
}

/// Command tiers from `tokens:resources:energy` items separated by commas, e.g. the default
/// `4:0:0,5:100:10,6:200:20`.
pub fn parse_tiers(text: &str) -> Result<Vec<CommandTier>, String> {
    text.split(',')
        .map(|item| {
            let numbers: Vec<u32> = item
                .split(':')
                .map(|n| n.trim().parse::<u32>())
                .collect::<Result<_, _>>()
                .map_err(|_| format!("tier `{item}` is not tokens:resources:energy"))?;
            match numbers.as_slice() {
                [tokens, resources, energy] => Ok(CommandTier {
                    tokens: *tokens,
                    cost: Cost {
                        energy: *energy,
                        resources: *resources,
                    },
                }),
                _ => Err(format!("tier `{item}` is not tokens:resources:energy")),
            }
        })
        .collect()
}

/// The starter set with a round limit and, if given, other command tiers.
pub fn config(rounds: u32, tiers: Option<Vec<CommandTier>>) -> Result<GameConfig, String> {
    let mut config: GameConfig =
        serde_json::from_str(STARTER_SET).map_err(|e| format!("starter set: {e}"))?;
    config.round_limit = Some(rounds);
    if let Some(tiers) = tiers {
        config.command_tiers = tiers;
    }
    config.validate().map_err(|e| e.to_string())?;
    Ok(config)
}

/// One game of `players` bots playing `policy` in which the studied player upgrades whenever
/// they can from round `upgrade_from` on (never, if it is past the last round) and otherwise
/// plays as a random bot.
pub fn play(
    config: &GameConfig,
    players: u32,
    policy: Policy,
    upgrade_from: u32,
    seed: u64,
) -> Result<Outcome, String> {
    let mut game = Game::new(seats(players), config.clone(), seed).map_err(|e| e.to_string())?;
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
    let (mut activations, mut all_activations) = (0u64, 0u64);
    while !matches!(game.state().phase, Phase::GameOver { .. }) {
        apply(&mut game, Command::DrawToken)?;
        let player = game.state().active.ok_or("a draw left nobody active")?;
        all_activations += 1;
        let upgrade = Command::Act {
            player,
            action: Action::UpgradeCommand,
        };
        if player == STUDIED {
            activations += 1;
            if game.state().round >= upgrade_from && game.apply(upgrade).is_ok() {
                continue;
            }
        }
        let command = match policy {
            Policy::Passive if player != STUDIED => Command::Act {
                player,
                action: Action::Pass,
            },
            _ => Command::BotDecide { player },
        };
        apply(&mut game, command)?;
    }
    let state = game.state();
    let winner = match state.phase {
        Phase::GameOver { winner } => winner,
        _ => None,
    };
    let best = state.living().map(|p| p.victory_points).max();
    let shares_lead = state
        .living()
        .any(|p| p.id == STUDIED && Some(p.victory_points) == best);
    let share = activations as f64 / all_activations.max(1) as f64;
    Ok(Outcome {
        games: 1,
        wins: u32::from(winner == Some(STUDIED)),
        draws: u32::from(winner.is_none() && shares_lead),
        undecided: u32::from(winner.is_none()),
        activations,
        all_activations,
        share_sum: share,
        share_squares: share * share,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shared_lead_is_a_draw_and_every_game_is_won_drawn_or_lost() {
        let config = config(3, None).unwrap_or_else(|e| unreachable!("{e}"));
        let mut total = Outcome::default();
        for seed in 0..40 {
            total.merge(play(&config, 2, Policy::Passive, 99, seed).unwrap_or_default());
        }
        assert_eq!(total.games, 40);
        assert_eq!(total.wins + total.draws + total.losses(), 40);
        // Against a passer who never scores, the studied player never loses; with both on the
        // same points the game is drawn, not lost.
        assert!(total.draws <= total.undecided);
        assert_eq!(total.losses(), 0, "{total:?}");
    }

    #[test]
    fn tiers_parse_and_bad_ones_are_refused() {
        let tiers = parse_tiers("3:0:0, 6:50:5").unwrap_or_default();
        assert_eq!(tiers.len(), 2);
        assert_eq!(tiers[1].tokens, 6);
        assert_eq!(tiers[1].cost.resources, 50);
        assert!(parse_tiers("4:0").is_err());
        assert!(parse_tiers("four").is_err());
        assert!(config(3, Some(Vec::new())).is_err(), "no tiers at all");
    }

    #[test]
    fn against_passive_seats_the_studied_player_gets_every_extra_activation() {
        let config = config(3, None).unwrap_or_else(|e| unreachable!("{e}"));
        let never = play(&config, 3, Policy::Passive, 99, 1).unwrap_or_default();
        let early = play(&config, 3, Policy::Passive, 1, 1).unwrap_or_default();
        assert_eq!(never.all_activations, 3 * 4 * 3);
        assert!(
            early.activations > never.activations,
            "{early:?} vs {never:?}"
        );
    }
}
