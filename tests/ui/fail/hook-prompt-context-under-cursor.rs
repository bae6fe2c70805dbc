use cursor_hooks::prelude::*;

// Cursor's own code drops beforeSubmitPrompt's context outside the IDE's backend.
#[hook(on = "prompt.submitted", hosts = (ClaudeCode, Cursor))]
fn prompt(_call: &PromptCall) -> PromptAnswer {
    PromptAnswer::no_opinion().context("the release is frozen")
}

cursor_hooks::main!(prompt);
