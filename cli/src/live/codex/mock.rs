//! A stand-in for the OpenAI Responses API that the real Codex CLI talks to (`cursor-hooks
//! verify --host codex` and the live tests): std only, 127.0.0.1 only, one thread a connection
//! (the HTTP reading is the Claude mock's).
//!
//! `POST /v1/responses` answers with a server-sent event stream of one scripted [`Reply`]:
//! `response.created`, `response.output_item.added`, `response.output_text.delta` (messages
//! only), `response.output_item.done` and `response.completed` with usage. The reply is chosen
//! by the number of model turns already in the request's `input` (its function calls and
//! assistant messages), so it is a pure function of the conversation; past the script's end it
//! answers [`FINAL_TEXT`]. A request that offers no tools (a side request, not the agent's
//! turn) gets [`FINAL_TEXT`] too. Every other path gets a 404. Every request is kept for the
//! caller to inspect.
//!
//! ```
//! use cursor_hooks_cli::live::codex::mock::{MockResponses, Reply};
//!
//! let api = MockResponses::start(vec![Reply::shell("true")]).expect("a port on 127.0.0.1");
//! assert!(api.base_url().starts_with("http://127.0.0.1:"));
//! assert!(api.base_url().ends_with("/v1"));
//! assert!(api.tool_outputs().is_empty());
//! ```

use crate::live::claude_code::mock::{http_answer, read_request, Request};
use serde_json::{json, Value};
use std::io::{BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};

/// The text the mock answers once its script is used up.
pub const FINAL_TEXT: &str = "done";

/// One scripted model turn.
#[derive(Clone, Debug)]
pub enum Reply {
    /// An assistant message.
    Text(String),
    /// A call of whichever shell tool the request offers, running this command line:
    /// `exec_command {cmd}` (Codex 0.169 and later), else `shell_command {command}`, else
    /// `shell {command: ["bash", "-lc", ...]}`.
    Shell(String),
    /// A `function_call` of the tool `name` with these arguments.
    Call {
        /// The tool's name.
        name: String,
        /// Its arguments (sent as a JSON string, as the API does).
        arguments: Value,
    },
}

impl Reply {
    /// A shell call running `command`.
    pub fn shell(command: &str) -> Reply {
        Reply::Shell(command.to_owned())
    }
}

/// Whether `request` asks for a model turn (`POST /v1/responses`).
pub fn is_response(request: &Request) -> bool {
    let path = request.path.split('?').next().unwrap_or_default();
    request.method == "POST" && path.ends_with("/responses")
}

/// A running mock; it serves until the process ends.
pub struct MockResponses {
    port: u16,
    requests: Arc<Mutex<Vec<Request>>>,
}

impl MockResponses {
    /// Starts serving `replies` on 127.0.0.1 at a free port.
    pub fn start(replies: Vec<Reply>) -> std::io::Result<MockResponses> {
        let listener = TcpListener::bind("127.0.0.1:0")?;
        let port = listener.local_addr()?.port();
        let requests = Arc::new(Mutex::new(Vec::new()));
        let replies = Arc::new(replies);
        let log = Arc::clone(&requests);
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let (log, replies) = (Arc::clone(&log), Arc::clone(&replies));
                std::thread::spawn(move || serve(stream, &log, &replies));
            }
        });
        Ok(MockResponses { port, requests })
    }

    /// The `base_url` of Codex's model provider entry.
    pub fn base_url(&self) -> String {
        format!("http://127.0.0.1:{}/v1", self.port)
    }

    /// Every request so far, in arrival order.
    pub fn requests(&self) -> Vec<Request> {
        self.requests
            .lock()
            .map(|list| list.clone())
            .unwrap_or_default()
    }

    /// The bodies of the model-turn requests so far.
    pub fn response_bodies(&self) -> Vec<Value> {
        let requests = self.requests().into_iter();
        requests
            .filter(is_response)
            .map(|request| request.body)
            .collect()
    }

    /// The `input` items of every model-turn request, each once (a later request repeats the
    /// earlier turns), in order.
    pub fn input_items(&self) -> Vec<Value> {
        let mut items: Vec<Value> = Vec::new();
        for body in self.response_bodies() {
            for item in body["input"].as_array().into_iter().flatten() {
                if !items.contains(item) {
                    items.push(item.clone());
                }
            }
        }
        items
    }

    /// The `output` of every `function_call_output` the model was sent: what it was told about
    /// each tool call.
    pub fn tool_outputs(&self) -> Vec<String> {
        let items = self.input_items().into_iter();
        let outputs = items.filter(|item| item["type"] == "function_call_output");
        outputs
            .map(|item| match &item["output"] {
                Value::String(text) => text.clone(),
                other => other.to_string(),
            })
            .collect()
    }
}

/// The number of model turns already in a request: its function calls and assistant messages.
fn model_turns(body: &Value) -> usize {
    let items = body["input"].as_array().into_iter().flatten();
    items
        .filter(|item| {
            let kind = item["type"].as_str().unwrap_or_default();
            matches!(
                kind,
                "function_call" | "custom_tool_call" | "local_shell_call"
            ) || (kind == "message" && item["role"] == "assistant")
        })
        .count()
}

/// The names of the tools a request offers.
fn tool_names(body: &Value) -> Vec<String> {
    let tools = body["tools"].as_array().into_iter().flatten();
    tools
        .filter_map(|tool| tool["name"].as_str().or(tool["type"].as_str()))
        .map(str::to_owned)
        .collect()
}

/// Answers one connection: one request, one answer, then close.
fn serve(stream: TcpStream, log: &Mutex<Vec<Request>>, replies: &[Reply]) {
    let Ok(reader_stream) = stream.try_clone() else {
        return;
    };
    let Some(request) = read_request(&mut BufReader::new(reader_stream)) else {
        return;
    };
    let answer = if is_response(&request) {
        let tools = tool_names(&request.body);
        let turn = model_turns(&request.body);
        let reply = if tools.is_empty() {
            Reply::Text(FINAL_TEXT.to_owned())
        } else {
            let scripted = replies.get(turn).cloned();
            scripted.unwrap_or_else(|| Reply::Text(FINAL_TEXT.to_owned()))
        };
        let model = request.body["model"].as_str().unwrap_or("mock");
        http_answer(
            "text/event-stream",
            &event_stream(&reply, &tools, model, turn),
        )
    } else {
        let body = r#"{"error":{"type":"not_found","message":"mock: not found"}}"#;
        http_answer("application/json", body).replacen("200 OK", "404 Not Found", 1)
    };
    if let Ok(mut list) = log.lock() {
        list.push(request);
    }
    let mut stream = stream;
    let _ = stream.write_all(answer.as_bytes());
    let _ = stream.flush();
}

/// The output item of `reply`, as the request's tools call it.
fn output_item(reply: &Reply, tools: &[String], turn: usize) -> Value {
    let offers = |name: &str| tools.iter().any(|tool| tool == name);
    let (name, arguments) = match reply {
        Reply::Text(text) => {
            return json!({
                "type": "message", "id": format!("msg_mock_{turn}"), "role": "assistant",
                "status": "completed",
                "content": [{ "type": "output_text", "text": text, "annotations": [] }]
            });
        }
        Reply::Shell(command) if offers("exec_command") => {
            ("exec_command".to_owned(), json!({ "cmd": command }))
        }
        Reply::Shell(command) if offers("shell_command") => {
            ("shell_command".to_owned(), json!({ "command": command }))
        }
        Reply::Shell(command) => (
            "shell".to_owned(),
            json!({ "command": ["bash", "-lc", command] }),
        ),
        Reply::Call { name, arguments } => (name.clone(), arguments.clone()),
    };
    json!({
        "type": "function_call", "id": format!("fc_mock_{turn}"),
        "call_id": format!("call_mock_{turn}"), "name": name,
        "arguments": arguments.to_string(), "status": "completed"
    })
}

/// The server-sent events of one response holding `reply`.
fn event_stream(reply: &Reply, tools: &[String], model: &str, turn: usize) -> String {
    let item = output_item(reply, tools, turn);
    let response = json!({
        "id": format!("resp_mock_{turn}"), "object": "response", "status": "in_progress",
        "model": model, "output": []
    });
    let mut events = vec![
        json!({ "type": "response.created", "response": response }),
        json!({ "type": "response.output_item.added", "output_index": 0, "item": item }),
    ];
    if let Reply::Text(text) = reply {
        events.push(json!({
            "type": "response.output_text.delta", "output_index": 0, "content_index": 0,
            "item_id": item["id"], "delta": text
        }));
    }
    events.push(json!({ "type": "response.output_item.done", "output_index": 0, "item": item }));
    let mut completed = response;
    completed["status"] = json!("completed");
    completed["output"] = json!([item]);
    completed["usage"] = json!({
        "input_tokens": 10, "input_tokens_details": { "cached_tokens": 0 },
        "output_tokens": 5, "output_tokens_details": { "reasoning_tokens": 0 },
        "total_tokens": 15
    });
    events.push(json!({ "type": "response.completed", "response": completed }));
    let mut stream = String::new();
    for event in events {
        let name = event["type"].as_str().unwrap_or_default();
        stream.push_str(&format!("event: {name}\ndata: {event}\n\n"));
    }
    stream
}
