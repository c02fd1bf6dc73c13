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
    crate::projects::import(godot, &project)?;
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

/// The bundled game's driver headless on `project` (`godot-project/game/flow_check.gd`): games
/// with double-action tokens, bots and a human seat, and a human eliminated at their turn, must
/// reach their end with the log's draw counts right.
pub fn check_flow(godot: &Godot, project: &Path) -> Result {
    let finished = Run::new(godot, project, 300)
        .args(["-s", "res://game/flow_check.gd"])
        .finish(false)?;
    finished.check("flow check")?;
    if !finished.log.contains("flow check: 0 failed") {
        return Err("flow check: no `flow check: 0 failed` line".to_owned());
    }
    Ok(())
}

/// Command lines the bundled game and its servers must refuse before anything starts: the script
/// (`None`, the main scene), its arguments and the line it must print. A demo with `--rounds 0`
/// played for ever (the starter set has no other end), and the servers ran with settings they
/// could not use (a journal nothing could be written to, a peer joining at most -3 tables).
const REFUSED: [(Option<&str>, &[&str], &str); 9] = [
    (
        None,
        &["--rounds", "0"],
        "--rounds 0: expected a number from 1 to 1000",
    ),
    (
        None,
        &["--players", "abc"],
        "--players abc: expected a whole number",
    ),
    (
        None,
        &["--seed", "99999999999999999999"],
        "--seed 99999999999999999999: expected a whole number from -9223372036854775808",
    ),
    (None, &["--bogus", "1"], "unknown option --bogus"),
    (
        None,
        &["--order", "random"],
        "--order random: expected one of bag, seats, initiative",
    ),
    (
        Some("res://game/game_server.gd"),
        &["--max-tables-per-peer", "-3"],
        "--max-tables-per-peer -3: expected a number from 1 to 64",
    ),
    (
        Some("res://game/game_server.gd"),
        &["--journal", "/proc/horizons-edge-journal"],
        "server: --journal /proc/horizons-edge-journal: cannot write in /proc",
    ),
    (
        Some("res://game/game_server.gd"),
        &["--journal", "res://project.godot/journal"],
        "project.godot is a file, not a folder",
    ),
    (
        Some("res://game/dedicated_server.gd"),
        &["--deadline", "nan"],
        "--deadline nan: expected a number",
    ),
];

/// Runs each of [`REFUSED`] on `project`, the bundled project as [`prepare`] leaves it: each must
/// exit with code 2 at once, print its line and no engine error, and leave nothing behind (no
/// leaked object).
pub fn check_refusals(godot: &Godot, project: &Path) -> Result {
    for (script, args, line) in REFUSED {
        let what = format!("{} {}", script.unwrap_or("main scene"), args.join(" "));
        let script_args = script.map(|s| ["-s", s]).into_iter().flatten();
        let finished = Run::new(godot, project, 60)
            .args(script_args.chain(["--"]).chain(args.iter().copied()))
            .finish(true)?;
        let trouble = crate::headless::trouble(&finished.log);
        let engine_error = finished
            .log
            .lines()
            .any(|l| l.trim_start().starts_with("ERROR:"));
        if finished.code != Some(2)
            || !finished.log.contains(line)
            || !trouble.is_empty()
            || engine_error
        {
            return Err(format!(
                "{what}: expected exit code 2 and `{line}` alone, got {:?}:\n{}",
                finished.code, finished.log
            ));
        }
    }
    Ok(())
}

/// The sentence of README.md that introduces the demo's sample output (a ```text block).
const SAMPLE_INTRO: &str = "`cargo xtask demo` runs the bundled game headless";

/// Runs the demo as `cargo xtask demo` does (its default game) on `project` and checks that
/// every line of README.md's sample of its output (but the `...`) is a line of the log, so that
/// the sample stays the game the command plays.
pub fn check_readme_sample(godot: &Godot, project: &Path) -> Result {
    let readme = std::fs::read_to_string(paths::root().join("README.md"))
        .map_err(|e| format!("cannot read README.md: {e}"))?;
    let sample = readme_sample(&readme)?;
    let log = play(godot, project, &[])?;
    let missing: Vec<&str> = sample
        .iter()
        .copied()
        .filter(|line| !log.lines().any(|logged| logged == *line))
        .collect();
    if missing.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "README.md's sample of the demo's output is not what `cargo xtask demo` prints; \
             not printed:\n{}",
            missing.join("\n")
        ))
    }
}

/// The lines of README.md's sample of the demo's output, `...` left out.
fn readme_sample(readme: &str) -> Result<Vec<&str>> {
    let after = readme
        .split_once(SAMPLE_INTRO)
        .map(|(_, after)| after)
        .ok_or("README.md no longer introduces the demo's output")?;
    let block = after
        .split_once("```text\n")
        .and_then(|(_, block)| block.split_once("```"))
        .map(|(block, _)| block)
        .ok_or("README.md's demo output is not a ```text block")?;
    Ok(block.lines().filter(|line| line.trim() != "...").collect())
}

#[cfg(test)]
mod tests {
    use super::readme_sample;

    #[test]
    fn the_sample_is_the_text_block_after_the_demo_sentence() {
        let readme = "intro\n`cargo xtask demo` runs the bundled game headless: it prints\n\n\
                      ```text\nround 1\n...\ngame over\n```\n```text\nother\n```\n";
        assert_eq!(readme_sample(readme), Ok(vec!["round 1", "game over"]));
        assert!(readme_sample("no demo here").is_err());
    }

    #[test]
    fn the_readme_has_a_sample() {
        let readme = include_str!("../../../README.md");
        assert!(readme_sample(readme).is_ok_and(|lines| lines.len() >= 2));
    }
}
