//! Stops a prompt that contains an AWS access key id before it leaves the machine, in every
//! host: [`guard`] is one unified handler (`#[hook(on = "prompt.submitted")]`), wired as
//! Cursor's `beforeSubmitPrompt`, Claude Code's and Codex's `UserPromptSubmit` and Copilot's
//! `userPromptSubmitted`; the `prompt-guard` binary answers with it alone.
//!
//! The per-host handlers below ([`prompt`], [`claude_prompt`], [`codex_prompt`]) are the same
//! guard written once per host: the escape hatch, for a host whose own answer is wanted (the
//! `policy` binary lists them). All decide with [`has_aws_key`].

use cursor_hooks::prelude::*;

/// What the user is told; the key itself is never repeated.
pub const BLOCKED: &str = "Your prompt contains an AWS access key id, so it was not sent. Remove the key (and rotate it if it was shared) and try again.";

/// Whether `text` holds an AWS access key id: `AKIA` and 16 upper-case letters or digits.
///
/// ```
/// use cursor_hooks_examples::prompt_guard::has_aws_key;
///
/// assert!(has_aws_key("deploy with AKIAIOSFODNN7EXAMPLE please"));
/// assert!(!has_aws_key("AKIA is the prefix of AWS key ids"));
/// assert!(!has_aws_key("akiaiosfodnn7example"));
/// ```
pub fn has_aws_key(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.windows(20).any(|w| {
        w.starts_with(b"AKIA")
            && w[4..]
                .iter()
                .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
    })
}

/// Every host, one function: a prompt with a key is blocked, and each host shows the user
/// [`BLOCKED`] (Cursor's `continue: false` with `user_message`, the others' `decision: block`
/// with `reason`).
///
/// ```
/// use cursor_hooks_examples::prompt_guard::guard;
///
/// for each in cursor_hooks::testing::unified::<guard>("use AKIAIOSFODNN7EXAMPLE") {
///     cursor_hooks::assert_blocked!(each.answer);
/// }
/// ```
#[hook(on = "prompt.submitted", hosts = (Cursor, ClaudeCode, Codex, Copilot), timeout = 5)]
pub fn guard(call: &PromptCall) -> PromptAnswer {
    if has_aws_key(call.prompt()) {
        PromptAnswer::block(BLOCKED)
    } else {
        no_opinion()
    }
}

/// `beforeSubmitPrompt`.
#[cursor_hook(event = "beforeSubmitPrompt", timeout = 5)]
pub fn prompt(input: &BeforeSubmitPrompt) -> BeforeSubmitPromptResponse {
    if has_aws_key(&input.prompt) {
        BeforeSubmitPromptResponse::block(BLOCKED)
    } else {
        no_opinion()
    }
}

/// Claude Code's `UserPromptSubmit`: a blocked prompt is erased from the context and never
/// reaches the model; the reason is shown to the user.
#[claude_hook(event = "UserPromptSubmit", timeout = 5)]
pub fn claude_prompt(input: &claude::UserPromptSubmit) -> claude::UserPromptSubmitResponse {
    if has_aws_key(&input.prompt) {
        claude::UserPromptSubmitResponse::block(BLOCKED)
    } else {
        no_opinion()
    }
}

/// Codex's `UserPromptSubmit`: the same rule; Codex reads `decision: "block"` there too, and the
/// prompt never reaches the model.
#[codex_hook(event = "UserPromptSubmit", timeout = 5)]
pub fn codex_prompt(input: &codex::UserPromptSubmit) -> codex::UserPromptSubmitResponse {
    if has_aws_key(&input.prompt) {
        codex::UserPromptSubmitResponse::block(BLOCKED)
    } else {
        no_opinion()
    }
}
