//! `cargo xtask loadtest`: the game server's capacity, measured with a load generator of bot
//! clients over real ENet on 127.0.0.1.
//!
//! For each pace (human: every bot thinks 2 s over each decision, so a table plays one action
//! every 2 s; full: no thinking) and each table count, the game server
//! (`godot-project/game/game_server.gd`, release library, journals on) runs from the server
//! project (see [`crate::server_project`]) and one load process (`tests/net/load_clients.gd`)
//! seats four bots at each table. Once they are seated the run measures, for `--seconds`:
//! request→update latency (exact nearest-rank percentiles, computed by the load process), the
//! server's CPU time (`/proc/PID/stat`) and resident memory (`/proc/PID/status`) against the idle
//! server's, and the load process's CPU too (both share the machine). Not a step of
//! `cargo xtask test`: a run keeps the machine busy for minutes.

use std::path::Path;
use std::process::Child;
use std::time::{Duration, Instant};

use crate::godot::Godot;
use crate::processes::{Table, free_udp_port};
use crate::{Result, paths};

/// Seconds measured when `--seconds` is not given.
const DEFAULT_SECONDS: u64 = 20;
/// Seconds the bots may take to connect and sit before measuring starts anyway.
const SETUP_SECONDS: u64 = 90;
/// The paces: name and each bot's thinking time per decision in ms.
const PACES: [(&str, &str); 2] = [("human", "2000"), ("full", "0")];

/// Options of one `loadtest` invocation.
#[derive(Debug, clap::Args)]
pub struct Options {
    /// The table counts to measure, one run each.
    #[arg(
        long,
        value_name = "N,N,...",
        value_delimiter = ',',
        value_parser = table_count,
        default_values_t = [50, 200, 500]
    )]
    tables: Vec<u32>,
    /// The pace: human (one action per table every 2 s), full, or both.
    #[arg(long, value_enum, default_value_t = Pace::Both)]
    pace: Pace,
    /// Seconds measured per run.
    #[arg(long, value_name = "S", default_value_t = DEFAULT_SECONDS)]
    seconds: u64,
}

/// One of `--tables`' counts, spaces around it allowed (`--tables "50, 200"`).
fn table_count(count: &str) -> Result<u32> {
    count
        .trim()
        .parse()
        .map_err(|e| format!("`{count}` is not a table count: {e}"))
}

/// The paces `--pace` picks.
#[derive(Clone, Copy, Debug, PartialEq, clap::ValueEnum)]
enum Pace {
    /// Every bot thinks 2 s over each decision.
    Human,
    /// No thinking.
    Full,
    /// Human, then full.
    Both,
}

impl Options {
    /// The paces to run: name and each bot's thinking time per decision in ms.
    fn paces(&self) -> Vec<(&'static str, &'static str)> {
        PACES
            .into_iter()
            .filter(|(name, _)| match self.pace {
                Pace::Human => *name == "human",
                Pace::Full => *name == "full",
                Pace::Both => true,
            })
            .collect()
    }
}

/// What one run measured.
struct Measured {
    result: String,
    seconds: f64,
    server_cpu: f64,
    clients_cpu: f64,
    idle_rss_kb: u64,
    rss_kb: u64,
}

/// Builds the server project and measures each pace at each table count; prints one line per
/// run and a Markdown table at the end.
pub fn run(options: &Options) -> Result {
    let godot = Godot::locate_or_fetch()?;
    eprintln!("xtask: {}", godot.describe());
    let project = paths::target().join("loadtest").join("project");
    crate::server_project::prepare(&godot, &project)?;
    let tests = crate::projects::prepare_test_project(&godot)?;
    let mut rows = Vec::new();
    for (pace, think_ms) in &options.paces() {
        for tables in &options.tables {
            eprintln!("xtask: loadtest: {tables} tables at {pace} pace");
            let measured = run_once(&godot, &project, &tests, *tables, think_ms, options.seconds)?;
            rows.push(row(pace, *tables, &measured));
            eprintln!("xtask: {}", rows.last().map_or("", String::as_str));
        }
    }
    println!(
        "| pace | tables | actions/s | p50 ms | p99 ms | max ms | server CPU (1 core = 100 %) \
         | server RSS MB (idle) | KB/table | load process CPU |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    rows.iter().for_each(|row| println!("{row}"));
    Ok(())
}

/// One server and one load process, measured as the module docs say.
fn run_once(
    godot: &Godot,
    project: &Path,
    tests: &Path,
    tables: u32,
    think_ms: &str,
    seconds: u64,
) -> Result<Measured> {
    let journal = paths::target().join("loadtest").join("journal");
    crate::folders::recreate(&journal)?;
    let port = free_udp_port()?.to_string();
    let limit = SETUP_SECONDS + seconds + 30;
    let server_args = [
        "--port",
        &port,
        "--journal",
        &journal.display().to_string(),
        "--quit-after",
        &limit.to_string(),
        // Every load client connects from 127.0.0.1: one address, as many tables as they open.
        "--tables-per-address",
        "100000",
        "--idle-per-address",
        "100000",
    ]
    .map(str::to_owned);
    let (mut table, receiver) = Table::new(godot);
    let script = "res://game/game_server.gd";
    let mut server = table.spawn("server", project, script, &server_args)?;
    let outcome = (|| {
        table.wait_for(&receiver, "server: listening")?;
        std::thread::sleep(Duration::from_secs(1));
        let idle_rss_kb = rss_kb(&server)?;
        let load_args = [
            "--port",
            &port,
            "--tables",
            &tables.to_string(),
            "--think-ms",
            think_ms,
            "--seconds",
            &seconds.to_string(),
            "--setup-seconds",
            &SETUP_SECONDS.to_string(),
        ];
        let mut clients = table.spawn("load", tests, "res://net/load_clients.gd", &load_args)?;
        let measured = (|| {
            wait_quietly(&mut table, &receiver, "LOAD measuring", SETUP_SECONDS + 30)?;
            let started = Instant::now();
            let (server0, clients0) = (cpu_seconds(&server)?, cpu_seconds(&clients)?);
            wait_quietly(&mut table, &receiver, "LOAD RESULT", seconds + 30)?;
            let elapsed = started.elapsed().as_secs_f64();
            let rss_kb = rss_kb(&server)?;
            let result = table
                .said("load")
                .find(|line| line.starts_with("LOAD RESULT"))
                .unwrap_or_default()
                .to_owned();
            Ok(Measured {
                result,
                seconds: elapsed,
                server_cpu: (cpu_seconds(&server)? - server0) / elapsed,
                clients_cpu: (cpu_seconds(&clients)? - clients0) / elapsed,
                idle_rss_kb,
                rss_kb,
            })
        })();
        clients.kill().ok();
        let _ = clients.wait();
        measured
    })();
    server.kill().ok();
    let _ = server.wait();
    outcome
}

/// Waits up to `seconds` for a line containing `needle`, keeping the lines without echoing the
/// load process's (thousands of bots).
fn wait_quietly(
    table: &mut Table,
    receiver: &std::sync::mpsc::Receiver<crate::processes::Line>,
    needle: &str,
    seconds: u64,
) -> Result {
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(seconds) {
        if let Ok(line) = receiver.recv_timeout(Duration::from_millis(100)) {
            let found = line.1.contains(needle);
            if line.1.starts_with("LOAD") || line.0 == "server" && !line.1.contains("table") {
                table.record(line);
            } else {
                table.keep(line);
            }
            if found {
                return Ok(());
            }
        }
    }
    Err(format!("no `{needle}` within {seconds} s"))
}

/// A process's CPU time so far (user and system), in seconds.
fn cpu_seconds(child: &Child) -> Result<f64> {
    let path = format!("/proc/{}/stat", child.id());
    let stat = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map(|(_, rest)| rest.split_whitespace().collect())
        .unwrap_or_default();
    // After the command's closing parenthesis, utime and stime are the 12th and 13th fields.
    let ticks = |index: usize| fields.get(index).and_then(|f| f.parse::<u64>().ok());
    match (ticks(11), ticks(12)) {
        (Some(user), Some(system)) => Ok((user + system) as f64 / clock_ticks()?),
        _ => Err(format!("{path}: no CPU times")),
    }
}

/// The kernel's clock ticks a second (`getconf CLK_TCK`).
fn clock_ticks() -> Result<f64> {
    let output = crate::process::output(std::process::Command::new("getconf").arg("CLK_TCK"))?;
    String::from_utf8_lossy(&output.stdout)
        .trim()
        .parse()
        .map_err(|e| format!("getconf CLK_TCK: {e}"))
}

/// A process's resident memory now, in KB.
fn rss_kb(child: &Child) -> Result<u64> {
    let path = format!("/proc/{}/status", child.id());
    let status = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
        .ok_or_else(|| format!("{path}: no VmRSS"))
}

/// One Markdown row of the capacity table.
fn row(pace: &str, tables: u32, measured: &Measured) -> String {
    let field = |name: &str| {
        measured
            .result
            .split_whitespace()
            .find_map(|pair| pair.strip_prefix(name)?.strip_prefix('='))
            .unwrap_or("?")
            .to_owned()
    };
    let actions: f64 = field("actions").parse().unwrap_or(0.0);
    let per_table_kb =
        measured.rss_kb.saturating_sub(measured.idle_rss_kb) / u64::from(tables.max(1));
    format!(
        "| {pace} | {tables} (seated bots {}) | {:.0} | {} | {} | {} | {:.0} % | {:.0} ({:.0}) | {per_table_kb} | {:.0} % |",
        field("seated"),
        actions / measured.seconds,
        field("p50_ms"),
        field("p99_ms"),
        field("max_ms"),
        measured.server_cpu * 100.0,
        measured.rss_kb as f64 / 1024.0,
        measured.idle_rss_kb as f64 / 1024.0,
        measured.clients_cpu * 100.0,
    )
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::{Options, PACES};
    use crate::cli::{Cli, Task};

    /// The options `cargo xtask loadtest <args>` gives.
    fn parse(args: &[&str]) -> Result<Options, String> {
        let cli = Cli::try_parse_from(["cargo xtask", "loadtest"].iter().chain(args))
            .map_err(|e| e.to_string())?;
        match cli.task {
            Task::Loadtest(options) => Ok(options),
            other => Err(format!("parsed as {other:?}")),
        }
    }

    #[test]
    fn defaults_measure_both_paces_at_three_counts() {
        let options = parse(&[]);
        assert!(options.as_ref().is_ok_and(|o| o.tables == [50, 200, 500]));
        assert!(options.is_ok_and(|o| o.paces() == PACES && o.seconds == 20));
    }

    #[test]
    fn options_pick_counts_pace_and_time() {
        let options = parse(&["--tables", "10,20", "--pace", "full", "--seconds", "5"]);
        assert!(
            options
                .is_ok_and(|o| o.tables == [10, 20] && o.paces() == [PACES[1]] && o.seconds == 5)
        );
        assert!(parse(&["--pace", "human"]).is_ok_and(|o| o.paces() == [PACES[0]]));
        assert!(parse(&["--pace", "slow"]).is_err());
        assert!(parse(&["--tables"]).is_err());
        assert!(parse(&["--tables", "10,x"]).is_err());
        assert!(parse(&["--tables", "50, 200"]).is_ok_and(|o| o.tables == [50, 200]));
    }
}
