cursor_hooks::main!(guard);
