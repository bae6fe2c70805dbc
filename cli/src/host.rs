//! The host rules of `spec/cursor/host.json`: what Cursor loads, how it runs hooks and how it reads
//! and merges their answers. The simulator and doctor apply these; they restate none of them.

// Each rule's `source`, `verified` and descriptions are for people reading spec/cursor/host.json and for
// the output's "unverified" notes; the model keeps every key so `deny_unknown_fields` refuses
// typos, even where the code reads only some of them.
#![allow(dead_code)]

use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::OnceLock;

const HOST_JSON: &str = include_str!("../data/host.json");

/// `spec/cursor/host.json`, parsed once.
pub fn host() -> &'static Host {
    static HOST: OnceLock<Host> = OnceLock::new();
    HOST.get_or_init(|| {
        serde_json::from_str(HOST_JSON).expect("spec/cursor/host.json matches the model")
    })
}

/// The whole file. Each key is described in spec/cursor/host.md; `*_source` and `verified` fields
/// cite where a rule comes from and whether a recording confirms it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Host {
    /// Source keys and what each names.
    pub sources: BTreeMap<String, String>,
    /// Where Cursor reads hooks, highest priority first.
    pub config_sources: Vec<ConfigSource>,
    pub plugins: Plugins,
    /// How Cursor reads a prompt hook's answer.
    pub prompt_hooks: Unsettled,
    pub defaults: Defaults,
    pub environment: Environment,
    /// How Cursor's executor times, reads and judges a hook's process.
    pub process: Process,
    /// How one hook's process result is read, by outcome.
    pub results: Vec<ResultRule>,
    /// Claude Code's answer shapes, which Cursor also reads.
    pub claude_outputs: ClaudeOutputs,
    /// The text a fail-closed block carries, around the failure's message.
    pub fail_closed_message: String,
    pub merge: Merge,
    /// What Cursor does with `ask`, by event and version.
    pub ask: Vec<AskRule>,
    /// What reaches the agent and the user of a permission answer.
    pub shown: Shown,
    pub matcher: Matcher,
    pub file_rules: FileRules,
    /// The Cursor CLI's command names.
    pub cli: Cli,
    /// What a block (exit 2, `failClosed`, invalid output) answers, by event.
    pub block_answers: BlockAnswers,
    /// The keys an answer must type correctly, by event, for Cursor to read it.
    pub answer_checks: AnswerChecks,
}

/// What a block answers: `deny` events get `{permission: "deny", user_message}`, `stop_prompt`
/// events `{continue: false, user_message}`, `empty` events `{}`; on any other event a block is
/// ignored.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BlockAnswers {
    pub deny: Vec<String>,
    pub stop_prompt: Vec<String>,
    pub empty: Vec<String>,
    pub source: String,
    pub verified: bool,
}

/// A key's required type in an answer.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum AnswerType {
    /// One of these strings.
    OneOf(Vec<String>),
    /// `string`, `boolean`, `object`, `string_map` or `string_list`.
    Kind(String),
}

impl AnswerType {
    /// Whether `value` has this type.
    pub fn accepts(&self, value: &serde_json::Value) -> bool {
        use serde_json::Value;
        match self {
            AnswerType::OneOf(values) => value
                .as_str()
                .is_some_and(|v| values.iter().any(|a| a == v)),
            AnswerType::Kind(kind) => match kind.as_str() {
                "string" => value.is_string(),
                "boolean" => value.is_boolean(),
                "object" => value.is_object(),
                "string_map" => value
                    .as_object()
                    .is_some_and(|map| map.values().all(Value::is_string)),
                "string_list" => value.as_array().is_some_and(|items| {
                    items
                        .iter()
                        .all(|item| item.as_str().is_some_and(|s| !s.trim().is_empty()))
                }),
                _ => true,
            },
        }
    }
}

/// Each event's answer check.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnswerChecks {
    pub events: BTreeMap<String, BTreeMap<String, AnswerType>>,
    pub source: String,
    pub verified: bool,
}

/// How a configuration file is laid out.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    HooksJson,
    Plugin,
    ClaudeSettings,
}

/// Where hooks of a source start.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Cwd {
    /// The project directory.
    Project,
    /// The directory holding the configuration file.
    FileDir,
    /// The plugin's folder (`plugins.workspace_cwd_events` start in the project).
    Plugin,
}

/// One place Cursor reads hooks from.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConfigSource {
    pub name: String,
    pub format: Format,
    /// Path templates by platform (`macos`, `linux`, `windows`, or `any`), with `{project}`,
    /// `{home}` and `{plugin}` placeholders.
    pub paths: BTreeMap<String, String>,
    pub cwd: Cwd,
    pub source: String,
    pub verified: bool,
}

impl ConfigSource {
    /// The path template for the platform this runs on.
    pub fn path_template(&self) -> Option<&str> {
        path_for_platform(&self.paths)
    }
}

/// Where a plugin folder keeps its hooks, and how Cursor's plugin loader reads them.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Plugins {
    /// The manifests Cursor looks for, in order.
    pub manifests: Vec<String>,
    pub manifest_rule: String,
    pub manifest_hooks_key: String,
    /// The hooks file without a manifest `hooks`.
    pub hooks_file: String,
    /// The file a manifest `hooks` folder holds.
    pub hooks_dir_file: String,
    pub hooks_rule: String,
    pub format_rule: String,
    /// The variables replaced by the plugin's folder in commands, and set in their environment.
    pub root_variables: Vec<String>,
    pub root_variable: String,
    pub substitution_rule: String,
    /// The events whose plugin hooks start in the workspace, not the plugin's folder.
    pub workspace_cwd_events: Vec<String>,
    /// The plugins Cursor loads without `--plugin-dir` (`crate::sources::installed::cursor`).
    pub installed_rule: String,
    pub installed_source: String,
    pub source: String,
    /// Whether the loading rules are checked against Cursor's own loader.
    pub loading_verified: bool,
    /// Whether running plugin hooks is checked against Cursor.
    pub verified: bool,
    /// What Cursor keeps of a Claude-format plugin hooks file it translates.
    pub claude_translation: ClaudeTranslation,
}

/// Cursor's translation of a Claude Code hooks file (`spec/cursor/host.json`
/// `plugins.claude_translation`), read by `package`'s documentation and tests.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClaudeTranslation {
    /// Claude Code event → the Cursor event it becomes; any other is dropped.
    pub events: BTreeMap<String, String>,
    pub dropped_events: String,
    pub kept_keys: Vec<String>,
    /// Keys every translated hook gets, whatever the Claude handler said.
    pub set_keys: serde_json::Map<String, serde_json::Value>,
    pub dropped_keys: String,
    pub matchers: String,
    pub note: String,
    pub source: String,
    pub verified: bool,
}

/// A rule known only from a source, which Cursor's own code (@cursor/sdk) cannot settle.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Unsettled {
    pub source: String,
    pub verified: bool,
}

/// Values Cursor uses when an entry sets none.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Defaults {
    pub timeout_seconds: f64,
    pub timeout_source: String,
    pub timeout_verified: bool,
    pub loop_limit: u64,
    pub claude_loop_limit: Option<u64>,
    pub loop_limit_source: String,
    pub loop_limit_verified: bool,
}

/// The process Cursor starts for a command hook.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Environment {
    pub variables: Vec<String>,
    /// The shell command that runs a hook's command line, by `unix`/`windows`.
    pub shell: BTreeMap<String, Vec<String>>,
    /// The event whose answered `env` is given to every later hook of the session.
    pub session_env_event: String,
    pub session_env_source: String,
    pub source: String,
    pub verified: bool,
}

/// How Cursor's executor times, reads and judges a hook's process (`process` in host.json).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Process {
    /// The longest delay Node's timers keep; a longer one (or not a number from 1) fires after 1 ms.
    pub timer_max_ms: f64,
    pub timer_source: String,
    /// The exit code a process a signal ended is read as.
    pub signal_reads_as_exit: i32,
    pub signal_source: String,
    pub signal_ide_cli: String,
    pub output_kept: String,
    pub output_source: String,
    pub trim: String,
    pub trim_source: String,
    pub verified: bool,
}

impl Process {
    /// The delay Cursor's timer really waits for a `timeout` of `seconds`.
    pub fn timer(&self, seconds: f64) -> std::time::Duration {
        let millis = seconds * 1000.0;
        if (1.0..=self.timer_max_ms).contains(&millis) {
            std::time::Duration::from_secs_f64(seconds)
        } else {
            std::time::Duration::from_millis(1)
        }
    }
}

/// What an outcome does to an event's answer.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Effect {
    /// The hook's JSON is applied.
    Apply,
    /// The hook has no opinion.
    NoOpinion,
    /// The action is blocked.
    Block,
    /// The prompt is stopped (`continue: false`).
    Stop,
    /// The output is ignored.
    Ignore,
}

/// How one outcome of a hook process is read.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultRule {
    pub id: String,
    pub when: String,
    /// On permission events.
    pub permission: Effect,
    /// On `beforeSubmitPrompt`, when it differs from `other`.
    #[serde(default)]
    pub prompt_gate: Option<Effect>,
    /// On every other event.
    pub other: Effect,
    /// With `failClosed: true`, when it changes the effect.
    #[serde(default)]
    pub fail_closed: Option<Effect>,
    /// The block message, with `{command}`, `{stderr}`, `{code}`, `{timeout_ms}`.
    #[serde(default)]
    pub message: Option<String>,
    /// The message under `failClosed`, inside `fail_closed_message`.
    #[serde(default)]
    pub fail_closed_message: Option<String>,
    /// Whether the message is the hook's stdout (trimmed) when it printed any.
    #[serde(default)]
    pub message_from_stdout: bool,
    /// The message when the hook printed nothing at all.
    #[serde(default)]
    pub message_when_silent: Option<String>,
    pub source: String,
    pub verified: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClaudeOutputs {
    /// Events where `{hookSpecificOutput: {permissionDecision, ...}}` is read as a permission.
    pub permission_events: Vec<String>,
    pub permission_object: String,
    pub permission_decision: String,
    pub permission_reason: String,
    pub permission_updated_input: String,
    /// Events where `{decision: "block", reason}` (flat or nested) is read as a follow-up.
    pub followup_events: Vec<String>,
    pub followup_decision: String,
    pub followup_reason: String,
    pub source: String,
    pub verified: bool,
}

/// How the answers of several hooks combine.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Merge {
    pub run: String,
    pub run_source: String,
    /// Strongest first.
    pub permission_order: Vec<String>,
    pub permission_source: String,
    pub permission_verified: bool,
    pub message_separator: String,
    pub message_source: String,
    pub message_verified: bool,
    pub r#continue: String,
    pub continue_source: String,
    pub continue_verified: bool,
    pub additional_context: String,
    pub additional_context_separator: String,
    pub additional_context_source: String,
    pub additional_context_verified: bool,
    pub followup_message: String,
    pub followup_source: String,
    pub followup_verified: bool,
    pub other_fields: String,
    pub other_fields_source: String,
    pub other_fields_verified: bool,
    /// The order answers merge in: by source, then as listed.
    pub order: Vec<String>,
    pub order_source: String,
    /// Where `permission` merges (deny over ask over allow); elsewhere it is last-wins.
    pub permission_events: Vec<String>,
    /// Where `additional_context` strings are joined; elsewhere it is last-wins.
    pub additional_context_events: Vec<String>,
    pub env: String,
    /// The event whose `pluginPaths` lists are united, in order, without duplicates.
    pub plugin_paths_event: String,
}

/// What Cursor does with `ask` for some events on some versions.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AskRule {
    pub events: Vec<String>,
    /// `any`, `cli`, `ide_before_2.4.21`, `ide_2.x_from_2.4.21`, `ide_3_and_later`.
    pub versions: String,
    /// What Cursor does: `ask`, `deny` or `allow`.
    pub effect: String,
    pub source: String,
    pub verified: bool,
}

impl AskRule {
    /// Whether the rule covers this event on this Cursor version.
    pub fn applies(&self, event: &str, version: &cursor_hooks::cursor::CursorVersion) -> bool {
        if !self.events.iter().any(|e| e == event) {
            return false;
        }
        let ide = version.ide();
        match self.versions.as_str() {
            "any" => true,
            "cli" => version.is_cli(),
            "ide_before_2.4.21" => version.is_missing() || version.is_ide_before(2, 4, 21),
            "ide_2.x_from_2.4.21" => {
                ide.is_some_and(|v| v.major == 2) && !version.is_ide_before(2, 4, 21)
            }
            "ide_3_and_later" => ide.is_some_and(|v| v.major >= 3),
            _ => false,
        }
    }
}

/// What Cursor's tool wrappers make of a permission answer: the refusal the agent is told, the
/// events where `agent_message` goes nowhere, where `ask` prompts the user and where it is
/// not acted on (@cursor/sdk 1.0.32).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shown {
    /// `{label} was blocked by a hook: {user_message}`.
    pub refusal: String,
    /// The `{label}` of `refusal`, by event.
    pub refusal_labels: BTreeMap<String, String>,
    pub agent_message_dropped: Vec<String>,
    pub ask_prompt_events: Vec<String>,
    /// `Hook requested approval: {user_message}`.
    pub ask_prompt: String,
    pub ask_ignored_events: Vec<String>,
    pub source: String,
    pub verified: bool,
    /// What is not known of the IDE and the CLI.
    pub ide_cli: String,
}

/// What matchers are tested against, and how.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Matcher {
    /// What the matcher is tested against, by event (events without one run every hook).
    pub subjects: BTreeMap<String, Subject>,
    pub search: String,
    /// Matchers that match every subject.
    pub match_all: Vec<String>,
    pub invalid_voids_file: bool,
    /// How a matcher is compiled (JavaScript's `RegExp`, no flags), and where that comes from.
    pub regexp: String,
    pub regexp_source: String,
    pub source: String,
    pub verified: bool,
}

/// A matcher subject (spec/cursor/events.json `matcher_from`): a field of the payload, a fixed string
/// (the Agent's own tool type on file events, or the event's fixed name), or a field after a
/// prefix (`MCP:<tool_name>`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "snake_case")]
pub enum Subject {
    Field(String),
    Fixed(String),
    Prefixed { field: String, prefix: String },
}

/// Rules about a whole file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileRules {
    pub version: String,
    pub unknown_event_voids_file: bool,
    pub comments: String,
    /// What Cursor's comment stripping does, for messages.
    pub comments_rule: String,
    /// A 0-byte file is no file.
    pub empty_file: String,
    pub empty_file_source: String,
    /// Numbers are doubles, whatever their spelling.
    pub numbers: String,
    pub numbers_source: String,
    /// A Claude Code matcher group without a `hooks` list voids its file.
    pub claude_group_without_hooks: String,
    pub claude_group_without_hooks_source: String,
    /// The error Cursor's validator gives each kind of invalid entry or file, by kind
    /// (`timeout_not_positive`), with `{placeholders}`.
    pub validator_messages: BTreeMap<String, String>,
    pub validator_messages_source: String,
    pub source: String,
    pub verified: bool,
}

/// The Cursor CLI.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cli {
    /// Its command names, the documented one first (`agent`, then the older `cursor-agent`).
    pub commands: Vec<String>,
    pub notes: String,
    pub source: String,
    pub verified: bool,
}

impl Cli {
    /// `` `agent -p` (or `cursor-agent -p`) ``: a command line of the CLI under each of its
    /// names, `args` after the name.
    pub fn command(&self, args: &str) -> String {
        let line = |name: &String| {
            if args.is_empty() {
                format!("`{name}`")
            } else {
                format!("`{name} {args}`")
            }
        };
        let mut names = self.commands.iter().map(line);
        let first = names.next().unwrap_or_default();
        let rest: Vec<String> = names.collect();
        if rest.is_empty() {
            first
        } else {
            format!("{first} (or {})", rest.join(", "))
        }
    }
}

/// The template of a `paths` map (`macos`, `linux`, `windows`, or `any`) for the platform this
/// runs on; Claude Code's `config_sources` use the same keys.
pub fn path_for_platform(paths: &BTreeMap<String, String>) -> Option<&str> {
    paths
        .get(platform())
        .or_else(|| paths.get("any"))
        .map(String::as_str)
}

/// The platform key of a `paths` map for the platform this runs on.
fn platform() -> &'static str {
    if cfg!(target_os = "macos") {
        "macos"
    } else if cfg!(windows) {
        "windows"
    } else {
        "linux"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_host_rules_parse_and_cite_known_sources() {
        let host = host();
        let cited = host
            .config_sources
            .iter()
            .map(|s| &s.source)
            .chain(host.results.iter().map(|r| &r.source))
            .chain(host.ask.iter().map(|r| &r.source));
        for source in cited {
            let key = source.split([' ', ';']).next().unwrap_or_default();
            assert!(
                host.sources.contains_key(key),
                "unknown source key in `{source}`"
            );
        }
        let names: Vec<&str> = host
            .config_sources
            .iter()
            .map(|s| s.name.as_str())
            .collect();
        assert_eq!(
            names,
            [
                "enterprise",
                "project",
                "user",
                "plugin",
                "claude-local",
                "claude-project",
                "claude-user"
            ]
        );
    }
}
