#![deny(unused_must_use)]
use cursor_hooks::prelude::*;

fn main() {
    let answer = BeforeShellExecutionResponse::deny("no");
    // Responses are built by value: the message is lost, and the compiler says so.
    answer.user_message("rm -rf is blocked: delete specific paths instead");
}
