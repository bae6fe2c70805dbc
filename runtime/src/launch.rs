//! How Cursor launches a hook, per platform: the command `install` and `print-config` write to
//! `hooks.json`, and where the user's `hooks.json` lives (the other sources, for
//! `cursor-hooks doctor`, are in `spec/cursor/host.json`).
//!
//! Cursor runs a hook's `command` through a shell: `sh` on macOS and Linux, PowerShell on
//! Windows (see `spec/windows.md` for the sources). The command is this binary's absolute path,
//! written so that shell runs it as it is:
//!
//! - POSIX: the path alone when it holds no shell syntax, otherwise single-quoted.
//! - Windows: the path alone when it holds only letters, digits and `\ / : . _ -` (a command
//!   that `cmd.exe` runs too, should a Cursor version launch through it); otherwise
//!   PowerShell's call operator on a single-quoted literal, `& 'C:\Program Files\x\hook.exe'`,
//!   since PowerShell reads a quoted path alone as a string, not a command.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// The `hooks.json` command that runs `exe` through the shell Cursor uses on this platform.
/// `exe` is expected to be valid Unicode (callers check): other characters are replaced.
pub(crate) fn hook_command(exe: &Path) -> String {
    let path = exe.to_string_lossy();
    if cfg!(windows) {
        powershell_command(&path)
    } else {
        posix_quote(&path)
    }
}

/// The user's `hooks.json`: `~/.cursor/hooks.json`, with `~` read as Cursor reads it (`HOME` on
/// Unix, `USERPROFILE` on Windows). `None` when that variable is unset or empty.
pub(crate) fn user_hooks_file() -> Option<PathBuf> {
    home_dir(cfg!(windows), |name| std::env::var_os(name))
        .map(|home| home.join(".cursor").join("hooks.json"))
}

/// The user's Claude Code settings: `settings.json` in `CLAUDE_CONFIG_DIR` when that is set,
/// else in `~/.claude` (`~` found as for [`user_hooks_file`]: Claude Code also asks Node's
/// `os.homedir()`). `None` when neither is known.
pub(crate) fn user_claude_settings() -> Option<PathBuf> {
    let config = std::env::var_os("CLAUDE_CONFIG_DIR").filter(|dir| !dir.is_empty());
    let dir = match config {
        Some(dir) => PathBuf::from(dir),
        None => home_dir(cfg!(windows), |name| std::env::var_os(name))?.join(".claude"),
    };
    Some(dir.join("settings.json"))
}

/// OpenAI Codex CLI's user directory: `CODEX_HOME` when that is set, else `~/.codex` (`~`
/// found as for [`user_hooks_file`]). `None` when neither is known.
pub(crate) fn user_codex_dir() -> Option<PathBuf> {
    match std::env::var_os("CODEX_HOME").filter(|dir| !dir.is_empty()) {
        Some(dir) => Some(PathBuf::from(dir)),
        None => Some(home_dir(cfg!(windows), |name| std::env::var_os(name))?.join(".codex")),
    }
}

/// GitHub Copilot CLI's user hooks folder, `~/.copilot/hooks` (`~` found as for
/// [`user_hooks_file`]). `None` when the home directory is not known.
pub(crate) fn user_copilot_hooks_dir() -> Option<PathBuf> {
    Some(
        home_dir(cfg!(windows), |name| std::env::var_os(name))?
            .join(".copilot")
            .join("hooks"),
    )
}

/// The home directory as Cursor (Node's `os.homedir()`) finds it. On Windows `HOME` is not
/// read: Git Bash and MSYS set it to directories Cursor does not use.
fn home_dir(windows: bool, var: impl Fn(&str) -> Option<OsString>) -> Option<PathBuf> {
    let name = if windows { "USERPROFILE" } else { "HOME" };
    var(name).filter(|home| !home.is_empty()).map(PathBuf::from)
}

/// `text` as one word for a POSIX shell.
fn posix_quote(text: &str) -> String {
    let plain = text
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "/._-+:@%,=".contains(c));
    if plain && !text.is_empty() {
        text.to_owned()
    } else {
        format!("'{}'", text.replace('\'', r"'\''"))
    }
}

/// PowerShell reads each of these as a single quote; one is escaped by doubling it.
const POWERSHELL_SINGLE_QUOTES: [char; 5] = ['\'', '\u{2018}', '\u{2019}', '\u{201A}', '\u{201B}'];

/// A command that runs the program at `path` under PowerShell, and under `cmd.exe` when the
/// path needs no quoting.
fn powershell_command(path: &str) -> String {
    let plain = path
        .chars()
        .all(|c| c.is_alphanumeric() || r"\/:._-".contains(c));
    if plain && !path.is_empty() && !path.starts_with('-') {
        return path.to_owned();
    }
    let mut quoted = String::with_capacity(path.len() + 4);
    quoted.push_str("& '");
    for c in path.chars() {
        if POWERSHELL_SINGLE_QUOTES.contains(&c) {
            quoted.push(c);
        }
        quoted.push(c);
    }
    quoted.push('\'');
    quoted
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn posix_paths_are_quoted_only_when_the_shell_needs_it() {
        assert_eq!(posix_quote("/opt/hooks/policy"), "/opt/hooks/policy");
        assert_eq!(
            posix_quote("/Users/me/My Hooks/policy"),
            "'/Users/me/My Hooks/policy'"
        );
        assert_eq!(posix_quote("/it's/here"), r"'/it'\''s/here'");
        assert_eq!(posix_quote("/a/$HOME/`x`"), "'/a/$HOME/`x`'");
        assert_eq!(posix_quote(""), "''");
    }

    #[test]
    fn windows_paths_without_shell_syntax_stay_bare() {
        for path in [
            r"C:\Users\me\.cursor\hooks\policy.exe",
            r"D:\tools\my-hooks\policy_v2.exe",
            r"C:\Users\José\hooks\policy.exe",
            r"\\server\share\hooks\policy.exe",
            "C:/Users/me/hooks/policy.exe",
        ] {
            assert_eq!(powershell_command(path), path);
        }
    }

    #[test]
    fn windows_paths_with_shell_syntax_use_the_call_operator() {
        assert_eq!(
            powershell_command(r"C:\Program Files\Hooks\policy.exe"),
            r"& 'C:\Program Files\Hooks\policy.exe'"
        );
        assert_eq!(
            powershell_command(r"C:\Program Files (x86)\h\p.exe"),
            r"& 'C:\Program Files (x86)\h\p.exe'"
        );
        // `$` and backticks are literal inside single quotes; `;` and `&` cannot end it.
        assert_eq!(
            powershell_command(r"C:\$env\a`b;c&d\p.exe"),
            r"& 'C:\$env\a`b;c&d\p.exe'"
        );
        // Every character PowerShell takes for a single quote is doubled.
        assert_eq!(
            powershell_command(r"C:\Users\O'Brien\p.exe"),
            r"& 'C:\Users\O''Brien\p.exe'"
        );
        assert_eq!(
            powershell_command("C:\\Users\\O\u{2019}Brien\\p.exe"),
            "& 'C:\\Users\\O\u{2019}\u{2019}Brien\\p.exe'"
        );
        // A leading dash would read as an operator or parameter.
        assert_eq!(powershell_command(r"-x\p.exe"), r"& '-x\p.exe'");
        assert_eq!(powershell_command(""), "& ''");
    }

    #[test]
    fn the_command_uses_this_platform_s_shell() {
        let command = hook_command(Path::new("/opt/My Hooks/policy"));
        if cfg!(windows) {
            assert_eq!(command, "& '/opt/My Hooks/policy'");
        } else {
            assert_eq!(command, "'/opt/My Hooks/policy'");
        }
    }

    #[test]
    fn the_home_directory_is_read_as_cursor_reads_it() {
        let env = |name: &str| match name {
            "HOME" => Some(OsString::from("/c/Users/me")),
            "USERPROFILE" => Some(OsString::from(r"C:\Users\me")),
            _ => None,
        };
        assert_eq!(home_dir(false, env), Some(PathBuf::from("/c/Users/me")));
        assert_eq!(home_dir(true, env), Some(PathBuf::from(r"C:\Users\me")));
        let only_home = |name: &str| (name == "HOME").then(|| OsString::from("/home/me"));
        assert_eq!(home_dir(true, only_home), None);
        let empty = |_: &str| Some(OsString::new());
        assert_eq!(home_dir(false, empty), None);
    }

    #[test]
    fn the_user_file_is_under_the_home_directory() {
        let home = std::env::var_os(if cfg!(windows) { "USERPROFILE" } else { "HOME" });
        match home.filter(|h| !h.is_empty()) {
            Some(home) => {
                let file = user_hooks_file().expect("the home variable is set");
                assert_eq!(file, Path::new(&home).join(".cursor").join("hooks.json"));
                assert!(file.is_absolute(), "{}", file.display());
            }
            None => assert_eq!(user_hooks_file(), None),
        }
    }

    #[cfg(windows)]
    #[test]
    fn windows_files_are_where_cursor_reads_them() {
        let user = user_hooks_file().expect("Windows sets USERPROFILE");
        assert!(user.ends_with(r".cursor\hooks.json"), "{}", user.display());
    }

    /// Cursor on Windows sends paths as `/c:/Users/...`; `native_path` makes them paths that
    /// Windows opens.
    #[cfg(windows)]
    #[test]
    fn payload_paths_of_the_windows_form_open_natively() {
        use std::path::{Component, Prefix};
        let native = Path::new(crate::cursor::native_path(
            "/c:/Users/me/project/src/main.rs",
        ));
        assert!(native.is_absolute(), "{}", native.display());
        match native.components().next() {
            Some(Component::Prefix(prefix)) => {
                assert_eq!(prefix.kind(), Prefix::Disk(b'C'))
            }
            other => panic!("expected a drive prefix, got {other:?}"),
        }
        assert!(native.ends_with(r"project\src\main.rs"));

        // A real file, named the way Cursor names it.
        let dir = std::env::temp_dir().join(format!("native-path-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("payload file.txt");
        std::fs::write(&file, "read through the Cursor form").unwrap();
        let cursor_form = format!("/{}", file.to_str().unwrap().replace('\\', "/"));
        assert!(cursor_form.starts_with('/') && cursor_form.as_bytes()[2] == b':');
        let read = std::fs::read_to_string(crate::cursor::native_path(&cursor_form));
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(read.unwrap(), "read through the Cursor form");
    }
}
