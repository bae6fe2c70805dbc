//! The benchmark suite: what the framework costs a hook, against a hand-written floor.
//!
//! ```sh
//! cargo bench -p cursor-hooks-examples --bench hooks
//! ```
//!
//! Prints one markdown table (see `BENCHMARKS.md` for the last results):
//!
//! 1. per-invocation latency: each binary spawned N times with a realistic payload piped in
//!    (`shell-guard`, the hand-written floor `handwritten-shell-guard`, `/bin/true`, and Node and
//!    Python versions of the same hook when `node` / `python3` exist, a bash + jq one when both
//!    exist, `shell-guard` packaged by `cursor-hooks package` as its plugin's `bin/shell-guard`
//!    starts it: given alone, the binary itself, and given with a second platform, through the
//!    `sh` launcher; and shell-guard's Cursor handlers built with the runtime's `cursor` feature
//!    alone), medians and 95th percentiles, and ratios to the floor of the same run;
//! 2. instruction counts under `valgrind --tool=callgrind`, when valgrind exists (guarded for
//!    `shell-guard`, the Cursor-only build and the one-binary package);
//! 3. 8 MiB `afterShellExecution` / `beforeReadFile` payloads: time, instructions and peak RSS
//!    (`/usr/bin/time`), with the framework binary that handles the event; and (3b) 30 MiB of
//!    unknown data in shapes whose parsed tree would cost many times their bytes (an array of
//!    numbers, of empty arrays, of short strings, one long string; and numbers beside the
//!    `command` of a `preToolUse`'s `tool_input`): `shell-guard`'s peak RSS;
//! 4. stripped release binary sizes (guarded likewise);
//! 5. build cost: clean debug build of a one-hook crate on the framework vs a crate with only the
//!    same external dependencies, and the incremental rebuild after editing the handler.
//!
//! Beside the dynamic binaries, 1, 2 and 4 measure the floor and `shell-guard` linked statically
//! (`-C target-feature=+crt-static --target x86_64-unknown-linux-gnu`, the README's recipe),
//! built into `target/bench-static` on x86_64 Linux: instructions and size against the static
//! floor (same link mode on both sides), latency against the dynamic floor (the static
//! `shell-guard`'s target is to be faster than it).
//!
//! Options, after `--`: `--quick` (fewer runs, for trying the suite out), `--no-build` (skip 5,
//! the static build and the `timeout` variants),
//! `--annotate` (also build symbolized copies into `target/bench-symbols` and print the top of
//! `callgrind_annotate --inclusive=yes` for shell-guard and the floor). `BENCH_RUNS=n` sets N.
//!
//! The binaries are the package's own (`CARGO_BIN_EXE_*`), built by `cargo bench` with the
//! `bench` profile, which inherits the workspace's `release` profile (thin LTO, one codegen unit,
//! stripped symbols). Under `cargo test` (which passes no `--bench`) the suite does nothing.

use std::ffi::OsString;
use std::fmt::Write as _;
use std::fs::{self, File};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const SHELL_GUARD: &str = env!("CARGO_BIN_EXE_shell-guard");
const POLICY: &str = env!("CARGO_BIN_EXE_policy");
const AUDIT_LOG: &str = env!("CARGO_BIN_EXE_audit-log");
const FLOOR: &str = env!("CARGO_BIN_EXE_handwritten-shell-guard");

/// The targets of the lean-hooks issue, as ratios to the floor (same link mode on both sides).
const LATENCY_TARGET: f64 = 1.03;
const LARGE_INSTRUCTIONS_TARGET: f64 = 1.05;
/// Issue 39's guard on `shell-guard` (BENCHMARKS.md, "Where the cost came from"): instructions
/// on the small payloads, dynamic and static, and the stripped size, against the floor of the
/// same run and link mode.
const SMALL_INSTRUCTIONS_TARGET: f64 = 1.12;
const STATIC_INSTRUCTIONS_TARGET: f64 = 1.19;
const SIZE_TARGET: f64 = 1.80;
/// Issue 46's guard on a one-host hook (shell-guard's Cursor handlers, the runtime's `cursor`
/// feature alone), so the next host cannot make every hook bigger: issue 39's guard,
/// instructions on the small allowed payload and the stripped size against the floor of the
/// same run.
const ONE_HOST_INSTRUCTIONS_TARGET: f64 = SMALL_INSTRUCTIONS_TARGET;
const ONE_HOST_SIZE_TARGET: f64 = SIZE_TARGET;
/// Issue 46's guard on the packaged shell-guard (one binary: `bin/NAME` is the binary):
/// instructions and size within 10 % of shell-guard itself.
const PACKAGED_TARGET: f64 = 1.10;
/// Peak RSS on the 8 MiB payloads, as a multiple of the payload's size.
const RSS_TARGET: f64 = 2.2;

/// The static shell-guard's latency target: below the dynamic floor (the static floor has none).
fn static_latency_target(subject: &Subject) -> Option<f64> {
    (subject.name == STATIC_FRAMEWORK).then_some(1.0)
}

/// 8 MiB: the decoded size of the big string in each large payload.
const BIG: usize = 8 << 20;

/// The size of the unknown value in each shape payload (3b).
const SHAPE_BYTES: usize = 30 << 20;
/// Peak RSS on the shape payloads: at most this multiple of the payload, plus `SHAPE_RSS_SLACK`.
const SHAPE_RSS_TARGET: f64 = 3.0;
const SHAPE_RSS_SLACK: u64 = 16 << 20;
/// The shapes (3b): a file name and the JSON item repeated in an array (or, for the long
/// string, a single character repeated in one string).
const SHAPES: [(&str, &str); 4] = [
    ("shape-numbers.json", "1"),
    ("shape-empty-arrays.json", "[]"),
    ("shape-short-strings.json", "\"ab\""),
    ("shape-long-string.json", "a"),
];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if !args.iter().any(|a| a == "--bench") {
        println!("hooks bench: run it with `cargo bench -p cursor-hooks-examples --bench hooks`");
        return;
    }
    let options = Options {
        quick: args.iter().any(|a| a == "--quick"),
        builds: !args.iter().any(|a| a == "--no-build"),
        annotate: args.iter().any(|a| a == "--annotate"),
    };
    let started = Instant::now();
    let dir = std::env::temp_dir().join(format!("cursor-hooks-bench-{}", std::process::id()));
    fs::create_dir_all(&dir).expect("create the bench's temp dir");
    let result = std::panic::catch_unwind(|| run(&dir, &options));
    let _ = fs::remove_dir_all(&dir);
    if let Err(panic) = result {
        std::panic::resume_unwind(panic);
    }
    eprintln!("suite finished in {:.0} s", started.elapsed().as_secs_f64());
}

struct Options {
    quick: bool,
    builds: bool,
    annotate: bool,
}

fn run(dir: &Path, options: &Options) {
    let runs = std::env::var("BENCH_RUNS")
        .ok()
        .and_then(|n| n.parse::<usize>().ok())
        .unwrap_or(if options.quick { 60 } else { 500 });
    let script_every = 10; // Node and Python take ~50 ms a run: every 10th round is plenty.
    let large_runs = if options.quick { 5 } else { 25 };
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the examples crate is in the workspace")
        .to_path_buf();

    let tools = Tools::detect();
    let mut notes: Vec<String> = Vec::new();
    let mut table = Table::default();

    // Payloads, as files (callgrind and /usr/bin/time read them by redirection) and in memory.
    let small = write_payload(dir, "before-shell-fine.json", &small_payload(FINE_COMMAND));
    let deny = write_payload(
        dir,
        "before-shell-rm-rf.json",
        &small_payload("rm -rf build/"),
    );
    let push = write_payload(
        dir,
        "before-shell-force-push.json",
        &small_payload("git push --force origin main"),
    );
    let after_shell = write_payload(dir, "after-shell-8mib.json", &after_shell_payload());
    let read_file = write_payload(dir, "before-read-8mib.json", &read_file_payload());

    // The subjects.
    let audit_log_file = dir.join("audit.jsonl");
    let framework = Subject::binary("shell-guard", SHELL_GUARD);
    let floor = Subject::binary("floor (handwritten-shell-guard)", FLOOR);
    let policy = Subject::binary("policy", POLICY);
    let audit_log = Subject::binary("audit-log", AUDIT_LOG)
        .env("CURSOR_HOOKS_AUDIT_LOG", audit_log_file.as_os_str());
    let true_bin = Subject::binary("/bin/true", true_path());
    let mut scripts = Vec::new();
    match &tools.node {
        Some(node) => {
            let file = dir.join("shell-guard.js");
            fs::write(&file, NODE_HOOK).expect("write the Node hook");
            scripts.push(Subject::binary("node shell-guard.js", node).arg(file.as_os_str()));
        }
        None => notes.push("node not found: the Node hook is skipped".to_owned()),
    }
    match &tools.python {
        Some(python) => {
            let file = dir.join("shell_guard.py");
            fs::write(&file, PYTHON_HOOK).expect("write the Python hook");
            scripts.push(Subject::binary("python3 shell_guard.py", python).arg(file.as_os_str()));
        }
        None => notes.push("python3 not found: the Python hook is skipped".to_owned()),
    }
    match &tools.bash_jq {
        Some(bash) => {
            let file = dir.join("shell-guard.sh");
            fs::write(&file, BASH_JQ_HOOK).expect("write the bash hook");
            scripts.push(Subject::binary("bash + jq shell-guard.sh", bash).arg(file.as_os_str()));
        }
        None => notes.push("bash or jq not found: the bash + jq hook is skipped".to_owned()),
    }
    // shell-guard as `cursor-hooks package` ships it, the plugin's `bin/shell-guard` (what
    // Cursor and Claude Code start): given alone, the binary itself; given with a second
    // platform, the `sh` launcher that picks the binary for the machine.
    let mut packaged = Vec::new();
    if !options.builds {
        notes.push("the packaged shell-guard is skipped (--no-build)".to_owned());
    } else if cfg!(unix) {
        eprintln!("packaging shell-guard (cursor-hooks package, target/bench-cli)…");
        match package_plugins(dir, &workspace) {
            Ok((one, launcher)) => {
                // A launcher in front would be a second process that callgrind cannot count
                // (`exec` replaces its image), so the guard below would miss it.
                if fs::read(&one).map_or(true, |bytes| bytes.starts_with(b"#!")) {
                    notes.push(format!("✗ {} is not the binary itself", one.display()));
                }
                packaged.push(Subject::binary(PACKAGED, one));
                packaged.push(Subject::binary(PACKAGED_LAUNCHER, launcher));
            }
            Err(problem) => notes.push(format!("the packaged shell-guard is skipped: {problem}")),
        }
    }
    // shell-guard's own source rebuilt in a temp crate with and without `timeout = 5`, to
    // show what the deadline thread costs.
    let mut variants = Vec::new();
    if options.builds {
        eprintln!("building shell-guard with and without `timeout` (release, temp crate)…");
        match build_variants(dir, &workspace) {
            Ok((with, without)) => {
                variants.push(Subject::binary(VARIANT_WITH, with));
                variants.push(Subject::binary(VARIANT_WITHOUT, without));
            }
            Err(problem) => notes.push(format!("the `timeout` variants are skipped: {problem}")),
        }
    } else {
        notes.push("the `timeout` variants are skipped (--no-build)".to_owned());
    }
    // shell-guard's Cursor handlers built with the runtime's `cursor` feature alone.
    let mut one_host = Vec::new();
    if options.builds {
        eprintln!("building shell-guard for Cursor only (release, temp crate)…");
        match build_one_host(dir, &workspace) {
            Ok(binary) => one_host.push(Subject::binary(ONE_HOST, binary)),
            Err(problem) => notes.push(format!("the Cursor-only build is skipped: {problem}")),
        }
    } else {
        notes.push("the Cursor-only build is skipped (--no-build)".to_owned());
    }
    // The floor and shell-guard linked statically, side by side with the dynamic ones.
    let mut statics = Vec::new();
    if !options.builds {
        notes.push("the static builds are skipped (--no-build)".to_owned());
    } else if !cfg!(all(target_os = "linux", target_arch = "x86_64")) {
        notes.push("the static builds are skipped: they are for x86_64 Linux".to_owned());
    } else {
        eprintln!("building the floor and shell-guard statically (release, target/bench-static)…");
        match build_static(&workspace) {
            Ok((floor_static, framework_static)) => {
                statics.push(Subject::binary(STATIC_FLOOR, floor_static));
                statics.push(Subject::binary(STATIC_FRAMEWORK, framework_static));
            }
            Err(problem) => notes.push(format!("the static builds are skipped: {problem}")),
        }
    }

    // Every subject must give the floor's answer, or the comparison means nothing.
    let mut checks = vec![
        (&framework, &small),
        (&framework, &deny),
        (&framework, &push),
        (&floor, &small),
        (&floor, &deny),
        (&floor, &push),
        (&policy, &read_file),
        (&floor, &read_file),
        (&audit_log, &after_shell),
        (&floor, &after_shell),
        (&framework, &after_shell),
        (&framework, &read_file),
    ];
    for extra in scripts
        .iter()
        .chain(&variants)
        .chain(&one_host)
        .chain(&statics)
        .chain(&packaged)
    {
        checks.extend([(extra, &small), (extra, &deny), (extra, &push)]);
    }
    let mut expected = std::collections::BTreeMap::new();
    for payload in [&small, &deny, &push, &after_shell, &read_file] {
        expected.insert(payload.name.clone(), run_once(&floor, payload).1);
    }
    // Both editors trim stdout before parsing it, and the framework ends its answer with a
    // newline: the answers are compared trimmed.
    let trimmed = |answer: &[u8]| String::from_utf8_lossy(answer).trim().to_owned();
    for (subject, payload) in checks {
        let (_, answer) = run_once(subject, payload);
        if trimmed(&answer) != trimmed(&expected[&payload.name]) {
            notes.push(format!(
                "✗ {} answered {:?} to {}, the floor {:?}",
                subject.name,
                String::from_utf8_lossy(&answer),
                payload.name,
                String::from_utf8_lossy(&expected[&payload.name]),
            ));
        }
    }
    eprintln!("answers checked; measuring latency ({runs} rounds)…");

    // 1. Latency, interleaved: every round runs each binary once, in a rotating order.
    // (subject, payload, every n-th round, target); the floor of each payload comes first.
    let mut latency: Vec<(&Subject, &Payload, usize, Option<f64>)> = vec![
        (&floor, &small, 1, None),
        (&framework, &small, 1, Some(LATENCY_TARGET)),
    ];
    // The static build must beat the dynamic floor itself: its target is 1.00x of it.
    latency.extend(
        statics
            .iter()
            .map(|v| (v, &small, 1, static_latency_target(v))),
    );
    latency.extend(variants.iter().map(|v| (v, &small, 1, None)));
    latency.extend(one_host.iter().map(|v| (v, &small, 1, None)));
    latency.extend(packaged.iter().map(|v| (v, &small, 1, None)));
    latency.push((&true_bin, &small, 1, None));
    latency.extend(scripts.iter().map(|s| (s, &small, script_every, None)));
    latency.extend([
        (&floor, &deny, 1, None),
        (&framework, &deny, 1, Some(LATENCY_TARGET)),
    ]);
    latency.extend(
        statics
            .iter()
            .map(|v| (v, &deny, 1, static_latency_target(v))),
    );
    let plan: Vec<(&Subject, &Payload, usize)> = latency
        .iter()
        .map(|&(s, p, every, _)| (s, p, every))
        .collect();
    let times = interleaved(&plan, runs);
    let mut floor_time = Duration::ZERO;
    for (i, &(subject, payload, _, target)) in latency.iter().enumerate() {
        if std::ptr::eq(subject, &floor) {
            floor_time = median(&times[i]);
        }
        table.ratio_row(
            "1. latency (median)",
            format!("{} ({} runs)", payload.label, times[i].len()),
            &subject.name,
            Value::Time(median(&times[i])),
            Value::Time(floor_time),
            target,
        );
    }
    // The slow calls a user notices: the 95th percentile of the same runs.
    let mut floor_p95 = Duration::ZERO;
    for (i, &(subject, payload, _, _)) in latency.iter().enumerate() {
        if std::ptr::eq(subject, &floor) {
            floor_p95 = percentile(&times[i], 95);
        }
        table.ratio_row(
            "1b. latency (p95)",
            format!("{} ({} runs)", payload.label, times[i].len()),
            &subject.name,
            Value::Time(percentile(&times[i], 95)),
            Value::Time(floor_p95),
            None,
        );
    }

    // 2. Instructions on the small payloads.
    if tools.valgrind {
        eprintln!("counting instructions…");
        for payload in [&small, &deny, &push] {
            let floor_count = callgrind(dir, &floor, payload);
            let mut subjects = vec![
                (&floor, None),
                (&framework, Some(SMALL_INSTRUCTIONS_TARGET)),
            ];
            if payload.name == small.name {
                subjects.extend(
                    one_host
                        .iter()
                        .map(|v| (v, Some(ONE_HOST_INSTRUCTIONS_TARGET))),
                );
                subjects.extend(
                    variants
                        .iter()
                        .chain([&true_bin])
                        .chain(&scripts)
                        .map(|v| (v, None)),
                );
            }
            let mut framework_count = 0;
            for (subject, target) in subjects {
                let count = if std::ptr::eq(subject, &floor) {
                    floor_count
                } else {
                    callgrind(dir, subject, payload)
                };
                if std::ptr::eq(subject, &framework) {
                    framework_count = count;
                }
                table.ratio_row(
                    "2. instructions",
                    payload.label.to_owned(),
                    &subject.name,
                    Value::Count(count),
                    Value::Count(floor_count),
                    target,
                );
            }
            // The one-binary package against shell-guard started directly, not the launcher:
            // callgrind keeps no count of a process image that an `exec` replaces (the
            // launcher's), so the launcher's count would be the binary's alone
            // (scripts/launcher-cost measures the launcher's CPU).
            let one_binary = packaged.iter().filter(|p| p.name == PACKAGED);
            for subject in one_binary.filter(|_| payload.name == small.name) {
                table.ratio_row(
                    "2. instructions",
                    payload.label.to_owned(),
                    &format!("{} vs shell-guard started directly", subject.name),
                    Value::Count(callgrind(dir, subject, payload)),
                    Value::Count(framework_count),
                    Some(PACKAGED_TARGET),
                );
            }
            // The static pair, each against the static floor (same link mode on both sides).
            if let [static_floor, static_framework] = &statics[..] {
                let base = callgrind(dir, static_floor, payload);
                for (subject, target) in [
                    (static_floor, None),
                    (static_framework, Some(STATIC_INSTRUCTIONS_TARGET)),
                ] {
                    let count = if target.is_none() {
                        base
                    } else {
                        callgrind(dir, subject, payload)
                    };
                    table.ratio_row(
                        "2. instructions",
                        payload.label.to_owned(),
                        &format!("{} vs the static floor", subject.name),
                        Value::Count(count),
                        Value::Count(base),
                        target,
                    );
                }
            }
        }
    } else {
        notes.push("valgrind not found: instruction counts are skipped".to_owned());
    }

    // 3. Large payloads: the framework binary that handles the event, the floor, and shell-guard
    // (which does not handle these events: it reads the event name and answers `{}`).
    eprintln!("large payloads…");
    for (payload, handler) in [(&after_shell, &audit_log), (&read_file, &policy)] {
        let subjects = [&floor, handler, &framework];
        let plan: Vec<(&Subject, &Payload, usize)> =
            subjects.iter().map(|s| (*s, payload, 1)).collect();
        let times = interleaved(&plan, large_runs);
        let floor_time = median(&times[0]);
        let floor_count = tools.valgrind.then(|| callgrind(dir, &floor, payload));
        let floor_rss = tools.time.then(|| peak_rss(dir, &floor, payload));
        for (i, subject) in subjects.iter().enumerate() {
            let name = if i == 2 {
                format!("{} (no handler for it)", subject.name)
            } else {
                subject.name.clone()
            };
            let is_handler = i == 1;
            table.ratio_row(
                "3. large payload, time (median)",
                format!("{} ({} runs)", payload.label, times[i].len()),
                &name,
                Value::Time(median(&times[i])),
                Value::Time(floor_time),
                None,
            );
            if let Some(floor_count) = floor_count {
                let count = if i == 0 {
                    floor_count
                } else {
                    callgrind(dir, subject, payload)
                };
                table.ratio_row(
                    "3. large payload, instructions",
                    payload.label.to_owned(),
                    &name,
                    Value::Count(count),
                    Value::Count(floor_count),
                    is_handler.then_some(LARGE_INSTRUCTIONS_TARGET),
                );
            }
            if let Some(floor_rss) = floor_rss {
                let rss = if i == 0 {
                    floor_rss
                } else {
                    peak_rss(dir, subject, payload)
                };
                table.memory_row(payload, &name, rss, floor_rss, is_handler);
            }
        }
    }
    if !tools.valgrind {
        notes.push("valgrind not found: large-payload instruction counts are skipped".to_owned());
    }

    // 3b. Payload shapes: 30 MiB of unknown data in shapes that cost a parsed tree many times
    // their bytes; peak RSS must stay within SHAPE_RSS_TARGET, and the answer (deny) unchanged.
    if tools.time {
        eprintln!("payload shapes…");
        let size = if options.quick { 8 << 20 } else { SHAPE_BYTES };
        let shapes = SHAPES
            .iter()
            .map(|(name, item)| (*name, shape_payload(item, size)))
            .chain([("shape-tool-input.json", tool_input_shape_payload(size))]);
        for (name, bytes) in shapes {
            let payload = write_payload(dir, name, &bytes);
            let (_, stdout) = run_once(&framework, &payload);
            assert!(
                String::from_utf8_lossy(&stdout).contains(r#""permission":"deny""#),
                "shell-guard's answer to {name} changed: {}",
                String::from_utf8_lossy(&stdout)
            );
            let rss = peak_rss(dir, &framework, &payload);
            table.shape_row(&payload, &framework.name, rss);
        }
    }
    if !tools.time {
        notes.push("/usr/bin/time not found: peak memory is skipped".to_owned());
    }

    // 4. Binary sizes.
    let size = |path: &Path| fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    let floor_size = size(Path::new(FLOOR));
    let mut binaries = vec![
        (
            "floor (handwritten-shell-guard)",
            PathBuf::from(FLOOR),
            None,
        ),
        ("shell-guard", PathBuf::from(SHELL_GUARD), Some(SIZE_TARGET)),
        ("policy", PathBuf::from(POLICY), Some(1.30)),
        ("audit-log", PathBuf::from(AUDIT_LOG), None),
    ];
    binaries.extend(
        variants
            .iter()
            .map(|v| (v.name.as_str(), v.program.clone(), None)),
    );
    binaries.extend(one_host.iter().map(|v| {
        (
            v.name.as_str(),
            v.program.clone(),
            Some(ONE_HOST_SIZE_TARGET),
        )
    }));
    for (name, path, target) in binaries {
        table.ratio_row(
            "4. stripped binary size",
            "release profile".to_owned(),
            name,
            Value::Bytes(size(&path)),
            Value::Bytes(floor_size),
            target,
        );
    }
    // What the plugin's `bin/shell-guard` weighs, given alone: the binary itself.
    for subject in packaged.iter().filter(|p| p.name == PACKAGED) {
        table.ratio_row(
            "4. stripped binary size",
            "release profile".to_owned(),
            &format!("{} vs shell-guard", subject.name),
            Value::Bytes(size(&subject.program)),
            Value::Bytes(size(Path::new(SHELL_GUARD))),
            Some(PACKAGED_TARGET),
        );
    }
    // The static pair, each against the static floor (same link mode on both sides).
    if let [static_floor, static_framework] = &statics[..] {
        let base = size(&static_floor.program);
        for (subject, target) in [(static_floor, None), (static_framework, Some(1.15))] {
            table.ratio_row(
                "4. stripped binary size",
                "release profile".to_owned(),
                &format!("{} vs the static floor", subject.name),
                Value::Bytes(size(&subject.program)),
                Value::Bytes(base),
                target,
            );
        }
    }

    // 5. Build cost.
    if options.builds {
        eprintln!("build cost (clean debug builds, then edits)…");
        let (clean, edits) = if options.quick { (1, 1) } else { (2, 3) };
        match build_cost(dir, &workspace, clean, edits) {
            Ok(cost) => cost.rows(&mut table),
            Err(problem) => notes.push(format!("build cost skipped: {problem}")),
        }
    } else {
        notes.push("build cost skipped (--no-build)".to_owned());
    }

    // 6. One unified handler against the per-host handlers it replaces, built side by side.
    if options.builds {
        eprintln!(
            "building the unified shell guard and its per-host handlers (release, temp crate)…"
        );
        match build_unified_pair(dir, &workspace) {
            Ok((unified, per_host)) => {
                let unified = Subject::binary(UNIFIED, unified);
                let per_host = Subject::binary(PER_HOST, per_host);
                for payload in [&small, &deny] {
                    let answers = [&unified, &per_host].map(|s| trimmed(&run_once(s, payload).1));
                    if answers[0] != answers[1] {
                        notes.push(format!(
                            "✗ the unified guard answered {:?} to {}, the per-host handlers {:?}",
                            answers[0], payload.name, answers[1]
                        ));
                    }
                    if tools.valgrind {
                        let base = callgrind(dir, &per_host, payload);
                        for subject in [&per_host, &unified] {
                            let count = if std::ptr::eq(subject, &per_host) {
                                base
                            } else {
                                callgrind(dir, subject, payload)
                            };
                            table.ratio_row(
                                "6. unified vs per-host, instructions",
                                payload.label.to_owned(),
                                &subject.name,
                                Value::Count(count),
                                Value::Count(base),
                                None,
                            );
                        }
                    }
                }
                let base = size(&per_host.program);
                for subject in [&per_host, &unified] {
                    table.ratio_row(
                        "6. unified vs per-host, stripped size",
                        "release profile".to_owned(),
                        &subject.name,
                        Value::Bytes(size(&subject.program)),
                        Value::Bytes(base),
                        None,
                    );
                }
            }
            Err(problem) => notes.push(format!("the unified pair is skipped: {problem}")),
        }
    } else {
        notes.push("the unified pair is skipped (--no-build)".to_owned());
    }

    // The report.
    let mut out = String::new();
    let _ = writeln!(out, "\n{}\n", machine(&tools));
    out.push_str(&table.render());
    for note in &notes {
        let _ = writeln!(out, "\n- {note}");
    }
    if notes.iter().all(|n| !n.starts_with('✗')) {
        let _ = writeln!(
            out,
            "\nEvery subject gave the floor's answer on every payload it was checked on."
        );
    }
    print!("{out}");
    let _ = std::io::stdout().flush();

    if options.annotate {
        annotate(dir, &workspace, &[&small, &read_file]);
    }
}

// ---------------------------------------------------------------------------------------------
// Payloads

const SESSION: &str = "5b1e2c4d-7a90-4f3e-9c21-3d8e6f0a1b72";
const GENERATION: &str = "a3f9c2e1-0b4d-4e6a-8f17-2c5d9e3b7a40";
const FINE_COMMAND: &str = "cargo test --workspace && git status --short";

struct Payload {
    name: String,
    label: &'static str,
    path: PathBuf,
    bytes: Vec<u8>,
}

fn write_payload(dir: &Path, name: &str, bytes: &[u8]) -> Payload {
    let path = dir.join(name);
    fs::write(&path, bytes).expect("write a payload");
    let label = match name {
        "before-shell-fine.json" => "beforeShellExecution, allowed",
        "before-shell-rm-rf.json" => "beforeShellExecution, rm -rf (deny)",
        "before-shell-force-push.json" => "beforeShellExecution, force push",
        "after-shell-8mib.json" => "afterShellExecution, 8 MiB output",
        "shape-numbers.json" => "beforeShellExecution rm -rf, unknown key: array of numbers",
        "shape-empty-arrays.json" => {
            "beforeShellExecution rm -rf, unknown key: array of empty arrays"
        }
        "shape-short-strings.json" => {
            "beforeShellExecution rm -rf, unknown key: array of short strings"
        }
        "shape-long-string.json" => "beforeShellExecution rm -rf, unknown key: one long string",
        "shape-tool-input.json" => {
            "preToolUse Shell rm -rf, tool_input: an array of numbers beside `command`"
        }
        _ => "beforeReadFile, 8 MiB content",
    };
    Payload {
        name: name.to_owned(),
        label,
        path,
        bytes: bytes.to_vec(),
    }
}

/// The fields every CLI (2026.09.28) payload carries, after the event's own ones.
fn common_tail(event: &str) -> String {
    format!(
        r#""session_id":"{SESSION}","hook_event_name":"{event}","cursor_version":"2026.09.28-64d2043","workspace_roots":["/home/dev/shop"],"user_email":null,"transcript_path":"/home/dev/.cursor/projects/home-dev-shop/agent-transcripts/{SESSION}/{SESSION}.jsonl"}}"#
    )
}

/// A `beforeShellExecution` from the CLI, in its field order (~560 bytes).
fn small_payload(command: &str) -> Vec<u8> {
    format!(
        r#"{{"conversation_id":"{SESSION}","generation_id":"{GENERATION}","model":"default","command":{},"cwd":"","sandbox":false,{}"#,
        json_string(command),
        common_tail("beforeShellExecution")
    )
    .into_bytes()
}

/// An `afterShellExecution` whose `output` is 8 MiB of build log (newlines, tabs and quotes to
/// unescape, as real output has).
fn after_shell_payload() -> Vec<u8> {
    let output = text_of(BIG, |i| match i % 7 {
        0 => format!(
            "warning: unused variable: `item_{i}`\n  --> crates/shop-{}/src/lib.rs:{}:9\n",
            i % 40,
            i % 900
        ),
        1 => format!(
            "   Compiling shop-{} v0.{}.{} (/home/dev/shop/crates/shop-{})\n",
            i % 40,
            i % 9,
            i % 13,
            i % 40
        ),
        2 => format!("test orders::tests::case_{i} ... ok\n"),
        3 => format!("\tnote: \"{i}\" was used here\n"),
        _ => format!(
            "    Finished `dev` profile [unoptimized + debuginfo] target(s) in {}.{:02}s\n",
            i % 60,
            i % 100
        ),
    });
    format!(
        r#"{{"conversation_id":"{SESSION}","generation_id":"{GENERATION}","model":"default","command":"cargo test --workspace","output":{},"duration":81234.5,"sandbox":false,{}"#,
        json_string(&output),
        common_tail("afterShellExecution")
    )
    .into_bytes()
}

/// A `beforeReadFile` of an 8 MiB (generated) source file; the path is not a secret, so every
/// subject answers `{}` after reading it all.
fn read_file_payload() -> Vec<u8> {
    let content = text_of(BIG, |i| {
        format!("    table.insert(\"key_{i}\", Entry {{ id: {i}, label: \"item\\t{i}\" }});\n")
    });
    format!(
        r#"{{"conversation_id":"{SESSION}","generation_id":"{GENERATION}","model":"default","content":{},"file_path":"/home/dev/shop/src/generated/tables.rs","attachments":[],{}"#,
        json_string(&content),
        common_tail("beforeReadFile")
    )
    .into_bytes()
}

/// The `rm -rf` shell payload with an unknown key `future_field` of about `size` bytes: `item`
/// repeated in an array, or for a one-character item, one string of it.
fn shape_payload(item: &str, size: usize) -> Vec<u8> {
    let value = if item.len() == 1 && item != "1" {
        format!("\"{}\"", item.repeat(size))
    } else {
        let count = size / (item.len() + 1);
        let mut value = String::with_capacity(size + 2);
        value.push('[');
        for i in 0..count {
            if i > 0 {
                value.push(',');
            }
            value.push_str(item);
        }
        value.push(']');
        value
    };
    let mut payload = small_payload("rm -rf /");
    let at = payload.iter().position(|&b| b == b'{').expect("an object") + 1;
    let field = format!(r#""future_field":{value},"#);
    payload.splice(at..at, field.into_bytes());
    payload
}

/// A `preToolUse` for `rm -rf /` on the Shell tool whose `tool_input` also holds an array of
/// numbers of about `size` bytes (shell-guard reads only `command`).
fn tool_input_shape_payload(size: usize) -> Vec<u8> {
    let numbers = vec!["1"; size / 2].join(",");
    format!(
        r#"{{"conversation_id":"{SESSION}","generation_id":"{GENERATION}","model":"default","tool_name":"Shell","tool_input":{{"command":"rm -rf /","cwd":"","numbers":[{numbers}]}},"tool_use_id":"t","cwd":"",{}"#,
        common_tail("preToolUse")
    )
    .into_bytes()
}

/// Exactly `len` bytes of ASCII text made of `line(0)`, `line(1)`, …
fn text_of(len: usize, line: impl Fn(usize) -> String) -> String {
    let mut text = String::with_capacity(len + 256);
    let mut i = 0;
    while text.len() < len {
        text.push_str(&line(i));
        i += 1;
    }
    text.truncate(len);
    text
}

fn json_string(text: &str) -> String {
    serde_json::to_string(text).expect("a string serializes")
}

// ---------------------------------------------------------------------------------------------
// Subjects and measurements

struct Subject {
    name: String,
    program: PathBuf,
    args: Vec<OsString>,
    envs: Vec<(OsString, OsString)>,
}

impl Subject {
    fn binary(name: &str, program: impl Into<PathBuf>) -> Subject {
        Subject {
            name: name.to_owned(),
            program: program.into(),
            args: Vec::new(),
            envs: Vec::new(),
        }
    }

    fn arg(mut self, arg: &std::ffi::OsStr) -> Subject {
        self.args.push(arg.to_owned());
        self
    }

    fn env(mut self, key: &str, value: &std::ffi::OsStr) -> Subject {
        self.envs.push((key.into(), value.to_owned()));
        self
    }

    /// `program args…`, optionally behind a wrapper (valgrind, /usr/bin/time).
    fn command(&self, wrapper: &[OsString]) -> Command {
        let mut command = match wrapper.split_first() {
            Some((first, rest)) => {
                let mut command = Command::new(first);
                command.args(rest).arg(&self.program);
                command
            }
            None => Command::new(&self.program),
        };
        command.args(&self.args);
        command.envs(self.envs.iter().map(|(k, v)| (k, v)));
        command
    }
}

/// One run: spawn, pipe the payload in, read the answer, wait. Returns the wall time and stdout.
fn run_once(subject: &Subject, payload: &Payload) -> (Duration, Vec<u8>) {
    let start = Instant::now();
    let mut child = subject
        .command(&[])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("could not start {}: {e}", subject.program.display()));
    let mut stdin = child.stdin.take().expect("piped stdin");
    let mut stdout = child.stdout.take().expect("piped stdout");
    let mut answer = Vec::new();
    if payload.bytes.len() <= 16 << 10 {
        // Fits the pipe: write it all, then read. A binary that exits without reading
        // (/bin/true) makes the write fail, which is fine.
        let _ = stdin.write_all(&payload.bytes);
        drop(stdin);
        let _ = stdout.read_to_end(&mut answer);
    } else {
        std::thread::scope(|scope| {
            scope.spawn(move || {
                let _ = stdin.write_all(&payload.bytes);
            });
            let _ = stdout.read_to_end(&mut answer);
        });
    }
    let _ = child.wait();
    (start.elapsed(), answer)
}

/// Runs every `(subject, payload, every)` once per round (every `every`-th round), `rounds`
/// times, rotating the order each round; returns the times per subject.
fn interleaved(subjects: &[(&Subject, &Payload, usize)], rounds: usize) -> Vec<Vec<Duration>> {
    // Warm up the page cache and the dynamic loader.
    for (subject, payload, _) in subjects {
        for _ in 0..3 {
            run_once(subject, payload);
        }
    }
    let mut times = vec![Vec::with_capacity(rounds); subjects.len()];
    for round in 0..rounds {
        for k in 0..subjects.len() {
            let i = (round + k) % subjects.len();
            let (subject, payload, every) = subjects[i];
            if round.is_multiple_of(every) {
                times[i].push(run_once(subject, payload).0);
            }
        }
    }
    times
}

/// The `p`-th percentile (nearest rank) of `times`.
fn percentile(times: &[Duration], p: usize) -> Duration {
    let mut sorted = times.to_vec();
    sorted.sort();
    match sorted.len() {
        0 => Duration::ZERO,
        n => sorted[(n * p).div_ceil(100).clamp(1, n) - 1],
    }
}

fn median(times: &[Duration]) -> Duration {
    let mut sorted = times.to_vec();
    sorted.sort();
    match sorted.len() {
        0 => Duration::ZERO,
        n if n % 2 == 1 => sorted[n / 2],
        n => (sorted[n / 2 - 1] + sorted[n / 2]) / 2,
    }
}

/// Instructions executed (callgrind's `summary:`/`totals:` line), all threads and every
/// process the subject forks (bash's `cat` and `jq`): one file per process. An image that
/// `exec` replaces leaves no count (the file of the same process is the last image's).
fn callgrind(dir: &Path, subject: &Subject, payload: &Payload) -> u64 {
    let outs = dir.join("callgrind");
    let _ = fs::remove_dir_all(&outs);
    fs::create_dir_all(&outs).expect("a folder for callgrind's files");
    let status = subject
        .command(&[
            "valgrind".into(),
            "--tool=callgrind".into(),
            "--trace-children=yes".into(),
            format!("--callgrind-out-file={}/%p", outs.display()).into(),
        ])
        .stdin(File::open(&payload.path).expect("open a payload"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("run valgrind");
    assert!(
        status.success() || subject.name == "/bin/true",
        "{} under callgrind on {} failed: {status}",
        subject.name,
        payload.name
    );
    let total = fs::read_dir(&outs)
        .expect("read callgrind's files")
        .map(|entry| {
            let text = fs::read_to_string(entry.expect("a callgrind file").path())
                .expect("read the callgrind output");
            callgrind_total(&text).expect("a summary: or totals: line")
        })
        .sum();
    let _ = fs::remove_dir_all(&outs);
    total
}

fn callgrind_total(text: &str) -> Option<u64> {
    let line = text
        .lines()
        .find(|l| l.starts_with("summary:"))
        .or_else(|| text.lines().find(|l| l.starts_with("totals:")))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Peak resident set in KiB (`/usr/bin/time -f %M`), the median of three runs.
fn peak_rss(dir: &Path, subject: &Subject, payload: &Payload) -> u64 {
    let report = dir.join("time.out");
    let mut samples: Vec<u64> = (0..3)
        .map(|_| {
            subject
                .command(&[
                    "/usr/bin/time".into(),
                    "-f".into(),
                    "%M".into(),
                    "-o".into(),
                    report.clone().into(),
                ])
                .stdin(File::open(&payload.path).expect("open a payload"))
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .expect("run /usr/bin/time");
            fs::read_to_string(&report)
                .ok()
                .and_then(|text| text.lines().last()?.trim().parse().ok())
                .expect("/usr/bin/time reports %M")
        })
        .collect();
    samples.sort_unstable();
    samples[1]
}

// ---------------------------------------------------------------------------------------------
// Build cost

struct BuildCost {
    framework_clean: Duration,
    deps_clean: Duration,
    framework_incremental: Duration,
    deps_incremental: Duration,
    clean: usize,
    edits: usize,
}

impl BuildCost {
    fn rows(&self, table: &mut Table) {
        let section = "5. build (debug, 2 crates in a temp dir)";
        table.ratio_row(
            section,
            format!("clean `cargo build` (median of {})", self.clean),
            "one-hook crate on cursor-hooks",
            Value::Time(self.framework_clean),
            Value::Time(self.deps_clean),
            Some(1.2),
        );
        table.ratio_row(
            section,
            format!("clean `cargo build` (median of {})", self.clean),
            "same external crates only (the floor)",
            Value::Time(self.deps_clean),
            Value::Time(self.deps_clean),
            None,
        );
        table.absolute_row(
            section,
            format!(
                "rebuild after editing the handler (median of {})",
                self.edits
            ),
            "one-hook crate on cursor-hooks",
            Value::Time(self.framework_incremental),
            Duration::from_secs(2),
        );
        table.absolute_row(
            section,
            format!("rebuild after editing main.rs (median of {})", self.edits),
            "same external crates only (the floor)",
            Value::Time(self.deps_incremental),
            Duration::from_secs(2),
        );
    }
}

/// The `[workspace.dependencies]` lines of the workspace manifest for `names`, so the
/// dependencies-only crate builds exactly the versions and features the framework uses.
fn workspace_dependency_lines(workspace: &Path, names: &[&str]) -> Result<String, String> {
    let manifest = fs::read_to_string(workspace.join("Cargo.toml")).map_err(|e| e.to_string())?;
    let mut in_section = false;
    let mut lines = String::new();
    for line in manifest.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with('[') {
            in_section = trimmed == "[workspace.dependencies]";
            continue;
        }
        let name = trimmed.split(['=', ' ']).next().unwrap_or("");
        if in_section && names.contains(&name) {
            lines.push_str(trimmed);
            lines.push('\n');
        }
    }
    Ok(lines)
}

fn framework_main(edit: usize) -> String {
    format!(
        r#"use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeShellExecution")]
fn guard(input: BeforeShellExecution) -> BeforeShellExecutionResponse {{
    if input.command.contains("rm -rf") {{
        BeforeShellExecutionResponse::deny("rm -rf is blocked (edit {edit}): delete specific paths instead")
    }} else {{
        no_opinion()
    }}
}}

cursor_hooks::main!(guard);
"#
    )
}

fn deps_main(edit: usize) -> String {
    format!(
        r#"use std::io::Read;

#[derive(serde::Deserialize)]
struct Payload {{
    command: Option<String>,
}}

fn main() {{
    let mut input = Vec::new();
    std::io::stdin().read_to_end(&mut input).unwrap();
    let payload: Payload = serde_json::from_slice(&input).unwrap();
    let version = semver::Version::parse("2.4.21").unwrap();
    if payload.command.unwrap_or_default().contains("rm -rf") && version.major > 1 {{
        println!("{{}}", serde_json::json!({{ "permission": "deny", "user_message": "rm -rf is blocked (edit {edit})" }}));
    }} else {{
        println!("{{{{}}}}");
    }}
}}
"#
    )
}

const DEPS_BUILD_RS: &str = r#"// Uses syn, quote and proc-macro2 as the framework's proc macro does: compiled for the host.
fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let file: syn::File = syn::parse_str("fn handler() {}").expect("parses");
    let tokens: proc_macro2::TokenStream = quote::quote!(#file);
    assert!(!tokens.is_empty());
}
"#;

/// Runs `cargo <args> --offline --quiet` in `crate_dir` with its own target dir; returns the
/// wall time.
fn cargo(crate_dir: &Path, args: &[&str], target: &Path) -> Result<Duration, String> {
    let start = Instant::now();
    let output = Command::new("cargo")
        .args(args)
        .args(["--offline", "--quiet"])
        .current_dir(crate_dir)
        .env("CARGO_TARGET_DIR", target)
        // The crate's own rust-toolchain.toml (a copy of the workspace's) picks the toolchain.
        .env_remove("RUSTUP_TOOLCHAIN")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("could not run cargo: {e}"))?;
    let elapsed = start.elapsed();
    if !output.status.success() {
        return Err(format!(
            "`cargo {}` in {} failed: {}",
            args.join(" "),
            crate_dir.display(),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(elapsed)
}

/// The lines of one `[section]` of a manifest, without the header.
fn manifest_section(manifest: &str, header: &str) -> String {
    let mut in_section = false;
    let mut lines = String::new();
    for line in manifest.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with('[') {
            in_section = trimmed == header;
            continue;
        }
        if in_section {
            lines.push_str(line);
            lines.push('\n');
        }
    }
    lines
}

const VARIANT_WITH: &str = "shell-guard rebuilt in a temp crate (`timeout = 5`, as is)";
const VARIANT_WITHOUT: &str = "shell-guard rebuilt without `timeout` (no deadline timer)";

/// Builds `examples/src/shell_guard.rs` twice in a temp crate with the workspace's release
/// profile: as is (`timeout = 5`, handler on a deadline thread) and with `timeout` removed.
fn build_variants(dir: &Path, workspace: &Path) -> Result<(PathBuf, PathBuf), String> {
    let source = fs::read_to_string(workspace.join("examples/src/shell_guard.rs"))
        .map_err(|e| e.to_string())?;
    let without = source.replace(", timeout = 5", "");
    if without == source {
        return Err("examples/src/shell_guard.rs has no `timeout = 5` any more".to_owned());
    }
    let files = [
        ("src/lib.rs", "pub mod with_timeout;\npub mod without_timeout;\n".to_owned()),
        ("src/with_timeout.rs", source),
        ("src/without_timeout.rs", without),
        (
            "src/bin/with-timeout.rs",
            "cursor_hooks::main!(bench_variants::with_timeout::guard, bench_variants::with_timeout::pre_tool);\n".to_owned(),
        ),
        (
            "src/bin/without-timeout.rs",
            "cursor_hooks::main!(bench_variants::without_timeout::guard, bench_variants::without_timeout::pre_tool);\n".to_owned(),
        ),
    ];
    let release = release_crate(dir, workspace, "bench-variants", "", &files)?;
    Ok((
        release.join("with-timeout"),
        release.join("without-timeout"),
    ))
}

const ONE_HOST: &str = "shell-guard, Cursor only (`features = [\"cursor\"]`)";

/// Builds shell-guard's Cursor handlers (its source up to the first handler of another host)
/// in a temp crate that turns on the runtime's `cursor` feature alone: the one-host hook whose
/// size and instructions the suite guards, so another host cannot make every hook bigger.
fn build_one_host(dir: &Path, workspace: &Path) -> Result<PathBuf, String> {
    let source = fs::read_to_string(workspace.join("examples/src/shell_guard.rs"))
        .map_err(|e| e.to_string())?;
    let other = ["#[claude_hook(", "#[codex_hook(", "#[copilot_hook("];
    let first = other
        .iter()
        .filter_map(|attribute| source.find(attribute))
        .min()
        .ok_or("examples/src/shell_guard.rs has no handler of another host any more")?;
    // Back to the blank line before that handler's doc comment.
    let end = source[..first]
        .rfind("\n\n")
        .ok_or("no blank line before it")?;
    let cursor_only = &source[..=end];
    if other
        .iter()
        .any(|attribute| cursor_only.contains(attribute))
    {
        return Err("shell_guard.rs's Cursor handlers are no longer first".to_owned());
    }
    let files = [
        ("src/lib.rs", "pub mod shell_guard;\n".to_owned()),
        ("src/shell_guard.rs", cursor_only.to_owned()),
        (
            "src/bin/cursor-only.rs",
            "cursor_hooks::main!(bench_one_host::shell_guard::guard, bench_one_host::shell_guard::pre_tool);\n".to_owned(),
        ),
    ];
    let options = ", default-features = false, features = [\"cursor\"]";
    Ok(release_crate(dir, workspace, "bench-one-host", options, &files)?.join("cursor-only"))
}

/// Writes a temp crate `name` (the runtime by path with `options`, the workspace's release
/// profile, `files`) under `dir/build` and builds it; returns its release folder.
fn release_crate(
    dir: &Path,
    workspace: &Path,
    name: &str,
    options: &str,
    files: &[(&str, String)],
) -> Result<PathBuf, String> {
    let crate_dir = dir.join("build").join(name);
    let root_manifest =
        fs::read_to_string(workspace.join("Cargo.toml")).map_err(|e| e.to_string())?;
    let manifest = format!(
        "[package]\nname = \"{name}\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
         [dependencies]\ncursor-hooks = {{ path = {:?}{options} }}\n\n[workspace]\n\n[profile.release]\n{}",
        workspace.join("runtime").display().to_string(),
        manifest_section(&root_manifest, "[profile.release]")
    );
    fs::create_dir_all(crate_dir.join("src/bin")).map_err(|e| e.to_string())?;
    fs::write(crate_dir.join("Cargo.toml"), manifest).map_err(|e| e.to_string())?;
    for (path, text) in files {
        fs::write(crate_dir.join(path), text).map_err(|e| e.to_string())?;
    }
    copy_workspace_files(&crate_dir, workspace)?;
    let target = crate_dir.join("target");
    cargo(&crate_dir, &["build", "--release"], &target)?;
    Ok(target.join("release"))
}

const UNIFIED: &str = "unified-shell-guard (one `#[hook]` function, five entries)";
const PER_HOST: &str = "shell-guard's five per-host handlers of the same entries";

/// Builds `unified-shell-guard` and the per-host handlers it replaces (shell-guard's, less its
/// Claude Code skill-line handler: the same five host entries) in one temp crate, so both
/// share a profile and a build; returns (unified, per-host).
fn build_unified_pair(dir: &Path, workspace: &Path) -> Result<(PathBuf, PathBuf), String> {
    let read = |file: &str| {
        fs::read_to_string(workspace.join("examples/src").join(file)).map_err(|e| e.to_string())
    };
    let files = [
        ("src/lib.rs", "pub mod shell_guard;\npub mod unified_shell_guard;\n".to_owned()),
        ("src/shell_guard.rs", read("shell_guard.rs")?),
        ("src/unified_shell_guard.rs", read("unified_shell_guard.rs")?),
        (
            "src/bin/unified.rs",
            "cursor_hooks::main!(bench_unified::unified_shell_guard::guard);\n".to_owned(),
        ),
        (
            "src/bin/per-host.rs",
            "use bench_unified::shell_guard::*;\ncursor_hooks::main!(guard, pre_tool, claude_bash, codex_bash, copilot_bash);\n".to_owned(),
        ),
    ];
    let release = release_crate(dir, workspace, "bench-unified", "", &files)?;
    Ok((release.join("unified"), release.join("per-host")))
}

const STATIC_FLOOR: &str = "floor, static (`+crt-static`)";
const STATIC_FRAMEWORK: &str = "shell-guard, static (`+crt-static`)";

const PACKAGED: &str = "shell-guard, packaged (one binary: `bin/NAME` is the binary)";
const PACKAGED_LAUNCHER: &str = "shell-guard, packaged for two platforms (`sh` launcher)";

/// The packaged `shell-guard`s, as `bin/shell-guard` of each plugin `cursor-hooks package`
/// (built into `target/bench-cli`) writes: given the suite's binary alone (the binary itself),
/// and given it with a second platform (the `sh` launcher, which starts the first).
fn package_plugins(dir: &Path, workspace: &Path) -> Result<(PathBuf, PathBuf), String> {
    // The second platform: the same bytes with the other processor in the ELF header
    // (`e_machine`, byte 18), so it carries the same handlers; it is never started.
    let mut other = fs::read(SHELL_GUARD).map_err(|e| e.to_string())?;
    let machine: u16 = if cfg!(target_arch = "x86_64") {
        183
    } else {
        62
    };
    other
        .get_mut(18..20)
        .ok_or("shell-guard is not an ELF file")?
        .copy_from_slice(&machine.to_le_bytes());
    let other_path = dir.join("other-platform").join("shell-guard");
    fs::create_dir_all(dir.join("other-platform")).map_err(|e| e.to_string())?;
    fs::write(&other_path, other).map_err(|e| e.to_string())?;
    let one = dir.join("plugin");
    let two = dir.join("plugin-two-platforms");
    for (plugin, binaries) in [
        (&one, vec![PathBuf::from(SHELL_GUARD)]),
        (&two, vec![PathBuf::from(SHELL_GUARD), other_path]),
    ] {
        let mut command = Command::new("cargo");
        command
            .args(["run", "--quiet", "-p", "cursor-hooks-cli", "--"])
            .args(["package", "--out"])
            .arg(plugin)
            .args(&binaries)
            .current_dir(workspace)
            .env(
                "CARGO_TARGET_DIR",
                workspace.join("target").join("bench-cli"),
            );
        succeeds(command, "cursor-hooks package")?;
    }
    Ok((
        one.join("bin").join("shell-guard"),
        two.join("bin").join("shell-guard"),
    ))
}

/// Runs `command` (a cargo), its stdout dropped; `what` failed, with its stderr, if it did.
fn succeeds(mut command: Command, what: &str) -> Result<(), String> {
    let output = command
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("could not run cargo: {e}"))?;
    if output.status.success() {
        Ok(())
    } else {
        Err(format!(
            "{what} failed: {}",
            String::from_utf8_lossy(&output.stderr)
        ))
    }
}

/// Builds the floor and `shell-guard` with the README's static recipe into
/// `target/bench-static`: the target given explicitly, so `+crt-static` reaches the hook
/// binaries but not the host builds of the proc macros.
fn build_static(workspace: &Path) -> Result<(PathBuf, PathBuf), String> {
    const TARGET: &str = "x86_64-unknown-linux-gnu";
    let target_dir = workspace.join("target").join("bench-static");
    let mut command = Command::new("cargo");
    command
        .args(["build", "--release", "--quiet", "--target", TARGET])
        .args(["-p", "cursor-hooks-examples"])
        .args(["--bin", "handwritten-shell-guard", "--bin", "shell-guard"])
        .current_dir(workspace)
        .env("CARGO_TARGET_DIR", &target_dir)
        .env(
            "CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUSTFLAGS",
            "-C target-feature=+crt-static",
        );
    succeeds(command, "the static build")?;
    let release = target_dir.join(TARGET).join("release");
    let binaries = (
        release.join("handwritten-shell-guard"),
        release.join("shell-guard"),
    );
    for binary in [&binaries.0, &binaries.1] {
        if asks_for_a_loader(binary)? {
            return Err(format!(
                "{} still asks for a dynamic loader",
                binary.display()
            ));
        }
    }
    Ok(binaries)
}

/// Whether an x86_64 ELF file has a `PT_INTERP` program header (a dynamic loader to start it).
fn asks_for_a_loader(binary: &Path) -> Result<bool, String> {
    const PT_INTERP: u32 = 3;
    let bytes = fs::read(binary).map_err(|e| format!("{}: {e}", binary.display()))?;
    let field = |at: usize, len: usize| -> Result<u64, String> {
        let slice = bytes.get(at..at + len).ok_or("a truncated ELF file")?;
        Ok(slice.iter().rev().fold(0, |n, &b| n << 8 | u64::from(b)))
    };
    if bytes.get(..5) != Some(b"\x7fELF\x02") {
        return Err(format!("{} is not a 64-bit ELF file", binary.display()));
    }
    let (offset, size, count) = (field(0x20, 8)?, field(0x36, 2)?, field(0x38, 2)?);
    for i in 0..count {
        if field((offset + i * size) as usize, 4)? == u64::from(PT_INTERP) {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The workspace's lock file (same dependency versions) and toolchain file.
fn copy_workspace_files(crate_dir: &Path, workspace: &Path) -> Result<(), String> {
    fs::copy(workspace.join("Cargo.lock"), crate_dir.join("Cargo.lock"))
        .map_err(|e| e.to_string())?;
    let toolchain = workspace.join("rust-toolchain.toml");
    if toolchain.exists() {
        fs::copy(toolchain, crate_dir.join("rust-toolchain.toml")).map_err(|e| e.to_string())?;
    }
    Ok(())
}

fn build_cost(
    dir: &Path,
    workspace: &Path,
    clean: usize,
    edits: usize,
) -> Result<BuildCost, String> {
    let root = dir.join("build");
    let framework = root.join("one-hook");
    let deps = root.join("deps-only");
    let runtime = workspace.join("runtime");
    let dependency_lines = workspace_dependency_lines(
        workspace,
        &[
            "syn",
            "quote",
            "proc-macro2",
            "serde",
            "serde_json",
            "semver",
        ],
    )?;
    let manifests = [
        (
            &framework,
            format!(
                "[package]\nname = \"bench-one-hook\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
                 [dependencies]\ncursor-hooks = {{ path = {:?} }}\n\n[workspace]\n",
                runtime.display().to_string()
            ),
            framework_main(0),
        ),
        (
            &deps,
            format!(
                "[package]\nname = \"bench-deps-only\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
                 [dependencies]\nserde = {{ workspace = true, features = [\"derive\"] }}\nserde_json = {{ workspace = true }}\nsemver = {{ workspace = true }}\n\n\
                 [build-dependencies]\nsyn = {{ workspace = true, features = [\"full\", \"parsing\", \"printing\", \"proc-macro\"] }}\nquote = {{ workspace = true }}\nproc-macro2 = {{ workspace = true }}\n\n\
                 [workspace]\n\n[workspace.dependencies]\n{dependency_lines}"
            ),
            deps_main(0),
        ),
    ];
    for (crate_dir, manifest, main) in &manifests {
        fs::create_dir_all(crate_dir.join("src")).map_err(|e| e.to_string())?;
        fs::write(crate_dir.join("Cargo.toml"), manifest).map_err(|e| e.to_string())?;
        fs::write(crate_dir.join("src/main.rs"), main).map_err(|e| e.to_string())?;
        copy_workspace_files(crate_dir, workspace)?;
    }
    fs::write(deps.join("build.rs"), DEPS_BUILD_RS).map_err(|e| e.to_string())?;

    // Resolve both (the lock file is trimmed to each crate) outside the timings.
    for crate_dir in [&framework, &deps] {
        cargo(
            crate_dir,
            &["metadata", "--format-version=1"],
            &crate_dir.join("target"),
        )?;
    }
    // Clean builds in the order deps, framework, framework, deps, … so that a drift in the
    // machine's load hits both alike.
    let mut framework_clean = Vec::new();
    let mut deps_clean = Vec::new();
    for round in 0..clean {
        let order = if round.is_multiple_of(2) {
            [&deps, &framework]
        } else {
            [&framework, &deps]
        };
        for crate_dir in order {
            let target = crate_dir.join("target");
            let _ = fs::remove_dir_all(&target);
            let took = cargo(crate_dir, &["build"], &target)?;
            if crate_dir == &framework {
                framework_clean.push(took);
            } else {
                deps_clean.push(took);
            }
        }
    }
    let mut framework_times = Vec::new();
    let mut deps_times = Vec::new();
    for edit in 1..=edits {
        fs::write(framework.join("src/main.rs"), framework_main(edit))
            .map_err(|e| e.to_string())?;
        framework_times.push(cargo(&framework, &["build"], &framework.join("target"))?);
        fs::write(deps.join("src/main.rs"), deps_main(edit)).map_err(|e| e.to_string())?;
        deps_times.push(cargo(&deps, &["build"], &deps.join("target"))?);
    }
    Ok(BuildCost {
        framework_clean: median(&framework_clean),
        deps_clean: median(&deps_clean),
        framework_incremental: median(&framework_times),
        deps_incremental: median(&deps_times),
        clean,
        edits,
    })
}

// ---------------------------------------------------------------------------------------------
// The table

enum Value {
    Time(Duration),
    Count(u64),
    Bytes(u64),
}

impl Value {
    fn number(&self) -> f64 {
        match self {
            Value::Time(t) => t.as_secs_f64(),
            Value::Count(n) | Value::Bytes(n) => *n as f64,
        }
    }
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Time(t) if *t >= Duration::from_secs(1) => {
                write!(f, "{:.2} s", t.as_secs_f64())
            }
            Value::Time(t) => write!(f, "{:.3} ms", t.as_secs_f64() * 1e3),
            Value::Count(n) => write!(f, "{}", thousands(*n)),
            Value::Bytes(n) if *n >= 1 << 20 => {
                write!(f, "{:.2} MiB", *n as f64 / f64::from(1 << 20))
            }
            Value::Bytes(n) => write!(f, "{} KiB", thousands(n.div_ceil(1024))),
        }
    }
}

fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[derive(Default)]
struct Table {
    rows: Vec<[String; 7]>,
}

impl Table {
    /// A row compared to the floor of the same run; `target` is the largest ratio allowed.
    fn ratio_row(
        &mut self,
        section: &str,
        what: String,
        subject: &str,
        value: Value,
        floor: Value,
        target: Option<f64>,
    ) {
        let ratio = value.number() / floor.number();
        let (target, verdict) = match target {
            Some(max) => (format!("≤ {max:.2}x"), verdict(ratio <= max)),
            None => (String::new(), String::new()),
        };
        self.rows.push([
            section.to_owned(),
            what,
            subject.to_owned(),
            value.to_string(),
            format!("{ratio:.2}x"),
            target,
            verdict,
        ]);
    }

    /// Peak RSS, compared to the floor and checked against `RSS_TARGET` times the payload's size.
    fn memory_row(&mut self, payload: &Payload, subject: &str, kib: u64, floor: u64, check: bool) {
        let of_payload = (kib * 1024) as f64 / payload.bytes.len() as f64;
        self.rows.push([
            "3. large payload, peak RSS".to_owned(),
            format!(
                "{} ({:.2} MiB payload)",
                payload.label,
                payload.bytes.len() as f64 / f64::from(1 << 20)
            ),
            subject.to_owned(),
            format!("{} ({of_payload:.2}x payload)", Value::Bytes(kib * 1024)),
            format!("{:.2}x", kib as f64 / floor as f64),
            if check {
                format!("≤ {RSS_TARGET}x payload")
            } else {
                String::new()
            },
            if check {
                verdict(of_payload <= RSS_TARGET)
            } else {
                String::new()
            },
        ]);
    }

    /// Peak RSS on a shape payload, checked against `SHAPE_RSS_TARGET` x payload + slack.
    fn shape_row(&mut self, payload: &Payload, subject: &str, kib: u64) {
        let bytes = payload.bytes.len() as u64;
        let of_payload = (kib * 1024) as f64 / bytes as f64;
        let limit = (SHAPE_RSS_TARGET * bytes as f64) as u64 + SHAPE_RSS_SLACK;
        self.rows.push([
            "3b. payload shapes, peak RSS".to_owned(),
            format!(
                "{} ({:.2} MiB payload)",
                payload.label,
                bytes as f64 / f64::from(1 << 20)
            ),
            subject.to_owned(),
            format!("{} ({of_payload:.2}x payload)", Value::Bytes(kib * 1024)),
            String::new(),
            format!("≤ {SHAPE_RSS_TARGET}x payload + 16 MiB"),
            verdict(kib * 1024 <= limit),
        ]);
    }

    /// A row checked against an absolute limit.
    fn absolute_row(
        &mut self,
        section: &str,
        what: String,
        subject: &str,
        value: Value,
        max: Duration,
    ) {
        let ok = value.number() <= max.as_secs_f64();
        self.rows.push([
            section.to_owned(),
            what,
            subject.to_owned(),
            value.to_string(),
            String::new(),
            format!("≤ {} s", max.as_secs()),
            verdict(ok),
        ]);
    }

    fn render(&self) -> String {
        let mut out = String::from(
            "| Measurement | Payload / case | Subject | Value | vs floor | Target | |\n|---|---|---|--:|--:|---|---|\n",
        );
        for row in &self.rows {
            let _ = writeln!(out, "| {} |", row.join(" | "));
        }
        out
    }
}

fn verdict(ok: bool) -> String {
    if ok { "✓" } else { "✗" }.to_owned()
}

// ---------------------------------------------------------------------------------------------
// The environment

struct Tools {
    node: Option<PathBuf>,
    /// bash and jq, for the hook users write most in shell.
    bash_jq: Option<PathBuf>,
    python: Option<PathBuf>,
    valgrind: bool,
    time: bool,
}

impl Tools {
    fn detect() -> Tools {
        Tools {
            node: which("node"),
            bash_jq: which("jq").and(which("bash")),
            // The interpreter itself, not a wrapper (pyenv's `python3` is a shell script).
            python: which("python3").and_then(|shim| {
                let out = Command::new(shim)
                    .args(["-c", "import sys; print(sys.executable)"])
                    .output()
                    .ok()?;
                let path = String::from_utf8(out.stdout).ok()?;
                Some(PathBuf::from(path.trim())).filter(|p| p.is_file())
            }),
            valgrind: Command::new("valgrind")
                .arg("--version")
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success()),
            time: Path::new("/usr/bin/time").exists(),
        }
    }
}

fn which(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|candidate| {
            candidate.is_file()
                && Command::new(candidate)
                    .arg("--version")
                    .stdout(Stdio::null())
                    .stderr(Stdio::null())
                    .status()
                    .is_ok_and(|s| s.success())
        })
}

fn true_path() -> PathBuf {
    let bin = PathBuf::from("/bin/true");
    if bin.exists() {
        bin
    } else {
        which("true").unwrap_or_else(|| PathBuf::from("true"))
    }
}

fn version_of(program: &Path, arg: &str) -> String {
    Command::new(program)
        .arg(arg)
        .output()
        .ok()
        .map(|o| {
            let text = if o.stdout.is_empty() {
                o.stderr
            } else {
                o.stdout
            };
            String::from_utf8_lossy(&text)
                .lines()
                .next()
                .unwrap_or("")
                .trim()
                .to_owned()
        })
        .unwrap_or_default()
}

fn machine(tools: &Tools) -> String {
    let cores = std::thread::available_parallelism().map_or(0, std::num::NonZero::get);
    let cpu = fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_owned())
        })
        .unwrap_or_else(|| "unknown CPU".to_owned());
    let rustc = version_of(Path::new("rustc"), "--version");
    let mut line = format!("Machine: {cores} cores ({cpu}); {rustc}");
    if let Some(node) = &tools.node {
        let _ = write!(line, "; node {}", version_of(node, "--version"));
    }
    if let Some(python) = &tools.python {
        let _ = write!(line, "; {}", version_of(python, "--version"));
    }
    if tools.valgrind {
        let _ = write!(line, "; {}", version_of(Path::new("valgrind"), "--version"));
    }
    line
}

// ---------------------------------------------------------------------------------------------
// `--annotate`: where the instructions go, per function

fn annotate(dir: &Path, workspace: &Path, payloads: &[&Payload]) {
    let target = workspace.join("target").join("bench-symbols");
    eprintln!("building symbolized binaries into {}…", target.display());
    let status = Command::new("cargo")
        .args([
            "build",
            "--release",
            "--quiet",
            "-p",
            "cursor-hooks-examples",
            "--bin",
            "shell-guard",
            "--bin",
            "policy",
            "--bin",
            "handwritten-shell-guard",
        ])
        .current_dir(workspace)
        .env("CARGO_TARGET_DIR", &target)
        .env("CARGO_PROFILE_RELEASE_STRIP", "none")
        .env("CARGO_PROFILE_RELEASE_DEBUG", "line-tables-only")
        .status();
    if !status.is_ok_and(|s| s.success()) {
        eprintln!("could not build the symbolized binaries");
        return;
    }
    for payload in payloads {
        let framework = if payload.name.starts_with("before-read") {
            "policy"
        } else {
            "shell-guard"
        };
        for name in [framework, "handwritten-shell-guard"] {
            let out = dir.join(format!("callgrind.{name}.{}", payload.name));
            let _ = Command::new("valgrind")
                .arg("--tool=callgrind")
                .arg(format!("--callgrind-out-file={}", out.display()))
                .arg(target.join("release").join(name))
                .stdin(File::open(&payload.path).expect("open a payload"))
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status();
            let report = Command::new("callgrind_annotate")
                .args(["--inclusive=yes"])
                .arg(&out)
                .output();
            println!(
                "\n### {name} on {}: top of `callgrind_annotate --inclusive=yes`\n",
                payload.name
            );
            if let Ok(report) = report {
                let text = String::from_utf8_lossy(&report.stdout);
                println!("```");
                let functions = text
                    .lines()
                    .skip_while(|l| !l.contains("PROGRAM TOTALS"))
                    .filter(|l| !l.starts_with("---"))
                    .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with("Ir"));
                for line in functions.take(45) {
                    println!("{}", shorten(line));
                }
                println!("```");
            }
        }
    }
}

/// A `callgrind_annotate` line without the source and object paths: `count (%)  function`.
fn shorten(line: &str) -> String {
    let line = line.split(" [/").next().unwrap_or(line);
    match line.find(')') {
        Some(end) => {
            let (count, rest) = line.split_at(end + 1);
            let function = rest
                .trim()
                .rsplit_once(".rs:")
                .map_or(rest.trim(), |(_, f)| f);
            let function = function.rsplit_once(".c:").map_or(function, |(_, f)| f);
            format!("{count}  {function}")
        }
        None => line.to_owned(),
    }
}

// ---------------------------------------------------------------------------------------------
// The Node and Python versions of the hook (written to the temp dir at bench time)

const NODE_HOOK: &str = r#"// shell-guard in Node: the same decision as the floor.
const chunks = [];
process.stdin.on("data", (chunk) => chunks.push(chunk));
process.stdin.on("end", () => {
  let answer = {};
  try {
    const payload = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    const command = payload.hook_event_name === "beforeShellExecution" ? payload.command || "" : "";
    if (command.includes("rm -rf") || command.includes("rm -fr")) {
      answer = {
        permission: "deny",
        user_message: "rm -rf is blocked by the shell guard: delete the specific files or directories you mean, one path at a time, or ask the user to run it.",
      };
    } else if (forcePush(command)) {
      answer = {
        permission: "deny",
        user_message: "This command force-pushes and may overwrite commits on the remote. Run it?",
      };
    }
  } catch (error) {
    process.stderr.write(`shell-guard.js: bad payload: ${error}\n`);
  }
  process.stdout.write(JSON.stringify(answer));
});

function forcePush(command) {
  const words = command.split(/\s+/).filter((w) => w.length > 0);
  for (let at = 0; at + 1 < words.length; at++) {
    if (words[at] !== "git" || words[at + 1] !== "push") continue;
    for (const word of words.slice(at + 2)) {
      if (["&&", "||", ";", "|"].includes(word)) break;
      if (word === "--force" || word === "-f") return true;
    }
  }
  return false;
}
"#;

const BASH_JQ_HOOK: &str = r#"# shell-guard in bash with jq: the same decision as the floor.
payload=$(cat)
if ! command=$(jq -r 'if .hook_event_name == "beforeShellExecution" then .command // "" else "" end' <<<"$payload"); then
  echo "shell-guard.sh: bad payload" >&2
  printf '{}'
  exit 0
fi
case $command in
*"rm -rf"* | *"rm -fr"*)
  printf '%s' '{"permission":"deny","user_message":"rm -rf is blocked by the shell guard: delete the specific files or directories you mean, one path at a time, or ask the user to run it."}'
  exit 0
  ;;
esac
read -ra words -d '' <<<"$command" || true
for ((at = 0; at + 1 < ${#words[@]}; at++)); do
  [[ ${words[at]} == git && ${words[at + 1]} == push ]] || continue
  for word in "${words[@]:at+2}"; do
    case $word in
    '&&' | '||' | ';' | '|') break ;;
    --force | -f)
      printf '%s' '{"permission":"deny","user_message":"This command force-pushes and may overwrite commits on the remote. Run it?"}'
      exit 0
      ;;
    esac
  done
done
printf '{}'
"#;

const PYTHON_HOOK: &str = r#"# shell-guard in Python: the same decision as the floor.
import json
import sys


def force_push(command):
    words = command.split()
    for at in range(len(words) - 1):
        if words[at] == "git" and words[at + 1] == "push":
            for word in words[at + 2:]:
                if word in ("&&", "||", ";", "|"):
                    break
                if word in ("--force", "-f"):
                    return True
    return False


def main():
    answer = {}
    try:
        payload = json.loads(sys.stdin.buffer.read())
        is_shell = payload.get("hook_event_name") == "beforeShellExecution"
        command = (payload.get("command") or "") if is_shell else ""
        if "rm -rf" in command or "rm -fr" in command:
            answer = {
                "permission": "deny",
                "user_message": "rm -rf is blocked by the shell guard: delete the specific files or directories you mean, one path at a time, or ask the user to run it.",
            }
        elif force_push(command):
            answer = {
                "permission": "deny",
                "user_message": "This command force-pushes and may overwrite commits on the remote. Run it?",
            }
    except ValueError as error:
        print(f"shell_guard.py: bad payload: {error}", file=sys.stderr)
    sys.stdout.write(json.dumps(answer, separators=(",", ":")))


main()
"#;
