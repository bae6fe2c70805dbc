use cursor_hooks::prelude::*;

// A prompt is no tool call: `tool` has no place here.
#[hook(on = "prompt.submitted", tool = "shell", hosts = (Cursor))]
fn prompt(_call: &PromptCall) -> PromptAnswer {
    PromptAnswer::no_opinion()
}

cursor_hooks::main!(prompt);
