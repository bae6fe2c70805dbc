use cursor_hooks::prelude::*;

#[cursor_hook(event = "subagentStart")]
fn spawn(_input: SubagentStart) -> SubagentStartResponse {
    SubagentStartResponse::ask("start a subagent?")
}

cursor_hooks::main!(spawn);
