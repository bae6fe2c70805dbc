//! Process plumbing a hook needs and std does not offer: stdout set aside for the answer, and a
//! deadline timer. Unix only; elsewhere stdout is used as it is and deadlines are not enforced.
//!
//! - While the handler runs, descriptor 1 points at stderr, so a stray `println!` (the
//!   handler's or a library's) cannot corrupt the answer, which is written at the end to a
//!   private copy of the real stdout.
//! - A deadline is a `SIGALRM` timer, not a thread (a thread costs a tenth of a millisecond
//!   and a sixth of the instructions of a whole hook run). When it fires, the signal handler
//!   writes the failure answer prepared before the handler started and exits: `write` and
//!   `_exit` are async-signal-safe, nothing else runs.

#![allow(unsafe_code)] // descriptor and timer calls; each `unsafe` block says why it is sound.

use std::io::Write;
use std::time::Duration;

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
            let saved = redirect();
            use std::os::fd::AsRawFd;
            ANSWER_FD.store(
                saved.as_ref().map_or(1, AsRawFd::as_raw_fd),
                std::sync::atomic::Ordering::SeqCst,
            );
            ProtocolOut { saved }
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

/// The descriptor the answer goes to, once `ProtocolOut::take` ran (-1 before: in-process runs,
/// such as tests, never arm a deadline).
#[cfg(unix)]
static ANSWER_FD: std::sync::atomic::AtomicI32 = std::sync::atomic::AtomicI32::new(-1);

#[cfg(unix)]
extern "C" {
    fn dup(fd: i32) -> i32;
    fn dup2(from: i32, to: i32) -> i32;
}

#[cfg(unix)]
fn redirect() -> Option<std::fs::File> {
    use std::os::fd::{FromRawFd, OwnedFd};
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

/// A running deadline; dropping it disarms the timer.
pub(crate) struct Deadline {
    #[cfg(all(unix, target_pointer_width = "64", target_endian = "little"))]
    armed: bool,
}

/// What the signal handler writes when the deadline passes.
pub(crate) struct LateAnswer {
    pub(crate) stdout: Vec<u8>,
    pub(crate) stderr: Vec<u8>,
    pub(crate) exit_code: i32,
}

impl Deadline {
    /// Arms a timer that answers `late` and exits after `after`, in a hook process. `late` is
    /// only built when a timer is armed. In-process runs and other platforms get no timer.
    pub(crate) fn arm(after: Duration, late: impl FnOnce() -> LateAnswer) -> Deadline {
        #[cfg(all(unix, target_pointer_width = "64", target_endian = "little"))]
        {
            let fd = ANSWER_FD.load(std::sync::atomic::Ordering::SeqCst);
            if fd < 0 {
                return Deadline { armed: false };
            }
            timer::arm(after, fd, late());
            Deadline { armed: true }
        }
        #[cfg(not(all(unix, target_pointer_width = "64", target_endian = "little")))]
        {
            let _ = (after, late);
            Deadline {}
        }
    }
}

impl Drop for Deadline {
    fn drop(&mut self) {
        #[cfg(all(unix, target_pointer_width = "64", target_endian = "little"))]
        if self.armed {
            timer::disarm();
        }
    }
}

#[cfg(all(unix, target_pointer_width = "64", target_endian = "little"))]
mod timer {
    use super::LateAnswer;
    use std::sync::atomic::{AtomicPtr, Ordering};
    use std::time::Duration;

    /// `struct timeval`. On 64-bit little-endian Linux and macOS both fields fit this layout
    /// (macOS's 32-bit `tv_usec` is the low half, followed by padding).
    #[repr(C)]
    struct TimeVal {
        seconds: i64,
        microseconds: i64,
    }

    #[repr(C)]
    struct ItimerVal {
        interval: TimeVal,
        value: TimeVal,
    }

    const ITIMER_REAL: i32 = 0;
    const SIGALRM: i32 = 14;

    extern "C" {
        fn signal(signum: i32, handler: extern "C" fn(i32)) -> usize;
        fn setitimer(which: i32, new: *const ItimerVal, old: *mut ItimerVal) -> i32;
        fn write(fd: i32, buf: *const u8, count: usize) -> isize;
        fn _exit(code: i32) -> !;
    }

    /// The answer to write when the timer fires, and where; null when no timer is armed.
    static LATE: AtomicPtr<(LateAnswer, i32)> = AtomicPtr::new(std::ptr::null_mut());

    extern "C" fn on_alarm(_: i32) {
        let late = LATE.load(Ordering::SeqCst);
        if late.is_null() {
            return;
        }
        // SAFETY: `LATE` points at a leaked `Box` that is never freed, so the reference is valid;
        // `write` and `_exit` are async-signal-safe and the buffers outlive the calls.
        unsafe {
            let (answer, fd) = &*late;
            write_all(2, &answer.stderr);
            write_all(*fd, &answer.stdout);
            _exit(answer.exit_code);
        }
    }

    /// SAFETY: only `write`, on a buffer that lives as long as the call.
    unsafe fn write_all(fd: i32, mut bytes: &[u8]) {
        while !bytes.is_empty() {
            let written = write(fd, bytes.as_ptr(), bytes.len());
            if written <= 0 {
                return;
            }
            bytes = &bytes[written as usize..];
        }
    }

    pub(super) fn arm(after: Duration, fd: i32, late: LateAnswer) {
        // Leaked on purpose: the signal handler may read it until the process exits.
        let previous = LATE.swap(Box::into_raw(Box::new((late, fd))), Ordering::SeqCst);
        debug_assert!(previous.is_null(), "one deadline per process");
        let after = after.max(Duration::from_micros(1));
        let timer = ItimerVal {
            interval: TimeVal {
                seconds: 0,
                microseconds: 0,
            },
            value: TimeVal {
                seconds: after.as_secs() as i64,
                microseconds: i64::from(after.subsec_micros()),
            },
        };
        // SAFETY: `on_alarm` is an `extern "C" fn(i32)` that only does async-signal-safe work;
        // `setitimer` reads a valid `ItimerVal` and is given no old-value pointer.
        unsafe {
            signal(SIGALRM, on_alarm);
            setitimer(ITIMER_REAL, &timer, std::ptr::null_mut());
        }
    }

    pub(super) fn disarm() {
        let stop = ItimerVal {
            interval: TimeVal {
                seconds: 0,
                microseconds: 0,
            },
            value: TimeVal {
                seconds: 0,
                microseconds: 0,
            },
        };
        // SAFETY: as in `arm`; a zero value stops the timer.
        unsafe {
            setitimer(ITIMER_REAL, &stop, std::ptr::null_mut());
        }
        LATE.store(std::ptr::null_mut(), Ordering::SeqCst);
    }
}

/// Writes an answer that must go out at once (a panic under `panic = "abort"`) and ends the
/// process without unwinding.
pub(crate) fn answer_and_exit(answer: &LateAnswer) -> ! {
    let _ = std::io::stderr().write_all(&answer.stderr);
    #[cfg(unix)]
    {
        use std::os::fd::FromRawFd;
        let fd = ANSWER_FD.load(std::sync::atomic::Ordering::SeqCst);
        if fd >= 0 {
            // SAFETY: `fd` is the descriptor `ProtocolOut` keeps open for the whole process;
            // `ManuallyDrop` keeps this second handle from closing it.
            let mut file = std::mem::ManuallyDrop::new(unsafe { std::fs::File::from_raw_fd(fd) });
            let _ = file.write_all(&answer.stdout).and_then(|()| file.flush());
            std::process::exit(answer.exit_code)
        }
    }
    let mut stdout = std::io::stdout().lock();
    let _ = stdout
        .write_all(&answer.stdout)
        .and_then(|()| stdout.flush());
    std::process::exit(answer.exit_code)
}
