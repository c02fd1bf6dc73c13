//! Python tools from PyPI, each installed into a virtual environment of its own in the user
//! cache on first use (gdtoolkit for the GDScript lint, ziglang for the macOS cross linker).

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::process::output;
use crate::{Result, paths};

/// The `bin/` folder of the virtual environment holding `requirement` (`name==version`), at
/// `<cache>/<name>-<version>`: made and filled unless `works` says the tools in it already run.
pub fn venv_with(requirement: &str, works: impl Fn(&Path) -> bool) -> Result<PathBuf> {
    let (name, version) = requirement
        .split_once("==")
        .ok_or_else(|| format!("{requirement}: expected name==version"))?;
    let venv = paths::cache().join(format!("{name}-{version}"));
    let bin = venv.join("bin");
    if works(&bin) {
        return Ok(bin);
    }
    eprintln!("xtask: installing {requirement} into {}", venv.display());
    output(
        Command::new("python3")
            .args(["-m", "venv", "--clear"])
            .arg(&venv),
    )?;
    output(
        Command::new(bin.join("python3"))
            .args([
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
            ])
            .arg(requirement),
    )?;
    Ok(bin)
}

/// Whether `program` runs with `args` and succeeds.
pub fn runs(program: &Path, args: &[&str]) -> bool {
    Command::new(program)
        .args(args)
        .output()
        .is_ok_and(|out| out.status.success())
}
