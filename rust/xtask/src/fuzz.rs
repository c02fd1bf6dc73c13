//! `cargo xtask fuzz` and the "GDScript fuzzer" step of `cargo xtask test`: the GDScript fuzzer
//! (`tests/fuzz/fuzz.gd`) in child Godot processes, one after another (seed S, S+1, ...), until a
//! time budget ends.
//!
//! Each child makes seeded random calls on every extension class, with hostile arguments and
//! re-entrant handlers and hooks, and checks its invariants itself (`fuzz: FAIL <kind>: ...`
//! lines). Before every call it writes the call to a journal and flushes it, so when a child
//! crashes or hangs, the journal's last line is the call that killed it; it is reported with the
//! calls, handlers and hooks around it and the seed to replay. A child whose log shows trouble
//! (a Rust panic, a script error, objects leaked at exit) fails too.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use crate::extension::{self, Profile};
use crate::godot::Godot;
use crate::headless::{Finished, Run, trouble};
use crate::{Result, paths};

/// The fuzzer's budget in `cargo xtask test`.
const CI_SECONDS: u64 = 60;
/// The first seed in `cargo xtask test`, so a failure there replays with the same seed.
const CI_SEED: u64 = 1;
/// A child stops after this many calls...
const CALLS_PER_PROCESS: u64 = 40_000;
/// ...or this many seconds, whichever comes first.
const SECONDS_PER_PROCESS: u64 = 20;
/// A child left with less time than this is not started.
const MIN_SECONDS: u64 = 5;
/// A child gets this much longer than its own budget before it counts as hung (one call may
/// take a while: a handler chain thousands of calls deep).
const HANG_MARGIN: u64 = 60;
/// How much of a failed child's log is kept on disk: its end, where a crash shows.
const KEPT_LOG_BYTES: usize = 4 << 20;
/// Replaying one seed (`--calls N`) may take this long.
const REPLAY_SECONDS: u64 = 600;
/// Calls of the chain shown for a crash: the innermost ones and the outermost ones.
const CHAIN_SHOWN: usize = 5;
/// Log lines that explain a crash.
const CRASH_CLUES: [&str; 8] = [
    "[panic ",
    "panicked",
    "aborting",
    "crashed with signal",
    "Destroyed an object",
    "overflow",
    "bind()",
    "SCRIPT ERROR",
];

/// What to run: seeds from `seed` for `seconds`, or one seed up to call `calls`.
#[derive(Debug, clap::Args)]
pub struct Options {
    /// The time budget in seconds: no child starts after it.
    #[arg(long, value_name = "N", default_value_t = CI_SECONDS)]
    seconds: u64,
    /// The first child's seed; the next ones count up from it [default: from the clock].
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Replay: seed S alone, stopping after call N (the command every report prints).
    #[arg(long, value_name = "N")]
    calls: Option<u64>,
    /// Categories the children leave out, to chase one crash class at a time:
    /// string-name, deep, typed, free, recursion (comma-separated).
    #[arg(long, value_name = "a,b")]
    skip: Option<String>,
}

/// `cargo xtask fuzz`: builds the extension, prepares the test project and fuzzes it.
pub fn run(options: &Options) -> Result {
    extension::build(Profile::Debug)?;
    let godot = Godot::locate_or_fetch()?;
    eprintln!("xtask: {}", godot.describe());
    let project = crate::projects::prepare_test_project(&godot)?;
    fuzz(&godot, &project, options)
}

/// The `cargo xtask test` step: [`CI_SECONDS`] of fuzzing from seed [`CI_SEED`], every
/// category included, on `project` (the test project with the addon installed and imported).
pub fn check(godot: &Godot, project: &Path) -> Result {
    let options = Options {
        seconds: CI_SECONDS,
        seed: Some(CI_SEED),
        calls: None,
        skip: None,
    };
    fuzz(godot, project, &options)
}

/// Runs children until the budget ends (or the one replay), prints each child's problems and
/// the totals; fails if any child found a problem.
fn fuzz(godot: &Godot, project: &Path, options: &Options) -> Result {
    // A folder per run, so that runs side by side do not share journals.
    let stamp = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let dir = paths::target()
        .join("fuzz")
        .join(format!("{stamp}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let library = project
        .join("addons/horizons_edge/bin")
        .join(extension::library_name(Profile::Debug));
    let started = Instant::now();
    let mut totals = Totals::default();
    let mut seed = options.seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(1, |d| d.as_secs() % 1_000_000)
    });
    loop {
        let elapsed = started.elapsed().as_secs();
        let (calls, seconds) = match options.calls {
            Some(calls) => (calls, REPLAY_SECONDS),
            None => {
                let left = options.seconds.saturating_sub(elapsed);
                if totals.processes > 0 && left < MIN_SECONDS {
                    break;
                }
                (CALLS_PER_PROCESS, left.clamp(1, SECONDS_PER_PROCESS))
            }
        };
        let child = Child {
            seed,
            calls,
            seconds,
            journal: dir.join(format!("journal-{seed}.txt")),
        };
        let before = modified(&library);
        let mut outcome = child.run(godot, project, options.skip.as_deref())?;
        if outcome.failed() && modified(&library) != before {
            let _ = writeln!(
                outcome.report,
                "  NOTE: {} was replaced while this child ran (a build or `cargo xtask test` \
                 beside it?); a crash may come from that",
                library.display()
            );
        }
        totals.add(&child, &outcome, &dir);
        seed += 1;
        if options.calls.is_some() {
            break;
        }
    }
    let finished = totals.finish(started.elapsed().as_secs_f64());
    if finished.is_ok() {
        let _ = std::fs::remove_dir_all(&dir);
    }
    finished
}

/// When `file` was last written, if it can be read.
fn modified(file: &Path) -> Option<SystemTime> {
    std::fs::metadata(file).and_then(|m| m.modified()).ok()
}

/// One child process: its seed, its limits and where it journals.
struct Child {
    /// Its seed.
    seed: u64,
    /// It stops after this many calls...
    calls: u64,
    /// ...or this many seconds.
    seconds: u64,
    /// The file it writes every call to before making it.
    journal: PathBuf,
}

/// How a child ended and what it found.
#[derive(Default)]
struct Outcome {
    /// Calls made, from its closing line (0 if it died first).
    calls: u64,
    /// Findings by kind (`PANIC`, `INVARIANT`, `SCRIPT_ERROR`, `LEAK`, `CRASH`, `HANG`...).
    counts: Vec<(String, u64)>,
    /// What to print about it: its own reports, the crash and its chain of calls.
    report: String,
    /// The end of its log, kept on disk if the child failed.
    log: String,
}

impl Child {
    /// Runs the child and reads its log and journal.
    fn run(&self, godot: &Godot, project: &Path, skip: Option<&str>) -> Result<Outcome> {
        let mut args = vec![
            "-s".to_owned(),
            "res://fuzz/fuzz.gd".to_owned(),
            "--".to_owned(),
            "--seed".to_owned(),
            self.seed.to_string(),
            "--calls".to_owned(),
            self.calls.to_string(),
            "--seconds".to_owned(),
            self.seconds.to_string(),
            "--journal".to_owned(),
            self.journal.display().to_string(),
        ];
        if let Some(skip) = skip {
            args.extend(["--skip".to_owned(), skip.to_owned()]);
        }
        let limit = u32::try_from(self.seconds + HANG_MARGIN).unwrap_or(u32::MAX);
        let finished = Run::new(godot, project, limit).args(args).finish(true);
        let mut outcome = Outcome::default();
        match finished {
            Ok(finished) => self.read(finished, &mut outcome)?,
            Err(message) if message.contains("did not finish") => {
                outcome.count("HANG", 1);
                let _ = writeln!(
                    outcome.report,
                    "  HANG: no end within {limit} s, in{}",
                    self.chain()
                );
            }
            Err(message) => return Err(message),
        }
        Ok(outcome)
    }

    /// Reads a finished child: its closing line, its `fuzz: FAIL` reports, trouble it could not
    /// report itself (leaks at exit) and, if it died, the call it died in.
    fn read(&self, finished: Finished, outcome: &mut Outcome) -> Result {
        let log = &finished.log;
        let mut closing = None;
        let mut reports = 0;
        let mut in_report = false;
        for line in log.lines() {
            if let Some(rest) = line.strip_prefix("fuzz: seed ") {
                closing = Some(rest.to_owned());
            }
            if line.starts_with("fuzz: FAIL ") {
                in_report = true;
                reports += 1;
            } else if !line.starts_with("    ") {
                in_report = false;
            }
            if in_report {
                let _ = writeln!(outcome.report, "  {}", line.trim_start_matches("fuzz: "));
            }
        }
        if finished.code == Some(2) {
            return Err(format!("the fuzzer refused its arguments:\n{log}"));
        }
        match &closing {
            Some(line) => outcome.read_closing(line),
            None => {
                // Died before its closing line: count what it had reported.
                for line in log.lines() {
                    if let Some(rest) = line.strip_prefix("fuzz: FAIL ") {
                        let kind = rest.split(':').next().unwrap_or("FAIL");
                        outcome.count(kind, 1);
                    }
                }
            }
        }
        let crashed = !matches!(finished.code, Some(0 | 1)) || closing.is_none();
        if crashed {
            outcome.calls = self.last_call().map_or(0, |index| index + 1);
            outcome.count("CRASH", 1);
            let how = finished
                .code
                .map_or_else(|| "killed by a signal".to_owned(), |c| format!("exit {c}"));
            let _ = writeln!(outcome.report, "  CRASH ({how}) in{}", self.chain());
            for clue in crash_clues(log) {
                let _ = writeln!(outcome.report, "    log: {clue}");
            }
        }
        let own = |line: &&str| line.starts_with("fuzz: ") || line.starts_with("    ");
        let leaks: Vec<&str> = trouble(log)
            .into_iter()
            .filter(|line| !own(line))
            .filter(|line| {
                ["leaked", "Leaked", "still in use", "Orphan"]
                    .iter()
                    .any(|l| line.contains(l))
            })
            .collect();
        if !leaks.is_empty() {
            outcome.count("LEAK", 1);
            let _ = writeln!(outcome.report, "  LEAK at exit: {}", leaks.join(" | "));
        }
        if reports == 0 && !crashed && leaks.is_empty() {
            // The child said nothing, yet the log may show what it could not see.
            let mut other: Vec<&str> = trouble(log).into_iter().filter(|l| !own(l)).collect();
            let lines = other.len();
            other.sort_unstable();
            other.dedup();
            other.truncate(5);
            if !other.is_empty() {
                outcome.count("TROUBLE", 1);
                let _ = writeln!(
                    outcome.report,
                    "  log ({lines} lines of trouble): {}",
                    other.join("\n  log: ")
                );
            }
        }
        outcome.log = tail(finished.log, KEPT_LOG_BYTES);
        Ok(())
    }

    /// The index of the last call in the journal.
    fn last_call(&self) -> Option<u64> {
        let text = std::fs::read_to_string(&self.journal).ok()?;
        text.lines()
            .rev()
            .filter(|line| !line.starts_with('-'))
            .find_map(|line| line.split(' ').next()?.parse().ok())
    }

    /// The journal's last call and what enclosed it (handlers, hooks, outer calls), innermost
    /// first, with the command that replays the seed up to that call.
    fn chain(&self) -> String {
        let text = std::fs::read_to_string(&self.journal).unwrap_or_default();
        let entries: Vec<(usize, &str)> = text
            .lines()
            .filter_map(|line| {
                let mut fields = line.splitn(3, ' ');
                let (_, depth, what) = (fields.next()?, fields.next()?, fields.next()?);
                // The child's own reports are not calls.
                (!what.starts_with("FAIL ")).then_some((depth.parse().ok()?, line))
            })
            .collect();
        let mut chain: Vec<&str> = Vec::new();
        let mut depth = usize::MAX;
        for &(level, line) in entries.iter().rev() {
            if level < depth || chain.is_empty() {
                chain.push(line);
                depth = level;
            }
            if level == 0 && !line.starts_with('-') {
                break;
            }
        }
        let last_call = self.last_call();
        let mut out = String::new();
        let shown: Vec<&&str> = if chain.len() > 2 * CHAIN_SHOWN {
            chain.iter().take(CHAIN_SHOWN).collect()
        } else {
            chain.iter().collect()
        };
        for line in shown {
            let _ = write!(out, "\n      {}", shorten(line));
        }
        if chain.len() > 2 * CHAIN_SHOWN {
            let _ = write!(
                out,
                "\n      ... {} more levels ...",
                chain.len() - 2 * CHAIN_SHOWN
            );
            for line in &chain[chain.len() - CHAIN_SHOWN..] {
                let _ = write!(out, "\n      {}", shorten(line));
            }
        }
        if chain.is_empty() {
            out.push_str(" (the journal is empty)");
        }
        let _ = write!(
            out,
            "\n    (journal lines: `<call> <depth> <what>`; `-` marks handlers and hooks)\n    \
             replay: cargo xtask fuzz --seed {} --calls {}",
            self.seed,
            last_call.map_or(self.calls, |index| index + 1)
        );
        out
    }
}

impl Outcome {
    /// Adds `n` findings of `kind`.
    fn count(&mut self, kind: &str, n: u64) {
        match self.counts.iter_mut().find(|(k, _)| k == kind) {
            Some((_, total)) => *total += n,
            None => self.counts.push((kind.to_owned(), n)),
        }
    }

    /// Reads `7: 1234 calls (321 top-level), 4 episodes, 20.0 s, findings: PANIC 2, LEAK 1`.
    fn read_closing(&mut self, line: &str) {
        self.calls = line
            .split_once(": ")
            .and_then(|(_, rest)| rest.split(' ').next())
            .and_then(|calls| calls.parse().ok())
            .unwrap_or(0);
        let found = line.rsplit_once("findings: ").map_or("", |(_, f)| f);
        for entry in found.split(", ").filter(|e| *e != "none") {
            if let Some((kind, n)) = entry.rsplit_once(' ') {
                self.count(kind, n.parse().unwrap_or(1));
            }
        }
    }

    /// Whether the child found anything.
    fn failed(&self) -> bool {
        !self.counts.is_empty()
    }
}

/// Totals over the children.
#[derive(Default)]
struct Totals {
    /// Children run.
    processes: u64,
    /// Calls they made.
    calls: u64,
    /// Findings by kind.
    counts: Vec<(String, u64)>,
    /// The first child's seed.
    first_seed: Option<u64>,
    /// The last child's seed.
    last_seed: u64,
}

impl Totals {
    /// Adds a child's outcome, prints its line (and report), and keeps the journal and log of a
    /// child that failed.
    fn add(&mut self, child: &Child, outcome: &Outcome, dir: &Path) {
        self.processes += 1;
        self.calls += outcome.calls;
        self.first_seed.get_or_insert(child.seed);
        self.last_seed = child.seed;
        for (kind, n) in &outcome.counts {
            match self.counts.iter_mut().find(|(k, _)| k == kind) {
                Some((_, total)) => *total += n,
                None => self.counts.push((kind.clone(), *n)),
            }
        }
        if outcome.failed() {
            let log = dir.join(format!("seed-{}.log", child.seed));
            let kept = std::fs::write(&log, &outcome.log).is_ok();
            let found: Vec<String> = outcome
                .counts
                .iter()
                .map(|(kind, n)| format!("{kind} {n}"))
                .collect();
            eprintln!(
                "xtask: fuzz seed {}: {} calls, FOUND {}{}\n{}",
                child.seed,
                outcome.calls,
                found.join(", "),
                if kept {
                    format!(
                        " (log: {}, journal: {})",
                        log.display(),
                        child.journal.display()
                    )
                } else {
                    String::new()
                },
                outcome.report.trim_end()
            );
        } else {
            let _ = std::fs::remove_file(&child.journal);
            eprintln!(
                "xtask: fuzz seed {}: {} calls, clean",
                child.seed, outcome.calls
            );
        }
    }

    /// Prints the totals; fails if anything was found.
    fn finish(&self, seconds: f64) -> Result {
        let per_minute = if seconds > 0.0 {
            self.calls as f64 * 60.0 / seconds
        } else {
            0.0
        };
        let found: Vec<String> = self
            .counts
            .iter()
            .map(|(kind, n)| format!("{kind} {n}"))
            .collect();
        eprintln!(
            "xtask: fuzz: {} processes (seeds {}..={}), {} calls in {seconds:.1} s \
             ({per_minute:.0} calls/min); found: {}",
            self.processes,
            self.first_seed.unwrap_or(0),
            self.last_seed,
            self.calls,
            if found.is_empty() {
                "nothing (0 crashes, 0 panics, 0 invariant failures)".to_owned()
            } else {
                found.join(", ")
            }
        );
        if found.is_empty() {
            Ok(())
        } else {
            Err(format!("the GDScript fuzzer found: {}", found.join(", ")))
        }
    }
}

/// The last `bytes` (or a little more, up to a character boundary) of `log`.
fn tail(mut log: String, bytes: usize) -> String {
    let mut from = log.len().saturating_sub(bytes);
    while !log.is_char_boundary(from) {
        from -= 1;
    }
    log.drain(..from);
    log
}

/// A journal line, cut to a readable length.
fn shorten(line: &str) -> String {
    const LIMIT: usize = 240;
    match line.char_indices().nth(LIMIT) {
        Some((at, _)) => format!("{}...", &line[..at]),
        None => line.to_owned(),
    }
}

/// The lines near a crash that say what happened, without backtraces, at most six.
fn crash_clues(log: &str) -> Vec<&str> {
    let lines: Vec<&str> = log.lines().collect();
    let mut clues: Vec<&str> = Vec::new();
    for line in &lines[lines.len().saturating_sub(300)..] {
        let clue = line.trim();
        if CRASH_CLUES.iter().any(|c| clue.contains(c)) && !clues.contains(&clue) {
            clues.push(clue);
        }
    }
    let from = clues.len().saturating_sub(6);
    clues.split_off(from)
}
