//! `cargo xtask bench`: the GDScript reference design against the Rust classes, side by side in
//! one headless Godot process (`tests/bench/side_by_side.gd`), on the release library.

use crate::extension::{self, Profile};
use crate::godot::Godot;
use crate::headless::Run;
use crate::{Result, paths};

/// Builds the release library, drops the addon into the test project and runs the benchmark.
pub fn run() -> Result {
    let godot = Godot::locate_or_fetch()?;
    eprintln!("xtask: {}", godot.describe());
    let release = extension::build(Profile::Release)?;
    let project = paths::test_project();
    extension::install_addon(&project)?;
    // An editor build of the engine (what Debian ships, and what runs a project from the editor)
    // loads the library listed for `debug`; in this copy of the addon that is the optimized one.
    let slot = project
        .join("addons/horizons_edge/bin")
        .join(extension::library_name(Profile::Debug));
    std::fs::copy(&release, &slot).map_err(|e| {
        format!(
            "cannot copy {} to {}: {e}",
            release.display(),
            slot.display()
        )
    })?;
    crate::projects::import(&godot, &project)?;
    Run::new(&godot, &project, 1200)
        .args(["-s", "res://bench/side_by_side.gd"])
        .finish(false)?
        .check("bench")
}
