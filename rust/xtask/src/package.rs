//! `cargo xtask package`: the addon as a game developer without Rust downloads it, and as the
//! Godot Asset Library takes it — `target/package/horizons_edge-<version>.zip`, holding
//! `addons/horizons_edge/` with the libraries for every desktop platform (debug and release),
//! each inspected (see [`crate::inspect`]), the LICENSE, a short README, the project's README as
//! `MANUAL.md` and the CHANGELOG.

use std::io::Write;
use std::path::{Path, PathBuf};

use zip::write::SimpleFileOptions;

use crate::extension::{self, Profile};
use crate::godot::Godot;
use crate::platform::{self, Platform};
use crate::{Result, cross, inspect, paths};

/// The version in the package's name and in `plugin.cfg`: the workspace's.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// What goes into a package.
pub struct Options {
    /// The platforms whose libraries it carries.
    pub platforms: Vec<Platform>,
    /// Debug and release, or release only.
    pub profiles: Vec<Profile>,
}

/// What the command line picks for a package.
#[derive(Debug, clap::Args)]
pub struct Choice {
    /// Only these platforms' libraries (comma-separated; default: every platform).
    #[arg(
        long,
        value_name = "PLATFORMS",
        value_delimiter = ',',
        value_parser = platform_named,
    )]
    only: Vec<Platform>,
    /// The release libraries alone, without the debug ones.
    #[arg(long)]
    release_only: bool,
}

impl Choice {
    /// The package chosen: every platform, debug and release, unless narrowed.
    pub fn options(&self) -> Options {
        Options {
            platforms: if self.only.is_empty() {
                platform::ALL.to_vec()
            } else {
                self.only.clone()
            },
            profiles: if self.release_only {
                vec![Profile::Release]
            } else {
                vec![Profile::Debug, Profile::Release]
            },
        }
    }
}

/// The platform `name` names (see [`Platform::name`]), for `--only`.
fn platform_named(name: &str) -> Result<Platform> {
    Platform::from_name(name).ok_or_else(|| {
        let all = platform::ALL.map(Platform::name).join(", ");
        format!("unknown platform `{name}` (one of {all})")
    })
}

/// `cargo xtask package [...]`: builds, inspects and zips; prints where the zip is.
pub fn run(choice: &Choice) -> Result {
    let zip = package(&choice.options(), &paths::target().join("package"))?;
    println!("{}", zip.display());
    Ok(())
}

/// Builds every library `options` asks for, checks each, and writes the zip into `out` (the
/// addon is staged there too); returns its path.
pub fn package(options: &Options, out: &Path) -> Result<PathBuf> {
    check_plugin_version(
        &std::fs::read_to_string(paths::addon().join("plugin.cfg"))
            .map_err(|e| format!("cannot read the addon's plugin.cfg: {e}"))?,
    )?;
    let staged = out.join("addons").join("horizons_edge");
    crate::folders::recreate(&staged)?;
    // Not `bin/`: the libraries come from the cross builds. Not Godot's import sidecars.
    extension::copy_dir_except(&paths::addon(), &staged, &|name| {
        name == "bin" || name.ends_with(".import")
    })?;
    let bin = staged.join("bin");
    std::fs::create_dir_all(&bin).map_err(|e| format!("cannot create {}: {e}", bin.display()))?;
    for &platform in &options.platforms {
        for &profile in &options.profiles {
            let started = std::time::Instant::now();
            let built = cross::build(platform, profile)?;
            let seconds = started.elapsed().as_secs();
            let inspection = inspect::check(&built, platform)?;
            let name = platform.library_name(profile);
            let size = std::fs::metadata(&built).map_or(0, |m| m.len());
            eprintln!(
                "xtask: {name} ({:.1} MB, built in {seconds} s): {inspection}",
                size as f64 / 1e6
            );
            copy(&built, &bin.join(&name))?;
        }
    }
    for file in ["LICENSE", "CHANGELOG.md"] {
        copy(&paths::root().join(file), &staged.join(file))?;
    }
    // The whole guide, which the class reference (F1) cites as "README"; the addon's own
    // README.md is the short one that points to it.
    copy(&paths::root().join("README.md"), &staged.join("MANUAL.md"))?;
    let zip = out.join(format!("horizons_edge-{VERSION}.zip"));
    write_zip(out, &staged, &zip)?;
    let size = std::fs::metadata(&zip).map_or(0, |m| m.len());
    eprintln!("xtask: {} ({:.1} MB)", zip.display(), size as f64 / 1e6);
    Ok(zip)
}

/// Fails unless `plugin_cfg` names [`VERSION`].
fn check_plugin_version(plugin_cfg: &str) -> Result {
    let line = format!("version=\"{VERSION}\"");
    if plugin_cfg.lines().any(|l| l.trim() == line) {
        Ok(())
    } else {
        Err(format!(
            "the addon's plugin.cfg does not say {line}: bump it with the workspace version"
        ))
    }
}

fn copy(from: &Path, to: &Path) -> Result {
    std::fs::copy(from, to)
        .map(drop)
        .map_err(|e| format!("cannot copy {} to {}: {e}", from.display(), to.display()))
}

/// Zips every file under `folder` into `zip`, named by their paths relative to `base`.
fn write_zip(base: &Path, folder: &Path, zip: &Path) -> Result {
    let file =
        std::fs::File::create(zip).map_err(|e| format!("cannot create {}: {e}", zip.display()))?;
    let mut writer = zip::ZipWriter::new(file);
    let options = SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .unix_permissions(0o644);
    let mut files = Vec::new();
    list_files(folder, &mut files)?;
    files.sort();
    for path in files {
        let name = path
            .strip_prefix(base)
            .map_err(|e| format!("{} is outside {}: {e}", path.display(), base.display()))?
            .to_string_lossy()
            .replace('\\', "/");
        let bytes =
            std::fs::read(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        writer
            .start_file(name, options)
            .and_then(|()| writer.write_all(&bytes).map_err(Into::into))
            .map_err(|e| format!("cannot write {}: {e}", zip.display()))?;
    }
    writer
        .finish()
        .map(drop)
        .map_err(|e| format!("cannot finish {}: {e}", zip.display()))
}

fn list_files(folder: &Path, files: &mut Vec<PathBuf>) -> Result {
    let entries =
        std::fs::read_dir(folder).map_err(|e| format!("cannot list {}: {e}", folder.display()))?;
    for entry in entries {
        let path = entry
            .map_err(|e| format!("cannot list {}: {e}", folder.display()))?
            .path();
        if path.is_dir() {
            list_files(&path, files)?;
        } else {
            files.push(path);
        }
    }
    Ok(())
}

/// The package as a developer without Rust installs it: a package of this machine's debug
/// library (what the editor and headless runs load) unzipped into a fresh copy of the test
/// project (its suites, none of its addon), imported, and the headless suites run against it.
pub fn check_installed(godot: &Godot) -> Result {
    let zip = package(
        &Options {
            platforms: vec![Platform::host()],
            profiles: vec![Profile::Debug],
        },
        &paths::target().join("zip-package"),
    )?;
    let project = paths::target().join("zip-project");
    install_into_copy(&zip, &paths::test_project(), &project)?;
    crate::projects::import(godot, &project)?;
    crate::projects::headless_suites(godot, &project)
}

/// Makes `project` a fresh copy of the Godot project `source` without its addons or Godot's
/// caches, with the package `zip` unpacked into it and the extension registered: the package
/// installed as a developer without Rust installs it.
pub fn install_into_copy(zip: &Path, source: &Path, project: &Path) -> Result {
    crate::folders::recreate(project)?;
    extension::copy_dir_except(source, project, &|name| {
        name == "addons" || name == ".godot"
    })?;
    unzip(zip, project)?;
    crate::extension::register_extension(project)
}

/// Unpacks `zip` into `folder`.
fn unzip(zip: &Path, folder: &Path) -> Result {
    let file =
        std::fs::File::open(zip).map_err(|e| format!("cannot open {}: {e}", zip.display()))?;
    zip::ZipArchive::new(file)
        .and_then(|mut archive| archive.extract(folder))
        .map_err(|e| format!("cannot unpack {}: {e}", zip.display()))
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::{Options, VERSION, check_plugin_version};
    use crate::cli::{Cli, Task};

    /// The package `cargo xtask package <args>` makes.
    fn parse(args: &[&str]) -> Result<Options, String> {
        let cli = Cli::try_parse_from(["cargo xtask", "package"].iter().chain(args))
            .map_err(|e| e.to_string())?;
        match cli.task {
            Task::Package(choice) => Ok(choice.options()),
            other => Err(format!("parsed as {other:?}")),
        }
    }

    #[test]
    fn the_addon_says_the_workspace_version() {
        let plugin_cfg = include_str!("../../../godot-project/addons/horizons_edge/plugin.cfg");
        assert_eq!(check_plugin_version(plugin_cfg), Ok(()));
        assert!(check_plugin_version("[plugin]\nversion=\"0.0.0-other\"\n").is_err());
        assert!(!VERSION.is_empty());
    }

    #[test]
    fn options_name_platforms_and_profiles() {
        let options = parse(&["--only", "linux-x86_64,windows-x86_64", "--release-only"])
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(options.platforms.len(), 2);
        assert_eq!(options.profiles.len(), 1);
        assert!(parse(&["--only", "amiga"]).is_err());
        assert!(parse(&["--only"]).is_err());
        let all = parse(&[]).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((all.platforms.len(), all.profiles.len()), (5, 2));
    }
}
