//! Private Debian sysroots: a set of packages and their whole dependency closure, taken from one
//! Debian suite with an apt configuration of its own and unpacked with `dpkg-deb -x` into a folder
//! of the user cache (see [`crate::paths::cache`]), shared by every clone on the machine. Nothing
//! is installed into the system and no root is needed; a second run downloads nothing.
//!
//! [`crate::godot`] runs its engine from one, [`crate::cross`] links with the MinGW-w64 GCC of
//! another, and [`crate::wine`] runs Windows test executables with the Wine of a third.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::folders::recreate;
use crate::process::{describe, output};
use crate::{Result, paths};

/// The system's Debian archive keyring, trusted for every suite.
const KEYRING: &str = "/usr/share/keyrings/debian-archive-keyring.gpg";

/// Written last into a sysroot's folder by [`Sysroot::fetch`]: the root is complete.
const COMPLETE: &str = "unpacked";

/// A private sysroot: `packages` and their dependency closure from Debian `suite`, unpacked into
/// `root/` under the cache folder `name` (bump the revision in `name` when `packages` change).
pub struct Sysroot {
    /// The folder's name in the cache, with a revision: `wine-sysroot-r1`.
    pub name: &'static str,
    /// The Debian suite the packages come from: `bookworm`.
    pub suite: &'static str,
    /// The packages asked for; their dependencies come along.
    pub packages: &'static [&'static str],
}

impl Sysroot {
    /// The sysroot's folder in the cache.
    pub fn dir(&self) -> PathBuf {
        paths::cache().join(self.name)
    }

    /// The unpacked root, fetched into [`Sysroot::dir`] first if it is not complete.
    pub fn root(&self) -> Result<PathBuf> {
        let dir = self.dir();
        if !dir.join(COMPLETE).exists() {
            eprintln!(
                "xtask: fetching {} from Debian {} into {}",
                self.packages.join(" "),
                self.suite,
                dir.display()
            );
            self.fetch(&dir)?;
        }
        Ok(dir.join("root"))
    }

    /// Downloads the packages and their closure and unpacks them into `dir/root` (apt's own
    /// state goes to `dir/apt`; the downloads are removed afterwards).
    pub fn fetch(&self, dir: &Path) -> Result {
        let apt = Apt::new(&dir.join("apt"), self.suite)?;
        apt.run("update", &[])?;
        let closure = apt.closure(self.packages)?;
        let debs = dir.join("debs");
        recreate(&debs)?;
        eprintln!("xtask: downloading {} packages", closure.len());
        let mut download = apt.command("download");
        download.args(&closure).current_dir(&debs);
        output(&mut download)?;

        let root = dir.join("root");
        recreate(&root)?;
        let mut archives: Vec<PathBuf> = std::fs::read_dir(&debs)
            .map_err(|e| format!("cannot list {}: {e}", debs.display()))?
            .filter_map(|entry| entry.ok().map(|e| e.path()))
            .filter(|path| path.extension().is_some_and(|ext| ext == "deb"))
            .collect();
        archives.sort();
        for archive in &archives {
            output(Command::new("dpkg-deb").arg("-x").arg(archive).arg(&root))?;
        }
        // The packages are unpacked; keep the cache small.
        std::fs::remove_dir_all(&debs)
            .map_err(|e| format!("cannot remove {}: {e}", debs.display()))?;
        let complete = dir.join(COMPLETE);
        std::fs::write(&complete, format!("{}\n", self.packages.join(" ")))
            .map_err(|e| format!("cannot write {}: {e}", complete.display()))
    }
}

/// apt-get with a configuration of its own: one suite, private state and cache, no installed
/// packages (so the whole dependency closure is resolved), never the system's sources.
struct Apt {
    options: Vec<String>,
}

impl Apt {
    fn new(state: &Path, suite: &str) -> Result<Apt> {
        for sub in ["lists/partial", "cache/archives/partial", "sources.d"] {
            let dir = state.join(sub);
            std::fs::create_dir_all(&dir)
                .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        let sources = state.join("sources.list");
        std::fs::write(
            &sources,
            format!("deb [signed-by={KEYRING}] http://deb.debian.org/debian {suite} main\n"),
        )
        .map_err(|e| format!("cannot write {}: {e}", sources.display()))?;
        let s = state.display();
        Ok(Apt {
            options: vec![
                format!("Dir::Etc::SourceList={}", sources.display()),
                format!("Dir::Etc::SourceParts={s}/sources.d"),
                format!("Dir::State={s}"),
                format!("Dir::State::Lists={s}/lists"),
                "Dir::State::status=/dev/null".to_owned(),
                format!("Dir::Cache={s}/cache"),
                "Debug::NoLocking=1".to_owned(),
                "APT::Architecture=amd64".to_owned(),
                "APT::Install-Recommends=false".to_owned(),
                "Acquire::Languages=none".to_owned(),
            ],
        })
    }

    fn command(&self, verb: &str) -> Command {
        let mut command = Command::new("apt-get");
        command.arg("-q");
        for option in &self.options {
            command.arg("-o").arg(option);
        }
        command.arg(verb);
        command
    }

    fn run(&self, verb: &str, args: &[&str]) -> Result {
        let mut command = self.command(verb);
        command.args(args);
        output(&mut command).map(|_| ())
    }

    /// `name=version` of every package an install of `packages` would unpack; fails unless each
    /// of `packages` is among them.
    fn closure(&self, packages: &[&str]) -> Result<Vec<String>> {
        let mut simulate = self.command("install");
        simulate.arg("--simulate").args(packages);
        let out = output(&mut simulate)?;
        let text = String::from_utf8_lossy(&out.stdout);
        let closure = parse_closure(&text);
        let missing: Vec<&str> = packages
            .iter()
            .copied()
            .filter(|package| !closure.iter().any(|p| p.split('=').next() == Some(package)))
            .collect();
        if missing.is_empty() {
            Ok(closure)
        } else {
            Err(format!(
                "`{}` does not offer {}:\n{text}",
                describe(&simulate),
                missing.join(", ")
            ))
        }
    }
}

/// `name=version` of each `Inst` line of `apt-get install --simulate`, which look like
/// `Inst libc6 (2.43-7 Debian:testing [amd64])`.
fn parse_closure(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|line| {
            let mut words = line.strip_prefix("Inst ")?.split_whitespace();
            let name = words.next()?;
            let version = words.next()?.strip_prefix('(')?;
            Some(format!("{name}={version}"))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::parse_closure;

    #[test]
    fn closure_is_read_from_simulated_install_lines() {
        let text = "Reading package lists...\n\
                    Inst libc6 (2.36-9+deb12u14 Debian:12.11/stable [amd64])\n\
                    Conf libc6 (2.36-9+deb12u14 Debian:12.11/stable [amd64])\n\
                    Inst wine64 (8.0~repack-4 Debian:12.11/stable [amd64])\n";
        assert_eq!(
            parse_closure(text),
            ["libc6=2.36-9+deb12u14", "wine64=8.0~repack-4"]
        );
    }
}
