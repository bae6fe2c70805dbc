//! What every generated differential shares, whatever the host: the seeded random numbers, a
//! hook's answer and its markers, and the batch (kept cases, numbered seeds, a random batch from
//! an environment variable, run two at a time, disagreements reported as cases to keep).
//!
//! A host's differential names its variables by a prefix: `<PREFIX>_CASES` (numbered seeds),
//! `<PREFIX>_RANDOM` (fresh random cases), `<PREFIX>_SEED` (the random batch's seed),
//! `<PREFIX>_ONLY=FILE` (that file's cases only), `<PREFIX>_KEPT=0` (no kept cases),
//! `<PREFIX>_JOBS` (cases at once) and `<PREFIX>_RANDOM_REPORTS` (the random batch reports
//! instead of failing).

use serde_json::{Map, Value};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;

/// SplitMix64: small, fast and the same on every machine, so a seed names one case forever.
#[derive(Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator started at `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True with `percent` % chance.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }

    /// One of `items`.
    pub fn pick<T: Clone>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())].clone()
    }

    /// One of `items`, each with its weight.
    pub fn weighted<T: Clone>(&mut self, items: &[(u32, T)]) -> T {
        let total: u32 = items.iter().map(|(w, _)| w).sum();
        let mut at = (self.next_u64() % u64::from(total)) as u32;
        for (weight, item) in items {
            if at < *weight {
                return item.clone();
            }
            at -= weight;
        }
        items[items.len() - 1].1.clone()
    }
}

/// One hook's answer. Every text a hook prints carries a marker `Zq<hook><kind>` (kind `R`
/// reason, `C` context, `E` stderr, `T` plain text, `S` systemMessage, `P` stopReason, `D` a
/// permission reason), so a test can tell who was told what.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    /// Milliseconds it waits before answering.
    pub delay_ms: u32,
    /// What it prints on stdout.
    pub stdout: String,
    /// What it prints on stderr.
    pub stderr: String,
    /// Its exit code.
    pub exit: i32,
    /// The JSON answer inside stdout, kept apart so shrinking can drop its keys.
    pub json: Option<Map<String, Value>>,
    /// How stdout is made from `json` and a text: `json`, `text`, `both`, `garbage`, `none`.
    pub form: &'static str,
}

/// The forms of [`Answer::form`].
pub const FORMS: [&str; 5] = ["json", "text", "both", "garbage", "none"];

impl Answer {
    /// Draws hook `index`'s answer: an exit code (mostly 0), a form of stdout (`text` weighing
    /// `text_weight` among exit 0's forms), one of `answers` where the form holds JSON, words on
    /// stderr (mostly with exit 2), then the delay `delay` draws (milliseconds); rendered.
    pub fn draw(
        rng: &mut Rng,
        index: usize,
        answers: &[Value],
        text_weight: u32,
        delay: impl FnOnce(&mut Rng) -> u32,
    ) -> Answer {
        let exit = rng.weighted(&[(14, 0), (4, 2), (2, 1), (1, 3)]);
        let form = if exit == 0 {
            rng.weighted(&[
                (12, "json"),
                (text_weight, "text"),
                (1, "both"),
                (2, "garbage"),
                (2, "none"),
            ])
        } else {
            rng.weighted(&[(3, "none"), (1, "json"), (1, "text")])
        };
        let json = match form {
            "json" | "both" => rng.pick(answers).as_object().cloned(),
            _ => None,
        };
        let stderr = if exit == 2 && rng.chance(85) || exit != 2 && rng.chance(30) {
            format!("Zq{index}E words on stderr")
        } else {
            String::new()
        };
        let mut answer = Answer {
            delay_ms: delay(rng),
            stdout: String::new(),
            stderr,
            exit,
            json,
            form,
        };
        answer.render(index);
        answer
    }

    /// Rebuilds `stdout` from `json` and `form`.
    pub fn render(&mut self, hook: usize) {
        let json = self
            .json
            .as_ref()
            .map(|j| Value::Object(j.clone()).to_string())
            .unwrap_or_default();
        self.stdout = match self.form {
            "json" => json,
            "text" => format!("Zq{hook}T plain words"),
            "both" => format!("Zq{hook}T words before\n{json}"),
            "garbage" => format!("{{\"hookSpecificOutput\": Zq{hook}T"),
            _ => String::new(),
        };
    }
}

/// The items of `set` joined by spaces, or `nothing` (a cell of an observation).
pub fn listed(set: &std::collections::BTreeSet<String>) -> String {
    if set.is_empty() {
        "nothing".to_owned()
    } else {
        set.iter().cloned().collect::<Vec<_>>().join(" ")
    }
}

/// The markers hook `index` may print (see [`Answer`]).
pub fn markers_of(index: usize) -> impl Iterator<Item = String> {
    "RCETSPD"
        .chars()
        .map(move |kind| format!("Zq{index}{kind}"))
}

/// Asserts that each of `families` is searched: it holds in at least 3 % of the cases of seeds
/// 0..5000 of `generate` (`families_of` names a case's), and prints each share (a differential
/// README's table).
pub fn assert_family_shares<C>(
    generate: impl Fn(u64) -> C,
    families_of: impl Fn(&C) -> Vec<&'static str>,
    families: &[&str],
) {
    let cases: Vec<Vec<&'static str>> =
        (0..5000).map(|seed| families_of(&generate(seed))).collect();
    for name in families {
        let share = cases.iter().filter(|held| held.contains(name)).count();
        println!("{name}: {:.1} %", share as f64 / 50.0);
        assert!(share >= 150, "{name}: {share} of 5000");
    }
}

/// A case of a host's grammar.
pub trait Generated: Clone + Send + Sync {
    /// The seed it was made from.
    fn seed(&self) -> u64;
    /// Smaller cases, each one step simpler.
    fn shrunk(&self) -> Vec<Self>;
    /// The case in words.
    fn describe(&self) -> String;
    /// The case as a line of the kept cases.
    fn to_json(&self) -> Value;
}

/// What one side says happened.
pub trait Observation: PartialEq + Send {
    /// It in one line.
    fn cell(&self) -> String;
}

/// One host's differential: the prefix of its variables and where its kept cases are.
pub struct Batch {
    /// `CLAUDE_DIFFERENTIAL`, `CODEX_DIFFERENTIAL`, ...
    pub prefix: &'static str,
    /// The kept cases (JSONL, one case a line; `//` lines are comments).
    pub kept: PathBuf,
    /// Numbered seeds run by default.
    pub fixed_seeds: u64,
    /// Random cases run by default.
    pub random_cases: u64,
    /// At most this many runs are spent shrinking one disagreement (`<PREFIX>_NO_SHRINK`: none).
    pub shrink_runs: usize,
    /// The host as the report names it (`Claude Code`, `Codex`).
    pub host: &'static str,
}

/// A finding: where the case came from, the case, and what each side said.
pub type Finding<C, O> = (String, C, O, O);

impl Batch {
    fn var(&self, name: &str) -> String {
        format!("{}_{name}", self.prefix)
    }

    fn number(&self, name: &str, default: u64) -> u64 {
        let name = self.var(name);
        std::env::var(&name).ok().map_or(default, |v| {
            v.trim()
                .parse::<u64>()
                .unwrap_or_else(|_| panic!("{name}={v}: a number"))
        })
    }

    /// Outside the network namespace: draws the random batch's seed (unless given) so the run
    /// inside uses it, and prints it past the test harness's capture.
    fn draw_seed(&self) {
        let name = self.var("SEED");
        if std::env::var_os(&name).is_none() {
            let clock = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64);
            std::env::set_var(&name, (clock % 1_000_000_000_000).to_string());
        }
        let seed = std::env::var(&name).unwrap_or_default();
        let _ = std::io::Write::write_all(
            &mut std::io::stderr(),
            format!("generated differential: random batch seed {seed} (run it again with {name}={seed})\n").as_bytes(),
        );
    }

    /// The run's cases (kept, numbered, random) and the random batch's seed.
    fn cases<C>(
        &self,
        from_json: impl Fn(&Value) -> C,
        generate: impl Fn(u64) -> C,
    ) -> (Vec<(String, C)>, u64) {
        let mut cases = Vec::new();
        let only = std::env::var_os(self.var("ONLY"));
        let file = only
            .clone()
            .map_or_else(|| self.kept.clone(), PathBuf::from);
        let kept = std::env::var(self.var("KEPT")).map_or(true, |v| v.trim() != "0");
        let text = if kept || only.is_some() {
            std::fs::read_to_string(&file).unwrap_or_default()
        } else {
            String::new()
        };
        for (n, line) in text.lines().enumerate() {
            if line.trim().is_empty() || line.starts_with("//") {
                continue;
            }
            let value: Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{} line {}: {e}", file.display(), n + 1));
            let why = value["why"].as_str().unwrap_or("a case found before");
            cases.push((format!("fixed: {why}"), from_json(&value)));
        }
        if only.is_some() {
            return (cases, 0);
        }
        for seed in 1..=self.number("CASES", self.fixed_seeds) {
            cases.push(("generated".to_owned(), generate(seed)));
        }
        let clock = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        let batch = self.number("SEED", clock);
        let mut rng = Rng::new(batch);
        for _ in 0..self.number("RANDOM", self.random_cases) {
            // Random seeds stay clear of the fixed ones.
            let seed = 1_000_000 + rng.next_u64() % 1_000_000_000;
            cases.push((format!("random batch {batch}"), generate(seed)));
        }
        (cases, batch)
    }

    /// Runs every case (`<PREFIX>_JOBS` at once, default 2), printing one line each (also kept in
    /// `summary` with the extension `cases.txt`); returns the disagreements, the summary line
    /// written to `summary`.
    fn run<C: Generated, O: Observation>(
        &self,
        cases: &[(String, C)],
        differential: &(impl Fn(&C) -> (O, O) + Sync),
        summary: &Path,
    ) -> Vec<Finding<C, O>> {
        let jobs = self.number("JOBS", 2).max(1) as usize;
        let started = Instant::now();
        let next = Mutex::new(0usize);
        let found = Mutex::new(Vec::new());
        let lines = Mutex::new(Vec::new());
        std::thread::scope(|scope| {
            for _ in 0..jobs {
                scope.spawn(|| loop {
                    let at = {
                        let mut next = next.lock().expect("the queue");
                        *next += 1;
                        *next - 1
                    };
                    let Some((origin, case)) = cases.get(at) else {
                        break;
                    };
                    let (first, simulated) = differential(case);
                    let (real, varied) = settle(case, first, &simulated, differential);
                    let agree = real == simulated;
                    let line = format!(
                        "{} seed {} ({origin}): {}{}",
                        if agree { "agree" } else { "DISAGREE" },
                        case.seed(),
                        real.cell(),
                        match &varied {
                            Some(other) =>
                                format!(" (the real editor varied; once: {})", other.cell()),
                            None => String::new(),
                        }
                    );
                    println!("{line}");
                    lines.lock().expect("the lines").push(line);
                    if !agree {
                        let finding = (origin.clone(), case.clone(), real, simulated);
                        found.lock().expect("the findings").push(finding);
                    }
                });
            }
        });
        let elapsed = started.elapsed();
        let found = found.into_inner().expect("the findings");
        let text = format!(
            "generated differential: {} cases in {:.1} s ({:.1} s a case with {jobs} at once), {} disagreements\n",
            cases.len(),
            elapsed.as_secs_f64(),
            elapsed.as_secs_f64() * jobs as f64 / cases.len().max(1) as f64,
            found.len()
        );
        print!("{text}");
        std::fs::write(summary, &text).expect("the summary file");
        // Every case's line, for reading a long search's spread afterwards.
        let lines = lines.into_inner().expect("the lines").join("\n");
        std::fs::write(summary.with_extension("cases.txt"), lines).expect("the cases file");
        found
    }

    /// The whole test: outside the network namespace, draws the batch's seed and runs the test
    /// again inside (`isolated(test)`, false outside), then prints the summary the run inside
    /// wrote to `summary`; inside, runs every case of [`Batch::cases`] both ways and concludes.
    pub fn test<C: Generated, O: Observation>(
        &self,
        test: &str,
        isolated: impl Fn(&str) -> bool,
        summary: &Path,
        from_json: impl Fn(&Value) -> C,
        generate: impl Fn(u64) -> C,
        differential: &(impl Fn(&C) -> (O, O) + Sync),
    ) {
        if std::env::var_os(crate::claude_code::runner::INSIDE_NAMESPACE).is_none() {
            self.draw_seed();
            let _ = std::fs::remove_file(summary);
        }
        if !isolated(test) {
            let text = std::fs::read_to_string(summary).unwrap_or_default();
            let _ = std::io::Write::write_all(&mut std::io::stderr(), text.as_bytes());
            return;
        }
        let (cases, seed) = self.cases(from_json, generate);
        println!(
            "generated differential: {} cases, random batch seed {seed} (rerun it with {}={seed})",
            cases.len(),
            self.var("SEED")
        );
        let found = self.run(&cases, differential, summary);
        self.conclude(&found, cases.len(), seed, differential);
    }

    /// Shrinks a disagreeing case while a smaller one still disagrees.
    fn shrink<C: Generated, O: Observation>(
        &self,
        case: &C,
        differential: &impl Fn(&C) -> (O, O),
    ) -> C {
        let mut smallest = case.clone();
        if std::env::var_os(self.var("NO_SHRINK")).is_some() {
            return smallest;
        }
        let mut runs = 0;
        'smaller: loop {
            for candidate in smallest.shrunk() {
                if runs >= self.shrink_runs {
                    break 'smaller;
                }
                runs += 1;
                let (real, simulated) = differential(&candidate);
                if real != simulated {
                    smallest = candidate;
                    continue 'smaller;
                }
            }
            break;
        }
        smallest
    }

    /// Shrinks and reports every finding, then fails the test on those that gate: all, except
    /// a random batch's when `<PREFIX>_RANDOM_REPORTS` is set (as `.ci/run` sets it: the search
    /// has not run dry, and CI must not fail by the draw; its findings are printed as cases to
    /// keep, and the kept cases and numbered seeds are the gate).
    fn conclude<C: Generated, O: Observation>(
        &self,
        found: &[Finding<C, O>],
        total: usize,
        batch: u64,
        differential: &impl Fn(&C) -> (O, O),
    ) {
        let host = self.host;
        let width = format!("real {host}:").len();
        let mut report = String::new();
        for (origin, case, real, simulated) in found {
            let small = self.shrink(case, differential);
            let (small_real, small_simulated) = differential(&small);
            let _ = writeln!(
                report,
                "\nseed {} ({origin}) disagrees:\n  {:width$} {}\n  {:width$} {}\nsmallest configuration found:\n{}  {:width$} {}\n  {:width$} {}\n  as a fixed case: {}",
                case.seed(),
                format!("real {host}:"),
                real.cell(),
                "simulate:",
                simulated.cell(),
                small.describe(),
                format!("real {host}:"),
                small_real.cell(),
                "simulate:",
                small_simulated.cell(),
                small.to_json()
            );
        }
        let reports = std::env::var_os(self.var("RANDOM_REPORTS")).is_some();
        let gating = found
            .iter()
            .filter(|(origin, ..)| !(reports && origin.starts_with("random batch")))
            .count();
        if gating == 0 && !found.is_empty() {
            println!(
                "generated differential: the random batch (seed {batch}) found {} new disagreement(s); keep each as a fixed case in {} and find its rule:{report}",
                found.len(),
                self.kept.display()
            );
        }
        assert!(
            gating == 0,
            "simulate disagrees with the real {host} on {} of {total} generated cases (random batch seed {batch}):{report}",
            found.len(),
        );
    }
}

/// How often a disagreeing case is run again before it counts: an editor under load can answer
/// one run differently (a hook's start past its timeout), and one such run must not fail CI.
const RECHECKS: usize = 2;

/// The real editor's observation that settles a case: `first` when it agrees with `simulated`;
/// else the first of [`RECHECKS`] more runs that does, with `first` as the run that varied; else
/// `first` (a disagreement), with the first other observation the editor gave, if any.
fn settle<C, O: Observation>(
    case: &C,
    first: O,
    simulated: &O,
    differential: &impl Fn(&C) -> (O, O),
) -> (O, Option<O>) {
    if first == *simulated {
        return (first, None);
    }
    let mut other = None;
    for _ in 0..RECHECKS {
        let (again, _) = differential(case);
        if again == *simulated {
            return (again, Some(first));
        }
        if again != first && other.is_none() {
            other = Some(again);
        }
    }
    (first, other)
}

/// `simulate --host HOST --json --session FILE` on `payloads` (written to `file`), in `project`
/// with `home` as `HOME` and `unset` out of the environment: every JSON line it prints.
pub fn simulate_session(
    cli: &Path,
    host: &str,
    (project, home): (&Path, &Path),
    file: &Path,
    payloads: &[Value],
    unset: &str,
) -> Vec<Value> {
    let lines: Vec<String> = payloads.iter().map(Value::to_string).collect();
    std::fs::write(file, lines.join("\n")).expect("the session file");
    let output = std::process::Command::new(cli)
        .args(["simulate", "--host", host, "--json", "--project"])
        .arg(project)
        .arg("--session")
        .arg(file)
        .env("HOME", home)
        .env_remove(unset)
        .output()
        .expect("simulate starts");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "simulate failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    #[derive(PartialEq, Debug)]
    struct Seen(u32);

    impl Observation for Seen {
        fn cell(&self) -> String {
            self.0.to_string()
        }
    }

    /// A differential whose real side answers `reals` in turn; simulate always answers 1.
    fn answering(reals: &[u32]) -> impl Fn(&()) -> (Seen, Seen) + '_ {
        let at = Cell::new(0);
        move |_| {
            let real = reals[at.get().min(reals.len() - 1)];
            at.set(at.get() + 1);
            (Seen(real), Seen(1))
        }
    }

    #[test]
    fn a_case_the_editor_answers_once_otherwise_agrees_and_says_so() {
        let differential = answering(&[7, 1]);
        let (first, simulated) = differential(&());
        let (real, varied) = settle(&(), first, &simulated, &differential);
        assert_eq!((real, varied), (Seen(1), Some(Seen(7))));
    }

    #[test]
    fn a_case_the_editor_never_answers_as_simulate_does_disagrees() {
        let differential = answering(&[7, 7, 9]);
        let (first, simulated) = differential(&());
        let (real, varied) = settle(&(), first, &simulated, &differential);
        assert_eq!((real, varied), (Seen(7), Some(Seen(9))));
        let steady = answering(&[7]);
        let (first, simulated) = steady(&());
        assert_eq!(settle(&(), first, &simulated, &steady), (Seen(7), None));
    }
}
