//! The command line of `cargo xtask`, parsed by `clap`: one subcommand a task, each with its
//! options typed. `cargo xtask help <task>` (or `<task> --help`) shows a task's options.

use clap::{Parser, Subcommand};

use crate::extension::Profile;

/// Project automation for Horizon's Edge: fetch Godot, build the extension, run every check.
#[derive(Debug, Parser)]
#[command(name = "cargo xtask", bin_name = "cargo xtask")]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub task: Task,
}

/// One task of `cargo xtask`.
#[derive(Debug, Subcommand)]
pub enum Task {
    /// Build the extension and run the bundled project headless, printing its game log.
    Demo {
        /// Arguments for the demo scene, after `--` (e.g. `-- --seed 7 --players 8`).
        #[arg(last = true)]
        scene_args: Vec<String>,
    },
    /// Run every check (what CI runs).
    Test {
        /// Only GDScript lint and the Godot-side checks.
        #[arg(long)]
        godot: bool,
    },
    /// Build the extension and copy it into the addon.
    Build {
        /// The optimized library a game ships, instead of the debug one.
        #[arg(long)]
        release: bool,
    },
    /// The GDScript fuzzer (tests/fuzz) in child Godot processes, seeds S, S+1, ... for N
    /// seconds.
    Fuzz(crate::fuzz::Options),
    /// The GDScript reference design against the Rust classes, side by side in Godot (release
    /// library; criterion benches: `cargo bench -p horizons-edge-core`).
    Bench,
    /// The Monte Carlo balance and fairness report (see rust/simulate).
    Simulate {
        /// A small report rendered and checked in headless Chromium instead.
        #[arg(long, conflicts_with = "report_args")]
        check: bool,
        /// Options of the report (`cargo xtask simulate -- --help` lists them).
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        report_args: Vec<String>,
    },
    /// Build the extension and run the bundled game's server until Ctrl+C: many tables, a
    /// lobby and journals (server arguments `--journal DIR --reconnect-timeout S --linger S
    /// --archive-days N --max-tables-per-peer N --tables-per-address N --quit-after S
    /// --agones 0|1 --adopt-after S`; one it cannot use stops it at once with exit code 2).
    Server(crate::server::Options),
    /// The game server's crash test alone (kill -9 mid-round, restart on the same journal,
    /// every client rejoins).
    Crash,
    /// The game server's capacity: bot clients over ENet at one action per table every 2 s
    /// and at full speed (minutes; not a step of `test`).
    Loadtest(crate::loadtest::Options),
    /// The game server's container: a root file system from the private Debian sysroot and
    /// the release build, and a FROM scratch Dockerfile, in target/image.
    Image,
    /// Build the libraries for every desktop platform (debug and release), inspect each, and
    /// zip the addon into target/package/horizons_edge-<version>.zip.
    Package(crate::package::Choice),
    /// Export the bundled game for Linux x86_64 with Debian's release template and the
    /// packaged library, and play it headless.
    Export,
    /// The core's tests built for Windows and run under Wine.
    Wine,
    /// Find or fetch Godot 4 and print its command.
    Godot,
}

impl Task {
    /// The task's name, for messages.
    pub fn name(&self) -> &'static str {
        match self {
            Task::Demo { .. } => "demo",
            Task::Test { .. } => "test",
            Task::Build { .. } => "build",
            Task::Fuzz(_) => "fuzz",
            Task::Bench => "bench",
            Task::Simulate { .. } => "simulate",
            Task::Server(_) => "server",
            Task::Crash => "crash",
            Task::Loadtest(_) => "loadtest",
            Task::Image => "image",
            Task::Package(_) => "package",
            Task::Export => "export",
            Task::Wine => "wine",
            Task::Godot => "godot",
        }
    }
}

/// The profile `--release` picks.
pub fn profile(release: bool) -> Profile {
    if release {
        Profile::Release
    } else {
        Profile::Debug
    }
}
