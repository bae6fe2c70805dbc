//! The documentation works as written for someone who clones this repository: every Rust block of
//! the README and the guide names no crate but `cursor_hooks` (a hook crate depends on it alone;
//! the guide's doctests also see the runtime's own dependencies, so compiling them does not show
//! it), no page links docs.rs for a crate that is not published, no install instruction names a
//! crate that is not on crates.io, and the README says what a machine needs to run the tests.

use std::path::{Path, PathBuf};

/// The workspace crates on crates.io. None is yet: a docs.rs page or a `cargo install NAME` of
/// any workspace crate does not exist for a reader. Add a crate here when it is published.
const PUBLISHED: &[&str] = &[];

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the tests crate is in the workspace")
        .to_path_buf()
}

fn read(relative: &str) -> String {
    std::fs::read_to_string(workspace_root().join(relative))
        .unwrap_or_else(|e| panic!("{relative}: {e}"))
}

/// The README and each guide chapter: (path, text).
fn documents() -> Vec<(String, String)> {
    let mut documents = vec![("README.md".to_owned(), read("README.md"))];
    let guide = workspace_root().join("runtime/src/guide");
    let mut chapters: Vec<PathBuf> = std::fs::read_dir(&guide)
        .expect("runtime/src/guide")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    chapters.sort();
    for path in chapters {
        let relative = format!(
            "runtime/src/guide/{}",
            path.file_name().unwrap().to_string_lossy()
        );
        documents.push((relative.clone(), read(&relative)));
    }
    documents
}

/// The `[package]` name of each workspace member (from the root manifest's `members`).
fn workspace_crates() -> Vec<String> {
    let root = read("Cargo.toml");
    let members = root
        .lines()
        .find_map(|line| line.strip_prefix("members = "))
        .expect("the root manifest's `members` line");
    members
        .trim_matches(|c| c == '[' || c == ']')
        .split(',')
        .map(|member| member.trim().trim_matches('"'))
        .map(|member| package_name(&read(&format!("{member}/Cargo.toml"))))
        .collect()
}

/// The `name` of a manifest's `[package]` table.
fn package_name(manifest: &str) -> String {
    let mut in_package = false;
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_package = line == "[package]";
        } else if let Some(value) = line.strip_prefix("name = ").filter(|_| in_package) {
            return value.trim_matches('"').to_owned();
        }
    }
    panic!("a manifest without a [package] name")
}

/// The dependency names of the tables `[dependencies]` and `[dev-dependencies]` of `manifest`.
fn dependencies(manifest: &str) -> Vec<String> {
    let mut inside = false;
    let mut names = Vec::new();
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            inside = line == "[dependencies]" || line == "[dev-dependencies]";
        } else if inside && !line.is_empty() && !line.starts_with('#') {
            if let Some((name, _)) = line.split_once('=') {
                names.push(name.trim().to_owned());
            }
        }
    }
    names
}

/// The Rust code blocks of a Markdown text (fences that are not `text`, `sh`, `json` or `toml`),
/// with rustdoc's hidden-line marks (`# `) removed: (first line number, code).
fn rust_blocks(markdown: &str) -> Vec<(usize, String)> {
    let mut blocks = Vec::new();
    let mut lines = markdown.lines().enumerate();
    while let Some((at, line)) = lines.next() {
        let Some(info) = line.trim_start().strip_prefix("```") else {
            continue;
        };
        let body: Vec<&str> = lines
            .by_ref()
            .map(|(_, line)| line)
            .take_while(|line| !line.trim_start().starts_with("```"))
            .collect();
        let not_rust = info
            .split(',')
            .any(|word| ["text", "sh", "json", "toml"].contains(&word.trim()));
        if !not_rust {
            let code: Vec<&str> = body
                .iter()
                .map(|line| line.strip_prefix("# ").unwrap_or(line))
                .collect();
            blocks.push((at + 2, code.join("\n")));
        }
    }
    blocks
}

/// Where `code` names crate `name` at the root of a path (`name::...` or `use name`), not as
/// a re-export through another path (`cursor_hooks::name::...`).
fn names_crate(code: &str, name: &str) -> Option<String> {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    code.lines()
        .find(|line| {
            line.match_indices(name).any(|(at, _)| {
                let before = &line[..at];
                let after = &line[at + name.len()..];
                let starts_path = !before.ends_with(word) && !before.ends_with("::");
                let is_path = after.starts_with("::")
                    || (before.trim_end().ends_with("use") && !after.starts_with(word));
                starts_path && is_path
            })
        })
        .map(str::to_owned)
}

#[test]
fn every_rust_block_names_no_crate_but_cursor_hooks() {
    // The crates a doctest of the runtime can name and a hook crate cannot.
    let runtime = read("runtime/Cargo.toml");
    // The runtime's dev-dependency on itself (its test kit) is not another crate.
    let others: Vec<String> = dependencies(&runtime)
        .into_iter()
        .map(|name| name.replace('-', "_"))
        .filter(|name| name != "cursor_hooks")
        .collect();
    assert!(others.iter().any(|name| name == "serde_json"), "{others:?}");
    let mut faults = Vec::new();
    for (path, text) in documents() {
        for (line, code) in rust_blocks(&text) {
            for name in &others {
                if let Some(at) = names_crate(&code, name) {
                    faults.push(format!(
                        "{path}, the block at line {line}: `{}` (a hook crate depends on cursor-hooks alone: write `cursor_hooks::{name}` where the runtime re-exports it)",
                        at.trim()
                    ));
                }
            }
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

#[test]
fn no_link_or_install_line_names_a_crate_that_is_not_published() {
    let unpublished: Vec<String> = workspace_crates()
        .into_iter()
        .filter(|name| !PUBLISHED.contains(&name.as_str()))
        .collect();
    assert!(unpublished.iter().any(|name| name == "cursor-hooks-cli"));
    // What a user reads: the documents, and the runtime's and the command's own messages.
    let mut texts = documents();
    for dir in ["runtime/src", "cli/src"] {
        for path in rust_files(&workspace_root().join(dir)) {
            let relative = path
                .strip_prefix(workspace_root())
                .unwrap()
                .display()
                .to_string();
            texts.push((relative, std::fs::read_to_string(&path).unwrap()));
        }
    }
    let mut faults = Vec::new();
    for (path, text) in &texts {
        for name in &unpublished {
            for dead in [
                format!("docs.rs/{name}/"),
                format!("docs.rs/{name})"),
                format!("docs.rs/crate/{name}"),
                format!("cargo install {name}"),
            ] {
                let found = text.match_indices(&dead).any(|(at, _)| {
                    // `cargo install cursor-hooks` is a prefix of `cargo install cursor-hooks-cli`.
                    !text[at + dead.len()..].starts_with(['-', '_'])
                });
                if found {
                    faults.push(format!("{path}: `{dead}`, and {name} is not published"));
                }
            }
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
    assert!(
        read("runtime/src/guide/tool.md").contains("cargo install --path cli"),
        "the tool chapter says how to install the command from a clone"
    );
}

/// The `.rs` files under `dir`, recursively.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files
}

#[test]
fn the_readme_says_what_a_machine_needs_for_the_tests() {
    let readme = read("README.md");
    assert!(
        !readme.contains("nothing but the Rust toolchain"),
        "the tests need more than the Rust toolchain"
    );
    for need in [
        "Rust toolchain",
        "Node.js",
        "npm",
        "root",
        "user namespaces",
        "`unshare`",
        "`ip`",
        "`flock`",
        "bash .ci/check-test-tools",
    ] {
        assert!(readme.contains(need), "README.md does not name {need}");
    }
}
