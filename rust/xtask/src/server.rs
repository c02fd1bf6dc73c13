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

/// Builds the extension and runs the server with no time limit. `--single` and `--port N` may
/// come before `--`; everything after `--` goes to the server as it is (e.g.
/// `-- --journal /srv/journal`, or with `--single`: `-- --players 3 --rounds 5`).
pub fn run(args: &[String]) -> Result {
    let (script, server_args) = server_args(args)?;
    let godot = Godot::locate_or_fetch()?;
    eprintln!("xtask: {}", godot.describe());
    extension::build(Profile::Debug)?;
    let project = crate::demo::prepare(&godot)?;
    let mut command = godot.headless(&project);
    command.args(["-s", script, "--"]).args(server_args);
    run_command(&mut command)
}

/// `[--single] [--port N] [-- more]` → the server's script and its own arguments.
fn server_args(args: &[String]) -> Result<(&'static str, Vec<String>)> {
    let (ours, more) = match args.iter().position(|arg| arg == "--") {
        Some(dashes) => (&args[..dashes], &args[dashes + 1..]),
        None => (args, &[][..]),
    };
    let (script, ours) = match ours.split_first() {
        Some((flag, rest)) if flag == "--single" => (SINGLE_SCRIPT, rest),
        _ => (SCRIPT, ours),
    };
    let port = match ours {
        [] => None,
        [flag, port] if flag == "--port" && port.parse::<u16>().is_ok() => Some(port),
        other => {
            return Err(format!(
                "unexpected arguments {other:?}; use [--single] [--port N] [-- <server args>]"
            ));
        }
    };
    let args = port
        .into_iter()
        .flat_map(|port| ["--port".to_owned(), port.clone()])
        .chain(more.iter().cloned())
        .collect();
    Ok((script, args))
}

#[cfg(test)]
mod tests {
    use super::{SCRIPT, SINGLE_SCRIPT, server_args};

    fn strings(args: &[&str]) -> Vec<String> {
        args.iter().map(|arg| (*arg).to_owned()).collect()
    }

    #[test]
    fn port_and_more_arguments_reach_the_server_in_order() {
        let args = strings(&["--port", "7100", "--", "--journal", "/tmp/j"]);
        assert_eq!(
            server_args(&args),
            Ok((SCRIPT, strings(&["--port", "7100", "--journal", "/tmp/j"])))
        );
        assert_eq!(server_args(&[]), Ok((SCRIPT, Vec::new())));
    }

    #[test]
    fn single_runs_the_one_table_server() {
        let args = strings(&["--single", "--port", "7100", "--", "--players", "3"]);
        assert_eq!(
            server_args(&args),
            Ok((
                SINGLE_SCRIPT,
                strings(&["--port", "7100", "--players", "3"])
            ))
        );
    }

    #[test]
    fn anything_but_a_port_before_the_dashes_is_refused() {
        assert!(server_args(&strings(&["--players", "3"])).is_err());
        assert!(server_args(&strings(&["--port", "seventy"])).is_err());
    }
}
