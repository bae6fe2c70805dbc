//! Turning a Cursor response into what Cursor reads: one JSON object on stdout and an exit
//! code, with the version rules of `spec/cursor/compat.json` applied; and the context every
//! host's answer is written in, since Cursor runs other hosts' entries and its version rules
//! apply to them.

use super::version::CursorVersion;
use crate::gen::cursor::compat;
use crate::gen::cursor::permissions::PermissionOrAsk;
use crate::render::{one_line, Fields, Rendered};
use serde_json::Value;

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

/// Whether an answer to a payload of `event` is written in the 1.7 format: the payload has
/// neither `cursor_version` nor `model`, and the event existed then (rule `legacy-1.7-format`).
pub(crate) fn legacy_format(event: &str, version: &CursorVersion, has_model: bool) -> bool {
    version.is_missing() && !has_model && compat::LEGACY_FORMAT_EVENTS.contains(&event)
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
