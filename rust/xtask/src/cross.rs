//! Building the extension for every desktop platform from this Linux machine, with tools the
//! project fetches into the user cache on first use (no root, nothing installed system-wide):
//!
//! - Windows x86_64: Rust's `x86_64-pc-windows-gnu` target linked by Debian's MinGW-w64 GCC
//!   (the `win32` thread model, so no `libwinpthread-1.dll`), unpacked from bookworm's packages
//!   into a private sysroot (see [`crate::debian`]). Zig cannot link it: `zig cc` drops the
//!   export list Rust hands the linker, and the DLL would not export `gdext_rust_init`.
//! - Linux x86_64 and arm64, macOS arm64 and x86_64: `cargo zigbuild` (crates.io) with Zig from
//!   the `ziglang` package (PyPI, in a virtual environment). The Linux libraries need glibc 2.28
//!   or newer (not the build machine's). macOS runs arm64 code only if it is signed: Zig's
//!   linker signs the arm64 dylib ad hoc (a linker-signed SHA-256 CodeDirectory, as Apple's `ld`
//!   does) but leaves the x86_64 one unsigned, and takes no option to sign it, so `rcodesign`
//!   (crates.io `apple-codesign`, `cargo install`ed into the cache) signs that one ad hoc.
//!   [`crate::inspect`] verifies both signatures page by page.
//!
//! The Rust standard library for each target comes from `rustup target add`.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::debian::Sysroot;
use crate::extension::Profile;
use crate::platform::Platform;
use crate::process::{cargo, output, run};
use crate::{Result, paths};

/// The Zig the non-Windows builds link with.
const ZIGLANG: &str = "ziglang==0.13.0";
/// The `cargo zigbuild` release we install.
const CARGO_ZIGBUILD: &str = "0.19.8";
/// The `apple-codesign` release (`rcodesign`) that signs the macOS x86_64 library.
const APPLE_CODESIGN: &str = "0.29.0";
/// The oldest glibc the Linux libraries run on (zigbuild's `<triple>.2.28`); [`crate::inspect`]
/// fails a library that asks for a newer symbol version.
pub const GLIBC: (u32, u32) = (2, 28);

/// Debian's MinGW-w64 cross compiler, win32 thread model.
const MINGW: Sysroot = Sysroot {
    name: "mingw-sysroot-r1",
    suite: "bookworm",
    packages: &["gcc-mingw-w64-x86-64-win32"],
};

/// Builds the extension for `platform` in `profile` and returns the library Cargo wrote (under
/// `target/cross/`). Debug libraries leave out their DWARF debug info (they keep the debug
/// checks), so that the package stays small.
pub fn build(platform: Platform, profile: Profile) -> Result<PathBuf> {
    run(Command::new("rustup").args(["target", "add", platform.triple]))?;
    let target_dir = paths::target().join("cross");
    std::fs::create_dir_all(&target_dir)
        .map_err(|e| format!("cannot create {}: {e}", target_dir.display()))?;
    let mut command = if platform.os == "windows" {
        mingw_cargo("build")?
    } else {
        zigbuild()?
    };
    let triple = if platform.os == "linux" {
        format!("{}.{}.{}", platform.triple, GLIBC.0, GLIBC.1)
    } else {
        platform.triple.to_owned()
    };
    command
        .arg("--manifest-path")
        .arg(paths::root().join("Cargo.toml"))
        .args(["--package", "horizons-edge-godot", "--target", &triple])
        .env("CARGO_TARGET_DIR", &target_dir)
        .env("CARGO_PROFILE_DEV_STRIP", "debuginfo")
        // `zig cc` leaves a probe file in the working folder; keep it out of the repository.
        .current_dir(&target_dir);
    if profile == Profile::Release {
        command.arg("--release");
    }
    let sign = platform.os == "macos" && platform.arch == "x86_64";
    if platform.os == "macos" {
        // The dylib's own name: `@rpath/…`, not the build folder's path.
        let mut flags = format!(
            "-C link-arg=-Wl,-install_name,@rpath/{}",
            platform.built_name()
        );
        if sign {
            // Zig leaves no room in the header for the signature's load command otherwise.
            flags.push_str(" -C link-arg=-Wl,-headerpad_max_install_names");
        }
        let variable = format!(
            "CARGO_TARGET_{}_RUSTFLAGS",
            platform.triple.to_uppercase().replace('-', "_")
        );
        command.env(variable, flags);
    }
    run(&mut command)?;
    let folder = match profile {
        Profile::Debug => "debug",
        Profile::Release => "release",
    };
    let built = target_dir
        .join(platform.triple)
        .join(folder)
        .join(platform.built_name());
    if sign {
        let rcodesign = cargo_installed("apple-codesign", APPLE_CODESIGN, "rcodesign")?;
        output(Command::new(rcodesign).arg("sign").arg(&built))?;
    }
    Ok(built)
}

/// A ready `cargo zigbuild` (arguments still to add): `cargo-zigbuild` and Zig installed into
/// the cache if missing, and on `PATH`.
pub fn zigbuild() -> Result<Command> {
    let zig_bin = ensure_zig()?;
    let zigbuild = cargo_installed("cargo-zigbuild", CARGO_ZIGBUILD, "cargo-zigbuild")?;
    let zigbuild_bin = zigbuild.parent().ok_or("cargo-zigbuild has no folder")?;
    let mut command = cargo();
    command
        .arg("zigbuild")
        .env("PATH", prepend_path(&[zigbuild_bin, &zig_bin]));
    Ok(command)
}

/// A ready `cargo <verb>` for the Windows target (arguments still to add), linked by the
/// private MinGW-w64 GCC (`dlltool` from the same sysroot, for the import libraries Rust makes).
pub fn mingw_cargo(verb: &str) -> Result<Command> {
    let bin = mingw_bin()?;
    let mut command = cargo();
    command.arg(verb).env("PATH", prepend_path(&[&bin])).env(
        "CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER",
        bin.join("x86_64-w64-mingw32-gcc-win32"),
    );
    Ok(command)
}

/// The private MinGW-w64 GCC as a C compiler (arguments still to add).
pub fn mingw_gcc() -> Result<Command> {
    let bin = mingw_bin()?;
    let mut command = Command::new(bin.join("x86_64-w64-mingw32-gcc-win32"));
    // The compiler proper needs GMP, MPFR, MPC and ISL from the same sysroot.
    let libraries = MINGW.root()?.join("usr/lib/x86_64-linux-gnu");
    command
        .env("PATH", prepend_path(&[&bin]))
        .env("LD_LIBRARY_PATH", libraries);
    Ok(command)
}

fn mingw_bin() -> Result<PathBuf> {
    Ok(MINGW.root()?.join("usr").join("bin"))
}

/// The virtual environment's `bin/` with `ziglang` installed (`python -m ziglang` is Zig).
fn ensure_zig() -> Result<PathBuf> {
    crate::pypi::venv_with(ZIGLANG, |bin| {
        crate::pypi::runs(&bin.join("python3"), &["-m", "ziglang", "version"])
    })
}

/// The program `binary` of the crate `krate` at `version`, `cargo install`ed from crates.io
/// into the cache (`<krate>-<version>/bin/`) if missing (without default features: neither
/// tool needs them).
fn cargo_installed(krate: &str, version: &str, binary: &str) -> Result<PathBuf> {
    let root = paths::cache().join(format!("{krate}-{version}"));
    let program = root.join("bin").join(binary);
    if !program.exists() {
        eprintln!(
            "xtask: installing {krate} {version} into {}",
            root.display()
        );
        run(cargo()
            .args(["install", "--locked", "--no-default-features", "--quiet"])
            .arg("--root")
            .arg(&root)
            .arg(format!("{krate}@{version}")))?;
    }
    Ok(program)
}

/// `PATH` with `folders` in front.
fn prepend_path(folders: &[&Path]) -> std::ffi::OsString {
    let current = std::env::var_os("PATH").unwrap_or_default();
    let all = folders
        .iter()
        .map(|f| f.to_path_buf())
        .chain(std::env::split_paths(&current));
    std::env::join_paths(all).unwrap_or(current)
}
