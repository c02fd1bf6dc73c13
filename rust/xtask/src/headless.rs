//! Running Godot without a window, bounded in time, and reading its log for trouble.

use std::ffi::{OsStr, OsString};
use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;

use crate::Result;
use crate::godot::Godot;
use crate::process::describe;

/// Log lines that fail a run whatever its exit code: script errors, an extension that did not
/// load, Rust panics (gdext logs a caught panic as `[panic file:line]`; `panicked` is Rust's own
/// hook, which a double panic still prints before aborting), and objects or resources leaked at
/// exit.
const TROUBLE: [&str; 12] = [
    "SCRIPT ERROR",
    "Parse Error",
    "Failed to load script",
    "Can't open dynamic library",
    "GDExtension dynamic library not found",
    "Error loading extension",
    "panicked",
    "[panic ",
    "ObjectDB instances leaked",
    "resources still in use at exit",
    "Leaked instance",
    "Orphan StringName",
];

/// The lines of `log` that show [`TROUBLE`].
pub fn trouble(log: &str) -> Vec<&str> {
    log.lines()
        .filter(|line| TROUBLE.iter().any(|t| line.contains(t)))
        .collect()
}

/// One bounded engine run.
pub struct Run<'a> {
    godot: &'a Godot,
    project: &'a Path,
    args: Vec<String>,
    seconds: u32,
    display: Option<String>,
    envs: Vec<(OsString, OsString)>,
}

/// What a finished run printed and how it ended.
pub struct Finished {
    /// Every line of stdout and stderr, interleaved as they came.
    pub log: String,
    /// The exit code; `None` if killed by a signal.
    pub code: Option<i32>,
}

impl<'a> Run<'a> {
    /// `godot --headless --audio-driver Dummy --path <project>`, killed after `seconds`
    /// (see [`Run::rendered`] for a run with a real renderer).
    pub fn new(godot: &'a Godot, project: &'a Path, seconds: u32) -> Self {
        Run {
            godot,
            project,
            args: Vec::new(),
            seconds,
            display: None,
            envs: Vec::new(),
        }
    }

    /// Renders for real on the X server `display` (e.g. `:99`) with the OpenGL compatibility
    /// renderer in a 1280×720 window, instead of running headless.
    pub fn rendered(mut self, display: &str) -> Self {
        self.display = Some(display.to_owned());
        self
    }

    /// Adds engine or user arguments.
    pub fn args<I: IntoIterator<Item = S>, S: Into<String>>(mut self, args: I) -> Self {
        self.args.extend(args.into_iter().map(Into::into));
        self
    }

    /// Sets an environment variable for the engine (and for the processes it starts).
    pub fn env(mut self, key: impl AsRef<OsStr>, value: impl AsRef<OsStr>) -> Self {
        self.envs
            .push((key.as_ref().to_owned(), value.as_ref().to_owned()));
        self
    }

    /// Runs, echoing the log to the terminal as it comes (unless `quiet`).
    pub fn finish(self, quiet: bool) -> Result<Finished> {
        let engine = match &self.display {
            None => self.godot.headless(self.project),
            Some(_) => self.godot.rendered(self.project),
        };
        let mut command = Command::new("timeout");
        command
            .args(["--kill-after=10", &self.seconds.to_string()])
            .arg(engine.get_program())
            .args(engine.get_args());
        if let Some(display) = &self.display {
            command.env("DISPLAY", display);
        }
        command
            .args(&self.args)
            .envs(self.envs)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = command
            .spawn()
            .map_err(|e| format!("could not start `{}`: {e}", describe(&command)))?;
        let (sender, receiver) = mpsc::channel();
        let readers: Vec<_> = [
            child
                .stdout
                .take()
                .map(|s| Box::new(s) as Box<dyn Read + Send>),
            child
                .stderr
                .take()
                .map(|s| Box::new(s) as Box<dyn Read + Send>),
        ]
        .into_iter()
        .flatten()
        .map(|stream| {
            let sender = sender.clone();
            std::thread::spawn(move || {
                for line in BufReader::new(stream)
                    .lines()
                    .map_while(std::result::Result::ok)
                {
                    if sender.send(line).is_err() {
                        break;
                    }
                }
            })
        })
        .collect();
        drop(sender);
        let mut log = String::new();
        for line in receiver {
            if !quiet {
                println!("{line}");
            }
            log.push_str(&line);
            log.push('\n');
        }
        for reader in readers {
            let _ = reader.join();
        }
        let status = child
            .wait()
            .map_err(|e| format!("`{}` did not finish: {e}", describe(&command)))?;
        if status.code() == Some(124) {
            return Err(format!(
                "`{}` did not finish within {} s and was killed",
                describe(&command),
                self.seconds
            ));
        }
        Ok(Finished {
            log,
            code: status.code(),
        })
    }
}

impl Finished {
    /// Fails unless the run exited with 0 and its log shows none of [`TROUBLE`].
    pub fn check(&self, what: &str) -> Result {
        let trouble = trouble(&self.log);
        if !trouble.is_empty() {
            return Err(format!(
                "{what}: the log shows trouble:\n  {}",
                trouble.join("\n  ")
            ));
        }
        match self.code {
            Some(0) => Ok(()),
            code => Err(format!("{what}: Godot exited with {code:?}")),
        }
    }
}
