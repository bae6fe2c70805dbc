//! The keys an answer can carry, as types, and the traits through which a response takes them.
//!
//! Each response implements [`Takes<K, V>`] for every key `K` it has a setter for (`V` is the
//! value the setter stores) and [`Constructs<K, V>`] for every constructor. They are how a
//! setter or constructor called on a response whose event does not read that key is refused
//! at compile time: the error names the events that read the key, and rustc lists the keys the
//! response does take, as `PostToolUseResponse implements Takes<additional_context, String>`.
//! A hook calls the responses' own setters and constructors, never these traits.
//!
//! ```
//! use cursor_hooks::keys::{self, Takes};
//! use cursor_hooks::prelude::*;
//!
//! fn takes_context<R: Takes<keys::additional_context, String>>() {}
//! takes_context::<SessionStartResponse>();
//! ```

pub use crate::gen::keys::*;

/// A response that has a setter for the key `K`, storing a `V`.
///
/// ```
/// use cursor_hooks::keys::{self, Takes};
/// use cursor_hooks::prelude::*;
///
/// let answer = <StopResponse as Takes<keys::followup_message, String>>::put(
///     StopResponse::default(),
///     "run the tests".into(),
/// );
/// assert_eq!(answer.followup_message.as_deref(), Some("run the tests"));
/// ```
pub trait Takes<K, V>: Sized {
    /// The response with the key set: the response's own setter.
    #[must_use = "a response is built by value: use the returned response"]
    fn put(self, value: V) -> Self;
}

/// A response that has a constructor for the key `K`, taking a `V`.
///
/// ```
/// # #[cfg(feature = "claude-code")] {
/// use cursor_hooks::claude::prelude::*;
/// use cursor_hooks::keys::{self, Constructs};
///
/// let answer = <PreToolUseResponse as Constructs<keys::deny, String>>::construct("no".into());
/// assert_eq!(answer, PreToolUseResponse::deny("no"));
/// # }
/// ```
pub trait Constructs<K, V>: Sized {
    /// The response the constructor builds.
    fn construct(value: V) -> Self;
}
