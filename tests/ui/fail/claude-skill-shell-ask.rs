use cursor_hooks::claude::prelude::*;

// A skill's shell line cannot wait for the user: `ask` refuses the command, so the answer
// offers `deny` instead.
#[claude_hook(event = "PreSkillShellCommand")]
fn guard(_input: &PreSkillShellCommand) -> PreSkillShellCommandResponse {
    PreSkillShellCommandResponse::ask("run this?")
}

cursor_hooks::main!(guard);
