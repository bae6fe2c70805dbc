//! The test kit tests itself: every builder parses into its event, setters land, the runner
//! agrees with the rendering rules.

use cursor_hooks::cursor::event::*;
use cursor_hooks::cursor::Event;
use serde_json::Value;

/// Runs `builds::<E>()` for every input type.
macro_rules! builds_every_event {
    ($($ty:ident),*) => {
        $(builds::<$ty>();)*
    };
}

trait HasFixture: Event {
    fn fixture_value() -> Value;
    fn parse_fixture() -> Self;
}

macro_rules! has_fixture {
    ($($ty:ty),*) => {$(
        impl HasFixture for $ty {
            fn fixture_value() -> Value { <$ty>::fixture().to_value() }
            fn parse_fixture() -> Self { <$ty>::fixture().build() }
        }
    )*};
}

cursor_hooks::__for_each_event!(has_fixture);

fn builds<E: HasFixture>() {
    let value = E::fixture_value();
    assert_eq!(value["hook_event_name"], E::NAME);
    let input = E::parse_fixture();
    assert_eq!(input.common().hook_event_name, E::NAME);
    assert!(
        input.common().cursor_version.is_cli(),
        "{}: fixtures default to the current CLI build",
        E::NAME
    );
    // The typed input holds the whole fixture (a `null` optional field reads as absent).
    let round_trip = serde_json::to_value(&input).unwrap();
    let mut sent = value.as_object().unwrap().clone();
    sent.retain(|_, v| !v.is_null());
    assert_eq!(round_trip, Value::Object(sent), "{}", E::NAME);
}

#[test]
fn every_builder_produces_a_payload_that_parses() {
    cursor_hooks::__for_each_event!(builds_every_event);
    // 21 events, as the spec lists them.
    assert_eq!(cursor_hooks::cursor::spec::EVENTS.len(), 21);
}

#[test]
fn workspace_open_fixtures_carry_no_ids() {
    let value = WorkspaceOpen::fixture().to_value();
    for absent in [
        "conversation_id",
        "generation_id",
        "session_id",
        "model",
        "transcript_path",
    ] {
        assert!(value.get(absent).is_none(), "{absent}");
    }
}

#[test]
fn setters_and_versions_land_in_the_payload() {
    let input = BeforeShellExecution::fixture()
        .command("rm -rf /")
        .cursor_version("2.4.21")
        .cwd("/p")
        .sandbox(true)
        .build();
    assert_eq!(input.command, "rm -rf /");
    assert_eq!(
        input.common.cursor_version.ide(),
        Some(&semver::Version::new(2, 4, 21))
    );
    assert_eq!(
        (input.cwd.as_deref(), input.sandbox),
        (Some("/p"), Some(true))
    );

    let legacy = BeforeSubmitPrompt::fixture()
        .prompt("hi")
        .cursor_1_7()
        .build();
    assert!(legacy.common.cursor_version.is_missing());
    assert_eq!(legacy.common.model, None);

    let stop = Stop::fixture().loop_count(2).status("aborted").build();
    assert_eq!(
        (stop.loop_count, stop.status.as_str()),
        (Some(2), "aborted")
    );

    let unknown = AfterFileEdit::fixture().set("future_field", 7).build();
    assert_eq!(unknown.extra.get("future_field"), Some(7.into()));
}

mod replay {
    use cursor_hooks::prelude::*;
    use cursor_hooks::testing;
    use std::sync::atomic::{AtomicUsize, Ordering};

    static SEEN_REPLAYING: AtomicUsize = AtomicUsize::new(0);

    #[cursor_hook(event = "afterShellExecution")]
    fn audit(_input: &AfterShellExecution) {
        if cursor_hooks::is_replay() {
            SEEN_REPLAYING.fetch_add(1, Ordering::SeqCst);
        }
    }

    #[test]
    fn handlers_know_they_are_replayed() {
        let payload = AfterShellExecution::fixture().command("ls").to_json();
        let line = serde_json::json!({ "payload": payload, "stdout": "{}", "exit_code": 0 });
        let file = std::env::temp_dir().join(format!("replay-flag-{}.jsonl", std::process::id()));
        std::fs::write(&file, format!("{line}\n")).unwrap();

        assert!(!cursor_hooks::is_replay());
        testing::run::<audit>(AfterShellExecution::fixture());
        assert_eq!(
            SEEN_REPLAYING.load(Ordering::SeqCst),
            0,
            "a run is not a replay"
        );
        let changes = testing::replay(&[testing::handler::<audit>()], &file).unwrap();
        assert!(changes.is_empty());
        assert_eq!(
            SEEN_REPLAYING.load(Ordering::SeqCst),
            1,
            "the replayed run knew"
        );
        assert!(!cursor_hooks::is_replay(), "the flag ends with the replay");
        std::fs::remove_file(&file).unwrap();
    }
}
