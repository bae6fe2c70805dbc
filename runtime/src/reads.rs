//! What a handler read wrong while it ran: the tool arguments it asked for as a type they do
//! not have (`tools`, `ToolInput::str`). Recorded per thread, around the handler's call, which
//! runs on the thread that answers.

use serde_json::Value;
use std::cell::{Cell, RefCell};

thread_local! {
    /// Whether anything was recorded: checked at every call without touching [`READS`], whose
    /// first use registers a destructor (a few thousand instructions no clean run should pay).
    static RECORDED: Cell<bool> = const { Cell::new(false) };
    /// What the handler running on this thread read wrong: the first wrongly typed or missing
    /// argument, and the optional arguments read as absent.
    static READS: RefCell<Reads> = const { RefCell::new(Reads { misread: None, ignored: Vec::new() }) };
}

/// The record of one handler call's argument reads.
#[derive(Debug, Default)]
pub(crate) struct Reads {
    /// The first required argument that was missing or of another type.
    pub(crate) misread: Option<String>,
    /// The optional arguments of another type, read as absent.
    pub(crate) ignored: Vec<String>,
}

/// Starts recording the reads of a handler call on this thread.
pub(crate) fn start_reading() {
    if RECORDED.replace(false) {
        READS.with(|reads| *reads.borrow_mut() = Reads::default());
    }
}

/// What the handler call read wrong.
pub(crate) fn finish_reading() -> Reads {
    if !RECORDED.replace(false) {
        return Reads::default();
    }
    READS.with(|reads| std::mem::take(&mut *reads.borrow_mut()))
}

/// Notes that a required argument was missing or of another type.
pub(crate) fn misread(problem: String) {
    RECORDED.set(true);
    READS.with(|reads| {
        let mut reads = reads.borrow_mut();
        if reads.misread.is_none() {
            reads.misread = Some(problem);
        }
    });
}

pub(crate) fn ignored(note: String) {
    RECORDED.set(true);
    READS.with(|reads| reads.borrow_mut().ignored.push(note));
}

/// What kind of JSON a value is, for a stderr line.
pub(crate) fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a bool",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}
