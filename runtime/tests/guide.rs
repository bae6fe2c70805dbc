//! The guide's code blocks (`runtime/src/guide/*.md`, shown on docs.rs as `cursor_hooks::guide`)
//! are doctests that run: no block is ignored, `no_run` is kept for blocks whose `main!` would
//! start a hook waiting on stdin, blocks that are not Rust say what they are, and each chapter
//! opens with a runnable example. Every chapter file is a module of `guide.rs` and the other way
//! round, so no chapter is written and never shown.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The languages a block that is not a doctest may be written in.
const NOT_RUST: &[&str] = &["text", "sh", "json", "toml"];

fn guide_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/guide")
}

/// Each chapter file's name (without `.md`) and text.
fn chapters() -> Vec<(String, String)> {
    let mut chapters: Vec<(String, String)> = std::fs::read_dir(guide_dir())
        .expect("runtime/src/guide")
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .map(|path| {
            let name = path.file_stem().unwrap().to_str().unwrap().to_owned();
            (name, std::fs::read_to_string(&path).unwrap())
        })
        .collect();
    chapters.sort();
    chapters
}

/// The code blocks of `markdown`: each fence's info string and body.
fn blocks(markdown: &str) -> Vec<(String, String)> {
    let mut blocks = Vec::new();
    let mut lines = markdown.lines();
    while let Some(line) = lines.next() {
        if let Some(info) = line.strip_prefix("```") {
            let body: Vec<&str> = lines
                .by_ref()
                .take_while(|l| !l.starts_with("```"))
                .collect();
            blocks.push((info.trim().to_owned(), body.join("\n")));
        }
    }
    blocks
}

/// What rustdoc makes of a block: `None` for a block that is not Rust, else its attributes.
fn rust_attributes(info: &str) -> Option<Vec<&str>> {
    let words: Vec<&str> = info
        .split(',')
        .map(str::trim)
        .filter(|w| !w.is_empty())
        .collect();
    if words.iter().any(|w| NOT_RUST.contains(w)) {
        None
    } else {
        Some(words.into_iter().filter(|w| *w != "rust").collect())
    }
}

#[test]
fn every_rust_block_runs_and_no_run_is_only_for_main() {
    let mut failures = Vec::new();
    for (chapter, text) in chapters() {
        for (info, body) in blocks(&text) {
            let Some(attributes) = rust_attributes(&info) else {
                continue;
            };
            for attribute in attributes {
                let fine = match attribute {
                    "compile_fail" => true,
                    "no_run" => body.contains("main!("),
                    _ => false,
                };
                if !fine {
                    failures.push(format!("{chapter}.md: a ```{info} block:\n{body}"));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "blocks that do not run as doctests:\n{}",
        failures.join("\n\n")
    );
}

#[test]
fn each_chapter_opens_with_a_runnable_example() {
    for (chapter, text) in chapters() {
        let (info, _) = blocks(&text)
            .into_iter()
            .next()
            .unwrap_or_else(|| panic!("{chapter}.md has no code block"));
        assert!(
            matches!(rust_attributes(&info).as_deref(), Some([])),
            "{chapter}.md opens with a ```{info} block, not a runnable example"
        );
    }
}

#[test]
fn every_chapter_is_a_module_of_the_guide() {
    let guide = std::fs::read_to_string(guide_dir().with_extension("rs")).unwrap();
    let included: BTreeSet<String> = guide
        .match_indices("include_str!(\"guide/")
        .map(|(at, prefix)| {
            let rest = &guide[at + prefix.len()..];
            rest[..rest.find(".md\")").expect("a chapter file")].to_owned()
        })
        .collect();
    let files: BTreeSet<String> = chapters().into_iter().map(|(name, _)| name).collect();
    assert_eq!(
        included, files,
        "guide.rs includes exactly the chapter files"
    );
    for name in &files {
        assert!(
            guide.contains(&format!("pub mod {name} {{")),
            "guide.rs has `pub mod {name}`"
        );
    }
}

/// The `key = value` lines of the `[profile.release]` table in `manifest`, without comments.
fn release_profile(manifest: &str) -> Vec<String> {
    let mut inside = false;
    let mut lines = Vec::new();
    for line in manifest.lines() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.starts_with('[') {
            inside = line == "[profile.release]";
        } else if inside && !line.is_empty() {
            lines.push(line.split_whitespace().collect::<Vec<_>>().join(" "));
        }
    }
    lines
}

#[test]
fn the_tutorials_release_profile_is_the_workspaces() {
    let tutorial = std::fs::read_to_string(guide_dir().join("tutorial.md")).unwrap();
    let (_, manifest) = blocks(&tutorial)
        .into_iter()
        .find(|(info, body)| info == "toml" && body.contains("[profile.release]"))
        .expect("the tutorial gives the crate's Cargo.toml");
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("../Cargo.toml");
    let workspace = std::fs::read_to_string(workspace).unwrap();
    assert!(!release_profile(&manifest).is_empty());
    assert_eq!(
        release_profile(&manifest),
        release_profile(&workspace),
        "the tutorial's [profile.release] differs from the workspace's, which the benchmarks measure"
    );
}
