//! Handlers of both hosts in one binary, for the process tests of Claude Code handlers
//! (`tests/tests/claude_process.rs`): a fail-closed Claude `PreToolUse` guard with `timeout = 1`
//! that sleeps, prints or panics on request, a fail-open Claude `Stop` handler with
//! `timeout = 1`, and a Cursor `beforeShellExecution` guard.
//!
//! The Claude companions are written by hand, as `#[claude_hook]` would write them.

use cursor_hooks::__private::{Entry, FailPolicy, Hook, HookOptions, Outcome};
use cursor_hooks::claude::event::{PreToolUse, Stop};
use cursor_hooks::claude::response::{no_opinion, PreToolUseResponse, StopResponse};

fn claude_guard(input: PreToolUse) -> PreToolUseResponse {
    let command = input.tool_input.command().unwrap_or_default();
    if command.contains("sleep") {
        std::thread::sleep(std::time::Duration::from_secs(5));
    }
    if command.contains("print") {
        println!("a stray line on stdout");
    }
    if command.contains("panic") {
        panic!("the guard broke");
    }
    if command.contains("rm -rf") {
        PreToolUseResponse::deny("rm -rf is blocked")
    } else {
        no_opinion()
    }
}

#[allow(non_camel_case_types)]
struct claude_guard {}
impl Hook for claude_guard {
    type Event = PreToolUse;
    const EVENT_NAME: &'static str = "PreToolUse";
    const OPTIONS: HookOptions = HookOptions {
        handler: "claude_guard",
        fail: FailPolicy::Closed,
        timeout: Some(1),
        matcher: Some("Bash"),
        loop_limit: None,
        keep_ask: false,
    };
    const ENTRY: Entry = Entry::claude::<Self>();
    fn call(input: PreToolUse) -> Outcome<PreToolUseResponse> {
        Outcome::Answer(claude_guard(input))
    }
}

fn claude_verify(input: Stop) -> StopResponse {
    if input.stop_hook_active {
        std::thread::sleep(std::time::Duration::from_secs(5));
    }
    StopResponse::block("run the tests first")
}

#[allow(non_camel_case_types)]
struct claude_verify {}
impl Hook for claude_verify {
    type Event = Stop;
    const EVENT_NAME: &'static str = "Stop";
    const OPTIONS: HookOptions = HookOptions {
        handler: "claude_verify",
        fail: FailPolicy::Open,
        timeout: Some(1),
        matcher: None,
        loop_limit: None,
        keep_ask: false,
    };
    const ENTRY: Entry = Entry::claude::<Self>();
    fn call(input: Stop) -> Outcome<StopResponse> {
        Outcome::Answer(claude_verify(input))
    }
}

mod cursor_side {
    use cursor_hooks::prelude::*;

    #[cursor_hook(event = "beforeShellExecution")]
    pub fn cursor_guard(input: BeforeShellExecution) -> BeforeShellExecutionResponse {
        if input.command.contains("rm -rf") {
            BeforeShellExecutionResponse::deny("cursor says no")
        } else {
            no_opinion()
        }
    }
}
use cursor_side::cursor_guard;

cursor_hooks::main!(cursor_guard, claude_guard, claude_verify);
