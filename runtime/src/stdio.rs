//! stdout belongs to the protocol: while the handler runs, file descriptor 1 points at stderr,
//! so a stray `println!` (the handler's or a library's) cannot corrupt the answer; the answer
//! is written at the end to a private copy of the real stdout.

#![allow(unsafe_code)] // two POSIX calls on file descriptors; see `redirect`.

use std::io::Write;

/// Where the answer goes: the real stdout, set aside before the handler runs.
pub(crate) struct ProtocolOut {
    #[cfg(unix)]
    saved: Option<std::fs::File>,
}

impl ProtocolOut {
    /// Sets the real stdout aside and points descriptor 1 at stderr. Where that is not possible
    /// (not unix, or a descriptor call fails) the answer simply goes to stdout.
    pub(crate) fn take() -> ProtocolOut {
        #[cfg(unix)]
        {
            ProtocolOut { saved: redirect() }
        }
        #[cfg(not(unix))]
        {
            ProtocolOut {}
        }
    }

    /// Writes the answer; a closed stdout is ignored (there is no one left to tell).
    pub(crate) fn write(self, bytes: &[u8]) {
        #[cfg(unix)]
        if let Some(mut file) = self.saved {
            let _ = file.write_all(bytes).and_then(|()| file.flush());
            return;
        }
        let mut stdout = std::io::stdout().lock();
        let _ = stdout.write_all(bytes).and_then(|()| stdout.flush());
    }
}

#[cfg(unix)]
fn redirect() -> Option<std::fs::File> {
    use std::os::fd::{FromRawFd, OwnedFd};
    extern "C" {
        fn dup(fd: i32) -> i32;
        fn dup2(from: i32, to: i32) -> i32;
    }
    const STDOUT: i32 = 1;
    const STDERR: i32 = 2;
    // SAFETY: `dup` and `dup2` only operate on the process's descriptor table. `dup` returns a
    // new descriptor that nothing else owns, so `OwnedFd` may take it (and close it on drop);
    // `dup2(2, 1)` replaces descriptor 1 in place, which std's stdout keeps using by number.
    unsafe {
        let saved = dup(STDOUT);
        if saved < 0 {
            return None;
        }
        let saved = std::fs::File::from(OwnedFd::from_raw_fd(saved));
        if dup2(STDERR, STDOUT) < 0 {
            return None;
        }
        Some(saved)
    }
}
