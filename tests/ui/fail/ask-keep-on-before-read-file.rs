use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeReadFile", ask = "keep")]
fn secrets(input: BeforeReadFile) -> BeforeReadFileResponse {
    if input.file_path.ends_with(".env") { BeforeReadFileResponse::deny("secrets stay local") } else { no_opinion() }
}

cursor_hooks::main!(secrets);
