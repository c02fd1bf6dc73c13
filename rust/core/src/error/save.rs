//! Refusals of a save, a replay or a journal that cannot be loaded, and how a save's header is
//! read to say why.

use std::ops::RangeInclusive;

use serde::Deserialize;
use thiserror::Error;

/// A saved state that cannot be loaded. Loading never changes the current state when it fails.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SaveError {
    /// Not JSON, truncated, or JSON of the wrong shape.
    #[error("the save is not valid JSON of the expected shape: {0}")]
    Malformed(String),
    /// A binary save that is truncated or does not hold what a binary save holds.
    #[error("the binary save cannot be read: {0}")]
    MalformedBinary(String),
    /// JSON for something else (another format tag).
    #[error("the save is a \"{found}\" file, expected \"{expected}\"")]
    WrongFormat {
        /// The tag the loader expects.
        expected: &'static str,
        /// The tag found in the file.
        found: String,
    },
    /// A format version this build does not read.
    #[error("save format version {found} is not supported (this build reads {})", versions(*.oldest, *.supported))]
    UnsupportedVersion {
        /// The version found in the file.
        found: u32,
        /// The oldest version this build still reads.
        oldest: u32,
        /// The version this build writes (and the newest it reads).
        supported: u32,
    },
    /// Well-formed JSON whose contents contradict each other (tampered with or damaged).
    #[error("the save is inconsistent: {0}")]
    Inconsistent(String),
}

impl SaveError {
    /// Reads a JSON save as `T` and checks its header (`header` gives its `format` tag and
    /// `version`) as [`SaveError::check_header`] does. When the save does not parse, its tag and
    /// version are read alone: another kind of file, or a version this build does not read (a
    /// later build's save may well hold fields this one does not know), is named as such rather
    /// than as malformed JSON.
    pub(crate) fn read_json<'a, T: Deserialize<'a>>(
        json: &'a str,
        expected: &'static str,
        supported: RangeInclusive<u32>,
        header: fn(&T) -> (&str, u32),
    ) -> Result<T, SaveError> {
        let save: T = serde_json::from_str(json).map_err(|error| {
            SaveError::from(error).or_header(
                serde_json::from_str(json).ok(),
                expected,
                supported.clone(),
            )
        })?;
        let (format, version) = header(&save);
        Self::check_header(format, expected, version, supported)?;
        Ok(save)
    }

    /// This error, or, when `header` (read alone from a save that did not load) names another
    /// kind of file or a version this build does not read, that.
    pub(crate) fn or_header(
        self,
        header: Option<SaveHeader>,
        expected: &'static str,
        supported: RangeInclusive<u32>,
    ) -> SaveError {
        header
            .and_then(|header| {
                Self::check_header(&header.format, expected, header.version, supported).err()
            })
            .unwrap_or(self)
    }

    /// Checks a save's `format` tag and `version` against what the loader reads: `supported`,
    /// from the oldest version it still reads to the one it writes.
    pub(crate) fn check_header(
        format: &str,
        expected: &'static str,
        version: u32,
        supported: RangeInclusive<u32>,
    ) -> Result<(), SaveError> {
        if format != expected {
            return Err(SaveError::WrongFormat {
                expected,
                found: format.to_owned(),
            });
        }
        if !supported.contains(&version) {
            return Err(SaveError::UnsupportedVersion {
                found: version,
                oldest: *supported.start(),
                supported: *supported.end(),
            });
        }
        Ok(())
    }
}

/// What every save opens with, read alone (the rest ignored) to say why a save did not load.
#[derive(Deserialize)]
pub(crate) struct SaveHeader {
    format: String,
    version: u32,
}

/// "version 2", or "versions 1 to 2".
fn versions(oldest: u32, newest: u32) -> String {
    if oldest == newest {
        format!("version {newest}")
    } else {
        format!("versions {oldest} to {newest}")
    }
}

impl From<serde_json::Error> for SaveError {
    /// The error, and for a whole number read as a decimal (`2.0` where a count belongs) what
    /// must have happened: a JSON parser that reads every number as a float (Godot's
    /// `JSON.parse_string` does) had the save and wrote it again, which also rounds numbers
    /// past 2^53 (seeds, random streams) beyond repair.
    fn from(error: serde_json::Error) -> Self {
        let mut reason = error.to_string();
        if reason.starts_with("invalid type: floating point") {
            reason.push_str(
                " (a whole number read as a decimal: the save went through a JSON parser that \
                 reads every number as a float, as Godot's JSON.parse_string does; keep a save as \
                 the text it was written as, e.g. a String inside your own save)",
            );
        }
        SaveError::Malformed(reason)
    }
}
