//! `simulate` — Monte Carlo balance and fairness reports for Horizon's Edge, on every core.
//!
//! ```text
//! cargo xtask simulate -- [--players 4] [--tokens 4] [--rounds 2000000] [--games 400]
//!                         [--game-rounds 10] [--tiers 4:0:0,5:100:10,6:200:20]
//!                         [--policy random|passive] [--seed 1] [--threads N] [--out target/simulate]
//! ```
//!
//! Plays `--rounds` bag rounds with the real [`horizons_edge_core::Bag`] and reports the
//! fairness of every draw position per seat (χ², p-value), first-activation shares, the longest
//! streaks of one player and what a "mercy rule" streak cap would change; then the first
//! activation's seat under each activation order (bag, seats, initiative); then `--games` complete
//! bot games per upgrade timing (wins, draws and activation shares). Writes `report.html` (one
//! file, charts inline, for a browser), `summary.txt`, and each chart as SVG and PNG to `--out`.
//!
//! Module map: [`bag_rounds`], [`orders`] and [`economics`] simulate; [`confidence`] holds the
//! statistics; [`charts`] draws with plotters; [`figures`] builds the charts from the results;
//! [`report`] writes the text summary and the HTML page.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod ai;
mod bag_rounds;
mod charts;
mod confidence;
mod economics;
mod figures;
mod orders;
mod report;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use horizons_edge_core::game::config::{CommandTier, GameConfig};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use bag_rounds::BagStats;
use economics::{Outcome, Policy};
use report::Results;

/// Monte Carlo balance and fairness report for Horizon's Edge: bag fairness, activation orders
/// and upgrade economics, written as an HTML report with charts.
#[derive(Clone, Debug, Parser)]
#[command(name = "simulate")]
pub struct Args {
    /// Seats at the table.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=8))]
    pub players: u32,
    /// Command tokens each seat puts into the bag.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub tokens: u32,
    /// Bag rounds to play for the fairness statistics.
    #[arg(long, default_value_t = 2_000_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub rounds: u64,
    /// Bot games per upgrade timing (0 leaves out the upgrade economics).
    #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u32).range(0..=1_000_000))]
    pub games: u32,
    /// Rounds per bot game.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub game_rounds: u32,
    /// Command tiers as tokens:resources:energy items separated by commas (default: the
    /// starter set's).
    #[arg(long, value_parser = parse_tiers)]
    pub tiers: Option<Tiers>,
    /// How the seats other than seat 0 play.
    #[arg(long, value_enum, default_value_t = Policy::Random)]
    pub policy: Policy,
    /// The seed every random stream is derived from; the same seed gives the same report on
    /// any number of threads.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: Option<u32>,
    /// The mercy rule to measure (config `max_streak`): the bag rounds are played again with no
    /// player drawing more than this many times in a row while another has a token (0: not
    /// measured).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(0..=64))]
    pub mercy: u32,
    /// Games per table size (4 players, then 2) in which seat 0 plays with the core's Monte Carlo
    /// planner against random bots (0: not measured).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=100_000))]
    pub ai_games: u32,
    /// The planner's rollouts per legal action.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub ai_rollouts: u32,
    /// The folder the report is written to.
    #[arg(long, default_value = "target/simulate")]
    pub out: PathBuf,
}

/// Command tiers given on the command line.
#[derive(Clone, Debug)]
pub struct Tiers(pub Vec<CommandTier>);

/// Parses `--tiers`.
fn parse_tiers(text: &str) -> Result<Tiers, String> {
    economics::parse_tiers(text).map(Tiers)
}

/// Rounds per work item: seeds follow the item, so results do not depend on the thread count.
const CHUNK: u64 = 1 << 15;

/// Rounds per activation order for the first-activation shares (fewer than `--rounds`: an
/// initiative round runs a race).
const ORDER_ROUNDS: u64 = 200_000;

fn main() -> ExitCode {
    let args = Args::parse();
    match run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("simulate: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: Args) -> Result<(), String> {
    if let Some(threads) = args.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads as usize)
            .build_global()
            .map_err(|e| format!("cannot start {threads} threads: {e}"))?;
    }
    charts::register_font()?;
    // What can be refused is refused before any work: the rules' config and the output folder.
    let config = economics::config(args.game_rounds, args.tiers.clone().map(|t| t.0))?;
    report::prepare(&args.out)?;
    let started = Instant::now();
    let bag = simulate_bag_rounds(&args, None);
    let bag_seconds = started.elapsed().as_secs_f64();
    let mercy =
        (args.mercy > 0).then(|| (args.mercy, simulate_bag_rounds(&args, Some(args.mercy))));
    let order_rounds = args.rounds.min(ORDER_ROUNDS);
    let started = Instant::now();
    let orders = simulate_orders(&args, order_rounds)?;
    let order_seconds = started.elapsed().as_secs_f64();
    let started = Instant::now();
    let economics = simulate_economics(&args, &config)?;
    let game_seconds = started.elapsed().as_secs_f64();
    let started = Instant::now();
    let ai = simulate_ai(&args, &config)?;
    let ai_seconds = started.elapsed().as_secs_f64();
    let results = Results {
        threads: rayon::current_num_threads(),
        args,
        bag,
        bag_seconds,
        mercy,
        orders,
        order_rounds,
        order_seconds,
        economics,
        game_seconds,
        ai,
        ai_seconds,
    };
    let summary = report::summary(&results);
    print!("{summary}");
    let written = report::write(&results, &summary)?;
    eprintln!("simulate: wrote {}", written.display());
    Ok(())
}

/// A progress bar on standard error; hidden when that is not a terminal, so logs get no
/// carriage-return lines.
fn progress(what: &str, total: u64) -> ProgressBar {
    let bar = ProgressBar::new(total);
    if let Ok(style) =
        ProgressStyle::with_template("{prefix:>17} [{bar:40}] {human_pos}/{human_len} {eta}")
    {
        bar.set_style(style.progress_chars("#>."));
    }
    bar.set_prefix(what.to_owned());
    bar
}

/// Ends a progress bar with one plain line, which a log also gets.
fn finish(bar: ProgressBar, what: &str, started: Instant) {
    bar.finish_and_clear();
    eprintln!(
        "simulate: {} {what} in {:.2} s",
        bar.length().unwrap_or(0),
        started.elapsed().as_secs_f64()
    );
}

/// The seed of work item `index`.
fn item_seed(seed: u64, index: u64) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ index
}

/// Bag rounds in items of [`CHUNK`] rounds over the thread pool, under the mercy rule of
/// `max_streak` if given.
fn simulate_bag_rounds(args: &Args, max_streak: Option<u32>) -> BagStats {
    let started = Instant::now();
    let what = match max_streak {
        None => "bag rounds",
        Some(_) => "bag rounds under the mercy rule",
    };
    let bar = progress(what, args.rounds);
    let items = args.rounds.div_ceil(CHUNK);
    let stats = (0..items)
        .into_par_iter()
        .map(|index| {
            let rounds = CHUNK.min(args.rounds - index * CHUNK);
            let seed = item_seed(args.seed, index);
            let tick = |n| bar.inc(n);
            bag_rounds::simulate(args.players, args.tokens, rounds, seed, max_streak, &tick)
        })
        .reduce(
            || BagStats::new(args.players, args.tokens),
            |mut total, part| {
                total.merge(&part);
                total
            },
        );
    finish(bar, what, started);
    stats
}

/// The first activations under each order, in items of [`CHUNK`] rounds over the thread pool.
fn simulate_orders(args: &Args, rounds: u64) -> Result<Vec<orders::Firsts>, String> {
    let started = Instant::now();
    let bar = progress("activation orders", rounds * orders::ORDERS.len() as u64);
    let items = rounds.div_ceil(CHUNK);
    let firsts = orders::ORDERS
        .iter()
        .map(|&order| {
            let parts = (0..items)
                .into_par_iter()
                .map(|index| {
                    let share = CHUNK.min(rounds - index * CHUNK);
                    let seed = item_seed(args.seed, index);
                    let counts =
                        orders::first_activations(order, args.players, args.tokens, share, seed);
                    bar.inc(share);
                    counts
                })
                .collect::<Result<Vec<_>, String>>()?;
            let mut total = vec![0u64; args.players as usize];
            for part in parts {
                for (sum, n) in total.iter_mut().zip(part) {
                    *sum += n;
                }
            }
            Ok((order, total))
        })
        .collect::<Result<Vec<_>, String>>()?;
    finish(bar, "rounds in the activation orders", started);
    Ok(firsts)
}

/// `--ai-games` games at 4 and at 2 seats, seat 0 planning, over the thread pool.
fn simulate_ai(args: &Args, config: &GameConfig) -> Result<Vec<ai::Strength>, String> {
    if args.ai_games == 0 {
        return Ok(Vec::new());
    }
    let started = Instant::now();
    let bar = progress("planner games", 2 * u64::from(args.ai_games));
    let result = [4, 2]
        .iter()
        .map(|&players| {
            (0..args.ai_games)
                .into_par_iter()
                .map(|game| {
                    let seed = item_seed(args.seed, u64::from(game));
                    let outcome = ai::play(config, players, args.ai_rollouts, seed);
                    bar.inc(1);
                    outcome
                })
                .try_reduce(ai::Strength::default, |a, b| Ok(a.merge(b)))
        })
        .collect();
    finish(bar, "planner games", started);
    result
}

/// For every first-upgrade round (1 ..= game rounds, then never), `--games` bot games over the
/// thread pool. Game `g` has the same seed under every timing, so the timings are compared on
/// the same games.
fn simulate_economics(args: &Args, config: &GameConfig) -> Result<Vec<(u32, Outcome)>, String> {
    let timings: Vec<u32> = (1..=args.game_rounds + 1).collect();
    let jobs: Vec<(u32, u32)> = timings
        .iter()
        .flat_map(|&from| (0..args.games).map(move |game| (from, game)))
        .collect();
    let started = Instant::now();
    let bar = progress("bot games", jobs.len() as u64);
    let played = jobs
        .par_iter()
        .map(|&(from, game)| {
            let seed = item_seed(args.seed, u64::from(game));
            let outcome = economics::play(config, args.players, args.policy, from, seed);
            bar.inc(1);
            outcome.map(|outcome| (from, outcome))
        })
        .collect::<Result<Vec<_>, String>>()?;
    finish(bar, "bot games", started);
    let mut outcomes: Vec<(u32, Outcome)> =
        timings.iter().map(|&t| (t, Outcome::default())).collect();
    for (from, outcome) in played {
        if let Some((_, total)) = outcomes.iter_mut().find(|(t, _)| *t == from) {
            total.merge(outcome);
        }
    }
    if args.games == 0 {
        outcomes.clear();
    }
    Ok(outcomes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_gives_the_same_tallies_on_any_thread_count() {
        let args = Args::parse_from(["simulate", "--rounds", "70000", "--games", "2"]);
        let on = |threads| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| {
                let bag = simulate_bag_rounds(&args, None);
                let orders = simulate_orders(&args, 70_000).unwrap();
                (bag, orders)
            })
        };
        let (one, many) = (on(1), on(3));
        assert_eq!(one.0.rounds, 70_000);
        assert_eq!(one, many);
    }

    #[test]
    fn seeds_that_differ_in_any_bit_play_other_economics_games() {
        let economics = |seed: u64| {
            let seed = seed.to_string();
            let args = Args::parse_from([
                "simulate",
                "--games",
                "8",
                "--game-rounds",
                "3",
                "--seed",
                &seed,
            ]);
            let config = economics::config(args.game_rounds, None).unwrap();
            simulate_economics(&args, &config).unwrap()
        };
        let first = economics(0);
        assert_eq!(first, economics(0), "a seed gives the same games");
        for other in [1, 256, 1 << 40] {
            assert_ne!(first, economics(other), "seed {other}");
        }
    }

    #[test]
    fn tiers_the_rules_refuse_stop_the_run_before_it_simulates() {
        let args = Args::parse_from([
            "simulate",
            "--rounds",
            "100000000000",
            "--tiers",
            "4:0:0,3:1:1",
            "--out",
            "/nonexistent-simulate-check/never-written",
        ]);
        let refused = run(args).unwrap_err();
        assert!(refused.contains("fewer tokens than tier 0"), "{refused}");
    }
}
