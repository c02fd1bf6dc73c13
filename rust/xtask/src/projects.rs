//! The Godot projects the checks run in: imported so their script classes are registered, the
//! test project with the addon dropped in, and its headless suites run.

use std::path::{Path, PathBuf};

use crate::extension;
use crate::godot::Godot;
use crate::headless::Run;
use crate::{Result, paths};

/// Imports `project` so its script classes are registered (`--import` exits when done).
pub fn import(godot: &Godot, project: &Path) -> Result {
    Run::new(godot, project, 300)
        .args(["--import"])
        .finish(true)?
        .check(&format!("import of {}", project.display()))
}

/// Drops the addon into the test project, as a game developer would, and imports it; returns
/// the project, ready for the suites, the fuzzer, the multiplayer games and the screenshots.
pub fn prepare_test_project(godot: &Godot) -> Result<PathBuf> {
    let project = paths::test_project();
    extension::install_addon(&project)?;
    import(godot, &project)?;
    Ok(project)
}

/// Runs the suites of `project`, the test project as [`prepare_test_project`] leaves it (or
/// a copy of it with the packaged addon).
pub fn headless_suites(godot: &Godot, project: &Path) -> Result {
    let finished = Run::new(godot, project, 600)
        .args(["-s", "res://runner.gd"])
        .finish(true)?;
    let full_log = paths::target().join("headless-suites.log");
    std::fs::write(&full_log, &finished.log)
        .map_err(|e| format!("cannot write {}: {e}", full_log.display()))?;
    let (shown, expected) = without_expected_errors(&finished.log);
    eprintln!("{shown}");
    eprintln!(
        "xtask: {expected} ERROR lines left out above: refusals the suites provoke on purpose, \
         each checked by the test that provoked it (a test fails on any error it did not expect); \
         the whole log is in {}",
        full_log.display()
    );
    finished.check("headless suites")?;
    let closing = finished
        .log
        .lines()
        .rev()
        .find(|line| line.contains(" passed, ") && line.ends_with(" failed"));
    match closing {
        Some(line) if line.ends_with(" 0 failed") => Ok(()),
        Some(line) => Err(format!("headless suites: {line}")),
        None => Err("headless suites: no closing `N passed, N failed` line".to_owned()),
    }
}

/// The suites' log without the `ERROR:` lines (and the indented lines that follow each), and how
/// many there were. Every error a suite provokes is asserted by the test that provokes it, and
/// any other fails a test, so in a passing run they are all expected.
fn without_expected_errors(log: &str) -> (String, usize) {
    let mut shown = Vec::new();
    let mut expected = 0;
    let mut in_error = false;
    for line in log.lines() {
        if line.starts_with("ERROR:") {
            expected += 1;
            in_error = true;
        } else if !(in_error && line.starts_with(' ')) {
            in_error = false;
            shown.push(line);
        }
    }
    (shown.join("\n"), expected)
}

#[cfg(test)]
mod tests {
    use super::without_expected_errors;

    #[test]
    fn expected_errors_and_their_traces_are_left_out() {
        let log = "PASS a\nERROR: GameRules.setup: bad\n   at: refusal.rs:79\n   [0] x\n\
                   FAIL b\n    expected 1, got 2\nERROR: again\n9 passed, 1 failed";
        let (shown, count) = without_expected_errors(log);
        assert_eq!(count, 2);
        assert_eq!(
            shown,
            "PASS a\nFAIL b\n    expected 1, got 2\n9 passed, 1 failed"
        );
    }
}
