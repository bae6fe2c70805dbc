//! Everything Cursor or a careless handler can throw at a hook: each gets the answer the
//! failure policy prescribes, one line on stderr, and nothing of a panic on stdout.

mod common;

use common::{payload, run, Run};
use cursor_hooks::testing::Binary;
use serde_json::{json, Value};
use std::io::{Read, Write};
use std::process::{ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

const OPEN: &str = env!("CARGO_BIN_EXE_hardened-open");
const CLOSED: &str = env!("CARGO_BIN_EXE_hardened-closed");
const SINGLE_CLOSED: &str = env!("CARGO_BIN_EXE_single-closed");
/// One handler, fail-open, no `timeout`: nothing but the end of the payload can make it answer.
const SINGLE: &str = env!("CARGO_BIN_EXE_single-handler");
/// One fail-closed handler with `timeout = 1`.
const SINGLE_CLOSED_DEADLINE: &str = env!("CARGO_BIN_EXE_single-closed-deadline");

/// Inputs that name no readable event, with a word the stderr line must contain.
fn unreadable_inputs() -> Vec<(&'static str, Vec<u8>, &'static str)> {
    vec![
        ("empty stdin", Vec::new(), "empty"),
        ("whitespace only", b" \n\t ".to_vec(), "empty"),
        (
            "not JSON",
            b"rm -rf /".to_vec(),
            "not a readable JSON object",
        ),
        (
            "JSON that is not an object",
            b"[1, 2, 3]".to_vec(),
            "not a readable JSON object",
        ),
        (
            "a JSON string",
            br#""beforeShellExecution""#.to_vec(),
            "not a readable JSON object",
        ),
        (
            "no hook_event_name",
            br#"{"command":"ls"}"#.to_vec(),
            "no `hook_event_name`",
        ),
        (
            "hook_event_name not a string",
            br#"{"hook_event_name":7,"command":"ls"}"#.to_vec(),
            "not a string",
        ),
        (
            "invalid UTF-8 in the event name",
            [
                &br#"{"hook_event_name":"before"#[..],
                &[0xff, 0xfe],
                br#"","command":"ls"}"#,
            ]
            .concat(),
            "invalid unicode",
        ),
    ]
}

fn assert_one_line(run: &Run, needle: &str, case: &str) {
    assert_eq!(
        run.stderr_lines().len(),
        1,
        "{case}: one stderr line, got {:?}",
        run.stderr
    );
    assert!(
        run.stderr.contains(needle),
        "{case}: stderr should name the problem ({needle}): {}",
        run.stderr
    );
    assert!(
        !run.stderr.contains("panicked at"),
        "{case}: {}",
        run.stderr
    );
}

#[test]
fn unreadable_input_fail_open_answers_no_opinion() {
    for (case, input, needle) in unreadable_inputs() {
        let run = run(OPEN, &input);
        assert_eq!((run.stdout.as_str(), run.code), ("{}\n", 0), "{case}");
        assert_one_line(&run, needle, case);
        assert!(run.stderr.contains("fail-open"), "{case}: {}", run.stderr);
    }
}

#[test]
fn unreadable_input_fail_closed_exits_2_when_the_event_is_unknowable() {
    // A binary with handlers for several events cannot tell which block to write: exit 2.
    for (case, input, needle) in unreadable_inputs() {
        let run = run(CLOSED, &input);
        assert_eq!((run.stdout.as_str(), run.code), ("", 2), "{case}");
        assert_one_line(&run, needle, case);
    }
}

#[test]
fn unreadable_input_fail_closed_with_one_handler_writes_its_block() {
    for (case, input, needle) in unreadable_inputs() {
        let run = run(SINGLE_CLOSED, &input);
        assert_eq!(run.code, 0, "{case}");
        let answer = run.json();
        assert_eq!(answer["permission"], "deny", "{case}");
        assert!(
            answer["user_message"]
                .as_str()
                .is_some_and(|m| m.contains(needle)),
            "{case}: {answer}"
        );
        assert_one_line(&run, needle, case);
    }
}

#[test]
fn unknown_events_get_no_opinion_under_either_policy() {
    for binary in [OPEN, CLOSED] {
        let run = run(
            binary,
            &payload("beforeFileEdit", json!({"file_path": "/p/a"})),
        );
        assert_eq!((run.stdout.as_str(), run.code), ("{}\n", 0));
        assert_one_line(&run, "`beforeFileEdit` is not an event", "unknown event");
        // Found by the fuzzer: a newline in the name must not split the stderr line.
        let newline = common::run(binary, br#"{"hook_event_name":"before\nFileEdit"}"#);
        assert_one_line(
            &newline,
            r"`before\nFileEdit` is not an event",
            "unknown event with a newline",
        );
    }
}

/// Known events whose payload cannot be read: a required field missing or wrongly typed,
/// invalid UTF-8 in a value, nesting past the parser's limit. With what stderr must name.
fn malformed() -> Vec<(&'static str, Vec<u8>, &'static str)> {
    // Deep nesting where a string is required; in an unknown field it is kept as text and
    // never built, so it is no error there (tests/tests/payload.rs).
    let mut deep = "[".repeat(10_000);
    deep.push_str(&"]".repeat(10_000));
    let deep = format!(r#"{{"hook_event_name":"beforeShellExecution","command":{deep}}}"#);
    vec![
        (
            "beforeShellExecution",
            payload("beforeShellExecution", json!({"cwd": ""})),
            "`command`",
        ),
        (
            "beforeShellExecution",
            payload("beforeShellExecution", json!({"command": ["ls"]})),
            "`command`",
        ),
        (
            "beforeSubmitPrompt",
            payload("beforeSubmitPrompt", json!({"prompt": null})),
            "`prompt`",
        ),
        (
            "afterShellExecution",
            payload("afterShellExecution", json!({"command": 12})),
            "`command`",
        ),
        (
            "beforeShellExecution",
            [
                &br#"{"hook_event_name":"beforeShellExecution","command":""#[..],
                &[0xff, 0xfe],
                br#""}"#,
            ]
            .concat(),
            "invalid unicode",
        ),
        ("beforeShellExecution", deep.into_bytes(), "`command`"),
    ]
}

#[test]
fn malformed_payloads_fail_open_answer_no_opinion() {
    for (event, input, needle) in malformed() {
        let run = run(OPEN, &input);
        assert_eq!((run.stdout.as_str(), run.code), ("{}\n", 0), "{event}");
        assert_one_line(&run, "bad payload", event);
        assert_one_line(&run, needle, event);
    }
}

#[test]
fn malformed_payloads_fail_closed_answer_each_event_s_block() {
    for (event, input, needle) in malformed() {
        let run = run(CLOSED, &input);
        match event {
            "beforeShellExecution" => assert_eq!(run.json()["permission"], "deny"),
            "beforeSubmitPrompt" => assert_eq!(run.json()["continue"], false),
            _ => assert_eq!((run.stdout.as_str(), run.code), ("", 2)),
        }
        assert_one_line(&run, needle, event);
    }
}

#[test]
fn a_payload_over_the_cap_is_answered_by_the_policy() {
    // 100 MB: over the default 64 MiB cap. Hooks without a `timeout`: a slow pipe (Wine's) may
    // take longer than a short one to carry it, and the deadline would answer first.
    let big = "x".repeat(100 << 20);
    let input = payload(
        "beforeReadFile",
        json!({"file_path": "/p/big.log", "content": big}),
    );
    let open = run(SINGLE, &input);
    assert_eq!((open.stdout.as_str(), open.code), ("{}\n", 0));
    assert_one_line(&open, "64 MiB", "100 MB, open");
    let closed = run(SINGLE_CLOSED, &input);
    assert_eq!(closed.json()["permission"], "deny");
    assert_one_line(&closed, "64 MiB", "100 MB, closed");
}

#[test]
fn the_cap_is_configurable() {
    let input = payload(
        "beforeShellExecution",
        json!({"command": "deny", "cwd": "", "padding": "y".repeat(2 << 20)}),
    );
    let answer = |cap: &str| {
        Binary::new(OPEN)
            .env("CURSOR_HOOKS_MAX_PAYLOAD_MIB", cap)
            .run(input.as_slice())
            .stdout
    };
    assert_eq!(answer("1"), "{}\n", "2 MiB is over a 1 MiB cap");
    assert_eq!(
        serde_json::from_str::<Value>(&answer("3")).unwrap()["permission"],
        "deny"
    );
}

#[test]
fn stray_stdout_from_the_handler_goes_to_stderr() {
    let run = run(
        OPEN,
        &payload(
            "beforeShellExecution",
            json!({"command": "print then deny", "cwd": ""}),
        ),
    );
    assert_eq!(
        run.json(),
        json!({"permission": "deny", "user_message": "denied by the handler"})
    );
    assert!(
        run.stderr.contains("stray output from the handler"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains(r#"{"permission":"allow"}"#),
        "{}",
        run.stderr
    );
}

#[test]
fn a_handler_past_its_deadline_is_answered_by_the_policy() {
    // The handler sleeps 30 s; the hook's timeout is 1 s, so it answers before Cursor kills it.
    let open = run(
        OPEN,
        &payload(
            "beforeShellExecution",
            json!({"command": "sleep then deny", "cwd": ""}),
        ),
    );
    assert_eq!((open.stdout.as_str(), open.code), ("{}\n", 0));
    assert_one_line(&open, "did not answer within its budget", "deadline, open");

    let closed = run(
        CLOSED,
        &payload(
            "beforeShellExecution",
            json!({"command": "sleep", "cwd": ""}),
        ),
    );
    assert_eq!(closed.json()["permission"], "deny");
    assert_one_line(
        &closed,
        "did not answer within its budget",
        "deadline, closed",
    );

    let prompt = run(
        CLOSED,
        &payload("beforeSubmitPrompt", json!({"prompt": "sleep"})),
    );
    assert_eq!(prompt.json()["continue"], false);
}

#[test]
fn panics_and_errors_follow_the_policy_on_every_kind_of_event() {
    for (cause, needle) in [
        ("panic", "panicked: handler panicked on purpose"),
        ("error", "failed: the policy file is unreadable"),
    ] {
        let cases = [
            payload("beforeShellExecution", json!({"command": cause, "cwd": ""})),
            payload("beforeSubmitPrompt", json!({"prompt": cause})),
            payload(
                "afterShellExecution",
                json!({"command": cause, "output": ""}),
            ),
        ];
        for input in &cases {
            let open = run(OPEN, input);
            assert_eq!((open.stdout.as_str(), open.code), ("{}\n", 0));
            assert_one_line(&open, needle, cause);
        }
        assert_eq!(run(CLOSED, &cases[0]).json()["permission"], "deny");
        assert_eq!(run(CLOSED, &cases[1]).json()["continue"], false);
        let after = run(CLOSED, &cases[2]);
        assert_eq!((after.stdout.as_str(), after.code), ("", 2));
        assert_one_line(&after, needle, cause);
    }
}

#[test]
fn a_closed_stdout_does_not_crash_the_hook() {
    let mut child = Command::new(OPEN)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // Cursor stopped listening.
    child
        .stdin
        .take()
        .unwrap()
        .write_all(&payload(
            "beforeShellExecution",
            json!({"command": "deny", "cwd": ""}),
        ))
        .unwrap();
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// How long a test waits for a hook whose stdin stays open. Far above any answer time; a hook
/// that waits for the end of stdin would wait forever, and fails the test here instead.
const STDIN_OPEN_GUARD: Duration = Duration::from_secs(30);

/// Runs `hook` while `feed` writes its stdin on a thread and then keeps it open: stdin closes
/// only after the hook has exited (or after `STDIN_OPEN_GUARD`, when the test fails).
fn run_with_stdin_open(
    mut hook: Command,
    feed: impl FnOnce(&mut ChildStdin) + Send + 'static,
) -> Run {
    let mut child = hook
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let (close_stdin, keep_open) = mpsc::channel::<()>();
    let writer = std::thread::spawn(move || {
        feed(&mut stdin);
        let _ = keep_open.recv();
    });
    let (mut stdout, mut stderr) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let (answered, answer) = mpsc::channel();
    std::thread::spawn(move || {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let _ = stdout.read_to_end(&mut out);
        let _ = stderr.read_to_end(&mut err);
        let _ = answered.send((out, err));
    });
    let Ok((out, err)) = answer.recv_timeout(STDIN_OPEN_GUARD) else {
        let _ = child.kill();
        let _ = child.wait();
        panic!("no answer within {STDIN_OPEN_GUARD:?} while stdin stayed open");
    };
    // stdout and stderr are closed: the hook is exiting, stdin still open.
    let status = child.wait().unwrap();
    close_stdin.send(()).unwrap();
    writer.join().unwrap();
    Run {
        stdout: String::from_utf8(out).unwrap(),
        stderr: String::from_utf8(err).unwrap(),
        code: status.code().unwrap(),
    }
}

/// Writes `bytes` one at a time, 100 ms apart (a minute for a 600-byte payload), until the
/// hook stops reading.
fn trickle(bytes: Vec<u8>) -> impl FnOnce(&mut ChildStdin) + Send + 'static {
    move |stdin| {
        for byte in bytes {
            if stdin.write_all(&[byte]).is_err() {
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

fn write_all(bytes: Vec<u8>) -> impl FnOnce(&mut ChildStdin) + Send + 'static {
    move |stdin| {
        // A hook that stops reading early (over the cap) may close the pipe first.
        let _ = stdin.write_all(&bytes);
    }
}

fn utf16(text: &[u8], big_endian: bool) -> Vec<u8> {
    let text = std::str::from_utf8(text).unwrap();
    let mark: u16 = 0xFEFF;
    std::iter::once(mark)
        .chain(text.encode_utf16())
        .flat_map(|unit| {
            if big_endian {
                unit.to_be_bytes()
            } else {
                unit.to_le_bytes()
            }
        })
        .collect()
}

#[test]
fn a_complete_payload_is_answered_while_stdin_stays_open() {
    let deny = payload("beforeShellExecution", json!({"command": "rm -rf build"}));
    // Strings that hold what ends an object elsewhere: quotes, escapes, braces, brackets.
    let tricky = payload(
        "beforeShellExecution",
        json!({"command": "rm -rf \"}\" \\\\\" ]} {[", "cwd": "C:\\\\", "x": {"y": [[], {}]}}),
    );
    let cases = [
        ("plain", deny.clone()),
        ("escapes and brackets in strings", tricky.clone()),
        ("with a newline after it", [&deny[..], b"\n"].concat()),
        (
            "UTF-8 byte-order mark",
            [&b"\xEF\xBB\xBF"[..], &deny].concat(),
        ),
        ("UTF-16 little-endian", utf16(&tricky, false)),
        ("UTF-16 big-endian", utf16(&deny, true)),
    ];
    for (case, input) in cases {
        let run = run_with_stdin_open(Command::new(SINGLE), write_all(input));
        assert_eq!(run.code, 0, "{case}: {}", run.stderr);
        assert_eq!(run.json()["permission"], "deny", "{case}");
        assert_eq!(run.stderr, "", "{case}");
    }
    // Several handlers, fail-closed with a timeout: the payload, not the timer, ends the read.
    let run = run_with_stdin_open(
        Command::new(CLOSED),
        write_all(payload("beforeShellExecution", json!({"command": "deny"}))),
    );
    assert_eq!(
        run.json(),
        json!({"permission": "deny", "user_message": "denied by the handler"}),
        "{}",
        run.stderr
    );
}

#[test]
fn data_after_the_payload_is_ignored_with_one_stderr_line() {
    let object = payload("beforeShellExecution", json!({"command": "rm -rf build"}));
    let with = |after: &[u8]| [&object[..], after].concat();
    let runs = [
        // stdin closed after the data.
        run(SINGLE, &with(b"\n trailing")),
        run(SINGLE, &with(b" {\"unclosed\": ")),
        // stdin left open after it, even data that ends as an object does.
        run_with_stdin_open(Command::new(SINGLE), write_all(with(b" trailing"))),
        run_with_stdin_open(
            Command::new(SINGLE),
            write_all(with(br#" {"hook_event_name":"stop"}"#)),
        ),
    ];
    for result in runs {
        assert_eq!(result.json()["permission"], "deny", "{}", result.stderr);
        assert_one_line(&result, "ignored", "trailing data");
        assert!(
            result.stderr.contains("after the JSON object"),
            "{}",
            result.stderr
        );
    }
}

#[test]
fn half_a_payload_and_stdin_left_open_is_answered_by_the_policy_at_the_deadline() {
    let half = payload("beforeReadFile", json!({"file_path": "/p/.env"}));
    let half = half[..half.len() / 2].to_vec();
    // One fail-closed handler (`timeout = 1`): its block.
    let closed = run_with_stdin_open(
        Command::new(SINGLE_CLOSED_DEADLINE),
        write_all(half.clone()),
    );
    assert_eq!(closed.code, 0, "{}", closed.stderr);
    assert_eq!(closed.json()["permission"], "deny");
    assert_one_line(&closed, "no complete JSON object on stdin", "half, closed");
    assert!(closed.stderr.contains("1 s timeout"), "{}", closed.stderr);
    // Several handlers: the event is unknown, so the binary's policy answers.
    let several = run_with_stdin_open(Command::new(CLOSED), write_all(half.clone()));
    assert_eq!((several.stdout.as_str(), several.code), ("", 2));
    assert_one_line(
        &several,
        "no complete JSON object on stdin",
        "half, several closed",
    );
    let open = run_with_stdin_open(Command::new(OPEN), write_all(half));
    assert_eq!((open.stdout.as_str(), open.code), ("{}\n", 0));
    assert_one_line(&open, "no complete JSON object on stdin", "half, open");
}

#[test]
fn a_trickled_payload_is_answered_by_the_policy_at_the_deadline() {
    let input = payload("beforeShellExecution", json!({"command": "deny"}));
    let closed = run_with_stdin_open(Command::new(CLOSED), trickle(input.clone()));
    assert_eq!((closed.stdout.as_str(), closed.code), ("", 2));
    assert_one_line(
        &closed,
        "no complete JSON object on stdin",
        "trickle, closed",
    );
    let open = run_with_stdin_open(Command::new(OPEN), trickle(input));
    assert_eq!((open.stdout.as_str(), open.code), ("{}\n", 0));
    assert_one_line(&open, "no complete JSON object on stdin", "trickle, open");
}

#[test]
fn a_payload_over_the_cap_is_answered_while_stdin_stays_open() {
    let input = payload(
        "beforeShellExecution",
        json!({"command": "rm -rf x", "padding": "y".repeat(2 << 20)}),
    );
    let mut hook = Command::new(SINGLE);
    hook.env("CURSOR_HOOKS_MAX_PAYLOAD_MIB", "1");
    let run = run_with_stdin_open(hook, write_all(input));
    assert_eq!((run.stdout.as_str(), run.code), ("{}\n", 0));
    assert_one_line(&run, "1 MiB", "over the cap");
}

#[test]
fn a_hostile_payload_cap_is_ignored_with_one_stderr_line() {
    let input = payload(
        "beforeShellExecution",
        json!({"command": "deny", "cwd": ""}),
    );
    // Values that overflowed the byte count (an empty read, so `{}`), allowed nothing, or are
    // not a whole number of MiB: the default cap applies, and the handler decides.
    for cap in [
        "17592186044416",
        "18446744073709551615",
        "99999999999999999999999",
        "4097",
        "0",
        "-1",
        "1.5",
        "64MiB",
    ] {
        let result = Run::from(
            Binary::new(OPEN)
                .env("CURSOR_HOOKS_MAX_PAYLOAD_MIB", cap)
                .run(input.as_slice()),
        );
        assert_eq!(
            result.json()["permission"],
            "deny",
            "{cap}: {}",
            result.stderr
        );
        assert_one_line(&result, "CURSOR_HOOKS_MAX_PAYLOAD_MIB", cap);
        assert!(result.stderr.contains("64 MiB"), "{cap}: {}", result.stderr);
    }
    // Unset in effect: no note.
    for cap in ["", " "] {
        let result = Run::from(
            Binary::new(OPEN)
                .env("CURSOR_HOOKS_MAX_PAYLOAD_MIB", cap)
                .run(input.as_slice()),
        );
        assert_eq!(result.json()["permission"], "deny", "{cap:?}");
        assert_eq!(result.stderr, "", "{cap:?}");
    }
}

/// What a launcher may have done to `SIGALRM`, the signal of the Unix deadline, before it
/// started the hook: a blocked signal and an ignored one both survive `exec`.
#[cfg(unix)]
#[derive(Debug, Clone, Copy)]
enum LauncherAlarm {
    Blocked,
    Ignored,
}

/// `hook`, started as a launcher that did `alarm` to `SIGALRM` would start it.
#[cfg(unix)]
#[allow(unsafe_code)] // `pre_exec`: two async-signal-safe libc calls between fork and exec.
fn launched_with(hook: &str, alarm: LauncherAlarm) -> Command {
    use std::os::unix::process::CommandExt;
    /// Room for any platform's `sigset_t` (glibc's is 128 bytes, macOS's 4).
    type SigSet = [u64; 16];
    extern "C" {
        fn sigemptyset(set: *mut SigSet) -> i32;
        fn sigaddset(set: *mut SigSet, signal: i32) -> i32;
        fn sigprocmask(how: i32, set: *const SigSet, old: *mut SigSet) -> i32;
        fn signal(signal: i32, handler: usize) -> usize;
    }
    const SIGALRM: i32 = 14;
    #[cfg(target_os = "macos")]
    const SIG_BLOCK: i32 = 1;
    #[cfg(not(target_os = "macos"))]
    const SIG_BLOCK: i32 = 0;
    const SIG_IGN: usize = 1;
    const SIG_ERR: usize = usize::MAX;

    let mut alarm_only: SigSet = [0; 16];
    // SAFETY: both write only within `alarm_only`, which is larger than a `sigset_t`.
    unsafe {
        sigemptyset(&mut alarm_only);
        sigaddset(&mut alarm_only, SIGALRM);
    }
    let mut command = Command::new(hook);
    // SAFETY: the closure runs in the child after `fork` and only calls `sigprocmask` or
    // `signal`, both async-signal-safe; it allocates nothing and takes no lock. std has reset
    // the child's mask and dispositions before it runs, so what it sets is what `exec` keeps.
    unsafe {
        command.pre_exec(move || {
            let failed = match alarm {
                LauncherAlarm::Blocked => {
                    sigprocmask(SIG_BLOCK, &alarm_only, std::ptr::null_mut()) != 0
                }
                LauncherAlarm::Ignored => signal(SIGALRM, SIG_IGN) == SIG_ERR,
            };
            if failed {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    command
}

#[cfg(unix)]
#[test]
fn the_deadlines_hold_when_the_launcher_blocked_or_ignored_sigalrm() {
    for alarm in [LauncherAlarm::Blocked, LauncherAlarm::Ignored] {
        // The handler's deadline: it sleeps 30 s, then would answer no opinion; its timeout is
        // 1 s. The payload is complete and stdin stays open.
        let sleeping = payload(
            "beforeShellExecution",
            json!({"command": "sleep", "cwd": ""}),
        );
        let late = run_with_stdin_open(launched_with(CLOSED, alarm), write_all(sleeping));
        assert_eq!(
            late.json()["permission"],
            "deny",
            "{alarm:?}: {}",
            late.stderr
        );
        assert_one_line(
            &late,
            "did not answer within its budget",
            &format!("handler deadline, {alarm:?}"),
        );

        // The read deadline: half a payload, and stdin held open.
        let half = payload("beforeReadFile", json!({"file_path": "/p/.env"}));
        let half = half[..half.len() / 2].to_vec();
        let unread = run_with_stdin_open(
            launched_with(SINGLE_CLOSED_DEADLINE, alarm),
            write_all(half),
        );
        assert_eq!(
            unread.json()["permission"],
            "deny",
            "{alarm:?}: {}",
            unread.stderr
        );
        assert_one_line(
            &unread,
            "no complete JSON object on stdin",
            &format!("read deadline, {alarm:?}"),
        );
    }
}
