//! `cargo xtask server`: the bundled game's server, run headless in the foreground until Ctrl+C
//! stops it: `godot-project/game/game_server.gd` (a `RulesServer`: many tables on one port, a
//! lobby, journals), or with `--single` the one-table dedicated server
//! (`godot-project/game/dedicated_server.gd`, which the bundled game's online mode starts).

use crate::Result;
use crate::extension::{self, Profile};
use crate::godot::Godot;
use crate::process::run as run_command;

/// The many-table server, as the project sees it.
const SCRIPT: &str = "res://game/game_server.gd";
/// The one-table dedicated server.
const SINGLE_SCRIPT: &str = "res://game/dedicated_server.gd";

/// The server to run and its arguments.
#[derive(Debug, clap::Args)]
pub struct Options {
    /// The one-table dedicated server (server arguments `--players N --rounds N --seed N
    /// --deadline S --entropy 0|1`), which the bundled game's online mode starts.
    #[arg(long)]
    single: bool,
    /// The UDP port to listen on.
    #[arg(long, value_name = "N")]
    port: Option<u16>,
    /// Arguments for the server itself, after `--` (e.g. `-- --journal /srv/journal`).
    #[arg(last = true)]
    server_args: Vec<String>,
}

impl Options {
    /// The server's script and its own arguments: the port first, then the rest in order.
    fn script_and_args(&self) -> (&'static str, Vec<String>) {
        let script = if self.single { SINGLE_SCRIPT } else { SCRIPT };
        let args = self
            .port
            .into_iter()
            .flat_map(|port| ["--port".to_owned(), port.to_string()])
            .chain(self.server_args.iter().cloned())
            .collect();
        (script, args)
    }
}

/// Builds the extension and runs the server with no time limit.
pub fn run(options: &Options) -> Result {
    let (script, server_args) = options.script_and_args();
    let godot = Godot::locate_or_fetch()?;
    eprintln!("xtask: {}", godot.describe());
    extension::build(Profile::Debug)?;
    let project = crate::demo::prepare(&godot)?;
    let mut command = godot.headless(&project);
    command.args(["-s", script, "--"]).args(server_args);
    run_command(&mut command)
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::{SCRIPT, SINGLE_SCRIPT};
    use crate::cli::{Cli, Task};

    /// The script and arguments `cargo xtask <args>` runs the server with.
    fn server(args: &[&str]) -> Result<(&'static str, Vec<String>), String> {
        let cli = Cli::try_parse_from(["cargo xtask", "server"].iter().chain(args))
            .map_err(|e| e.to_string())?;
        match cli.task {
            Task::Server(options) => Ok(options.script_and_args()),
            other => Err(format!("parsed as {other:?}")),
        }
    }

    fn strings(args: &[&str]) -> Vec<String> {
        args.iter().map(|arg| (*arg).to_owned()).collect()
    }

    #[test]
    fn port_and_more_arguments_reach_the_server_in_order() {
        assert_eq!(
            server(&["--port", "7100", "--", "--journal", "/tmp/j"]),
            Ok((SCRIPT, strings(&["--port", "7100", "--journal", "/tmp/j"])))
        );
        assert_eq!(server(&[]), Ok((SCRIPT, Vec::new())));
    }

    #[test]
    fn single_runs_the_one_table_server() {
        assert_eq!(
            server(&["--single", "--port", "7100", "--", "--players", "3"]),
            Ok((
                SINGLE_SCRIPT,
                strings(&["--port", "7100", "--players", "3"])
            ))
        );
    }

    #[test]
    fn anything_but_a_port_before_the_dashes_is_refused() {
        assert!(server(&["--players", "3"]).is_err());
        assert!(server(&["--port", "seventy"]).is_err());
        assert!(server(&["--port", "70000"]).is_err());
    }
}
