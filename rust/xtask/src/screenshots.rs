//! The visual check: the token bag display rendered by the real engine (OpenGL compatibility
//! renderer, Mesa's llvmpipe) under Xvfb, saved as PNGs into `target/screenshots/`.
//!
//! `tests/visual/visual_check.gd` plays a seeded round for 2 and 8 players and grabs the window
//! at round start, mid-round, with a drawn token in flight (covering no text), at the last token
//! and at round complete; then a whole game in seat order (2 players) and initiative order (8):
//! the round change while "Round Complete!" is held, the next round in its order, and the
//! game-over banner. It checks that no picture is blank, that each differs from the one before,
//! and the labels' text in the scene tree. This step then checks that every PNG is there.

use std::path::Path;
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
/// (see [`crate::test::prepare_test_project`]); fails on a failed check, trouble in the log or a
/// missing PNG.
pub fn check(godot: &Godot, project: &Path) -> Result {
    let out = paths::target().join("screenshots");
    if out.exists() {
        std::fs::remove_dir_all(&out)
            .map_err(|e| format!("cannot remove {}: {e}", out.display()))?;
    }
    std::fs::create_dir_all(&out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let started = Instant::now();
    let xvfb = Xvfb::start(&out.join("xvfb.log"))?;
    eprintln!(
        "xtask: Xvfb on {} in {:.1} s",
        xvfb.display(),
        started.elapsed().as_secs_f64()
    );
    let rendering = Instant::now();
    let finished = Run::new(godot, project, 180)
        .rendered(xvfb.display())
        .args(["-s", "res://visual/visual_check.gd", "--", "--out"])
        .args([out.to_string_lossy().into_owned()])
        .finish(false);
    drop(xvfb);
    let finished = finished?;
    eprintln!(
        "xtask: rendered run in {:.1} s",
        rendering.elapsed().as_secs_f64()
    );
    finished.check("screenshots")?;
    let expected = 2 * MOMENTS.len();
    let closing = format!("visual check: {expected} images, 0 failed");
    if !finished.log.lines().any(|line| line == closing) {
        return Err(format!("screenshots: no `{closing}` line"));
    }
    for players in [2, 8] {
        for moment in MOMENTS {
            let png = out.join(format!("{players}p_{moment}.png"));
            let bytes =
                std::fs::read(&png).map_err(|e| format!("cannot read {}: {e}", png.display()))?;
            if !bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
                return Err(format!("{} is not a PNG", png.display()));
            }
        }
    }
    eprintln!("xtask: {expected} screenshots in {}", out.display());
    Ok(())
}
