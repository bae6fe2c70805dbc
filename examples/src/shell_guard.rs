//! Guards shell commands: `rm -rf` is denied, a force-push asks the user, the rest is left to
//! the editor. Wired in Cursor on `beforeShellExecution` and on `preToolUse` for the `Shell`
//! tool, in Claude Code on `PreToolUse` for the `Bash` tool and on `PreSkillShellCommand`
//! (the shell lines of skills and slash commands), in Codex on `PreToolUse` for its `Bash`
//! tool, and in GitHub Copilot CLI on `preToolUse` for its `bash` tool; all six decide with
//! [`classify`].

use cursor_hooks::prelude::*;

/// What the guard thinks of a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Recursive forced deletion: denied.
    RecursiveDelete,
    /// `git push --force` / `git push -f`: the user decides.
    ForcePush,
    /// Anything else: no opinion.
    Fine,
}

/// What a force-push asks the user, where the host can ask.
pub const ASK_MESSAGE: &str =
    "This command force-pushes and may overwrite commits on the remote. Run it?";
/// A deny's one text, with the advice: Claude Code gives it to the model only, and Cursor's
/// own code tells the agent a deny's `user_message` and drops `agent_message`
/// (spec/cursor/events.json, `dropped`).
pub const DENY_REASON: &str = "rm -rf is blocked by the shell guard: delete the specific files or directories you mean, one path at a time, or ask the user to run it.";

/// Classifies a shell command.
///
/// ```
/// use cursor_hooks_examples::shell_guard::{classify, Verdict};
///
/// assert_eq!(classify("rm -rf build"), Verdict::RecursiveDelete);
/// assert_eq!(classify("git push -f origin main"), Verdict::ForcePush);
/// assert_eq!(classify("git push --force-with-lease"), Verdict::Fine);
/// assert_eq!(classify("cargo test"), Verdict::Fine);
/// ```
pub fn classify(command: &str) -> Verdict {
    if command.contains("rm -rf") || command.contains("rm -fr") {
        return Verdict::RecursiveDelete;
    }
    // Each `git push` in a compound command, with the words that follow it.
    let words: Vec<&str> = command.split_whitespace().collect();
    let force_push = words.windows(2).enumerate().any(|(at, pair)| {
        pair == ["git", "push"]
            && words[at + 2..]
                .iter()
                .take_while(|w| !is_separator(w))
                .any(|w| *w == "--force" || *w == "-f")
    });
    if force_push {
        Verdict::ForcePush
    } else {
        Verdict::Fine
    }
}

fn is_separator(word: &str) -> bool {
    matches!(word, "&&" | "||" | ";" | "|")
}

/// `beforeShellExecution`. What each editor shows of the deny: Cursor's own code
/// (`@cursor/sdk` 1.0.32, the hooks module of cursor-agent 2026.09.08) tells the agent
/// `Command execution was blocked by a hook: <DENY_REASON>` (it never reads `agent_message`
/// here, so the response has none), and turns the ask into the user's approval prompt.
/// `cursor-hooks simulate` prints it (`shown:`).
#[cursor_hook(event = "beforeShellExecution", timeout = 5)]
pub fn guard(input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    match classify(&input.command) {
        Verdict::RecursiveDelete => BeforeShellExecutionResponse::deny(DENY_REASON),
        Verdict::ForcePush => BeforeShellExecutionResponse::ask(ASK_MESSAGE),
        Verdict::Fine => no_opinion(),
    }
}

/// `preToolUse` for the Shell tool: the same rules, before the tool runs at all. Cursor's own
/// code tells the agent the `user_message` of a deny and drops `agent_message` when it runs
/// the hook itself (a backend-triggered preToolUse passes it on), so the reason carries the
/// advice; it does not act on `ask`.
#[cursor_hook(event = "preToolUse", matcher = "Shell", timeout = 5)]
pub fn pre_tool(input: PreToolUse) -> PreToolUseResponse {
    // Typed by `tool_name`: a `command` that is not a string is answered by the failure
    // policy, never read as "no command".
    let Tool::Shell(shell) = input.tool() else {
        return no_opinion();
    };
    match classify(&shell.command) {
        Verdict::RecursiveDelete => PreToolUseResponse::deny(DENY_REASON),
        Verdict::ForcePush => PreToolUseResponse::ask(ASK_MESSAGE),
        Verdict::Fine => no_opinion(),
    }
}

/// Claude Code's `PreToolUse` for the `Bash` tool: the same rules. A deny's reason goes to the
/// model (Claude Code answers the tool call with it); an ask's reason is shown to the user.
#[claude_hook(event = "PreToolUse", matcher = "Bash", timeout = 5)]
pub fn claude_bash(input: &claude::PreToolUse) -> claude::PreToolUseResponse {
    let claude::Tool::Bash(bash) = input.tool() else {
        return no_opinion();
    };
    match classify(&bash.command) {
        Verdict::RecursiveDelete => claude::PreToolUseResponse::deny(DENY_REASON),
        Verdict::ForcePush => claude::PreToolUseResponse::ask(ASK_MESSAGE),
        Verdict::Fine => no_opinion(),
    }
}

/// Claude Code's `PreSkillShellCommand`: the shell lines of a skill or slash command, which run
/// when it loads, before Claude sees anything. Only a deny has an effect there, and a skill can't
/// wait for the user, so a force-push is refused too, with the command to run by hand.
/// A command it cannot read is refused here, by the guard itself: when a hook fails on this
/// event (without `onFailure: "block"`), Claude Code runs the skill's command.
#[claude_hook(event = "PreSkillShellCommand", timeout = 5)]
pub fn claude_skill_shell(
    input: &claude::PreSkillShellCommand,
) -> claude::PreSkillShellCommandResponse {
    // Read without the failure policy: this binary's policy is open, and a skill's command
    // that cannot be checked must still be refused.
    let command = input.tool_input.get("command").and_then(|c| c.as_str());
    let Some(command) = command else {
        return claude::PreSkillShellCommandResponse::deny(SKILL_UNREADABLE_REASON);
    };
    match classify(command) {
        Verdict::RecursiveDelete => claude::PreSkillShellCommandResponse::deny(DENY_REASON),
        Verdict::ForcePush => claude::PreSkillShellCommandResponse::deny(SKILL_FORCE_PUSH_REASON),
        Verdict::Fine => no_opinion(),
    }
}

/// Codex's `PreToolUse` for its shell tools (Codex names them all `Bash` in the payload): the
/// same rules, but Codex rejects `ask` (the hook would count as failed and the command would
/// run), so a force-push is refused, with what to do instead. The reason reaches the model.
#[codex_hook(event = "PreToolUse", matcher = "Bash", timeout = 5)]
pub fn codex_bash(input: &codex::PreToolUse) -> codex::PreToolUseResponse {
    // Typed: a `command` that is not a string is answered by the failure policy.
    let codex::Tool::Bash(bash) = input.tool() else {
        return no_opinion();
    };
    match classify(&bash.command) {
        Verdict::RecursiveDelete => codex::PreToolUseResponse::deny(DENY_REASON),
        Verdict::ForcePush => codex::PreToolUseResponse::deny(CODEX_FORCE_PUSH_REASON),
        Verdict::Fine => no_opinion(),
    }
}

/// GitHub Copilot CLI's own `preToolUse` for its `bash` tool: the same rules. Copilot asks the
/// user on `ask` (in `-p` mode, where no one can answer, it denies, and the model is told why).
#[copilot_hook(event = "preToolUse", matcher = "bash", timeout = 5)]
pub fn copilot_bash(input: &copilot::PreToolUse) -> copilot::PreToolUseResponse {
    // Typed: a `command` that is not a string is answered by the failure policy.
    let copilot::Tool::Bash(bash) = input.tool() else {
        return no_opinion();
    };
    match classify(&bash.command) {
        Verdict::RecursiveDelete => copilot::PreToolUseResponse::deny(DENY_REASON),
        Verdict::ForcePush => copilot::PreToolUseResponse::ask(ASK_MESSAGE),
        Verdict::Fine => no_opinion(),
    }
}

/// Codex cannot ask the user from a hook, so a force-push is refused with what to do instead.
const CODEX_FORCE_PUSH_REASON: &str = "This command force-pushes and may overwrite commits on the remote; the shell guard refuses it under Codex, which cannot ask first: push a new branch, or ask the user to run it.";

/// The skill's command is not a string the guard can check.
const SKILL_UNREADABLE_REASON: &str =
    "The shell guard could not read this skill's shell command, so it refuses it.";

/// A skill's force-push cannot ask the user first, so it is refused with what to do instead.
const SKILL_FORCE_PUSH_REASON: &str = "A skill's shell line force-pushes; the shell guard refuses it there because a skill cannot ask first: run the push yourself if you mean it.";
