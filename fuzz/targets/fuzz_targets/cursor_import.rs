//! Cursor's payloads to a Claude Code entry (its import of `.claude/settings.json`) through the
//! whole hook path: bytes in, the answer Cursor enforces out.
#![no_main]

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| {
    cursor_hooks_fuzz::fuzz_one(cursor_hooks_fuzz::Target::CursorImport, bytes);
});
