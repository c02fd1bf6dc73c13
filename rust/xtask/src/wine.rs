//! `cargo xtask wine`: the core's test suite built for Windows (`x86_64-pc-windows-gnu`, linked
//! by the private MinGW-w64 GCC like the released DLL, see [`crate::cross`]) and every test
//! executable run under Wine, from `rust/core` as `cargo test` would; any failed test fails the
//! step. proptest runs its full case count. No executable may import a MinGW runtime DLL
//! (`libgcc_s_seh-1.dll`, `libwinpthread-1.dll`, `libstdc++-6.dll`): each is checked, and the
//! prefix has none, so one that did would not start either.
//!
//! Wine is Debian bookworm's `wine64` 8.0 with its dependency closure, unpacked into a private
//! sysroot in the cache (see [`crate::debian`]); no root, nothing installed into the system. It
//! runs through the sysroot's own dynamic loader, so the host's glibc does not matter:
//!
//! - The loader is copied beside `wine64`: Wine finds `ntdll.so` relative to the program it was
//!   started as, which is the loader when the loader is run by hand (a symlink would resolve back
//!   to the loader's own folder).
//! - `WINELOADER` names the wrapper script, so every Wine process Wine starts runs the same way,
//!   and Debian's `wineserver` script (which looks in `/usr/lib/wine`) is replaced by one that
//!   runs the sysroot's `wineserver64`.
//!
//! The prefix (`WINEPREFIX`) lives in the cache too and is set up once, by `wineboot --init`
//! without Mono or Gecko; then two DLLs are put into its `system32`: Debian's MinGW build of
//! `zlib1.dll`, which Wine's `user32.dll` imports and finds only while booting, and
//! `bcryptprimitives.dll` built from `rust/xtask/src/wine/bcryptprimitives.c` with MinGW-w64 GCC,
//! because Rust's standard library draws random bytes from its `ProcessPrng`, which Wine 8 lacks.
//! Later runs reuse the prefix. No display is used (`DISPLAY` is removed); `WINEDEBUG=-all`.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::debian::Sysroot;
use crate::folders::recreate;
use crate::process::{output, run};
use crate::{Result, paths};

/// The target the tests are built for.
const TARGET: &str = "x86_64-pc-windows-gnu";

/// Debian bookworm's 64-bit Wine, matching bookworm's glibc.
const WINE: Sysroot = Sysroot {
    name: "wine-sysroot-r1",
    suite: "bookworm",
    packages: &["wine64"],
};

/// The prefix's cache folder; bump its revision when the prefix's setup or the shim changes.
const PREFIX: &str = "wine-prefix-r1";

/// Written last into the prefix: it is set up.
const READY: &str = "xtask-ready";

/// Where the sysroot's dynamic loader is copied, beside `wine64`.
const LOADER: &str = "usr/lib/wine/ld-linux-x86-64.so.2";

/// Builds the core's tests for Windows and runs each under Wine; returns a one-line summary.
pub fn check() -> Result<String> {
    let wine = Wine::ensure()?;
    let executables = build_tests()?;
    let logs = paths::target().join("wine").join("logs");
    recreate(&logs)?;
    let mut passed = 0;
    for exe in &executables {
        let name = exe
            .file_stem()
            .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
        let log = logs.join(format!("{name}.log"));
        let file = std::fs::File::create(&log)
            .map_err(|e| format!("cannot create {}: {e}", log.display()))?;
        eprintln!("xtask: {name} under Wine");
        // To a file, not a pipe: the Wine server the first test starts outlives it.
        let outcome = run(wine
            .command(exe)
            .current_dir(paths::root().join("rust/core"))
            .stdout(file));
        let text = std::fs::read_to_string(&log)
            .map_err(|e| format!("cannot read {}: {e}", log.display()))?;
        eprint!("{text}");
        outcome?;
        passed += passed_tests(&text);
    }
    Ok(format!(
        "{passed} Windows tests passed in {} executables under Wine (logs in {})",
        executables.len(),
        logs.display()
    ))
}

/// `cargo build --tests` of the core for [`TARGET`]; the test executables it wrote.
fn build_tests() -> Result<Vec<PathBuf>> {
    let target_dir = paths::target().join("wine");
    std::fs::create_dir_all(&target_dir)
        .map_err(|e| format!("cannot create {}: {e}", target_dir.display()))?;
    let mut build = crate::cross::mingw_cargo("build")?;
    build
        .args([
            "--tests",
            "--target",
            TARGET,
            "--package",
            "horizons-edge-core",
        ])
        .args([
            "--message-format",
            "json-render-diagnostics",
            "--manifest-path",
        ])
        .arg(paths::root().join("Cargo.toml"))
        .env("CARGO_TARGET_DIR", &target_dir)
        .stderr(Stdio::inherit());
    let out = output(&mut build)?;
    let executables: Vec<PathBuf> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(test_executable)
        .collect();
    if executables.is_empty() {
        return Err("the build wrote no test executable".to_owned());
    }
    for exe in &executables {
        check_imports(exe)?;
    }
    Ok(executables)
}

/// Fails if `exe` imports a MinGW runtime DLL, which a Windows machine does not have.
fn check_imports(exe: &Path) -> Result {
    let bytes = std::fs::read(exe).map_err(|e| format!("cannot read {}: {e}", exe.display()))?;
    let pe = goblin::pe::PE::parse(&bytes)
        .map_err(|e| format!("{} is not a Windows executable: {e}", exe.display()))?;
    let runtime: Vec<&str> = pe
        .libraries
        .iter()
        .copied()
        .filter(|dll| is_mingw_runtime(dll))
        .collect();
    if runtime.is_empty() {
        Ok(())
    } else {
        Err(format!("{} imports MinGW's {runtime:?}", exe.display()))
    }
}

/// `libgcc_s_seh-1.dll`, `libwinpthread-1.dll`, `libstdc++-6.dll` and their kin.
fn is_mingw_runtime(dll: &str) -> bool {
    let dll = dll.to_ascii_lowercase();
    ["libgcc", "libwinpthread", "libstdc++"]
        .iter()
        .any(|prefix| dll.starts_with(prefix))
}

/// The executable of a Cargo JSON message about a test target, if it is one.
fn test_executable(message: &str) -> Option<PathBuf> {
    if !message.contains(r#""reason":"compiler-artifact""#) || !message.contains(r#""test":true"#) {
        return None;
    }
    let (_, rest) = message.split_once(r#""executable":""#)?;
    let (path, _) = rest.split_once('"')?;
    Some(PathBuf::from(path.replace(r"\\", r"\")))
}

/// The passed count of libtest's `test result: ok. N passed; ...` line.
fn passed_tests(output: &str) -> usize {
    output
        .lines()
        .filter_map(|line| line.strip_prefix("test result: ok. "))
        .filter_map(|rest| rest.split(' ').next()?.parse::<usize>().ok())
        .sum()
}

/// A working Wine and its prefix.
pub struct Wine {
    wrapper: PathBuf,
    prefix: PathBuf,
}

impl Wine {
    /// Wine, its sysroot fetched and its prefix set up on first use.
    pub fn ensure() -> Result<Wine> {
        let root = WINE.root()?;
        let wrapper = WINE.dir().join("wine");
        // A root fetched anew lacks the loader copy even if the wrapper is left from before.
        if !wrapper.exists() || !root.join(LOADER).exists() {
            write_wrappers(&root, &wrapper)?;
        }
        let wine = Wine {
            wrapper,
            prefix: paths::cache().join(PREFIX),
        };
        if !wine.prefix.join(READY).exists() {
            wine.create_prefix(&root)?;
        }
        Ok(wine)
    }

    /// A command that runs the Windows program `exe` (arguments still to add).
    pub fn command(&self, exe: &Path) -> Command {
        let mut command = Command::new(&self.wrapper);
        command
            .arg(exe)
            .env("WINEPREFIX", &self.prefix)
            .env("WINEDEBUG", "-all")
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY");
        command
    }

    /// `wineboot --init` (about 12 s), then the two DLLs into `system32`.
    fn create_prefix(&self, root: &Path) -> Result {
        eprintln!(
            "xtask: setting up the Wine prefix {}",
            self.prefix.display()
        );
        recreate(&self.prefix)?;
        let mut boot = self.command(Path::new("wineboot"));
        boot.arg("--init")
            // No Mono or Gecko: they are not needed and would be looked for on the network.
            .env("WINEDLLOVERRIDES", "mscoree,mshtml=")
            .env(
                "WINEDLLPATH",
                root.join("usr/x86_64-w64-mingw32/lib").as_os_str(),
            );
        // wineboot exits with 53 even when it succeeds (it misses the 32-bit half, which
        // console programs do not need), so the prefix is judged by what it wrote.
        let booted = boot
            .stdin(Stdio::null())
            .output()
            .map_err(|e| format!("could not start wineboot: {e}"))?;
        self.wait_for_server(root)?;
        let system32 = self.prefix.join("drive_c/windows/system32");
        if !system32.join("kernel32.dll").exists() || !self.prefix.join("system.reg").exists() {
            return Err(format!(
                "wineboot did not set up {} ({}):\n{}",
                self.prefix.display(),
                booted.status,
                String::from_utf8_lossy(&booted.stderr)
            ));
        }
        let zlib = root.join("usr/x86_64-w64-mingw32/lib/zlib1.dll");
        std::fs::copy(&zlib, system32.join("zlib1.dll"))
            .map_err(|e| format!("cannot copy {}: {e}", zlib.display()))?;
        build_bcryptprimitives(&system32.join("bcryptprimitives.dll"))?;
        let ready = self.prefix.join(READY);
        std::fs::write(&ready, "").map_err(|e| format!("cannot write {}: {e}", ready.display()))
    }

    /// Waits until the prefix's Wine server has ended, so that the prefix is written out.
    fn wait_for_server(&self, root: &Path) -> Result {
        output(
            Command::new(root.join("usr/lib/wine/wineserver"))
                .arg("-w")
                .env("WINEPREFIX", &self.prefix),
        )
        .map(drop)
    }
}

/// The loader beside `wine64`, the `wineserver` script and the `wine` wrapper (last: the sign
/// that the others are there).
fn write_wrappers(root: &Path, wrapper: &Path) -> Result {
    let loader = root.join(LOADER);
    let original = root.join("lib/x86_64-linux-gnu/ld-linux-x86-64.so.2");
    std::fs::copy(&original, &loader)
        .map_err(|e| format!("cannot copy {}: {e}", original.display()))?;
    let r = root.display();
    let libraries = format!("{r}/usr/lib/x86_64-linux-gnu:{r}/lib/x86_64-linux-gnu");
    let server = root.join("usr/lib/wine/wineserver");
    write_script(
        &server,
        &format!(
            "#!/bin/sh\n# Written by `cargo xtask`: the sysroot's wineserver through its loader.\n\
             exec \"{r}/{LOADER}\" --library-path \"{libraries}\" \"{r}/usr/lib/wine/wineserver64\" \"$@\"\n"
        ),
    )?;
    write_script(
        wrapper,
        &format!(
            "#!/bin/sh\n# Written by `cargo xtask`: the private Wine through its own loader.\n\
             export WINELOADER=\"{}\"\n\
             exec \"{r}/{LOADER}\" --library-path \"{libraries}\" \"{r}/usr/lib/wine/wine64\" \"$@\"\n",
            wrapper.display()
        ),
    )
}

/// Writes an executable shell script, replacing any file (or symlink) at `path`.
fn write_script(path: &Path, script: &str) -> Result {
    if path.symlink_metadata().is_ok() {
        std::fs::remove_file(path).map_err(|e| format!("cannot remove {}: {e}", path.display()))?;
    }
    std::fs::write(path, script).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755))
        .map_err(|e| format!("cannot make {} executable: {e}", path.display()))
}

/// Builds the `ProcessPrng` shim into `dll` with the private MinGW-w64 GCC (see
/// [`crate::cross`]).
fn build_bcryptprimitives(dll: &Path) -> Result {
    let source = paths::root().join("rust/xtask/src/wine/bcryptprimitives.c");
    let mut gcc = crate::cross::mingw_gcc()?;
    gcc.args(["-shared", "-O2", "-s", "-o"])
        .arg(dll)
        .arg(&source)
        .arg("-ladvapi32");
    output(&mut gcc).map(drop)
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::{is_mingw_runtime, passed_tests, test_executable};

    #[test]
    fn mingw_runtime_dlls_are_recognised() {
        assert!(is_mingw_runtime("libgcc_s_seh-1.dll"));
        assert!(is_mingw_runtime("LIBWINPTHREAD-1.DLL"));
        assert!(is_mingw_runtime("libstdc++-6.dll"));
        assert!(!is_mingw_runtime("bcryptprimitives.dll"));
        assert!(!is_mingw_runtime("KERNEL32.dll"));
    }

    #[test]
    fn test_executables_are_read_from_cargo_messages() {
        let test = r#"{"reason":"compiler-artifact","profile":{"opt_level":"2","test":true},"executable":"/t/deps/bag_odds-77b6.exe","fresh":true}"#;
        let library = r#"{"reason":"compiler-artifact","profile":{"opt_level":"2","test":false},"executable":null}"#;
        assert_eq!(
            test_executable(test),
            Some(PathBuf::from("/t/deps/bag_odds-77b6.exe"))
        );
        assert_eq!(test_executable(library), None);
        assert_eq!(
            test_executable(r#"{"reason":"build-finished","success":true}"#),
            None
        );
    }

    #[test]
    fn passed_tests_add_up_over_result_lines() {
        let output = "running 2 tests\ntest a ... ok\n\ntest result: ok. 2 passed; 0 failed; 0 ignored\n\
                      test result: ok. 46 passed; 0 failed; 0 ignored\n";
        assert_eq!(passed_tests(output), 48);
    }
}
