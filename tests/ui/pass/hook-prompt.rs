use cursor_hooks::prelude::*;

// Every host blocks a prompt; Claude Code, Codex and Copilot also take context with it.
#[hook(on = "prompt.submitted", hosts = (Cursor), timeout = 5)]
fn keys(call: &PromptCall) -> PromptAnswer {
    if call.prompt().contains("AKIA") {
        PromptAnswer::block("no keys in prompts")
    } else {
        no_opinion()
    }
}

#[hook(on = "prompt.submitted", hosts = (ClaudeCode, Codex, Copilot))]
fn frozen(call: PromptCall) -> PromptAnswer {
    if call.prompt().contains("AKIA") {
        PromptAnswer::block("no keys in prompts").context("the release is frozen")
    } else {
        PromptAnswer::no_opinion().context("the release is frozen")
    }
}

cursor_hooks::main!(keys, frozen);
