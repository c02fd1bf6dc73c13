//! Project automation, run as `cargo xtask <command>`:
//!
//! - `demo` — get Godot if needed, build the extension, run the bundled project headless.
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
//! - `image` — the game server's root file system and `FROM scratch` recipe (see [`image`]).
//! - `godot` — make sure a Godot 4 is available and print how it is run.
//!
//! See [`godot`] for how Godot is found or fetched without touching the system.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod bench;
mod chromium;
mod crash;
mod cross;
mod debian;
mod demo;
mod deploy;
mod disk;
mod docs;
mod export;
mod extension;
mod fuzz;
mod gdscript;
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

/// Any failure of a task: a message for the terminal.
type Result<T = ()> = std::result::Result<T, String>;

const USAGE: &str = "\
usage: cargo xtask <command>

commands:
  demo [--release] [-- <args for the demo scene>]
                      build the extension and run the bundled project headless
  test [--godot]      run every check (what CI runs); --godot: only GDScript lint and
                      the Godot-side checks
  build [--release]   build the extension and copy it into the addon
  fuzz [--seconds N] [--seed S] [--calls N] [--skip a,b]
                      the GDScript fuzzer (tests/fuzz) in child Godot processes, seeds
                      S, S+1, ... for N seconds (default 60, seed from the clock);
                      --calls N: replay seed S alone up to call N; --skip string-name,
                      deep,typed,free,recursion leaves out a crash class being fixed
  bench               GDScript reference vs the Rust classes, side by side in Godot
                      (release library; criterion benches: cargo bench -p horizons-edge-core)
  simulate [-- <options>] | simulate --check
                      Monte Carlo balance and fairness report (see rust/simulate);
                      --check: a small report rendered and checked in headless Chromium
  server [--single] [--port N] [-- <server args>]
                      build the extension and run the bundled game's server: many
                      tables, a lobby and journals (--journal DIR --reconnect-timeout S
                      --quit-after S); --single: the one-table dedicated server
                      (--players N --rounds N --seed N --deadline S --entropy 0|1);
                      Ctrl+C stops it
  crash               the game server's crash test alone (kill -9 mid-round, restart
                      on the same journal, every client rejoins; see cargo xtask test)
  loadtest [--tables 50,200,500] [--pace human|full|both] [--seconds S]
                      the game server's capacity: bot clients over ENet at one action
                      per table every 2 s and at full speed; latency p50/p99, server
                      CPU and memory per table (minutes; not a step of test)
  image               the game server's container: a root file system from the private
                      Debian sysroot and the release build, and a FROM scratch
                      Dockerfile, in target/image (see deploy/)
  package [--only linux-x86_64,linux-arm64,windows-x86_64,macos-arm64,macos-x86_64]
          [--release-only]
                      build the libraries for every desktop platform (debug and
                      release), inspect each, and zip the addon into
                      target/package/horizons_edge-<version>.zip
  export              export the bundled game for Linux x86_64 with Debian's release
                      template and the packaged library, and play it headless
  wine                the core's tests built for Windows and run under Wine
  godot               find or fetch Godot 4 and print its command
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (command, rest) = match args.split_first() {
        Some((command, rest)) => (command.as_str(), rest),
        None => {
            eprint!("{USAGE}");
            return ExitCode::FAILURE;
        }
    };
    let outcome = match command {
        "demo" => demo::run(rest),
        "bench" => bench::run(rest),
        "fuzz" => fuzz::run(rest),
        "simulate" => simulate::run(rest),
        "server" => server::run(rest),
        "crash" => crash::run(rest),
        "loadtest" => loadtest::run(rest),
        "image" => image::run(rest),
        "test" => test::run(rest),
        "build" => extension::Profile::from_args(rest).and_then(|profile| {
            extension::build(profile)?;
            Ok(())
        }),
        "package" => package::run(rest),
        "export" => export::run(rest),
        "wine" => wine::check().map(|summary| println!("{summary}")),
        "godot" => godot::Godot::locate_or_fetch().map(|godot| println!("{}", godot.describe())),
        "help" | "--help" | "-h" => {
            print!("{USAGE}");
            Ok(())
        }
        other => Err(format!("unknown command `{other}`\n\n{USAGE}")),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask {command}: {message}");
            ExitCode::FAILURE
        }
    }
}
