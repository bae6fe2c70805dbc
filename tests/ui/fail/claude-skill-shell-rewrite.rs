use cursor_hooks::claude::prelude::*;

// PreSkillShellCommand never applies a rewrite (any `updatedInput` keeps the command from
// running), so its answer has no `updated_input`: only a deny has an effect.
#[claude_hook(event = "PreSkillShellCommand")]
fn guard(input: &PreSkillShellCommand) -> PreSkillShellCommandResponse {
    PreSkillShellCommandResponse::allow().updated_input(serde_json::json!({
        "command": input.tool_input.command().unwrap_or_default().replace("rm -rf", "rm -ri"),
    }))
}

cursor_hooks::main!(guard);
