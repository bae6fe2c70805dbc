//! `unified-shell-guard`: the shell guard as one unified handler for Cursor, Claude Code, Codex
//! and GitHub Copilot CLI: denies `rm -rf` and force-pushes everywhere. `install`,
//! `install --claude`, `install --codex` and `install --copilot` write its entries into each
//! editor's file.

use cursor_hooks_examples::unified_shell_guard::guard;

cursor_hooks::main!(guard);
