//! `handwritten-shell-guard`: the benchmark floor: what a careful hand-written hook does, no
//! framework.
//!
//! It makes the same decision as `shell-guard` on `beforeShellExecution` with nothing but serde
//! and serde_json: `rm -rf` / `rm -fr` is denied with the same messages, `git push --force` /
//! `-f` is denied with shell-guard's question as the message (what shell-guard answers after the
//! `ask` downgrade of current Cursor builds), and everything else gets `{}`. Other events are
//! parsed whole (their `output` / `content` strings materialized, as a handler that reads them
//! would) and answered `{}`. Bad input is answered `{}` (fail open), like shell-guard.
//!
//! The benchmark suite (`cargo bench -p cursor-hooks-examples --bench hooks`, see
//! `BENCHMARKS.md`) compares the framework's binaries against this one. Not a hook to deploy:
//! use `shell-guard`.

use serde::{Deserialize, Serialize};
use std::io::{Read, Write};

/// The fields the decision needs; serde skips every other field of the payload.
#[derive(Deserialize)]
struct Payload {
    hook_event_name: String,
    command: Option<String>,
    /// `afterShellExecution`.
    output: Option<String>,
    /// `beforeReadFile`.
    content: Option<String>,
    /// `beforeReadFile`.
    file_path: Option<String>,
}

/// The answer; absent fields are left out, so the default is `{}`.
#[derive(Serialize, Default)]
struct Answer {
    #[serde(skip_serializing_if = "Option::is_none")]
    permission: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    user_message: Option<&'static str>,
}

const DENY_REASON: &str = "rm -rf is blocked by the shell guard: delete the specific files or directories you mean, one path at a time, or ask the user to run it.";
const ASK_MESSAGE: &str =
    "This command force-pushes and may overwrite commits on the remote. Run it?";

fn main() {
    let mut input = Vec::new();
    let answer = match std::io::stdin().read_to_end(&mut input) {
        Ok(_) => match serde_json::from_slice::<Payload>(&input) {
            Ok(payload) => decide(payload),
            Err(error) => {
                eprintln!("handwritten-shell-guard: bad payload: {error}; answered no opinion");
                Answer::default()
            }
        },
        Err(error) => {
            eprintln!("handwritten-shell-guard: could not read stdin: {error}");
            Answer::default()
        }
    };
    let mut stdout = std::io::stdout().lock();
    let written = serde_json::to_writer(&mut stdout, &answer);
    let _ = written
        .map_err(std::io::Error::from)
        .and_then(|()| stdout.flush());
}

fn decide(payload: Payload) -> Answer {
    if payload.hook_event_name != "beforeShellExecution" {
        // Keep the parsed strings observable, as a handler that looked at them would.
        std::hint::black_box((&payload.output, &payload.content, &payload.file_path));
        return Answer::default();
    }
    let command = payload.command.as_deref().unwrap_or("");
    if command.contains("rm -rf") || command.contains("rm -fr") {
        Answer {
            permission: Some("deny"),
            user_message: Some(DENY_REASON),
        }
    } else if force_push(command) {
        Answer {
            permission: Some("deny"),
            user_message: Some(ASK_MESSAGE),
        }
    } else {
        Answer::default()
    }
}

/// A `git push` followed, before the next `&&`, `||`, `;` or `|`, by `--force` or `-f`.
fn force_push(command: &str) -> bool {
    let words: Vec<&str> = command.split_whitespace().collect();
    words.windows(2).enumerate().any(|(at, pair)| {
        pair == ["git", "push"]
            && words[at + 2..]
                .iter()
                .take_while(|w| !matches!(**w, "&&" | "||" | ";" | "|"))
                .any(|w| *w == "--force" || *w == "-f")
    })
}
