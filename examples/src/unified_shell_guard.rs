//! The shell guard as one unified handler (`#[hook]`): one function for Cursor, Claude Code,
//! Codex and GitHub Copilot CLI, wired into each through its own events (Cursor's
//! `beforeShellExecution` and `preToolUse` for `Shell`, Claude Code's and Codex's `PreToolUse`,
//! Copilot's `preToolUse`), reading one [`ShellCall`] and answering one [`ShellAnswer`].
//!
//! It decides with [`shell_guard::classify`](crate::shell_guard::classify), as the per-host
//! `shell-guard` does. `rm -rf` is denied everywhere. A force-push asks the user where the host
//! can ask: `ShellAnswer::ask` does not compile for these hosts, because Cursor turns `ask` into
//! a deny and Codex fails the hook and runs the command (`spec/concepts.json` `capabilities`),
//! so the neutral answer denies it, and Claude Code's and Copilot's own `ask` answers are sent
//! there instead ([`ShellAnswer::instead`], the typed escape hatch). The binary adds the
//! per-host guard of Claude Code's skill lines (`PreSkillShellCommand`, which no other host
//! has), so it guards everything `shell-guard` does.

use crate::shell_guard::{classify, Verdict, ASK_MESSAGE, DENY_REASON};
use cursor_hooks::prelude::*;

/// A force-push, refused with what to do instead where the host cannot ask (Cursor, Codex).
pub const FORCE_PUSH_REASON: &str = "This command force-pushes and may overwrite commits on the remote; the shell guard refuses it: push a new branch, or ask the user to run it.";

/// Before any shell call, in every host.
///
/// ```
/// use cursor_hooks::neutral::{ShellCall, Verdict};
/// use cursor_hooks::Host;
/// use cursor_hooks_examples::unified_shell_guard::guard;
///
/// for host in Host::ALL {
///     let answer = guard(&ShellCall::new(host, "rm -rf build"));
///     assert!(matches!(answer.verdict(), Verdict::Deny(_)), "{host:?}");
///     assert_eq!(guard(&ShellCall::new(host, "cargo test")).verdict(), &Verdict::NoOpinion);
/// }
/// ```
#[hook(on = "tool.before", tool = "shell", hosts = (Cursor, ClaudeCode, Codex, Copilot), timeout = 5)]
pub fn guard(call: &ShellCall) -> ShellAnswer {
    match classify(call.command()) {
        Verdict::RecursiveDelete => ShellAnswer::deny(DENY_REASON),
        Verdict::ForcePush => ShellAnswer::deny(FORCE_PUSH_REASON)
            .instead(claude::PreToolUseResponse::ask(ASK_MESSAGE))
            .instead(copilot::PreToolUseResponse::ask(ASK_MESSAGE)),
        Verdict::Fine => no_opinion(),
    }
}
