//! Reading `hooks.json` command lines the way the shell that runs them does.
//!
//! Cursor hands each entry's `command` to a shell, so `CURSOR_HOOKS_CAPTURE=$HOME/c.jsonl
//! '/opt/my hooks/policy' --strict` runs `/opt/my hooks/policy`. Tooling that asks "which
//! executable does this entry run?" (the `cursor-hooks` command's `doctor`, a hook binary's
//! `install` and `uninstall`) must read the line the same way; this module is the one place
//! that does.
//!
//! ```
//! use cursor_hooks::hooks_json::CommandLine;
//! use std::path::Path;
//!
//! let line = CommandLine::parse("CURSOR_HOOKS_CAPTURE=$HOME/c.jsonl '/opt/my hooks/policy' -v").unwrap();
//! assert_eq!(line.assignments, [("CURSOR_HOOKS_CAPTURE".to_owned(), "$HOME/c.jsonl".to_owned())]);
//! assert_eq!(line.program, "/opt/my hooks/policy");
//! assert_eq!(line.args, ["-v"]);
//!
//! let home = |name: &str| (name == "HOME").then(|| "/home/me".to_owned());
//! let hook = CommandLine::parse("~/bin/guard").unwrap();
//! assert_eq!(hook.program_path(Path::new("/project"), &home), Some("/home/me/bin/guard".into()));
//! ```
//!
//! Only what decides the program is understood: words, quotes, backslashes, leading
//! assignments, `env` wrappers, `~` and `$VAR`/`${VAR}`. A line with shell control syntax
//! (pipes, `;`, `&&`, redirections, subshells, command substitution) before its program has no
//! single program, and [`CommandLine::parse`] returns `None`; operators after the program end
//! the arguments.
//!
//! On Windows Cursor runs the command through PowerShell instead (`spec/windows.md`), where a
//! backslash is an ordinary character: [`CommandLine::parse_powershell`] reads that form, and
//! [`CommandLine::parse_for_platform`] picks the reading of the platform it runs on.

use std::path::{Path, PathBuf};

/// The byte string every hook binary carries at the start of its handler record
/// ([`crate::record`]), so tools can recognise one, and learn its handlers, by reading the file
/// instead of running an arbitrary program. The text alone proves nothing (any file can contain
/// it): only the record after it says what the binary handles, and nothing is ever run on the
/// strength of it.
///
/// ```
/// assert!(cursor_hooks::hooks_json::BINARY_MARKER.starts_with("cursor-hooks-binary-marker"));
/// ```
pub const BINARY_MARKER: &str = "cursor-hooks-binary-marker:v1";

/// The key names of a `hooks.json` file and of its entries, as Cursor reads them. The hook
/// binary's `install` writes entries with these names and `cursor-hooks doctor` reads them
/// with the same ones, so the writer and the reader cannot drift apart.
///
/// ```
/// use cursor_hooks::hooks_json::keys;
///
/// let entry = serde_json::json!({ "command": "/abs/guard", "failClosed": true });
/// assert_eq!(entry[keys::COMMAND], "/abs/guard");
/// assert!(entry.as_object().unwrap().keys().all(|key| keys::ENTRY.contains(&key.as_str())));
/// ```
pub mod keys {
    /// The file's format version: `"version": 1`.
    pub const VERSION: &str = "version";
    /// The file's object of event names, each with a list of entries.
    pub const HOOKS: &str = "hooks";
    /// An entry's command line, run through a shell.
    pub const COMMAND: &str = "command";
    /// An entry's kind: `"command"` (the default) or `"prompt"`.
    pub const TYPE: &str = "type";
    /// An entry's timeout, in seconds.
    pub const TIMEOUT: &str = "timeout";
    /// An entry's matcher, a JavaScript regular expression searched in the event's subject.
    pub const MATCHER: &str = "matcher";
    /// Whether Cursor blocks when the hook fails (crashes, times out, answers nothing).
    pub const FAIL_CLOSED: &str = "failClosed";
    /// On `stop` and `subagentStop`: how many automatic follow-ups Cursor allows (`null`: no
    /// limit).
    pub const LOOP_LIMIT: &str = "loop_limit";
    /// A prompt entry's prompt.
    pub const PROMPT: &str = "prompt";
    /// A prompt entry's model.
    pub const MODEL: &str = "model";
    /// Every key Cursor reads in an entry; another key is ignored.
    pub const ENTRY: &[&str] = &[
        COMMAND,
        TYPE,
        TIMEOUT,
        MATCHER,
        FAIL_CLOSED,
        LOOP_LIMIT,
        PROMPT,
        MODEL,
    ];
}

/// One `hooks.json` command split into shell words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandLine {
    /// Leading `NAME=value` assignments (and those given to an `env` wrapper), values still
    /// unexpanded.
    pub assignments: Vec<(String, String)>,
    /// The program word, quotes removed, `~` and variables still unexpanded.
    pub program: String,
    /// The arguments up to the first shell operator, quotes removed.
    pub args: Vec<String>,
    /// The program with quoted `$`, `~` and `\\` escaped, for [`CommandLine::expanded_program`].
    program_for_expansion: String,
}

/// A word as the shell reads it: the text with quotes removed, and whether any part was
/// quoted (a quoted `~` or `$` is literal, and a quoted `=` makes no assignment).
#[derive(Debug)]
struct Word {
    text: String,
    /// For each byte of `text`: whether it came from inside single quotes or a backslash
    /// escape, where `$` and `~` are not expanded.
    literal: Vec<bool>,
    /// Whether the word is a control operator (`|`, `;`, `&`, `(`, `<`, `>`...).
    operator: bool,
}

impl CommandLine {
    /// Splits `command` into assignments, program and arguments; `None` when it has no program
    /// or starts with shell syntax this reader does not follow.
    ///
    /// ```
    /// use cursor_hooks::hooks_json::CommandLine;
    ///
    /// let line = CommandLine::parse(r#"env -i A=1 "./hooks/my guard" "a b" c\ d"#).unwrap();
    /// assert_eq!(line.assignments, [("A".to_owned(), "1".to_owned())]);
    /// assert_eq!(line.program, "./hooks/my guard");
    /// assert_eq!(line.args, ["a b", "c d"]);
    /// assert!(CommandLine::parse("(cat; echo) >> log").is_none());
    /// assert!(CommandLine::parse("  ").is_none());
    /// ```
    pub fn parse(command: &str) -> Option<CommandLine> {
        let words = split_words(command)?;
        let mut words = words.into_iter().peekable();
        let mut assignments = Vec::new();
        let mut in_env = false;
        let program = loop {
            let word = words.next()?;
            if word.operator {
                return None;
            }
            if let Some(assignment) = assignment(&word) {
                assignments.push(assignment);
                continue;
            }
            if in_env && word.text.starts_with('-') {
                // `env -i`, `env -u NAME`: options of the wrapper, not the program.
                if word.text == "-u" {
                    words.next();
                }
                continue;
            }
            let is_env =
                word.text == "env" || word.text == "/usr/bin/env" || word.text == "/bin/env";
            if !in_env && is_env && !word.literal.iter().any(|&l| l) {
                in_env = true;
                continue;
            }
            break word;
        };
        let args = words
            .take_while(|word| !word.operator)
            .map(|word| word.text)
            .collect();
        Some(CommandLine {
            assignments,
            program_for_expansion: program.text_for_expansion(),
            program: program.text,
            args,
        })
    }

    /// Reads `command` as PowerShell, which runs hooks on Windows, does: a bare program path
    /// (`C:\hooks\guard.exe --strict`) or the call operator on a quoted one
    /// (`& 'C:\Program Files\guard.exe'`, `''` standing for one quote; or `& "..."`). A quoted
    /// path alone is a string to PowerShell, not a command, and gives `None`, as do statement
    /// separators and pipes before the program. Variables (`$env:NAME`) are not expanded: the
    /// program is taken literally.
    ///
    /// ```
    /// use cursor_hooks::hooks_json::CommandLine;
    ///
    /// let line = CommandLine::parse_powershell(r"& 'C:\Program Files\it''s\hook.exe' -v").unwrap();
    /// assert_eq!(line.program, r"C:\Program Files\it's\hook.exe");
    /// assert_eq!(line.args, ["-v"]);
    /// assert_eq!(CommandLine::parse_powershell(r"C:\hooks\guard.exe").unwrap().program, r"C:\hooks\guard.exe");
    /// assert!(CommandLine::parse_powershell(r"'C:\hooks\guard.exe'").is_none());
    /// ```
    pub fn parse_powershell(command: &str) -> Option<CommandLine> {
        let command = command.trim();
        let (program, rest) = match command.strip_prefix('&') {
            Some(call) => powershell_word(call.trim_start())?,
            None if command.starts_with(['\'', '"']) => return None,
            None => powershell_word(command)?,
        };
        let mut args = Vec::new();
        let mut rest = rest.trim_start();
        while !rest.is_empty() && !rest.starts_with([';', '|']) {
            let (arg, after) = powershell_word(rest)?;
            args.push(arg);
            rest = after.trim_start();
        }
        Some(CommandLine {
            assignments: Vec::new(),
            // Nothing in PowerShell's program is expanded here.
            program_for_expansion: Word::literal(&program).text_for_expansion(),
            program,
            args,
        })
    }

    /// Reads `command` as the shell Cursor runs hooks through on this platform does: PowerShell
    /// on Windows ([`CommandLine::parse_powershell`]), `sh` elsewhere ([`CommandLine::parse`]).
    ///
    /// ```
    /// use cursor_hooks::hooks_json::CommandLine;
    ///
    /// let line = CommandLine::parse_for_platform("hooks/guard --strict").unwrap();
    /// assert_eq!(line.program, "hooks/guard");
    /// ```
    pub fn parse_for_platform(command: &str) -> Option<CommandLine> {
        if cfg!(windows) {
            CommandLine::parse_powershell(command)
        } else {
            CommandLine::parse(command)
        }
    }

    /// The program with `~`, `$NAME` and `${NAME}` expanded through `lookup` (variables the
    /// line's own assignments set win). `None` when a variable it uses is unset.
    ///
    /// ```
    /// use cursor_hooks::hooks_json::CommandLine;
    ///
    /// let lookup = |name: &str| (name == "CURSOR_PLUGIN_ROOT").then(|| "/plugins/p".to_owned());
    /// let line = CommandLine::parse("${CURSOR_PLUGIN_ROOT}/hooks/run.sh").unwrap();
    /// assert_eq!(line.expanded_program(&lookup).as_deref(), Some("/plugins/p/hooks/run.sh"));
    /// assert_eq!(CommandLine::parse("$NOPE/x").unwrap().expanded_program(&lookup), None);
    /// ```
    pub fn expanded_program(&self, lookup: &dyn Fn(&str) -> Option<String>) -> Option<String> {
        let own = |name: &str| {
            self.assignments
                .iter()
                .rev()
                .find(|(n, _)| n == name)
                .and_then(|(_, value)| expand(value, lookup))
                .or_else(|| lookup(name))
        };
        expand(&self.program_for_expansion, &own)
    }

    /// The file the program names: expanded, and a relative path taken from `cwd` (the
    /// directory Cursor starts the hook in). `None` for a bare name, which the shell looks up
    /// in `PATH`, or when a variable is unset.
    ///
    /// ```
    /// use cursor_hooks::hooks_json::CommandLine;
    /// use std::path::{Path, PathBuf};
    ///
    /// let none = |_: &str| None;
    /// let line = CommandLine::parse("A=1 .cursor/hooks/a.sh").unwrap();
    /// assert_eq!(line.program_path(Path::new("/p"), &none), Some(PathBuf::from("/p/.cursor/hooks/a.sh")));
    /// assert_eq!(CommandLine::parse("python3 x.py").unwrap().program_path(Path::new("/p"), &none), None);
    /// ```
    pub fn program_path(
        &self,
        cwd: &Path,
        lookup: &dyn Fn(&str) -> Option<String>,
    ) -> Option<PathBuf> {
        let program = self.expanded_program(lookup)?;
        if !program.contains('/') && !program.contains('\\') {
            return None;
        }
        Some(cwd.join(program))
    }
}

impl Word {
    /// A word started by a quote, so that `''` and `""` are words even when empty.
    fn empty() -> Word {
        Word {
            text: String::new(),
            literal: Vec::new(),
            operator: false,
        }
    }

    /// A word taken as it is: no `~`, `$` or `\\` in it is expanded.
    fn literal(text: &str) -> Word {
        Word {
            text: text.to_owned(),
            literal: vec![true; text.len()],
            operator: false,
        }
    }

    /// The word with the `~`, `$` and `\\` that came from quotes escaped by a backslash, so
    /// that [`expand`] leaves them alone.
    fn text_for_expansion(&self) -> String {
        let mut out = String::new();
        for (at, c) in self.text.char_indices() {
            if self.literal[at] && (c == '$' || c == '~' || c == '\\') {
                out.push('\\');
            }
            out.push(c);
        }
        out
    }
}

/// One PowerShell word at the start of `text` and the text after it: a single-quoted string
/// (`''` is one quote), a double-quoted one (a backtick escapes the next character), or bare
/// text up to whitespace, `;` or `|`. `None` on an unterminated quote or an empty word.
fn powershell_word(text: &str) -> Option<(String, &str)> {
    let mut chars = text.char_indices().peekable();
    let mut word = String::new();
    match chars.peek()?.1 {
        quote @ ('\'' | '"') => {
            chars.next();
            while let Some((at, c)) = chars.next() {
                match c {
                    c if c == quote && quote == '\'' && chars.peek().map(|p| p.1) == Some('\'') => {
                        chars.next();
                        word.push('\'');
                    }
                    c if c == quote => return Some((word, &text[at + 1..])),
                    '`' if quote == '"' => word.push(chars.next()?.1),
                    c => word.push(c),
                }
            }
            None
        }
        _ => {
            for (at, c) in chars {
                if c.is_whitespace() || c == ';' || c == '|' {
                    return (!word.is_empty()).then(|| (word, &text[at..]));
                }
                word.push(c);
            }
            (!word.is_empty()).then_some((word, ""))
        }
    }
}

/// `NAME=value` when the word is an assignment (an unquoted valid name before the `=`).
fn assignment(word: &Word) -> Option<(String, String)> {
    let eq = word.text.find('=')?;
    let name = &word.text[..eq];
    let valid = !name.is_empty()
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !word.literal[..=eq].iter().any(|&l| l);
    valid.then(|| (name.to_owned(), word.text[eq + 1..].to_owned()))
}

/// Splits a command line into words; `None` on unbalanced quotes.
fn split_words(command: &str) -> Option<Vec<Word>> {
    let mut words = Vec::new();
    let mut chars = command.chars().peekable();
    let mut current: Option<Word> = None;
    let push = |word: &mut Option<Word>, c: char, literal: bool| {
        let word = word.get_or_insert_with(|| Word {
            text: String::new(),
            literal: Vec::new(),
            operator: false,
        });
        word.text.push(c);
        word.literal
            .extend(std::iter::repeat_n(literal, c.len_utf8()));
    };
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' | '\n' => words.extend(current.take()),
            '\\' => push(&mut current, chars.next().unwrap_or('\\'), true),
            '\'' => {
                // Mark the word as started even when the quotes are empty.
                current.get_or_insert_with(Word::empty);
                loop {
                    match chars.next()? {
                        '\'' => break,
                        c => push(&mut current, c, true),
                    }
                }
            }
            '"' => {
                current.get_or_insert_with(Word::empty);
                loop {
                    match chars.next()? {
                        '"' => break,
                        '\\' if matches!(chars.peek(), Some('"' | '\\' | '$' | '`')) => {
                            let escaped = chars.next()?;
                            push(&mut current, escaped, true);
                        }
                        // A quoted `~` is literal; a quoted `$` still expands.
                        '~' => push(&mut current, '~', true),
                        c => push(&mut current, c, false),
                    }
                }
            }
            '|' | ';' | '&' | '(' | ')' | '<' | '>' | '`' => {
                words.extend(current.take());
                words.push(Word {
                    text: c.to_string(),
                    literal: vec![false; c.len_utf8()],
                    operator: true,
                });
            }
            '$' if chars.peek() == Some(&'(') => {
                words.extend(current.take());
                words.push(Word {
                    text: "$(".to_owned(),
                    literal: vec![false; 2],
                    operator: true,
                });
            }
            c => push(&mut current, c, false),
        }
    }
    words.extend(current);
    Some(words)
}

/// Expands a leading `~` (or `~/`) and `$NAME`/`${NAME}`; a backslash makes the next
/// character literal. `None` when a variable is unset.
fn expand(text: &str, lookup: &dyn Fn(&str) -> Option<String>) -> Option<String> {
    let mut out = String::new();
    let mut rest = text;
    if rest == "~" || rest.starts_with("~/") {
        out.push_str(&lookup("HOME")?);
        rest = &rest[1..];
    }
    let mut chars = rest.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.extend(chars.next()),
            '$' => {
                let braced = chars.peek() == Some(&'{');
                if braced {
                    chars.next();
                }
                let mut name = String::new();
                while let Some(&c) = chars.peek() {
                    if c.is_ascii_alphanumeric() || c == '_' {
                        name.push(c);
                        chars.next();
                    } else {
                        break;
                    }
                }
                if braced && chars.next() != Some('}') {
                    return None;
                }
                if name.is_empty() {
                    out.push('$');
                } else {
                    out.push_str(&lookup(&name)?);
                }
            }
            c => out.push(c),
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(name: &str) -> Option<String> {
        match name {
            "HOME" => Some("/home/me".to_owned()),
            "CURSOR_PLUGIN_ROOT" => Some("/plug".to_owned()),
            _ => None,
        }
    }

    fn program(command: &str) -> Option<PathBuf> {
        CommandLine::parse(command)?.program_path(Path::new("/proj"), &env)
    }

    #[test]
    fn the_capture_wiring_runs_the_binary_not_the_assignment() {
        assert_eq!(
            program("CURSOR_HOOKS_CAPTURE=$HOME/.cursor/hook-captures.jsonl /abs/target/release/my-hooks"),
            Some(PathBuf::from("/abs/target/release/my-hooks"))
        );
    }

    #[test]
    fn home_forms_expand() {
        for command in ["~/bin/h", "$HOME/bin/h", "${HOME}/bin/h", "\"$HOME/bin/h\""] {
            assert_eq!(
                program(command),
                Some(PathBuf::from("/home/me/bin/h")),
                "{command}"
            );
        }
        // Quoted, `~` is literal: the shell looks for a directory named `~`.
        assert_eq!(program("'~/bin/h'"), Some(PathBuf::from("/proj/~/bin/h")));
        assert_eq!(program("'$HOME/h'"), Some(PathBuf::from("/proj/$HOME/h")));
    }

    #[test]
    fn plugin_root_and_relative_paths() {
        assert_eq!(
            program("${CURSOR_PLUGIN_ROOT}/hooks/a.sh --x"),
            Some(PathBuf::from("/plug/hooks/a.sh"))
        );
        assert_eq!(
            program(".cursor/hooks/hook.sh project"),
            Some(PathBuf::from("/proj/.cursor/hooks/hook.sh"))
        );
    }

    #[test]
    fn assignments_quoting_and_env_wrappers() {
        let line = CommandLine::parse("A='x y' B=\"$HOME\" env -u C D=1 /bin/h 'a b' | tee log")
            .expect("parses");
        assert_eq!(
            line.assignments,
            [
                ("A".to_owned(), "x y".to_owned()),
                ("B".to_owned(), "$HOME".to_owned()),
                ("D".to_owned(), "1".to_owned())
            ]
        );
        assert_eq!(line.program, "/bin/h");
        assert_eq!(line.args, ["a b"]);
        let wrapped = CommandLine::parse("/usr/bin/env A=1 ./h").expect("parses");
        assert_eq!(
            (wrapped.assignments.len(), wrapped.program.as_str()),
            (1, "./h")
        );
        // A quoted `=` makes a program word, not an assignment.
        assert_eq!(CommandLine::parse("'A=1' x").unwrap().program, "A=1");
    }

    #[test]
    fn an_assignment_can_set_the_variable_the_program_uses() {
        assert_eq!(program("DIR=/opt $DIR/h"), Some(PathBuf::from("/opt/h")));
    }

    #[test]
    fn what_has_no_single_program() {
        assert_eq!(CommandLine::parse(""), None);
        assert_eq!(CommandLine::parse("A=1"), None);
        assert_eq!(CommandLine::parse("'unclosed"), None);
        assert_eq!(CommandLine::parse("$(which h)"), None);
        assert_eq!(program("$UNSET/h"), None);
        assert_eq!(program("bash -c x"), None);
    }

    fn powershell_program(command: &str) -> Option<PathBuf> {
        CommandLine::parse_powershell(command)?.program_path(Path::new("/proj"), &env)
    }

    #[test]
    fn powershell_reads_backslashes_as_characters() {
        let line = CommandLine::parse_powershell(r"C:\Users\me\hooks\guard.exe --strict x")
            .expect("parses");
        assert_eq!(line.program, r"C:\Users\me\hooks\guard.exe");
        assert_eq!(line.args, ["--strict", "x"]);
        assert!(line.assignments.is_empty());
        // sh would read the same line as `C:Usersmehooksguard.exe`.
        assert_eq!(
            CommandLine::parse(r"C:\Users\me\hooks\guard.exe")
                .unwrap()
                .program,
            "C:Usersmehooksguard.exe"
        );
    }

    #[test]
    fn powershell_call_operator_on_quoted_paths() {
        assert_eq!(
            CommandLine::parse_powershell(r"& 'C:\Program Files\it''s\hook.exe'")
                .unwrap()
                .program,
            r"C:\Program Files\it's\hook.exe"
        );
        let line = CommandLine::parse_powershell(r#"&"C:\a `"b`"\h.exe" 'x y';exit"#).unwrap();
        assert_eq!(line.program, r#"C:\a "b"\h.exe"#);
        assert_eq!(line.args, ["x y"]);
    }

    #[test]
    fn powershell_takes_the_program_literally() {
        assert_eq!(
            powershell_program(r"$env:USERPROFILE\h.exe"),
            Some(PathBuf::from(r"/proj/$env:USERPROFILE\h.exe"))
        );
        assert_eq!(powershell_program("~/h"), Some(PathBuf::from("/proj/~/h")));
        assert_eq!(
            powershell_program("guard.exe"),
            None,
            "a bare name is looked up in PATH"
        );
    }

    #[test]
    fn what_powershell_does_not_run_as_a_program() {
        assert_eq!(CommandLine::parse_powershell(""), None);
        assert_eq!(CommandLine::parse_powershell("& "), None);
        assert_eq!(
            CommandLine::parse_powershell(r"'C:\h.exe'"),
            None,
            "a string"
        );
        assert_eq!(
            CommandLine::parse_powershell(r#""C:\h.exe""#),
            None,
            "a string"
        );
        assert_eq!(CommandLine::parse_powershell("& 'unterminated"), None);
        assert_eq!(
            CommandLine::parse_powershell("/usr/bin/hook")
                .unwrap()
                .program,
            "/usr/bin/hook"
        );
    }
}
