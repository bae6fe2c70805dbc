//! Compile-fail cases: every mistake the macro or the types must reject, with its reviewed message.
#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui/fail/*.rs");
    t.pass("ui/pass/*.rs");
}

/// The reviewed messages name only what a user can write: no `__private` item, no helper the
/// macros generate, no location inside the runtime's private or generated support code.
#[test]
fn messages_name_no_private_helpers() {
    const HIDDEN: &[&str] = &[
        "__private",
        "__cursor_hooks",
        "__CURSOR_HOOKS",
        "cursor_hooks::gen::",
        "runtime/src/private.rs",
        "runtime/src/hook.rs",
        "runtime/src/gen/cursor/outcomes.rs",
        "runtime/src/gen/claude/outcomes.rs",
        "runtime/src/claude/render.rs",
    ];
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("ui/fail");
    let mut offenders = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("ui/fail is readable") {
        let path = entry.expect("a directory entry").path();
        if path.extension().is_some_and(|ext| ext == "stderr") {
            let text = std::fs::read_to_string(&path).expect("a .stderr file is text");
            for hidden in HIDDEN.iter().filter(|hidden| text.contains(*hidden)) {
                offenders.push(format!("{} names `{hidden}`", path.display()));
            }
        }
    }
    assert!(offenders.is_empty(), "{}", offenders.join("\n"));
}

/// Where a reviewed message lists implementations of a check trait ("the following other types
/// implement trait `Takes<K, V>`"), it lists only the keys of the response the call was made
/// on: what that event takes instead, never which other responses have the key (the check's own
/// label names the events that read it).
#[test]
fn messages_list_only_what_the_response_takes() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("ui/fail");
    let mut offenders = Vec::new();
    let mut lists = 0;
    for entry in std::fs::read_dir(&dir).expect("ui/fail is readable") {
        let path = entry.expect("a directory entry").path();
        if path.extension().is_none_or(|ext| ext != "stderr") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a .stderr file is text");
        // The response the call was made on: "the trait `T` is not implemented for `R`".
        let mut response: Option<&str> = None;
        for line in text.lines() {
            if line.starts_with("error") {
                response = None;
            }
            if let Some((_, rest)) = line.split_once("` is not implemented for `") {
                response = rest.strip_suffix('`');
            }
            let listed = line
                .split_once("` implements `")
                .map(|(before, _)| before)
                .or_else(|| {
                    line.split_once("` is implemented for `")
                        .and_then(|(_, rest)| rest.strip_suffix('`'))
                });
            let Some(listed) = listed else { continue };
            lists += 1;
            let listed = listed.rsplit('`').next().unwrap_or(listed);
            if Some(listed) != response {
                offenders.push(format!(
                    "{} lists `{listed}`, not the response the call was made on ({response:?})",
                    path.display()
                ));
            }
        }
    }
    assert!(lists > 0, "no reviewed message lists what a response takes");
    assert!(offenders.is_empty(), "{}", offenders.join("\n"));
}

/// The README's first example (one binary guarding both editors under one import) is the pass
/// case `ui/pass/readme-first-example.rs`, so it compiles and runs as written.
#[test]
fn readme_first_example_is_a_pass_case() {
    let workspace = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let readme = std::fs::read_to_string(workspace.join("README.md")).expect("README.md");
    let start = readme
        .find("```rust\n")
        .expect("the README has a Rust example")
        + "```rust\n".len();
    let end = start
        + readme[start..]
            .find("```")
            .expect("the example's block is closed");
    let case = std::fs::read_to_string(workspace.join("tests/ui/pass/readme-first-example.rs"))
        .expect("the pass case is readable");
    assert_eq!(
        readme[start..end],
        case,
        "the README's first example and the pass case differ"
    );
}
