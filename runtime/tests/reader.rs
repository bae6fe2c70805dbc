//! The payload reader, as the hosts write payloads: strings holding a lone UTF-16 surrogate
//! (what Node's `JSON.stringify` writes), the event name read from the top level only, tool
//! arguments read through types, and a Claude Code handler on Cursor's payload read as the
//! native path reads. Each answer is the handler's decision on what the host will run, or the
//! failure policy with exactly one stderr line.

use cursor_hooks::__private::{Entry, FailPolicy, Hook, HookOptions, Outcome};
use cursor_hooks::testing::{self, Rendered};
use cursor_hooks::{assert_denied, assert_no_opinion};

/// The companion `#[cursor_hook]` / `#[claude_hook]` writes next to a handler:
/// `companion!(host, name, Event, handler, fail)`.
macro_rules! companion {
    (cursor, $name:ident, $event:ty, $handler:expr, $fail:ident) => {
        companion!(@ $name, $event, $handler, $fail, cursor_hooks::cursor::Event, cursor);
    };
    (claude, $name:ident, $event:ty, $handler:expr, $fail:ident) => {
        companion!(@ $name, $event, $handler, $fail, cursor_hooks::claude::Event, claude);
    };
    (@ $name:ident, $event:ty, $handler:expr, $fail:ident, $trait:path, $entry:ident) => {
        #[allow(non_camel_case_types)]
        struct $name;
        impl Hook for $name {
            type Event = $event;
            const EVENT_NAME: &'static str = <$event as $trait>::NAME;
            const OPTIONS: HookOptions = HookOptions {
                handler: stringify!($name),
                fail: FailPolicy::$fail,
                timeout: None,
                matcher: None,
                loop_limit: None,
                keep_ask: false,
            };
            const ENTRY: Entry = Entry::$entry::<Self>();
            fn call(input: $event) -> Outcome<<$event as $trait>::Response> {
                let handler: fn($event) -> _ = $handler;
                cursor_hooks::AnswerTo::<$event>::into_outcome(handler(input))
            }
        }
    };
}

mod cursor {
    use cursor_hooks::cursor::event::*;
    use cursor_hooks::cursor::response::*;

    pub(crate) fn destructive(text: &str) -> bool {
        text.starts_with("rm -rf ~/proj")
    }

    pub(crate) fn pre_tool_use(input: PreToolUse) -> PreToolUseResponse {
        match input.tool_input.command() {
            Some(command) if destructive(command) => PreToolUseResponse::deny("no"),
            _ => PreToolUseResponse::default(),
        }
    }

    pub(crate) fn shell(input: BeforeShellExecution) -> BeforeShellExecutionResponse {
        if destructive(&input.command) {
            BeforeShellExecutionResponse::deny("no")
        } else {
            BeforeShellExecutionResponse::default()
        }
    }

    pub(crate) fn read(input: BeforeReadFile) -> BeforeReadFileResponse {
        if input.file_path.contains(".env\u{fffd}") {
            BeforeReadFileResponse::deny("no")
        } else {
            BeforeReadFileResponse::default()
        }
    }
}

mod claude {
    use cursor_hooks::claude::prelude::*;

    pub(crate) fn pre_tool_use(input: PreToolUse) -> PreToolUseResponse {
        match input.tool_input.command() {
            Some(command) if super::cursor::destructive(command) => PreToolUseResponse::deny("no"),
            _ => no_opinion(),
        }
    }
}

companion!(
    cursor,
    cursor_guard_closed,
    cursor_hooks::cursor::event::PreToolUse,
    cursor::pre_tool_use,
    Closed
);
companion!(
    cursor,
    shell_guard_open,
    cursor_hooks::cursor::event::BeforeShellExecution,
    cursor::shell,
    Open
);
companion!(
    cursor,
    read_guard_open,
    cursor_hooks::cursor::event::BeforeReadFile,
    cursor::read,
    Open
);
companion!(
    claude,
    claude_guard_closed,
    cursor_hooks::claude::event::PreToolUse,
    claude::pre_tool_use,
    Closed
);

fn run(entry: Entry, payload: &str) -> Rendered {
    testing::run_all(&[entry], payload.to_owned())
}

const CURSOR_PRE_TOOL_USE: &str = r#"{"conversation_id":"c1","generation_id":"g1","model":"default","tool_name":"Shell","tool_input":{"command":"COMMAND","cwd":""},"tool_use_id":"t1","cwd":"","session_id":"c1","hook_event_name":"preToolUse","cursor_version":"2026.09.28-64d2043","workspace_roots":["/p"],"user_email":null,"transcript_path":null}"#;

const CURSOR_SHELL: &str = r#"{"conversation_id":"c1","generation_id":"g1","command":"COMMAND","cwd":"/p","hook_event_name":"beforeShellExecution","cursor_version":"2026.09.28-64d2043","workspace_roots":["/p"]}"#;

const CURSOR_READ: &str = r#"{"conversation_id":"c1","generation_id":"g1","file_path":"/p/.envLONE","content":"","attachments":[{"type":"file","file_path":"/p/a\ud800"}],"hook_event_name":"beforeReadFile","cursor_version":"2026.09.28-64d2043","workspace_roots":["/p"]}"#;

const CLAUDE_PRE_TOOL_USE: &str = r#"{"session_id":"s1","transcript_path":"/t.jsonl","cwd":"/p","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"COMMAND","description":"d\udfff"},"tool_use_id":"t1"}"#;

/// A lone surrogate as `JSON.stringify` writes it, leading or trailing, lower or upper case.
const LONE: [&str; 4] = [r"\ud800", r"\udc00", r"\uDBFF", r"\ud83d\u0041"];

fn is_one_line_free(answer: &Rendered) -> bool {
    answer.stderr.is_empty()
}

#[test]
fn a_lone_surrogate_reads_as_u_fffd_in_every_string_the_guards_read() {
    for lone in LONE {
        let command = format!(r"rm -rf ~/proj #{lone}");
        // Optional strings and tool arguments (`tool_input.command`), fail-closed: not `{}`.
        let answer = run(
            cursor_guard_closed::ENTRY,
            &CURSOR_PRE_TOOL_USE.replace("COMMAND", &command),
        );
        assert_denied!(answer);
        assert!(is_one_line_free(&answer), "{lone}: {:?}", answer.stderr);
        // A required string, fail-open: the payload is read, not rejected.
        let answer = run(
            shell_guard_open::ENTRY,
            &CURSOR_SHELL.replace("COMMAND", &command),
        );
        assert_denied!(answer);
        assert!(is_one_line_free(&answer), "{lone}: {:?}", answer.stderr);
        // Claude Code's own payload, with another lone surrogate beside it.
        let answer = run(
            claude_guard_closed::ENTRY,
            &CLAUDE_PRE_TOOL_USE.replace("COMMAND", &command),
        );
        assert_denied!(answer);
        assert!(is_one_line_free(&answer), "{lone}: {:?}", answer.stderr);
        // A path, with another lone surrogate in a nested object (`attachments`).
        let answer = run(read_guard_open::ENTRY, &CURSOR_READ.replace("LONE", lone));
        assert_denied!(answer);
        assert!(is_one_line_free(&answer), "{lone}: {:?}", answer.stderr);
    }
}

#[test]
fn a_lone_surrogate_decodes_as_node_decodes_it() {
    use cursor_hooks::cursor::event::PreToolUse;
    let payload = CURSOR_PRE_TOOL_USE
        .replace("COMMAND", r"a\ud800b\udc00c\ud83d\ude00d\\ud800")
        .replace(r#""cwd":"""#, r#""cwd":"\udbff""#);
    let input: PreToolUse = cursor_hooks::serde_json::from_str(&payload).expect("reads");
    assert_eq!(
        input.tool_input.command(),
        Some("a\u{fffd}b\u{fffd}c\u{1f600}d\\ud800")
    );
    assert_eq!(input.cwd.as_deref(), Some("\u{fffd}"));
    // The same payload through the hook: the handler runs, nothing is ignored.
    let answer = run(cursor_guard_closed::ENTRY, &payload);
    assert_no_opinion!(answer);
    assert!(answer.stderr.is_empty(), "{:?}", answer.stderr);
}

// ---------------------------------------------------------------------------------------------
// The payload never chooses the handler.

mod bash {
    use cursor_hooks::claude::prelude::*;

    /// A Claude Code `Bash` guard, as its matcher would have it.
    pub(crate) fn guard(input: PreToolUse) -> PreToolUseResponse {
        match input.tool_input.command() {
            Some(command) if input.tool_name == "Bash" && super::cursor::destructive(command) => {
                PreToolUseResponse::deny("no")
            }
            _ => no_opinion(),
        }
    }
}
companion!(
    claude,
    bash_guard_closed,
    cursor_hooks::claude::event::PreToolUse,
    bash::guard,
    Closed
);

/// Cursor's `preToolUse` for `rm -rf ~/proj`, as the IDE writes it, with `arguments` (JSON text
/// of `"key":value` pairs) spliced into the end of `tool_input`, where an MCP tool's or the
/// model's keys may stand.
/// The top-level name comes first (any key order is valid JSON, and the IDE's is not the
/// CLI's), so a nested one is the last in the bytes.
fn cursor_pre_tool_use_with(arguments: &str) -> String {
    CURSOR_PRE_TOOL_USE
        .replace(r#","hook_event_name":"preToolUse""#, "")
        .replacen('{', r#"{"hook_event_name":"preToolUse","#, 1)
        .replace("COMMAND", "rm -rf ~/proj")
        .replace(r#""cwd":""},"#, &format!(r#""cwd":"",{arguments}}},"#))
        .replace(
            r#""transcript_path":null"#,
            r#""transcript_path":"/t.jsonl""#,
        )
}

fn one_line(answer: &Rendered, needle: &str) {
    assert_eq!(answer.stderr.len(), 1, "{:?}", answer.stderr);
    assert!(
        answer.stderr[0].contains(needle),
        "{:?} lacks {needle:?}",
        answer.stderr
    );
}

#[test]
fn a_nested_event_name_does_not_pick_the_handler() {
    let both = [cursor_guard_closed::ENTRY, bash_guard_closed::ENTRY];
    for nested in [
        r#""hook_event_name":"PreToolUse""#,
        r#""hook_event_name":"PreToolUse","x":{"hook_event_name":"PreToolUse"}"#,
        r#""hook_event_name":"stop""#,
    ] {
        let payload = cursor_pre_tool_use_with(nested);
        let answer = testing::run_all(&both, payload.clone());
        assert_denied!(answer);
        assert_eq!(
            answer.json().unwrap()["permission"],
            "deny",
            "Cursor's form"
        );
        assert!(answer.stderr.is_empty(), "{nested}: {:?}", answer.stderr);
        // A payload with no top-level name is not answered by the policy of the handler a
        // nested name points at: the binary's (the strictest) applies, as for any such payload.
        let nameless = payload.replace(r#""hook_event_name":"preToolUse","#, "");
        let answer = testing::run_all(
            &[cursor_guard_closed::ENTRY, shell_guard_open::ENTRY],
            nameless,
        );
        assert_eq!(answer.exit_code, 2, "{nested}: {answer:?}");
        one_line(&answer, "no `hook_event_name`");
    }
}

#[test]
fn cursors_payload_with_claude_codes_event_name_is_refused() {
    // `cursor_version` says Cursor wrote it; `PreToolUse` is Claude Code's name. Read as Claude
    // Code's, `Shell` would not be `Bash` and the guard would have no opinion.
    let payload = cursor_pre_tool_use_with(r#""description":"d""#).replace(
        r#""hook_event_name":"preToolUse""#,
        r#""hook_event_name":"PreToolUse""#,
    );
    let answer = run(bash_guard_closed::ENTRY, &payload);
    assert_denied!(answer);
    one_line(
        &answer,
        "Cursor's `cursor_version` but Claude Code's event name",
    );
    // Cursor running the same entry (its import of `.claude/settings.json`) sends Cursor's own
    // name: that is read from Cursor's shape, `Shell` as `Bash`, and answered in Cursor's form.
    let payload = cursor_pre_tool_use_with(r#""description":"d""#);
    let answer = run(bash_guard_closed::ENTRY, &payload);
    assert_denied!(answer);
    assert_eq!(answer.json().unwrap()["permission"], "deny");
    assert!(answer.stderr.is_empty(), "{:?}", answer.stderr);
}

fn wired(host: cursor_hooks::Host, event: &str) -> cursor_hooks::__private::Wiring {
    cursor_hooks::__private::Wiring::one(host, event)
}

fn run_wired(
    entries: &[Entry],
    wiring: &cursor_hooks::__private::Wiring,
    payload: &str,
) -> Rendered {
    let settings = cursor_hooks::__private::Settings::from_env();
    cursor_hooks::__private::respond_wired(entries, wiring, payload.as_bytes(), &settings)
}

#[test]
fn a_wired_command_answers_only_its_handlers_payloads() {
    use cursor_hooks::Host;
    let entries = [
        cursor_guard_closed::ENTRY,
        bash_guard_closed::ENTRY,
        shell_guard_open::ENTRY,
    ];
    let cursor = wired(Host::Cursor, "preToolUse");
    let claude = wired(Host::ClaudeCode, "PreToolUse");
    let cursor_payload = cursor_pre_tool_use_with(r#""description":"d""#);
    let claude_payload = CLAUDE_PRE_TOOL_USE.replace("COMMAND", "rm -rf ~/proj");
    let shell_payload = CURSOR_SHELL.replace("COMMAND", "ls");
    // Its own payloads: the handler decides.
    let answer = run_wired(&entries, &cursor, &cursor_payload);
    assert_denied!(answer);
    assert!(answer.stderr.is_empty(), "{:?}", answer.stderr);
    let answer = run_wired(&entries, &claude, &claude_payload);
    assert_denied!(answer);
    assert!(
        answer.json().unwrap()["hookSpecificOutput"].is_object(),
        "Claude Code's form"
    );
    // Cursor running the Claude Code entry: Cursor's payload of the event it maps it to.
    let answer = run_wired(&entries, &claude, &cursor_payload);
    assert_denied!(answer);
    assert_eq!(
        answer.json().unwrap()["permission"],
        "deny",
        "Cursor's form"
    );
    // Another event, or the other host's payload: the wired handler's failure policy, one line.
    for (wiring, payload, needle) in [
        (
            &cursor,
            &shell_payload,
            "payload is for `beforeShellExecution`",
        ),
        (&cursor, &claude_payload, "payload is for `PreToolUse`"),
        (
            &claude,
            &shell_payload,
            "payload is for `beforeShellExecution`",
        ),
    ] {
        let answer = run_wired(&entries, wiring, payload);
        assert_denied!(answer);
        one_line(&answer, needle);
    }
    // Even where the binary has a handler for it, the payload does not pick it: a fail-open
    // command stays fail-open.
    let open = wired(Host::Cursor, "beforeShellExecution");
    let answer = run_wired(&entries, &open, &cursor_payload);
    assert_no_opinion!(answer);
    one_line(
        &answer,
        "wired to answer Cursor's `beforeShellExecution` only",
    );
    // A command wired to a handler the binary does not have: the binary's strictest policy
    // (fail-closed: two of its handlers are), one line; never a silent pass.
    let answer = run_wired(&entries, &wired(Host::Cursor, "stop"), &shell_payload);
    assert_eq!(answer.exit_code, 2, "{answer:?}");
    one_line(&answer, "no handler for it; fail-closed: exit 2");
    let open_entries = [shell_guard_open::ENTRY];
    let answer = run_wired(&open_entries, &wired(Host::Cursor, "stop"), &shell_payload);
    assert_no_opinion!(answer);
    one_line(&answer, "no handler for it; fail-open: answered no opinion");
}

// ---------------------------------------------------------------------------------------------
// One tolerant reader for every path.

companion!(
    claude,
    bash_guard_open,
    cursor_hooks::claude::event::PreToolUse,
    bash::guard,
    Open
);

/// Unknown data nested `depth` levels deep, as a model's MCP arguments or a newer Cursor may
/// send: `[[[…]]]`.
fn nested(depth: usize) -> String {
    format!("{}{}", "[".repeat(depth), "]".repeat(depth))
}

#[test]
fn a_claude_code_handler_reads_cursors_payload_as_the_native_path_does() {
    for depth in [127, 129, 10_000, 200_000] {
        let deep = format!(r#""deep":{}"#, nested(depth));
        // At the top level and inside the tool's arguments.
        for payload in [
            cursor_pre_tool_use_with(r#""description":"d""#).replacen(
                '{',
                &format!("{{{deep},"),
                1,
            ),
            cursor_pre_tool_use_with(&deep),
        ] {
            // The guard runs on what the host will run, whatever the policy.
            let answer = run(bash_guard_open::ENTRY, &payload);
            assert_denied!(answer);
            assert!(answer.stderr.is_empty(), "{depth}: {:?}", answer.stderr);
            let harmless = payload.replace("rm -rf ~/proj", "ls");
            let answer = run(bash_guard_closed::ENTRY, &harmless);
            assert_no_opinion!(answer);
            assert!(answer.stderr.is_empty(), "{depth}: {:?}", answer.stderr);
            // The native path answers the same.
            let answer = run(cursor_guard_closed::ENTRY, &harmless);
            assert_no_opinion!(answer);
        }
    }
}

mod inspect {
    use cursor_hooks::claude::prelude::*;

    /// Allows when the input read from Cursor's payload is as the spec says, else denies
    /// saying what differs.
    pub(crate) fn input(input: PreToolUse) -> PreToolUseResponse {
        let read = (
            input.common.cwd.as_str(),
            input.common.session_id.as_str(),
            input.common.transcript_path.as_str(),
            input.common.hook_event_name.as_str(),
            input.tool_name.as_str(),
            input.tool_input.command(),
            input.extra.raw("big"),
            input.extra.raw("cursor_version"),
        );
        let expected = (
            "/p",
            "c1",
            "/t.jsonl",
            "PreToolUse",
            "Bash",
            Some("rm -rf ~/proj"),
            Some(r#"[1e999, {"k":"\u00e9"}]"#),
            Some(r#""2026.09.28-64d2043""#),
        );
        if read == expected {
            PreToolUseResponse::allow()
        } else {
            PreToolUseResponse::deny(format!("{read:?}"))
        }
    }
}
companion!(
    claude,
    inspect_input,
    cursor_hooks::claude::event::PreToolUse,
    inspect::input,
    Open
);

#[test]
fn cursors_payload_reads_into_claude_codes_input_with_its_own_keys_kept_as_sent() {
    // `cwd` "" falls back to the first workspace root, `tool_name` maps back, an unknown key
    // keeps its text byte for byte (a number no `f64` holds included).
    let payload = cursor_pre_tool_use_with(r#""description":"d""#).replacen(
        '{',
        r#"{"big":[1e999, {"k":"\u00e9"}],"#,
        1,
    );
    let answer = run(inspect_input::ENTRY, &payload);
    assert_eq!(answer.json().unwrap()["permission"], "allow", "{answer:?}");
    // A repeated key is a malformed payload, as on the native path.
    for key in [r#""cwd":"/a""#, r#""tool_name":"Shell""#, r#""big":1"#] {
        let repeated = payload.replacen('{', &format!("{{{key},"), 1);
        let answer = run(bash_guard_open::ENTRY, &repeated);
        assert_no_opinion!(answer);
        one_line(&answer, "appears twice");
    }
}

// ---------------------------------------------------------------------------------------------
// Typed arguments of the tools guards read.

mod typed {
    use cursor_hooks::claude::prelude as claude;
    use cursor_hooks::cursor::tools::Tool;
    use cursor_hooks::prelude::*;

    pub(crate) fn cursor(input: PreToolUse) -> PreToolUseResponse {
        match input.tool() {
            Tool::Shell(shell) if super::cursor::destructive(&shell.command) => {
                PreToolUseResponse::deny("no")
            }
            Tool::Write(write) if write.file_path.ends_with(".env") => {
                PreToolUseResponse::deny("no")
            }
            _ => no_opinion(),
        }
    }

    pub(crate) fn claude(input: claude::PreToolUse) -> claude::PreToolUseResponse {
        use cursor_hooks::claude::tools::Tool;
        match input.tool() {
            Tool::Bash(bash) if super::cursor::destructive(&bash.command) => {
                claude::PreToolUseResponse::deny("no")
            }
            Tool::Edit(edit) if edit.file_path.ends_with(".env") => {
                claude::PreToolUseResponse::deny("no")
            }
            _ => no_opinion(),
        }
    }
}
companion!(
    cursor,
    typed_cursor_closed,
    cursor_hooks::cursor::event::PreToolUse,
    typed::cursor,
    Closed
);
companion!(
    cursor,
    typed_cursor_open,
    cursor_hooks::cursor::event::PreToolUse,
    typed::cursor,
    Open
);
companion!(
    claude,
    typed_claude_closed,
    cursor_hooks::claude::event::PreToolUse,
    typed::claude,
    Closed
);

/// Cursor's `preToolUse` of `tool` with `arguments` as its `tool_input`.
fn cursor_tool(tool: &str, arguments: &str) -> String {
    CURSOR_PRE_TOOL_USE
        .replace(
            r#""tool_name":"Shell""#,
            &format!(r#""tool_name":"{tool}""#),
        )
        .replace(r#"{"command":"COMMAND","cwd":""}"#, arguments)
}

#[test]
fn a_wrongly_typed_argument_a_guard_reads_is_answered_by_the_failure_policy() {
    for command in [
        r#"["rm","-rf","~/proj"]"#,
        r#"{"0":"rm -rf ~/proj"}"#,
        "7",
        "true",
    ] {
        let payload = cursor_tool("Shell", &format!(r#"{{"command":{command},"cwd":""}}"#));
        // Through `ToolInput::command()` and through the typed `Shell`, fail-closed: a deny.
        for entry in [cursor_guard_closed::ENTRY, typed_cursor_closed::ENTRY] {
            let answer = run(entry, &payload);
            assert_denied!(answer);
            one_line(&answer, "`command`");
        }
        // Fail-open: no opinion, but never silently.
        let answer = run(typed_cursor_open::ENTRY, &payload);
        assert_no_opinion!(answer);
        one_line(&answer, "read `command` of `Shell`, which is");
        // Claude Code's `Bash`, natively and from Cursor's payload.
        let claude = CLAUDE_PRE_TOOL_USE.replace(r#""COMMAND""#, command);
        for payload in [claude.as_str(), &payload] {
            let answer = run(typed_claude_closed::ENTRY, payload);
            assert_denied!(answer);
            one_line(&answer, "read `command` of `Bash`, which is");
        }
    }
    // A required argument missing is the same; the handler's own decision does not stand.
    let answer = run(
        typed_cursor_open::ENTRY,
        &cursor_tool("Write", r#"{"content":"x"}"#),
    );
    assert_no_opinion!(answer);
    one_line(
        &answer,
        "read `file_path` of `Write`, which the payload lacks",
    );
}

#[test]
fn typed_arguments_read_what_the_host_runs_and_drift_in_an_optional_one_is_noted() {
    let payload = cursor_tool(
        "Shell",
        r#"{"command":"rm -rf ~/proj","cwd":"","timeout":"30"}"#,
    );
    let answer = run(typed_cursor_closed::ENTRY, &payload);
    assert_denied!(answer);
    one_line(
        &answer,
        "argument 'timeout' of Shell is a string, expected a number: ignored",
    );
    let answer = run(
        typed_cursor_closed::ENTRY,
        &cursor_tool("Write", r#"{"file_path":"/p/.env"}"#),
    );
    assert_denied!(answer);
    assert!(answer.stderr.is_empty(), "{:?}", answer.stderr);
    // Tools nobody typed keep `ToolInput`, and are not read: no opinion, nothing on stderr.
    for (tool, arguments) in [
        ("Grep", r#"{"pattern":7}"#),
        ("MCP:echo", r#"{"command":[1]}"#),
    ] {
        let answer = run(typed_cursor_closed::ENTRY, &cursor_tool(tool, arguments));
        assert_no_opinion!(answer);
        assert!(answer.stderr.is_empty(), "{tool}: {:?}", answer.stderr);
    }
    let edit = CLAUDE_PRE_TOOL_USE
        .replace(r#""tool_name":"Bash""#, r#""tool_name":"Edit""#)
        .replace(
            r#"{"command":"COMMAND","description":"d\udfff"}"#,
            r#"{"file_path":"/p/.env","old_string":"a","new_string":"b"}"#,
        );
    let answer = run(typed_claude_closed::ENTRY, &edit);
    assert_denied!(answer);
    assert!(answer.stderr.is_empty(), "{:?}", answer.stderr);
}

#[test]
fn a_tool_input_that_is_not_an_object_is_malformed() {
    for tool_input in [
        r#"["rm -rf ~/proj"]"#,
        "7",
        r#""rm -rf ~/proj""#,
        r#""[1]""#,
    ] {
        let payload = cursor_tool("Shell", tool_input);
        let answer = run(cursor_guard_closed::ENTRY, &payload);
        assert_denied!(answer);
        one_line(&answer, "`tool_input`");
        let claude = CLAUDE_PRE_TOOL_USE.replace(
            r#"{"command":"COMMAND","description":"d\udfff"}"#,
            tool_input,
        );
        let answer = run(claude_guard_closed::ENTRY, &claude);
        assert_denied!(answer);
        one_line(&answer, "`tool_input`");
    }
    // Cursor's documented string form of an object still reads.
    let payload = cursor_tool("Shell", r#""{\"command\":\"rm -rf ~/proj\"}""#);
    let answer = run(cursor_guard_closed::ENTRY, &payload);
    assert_denied!(answer);
    assert!(answer.stderr.is_empty(), "{:?}", answer.stderr);
}

/// The typed arguments hold exactly the fields `spec/tools.json` lists, with its types.
#[test]
fn the_typed_arguments_are_the_specs() {
    use cursor_hooks::claude::tools as claude;
    use cursor_hooks::cursor::tools;
    let spec: cursor_hooks::serde_json::Value = cursor_hooks::serde_json::from_str(
        &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../spec/tools.json"))
            .unwrap(),
    )
    .unwrap();
    /// A tool's arguments as `FIELDS` lists them: key, spec type, required.
    type Fields = &'static [(&'static str, &'static str, bool)];
    let types: [(&str, &str, Fields); 12] = [
        ("cursor", tools::Shell::TOOL, tools::Shell::FIELDS),
        ("cursor", tools::Read::TOOL, tools::Read::FIELDS),
        ("cursor", tools::Write::TOOL, tools::Write::FIELDS),
        ("claude-code", claude::Bash::TOOL, claude::Bash::FIELDS),
        ("claude-code", claude::Read::TOOL, claude::Read::FIELDS),
        ("claude-code", claude::Write::TOOL, claude::Write::FIELDS),
        ("claude-code", claude::Edit::TOOL, claude::Edit::FIELDS),
        (
            "claude-code",
            claude::MultiEdit::TOOL,
            claude::MultiEdit::FIELDS,
        ),
        ("claude-code", claude::Glob::TOOL, claude::Glob::FIELDS),
        ("claude-code", claude::Grep::TOOL, claude::Grep::FIELDS),
        (
            "claude-code",
            claude::WebFetch::TOOL,
            claude::WebFetch::FIELDS,
        ),
        (
            "claude-code",
            claude::NotebookEdit::TOOL,
            claude::NotebookEdit::FIELDS,
        ),
    ];
    let typed: Vec<_> = spec["tools"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|tool| tool["type"] != "ToolInput")
        .collect();
    assert_eq!(typed.len(), types.len());
    for (tool, (host, name, fields)) in typed.iter().zip(types) {
        assert_eq!(
            (tool["host"].as_str(), tool["tool"].as_str()),
            (Some(host), Some(name))
        );
        assert!(
            !tool["source"].as_str().unwrap().is_empty(),
            "{name} has a source"
        );
        let spec_fields: Vec<(&str, &str, bool)> = tool["fields"]
            .as_array()
            .unwrap()
            .iter()
            .map(|field| {
                (
                    field["name"].as_str().unwrap(),
                    field["type"].as_str().unwrap(),
                    field["required"].as_bool().unwrap(),
                )
            })
            .collect();
        assert_eq!(spec_fields, fields, "{host} {name}");
    }
}
