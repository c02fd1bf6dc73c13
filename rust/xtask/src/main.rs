//! Project automation, run as `cargo xtask <command>`:
//!
//! The command line is parsed by `clap` (see [`cli`]): `cargo xtask help` lists the commands,
//! `cargo xtask help <command>` a command's options.
//!
//! - `demo [-- <scene args>]` — get Godot if needed, build the extension, run the bundled
//!   project headless.
//! - `test` — every check: formatting, clippy, Rust tests, the balance report rendered in
//!   headless Chromium, GDScript lint, the extension build,
//!   the headless Godot suites, the GDScript fuzzer, the class-docs check, the multiplayer games
//!   over ENet, the online mode end to end, the bundled game and the rendered screenshots of the
//!   token bag display. What `.ci/run` runs.
//! - `fuzz [--seconds N] [--seed S] [--calls N] [--skip a,b]` — the GDScript fuzzer in child
//!   Godot processes (see [`fuzz`]).
//! - `build [--release]` — build the extension and copy it into the addon.
//! - `package [--only linux-x86_64,...] [--release-only]` — cross-build the libraries for every
//!   desktop platform, inspect each and zip the addon (see [`package`] and [`cross`]).
//! - `export` — export the bundled game for Linux with Debian's template and play it (see
//!   [`export`]).
//! - `bench` — the GDScript reference design against the Rust classes in one Godot process.
//! - `simulate` — the Monte Carlo balance and fairness report (`rust/simulate`); `--check`
//!   renders a small one in headless Chromium and checks it (see [`simulate`], [`chromium`]).
//! - `server [--single] [--port N] [-- <args>]` — build the extension and run the bundled game's
//!   server (many tables, or with `--single` the one-table dedicated server) headless in the
//!   foreground.
//! - `crash` — the game server's crash test (see [`crash`]), also a step of `test`.
//! - `loadtest [--tables 50,200,500] [--pace human|full|both] [--seconds S]` — the game
//!   server's capacity under bot clients (see [`loadtest`]).
//! - `wine` — the core's tests built for Windows and run under Wine (see [`wine`]), also a step
//!   of `test`.
//! - `image` — the game server's root file system and `FROM scratch` recipe (see [`image`]).
//! - `godot` — make sure a Godot 4 is available and print how it is run.
//!
//! See [`godot`] for how Godot is found or fetched without touching the system.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod bench;
mod chromium;
mod cli;
mod crash;
mod cross;
mod debian;
mod demo;
mod deploy;
mod disk;
mod docs;
mod export;
mod extension;
mod folders;
mod fuzz;
mod gdscript;
mod gdscript_order;
mod godot;
mod headless;
mod image;
mod inspect;
mod loadtest;
mod multiplayer;
mod online;
mod package;
mod paths;
mod platform;
mod process;
mod processes;
mod projects;
mod pypi;
mod screenshots;
mod server;
mod server_project;
mod simulate;
mod snippets;
mod test;
mod wine;
mod xvfb;

use std::process::ExitCode;

use clap::Parser;

use crate::cli::{Cli, Task};

/// Any failure of a task: a message for the terminal.
type Result<T = ()> = std::result::Result<T, String>;

fn main() -> ExitCode {
    let task = Cli::parse().task;
    let name = task.name();
    let outcome = match task {
        Task::Demo { scene_args } => demo::run(&scene_args),
        Task::Bench => bench::run(),
        Task::Fuzz(options) => fuzz::run(&options),
        Task::Simulate { check, report_args } => simulate::run(check, &report_args),
        Task::Server(options) => server::run(&options),
        Task::Crash => crash::run(),
        Task::Loadtest(options) => loadtest::run(&options),
        Task::Image => image::run(),
        Task::Test { godot } => test::run(godot),
        Task::Build { release } => extension::build(cli::profile(release)).map(drop),
        Task::Package(choice) => package::run(&choice),
        Task::Export => export::run(),
        Task::Wine => wine::check().map(|summary| println!("{summary}")),
        Task::Godot => {
            godot::Godot::locate_or_fetch().map(|godot| println!("{}", godot.describe()))
        }
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask {name}: {message}");
            ExitCode::FAILURE
        }
    }
}
