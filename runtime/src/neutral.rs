//! One handler for every editor: the host-neutral input and answer of a unified handler,
//! written with [`#[hook]`](crate::hook).
//!
//! Four are answered so far: before a shell call ([`ShellCall`], [`ShellAnswer`]), before a
//! file is read ([`ReadCall`], [`ReadAnswer`]), a submitted prompt ([`PromptCall`],
//! [`PromptAnswer`]) and the agent about to stop ([`StopCall`], [`StopAnswer`]).
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
//! into the traits [`ShellDeny`], [`ShellAsk`], [`ShellContext`], [`ShellRewrite`],
//! [`ShellTellUser`], [`ShellStopRun`]). Cursor and Codex do not honour `ask` (Cursor turns it
//! into a deny, Codex fails the hook and runs the command), so a handler listing either cannot
//! ask:
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

pub use crate::gen::neutral::{
    Lists, PromptBlock, PromptContext, PromptOwn, ReadDeny, ReadOwn, ShellAsk, ShellContext,
    ShellDeny, ShellOwn, ShellRewrite, ShellStopRun, ShellTellUser, StopKeepGoing, StopOwn,
};

/// The hosts as types, for the answer's type: `ShellAnswer<(hosts::Cursor, hosts::ClaudeCode)>`
/// is what `#[hook(..., hosts = (Cursor, ClaudeCode))]` makes of a handler's `ShellAnswer`.
pub mod hosts {
    pub use crate::gen::neutral::{ClaudeCode, Codex, Copilot, Cursor};
}

/// Hosts' own answers a unified answer carries ([`ShellAnswer::instead`] and its siblings):
/// each sent at the event whose answer type it is, in place of the neutral answer.
#[derive(Debug, Clone, PartialEq, Default)]
struct Own(Vec<OwnAnswer>);

/// One host's own answer, of any of the hosts' answer types.
#[derive(Debug)]
struct OwnAnswer(Box<dyn AnyAnswer>);

/// What `Own` needs of an answer type: to be cloned, compared and taken back as itself.
trait AnyAnswer: std::any::Any + std::fmt::Debug {
    fn cloned(&self) -> Box<dyn AnyAnswer>;
    fn same(&self, other: &dyn std::any::Any) -> bool;
    fn any(&self) -> &dyn std::any::Any;
}

impl<T: std::any::Any + std::fmt::Debug + Clone + PartialEq> AnyAnswer for T {
    fn cloned(&self) -> Box<dyn AnyAnswer> {
        Box::new(self.clone())
    }
    fn same(&self, other: &dyn std::any::Any) -> bool {
        other.downcast_ref::<T>() == Some(self)
    }
    fn any(&self) -> &dyn std::any::Any {
        self
    }
}

impl Clone for OwnAnswer {
    fn clone(&self) -> Self {
        OwnAnswer(self.0.cloned())
    }
}

impl PartialEq for OwnAnswer {
    fn eq(&self, other: &Self) -> bool {
        self.0.same(other.0.any())
    }
}

impl Own {
    /// Keeps `answer`, replacing an earlier one of its type.
    fn set<R: std::any::Any + std::fmt::Debug + Clone + PartialEq>(&mut self, answer: R) {
        self.0.retain(|own| !own.0.any().is::<R>());
        self.0.push(OwnAnswer(Box::new(answer)));
    }

    /// The answer of type `R`, if one was given.
    fn get<R: std::any::Any + Clone>(&self) -> Option<R> {
        self.0
            .iter()
            .find_map(|own| own.0.any().downcast_ref::<R>())
            .cloned()
    }
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
    /// The call runs with this command instead.
    Rewrite(String),
}

/// The answer of a unified handler before a shell call. `H` is the hosts it lists (a tuple of
/// [`hosts`] types), written by `#[hook]`: each builder compiles only when every one of them
/// honours what it says.
#[derive(Debug, Clone, PartialEq)]
pub struct ShellAnswer<H> {
    verdict: Verdict,
    context: Option<String>,
    /// What the user is shown beside it ([`ShellAnswer::tell_user`]).
    user_message: Option<String>,
    /// Why the run stops after it, shown to the user ([`ShellAnswer::stop_run`]).
    stop_run: Option<String>,
    /// With [`Verdict::Rewrite`]: the call's whole arguments, the command replaced.
    arguments: Option<Value>,
    own: Own,
    hosts: PhantomData<fn() -> H>,
}

impl<H> Default for ShellAnswer<H> {
    fn default() -> Self {
        ShellAnswer {
            verdict: Verdict::NoOpinion,
            context: None,
            user_message: None,
            stop_run: None,
            arguments: None,
            own: Own::default(),
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

    /// Runs `call` with `command` instead, the host's other arguments of the call kept: only
    /// where every listed host honours it (Cursor does not: its `beforeShellExecution` cannot
    /// rewrite). The host's permission rules still apply to the rewritten call.
    ///
    /// ```
    /// use cursor_hooks::neutral::{hosts, ShellAnswer, ShellCall, Verdict};
    /// use cursor_hooks::Host;
    ///
    /// let call = ShellCall::new(Host::ClaudeCode, "rm -rf build");
    /// let answer = ShellAnswer::<(hosts::ClaudeCode, hosts::Copilot)>::rewrite(&call, "trash build");
    /// assert_eq!(answer.verdict(), &Verdict::Rewrite("trash build".to_owned()));
    /// ```
    pub fn rewrite(call: &ShellCall, command: impl Into<String>) -> Self
    where
        H: ShellRewrite,
    {
        let command = command.into();
        let mut arguments = match call.input() {
            Value::Object(arguments) => arguments.clone(),
            _ => serde_json::Map::new(),
        };
        arguments.insert("command".to_owned(), Value::from(command.clone()));
        ShellAnswer {
            verdict: Verdict::Rewrite(command),
            arguments: Some(Value::Object(arguments)),
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

    /// Shows the user `text` beside whatever the answer decides: only where every listed host
    /// honours it (Claude Code and Codex, as `systemMessage`).
    ///
    /// ```
    /// use cursor_hooks::neutral::{hosts, ShellAnswer};
    ///
    /// let answer = ShellAnswer::<(hosts::ClaudeCode, hosts::Codex)>::deny("no force-push")
    ///     .tell_user("a force-push was refused: push a new branch");
    /// assert_eq!(answer.user_message(), Some("a force-push was refused: push a new branch"));
    /// ```
    #[must_use]
    pub fn tell_user(mut self, text: impl Into<String>) -> Self
    where
        H: ShellTellUser,
    {
        self.user_message = Some(text.into());
        self
    }

    /// Stops the agent's run after the hook, showing the user `reason`: only where every
    /// listed host honours it (Claude Code alone, as `continue: false` with `stopReason`,
    /// which takes precedence over the decision).
    ///
    /// ```
    /// use cursor_hooks::neutral::{hosts, ShellAnswer};
    ///
    /// let answer = ShellAnswer::<(hosts::ClaudeCode,)>::deny("the production database")
    ///     .stop_run("a command touched production: the run stops here");
    /// assert_eq!(answer.run_stopped(), Some("a command touched production: the run stops here"));
    /// ```
    #[must_use]
    pub fn stop_run(mut self, reason: impl Into<String>) -> Self
    where
        H: ShellStopRun,
    {
        self.stop_run = Some(reason.into());
        self
    }

    /// Sends `answer`, a listed host's own answer at one of its events before a shell call, in
    /// place of this neutral answer there: the escape hatch for what only that host honours.
    /// The host's other events of the concept, and the other hosts, get the neutral answer.
    ///
    /// ```
    /// use cursor_hooks::neutral::{hosts, ShellAnswer};
    /// use cursor_hooks::claude::prelude::PreToolUseResponse;
    ///
    /// // Claude Code asks; the other hosts, which cannot, deny.
    /// let answer = ShellAnswer::<(hosts::Cursor, hosts::ClaudeCode)>::deny("force-push needs a person")
    ///     .instead(PreToolUseResponse::ask("force-push: are you sure?"));
    /// assert!(answer.own::<PreToolUseResponse>().is_some());
    /// ```
    #[must_use]
    pub fn instead<R>(mut self, answer: R) -> Self
    where
        R: ShellOwn,
        H: Lists<R::Host>,
    {
        self.own.set(answer);
        self
    }

    /// The own answer of type `R` it sends instead, if any (as in the example of `instead`).
    pub fn own<R: std::any::Any + Clone>(&self) -> Option<R> {
        self.own.get()
    }

    /// What it decided.
    pub fn verdict(&self) -> &Verdict {
        &self.verdict
    }

    /// The context it adds, if any.
    pub fn added_context(&self) -> Option<&str> {
        self.context.as_deref()
    }

    /// What it shows the user, if anything.
    pub fn user_message(&self) -> Option<&str> {
        self.user_message.as_deref()
    }

    /// Why it stops the run, if it does.
    pub fn run_stopped(&self) -> Option<&str> {
        self.stop_run.as_deref()
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
#[derive(Debug, Clone, PartialEq)]
pub struct PromptAnswer<H> {
    block: Option<String>,
    context: Option<String>,
    own: Own,
    hosts: PhantomData<fn() -> H>,
}

impl<H> Default for PromptAnswer<H> {
    fn default() -> Self {
        PromptAnswer {
            block: None,
            context: None,
            own: Own::default(),
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

    /// Sends `answer`, a listed host's own answer to a submitted prompt, in place of this
    /// neutral answer there (see [`ShellAnswer::instead`]).
    ///
    /// ```
    /// use cursor_hooks::neutral::{hosts, PromptAnswer};
    /// use cursor_hooks::codex::prelude::UserPromptSubmitResponse;
    ///
    /// let answer = PromptAnswer::<(hosts::Cursor, hosts::Codex)>::block("not from here")
    ///     .instead(UserPromptSubmitResponse::block("deploys go through the pipeline"));
    /// assert_eq!(answer.blocked(), Some("not from here"));
    /// assert!(answer.own::<UserPromptSubmitResponse>().is_some());
    /// ```
    #[must_use]
    pub fn instead<R>(mut self, answer: R) -> Self
    where
        R: PromptOwn,
        H: Lists<R::Host>,
    {
        self.own.set(answer);
        self
    }

    /// The own answer of type `R` it sends instead, if any (as in the example of `instead`).
    pub fn own<R: std::any::Any + Clone>(&self) -> Option<R> {
        self.own.get()
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

/// A file about to be read, as any host's before-tool event gives it, with the host's own tool
/// name and arguments at hand.
#[derive(Debug, Clone, PartialEq)]
pub struct ReadCall {
    host: Host,
    tool_name: String,
    path: String,
    input: Value,
}

impl ReadCall {
    /// `host`'s read tool reading `path`, for a handler's own tests (the tool named as Cursor's
    /// and Claude Code's `Read`, Copilot's `view`).
    ///
    /// ```
    /// use cursor_hooks::neutral::ReadCall;
    /// use cursor_hooks::Host;
    ///
    /// let call = ReadCall::new(Host::Copilot, "/w/.env");
    /// assert_eq!((call.tool_name(), call.path()), ("view", "/w/.env"));
    /// ```
    pub fn new(host: Host, path: impl Into<String>) -> ReadCall {
        let path = path.into();
        let (tool_name, key) = match host {
            Host::Copilot => ("view", "path"),
            _ => ("Read", "file_path"),
        };
        let input = json!({ key: path });
        ReadCall::of(host, tool_name, path, input)
    }

    /// What a host's own payload holds.
    pub(crate) fn of(host: Host, tool_name: &str, path: String, input: Value) -> ReadCall {
        ReadCall {
            host,
            tool_name: tool_name.to_owned(),
            path,
            input,
        }
    }

    /// The host that sent the call.
    pub fn host(&self) -> Host {
        self.host
    }

    /// The file to be read, as the host names it.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// The host's own name of the tool (`Read`, `view`).
    pub fn tool_name(&self) -> &str {
        &self.tool_name
    }

    /// The host's own arguments of the call.
    pub fn input(&self) -> &Value {
        &self.input
    }
}

/// The answer of a unified handler before a file is read. `H` is the hosts it lists, written
/// by `#[hook]`: [`deny`](ReadAnswer::deny) compiles only when every one of them honours it
/// ([`ReadDeny`]; Codex has no file-read tool).
#[derive(Debug, Clone, PartialEq)]
pub struct ReadAnswer<H> {
    deny: Option<String>,
    own: Own,
    hosts: PhantomData<fn() -> H>,
}

impl<H> Default for ReadAnswer<H> {
    fn default() -> Self {
        ReadAnswer {
            deny: None,
            own: Own::default(),
            hosts: PhantomData,
        }
    }
}

impl<H> crate::sealed::Sealed for ReadAnswer<H> {}
impl<H> crate::response::AnyResponse for ReadAnswer<H> {}

impl<H> ReadAnswer<H> {
    /// No opinion: the host reads the file as it would without the hook.
    pub fn no_opinion() -> Self {
        ReadAnswer::default()
    }

    /// Refuses the read; every host gives the model `reason`.
    ///
    /// ```
    /// use cursor_hooks::neutral::{hosts, ReadAnswer};
    ///
    /// let answer = ReadAnswer::<(hosts::Cursor, hosts::Copilot)>::deny(".env holds secrets");
    /// assert_eq!(answer.denied(), Some(".env holds secrets"));
    /// ```
    pub fn deny(reason: impl Into<String>) -> Self
    where
        H: ReadDeny,
    {
        ReadAnswer {
            deny: Some(reason.into()),
            ..ReadAnswer::default()
        }
    }

    /// Sends `answer`, a listed host's own answer at one of its events before a read, in place
    /// of this neutral answer there (see [`ShellAnswer::instead`]).
    ///
    /// ```
    /// use cursor_hooks::neutral::{hosts, ReadAnswer};
    /// use cursor_hooks::cursor::prelude::BeforeReadFileResponse;
    ///
    /// let answer = ReadAnswer::<(hosts::Cursor,)>::deny(".env holds secrets")
    ///     .instead(BeforeReadFileResponse::deny(".env holds secrets, Tab's reads too"));
    /// assert!(answer.own::<BeforeReadFileResponse>().is_some());
    /// ```
    #[must_use]
    pub fn instead<R>(mut self, answer: R) -> Self
    where
        R: ReadOwn,
        H: Lists<R::Host>,
    {
        self.own.set(answer);
        self
    }

    /// The own answer of type `R` it sends instead, if any (as in the example of `instead`).
    pub fn own<R: std::any::Any + Clone>(&self) -> Option<R> {
        self.own.get()
    }

    /// The reason it refuses the read with, if it does.
    pub fn denied(&self) -> Option<&str> {
        self.deny.as_deref()
    }
}

/// The agent about to stop, as any host's stop event gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StopCall {
    host: Host,
    continued: bool,
    last_message: Option<String>,
}

impl StopCall {
    /// `host`'s stop event, for a handler's own tests: `continued` when a stop hook has kept
    /// the agent going before in this chain.
    ///
    /// ```
    /// use cursor_hooks::neutral::StopCall;
    /// use cursor_hooks::Host;
    ///
    /// let call = StopCall::new(Host::Copilot, true);
    /// assert!(call.continued());
    /// assert_eq!(call.last_message(), None);
    /// ```
    pub fn new(host: Host, continued: bool) -> StopCall {
        StopCall::of(host, continued, None)
    }

    /// What a host's own payload holds.
    pub(crate) fn of(host: Host, continued: bool, last_message: Option<String>) -> StopCall {
        StopCall {
            host,
            continued,
            last_message,
        }
    }

    /// The host that sent it.
    pub fn host(&self) -> Host {
        self.host
    }

    /// Whether a stop hook has already kept the agent going in this chain (Cursor's
    /// `loop_count` above 0, the others' `stop_hook_active`): a handler that keeps it going
    /// again should know when to let it stop, since Codex has no cap on such loops.
    pub fn continued(&self) -> bool {
        self.continued
    }

    /// The agent's last message, where the host sends it (Claude Code and Codex).
    pub fn last_message(&self) -> Option<&str> {
        self.last_message.as_deref()
    }
}

/// The answer of a unified handler when the agent is about to stop. `H` is the hosts it lists,
/// written by `#[hook]`: [`keep_going`](StopAnswer::keep_going) compiles only when every one of
/// them honours it ([`StopKeepGoing`]).
#[derive(Debug, Clone, PartialEq)]
pub struct StopAnswer<H> {
    keep_going: Option<String>,
    own: Own,
    hosts: PhantomData<fn() -> H>,
}

impl<H> Default for StopAnswer<H> {
    fn default() -> Self {
        StopAnswer {
            keep_going: None,
            own: Own::default(),
            hosts: PhantomData,
        }
    }
}

impl<H> crate::sealed::Sealed for StopAnswer<H> {}
impl<H> crate::response::AnyResponse for StopAnswer<H> {}

impl<H> StopAnswer<H> {
    /// No opinion: the agent stops.
    pub fn no_opinion() -> Self {
        StopAnswer::default()
    }

    /// Keeps the agent working: every host gives it `instruction` as its next message.
    ///
    /// ```
    /// use cursor_hooks::neutral::{hosts, StopAnswer};
    ///
    /// let answer = StopAnswer::<(hosts::Cursor, hosts::Codex)>::keep_going("run the tests");
    /// assert_eq!(answer.kept_going(), Some("run the tests"));
    /// ```
    pub fn keep_going(instruction: impl Into<String>) -> Self
    where
        H: StopKeepGoing,
    {
        StopAnswer {
            keep_going: Some(instruction.into()),
            ..StopAnswer::default()
        }
    }

    /// Sends `answer`, a listed host's own answer at its stop event, in place of this neutral
    /// answer there (see [`ShellAnswer::instead`]).
    ///
    /// ```
    /// use cursor_hooks::neutral::{hosts, StopAnswer};
    /// use cursor_hooks::cursor::prelude::StopResponse;
    ///
    /// let answer = StopAnswer::<(hosts::Cursor,)>::keep_going("run the tests")
    ///     .instead(StopResponse::default().followup_message("run the tests, then lint"));
    /// assert!(answer.own::<StopResponse>().is_some());
    /// ```
    #[must_use]
    pub fn instead<R>(mut self, answer: R) -> Self
    where
        R: StopOwn,
        H: Lists<R::Host>,
    {
        self.own.set(answer);
        self
    }

    /// The own answer of type `R` it sends instead, if any (as in the example of `instead`).
    pub fn own<R: std::any::Any + Clone>(&self) -> Option<R> {
        self.own.get()
    }

    /// The instruction it keeps the agent going with, if it does.
    pub fn kept_going(&self) -> Option<&str> {
        self.keep_going.as_deref()
    }
}

/// The conversions `#[hook]`'s per-host entries call, one module per concept, host and event
/// (`__convert::<concept>::<host>::<event in snake case>`, the `convert` of
/// `cursor_hooks_spec::concepts`): `call` reads the host's payload into the concept's neutral
/// call ([`ShellCall`], [`ReadCall`], [`PromptCall`], [`StopCall`]), `answer` writes the neutral answer as
/// the host's own, and `fixture` (for the test kit) is the host's own payload of a call.
#[doc(hidden)]
pub mod __convert {
    /// The text argument `key` of a tool call: a missing, null or non-string one is a payload
    /// the guard cannot decide on, answered by the failure policy.
    fn text_of(input: &crate::ToolInput, key: &str) -> String {
        match input.str(key) {
            Some(text) => text.to_owned(),
            None => {
                // `str` has said why for any other kind of value.
                let missing = match input.get(key) {
                    None => Some("missing"),
                    Some(value) if value.is_null() => Some("null"),
                    Some(_) => None,
                };
                if let Some(what) = missing {
                    crate::reads::misread(format!(
                        "read the tool argument `{key}`, which is {what}"
                    ));
                }
                String::new()
            }
        }
    }

    /// Writes one host's before-tool event for a tool kind, as its module `$event`: `$host` is
    /// the host's module, `$variant` its [`Host`](crate::Host), `$arguments` the payload field
    /// of the tool's arguments and `$tool_wire`, `$arguments_wire` the wire names of the tool's
    /// name and arguments; `$call` and `$answer` are the kind's neutral types, `$key` the
    /// argument they carry, and `$answer_fn` turns the answer into the host's.
    macro_rules! before_tool {
        ($event:ident, $host:ident, $variant:ident, $arguments:ident, $tool_wire:literal, $arguments_wire:literal, $call:ident, $answer:ident, $key:literal, $answer_fn:path) => {
            /// Its before-tool event, wired for the kind's tools.
            pub mod $event {
                use crate::$host::prelude::{PreToolUse, PreToolUseResponse};
                use crate::neutral::{$answer, $call};
                use crate::Host;

                /// Its payload.
                pub fn call(input: &PreToolUse) -> $call {
                    let subject = crate::neutral::__convert::text_of(&input.$arguments, $key);
                    let arguments = input.$arguments.value().clone();
                    $call::of(Host::$variant, &input.tool_name, subject, arguments)
                }

                /// Its fixture, calling `tool` with the kind's argument `subject`.
                #[cfg(feature = "testing")]
                pub fn fixture(tool: Option<&str>, subject: &str) -> serde_json::Value {
                    PreToolUse::fixture()
                        .set($tool_wire, tool.unwrap_or_default())
                        .set($arguments_wire, serde_json::json!({ $key: subject }))
                        .to_value()
                }

                /// The host's answer here.
                pub type Response = PreToolUseResponse;

                /// Its answer: the host's own one where the handler gave it.
                pub fn answer<H>(answer: $answer<H>) -> PreToolUseResponse {
                    answer.own().unwrap_or_else(|| $answer_fn(answer))
                }
            }
        };
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

                /// The host's answer here.
                pub type Response = <$input as crate::$host::Event>::Response;

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
                    if let Some(own) = answer.own() {
                        return own;
                    }
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

    /// Writes the conversions of one host's stop event as its module `$event`: `$host` is its
    /// module, `$variant` its [`Host`](crate::Host), `$input` the event's type; `$continued`
    /// reads whether a stop hook kept the agent going before, `$last` its last message, and
    /// `$keep` writes an instruction as the host's answer.
    macro_rules! stop_event {
        ($event:ident, $host:ident, $variant:ident, $input:ident, continued = |$i:ident| $continued:expr, last = |$l:ident| $last:expr, keep = |$text:ident| $keep:expr) => {
            /// Its stop event.
            pub mod $event {
                use crate::neutral::{StopAnswer, StopCall};
                use crate::$host::prelude::$input;
                use crate::Host;

                /// The host's answer here.
                pub type Response = <$input as crate::$host::Event>::Response;

                /// Its payload.
                pub fn call(input: &$input) -> StopCall {
                    let continued = {
                        let $i = input;
                        $continued
                    };
                    let last = {
                        let $l = input;
                        $last
                    };
                    StopCall::of(Host::$variant, continued, last)
                }

                /// Its fixture (the event names no tool, and has no subject).
                #[cfg(feature = "testing")]
                pub fn fixture(_tool: Option<&str>, _subject: &str) -> serde_json::Value {
                    $input::fixture().to_value()
                }

                /// Its answer: the host's own one where the handler gave it.
                pub fn answer<H>(answer: StopAnswer<H>) -> Response {
                    if let Some(own) = answer.own() {
                        return own;
                    }
                    match answer.keep_going {
                        Some($text) => $keep,
                        None => Response::default(),
                    }
                }
            }
        };
    }

    /// Before a shell call.
    pub mod shell {
        use crate::neutral::{ShellAnswer, Verdict};

        /// A shell answer as a host's `PreToolUse` answer (Cursor's, Claude Code's, Codex's,
        /// Copilot's): an `ask` only reaches here for a host that honours it, and `ask = `
        /// names the builder it is written with; `tell` and `stop` write a message to the user
        /// and a stop of the run where the host has them (the answer's types keep them out
        /// elsewhere).
        macro_rules! shell_answer {
            ($name:ident, $response:path, ask = $ask:ident, rewrite = |$arguments:ident| $rewrite:expr, tell = |$told:ident, $text:ident| $tell:expr, stop = |$stopped:ident, $reason:ident| $stop:expr) => {
                pub(crate) fn $name<H>(answer: ShellAnswer<H>) -> $response {
                    use $response as Response;
                    let response = match answer.verdict {
                        Verdict::NoOpinion => Response::default(),
                        Verdict::Deny(reason) => Response::deny(reason),
                        Verdict::Ask(reason) => Response::$ask(reason),
                        Verdict::Rewrite(_) => {
                            let $arguments = answer.arguments.unwrap_or_default();
                            $rewrite
                        }
                    };
                    let response = match answer.context {
                        Some(text) => response.additional_context(text),
                        None => response,
                    };
                    let $told = response;
                    let response = match answer.user_message {
                        Some($text) => $tell,
                        None => $told,
                    };
                    let $stopped = response;
                    match answer.stop_run {
                        Some($reason) => $stop,
                        None => $stopped,
                    }
                }
            };
        }
        // Cursor cannot rewrite on beforeShellExecution, so the answer's types keep a rewrite
        // out of a handler wired into Cursor; its preToolUse would take the arguments.
        shell_answer!(
            cursor_answer,
            crate::cursor::prelude::PreToolUseResponse,
            ask = ask,
            rewrite = |arguments| Response::default().updated_input(arguments),
            tell = |response, _text| response,
            stop = |response, _reason| response
        );
        #[cfg(feature = "claude-code")]
        shell_answer!(
            claude_answer,
            crate::claude::prelude::PreToolUseResponse,
            ask = ask,
            rewrite = |arguments| Response::default().updated_input(arguments),
            tell = |response, text| response.system_message(text),
            stop = |response, reason| response.r#continue(false).stop_reason(reason)
        );
        // Codex fails the hook on `ask`; the answer's types keep it out, and one that reached
        // here would be written as the deny the user can see. It reads `updatedInput` only
        // beside an allow. It would fail the hook on `continue`, which the types keep out too.
        #[cfg(feature = "codex")]
        shell_answer!(
            codex_answer,
            crate::codex::prelude::PreToolUseResponse,
            ask = deny,
            rewrite = |arguments| Response::allow(arguments),
            tell = |response, text| response.system_message(text),
            stop = |response, _reason| response
        );
        #[cfg(feature = "copilot")]
        shell_answer!(
            copilot_answer,
            crate::copilot::prelude::PreToolUseResponse,
            ask = ask,
            rewrite = |arguments| Response::default().modified_args(arguments),
            tell = |response, _text| response,
            stop = |response, _reason| response
        );

        /// Cursor's events.
        pub mod cursor {
            /// `beforeShellExecution`.
            pub mod before_shell_execution {
                use crate::cursor::prelude::{BeforeShellExecution, BeforeShellExecutionResponse};
                use crate::neutral::{ShellAnswer, ShellCall, Verdict};
                use crate::Host;

                /// Its payload, which names no tool: the arguments are its `command` and `cwd`.
                pub fn call(input: &BeforeShellExecution) -> ShellCall {
                    let arguments =
                        serde_json::json!({ "command": input.command, "cwd": input.cwd });
                    ShellCall::of(Host::Cursor, "Shell", input.command.clone(), arguments)
                }

                /// Its fixture, running `command` (the test kit's payload; the event names no
                /// tool).
                #[cfg(feature = "testing")]
                pub fn fixture(_tool: Option<&str>, command: &str) -> serde_json::Value {
                    BeforeShellExecution::fixture()
                        .set("command", command)
                        .to_value()
                }

                /// The host's answer here.
                pub type Response = BeforeShellExecutionResponse;

                /// Cursor's own code tells the agent a deny's `user_message`.
                pub fn answer<H>(answer: ShellAnswer<H>) -> BeforeShellExecutionResponse {
                    if let Some(own) = answer.own() {
                        return own;
                    }
                    match answer.verdict {
                        Verdict::NoOpinion => BeforeShellExecutionResponse::default(),
                        Verdict::Deny(reason) => BeforeShellExecutionResponse::deny(reason),
                        Verdict::Ask(reason) => BeforeShellExecutionResponse::ask(reason),
                        // The event cannot rewrite, and the answer's types keep a rewrite out
                        // of a handler wired here; one that reached here would run the
                        // original command unguarded, so it is refused.
                        Verdict::Rewrite(command) => BeforeShellExecutionResponse::deny(format!(
                            "the hook would run `{command}` instead, which Cursor cannot do here"
                        )),
                    }
                }
            }

            before_tool!(
                pre_tool_use,
                cursor,
                Cursor,
                tool_input,
                "tool_name",
                "tool_input",
                ShellCall,
                ShellAnswer,
                "command",
                super::super::cursor_answer
            );
        }

        /// Claude Code's events.
        #[cfg(feature = "claude-code")]
        pub mod claude_code {
            before_tool!(
                pre_tool_use,
                claude,
                ClaudeCode,
                tool_input,
                "tool_name",
                "tool_input",
                ShellCall,
                ShellAnswer,
                "command",
                super::super::claude_answer
            );
        }

        /// Codex's events.
        #[cfg(feature = "codex")]
        pub mod codex {
            before_tool!(
                pre_tool_use,
                codex,
                Codex,
                tool_input,
                "tool_name",
                "tool_input",
                ShellCall,
                ShellAnswer,
                "command",
                super::super::codex_answer
            );
        }

        /// Copilot's events.
        #[cfg(feature = "copilot")]
        pub mod copilot {
            before_tool!(
                pre_tool_use,
                copilot,
                Copilot,
                tool_args,
                "toolName",
                "toolArgs",
                ShellCall,
                ShellAnswer,
                "command",
                super::super::copilot_answer
            );
        }
    }

    /// Before a file is read.
    pub mod read {
        use crate::neutral::ReadAnswer;

        /// A read answer as a host's `PreToolUse`-shaped answer.
        macro_rules! read_answer {
            ($name:ident, $response:path) => {
                pub(crate) fn $name<H>(answer: ReadAnswer<H>) -> $response {
                    use $response as Response;
                    match answer.deny {
                        Some(reason) => Response::deny(reason),
                        None => Response::default(),
                    }
                }
            };
        }
        read_answer!(cursor_answer, crate::cursor::prelude::PreToolUseResponse);
        read_answer!(
            cursor_read_answer,
            crate::cursor::prelude::BeforeReadFileResponse
        );
        #[cfg(feature = "claude-code")]
        read_answer!(claude_answer, crate::claude::prelude::PreToolUseResponse);
        #[cfg(feature = "copilot")]
        read_answer!(copilot_answer, crate::copilot::prelude::PreToolUseResponse);

        /// Cursor's events.
        pub mod cursor {
            /// `beforeReadFile`.
            pub mod before_read_file {
                use crate::cursor::prelude::{BeforeReadFile, BeforeReadFileResponse};
                use crate::neutral::{ReadAnswer, ReadCall};
                use crate::Host;

                /// Its payload, which names no tool: the arguments are its `file_path`.
                pub fn call(input: &BeforeReadFile) -> ReadCall {
                    let arguments = serde_json::json!({ "file_path": input.file_path });
                    ReadCall::of(Host::Cursor, "Read", input.file_path.clone(), arguments)
                }

                /// Its fixture, reading `path`.
                #[cfg(feature = "testing")]
                pub fn fixture(_tool: Option<&str>, path: &str) -> serde_json::Value {
                    BeforeReadFile::fixture().set("file_path", path).to_value()
                }

                /// The host's answer here.
                pub type Response = BeforeReadFileResponse;

                /// Cursor's own code tells the agent a deny's `user_message`.
                pub fn answer<H>(answer: ReadAnswer<H>) -> BeforeReadFileResponse {
                    answer
                        .own()
                        .unwrap_or_else(|| super::super::cursor_read_answer(answer))
                }
            }

            before_tool!(
                pre_tool_use,
                cursor,
                Cursor,
                tool_input,
                "tool_name",
                "tool_input",
                ReadCall,
                ReadAnswer,
                "file_path",
                super::super::cursor_answer
            );
        }

        /// Claude Code's events.
        #[cfg(feature = "claude-code")]
        pub mod claude_code {
            before_tool!(
                pre_tool_use,
                claude,
                ClaudeCode,
                tool_input,
                "tool_name",
                "tool_input",
                ReadCall,
                ReadAnswer,
                "file_path",
                super::super::claude_answer
            );
        }

        /// Copilot's events: its `view` tool names the file `path`.
        #[cfg(feature = "copilot")]
        pub mod copilot {
            before_tool!(
                pre_tool_use,
                copilot,
                Copilot,
                tool_args,
                "toolName",
                "toolArgs",
                ReadCall,
                ReadAnswer,
                "path",
                super::super::copilot_answer
            );
        }
    }

    /// A submitted prompt.
    pub mod prompt {
        /// Cursor's events.
        pub mod cursor {
            prompt_event!(before_submit_prompt, cursor, Cursor, BeforeSubmitPrompt);
        }

        /// Claude Code's events.
        #[cfg(feature = "claude-code")]
        pub mod claude_code {
            prompt_event!(user_prompt_submit, claude, ClaudeCode, UserPromptSubmit);
        }

        /// Codex's events.
        #[cfg(feature = "codex")]
        pub mod codex {
            prompt_event!(user_prompt_submit, codex, Codex, UserPromptSubmit);
        }

        /// Copilot's events.
        #[cfg(feature = "copilot")]
        pub mod copilot {
            prompt_event!(user_prompt_submitted, copilot, Copilot, UserPromptSubmitted);
        }
    }

    /// The agent about to stop.
    pub mod stop {
        /// Cursor's events: a `followup_message` is its next user message.
        pub mod cursor {
            stop_event!(
                stop,
                cursor,
                Cursor,
                Stop,
                continued = |input| input.loop_count.is_some_and(|count| count > 0),
                last = |_input| None,
                keep = |text| Response::default().followup_message(text)
            );
        }

        /// Claude Code's events.
        #[cfg(feature = "claude-code")]
        pub mod claude_code {
            stop_event!(
                stop,
                claude,
                ClaudeCode,
                Stop,
                continued = |input| input.stop_hook_active,
                last = |input| input.last_assistant_message.clone(),
                keep = |text| Response::block(text)
            );
        }

        /// Codex's events.
        #[cfg(feature = "codex")]
        pub mod codex {
            stop_event!(
                stop,
                codex,
                Codex,
                Stop,
                continued = |input| input.stop_hook_active,
                last = |input| input.last_assistant_message.clone(),
                keep = |text| Response::block(text)
            );
        }

        /// Copilot's events.
        #[cfg(feature = "copilot")]
        pub mod copilot {
            stop_event!(
                agent_stop,
                copilot,
                Copilot,
                AgentStop,
                continued = |input| input.stop_hook_active,
                last = |_input| None,
                keep = |text| Response::block(text)
            );
        }
    }
}
