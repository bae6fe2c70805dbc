//! A mutation fuzzer over "bytes on stdin → answer", the generated entry point's logic.
//!
//! Seeds are `tests/fuzz-seeds/*.json`. Each input is a seed mutated a few times (byte flips,
//! inserted JSON tokens, deletions, duplications, splices of two seeds). Whatever the input,
//! the answer must be what Cursor can read: exit 0 with one JSON object whose keys the event
//! accepts, or exit 2 with nothing on stdout; stderr lines are single lines; nothing panics.
//!
//! `cargo test` runs 100,000 inputs. For a long run: `CURSOR_HOOKS_FUZZ_SECS=600 cargo test
//! --release -p cursor-hooks-tests --test fuzz -- --nocapture` (it prints how many it ran).

use cursor_hooks::prelude::*;
use cursor_hooks::testing::{self, Entry};
use serde_json::Value;
use std::time::{Duration, Instant};

#[cursor_hook(event = "beforeShellExecution", fail = "closed")]
fn shell(input: &BeforeShellExecution) -> BeforeShellExecutionResponse {
    match input.command.len() % 4 {
        0 => BeforeShellExecutionResponse::deny("no: not this"),
        1 => BeforeShellExecutionResponse::ask("sure?"),
        2 => BeforeShellExecutionResponse::allow(),
        _ => no_opinion(),
    }
}

#[cursor_hook(event = "preToolUse")]
fn pre_tool(input: &PreToolUse) -> Option<PreToolUseResponse> {
    input.tool_input.command().map(|c| {
        if c.contains('x') {
            PreToolUseResponse::ask("x?")
        } else {
            PreToolUseResponse::deny("no")
        }
    })
}

#[cursor_hook(event = "beforeMCPExecution", fail = "closed")]
fn mcp(input: BeforeMCPExecution) -> Result<BeforeMCPExecutionResponse, String> {
    input
        .tool_input
        .map(|_| BeforeMCPExecutionResponse::ask("call it?"))
        .ok_or_else(|| "no input".to_owned())
}

#[cursor_hook(event = "beforeSubmitPrompt", fail = "closed")]
fn prompt(input: BeforeSubmitPrompt) -> BeforeSubmitPromptResponse {
    if input.prompt.contains("AKIA") {
        BeforeSubmitPromptResponse::block("key")
    } else {
        no_opinion()
    }
}

#[cursor_hook(event = "afterShellExecution", fail = "closed")]
fn after_shell(_input: AfterShellExecution) {}

#[cursor_hook(event = "stop")]
fn stop(input: Stop) -> StopResponse {
    if input.loop_count == Some(0) {
        StopResponse::default().followup_message("again")
    } else {
        no_opinion()
    }
}

#[cursor_hook(event = "workspaceOpen")]
fn workspace(_input: WorkspaceOpen) -> WorkspaceOpenResponse {
    WorkspaceOpenResponse::default().plugin_paths(["/plugins"])
}

const ENTRIES: &[Entry] = &[
    Entry::cursor::<shell>(),
    Entry::cursor::<pre_tool>(),
    Entry::cursor::<mcp>(),
    Entry::cursor::<prompt>(),
    Entry::cursor::<after_shell>(),
    Entry::cursor::<stop>(),
    Entry::cursor::<workspace>(),
];

const TOKENS: &[&[u8]] = &[
    b"{",
    b"}",
    b"[",
    b"]",
    b"\"",
    b",",
    b":",
    b"null",
    b"true",
    b"1e999",
    b"-0",
    b"\\u0000",
    b"\\ud800",
    b"\"hook_event_name\"",
    b"\"beforeShellExecution\"",
    b"\"stop\"",
    b"\"cursor_version\"",
    b"\"1.7\"",
    b"\"2026.09.28-x\"",
    b"\"model\"",
    b"\xff",
    b"\xe2\x82",
    b"\n",
    b"   ",
];

/// xorshift64*: deterministic, so a failure names a reproducible seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn mutate(rng: &mut Rng, seeds: &[Vec<u8>]) -> Vec<u8> {
    let mut input = seeds[rng.below(seeds.len())].clone();
    for _ in 0..=rng.below(4) {
        let at = rng.below(input.len() + 1);
        match rng.below(6) {
            0 if !input.is_empty() => {
                let last = input.len() - 1;
                input[at.min(last)] ^= 1 << rng.below(8);
            }
            1 => input
                .splice(at..at, TOKENS[rng.below(TOKENS.len())].iter().copied())
                .for_each(drop),
            2 => {
                let end = (at + rng.below(16)).min(input.len());
                input.drain(at..end);
            }
            3 => {
                let end = (at + rng.below(32)).min(input.len());
                let copy = input[at..end].to_vec();
                input.splice(at..at, copy).for_each(drop);
            }
            4 => {
                let other = &seeds[rng.below(seeds.len())];
                let from = rng.below(other.len());
                input.truncate(at);
                input.extend_from_slice(&other[from..]);
            }
            _ => input.truncate(at),
        }
    }
    input
}

fn accepted_keys(event: &str) -> Vec<&'static str> {
    let info = cursor_hooks::cursor::spec::info(event).expect("a handled event");
    let mut keys: Vec<&str> = info.response_fields.to_vec();
    if !info.permission.is_empty() {
        keys.extend(["permission", "continue", "userMessage", "agentMessage"]);
    }
    keys
}

fn check(input: &[u8]) {
    let rendered = testing::run_all(ENTRIES, input);
    let shown = String::from_utf8_lossy(input);
    for line in &rendered.stderr {
        assert!(
            !line.contains('\n'),
            "a stderr line with a newline for {shown:?}: {line:?}"
        );
    }
    match rendered.exit_code {
        0 => {
            let answer: Value = serde_json::from_str(&rendered.stdout).unwrap_or_else(|e| {
                panic!(
                    "stdout is not JSON ({e}) for {shown:?}: {:?}",
                    rendered.stdout
                )
            });
            let object = answer
                .as_object()
                .unwrap_or_else(|| panic!("not an object for {shown:?}"));
            // The handler that answered decides which keys are allowed.
            let event = serde_json::from_slice::<Value>(input)
                .ok()
                .and_then(|v| v.get("hook_event_name")?.as_str().map(str::to_owned));
            if let Some(event) = event.filter(|e| ENTRIES.iter().any(|entry| entry.event() == e)) {
                let allowed = accepted_keys(&event);
                for key in object.keys() {
                    assert!(
                        allowed.contains(&key.as_str()),
                        "`{key}` written on {event} for {shown:?}"
                    );
                }
            }
        }
        2 => assert!(
            rendered.stdout.is_empty(),
            "exit 2 with stdout for {shown:?}"
        ),
        code => panic!("exit code {code} for {shown:?}"),
    }
}

#[test]
fn any_input_gets_an_answer_cursor_can_read() {
    let seed_dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fuzz-seeds");
    let mut seeds: Vec<Vec<u8>> = std::fs::read_dir(seed_dir)
        .expect("tests/fuzz-seeds exists")
        .map(|entry| std::fs::read(entry.unwrap().path()).unwrap())
        .collect();
    seeds.sort();
    assert!(seeds.len() >= 8, "the committed seeds are there");
    for seed in &seeds {
        check(seed);
    }
    let budget = std::env::var("CURSOR_HOOKS_FUZZ_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .map(Duration::from_secs);
    let started = Instant::now();
    let mut rng = Rng(0x5eed_cafe_f00d_d00d);
    let mut runs: u64 = 0;
    loop {
        let done = match budget {
            Some(budget) => started.elapsed() >= budget,
            None => runs >= 100_000,
        };
        if done {
            break;
        }
        check(&mutate(&mut rng, &seeds));
        runs += 1;
    }
    eprintln!(
        "fuzz: {runs} inputs in {:.1} s, no failure",
        started.elapsed().as_secs_f64()
    );
}
