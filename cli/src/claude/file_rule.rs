//! A file tool's `if` rule as Claude Code matches it (host.json `observed_rules`, `if-rule`):
//! the rule's pattern is one gitignore line under its root, and a pattern without a `*`, or one
//! that starts with `*`, is also tried as a wildcard on the whole path.
//!
//! Claude Code's file tools (Read, Edit, Write, NotebookEdit) match an `if` rule with their
//! permission matcher; the names below follow it: `//x` is rooted at `/`, `~/x` at the home
//! folder, `/x` and `x` (or `./x`) at the session's folder, the gitignore line is matched
//! without regard to case against the path below its root and each folder on the way, and the
//! wildcard (`*` any text, `/**/` also one `/`) is matched with regard to case against the path
//! as the tool call gives it.

use std::path::Path;

/// Whether a file rule's `pattern` (what `Read(…)` holds) selects a call on `path`, for a
/// session in `cwd` of a user whose home folder is `home`.
pub(super) fn selects(pattern: &str, path: &str, cwd: Option<&str>, home: Option<&Path>) -> bool {
    below_root(pattern, path, cwd, home) || as_wildcard(pattern, path)
}

/// The gitignore line of `pattern` matched against `path` below the pattern's root.
fn below_root(pattern: &str, path: &str, cwd: Option<&str>, home: Option<&Path>) -> bool {
    let home = home.map(|h| h.display().to_string());
    let (line, root) = if pattern.starts_with("//") {
        (&pattern[1..], Some("/"))
    } else if pattern.starts_with("~/") {
        (&pattern[1..], home.as_deref())
    } else if pattern.starts_with('/') {
        (pattern, cwd)
    } else {
        (pattern.strip_prefix("./").unwrap_or(pattern), cwd)
    };
    let Some(root) = root else {
        return false;
    };
    let Some(relative) = relative_to(root, path) else {
        return false;
    };
    let Some(expression) = expression(&everything_below(&collapsed(line))) else {
        return false;
    };
    let Ok(regex) = regex::RegexBuilder::new(&expression)
        .case_insensitive(true)
        .build()
    else {
        // A line Claude Code cannot compile is dropped from an allow-style rule.
        return false;
    };
    // The path and each folder on the way to it (`a/`, `a/b/`): a matched folder holds it.
    let folders = relative.match_indices('/').map(|(at, _)| &relative[..=at]);
    std::iter::once(relative.as_str())
        .chain(folders)
        .any(|candidate| regex.is_match(candidate))
}

/// Repeated slashes as one.
fn collapsed(line: &str) -> String {
    let mut text = String::with_capacity(line.len());
    for c in line.chars() {
        if !(c == '/' && text.ends_with('/')) {
            text.push(c);
        }
    }
    text
}

/// `x/**` as the line `/x` (or `x/y` as it is): the folder and everything below it.
fn everything_below(line: &str) -> String {
    let Some(folder) = line.strip_suffix("/**") else {
        return line.to_owned();
    };
    if !folder.chars().any(|c| c != '/') {
        return "/**".to_owned();
    }
    if folder.contains('/') || folder.starts_with(['!', '#']) {
        folder.to_owned()
    } else {
        format!("/{folder}")
    }
}

/// `path` below `root`, both taken lexically (`.` and `..` resolved); `None` when it is the
/// root itself or lies outside it.
fn relative_to(root: &str, path: &str) -> Option<String> {
    let root = lexical(root);
    let path = lexical(path);
    let rest = path.strip_prefix(root.as_slice())?;
    (!rest.is_empty()).then(|| rest.join("/"))
}

fn lexical(path: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            part => parts.push(part),
        }
    }
    parts
}

/// A gitignore line as the regular expression Claude Code's matcher builds from it; `None`
/// for a line it does not add (blank, a comment, a trailing backslash), a negation (alone, it
/// matches nothing), or a character class holding `*`, `?` or `/` (not modelled).
fn expression(line: &str) -> Option<String> {
    let trimmed = line.trim_end();
    if trimmed.is_empty() || line.starts_with(['#', '!']) || trimmed.ends_with('\\') {
        return None;
    }
    let rooted = usize::from(trimmed.starts_with('/'));
    let any_depth = trimmed[rooted..].starts_with("**/");
    let lead = rooted + if any_depth { 3 } else { 0 };
    let inner_slash = line
        .char_indices()
        .any(|(at, c)| c == '/' && at + 1 < line.len());
    let mut regex = String::from(if any_depth {
        "^(?:.*/)?"
    } else if lead > 0 || inner_slash {
        "^"
    } else {
        "(?:^|/)"
    });
    let body: Vec<char> = trimmed[lead..].chars().collect();
    let mut at = 0;
    let mut class: Option<String> = None;
    let mut previous_slash = false;
    while at < body.len() {
        let c = body[at];
        let end = at + 1 == body.len();
        if let Some(members) = class.as_mut() {
            match c {
                ']' => {
                    regex.push('[');
                    regex.push_str(members);
                    regex.push(']');
                    class = None;
                }
                '*' | '?' | '/' => return None,
                '\\' if !end => {
                    members.push_str(&regex::escape(&body[at + 1].to_string()));
                    at += 1;
                }
                '-' => members.push('-'),
                c => members.push_str(&regex::escape(&c.to_string())),
            }
            at += 1;
            continue;
        }
        match c {
            '[' => class = Some(String::new()),
            '*' if end => regex.push_str(if previous_slash { "[^/]+" } else { "[^/]*" }),
            '*' => {
                // A run of stars before more text is one star.
                while body.get(at + 1) == Some(&'*') && at + 2 < body.len() {
                    at += 1;
                }
                regex.push_str("[^/]*");
            }
            '?' => regex.push_str("[^/]"),
            '/' if body.get(at + 1..at + 3) == Some(&['*', '*'])
                && body.get(at + 3).is_none_or(|c| *c == '/') =>
            {
                at += 3;
                regex.push_str(if at == body.len() {
                    "/.+"
                } else {
                    "(?:/[^/]+)*"
                });
                previous_slash = false;
                continue;
            }
            '/' => regex.push('/'),
            '\\' if !end => {
                regex.push_str(&regex::escape(&body[at + 1].to_string()));
                at += 1;
            }
            c => regex.push_str(&regex::escape(&c.to_string())),
        }
        previous_slash = c == '/';
        at += 1;
    }
    if class.is_some() {
        // An unclosed class matches nothing.
        return None;
    }
    regex.push_str(if trimmed.ends_with('/') {
        "$"
    } else {
        "(?:$|/$)"
    });
    Some(regex)
}

/// The pattern as a wildcard on the whole path, tried when it has no `*` or starts with one:
/// `*` any text (`/` too), `/**/` also a single `/`, `\*` a star, case kept.
fn as_wildcard(pattern: &str, path: &str) -> bool {
    let pattern = pattern.trim();
    // Claude Code tries it on a pattern led by `*` or holding none (not a `:*` prefix rule).
    let tried = pattern.starts_with('*') || !unescaped_star(pattern);
    if !tried || pattern.ends_with(":*") || pattern.contains('\0') {
        return false;
    }
    let mut regex = String::from("(?s)^");
    let mut chars = pattern.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if matches!(chars.peek(), Some('*' | '\\')) => {
                regex.push_str(&regex::escape(&chars.next().unwrap_or('\\').to_string()));
            }
            '*' => regex.push_str(".*"),
            c => regex.push_str(&regex::escape(&c.to_string())),
        }
    }
    // `/**/` (its `.*.*` between slashes) may also be one `/`.
    let regex = regex.replace("/.*.*/", "/(?:.*/)?") + "$";
    regex::Regex::new(&regex).is_ok_and(|r| r.is_match(path))
}

/// Whether `pattern` holds a `*` no backslash escapes.
fn unescaped_star(pattern: &str) -> bool {
    let mut escaped = false;
    for c in pattern.chars() {
        match c {
            '*' if !escaped => return true,
            '\\' => escaped = !escaped,
            _ => escaped = false,
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    const CWD: &str = "/tmp/c/project";
    const NOTES: &str = "/tmp/c/project/notes.txt";

    fn on_notes(pattern: &str) -> bool {
        selects(pattern, NOTES, Some(CWD), Some(Path::new("/tmp/c/home")))
    }

    /// Each as the real Claude Code 2.1.332 decided a Read of the session's `notes.txt` (the
    /// probes kept in tests/claude-code/differential-cases.jsonl).
    #[test]
    fn rules_select_as_claude_code_decided() {
        for pattern in [
            "/notes.txt",
            "/*.txt",
            "/*",
            "/n*",
            "/notes.*",
            "/**/notes.txt",
            "/**",
            "/**/*.txt",
            "/notes.TXT",
            "/tmp/c/project/notes.txt",
            "//tmp/c/project/notes.txt",
            "///tmp/c/project/*.txt",
            "//tmp/**",
            "*/notes.txt",
            "notes.*",
            "notes.txt",
            "./notes.txt",
            "*.txt",
            "**/*.txt",
            "*",
        ] {
            assert!(on_notes(pattern), "{pattern} selects");
        }
        for pattern in [
            "/other.txt",
            "~/notes.txt",
            "//notes.txt",
            "//tmp/*.txt",
            "/tmp/*.txt",
            "/tmp/**",
            "/tmp/c/project/*",
            "project/notes.txt",
            "/.claude/../notes.txt",
        ] {
            assert!(!on_notes(pattern), "{pattern} does not select");
        }
    }

    #[test]
    fn lines_become_claude_code_s_expressions() {
        assert_eq!(
            expression("a/**/b").as_deref(),
            Some("^a(?:/[^/]+)*/b(?:$|/$)")
        );
        assert_eq!(
            expression("*.txt").as_deref(),
            Some("(?:^|/)[^/]*\\.txt(?:$|/$)")
        );
        assert_eq!(expression("dir/*").as_deref(), Some("^dir/[^/]+(?:$|/$)"));
        assert_eq!(expression("/x/**").as_deref(), Some("^x/.+(?:$|/$)"));
        assert_eq!(
            expression("[a-c]x").as_deref(),
            Some("(?:^|/)[a-c]x(?:$|/$)")
        );
        assert_eq!(expression("#comment"), None);
        assert_eq!(expression("!negated"), None);
        assert_eq!(everything_below("src/**"), "/src");
        assert_eq!(everything_below("/**"), "/**");
    }

    #[test]
    fn the_wildcard_keeps_case_and_lets_a_double_star_folder_be_empty() {
        assert!(as_wildcard("*/**/notes.txt", "/notes.txt"));
        assert!(
            !as_wildcard("/tmp/**/notes.txt", "/tmp/notes.txt"),
            "a glob not led by `*`"
        );
        assert!(as_wildcard("*.txt", "/a/b.txt"));
        assert!(!as_wildcard("*.TXT", "/a/b.txt"));
        assert!(
            !as_wildcard("/a/*.txt", "/a/b.txt"),
            "a glob not led by `*`"
        );
        assert!(as_wildcard("/a/\\*", "/a/*"), "an escaped star is a star");
        assert!(!as_wildcard("/a/\\*", "/a/b"));
    }
}
