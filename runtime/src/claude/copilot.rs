//! GitHub Copilot CLI running Claude entries (it runs the project's `.claude/settings.json` and
//! `.claude/settings.local.json`): reading the payload Copilot sends into a Claude input type.
//! The facts come from `spec/claude-code/host.json` (`copilot`), recorded on Copilot CLI 1.0.102.
//!
//! Copilot honours Claude's JSON deny (with its reason, which reaches the model), `updatedInput`
//! and Stop's `decision: "block"`, and the runtime answers every failure with exit 0 (`{}`, or
//! the JSON block), never exit 1, which Copilot reads as a deny. PermissionRequest, whose
//! payload is Copilot's own, is answered in Copilot's own form ([`permission_request`]), and
//! UserPromptSubmit's context is also written where Copilot reads it ([`user_prompt_submit`]).

use super::cursor::{push_member, quoted, string, zero};
use super::event::ValueKind;
use super::response::{PermissionRequestResponse, UserPromptSubmitResponse};
use super::Event;
use crate::de::Key;
use crate::render::Rendered;
use serde_json::value::RawValue;

/// The variable Copilot sets, with this value, in every hook's environment
/// (`copilot.payload`): how a binary tells that Copilot started it. The payload cannot tell:
/// it carries the Claude event's own name, and no key only Copilot sends on every event (its
/// `timestamp` is a field Claude Code could add in any release).
pub const SIGNAL: (&str, &str) = ("COPILOT_CLI", "1");

/// Claude key → the key Copilot's payload carries it under (`copilot.payload_keys`).
pub const PAYLOAD_KEYS: [(&str, &str); 6] = [
    ("hook_event_name", crate::de::COPILOT_EVENT_KEY),
    ("session_id", "sessionId"),
    ("tool_name", "toolName"),
    ("tool_input", "toolInput"),
    ("permission_suggestions", "permissionSuggestions"),
    ("tool_response", "tool_result"),
];

/// Claude event → the name Copilot's payload carries for its entries (`copilot.event_map`).
pub const EVENT_MAP: [(&str, &str); 7] = [
    ("SessionStart", "SessionStart"),
    ("UserPromptSubmit", "UserPromptSubmit"),
    ("PreToolUse", "PreToolUse"),
    ("PermissionRequest", "permissionRequest"),
    ("PostToolUse", "PostToolUse"),
    ("Stop", "Stop"),
    ("SessionEnd", "SessionEnd"),
];

/// Claude tool → Copilot tool (`copilot.tool_map`).
pub const TOOL_MAP: [(&str, &str); 1] = [("Bash", "bash")];

/// The fields every Claude payload has that Copilot's may lack; read as empty when it does.
const COMMON_REQUIRED: [&str; 3] = ["session_id", "transcript_path", "cwd"];

/// Whether Copilot started this process ([`SIGNAL`]).
pub(crate) fn started_by_copilot() -> bool {
    std::env::var_os(SIGNAL.0).is_some_and(|value| value == SIGNAL.1)
}

/// The Claude event whose entries Copilot sends a payload naming `name` under its own event key.
pub(crate) fn claude_event(name: &str) -> Option<&'static str> {
    EVENT_MAP
        .iter()
        .find(|(claude, copilot)| *copilot == name && claude != copilot)
        .map(|(claude, _)| *claude)
}

/// Reads a payload Copilot sent for a Claude entry of `E`: each key of [`PAYLOAD_KEYS`] under
/// its Claude name, Copilot's event name (in `hookName`) and tool name by [`EVENT_MAP`] and
/// [`TOOL_MAP`] read backwards, and every required field Copilot lacks (`tool_use_id`,
/// `transcript_path`, ...) as empty or zero. Copilot's own keys (`timestamp`) stay in `extra`.
/// A payload of Claude Code's own passes unchanged.
///
/// Read as Cursor's road reads: the top level is rewritten key by key into the JSON text of
/// the Claude payload, each value kept as the text Copilot sent, which the event's own parser
/// then reads (with its checks: a key sent under both names appears twice).
pub(crate) fn read<E: Event>(payload: &[u8]) -> Result<E, serde_json::Error> {
    read_text::<E>(payload).or_else(
        |error| match crate::lossy::without_lone_surrogates(payload) {
            Some(repaired) => read_text::<E>(&repaired),
            None => Err(error),
        },
    )
}

fn read_text<E: Event>(payload: &[u8]) -> Result<E, serde_json::Error> {
    use serde::de::DeserializeSeed;
    let mut deserializer = serde_json::Deserializer::from_slice(payload);
    let text = Rewrite {
        required: E::REQUIRED,
        capacity: payload.len() + 128,
    }
    .deserialize(&mut deserializer)?;
    deserializer.end()?;
    serde_json::from_slice(text.as_bytes())
}

/// Rewrites Copilot's payload object into the text of the Claude payload.
struct Rewrite {
    required: &'static [(&'static str, ValueKind)],
    capacity: usize,
}

impl<'de> serde::de::DeserializeSeed<'de> for Rewrite {
    type Value = String;
    fn deserialize<D: serde::Deserializer<'de>>(self, deserializer: D) -> Result<String, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> serde::de::Visitor<'de> for Rewrite {
    type Value = String;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a payload object")
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<String, A::Error> {
        let mut text = String::with_capacity(self.capacity);
        text.push('{');
        let mut written: Vec<&str> = Vec::new();
        while let Some(Key(key)) = map.next_key()? {
            let raw: Box<RawValue> = map.next_value()?;
            let renamed = PAYLOAD_KEYS.iter().find(|(_, copilot)| *copilot == key);
            let name = renamed.map_or(&*key, |(claude, _)| claude);
            let value = match name {
                "hook_event_name" if renamed.is_some() => string(&raw)
                    .and_then(|event| claude_event(&event))
                    .map(quoted),
                "tool_name" => string(&raw).and_then(|tool| {
                    TOOL_MAP
                        .iter()
                        .find(|(_, copilot)| *copilot == tool)
                        .map(|(claude, _)| quoted(claude))
                }),
                _ => None,
            };
            push_member(&mut text, name, value.as_deref().unwrap_or(raw.get()));
            let known = COMMON_REQUIRED
                .iter()
                .copied()
                .chain(self.required.iter().map(|(k, _)| *k))
                .find(|k| *k == name);
            written.extend(known);
        }
        for key in COMMON_REQUIRED {
            if !written.contains(&key) {
                push_member(&mut text, key, zero(ValueKind::String));
            }
        }
        for (key, kind) in self.required {
            if !written.contains(key) {
                push_member(&mut text, key, zero(*kind));
            }
        }
        text.push('}');
        Ok(text)
    }
}

/// A Claude `PermissionRequest` answer as Copilot's own `permissionRequest` answer, which it
/// reads for a Claude entry too (Claude's `hookSpecificOutput.decision` it ignores, recorded on
/// 1.0.102): `{behavior, message}`. No other key of it is known: `updatedInput`,
/// `updatedPermissions`, `interrupt` and the top-level keys are left out, each with a note.
pub(crate) fn permission_request(answer: &PermissionRequestResponse) -> Rendered {
    let mut json = serde_json::Map::new();
    let mut dropped = Vec::new();
    if let Some(decision) = &answer.decision {
        if let Some(behavior) = decision.behavior {
            json.insert("behavior".into(), behavior.as_str().into());
        }
        if let Some(message) = &decision.message {
            json.insert("message".into(), message.clone().into());
        }
        dropped.extend([
            ("updatedInput", decision.updated_input.is_some()),
            ("updatedPermissions", decision.updated_permissions.is_some()),
            ("interrupt", decision.interrupt.is_some()),
        ]);
    }
    // Claude Code's own answer here has no `continue` or `stopReason` (it ignores them).
    dropped.extend([
        ("suppressOutput", answer.suppress_output.is_some()),
        ("systemMessage", answer.system_message.is_some()),
        ("terminalSequence", answer.terminal_sequence.is_some()),
    ]);
    let stderr = dropped
        .into_iter()
        .filter(|(_, set)| *set)
        .map(|(key, _)| {
            format!("`{key}` left out: Copilot's permissionRequest answer has no such key")
        })
        .collect();
    Rendered {
        stdout: format!("{}\n", serde_json::Value::Object(json)),
        exit_code: 0,
        stderr,
    }
}

/// The UserPromptSubmit answer as Copilot reads it: Claude Code's JSON, its context also as a
/// top-level `additionalContext`, the key Copilot reads (it drops `hookSpecificOutput`'s
/// there; `copilot.outputs`), so that the context reaches the model in both editors.
pub(crate) fn user_prompt_submit(answer: &UserPromptSubmitResponse) -> Rendered {
    super::render::claude_json_with(answer, |writer| {
        let context = answer.additional_context.clone();
        writer.top("additionalContext", context.map(Into::into));
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn copilots_event_names_read_back_only_where_they_differ() {
        assert_eq!(
            super::claude_event("permissionRequest"),
            Some("PermissionRequest")
        );
        assert_eq!(super::claude_event("PreToolUse"), None);
        assert_eq!(super::claude_event("preToolUse"), None);
    }
}
