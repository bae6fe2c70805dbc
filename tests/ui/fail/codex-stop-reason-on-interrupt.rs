use cursor_hooks::codex::prelude::*;

// Codex's Interrupt answer holds only `systemMessage`.
#[codex_hook(event = "Interrupt")]
fn interrupted(_input: Interrupt) -> InterruptResponse {
    InterruptResponse::default().stop_reason("interrupted")
}

cursor_hooks::main!(interrupted);
