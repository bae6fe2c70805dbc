//! `runtime/src/gen/traits.rs`: the traits behind the free constructors (`allow()`, `deny(msg)`,
//! `ask(msg)`, `followup(msg)`, `add_context(text)`), whose compile errors name the events that
//! accept each answer. `runtime/src/response.rs` re-exports them.

use crate::model::{Category, Event, PermissionValue, Spec};
use crate::write::fill;

/// "a, b and c".
fn and_list(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

fn names_where(spec: &Spec, keep: impl Fn(&Event) -> bool) -> Vec<&str> {
    spec.events
        .iter()
        .filter(|event| keep(event))
        .map(|event| &*event.name)
        .collect()
}

pub(crate) fn file(spec: &Spec) -> String {
    let allow = names_where(spec, |e| e.accepts(PermissionValue::Allow));
    let ask = names_where(spec, |e| e.accepts(PermissionValue::Ask));
    let followup = names_where(spec, |e| e.has_field("followup_message"));
    let add_context = names_where(spec, |e| e.has_field("additional_context"));
    // Where `deny(message)` does not fit, what to write instead.
    let mut deny_notes: Vec<String> = spec
        .events
        .iter()
        .filter(|e| e.accepts(PermissionValue::Deny) && !e.has_field("user_message"))
        .map(|e| {
            format!(
                "`{}` denies without a message: `{}::deny()`",
                e.name,
                e.response_ty()
            )
        })
        .collect();
    deny_notes.extend(
        spec.events
            .iter()
            .filter(|e| e.category == Category::PromptGate)
            .map(|e| {
                format!(
                    "`{}` blocks with `{}::block(message)`",
                    e.name,
                    e.response_ty()
                )
            }),
    );
    fill(
        "use crate::response::Response;

/// Responses that can deny with a message shown to the user.
#[diagnostic::on_unimplemented(
message = \"`{Self}` cannot deny with a message\",
label = \"`deny(message)` is for events whose answer has `permission` and `user_message`\",
note = \"{deny_notes}\"
)]
pub trait Deny: Response {
/// `{\"permission\":\"deny\",\"user_message\":…}`.
fn deny(user_message: String) -> Self;
}

/// Responses that can allow.
#[diagnostic::on_unimplemented(
message = \"`{Self}` has no `permission` to allow\",
label = \"`allow()` is for permission events: {allow}\"
)]
pub trait Allow: Response {
/// `{\"permission\":\"allow\"}`.
fn allow() -> Self;
}

/// Responses that can ask the user.
#[diagnostic::on_unimplemented(
message = \"`{Self}` cannot ask: its `permission` takes only allow or deny\",
label = \"`ask` is valid only on {ask}\",
note = \"use `deny(...)` to block, or `no_opinion()` to leave the decision to Cursor\"
)]
pub trait Ask: Response {
/// `{\"permission\":\"ask\",\"user_message\":…}` (downgraded to `deny` where Cursor does not honour it).
fn ask(user_message: String) -> Self;
}

/// Responses that can continue the agent loop.
#[diagnostic::on_unimplemented(
message = \"`{Self}` has no `followup_message`\",
label = \"`followup(...)` is valid only on {followup}\"
)]
pub trait Followup: Response {
/// `{\"followup_message\":…}`.
fn followup(message: String) -> Self;
}

/// Responses that can inject context into the agent.
#[diagnostic::on_unimplemented(
message = \"`{Self}` has no `additional_context`\",
label = \"`add_context(...)` is valid only on {add_context}\"
)]
pub trait AddContext: Response {
/// `{\"additional_context\":…}`.
fn add_context(context: String) -> Self;
}
",
        &[
            ("deny_notes", &deny_notes.join("; ")),
            ("allow", &allow.join(", ")),
            ("ask", &and_list(&ask)),
            ("followup", &and_list(&followup)),
            ("add_context", &and_list(&add_context)),
        ],
    )
}
