//! One handler for every editor: the host-neutral input and answer of a unified handler,
//! written with [`#[hook]`](crate::hook).
//!
//! Two concepts are answered so far: before a shell call ([`ShellCall`], [`ShellAnswer`]) and a
//! submitted prompt ([`PromptCall`], [`PromptAnswer`]).
//!
//! The concept a handler answers (`on = "tool.before"`, `tool = "shell"`) is mapped to each
//! host's own events in `spec/concepts.json`: before a shell call is Cursor's
//! `beforeShellExecution` and its `preToolUse` for the `Shell` tool, Claude Code's and Codex's
//! `PreToolUse` for `Bash`, and Copilot's `preToolUse` for `bash`. The handler reads one
//! [`ShellCall`] whichever host sent it, and answers one [`ShellAnswer`], converted to that
//! host's own answer.
//!
//! What the answer may say depends on the hosts the handler lists: a builder compiles only
//! when every one of them honours it (the `capabilities` of `spec/concepts.json`, generated
//! into the traits [`ShellDeny`], [`ShellAsk`], [`ShellContext`]). Cursor and Codex do not
//! honour `ask` (Cursor turns it into a deny, Codex fails the hook and runs the command), so
//! a handler listing either cannot ask:
//!
//! ```compile_fail
//! use cursor_hooks::prelude::*;
//!
//! #[hook(on = "tool.before", tool = "shell", hosts = (Cursor, ClaudeCode))]
//! fn guard(call: &ShellCall) -> ShellAnswer {
//!     // error: `Cursor` does not honour `ask` on `tool.before` for a shell call
//!     ShellAnswer::ask("run it?")
//! }
//! # fn main() {}
//! ```
//!
//! A deny is honoured by every host:
//!
//! ```
//! use cursor_hooks::neutral::{hosts, ShellAnswer, ShellCall, Verdict};
//! use cursor_hooks::Host;
//!
//! fn guard(call: &ShellCall) -> ShellAnswer<(hosts::Cursor, hosts::Codex)> {
//!     if call.command().contains("rm -rf") {
//!         ShellAnswer::deny("rm -rf is blocked: delete the paths you mean one at a time")
//!     } else {
//!         ShellAnswer::no_opinion()
//!     }
//! }
//!
//! let answer = guard(&ShellCall::new(Host::Codex, "rm -rf /"));
//! assert!(matches!(answer.verdict(), Verdict::Deny(_)));
//! assert_eq!(guard(&ShellCall::new(Host::Cursor, "ls")).verdict(), &Verdict::NoOpinion);
//! ```

use crate::Host;
use serde_json::{json, Value};
use std::marker::PhantomData;

pub use crate::gen::neutral::{PromptBlock, PromptContext, ShellAsk, ShellContext, ShellDeny};

/// The hosts as types, for the answer's type: `ShellAnswer<(hosts::Cursor, hosts::ClaudeCode)>`
/// is what `#[hook(..., hosts = (Cursor, ClaudeCode))]` makes of a handler's `ShellAnswer`.
pub mod hosts {
    pub use crate::gen::neutral::{ClaudeCode, Codex, Copilot, Cursor};
}

/// A shell command about to run, as any host's before-tool event gives it, with the host's own
/// tool name and arguments at hand.
#[derive(Debug, Clone, PartialEq)]
pub struct ShellCall {
    host: Host,
    tool_name: String,
    command: String,
    input: Value,
}

impl ShellCall {
    /// A call of `host`'s shell tool running `command`, named as that host names its shell tool
    /// (`spec/concepts.json` `tools`): for a handler's own tests.
    ///
    /// ```
    /// use cursor_hooks::neutral::ShellCall;
    /// use cursor_hooks::Host;
    ///
    /// let call = ShellCall::new(Host::Copilot, "ls");
    /// assert_eq!((call.tool_name(), call.command()), ("bash", "ls"));
    /// ```
    pub fn new(host: Host, command: impl Into<String>) -> ShellCall {
        let command = command.into();
        let tool_name = match host {
            Host::Cursor => "Shell",
            Host::ClaudeCode | Host::Codex => "Bash",
            Host::Copilot => "bash",
        };
        ShellCall::of(
            host,
            tool_name,
            command.clone(),
            json!({ "command": command }),
        )
    }

    /// What a host's own payload holds.
    pub(crate) fn of(host: Host, tool_name: &str, command: String, input: Value) -> ShellCall {
        ShellCall {
            host,
            tool_name: tool_name.to_owned(),
            command,
            input,
        }
    }

    /// The host that sent the call.
    pub fn host(&self) -> Host {
        self.host
    }

    /// The command line that will run.
    pub fn command(&self) -> &str {
        &self.command
    }

    /// The host's own name of the tool (`Shell`, `Bash`, `bash`).
    pub fn tool_name(&self) -> &str {
        &self.tool_name
    }

    /// The host's own arguments of the call (for Cursor's `beforeShellExecution`, which sends
    /// none, `{"command", "cwd"}` from its payload).
    pub fn input(&self) -> &Value {
        &self.input
    }
}

/// What the handler decided, whichever host asked.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Verdict {
    /// No opinion: the host goes on as it would without the hook.
    NoOpinion,
    /// The call is refused; the model is given the reason.
    Deny(String),
    /// The user is asked, shown the reason.
    Ask(String),
}

/// The answer of a unified handler before a shell call. `H` is the hosts it lists (a tuple of
/// [`hosts`] types), written by `#[hook]`: each builder compiles only when every one of them
/// honours what it says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShellAnswer<H> {
    verdict: Verdict,
    context: Option<String>,
    hosts: PhantomData<fn() -> H>,
}

impl<H> Default for ShellAnswer<H> {
    fn default() -> Self {
        ShellAnswer {
            verdict: Verdict::NoOpinion,
            context: None,
            hosts: PhantomData,
        }
    }
}

impl<H> crate::sealed::Sealed for ShellAnswer<H> {}
impl<H> crate::response::AnyResponse for ShellAnswer<H> {}

impl<H> ShellAnswer<H> {
    /// No opinion (as [`no_opinion()`](crate::response::no_opinion)).
    pub fn no_opinion() -> Self {
        ShellAnswer::default()
    }

    /// Refuses the call; every host gives the model `reason`.
    pub fn deny(reason: impl Into<String>) -> Self
    where
        H: ShellDeny,
    {
        ShellAnswer {
            verdict: Verdict::Deny(reason.into()),
            ..ShellAnswer::default()
        }
    }

    /// Asks the user, showing `reason`: only where every listed host honours it.
    pub fn ask(reason: impl Into<String>) -> Self
    where
        H: ShellAsk,
    {
        ShellAnswer {
            verdict: Verdict::Ask(reason.into()),
            ..ShellAnswer::default()
        }
    }

    /// Adds `text` to the model's context beside the call: only where every listed host
    /// honours it.
    #[must_use]
    pub fn context(mut self, text: impl Into<String>) -> Self
    where
        H: ShellContext,
    {
        self.context = Some(text.into());
        self
    }

    /// What it decided.
    pub fn verdict(&self) -> &Verdict {
        &self.verdict
    }

    /// The context it adds, if any.
    pub fn added_context(&self) -> Option<&str> {
        self.context.as_deref()
    }
}

/// A prompt the user submitted, before the model sees it, as any host's prompt event gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PromptCall {
    host: Host,
    prompt: String,
}

impl PromptCall {
    /// `host`'s prompt event with `prompt`: for a handler's own tests.
    ///
    /// ```
    /// use cursor_hooks::neutral::PromptCall;
    /// use cursor_hooks::Host;
    ///
    /// let call = PromptCall::new(Host::Codex, "deploy it");
    /// assert_eq!((call.host(), call.prompt()), (Host::Codex, "deploy it"));
    /// ```
    pub fn new(host: Host, prompt: impl Into<String>) -> PromptCall {
        PromptCall {
            host,
            prompt: prompt.into(),
        }
    }

    /// The host that sent it.
    pub fn host(&self) -> Host {
        self.host
    }

    /// The prompt as submitted.
    pub fn prompt(&self) -> &str {
        &self.prompt
    }
}

/// The answer of a unified handler to a submitted prompt. `H` is the hosts it lists, written
/// by `#[hook]`: each builder compiles only when every one of them honours what it says
/// ([`PromptBlock`], [`PromptContext`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PromptAnswer<H> {
    block: Option<String>,
    context: Option<String>,
    hosts: PhantomData<fn() -> H>,
}

impl<H> Default for PromptAnswer<H> {
    fn default() -> Self {
        PromptAnswer {
            block: None,
            context: None,
            hosts: PhantomData,
        }
    }
}

impl<H> crate::sealed::Sealed for PromptAnswer<H> {}
impl<H> crate::response::AnyResponse for PromptAnswer<H> {}

impl<H> PromptAnswer<H> {
    /// No opinion: the prompt goes on to the model.
    pub fn no_opinion() -> Self {
        PromptAnswer::default()
    }

    /// Stops the prompt before the model sees it; every host shows the user `reason`.
    ///
    /// ```
    /// use cursor_hooks::neutral::{hosts, PromptAnswer};
    ///
    /// let answer = PromptAnswer::<(hosts::Cursor, hosts::Copilot)>::block("no keys in prompts");
    /// assert_eq!(answer.blocked(), Some("no keys in prompts"));
    /// ```
    pub fn block(reason: impl Into<String>) -> Self
    where
        H: PromptBlock,
    {
        PromptAnswer {
            block: Some(reason.into()),
            ..PromptAnswer::default()
        }
    }

    /// Adds `text` to the model's context with the prompt: only where every listed host
    /// honours it (Cursor does not).
    #[must_use]
    pub fn context(mut self, text: impl Into<String>) -> Self
    where
        H: PromptContext,
    {
        self.context = Some(text.into());
        self
    }

    /// The reason it blocks the prompt with, if it does.
    pub fn blocked(&self) -> Option<&str> {
        self.block.as_deref()
    }

    /// The context it adds, if any.
    pub fn added_context(&self) -> Option<&str> {
        self.context.as_deref()
    }
}

/// The conversions `#[hook]`'s per-host entries call, one module per host and event
/// (`__convert::<host>::<event in snake case>`): `call` reads the host's payload into the
/// concept's neutral call ([`ShellCall`], [`PromptCall`]), `answer` writes the neutral answer
/// ([`ShellAnswer`], [`PromptAnswer`]) as the host's own, and `fixture` (for the test kit) is
/// the host's own payload of a call.
#[doc(hidden)]
pub mod __convert {
    /// The command of a shell call's arguments: a missing or non-string `command` is a payload
    /// the guard cannot decide on, answered by the failure policy.
    fn command_of(input: &crate::ToolInput) -> String {
        match input.command() {
            Some(command) => command.to_owned(),
            None => {
                if input.get("command").is_none() {
                    crate::reads::misread(
                        "read the tool argument `command`, which is missing".to_owned(),
                    );
                }
                String::new()
            }
        }
    }

    /// Writes the conversions of one host's prompt event as its module `$event`: `$host` is
    /// its module, `$variant` its [`Host`](crate::Host), `$input` the event's type. Every
    /// host's answer there has `block` (Cursor's `continue: false` with its `user_message`) and
    /// `additional_context`.
    macro_rules! prompt_event {
        ($event:ident, $host:ident, $variant:ident, $input:ident) => {
            /// Its prompt event.
            pub mod $event {
                use crate::neutral::{PromptAnswer, PromptCall};
                use crate::$host::prelude::$input;
                use crate::Host;

                /// The answer's type.
                type Response = <$input as crate::$host::Event>::Response;

                /// Its payload.
                pub fn call(input: &$input) -> PromptCall {
                    PromptCall::new(Host::$variant, input.prompt.clone())
                }

                /// Its fixture, with `prompt` (the event names no tool).
                #[cfg(feature = "testing")]
                pub fn fixture(_tool: Option<&str>, prompt: &str) -> serde_json::Value {
                    $input::fixture().set("prompt", prompt).to_value()
                }

                /// Its answer. Context only reaches here for a host that honours it (the
                /// answer's types keep it out otherwise).
                pub fn answer<H>(answer: PromptAnswer<H>) -> Response {
                    let response = match answer.block {
                        Some(reason) => Response::block(reason),
                        None => Response::default(),
                    };
                    match answer.context {
                        Some(text) => response.additional_context(text),
                        None => response,
                    }
                }
            }
        };
    }

    /// Cursor's events.
    pub mod cursor {
        prompt_event!(before_submit_prompt, cursor, Cursor, BeforeSubmitPrompt);

        /// `beforeShellExecution`.
        pub mod before_shell_execution {
            use crate::cursor::prelude::{BeforeShellExecution, BeforeShellExecutionResponse};
            use crate::neutral::{ShellAnswer, ShellCall, Verdict};
            use crate::Host;

            /// Its payload, which names no tool: the arguments are its `command` and `cwd`.
            pub fn call(input: &BeforeShellExecution) -> ShellCall {
                let arguments = serde_json::json!({ "command": input.command, "cwd": input.cwd });
                ShellCall::of(Host::Cursor, "Shell", input.command.clone(), arguments)
            }

            /// Its fixture, running `command` (the test kit's payload; the event names no tool).
            #[cfg(feature = "testing")]
            pub fn fixture(_tool: Option<&str>, command: &str) -> serde_json::Value {
                BeforeShellExecution::fixture()
                    .set("command", command)
                    .to_value()
            }

            /// Cursor's own code tells the agent a deny's `user_message`.
            pub fn answer<H>(answer: ShellAnswer<H>) -> BeforeShellExecutionResponse {
                match answer.verdict {
                    Verdict::NoOpinion => BeforeShellExecutionResponse::default(),
                    Verdict::Deny(reason) => BeforeShellExecutionResponse::deny(reason),
                    Verdict::Ask(reason) => BeforeShellExecutionResponse::ask(reason),
                }
            }
        }

        /// `preToolUse`, wired for the `Shell` tool.
        pub mod pre_tool_use {
            use crate::cursor::prelude::{PreToolUse, PreToolUseResponse};
            use crate::neutral::{ShellAnswer, ShellCall, Verdict};
            use crate::Host;

            /// Its payload.
            pub fn call(input: &PreToolUse) -> ShellCall {
                let command = super::super::command_of(&input.tool_input);
                let arguments = input.tool_input.value().clone();
                ShellCall::of(Host::Cursor, &input.tool_name, command, arguments)
            }

            /// Its fixture, calling `tool` with `command`.
            #[cfg(feature = "testing")]
            pub fn fixture(tool: Option<&str>, command: &str) -> serde_json::Value {
                PreToolUse::fixture()
                    .set("tool_name", tool.unwrap_or_default())
                    .set("tool_input", serde_json::json!({ "command": command }))
                    .to_value()
            }

            /// Its answer; a deny's reason is the `user_message` Cursor tells the agent.
            pub fn answer<H>(answer: ShellAnswer<H>) -> PreToolUseResponse {
                let response = match answer.verdict {
                    Verdict::NoOpinion => PreToolUseResponse::default(),
                    Verdict::Deny(reason) => PreToolUseResponse::deny(reason),
                    Verdict::Ask(reason) => PreToolUseResponse::ask(reason),
                };
                match answer.context {
                    Some(text) => response.additional_context(text),
                    None => response,
                }
            }
        }
    }

    /// Writes the Claude-family `PreToolUse` conversions of one host, as its module `$event`:
    /// `$host` is its module, `$variant` its [`Host`](crate::Host), `$arguments` the payload
    /// field of the tool's arguments, and `$tool_wire` and `$arguments_wire` the wire names of
    /// the tool's name and arguments.
    macro_rules! claude_family_pre_tool_use {
        ($event:ident, $host:ident, $variant:ident, $arguments:ident, $tool_wire:literal, $arguments_wire:literal) => {
            /// Its before-tool event, wired for its shell tool.
            pub mod $event {
                use crate::$host::prelude::{PreToolUse, PreToolUseResponse};
                use crate::neutral::{ShellAnswer, ShellCall, Verdict};
                use crate::Host;

                /// Its payload.
                pub fn call(input: &PreToolUse) -> ShellCall {
                    let command = super::super::command_of(&input.$arguments);
                    let arguments = input.$arguments.value().clone();
                    ShellCall::of(Host::$variant, &input.tool_name, command, arguments)
                }

                /// Its fixture, calling `tool` with `command`.
                #[cfg(feature = "testing")]
                pub fn fixture(tool: Option<&str>, command: &str) -> serde_json::Value {
                    PreToolUse::fixture()
                        .set($tool_wire, tool.unwrap_or_default())
                        .set($arguments_wire, serde_json::json!({ "command": command }))
                        .to_value()
                }

                /// Its answer. An `ask` only reaches here for a host that honours it (the
                /// answer's types keep it out otherwise); one that does not reads it as a
                /// deny.
                pub fn answer<H>(answer: ShellAnswer<H>) -> PreToolUseResponse {
                    let response = match answer.verdict {
                        Verdict::NoOpinion => PreToolUseResponse::default(),
                        Verdict::Deny(reason) => PreToolUseResponse::deny(reason),
                        Verdict::Ask(reason) => claude_family_pre_tool_use!(@ask $variant, reason),
                    };
                    match answer.context {
                        Some(text) => response.additional_context(text),
                        None => response,
                    }
                }
            }
        };
        (@ask Codex, $reason:ident) => { PreToolUseResponse::deny($reason) };
        (@ask $variant:ident, $reason:ident) => { PreToolUseResponse::ask($reason) };
    }

    /// Claude Code's events.
    #[cfg(feature = "claude-code")]
    pub mod claude_code {
        claude_family_pre_tool_use!(
            pre_tool_use,
            claude,
            ClaudeCode,
            tool_input,
            "tool_name",
            "tool_input"
        );
        prompt_event!(user_prompt_submit, claude, ClaudeCode, UserPromptSubmit);
    }

    /// Codex's events.
    #[cfg(feature = "codex")]
    pub mod codex {
        claude_family_pre_tool_use!(
            pre_tool_use,
            codex,
            Codex,
            tool_input,
            "tool_name",
            "tool_input"
        );
        prompt_event!(user_prompt_submit, codex, Codex, UserPromptSubmit);
    }

    /// Copilot's events.
    #[cfg(feature = "copilot")]
    pub mod copilot {
        claude_family_pre_tool_use!(
            pre_tool_use,
            copilot,
            Copilot,
            tool_args,
            "toolName",
            "toolArgs"
        );
        prompt_event!(user_prompt_submitted, copilot, Copilot, UserPromptSubmitted);
    }
}
