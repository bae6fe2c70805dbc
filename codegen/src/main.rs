//! `cargo run -p cursor-hooks-codegen`: rewrites the generated files from `spec/`.

fn main() {
    let root = cursor_hooks_codegen::workspace_root();
    let files = match cursor_hooks_codegen::generate(&root) {
        Ok(files) => files,
        Err(error) => {
            eprintln!("codegen: {error}");
            std::process::exit(1);
        }
    };
    for file in files {
        let path = root.join(&file.path);
        if std::fs::read_to_string(&path).ok().as_deref() == Some(file.text.as_str()) {
            continue;
        }
        let written = path
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| std::fs::write(&path, &file.text));
        if let Err(error) = written {
            eprintln!("codegen: {}: {error}", path.display());
            std::process::exit(1);
        }
        println!("wrote {}", file.path.display());
    }
}
