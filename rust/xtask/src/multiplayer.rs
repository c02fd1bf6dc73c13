//! The multiplayer tests: one server and several client Godot processes on 127.0.0.1.
//!
//! The server is `tests/net/server.gd`, the clients `tests/net/client.gd`; each process checks
//! its own side and prints a `RESULT` line. Three scenarios:
//!
//! - **cheat, kill, rejoin, deadline** — five rounds, three clients, a three-second turn
//!   deadline, player entropy (every client adds a nonce to every round's shuffle; client 3
//!   withholds its nonce for round 4 and the server adds one after the deadline). Client 1 cheats once a round (acts for the active player, acts out of turn),
//!   client 3 sleeps through one activation so the deadline passes it, and client 2 is killed
//!   with SIGKILL in the middle of round 2 and started again, rejoining with the token it saved.
//! - **leaver eliminated** / **leaver passed** — three rounds; client 2 leaves for good in round 2
//!   and, one second later, the server applies its reconnect policy while the others play on.
//!
//! A scenario fails unless every process ends by itself, with 0, within the time limit, and no
//! log shows trouble.

use std::io::{BufRead, BufReader, Read};
use std::net::UdpSocket;
use std::path::Path;
use std::process::{Child, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use crate::godot::Godot;
use crate::headless::trouble;
use crate::{Result, paths};

/// Each scenario must end within this.
const LIMIT: Duration = Duration::from_secs(240);
/// The client to be killed is killed when it prints this line.
const KILL_AT: &str = "MARK round=2 draws=3";

/// A line from one of the processes.
type Line = (String, String);

/// One game: the server's arguments and reconnect policy, each client's extra arguments, and
/// which client (if any) is killed at [`KILL_AT`] and started again.
struct Scenario {
    name: &'static str,
    server: &'static [&'static str],
    policy: &'static str,
    clients: &'static [&'static [&'static str]],
    kill: Option<usize>,
}

/// Three rounds; the reconnect policy applies one second after a client leaves.
const LEAVER_SERVER: &[&str] = &[
    "--players",
    "3",
    "--rounds",
    "3",
    "--reconnect-timeout",
    "1",
];
/// Client 2 leaves for good in round 2.
const LEAVER_CLIENTS: &[&[&str]] = &[&[], &["--leave-round", "2"], &[]];

const SCENARIOS: [Scenario; 3] = [
    Scenario {
        name: "cheat, kill, rejoin, deadline",
        server: &[
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
        ],
        policy: "pass",
        clients: &[
            &["--cheat", "1"],
            &[],
            &["--sleep-round", "3", "--withhold-nonce-round", "4"],
        ],
        kill: Some(1),
    },
    Scenario {
        name: "leaver eliminated",
        server: LEAVER_SERVER,
        policy: "eliminate",
        clients: LEAVER_CLIENTS,
        kill: None,
    },
    Scenario {
        name: "leaver passed",
        server: LEAVER_SERVER,
        policy: "pass",
        clients: LEAVER_CLIENTS,
        kill: None,
    },
];

/// Runs every scenario on `project`, the test project with the addon installed and imported
/// (see [`crate::test::prepare_test_project`]); see the module docs.
pub fn check(godot: &Godot, project: &Path) -> Result {
    let tokens = paths::target().join("multiplayer");
    std::fs::create_dir_all(&tokens).map_err(|e| format!("{}: {e}", tokens.display()))?;
    for scenario in &SCENARIOS {
        eprintln!("xtask: multiplayer scenario: {}", scenario.name);
        run(godot, project, &tokens, scenario).map_err(|e| format!("{}: {e}", scenario.name))?;
    }
    Ok(())
}

fn run(godot: &Godot, project: &Path, tokens: &Path, scenario: &Scenario) -> Result {
    let (sender, receiver) = mpsc::channel();
    let mut table = Table {
        godot,
        project,
        sender,
        logs: Vec::new(),
    };
    let port = free_udp_port()?.to_string();
    let server_args = [
        &[
            "--port",
            &port,
            "--seed",
            "20261123",
            "--policy",
            scenario.policy,
        ],
        scenario.server,
    ]
    .concat();
    let mut server = table.spawn("server", "res://net/server.gd", &server_args)?;
    table.wait_for(&receiver, "SERVER listening")?;
    let client_args: Vec<Vec<String>> = scenario
        .clients
        .iter()
        .enumerate()
        .map(|(index, extra)| {
            let n = index + 1;
            let token = tokens.join(format!("client-{n}.token"));
            let _ = std::fs::remove_file(&token);
            let common = [
                "--port",
                &port,
                "--seed",
                &n.to_string(),
                "--name",
                &format!("client-{n}"),
            ];
            common
                .iter()
                .chain(extra.iter())
                .map(|s| (*s).to_owned())
                .chain(["--token-file".to_owned(), token.display().to_string()])
                .collect()
        })
        .collect();
    let mut names: Vec<String> = (1..=client_args.len())
        .map(|n| format!("client-{n}"))
        .collect();
    let mut clients = names
        .iter()
        .zip(&client_args)
        .map(|(name, args)| table.spawn(name, "res://net/client.gd", args))
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
                    clients[index] =
                        table.spawn(&names[index], "res://net/client.gd", &client_args[index])?;
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
    let mut statuses = vec![("server".to_owned(), server.wait())];
    statuses.extend(names.into_iter().zip(clients.iter_mut().map(Child::wait)));
    for (name, status) in statuses {
        match status {
            Ok(status) if status.success() => {}
            other => failures.push(format!("{name} ended with {other:?}")),
        }
    }
    let log = table.log_text();
    failures.extend(trouble(&log).into_iter().map(str::to_owned));
    for (expected, wanted) in [
        ("SERVER RESULT ok", 1),
        ("CLIENT RESULT ok", client_args.len()),
    ] {
        let count = log.lines().filter(|l| l.contains(expected)).count();
        if count != wanted {
            failures.push(format!("{count} × `{expected}`, expected {wanted}"));
        }
    }
    match failures.is_empty() {
        true => Ok(()),
        false => Err(failures.join("\n  ")),
    }
}

/// The processes of the run and everything they printed.
struct Table<'a> {
    godot: &'a Godot,
    project: &'a Path,
    sender: Sender<Line>,
    logs: Vec<Line>,
}

impl Table<'_> {
    /// Starts `script` headless as `name`, its output lines arriving on the channel.
    fn spawn(&mut self, name: &str, script: &str, args: &[impl AsRef<str>]) -> Result<Child> {
        let mut command = self.godot.headless(self.project);
        command
            .args(["-s", script, "--"])
            .args(args.iter().map(AsRef::as_ref))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = command
            .spawn()
            .map_err(|e| format!("could not start {name}: {e}"))?;
        let streams: [Option<Box<dyn Read + Send>>; 2] = [
            child.stdout.take().map(|s| Box::new(s) as _),
            child.stderr.take().map(|s| Box::new(s) as _),
        ];
        for stream in streams.into_iter().flatten() {
            let sender = self.sender.clone();
            let name = name.to_owned();
            std::thread::spawn(move || {
                for line in BufReader::new(stream).lines().map_while(|l| l.ok()) {
                    if sender.send((name.clone(), line)).is_err() {
                        break;
                    }
                }
            });
        }
        Ok(child)
    }

    /// Waits (at most 60 s) for a line containing `needle`, keeping every line seen.
    fn wait_for(&mut self, receiver: &Receiver<Line>, needle: &str) -> Result {
        let started = Instant::now();
        while started.elapsed() < Duration::from_secs(60) {
            if let Ok(line) = receiver.recv_timeout(Duration::from_millis(100)) {
                let found = line.1.contains(needle);
                let broken = !trouble(&line.1).is_empty();
                self.record(line);
                if found {
                    return Ok(());
                }
                if broken {
                    return Err(format!("trouble before `{needle}`"));
                }
            }
        }
        Err(format!("no `{needle}` within 60 s"))
    }

    /// Echoes and keeps one line.
    fn record(&mut self, line: Line) {
        println!("[{}] {}", line.0, line.1);
        self.logs.push(line);
    }

    fn log_text(&self) -> String {
        self.logs
            .iter()
            .map(|(name, line)| format!("[{name}] {line}\n"))
            .collect()
    }
}

/// A UDP port on 127.0.0.1 that was free a moment ago.
fn free_udp_port() -> Result<u16> {
    UdpSocket::bind("127.0.0.1:0")
        .and_then(|socket| socket.local_addr())
        .map(|address| address.port())
        .map_err(|e| format!("no free UDP port: {e}"))
}
