//! Process plumbing a hook needs and std does not offer: stdout set aside for the answer, a
//! deadline timer, a way to answer and end the process at once, and stdin read a piece at a
//! time. The same behaviour on Unix and on Windows; elsewhere stdout is used as it is and
//! deadlines are not enforced.
//!
//! - While the handler runs, the process's stdout points at stderr, so a stray `println!` (the
//!   handler's, a library's, or a child process's that inherits stdout) cannot corrupt the
//!   answer, which is written at the end to a private copy of the real stdout. The copy is not
//!   inherited by child processes, so a background child cannot hold Cursor's pipe open.
//!   - Unix: descriptor 1 becomes a copy of descriptor 2 (`dup2`).
//!   - Windows: std looks up the standard handles (`GetStdHandle`) on every write, so
//!     `SetStdHandle` points stdout at stderr for Rust code and for child processes. C code
//!     that writes through the C runtime's own `stdout` is not redirected.
//! - A deadline writes the failure answer prepared before it was armed and ends the process
//!   with its exit code, without unwinding or running destructors. One covers reading stdin,
//!   one the handler; both count from the start.
//!   - Unix: a `SIGALRM` timer, not a thread (a thread costs a tenth of a millisecond and a
//!     sixth of the instructions of a whole hook run). The signal handler only calls `write`
//!     and `_exit`, which are async-signal-safe. Arming installs the handler and unblocks
//!     `SIGALRM` on the calling thread, so a launcher that blocked the signal or set it to be
//!     ignored (both survive `exec`) does not silence the deadline.
//!   - Windows: a thread that sleeps until the deadline (Windows has no signals; a timer-queue
//!     timer would run on a thread pool thread all the same).
//! - Stdin is read one `read` at a time straight into the payload's spare capacity (std offers
//!   that only through `read_to_end`, which waits for the end of input, and zeroing room before
//!   each read costs an instruction a byte), and [`stdin_idle`] tells whether the writer has
//!   paused with the pipe open, so the payload is scanned for its end only then.
//!   - Unix: `read` and `poll` on descriptor 0.
//!   - Windows: `ReadFile` and `PeekNamedPipe` on the standard input handle.
//! - Exactly one answer per process: whoever starts answering first (the handler's normal
//!   answer, the deadline, or [`answer_and_exit`] from a panic hook) writes; any other waits
//!   for the process to end.
//!
//! The few system calls are declared by hand, as for POSIX. `windows-sys` would make no
//! smaller or faster binary (it is declarations too), but it would be a new dependency of every
//! hook binary (the runtime takes none) and 19 MB of source and a few seconds of build for
//! eight declarations whose signatures the Windows ABI fixes.

#![allow(unsafe_code)] // descriptor, handle, timer and stdin calls; each `unsafe` block says why it is sound.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Where the answer goes: the real stdout, set aside before the handler runs.
pub(crate) struct ProtocolOut {
    saved: Option<std::fs::File>,
}

/// Whether `ProtocolOut::take` ran, that is whether this is a hook process: in-process runs,
/// such as tests, never arm a deadline.
static TAKEN: AtomicBool = AtomicBool::new(false);

/// Set by the first answer to start; the process ends right after it.
static ANSWERING: AtomicBool = AtomicBool::new(false);

impl ProtocolOut {
    /// Sets the real stdout aside and points stdout at stderr. Where that is not possible
    /// (another platform, or a system call fails) the answer simply goes to stdout.
    pub(crate) fn take() -> ProtocolOut {
        let saved = sys::redirect();
        TAKEN.store(true, Ordering::SeqCst);
        ProtocolOut { saved }
    }

    /// Writes the answer; a closed stdout is ignored (there is no one left to tell).
    pub(crate) fn write(self, bytes: &[u8]) {
        if ANSWERING.swap(true, Ordering::SeqCst) {
            // A deadline or a panic hook is answering and ends the process.
            sys::wait_for_exit();
        }
        match self.saved {
            Some(file) => {
                let _ = (&file).write_all(bytes).and_then(|()| (&file).flush());
                // Kept open: a late writer may still use its number, which must not be reused.
                std::mem::forget(file);
            }
            None => {
                let mut stdout = std::io::stdout().lock();
                let _ = stdout.write_all(bytes).and_then(|()| stdout.flush());
            }
        }
    }
}

/// What the deadline (or a panic hook) answers instead of the handler.
pub(crate) struct LateAnswer {
    pub(crate) stdout: Vec<u8>,
    pub(crate) stderr: Vec<u8>,
    pub(crate) exit_code: i32,
}

/// Writes `answer.stderr` to stderr and `answer.stdout` to the protocol stdout (the real
/// stdout, even while the handler runs), then ends the process with `answer.exit_code` without
/// unwinding or running destructors. Safe to call from a panic hook under `panic = "abort"`.
/// A deadline is stopped first; if another answer is already being written, this waits for
/// that one to end the process.
pub(crate) fn answer_and_exit(answer: &LateAnswer) -> ! {
    // A deadline firing now would start a second answer (on Unix, on this very thread).
    sys::stop_timer();
    try_answer_and_exit(answer);
    sys::wait_for_exit()
}

/// Writes `answer` and ends the process, unless another answer has started: then it returns.
/// Only atomics and the platform writer, so a signal handler may call it.
fn try_answer_and_exit(answer: &LateAnswer) {
    if !ANSWERING.swap(true, Ordering::SeqCst) {
        sys::write_and_exit(answer);
    }
}

/// A running deadline; dropping it disarms the timer.
pub(crate) struct Deadline {
    armed: Option<sys::Timer>,
}

impl Deadline {
    /// Arms a timer that answers `late` and exits after `after`, in a hook process. `late` is
    /// only built when a timer is armed. In-process runs and other platforms get no timer.
    pub(crate) fn arm(after: Duration, late: impl FnOnce() -> LateAnswer) -> Deadline {
        if !sys::HAS_TIMER || !TAKEN.load(Ordering::SeqCst) {
            return Deadline { armed: None };
        }
        Deadline {
            armed: sys::arm(after.max(Duration::from_micros(1)), late()),
        }
    }
}

impl Drop for Deadline {
    fn drop(&mut self) {
        if let Some(timer) = self.armed.take() {
            sys::disarm(timer);
        }
    }
}

/// Reads stdin once, appending at most `max` bytes to `payload` (no more than its spare
/// capacity); 0 at the end of input. A closed stdin reads as the end of input, as std's does.
pub(crate) fn read_stdin(payload: &mut Vec<u8>, max: usize) -> std::io::Result<usize> {
    let room = max.min(payload.capacity() - payload.len());
    if room == 0 {
        return Ok(0);
    }
    sys::read_stdin(payload, room)
}

/// Whether stdin has nothing to read now, and still nothing after `wait`: the writer has
/// paused with the pipe open. False when a read would not wait (data or the end of input is
/// there, or stdin is a file); true where that cannot be told, so the caller looks at what it
/// has rather than wait.
pub(crate) fn stdin_idle(wait: Duration) -> bool {
    sys::stdin_idle(wait)
}

#[cfg(not(any(unix, windows)))]
use other as sys;
#[cfg(unix)]
use unix as sys;
#[cfg(windows)]
use windows as sys;

#[cfg(unix)]
mod unix {
    use super::LateAnswer;
    use std::sync::atomic::{AtomicI32, Ordering};

    /// Where the answer goes: descriptor 1 until `redirect` sets a copy of it aside.
    static ANSWER_FD: AtomicI32 = AtomicI32::new(1);

    extern "C" {
        fn dup2(from: i32, to: i32) -> i32;
        fn write(fd: i32, buf: *const u8, count: usize) -> isize;
        fn read(fd: i32, buf: *mut u8, count: usize) -> isize;
        fn poll(fds: *mut PollFd, count: PollCount, timeout_ms: i32) -> i32;
        fn pause() -> i32;
        fn _exit(code: i32) -> !;
    }

    /// `struct pollfd`, the same on Linux and macOS.
    #[repr(C)]
    struct PollFd {
        fd: i32,
        events: i16,
        returned: i16,
    }

    /// `nfds_t`: `unsigned long` on Linux, `unsigned int` on macOS and the BSDs.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    type PollCount = std::ffi::c_ulong;
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    type PollCount = std::ffi::c_uint;

    const POLLIN: i16 = 1;
    /// `EBADF`, the same on Linux and macOS: stdin is closed.
    const EBADF: i32 = 9;

    pub(super) fn read_stdin(payload: &mut Vec<u8>, room: usize) -> std::io::Result<usize> {
        let len = payload.len();
        // SAFETY: `read` writes at most `room` bytes at the end of `payload`, within its spare
        // capacity (`room` is at most that); `set_len` then covers only the bytes it wrote.
        let read = unsafe { read(0, payload.as_mut_ptr().add(len), room) };
        if read < 0 {
            let error = std::io::Error::last_os_error();
            return match error.raw_os_error() {
                Some(EBADF) => Ok(0),
                _ => Err(error),
            };
        }
        let read = read as usize;
        // SAFETY: as above.
        unsafe { payload.set_len(len + read) };
        Ok(read)
    }

    pub(super) fn stdin_idle(wait: std::time::Duration) -> bool {
        let mut fd = PollFd {
            fd: 0,
            events: POLLIN,
            returned: 0,
        };
        let wait = i32::try_from(wait.as_millis()).unwrap_or(i32::MAX);
        // SAFETY: one valid `pollfd`, which `poll` only reads and writes during the call.
        let ready = unsafe { poll(&mut fd, 1, wait) };
        // Readable, hung up or in error: a read returns at once. An error (a signal) is not
        // knowing: idle.
        ready <= 0
    }

    pub(super) fn redirect() -> Option<std::fs::File> {
        use std::os::fd::{AsFd, AsRawFd};
        const STDOUT: i32 = 1;
        const STDERR: i32 = 2;
        // std duplicates with `F_DUPFD_CLOEXEC`: child processes do not inherit the copy.
        let saved = std::io::stdout().as_fd().try_clone_to_owned().ok()?;
        // SAFETY: `dup2` only edits the process's descriptor table. Replacing descriptor 1 in
        // place is what std's stdout expects (it writes to descriptor 1 by number), and it
        // closes no descriptor that Rust code owns.
        if unsafe { dup2(STDERR, STDOUT) } < 0 {
            return None;
        }
        ANSWER_FD.store(saved.as_raw_fd(), Ordering::SeqCst);
        Some(std::fs::File::from(saved))
    }

    /// Only `write` and `_exit`: async-signal-safe.
    pub(super) fn write_and_exit(answer: &LateAnswer) -> ! {
        write_all(2, &answer.stderr);
        write_all(ANSWER_FD.load(Ordering::SeqCst), &answer.stdout);
        // SAFETY: `_exit` ends the process at once; nothing runs after it.
        unsafe { _exit(answer.exit_code) }
    }

    fn write_all(fd: i32, mut bytes: &[u8]) {
        while !bytes.is_empty() {
            // SAFETY: the pointer and length describe `bytes`, which lives across the call.
            let written = unsafe { write(fd, bytes.as_ptr(), bytes.len()) };
            if written <= 0 {
                return;
            }
            bytes = &bytes[written as usize..];
        }
    }

    pub(super) fn wait_for_exit() -> ! {
        loop {
            // SAFETY: `pause` only waits for a signal.
            unsafe { pause() };
        }
    }

    pub(super) use timer::{arm, disarm, stop_timer, Timer, HAS_TIMER};

    /// Deadlines need `setitimer`, whose `struct timeval` is declared here for 64-bit Linux and
    /// macOS; other Unix systems keep the stdout guard and get no deadline.
    #[cfg(all(
        any(target_os = "linux", target_os = "android", target_os = "macos"),
        target_pointer_width = "64"
    ))]
    mod timer {
        use super::LateAnswer;
        use std::sync::atomic::{AtomicPtr, Ordering};
        use std::time::Duration;

        pub(in super::super) const HAS_TIMER: bool = true;

        /// `struct timeval`: `time_t` is a C `long` on these targets; `suseconds_t` is a
        /// `long` on Linux and a 32-bit `int` on macOS (followed by padding).
        #[repr(C)]
        struct TimeVal {
            seconds: std::ffi::c_long,
            #[cfg(target_os = "macos")]
            microseconds: i32,
            #[cfg(not(target_os = "macos"))]
            microseconds: std::ffi::c_long,
        }

        #[repr(C)]
        struct ItimerVal {
            interval: TimeVal,
            value: TimeVal,
        }

        const ITIMER_REAL: i32 = 0;
        const SIGALRM: i32 = 14;
        /// `SIG_UNBLOCK`: 1 on Linux but for MIPS and SPARC, which number it 2 as macOS does.
        #[cfg(any(
            target_os = "macos",
            target_arch = "mips64",
            target_arch = "mips64r6",
            target_arch = "sparc64"
        ))]
        const SIG_UNBLOCK: i32 = 2;
        #[cfg(not(any(
            target_os = "macos",
            target_arch = "mips64",
            target_arch = "mips64r6",
            target_arch = "sparc64"
        )))]
        const SIG_UNBLOCK: i32 = 1;

        /// A `sigset_t` holding only `SIGALRM`. Both layouts put signal `n` at bit `n - 1` of
        /// the first word (an `unsigned long` array on Linux, a 32-bit word on macOS, where the
        /// low half of this little-endian word is read); 128 bytes is glibc's and musl's size.
        static ALARM_ONLY: [std::ffi::c_ulong; 128 / std::mem::size_of::<std::ffi::c_ulong>()] = {
            let mut set = [0; 128 / std::mem::size_of::<std::ffi::c_ulong>()];
            set[0] = 1 << (SIGALRM - 1);
            set
        };

        extern "C" {
            fn signal(signum: i32, handler: extern "C" fn(i32)) -> usize;
            fn setitimer(which: i32, new: *const ItimerVal, old: *mut ItimerVal) -> i32;
            fn pthread_sigmask(how: i32, set: *const std::ffi::c_ulong, old: *mut u8) -> i32;
        }

        /// A one-shot timer value.
        fn once_after(after: Duration) -> ItimerVal {
            ItimerVal {
                interval: TimeVal {
                    seconds: 0,
                    microseconds: 0,
                },
                value: TimeVal {
                    // Saturates: a timeout past `long`'s range never fires.
                    seconds: after.as_secs().try_into().unwrap_or(std::ffi::c_long::MAX),
                    // Below a million: fits both widths.
                    microseconds: after.subsec_micros() as _,
                },
            }
        }

        /// The answer the signal handler writes; null when no timer is armed.
        static LATE: AtomicPtr<LateAnswer> = AtomicPtr::new(std::ptr::null_mut());

        /// An armed `SIGALRM` timer.
        pub(in super::super) struct Timer;

        extern "C" fn on_alarm(_: i32) {
            let late = LATE.load(Ordering::SeqCst);
            if late.is_null() {
                return;
            }
            // SAFETY: `LATE` points at a leaked `Box` that is never freed, so the reference
            // is valid; what follows only uses atomics, `write` and `_exit`.
            super::super::try_answer_and_exit(unsafe { &*late });
        }

        pub(in super::super) fn arm(after: Duration, late: LateAnswer) -> Option<Timer> {
            // Leaked on purpose: the signal handler may read it until the process exits.
            let previous = LATE.swap(Box::into_raw(Box::new(late)), Ordering::SeqCst);
            debug_assert!(previous.is_null(), "one deadline at a time");
            // A launcher may have blocked `SIGALRM` or set it to be ignored, and `exec` keeps
            // both: without the handler and the unblocking, no deadline would fire.
            // SAFETY: `on_alarm` is an `extern "C" fn(i32)` that only does async-signal-safe
            // work; `pthread_sigmask` only reads `ALARM_ONLY`, a static as large as a
            // `sigset_t`, and is given no old-mask pointer; `setitimer` reads a valid
            // `ItimerVal` and is given no old-value pointer.
            unsafe {
                signal(SIGALRM, on_alarm);
                pthread_sigmask(SIG_UNBLOCK, ALARM_ONLY.as_ptr(), std::ptr::null_mut());
                setitimer(ITIMER_REAL, &once_after(after), std::ptr::null_mut());
            }
            Some(Timer)
        }

        pub(in super::super) fn stop_timer() {
            if LATE.load(Ordering::SeqCst).is_null() {
                return;
            }
            // SAFETY: as in `arm`; a zero value stops the timer.
            unsafe {
                setitimer(
                    ITIMER_REAL,
                    &once_after(Duration::ZERO),
                    std::ptr::null_mut(),
                );
            }
            LATE.store(std::ptr::null_mut(), Ordering::SeqCst);
        }

        pub(in super::super) fn disarm(_: Timer) {
            stop_timer();
        }
    }

    #[cfg(not(all(
        any(target_os = "linux", target_os = "android", target_os = "macos"),
        target_pointer_width = "64"
    )))]
    mod timer {
        pub(in super::super) const HAS_TIMER: bool = false;
        pub(in super::super) enum Timer {}
        pub(in super::super) fn arm(_: std::time::Duration, _: super::LateAnswer) -> Option<Timer> {
            None
        }
        pub(in super::super) fn stop_timer() {}
        pub(in super::super) fn disarm(timer: Timer) {
            match timer {}
        }
    }
}

#[cfg(windows)]
mod windows {
    use super::LateAnswer;
    use std::ffi::c_void;
    use std::sync::atomic::{AtomicPtr, AtomicUsize, Ordering};
    use std::time::Duration;

    type Handle = *mut c_void;
    type Bool = i32;
    const STD_OUTPUT_HANDLE: u32 = -11i32 as u32;
    const STD_ERROR_HANDLE: u32 = -12i32 as u32;
    const HANDLE_FLAG_INHERIT: u32 = 1;

    #[link(name = "kernel32")]
    extern "system" {
        fn GetStdHandle(which: u32) -> Handle;
        fn SetStdHandle(which: u32, handle: Handle) -> Bool;
        fn SetHandleInformation(handle: Handle, mask: u32, flags: u32) -> Bool;
        fn WriteFile(
            file: Handle,
            buffer: *const u8,
            length: u32,
            written: *mut u32,
            overlapped: *mut c_void,
        ) -> Bool;
        fn GetCurrentProcess() -> Handle;
        fn TerminateProcess(process: Handle, exit_code: u32) -> Bool;
        fn ReadFile(
            file: Handle,
            buffer: *mut u8,
            length: u32,
            read: *mut u32,
            overlapped: *mut c_void,
        ) -> Bool;
        fn PeekNamedPipe(
            pipe: Handle,
            buffer: *mut c_void,
            length: u32,
            read: *mut u32,
            available: *mut u32,
            left_in_message: *mut u32,
        ) -> Bool;
    }

    const STD_INPUT_HANDLE: u32 = -10i32 as u32;
    /// The writer closed the pipe, and an invalid handle: both the end of input, as for std.
    const END_OF_INPUT_ERRORS: [i32; 2] = [109, 6];

    pub(super) fn read_stdin(payload: &mut Vec<u8>, room: usize) -> std::io::Result<usize> {
        let len = payload.len();
        let length = u32::try_from(room).unwrap_or(u32::MAX);
        let mut read = 0u32;
        // SAFETY: `GetStdHandle` only reads the standard handle slot. `ReadFile` writes at most
        // `length` bytes at the end of `payload`, within its spare capacity; `read` is a valid
        // out-pointer; no overlapped I/O. `set_len` then covers only the bytes it wrote.
        let ok = unsafe {
            ReadFile(
                GetStdHandle(STD_INPUT_HANDLE),
                payload.as_mut_ptr().add(len),
                length,
                &mut read,
                std::ptr::null_mut(),
            )
        };
        if ok == 0 {
            let error = std::io::Error::last_os_error();
            return match error.raw_os_error() {
                Some(code) if END_OF_INPUT_ERRORS.contains(&code) => Ok(0),
                _ => Err(error),
            };
        }
        // SAFETY: as above.
        unsafe { payload.set_len(len + read as usize) };
        Ok(read as usize)
    }

    pub(super) fn stdin_idle(wait: Duration) -> bool {
        // Windows cannot wait on a pipe for data without reading it: look, wait, look again.
        let empty = || {
            let mut available = 0u32;
            // SAFETY: only the out-pointer for the count is given; nothing is read. On a
            // handle that is not a pipe (a file) or a closed pipe the call fails.
            let ok = unsafe {
                PeekNamedPipe(
                    GetStdHandle(STD_INPUT_HANDLE),
                    std::ptr::null_mut(),
                    0,
                    std::ptr::null_mut(),
                    &mut available,
                    std::ptr::null_mut(),
                )
            };
            ok != 0 && available == 0
        };
        if !empty() {
            return false;
        }
        if wait.is_zero() {
            return true;
        }
        std::thread::sleep(wait);
        empty()
    }

    /// Where the answer goes: null means the current stdout (before `redirect`).
    static ANSWER_HANDLE: AtomicPtr<c_void> = AtomicPtr::new(std::ptr::null_mut());

    pub(super) fn redirect() -> Option<std::fs::File> {
        use std::os::windows::io::{AsHandle, AsRawHandle};
        // std duplicates with `DuplicateHandle`, not inheritable: child processes do not get it.
        let saved = std::io::stdout().as_handle().try_clone_to_owned().ok()?;
        // SAFETY: the standard handle slots belong to the process; setting one neither closes
        // nor frees a handle. `SetHandleInformation` only changes a flag of the original stdout
        // handle, which stays open.
        unsafe {
            let original = GetStdHandle(STD_OUTPUT_HANDLE);
            if SetStdHandle(STD_OUTPUT_HANDLE, GetStdHandle(STD_ERROR_HANDLE)) == 0 {
                return None;
            }
            // Children the handler starts inherit every inheritable handle: without this, a
            // background child would hold Cursor's stdout pipe open after the hook exits.
            SetHandleInformation(original, HANDLE_FLAG_INHERIT, 0);
        }
        ANSWER_HANDLE.store(saved.as_raw_handle(), Ordering::SeqCst);
        Some(std::fs::File::from(saved))
    }

    pub(super) fn write_and_exit(answer: &LateAnswer) -> ! {
        // SAFETY: `GetStdHandle` only reads the process's standard handle slot.
        write_all(unsafe { GetStdHandle(STD_ERROR_HANDLE) }, &answer.stderr);
        let mut stdout = ANSWER_HANDLE.load(Ordering::SeqCst);
        if stdout.is_null() {
            // SAFETY: as above.
            stdout = unsafe { GetStdHandle(STD_OUTPUT_HANDLE) };
        }
        write_all(stdout, &answer.stdout);
        // SAFETY: ends this process with the code; unlike `ExitProcess` it runs no DLL
        // detach routines, so no thread-local destructor runs.
        unsafe { TerminateProcess(GetCurrentProcess(), answer.exit_code as u32) };
        // Termination is under way; nothing of this process runs much longer.
        wait_for_exit()
    }

    fn write_all(handle: Handle, mut bytes: &[u8]) {
        if handle.is_null() {
            return;
        }
        while !bytes.is_empty() {
            let mut written = 0u32;
            let length = u32::try_from(bytes.len()).unwrap_or(u32::MAX);
            // SAFETY: the pointer and length describe `bytes`, which lives across the call;
            // `written` is a valid out-pointer; no overlapped I/O. An invalid handle makes the
            // call fail, nothing worse.
            let ok = unsafe {
                WriteFile(
                    handle,
                    bytes.as_ptr(),
                    length,
                    &mut written,
                    std::ptr::null_mut(),
                )
            };
            if ok == 0 || written == 0 {
                return;
            }
            bytes = &bytes[written as usize..];
        }
    }

    pub(super) fn wait_for_exit() -> ! {
        loop {
            std::thread::park();
        }
    }

    pub(super) const HAS_TIMER: bool = true;

    /// The generation of the armed timer, `NONE`, or `FIRED` once a timer started answering.
    static ARMED: AtomicUsize = AtomicUsize::new(NONE);
    static GENERATIONS: AtomicUsize = AtomicUsize::new(1);
    const NONE: usize = 0;
    const FIRED: usize = usize::MAX;

    /// An armed timer thread, by generation: a disarmed thread that wakes later does nothing.
    pub(super) struct Timer(usize);

    pub(super) fn arm(after: Duration, late: LateAnswer) -> Option<Timer> {
        let generation = GENERATIONS.fetch_add(1, Ordering::SeqCst);
        ARMED.store(generation, Ordering::SeqCst);
        let timer = move || {
            std::thread::sleep(after);
            if ARMED
                .compare_exchange(generation, FIRED, Ordering::SeqCst, Ordering::SeqCst)
                .is_ok()
            {
                super::try_answer_and_exit(&late);
            }
        };
        // A small stack: the thread sleeps, then writes two buffers.
        match std::thread::Builder::new()
            .name("cursor-hooks deadline".into())
            .stack_size(64 << 10)
            .spawn(timer)
        {
            Ok(_) => Some(Timer(generation)),
            Err(_) => {
                ARMED.store(NONE, Ordering::SeqCst);
                None
            }
        }
    }

    pub(super) fn stop_timer() {
        let armed = ARMED.load(Ordering::SeqCst);
        if armed != FIRED {
            let _ = ARMED.compare_exchange(armed, NONE, Ordering::SeqCst, Ordering::SeqCst);
        }
    }

    pub(super) fn disarm(Timer(generation): Timer) {
        if let Err(FIRED) =
            ARMED.compare_exchange(generation, NONE, Ordering::SeqCst, Ordering::SeqCst)
        {
            // The timer is answering and ends the process: the handler's answer must not follow.
            wait_for_exit();
        }
    }
}

#[cfg(not(any(unix, windows)))]
mod other {
    use super::LateAnswer;
    use std::io::Write;
    use std::time::Duration;

    pub(super) fn redirect() -> Option<std::fs::File> {
        None
    }

    pub(super) fn write_and_exit(answer: &LateAnswer) -> ! {
        let _ = std::io::stderr().write_all(&answer.stderr);
        let mut stdout = std::io::stdout().lock();
        let _ = stdout
            .write_all(&answer.stdout)
            .and_then(|()| stdout.flush());
        std::process::exit(answer.exit_code)
    }

    pub(super) fn wait_for_exit() -> ! {
        loop {
            std::thread::park();
        }
    }

    pub(super) const HAS_TIMER: bool = false;

    pub(super) fn read_stdin(payload: &mut Vec<u8>, room: usize) -> std::io::Result<usize> {
        use std::io::Read;
        let mut chunk = vec![0u8; room.min(64 << 10)];
        let read = std::io::stdin().read(&mut chunk)?;
        payload.extend_from_slice(&chunk[..read]);
        Ok(read)
    }

    pub(super) fn stdin_idle(_: Duration) -> bool {
        true
    }

    pub(super) enum Timer {}

    pub(super) fn arm(_: Duration, _: LateAnswer) -> Option<Timer> {
        None
    }

    pub(super) fn stop_timer() {}

    pub(super) fn disarm(timer: Timer) {
        match timer {}
    }
}

#[cfg(test)]
mod tests {
    //! `answer_and_exit` ends the process, so each case runs in a child: this test binary
    //! started again on one test, with `CHILD_CASE` naming what the child does.

    use super::*;

    const CHILD_CASE: &str = "CURSOR_HOOKS_PROCESS_TEST_CASE";

    /// Reports on stderr if it is ever dropped: `answer_and_exit` must not run destructors. A
    /// thread-local one tells `_exit` from `exit`, which runs the thread's destructors (on
    /// Windows `ExitProcess` and `TerminateProcess` both leave it alone, under Wine at least).
    struct Witness;

    impl Drop for Witness {
        fn drop(&mut self) {
            eprintln!("destructor ran");
        }
    }

    thread_local! {
        static WITNESS: Witness = const { Witness };
    }

    fn late() -> LateAnswer {
        LateAnswer {
            stdout: br#"{"permission":"deny"}"#.to_vec(),
            stderr: b"cursor-hooks: answered late\n".to_vec(),
            exit_code: 3,
        }
    }

    /// What the child does, by case; returns when this is not the child.
    fn child_case() {
        let Some(case) = std::env::var_os(CHILD_CASE) else {
            return;
        };
        WITNESS.with(|_| ());
        match case.to_str() {
            Some("before-take") => answer_and_exit(&late()),
            Some("after-take") => {
                let _out = ProtocolOut::take();
                println!("stray output");
                answer_and_exit(&late())
            }
            Some("deadline") => {
                let _out = ProtocolOut::take();
                let _deadline = Deadline::arm(Duration::from_millis(50), late);
                println!("stray output");
                // Far past the deadline: the timer answers and ends the process first.
                std::thread::sleep(Duration::from_secs(60));
                unreachable!("the deadline ends the process");
            }
            other => panic!("unknown case {other:?}"),
        }
    }

    /// Runs `test` of this binary again in a child with `case`: its stdout, stderr, exit code.
    fn run_child(test: &str, case: &str) -> (String, String, Option<i32>) {
        let output = std::process::Command::new(std::env::current_exe().unwrap())
            .args([test, "--exact", "--nocapture", "--test-threads=1"])
            .env(CHILD_CASE, case)
            .stdin(std::process::Stdio::null())
            .output()
            .expect("the test binary starts again");
        (
            String::from_utf8_lossy(&output.stdout).into_owned(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
            output.status.code(),
        )
    }

    #[test]
    fn answer_and_exit_before_take_answers_on_stdout() {
        child_case();
        let (stdout, stderr, code) = run_child(
            "process::tests::answer_and_exit_before_take_answers_on_stdout",
            "before-take",
        );
        assert_eq!(code, Some(3), "stdout {stdout:?}, stderr {stderr:?}");
        assert!(stdout.ends_with(r#"{"permission":"deny"}"#), "{stdout:?}");
        assert!(
            stderr.ends_with("cursor-hooks: answered late\n"),
            "{stderr:?}"
        );
        assert!(!stderr.contains("destructor ran"), "{stderr:?}");
    }

    #[test]
    fn answer_and_exit_after_take_answers_on_the_saved_stdout() {
        child_case();
        let (stdout, stderr, code) = run_child(
            "process::tests::answer_and_exit_after_take_answers_on_the_saved_stdout",
            "after-take",
        );
        assert_eq!(code, Some(3), "stdout {stdout:?}, stderr {stderr:?}");
        assert!(stdout.ends_with(r#"{"permission":"deny"}"#), "{stdout:?}");
        assert!(!stdout.contains("stray output"), "{stdout:?}");
        assert!(stderr.contains("stray output\n"), "{stderr:?}");
        assert!(
            stderr.ends_with("cursor-hooks: answered late\n"),
            "{stderr:?}"
        );
        assert!(!stderr.contains("destructor ran"), "{stderr:?}");
    }

    #[test]
    fn a_deadline_answers_and_ends_the_process() {
        child_case();
        let (stdout, stderr, code) = run_child(
            "process::tests::a_deadline_answers_and_ends_the_process",
            "deadline",
        );
        assert_eq!(code, Some(3), "stdout {stdout:?}, stderr {stderr:?}");
        assert!(stdout.ends_with(r#"{"permission":"deny"}"#), "{stdout:?}");
        assert!(!stdout.contains("stray output"), "{stdout:?}");
        assert!(stderr.contains("stray output\n"), "{stderr:?}");
        assert!(
            stderr.ends_with("cursor-hooks: answered late\n"),
            "{stderr:?}"
        );
    }
}
