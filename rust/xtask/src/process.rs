//! Running other programs with clear failure messages.

use std::ffi::OsStr;
use std::process::{Command, Output, Stdio};

use crate::Result;

/// A command line for messages: program and arguments.
pub fn describe(command: &Command) -> String {
    std::iter::once(command.get_program())
        .chain(command.get_args())
        .map(OsStr::to_string_lossy)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Runs `command` with inherited output; fails unless it exits with 0.
pub fn run(command: &mut Command) -> Result {
    let status = command
        .status()
        .map_err(|e| format!("could not start `{}`: {e}", describe(command)))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{}` failed ({status})", describe(command)))
    }
}

/// Runs `command` capturing its output; fails unless it exits with 0 (its stderr is included).
pub fn output(command: &mut Command) -> Result<Output> {
    let output = command
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("could not start `{}`: {e}", describe(command)))?;
    if output.status.success() {
        Ok(output)
    } else {
        Err(format!(
            "`{}` failed ({}):\n{}",
            describe(command),
            output.status,
            String::from_utf8_lossy(&output.stderr)
        ))
    }
}

/// The `cargo` that runs this xtask, so nested builds use the same toolchain.
pub fn cargo() -> Command {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(cargo);
    command.current_dir(crate::paths::root());
    command
}
