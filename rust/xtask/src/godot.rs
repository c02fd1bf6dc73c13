//! Finding a Godot 4 to run, or building a private one without touching the system.
//!
//! In order:
//! 1. `$GODOT`, if set, must name a Godot 4 binary at or above [`MIN_VERSION`].
//! 2. `godot` on `PATH`, if it is such a Godot (a game developer's own editor).
//! 3. Otherwise a private sysroot in the user cache (see [`crate::debian`]), shared by every
//!    clone on the machine: Debian's `godot` package and its whole dependency closure, taken from
//!    `forky` (falling back to `sid`), and run through the sysroot's own dynamic loader by a
//!    wrapper script. Nothing is installed into the system and no root is needed. A second run
//!    downloads nothing.
//!
//! The sysroot also carries Mesa's GL and Vulkan drivers and Debian's `xvfb`, so the same engine
//! can render under a virtual X server (see [`crate::xvfb`]).

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::debian::Sysroot;
use crate::process::run;
use crate::{Result, paths};

/// The oldest Godot the extension supports: its `api-4-4` feature and `compatibility_minimum`.
pub const MIN_VERSION: (u32, u32) = (4, 4);

/// Debian suites that ship a Godot 4, in order of preference.
const SUITES: [&str; 2] = ["forky", "sid"];

/// What goes into the sysroot besides the engine: GL and Vulkan drivers for rendered runs, and a
/// virtual X server (`Xvfb`, with the keyboard compiler and data it runs) to render under.
const PACKAGES: [&str; 10] = [
    "godot",
    "libgl1",
    "libegl1",
    "libglx-mesa0",
    "libegl-mesa0",
    "mesa-vulkan-drivers",
    "libvulkan1",
    "xvfb",
    "x11-xkb-utils",
    "xkb-data",
];

/// The sysroot's cache folder; bump its revision when [`PACKAGES`] or the layout changes, so
/// caches are rebuilt.
const SYSROOT: &str = "godot-sysroot-r2";

/// A Godot 4 executable and its version.
pub struct Godot {
    program: PathBuf,
    version: (u32, u32, u32),
    origin: &'static str,
}

impl Godot {
    /// The Godot to use: `$GODOT`, a suitable `godot` on `PATH`, or the private one (fetched on
    /// first use).
    pub fn locate_or_fetch() -> Result<Godot> {
        if let Some(program) = std::env::var_os("GODOT").filter(|p| !p.is_empty()) {
            let program = PathBuf::from(program);
            return Godot::probe(&program, "$GODOT").ok_or_else(|| {
                format!(
                    "$GODOT ({}) is not a Godot {}.{} or newer",
                    program.display(),
                    MIN_VERSION.0,
                    MIN_VERSION.1
                )
            });
        }
        if let Some(godot) = Godot::probe(Path::new("godot"), "PATH") {
            return Ok(godot);
        }
        let wrapper = sysroot_dir().join("godot");
        if let Some(godot) = Godot::probe(&wrapper, "private sysroot") {
            return Ok(godot);
        }
        fetch_private()?;
        Godot::probe(&wrapper, "private sysroot")
            .ok_or_else(|| format!("the private Godot at {} does not run", wrapper.display()))
    }

    /// `Some` if `program` runs and reports a Godot at or above [`MIN_VERSION`].
    fn probe(program: &Path, origin: &'static str) -> Option<Godot> {
        let out = Command::new(program).arg("--version").output().ok()?;
        let text = String::from_utf8_lossy(&out.stdout);
        let version = text.lines().rev().find_map(parse_version)?;
        ((version.0, version.1) >= MIN_VERSION).then(|| Godot {
            program: program.to_path_buf(),
            version,
            origin,
        })
    }

    /// A command that runs this Godot (arguments still to add).
    pub fn command(&self) -> Command {
        Command::new(&self.program)
    }

    /// A command that runs this Godot on `project` without a window:
    /// `godot --headless --audio-driver Dummy --path <project>` (more arguments still to add).
    pub fn headless(&self, project: &Path) -> Command {
        self.on_project(project, &["--headless"])
    }

    /// A command that renders `project` for real with the OpenGL compatibility renderer in a
    /// 1280×720 window (on the X server in `DISPLAY`), more arguments still to add.
    pub fn rendered(&self, project: &Path) -> Command {
        self.on_project(
            project,
            &[
                "--rendering-driver",
                "opengl3",
                "--rendering-method",
                "gl_compatibility",
                "--resolution",
                "1280x720",
            ],
        )
    }

    /// This Godot on `project` in the given display mode, without sound.
    fn on_project(&self, project: &Path, mode: &[&str]) -> Command {
        let mut command = self.command();
        command
            .args(mode)
            .args(["--audio-driver", "Dummy", "--path"])
            .arg(project);
        command
    }

    /// One line for the terminal: version, where it came from, how it is run.
    pub fn describe(&self) -> String {
        let (major, minor, patch) = self.version;
        format!(
            "Godot {major}.{minor}.{patch} ({}): {}",
            self.origin,
            self.program.display()
        )
    }
}

/// `4.6.3.stable.debian...` → (4, 6, 3); `4.4.stable` → (4, 4, 0).
fn parse_version(line: &str) -> Option<(u32, u32, u32)> {
    let mut parts = line.trim().split('.');
    let major = parts.next()?.parse().ok()?;
    let minor = parts.next()?.parse().ok()?;
    let patch = parts.next().and_then(|p| p.parse().ok()).unwrap_or(0);
    Some((major, minor, patch))
}

/// The unpacked root of the private sysroot, built first if it is missing. Rendered runs take
/// their X server from it even when the engine comes from elsewhere.
pub fn private_root() -> Result<PathBuf> {
    let dir = sysroot_dir();
    if !dir.join("godot").exists() {
        fetch_private()?;
    }
    Ok(dir.join("root"))
}

/// The private sysroot's folder in the cache.
pub fn sysroot_dir() -> PathBuf {
    paths::cache().join(SYSROOT)
}

/// Builds the private sysroot and its wrapper script, trying each suite in turn.
fn fetch_private() -> Result {
    let dir = sysroot_dir();
    let mut failures = Vec::new();
    for suite in SUITES {
        eprintln!(
            "xtask: fetching Godot from Debian {suite} into {}",
            dir.display()
        );
        match fetch_from(suite, &dir) {
            Ok(()) => return Ok(()),
            Err(e) => failures.push(format!("{suite}: {e}")),
        }
    }
    Err(format!(
        "could not build a private Godot:\n{}",
        failures.join("\n")
    ))
}

fn fetch_from(suite: &'static str, dir: &Path) -> Result {
    let sysroot = Sysroot {
        name: SYSROOT,
        suite,
        packages: &PACKAGES,
    };
    sysroot.fetch(dir)?;
    write_wrapper(&dir.join("godot"), &dir.join("root"))
}

/// The script that runs the sysroot's engine through the sysroot's own loader.
///
/// `LD_LIBRARY_PATH` would leak the newer glibc into the engine's child processes, which crash on
/// it; `--library-path` applies to the engine alone. Without the pulseaudio folder the engine
/// does not start. The Mesa variables let rendered runs find the sysroot's drivers.
fn write_wrapper(wrapper: &Path, root: &Path) -> Result {
    let root = root.display();
    let script = format!(
        r#"#!/bin/sh
# Written by `cargo xtask`: runs the private Godot through its own loader.
R="{root}"
L="$R/usr/lib/x86_64-linux-gnu"
export LIBGL_DRIVERS_PATH="$L/dri"
export __EGL_VENDOR_LIBRARY_DIRS="$R/usr/share/glvnd/egl_vendor.d"
export VK_ICD_FILENAMES="$R/usr/share/vulkan/icd.d/lvp_icd.json"
exec "$L/ld-linux-x86-64.so.2" --library-path "$L:$R/lib/x86_64-linux-gnu:$L/pulseaudio" "$R/usr/bin/godot" "$@"
"#
    );
    std::fs::write(wrapper, script)
        .map_err(|e| format!("cannot write {}: {e}", wrapper.display()))?;
    run(Command::new("chmod").arg("+x").arg(wrapper))
}

#[cfg(test)]
mod tests {
    use super::parse_version;

    #[test]
    fn versions_parse_from_godot_output() {
        assert_eq!(
            parse_version("4.6.3.stable.debian4.6.3+ds-2"),
            Some((4, 6, 3))
        );
        assert_eq!(
            parse_version("4.4.stable.official.4c311cbee"),
            Some((4, 4, 0))
        );
        assert_eq!(parse_version("3.5.2.stable"), Some((3, 5, 2)));
        assert_eq!(parse_version("Godot Engine"), None);
    }
}
