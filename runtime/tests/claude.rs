//! Claude Code handlers through the runtime: rendering of every category, the failure policy
//! per category, drift, and both payload variants (Claude Code's own, and the one Cursor sends
//! when it runs a Claude entry), answered exactly as the hook binary answers them.

use cursor_hooks::__private::{Entry, FailPolicy, Hook, HookOptions, Outcome};
use cursor_hooks::claude::prelude::*;
use cursor_hooks::serde_json::{json, Value};
use cursor_hooks::testing::{self, Rendered};

/// The companion `#[claude_hook]` writes next to a handler (by hand until the attribute lands):
/// `companion!(name, Event, handler, fail)`.
macro_rules! companion {
    ($name:ident, $event:ident, $handler:expr, $fail:ident) => {
        companion!($name, $event, $handler, $fail, None);
    };
    ($name:ident, $event:ident, $handler:expr, $fail:ident, $timeout:expr) => {
        #[allow(non_camel_case_types)]
        struct $name;
        impl Hook for $name {
            type Event = $event;
            const EVENT_NAME: &'static str = <$event as cursor_hooks::claude::Event>::NAME;
            const OPTIONS: HookOptions = HookOptions {
                handler: stringify!($name),
                fail: FailPolicy::$fail,
                timeout: $timeout,
                matcher: None,
                loop_limit: None,
                keep_ask: false,
            };
            const ENTRY: Entry = Entry::claude::<Self>();
            fn call(input: $event) -> Outcome<<$event as cursor_hooks::claude::Event>::Response> {
                let handler: fn($event) -> _ = $handler;
                cursor_hooks::AnswerTo::<$event>::into_outcome(handler(input))
            }
        }
    };
}

fn guard(input: PreToolUse) -> PreToolUseResponse {
    match input.tool_input.command() {
        Some(command) if command.contains("rm -rf") => {
            PreToolUseResponse::deny("rm -rf is blocked")
        }
        Some(command) if command.contains("push --force") => PreToolUseResponse::ask("force-push?"),
        _ => no_opinion(),
    }
}
companion!(claude_guard, PreToolUse, guard, Closed);

fn json_of(rendered: &Rendered) -> Value {
    rendered.json().expect("stdout is JSON")
}

#[test]
fn a_pre_tool_use_deny_is_written_in_hook_specific_output() {
    let payload = PreToolUse::fixture().tool_input(json!({"command": "rm -rf /"}));
    let answer = testing::run::<claude_guard>(payload);
    assert_eq!(
        answer.stdout,
        r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"rm -rf is blocked"}}"#
    );
    assert_eq!(answer.exit_code, 0);
    assert!(answer.stderr.is_empty(), "{:?}", answer.stderr);
    let harmless =
        testing::run::<claude_guard>(PreToolUse::fixture().tool_input(json!({"command": "ls"})));
    assert_eq!(harmless.stdout, "{}");
    assert_eq!(json_of(&harmless), json!({}));
}

/// The facts each input type carries are the spec crate's (one table for the macro, the
/// command and the runtime).
#[test]
fn the_input_types_carry_the_spec_tables_facts() {
    macro_rules! check {
        ($($ty:ident),*) => {$(
            let info = cursor_hooks_spec::claude::info(<$ty as cursor_hooks::claude::Event>::NAME)
                .expect("an event of the table");
            assert_eq!(info.type_name, stringify!($ty));
            assert_eq!(<$ty as cursor_hooks::claude::Event>::CATEGORY, info.category, "{}", info.name);
            assert_eq!(<$ty as cursor_hooks::claude::Event>::CURSOR_EVENT, info.cursor_event, "{}", info.name);
        )*};
    }
    cursor_hooks::__for_each_claude_event!(check);
    let mut count = 0;
    macro_rules! count {
        ($($ty:ident),*) => {$( let _ = stringify!($ty); count += 1; )*};
    }
    cursor_hooks::__for_each_claude_event!(count);
    assert_eq!(count, cursor_hooks_spec::claude::EVENTS.len());
}
