//! Linting and format-checking our GDScript with gdtoolkit (`gdlint`, `gdformat`), installed
//! from PyPI into a virtual environment in the user cache on first use, and the style guide's
//! order of methods ([`crate::gdscript_order`]), which gdlint does not check.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::process::run;
use crate::{Result, paths};

/// The gdtoolkit release we lint with (Godot 4 syntax).
const GDTOOLKIT: &str = "gdtoolkit==4.5.0";

/// Runs `gdlint`, `gdformat --check` and the method order check over every GDScript file we own.
pub fn lint() -> Result {
    let bin = ensure_gdtoolkit()?;
    let files = our_scripts()?;
    if files.is_empty() {
        return Err("no GDScript files found".to_owned());
    }
    eprintln!("xtask: gdlint + gdformat --check on {} files", files.len());
    run(Command::new(bin.join("gdlint")).args(&files))?;
    run(Command::new(bin.join("gdformat"))
        .arg("--check")
        .args(&files))?;
    let mut misplaced = Vec::new();
    for file in &files {
        let source = std::fs::read_to_string(file)
            .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
        for problem in crate::gdscript_order::problems(&source) {
            misplaced.push(format!("{}: {problem}", file.display()));
        }
    }
    if misplaced.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "methods out of the style guide's order (static, virtual, public, private):\n{}",
            misplaced.join("\n")
        ))
    }
}

/// The venv's `bin/` with gdtoolkit installed.
fn ensure_gdtoolkit() -> Result<PathBuf> {
    crate::pypi::venv_with(GDTOOLKIT, |bin| {
        crate::pypi::runs(&bin.join("gdlint"), &["--version"])
    })
}

/// Every `.gd` file in the bundled project and the test project, skipping Godot's caches and the
/// test project's copy of the addon.
fn our_scripts() -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for project in [paths::godot_project(), paths::test_project()] {
        collect(&project, &mut files)?;
    }
    let copied_addon = paths::test_project().join("addons");
    files.retain(|f| !f.starts_with(&copied_addon));
    files.sort();
    Ok(files)
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) -> Result {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot list {}: {e}", dir.display()))?;
    for entry in entries.flatten() {
        let path = entry.path();
        let hidden = entry.file_name().to_string_lossy().starts_with('.');
        if path.is_dir() && !hidden {
            collect(&path, files)?;
        } else if path.extension().is_some_and(|ext| ext == "gd") {
            files.push(path);
        }
    }
    Ok(())
}
