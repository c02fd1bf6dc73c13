//! What the simulation found, as a text summary (printed and written to `summary.txt`) and as
//! `report.html`: one self-contained page with every chart inline as SVG, a caption that says how
//! to read it and the numbers behind it, for a designer to open in a browser. Each chart is also
//! written beside it as `<id>.svg` and `<id>.png`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use horizons_edge_core::game::activation::ActivationOrder;

use crate::Args;
use crate::bag_rounds::BagStats;
use crate::confidence::{self, equal_shares_p};
use crate::economics::Outcome;
use crate::figures::{self, Figure};
use crate::orders::Firsts;

/// Everything one run simulated.
pub struct Results {
    /// What was asked for.
    pub args: Args,
    /// The worker threads used.
    pub threads: usize,
    /// The bag rounds' tallies.
    pub bag: BagStats,
    /// The same rounds under the mercy rule (`--mercy`): its cap and the tallies.
    pub mercy: Option<(u32, BagStats)>,
    /// How long they took.
    pub bag_seconds: f64,
    /// First activations per seat under each activation order.
    pub orders: Vec<Firsts>,
    /// Rounds per activation order.
    pub order_rounds: u64,
    /// How long they took.
    pub order_seconds: f64,
    /// Per first-upgrade round (past the game's last round: never), the bot games' outcome.
    pub economics: Vec<(u32, Outcome)>,
    /// How long they took.
    pub game_seconds: f64,
    /// The planner's results per table size (`--ai-games`; empty when not measured).
    pub ai: Vec<crate::ai::Strength>,
    /// How long they took.
    pub ai_seconds: f64,
}

impl Results {
    /// The label of a first-upgrade round: `r3`, or `never`.
    fn timing(&self, from: u32) -> String {
        if from > self.args.game_rounds {
            "never".to_owned()
        } else {
            format!("r{from}")
        }
    }

    /// The smallest χ² p-value over the draw positions, its position (from 1), and the
    /// Bonferroni-corrected value.
    fn worst_position(&self) -> (f64, usize, f64) {
        let mut worst = (1.0f64, 0usize);
        for (position, counts) in self.bag.positions.iter().enumerate() {
            // One seat: nothing to compare, every position is trivially fair.
            let p = equal_shares_p(counts).unwrap_or(1.0);
            if p < worst.0 {
                worst = (p, position);
            }
        }
        let tests = self.bag.positions.len().max(1) as f64;
        (worst.0, worst.1 + 1, (worst.0 * tests).min(1.0))
    }

    /// Every figure of the report (the economics ones only when games were played).
    pub fn figures(&self) -> Vec<Figure> {
        let players = self.args.players as usize;
        let mut figures = vec![
            figures::first_activation(&self.bag),
            figures::first_activation_orders(&self.orders, self.order_rounds, order_name),
            figures::longest_streak(&self.bag, self.args.tokens),
        ];
        if !self.economics.is_empty() {
            let labels: Vec<String> = self
                .economics
                .iter()
                .map(|(t, _)| self.timing(*t))
                .collect();
            figures.push(figures::upgrade_outcomes(&self.economics, &labels, players));
            figures.push(figures::upgrade_activation_share(
                &self.economics,
                &labels,
                players,
            ));
        }
        figures
    }
}

/// An order's name as the config writes it.
pub fn order_name(order: ActivationOrder) -> &'static str {
    match order {
        ActivationOrder::Bag => "bag",
        ActivationOrder::Seats => "seats",
        ActivationOrder::Initiative => "initiative",
    }
}

/// "fair" or "NOT FAIR" for a p-value.
fn verdict(p: f64) -> &'static str {
    if p >= 0.001 { "fair" } else { "NOT FAIR" }
}

/// The whole summary as text.
pub fn summary(results: &Results) -> String {
    let args = &results.args;
    let bag = &results.bag;
    let rounds = bag.rounds.max(1) as f64;
    let mut text = String::new();
    let _ = writeln!(
        text,
        "Horizon's Edge balance report — seed {}, {} threads\n\n\
         Bag rounds: {} players × {} tokens, {} rounds in {:.2} s ({:.2} M rounds/s)\n",
        args.seed,
        results.threads,
        args.players,
        args.tokens,
        bag.rounds,
        results.bag_seconds,
        rounds / results.bag_seconds.max(1e-9) / 1e6,
    );
    let (worst, position, corrected) = results.worst_position();
    let _ = writeln!(
        text,
        "Fairness of every draw position per seat (χ², {} positions, {} degrees of freedom each):\n  \
         smallest p-value {worst:.4} at position {position}; Bonferroni-corrected {corrected:.4} \
         ({})\n",
        bag.positions.len(),
        args.players.saturating_sub(1),
        verdict(corrected),
    );
    let _ = writeln!(
        text,
        "First activation share per seat (fair: {:.4}; 95 % Wilson interval):",
        1.0 / f64::from(args.players)
    );
    for (seat, &count) in bag.first_activations().iter().enumerate() {
        let e = confidence::wilson(count, bag.rounds);
        let _ = writeln!(
            text,
            "  seat {seat}: {:.4} ({:.4}–{:.4})",
            e.value, e.low, e.high
        );
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
        "\nMercy rule (config max_streak = L: no more than L draws in a row while another player \
         has a token): rounds it changes"
    );
    for limit in 1..=5 {
        let _ = writeln!(
            text,
            "  L = {limit}: {:.4} %",
            100.0 * bag.share_longer_than(limit)
        );
    }
    if let Some((cap, capped)) = &results.mercy {
        let p = capped
            .positions
            .iter()
            .filter_map(|counts| equal_shares_p(counts))
            .fold(1.0f64, f64::min);
        let _ = writeln!(
            text,
            "  measured with L = {cap} (the core's rule, {} rounds): rounds with a longer run \
             while another waited {:.4} %; smallest χ² p-value of a draw position {p:.4} (before \
             the Bonferroni correction); first draws per seat: {}",
            capped.rounds,
            100.0 * capped.share_longer_than(*cap as usize),
            capped
                .first_activations()
                .iter()
                .map(|&n| format!("{:.4}", n as f64 / capped.rounds.max(1) as f64))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    let _ = writeln!(
        text,
        "\nFirst activation share per seat by activation order ({} rounds each, fresh key per \
         round, {:.2} s):",
        results.order_rounds, results.order_seconds
    );
    for (order, counts) in &results.orders {
        let p = equal_shares_p(counts).unwrap_or(1.0);
        let shares: Vec<String> = counts
            .iter()
            .map(|&n| format!("{:.4}", n as f64 / results.order_rounds.max(1) as f64))
            .collect();
        let _ = writeln!(
            text,
            "  {:<10} {}   χ² p = {p:.4} ({})",
            order_name(*order),
            shares.join(" "),
            verdict(p)
        );
    }
    write_ai(&mut text, results);
    if results.economics.is_empty() {
        return text;
    }
    let _ = writeln!(
        text,
        "\nUpgrade economics: seat 0 buys command tiers as soon as it can from round r; the others\n\
         play {:?}. {} games per timing, {} rounds, starter set, {:.1} s. A draw: no outright\n\
         winner, seat 0 among those sharing the most points (95 % intervals in brackets):",
        args.policy, args.games, args.game_rounds, results.game_seconds
    );
    let _ = writeln!(
        text,
        "  first upgrade   activation share            win rate           draw rate   loss rate"
    );
    for (from, o) in &results.economics {
        let share = confidence::mean(o.share(), o.share_deviation(), o.games);
        let win = confidence::wilson(u64::from(o.wins), u64::from(o.games));
        let _ = writeln!(
            text,
            "  {:<15} {:.4} ({:.4}–{:.4})   {:.3} ({:.3}–{:.3})   {:>9.3} {:>11.3}",
            results.timing(*from),
            share.value,
            share.low,
            share.high,
            win.value,
            win.low,
            win.high,
            o.draw_rate(),
            f64::from(o.losses()) / f64::from(o.games.max(1)),
        );
    }
    text
}

/// The planner's table (`--ai-games`), if it was measured.
fn write_ai(text: &mut String, results: &Results) {
    if results.ai.is_empty() {
        return;
    }
    let _ = writeln!(
        text,
        "\nMonte Carlo planner: seat 0 plans ({} rollouts per legal action), the others play random \
         legal actions; {} rounds, starter set, {:.1} s (95 % intervals in brackets):",
        results.args.ai_rollouts, results.args.game_rounds, results.ai_seconds
    );
    let _ = writeln!(
        text,
        "  seats   games   win rate              draw rate   an even share"
    );
    for s in &results.ai {
        let win = confidence::wilson(u64::from(s.wins), u64::from(s.games));
        let _ = writeln!(
            text,
            "  {:<7} {:<7} {:.3} ({:.3}–{:.3})   {:>9.3}   {:.3}",
            s.players,
            s.games,
            win.value,
            win.low,
            win.high,
            f64::from(s.draws) / f64::from(s.games.max(1)),
            1.0 / f64::from(s.players.max(1)),
        );
    }
}

/// Creates the folder `out` if need be and checks that files can be written in it, so a run
/// that could not write its report is refused before it simulates anything.
pub fn prepare(out: &Path) -> Result<(), String> {
    std::fs::create_dir_all(out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let probe = out.join(".simulate-write-check");
    save(&probe, "")?;
    std::fs::remove_file(&probe).map_err(|e| format!("cannot remove {}: {e}", probe.display()))
}

/// Writes `summary.txt`, `report.html` and every chart as SVG and PNG into `--out` (see
/// [`prepare`]), and removes the charts of an earlier run this one does not have; returns the
/// report's path.
pub fn write(results: &Results, summary: &str) -> Result<PathBuf, String> {
    let out = &results.args.out;
    save(&out.join("summary.txt"), summary)?;
    let figures = results.figures();
    for id in figures::IDS {
        if figures.iter().all(|figure| figure.chart.id != id) {
            for extension in ["svg", "png"] {
                let stale = out.join(format!("{id}.{extension}"));
                match std::fs::remove_file(&stale) {
                    Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                        return Err(format!("cannot remove {}: {e}", stale.display()));
                    }
                    _ => {}
                }
            }
        }
    }
    let mut svgs = Vec::new();
    for figure in &figures {
        let svg = figure.chart.svg()?;
        save(&out.join(format!("{}.svg", figure.chart.id)), &svg)?;
        figure
            .chart
            .png(&out.join(format!("{}.png", figure.chart.id)))?;
        svgs.push(svg);
    }
    let page = out.join("report.html");
    save(&page, &html(results, summary, &figures, &svgs))?;
    Ok(page)
}

fn save(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// `&`, `<` and `>` escaped for HTML text.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The HTML page: a heading with the run's settings, then each figure with its SVG and caption,
/// then the full text summary.
pub fn html(results: &Results, summary: &str, figures: &[Figure], svgs: &[String]) -> String {
    let args = &results.args;
    let (worst, position, corrected) = results.worst_position();
    let mut page = String::from(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>Horizon's Edge balance report</title>\n<style>\n\
         body { font-family: 'DejaVu Sans', sans-serif; max-width: 1000px; margin: 24px auto; \
         padding: 0 16px; color: #222; line-height: 1.45; }\n\
         figure { margin: 28px 0; }\n\
         figure svg { width: 100%; height: auto; border: 1px solid #ddd; }\n\
         figcaption { margin-top: 6px; color: #444; }\n\
         pre { background: #f6f6f6; padding: 12px; overflow-x: auto; font-size: 13px; }\n\
         .verdict { font-weight: bold; }\n</style>\n</head>\n<body>\n\
         <h1>Horizon's Edge balance report</h1>\n",
    );
    let _ = writeln!(
        page,
        "<p>{} players × {} tokens; {} bag rounds; {} rounds per activation order; {} bot games \
         per upgrade timing of {} rounds (other seats: {:?}); seed {}, {} threads. Every \
         whisker is a 95&nbsp;% confidence interval.</p>",
        args.players,
        args.tokens,
        results.bag.rounds,
        results.order_rounds,
        args.games,
        args.game_rounds,
        args.policy,
        args.seed,
        results.threads,
    );
    let _ = writeln!(
        page,
        "<p>Bag fairness: over {} draw positions the smallest χ² p-value is {worst:.4} (position \
         {position}), {corrected:.4} after the Bonferroni correction: <span class=\"verdict\">{}\
         </span>.</p>",
        results.bag.positions.len(),
        verdict(corrected)
    );
    for (figure, svg) in figures.iter().zip(svgs) {
        let svg = svg
            .trim_start_matches("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
            .trim();
        let _ = writeln!(
            page,
            "<figure id=\"{}\">\n{svg}\n<figcaption>{}</figcaption>\n</figure>",
            figure.chart.id,
            escape(&figure.caption)
        );
    }
    let _ = writeln!(
        page,
        "<h2>All numbers</h2>\n<pre>{}</pre>\n</body>\n</html>",
        escape(summary)
    );
    page
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    fn small_results() -> Results {
        let args = Args::parse_from(["simulate", "--players", "3", "--tokens", "2"]);
        let bag = crate::bag_rounds::simulate(3, 2, 2_000, 5, None, &|_| {});
        let mercy = Some((
            1,
            crate::bag_rounds::simulate(3, 2, 2_000, 5, Some(1), &|_| {}),
        ));
        let orders = crate::orders::ORDERS
            .iter()
            .map(|&order| {
                let counts = crate::orders::first_activations(order, 3, 2, 300, 5).unwrap();
                (order, counts)
            })
            .collect();
        let config = crate::economics::config(2, None).unwrap();
        let economics = (1..=3)
            .map(|from| {
                let mut total = Outcome::default();
                for seed in 0..6 {
                    let game = crate::economics::play(&config, 3, args.policy, from, seed);
                    total.merge(game.unwrap());
                }
                (from, total)
            })
            .collect();
        Results {
            args: Args {
                game_rounds: 2,
                games: 6,
                ..args
            },
            threads: 1,
            bag,
            bag_seconds: 0.1,
            mercy,
            orders,
            order_rounds: 300,
            order_seconds: 0.1,
            economics,
            game_seconds: 0.1,
            ai: vec![crate::ai::Strength {
                players: 2,
                games: 10,
                wins: 8,
                draws: 1,
            }],
            ai_seconds: 0.1,
        }
    }

    #[test]
    fn the_page_holds_every_figure_with_axes_legend_and_caption() {
        crate::charts::register_font().unwrap();
        let results = small_results();
        let figures = results.figures();
        let svgs: Vec<String> = figures.iter().map(|f| f.chart.svg().unwrap()).collect();
        let summary = summary(&results);
        let page = html(&results, &summary, &figures, &svgs);
        for id in figures::IDS {
            assert!(page.contains(&format!("<figure id=\"{id}\">")), "no {id}");
        }
        assert_eq!(page.matches("<svg").count(), figures::IDS.len());
        assert!(
            !page.contains("<?xml"),
            "SVG prologues are left out of the page"
        );
        for text in [
            "seat 2",
            "95 % confidence interval",
            "fair share: 1/3 = 0.3333",
            "drawn (shared the most points)",
            "never",
        ] {
            assert!(page.contains(&format!(">\n{text}\n<")), "no `{text}`");
        }
        assert!(page.contains("1/3: an even seat&apos;s win rate if no game were drawn"));
        assert!(summary.contains("draw rate"));
        assert!(summary.contains("Monte Carlo planner"));
    }

    #[test]
    fn without_games_the_economics_figures_are_left_out() {
        let mut results = small_results();
        results.economics.clear();
        let ids: Vec<&str> = results.figures().iter().map(|f| f.chart.id).collect();
        assert_eq!(ids, figures::IDS[..3]);
        assert!(!summary(&results).contains("Upgrade economics"));
    }

    /// A fresh folder under the system's temporary one, for this test alone.
    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("simulate-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn a_report_without_games_leaves_no_economics_chart_of_an_earlier_run() {
        crate::charts::register_font().unwrap();
        let mut results = small_results();
        let out = scratch("stale");
        results.args.out = out.clone();
        prepare(&out).unwrap();
        write(&results, "full").unwrap();
        assert!(out.join("upgrade_outcomes.svg").exists());
        results.economics.clear();
        write(&results, "bag only").unwrap();
        let mut left: Vec<String> = std::fs::read_dir(&out)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        let mut expected = vec!["report.html".to_owned(), "summary.txt".to_owned()];
        for id in &figures::IDS[..3] {
            expected.extend([format!("{id}.png"), format!("{id}.svg")]);
        }
        expected.sort();
        assert_eq!(left, expected);
        std::fs::remove_dir_all(&out).unwrap();
    }

    #[test]
    fn a_folder_that_cannot_be_written_is_refused_before_any_work() {
        let out = scratch("file");
        std::fs::write(&out, "a file, not a folder").unwrap();
        let refused = prepare(&out).unwrap_err();
        assert!(refused.starts_with("cannot create"), "{refused}");
        std::fs::remove_file(&out).unwrap();
        let below = out.join("report");
        assert!(prepare(&below).is_ok() && below.is_dir());
        std::fs::remove_dir_all(&out).unwrap();
    }
}
