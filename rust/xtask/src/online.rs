//! The bundled game's online mode, end to end: `godot-project/online/online_check.gd` hosts a
//! one-seat game through the lobby (the online scene starts the dedicated server as a process of
//! its own), plays it to the end with the table's buttons, checks the audits, the event log, the
//! name typed in the lobby on the table and that nothing was refused, saves a screenshot of the
//! finished table and of the table crowded with 8 seats and a large hand (which must fit the
//! window), leaves, and checks that the server process is gone. The client is rendered under
//! Xvfb, as a player sees it.

use std::path::Path;

use crate::Result;
use crate::godot::Godot;
use crate::screenshots::{check_pngs, fresh_folder, rendered_run};

/// Runs the check on `project`, the bundled project as [`crate::demo::prepare`] leaves it (the
/// extension already built). `$GODOT` names this engine, so the online scene starts the server
/// with it even when it runs through a wrapper script.
pub fn check(godot: &Godot, project: &Path) -> Result {
    let out = fresh_folder("online-screenshots")?;
    let engine = godot.command().get_program().to_owned();
    let log = rendered_run(
        godot,
        project,
        "res://online/online_check.gd",
        &out,
        &[("GODOT", engine.as_os_str())],
    )?;
    if !log.contains("ONLINE CHECK ok") {
        return Err("online check: no `ONLINE CHECK ok` line".to_owned());
    }
    check_pngs(
        &out,
        &["online_game_over".to_owned(), "online_crowded".to_owned()],
    )?;
    eprintln!(
        "xtask: the online table at game over, and crowded (8 seats, a large hand): {}, {}",
        out.join("online_game_over.png").display(),
        out.join("online_crowded.png").display()
    );
    Ok(())
}
