//! `runtime/src/gen/cursor/permissions.rs`: the two `permission` types, `Permission` and
//! `PermissionOrAsk`, documented with the events that take each.

use crate::model::{Event, PermissionValue, Spec};
use crate::write::{doc, event_names};

pub(crate) fn file(spec: &Spec) -> String {
    let mut out = String::new();
    let takes = |ask: bool| -> Vec<&Event> {
        spec.events
            .iter()
            .filter(|e| !e.response.permission.is_empty() && e.accepts(PermissionValue::Ask) == ask)
            .collect()
    };
    let variants = "    /// Let the action run, skipping Cursor's own approval prompt.\n    Allow,\n    /// Block the action.\n    Deny,\n";
    doc(
        &mut out,
        &format!(
            "`permission` on events that take only allow or deny ({}).",
            event_names(&takes(false))
        ),
    );
    out.push_str("#[derive(Debug, Clone, Copy, PartialEq, Eq)]\npub enum Permission {\n");
    out.push_str(variants);
    out.push_str("}\n\n");
    doc(
        &mut out,
        &format!(
            "`permission` on events that also take `ask` ({}).\nWhether `ask` reaches Cursor depends on its version: see `spec/cursor/compat.json`.",
            event_names(&takes(true))
        ),
    );
    out.push_str("#[derive(Debug, Clone, Copy, PartialEq, Eq)]\npub enum PermissionOrAsk {\n");
    out.push_str(variants);
    out.push_str("    /// Ask the user. Rendered as `deny` where Cursor does not honour it.\n    Ask,\n}\n\n");
    out
}
