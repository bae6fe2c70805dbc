//! Standard output for every subcommand. When the reader goes away (`cursor-hooks doctor |
//! head -1`), the next write fails with `BrokenPipe`; std's `println!` panics on that ("failed
//! printing to stdout: Broken pipe") and the process aborts. Here the process ends quietly
//! instead, with exit code 0, as `grep` or `rg` do: the reader has all it asked for.
//!
//! `main.rs` declares this module first, so its `println!` replaces std's in the
//! whole crate: every subcommand gets the behaviour without a word of its own. Code that writes
//! stdout otherwise calls [`print()`].

use std::cell::RefCell;
use std::io::Write;

thread_local! {
    /// What [`print()`] writes while [`capture()`] runs, instead of stdout.
    static CAPTURED: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Runs `body`, keeping what it prints instead of writing it: `simulate --concept` reads each
/// host's simulator so.
pub fn capture<T>(body: impl FnOnce() -> T) -> (T, String) {
    let outer = CAPTURED.with(|kept| kept.borrow_mut().replace(String::new()));
    let value = body();
    let text = CAPTURED.with(|kept| std::mem::replace(&mut *kept.borrow_mut(), outer));
    (value, text.unwrap_or_default())
}

/// Writes `text` to stdout and flushes it; a closed stdout ends the process quietly (exit 0),
/// any other write error ends it with the error on stderr (exit 1).
pub fn print(text: &str) {
    let kept = CAPTURED.with(|kept| match kept.borrow_mut().as_mut() {
        Some(captured) => {
            captured.push_str(text);
            true
        }
        None => false,
    });
    if kept {
        return;
    }
    let mut stdout = std::io::stdout().lock();
    if let Err(error) = stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        if error.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("cursor-hooks: cannot write to stdout: {error}");
        std::process::exit(1);
    }
}

/// `println!` that ends the process quietly when stdout is closed (see [`print()`]).
macro_rules! println {
    () => {
        $crate::out::print("\n")
    };
    ($($arg:tt)*) => {
        $crate::out::print(&format!("{}\n", format_args!($($arg)*)))
    };
}
