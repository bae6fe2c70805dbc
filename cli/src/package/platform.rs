//! Which operating system and processor a hook binary is built for, read from the first bytes
//! of the file (ELF, Mach-O, PE headers) rather than from its name, which a build script may
//! not set. A small reader of the few header fields needed (rather than the `object` crate):
//! `package` only needs the format and the machine field, and the CLI stays free of a large
//! dependency.
//!
//! Sources for the field offsets and values: the ELF gABI (`e_machine` at byte 18:
//! `EM_X86_64` 62, `EM_AARCH64` 183), Apple's `<mach-o/loader.h>` and `<mach-o/fat.h>`
//! (`MH_MAGIC_64` 0xfeedfacf, `FAT_MAGIC` 0xcafebabe, `CPU_TYPE_X86_64` 0x01000007,
//! `CPU_TYPE_ARM64` 0x0100000c), and Microsoft's PE format (`e_lfanew` at 0x3c, `Machine` after
//! the `PE\0\0` signature: `IMAGE_FILE_MACHINE_AMD64` 0x8664, `IMAGE_FILE_MACHINE_ARM64`
//! 0xaa64).

use std::fmt;

/// An operating system a plugin can carry a binary for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Os {
    /// ELF executables: Linux (the ELF header does not tell Linux from other Unix systems; the
    /// launcher runs them on Linux only).
    Linux,
    /// Mach-O executables.
    Mac,
    /// PE executables.
    Windows,
}

/// A processor architecture.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Arch {
    /// x86_64 (amd64).
    X86_64,
    /// 64-bit Arm.
    Aarch64,
    /// A macOS universal (fat) binary holding both.
    Universal,
}

/// What a binary runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Platform {
    /// Its operating system.
    pub os: Os,
    /// Its processor.
    pub arch: Arch,
}

impl fmt::Display for Platform {
    /// The folder name under the plugin's `bin/`: `linux-x86_64`, `macos-universal`, ...
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let os = match self.os {
            Os::Linux => "linux",
            Os::Mac => "macos",
            Os::Windows => "windows",
        };
        let arch = match self.arch {
            Arch::X86_64 => "x86_64",
            Arch::Aarch64 => "aarch64",
            Arch::Universal => "universal",
        };
        write!(f, "{os}-{arch}")
    }
}

/// The platform of the executable whose bytes start with `head` (the first 4 KiB are enough:
/// a PE header lies past the DOS stub, at `e_lfanew`), or why it is none `package` can carry.
pub fn detect(head: &[u8]) -> Result<Platform, String> {
    let u16_le = |at: usize| {
        head.get(at..at + 2)
            .map(|b| u16::from_le_bytes([b[0], b[1]]))
    };
    let u32_le = |at: usize| {
        head.get(at..at + 4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    };
    let u32_be = |at: usize| {
        head.get(at..at + 4)
            .map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    };
    let arch_or = |arch: Option<Arch>, what: String| arch.ok_or(what);
    if head.starts_with(b"\x7fELF") {
        // EI_CLASS 2: 64-bit; EI_DATA 1: little-endian (both machines package knows are).
        if head.get(4) != Some(&2) || head.get(5) != Some(&1) {
            return Err("an ELF file that is not 64-bit little-endian".to_owned());
        }
        let machine = u16_le(18).ok_or("a truncated ELF header")?;
        let arch = match machine {
            62 => Some(Arch::X86_64),
            183 => Some(Arch::Aarch64),
            _ => None,
        };
        return arch_or(
            arch,
            format!("an ELF executable for machine {machine}, neither x86_64 nor aarch64"),
        )
        .map(|arch| Platform {
            os: Os::Linux,
            arch,
        });
    }
    if u32_le(0) == Some(0xfeed_facf) {
        let cpu = u32_le(4).ok_or("a truncated Mach-O header")?;
        return arch_or(
            mach_arch(cpu),
            format!("a Mach-O executable for CPU type {cpu:#x}"),
        )
        .map(|arch| Platform { os: Os::Mac, arch });
    }
    // FAT_MAGIC is also a Java class file's magic: a fat header lists few architectures.
    if let (Some(0xcafe_babe), Some(count @ 1..=16)) = (u32_be(0), u32_be(4)) {
        let archs: Vec<Option<Arch>> = (0..count as usize)
            .map(|i| u32_be(8 + 20 * i).and_then(mach_arch))
            .collect();
        let has = |arch| archs.contains(&Some(arch));
        let arch = match (has(Arch::X86_64), has(Arch::Aarch64)) {
            (true, true) => Arch::Universal,
            (true, false) => Arch::X86_64,
            (false, true) => Arch::Aarch64,
            (false, false) => {
                return Err("a universal Mach-O file with neither x86_64 nor arm64 in it".into())
            }
        };
        return Ok(Platform { os: Os::Mac, arch });
    }
    if head.starts_with(b"MZ") {
        let pe = u32_le(0x3c).ok_or("a truncated DOS header")? as usize;
        if head.get(pe..pe + 4) != Some(b"PE\0\0") {
            return Err("an MZ file without a PE header in its first 4 KiB".to_owned());
        }
        let machine = u16_le(pe + 4).ok_or("a truncated PE header")?;
        let arch = match machine {
            0x8664 => Some(Arch::X86_64),
            0xaa64 => Some(Arch::Aarch64),
            _ => None,
        };
        return arch_or(
            arch,
            format!("a Windows executable for machine {machine:#x}, neither x86_64 nor arm64"),
        )
        .map(|arch| Platform {
            os: Os::Windows,
            arch,
        });
    }
    Err("not an executable package knows (ELF, Mach-O or PE)".to_owned())
}

/// A Mach-O CPU type package knows.
fn mach_arch(cpu: u32) -> Option<Arch> {
    match cpu {
        0x0100_0007 => Some(Arch::X86_64),
        0x0100_000c => Some(Arch::Aarch64),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn elf(machine: u16) -> Vec<u8> {
        let mut head = b"\x7fELF\x02\x01\x01\0".to_vec();
        head.resize(18, 0);
        head.extend_from_slice(&machine.to_le_bytes());
        head
    }

    fn pe(machine: u16) -> Vec<u8> {
        let mut head = b"MZ".to_vec();
        head.resize(0x3c, 0);
        head.extend_from_slice(&0x80u32.to_le_bytes());
        head.resize(0x80, 0);
        head.extend_from_slice(b"PE\0\0");
        head.extend_from_slice(&machine.to_le_bytes());
        head
    }

    fn platform(os: Os, arch: Arch) -> Result<Platform, String> {
        Ok(Platform { os, arch })
    }

    #[test]
    fn reads_each_format_and_machine() {
        assert_eq!(detect(&elf(62)), platform(Os::Linux, Arch::X86_64));
        assert_eq!(detect(&elf(183)), platform(Os::Linux, Arch::Aarch64));
        assert_eq!(detect(&pe(0x8664)), platform(Os::Windows, Arch::X86_64));
        assert_eq!(detect(&pe(0xaa64)), platform(Os::Windows, Arch::Aarch64));
        let mut mach = 0xfeed_facfu32.to_le_bytes().to_vec();
        mach.extend_from_slice(&0x0100_000cu32.to_le_bytes());
        assert_eq!(detect(&mach), platform(Os::Mac, Arch::Aarch64));
        let mut fat = 0xcafe_babeu32.to_be_bytes().to_vec();
        fat.extend_from_slice(&2u32.to_be_bytes());
        for cpu in [0x0100_0007u32, 0x0100_000c] {
            fat.extend_from_slice(&cpu.to_be_bytes());
            fat.extend_from_slice(&[0; 16]);
        }
        assert_eq!(detect(&fat), platform(Os::Mac, Arch::Universal));
        assert_eq!(
            Platform {
                os: Os::Mac,
                arch: Arch::Universal
            }
            .to_string(),
            "macos-universal"
        );
    }

    #[test]
    fn refuses_what_it_cannot_carry() {
        assert!(detect(&elf(3)).is_err_and(|e| e.contains("machine 3")));
        assert!(detect(&pe(0x14c)).is_err_and(|e| e.contains("0x14c")));
        assert!(detect(b"#!/bin/sh\nexec true\n").is_err_and(|e| e.contains("not an executable")));
        // A Java class file: FAT_MAGIC with a version where the count would be.
        assert!(detect(b"\xca\xfe\xba\xbe\x00\x00\x00\x41").is_err());
    }
}
