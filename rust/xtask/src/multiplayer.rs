//! The multiplayer tests: one server and several client Godot processes on 127.0.0.1.
//!
//! Each process checks its own side and prints a `RESULT` line. Five scenarios:
//!
//! - **cheat, kill, rejoin, deadline** — `tests/net/server.gd` and three `tests/net/client.gd`:
//!   five rounds, a three-second deadline, player entropy (every client adds a nonce to every
//!   round's shuffle). Client 3 takes two mulligans and then never keeps (the server keeps its
//!   hand at the deadline, one card on the bottom), sleeps through one activation (the deadline
//!   passes it) and withholds its nonce for round 4 (the server adds one). Client 1 cheats once a
//!   round (acts for the active player, acts out of turn); client 2 is killed with SIGKILL in the
//!   middle of round 2 and started again, rejoining with the token it saved.
//! - **leaver eliminated** / **leaver passed** — three rounds; client 2 leaves for good in round 2
//!   and, one second later, the server applies its reconnect policy while the others play on.
//! - **README snippet** — the GDScript block of README.md's "Multiplayer" section, copied out as
//!   it stands and run by `tests/net/snippet.gd` as the host and as two players; nothing else
//!   plays, so the snippet must answer every decision itself (and each once: no refusals).
//! - **network abuse** — the bundled game's real dedicated server
//!   (`godot-project/game/dedicated_server.gd`, in the bundled project; the clients run in the
//!   test project, with the same addon and node path) with a four-second deadline, two honest
//!   clients and `tests/net/rogue.gd`, which sends forged, malformed, oversized, replayed and
//!   flooded messages of every kind (see its docs). The honest clients must verify every round
//!   and see nothing applied for their seats that they did not ask for; the server must keep the
//!   rogue's hand at the deadline, disconnect it for the bogus token, for the flood and for a
//!   connection that never says hello, resend one snapshot for its five forged checkpoint
//!   digests, report that no refusal changed the game, and send the rogue at most
//!   [`ROGUE_BYTES_FACTOR`] times what an honest client receives.
//!
//! A scenario fails unless every process ends by itself, with 0, within the time limit, prints
//! its result line, and no log shows trouble (a Rust panic among it).

use std::path::{Path, PathBuf};
use std::process::Child;
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

use crate::godot::Godot;
use crate::headless::trouble;
use crate::processes::{Table, free_udp_port};
use crate::{Result, paths};

/// Each scenario must end within this.
const LIMIT: Duration = Duration::from_secs(240);
/// The client to be killed is killed when it prints this line.
const KILL_AT: &str = "MARK round=2 draws=3";
/// The rogue may receive at most this many times the bytes of the busiest honest client.
const ROGUE_BYTES_FACTOR: u64 = 3;
/// Rounds of the network abuse game.
const ABUSE_ROUNDS: usize = 4;

/// The Godot project a process runs in.
#[derive(Clone, Copy)]
enum Project {
    /// `tests/`, with the addon installed.
    Tests,
    /// `godot-project/`, the bundled game.
    Bundled,
}

/// One Godot process: its name in the logs, project, script and arguments, and the line it must
/// print to pass. `{port}`, `{token}` (a file of its own) and `{snippet}` (the README's snippet)
/// in the arguments are filled in; clients also get `--port` and `--name`.
struct Process {
    name: &'static str,
    project: Project,
    script: &'static str,
    args: &'static [&'static str],
    result: &'static str,
}

/// One game: the server (ready once it prints `ready`), the clients, which client (if any) is
/// killed at [`KILL_AT`] and started again, and checks of the whole log beyond the result lines.
struct Scenario {
    name: &'static str,
    server: Process,
    ready: &'static str,
    clients: &'static [Process],
    kill: Option<usize>,
    check: fn(&Table) -> Vec<String>,
}

/// `tests/net/server.gd` with the given arguments (after `--port`).
const fn test_server(args: &'static [&'static str]) -> Process {
    Process {
        name: "server",
        project: Project::Tests,
        script: "res://net/server.gd",
        args,
        result: "SERVER RESULT ok",
    }
}

/// `tests/net/client.gd` named `name` with the given arguments.
const fn client(name: &'static str, args: &'static [&'static str]) -> Process {
    Process {
        name,
        project: Project::Tests,
        script: "res://net/client.gd",
        args,
        result: "CLIENT RESULT ok",
    }
}

/// `tests/net/snippet.gd` running the README's snippet as a player.
const fn snippet_player(name: &'static str) -> Process {
    Process {
        name,
        project: Project::Tests,
        script: "res://net/snippet.gd",
        args: &["--role", "join", "--script", "{snippet}", "--rounds", "2"],
        result: "SNIPPET RESULT ok",
    }
}

/// Client 2 leaves for good in round 2.
const LEAVER_CLIENTS: &[Process] = &[
    client("client-1", &["--seed", "1", "--token-file", "{token}"]),
    client(
        "client-2",
        &[
            "--seed",
            "2",
            "--leave-round",
            "2",
            "--token-file",
            "{token}",
        ],
    ),
    client("client-3", &["--seed", "3", "--token-file", "{token}"]),
];

const SCENARIOS: [Scenario; 5] = [
    Scenario {
        name: "cheat, kill, rejoin, deadline",
        server: test_server(&[
            "--seed",
            "20261123",
            "--policy",
            "pass",
            "--players",
            "3",
            "--rounds",
            "5",
            "--deadline",
            "3",
            "--entropy",
            "1",
            "--expect-nonce-timeout",
            "1",
            "--expect-mulligan-timeout",
            "1",
        ]),
        ready: "SERVER listening",
        clients: &[
            client(
                "client-1",
                &["--seed", "1", "--cheat", "1", "--token-file", "{token}"],
            ),
            client("client-2", &["--seed", "2", "--token-file", "{token}"]),
            client(
                "client-3",
                &[
                    "--seed",
                    "3",
                    "--sleep-round",
                    "3",
                    "--withhold-nonce-round",
                    "4",
                    "--silent-after-mulligans",
                    "2",
                    "--token-file",
                    "{token}",
                ],
            ),
        ],
        kill: Some(1),
        check: no_more_checks,
    },
    // Three rounds; the reconnect policy applies one second after client 2 leaves.
    Scenario {
        name: "leaver eliminated",
        server: test_server(&[
            "--players",
            "3",
            "--rounds",
            "3",
            "--reconnect-timeout",
            "1",
            "--seed",
            "20261123",
            "--policy",
            "eliminate",
        ]),
        ready: "SERVER listening",
        clients: LEAVER_CLIENTS,
        kill: None,
        check: no_more_checks,
    },
    Scenario {
        name: "leaver passed",
        server: test_server(&[
            "--players",
            "3",
            "--rounds",
            "3",
            "--reconnect-timeout",
            "1",
            "--seed",
            "20261123",
            "--policy",
            "pass",
        ]),
        ready: "SERVER listening",
        clients: LEAVER_CLIENTS,
        kill: None,
        check: no_more_checks,
    },
    Scenario {
        name: "README snippet",
        server: Process {
            name: "snippet host",
            project: Project::Tests,
            script: "res://net/snippet.gd",
            args: &[
                "--role",
                "host",
                "--script",
                "{snippet}",
                "--players",
                "2",
                "--rounds",
                "2",
            ],
            result: "SNIPPET RESULT ok",
        },
        ready: "SNIPPET host listening",
        clients: &[snippet_player("Ada"), snippet_player("Brin")],
        kill: None,
        check: no_more_checks,
    },
    Scenario {
        name: "network abuse",
        server: Process {
            name: "dedicated server",
            project: Project::Bundled,
            script: "res://game/dedicated_server.gd",
            args: &[
                "--players",
                "3",
                "--rounds",
                "4",
                "--seed",
                "20261123",
                "--deadline",
                "4",
                "--entropy",
                "1",
            ],
            result: "server: game over",
        },
        ready: "server: listening",
        clients: &[
            client("honest-1", &["--seed", "1", "--token-file", "{token}"]),
            client("honest-2", &["--seed", "2", "--token-file", "{token}"]),
            Process {
                name: "rogue",
                project: Project::Tests,
                script: "res://net/rogue.gd",
                args: &[
                    "--flood-round",
                    "2",
                    "--flood",
                    "1250",
                    "--token-file",
                    "{token}",
                ],
                result: "ROGUE RESULT ok",
            },
        ],
        kill: None,
        check: abuse_checks,
    },
];

/// Runs every scenario; `project` is the test project with the addon installed and imported
/// (see [`crate::projects::prepare_test_project`]). The bundled project is prepared here for the
/// dedicated server; see the module docs.
pub fn check(godot: &Godot, project: &Path) -> Result {
    let work = paths::target().join("multiplayer");
    std::fs::create_dir_all(&work).map_err(|e| format!("{}: {e}", work.display()))?;
    let snippet = work.join("readme_session.gd");
    let readme = std::fs::read_to_string(paths::root().join("README.md"))
        .map_err(|e| format!("README.md: {e}"))?;
    std::fs::write(&snippet, readme_snippet(&readme)?)
        .map_err(|e| format!("{}: {e}", snippet.display()))?;
    let bundled = crate::demo::prepare(godot)?;
    let places = Places {
        tests: project,
        bundled: &bundled,
        work: &work,
        snippet: &snippet,
    };
    for scenario in &SCENARIOS {
        eprintln!("xtask: multiplayer scenario: {}", scenario.name);
        let started = Instant::now();
        run(godot, &places, scenario).map_err(|e| format!("{}: {e}", scenario.name))?;
        eprintln!(
            "xtask: multiplayer scenario {} passed in {:.1} s",
            scenario.name,
            started.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

/// The first GDScript block of README.md's "## Multiplayer" section.
fn readme_snippet(readme: &str) -> Result<&str> {
    const FENCE: &str = "```gdscript\n";
    let section = readme
        .find("\n## Multiplayer\n")
        .map(|at| &readme[at..])
        .ok_or("README.md has no \"## Multiplayer\" section")?;
    let start = section
        .find(FENCE)
        .map(|at| at + FENCE.len())
        .ok_or("README.md's Multiplayer section has no ```gdscript block")?;
    let length = section[start..]
        .find("```")
        .ok_or("README.md's Multiplayer snippet is not closed")?;
    Ok(&section[start..start + length])
}

/// The folders and files the processes use.
struct Places<'a> {
    tests: &'a Path,
    bundled: &'a Path,
    work: &'a Path,
    snippet: &'a Path,
}

impl Places<'_> {
    /// The folder of `project`.
    fn project(&self, project: Project) -> &Path {
        match project {
            Project::Tests => self.tests,
            Project::Bundled => self.bundled,
        }
    }

    /// The rejoin-token file of the process `name` (removed, so each game starts afresh).
    fn token(&self, name: &str) -> PathBuf {
        let token = self.work.join(format!("{}.token", name.replace(' ', "-")));
        let _ = std::fs::remove_file(&token);
        token
    }

    /// `process`'s arguments with the placeholders filled in; `client` adds `--name`.
    fn args(&self, process: &Process, port: &str, client: bool) -> Vec<String> {
        let token = self.token(process.name).display().to_string();
        let snippet = self.snippet.display().to_string();
        let mut args = vec!["--port".to_owned(), port.to_owned()];
        if client {
            args.extend(["--name".to_owned(), process.name.to_owned()]);
        }
        args.extend(process.args.iter().map(|arg| {
            arg.replace("{port}", port)
                .replace("{token}", &token)
                .replace("{snippet}", &snippet)
        }));
        args
    }
}

/// Plays one scenario to its end and checks every process's outcome and the whole log.
fn run(godot: &Godot, places: &Places, scenario: &Scenario) -> Result {
    let (mut table, receiver) = Table::new(godot);
    let port = free_udp_port()?.to_string();
    let server_args = places.args(&scenario.server, &port, false);
    let server_project = places.project(scenario.server.project);
    let mut server = table.spawn(
        scenario.server.name,
        server_project,
        scenario.server.script,
        &server_args,
    )?;
    table.wait_for(&receiver, scenario.ready)?;
    let client_args: Vec<Vec<String>> = scenario
        .clients
        .iter()
        .map(|process| places.args(process, &port, true))
        .collect();
    let mut names: Vec<String> = scenario
        .clients
        .iter()
        .map(|process| process.name.to_owned())
        .collect();
    let mut clients = scenario
        .clients
        .iter()
        .zip(&client_args)
        .map(|(process, args)| {
            let project = places.project(process.project);
            table.spawn(process.name, project, process.script, args)
        })
        .collect::<Result<Vec<Child>>>()?;
    let started = Instant::now();
    let mut killed = false;
    loop {
        if started.elapsed() > LIMIT {
            server.kill().ok();
            clients.iter_mut().for_each(|c| drop(c.kill()));
            return Err(format!("the processes did not finish within {LIMIT:?}"));
        }
        match receiver.recv_timeout(Duration::from_millis(100)) {
            Ok(line) => {
                let victim = scenario
                    .kill
                    .filter(|&i| !killed && line.0 == names[i] && line.1.trim() == KILL_AT);
                table.record(line);
                if let Some(index) = victim {
                    killed = true;
                    eprintln!(
                        "xtask: killing {} (SIGKILL) and starting it again",
                        names[index]
                    );
                    clients[index].kill().map_err(|e| format!("kill: {e}"))?;
                    let _ = clients[index].wait();
                    names[index] = format!("{} (rejoined)", names[index]);
                    let process = &scenario.clients[index];
                    clients[index] = table.spawn(
                        &names[index],
                        places.project(process.project),
                        process.script,
                        &client_args[index],
                    )?;
                }
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => return Err("lost the process logs".into()),
        }
        let mut all = vec![&mut server];
        all.extend(clients.iter_mut());
        let done = all
            .into_iter()
            .map(|child| child.try_wait().map(|status| status.is_some()))
            .collect::<std::io::Result<Vec<bool>>>()
            .map_err(|e| format!("waiting for the processes: {e}"))?;
        if done.iter().all(|&d| d) {
            break;
        }
    }
    // The readers are done once the processes are; take what is still queued.
    while let Ok(line) = receiver.recv_timeout(Duration::from_millis(200)) {
        table.record(line);
    }
    let mut failures = Vec::new();
    if scenario.kill.is_some() && !killed {
        failures.push(format!("no client printed `{KILL_AT}`"));
    }
    let mut statuses = vec![(scenario.server.name.to_owned(), server.wait())];
    statuses.extend(
        names
            .iter()
            .cloned()
            .zip(clients.iter_mut().map(Child::wait)),
    );
    for (name, status) in statuses {
        match status {
            Ok(status) if status.success() => {}
            other => failures.push(format!("{name} ended with {other:?}")),
        }
    }
    let log = table.log_text();
    failures.extend(trouble(&log).into_iter().map(str::to_owned));
    let processes = std::iter::once((scenario.server.name, &scenario.server))
        .chain(names.iter().map(String::as_str).zip(scenario.clients));
    for (name, process) in processes {
        if !table.said(name).any(|line| line.contains(process.result)) {
            failures.push(format!("{name} did not print `{}`", process.result));
        }
    }
    failures.extend((scenario.check)(&table));
    match failures.is_empty() {
        true => Ok(()),
        false => Err(failures.join("\n  ")),
    }
}

/// For scenarios whose processes check everything themselves.
fn no_more_checks(_table: &Table) -> Vec<String> {
    Vec::new()
}

/// What the dedicated server must have printed in the network abuse game, and the bytes the
/// rogue received against the honest clients'.
fn abuse_checks(table: &Table) -> Vec<String> {
    let server: Vec<&str> = table.said("dedicated server").collect();
    let mut failures = Vec::new();
    let mut expected: Vec<String> = (1..=ABUSE_ROUNDS)
        .map(|round| format!("server: round {round} complete"))
        .collect();
    expected.extend(
        [
            "ran out of time in the mulligan and kept their hand",
            ": no seat for this client: the table is full or the token is unknown",
            ": flooding: over 10 messages a second",
            ": no hello within 10000 ms",
            ", resent 1, ",
            ", changed on refusal 0",
        ]
        .map(str::to_owned),
    );
    for needle in expected {
        if !server.iter().any(|line| line.contains(&needle)) {
            failures.push(format!("the dedicated server never printed `{needle}`"));
        }
    }
    let received = |name: &str| table.said(name).find_map(bytes_received).unwrap_or(0);
    let honest = received("honest-1").max(received("honest-2"));
    let rogue = received("rogue");
    eprintln!("xtask: bytes received: rogue {rogue}, busiest honest client {honest}");
    if honest == 0 || rogue > ROGUE_BYTES_FACTOR * honest {
        failures.push(format!(
            "the rogue received {rogue} bytes, an honest client {honest}: more than \
             {ROGUE_BYTES_FACTOR}×"
        ));
    }
    failures
}

/// `N` from a result line's "received N bytes".
fn bytes_received(line: &str) -> Option<u64> {
    let (_, after) = line.split_once("received ")?;
    let (number, _) = after.split_once(" bytes")?;
    number.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::{bytes_received, readme_snippet};

    #[test]
    fn readme_snippet_is_the_first_gdscript_block_of_the_multiplayer_section() {
        let readme = "# x\n```gdscript\nearlier\n```\n## Multiplayer\ntext\n```gdscript\n\
                      extends Node\n```\n```gdscript\nlater\n```\n";
        assert_eq!(readme_snippet(readme), Ok("extends Node\n"));
        assert!(readme_snippet("## Other\n```gdscript\nx\n```\n").is_err());
    }

    #[test]
    fn the_readme_snippet_is_there() {
        let readme = include_str!("../../../README.md");
        let snippet = readme_snippet(readme);
        assert!(snippet.is_ok_and(|s| s.contains("get_decision()")));
    }

    #[test]
    fn bytes_come_from_the_result_line() {
        let line = "CLIENT RESULT ok: a player 1, cheats refused 0/0, received 318886 bytes";
        assert_eq!(bytes_received(line), Some(318_886));
        assert_eq!(bytes_received("CLIENT RESULT ok: nothing"), None);
    }
}
