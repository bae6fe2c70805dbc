//! Where a macro call sits in its source file, for the two mistakes no expansion can catch by
//! itself: `#[cursor_hook]` on an associated function (the companion it writes is not allowed
//! in an `impl`, and rustc would name it) and `main!` inside a function (its `fn main` would be a
//! nested item nobody calls, so the binary would compile and answer nothing).
//!
//! A macro cannot ask rustc what surrounds it, so this reads the file the call is in and counts
//! the braces before it, skipping comments and literals. Where the file cannot be read (a
//! span made by another macro, an IDE that gives no file), the answer is `None` and the macro
//! checks nothing more.

use proc_macro2::Span;

/// What a `{ ... }` around the call belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scope {
    /// A function's body (or a block inside one).
    Fn,
    /// An `impl` or a `trait`.
    Impl,
    /// Anything else: a module, a `const` block, a struct literal.
    Other,
}

/// The scopes around `span`'s start, outermost first.
pub(crate) fn scopes_around(span: Span) -> Option<Vec<Scope>> {
    let (source, offset, _) = source_at(span)?;
    Some(scopes_before(&source[..offset]))
}

/// The 1-based lines of the calls of the macro `name` (`name!`, by any path) before `span` in
/// its file, outside comments and literals: a second `main!` is told where the first is. A call
/// under a `#[cfg(...)]` is left out: which of two calls under opposite `cfg`s is compiled only
/// the compiler knows, and one it leaves out is never expanded.
pub(crate) fn earlier_calls(span: Span, name: &str) -> Option<Vec<usize>> {
    let (source, offset, _) = source_at(span)?;
    let code = code_only(&source[..offset]);
    let mut lines = Vec::new();
    for (at, _) in code.match_indices(name) {
        let before = code[..at].chars().next_back();
        let after = code[at + name.len()..].trim_start();
        let word_start = !before.is_some_and(|c| c.is_alphanumeric() || c == '_');
        if word_start
            && after.starts_with('!')
            && !after.starts_with("!=")
            && !under_cfg(&code[..at])
        {
            lines.push(code[..at].matches('\n').count() + 1);
        }
    }
    Some(lines)
}

/// Whether the macro call whose name ends `code` (`cursor_hooks::` and all) has a `#[cfg(...)]`
/// among the attributes written right before it.
fn under_cfg(code: &str) -> bool {
    let path_start = code
        .trim_end_matches(|c: char| c.is_alphanumeric() || c == '_' || c == ':')
        .trim_end();
    let mut rest = path_start;
    while let Some(inside) = rest.strip_suffix(']') {
        // The `[` that opens this attribute, counting the brackets inside it.
        let mut depth = 1;
        let Some(open) = inside.char_indices().rev().find_map(|(i, c)| {
            match c {
                ']' => depth += 1,
                '[' => depth -= 1,
                _ => {}
            }
            (depth == 0).then_some(i)
        }) else {
            return false;
        };
        let Some(before) = inside[..open].trim_end().strip_suffix('#') else {
            return false;
        };
        let attribute = inside[open + 1..].trim_start();
        if attribute.starts_with("cfg") && !attribute.starts_with("cfg_attr") {
            return true;
        }
        rest = before.trim_end();
    }
    false
}

/// The file `span` is in, the byte offset of its tokens there and their text; `None` outside a
/// compiler run, or where the file does not hold them there (a span a macro made points
/// elsewhere).
fn source_at(span: Span) -> Option<(String, usize, String)> {
    if !proc_macro::is_available() {
        return None;
    }
    let span = span.unwrap();
    let source = std::fs::read_to_string(span.local_file()?).ok()?;
    let offset = byte_offset(&source, span.line(), span.column())?;
    let text = span.source_text()?;
    source[offset..]
        .starts_with(&text)
        .then_some((source, offset, text))
}

/// What the block around `span` declares beside it: each `mod NAME` and `fn NAME` at the same
/// brace level, in the same block, and each name a `use` there brings in (`use std::env;`,
/// `use a::{b as c};`), as `(keyword, name)`. Used where two items share a name in different
/// namespaces (a handler `fn audit` beside a `mod audit`, or beside an imported module `env`)
/// and where `main!` names a module.
pub(crate) fn siblings(span: Span) -> Option<Vec<(String, String)>> {
    let (source, offset, _) = source_at(span)?;
    let code = code_only(&source);
    let mut stack: Vec<usize> = Vec::new();
    let mut here: Option<Vec<usize>> = None;
    let mut found: Vec<(Vec<usize>, String, String)> = Vec::new();
    let mut words: Vec<(usize, &str)> = Vec::new();
    let mut i = 0;
    let bytes = code.as_bytes();
    while i < bytes.len() {
        if i == offset {
            here = Some(stack.clone());
        }
        let c = bytes[i];
        if c == b'{' {
            stack.push(i);
        } else if c == b'}' {
            stack.pop();
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            let word = &code[start..i];
            if let Some(&(_, keyword)) = words.last() {
                if keyword == "mod" || keyword == "fn" {
                    found.push((stack.clone(), keyword.to_owned(), word.to_owned()));
                }
            }
            if word == "use" {
                let tree = code[i..].split(';').next().unwrap_or_default();
                for name in imported_names(tree) {
                    found.push((stack.clone(), "use".to_owned(), name.to_owned()));
                }
            }
            words.push((start, word));
            if (start..i).contains(&offset) {
                here = Some(stack.clone());
            }
            continue;
        }
        if !c.is_ascii_whitespace() {
            words.push((i, ""));
        }
        i += 1;
    }
    let here = here?;
    Some(
        found
            .into_iter()
            .filter(|(scope, _, _)| *scope == here)
            .map(|(_, keyword, name)| (keyword, name))
            .collect(),
    )
}

/// The names a `use` tree (the text after `use`, up to its `;`) brings in: each leaf's last
/// segment, or its `as` name; none for a glob or `_`.
fn imported_names(tree: &str) -> Vec<&str> {
    tree.split([',', '{', '}'])
        .filter_map(|leaf| {
            let leaf = leaf.trim();
            let name = match leaf.split_once(" as ") {
                Some((_, alias)) => alias.trim(),
                None => leaf.rsplit("::").next().unwrap_or_default().trim(),
            };
            let identifier = !name.is_empty()
                && name != "_"
                && name != "self"
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            identifier.then_some(name)
        })
        .collect()
}

/// Whether the word at `span` appears nowhere else in its file's code and no `use` of the file
/// is a glob: then nothing in the file defines or imports it (`main!(guard)` naming a handler
/// of the library). `None` where the file cannot be read.
pub(crate) fn named_only_here(span: Span) -> Option<bool> {
    let (source, _, _) = source_at(span)?;
    let code = code_only(&source);
    let is_word_byte = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mentions = mentions(span)?;
    let glob_import = code.match_indices("use").any(|(at, _)| {
        let before = code.as_bytes()[..at].last().copied();
        let after = code.as_bytes().get(at + 3).copied();
        !before.is_some_and(is_word_byte)
            && !after.is_some_and(is_word_byte)
            && code[at..]
                .split(';')
                .next()
                .is_some_and(|item| item.contains('*'))
    });
    Some(mentions == 1 && !glob_import)
}

/// How many times the word at `span` appears in its file's code (comments and literals left
/// out), itself included. `None` where the file cannot be read.
pub(crate) fn mentions(span: Span) -> Option<usize> {
    let (source, _, name) = source_at(span)?;
    let code = code_only(&source);
    let is_word_byte = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    Some(
        code.match_indices(name.as_str())
            .filter(|(at, _)| {
                let before = code.as_bytes()[..*at].last().copied();
                let after = code.as_bytes().get(at + name.len()).copied();
                !before.is_some_and(is_word_byte) && !after.is_some_and(is_word_byte)
            })
            .count(),
    )
}

/// Whether the block around `span` declares a `mod name` beside it.
pub(crate) fn has_sibling(span: Span, keyword: &str, name: &str) -> bool {
    siblings(span).is_some_and(|items| items.iter().any(|(k, n)| k == keyword && n == name))
}

/// `code` with its comments and string and character literals blanked out (newlines kept, and
/// every byte offset).
fn code_only(code: &str) -> String {
    let chars: Vec<char> = code.chars().collect();
    let mut out = String::with_capacity(code.len());
    // Byte for byte, so that offsets into `code` hold in the result.
    let blank = |out: &mut String, c: char| {
        if c == '\n' {
            out.push('\n');
        } else {
            out.extend(std::iter::repeat_n(' ', c.len_utf8()));
        }
    };
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        let start = i;
        match c {
            '/' if next == Some('/') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '/' if next == Some('*') => {
                let mut depth = 0;
                while i < chars.len() {
                    if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                        depth += 1;
                        i += 2;
                    } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        i += 1;
                    }
                }
            }
            '"' => {
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    i += if chars[i] == '\\' { 2 } else { 1 };
                }
                i += 1;
            }
            '\'' if next == Some('\\') || chars.get(i + 2) == Some(&'\'') => {
                // A char literal; a lifetime (`'a`) has no closing quote and is kept.
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            }
            _ => {
                out.push(c);
                i += 1;
                continue;
            }
        }
        for &skipped in &chars[start..i.min(chars.len())] {
            blank(&mut out, skipped);
        }
    }
    out
}

/// The byte offset of a 1-based line and 1-based column (in characters).
fn byte_offset(source: &str, line: usize, column: usize) -> Option<usize> {
    let line_start = if line <= 1 {
        0
    } else {
        source.match_indices('\n').nth(line - 2)?.0 + 1
    };
    let rest = &source[line_start..];
    let in_line = match rest.char_indices().nth(column.checked_sub(1)?) {
        Some((index, _)) => index,
        None => rest.len(),
    };
    Some(line_start + in_line)
}

/// The braces still open at the end of `code`, outermost first, each classified by the
/// keywords between it and the statement before it (`fn` before `impl`: `fn f() -> impl T {`).
fn scopes_before(code: &str) -> Vec<Scope> {
    let chars: Vec<char> = code.chars().collect();
    let mut scopes = Vec::new();
    let mut head: Vec<String> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        match c {
            '/' if next == Some('/') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '/' if next == Some('*') => {
                let mut depth = 0;
                while i < chars.len() {
                    if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                        depth += 1;
                        i += 2;
                    } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        i += 1;
                    }
                }
                continue;
            }
            '"' => {
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    i += if chars[i] == '\\' { 2 } else { 1 };
                }
            }
            '\'' => {
                // A char literal ('x', '\n', '{') or a lifetime ('a).
                if next == Some('\\') {
                    // Past the backslash and the escaped character (`'\''`, `'\u{7b}'`).
                    i += 3;
                    while i < chars.len() && chars[i] != '\'' {
                        i += 1;
                    }
                } else if chars.get(i + 2) == Some(&'\'') {
                    i += 2;
                }
            }
            '{' => {
                scopes.push(classify(&head));
                head.clear();
            }
            '}' => {
                scopes.pop();
                head.clear();
            }
            ';' => head.clear(),
            c if c.is_alphabetic() || c == '_' => {
                let start = i;
                while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                    i += 1;
                }
                let word: String = chars[start..i].iter().collect();
                let raw_prefix = matches!(word.as_str(), "r" | "br" | "cr");
                if raw_prefix && matches!(chars.get(i), Some('"' | '#')) {
                    let hashes = chars[i..].iter().take_while(|c| **c == '#').count();
                    if chars.get(i + hashes) == Some(&'"') {
                        // A raw string: skip to `"` followed by as many `#`.
                        i += hashes + 1;
                        while i < chars.len() {
                            if chars[i] == '"'
                                && chars[i + 1..]
                                    .iter()
                                    .take(hashes)
                                    .filter(|c| **c == '#')
                                    .count()
                                    == hashes
                            {
                                i += hashes;
                                break;
                            }
                            i += 1;
                        }
                    } else if word == "r" && hashes == 1 {
                        // A raw identifier (`r#fn`): never a keyword.
                        i += 1;
                        while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                            i += 1;
                        }
                        head.push(String::new());
                        continue;
                    }
                }
                head.push(word);
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    scopes
}

fn classify(head: &[String]) -> Scope {
    for word in head {
        match word.as_str() {
            "fn" => return Scope::Fn,
            "impl" | "trait" => return Scope::Impl,
            "mod" | "struct" | "enum" | "union" | "match" | "if" | "while" | "for" | "loop" => {
                return Scope::Other
            }
            _ => {}
        }
    }
    Scope::Other
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_call_under_cfg_is_told_by_its_attributes() {
        assert!(under_cfg("#[cfg(debug_assertions)]\ncursor_hooks::"));
        assert!(under_cfg(
            "#[cfg(not(any(a, b)))] #[allow(unused)] cursor_hooks::"
        ));
        assert!(!under_cfg("fn x() {}\ncursor_hooks::"));
        assert!(!under_cfg("#[cfg_attr(x, allow(unused))] "));
        assert!(!under_cfg("let v = a[0]; "));
    }

    #[test]
    fn a_use_tree_names_its_leaves() {
        assert_eq!(imported_names(" std::env"), ["env"]);
        assert_eq!(
            imported_names(" a::{b, c::d as e, f::*, _g as _}"),
            ["b", "e"]
        );
        assert_eq!(
            imported_names(" cursor_hooks::prelude::*"),
            Vec::<&str>::new()
        );
        assert_eq!(imported_names(" std::io::{self, Write}"), ["Write"]);
    }

    #[test]
    fn braces_are_classified_by_their_item() {
        use Scope::*;
        for (code, expected) in [
            ("", vec![]),
            ("fn main() {\n    ", vec![Fn]),
            ("mod hooks {\n impl Hooks {\n", vec![Other, Impl]),
            (
                "pub(crate) unsafe impl<T: Fn()> Send for X<T> where T: Copy {",
                vec![Impl],
            ),
            ("trait T {", vec![Impl]),
            ("fn f() -> impl Iterator<Item = u8> {", vec![Fn]),
            ("impl X { fn a() {} }\n", vec![]),
            ("fn main() { if x { let y = S {", vec![Fn, Other, Other]),
            (
                "#[cursor_hook(event = \"stop\")]\nfn f() {} struct S;",
                vec![],
            ),
        ] {
            assert_eq!(scopes_before(code), expected, "{code:?}");
        }
    }

    #[test]
    fn braces_in_comments_and_literals_are_not_counted() {
        for code in [
            "// fn main() {\n",
            "/* fn main() { /* nested } */ { */",
            "const S: &str = \"fn x() { \\\" {\";",
            "const S: &str = r#\"fn x() { \" {\"#;",
            "const C: char = '{'; const D: char = '\\''; const E: char = '\\u{7b}';",
            "const Q: [char; 2] = ['\\'','{'];",
            "fn f<'a>(x: &'a str) -> &'a str { x }",
            "const B: u8 = b'{';",
            "fn r#impl() {}",
        ] {
            assert_eq!(scopes_before(code), vec![], "{code:?}");
        }
    }

    #[test]
    fn code_only_blanks_comments_and_literals() {
        let code = "main!(a); // main!(b) é\nconst S: &str = \"main!(c)\"; /* main! */ x";
        let blanked = code_only(code);
        assert_eq!(blanked.len(), code.len());
        assert_eq!(blanked.matches("main!").count(), 1);
        assert!(blanked.ends_with(" x"));
    }

    #[test]
    fn line_and_column_give_the_byte_offset() {
        let source = "ab\ncé{d\n";
        assert_eq!(byte_offset(source, 1, 1), Some(0));
        assert_eq!(byte_offset(source, 2, 3), Some(6));
        assert_eq!(&source[byte_offset(source, 2, 3).unwrap()..], "{d\n");
    }
}
