//! The bundled game's online mode, end to end: `godot-project/online/online_check.gd` hosts a
//! one-seat game through the lobby (the online scene starts the dedicated server as a process of
//! its own), plays it to the end with the table's buttons, checks the audits, the event log and
//! that nothing was refused, leaves, and checks that the server process is gone.

use std::path::Path;

use crate::Result;
use crate::godot::Godot;
use crate::headless::Run;

/// Runs the check on `project`, the bundled project as [`crate::demo::prepare`] leaves it (the
/// extension already built). `$GODOT` names this engine, so the online scene starts the server
/// with it even when it runs through a wrapper script.
pub fn check(godot: &Godot, project: &Path) -> Result {
    let finished = Run::new(godot, project, 180)
        .env("GODOT", godot.command().get_program())
        .args(["-s", "res://online/online_check.gd"])
        .finish(false)?;
    finished.check("online check")?;
    match finished.log.contains("ONLINE CHECK ok") {
        true => Ok(()),
        false => Err("online check: no `ONLINE CHECK ok` line".to_owned()),
    }
}
