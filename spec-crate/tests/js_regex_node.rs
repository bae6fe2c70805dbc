//! `cursor_hooks_spec::js_regex` judged by Node's own `RegExp`, which is what Cursor and Claude
//! Code compile a hook's `matcher` with (`new RegExp(matcher)`, no flags).
//!
//! Patterns come from a seeded grammar covering every construct the module parses, valid and
//! invalid, plus random mutations; subjects are the editors' real matcher subjects (the spec
//! tables) and random short strings, some outside ASCII. One `node` process reads every case as
//! JSON on stdin and answers, per pattern, V8's error message or `test()` of each subject; both
//! must be the same here. A search that exceeds the module's budget (`Search::GaveUp`) is not
//! compared. Node only evaluates regexes here (no editor code, no network), so it runs without
//! `unshare`.
//!
//! The kept cases below are disagreements once found, and facts checked by hand; they run
//! every time with the fixed seeds. `JS_REGEX_SEED=N JS_REGEX_CASES=M` runs M patterns from
//! seed N instead of the fixed seeds (`JS_REGEX_CASES` alone: a fresh seed, printed). A
//! disagreement is shrunk to a minimal pattern and subject before it is reported.
//!
//! Facts from Node v20.20.2 (V8 11.3); `node` must be on PATH (.ci/run has it: its setup
//! scripts install Claude Code and `@cursor/sdk` with npm).
use cursor_hooks_spec::js_regex::{Regex, Search};
use serde_json::{json, Value};
use std::io::Write;
use std::process::{Command, Stdio};

/// Disagreements once found (pattern, subject), and constructs worth pinning.
const KEPT: &[(&str, &str)] = &[
    ("(?i)a", "a"),
    ("(?i:a)", "a"),
    ("Bash(", "Bash"),
    ("a)", "a"),
    ("[a", "a"),
    ("[z-a]", "a"),
    ("a{3,1}", "aaa"),
    ("{3,1}", "a"),
    ("(?<a>x)(?<a>y)", "xy"),
    ("(?<a>x)\\k<b>", "x"),
    ("(?<a>x)\\k", "xk"),
    ("(?<a>x)\\k<1>", "x"),
    ("(?<1>x)", "x"),
    ("(?<a", "a"),
    ("\\", "\\"),
    ("a/(", "a"),
    ("(?<=a)*", "a"),
    ("(?<=a){2}", "a"),
    ("(?<=a){", "a{"),
    ("(?=a)*", "a"),
    ("(?=a)??", "a"),
    ("^*", "a"),
    ("\\b*", "a"),
    ("(?<\\u00>x)", "x"),
    ("(?<a>x)[\\k]", "xk"),
    ("a**", "a"),
    ("x{2}{3}", "xx"),
    ("\\u{2}", "uu"),
    ("(?<a>(?<a>x))", "x"),
    ("(?<a>x)(?<a>y", "xy"),
    ("(?", "a"),
    ("(?<", "a"),
    ("a|*", "a"),
    ("(*)", "a"),
    ("[\\d-z]", "-"),
    ("[b-\\d]", "-"),
    ("[\\c]", "\\"),
    ("[\\c]", "c"),
    ("\\c", "\\c"),
    ("[\\c1]", "\u{11}"),
    ("\\8", "8"),
    ("\\18", "\u{1}8"),
    ("\\400", " 0"),
    ("(?<=(\\d+)(\\d+))$", "1053"),
    ("(a*)*b", "aab"),
    ("(?:a|b)*?c", "abc"),
    ("😀+", "😀"),
    ("^.$", "😀"),
    ("^..$", "😀"),
    ("\\k", "k"),
    ("(?:(a)|b)\\1c", "bc"),
    ("(a)|\\1b", "b"),
    ("(?<$>x)", "x"),
    ("(?<é>x)\\k<é>", "xx"),
    ("(?<a\\u{62}>x)\\k<ab>", "xx"),
    ("a{,5}", "a{,5}"),
    ("a{2147483648}", "a"),
    ("a{99999999999,5}", "a"),
    ("x{4294967296,4294967295}", "x"),
    ("[]", "a"),
    ("[^]", "\n"),
    ("\\bRead\\b", "TabRead"),
    ("^MCP:", "MCP:github_search"),
    ("mcp__.*__search$", "mcp__server__search"),
    // Matchers as written in hooks.json and Claude Code settings.
    ("^(Shell|Read)$", "Read"),
    ("Edit|Write", "NotebookEdit"),
    ("^(?!Bash$)", "Bash"),
    ("^(?!mcp__).*", "mcp__memory__save"),
    ("[Gg]it", "git push"),
    ("\\.env$", "Read"),
    ("mcp__github__.*", "mcp__github__create_issue"),
    ("^MCP:(github|gitlab)_", "MCP:gitlab_merge"),
    ("^rm [-rf", "rm -rf"),
    ("*.env", "Read"),
    // Captures and backreferences across repetition and lookbehind.
    ("(?<=\\1(a))b", "aab"),
    ("(?<=(a)\\1)b", "aab"),
    ("(?<=\\1(a))b", "ab"),
    ("^(?:(a)|b)*\\1$", "aba"),
    ("^(?:(a)|b)*\\1$", "abb"),
    ("^(a+)\\1*$", "aaaa"),
    ("(?=(a+))a*b\\1", "baaabac"),
    ("(.*?)a(?!(a+)b\\2c)\\2(.*)", "baaabaac"),
    ("^(?:a|ab)(?:c|bcd)(d*)$", "abcd"),
    ("(z)((a+)?(b+)?(c))*", "zaacbbbcac"),
    ("(a)|b", "b"),
    ("^(?:()|a)+$", "aa"),
    ("(?<!\\b)x", "ax"),
    ("(?<=\\b)x", " x"),
    // Found by the generator.
    ("\\40", " "),
    ("(?:(?<=)){2}", ""),
    ("(?:(?<!))?", ""),
];

/// A small deterministic generator (SplitMix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Characters the subjects are made of, so that literals in patterns hit them.
const ALPHABET: &[char] = &[
    'S', 'h', 'e', 'l', 'R', 'a', 'd', 'B', 's', 'M', 'C', 'P', ':', '_', '-', 'x', '1', '0', ' ',
    'k', 'u', '\\', '.',
];
const ODD_CHARS: &[char] = &[
    'é', '😀', '\u{2028}', '\n', '\u{a0}', '\u{0}', 'ſ', 'K', '\t', '\u{b}', '\u{1}', '\u{8}',
    '\u{feff}',
];
const META: &[&str] = &[
    "(", ")", "[", "]", "{", "}", "|", "*", "+", "?", "\\", "^", "$", ".", "-", "<", ">", ":", "=",
    "!", ",", "k", "c", "u", "x", "0", "1", "2", "8", "(?", "(?<", "{2", "{1,", "\\k<",
];
const NAMES: &[&str] = &["a", "b", "n1", "$x", "é", "_", "1", "a-b", ""];

fn literal(rng: &mut Rng) -> String {
    let c = if rng.chance(5) {
        *rng.pick(ODD_CHARS)
    } else {
        *rng.pick(ALPHABET)
    };
    match c {
        '\\' => "\\\\".to_owned(),
        '.' if rng.chance(50) => "\\.".to_owned(),
        c => c.to_string(),
    }
}

fn escape(rng: &mut Rng) -> String {
    let hex = |rng: &mut Rng, n: usize| -> String {
        (0..n)
            .map(|_| *rng.pick(&['0', '1', '2', '4', '5', '7', 'a', 'F', 'g']))
            .collect()
    };
    match rng.below(16) {
        0 => rng
            .pick(&["\\d", "\\w", "\\s", "\\D", "\\W", "\\S"])
            .to_string(),
        1 => rng.pick(&["\\b", "\\B"]).to_string(),
        2 => format!("\\c{}", rng.pick(&['A', 'j', '1', '_', '[', ' '])),
        3 => {
            let digits = rng.below(3);
            format!("\\x{}", hex(rng, digits))
        }
        4 => {
            let digits = rng.below(5);
            format!("\\u{}", hex(rng, digits))
        }
        5 => format!("\\{}", rng.below(13)),
        6 => format!("\\0{}", rng.below(8)),
        7 => format!("\\k<{}>", rng.pick(NAMES)),
        8 => "\\k".to_owned(),
        9 => rng
            .pick(&["\\8", "\\9", "\\18", "\\400", "\\377"])
            .to_string(),
        10 => rng
            .pick(&["\\f", "\\n", "\\r", "\\t", "\\v", "\\/", "\\-", "\\."])
            .to_string(),
        11 => format!(
            "\\{}",
            rng.pick(&['p', 'P', 'a', 'e', 'S', 'M', '_', ':', 'é'])
        ),
        12 => "\\u{41}".to_owned(),
        _ => format!(
            "\\{}",
            rng.pick(&["(", ")", "[", "]", "{", "}", "*", "|", "$"])
        ),
    }
}

const CLASS_RANGES: &[&str] = &["a-z", "A-Z", "0-9", "z-a", "\\d-z", "a-\\w", "--/"];
const CLASS_ODDITIES: &[&str] = &["\\b", "\\c1", "\\c_", "\\c", "-", "]", "[", "\\k"];

fn class(rng: &mut Rng) -> String {
    let mut out = String::from("[");
    if rng.chance(30) {
        out.push('^');
    }
    for _ in 0..rng.below(4) {
        match rng.below(7) {
            0 => out.push_str(&format!("{}-{}", literal(rng), literal(rng))),
            1 => out.push_str(rng.pick::<&str>(CLASS_RANGES)),
            2 => out.push_str(&escape(rng)),
            3 => out.push_str(rng.pick::<&str>(CLASS_ODDITIES)),
            _ => out.push_str(&literal(rng)),
        }
    }
    if rng.chance(95) {
        out.push(']');
    }
    out
}

fn quantifier(rng: &mut Rng) -> String {
    let mut out = match rng.below(8) {
        0 => "{2}".to_owned(),
        1 => "{1,}".to_owned(),
        2 => format!("{{{},{}}}", rng.below(4), rng.below(4)),
        3 => rng
            .pick(&["{", "{,2}", "{1", "{1,2", "{99999999999}"])
            .to_string(),
        4 => "+".to_owned(),
        5 => "?".to_owned(),
        _ => "*".to_owned(),
    };
    if rng.chance(30) {
        out.push('?');
    }
    out
}

fn term(rng: &mut Rng, depth: usize) -> String {
    let atom = match rng.below(if depth > 2 { 7 } else { 10 }) {
        0..=2 => literal(rng),
        3 => escape(rng),
        4 => class(rng),
        5 => rng.pick(&[".", "^", "$", "]", "}", "{", "|"]).to_string(),
        6 => rng.pick(&["*", "+", "?", ")", "(", "{1}"]).to_string(),
        _ => {
            let open = match rng.below(8) {
                0 => "(?:".to_owned(),
                1 => "(?=".to_owned(),
                2 => "(?!".to_owned(),
                3 => "(?<=".to_owned(),
                4 => "(?<!".to_owned(),
                5 => format!("(?<{}>", rng.pick(NAMES)),
                6 => rng.pick(&["(?i)", "(?i:", "(?", "(?x"]).to_string(),
                _ => "(".to_owned(),
            };
            let close = if rng.chance(92) { ")" } else { "" };
            format!("{open}{}{close}", pattern(rng, depth + 1))
        }
    };
    if rng.chance(25) {
        atom + &quantifier(rng)
    } else {
        atom
    }
}

fn pattern(rng: &mut Rng, depth: usize) -> String {
    let alternatives = 1 + usize::from(rng.chance(25)) + usize::from(rng.chance(10));
    (0..alternatives)
        .map(|_| {
            (0..rng.below(4))
                .map(|_| term(rng, depth))
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("|")
}

fn mutate(rng: &mut Rng, pattern: &str) -> String {
    let mut chars: Vec<String> = pattern.chars().map(String::from).collect();
    for _ in 0..1 + rng.below(2) {
        let at = rng.below(chars.len() + 1);
        match rng.below(3) {
            0 if at < chars.len() => {
                chars.remove(at);
            }
            1 if at < chars.len() => {
                let copy = chars[at..].iter().take(3).cloned().collect::<String>();
                chars.insert(at, copy);
            }
            _ => chars.insert(at, rng.pick(META).to_string()),
        }
    }
    chars.concat()
}

/// The editors' matcher subjects, from the spec tables.
fn real_subjects() -> Vec<&'static str> {
    let cursor = cursor_hooks_spec::EVENTS
        .iter()
        .flat_map(|e| e.matcher_values);
    let claude = cursor_hooks_spec::claude::EVENTS
        .iter()
        .flat_map(|e| e.matcher_values);
    let mut subjects: Vec<&str> = cursor
        .chain(claude)
        .chain(cursor_hooks_spec::claude::TOOLS.iter())
        .copied()
        .chain(["MCP:github_search", "mcp__server__tool", "Shell", "Bash"])
        .collect();
    subjects.sort_unstable();
    subjects.dedup();
    subjects
}

fn subject(rng: &mut Rng, real: &[&str]) -> String {
    if rng.chance(50) {
        return rng.pick(real).to_string();
    }
    (0..rng.below(9))
        .map(|_| {
            if rng.chance(8) {
                *rng.pick(ODD_CHARS)
            } else {
                *rng.pick(ALPHABET)
            }
        })
        .collect()
}

/// One pattern and the subjects it is tested on.
#[derive(Clone, Debug)]
struct Case {
    pattern: String,
    subjects: Vec<String>,
}

fn generate(seed: u64, count: usize) -> Vec<Case> {
    let mut rng = Rng(seed);
    let real = real_subjects();
    (0..count)
        .map(|_| {
            let mut pattern = pattern(&mut rng, 0);
            if rng.chance(30) {
                pattern = mutate(&mut rng, &pattern);
            }
            let subjects = (0..4).map(|_| subject(&mut rng, &real)).collect();
            Case { pattern, subjects }
        })
        .collect()
}

const JUDGE: &str = r#"
const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
const answers = cases.map(([pattern, subjects]) => {
  let regex;
  try { regex = new RegExp(pattern); } catch (error) { return { error: error.message }; }
  // V8 itself can fail (RangeError: Maximum call stack size exceeded): null, not compared.
  const test = (subject) => { try { return regex.test(subject); } catch { return null; } };
  return { tests: subjects.map(test) };
});
process.stdout.write(JSON.stringify({ node: process.version, answers }));
"#;

/// Node's answer on one pattern: V8's error message, or `test()` of each subject (`None` where
/// V8 itself threw, out of stack).
type Answer = Result<Vec<Option<bool>>, String>;

/// Node's answers, one per case.
fn judge(cases: &[Case]) -> (String, Vec<Answer>) {
    let input = Value::Array(
        cases
            .iter()
            .map(|case| json!([case.pattern, case.subjects]))
            .collect(),
    );
    let mut child = Command::new("node")
        .args(["-e", JUDGE])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|error| {
            panic!(
                "cannot run `node` ({error}): this test needs Node (v20, the editors' RegExp) on \
                 PATH as the judge of js_regex"
            )
        });
    let mut stdin = child.stdin.take().expect("node's stdin");
    let text = input.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(text.as_bytes()));
    let output = child.wait_with_output().expect("node's output");
    writer
        .join()
        .expect("the writer thread")
        .expect("cases written to node");
    assert!(output.status.success(), "node failed: {}", output.status);
    let reply: Value = serde_json::from_slice(&output.stdout).expect("node's JSON");
    let answers = reply["answers"]
        .as_array()
        .expect("answers")
        .iter()
        .map(|answer| match answer.get("error") {
            Some(message) => Err(message.as_str().expect("a message").to_owned()),
            None => Ok(answer["tests"]
                .as_array()
                .expect("tests")
                .iter()
                .map(Value::as_bool)
                .collect()),
        })
        .collect();
    (reply["node"].as_str().unwrap_or("?").to_owned(), answers)
}

/// How this module disagrees with Node's answer on `case`, if it does.
fn disagreement(case: &Case, node: &Answer) -> Option<String> {
    let ours = Regex::new(&case.pattern);
    match (ours, node) {
        (Err(ours), Err(theirs)) if ours.to_string() == *theirs => None,
        (Err(ours), theirs) => Some(format!("js_regex: {ours}; node: {theirs:?}")),
        (Ok(_), Err(theirs)) => Some(format!("js_regex: valid; node: {theirs}")),
        (Ok(regex), Ok(tests)) => case
            .subjects
            .iter()
            .zip(tests)
            .find_map(|(subject, &test)| {
                let search = regex.search(subject);
                let test = test?;
                let differs = search != Search::GaveUp && (search == Search::Found) != test;
                differs.then(|| format!("on {subject:?}: js_regex {search:?}, node test() {test}"))
            }),
    }
}

/// Each way of dropping one character from `text`.
fn one_shorter(text: &str) -> impl Iterator<Item = String> + '_ {
    text.char_indices()
        .map(move |(at, c)| format!("{}{}", &text[..at], &text[at + c.len_utf8()..]))
}

/// A smaller case that still disagrees: characters dropped from the pattern, then subjects
/// dropped and shortened, one node run per round (patterns of some hundred characters; a
/// longer one is reported as it is).
fn shrink(mut case: Case) -> Case {
    while case.pattern.len() <= 300 {
        let mut candidates: Vec<Case> = one_shorter(&case.pattern)
            .map(|pattern| Case {
                pattern,
                subjects: case.subjects.clone(),
            })
            .collect();
        for (index, subject) in case.subjects.iter().enumerate() {
            if case.subjects.len() > 1 {
                let mut subjects = case.subjects.clone();
                subjects.remove(index);
                candidates.push(Case {
                    pattern: case.pattern.clone(),
                    subjects,
                });
            }
            for shorter in one_shorter(subject) {
                let mut subjects = case.subjects.clone();
                subjects[index] = shorter;
                candidates.push(Case {
                    pattern: case.pattern.clone(),
                    subjects,
                });
            }
        }
        let (_, answers) = judge(&candidates);
        match candidates
            .into_iter()
            .zip(&answers)
            .find(|(candidate, answer)| disagreement(candidate, answer).is_some())
        {
            Some((smaller, _)) => case = smaller,
            None => return case,
        }
    }
    case
}

fn run(label: &str, cases: Vec<Case>) {
    let (node, answers) = judge(&cases);
    eprintln!("{label}: {} patterns, judged by node {node}", cases.len());
    let gave_up = cases
        .iter()
        .filter_map(|case| Regex::new(&case.pattern).ok())
        .zip(&cases)
        .flat_map(|(regex, case)| case.subjects.iter().map(move |s| regex.search(s)))
        .filter(|search| *search == Search::GaveUp)
        .count();
    let valid = answers.iter().filter(|answer| answer.is_ok()).count();
    let matched = answers
        .iter()
        .flat_map(|answer| answer.iter().flatten())
        .filter(|test| **test == Some(true))
        .count();
    eprintln!(
        "{label}: {valid} valid, {matched} subjects matched, {gave_up} searches gave up (not compared)"
    );
    let found = cases
        .into_iter()
        .zip(&answers)
        .find(|(case, answer)| disagreement(case, answer).is_some());
    if let Some((case, _)) = found {
        let small = shrink(case);
        let (_, answer) = judge(std::slice::from_ref(&small));
        let why = disagreement(&small, &answer[0]).unwrap_or_default();
        panic!(
            "{label}: js_regex disagrees with node {node} on pattern {:?} (subjects {:?}): {why}\n\
             keep it in KEPT once fixed: ({:?}, {:?}),",
            small.pattern,
            small.subjects,
            small.pattern,
            small.subjects.first().cloned().unwrap_or_default()
        );
    }
}

#[test]
fn kept_cases_agree_with_node() {
    let cases = KEPT
        .iter()
        .map(|(pattern, subject)| Case {
            pattern: pattern.to_string(),
            subjects: vec![subject.to_string(), String::new()],
        })
        .collect();
    run("kept cases", cases);
}

#[test]
fn the_most_capture_groups_agree_with_node() {
    let most = "()".repeat(32_767);
    let cases = [most.clone(), format!("{most}("), format!("{most}(?<a")]
        .into_iter()
        .map(|pattern| Case {
            pattern,
            subjects: vec!["a".to_owned()],
        })
        .collect();
    run("capture group limit", cases);
}

#[test]
fn generated_patterns_agree_with_node() {
    let count = std::env::var("JS_REGEX_CASES")
        .ok()
        .map(|n| n.parse().expect("JS_REGEX_CASES is a number"));
    let seed = std::env::var("JS_REGEX_SEED")
        .ok()
        .map(|n| n.parse::<u64>().expect("JS_REGEX_SEED is a number"));
    let seeds: Vec<u64> = match (seed, count) {
        (Some(seed), _) => vec![seed],
        (None, Some(_)) => vec![std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)],
        (None, None) => (1..=4).collect(),
    };
    for seed in seeds {
        run(
            &format!("seed {seed} (JS_REGEX_SEED={seed})"),
            generate(seed, count.unwrap_or(1000)),
        );
    }
}
