//! TEMPORARY hand-written companions until #[claude_hook] lands.
use cursor_hooks::__private::{Entry, FailPolicy, Hook, HookOptions, Outcome};
use cursor_hooks::claude::prelude::*;

macro_rules! companion {
    ($name:ident, $event:ident, $matcher:expr, $timeout:expr, $fail:ident) => {
        #[allow(non_camel_case_types)]
        struct $name;
        impl Hook for $name {
            type Event = $event;
            const EVENT_NAME: &'static str = <$event as cursor_hooks::claude::Event>::NAME;
            const OPTIONS: HookOptions = HookOptions {
                handler: stringify!($name),
                fail: FailPolicy::$fail,
                timeout: $timeout,
                matcher: $matcher,
                loop_limit: None,
                keep_ask: false,
            };
            const ENTRY: Entry = Entry::claude::<Self>();
            fn call(_input: $event) -> Outcome<<$event as cursor_hooks::claude::Event>::Response> {
                Outcome::Answer(no_opinion())
            }
        }
    };
}
companion!(shell_guard, PreToolUse, Some("Bash"), Some(5), Closed);
companion!(prompt_guard, UserPromptSubmit, None, None, Open);
companion!(stop, Stop, None, None, Open);

fn main() {
    cursor_hooks::__private::main(&[
        <shell_guard as Hook>::ENTRY,
        <prompt_guard as Hook>::ENTRY,
        <stop as Hook>::ENTRY,
    ])
}
