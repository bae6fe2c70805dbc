//! `cursor-hooks replay` on a capture file with a line cut short (a full disk, a hook killed in
//! the middle of its write): that line is skipped with a note, every other one is replayed.

mod common;

use common::Scratch;
use serde_json::json;

#[test]
fn a_line_cut_short_is_skipped_with_one_note_and_the_others_replay() {
    let s = Scratch::new("replay-damaged");
    let hook = s.script("answers_nothing.sh", "cat >/dev/null\nprintf '{}'");
    let stop = "{\"hook_event_name\":\"stop\"}";
    let whole = json!({ "exit_code": 0, "payload": stop, "stdout": "{}" }).to_string();
    let lines = [whole.as_str(), &whole[..whole.len() / 2], whole.as_str()];
    let file = s.write("captures.jsonl", &format!("{}\n", lines.join("\n")));
    let output = s.cli(
        &[
            "replay",
            file.to_str().unwrap(),
            "--",
            hook.to_str().unwrap(),
        ],
        None,
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stdout}{stderr}");
    assert!(
        stdout.contains("0 of 2 captured answers changed"),
        "{stdout}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("captures.jsonl:2:") && stderr.contains("skipped"),
        "{stderr}"
    );

    // The runtime's reader, which `testing::replay` shares, reads the same lines.
    let read = cursor_hooks::capture::read_file(&file).unwrap();
    let numbers: Vec<usize> = read.iter().map(|(number, _)| *number).collect();
    assert_eq!(numbers, [1, 3]);

    // A line that is no record at all is still an error: this is not a capture file.
    let text = format!("{whole}\nnot a record\n{whole}\n");
    let file = s.write("not-captures.jsonl", &text);
    let output = s.cli(
        &[
            "replay",
            file.to_str().unwrap(),
            "--",
            hook.to_str().unwrap(),
        ],
        None,
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("not-captures.jsonl:2: not JSON"),
        "{stderr}"
    );
}
