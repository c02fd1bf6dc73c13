//! The desktop platforms the addon ships libraries for, the two builds of each, and each
//! library's name in `bin/` (as `horizons_edge.gdextension` lists them).

/// Which build of the library: the one the editor and tests load, or the one a game ships.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Profile {
    /// `cargo build`: debug checks on; loaded by the editor and by debug exports.
    Debug,
    /// `cargo build --release`: what an exported game ships.
    Release,
}

impl Profile {
    /// The feature tag used in the `.gdextension` file and the library's file name.
    pub fn tag(self) -> &'static str {
        match self {
            Profile::Debug => "debug",
            Profile::Release => "release",
        }
    }
}

/// One platform: Godot's name for its OS and architecture, and Rust's target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Platform {
    /// `linux`, `windows` or `macos`: Godot's feature tag (and Rust's OS name).
    pub os: &'static str,
    /// `x86_64` or `arm64`: Godot's feature tag.
    pub arch: &'static str,
    /// The Rust target triple.
    pub triple: &'static str,
}

/// Every platform the `.gdextension` names, in the order it names them.
pub const ALL: [Platform; 5] = [
    Platform::new("linux", "x86_64", "x86_64-unknown-linux-gnu"),
    Platform::new("linux", "arm64", "aarch64-unknown-linux-gnu"),
    Platform::new("windows", "x86_64", "x86_64-pc-windows-gnu"),
    Platform::new("macos", "arm64", "aarch64-apple-darwin"),
    Platform::new("macos", "x86_64", "x86_64-apple-darwin"),
];

impl Platform {
    const fn new(os: &'static str, arch: &'static str, triple: &'static str) -> Platform {
        Platform { os, arch, triple }
    }

    /// The platform this program runs on (one of [`ALL`] on the machines we build on).
    pub fn host() -> Platform {
        let arch = match std::env::consts::ARCH {
            "aarch64" => "arm64",
            other => other,
        };
        ALL.into_iter()
            .find(|p| p.os == std::env::consts::OS && p.arch == arch)
            .unwrap_or(ALL[0])
    }

    /// `linux-x86_64`: how the command line and the reports name it.
    pub fn name(self) -> String {
        format!("{}-{}", self.os, self.arch)
    }

    /// The platform named `name` (see [`Platform::name`]).
    pub fn from_name(name: &str) -> Option<Platform> {
        ALL.into_iter().find(|p| p.name() == name)
    }

    /// The library's file name in `bin/`, e.g. `libhorizons_edge.linux.debug.x86_64.so` or
    /// `horizons_edge.windows.release.x86_64.dll`.
    pub fn library_name(self, profile: Profile) -> String {
        let (prefix, suffix) = self.file_affixes();
        format!(
            "{prefix}horizons_edge.{}.{}.{}{suffix}",
            self.os,
            profile.tag(),
            self.arch
        )
    }

    /// The file Cargo writes for this platform: `libhorizons_edge.so`, `horizons_edge.dll`, ...
    pub fn built_name(self) -> String {
        let (prefix, suffix) = self.file_affixes();
        format!("{prefix}horizons_edge{suffix}")
    }

    fn file_affixes(self) -> (&'static str, &'static str) {
        match self.os {
            "windows" => ("", ".dll"),
            "macos" => ("lib", ".dylib"),
            _ => ("lib", ".so"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Profile;
    use super::{ALL, Platform};

    #[test]
    fn every_library_the_gdextension_names_is_one_we_build() {
        let text =
            include_str!("../../../godot-project/addons/horizons_edge/horizons_edge.gdextension");
        let named: Vec<&str> = text
            .lines()
            .filter_map(|line| line.split_once(" = \"bin/"))
            .map(|(_, file)| file.trim_end_matches('"'))
            .collect();
        let mut built: Vec<String> = ALL
            .iter()
            .flat_map(|p| {
                [
                    p.library_name(Profile::Debug),
                    p.library_name(Profile::Release),
                ]
            })
            .collect();
        let mut named: Vec<String> = named.into_iter().map(str::to_owned).collect();
        built.sort();
        named.sort();
        assert_eq!(built, named);
        assert_eq!(
            Platform::from_name("macos-arm64").map(|p| p.triple),
            Some("aarch64-apple-darwin")
        );
    }
}
