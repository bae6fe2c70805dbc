use cursor_hooks::prelude::*;

// A prompt handler reads the prompt, not a shell call.
#[hook(on = "prompt.submitted", hosts = (Codex))]
fn prompt(_call: &ShellCall) -> PromptAnswer {
    PromptAnswer::no_opinion()
}

cursor_hooks::main!(prompt);
