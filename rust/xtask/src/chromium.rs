//! Headless Chromium for screenshots of HTML pages: Debian bookworm's `chromium` with its
//! dependency closure and the DejaVu fonts, unpacked into a private sysroot in the cache (see
//! [`crate::debian`]); no root, nothing installed into the system.
//!
//! It runs through the sysroot's own dynamic loader, copied beside the browser so the browser
//! finds its resources (`*.pak`, `icudtl.dat`, V8 snapshots) beside the program it was started
//! as. Chromium starts its helper processes as that same program, which here is the loader, so
//! `--browser-subprocess-path` names a wrapper script that starts them through the loader too.
//! Fontconfig reads a configuration of its own that lists only the sysroot's fonts.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::debian::Sysroot;
use crate::folders::recreate;
use crate::process::output;
use crate::{Result, paths};

/// Debian bookworm's Chromium and a font family for its text.
const CHROMIUM: Sysroot = Sysroot {
    name: "chromium-sysroot-r1",
    suite: "bookworm",
    packages: &["chromium", "fonts-dejavu-core"],
};

/// What a headless, GPU-less browser never opens, removed after unpacking to keep the cache small
/// (~820 MB → ~510 MB): documentation, translations, icons, Perl, and Mesa's drivers with the
/// LLVM they load (Chromium renders with its own SwiftShader).
const UNUSED: [&str; 9] = [
    "usr/share/doc",
    "usr/share/man",
    "usr/share/locale",
    "usr/share/icons",
    "usr/share/perl",
    "usr/lib/x86_64-linux-gnu/perl",
    "usr/lib/x86_64-linux-gnu/dri",
    "usr/lib/x86_64-linux-gnu/libLLVM-15.so.1",
    "usr/lib/x86_64-linux-gnu/libz3.so.4",
];

/// The browser's folder inside the sysroot.
const BROWSER_DIR: &str = "usr/lib/chromium";

/// Removes a file or folder, if it is there.
fn remove(path: &Path) -> Result {
    let removed = match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.is_dir() => std::fs::remove_dir_all(path),
        Ok(_) => std::fs::remove_file(path),
        Err(_) => return Ok(()),
    };
    removed.map_err(|e| format!("cannot remove {}: {e}", path.display()))
}

/// A headless Chromium from the private sysroot, ready to run.
pub struct Chromium {
    root: PathBuf,
}

impl Chromium {
    /// The private Chromium, fetched into the cache on first use; its wrapper and font
    /// configuration are (re)written beside the sysroot.
    pub fn ensure() -> Result<Chromium> {
        let root = CHROMIUM.root()?;
        for unused in UNUSED {
            remove(&root.join(unused))?;
        }
        let dir = root.join(BROWSER_DIR);
        let libraries = root.join("lib/x86_64-linux-gnu");
        let loader = dir.join("ld-linux-x86-64.so.2");
        if !loader.exists() {
            std::fs::copy(libraries.join("ld-linux-x86-64.so.2"), &loader)
                .map_err(|e| format!("cannot copy the loader: {e}"))?;
        }
        let chromium = Chromium { root };
        chromium.write_wrapper()?;
        chromium.write_fonts_conf()?;
        Ok(chromium)
    }

    /// The folders the browser's libraries are found in.
    fn library_path(&self) -> String {
        let r = &self.root;
        [
            r.join(BROWSER_DIR),
            r.join("usr/lib/x86_64-linux-gnu"),
            r.join("usr/lib/x86_64-linux-gnu/pulseaudio"),
            r.join("lib/x86_64-linux-gnu"),
        ]
        .iter()
        .map(|p| p.display().to_string())
        .collect::<Vec<_>>()
        .join(":")
    }

    /// The script helper processes are started with: the browser through the loader.
    fn wrapper(&self) -> PathBuf {
        self.root.join(BROWSER_DIR).join("chromium-helper")
    }

    fn write_wrapper(&self) -> Result {
        let dir = self.root.join(BROWSER_DIR);
        let script = format!(
            "#!/bin/sh\n# Written by `cargo xtask`: a Chromium helper process through the \
             sysroot's loader.\nexec \"{dir}/ld-linux-x86-64.so.2\" --library-path \"{path}\" \
             \"{dir}/chromium\" \"$@\"\n",
            dir = dir.display(),
            path = self.library_path()
        );
        let wrapper = self.wrapper();
        std::fs::write(&wrapper, script)
            .map_err(|e| format!("cannot write {}: {e}", wrapper.display()))?;
        std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755))
            .map_err(|e| format!("cannot make {} executable: {e}", wrapper.display()))
    }

    /// A fontconfig file listing only the sysroot's fonts, with its cache in the cache folder.
    fn fonts_conf(&self) -> PathBuf {
        CHROMIUM.dir().join("fonts.conf")
    }

    fn write_fonts_conf(&self) -> Result {
        let conf = format!(
            "<?xml version=\"1.0\"?>\n<!DOCTYPE fontconfig SYSTEM \"fonts.dtd\">\n<fontconfig>\n  \
             <dir>{}</dir>\n  <cachedir>{}</cachedir>\n  <include ignore_missing=\"yes\">{}</include>\n\
             </fontconfig>\n",
            self.root.join("usr/share/fonts").display(),
            CHROMIUM.dir().join("fontconfig-cache").display(),
            self.root.join("etc/fonts/conf.d").display(),
        );
        let path = self.fonts_conf();
        std::fs::write(&path, conf).map_err(|e| format!("cannot write {}: {e}", path.display()))
    }

    /// Renders `page` (a local HTML file) at `width`×`height` CSS pixels into `png`; fails if
    /// the browser fails, writes nothing or takes more than two minutes.
    pub fn screenshot(&self, page: &Path, png: &Path, (width, height): (u32, u32)) -> Result {
        let page = page
            .canonicalize()
            .map_err(|e| format!("cannot find {}: {e}", page.display()))?;
        let profile = paths::target().join("chromium-profile");
        recreate(&profile)?;
        let dir = self.root.join(BROWSER_DIR);
        // A browser that hangs fails the step instead of holding up the run.
        let mut command = Command::new("timeout");
        command
            .args(["--kill-after=5", "120"])
            .arg(dir.join("ld-linux-x86-64.so.2"))
            .arg("--library-path")
            .arg(self.library_path())
            .arg(dir.join("chromium"))
            .args([
                "--headless",
                "--no-sandbox",
                "--no-zygote",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--hide-scrollbars",
            ])
            .arg(format!(
                "--browser-subprocess-path={}",
                self.wrapper().display()
            ))
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg(format!("--screenshot={}", png.display()))
            .arg(format!("--window-size={width},{height}"))
            .arg(format!("file://{}", page.display()))
            .env("FONTCONFIG_FILE", self.fonts_conf())
            .env_remove("DISPLAY");
        if png.exists() {
            std::fs::remove_file(png)
                .map_err(|e| format!("cannot remove {}: {e}", png.display()))?;
        }
        output(&mut command)?;
        if png.exists() {
            Ok(())
        } else {
            Err(format!("Chromium wrote no {}", png.display()))
        }
    }
}
