use cursor_hooks::prelude::*;

// The escape hatch: one function denies a force-push where a host cannot ask, and sends Claude
// Code's and Copilot's own `ask` answers where they can. The hosts may be listed in any order.
#[hook(on = "tool.before", tool = "shell", hosts = (Copilot, Cursor, ClaudeCode))]
fn guard(call: &ShellCall) -> ShellAnswer {
    if call.command().contains("push --force") {
        ShellAnswer::deny("force-push needs a person")
            .instead(claude::PreToolUseResponse::ask("force-push: are you sure?"))
            .instead(copilot::PreToolUseResponse::ask("force-push: are you sure?"))
    } else {
        no_opinion()
    }
}

// A prompt's own answer too.
#[hook(on = "prompt.submitted", hosts = (Cursor, Codex))]
fn prompt(call: &PromptCall) -> PromptAnswer {
    if call.prompt().contains("deploy") {
        PromptAnswer::block("not from here").instead(codex::UserPromptSubmitResponse::block("use the pipeline"))
    } else {
        no_opinion()
    }
}

cursor_hooks::main!(guard, prompt);
