//! Claude Code as a second host of the command: its host rules and settings, and `simulate
//! --host claude-code`.

mod file_rule;
pub mod host;
pub mod settings;
pub mod simulate;
pub mod verify;
pub mod version;
