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
