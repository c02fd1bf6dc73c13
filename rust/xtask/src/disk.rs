//! Disk space: what a run has, and on CI the build folders no later step reads, removed as soon
//! as their step is done. A cold `cargo xtask test` fills about 12 GB if nothing is removed
//! (measured on a fresh machine: 8.4 GB of `target/`, 3.9 GB of caches); a CI machine once ran
//! out of space, so CI keeps one cross build at a time.

use std::path::Path;
use std::process::Command;

use crate::paths;

/// Prints the free space on the disk that holds `target/`, and what a cold run needs.
pub fn report_free_space() {
    let target = paths::target();
    let probe = if target.exists() {
        target
    } else {
        paths::root()
    };
    let free_kib = Command::new("df")
        .args(["-Pk"])
        .arg(&probe)
        .output()
        .ok()
        .and_then(|out| {
            let text = String::from_utf8_lossy(&out.stdout).into_owned();
            let line = text.lines().nth(1)?.to_owned();
            line.split_whitespace().nth(3)?.parse::<u64>().ok()
        });
    match free_kib {
        Some(kib) => eprintln!(
            "xtask: {:.1} GB free on the disk of target/ (a cold run writes about 12 GB; less on \
             CI, which removes build folders after use)",
            kib as f64 / 1_048_576.0
        ),
        None => eprintln!("xtask: free disk space unknown (`df` did not answer)"),
    }
}

/// On CI (`CI` set): removes the `target/` subfolders `folders`, which no later step reads.
pub fn remove_on_ci(folders: &[&str]) {
    if std::env::var_os("CI").is_none() {
        return;
    }
    for folder in folders {
        let path = paths::target().join(folder);
        let size = size_of(&path);
        if std::fs::remove_dir_all(&path).is_ok() {
            eprintln!(
                "xtask: CI: removed target/{folder} ({:.1} GB), which no later step reads",
                size as f64 / 1e9
            );
        }
    }
}

/// Bytes in the files under `path`.
fn size_of(path: &Path) -> u64 {
    let Ok(entries) = std::fs::read_dir(path) else {
        return 0;
    };
    entries
        .flatten()
        .map(|entry| match entry.file_type() {
            Ok(kind) if kind.is_dir() => size_of(&entry.path()),
            Ok(_) => entry.metadata().map_or(0, |m| m.len()),
            Err(_) => 0,
        })
        .sum()
}
