use cursor_hooks::prelude::*;

// An `Err` is answered by the failure policy.
#[cursor_hook(event = "preToolUse", fail = "closed")]
fn tools(input: PreToolUse) -> Result<PreToolUseResponse, String> {
    if input.tool_name.is_empty() {
        return Err("no tool name".to_string());
    }
    Ok(PreToolUseResponse::ask("run this tool?").updated_input(serde_json::json!({})))
}

#[cursor_hook(event = "postToolUse")]
fn after(_input: &PostToolUse) -> Result<Option<PostToolUseResponse>, std::fmt::Error> {
    Ok(Some(PostToolUseResponse::default().additional_context("the build is green")))
}

// `fail = "closed"` blocks (exit 2) on the empty stdin trybuild gives, so call the handlers.
fn main() {
    let _ = (tools as fn(PreToolUse) -> _, after as fn(&PostToolUse) -> _);
}
