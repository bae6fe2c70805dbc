#![deny(unused_must_use)]
use cursor_hooks::prelude::*;

fn main() {
    let answer = BeforeShellExecutionResponse::deny("no");
    // Responses are built by value: the message is lost, and the compiler says so.
    answer.agent_message("delete specific paths instead");
}
