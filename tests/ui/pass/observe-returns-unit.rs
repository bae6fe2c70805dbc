use cursor_hooks::prelude::*;

#[cursor_hook(event = "afterFileEdit")]
fn audit(input: AfterFileEdit) {
    eprintln!("edited {}", input.file_path);
}

#[cursor_hook(event = "sessionEnd")]
fn end(_input: &SessionEnd) -> Result<(), String> {
    Ok(())
}

// With no payload on stdin the binary answers `{}` and exits 0.
cursor_hooks::main!(audit, end);
