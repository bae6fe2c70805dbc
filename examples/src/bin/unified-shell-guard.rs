//! `unified-shell-guard`: the shell guard as one unified handler for Cursor, Claude Code, Codex
//! and GitHub Copilot CLI: denies `rm -rf` everywhere, and a force-push where the host cannot
//! ask (Claude Code and Copilot ask the user), beside the per-host guard of Claude Code's skill
//! lines. `install`, `install --claude`, `install --codex` and `install --copilot` write its
//! entries into each editor's file.

use cursor_hooks_examples::shell_guard::claude_skill_shell;
use cursor_hooks_examples::unified_shell_guard::guard;

cursor_hooks::main!(guard, claude_skill_shell);
