//! The core's modules depend on each other one way only: each top-level module may use those
//! below it in [`LAYERS`], never those above, so a newcomer can read them bottom-up.

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
