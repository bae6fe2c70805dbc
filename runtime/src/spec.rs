//! The event table generated from `spec/events.json`: every event's name, category and
//! accepted answer, for tools (configuration, diagnostics) that work on names.

pub use crate::gen::table::{info, EventInfo, EVENTS};

/// The candidate nearest to `name` (by edit distance, ignoring case), when it is close enough
/// to be a typo of it: for "did you mean" hints.
///
/// ```
/// use cursor_hooks::spec::{closest, EVENTS};
///
/// let events = || EVENTS.iter().map(|event| event.name);
/// assert_eq!(closest("beforeShellCommand", events()), Some("beforeShellExecution"));
/// assert_eq!(closest("pretooluse", events()), Some("preToolUse"));
/// assert_eq!(closest("zzzzzzzz", events()), None);
/// ```
pub fn closest<'a>(name: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    // ASCII case only: names are ASCII, and `to_lowercase` would link Unicode's case tables
    // (~17 KiB) into every hook binary.
    let lower = name.to_ascii_lowercase();
    candidates
        .map(|candidate| (distance(&lower, &candidate.to_ascii_lowercase()), candidate))
        .filter(|(distance, candidate)| *distance <= (candidate.len() / 2).max(2))
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, candidate)| candidate)
}

/// Levenshtein distance, one row at a time.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != *cb));
            diagonal = above;
        }
    }
    row[b.len()]
}
