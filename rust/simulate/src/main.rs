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
//! bot games per upgrade timing (upgrade economics). Writes `summary.txt` and SVG plots to `--out`.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod bag_rounds;
mod economics;
mod orders;
mod svg;

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use bag_rounds::BagStats;
use economics::Outcome;
use horizons_edge_core::stats::chi_square;

/// What to simulate.
struct Options {
    players: u32,
    tokens: u32,
    rounds: u64,
    games: u32,
    game_rounds: u32,
    tiers: Option<Vec<horizons_edge_core::game::config::CommandTier>>,
    policy: economics::Policy,
    seed: u64,
    threads: u32,
    out: PathBuf,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match options(&args).and_then(|options| run(&options)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("simulate: {message}");
            ExitCode::FAILURE
        }
    }
}

fn options(args: &[String]) -> Result<Options, String> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get() as u32);
    let mut options = Options {
        players: 4,
        tokens: 4,
        rounds: 2_000_000,
        games: 400,
        game_rounds: 10,
        tiers: None,
        policy: economics::Policy::Random,
        seed: 1,
        threads,
        out: PathBuf::from("target/simulate"),
    };
    let mut rest = args.iter();
    while let Some(flag) = rest.next() {
        let value = rest.next().ok_or(format!("{flag} needs a value"))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("{flag} takes a whole number, got {value}"))
        };
        match flag.as_str() {
            "--players" => options.players = bounded(flag, number()?, 1, 8)?,
            "--tokens" => options.tokens = bounded(flag, number()?, 1, 64)?,
            "--rounds" => options.rounds = number()?,
            "--games" => options.games = bounded(flag, number()?, 0, 1_000_000)?,
            "--game-rounds" => options.game_rounds = bounded(flag, number()?, 1, 100)?,
            "--seed" => options.seed = number()?,
            "--tiers" => options.tiers = Some(economics::parse_tiers(value)?),
            "--policy" => options.policy = economics::Policy::parse(value)?,
            "--threads" => options.threads = bounded(flag, number()?, 1, 256)?,
            "--out" => options.out = PathBuf::from(value),
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    Ok(options)
}

fn bounded(flag: &str, value: u64, min: u64, max: u64) -> Result<u32, String> {
    if (min..=max).contains(&value) {
        Ok(value as u32)
    } else {
        Err(format!(
            "{flag} must be between {min} and {max}, got {value}"
        ))
    }
}

fn run(options: &Options) -> Result<(), String> {
    let started = Instant::now();
    let bag = simulate_bag_rounds(options);
    let bag_seconds = started.elapsed().as_secs_f64();
    let order_rounds = options.rounds.min(ORDER_ROUNDS);
    let firsts = orders::ORDERS
        .iter()
        .map(|&order| {
            orders::first_activations(
                order,
                options.players,
                options.tokens,
                order_rounds,
                options.seed,
            )
            .map(|counts| (order, counts))
        })
        .collect::<Result<Vec<_>, String>>()?;
    let started = Instant::now();
    let economics = simulate_economics(options)?;
    let game_seconds = started.elapsed().as_secs_f64();
    std::fs::create_dir_all(&options.out)
        .map_err(|e| format!("cannot create {}: {e}", options.out.display()))?;
    let mut summary = summary(options, &bag, bag_seconds, &economics, game_seconds);
    summary.push_str(&order_summary(&firsts, order_rounds));
    print!("{summary}");
    write(options, "summary.txt", &summary)?;
    let seats: Vec<String> = (0..options.players).map(|s| format!("seat {s}")).collect();
    let first: Vec<f64> = bag
        .first_activations()
        .iter()
        .map(|&n| n as f64 / bag.rounds.max(1) as f64)
        .collect();
    let fair = 1.0 / f64::from(options.players);
    write(
        options,
        "first_activation.svg",
        &svg::bar_chart(
            "First activation share per seat",
            &seats,
            &first,
            Some(fair),
        ),
    )?;
    for (order, counts) in &firsts {
        let shares: Vec<f64> = counts
            .iter()
            .map(|&n| n as f64 / order_rounds.max(1) as f64)
            .collect();
        write(
            options,
            &format!("first_activation_{}.svg", order_name(*order)),
            &svg::bar_chart(
                &format!(
                    "First activation share per seat, {} order",
                    order_name(*order)
                ),
                &seats,
                &shares,
                Some(fair),
            ),
        )?;
    }
    let lengths: Vec<String> = (1..bag.longest.len()).map(|n| n.to_string()).collect();
    let shares: Vec<f64> = bag.longest[1..]
        .iter()
        .map(|&n| n as f64 / bag.rounds.max(1) as f64)
        .collect();
    write(
        options,
        "longest_streak.svg",
        &svg::bar_chart(
            "Longest streak of one player per round",
            &lengths,
            &shares,
            None,
        ),
    )?;
    let timings: Vec<String> = economics
        .iter()
        .map(|(from, _)| label(*from, options))
        .collect();
    let win_rates: Vec<f64> = economics.iter().map(|(_, o)| o.win_rate()).collect();
    let activation_shares: Vec<f64> = economics.iter().map(|(_, o)| o.share()).collect();
    write(
        options,
        "upgrade_win_rate.svg",
        &svg::bar_chart(
            "Win rate by first upgrade round",
            &timings,
            &win_rates,
            Some(fair),
        ),
    )?;
    write(
        options,
        "upgrade_activation_share.svg",
        &svg::bar_chart(
            "Activation share by first upgrade round",
            &timings,
            &activation_shares,
            Some(fair),
        ),
    )?;
    eprintln!("simulate: wrote {}", options.out.display());
    Ok(())
}

fn write(options: &Options, name: &str, text: &str) -> Result<(), String> {
    let path = options.out.join(name);
    std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Bag rounds split over the threads, each with its own seed, with a progress bar.
fn simulate_bag_rounds(options: &Options) -> BagStats {
    let done = AtomicU64::new(0);
    let threads = u64::from(options.threads);
    let mut total = BagStats::new(options.players, options.tokens);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|index| {
                let share = options.rounds / threads + u64::from(index < options.rounds % threads);
                let seed = options.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ index;
                let done = &done;
                scope.spawn(move || {
                    bag_rounds::simulate(options.players, options.tokens, share, seed, &|n| {
                        done.fetch_add(n, Ordering::Relaxed);
                    })
                })
            })
            .collect();
        while workers.iter().any(|w| !w.is_finished()) {
            progress("bag rounds", done.load(Ordering::Relaxed), options.rounds);
            std::thread::sleep(Duration::from_millis(100));
        }
        progress("bag rounds", options.rounds, options.rounds);
        eprintln!();
        for worker in workers {
            if let Ok(stats) = worker.join() {
                total.merge(&stats);
            }
        }
    });
    total
}

/// For every first-upgrade round (1 ..= game rounds, then never), `--games` bot games.
fn simulate_economics(options: &Options) -> Result<Vec<(u32, Outcome)>, String> {
    let config = economics::config(options.game_rounds, options.tiers.clone())?;
    let timings: Vec<u32> = (1..=options.game_rounds + 1).collect();
    let jobs: Vec<(u32, u32)> = timings
        .iter()
        .flat_map(|&from| (0..options.games).map(move |game| (from, game)))
        .collect();
    let done = AtomicU64::new(0);
    let threads = options.threads as usize;
    let mut outcomes: Vec<(u32, Outcome)> =
        timings.iter().map(|&t| (t, Outcome::default())).collect();
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|index| {
                let (jobs, config, done) = (&jobs, &config, &done);
                scope.spawn(move || {
                    let mut mine = Vec::new();
                    for &(from, game) in jobs.iter().skip(index).step_by(threads) {
                        let seed = options.seed ^ (u64::from(game) << 8);
                        mine.push((
                            from,
                            economics::play(config, options.players, options.policy, from, seed)?,
                        ));
                        done.fetch_add(1, Ordering::Relaxed);
                    }
                    Ok::<_, String>(mine)
                })
            })
            .collect();
        while workers.iter().any(|w| !w.is_finished()) {
            progress("bot games", done.load(Ordering::Relaxed), jobs.len() as u64);
            std::thread::sleep(Duration::from_millis(100));
        }
        progress("bot games", jobs.len() as u64, jobs.len() as u64);
        eprintln!();
        for worker in workers {
            let results = worker
                .join()
                .map_err(|_| "a simulation thread failed".to_owned())??;
            for (from, outcome) in results {
                if let Some((_, total)) = outcomes.iter_mut().find(|(t, _)| *t == from) {
                    total.merge(outcome);
                }
            }
        }
        Ok::<(), String>(())
    })?;
    Ok(outcomes)
}

/// Rounds per activation order for the first-activation shares (fewer than `--rounds`: an
/// initiative round runs a race).
const ORDER_ROUNDS: u64 = 200_000;

/// An order's name as the config writes it.
fn order_name(order: horizons_edge_core::game::activation::ActivationOrder) -> &'static str {
    use horizons_edge_core::game::activation::ActivationOrder as O;
    match order {
        O::Bag => "bag",
        O::Seats => "seats",
        O::Initiative => "initiative",
    }
}

/// The first-activation shares per seat under each order, with a χ² test against equal shares.
fn order_summary(
    firsts: &[(
        horizons_edge_core::game::activation::ActivationOrder,
        Vec<u64>,
    )],
    rounds: u64,
) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "\nFirst activation share per seat by activation order ({rounds} rounds each, fresh key \
         per round):"
    );
    for (order, counts) in firsts {
        let equal = vec![1.0; counts.len()];
        let p = chi_square(counts, &equal).map_or(1.0, |test| test.p_value);
        let shares: Vec<String> = counts
            .iter()
            .map(|&n| format!("{:.4}", n as f64 / rounds.max(1) as f64))
            .collect();
        let _ = writeln!(
            text,
            "  {:<10} {}   χ² p = {p:.4} ({})",
            order_name(*order),
            shares.join(" "),
            if p >= 0.001 { "fair" } else { "NOT FAIR" }
        );
    }
    text
}

fn progress(what: &str, done: u64, total: u64) {
    const WIDTH: u64 = 40;
    let filled = (done * WIDTH).checked_div(total).unwrap_or(WIDTH);
    eprint!(
        "\r{what:<11} [{}{}] {done}/{total}",
        "#".repeat(filled as usize),
        ".".repeat((WIDTH - filled) as usize)
    );
}

fn label(from: u32, options: &Options) -> String {
    if from > options.game_rounds {
        "never".to_owned()
    } else {
        format!("r{from}")
    }
}

fn summary(
    options: &Options,
    bag: &BagStats,
    bag_seconds: f64,
    economics: &[(u32, Outcome)],
    game_seconds: f64,
) -> String {
    let mut text = String::new();
    let rounds = bag.rounds.max(1) as f64;
    let _ = writeln!(
        text,
        "Horizon's Edge balance report — seed {}, {} threads\n\n\
         Bag rounds: {} players × {} tokens, {} rounds in {bag_seconds:.2} s \
         ({:.2} M rounds/s)\n",
        options.seed,
        options.threads,
        options.players,
        options.tokens,
        bag.rounds,
        rounds / bag_seconds.max(1e-9) / 1e6,
    );
    let tests = bag.positions.len() as f64;
    let mut worst = (1.0f64, 0usize);
    let equal_shares = vec![1.0; options.players as usize];
    for (position, counts) in bag.positions.iter().enumerate() {
        // One seat: nothing to compare, every position is trivially fair.
        let p = chi_square(counts, &equal_shares).map_or(1.0, |test| test.p_value);
        if p < worst.0 {
            worst = (p, position);
        }
    }
    let _ = writeln!(
        text,
        "Fairness of every draw position per seat (χ², {} positions, {} degrees of freedom each):\n  \
         smallest p-value {:.4} at position {}; Bonferroni-corrected {:.4} ({})\n",
        bag.positions.len(),
        options.players.saturating_sub(1),
        worst.0,
        worst.1 + 1,
        (worst.0 * tests).min(1.0),
        if worst.0 * tests >= 0.001 {
            "fair"
        } else {
            "NOT FAIR"
        },
    );
    let _ = writeln!(
        text,
        "First activation share per seat (fair: {:.4}):",
        1.0 / f64::from(options.players)
    );
    for (seat, &count) in bag.first_activations().iter().enumerate() {
        let _ = writeln!(text, "  seat {seat}: {:.4}", count as f64 / rounds);
    }
    let _ = writeln!(
        text,
        "\nLongest streak of one player's consecutive draws per round:"
    );
    for (length, &count) in bag.longest.iter().enumerate().skip(1) {
        if count > 0 {
            let _ = writeln!(text, "  {length:>2}: {:.6}", count as f64 / rounds);
        }
    }
    let _ = writeln!(
        text,
        "\nMercy rule (cap a streak at L draws): rounds it would change"
    );
    for limit in 1..=5 {
        let _ = writeln!(
            text,
            "  L = {limit}: {:.4} %",
            100.0 * bag.share_longer_than(limit)
        );
    }
    let _ = writeln!(
        text,
        "\nUpgrade economics: seat 0 buys command tiers as soon as it can from round r; the others\n\
         play {:?}. {} games per timing, {} rounds, starter set, {game_seconds:.1} s:",
        options.policy, options.games, options.game_rounds
    );
    let _ = writeln!(text, "  first upgrade   activation share   win rate");
    for (from, outcome) in economics {
        let _ = writeln!(
            text,
            "  {:<15} {:>16.4} {:>10.3}",
            label(*from, options),
            outcome.share(),
            outcome.win_rate()
        );
    }
    text
}
