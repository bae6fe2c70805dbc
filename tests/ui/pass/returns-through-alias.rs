use cursor_hooks::prelude::*;

// A return type written through an alias is checked as the type it names.
type Answer = Result<Option<BeforeReadFileResponse>, std::io::Error>;

#[cursor_hook(event = "beforeReadFile")]
fn secrets(input: &BeforeReadFile) -> Answer {
    if input.file_path.ends_with(".env") {
        Ok(Some(BeforeReadFileResponse::deny("secrets stay local")))
    } else {
        Ok(None)
    }
}

cursor_hooks::main!(secrets);
