//! `cargo xtask test`: every check, in order, with a summary. Exits non-zero if any fails.

use std::path::Path;
use std::time::Instant;

use crate::extension::{self, Profile};
use crate::godot::Godot;
use crate::platform::Platform;
use crate::process::{cargo, run as run_command};
use crate::projects::{headless_suites, prepare_test_project};
use crate::{Result, gdscript};

/// Runs every check; Godot-side checks need the build and an engine, so they are skipped when
/// either failed. `godot_only` (`--godot`) runs only the GDScript lint and the Godot-side checks (a quicker loop
/// while working on the binding or the suites).
pub fn run(godot_only: bool) -> Result {
    crate::disk::report_free_space();
    let mut report = Report::default();
    if !godot_only {
        rust_checks(&mut report);
    }
    report.step("gdlint + gdformat", gdscript::lint);
    report.step("deployment manifests (YAML)", || {
        crate::deploy::check().map(|count| eprintln!("xtask: {count} manifests checked"))
    });
    let built = report.step("extension build", || {
        extension::build(Profile::Debug).map(drop)
    });
    let godot = report.step("godot", || {
        let godot = Godot::locate_or_fetch()?;
        eprintln!("xtask: {}", godot.describe());
        Ok(godot)
    });
    match (built, godot) {
        (Some(()), Some(godot)) => {
            // Each project is prepared once, by the first step that runs it; the later steps on
            // it are skipped if that preparation failed.
            let mut tests = None;
            report.step("headless suites", || {
                headless_suites(&godot, tests.insert(prepare_test_project(&godot)?))
            });
            report.step("addon zip in a fresh project", || {
                crate::package::check_installed(&godot)
            });
            crate::disk::remove_on_ci(&["cross", "zip-project"]);
            report.step("README snippets", || crate::snippets::check(&godot));
            report.step_on("GDScript fuzzer", tests.as_deref(), |project| {
                crate::fuzz::check(&godot, project)
            });
            report.step("class docs", || crate::docs::check(&godot));
            report.step_on("multiplayer (ENet)", tests.as_deref(), |project| {
                crate::multiplayer::check(&godot, project)
            });
            report.step_on("crash test (journal)", tests.as_deref(), |project| {
                crate::crash::check(&godot, project)
            });
            let mut bundled = None;
            report.step("online mode (bundled game)", || {
                crate::online::check(&godot, bundled.insert(crate::demo::prepare(&godot)?))
            });
            report.step_on(
                "demo (README's game, 8 bots, flow check, refused options)",
                bundled.as_deref(),
                |project| {
                    crate::demo::check_readme_sample(&godot, project)?;
                    let args = ["--players", "8", "--rounds", "3"].map(String::from);
                    crate::demo::play(&godot, project, &args)?;
                    crate::demo::check_flow(&godot, project)?;
                    crate::demo::check_refusals(&godot, project)
                },
            );
            report.step_on("screenshots", tests.as_deref(), |project| {
                crate::screenshots::check(&godot, project)
            });
            report.step_on("bundled game screenshots", bundled.as_deref(), |project| {
                crate::screenshots::check_game(&godot, project)
            });
        }
        _ => report.skip(&[
            "headless suites",
            "addon zip in a fresh project",
            "README snippets",
            "GDScript fuzzer",
            "class docs",
            "multiplayer (ENet)",
            "crash test (journal)",
            "online mode (bundled game)",
            "demo (README's game, 8 bots, flow check)",
            "screenshots",
            "bundled game screenshots",
        ]),
    }
    report.finish()
}

/// Formatting, lints and tests of the Rust workspace.
fn rust_checks(report: &mut Report) {
    report.step("cargo fmt --check", || {
        run_command(cargo().args(["fmt", "--all", "--check"]))
    });
    report.step("cargo clippy", || {
        run_command(cargo().args([
            "clippy",
            "--workspace",
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ]))
    });
    report.step("cargo test", || {
        run_command(cargo().args(["test", "--workspace"]))
    });
    report.step("balance report (Chromium)", crate::simulate::check);
    report.step("Windows library (MinGW)", windows_library);
    crate::disk::remove_on_ci(&["cross"]);
    report.step("Windows core tests (Wine)", || {
        crate::wine::check().map(|summary| eprintln!("xtask: {summary}"))
    });
    crate::disk::remove_on_ci(&["wine"]);
}

/// The release DLL for Windows, cross-built and inspected (the whole matrix is
/// `cargo xtask package`).
fn windows_library() -> Result {
    let windows = Platform::from_name("windows-x86_64").ok_or("no windows-x86_64 platform")?;
    let dll = crate::cross::build(windows, Profile::Release)?;
    let inspection = crate::inspect::check(&dll, windows)?;
    eprintln!("xtask: {}: {inspection}", dll.display());
    Ok(())
}

/// Outcomes of the steps so far.
#[derive(Default)]
struct Report {
    rows: Vec<(String, String)>,
    failed: usize,
}

impl Report {
    /// Runs one step, recording its outcome; `None` if it failed.
    fn step<T>(&mut self, name: &str, body: impl FnOnce() -> Result<T>) -> Option<T> {
        eprintln!("\n==> {name}");
        let started = Instant::now();
        let outcome = body();
        let seconds = started.elapsed().as_secs_f64();
        match outcome {
            Ok(value) => {
                self.rows
                    .push((name.to_owned(), format!("ok      {seconds:6.1} s")));
                Some(value)
            }
            Err(message) => {
                eprintln!("xtask: {name} failed: {message}");
                self.rows
                    .push((name.to_owned(), format!("FAILED  {seconds:6.1} s")));
                self.failed += 1;
                None
            }
        }
    }

    /// Runs one step on `project`, or records it as skipped when there is none (its
    /// preparation failed in an earlier step); `None` unless it ran and passed.
    fn step_on<T>(
        &mut self,
        name: &str,
        project: Option<&Path>,
        body: impl FnOnce(&Path) -> Result<T>,
    ) -> Option<T> {
        match project {
            Some(project) => self.step(name, || body(project)),
            None => {
                self.skip(&[name]);
                None
            }
        }
    }

    /// Records steps that could not run; each counts as failed.
    fn skip(&mut self, names: &[&str]) {
        for name in names {
            self.rows.push(((*name).to_owned(), "skipped".to_owned()));
            self.failed += 1;
        }
    }

    /// Prints the summary; fails if any step failed or was skipped.
    fn finish(self) -> Result {
        eprintln!("\nsummary:");
        for (name, outcome) in &self.rows {
            eprintln!("  {name:<28} {outcome}");
        }
        match self.failed {
            0 => Ok(()),
            n => Err(format!("{n} step(s) did not pass")),
        }
    }
}
