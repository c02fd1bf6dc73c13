//! Checks that every class, method, signal, constant and property of the extension carries a
//! description in Godot's built-in help.
//!
//! `godot --doctool` cannot tell (it writes skeletons from ClassDB; the descriptions gdext
//! registers only reach the editor), so this opens the real editor, headless, on a throwaway
//! project holding the addon and the probe plugin in `tests/doc_probe/`, which reads each class's
//! help page as a developer would see it. While the editor is up, the probe also checks that the
//! token bag display (a `@tool` script) previews in the editor, from its scene and made bare.

use std::path::Path;

use crate::extension;
use crate::godot::Godot;
use crate::headless::Run;
use crate::{Result, paths};

/// Runs the probe; fails on any undocumented item.
pub fn check(godot: &Godot) -> Result {
    let project = paths::target().join("doc-probe");
    crate::folders::remove(&project)?;
    // Not registered in `.godot/extension_list.cfg`: the editor finds the extension as it scans
    // the new project, as when a developer drops the addon in. Loaded at startup instead, its
    // help pages are lost to the documentation the editor is still generating on a machine
    // with no documentation cache yet (every page reads "There is currently no description").
    extension::copy_addon(&project)?;
    let probe = project.join("addons").join("doc_probe");
    std::fs::create_dir_all(&probe)
        .map_err(|e| format!("cannot create {}: {e}", probe.display()))?;
    for file in ["plugin.cfg", "doc_probe.gd"] {
        let source = paths::test_project().join("doc_probe").join(file);
        std::fs::copy(&source, probe.join(file))
            .map_err(|e| format!("cannot copy {}: {e}", source.display()))?;
    }
    write_project(&project)?;
    // The editor's own settings, caches and documentation cache, fresh for each run: another
    // editor (or an earlier run) sharing them cannot hand the probe half-written pages.
    let home = paths::target().join("doc-probe-home");
    crate::folders::remove(&home)?;
    let finished = Run::new(godot, &project, 300)
        .args(["--editor"])
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_CACHE_HOME", home.join("cache"))
        .env("XDG_DATA_HOME", home.join("data"))
        .finish(true)?;
    let report: Vec<&str> = finished
        .log
        .lines()
        .filter(|line| line.starts_with("DOC PROBLEM") || line.starts_with("doc check:"))
        .collect();
    eprintln!("{}", report.join("\n"));
    finished.check("class docs")?;
    if report.iter().any(|line| line.starts_with("doc check:")) {
        Ok(())
    } else {
        Err("class docs: the probe printed no result".to_owned())
    }
}

fn write_project(project: &Path) -> Result {
    let file = project.join("project.godot");
    std::fs::write(
        &file,
        "config_version=5\n\n[application]\n\nconfig/name=\"Doc probe\"\n\n\
         [editor_plugins]\n\nenabled=PackedStringArray(\"res://addons/doc_probe/plugin.cfg\")\n",
    )
    .map_err(|e| format!("cannot write {}: {e}", file.display()))
}
