//! Cursor running Claude entries (its import of `.claude/settings*.json`): reading the payload
//! Cursor sends into a Claude input type, and the forms Cursor reads back. The facts come from
//! `spec/claude-code/host.json` (`cursor`); none is verified against a real Cursor.

use super::event::ValueKind;
use super::response::PreToolUseResponse;
use super::Event;
use crate::render::{render, RenderContext, Rendered};
use crate::version::CursorVersion;
use serde_json::{Map, Value};

/// What a Cursor payload says beyond the Claude input: what rendering needs.
pub(crate) struct CursorPayload<E> {
    /// The Claude input.
    pub(crate) input: E,
    /// `cursor_version`.
    pub(crate) version: CursorVersion,
    /// Whether it has a `model` (the 1.7 format rule).
    pub(crate) has_model: bool,
    /// The Cursor event name it carried.
    pub(crate) event: String,
}

/// Reads a payload Cursor sent for a Claude entry of `E`: the event and tool names mapped back,
/// `cwd` from `cwd` or `workspace_roots[0]`, `session_id` from `session_id` or
/// `conversation_id`, `stop_hook_active` from `loop_count > 0`, and every other required field
/// Cursor lacks read as empty or zero. Cursor's own keys stay in `extra`.
pub(crate) fn read<E: Event>(payload: &[u8]) -> Result<CursorPayload<E>, serde_json::Error> {
    let mut map: Map<String, Value> = crate::de::from_slice_lossy(payload)?;
    let version = map
        .get("cursor_version")
        .and_then(Value::as_str)
        .map_or(CursorVersion::Missing, CursorVersion::parse);
    let has_model = map.get("model").is_some_and(|model| !model.is_null());
    let event = match map.insert("hook_event_name".to_owned(), Value::from(E::NAME)) {
        Some(Value::String(event)) => event,
        _ => String::new(),
    };
    if let Some(Value::String(tool)) = map.get_mut("tool_name") {
        if let Some(claude) = claude_tool(tool) {
            *tool = claude.to_owned();
        }
    }
    let text = |map: &Map<String, Value>, key: &str| {
        map.get(key)
            .and_then(Value::as_str)
            .filter(|text| !text.is_empty())
            .map(str::to_owned)
    };
    let cwd = text(&map, "cwd").or_else(|| {
        let root = map.get("workspace_roots")?.as_array()?.first()?.as_str()?;
        Some(crate::native_path(root).to_owned())
    });
    let session = text(&map, "session_id").or_else(|| text(&map, "conversation_id"));
    map.insert("cwd".to_owned(), Value::from(cwd.unwrap_or_default()));
    map.insert(
        "session_id".to_owned(),
        Value::from(session.unwrap_or_default()),
    );
    if map.get("transcript_path").is_none_or(Value::is_null) {
        map.insert("transcript_path".to_owned(), Value::from(""));
    }
    if map.get("stop_hook_active").is_none()
        && E::REQUIRED.iter().any(|(k, _)| *k == "stop_hook_active")
    {
        let active = map
            .get("loop_count")
            .and_then(Value::as_u64)
            .is_some_and(|count| count > 0);
        map.insert("stop_hook_active".to_owned(), Value::Bool(active));
    }
    for (key, kind) in E::REQUIRED {
        if map.get(*key).is_none_or(Value::is_null) {
            map.insert((*key).to_owned(), zero(*kind));
        }
    }
    // Through bytes: unknown fields are kept as their JSON text, which only a text parse gives.
    let bytes = serde_json::to_vec(&map)?;
    let input = serde_json::from_slice(&bytes)?;
    Ok(CursorPayload {
        input,
        version,
        has_model,
        event,
    })
}

fn zero(kind: ValueKind) -> Value {
    match kind {
        ValueKind::String => Value::from(""),
        ValueKind::Bool => Value::Bool(false),
        ValueKind::Integer | ValueKind::Number => Value::from(0),
        ValueKind::List => Value::Array(Vec::new()),
        ValueKind::Object => Value::Object(Map::new()),
        ValueKind::Json => Value::Null,
    }
}

/// A Claude `PreToolUse` answer as Cursor's own `preToolUse` answer, rendered by Cursor's rules
/// (`ask` sent as `deny`, with a note): `permission` from `permissionDecision` (`defer` is no
/// opinion), the reason as `user_message` (and as `agent_message` on a deny, which Claude Code
/// shows to the model), `updated_input`. Cursor's schema has no other key, so
/// `additionalContext` and the top-level keys are left out, each with a note.
pub(crate) fn pre_tool_use(answer: &PreToolUseResponse, ctx: RenderContext<'_>) -> Rendered {
    use super::response::PermissionDecision;
    use crate::response::PreToolUseResponse as Cursor;
    let reason = answer.permission_decision_reason.clone();
    let mut cursor = match (answer.permission_decision, reason.clone()) {
        (Some(PermissionDecision::Deny), Some(reason)) => {
            Cursor::deny(reason.clone()).agent_message(reason)
        }
        (Some(PermissionDecision::Deny), None) => Cursor::deny(String::new()),
        (Some(PermissionDecision::Ask), reason) => Cursor::ask(reason.unwrap_or_default()),
        (Some(PermissionDecision::Allow), reason) => {
            let allow = Cursor::allow();
            match reason {
                Some(reason) => allow.user_message(reason),
                None => allow,
            }
        }
        (Some(PermissionDecision::Defer) | None, _) => Cursor::default(),
    };
    if let Some(input) = &answer.updated_input {
        cursor = cursor.updated_input(input.clone());
    }
    let mut rendered = render(&cursor, ctx);
    let dropped: Vec<&str> = [
        ("additionalContext", answer.additional_context.is_some()),
        ("continue", answer.r#continue.is_some()),
        ("stopReason", answer.stop_reason.is_some()),
        ("suppressOutput", answer.suppress_output.is_some()),
        ("systemMessage", answer.system_message.is_some()),
        ("terminalSequence", answer.terminal_sequence.is_some()),
    ]
    .into_iter()
    .filter_map(|(key, set)| set.then_some(key))
    .collect();
    for key in dropped {
        rendered.stderr.push(format!(
            "`{key}` left out: Cursor's preToolUse answer has no such key"
        ));
    }
    rendered
}

/// The Claude Code tool Cursor's `tool` stands for: host.json `cursor.tool_map` read backwards.
/// Cursor runs both `Edit` and `Write` as `Write`, so a tool of the same name wins.
fn claude_tool(tool: &str) -> Option<&'static str> {
    let map = cursor_hooks_spec::claude::TOOL_MAP;
    map.iter()
        .find(|(claude, cursor)| claude == cursor && *cursor == tool)
        .or_else(|| map.iter().find(|(_, cursor)| *cursor == tool))
        .map(|(claude, _)| *claude)
}

#[cfg(test)]
mod tests {
    #[test]
    fn cursor_tools_read_back_as_claude_tools() {
        assert_eq!(super::claude_tool("Shell"), Some("Bash"));
        // `Edit` and `Write` are both Cursor's `Write`: the tool of the same name wins.
        assert_eq!(super::claude_tool("Write"), Some("Write"));
        assert_eq!(super::claude_tool("Read"), Some("Read"));
        assert_eq!(super::claude_tool("MCP:echo"), None);
    }
}
