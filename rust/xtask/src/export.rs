//! `cargo xtask export`: the bundled game exported as a player gets it, then played.
//!
//! Godot's export templates for Windows and macOS come only from the Godot project's own
//! downloads, which this machine cannot reach. Debian ships the Linux x86_64 ones
//! (`godot-template-release`, built from the same 4.6.3 source as its editor), so the bundled
//! game is exported for Linux with that template from a project with the package of the Linux
//! libraries (`cargo xtask package --only linux-x86_64`) installed, and the exported game, which
//! carries the release library, plays a bot game headless. The template comes from a private sysroot in the cache, with the libraries it
//! links against, and runs through that sysroot's own loader (see [`crate::debian`]).

use std::path::Path;
use std::process::Command;

use crate::debian::Sysroot;
use crate::extension::Profile;
use crate::godot::Godot;
use crate::headless::{Run, trouble};
use crate::package::{self, Options};
use crate::platform::Platform;
use crate::process::output;
use crate::{Result, paths};

/// Debian's Linux release export template and its libraries.
const TEMPLATE: Sysroot = Sysroot {
    name: "godot-template-sysroot-r1",
    suite: "forky",
    packages: &["godot-template-release"],
};

/// The export preset's name, and the exported game's file name.
const PRESET: &str = "Linux";
const GAME: &str = "horizons_edge_demo.x86_64";

/// Exports the bundled game with the packaged Linux release library and plays 8 bots for 3
/// rounds in the exported game.
pub fn run() -> Result {
    let godot = Godot::locate_or_fetch()?;
    let sysroot = TEMPLATE.root()?;
    let template = sysroot.join("usr/bin/godot-template-release");
    let linux = Platform::from_name("linux-x86_64").ok_or("no linux-x86_64 platform")?;
    let zip = package::package(
        &Options {
            platforms: vec![linux],
            // The editor that exports loads the debug library; the game ships the release one.
            profiles: vec![Profile::Debug, Profile::Release],
        },
        &paths::target().join("export-package"),
    )?;
    let project = paths::target().join("export-project");
    package::install_into_copy(&zip, &paths::godot_project(), &project)?;
    std::fs::write(project.join("export_presets.cfg"), presets(&template))
        .map_err(|e| format!("cannot write the export preset: {e}"))?;
    crate::projects::import(&godot, &project)?;

    let out = paths::target().join("export");
    crate::folders::recreate(&out)?;
    let game = out.join(GAME);
    Run::new(&godot, &project, 300)
        .args(["--export-release", PRESET])
        .args([game.to_string_lossy()])
        .finish(true)?
        .check("export")?;
    let library = out.join(linux.library_name(Profile::Release));
    for file in [&game, &game.with_extension("pck"), &library] {
        if !file.exists() {
            return Err(format!("the export did not write {}", file.display()));
        }
    }
    check_no_checks(&game.with_extension("pck"))?;
    let log = play(&sysroot, &game)?;
    // Debian's release template logs an engine error for every control a container lets go
    // ("Attempt to disconnect a nonexistent connection ... callable: ''"); the editor running
    // the same game logs none, so they are counted, not failed on.
    let errors: Vec<&str> = log.lines().filter(|l| l.contains("ERROR:")).collect();
    eprintln!(
        "xtask: exported {} and played it to the end; {} engine ERROR lines{}",
        game.display(),
        errors.len(),
        errors
            .first()
            .map_or(String::new(), |e| format!(", the first: {e}"))
    );
    Ok(())
}

/// The bundled project's check scripts, which `cargo xtask test` runs and a player never does:
/// left out of the exported game.
const CHECKS: &str = "game/ui_check.gd, game/flow_check.gd, online/online_check.gd";

/// Fails if the exported pack holds any of [`CHECKS`]: a pack names each file it holds, and an
/// exported script is a compiled file and its `.remap` (its path alone is also in the pack's
/// list of every resource's uid, which does not ship the file).
fn check_no_checks(pack: &Path) -> Result {
    let bytes = std::fs::read(pack).map_err(|e| format!("cannot read {}: {e}", pack.display()))?;
    let shipped: Vec<&str> = CHECKS
        .split(", ")
        .filter(|check| {
            let entry = format!("{check}.remap");
            bytes.windows(entry.len()).any(|w| w == entry.as_bytes())
        })
        .collect();
    match shipped.is_empty() {
        true => Ok(()),
        false => Err(format!("the exported game ships {}", shipped.join(", "))),
    }
}

/// The export preset: Linux x86_64, the pack beside the executable, Debian's template, the
/// project's check scripts ([`CHECKS`]) left out.
fn presets(template: &Path) -> String {
    let template = template.display();
    format!(
        "[preset.0]\n\nname=\"{PRESET}\"\nplatform=\"Linux\"\nrunnable=true\n\
         export_filter=\"all_resources\"\nexclude_filter=\"{CHECKS}\"\nexport_path=\"\"\n\n\
         [preset.0.options]\n\n\
         custom_template/debug=\"{template}\"\ncustom_template/release=\"{template}\"\n\
         binary_format/embed_pck=false\nbinary_format/architecture=\"x86_64\"\n"
    )
}

/// Runs the exported `game` headless with 8 bots for 3 rounds; returns its log, or fails
/// unless the game ended and its log shows none of [`crate::headless`]'s trouble.
///
/// The template runs through the sysroot's loader. Debian's release template allows no
/// `--main-pack`, and Godot looks for `<its executable's name>.pck`, so the loader is copied
/// beside the game as `<game>.loader`: the engine then finds `<game>.pck`.
fn play(sysroot: &Path, game: &Path) -> Result<String> {
    let libraries = sysroot.join("usr/lib/x86_64-linux-gnu");
    let loader = game.with_extension("loader");
    std::fs::copy(libraries.join("ld-linux-x86-64.so.2"), &loader)
        .map_err(|e| format!("cannot copy the loader: {e}"))?;
    let search = std::env::join_paths([
        libraries.clone(),
        sysroot.join("lib/x86_64-linux-gnu"),
        libraries.join("pulseaudio"),
    ])
    .map_err(|e| format!("the sysroot's library path: {e}"))?;
    let finished = output(
        Command::new("timeout")
            .args(["--kill-after=10", "120"])
            .arg(&loader)
            .arg("--library-path")
            .arg(&search)
            .arg(game)
            .args(["--headless", "--audio-driver", "Dummy", "--"])
            .args(["--players", "8", "--rounds", "3"]),
    )?;
    let log = format!(
        "{}{}",
        String::from_utf8_lossy(&finished.stdout),
        String::from_utf8_lossy(&finished.stderr)
    );
    let trouble = trouble(&log);
    if !trouble.is_empty() {
        return Err(format!(
            "the exported game's log shows trouble:\n  {}",
            trouble.join("\n  ")
        ));
    }
    if !log.contains("game over") {
        return Err(format!("the exported game did not reach its end:\n{log}"));
    }
    Ok(log)
}

#[cfg(test)]
mod tests {
    use super::{PRESET, presets};
    use std::path::Path;

    #[test]
    fn the_preset_exports_linux_with_the_given_template() {
        let text = presets(Path::new("/cache/usr/bin/godot-template-release"));
        assert!(text.contains(&format!("name=\"{PRESET}\"")));
        assert!(text.contains("platform=\"Linux\""));
        assert!(text.contains("custom_template/release=\"/cache/usr/bin/godot-template-release\""));
        assert!(text.contains("binary_format/embed_pck=false"));
    }
}
