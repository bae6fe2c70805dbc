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
        "runtime/src/private.rs",
        "runtime/src/hook.rs",
        "runtime/src/gen/outcomes.rs",
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

/// No reviewed message lists the generated implementations of a check trait ("the following
/// other types implement trait ..."): the check's own note already names the events that accept
/// the call, and the list only points into generated code. Each generated impl is
/// `#[diagnostic::do_not_recommend]`.
#[test]
fn messages_list_no_generated_implementations() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("ui/fail");
    let mut offenders = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("ui/fail is readable") {
        let path = entry.expect("a directory entry").path();
        if path.extension().is_some_and(|ext| ext == "stderr") {
            let text = std::fs::read_to_string(&path).expect("a .stderr file is text");
            let lists = text.lines().any(|line| {
                line.starts_with("help: the following other types implement trait")
                    || (line.starts_with("help: the trait ")
                        && line.contains("` is implemented for `"))
            });
            if lists {
                offenders.push(path.display().to_string());
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "implementations listed in:\n{}",
        offenders.join("\n")
    );
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
