//! `runtime/src/gen/cursor/outcomes.rs`: what a handler may return for each event (the response,
//! `Option` of it, `Result` of either), as plain impls so that a wrong return type's error points
//! at the handler and not into a macro expansion.

use crate::model::Spec;
use crate::write::fill;

pub(crate) fn file(spec: &Spec) -> String {
    // Observe events answer `()`, which the uniform template passes by value.
    let mut out = String::from(
        "#![allow(clippy::unit_arg)]\n\nuse crate::__private::{IntoOutcome, Outcome};\n\n",
    );
    for event in &spec.events {
        impls(
            &mut out,
            &format!("crate::cursor::event::{}", event.ty),
            &response_path(&event.response_ty()),
        );
    }
    out
}

/// What a handler of `event` (a path) may return when it answers `response` (a path): the
/// response, an `Option` of it, a `Result` of either.
pub(crate) fn impls(out: &mut String, event: &str, response: &str) {
    {
        out.push_str(&fill(
            "impl IntoOutcome<{event}> for {response} {
fn into_outcome(self) -> Outcome<{response}> { Outcome::Answer(self) }
}
impl IntoOutcome<{event}> for Option<{response}> {
fn into_outcome(self) -> Outcome<{response}> { Outcome::Answer(self.unwrap_or_default()) }
}
impl<Error: std::fmt::Display> IntoOutcome<{event}> for Result<{response}, Error> {
fn into_outcome(self) -> Outcome<{response}> {
match self { Ok(r) => Outcome::Answer(r), Err(e) => Outcome::Failed(e.to_string()) }
}
}
impl<Error: std::fmt::Display> IntoOutcome<{event}> for Result<Option<{response}>, Error> {
fn into_outcome(self) -> Outcome<{response}> {
match self { Ok(r) => Outcome::Answer(r.unwrap_or_default()), Err(e) => Outcome::Failed(e.to_string()) }
}
}

",
            &[("event", event), ("response", response)],
        ));
    }
}

/// The response type as written in `runtime/src/gen/cursor/outcomes.rs`.
fn response_path(response: &str) -> String {
    if response == "()" {
        response.to_owned()
    } else {
        format!("crate::cursor::response::{response}")
    }
}
