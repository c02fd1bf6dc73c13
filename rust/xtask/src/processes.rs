//! Several Godot processes run side by side (the multiplayer tests, the crash test, the load
//! test): each one's output lines gathered on one channel under its name, and a free port for
//! them to meet on.

use std::io::{BufRead, BufReader, Read};
use std::net::UdpSocket;
use std::path::Path;
use std::process::{Child, Stdio};
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::{Duration, Instant};

use crate::Result;
use crate::godot::Godot;
use crate::headless::trouble;

/// A line from one of the processes: its name and the line.
pub type Line = (String, String);

/// The processes of a run and everything they printed.
pub struct Table<'a> {
    godot: &'a Godot,
    sender: Sender<Line>,
    logs: Vec<Line>,
}

impl<'a> Table<'a> {
    /// No process yet; their lines will arrive on the receiver.
    pub fn new(godot: &'a Godot) -> (Self, Receiver<Line>) {
        let (sender, receiver) = mpsc::channel();
        let table = Table {
            godot,
            sender,
            logs: Vec::new(),
        };
        (table, receiver)
    }

    /// Starts `script` of `project` headless as `name`, its output lines arriving on the channel.
    pub fn spawn(
        &mut self,
        name: &str,
        project: &Path,
        script: &str,
        args: &[impl AsRef<str>],
    ) -> Result<Child> {
        let mut command = self.godot.headless(project);
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
    pub fn wait_for(&mut self, receiver: &Receiver<Line>, needle: &str) -> Result {
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
    pub fn record(&mut self, line: Line) {
        println!("[{}] {}", line.0, line.1);
        self.keep(line);
    }

    /// Keeps one line without echoing it.
    pub fn keep(&mut self, line: Line) {
        self.logs.push(line);
    }

    /// The lines the process `name` printed.
    pub fn said<'b>(&'b self, name: &'b str) -> impl Iterator<Item = &'b str> {
        self.logs
            .iter()
            .filter(move |(from, _)| from == name)
            .map(|(_, line)| line.as_str())
    }

    /// Every line so far, whoever printed it.
    pub fn said_by_all(&self) -> impl Iterator<Item = &str> {
        self.logs.iter().map(|(_, line)| line.as_str())
    }

    /// Every line so far, each after the name of its process.
    pub fn log_text(&self) -> String {
        self.logs
            .iter()
            .map(|(name, line)| format!("[{name}] {line}\n"))
            .collect()
    }
}

/// A UDP port on 127.0.0.1 that was free a moment ago.
pub fn free_udp_port() -> Result<u16> {
    UdpSocket::bind("127.0.0.1:0")
        .and_then(|socket| socket.local_addr())
        .map(|address| address.port())
        .map_err(|e| format!("no free UDP port: {e}"))
}
