//! Checking a built library, not assuming it: the file format and architecture its platform
//! needs, the entry symbol Godot calls (`gdext_rust_init`), the dynamic libraries it needs (only
//! ones every player's system has: no MinGW runtime DLL, for one), the newest glibc symbol
//! version a Linux library asks for, and on macOS a valid ad-hoc code signature.

use std::path::Path;

use goblin::Object;
use goblin::mach::{Mach, MachO};
use sha2::{Digest, Sha256};

use crate::Result;
use crate::cross::GLIBC;
use crate::platform::Platform;

/// The symbol Godot looks up (`entry_symbol` in the `.gdextension`).
const ENTRY: &str = "gdext_rust_init";

/// Libraries a Linux system always has (glibc and GCC's runtime).
const LINUX_LIBRARIES: [&str; 8] = [
    "libc.so.6",
    "libm.so.6",
    "libdl.so.2",
    "libpthread.so.0",
    "librt.so.1",
    "libgcc_s.so.1",
    "ld-linux-x86-64.so.2",
    "ld-linux-aarch64.so.1",
];

/// DLLs every Windows 10 and 11 has (lower case); `api-ms-win-*` sets are allowed too.
const WINDOWS_LIBRARIES: [&str; 10] = [
    "kernel32.dll",
    "ntdll.dll",
    "msvcrt.dll",
    "ucrtbase.dll",
    "bcrypt.dll",
    "bcryptprimitives.dll",
    "advapi32.dll",
    "ws2_32.dll",
    "userenv.dll",
    "user32.dll",
];

/// What a library turned out to be.
#[derive(Debug)]
pub struct Inspection {
    /// `ELF x86_64`, `PE x86_64`, `Mach-O arm64`, ...
    pub kind: String,
    /// The dynamic libraries it needs.
    pub needs: Vec<String>,
    /// Extra facts: the newest glibc version asked for, the code signature.
    pub notes: Vec<String>,
}

impl std::fmt::Display for Inspection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}, exports {ENTRY}, needs {}",
            self.kind,
            self.needs.join(" ")
        )?;
        for note in &self.notes {
            write!(f, ", {note}")?;
        }
        Ok(())
    }
}

/// Inspects the library at `path`, built for `platform`; fails naming what is wrong.
pub fn check(path: &Path, platform: Platform) -> Result<Inspection> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let inspection =
        inspect(&bytes, platform).map_err(|problem| format!("{}: {problem}", path.display()))?;
    Ok(inspection)
}

fn inspect(bytes: &[u8], platform: Platform) -> Result<Inspection> {
    let object = Object::parse(bytes).map_err(|e| format!("not a library: {e}"))?;
    let (kind, arch, exports, needs, notes) = match (&object, platform.os) {
        (Object::Elf(elf), "linux") => {
            let arch = match elf.header.e_machine {
                goblin::elf::header::EM_X86_64 => "x86_64",
                goblin::elf::header::EM_AARCH64 => "arm64",
                _ => "another architecture",
            };
            let exports = elf
                .dynsyms
                .iter()
                .filter(|s| s.st_value != 0)
                .filter_map(|s| elf.dynstrtab.get_at(s.st_name))
                .any(|name| name == ENTRY);
            let needs: Vec<String> = elf.libraries.iter().map(|l| (*l).to_owned()).collect();
            let glibc = newest_glibc(elf);
            if glibc > Some(GLIBC) {
                return Err(format!(
                    "asks for glibc {}, newer than the {}.{} the Linux libraries promise",
                    version_text(glibc),
                    GLIBC.0,
                    GLIBC.1
                ));
            }
            let note = format!("glibc {}+", version_text(glibc));
            ("ELF", arch, exports, needs, vec![note])
        }
        (Object::PE(pe), "windows") => {
            let arch = match pe.header.coff_header.machine {
                goblin::pe::header::COFF_MACHINE_X86_64 => "x86_64",
                _ => "another architecture",
            };
            let exports = pe.exports.iter().any(|e| e.name == Some(ENTRY));
            let needs = pe.libraries.iter().map(|l| (*l).to_owned()).collect();
            ("PE", arch, exports, needs, Vec::new())
        }
        (Object::Mach(Mach::Binary(macho)), "macos") => {
            let arch = match macho.header.cputype() {
                goblin::mach::cputype::CPU_TYPE_ARM64 => "arm64",
                goblin::mach::cputype::CPU_TYPE_X86_64 => "x86_64",
                _ => "another architecture",
            };
            let exports = macho
                .exports()
                .map_err(|e| format!("unreadable exports: {e}"))?
                .iter()
                .any(|e| e.name == format!("_{ENTRY}"));
            // goblin lists the library's own install name (or "self") among them.
            let needs = macho
                .libs
                .iter()
                .filter(|l| **l != "self" && Some(**l) != macho.name)
                .map(|l| (*l).to_owned())
                .collect();
            if !macho.name.is_some_and(|name| name.starts_with("@rpath/")) {
                return Err(format!(
                    "its install name {:?} is not @rpath/…: a build folder's path",
                    macho.name
                ));
            }
            let signature = verify_signature(macho, bytes)?;
            ("Mach-O", arch, exports, needs, vec![signature])
        }
        _ => return Err(format!("not a {} library", platform.os)),
    };
    if arch != platform.arch {
        return Err(format!("{kind} for {arch}, not {}", platform.arch));
    }
    if !exports {
        return Err(format!("{kind} does not export {ENTRY}"));
    }
    let foreign: Vec<&String> = needs
        .iter()
        .filter(|l| !is_system_library(platform.os, l))
        .collect();
    if !foreign.is_empty() {
        return Err(format!(
            "needs libraries a player's system may lack: {foreign:?}"
        ));
    }
    Ok(Inspection {
        kind: format!("{kind} {arch}"),
        needs,
        notes,
    })
}

fn is_system_library(os: &str, library: &str) -> bool {
    match os {
        "linux" => LINUX_LIBRARIES.contains(&library),
        "windows" => {
            let lower = library.to_ascii_lowercase();
            lower.starts_with("api-ms-win-") || WINDOWS_LIBRARIES.contains(&lower.as_str())
        }
        _ => library.starts_with("/usr/lib/") || library.starts_with("/System/Library/"),
    }
}

/// The newest `GLIBC_x.y` version the library's symbols ask for, if any.
fn newest_glibc(elf: &goblin::elf::Elf<'_>) -> Option<(u32, u32)> {
    let mut newest: Option<(u32, u32)> = None;
    if let Some(verneed) = &elf.verneed {
        for need in verneed.iter() {
            for aux in need.iter() {
                let Some(name) = elf.dynstrtab.get_at(aux.vna_name) else {
                    continue;
                };
                let Some(version) = name.strip_prefix("GLIBC_") else {
                    continue;
                };
                let mut parts = version.split('.').map(|p| p.parse::<u32>().unwrap_or(0));
                let pair = (parts.next().unwrap_or(0), parts.next().unwrap_or(0));
                newest = newest.max(Some(pair));
            }
        }
    }
    newest
}

fn version_text(version: Option<(u32, u32)>) -> String {
    version.map_or_else(|| "none".to_owned(), |(a, b)| format!("{a}.{b}"))
}

/// Checks the ad-hoc code signature macOS demands of arm64 code: an `LC_CODE_SIGNATURE` whose
/// CodeDirectory hashes (SHA-256, one per 4 KiB page) match every page of the file before it.
fn verify_signature(macho: &MachO<'_>, bytes: &[u8]) -> Result<String> {
    use goblin::mach::load_command::CommandVariant;
    let (offset, size) = macho
        .load_commands
        .iter()
        .find_map(|c| match &c.command {
            CommandVariant::CodeSignature(sig) => {
                Some((sig.dataoff as usize, sig.datasize as usize))
            }
            _ => None,
        })
        .ok_or("no code signature (macOS refuses unsigned arm64 code)")?;
    let blob = bytes
        .get(offset..offset + size)
        .ok_or("the code signature lies outside the file")?;
    let be = |at: usize| -> Result<u32> {
        blob.get(at..at + 4)
            .and_then(|b| b.try_into().ok())
            .map(u32::from_be_bytes)
            .ok_or_else(|| "a truncated code signature".to_owned())
    };
    if be(0)? != 0xfade_0cc0 {
        return Err("the code signature is not a SuperBlob".to_owned());
    }
    let directory = (0..be(8)? as usize)
        .map(|i| be(16 + 8 * i).map(|o| o as usize))
        .find(|o| {
            o.as_ref()
                .is_ok_and(|o| be(*o).is_ok_and(|m| m == 0xfade_0c02))
        })
        .ok_or("no CodeDirectory in the code signature")??;
    let flags = be(directory + 12)?;
    let hash_offset = directory + be(directory + 16)? as usize;
    let code_slots = be(directory + 28)? as usize;
    let code_limit = be(directory + 32)? as usize;
    let header = blob
        .get(directory + 36..directory + 40)
        .ok_or("a truncated CodeDirectory")?;
    let (hash_size, hash_type, page_shift) = (header[0] as usize, header[1], header[3]);
    if hash_type != 2 || hash_size != 32 {
        return Err(format!("hash type {hash_type} is not SHA-256"));
    }
    let page = 1usize << page_shift;
    // The hashed code must be the whole file up to the signature, page by page.
    if code_limit != offset || code_slots != code_limit.div_ceil(page) {
        return Err(format!(
            "the CodeDirectory hashes {code_slots} pages up to byte {code_limit}, not the \
             {offset} bytes before the signature"
        ));
    }
    for slot in 0..code_slots {
        let start = slot * page;
        let content = bytes
            .get(start..(start + page).min(code_limit))
            .ok_or("a code page lies outside the file")?;
        let expected = blob
            .get(hash_offset + slot * 32..hash_offset + slot * 32 + 32)
            .ok_or("a truncated hash slot")?;
        if Sha256::digest(content).as_slice() != expected {
            return Err(format!(
                "page {slot} does not match its code signature hash"
            ));
        }
    }
    let adhoc = if flags & 0x2 != 0 { "ad-hoc " } else { "" };
    let by = if flags & 0x2_0000 != 0 {
        " by the linker"
    } else {
        ""
    };
    Ok(format!(
        "{adhoc}signed{by}, {code_slots} page hashes verified"
    ))
}

#[cfg(test)]
mod tests {
    use super::{inspect, is_system_library};
    use crate::platform::Platform;

    #[test]
    fn mingw_runtime_dlls_are_not_system_libraries() {
        for dll in [
            "libgcc_s_seh-1.dll",
            "libwinpthread-1.dll",
            "libstdc++-6.dll",
        ] {
            assert!(!is_system_library("windows", dll), "{dll}");
        }
        for dll in [
            "KERNEL32.dll",
            "api-ms-win-core-synch-l1-2-0.dll",
            "ntdll.dll",
        ] {
            assert!(is_system_library("windows", dll), "{dll}");
        }
        assert!(!is_system_library("linux", "libstdc++.so.6"));
        assert!(is_system_library("macos", "/usr/lib/libSystem.B.dylib"));
        assert!(!is_system_library("macos", "@rpath/libfoo.dylib"));
    }

    #[test]
    fn a_file_that_is_no_library_is_refused() {
        let windows = Platform::from_name("windows-x86_64");
        let refused = windows.map(|p| inspect(b"not a library at all", p).is_err());
        assert_eq!(refused, Some(true));
    }
}
