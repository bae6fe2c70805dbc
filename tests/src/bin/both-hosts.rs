//! TEMPORARY hand-written companions until #[claude_hook] lands.
use cursor_hooks::__private::{Entry, FailPolicy, Hook, HookOptions, Outcome};

const fn options(name: &'static str, matcher: Option<&'static str>) -> HookOptions {
    HookOptions {
        handler: name,
        fail: FailPolicy::Open,
        timeout: None,
        matcher,
        loop_limit: None,
        keep_ask: false,
    }
}

struct CursorGuard;
impl Hook for CursorGuard {
    type Event = cursor_hooks::event::BeforeShellExecution;
    const EVENT_NAME: &'static str = "beforeShellExecution";
    const OPTIONS: HookOptions = options("cursor_guard", None);
    const ENTRY: Entry = Entry::cursor::<Self>();
    fn call(_input: Self::Event) -> Outcome<cursor_hooks::response::BeforeShellExecutionResponse> {
        Outcome::Answer(Default::default())
    }
}

struct ClaudeGuard;
impl Hook for ClaudeGuard {
    type Event = cursor_hooks::claude::event::PreToolUse;
    const EVENT_NAME: &'static str = "PreToolUse";
    const OPTIONS: HookOptions = options("claude_guard", Some("Bash"));
    const ENTRY: Entry = Entry::claude::<Self>();
    fn call(_input: Self::Event) -> Outcome<cursor_hooks::claude::response::PreToolUseResponse> {
        Outcome::Answer(Default::default())
    }
}

fn main() {
    cursor_hooks::__private::main(&[<CursorGuard as Hook>::ENTRY, <ClaudeGuard as Hook>::ENTRY])
}
