//! The core's modules depend on each other one way only: each top-level module may use those
//! below it in [`LAYERS`], never those above, so a newcomer can read them bottom-up; and the
//! modules inside `game` use each other one way too (no circle).

use std::fs;
use std::path::Path;

/// Top-level modules, bottom first. A module may use any module that comes before it.
const LAYERS: &[&str] = &[
    "ids", "random", "error", "fairness", "bag", "turns", "game", "audit",
];

/// The source of module `name`: `src/name.rs` and everything under `src/name/`, comments left out.
fn source_of(name: &str) -> String {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    let single = src.join(format!("{name}.rs"));
    if single.exists() {
        files.push(single);
    }
    let mut dirs = vec![src.join(name)];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    assert!(!files.is_empty(), "module {name} has no source");
    files
        .iter()
        .flat_map(|file| {
            fs::read_to_string(file)
                .unwrap()
                .lines()
                .filter(|line| !line.trim_start().starts_with("//"))
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn modules_only_use_the_layers_below_them() {
    let mut breaches = Vec::new();
    for (level, module) in LAYERS.iter().enumerate() {
        let source = source_of(module);
        for above in &LAYERS[level + 1..] {
            if source.contains(&format!("crate::{above}::"))
                || source.contains(&format!("crate::{above};"))
                || source.contains(&format!("crate::{above}}}"))
            {
                breaches.push(format!("{module} uses {above}"));
            }
        }
    }
    assert!(
        breaches.is_empty(),
        "dependencies against the layering: {breaches:?}"
    );
}

#[test]
fn every_top_level_module_has_a_layer() {
    let lib = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs")).unwrap();
    for line in lib.lines() {
        if let Some(name) = line
            .strip_prefix("pub mod ")
            .and_then(|l| l.strip_suffix(';'))
        {
            assert!(
                LAYERS.contains(&name),
                "module {name} is missing from LAYERS"
            );
        }
    }
}

/// The modules inside `game` (a file `src/game/name.rs` or a folder `src/game/name/`) and, for
/// each, the others it uses (`crate::game::other` anywhere in it, or `super::other` in a file of
/// its own; the folder `game/` itself, `mod.rs`, is the one that ties them together).
fn game_modules() -> Vec<(String, Vec<String>)> {
    let game = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/game");
    let mut names: Vec<String> = fs::read_dir(&game)
        .unwrap()
        .flatten()
        .filter_map(|entry| {
            let name = entry.file_name().to_string_lossy().into_owned();
            let stem = name.strip_suffix(".rs").unwrap_or(&name).to_owned();
            (stem != "mod").then_some(stem)
        })
        .collect();
    names.sort();
    names.dedup();
    names
        .iter()
        .map(|module| {
            let source = source_of(&format!("game/{module}"));
            let is_file = game.join(format!("{module}.rs")).exists();
            let uses = names
                .iter()
                .filter(|other| *other != module)
                .filter(|other| {
                    source.contains(&format!("crate::game::{other}"))
                        || (is_file && source.contains(&format!("super::{other}")))
                })
                .cloned()
                .collect();
            (module.clone(), uses)
        })
        .collect()
}

#[test]
fn the_game_modules_use_each_other_one_way() {
    let modules = game_modules();
    assert!(modules.len() > 10, "{modules:?}");
    // Peel off the modules that use no module left; what never peels off is a cycle.
    let mut left = modules.clone();
    loop {
        let before = left.len();
        let names: Vec<String> = left.iter().map(|(name, _)| name.clone()).collect();
        left.retain(|(_, uses)| uses.iter().any(|used| names.contains(used)));
        if left.len() == before {
            break;
        }
    }
    assert!(
        left.is_empty(),
        "game modules that use each other in a circle (each with what it uses): {left:?}"
    );
}
