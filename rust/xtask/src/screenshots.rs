//! The visual check: the token bag display rendered by the real engine (OpenGL compatibility
//! renderer, Mesa's llvmpipe) under Xvfb, saved as PNGs into `target/screenshots/`.
//!
//! `tests/visual/visual_check.gd` plays a seeded round for 2 and 8 players and grabs the window
//! at round start, mid-round, with a drawn token in flight (covering no text), at the last token
//! and at round complete; then a whole game in seat order (2 players) and initiative order (8):
//! the round change while "Round Complete!" is held, the next round in its order, and the
//! game-over banner. It checks that no picture is blank, that each differs from the one before,
//! and the labels' text in the scene tree. This step then checks that every PNG is there.
//!
//! [`check_game`] does the same for the bundled game's table (`godot-project/game/ui_check.gd`):
//! a human seat's turn and the end of the game.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::godot::Godot;
use crate::headless::Run;
use crate::xvfb::Xvfb;
use crate::{Result, paths};

/// The pictures the check must leave behind, per player count.
const MOMENTS: [&str; 8] = [
    "1_round_start",
    "2_mid_round",
    "3_draw_in_flight",
    "4_last_token",
    "5_round_complete",
    "6_round_change",
    "7_next_round",
    "8_game_over",
];

/// Runs the visual check on `project`, the test project with the addon installed and imported
/// (see [`crate::projects::prepare_test_project`]); fails on a failed check, trouble in the log or a
/// missing PNG.
pub fn check(godot: &Godot, project: &Path) -> Result {
    let out = fresh_folder("screenshots")?;
    let log = rendered_run(godot, project, "res://visual/visual_check.gd", &out, &[])?;
    let expected = 2 * MOMENTS.len();
    let closing = format!("visual check: {expected} images, 0 failed");
    if !log.lines().any(|line| line == closing) {
        return Err(format!("screenshots: no `{closing}` line"));
    }
    let names: Vec<String> = [2, 8]
        .iter()
        .flat_map(|players| MOMENTS.map(|moment| format!("{players}p_{moment}")))
        .collect();
    check_pngs(&out, &names)?;
    eprintln!("xtask: {expected} screenshots in {}", out.display());
    Ok(())
}

/// The bundled game's table rendered (`godot-project/game/ui_check.gd`), on `project`, the
/// bundled project as [`crate::demo::prepare`] leaves it: a human seat's turn and the game's end.
pub fn check_game(godot: &Godot, project: &Path) -> Result {
    let out = fresh_folder("game-screenshots")?;
    let log = rendered_run(godot, project, "res://game/ui_check.gd", &out, &[])?;
    if !log
        .lines()
        .any(|line| line == "ui check: 2 images, 0 failed")
    {
        return Err("bundled game screenshots: no `ui check: 2 images, 0 failed` line".to_owned());
    }
    check_pngs(
        &out,
        &[
            "game_1_human_turn".to_owned(),
            "game_2_game_over".to_owned(),
        ],
    )?;
    eprintln!("xtask: 2 screenshots in {}", out.display());
    Ok(())
}

/// `target/<name>`, emptied.
pub fn fresh_folder(name: &str) -> Result<PathBuf> {
    let out = paths::target().join(name);
    crate::folders::recreate(&out)?;
    Ok(out)
}

/// Runs `script` on `project` rendered under a fresh Xvfb, with `--out <out>` and the
/// environment variables `env`; returns the log.
pub fn rendered_run(
    godot: &Godot,
    project: &Path,
    script: &str,
    out: &Path,
    env: &[(&str, &OsStr)],
) -> Result<String> {
    let started = Instant::now();
    let xvfb = Xvfb::start(&out.join("xvfb.log"))?;
    eprintln!(
        "xtask: Xvfb on {} in {:.1} s",
        xvfb.display(),
        started.elapsed().as_secs_f64()
    );
    let rendering = Instant::now();
    let finished = env
        .iter()
        .fold(Run::new(godot, project, 180), |run, (key, value)| {
            run.env(key, value)
        })
        .rendered(xvfb.display())
        .args(["-s", script, "--", "--out"])
        .args([out.to_string_lossy().into_owned()])
        .finish(false);
    drop(xvfb);
    let finished = finished?;
    eprintln!(
        "xtask: rendered run in {:.1} s",
        rendering.elapsed().as_secs_f64()
    );
    finished.check(script)?;
    Ok(finished.log)
}

/// Fails unless `<out>/<name>.png` is a PNG for every name.
pub fn check_pngs(out: &Path, names: &[String]) -> Result {
    for name in names {
        let png = out.join(format!("{name}.png"));
        let bytes =
            std::fs::read(&png).map_err(|e| format!("cannot read {}: {e}", png.display()))?;
        if !bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
            return Err(format!("{} is not a PNG", png.display()));
        }
    }
    Ok(())
}
