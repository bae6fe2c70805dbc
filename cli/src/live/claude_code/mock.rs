//! A stand-in for the Anthropic Messages API that the real Claude Code CLI talks to in the live
//! tests: std only, 127.0.0.1 only, one thread a connection, just enough HTTP/1.1.
//!
//! `POST /v1/messages` answers with a server-sent event stream of one scripted [`Reply`], chosen
//! by the number of assistant messages already in the request (so retries and Stop
//! continuations stay deterministic); past the script's end it answers [`FINAL_TEXT`]. Every
//! other path gets a harmless JSON answer. Every request is kept for the test to inspect.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};

/// The text the mock answers once its script is used up.
pub const FINAL_TEXT: &str = "All done.";

/// One scripted assistant turn.
#[derive(Clone, Debug)]
pub enum Reply {
    /// A text block, then `stop_reason: end_turn`.
    Text(String),
    /// A `tool_use` block calling the tool with this input, then `stop_reason: tool_use`.
    ToolUse {
        /// The tool's name, e.g. `Bash`.
        name: String,
        /// The tool's input, e.g. `{"command": "ls"}`.
        input: Value,
    },
}

impl Reply {
    /// A call of the Bash tool running `command`.
    pub fn bash(command: &str) -> Reply {
        Reply::ToolUse {
            name: "Bash".to_owned(),
            input: json!({ "command": command, "description": "Run a command" }),
        }
    }

    /// A call of GitHub Copilot CLI's shell tool, `bash` (lowercase; `description` is required).
    pub fn copilot_bash(command: &str) -> Reply {
        Reply::ToolUse {
            name: "bash".to_owned(),
            input: json!({ "command": command, "description": "Run a command" }),
        }
    }

    /// A call of the Agent tool (formerly `Task`) giving a general-purpose subagent `prompt`.
    pub fn agent(prompt: &str) -> Reply {
        Reply::ToolUse {
            name: "Agent".to_owned(),
            input: json!({
                "description": "Do the subtask",
                "prompt": prompt,
                "subagent_type": "general-purpose"
            }),
        }
    }

    /// A call of the Read tool on `file_path` (Claude Code's Read takes an absolute path).
    pub fn read(file_path: &str) -> Reply {
        Reply::ToolUse {
            name: "Read".to_owned(),
            input: json!({ "file_path": file_path }),
        }
    }
}

/// One request the mock received.
#[derive(Clone, Debug)]
pub struct Request {
    /// The method, e.g. `POST`.
    pub method: String,
    /// The path with its query, e.g. `/v1/messages?beta=true`.
    pub path: String,
    /// The body parsed as JSON (`Value::Null` when empty or not JSON).
    pub body: Value,
}

impl Request {
    /// Whether this asks for a model turn (`POST /v1/messages`, not `count_tokens`).
    pub fn is_message(&self) -> bool {
        let path = self.path.split('?').next().unwrap_or_default();
        self.method == "POST" && path == "/v1/messages"
    }
}

/// A running mock; it serves until the test process ends.
pub struct MockApi {
    port: u16,
    requests: Arc<Mutex<Vec<Request>>>,
}

impl MockApi {
    /// Starts serving `replies` on 127.0.0.1 at a free port.
    pub fn start(replies: Vec<Reply>) -> std::io::Result<MockApi> {
        MockApi::start_with_subagent(replies, None)
    }

    /// Like [`MockApi::start`]; a conversation whose first message holds `subagent.0` (a
    /// subagent's, whose first message is the prompt its Agent call gave it) is answered from
    /// the script `subagent.1` instead.
    pub fn start_with_subagent(
        replies: Vec<Reply>,
        subagent: Option<(String, Vec<Reply>)>,
    ) -> std::io::Result<MockApi> {
        let listener = TcpListener::bind("127.0.0.1:0")?;
        let port = listener.local_addr()?.port();
        let requests = Arc::new(Mutex::new(Vec::new()));
        let scripts = Arc::new((replies, subagent));
        let log = Arc::clone(&requests);
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let (log, scripts) = (Arc::clone(&log), Arc::clone(&scripts));
                std::thread::spawn(move || {
                    let (replies, subagent) = &*scripts;
                    serve(stream, &log, replies, subagent.as_ref())
                });
            }
        });
        Ok(MockApi { port, requests })
    }

    /// The value for `ANTHROPIC_BASE_URL`.
    pub fn base_url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// Every request so far, in arrival order.
    pub fn requests(&self) -> Vec<Request> {
        self.requests
            .lock()
            .map(|list| list.clone())
            .unwrap_or_default()
    }

    /// The `tool_result` blocks the model was sent, over all requests, each once (a later
    /// request repeats the earlier turns).
    pub fn tool_results(&self) -> Vec<Value> {
        let mut results: Vec<Value> = Vec::new();
        for body in self.message_bodies() {
            for message in body["messages"].as_array().into_iter().flatten() {
                for block in message["content"].as_array().into_iter().flatten() {
                    if block["type"] == "tool_result" && !results.contains(block) {
                        results.push(block.clone());
                    }
                }
            }
        }
        results
    }

    /// The bodies of the model-turn requests so far.
    pub fn message_bodies(&self) -> Vec<Value> {
        let requests = self.requests().into_iter();
        requests
            .filter(Request::is_message)
            .map(|r| r.body)
            .collect()
    }
}

/// A `tool_result` block's content as text.
pub fn text_of(tool_result: &Value) -> String {
    match &tool_result["content"] {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

/// Answers one connection: one request, one answer, then close (no keep-alive to get wrong).
fn serve(
    stream: TcpStream,
    log: &Mutex<Vec<Request>>,
    replies: &[Reply],
    subagent: Option<&(String, Vec<Reply>)>,
) {
    let Ok(reader_stream) = stream.try_clone() else {
        return;
    };
    let mut reader = BufReader::new(reader_stream);
    let Some(request) = read_request(&mut reader) else {
        return;
    };
    let answer = if request.is_message() {
        let assistant_turns = request.body["messages"].as_array().map_or(0, |messages| {
            let turns = messages.iter().filter(|m| m["role"] == "assistant");
            turns.count()
        });
        let first = &request.body["messages"][0];
        let replies = match subagent {
            Some((marker, script)) if first.to_string().contains(marker.as_str()) => script,
            _ => replies,
        };
        let reply = replies
            .get(assistant_turns)
            .cloned()
            .unwrap_or_else(|| Reply::Text(FINAL_TEXT.to_owned()));
        let model = request.body["model"].as_str().unwrap_or("claude-mock");
        let body = event_stream(&reply, model, assistant_turns);
        http_answer("text/event-stream", &body)
    } else if request.path.starts_with("/v1/messages/count_tokens") {
        http_answer("application/json", r#"{"input_tokens":10}"#)
    } else {
        http_answer("application/json", "{}")
    };
    if let Ok(mut list) = log.lock() {
        list.push(request);
    }
    let mut stream = stream;
    let _ = stream.write_all(answer.as_bytes());
    let _ = stream.flush();
}

/// Reads the request line, the headers and a `Content-Length` or chunked body (the Codex
/// mock reads its requests with it too).
pub fn read_request(reader: &mut impl BufRead) -> Option<Request> {
    let mut line = String::new();
    reader.read_line(&mut line).ok()?;
    let mut parts = line.split_whitespace();
    let method = parts.next()?.to_owned();
    let path = parts.next()?.to_owned();
    let (mut length, mut chunked) = (0usize, false);
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header).ok()? == 0 {
            return None;
        }
        let header = header.trim_end();
        if header.is_empty() {
            break;
        }
        let (name, value) = header.split_once(':')?;
        let (name, value) = (name.trim().to_ascii_lowercase(), value.trim());
        if name == "content-length" {
            length = value.parse().ok()?;
        } else if name == "transfer-encoding" && value.eq_ignore_ascii_case("chunked") {
            chunked = true;
        }
    }
    let mut body = Vec::new();
    if chunked {
        loop {
            let mut size = String::new();
            reader.read_line(&mut size).ok()?;
            let size = usize::from_str_radix(size.trim().split(';').next()?, 16).ok()?;
            let mut chunk = vec![0; size + 2];
            reader.read_exact(&mut chunk).ok()?;
            if size == 0 {
                break;
            }
            body.extend_from_slice(&chunk[..size]);
        }
    } else {
        body.resize(length, 0);
        reader.read_exact(&mut body).ok()?;
    }
    let body = serde_json::from_slice(&body).unwrap_or(Value::Null);
    Some(Request { method, path, body })
}

/// A `200 OK` answer holding `body`, then the connection closes.
pub fn http_answer(content_type: &str, body: &str) -> String {
    format!(
        "HTTP/1.1 200 OK\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n\
         request-id: req_mock\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
}

/// The server-sent events of one assistant message holding `reply`.
fn event_stream(reply: &Reply, model: &str, turn: usize) -> String {
    let (block, delta, stop_reason) = match reply {
        Reply::Text(text) => (
            json!({ "type": "text", "text": "" }),
            json!({ "type": "text_delta", "text": text }),
            "end_turn",
        ),
        Reply::ToolUse { name, input } => (
            json!({ "type": "tool_use", "id": format!("toolu_mock_{turn}"), "name": name, "input": {} }),
            json!({ "type": "input_json_delta", "partial_json": input.to_string() }),
            "tool_use",
        ),
    };
    let usage = json!({ "input_tokens": 10, "output_tokens": 1 });
    let events = [
        json!({ "type": "message_start", "message": {
            "id": format!("msg_mock_{turn}"), "type": "message", "role": "assistant",
            "model": model, "content": [], "stop_reason": null, "stop_sequence": null,
            "usage": usage } }),
        json!({ "type": "content_block_start", "index": 0, "content_block": block }),
        json!({ "type": "content_block_delta", "index": 0, "delta": delta }),
        json!({ "type": "content_block_stop", "index": 0 }),
        json!({ "type": "message_delta",
            "delta": { "stop_reason": stop_reason, "stop_sequence": null },
            "usage": { "output_tokens": 5 } }),
        json!({ "type": "message_stop" }),
    ];
    let mut stream = String::new();
    for event in events {
        let name = event["type"].as_str().unwrap_or_default();
        stream.push_str(&format!("event: {name}\ndata: {event}\n\n"));
    }
    stream
}
