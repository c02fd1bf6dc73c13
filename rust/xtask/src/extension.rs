//! Building the GDExtension library and putting it where Godot looks for it.

use std::path::{Path, PathBuf};

use crate::platform::Platform;
pub use crate::platform::Profile;
use crate::process::{cargo, run};
use crate::{Result, paths};

/// Builds the binding crate and copies the library into the addon's `bin/` under the name the
/// `.gdextension` file gives it. Returns the copied library's path.
pub fn build(profile: Profile) -> Result<PathBuf> {
    let mut command = cargo();
    command.args(["build", "--package", "horizons-edge-godot"]);
    if profile == Profile::Release {
        command.arg("--release");
    }
    run(&mut command)?;

    let built_dir = paths::target().join(match profile {
        Profile::Debug => "debug",
        Profile::Release => "release",
    });
    let built = built_dir.join(Platform::host().built_name());
    let bin = paths::addon().join("bin");
    std::fs::create_dir_all(&bin).map_err(|e| format!("cannot create {}: {e}", bin.display()))?;
    let installed = bin.join(library_name(profile));
    // Copy beside and rename, so a running editor never sees a half-written library.
    let partial = installed.with_extension("partial");
    std::fs::copy(&built, &partial)
        .and_then(|_| std::fs::rename(&partial, &installed))
        .map_err(|e| {
            format!(
                "cannot copy {} to {}: {e}",
                built.display(),
                installed.display()
            )
        })?;
    let megabytes = std::fs::metadata(&installed).map_or(0, |m| m.len()) / 1_000_000;
    eprintln!("xtask: {} ({megabytes} MB)", installed.display());
    Ok(installed)
}

/// The library's file name in `bin/` for this machine, e.g.
/// `libhorizons_edge.linux.debug.x86_64.so` (see [`Platform::library_name`]).
pub fn library_name(profile: Profile) -> String {
    Platform::host().library_name(profile)
}

/// Copies the addon, as built, into `project` (replacing any earlier copy) and registers its
/// extension there, so that a headless run (which does not scan the project) loads it.
pub fn install_addon(project: &Path) -> Result {
    copy_addon(project)?;
    register_extension(project)
}

/// Copies the addon into `project` as a developer drops it in, leaving the editor to find the
/// extension when it scans the project.
pub fn copy_addon(project: &Path) -> Result {
    let target = project.join("addons").join("horizons_edge");
    crate::folders::remove(&target)?;
    copy_dir(&paths::addon(), &target)
}

/// Writes `.godot/extension_list.cfg`. Without it a fresh project does not load the extension,
/// and `--import` on a project whose extension is new to it crashes (Godot issue 111048).
pub fn register_extension(project: &Path) -> Result {
    let dot_godot = project.join(".godot");
    std::fs::create_dir_all(&dot_godot)
        .map_err(|e| format!("cannot create {}: {e}", dot_godot.display()))?;
    let list = dot_godot.join("extension_list.cfg");
    std::fs::write(
        &list,
        "res://addons/horizons_edge/horizons_edge.gdextension\n",
    )
    .map_err(|e| format!("cannot write {}: {e}", list.display()))
}

/// Copies the folder `from` with everything in it to `to`.
pub fn copy_dir(from: &Path, to: &Path) -> Result {
    copy_dir_except(from, to, &|_| false)
}

/// Copies the folder `from` to `to`, leaving out every file or folder whose name `skip` picks.
pub fn copy_dir_except(from: &Path, to: &Path, skip: &dyn Fn(&str) -> bool) -> Result {
    std::fs::create_dir_all(to).map_err(|e| format!("cannot create {}: {e}", to.display()))?;
    let entries =
        std::fs::read_dir(from).map_err(|e| format!("cannot list {}: {e}", from.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("cannot list {}: {e}", from.display()))?;
        let (source, name) = (entry.path(), entry.file_name());
        if skip(&name.to_string_lossy()) {
            continue;
        }
        let dest = to.join(&name);
        if source.is_dir() {
            copy_dir_except(&source, &dest, skip)?;
        } else {
            std::fs::copy(&source, &dest).map_err(|e| {
                format!(
                    "cannot copy {} to {}: {e}",
                    source.display(),
                    dest.display()
                )
            })?;
        }
    }
    Ok(())
}
