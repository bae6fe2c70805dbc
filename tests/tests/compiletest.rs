//! Compile-fail cases: every mistake the macro or the types must reject, with its reviewed message.
#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui/fail/*.rs");
    t.pass("ui/pass/*.rs");
}
