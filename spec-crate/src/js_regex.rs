//! JavaScript's `new RegExp(pattern)` (no flags) as Cursor and Claude Code compile a hook's
//! `matcher`: V8's parser in non-unicode mode with the Annex B syntax, its error messages, and a
//! backtracking search, `regex.test(subject)`.
//!
//! The facts come from Node v20.20.2 (V8 11.3), the judge of `tests/js_regex_node.rs`: inline
//! flag groups (`(?i)`, `(?i:...)`) are `Invalid group` there.
//!
//! Strings are UTF-16 code units, as in JavaScript without the `u` flag: `.` matches one unit,
//! so half of an emoji, and a non-BMP character in the pattern is two units (`😀+` repeats the
//! second one).
//!
//! The search is bounded (a step budget and a recursion depth) so that the macro and the
//! command never hang on a catastrophic pattern: past the bound it answers
//! [`Search::GaveUp`], which the matcher checks read as "may match".
//!
//! ```
//! use cursor_hooks_spec::js_regex::{Regex, Search};
//!
//! let regex = Regex::new("^(Shell|Read)$").unwrap();
//! assert_eq!(regex.search("Read"), Search::Found);
//! assert_eq!(regex.search("TabRead"), Search::NotFound);
//! let error = Regex::new("Bash(").unwrap_err();
//! assert_eq!(error.to_string(), "Invalid regular expression: /Bash(/: Unterminated group");
//! assert_eq!(Regex::new("(?i)bash").unwrap_err().message(), "Invalid group");
//! ```

use std::fmt;

// V8's messages (src/regexp/regexp-error.h).
const UNTERMINATED_GROUP: &str = "Unterminated group";
const UNMATCHED_PAREN: &str = "Unmatched ')'";
const NOTHING_TO_REPEAT: &str = "Nothing to repeat";
const INVALID_QUANTIFIER: &str = "Invalid quantifier";
const QUANTIFIER_OUT_OF_ORDER: &str = "numbers out of order in {} quantifier";
const INVALID_GROUP: &str = "Invalid group";
const INVALID_GROUP_NAME: &str = "Invalid capture group name";
const DUPLICATE_GROUP_NAME: &str = "Duplicate capture group name";
const INVALID_NAMED_REFERENCE: &str = "Invalid named reference";
const UNKNOWN_NAMED_REFERENCE: &str = "Invalid named capture referenced";
const INVALID_UNICODE_ESCAPE: &str = "Invalid Unicode escape";
const INVALID_ESCAPE: &str = "Invalid escape";
const ESCAPE_AT_END: &str = "\\ at end of pattern";
const TOO_MANY_CAPTURES: &str = "Too many captures";
const CLASS_OUT_OF_ORDER: &str = "Range out of order in character class";
const UNTERMINATED_CLASS: &str = "Unterminated character class";

/// The most capture groups V8 takes (one more is `Too many captures`).
const MAX_CAPTURES: usize = 32_767;
/// V8's "infinity" for quantifier bounds (`kInfinity`, `i32::MAX`): larger numbers clamp to it,
/// and a maximum of it is unbounded.
const INFINITY: u32 = i32::MAX as u32;
/// Steps (node visits) one search may take before it gives up: some milliseconds in a debug
/// build, where a check runs one search per known subject (a hundred Claude Code tools).
const STEP_BUDGET: u64 = 200_000;
/// Nested node visits one search may reach before it gives up: a bound on the native stack
/// (about 1.75 KiB a level in a debug build, so under 1 MiB; a test thread has 2 MiB). Only
/// iterations of a repeated group or a long pattern go deep: `.*` and `\w+` do not.
const DEPTH_BUDGET: u32 = 500;

/// Why a pattern is not a JavaScript regular expression; shown as V8 shows it,
/// `Invalid regular expression: /<pattern>/: <message>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    pattern: String,
    message: &'static str,
}

impl Error {
    /// V8's message alone (`Unterminated group`).
    pub fn message(&self) -> &'static str {
        self.message
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Invalid regular expression: /{}/: {}",
            self.pattern, self.message
        )
    }
}

impl std::error::Error for Error {}

/// What a bounded search found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Search {
    /// The regex matches somewhere in the subject.
    Found,
    /// It matches nowhere.
    NotFound,
    /// The search ran out of its step or depth budget: it may match.
    GaveUp,
}

/// A compiled JavaScript regular expression (no flags).
#[derive(Debug)]
pub struct Regex {
    root: Node,
    captures: usize,
}

impl Regex {
    /// Parses `pattern` as `new RegExp(pattern)` does, or says why V8 rejects it.
    pub fn new(pattern: &str) -> Result<Regex, Error> {
        let units: Vec<u16> = pattern.encode_utf16().collect();
        let mut parser = Parser::new(&units);
        match parser.parse() {
            Ok(root) => Ok(Regex {
                root,
                captures: parser.captures_started,
            }),
            Err(message) => Err(Error {
                pattern: pattern.to_owned(),
                message,
            }),
        }
    }

    /// `regex.test(subject)`: an unanchored search, bounded (also by a [`SharedBudget`] that
    /// lives on this thread).
    pub fn search(&self, subject: &str) -> Search {
        let shared = SHARED.get();
        let limit = match shared {
            Some(shared) => STEP_BUDGET.min(shared.left),
            None => STEP_BUDGET,
        };
        let units: Vec<u16> = subject.encode_utf16().collect();
        let mut matcher = Matcher {
            subject: &units,
            steps: 0,
            limit,
            depth: 0,
            gave_up: false,
            captures: vec![None; self.captures + 1],
        };
        let found = matcher.run(&self.root, units.len());
        if let Some(mut shared) = shared {
            let spent = matcher.steps.min(shared.left);
            shared.left -= spent;
            shared.spent |= shared.left == 0 && found == Search::GaveUp;
            SHARED.set(Some(shared));
        }
        found
    }

    /// Whether the regex may match `subject`: found, or the search gave up.
    pub fn may_match(&self, subject: &str) -> bool {
        self.search(subject) != Search::NotFound
    }
}

/// What is left of the [`SharedBudget`] in force on a thread.
#[derive(Clone, Copy)]
struct Shared {
    left: u64,
    /// A search gave up because nothing was left.
    spent: bool,
    /// [`SharedBudget::newly_spent`] has said so.
    told: bool,
}

thread_local! {
    static SHARED: std::cell::Cell<Option<Shared>> = const { std::cell::Cell::new(None) };
}

/// A step budget that every search on this thread shares while it lives, beside each search's
/// own: a tool checking a whole file of matchers (hundreds of subjects each) gives the file one,
/// so that a file of costly patterns ends in a bounded time. Once it is spent every search gives
/// up at once ([`Search::GaveUp`], read as "may match"). Budgets nest: an inner one ends the
/// outer one's in force until it is dropped.
///
/// ```
/// use cursor_hooks_spec::js_regex::{Regex, Search, SharedBudget};
///
/// let costly = Regex::new("^(a|a)*$").unwrap();
/// let budget = SharedBudget::start(1_000);
/// assert_eq!(costly.search(&format!("{}!", "a".repeat(40))), Search::GaveUp);
/// assert!(SharedBudget::newly_spent());
/// assert!(!SharedBudget::newly_spent(), "said once");
/// assert_eq!(Regex::new("a").unwrap().search("a"), Search::GaveUp);
/// drop(budget);
/// assert_eq!(Regex::new("a").unwrap().search("a"), Search::Found);
/// ```
#[must_use = "the budget holds only while the value lives"]
pub struct SharedBudget {
    outer: Option<Shared>,
}

impl SharedBudget {
    /// A budget of `steps` for the searches on this thread until it is dropped.
    pub fn start(steps: u64) -> SharedBudget {
        let outer = SHARED.replace(Some(Shared {
            left: steps,
            spent: false,
            told: false,
        }));
        SharedBudget { outer }
    }

    /// Whether the budget in force on this thread is spent (a search gave up for it), said
    /// once: `true` the first time it is asked after that, `false` after (and without one).
    pub fn newly_spent() -> bool {
        match SHARED.get() {
            Some(shared) if shared.spent && !shared.told => {
                SHARED.set(Some(Shared {
                    told: true,
                    ..shared
                }));
                true
            }
            _ => false,
        }
    }
}

impl Drop for SharedBudget {
    fn drop(&mut self) {
        SHARED.set(self.outer);
    }
}

/// A set of UTF-16 units: sorted, disjoint inclusive ranges.
type Ranges = Vec<(u16, u16)>;

const DIGIT: &[(u16, u16)] = &[(0x30, 0x39)];
const WORD: &[(u16, u16)] = &[(0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A)];
/// WhiteSpace and LineTerminator (ECMA-262 `\s`).
const SPACE: &[(u16, u16)] = &[
    (0x09, 0x0D),
    (0x20, 0x20),
    (0xA0, 0xA0),
    (0x1680, 0x1680),
    (0x2000, 0x200A),
    (0x2028, 0x2029),
    (0x202F, 0x202F),
    (0x205F, 0x205F),
    (0x3000, 0x3000),
    (0xFEFF, 0xFEFF),
];
/// What `.` does not match without the `s` flag.
const LINE_TERMINATOR: &[(u16, u16)] = &[(0x0A, 0x0A), (0x0D, 0x0D), (0x2028, 0x2029)];

fn complement(ranges: &[(u16, u16)]) -> Ranges {
    let mut out = Vec::new();
    let mut next: u32 = 0;
    for &(lo, hi) in ranges {
        if u32::from(lo) > next {
            out.push((next as u16, lo - 1));
        }
        next = u32::from(hi) + 1;
    }
    if next <= 0xFFFF {
        out.push((next as u16, 0xFFFF));
    }
    out
}

fn contains(ranges: &[(u16, u16)], unit: u16) -> bool {
    ranges.iter().any(|&(lo, hi)| lo <= unit && unit <= hi)
}

#[derive(Debug)]
enum Node {
    Empty,
    /// One unit out of a set (a literal is a one-unit set).
    Unit {
        ranges: Ranges,
        negated: bool,
    },
    LineStart,
    LineEnd,
    WordBoundary {
        negated: bool,
    },
    Capture(usize, Box<Node>),
    Look {
        behind: bool,
        negated: bool,
        node: Box<Node>,
    },
    BackRef(usize),
    /// Resolved to a [`Node::BackRef`] once every group is known.
    NamedBackRef(Vec<u16>),
    Repeat(Box<Repeat>),
    Concat(Vec<Node>),
    Alt(Vec<Node>),
}

#[derive(Debug)]
struct Repeat {
    node: Node,
    min: u32,
    max: u32,
    greedy: bool,
    /// The capture groups inside the atom, reset at each iteration.
    captures: std::ops::Range<usize>,
}

/// Dropped with a loop, not recursion, so that no depth of nesting overflows the stack.
impl Drop for Node {
    fn drop(&mut self) {
        let mut pending = Vec::new();
        self.take_children(&mut pending);
        while let Some(mut node) = pending.pop() {
            node.take_children(&mut pending);
        }
    }
}

impl Node {
    fn take_children(&mut self, into: &mut Vec<Node>) {
        match self {
            Node::Capture(_, inner) | Node::Look { node: inner, .. } => {
                into.push(std::mem::replace(inner, Node::Empty));
            }
            Node::Repeat(repeat) => into.push(std::mem::replace(&mut repeat.node, Node::Empty)),
            Node::Concat(nodes) | Node::Alt(nodes) => into.append(nodes),
            _ => {}
        }
    }
}

fn literal(unit: u16) -> Node {
    Node::Unit {
        ranges: vec![(unit, unit)],
        negated: false,
    }
}

fn class_escape(letter: u16) -> Option<Ranges> {
    let ranges = match char::from_u32(u32::from(letter))? {
        'd' => DIGIT.to_vec(),
        'D' => complement(DIGIT),
        'w' => WORD.to_vec(),
        'W' => complement(WORD),
        's' => SPACE.to_vec(),
        'S' => complement(SPACE),
        _ => return None,
    };
    Some(ranges)
}

fn sequence(mut terms: Vec<Node>) -> Node {
    match terms.len() {
        0 => Node::Empty,
        1 => terms.pop().unwrap_or(Node::Empty),
        _ => Node::Concat(terms),
    }
}

fn alternation(mut alternatives: Vec<Node>) -> Node {
    if alternatives.len() == 1 {
        alternatives.pop().unwrap_or(Node::Empty)
    } else {
        Node::Alt(alternatives)
    }
}

enum GroupKind {
    Top,
    Capture(usize, Option<Vec<u16>>),
    NonCapture,
    Look { behind: bool, negated: bool },
}

struct Frame {
    kind: GroupKind,
    alternatives: Vec<Node>,
    terms: Vec<Node>,
    captures_before: usize,
}

enum ClassAtom {
    Unit(u16),
    Set(Ranges),
}

const fn unit(c: char) -> u16 {
    c as u16
}

fn is_digit(unit: Option<u16>) -> bool {
    matches!(unit, Some(u) if (0x30..=0x39).contains(&u))
}

fn hex_value(unit: u16) -> Option<u32> {
    char::from_u32(u32::from(unit))?.to_digit(16)
}

/// ID_Start for a group name; outside ASCII approximated by Rust's `is_alphabetic`.
fn is_id_start(c: u32) -> bool {
    match char::from_u32(c) {
        Some(c) if c.is_ascii() => c.is_ascii_alphabetic() || c == '$' || c == '_',
        Some(c) => c.is_alphabetic(),
        None => false,
    }
}

/// ID_Continue, ZWNJ and ZWJ; outside ASCII approximated by Rust's `is_alphanumeric`.
fn is_id_part(c: u32) -> bool {
    is_id_start(c)
        || matches!(c, 0x200C | 0x200D)
        || char::from_u32(c).is_some_and(|c| c.is_ascii_digit() || c.is_alphanumeric())
}

struct Parser<'a> {
    units: &'a [u16],
    pos: usize,
    captures_started: usize,
    /// Every capture group in the pattern, and whether one is named (V8 scans ahead for both).
    capture_count: usize,
    has_named_captures: bool,
    /// The named groups closed so far, with their numbers.
    names: Vec<(Vec<u16>, usize)>,
}

type Parsed<T> = Result<T, &'static str>;

impl<'a> Parser<'a> {
    fn new(units: &'a [u16]) -> Self {
        let (capture_count, has_named_captures) = scan_captures(units);
        Parser {
            units,
            pos: 0,
            captures_started: 0,
            capture_count,
            has_named_captures,
            names: Vec::new(),
        }
    }

    fn current(&self) -> Option<u16> {
        self.units.get(self.pos).copied()
    }

    fn next(&self) -> Option<u16> {
        self.units.get(self.pos + 1).copied()
    }

    fn at(&self, c: char) -> bool {
        self.current() == Some(unit(c))
    }

    fn parse(&mut self) -> Parsed<Node> {
        let mut stack = vec![Frame {
            kind: GroupKind::Top,
            alternatives: Vec::new(),
            terms: Vec::new(),
            captures_before: 0,
        }];
        loop {
            let mut captures_before = self.captures_started;
            // V8 refuses a quantifier on a lookbehind, not on a group around one.
            let mut is_lookbehind = false;
            let Some(c) = self.current() else {
                if stack.len() > 1 {
                    return Err(UNTERMINATED_GROUP);
                }
                let Some(mut top) = stack.pop() else {
                    return Err(UNTERMINATED_GROUP);
                };
                top.alternatives.push(sequence(top.terms));
                let mut root = alternation(top.alternatives);
                self.resolve_named_references(&mut root)?;
                return Ok(root);
            };
            let frame = stack.last_mut().ok_or(UNMATCHED_PAREN)?;
            let atom = match char::from_u32(u32::from(c)).unwrap_or('\u{FFFD}') {
                '|' => {
                    self.pos += 1;
                    let terms = std::mem::take(&mut frame.terms);
                    frame.alternatives.push(sequence(terms));
                    continue;
                }
                ')' => {
                    if stack.len() == 1 {
                        return Err(UNMATCHED_PAREN);
                    }
                    self.pos += 1;
                    let Some(mut group) = stack.pop() else {
                        return Err(UNMATCHED_PAREN);
                    };
                    group.alternatives.push(sequence(group.terms));
                    let body = alternation(group.alternatives);
                    captures_before = group.captures_before;
                    is_lookbehind = matches!(group.kind, GroupKind::Look { behind: true, .. });
                    match group.kind {
                        GroupKind::Top | GroupKind::NonCapture => body,
                        GroupKind::Capture(index, name) => {
                            if let Some(name) = name {
                                if self.named_index(&name).is_some() {
                                    return Err(DUPLICATE_GROUP_NAME);
                                }
                                self.names.push((name, index));
                            }
                            Node::Capture(index, Box::new(body))
                        }
                        GroupKind::Look { behind, negated } => Node::Look {
                            behind,
                            negated,
                            node: Box::new(body),
                        },
                    }
                }
                '^' => {
                    self.pos += 1;
                    frame.terms.push(Node::LineStart);
                    continue;
                }
                '$' => {
                    self.pos += 1;
                    frame.terms.push(Node::LineEnd);
                    continue;
                }
                '.' => {
                    self.pos += 1;
                    Node::Unit {
                        ranges: LINE_TERMINATOR.to_vec(),
                        negated: true,
                    }
                }
                '(' => {
                    let kind = self.open_group()?;
                    stack.push(Frame {
                        kind,
                        alternatives: Vec::new(),
                        terms: Vec::new(),
                        captures_before,
                    });
                    continue;
                }
                '[' => self.class()?,
                '\\' => match self.escape()? {
                    (assertion, true) => {
                        frame.terms.push(assertion);
                        continue;
                    }
                    (atom, false) => atom,
                },
                '*' | '+' | '?' => return Err(NOTHING_TO_REPEAT),
                '{' => {
                    let start = self.pos;
                    if self.interval().is_some() {
                        return Err(NOTHING_TO_REPEAT);
                    }
                    self.pos = start + 1;
                    literal(c)
                }
                _ => {
                    self.pos += 1;
                    literal(c)
                }
            };
            let (min, max) = match self.current().and_then(|c| char::from_u32(c.into())) {
                Some('*') => {
                    self.pos += 1;
                    (0, INFINITY)
                }
                Some('+') => {
                    self.pos += 1;
                    (1, INFINITY)
                }
                Some('?') => {
                    self.pos += 1;
                    (0, 1)
                }
                Some('{') => match self.interval() {
                    Some((min, max)) if max < min => return Err(QUANTIFIER_OUT_OF_ORDER),
                    Some(bounds) => bounds,
                    None => {
                        push_term(&mut stack, atom);
                        continue;
                    }
                },
                _ => {
                    push_term(&mut stack, atom);
                    continue;
                }
            };
            let greedy = !self.at('?');
            if !greedy {
                self.pos += 1;
            }
            if is_lookbehind {
                return Err(INVALID_QUANTIFIER);
            }
            let repeat = Repeat {
                node: atom,
                min,
                max,
                greedy,
                captures: captures_before + 1..self.captures_started + 1,
            };
            push_term(&mut stack, Node::Repeat(Box::new(repeat)));
        }
    }

    /// After `(`: the kind of group, its name read.
    fn open_group(&mut self) -> Parsed<GroupKind> {
        self.pos += 1;
        if !self.at('?') {
            self.count_capture()?;
            return Ok(GroupKind::Capture(self.captures_started, None));
        }
        self.pos += 1;
        let kind = match self.current().and_then(|c| char::from_u32(c.into())) {
            Some(':') => GroupKind::NonCapture,
            Some('=') => GroupKind::Look {
                behind: false,
                negated: false,
            },
            Some('!') => GroupKind::Look {
                behind: false,
                negated: true,
            },
            Some('<') => {
                self.pos += 1;
                match self.current().and_then(|c| char::from_u32(c.into())) {
                    Some('=') => GroupKind::Look {
                        behind: true,
                        negated: false,
                    },
                    Some('!') => GroupKind::Look {
                        behind: true,
                        negated: true,
                    },
                    _ => {
                        self.count_capture()?;
                        let name = self.group_name()?;
                        return Ok(GroupKind::Capture(self.captures_started, Some(name)));
                    }
                }
            }
            _ => return Err(INVALID_GROUP),
        };
        self.pos += 1;
        Ok(kind)
    }

    /// One more capture group, counted as it opens (before its name is read, as V8 does).
    fn count_capture(&mut self) -> Parsed<()> {
        if self.captures_started >= MAX_CAPTURES {
            return Err(TOO_MANY_CAPTURES);
        }
        self.captures_started += 1;
        Ok(())
    }

    /// A group name after `<`, through `>` (V8's ParseCaptureGroupName), as UTF-16.
    fn group_name(&mut self) -> Parsed<Vec<u16>> {
        let mut name = Vec::new();
        loop {
            let Some(first) = self.current() else {
                return Err(INVALID_GROUP_NAME);
            };
            self.pos += 1;
            let mut c = u32::from(first);
            if first == unit('\\') && self.at('u') {
                self.pos += 1;
                c = self.name_unicode_escape().ok_or(INVALID_UNICODE_ESCAPE)?;
            } else if (0xD800..0xDC00).contains(&first) {
                if let Some(low @ 0xDC00..=0xDFFF) = self.current() {
                    self.pos += 1;
                    c = 0x10000 + ((c - 0xD800) << 10) + (u32::from(low) - 0xDC00);
                }
            }
            if name.is_empty() {
                if !is_id_start(c) {
                    return Err(INVALID_GROUP_NAME);
                }
            } else if c == u32::from(unit('>')) {
                return Ok(name);
            } else if !is_id_part(c) {
                return Err(INVALID_GROUP_NAME);
            }
            let mut buffer = [0u16; 2];
            match char::from_u32(c) {
                Some(ch) => name.extend_from_slice(ch.encode_utf16(&mut buffer)),
                None => name.push(c as u16),
            }
        }
    }

    /// After `\u` in a group name: `XXXX` (a surrogate pair of two such escapes) or `{X...}`.
    fn name_unicode_escape(&mut self) -> Option<u32> {
        if self.at('{') {
            let start = self.pos;
            self.pos += 1;
            let mut value: u32 = 0;
            let mut digits = 0;
            while let Some(digit) = self.current().and_then(hex_value) {
                value = value.saturating_mul(16).saturating_add(digit);
                digits += 1;
                self.pos += 1;
            }
            if digits == 0 || value > 0x10FFFF || !self.at('}') {
                self.pos = start;
                return None;
            }
            self.pos += 1;
            return Some(value);
        }
        let lead = self.hex(4)?;
        if (0xD800..0xDC00).contains(&lead) && self.at('\\') && self.next() == Some(unit('u')) {
            let start = self.pos;
            self.pos += 2;
            match self.hex(4) {
                Some(trail @ 0xDC00..=0xDFFF) => {
                    return Some(0x10000 + ((lead - 0xD800) << 10) + (trail - 0xDC00));
                }
                _ => self.pos = start,
            }
        }
        Some(lead)
    }

    /// Exactly `digits` hex digits, consumed only when all are there.
    fn hex(&mut self, digits: usize) -> Option<u32> {
        let mut value = 0;
        for offset in 0..digits {
            let digit = self
                .units
                .get(self.pos + offset)
                .copied()
                .and_then(hex_value)?;
            value = value * 16 + digit;
        }
        self.pos += digits;
        Some(value)
    }

    /// `{n}`, `{n,}` or `{n,m}` at the current `{`, consumed when it is one (numbers clamped
    /// to [`INFINITY`]); otherwise nothing is consumed.
    fn interval(&mut self) -> Option<(u32, u32)> {
        let start = self.pos;
        self.pos += 1;
        let bounds = self.interval_body();
        if bounds.is_none() {
            self.pos = start;
        }
        bounds
    }

    fn interval_body(&mut self) -> Option<(u32, u32)> {
        let min = self.decimal()?;
        let max = if self.at(',') {
            self.pos += 1;
            if self.at('}') {
                INFINITY
            } else {
                self.decimal()?
            }
        } else {
            min
        };
        if !self.at('}') {
            return None;
        }
        self.pos += 1;
        Some((min, max))
    }

    fn decimal(&mut self) -> Option<u32> {
        if !is_digit(self.current()) {
            return None;
        }
        let mut value: u64 = 0;
        while let Some(digit) = self.current().filter(|_| is_digit(self.current())) {
            value = (value * 10 + u64::from(digit - 0x30)).min(u64::from(INFINITY));
            self.pos += 1;
        }
        Some(value as u32)
    }

    /// After a `\` outside a class: an atom, and whether it is an assertion (`\b`), which
    /// takes no quantifier.
    fn escape(&mut self) -> Parsed<(Node, bool)> {
        self.pos += 1;
        let Some(c) = self.current() else {
            return Err(ESCAPE_AT_END);
        };
        let atom = match char::from_u32(u32::from(c)).unwrap_or('\u{FFFD}') {
            'b' | 'B' => {
                self.pos += 1;
                let negated = c == unit('B');
                return Ok((Node::WordBoundary { negated }, true));
            }
            'd' | 'D' | 's' | 'S' | 'w' | 'W' => {
                self.pos += 1;
                Node::Unit {
                    ranges: class_escape(c).unwrap_or_default(),
                    negated: false,
                }
            }
            '1'..='9' => {
                if let Some(index) = self.backreference_index() {
                    Node::BackRef(index)
                } else if c == unit('8') || c == unit('9') {
                    self.pos += 1;
                    literal(c)
                } else {
                    literal(self.octal())
                }
            }
            'k' if self.has_named_captures => {
                self.pos += 1;
                if !self.at('<') {
                    return Err(INVALID_NAMED_REFERENCE);
                }
                self.pos += 1;
                let name = self.group_name()?;
                Node::NamedBackRef(name)
            }
            _ => literal(self.character_escape(false)?),
        };
        Ok((atom, false))
    }

    /// The decimal number at the cursor, consumed, when it names one of the pattern's groups.
    fn backreference_index(&mut self) -> Option<usize> {
        let start = self.pos;
        let mut value: usize = 0;
        while let Some(digit) = self.current().filter(|_| is_digit(self.current())) {
            value = value
                .saturating_mul(10)
                .saturating_add(usize::from(digit - 0x30));
            self.pos += 1;
        }
        if value > self.capture_count {
            self.pos = start;
            return None;
        }
        Some(value)
    }

    /// Up to three octal digits with a value below 256 (Annex B LegacyOctalEscapeSequence;
    /// V8 takes a second digit always, a third below `\40`).
    fn octal(&mut self) -> u16 {
        let octal_digit = |unit: Option<u16>| unit.filter(|u| (0x30..=0x37).contains(u));
        let Some(first) = octal_digit(self.current()) else {
            return 0;
        };
        self.pos += 1;
        let mut value = first - 0x30;
        if let Some(second) = octal_digit(self.current()) {
            self.pos += 1;
            value = value * 8 + second - 0x30;
            if value < 32 {
                if let Some(third) = octal_digit(self.current()) {
                    self.pos += 1;
                    value = value * 8 + third - 0x30;
                }
            }
        }
        value
    }

    /// The character of an escape whose `\` is consumed (V8's ParseCharacterEscape).
    fn character_escape(&mut self, in_class: bool) -> Parsed<u16> {
        let Some(c) = self.current() else {
            return Err(ESCAPE_AT_END);
        };
        let value = match char::from_u32(u32::from(c)).unwrap_or('\u{FFFD}') {
            'f' => 0x0C,
            'n' => 0x0A,
            'r' => 0x0D,
            't' => 0x09,
            'v' => 0x0B,
            'c' => {
                let letter = self.next();
                let control = |u: u16| u & 0x1F;
                match letter {
                    Some(l) if (unit('A')..=unit('Z')).contains(&(l & !0x20)) => {
                        self.pos += 2;
                        return Ok(control(l));
                    }
                    Some(l) if in_class && (is_digit(Some(l)) || l == unit('_')) => {
                        self.pos += 2;
                        return Ok(control(l));
                    }
                    // A backslash, and `c` is read next.
                    _ => return Ok(unit('\\')),
                }
            }
            '0' if !is_digit(self.next()) => {
                self.pos += 1;
                return Ok(0);
            }
            '0'..='7' => return Ok(self.octal()),
            'x' => {
                self.pos += 1;
                return Ok(self.hex(2).map_or(unit('x'), |v| v as u16));
            }
            'u' => {
                self.pos += 1;
                return Ok(self.hex(4).map_or(unit('u'), |v| v as u16));
            }
            'k' if in_class && self.has_named_captures => return Err(INVALID_ESCAPE),
            _ => c,
        };
        self.pos += 1;
        Ok(value)
    }

    /// A character class at `[`.
    fn class(&mut self) -> Parsed<Node> {
        self.pos += 1;
        let negated = self.at('^');
        if negated {
            self.pos += 1;
        }
        let mut ranges: Ranges = Vec::new();
        let add = |ranges: &mut Ranges, atom: ClassAtom| match atom {
            ClassAtom::Unit(u) => ranges.push((u, u)),
            ClassAtom::Set(set) => ranges.extend(set),
        };
        loop {
            match self.current() {
                None => return Err(UNTERMINATED_CLASS),
                Some(u) if u == unit(']') => {
                    self.pos += 1;
                    break;
                }
                Some(_) => {}
            }
            let first = self.class_atom()?;
            if !self.at('-') {
                add(&mut ranges, first);
                continue;
            }
            self.pos += 1;
            match self.current() {
                None => return Err(UNTERMINATED_CLASS),
                Some(u) if u == unit(']') => {
                    add(&mut ranges, first);
                    ranges.push((unit('-'), unit('-')));
                    continue;
                }
                Some(_) => {}
            }
            let next = self.class_atom()?;
            match (first, next) {
                (ClassAtom::Unit(lo), ClassAtom::Unit(hi)) => {
                    if lo > hi {
                        return Err(CLASS_OUT_OF_ORDER);
                    }
                    ranges.push((lo, hi));
                }
                // Annex B: a class escape at either end makes the `-` literal.
                (first, next) => {
                    add(&mut ranges, first);
                    ranges.push((unit('-'), unit('-')));
                    add(&mut ranges, next);
                }
            }
        }
        Ok(Node::Unit { ranges, negated })
    }

    fn class_atom(&mut self) -> Parsed<ClassAtom> {
        let Some(c) = self.current() else {
            return Err(UNTERMINATED_CLASS);
        };
        if c != unit('\\') {
            self.pos += 1;
            return Ok(ClassAtom::Unit(c));
        }
        self.pos += 1;
        let Some(escaped) = self.current() else {
            return Err(ESCAPE_AT_END);
        };
        if escaped == unit('b') {
            self.pos += 1;
            return Ok(ClassAtom::Unit(0x08));
        }
        if let Some(set) = class_escape(escaped) {
            self.pos += 1;
            return Ok(ClassAtom::Set(set));
        }
        Ok(ClassAtom::Unit(self.character_escape(true)?))
    }

    /// Named references become numbered once every group is known (a loop, not recursion:
    /// V8 takes any depth of nesting).
    fn resolve_named_references(&self, root: &mut Node) -> Parsed<()> {
        let mut pending = vec![root];
        while let Some(node) = pending.pop() {
            match node {
                Node::NamedBackRef(name) => {
                    let index = self.named_index(name).ok_or(UNKNOWN_NAMED_REFERENCE)?;
                    *node = Node::BackRef(index);
                }
                Node::Capture(_, inner) | Node::Look { node: inner, .. } => pending.push(inner),
                Node::Repeat(repeat) => pending.push(&mut repeat.node),
                Node::Concat(nodes) | Node::Alt(nodes) => pending.extend(nodes.iter_mut()),
                _ => {}
            }
        }
        Ok(())
    }

    fn named_index(&self, name: &[u16]) -> Option<usize> {
        self.names
            .iter()
            .find(|(known, _)| known == name)
            .map(|&(_, index)| index)
    }
}

fn push_term(stack: &mut [Frame], node: Node) {
    if let Some(frame) = stack.last_mut() {
        frame.terms.push(node);
    }
}

/// The number of capture groups in `units` and whether one is named, counted as V8's
/// ScanForCaptures does (escapes skipped, classes skipped to their first unescaped `]`).
fn scan_captures(units: &[u16]) -> (usize, bool) {
    let (mut count, mut named) = (0, false);
    let mut i = 0;
    while let Some(&c) = units.get(i) {
        i += 1;
        if c == unit('\\') {
            i += 1;
        } else if c == unit('[') {
            while let Some(&c) = units.get(i) {
                i += 1;
                if c == unit('\\') {
                    i += 1;
                } else if c == unit(']') {
                    break;
                }
            }
        } else if c == unit('(') {
            if units.get(i) == Some(&unit('?')) {
                i += 1;
                if units.get(i) != Some(&unit('<')) {
                    continue;
                }
                i += 1;
                if matches!(units.get(i), Some(&u) if u == unit('=') || u == unit('!')) {
                    continue;
                }
                named = true;
            }
            count += 1;
        }
    }
    (count, named)
}

/// What a continuation is told: the matcher, and the position reached.
type Continuation<'k, 's> = &'k mut dyn FnMut(&mut Matcher<'s>, usize) -> bool;

/// A backtracking matcher in continuation-passing style (ECMA-262's pattern semantics), with
/// lookbehind matched right to left.
struct Matcher<'s> {
    subject: &'s [u16],
    steps: u64,
    /// The most steps this search may take.
    limit: u64,
    depth: u32,
    gave_up: bool,
    /// Each group's last match, `(start, end)`; index 0 is unused.
    captures: Vec<Option<(usize, usize)>>,
}

impl<'s> Matcher<'s> {
    /// Searches for `root` from each start in `0..=len`.
    fn run(&mut self, root: &Node, len: usize) -> Search {
        for start in 0..=len {
            self.captures.iter_mut().for_each(|c| *c = None);
            if self.visit(root, false, start, &mut |_, _| true) {
                return Search::Found;
            }
            if self.gave_up {
                return Search::GaveUp;
            }
        }
        Search::NotFound
    }

    /// Matches `node` at `pos` (ending at `pos` when `backward`), then the continuation.
    fn visit(&mut self, node: &Node, backward: bool, pos: usize, k: Continuation<'_, 's>) -> bool {
        self.steps += 1;
        if self.gave_up || self.steps > self.limit || self.depth >= DEPTH_BUDGET {
            self.gave_up = true;
            return false;
        }
        self.depth += 1;
        let found = self.visit_node(node, backward, pos, k);
        self.depth -= 1;
        found
    }

    /// The unit `pos` steps over in the direction of the match, and the position after it.
    fn step(&self, backward: bool, pos: usize) -> Option<(u16, usize)> {
        if backward {
            let before = pos.checked_sub(1)?;
            Some((self.subject[before], before))
        } else {
            self.subject.get(pos).map(|&u| (u, pos + 1))
        }
    }

    fn is_word(&self, pos: Option<usize>) -> bool {
        pos.and_then(|p| self.subject.get(p))
            .is_some_and(|&u| contains(WORD, u))
    }

    fn visit_node(
        &mut self,
        node: &Node,
        backward: bool,
        pos: usize,
        k: Continuation<'_, 's>,
    ) -> bool {
        match node {
            Node::Empty => k(self, pos),
            Node::Unit { ranges, negated } => match self.step(backward, pos) {
                Some((u, next)) if contains(ranges, u) != *negated => k(self, next),
                _ => false,
            },
            Node::LineStart => pos == 0 && k(self, pos),
            Node::LineEnd => pos == self.subject.len() && k(self, pos),
            Node::WordBoundary { negated } => {
                let at_boundary = self.is_word(pos.checked_sub(1)) != self.is_word(Some(pos));
                at_boundary != *negated && k(self, pos)
            }
            Node::Capture(index, inner) => {
                let index = *index;
                self.visit(inner, backward, pos, &mut |me, end| {
                    let previous = me.captures[index];
                    me.captures[index] = Some(if backward { (end, pos) } else { (pos, end) });
                    if k(me, end) {
                        return true;
                    }
                    me.captures[index] = previous;
                    false
                })
            }
            Node::Look {
                behind,
                negated,
                node,
            } => {
                let saved = self.captures.clone();
                // Lookarounds are atomic: the first way the body matches is the one kept.
                let matched = self.visit(node, *behind, pos, &mut |_, _| true);
                if self.gave_up {
                    return false;
                }
                if *negated {
                    self.captures = saved;
                    return !matched && k(self, pos);
                }
                if matched && k(self, pos) {
                    return true;
                }
                self.captures = saved;
                false
            }
            Node::BackRef(index) => {
                let Some((start, end)) = self.captures.get(*index).copied().flatten() else {
                    return k(self, pos);
                };
                let len = end - start;
                let range = if backward {
                    pos.checked_sub(len).map(|from| from..pos)
                } else {
                    Some(pos..pos + len).filter(|r| r.end <= self.subject.len())
                };
                match range {
                    Some(range) if self.subject[range.clone()] == self.subject[start..end] => {
                        let next = if backward { range.start } else { range.end };
                        k(self, next)
                    }
                    _ => false,
                }
            }
            Node::NamedBackRef(_) => false,
            Node::Concat(nodes) => self.sequence(nodes, backward, pos, k),
            Node::Alt(alternatives) => {
                for alternative in alternatives {
                    if self.visit(alternative, backward, pos, k) {
                        return true;
                    }
                    if self.gave_up {
                        return false;
                    }
                }
                false
            }
            Node::Repeat(repeat) => match &repeat.node {
                Node::Unit { ranges, negated } => {
                    self.repeat_unit(repeat, ranges, *negated, backward, pos, k)
                }
                _ => self.repeat(repeat, repeat.min, repeat.max, backward, pos, k),
            },
        }
    }

    fn sequence(
        &mut self,
        nodes: &[Node],
        backward: bool,
        pos: usize,
        k: Continuation<'_, 's>,
    ) -> bool {
        let split = if backward {
            nodes.split_last()
        } else {
            nodes.split_first()
        };
        match split {
            None => k(self, pos),
            Some((node, rest)) => self.visit(node, backward, pos, &mut |me, next| {
                me.sequence(rest, backward, next, k)
            }),
        }
    }

    /// ECMA-262 RepeatMatcher: `min` and `max` iterations still to go.
    fn repeat(
        &mut self,
        repeat: &Repeat,
        min: u32,
        max: u32,
        backward: bool,
        pos: usize,
        k: Continuation<'_, 's>,
    ) -> bool {
        if max == 0 {
            return k(self, pos);
        }
        let saved = self.captures[repeat.captures.clone()].to_vec();
        if min == 0 && !repeat.greedy {
            if k(self, pos) {
                return true;
            }
            if self.gave_up {
                return false;
            }
        }
        self.captures[repeat.captures.clone()]
            .iter_mut()
            .for_each(|c| *c = None);
        let iterated = self.iteration(repeat, min, max, backward, pos, k);
        if iterated {
            return true;
        }
        self.captures[repeat.captures.clone()].copy_from_slice(&saved);
        min == 0 && repeat.greedy && !self.gave_up && k(self, pos)
    }

    /// One more iteration of the atom, then the rest of the repetition.
    fn iteration(
        &mut self,
        repeat: &Repeat,
        min: u32,
        max: u32,
        backward: bool,
        pos: usize,
        k: Continuation<'_, 's>,
    ) -> bool {
        self.visit(&repeat.node, backward, pos, &mut |me, next| {
            // An optional iteration that matched nothing ends the repetition (ECMA-262).
            if min == 0 && next == pos {
                return false;
            }
            let max = if max == INFINITY { max } else { max - 1 };
            me.repeat(repeat, min.saturating_sub(1), max, backward, next, k)
        })
    }

    /// A repeated single unit, without recursion per iteration (`.*`, `\w+`).
    fn repeat_unit(
        &mut self,
        repeat: &Repeat,
        ranges: &[(u16, u16)],
        negated: bool,
        backward: bool,
        pos: usize,
        k: Continuation<'_, 's>,
    ) -> bool {
        let mut ends = vec![pos];
        let mut at = pos;
        while ends.len() <= repeat.max as usize {
            match self.step(backward, at) {
                Some((u, next)) if contains(ranges, u) != negated => {
                    at = next;
                    ends.push(at);
                }
                _ => break,
            }
        }
        let Some(candidates) = ends.get(repeat.min as usize..) else {
            return false;
        };
        let mut try_end = |me: &mut Self, end: usize| {
            me.steps += 1;
            if me.steps > me.limit {
                me.gave_up = true;
            }
            !me.gave_up && k(me, end)
        };
        if repeat.greedy {
            candidates.iter().rev().any(|&end| try_end(self, end))
        } else {
            candidates.iter().any(|&end| try_end(self, end))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(pattern: &str, subject: &str) -> Search {
        Regex::new(pattern).expect("a valid regex").search(subject)
    }

    #[test]
    fn searches_unanchored_with_captures_and_lookbehind() {
        assert_eq!(found("ell", "Shell"), Search::Found);
        assert_eq!(found("^ell", "Shell"), Search::NotFound);
        assert_eq!(found(r"(?<=(\d+)(\d+))$", "1053"), Search::Found);
        assert_eq!(found(r"(a*)*b", "aab"), Search::Found);
        assert_eq!(found(r"(?:(a)|b)\1c", "bc"), Search::Found);
        assert_eq!(found(r"(?<x>S)\k<x>", "SS"), Search::Found);
        assert_eq!(found(r"\bRead\b", "TabRead"), Search::NotFound);
        // UTF-16 units: `.` is half of an emoji.
        assert_eq!(found("^.$", "😀"), Search::NotFound);
        assert_eq!(found("^..$", "😀"), Search::Found);
    }

    #[test]
    fn catastrophic_patterns_give_up_instead_of_hanging() {
        let subject = format!("{}!", "a".repeat(40));
        assert_eq!(found("^(a+)+$", &subject), Search::GaveUp);
        assert_eq!(found("^(a|a)*$", &subject), Search::GaveUp);
    }

    #[test]
    fn deep_recursion_gives_up_within_a_small_stack() {
        let subject = "ab".repeat(20_000);
        let searched = std::thread::Builder::new()
            .stack_size(1 << 20)
            .spawn(move || {
                let deep = found("^(?:ab|(c))*$", &subject);
                let lookbehind = found("(?<=^(?:ab)*)$", &subject);
                (deep, lookbehind)
            })
            .expect("a thread")
            .join()
            .expect("no stack overflow");
        assert_eq!(searched, (Search::GaveUp, Search::GaveUp));
    }

    #[test]
    fn any_nesting_compiles_and_drops_within_a_small_stack() {
        // Capture groups nest (non-capturing ones vanish), up to V8's limit on their number.
        let depth = MAX_CAPTURES - 1;
        let (open, close) = ("(".repeat(depth), ")".repeat(depth));
        let pattern = format!("(?:(?<n>{open}a{close}))\\k<n>");
        let searched = std::thread::Builder::new()
            .stack_size(1 << 20)
            .spawn(move || Regex::new(&pattern).map(|regex| regex.search("aa")))
            .expect("a thread")
            .join()
            .expect("no stack overflow");
        assert_eq!(searched, Ok(Search::GaveUp));
    }
}
