//! Running a hook as a child process that can never hold the tool up: the payload on stdin,
//! both outputs read in threads of their own and capped, and past the timeout the child's whole
//! process group killed, whatever still holds its pipes. `simulate` and `replay` both run hooks
//! through [`run`].

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// How much of each output stream (stdout, stderr) of a hook is kept; the rest is read and
/// counted, so the hook never blocks on a full pipe.
pub const KEPT_BYTES: usize = 1 << 20;

/// One output stream of a hook: its first `kept` bytes (at most [`KEPT_BYTES`] unless the caller
/// asked for more, [`run_keeping`]) and how many bytes it wrote in all.
#[derive(Default)]
pub struct Captured {
    pub text: String,
    pub total: u64,
    /// How much of the stream was kept at most.
    pub kept: usize,
}

impl Captured {
    /// Whether more was written than kept.
    pub fn cut(&self) -> bool {
        self.total > self.kept as u64
    }

    /// `stdout` or `stdout (cut at 1 MiB of N bytes)`.
    pub fn label(&self, name: &str) -> String {
        if self.cut() {
            format!(
                "{name} (cut at {} MiB of {} bytes)",
                self.kept >> 20,
                self.total
            )
        } else {
            name.to_owned()
        }
    }
}

/// What a hook did.
pub struct Output {
    /// Its exit code; `None` when a signal ended it.
    pub code: Option<i32>,
    pub timed_out: bool,
    /// The hook ended in time but a process it started held its pipes until the timeout.
    pub held_open: bool,
    pub stdout: Captured,
    pub stderr: Captured,
}

/// `seconds` (a timeout read from a file, checked there) as a [`Duration`]: one too long to
/// represent is the longest one (never reached), one below zero or not a number is none.
pub fn duration(seconds: f64) -> Duration {
    Duration::try_from_secs_f64(seconds).unwrap_or(if seconds > 0.0 {
        Duration::MAX
    } else {
        Duration::ZERO
    })
}

/// Starts `process` (its standard streams are set here) with `payload` on stdin. The hook has
/// until `timeout` to exit and close its output; past it, its whole process group is killed.
pub fn run(process: Command, payload: &[u8], timeout: Duration) -> std::io::Result<Output> {
    run_keeping(process, payload, timeout, KEPT_BYTES)
}

/// [`run`], keeping up to `keep` bytes of each output stream.
pub fn run_keeping(
    mut process: Command,
    payload: &[u8],
    timeout: Duration,
    keep: usize,
) -> std::io::Result<Output> {
    process
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        // Its own process group, so a timeout ends the hook's children too.
        process.process_group(0);
    }
    // `None`: further than the clock can count (a timeout of 1e19 s), so never.
    let deadline = Instant::now().checked_add(timeout);
    let mut child = process.spawn()?;
    let mut stdin = child.stdin.take().expect("piped");
    let payload = payload.to_vec();
    // Not waited on either: a hook that never reads its stdin blocks this writer until killed.
    std::thread::spawn(move || {
        let _ = stdin.write_all(&payload);
    });
    let stdout = read_stream(child.stdout.take().expect("piped"), keep);
    let stderr = read_stream(child.stderr.take().expect("piped"), keep);
    let mut status = None;
    let timed_out = loop {
        if status.is_none() {
            status = child.try_wait()?;
        }
        if status.is_some() && ended(&stdout) && ended(&stderr) {
            break false;
        }
        if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
            break true;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let held_open = timed_out && status.is_some();
    if timed_out {
        kill_group(&mut child);
        if status.is_none() {
            status = child.wait().ok();
        }
        // The group is gone, so its pipes close at once, unless a process left the group
        // (`setsid`): then keep what it wrote so far and never wait on it.
        let grace = Instant::now() + Duration::from_millis(200);
        while !(ended(&stdout) && ended(&stderr)) && Instant::now() < grace {
            std::thread::sleep(Duration::from_millis(5));
        }
    }
    Ok(Output {
        code: status.and_then(|s| s.code()),
        timed_out,
        held_open,
        stdout: captured(&stdout, keep),
        stderr: captured(&stderr, keep),
    })
}

/// One output stream as a reader thread fills it.
#[derive(Default)]
struct Stream {
    kept: Vec<u8>,
    total: u64,
    ended: bool,
}

/// Reads `pipe` to its end in a thread of its own, keeping its first [`KEPT_BYTES`] and
/// counting the rest. Nobody waits on the thread: a pipe some stray process holds open must
/// not hold up the tool.
fn read_stream(mut pipe: impl Read + Send + 'static, keep: usize) -> Arc<Mutex<Stream>> {
    let stream = Arc::new(Mutex::new(Stream::default()));
    let shared = Arc::clone(&stream);
    std::thread::spawn(move || {
        let mut chunk = vec![0; 64 * 1024];
        loop {
            match pipe.read(&mut chunk) {
                Ok(0) => break,
                Ok(n) => {
                    let mut stream = shared.lock().unwrap_or_else(PoisonError::into_inner);
                    let room = keep.saturating_sub(stream.kept.len());
                    stream.kept.extend_from_slice(&chunk[..n.min(room)]);
                    stream.total += n as u64;
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(_) => break,
            }
        }
        shared.lock().unwrap_or_else(PoisonError::into_inner).ended = true;
    });
    stream
}

fn ended(stream: &Mutex<Stream>) -> bool {
    stream.lock().unwrap_or_else(PoisonError::into_inner).ended
}

fn captured(stream: &Mutex<Stream>, keep: usize) -> Captured {
    let stream = stream.lock().unwrap_or_else(PoisonError::into_inner);
    Captured {
        text: String::from_utf8_lossy(&stream.kept).into_owned(),
        total: stream.total,
        kept: keep,
    }
}

/// Kills the hook's process group (the hook was its leader) and the hook itself.
fn kill_group(child: &mut std::process::Child) {
    #[cfg(unix)]
    {
        // The system call (`kill(-pgid, SIGKILL)`; std has no `killpg`), never a `kill`
        // program from PATH, which may be missing or be anything. The group is the hook's own
        // (`process_group(0)` above); its id names no other group while a member of it lives.
        if let Some(group) = i32::try_from(child.id())
            .ok()
            .and_then(rustix::process::Pid::from_raw)
        {
            let _ = rustix::process::kill_process_group(group, rustix::process::Signal::KILL);
        }
    }
    let _ = child.kill();
}
