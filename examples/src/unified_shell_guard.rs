//! The shell guard as one unified handler (`#[hook]`): one function for Cursor, Claude Code,
//! Codex and GitHub Copilot CLI, wired into each through its own events (Cursor's
//! `beforeShellExecution` and `preToolUse` for `Shell`, Claude Code's and Codex's `PreToolUse`,
//! Copilot's `preToolUse`), reading one [`ShellCall`] and answering one [`ShellAnswer`].
//!
//! It decides with [`shell_guard::classify`](crate::shell_guard::classify), as the per-host
//! `shell-guard` does. The answer is what all four honour: `rm -rf` and a force-push are both
//! denied. A force-push cannot ask the user here, because Cursor turns `ask` into a deny and
//! Codex fails the hook and runs the command (`spec/concepts.json` `capabilities`):
//! `ShellAnswer::ask` does not compile for these hosts. `shell-guard` keeps its per-host
//! handlers where a host's own answer is wanted (an ask in Claude Code and Copilot, the skill
//! lines of Claude Code).

use crate::shell_guard::{classify, Verdict, DENY_REASON};
use cursor_hooks::prelude::*;

/// A force-push, refused with what to do instead (no host here can be asked first by all).
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
        Verdict::ForcePush => ShellAnswer::deny(FORCE_PUSH_REASON),
        Verdict::Fine => no_opinion(),
    }
}
