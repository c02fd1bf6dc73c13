//! `cargo xtask image`: the game server's container recipe, built from the project's own private
//! Debian sysroot (see [`crate::godot`]), so no base image is downloaded. Assembles
//! `target/image/rootfs` (the sysroot, hard-linked where the file system allows; the server
//! project with the release library in `/srv/horizons-edge`, see [`crate::server_project`];
//! empty `/journal` and `/tmp`) and copies `deploy/image/Dockerfile` (`FROM scratch`) beside it.
//! Then it starts the server from the root file system (`chroot`, when run as root) and checks
//! that it listens: the same command line as the Dockerfile's entry point.

use std::path::Path;
use std::process::Command;

use crate::godot::{self, Godot};
use crate::headless::trouble;
use crate::process::{describe, output};
use crate::{Result, paths};

/// Where the server project goes in the image.
const SERVER_DIR: &str = "srv/horizons-edge";
/// The engine's command line in the image, as in the Dockerfile's `ENTRYPOINT`.
const ENTRYPOINT: [&str; 10] = [
    "/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2",
    "--library-path",
    "/usr/lib/x86_64-linux-gnu:/lib/x86_64-linux-gnu:/usr/lib/x86_64-linux-gnu/pulseaudio",
    "/usr/bin/godot",
    "--headless",
    "--path",
    "/srv/horizons-edge",
    "-s",
    "res://game/game_server.gd",
    "--",
];

/// Builds the root file system and the recipe, then checks the server starts from it.
pub fn run() -> Result {
    let godot = Godot::locate_or_fetch()?;
    let image = paths::target().join("image");
    let rootfs = image.join("rootfs");
    crate::folders::recreate(&rootfs)?;
    let sysroot = godot::private_root()?;
    link_tree(&sysroot, &rootfs)?;
    crate::server_project::prepare(&godot, &rootfs.join(SERVER_DIR))?;
    for empty in ["journal", "tmp"] {
        let dir = rootfs.join(empty);
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let recipe = paths::root().join("deploy/image/Dockerfile");
    std::fs::copy(&recipe, image.join("Dockerfile"))
        .map_err(|e| format!("{}: {e}", recipe.display()))?;
    check_entrypoint(&recipe)?;
    eprintln!(
        "xtask: image root file system and recipe in {}: `docker build -t horizons-edge-server .` there",
        image.display()
    );
    smoke_test(&rootfs)?;
    // What the run left in /tmp (the engine's user folder, a journal) is not part of the image.
    crate::folders::recreate(&rootfs.join("tmp"))
}

/// `cp -a`, hard-linking the files when `from` and `to` share a file system (`-l`).
fn link_tree(from: &Path, to: &Path) -> Result {
    let source = format!("{}/.", from.display());
    let linked = output(Command::new("cp").args(["-al", &source]).arg(to));
    linked
        .or_else(|_| output(Command::new("cp").args(["-a", &source]).arg(to)))
        .map(drop)
}

/// Fails unless the Dockerfile's entry point is [`ENTRYPOINT`], which [`smoke_test`] runs.
fn check_entrypoint(recipe: &Path) -> Result {
    let text = std::fs::read_to_string(recipe).map_err(|e| format!("{}: {e}", recipe.display()))?;
    let quoted: Vec<String> = ENTRYPOINT.iter().map(|arg| format!("\"{arg}\"")).collect();
    let expected = format!("ENTRYPOINT [{}]", quoted.join(", "));
    match text.lines().any(|line| line == expected) {
        true => Ok(()),
        false => Err(format!(
            "{}: the entry point is not `{expected}`",
            recipe.display()
        )),
    }
}

/// Runs the entry point in `rootfs` with `chroot` for a few seconds (skipped unless root).
fn smoke_test(rootfs: &Path) -> Result {
    let mut command = Command::new("timeout");
    command
        .args(["--kill-after=5", "60", "chroot"])
        .arg(rootfs)
        .args(ENTRYPOINT)
        .args([
            "--port",
            "7000",
            "--journal",
            "/tmp/journal",
            "--quit-after",
            "2",
        ])
        .env("HOME", "/tmp");
    let ran = match output(&mut command) {
        Ok(ran) => ran,
        Err(e) if e.contains("Operation not permitted") => {
            eprintln!("xtask: not root, so the image's server was not started: {e}");
            return Ok(());
        }
        Err(e) => return Err(e),
    };
    let log = format!(
        "{}{}",
        String::from_utf8_lossy(&ran.stdout),
        String::from_utf8_lossy(&ran.stderr)
    );
    let trouble = trouble(&log);
    match log.contains("server: listening") && trouble.is_empty() {
        true => {
            eprintln!(
                "xtask: the server listened in the image's root file system ({})",
                describe(&command)
            );
            Ok(())
        }
        false => Err(format!("the server did not start in the image:\n{log}")),
    }
}
