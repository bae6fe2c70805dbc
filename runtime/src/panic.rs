//! Handler panics, turned into the failure policy's answer.
//!
//! With `panic = "unwind"` the panic is caught and answered like an `Err`. With
//! `panic = "abort"` nothing can be caught, so the panic hook itself writes the failure answer
//! and ends the process before the abort: the policy holds under both profiles.

use crate::process::{answer_and_exit, LateAnswer};
use std::any::Any;
use std::cell::{Cell, RefCell};
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;

/// The answer to a panic with a given message, for binaries built with `panic = "abort"`.
pub(crate) type AbortAnswer = Box<dyn Fn(&str) -> LateAnswer>;

/// While a handler runs: where the panic hook leaves the message.
struct Watch {
    message: Option<String>,
    on_abort: Option<AbortAnswer>,
}

thread_local! {
    /// A reference, not the slot itself: a thread-local that needs dropping registers a
    /// destructor on first use (~1,300 instructions at every hook start, BENCHMARKS.md). The
    /// slot is leaked once per thread that runs a handler, a few dozen bytes.
    static WATCH: Cell<Option<&'static RefCell<Option<Watch>>>> = const { Cell::new(None) };
}

/// This thread's slot, made on first use.
fn watch_slot() -> &'static RefCell<Option<Watch>> {
    WATCH.with(|cell| match cell.get() {
        Some(slot) => slot,
        None => {
            let slot: &'static RefCell<Option<Watch>> = Box::leak(Box::new(RefCell::new(None)));
            cell.set(Some(slot));
            slot
        }
    })
}

/// This thread's slot, if it ever ran a handler.
fn existing_watch_slot() -> Option<&'static RefCell<Option<Watch>>> {
    WATCH.with(Cell::get)
}

/// Runs `f`, turning a panic into its message. The default panic output is silenced for the
/// call, so nothing but the hook's one stderr line reports it. `on_abort` is the answer when
/// the binary is built with `panic = "abort"` (callers build it only then).
pub(crate) fn capture_panics<T>(
    f: impl FnOnce() -> T,
    on_abort: Option<AbortAnswer>,
) -> Result<T, String> {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(install_hook);
    let slot = watch_slot();
    *slot.borrow_mut() = Some(Watch {
        message: None,
        on_abort,
    });
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    let message = slot.borrow_mut().take().and_then(|watch| watch.message);
    result.map_err(|payload| message.unwrap_or_else(|| payload_text(&*payload)))
}

fn install_hook() {
    let previous = panic::take_hook();
    panic::set_hook(Box::new(move |info| {
        let watched = existing_watch_slot().and_then(|slot| {
            let mut slot = slot.borrow_mut();
            let watch = slot.as_mut()?;
            let location = info
                .location()
                .map(|l| format!(" at {}:{}", l.file(), l.line()));
            let message = format!(
                "{}{}",
                payload_text(info.payload()),
                location.unwrap_or_default()
            );
            // Under `abort` this is the last code that runs: answer now.
            let late = watch.on_abort.as_ref().map(|answer| answer(&message));
            watch.message = Some(message);
            Some(late)
        });
        match watched {
            Some(Some(late)) => answer_and_exit(&late),
            Some(None) => {}
            None => previous(info),
        }
    }));
}

fn payload_text(payload: &(dyn Any + Send)) -> String {
    if let Some(text) = payload.downcast_ref::<&str>() {
        (*text).to_owned()
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text.clone()
    } else {
        "(a panic without a message)".to_owned()
    }
}
