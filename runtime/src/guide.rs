//! The guide: from nothing to one binary guarding Cursor and Claude Code, then one chapter per
//! topic, and a cookbook.
//!
//! ```
//! use cursor_hooks::prelude::*;
//! use cursor_hooks::testing;
//!
//! #[cursor_hook(event = "beforeShellExecution", fail = "closed", timeout = 5)]
//! fn guard(input: BeforeShellExecution) -> BeforeShellExecutionResponse {
//!     if input.command.contains("rm -rf") {
//!         BeforeShellExecutionResponse::deny("rm -rf is blocked")
//!     } else {
//!         no_opinion()
//!     }
//! }
//!
//! cursor_hooks::assert_denied!(testing::run::<guard>(BeforeShellExecution::fixture().command("rm -rf /")));
//! ```
//!
//! Read [`tutorial`] first: it builds, tests and installs a hook crate for both editors. The
//! other chapters go deeper, each on its own:
//!
//! | chapter | what it covers |
//! |---|---|
//! | [`tutorial`] | from `cargo new` to one binary guarding both editors, tested and installed |
//! | [`handlers`] | the attributes' options, inputs, return types, answers, and every Cursor event |
//! | [`matchers`] | which payloads run a hook, per event and per editor |
//! | [`failure`] | the failure policy and the deadline: what a hook answers when something goes wrong |
//! | [`testing`] | the test kit, capture and replay, recorded corpora |
//! | [`wiring`] | `install`, `print-config` and `uninstall` for Cursor and Claude Code |
//! | [`tool`] | the `cursor-hooks` command: `doctor`, `simulate`, `replay`, `new`, `events`, `schema` |
//! | [`versions`] | the version rules, and the editor versions they were verified on |
//! | [`platforms`] | Linux, macOS and Windows; a static binary for your machine |
//! | [`claude_code`] | what is Claude Code's own: its events, answers, wiring and live tests |
//! | [`shipping`] | handing hooks to a team |
//! | [`fuzzing`] | the fuzzer that keeps the failure table true |
//! | [`every_editor`] | one handler for every editor: `#[hook]`, the neutral call and answer, what compiles where |
//! | [`adding_a_host`] | what a new editor needs: its registry row, facts, adapter, attribute and live suite |
//! | [`cookbook`] | short recipes: shell guard, secrets guard, stop follow-up, prompt block, audit log, both editors |

pub mod tutorial {
    #![doc = include_str!("guide/tutorial.md")]
}

pub mod handlers {
    #![doc = include_str!("guide/handlers.md")]
}

pub mod matchers {
    #![doc = include_str!("guide/matchers.md")]
}

pub mod failure {
    #![doc = include_str!("guide/failure.md")]
}

pub mod testing {
    #![doc = include_str!("guide/testing.md")]
}

pub mod wiring {
    #![doc = include_str!("guide/wiring.md")]
}

pub mod tool {
    #![doc = include_str!("guide/tool.md")]
}

pub mod versions {
    #![doc = include_str!("guide/versions.md")]
}

pub mod platforms {
    #![doc = include_str!("guide/platforms.md")]
}

pub mod claude_code {
    #![doc = include_str!("guide/claude_code.md")]
}

pub mod shipping {
    #![doc = include_str!("guide/shipping.md")]
}

pub mod fuzzing {
    #![doc = include_str!("guide/fuzzing.md")]
}

pub mod every_editor {
    #![doc = include_str!("guide/every_editor.md")]
}

pub mod adding_a_host {
    #![doc = include_str!("guide/adding_a_host.md")]
}

pub mod cookbook {
    #![doc = include_str!("guide/cookbook.md")]
}
