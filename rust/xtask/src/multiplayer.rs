//! The multiplayer test: one server and three client Godot processes on 127.0.0.1.
//!
//! The server (`tests/net/server.gd`) hosts a five-round game with a three-second turn deadline.
//! Client 1 cheats once a round (acts for the active player, acts out of turn), client 3 sleeps
//! through one activation so the deadline passes it, and client 2 is killed with SIGKILL in the
//! middle of round 2 and started again, rejoining with the token it saved at join. Every process
//! checks its own side and prints a `RESULT` line; this driver fails unless all of them end
//! by themselves, with 0, within the time limit, and no log shows trouble.

use std::io::{BufRead, BufReader, Read};
use std::net::UdpSocket;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use crate::godot::Godot;
use crate::headless::trouble;
use crate::{Result, extension, paths, test};

/// The whole run must end within this.
const LIMIT: Duration = Duration::from_secs(240);
/// Client 2 is killed when it prints this line.
const KILL_AT: &str = "MARK round=2 draws=3";
const ROUNDS: &str = "5";

/// A line from one of the processes.
type Line = (String, String);

/// Runs the scenario; see the module docs.
pub fn check(godot: &Godot) -> Result {
    let project = paths::test_project();
    extension::install_addon(&project)?;
    test::import(godot, &project)?;
    let port = free_udp_port()?;
    let tokens = paths::target().join("multiplayer");
    std::fs::create_dir_all(&tokens).map_err(|e| format!("{}: {e}", tokens.display()))?;
    let (sender, receiver) = mpsc::channel();
    let mut table = Table {
        godot,
        project: &project,
        sender,
        logs: Vec::new(),
    };
    let common = ["--port", &port.to_string(), "--seed"];
    let server_args = [&common[..], &["20261123", "--players", "3"]].concat();
    let mut server = table.spawn(
        "server",
        "res://net/server.gd",
        &[&server_args[..], &["--rounds", ROUNDS, "--deadline", "3"]].concat(),
    )?;
    table.wait_for(&receiver, "SERVER listening")?;
    let client_args = |n: usize, extra: &[&str]| -> Vec<String> {
        let token = tokens.join(format!("client-{n}.token"));
        let _ = std::fs::remove_file(&token);
        [
            &common[..],
            &[&n.to_string(), "--name", &format!("client-{n}")],
        ]
        .concat()
        .iter()
        .map(|s| (*s).to_owned())
        .chain(["--token-file".to_owned(), token.display().to_string()])
        .chain(extra.iter().map(|s| (*s).to_owned()))
        .collect()
    };
    let args2 = client_args(2, &[]);
    let mut clients = vec![
        table.spawn(
            "client-1",
            "res://net/client.gd",
            &client_args(1, &["--cheat", "1"]),
        )?,
        table.spawn("client-2", "res://net/client.gd", &args2)?,
        table.spawn(
            "client-3",
            "res://net/client.gd",
            &client_args(3, &["--sleep-round", "3"]),
        )?,
    ];
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
                let kill_now = !killed && line.0 == "client-2" && line.1.trim() == KILL_AT;
                table.record(line);
                if kill_now {
                    killed = true;
                    eprintln!("xtask: killing client-2 (SIGKILL) in round 2 and starting it again");
                    clients[1]
                        .kill()
                        .map_err(|e| format!("kill client-2: {e}"))?;
                    let _ = clients[1].wait();
                    clients[1] =
                        table.spawn("client-2 (rejoined)", "res://net/client.gd", &args2)?;
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
    if !killed {
        return Err(format!("client-2 never printed `{KILL_AT}`"));
    }
    let mut failures = Vec::new();
    let mut statuses = vec![("server", server.wait())];
    statuses.extend(
        ["client-1", "client-2 (rejoined)", "client-3"]
            .into_iter()
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
    for expected in ["SERVER RESULT ok", "CLIENT RESULT ok"] {
        let count = log.lines().filter(|l| l.contains(expected)).count();
        let wanted = if expected.starts_with("SERVER") { 1 } else { 3 };
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
        let mut command: Command = self.godot.command();
        command
            .args(["--headless", "--audio-driver", "Dummy", "--path"])
            .arg(self.project)
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
                self.record(line);
                if found {
                    return Ok(());
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
