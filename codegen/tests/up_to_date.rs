//! The committed generated files are exactly what the spec produces now.

#[test]
fn generated_files_match_the_spec() {
    let root = cursor_hooks_codegen::workspace_root();
    let files = cursor_hooks_codegen::generate(&root).expect("the spec generates");
    let stale: Vec<String> = files
        .iter()
        .filter(|file| {
            std::fs::read_to_string(root.join(&file.path))
                .ok()
                .as_deref()
                != Some(file.text.as_str())
        })
        .map(|file| file.path.display().to_string())
        .collect();
    assert!(
        stale.is_empty(),
        "out of date with spec/ (run `cargo run -p cursor-hooks-codegen`): {stale:?}"
    );
}
