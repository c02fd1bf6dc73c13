//! `cargo xtask demo`: the bundled project, run headless, printing its game log.

use std::path::{Path, PathBuf};

use crate::extension::{self, Profile};
use crate::godot::Godot;
use crate::headless::Run;
use crate::{Result, paths};

/// Builds the extension and runs the bundled project's main scene headless with `user_args`
/// (what came after `--`, e.g. `--seed 7`).
pub fn run(user_args: &[String]) -> Result {
    let godot = Godot::locate_or_fetch()?;
    eprintln!("xtask: {}", godot.describe());
    extension::build(Profile::Debug)?;
    let project = prepare(&godot)?;
    play(&godot, &project, user_args).map(drop)
}

/// The bundled project, with the extension registered and imported (the extension already
/// built), ready to run.
pub fn prepare(godot: &Godot) -> Result<PathBuf> {
    let project = paths::godot_project();
    extension::register_extension(&project)?;
    crate::test::import(godot, &project)?;
    Ok(project)
}

/// Runs the main scene of `project`, the bundled project as [`prepare`] leaves it, headless with
/// `user_args`; returns its log. Fails unless the game reached its end, or if anything was
/// logged as an error: a normal game's refusals of play are not errors.
pub fn play(godot: &Godot, project: &Path, user_args: &[String]) -> Result<String> {
    let finished = Run::new(godot, project, 600)
        .args(std::iter::once("--").chain(user_args.iter().map(String::as_str)))
        .finish(false)?;
    finished.check("demo")?;
    if !finished.log.contains("game over") {
        return Err("demo: the game did not reach its end".to_owned());
    }
    let errors: Vec<&str> = finished
        .log
        .lines()
        .filter(|line| line.trim_start().starts_with("ERROR:"))
        .collect();
    if !errors.is_empty() {
        return Err(format!(
            "demo: a normal game logged {} error(s):\n{}",
            errors.len(),
            errors.join("\n")
        ));
    }
    Ok(finished.log)
}
