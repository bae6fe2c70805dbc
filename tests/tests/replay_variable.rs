//! `CURSOR_HOOKS_REPLAY`: only `1` (what `cursor-hooks replay` sets) makes a run a replay. A
//! file of its own: the test sets the variable in this process.

#[test]
fn only_1_makes_a_replay() {
    for (value, replay) in [("1", true), ("0", false), ("false", false), ("", false)] {
        std::env::set_var("CURSOR_HOOKS_REPLAY", value);
        assert_eq!(cursor_hooks::is_replay(), replay, "{value:?}");
    }
    std::env::remove_var("CURSOR_HOOKS_REPLAY");
    assert!(!cursor_hooks::is_replay());
}
