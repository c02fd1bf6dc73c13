//! Folders a step makes afresh: emptied before it writes there, or removed.

use std::path::Path;

use crate::Result;

/// Empties `dir`, creating it if needed.
pub fn recreate(dir: &Path) -> Result {
    remove(dir)?;
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))
}

/// Removes `dir` and everything in it, if it exists.
pub fn remove(dir: &Path) -> Result {
    if dir.exists() {
        std::fs::remove_dir_all(dir)
            .map_err(|e| format!("cannot remove {}: {e}", dir.display()))?;
    }
    Ok(())
}
