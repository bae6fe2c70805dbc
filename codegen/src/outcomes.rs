//! `runtime/src/gen/outcomes.rs`: what a handler may return for each event (the response,
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
        out.push_str(&fill(
            "impl IntoOutcome<crate::event::{event}> for {response} {
fn into_outcome(self) -> Outcome<{response}> { Outcome::Answer(self) }
}
impl IntoOutcome<crate::event::{event}> for Option<{response}> {
fn into_outcome(self) -> Outcome<{response}> { Outcome::Answer(self.unwrap_or_default()) }
}
impl<Error: std::fmt::Display> IntoOutcome<crate::event::{event}> for Result<{response}, Error> {
fn into_outcome(self) -> Outcome<{response}> {
match self { Ok(r) => Outcome::Answer(r), Err(e) => Outcome::Failed(e.to_string()) }
}
}
impl<Error: std::fmt::Display> IntoOutcome<crate::event::{event}> for Result<Option<{response}>, Error> {
fn into_outcome(self) -> Outcome<{response}> {
match self { Ok(r) => Outcome::Answer(r.unwrap_or_default()), Err(e) => Outcome::Failed(e.to_string()) }
}
}

",
            &[
                ("event", &event.ty),
                ("response", &response_path(&event.response_ty())),
            ],
        ));
    }
    out
}

/// The response type as written in `runtime/src/gen/outcomes.rs`.
fn response_path(response: &str) -> String {
    if response == "()" {
        response.to_owned()
    } else {
        format!("crate::response::{response}")
    }
}
