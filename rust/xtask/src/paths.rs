//! Where things live: the repository's folders and the per-user cache outside it.

use std::path::{Path, PathBuf};

/// The repository root (the workspace's top folder).
pub fn root() -> PathBuf {
    // CARGO_MANIFEST_DIR is rust/xtask.
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .nth(2)
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

/// The bundled Godot project.
pub fn godot_project() -> PathBuf {
    root().join("godot-project")
}

/// The drop-in addon inside the bundled project.
pub fn addon() -> PathBuf {
    godot_project().join("addons").join("horizons_edge")
}

/// The minimal project that stands in for a user's game in the headless suites.
pub fn test_project() -> PathBuf {
    root().join("tests")
}

/// Cargo's target folder (logs and reports go under it too).
pub fn target() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root().join("target"), PathBuf::from)
}

/// The cache shared by every clone on this machine: `$XDG_CACHE_HOME/horizons-edge` or
/// `~/.cache/horizons-edge`.
pub fn cache() -> PathBuf {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .filter(|dir| !dir.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cache")))
        .unwrap_or_else(std::env::temp_dir);
    base.join("horizons-edge")
}
