//! Turning a response into what Cursor reads: one JSON object on stdout and an exit code,
//! with the version rules of `spec/cursor/compat.json` applied.

use crate::gen::compat;
use crate::gen::permissions::PermissionOrAsk;
use crate::version::CursorVersion;
use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{Map, Value};

/// A handler's answer. Implemented by every generated response type and by `()` (observe-only
/// events); sealed.
pub trait Response: Default + Send + 'static + crate::sealed::Sealed {
    #[doc(hidden)]
    fn write(&self, out: &mut Writer<'_>);

    /// The event's block, answered by `fail = "closed"`: `None` where the event's JSON cannot
    /// block (the failure policy then exits 2).
    #[doc(hidden)]
    fn failure_block(_reason: String) -> Option<Self> {
        None
    }
}

impl crate::sealed::Sealed for () {}
impl Response for () {
    fn write(&self, _: &mut Writer<'_>) {}
}

/// What each stderr line of a hook starts with.
pub(crate) const NOTE_PREFIX: &str = "cursor-hooks: ";

/// What Cursor sees from one hook run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    /// Exactly what is written on stdout: one JSON object ended by a newline, or nothing.
    pub stdout: String,
    /// The process exit code.
    pub exit_code: i32,
    /// Lines written on stderr (warnings, failure reasons), without newlines.
    pub stderr: Vec<String>,
}

impl Rendered {
    /// `{}` with exit 0: no opinion.
    pub fn no_opinion() -> Self {
        Rendered {
            stdout: "{}\n".to_owned(),
            exit_code: 0,
            stderr: Vec::new(),
        }
    }

    /// stdout parsed as JSON (`None` when stdout is empty or not JSON).
    pub fn json(&self) -> Option<Value> {
        // `from_slice` rather than `from_str`: see `subcommands::edit::parse_value`.
        serde_json::from_slice(self.stdout.as_bytes()).ok()
    }

    pub(crate) fn with_note(mut self, line: String) -> Self {
        self.stderr.push(one_line(&line));
        self
    }

    /// The stderr lines as the process writes them, each with its prefix and newline.
    pub(crate) fn stderr_text(&self) -> String {
        self.stderr
            .iter()
            .map(|line| format!("{NOTE_PREFIX}{line}\n"))
            .collect()
    }

    fn text(&self, key: &str) -> Option<String> {
        self.json()?.get(key)?.as_str().map(str::to_owned)
    }

    /// A key of a Claude Code answer's `hookSpecificOutput`.
    pub fn hook_specific(&self, key: &str) -> Option<Value> {
        self.json()?.get("hookSpecificOutput")?.get(key).cloned()
    }

    /// The permission decision, if the answer has one its host knows: Cursor's `permission`, or
    /// Claude Code's `hookSpecificOutput.permissionDecision` (`defer` is none) or
    /// PermissionRequest's `decision.behavior`.
    pub fn permission(&self) -> Option<PermissionOrAsk> {
        let claude = || {
            let specific = self
                .hook_specific("permissionDecision")
                .or_else(|| self.hook_specific("decision")?.get("behavior").cloned())?;
            specific.as_str().map(str::to_owned)
        };
        match self.text("permission").or_else(claude)?.as_str() {
            "allow" => Some(PermissionOrAsk::Allow),
            "deny" => Some(PermissionOrAsk::Deny),
            "ask" => Some(PermissionOrAsk::Ask),
            _ => None,
        }
    }

    /// `user_message` (or the 1.7 `userMessage`).
    pub fn user_message(&self) -> Option<String> {
        self.text("user_message")
            .or_else(|| self.text("userMessage"))
    }

    /// `agent_message` (or the 1.7 `agentMessage`).
    pub fn agent_message(&self) -> Option<String> {
        self.text("agent_message")
            .or_else(|| self.text("agentMessage"))
    }

    /// `followup_message`.
    pub fn followup_message(&self) -> Option<String> {
        self.text("followup_message")
    }

    /// `additional_context`, or Claude Code's `hookSpecificOutput.additionalContext`.
    pub fn additional_context(&self) -> Option<String> {
        self.text("additional_context").or_else(|| {
            let context = self.hook_specific("additionalContext")?;
            context.as_str().map(str::to_owned)
        })
    }

    /// Claude Code's top-level `decision` (`block`).
    pub fn decision(&self) -> Option<String> {
        self.text("decision")
    }

    /// The reason of a Claude Code answer: the top-level `reason`, else
    /// `hookSpecificOutput.permissionDecisionReason`, else PermissionRequest's
    /// `decision.message`.
    pub fn reason(&self) -> Option<String> {
        let text = |value: Option<Value>| value?.as_str().map(str::to_owned);
        self.text("reason")
            .or_else(|| text(self.hook_specific("permissionDecisionReason")))
            .or_else(|| text(self.hook_specific("decision")?.get("message").cloned()))
    }

    /// Claude Code's top-level `systemMessage`.
    pub fn system_message(&self) -> Option<String> {
        self.text("systemMessage")
    }

    /// `{}` with exit 0: Cursor and the other hooks decide.
    pub fn is_no_opinion(&self) -> bool {
        self.exit_code == 0
            && self
                .json()
                .is_some_and(|v| v.as_object().is_some_and(Map::is_empty))
    }

    /// Whether the host blocks the action: a deny (Cursor's `permission` or Claude Code's
    /// `permissionDecision`), `continue: false`, Claude Code's `decision: "block"`, or exit 2.
    pub fn is_blocked(&self) -> bool {
        self.exit_code == 2
            || self.permission() == Some(PermissionOrAsk::Deny)
            || self.json().and_then(|v| v.get("continue").cloned()) == Some(Value::Bool(false))
            || self.decision().as_deref() == Some("block")
    }
}

/// A stderr note is one line: control characters (a newline in an event name, a multi-line
/// panic message) are written escaped.
pub(crate) fn one_line(text: &str) -> String {
    if !text.contains(char::is_control) {
        return text.to_owned();
    }
    text.chars()
        .flat_map(|c| {
            if c.is_control() {
                c.escape_default().collect::<Vec<_>>()
            } else {
                vec![c]
            }
        })
        .collect()
}

/// What rendering needs to know about the payload and the hook.
#[derive(Debug, Clone, Copy)]
#[doc(hidden)]
#[cfg_attr(not(feature = "claude-code"), allow(unreachable_pub))] // named by Claude's `Response`
pub struct RenderContext<'a> {
    /// The event's wire name.
    pub(crate) event: &'static str,
    /// The host that ran the command and reads the answer (Cursor also runs Claude Code's
    /// entries): decided by the wiring and the payload, never by an event name's spelling.
    #[cfg_attr(not(feature = "claude-code"), allow(dead_code))]
    // only Claude answers vary by it
    pub(crate) reader: crate::Host,
    /// The Cursor build that sent the payload.
    pub(crate) version: &'a CursorVersion,
    /// The payload is 1.7-era: no `cursor_version` and no `model` (rule `legacy-1.7-format`).
    pub(crate) legacy_format: bool,
    /// The hook opted out of the `ask` downgrade (`#[cursor_hook(ask = "keep")]`).
    pub(crate) keep_ask: bool,
    /// GitHub Copilot CLI started the process (`COPILOT_CLI=1`) and reads a Claude answer:
    /// not a [`crate::Host`] the project types, only a reader of Claude Code's files.
    #[cfg_attr(not(feature = "claude-code"), allow(dead_code))]
    // only Claude answers vary by it
    pub(crate) copilot: bool,
}

/// Whether an answer to a payload of `event` is written in the 1.7 format: the payload has
/// neither `cursor_version` nor `model`, and the event existed then (rule `legacy-1.7-format`).
pub(crate) fn legacy_format(event: &str, version: &CursorVersion, has_model: bool) -> bool {
    version.is_missing() && !has_model && compat::LEGACY_FORMAT_EVENTS.contains(&event)
}

impl RenderContext<'static> {
    /// For an answer to a payload of `event` that could not be read, read by `reader`:
    /// today's format.
    pub(crate) fn unread(event: &'static str, reader: crate::Host) -> Self {
        static UNKNOWN: CursorVersion = CursorVersion::Missing;
        RenderContext {
            event,
            reader,
            version: &UNKNOWN,
            legacy_format: false,
            keep_ask: false,
            copilot: false,
        }
    }

    /// This context, its answer read by Copilot when `copilot`.
    pub(crate) fn with_copilot(mut self, copilot: bool) -> Self {
        self.copilot = copilot;
        self
    }
}

/// Collects a response's fields in order; generated `Response::write` impls call it.
#[doc(hidden)]
pub struct Writer<'a> {
    ctx: RenderContext<'a>,
    fields: Vec<(&'static str, Value)>,
    notes: Vec<String>,
}

impl<'a> Writer<'a> {
    pub(crate) fn new(ctx: RenderContext<'a>) -> Self {
        Writer {
            ctx,
            fields: Vec::new(),
            notes: Vec::new(),
        }
    }

    /// Writes `permission`, applying the `ask` rules, and `continue: true` in the 1.7 format.
    pub fn permission(&mut self, permission: Option<PermissionOrAsk>) {
        let Some(permission) = permission else { return };
        let wire = match permission {
            PermissionOrAsk::Allow => "allow",
            PermissionOrAsk::Deny => "deny",
            PermissionOrAsk::Ask => match ask_downgrade(&self.ctx) {
                None => "ask",
                Some(reason) => {
                    self.notes
                        .push(format!("`ask` answered as `deny`: {reason}"));
                    "deny"
                }
            },
        };
        if self.ctx.legacy_format {
            self.fields.push(("continue", Value::Bool(true)));
        }
        self.fields.push(("permission", Value::from(wire)));
    }

    /// Writes one field under its current key, or its 1.7 key for a 1.7-era payload
    /// (`wire_1_7 == None`: the 1.7 format had no such field, so it is left out with a note).
    pub fn field(
        &mut self,
        wire: &'static str,
        wire_1_7: Option<&'static str>,
        value: Option<Value>,
    ) {
        let Some(value) = value else { return };
        // Cursor refuses an answer whose `updated_input` is not a JSON object, and a refused
        // answer denies the tool call (spec/cursor/host.json `answer_checks`, @cursor/sdk 1.0.32): the
        // rest of the answer is kept.
        if wire == "updated_input" && !value.is_object() {
            self.notes.push(format!(
                "`updated_input` left out: it is {}, and Cursor refuses an answer whose `updated_input` is not a JSON object (that would deny the tool call)",
                crate::reads::kind_of(&value)
            ));
            return;
        }
        let key = if self.ctx.legacy_format {
            match wire_1_7 {
                Some(key) => key,
                None => {
                    self.notes
                        .push(format!("`{wire}` left out: Cursor 1.7 did not accept it"));
                    return;
                }
            }
        } else {
            wire
        };
        self.fields.push((key, value));
    }

    pub(crate) fn finish(self) -> Rendered {
        let mut stdout = serde_json::to_string(&Fields(&self.fields))
            .expect("a JSON object of plain values always serializes");
        // A line, as a shell or a log expects; both editors trim stdout before parsing it.
        stdout.push('\n');
        Rendered {
            stdout,
            exit_code: 0,
            stderr: self.notes.iter().map(|note| one_line(note)).collect(),
        }
    }
}

pub(crate) struct Fields<'a>(pub(crate) &'a [(&'static str, Value)]);

impl Serialize for Fields<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (key, value) in self.0 {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

/// Renders a response for a payload (`testing::render` is the public door, with examples).
pub(crate) fn render<R: Response>(response: &R, ctx: RenderContext<'_>) -> Rendered {
    let mut writer = Writer::new(ctx);
    response.write(&mut writer);
    writer.finish()
}

/// Why `ask` must be sent as `deny` here, or `None` when `ask` may reach Cursor
/// (rules `ask-pretooluse` and `ask-downgrade`).
fn ask_downgrade(ctx: &RenderContext<'_>) -> Option<String> {
    if compat::ASK_ALWAYS_DENY_EVENTS.contains(&ctx.event) {
        return Some(format!("Cursor does not enforce `ask` on {}", ctx.event));
    }
    if !compat::ASK_DOWNGRADE_EVENTS.contains(&ctx.event) {
        return Some(format!("{} does not accept `ask`", ctx.event));
    }
    let (major, minor, patch) = compat::ASK_DOWNGRADE_BOUNDARY;
    if ctx.keep_ask || ctx.version.is_missing() || ctx.version.is_ide_before(major, minor, patch) {
        return None;
    }
    Some(format!(
        "`ask` is unreliable from Cursor {major}.{minor}.{patch} on and this payload is from {} (opt out with `ask = \"keep\"`)",
        describe(ctx.version)
    ))
}

fn describe(version: &CursorVersion) -> String {
    match version {
        CursorVersion::Ide { raw, .. } => raw.clone(),
        CursorVersion::Cli { raw, .. } => format!("CLI build {raw}"),
        CursorVersion::Unreadable(raw) => format!("an unreadable version {raw:?}"),
        CursorVersion::Missing => "no version".to_owned(),
    }
}
