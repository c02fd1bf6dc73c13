//! A virtual X server for rendered engine runs: `Xvfb` on `PATH`, or Debian's from the private
//! sysroot (see [`crate::godot`]), run through the sysroot's own loader like the engine.
//!
//! Xvfb compiles its keymap by running `xkbcomp` from a folder fixed when it was built
//! (`/usr/bin`), which this machine need not have. The sysroot's server is therefore copied with
//! that folder patched to `.` (the same bytes, NUL-padded) and run in a folder holding an
//! `xkbcomp` script that runs the sysroot's compiler through the sysroot's loader. Nothing
//! outside the cache is touched.

use std::fs::File;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::process::describe;
use crate::{Result, godot};

/// The screen every rendered run gets.
const SCREEN: &str = "1280x720x24";

/// The longest the whole server may live, should xtask itself be killed.
const LIFETIME_SECONDS: &str = "900";

/// A running Xvfb, stopped (SIGTERM, so it removes its lock) when dropped.
pub struct Xvfb {
    child: Child,
    display: String,
}

impl Xvfb {
    /// Starts a server on a free display and waits (up to 10 s) until it accepts clients. Its
    /// output goes to `log`.
    pub fn start(log: &Path) -> Result<Xvfb> {
        let number = free_display()?;
        let display = format!(":{number}");
        let mut command = Command::new("timeout");
        command.args(["--kill-after=5", LIFETIME_SECONDS]);
        match system_xvfb() {
            Some(program) => {
                command.arg(program);
            }
            None => private_xvfb(&mut command)?,
        }
        command.args([display.as_str(), "-screen", "0", SCREEN, "-nolisten", "tcp"]);
        let output =
            File::create(log).map_err(|e| format!("cannot create {}: {e}", log.display()))?;
        let errors = output
            .try_clone()
            .map_err(|e| format!("cannot reopen {}: {e}", log.display()))?;
        let child = command
            .stdin(Stdio::null())
            .stdout(output)
            .stderr(errors)
            .spawn()
            .map_err(|e| format!("could not start `{}`: {e}", describe(&command)))?;
        let mut server = Xvfb { child, display };
        let socket = PathBuf::from(format!("/tmp/.X11-unix/X{number}"));
        let started = Instant::now();
        while !socket.exists() {
            let exited = server.child.try_wait().map_err(|e| e.to_string())?;
            if exited.is_some() || started.elapsed() > Duration::from_secs(10) {
                let text = std::fs::read_to_string(log).unwrap_or_default();
                return Err(format!("`{}` did not start:\n{text}", describe(&command)));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        Ok(server)
    }

    /// The value for `DISPLAY`, e.g. `:99`.
    pub fn display(&self) -> &str {
        &self.display
    }
}

impl Drop for Xvfb {
    fn drop(&mut self) {
        // TERM to `timeout` is passed on to the server, which then removes its lock and socket.
        let _ = Command::new("kill")
            .arg("-TERM")
            .arg(self.child.id().to_string())
            .status();
        let started = Instant::now();
        while started.elapsed() < Duration::from_secs(5) {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A display number with neither a lock file nor a socket.
fn free_display() -> Result<u32> {
    (90..400)
        .find(|n| {
            !Path::new(&format!("/tmp/.X{n}-lock")).exists()
                && !Path::new(&format!("/tmp/.X11-unix/X{n}")).exists()
        })
        .ok_or_else(|| "no free X display number between :90 and :399".to_owned())
}

/// `Xvfb` from `PATH`, if there is one.
fn system_xvfb() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join("Xvfb"))
        .find(|candidate| candidate.is_file())
}

/// Adds the sysroot's loader, patched server and its arguments to `command`.
fn private_xvfb(command: &mut Command) -> Result {
    let root = godot::private_root()?;
    let libs = root.join("usr/lib/x86_64-linux-gnu");
    let folder = godot::sysroot_dir().join("xvfb");
    let server = folder.join("Xvfb");
    if !server.exists() {
        prepare(&root, &folder)?;
    }
    command
        .arg(libs.join("ld-linux-x86-64.so.2"))
        .arg("--library-path")
        .arg(format!(
            "{}:{}",
            libs.display(),
            root.join("lib/x86_64-linux-gnu").display()
        ))
        .arg(&server)
        .arg("-xkbdir")
        .arg(root.join("usr/share/X11/xkb"))
        .current_dir(&folder);
    Ok(())
}

/// Writes the patched server and the `xkbcomp` script into `folder`.
fn prepare(root: &Path, folder: &Path) -> Result {
    std::fs::create_dir_all(folder)
        .map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
    let original = root.join("usr/bin/Xvfb");
    let mut bytes =
        std::fs::read(&original).map_err(|e| format!("cannot read {}: {e}", original.display()))?;
    let needle = b"\0/usr/bin\0";
    let found: Vec<usize> = bytes
        .windows(needle.len())
        .enumerate()
        .filter(|(_, window)| *window == needle)
        .map(|(at, _)| at)
        .collect();
    let [at] = found[..] else {
        return Err(format!(
            "{}: expected one xkbcomp folder string, found {}",
            original.display(),
            found.len()
        ));
    };
    bytes[at + 1..at + needle.len() - 1].copy_from_slice(b".\0\0\0\0\0\0\0");
    let libs = root.join("usr/lib/x86_64-linux-gnu");
    let script = format!(
        "#!/bin/sh\n# Written by `cargo xtask`: Xvfb's keymap compiler, from the private sysroot.\n\
         exec \"{l}/ld-linux-x86-64.so.2\" --library-path \"{l}:{r}/lib/x86_64-linux-gnu\" \
         \"{r}/usr/bin/xkbcomp\" \"$@\"\n",
        l = libs.display(),
        r = root.display()
    );
    let compiler = folder.join("xkbcomp");
    write_executable(&compiler, script.as_bytes())?;
    // The server last: its presence marks the folder complete.
    let partial = folder.join("Xvfb.partial");
    write_executable(&partial, &bytes)?;
    std::fs::rename(&partial, folder.join("Xvfb"))
        .map_err(|e| format!("cannot rename {}: {e}", partial.display()))
}

fn write_executable(path: &Path, bytes: &[u8]) -> Result {
    std::fs::write(path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755))
        .map_err(|e| format!("cannot make {} executable: {e}", path.display()))
}
