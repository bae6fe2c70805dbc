//! `install --portable`: commands that name the binary relative to the project, so that
//! `.cursor/hooks.json` and `.claude/settings.json` work from any clone and can be committed
//! (the facts, with their sources, are in spec/cursor/host.json `config_sources` `project` and
//! spec/claude-code/host.json `execution`):
//!
//! - Cursor starts a project hook with the workspace root as its working directory, through
//!   `$SHELL -lc` (@cursor/sdk 1.0.32), so the command is the path from the project:
//!   `./target/release/my-hooks`.
//! - Claude Code starts a hook in the session's working directory, which may be below the
//!   project, and sets `CLAUDE_PROJECT_DIR` to the project in its environment (2.1.332), so the
//!   command is `"$CLAUDE_PROJECT_DIR"/target/release/my-hooks`. Cursor sets the same variable
//!   for the Claude Code hooks it imports. On Windows (PowerShell) the variable is
//!   `$env:CLAUDE_PROJECT_DIR`: Claude Code warns that a bare `$CLAUDE_PROJECT_DIR` is an
//!   undefined PowerShell variable there.
//!
//! Both need the binary inside the project: a path outside it is not in the clone.

use std::path::{Component, Path, PathBuf};

/// `binary`'s path from `project`, both with links resolved; an error naming the fix when the
/// binary is not inside the project.
fn inside(binary: &Path, project: &Path) -> Result<PathBuf, String> {
    let resolve = |path: &Path| std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let (binary_real, project_real) = (resolve(binary), resolve(project));
    let relative = binary_real.strip_prefix(&project_real).map_err(|_| {
        format!(
            "--portable: this binary ({}) is not inside the project ({}), so a clone would not have it; copy or build it into the project (e.g. `cargo build --release` there) and run `install --portable` with that copy",
            binary.display(),
            project.display()
        )
    })?;
    if relative
        .components()
        .any(|part| !matches!(part, Component::Normal(_)))
    {
        return Err(format!(
            "--portable: cannot name {} from the project",
            binary.display()
        ));
    }
    relative
        .to_str()
        .ok_or("--portable: the binary's path in the project is not UTF-8")?;
    Ok(relative.to_path_buf())
}

/// The `hooks.json` command that runs `binary` from the project folder Cursor starts project
/// hooks in: `./path/in/project` (`.\path\in\project.exe` on Windows).
pub(super) fn cursor_command(binary: &Path, project: &Path) -> Result<String, String> {
    let relative = inside(binary, project)?;
    Ok(crate::launch::hook_command(&Path::new(".").join(relative)))
}

/// The Claude Code settings command that runs `binary` through `CLAUDE_PROJECT_DIR`.
pub(super) fn claude_command(binary: &Path, project: &Path) -> Result<String, String> {
    let relative = inside(binary, project)?;
    Ok(claude_form(&relative, cfg!(windows)))
}

/// The command naming `relative` under `CLAUDE_PROJECT_DIR`, for `sh` or PowerShell.
fn claude_form(relative: &Path, windows: bool) -> String {
    let parts: Vec<String> = relative
        .components()
        .map(|part| part.as_os_str().to_string_lossy().into_owned())
        .collect();
    if windows {
        // Inside PowerShell's double quotes a backtick escapes `` ` ``, `"` and `$`.
        let mut path = String::from("$env:CLAUDE_PROJECT_DIR");
        for part in &parts {
            path.push('\\');
            for c in part.chars() {
                if matches!(c, '`' | '"' | '$') {
                    path.push('`');
                }
                path.push(c);
            }
        }
        format!("& \"{path}\"")
    } else {
        let rest = crate::launch::hook_command(Path::new(&parts.join("/")));
        format!("\"$CLAUDE_PROJECT_DIR\"/{rest}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn claude_commands_name_the_binary_under_the_project_variable() {
        let plain = Path::new("target/release/my-hooks");
        let spaced = Path::new("my tools/it's/hook");
        if !cfg!(windows) {
            assert_eq!(
                claude_form(plain, false),
                "\"$CLAUDE_PROJECT_DIR\"/target/release/my-hooks"
            );
            assert_eq!(
                claude_form(spaced, false),
                r#""$CLAUDE_PROJECT_DIR"/'my tools/it'\''s/hook'"#
            );
        }
        assert_eq!(
            claude_form(plain, true),
            r#"& "$env:CLAUDE_PROJECT_DIR\target\release\my-hooks""#
        );
        assert_eq!(
            claude_form(Path::new("a$b/c`d"), true),
            r#"& "$env:CLAUDE_PROJECT_DIR\a`$b\c``d""#
        );
    }

    #[test]
    fn a_binary_outside_the_project_is_refused_with_the_fix() {
        let root = std::env::temp_dir().join(format!("portable-unit-{}", std::process::id()));
        let (project, outside) = (root.join("project"), root.join("elsewhere"));
        std::fs::create_dir_all(project.join("bin")).unwrap();
        std::fs::create_dir_all(&outside).unwrap();
        std::fs::write(project.join("bin/hook"), "").unwrap();
        std::fs::write(outside.join("hook"), "").unwrap();
        assert_eq!(
            inside(&project.join("bin/hook"), &project).unwrap(),
            Path::new("bin/hook")
        );
        let refused = inside(&outside.join("hook"), &project).unwrap_err();
        assert!(refused.contains("not inside the project"), "{refused}");
        assert!(
            refused.contains("copy or build it into the project"),
            "{refused}"
        );
        assert!(!refused.contains('\n'), "one line: {refused}");
        std::fs::remove_dir_all(&root).unwrap();
    }
}
