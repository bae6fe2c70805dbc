use cursor_hooks::prelude::*;

// A prompt event's answer is no answer before a shell call.
#[hook(on = "tool.before", tool = "shell", hosts = (ClaudeCode))]
fn guard(call: &ShellCall) -> ShellAnswer {
    if call.command().contains("push --force") {
        ShellAnswer::deny("force-push needs a person")
            .instead(claude::UserPromptSubmitResponse::block("no"))
    } else {
        no_opinion()
    }
}

cursor_hooks::main!(guard);
