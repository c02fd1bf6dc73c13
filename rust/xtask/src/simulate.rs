//! `cargo xtask simulate`: the Monte Carlo balance report (`rust/simulate`), built optimized.

use crate::Result;
use crate::process::{cargo, run as run_command};

/// Runs the `simulate` binary in release mode with `args` (after an optional `--`).
pub fn run(args: &[String]) -> Result {
    let args = match args.split_first() {
        Some((dashes, rest)) if dashes == "--" => rest,
        _ => args,
    };
    run_command(
        cargo()
            .args([
                "run",
                "--release",
                "--quiet",
                "--package",
                "horizons-edge-simulate",
                "--",
            ])
            .args(args),
    )
}
