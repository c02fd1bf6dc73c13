//! A copy of the bundled project made to serve, not to develop: the game's scripts and the addon
//! with only the release library, in the slot an editor build of Godot loads (what Debian ships;
//! see [`crate::bench`]), registered and imported. `cargo xtask loadtest` runs the game server
//! from it and `cargo xtask image` puts it into the server's root file system.

use std::path::Path;

use crate::extension::{self, Profile};
use crate::godot::Godot;
use crate::{Result, paths};

/// What of the bundled project a server needs besides the addon.
const PARTS: [&str; 6] = [
    "project.godot",
    "main.gd",
    "main.gd.uid",
    "main.tscn",
    "game",
    "online",
];

/// Builds the release library and makes the server project in `project` (emptied first).
pub fn prepare(godot: &Godot, project: &Path) -> Result {
    let release = extension::build(Profile::Release)?;
    crate::folders::recreate(project)?;
    let bundled = paths::godot_project();
    for part in PARTS {
        let (from, to) = (bundled.join(part), project.join(part));
        match from.is_dir() {
            true => extension::copy_dir(&from, &to)?,
            false => copy(&from, &to)?,
        }
    }
    extension::copy_addon(project)?;
    let bin = project.join("addons/horizons_edge/bin");
    crate::folders::recreate(&bin)?;
    copy(&release, &bin.join(extension::library_name(Profile::Debug)))?;
    extension::register_extension(project)?;
    crate::projects::import(godot, project)
}

fn copy(from: &Path, to: &Path) -> Result {
    std::fs::copy(from, to)
        .map(drop)
        .map_err(|e| format!("cannot copy {} to {}: {e}", from.display(), to.display()))
}
