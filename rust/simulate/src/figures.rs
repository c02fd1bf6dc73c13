//! The report's figures: each chart built from the simulation's results, with the caption that
//! explains it in the HTML report.

use horizons_edge_core::game::activation::ActivationOrder;

use crate::bag_rounds::{BagStats, MAX_STREAK};
use crate::charts::{Axis, COLOURS, Chart, FAIR, OTHER_REFERENCE, Reference, Series};
use crate::confidence::{self, Estimate};
use crate::economics::Outcome;

/// The ids of every figure a full report has, in order (the tests look for each, and a report
/// removes the charts of an earlier run it does not draw again).
pub const IDS: [&str; 5] = [
    "first_activation",
    "first_activation_orders",
    "longest_streak",
    "upgrade_outcomes",
    "upgrade_activation_share",
];

/// A chart with the caption that explains it.
pub struct Figure {
    /// The chart.
    pub chart: Chart,
    /// What it shows and how to read it (plain text).
    pub caption: String,
}

/// "seat 0", "seat 1", …
fn seats(players: usize) -> Vec<String> {
    (0..players).map(|s| format!("seat {s}")).collect()
}

/// The line an even seat sits on: 1/players.
fn fair(players: usize) -> Reference {
    Reference {
        value: 1.0 / players.max(1) as f64,
        label: format!(
            "fair share: 1/{players} = {:.4}",
            1.0 / players.max(1) as f64
        ),
        colour: FAIR,
    }
}

/// Each seat's share of `rounds` rounds with a Wilson interval.
fn shares(counts: &[u64], rounds: u64) -> Vec<Estimate> {
    counts
        .iter()
        .map(|&n| confidence::wilson(n, rounds))
        .collect()
}

/// First activations per seat in the bag rounds.
pub fn first_activation(bag: &BagStats) -> Figure {
    let players = bag.first_activations().len();
    Figure {
        chart: Chart {
            id: "first_activation",
            title: "Who acts first in a round (bag order)".to_owned(),
            x_label: "seat".to_owned(),
            y_label: "share of rounds with the first activation".to_owned(),
            categories: seats(players),
            series: vec![Series {
                name: format!("{} bag rounds", bag.rounds),
                colour: COLOURS[0],
                values: shares(bag.first_activations(), bag.rounds),
            }],
            references: vec![fair(players)],
            axis: Axis::Zoomed,
        },
        caption: "Each seat's share of rounds in which its token came out of the bag first. The \
                  axis is zoomed around the data (it does not start at 0), so small differences \
                  show; a seat is treated fairly when its whisker crosses the fair line."
            .to_owned(),
    }
}

/// First activations per seat under each activation order.
pub fn first_activation_orders(
    orders: &[(ActivationOrder, Vec<u64>)],
    rounds: u64,
    order_name: fn(ActivationOrder) -> &'static str,
) -> Figure {
    let players = orders.first().map_or(0, |(_, counts)| counts.len());
    Figure {
        chart: Chart {
            id: "first_activation_orders",
            title: "Who acts first, by activation order".to_owned(),
            x_label: "seat".to_owned(),
            y_label: "share of rounds with the first activation".to_owned(),
            categories: seats(players),
            series: orders
                .iter()
                .zip(COLOURS)
                .map(|((order, counts), colour)| Series {
                    name: format!("{} order", order_name(*order)),
                    colour,
                    values: shares(counts, rounds),
                })
                .collect(),
            references: vec![fair(players)],
            axis: Axis::Zoomed,
        },
        caption: format!(
            "The seat that takes a round's first activation under each activation order, \
             {rounds} rounds per order, each round with a fresh random key through the core's \
             bag and sequencer. Zoomed axis, as above."
        ),
    }
}

/// The longest run of one player's consecutive draws per round.
pub fn longest_streak(bag: &BagStats, tokens: u32) -> Figure {
    let longest = (tokens as usize).clamp(1, MAX_STREAK);
    let categories = (1..=longest)
        .map(|n| {
            if n == MAX_STREAK {
                format!("{n}+")
            } else {
                n.to_string()
            }
        })
        .collect();
    let values = bag.longest[1..=longest]
        .iter()
        .map(|&n| confidence::wilson(n, bag.rounds))
        .collect();
    Figure {
        chart: Chart {
            id: "longest_streak",
            title: "Longest streak of one player's draws in a round".to_owned(),
            x_label: "longest run of consecutive draws by the same player".to_owned(),
            y_label: "share of rounds (log scale)".to_owned(),
            categories,
            series: vec![Series {
                name: format!("{} bag rounds", bag.rounds),
                colour: COLOURS[0],
                values,
            }],
            references: Vec::new(),
            axis: Axis::Log,
        },
        caption: "How often a round's longest run of one player's consecutive draws has each \
                  length. The axis is logarithmic so rare long streaks stay visible; the table \
                  below gives the exact shares and what a streak cap (a \"mercy rule\") would \
                  change."
            .to_owned(),
    }
}

/// The studied seat's wins and draws by the round of its first upgrade.
pub fn upgrade_outcomes(economics: &[(u32, Outcome)], labels: &[String], players: usize) -> Figure {
    let games: u64 = economics.iter().map(|(_, o)| u64::from(o.games)).sum();
    let undecided: u64 = economics.iter().map(|(_, o)| u64::from(o.undecided)).sum();
    let decided_share = 1.0 - undecided as f64 / games.max(1) as f64;
    let even = decided_share / players.max(1) as f64;
    let rate = |count: fn(&Outcome) -> u32| {
        economics
            .iter()
            .map(|(_, o)| confidence::wilson(u64::from(count(o)), u64::from(o.games)))
            .collect()
    };
    let per_timing = economics.first().map_or(0, |(_, o)| o.games);
    Figure {
        chart: Chart {
            id: "upgrade_outcomes",
            title: "Seat 0's results by the round of its first upgrade".to_owned(),
            x_label: "round seat 0 starts buying command tiers".to_owned(),
            y_label: format!("share of games ({per_timing} per timing)"),
            categories: labels.to_vec(),
            series: vec![
                Series {
                    name: "won".to_owned(),
                    colour: COLOURS[0],
                    values: rate(|o| o.wins),
                },
                Series {
                    name: "drawn (shared the most points)".to_owned(),
                    colour: COLOURS[1],
                    values: rate(|o| o.draws),
                },
            ],
            references: vec![
                Reference {
                    value: 1.0 / players.max(1) as f64,
                    label: format!("1/{players}: an even seat's win rate if no game were drawn"),
                    colour: FAIR,
                },
                Reference {
                    value: even,
                    label: format!(
                        "{even:.3}: an even seat's win rate with {:.0} % of games undecided",
                        100.0 * (1.0 - decided_share)
                    ),
                    colour: OTHER_REFERENCE,
                },
            ],
            axis: Axis::FromZero,
        },
        caption: format!(
            "Seat 0 upgrades its command tier whenever it can from the given round on (never: \
             not at all); the other seats play as bots. A game nobody wins outright (shared \
             most points at the round limit) is a draw for every seat sharing the lead — \
             counted apart from losses, not as one. Compare the win bars with the grey line: \
             {:.0} % of all these games ended undecided, so an even seat wins fewer than 1/{players}.",
            100.0 * (1.0 - decided_share)
        ),
    }
}

/// The studied seat's share of activations by the round of its first upgrade.
pub fn upgrade_activation_share(
    economics: &[(u32, Outcome)],
    labels: &[String],
    players: usize,
) -> Figure {
    let values = economics
        .iter()
        .map(|(_, o)| confidence::mean(o.share(), o.share_deviation(), o.games))
        .collect();
    Figure {
        chart: Chart {
            id: "upgrade_activation_share",
            title: "Seat 0's share of activations by the round of its first upgrade".to_owned(),
            x_label: "round seat 0 starts buying command tiers".to_owned(),
            y_label: "mean share of a game's activations".to_owned(),
            categories: labels.to_vec(),
            series: vec![Series {
                name: "seat 0, mean over games".to_owned(),
                colour: COLOURS[2],
                values,
            }],
            references: vec![fair(players)],
            axis: Axis::Zoomed,
        },
        caption: "More command tokens mean more activations. The axis is zoomed around the data \
                  (it does not start at 0); whiskers are 95 % intervals of the mean over games."
            .to_owned(),
    }
}
