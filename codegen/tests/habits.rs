//! `spec/habits.json` holds against the code it talks about: a habit is no method of the host's
//! check traits, which are on every response type too (the two would make the call ambiguous; a
//! response's own method, such as Cursor's `BeforeSubmitPromptResponse::block`, wins over both),
//! and every call its text tells the user to write instead is one the host's responses have.

use std::path::Path;

/// The host's generated responses, where every constructor and setter is a `pub fn`, and its
/// check traits.
fn generated(host: &str) -> (String, String) {
    let (responses, checks) = match host {
        "cursor" => (
            "runtime/src/gen/cursor/responses.rs",
            "runtime/src/gen/cursor/checks.rs",
        ),
        "claude-code" => (
            "runtime/src/gen/claude/responses.rs",
            "runtime/src/gen/claude/checks.rs",
        ),
        other => panic!("spec/habits.json names the host `{other}`, which has no responses"),
    };
    let root = cursor_hooks_codegen::workspace_root();
    let read = |path: &str| std::fs::read_to_string(Path::new(&root).join(path)).expect(path);
    (read(responses), read(checks))
}

/// The calls a text writes in backticks: `.followup_message(text)`, `StopResponse::block(reason)`,
/// `deny(message)` each give their method's name.
fn calls(text: &str) -> Vec<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .filter_map(|code| {
            let before_args = code.split_once('(')?.0;
            let name = before_args.rsplit([':', '.']).next()?;
            let is_name =
                !name.is_empty() && name.chars().all(|c| c.is_ascii_lowercase() || c == '_');
            is_name.then(|| name.to_owned())
        })
        .collect()
}

#[test]
fn every_habit_is_missing_and_every_suggestion_exists() {
    let root = cursor_hooks_codegen::workspace_root();
    let habits = cursor_hooks_codegen::habits::load(&root).expect("spec/habits.json");
    assert!(!habits.is_empty());
    let mut problems = Vec::new();
    for habit in &habits {
        let (responses, checks) = generated(&habit.host);
        let has = |name: &str| responses.contains(&format!("pub fn {name}("));
        if checks.contains(&format!("fn {}(", habit.call)) {
            problems.push(format!(
                "{}: `{}` is a method of its check traits",
                habit.host, habit.call
            ));
        }
        let text = [Some(&habit.label), habit.note.as_ref()];
        for call in text.into_iter().flatten().flat_map(|text| calls(text)) {
            if !has(&call) {
                problems.push(format!(
                    "{} `{}`: suggests `{call}`, which no response has",
                    habit.host, habit.call
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn calls_are_read_from_backticks() {
    assert_eq!(
        calls("with `.followup_message(text)`; `StopResponse::block(reason)`, `deny(message)`, `stop`"),
        ["followup_message", "block", "deny"]
    );
}
