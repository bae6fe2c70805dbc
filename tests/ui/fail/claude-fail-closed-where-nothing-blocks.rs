use cursor_hooks::claude::prelude::*;

// `SessionStart` only adds context: no hook blocks anything there, so a fail-closed policy
// would promise a block Claude Code never makes.
#[claude_hook(event = "SessionStart", fail = "closed")]
fn session_check(_input: &SessionStart) -> SessionStartResponse {
    no_opinion()
}

cursor_hooks::main!(session_check);
