//! The crash test: the bundled game's server (`godot-project/game/game_server.gd`, a
//! `RulesServer` with a journal folder) is killed with SIGKILL in the middle of a round and
//! started again on the same folder, while its bot clients (`tests/net/lobby_client.gd`, real
//! ENet on 127.0.0.1) connect again and take their seats back.
//!
//! Two tables: A (two seats, player entropy, and a spectator) and B (two seats, no entropy),
//! each created through the lobby by its first client and joined by code by the others. The
//! server is killed once every client is seated and a client of table A prints a draw of round
//! [`KILL_ROUND`] or later. Each client then asks the
//! restarted server for its table's whole log: every event it had received before must come again
//! unchanged (so nothing the server acknowledged was lost), and a fresh auditor verifies every
//! round from the start. The restarted server must resume both tables with the state hash their
//! journals recorded. The second run tears the journal of table A before the restart, as a write
//! cut short by the kill would (the first half of its last record appended again, with no end of
//! line): the server must say it dropped it, and lose nothing a client saw.
//!
//! Before it joins, client b-2 sends the lobby a set of malformed messages, each of which must be
//! refused while the server plays on; seated, it asks to watch table A too, which the server (one
//! table a peer) must refuse.
//!
//! In the first run, before any client, the lobby rogue (`tests/net/lobby_rogue.gd`) attacks the
//! lobby from many connections: every Variant type, malformed and hand-made packets, tables
//! joined and watched out of order, a full table, peers that leave at once, a flood and a 1 MB
//! message. It must end with `LOBBY ROGUE RESULT ok`, and the honest clients then play on the same
//! server.
//!
//! Once the games are over, the server (finished tables closing after 1 s) must archive both
//! journals as gzipped replays. No error may have been raised inside the server's scripts (a
//! `GDScript backtrace` in its log): each refusal is a value sent back, not an error; what the
//! engine itself drops (undecodable packets, calls of nodes that do not exist) is logged without
//! one.
//!
//! Every process is bounded: the clients and the server end themselves (watchdogs), and the run
//! kills whatever is left after [`LIMIT`].

use std::path::Path;
use std::process::Child;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::godot::Godot;
use crate::headless::trouble;
use crate::processes::{Line, Table, free_udp_port};
use crate::{Result, paths};

/// Each run must end within this.
const LIMIT: Duration = Duration::from_secs(200);
/// The server is killed once every client is seated and a client of table A prints a draw of
/// this round or later.
const KILL_ROUND: u32 = 2;
/// The finished tables must have closed (their journals archived) this long after the last
/// client ended.
const CLOSE_WAIT: Duration = Duration::from_secs(20);
/// The server ends itself after this many seconds, whatever happens.
const SERVER_SECONDS: &str = "190";
/// The name of the lobby rogue's process.
const ROGUE: &str = "lobby-rogue";
/// Milliseconds each bot takes over a decision.
const THINK_MS: &str = "80";
/// The clients, each started once the one before is seated: name, table ("A" or "B"),
/// arguments. The first of each table creates it; each game starts with its last seat, B's a
/// client before A's. The bots think [`THINK_MS`] over each decision and table B has more
/// rounds, so it is still on when table A reaches [`KILL_ROUND`] (with 5, a machine busy enough
/// to start A's last client slowly saw B's game end before the kill).
const CLIENTS: [(&str, &str, &[&str]); 5] = [
    (
        "a-1",
        "A",
        &["--create", "2", "--rounds", "3", "--seed", "1"],
    ),
    (
        "b-1",
        "B",
        &[
            "--create",
            "2",
            "--rounds",
            "10",
            "--entropy",
            "0",
            "--seed",
            "3",
        ],
    ),
    ("a-watcher", "A", &["--spectate", "1"]),
    ("b-2", "B", &["--seed", "4", "--junk", "1"]),
    ("a-2", "A", &["--seed", "2"]),
];

/// `cargo xtask crash`: builds the extension, prepares the test project and runs [`check`].
pub fn run() -> Result {
    let godot = Godot::locate_or_fetch()?;
    crate::extension::build(crate::extension::Profile::Debug)?;
    check(&godot, &crate::projects::prepare_test_project(&godot)?)
}

/// Runs the crash test twice: a plain kill, then a kill with a torn last journal record. `tests`
/// is the test project with the addon installed and imported.
pub fn check(godot: &Godot, tests: &Path) -> Result {
    let bundled = crate::demo::prepare(godot)?;
    for torn in [false, true] {
        let started = Instant::now();
        let name = if torn { "torn record" } else { "kill -9" };
        eprintln!("xtask: crash test: {name}");
        run_once(godot, &bundled, tests, torn).map_err(|e| format!("{name}: {e}"))?;
        eprintln!(
            "xtask: crash test {name} passed in {:.1} s",
            started.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

/// One run: see the module docs.
fn run_once(godot: &Godot, bundled: &Path, tests: &Path, torn: bool) -> Result {
    let journal = paths::target()
        .join("crash")
        .join(if torn { "journal-torn" } else { "journal" });
    crate::folders::recreate(&journal)?;
    let port = free_udp_port()?.to_string();
    let server_args = [
        "--port",
        &port,
        "--journal",
        &journal.display().to_string(),
        "--quit-after",
        SERVER_SECONDS,
        "--linger",
        "1",
        "--max-tables-per-peer",
        "1",
    ]
    .map(str::to_owned);
    let (mut table, receiver) = Table::new(godot);
    let started = Instant::now();
    let script = "res://game/game_server.gd";
    let mut server = table.spawn("server", bundled, script, &server_args)?;
    table.wait_for(&receiver, "server: listening")?;
    let mut failures = Vec::new();
    if !torn {
        failures.extend(attack_lobby(&mut table, &receiver, tests, &port)?);
    }
    let mut codes = Vec::new();
    let mut clients = Vec::new();
    for (name, table_name, args) in CLIENTS {
        let mut client_args = vec!["--port", &port, "--name", name, "--expect-crash", "1"];
        client_args.extend(["--think-ms", THINK_MS]);
        client_args.extend(args);
        let code = codes.iter().find(|(t, _)| *t == table_name).map(|(_, c)| c);
        let code_args: Vec<String> = match code {
            Some(code) => vec!["--code".to_owned(), String::clone(code)],
            None => Vec::new(),
        };
        client_args.extend(code_args.iter().map(String::as_str));
        clients.push(table.spawn(name, tests, "res://net/lobby_client.gd", &client_args)?);
        if code.is_none() {
            table.wait_for(&receiver, "LOBBY created ")?;
            let created = table
                .said(name)
                .find_map(|line| line.split_once("LOBBY created ").map(|(_, c)| c.trim()))
                .ok_or_else(|| format!("{name} did not create a table"))?
                .to_owned();
            codes.push((table_name, created));
        }
        table.wait_for(&receiver, " seated as player ")?;
    }
    let code_a = codes
        .first()
        .map(|(_, code)| code.clone())
        .unwrap_or_default();
    let mut killed = false;
    let mut seated = table
        .said_by_all()
        .filter(|line| line.contains(" seated as player "))
        .count();
    while !all_done(&mut clients)? {
        if started.elapsed() > LIMIT {
            server.kill().ok();
            clients.iter_mut().for_each(|c| drop(c.kill()));
            return Err(format!("the processes did not finish within {LIMIT:?}"));
        }
        let Some(line) = next_line(&receiver)? else {
            continue;
        };
        seated += usize::from(line.1.contains(" seated as player "));
        let kill = !killed && seated >= CLIENTS.len() && line.0.starts_with("a-") && {
            let round = line.1.trim().strip_prefix("MARK round=");
            let round = round.and_then(|rest| rest.split(' ').next()?.parse::<u32>().ok());
            round.is_some_and(|round| round >= KILL_ROUND)
        };
        table.record(line);
        if kill {
            killed = true;
            eprintln!("xtask: killing the server (SIGKILL) mid-round and starting it again");
            server.kill().map_err(|e| format!("kill: {e}"))?;
            let _ = server.wait();
            if torn {
                tear_last_record(&journal.join(format!("{code_a}.journal")))?;
            }
            server = table.spawn("server (restarted)", bundled, script, &server_args)?;
        }
    }
    let closing = Instant::now();
    let closed = |table: &Table| {
        let server: Vec<&str> = table.said("server (restarted)").collect();
        codes.iter().all(|(_, code)| {
            let closed = format!("table {code} closed");
            server.iter().any(|line| line.contains(&closed))
        })
    };
    while !closed(&table) && closing.elapsed() < CLOSE_WAIT {
        if let Some(line) = next_line(&receiver)? {
            table.record(line);
        }
    }
    server.kill().ok();
    let _ = server.wait();
    while let Ok(line) = receiver.recv_timeout(Duration::from_millis(200)) {
        table.record(line);
    }
    failures.extend(self::failures(&table, &mut clients, &codes, killed, torn));
    failures.extend(
        codes
            .iter()
            .filter_map(|(_, code)| archived(&journal, code).err()),
    );
    match failures.is_empty() {
        true => Ok(()),
        false => Err(failures.join("\n  ")),
    }
}

/// What went wrong in a finished run.
fn failures(
    table: &Table,
    clients: &mut [Child],
    codes: &[(&str, String)],
    killed: bool,
    torn: bool,
) -> Vec<String> {
    let mut failures = Vec::new();
    if !killed {
        failures.push(format!(
            "table A did not reach round {KILL_ROUND} with every client seated"
        ));
    }
    for ((name, _, _), child) in CLIENTS.iter().zip(clients.iter_mut()) {
        match child.wait() {
            Ok(status) if status.success() => {}
            other => failures.push(format!("{name} ended with {other:?}")),
        }
        if !table
            .said(name)
            .any(|line| line.contains("LOBBY RESULT ok"))
        {
            failures.push(format!("{name} did not print `LOBBY RESULT ok`"));
        }
    }
    for name in ["server", "server (restarted)"] {
        if table
            .said(name)
            .any(|line| line.contains("GDScript backtrace"))
        {
            failures.push(format!("{name}: an error was raised inside its scripts"));
        }
    }
    let restarted: Vec<&str> = table.said("server (restarted)").collect();
    for (_, code) in codes {
        let resumed = format!("table {code} resumed: ");
        if !restarted
            .iter()
            .any(|line| line.contains(&resumed) && line.ends_with("as recorded"))
        {
            failures.push(format!("the restarted server did not resume table {code}"));
        }
    }
    let dropped = restarted
        .iter()
        .any(|line| line.contains("torn") && line.contains("dropped"));
    if torn && !dropped {
        failures.push("the restarted server did not report the torn record".to_owned());
    }
    failures.extend(trouble(&table.log_text()).into_iter().map(str::to_owned));
    failures
}

/// Runs the lobby rogue against the server listening on `port` to its end; what went wrong.
fn attack_lobby(
    table: &mut Table,
    receiver: &Receiver<Line>,
    tests: &Path,
    port: &str,
) -> Result<Vec<String>> {
    let args = ["--port", port, "--max-tables-per-peer", "1"];
    let mut rogue = table.spawn(ROGUE, tests, "res://net/lobby_rogue.gd", &args)?;
    let waited = table.wait_for(receiver, "LOBBY ROGUE RESULT");
    let status = rogue
        .wait()
        .map_err(|e| format!("waiting for the lobby rogue: {e}"))?;
    let mut failures = Vec::new();
    if let Err(e) = waited {
        failures.push(format!("{ROGUE}: {e}"));
    }
    if !status.success() {
        failures.push(format!("{ROGUE} ended with {status}"));
    }
    if !table
        .said(ROGUE)
        .any(|line| line.contains("LOBBY ROGUE RESULT ok"))
    {
        failures.push(format!("{ROGUE} did not print `LOBBY ROGUE RESULT ok`"));
    }
    Ok(failures)
}

/// Fails unless table `code`'s journal in `folder` became a gzipped archive.
fn archived(folder: &Path, code: &str) -> Result {
    let archive = folder.join(format!("{code}.replay.gz"));
    let bytes = std::fs::read(&archive).map_err(|e| format!("{}: {e}", archive.display()))?;
    if !bytes.starts_with(&[0x1f, 0x8b]) {
        return Err(format!("{} is not gzipped", archive.display()));
    }
    match folder.join(format!("{code}.journal")).exists() {
        true => Err(format!(
            "table {code}'s journal is still there after it closed"
        )),
        false => Ok(()),
    }
}

/// Appends the first half of `journal`'s last record, with no end of line: a write the kill cut
/// short.
fn tear_last_record(journal: &Path) -> Result {
    let text =
        std::fs::read_to_string(journal).map_err(|e| format!("{}: {e}", journal.display()))?;
    let last = text.lines().last().ok_or("the journal is empty")?;
    let half = last.as_bytes()[..last.len() / 2].to_vec();
    let mut torn = text.clone().into_bytes();
    torn.extend_from_slice(&half);
    std::fs::write(journal, torn).map_err(|e| format!("{}: {e}", journal.display()))?;
    eprintln!(
        "xtask: tore {}: {} bytes of a record with no end of line",
        journal.display(),
        half.len()
    );
    Ok(())
}

/// Whether every client has ended.
fn all_done(clients: &mut [Child]) -> Result<bool> {
    clients.iter_mut().try_fold(true, |done, child| {
        let ended = child
            .try_wait()
            .map_err(|e| format!("waiting for a client: {e}"))?
            .is_some();
        Ok(done && ended)
    })
}

/// The next line of any process, if one comes within 100 ms.
fn next_line(receiver: &Receiver<Line>) -> Result<Option<Line>> {
    match receiver.recv_timeout(Duration::from_millis(100)) {
        Ok(line) => Ok(Some(line)),
        Err(RecvTimeoutError::Timeout) => Ok(None),
        Err(RecvTimeoutError::Disconnected) => Err("lost the process logs".to_owned()),
    }
}
