#![deny(unused_must_use)]
use cursor_hooks::prelude::*;

fn main() {
    let fixture = BeforeShellExecution::fixture();
    // Fixtures are changed by value: this line does nothing, and says so.
    fixture.command("rm -rf /");
    let _ = fixture;
}
