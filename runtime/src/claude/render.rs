//! Turning a Claude response into what its reader reads: Claude Code's JSON (top-level keys,
//! then `hookSpecificOutput` with `hookEventName`), or, for a payload Cursor sent to a Claude
//! entry, the form Cursor reads (`Response::cursor_form`, else the same JSON), and for one GitHub
//! Copilot CLI sent, the form Copilot reads (`Response::copilot_form`, else the same JSON).

use super::response::Response;
use crate::cursor::render::RenderContext;
use crate::render::{Fields, Rendered};
use serde_json::Value;

/// Collects an answer's keys in order; the generated `Response::write` impls call it.
#[doc(hidden)]
pub struct Writer {
    top: Vec<(&'static str, Value)>,
    specific: Vec<(&'static str, Value)>,
}

impl Writer {
    /// A top-level key (`continue`, `decision`, `reason`, ...); `None` is left out.
    pub fn top(&mut self, key: &'static str, value: Option<Value>) {
        if let Some(value) = value {
            self.top.push((key, value));
        }
    }

    /// A key inside `hookSpecificOutput`; `None` is left out.
    pub fn specific(&mut self, key: &'static str, value: Option<Value>) {
        if let Some(value) = value {
            self.specific.push((key, value));
        }
    }
}

/// Renders a Claude answer for the payload `ctx` describes: Cursor's form when Cursor reads
/// it, Copilot's where Copilot started the process and reads the event's answer in its own.
pub(crate) fn render<R: Response>(response: &R, ctx: RenderContext<'_>) -> Rendered {
    if ctx.copilot {
        if let Some(rendered) = response.copilot_form() {
            return rendered;
        }
    }
    if ctx.reader == crate::Host::Cursor {
        if let Some(rendered) = response.cursor_form(ctx) {
            return rendered;
        }
    }
    claude_json(response)
}

/// The answer as Claude Code reads it; `{}` when nothing is set.
pub(crate) fn claude_json<R: Response>(response: &R) -> Rendered {
    claude_json_with(response, |_| {})
}

/// [`claude_json`] with the keys `more` writes after the answer's own (a reader's extra
/// top-level copy of one, as Copilot's UserPromptSubmit context).
pub(crate) fn claude_json_with<R: Response>(
    response: &R,
    more: impl FnOnce(&mut Writer),
) -> Rendered {
    let mut writer = Writer {
        top: Vec::new(),
        specific: Vec::new(),
    };
    response.write(&mut writer);
    more(&mut writer);
    let Writer { top, specific } = writer;
    let json = |fields: &[(&'static str, Value)]| {
        serde_json::to_string(&Fields(fields))
            .expect("a JSON object of plain values always serializes")
    };
    let mut stdout = json(&top);
    if !specific.is_empty() {
        // In order, after the top-level keys: `hookEventName` first.
        let mut nested = Vec::with_capacity(specific.len() + 1);
        nested.push(("hookEventName", Value::from(R::EVENT)));
        nested.extend(specific);
        stdout.pop(); // the closing brace
        if !top.is_empty() {
            stdout.push(',');
        }
        stdout.push_str("\"hookSpecificOutput\":");
        stdout.push_str(&json(&nested));
        stdout.push('}');
    }
    // A line, as a shell or a log expects; Claude Code trims stdout before parsing it.
    stdout.push('\n');
    Rendered {
        stdout,
        exit_code: 0,
        stderr: Vec::new(),
    }
}

/// The answer with every key top-level, as GitHub Copilot CLI reads its own events' answers
/// (`answer_shape: "flat"` in spec/hosts.json); `{}` when nothing is set.
#[cfg(feature = "copilot")]
pub(crate) fn flat_json<R: Response>(response: &R) -> Rendered {
    let mut writer = Writer {
        top: Vec::new(),
        specific: Vec::new(),
    };
    response.write(&mut writer);
    let Writer { mut top, specific } = writer;
    top.extend(specific);
    let mut stdout = serde_json::to_string(&Fields(&top))
        .expect("a JSON object of plain values always serializes");
    stdout.push('\n');
    Rendered {
        stdout,
        exit_code: 0,
        stderr: Vec::new(),
    }
}

/// The event's block for the failure policy, rendered like any answer.
pub(crate) fn block<R: Response>(reason: String, ctx: &RenderContext<'_>) -> Option<Rendered> {
    R::failure_block(reason).map(|response| render(&response, *ctx))
}
