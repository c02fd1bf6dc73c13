//! `cargo xtask server`: the bundled game's dedicated server
//! (`godot-project/game/dedicated_server.gd`), run headless in the foreground until the game ends
//! or Ctrl+C stops it.

use crate::Result;
use crate::extension::{self, Profile};
use crate::godot::Godot;
use crate::process::run as run_command;

/// The server script, as the project sees it.
const SCRIPT: &str = "res://game/dedicated_server.gd";

/// Builds the extension and runs the dedicated server with no time limit. `--port N` may come
/// before `--`; everything after `--` goes to the server as it is (e.g.
/// `-- --players 3 --rounds 5 --seed 7 --deadline 30`).
pub fn run(args: &[String]) -> Result {
    let server_args = server_args(args)?;
    let godot = Godot::locate_or_fetch()?;
    eprintln!("xtask: {}", godot.describe());
    extension::build(Profile::Debug)?;
    let project = crate::demo::prepare(&godot)?;
    let mut command = godot.headless(&project);
    command.args(["-s", SCRIPT, "--"]).args(server_args);
    run_command(&mut command)
}

/// `[--port N] [-- more]` → the server's own arguments.
fn server_args(args: &[String]) -> Result<Vec<String>> {
    let (ours, more) = match args.iter().position(|arg| arg == "--") {
        Some(dashes) => (&args[..dashes], &args[dashes + 1..]),
        None => (args, &[][..]),
    };
    let port = match ours {
        [] => None,
        [flag, port] if flag == "--port" && port.parse::<u16>().is_ok() => Some(port),
        other => {
            return Err(format!(
                "unexpected arguments {other:?}; use [--port N] [-- <server args>]"
            ));
        }
    };
    Ok(port
        .into_iter()
        .flat_map(|port| ["--port".to_owned(), port.clone()])
        .chain(more.iter().cloned())
        .collect())
}

#[cfg(test)]
mod tests {
    use super::server_args;

    fn strings(args: &[&str]) -> Vec<String> {
        args.iter().map(|arg| (*arg).to_owned()).collect()
    }

    #[test]
    fn port_and_more_arguments_reach_the_server_in_order() {
        let args = strings(&["--port", "7100", "--", "--players", "3"]);
        assert_eq!(
            server_args(&args),
            Ok(strings(&["--port", "7100", "--players", "3"]))
        );
        assert_eq!(server_args(&[]), Ok(Vec::new()));
    }

    #[test]
    fn anything_but_a_port_before_the_dashes_is_refused() {
        assert!(server_args(&strings(&["--players", "3"])).is_err());
        assert!(server_args(&strings(&["--port", "seventy"])).is_err());
    }
}
