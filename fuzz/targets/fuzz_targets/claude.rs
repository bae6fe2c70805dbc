//! Claude Code's payloads through the whole hook path: bytes in, answer and exit code out.
#![no_main]

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| {
    cursor_hooks_fuzz::fuzz_one(cursor_hooks_fuzz::Target::Claude, bytes);
});
