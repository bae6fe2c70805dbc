//! JSON as the hosts (Node programs) see it: strings are UTF-16 code units, so a lone
//! surrogate is an ordinary string element, as it is in JavaScript.
//!
//! [`stringify`] writes what `JSON.stringify` writes (ES2019 and later: a lone surrogate as a
//! `\udXXX` escape); [`parse`] reads as `JSON.parse` does (the last of a repeated key wins).
//! The oracle reads payloads with this parser, not with the runtime's, so it decides what the
//! host runs on its own.

/// A JSON value with JavaScript strings.
#[derive(Debug, Clone, PartialEq)]
pub enum Js {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, as its JSON text.
    Number(String),
    /// A string: UTF-16 code units, lone surrogates allowed.
    String(Vec<u16>),
    /// An array.
    Array(Vec<Js>),
    /// An object, keys in their order.
    Object(Vec<(Vec<u16>, Js)>),
}

/// The JSON type of a value, as a host's schema names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool,
    /// A number.
    Number,
    /// A string.
    String,
    /// An array.
    Array,
    /// An object.
    Object,
}

impl Js {
    /// A string value from Rust text.
    pub fn str(text: &str) -> Js {
        Js::String(text.encode_utf16().collect())
    }

    /// The value's JSON type.
    pub fn kind(&self) -> Kind {
        match self {
            Js::Null => Kind::Null,
            Js::Bool(_) => Kind::Bool,
            Js::Number(_) => Kind::Number,
            Js::String(_) => Kind::String,
            Js::Array(_) => Kind::Array,
            Js::Object(_) => Kind::Object,
        }
    }

    /// The value of `key` in an object; the last one when it repeats, as `JSON.parse` keeps.
    pub fn get(&self, key: &str) -> Option<&Js> {
        let Js::Object(entries) = self else {
            return None;
        };
        let key: Vec<u16> = key.encode_utf16().collect();
        entries
            .iter()
            .rev()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v)
    }

    /// A mutable reference to the value of `key` in an object (the last when it repeats).
    pub fn get_mut(&mut self, key: &str) -> Option<&mut Js> {
        let Js::Object(entries) = self else {
            return None;
        };
        let key: Vec<u16> = key.encode_utf16().collect();
        entries
            .iter_mut()
            .rev()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v)
    }

    /// Sets `key` in an object: replaces its value where it is, or appends it, as assigning a
    /// property in JavaScript does. Does nothing on a value that is not an object.
    pub fn set(&mut self, key: &str, value: Js) {
        if let Some(slot) = self.get_mut(key) {
            *slot = value;
        } else if let Js::Object(entries) = self {
            entries.push((key.encode_utf16().collect(), value));
        }
    }

    /// Removes `key` from an object.
    pub fn remove(&mut self, key: &str) {
        if let Js::Object(entries) = self {
            let key: Vec<u16> = key.encode_utf16().collect();
            entries.retain(|(k, _)| *k != key);
        }
    }

    /// The string as the host uses it once it leaves JavaScript (a command bash runs, a path
    /// the file system opens): each lone surrogate becomes U+FFFD, as Node's UTF-8 encoding
    /// does. `None` for a value that is not a string.
    pub fn host_text(&self) -> Option<String> {
        match self {
            Js::String(units) => Some(String::from_utf16_lossy(units)),
            _ => None,
        }
    }

    /// Whether any string in the value (keys included) holds a lone surrogate.
    pub fn has_lone_surrogate(&self) -> bool {
        match self {
            Js::String(units) => lone_surrogate(units),
            Js::Array(items) => items.iter().any(Js::has_lone_surrogate),
            Js::Object(entries) => entries
                .iter()
                .any(|(k, v)| lone_surrogate(k) || v.has_lone_surrogate()),
            _ => false,
        }
    }
}

fn lone_surrogate(units: &[u16]) -> bool {
    char::decode_utf16(units.iter().copied()).any(|c| c.is_err())
}

/// How [`stringify`] spells its output. All three are JSON any host's parser reads the same.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// `JSON.stringify(value)`: what both editors send.
    Compact,
    /// `JSON.stringify(value, null, 2)`: how the recorded fixtures are written.
    Indented,
    /// Every character outside printable ASCII, and `/`, escaped (`\uXXXX`, surrogate pairs
    /// as two escapes, upper-case hex): not Node's, but the same JSON to any parser.
    EscapeAll,
}

/// Writes `value` as JSON in `style`.
pub fn stringify(value: &Js, style: Style) -> Vec<u8> {
    let mut out = Vec::new();
    write_value(value, style, 0, &mut out);
    out
}

fn write_value(value: &Js, style: Style, depth: usize, out: &mut Vec<u8>) {
    match value {
        Js::Null => out.extend_from_slice(b"null"),
        Js::Bool(true) => out.extend_from_slice(b"true"),
        Js::Bool(false) => out.extend_from_slice(b"false"),
        Js::Number(text) => out.extend_from_slice(text.as_bytes()),
        Js::String(units) => write_string(units, style, out),
        Js::Array(items) => {
            out.push(b'[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                newline(style, depth + 1, out);
                write_value(item, style, depth + 1, out);
            }
            if !items.is_empty() {
                newline(style, depth, out);
            }
            out.push(b']');
        }
        Js::Object(entries) => {
            out.push(b'{');
            for (i, (key, item)) in entries.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                newline(style, depth + 1, out);
                write_string(key, style, out);
                out.push(b':');
                if style == Style::Indented {
                    out.push(b' ');
                }
                write_value(item, style, depth + 1, out);
            }
            if !entries.is_empty() {
                newline(style, depth, out);
            }
            out.push(b'}');
        }
    }
}

fn newline(style: Style, depth: usize, out: &mut Vec<u8>) {
    if style == Style::Indented {
        out.push(b'\n');
        out.resize(out.len() + 2 * depth, b' ');
    }
}

/// `JSON.stringify`'s string escaping (QuoteJSONString), or every non-ASCII unit escaped.
fn write_string(units: &[u16], style: Style, out: &mut Vec<u8>) {
    out.push(b'"');
    let mut i = 0;
    while i < units.len() {
        let unit = units[i];
        let pair = (0xD800..0xDC00).contains(&unit)
            && units
                .get(i + 1)
                .is_some_and(|next| (0xDC00..0xE000).contains(next));
        match unit {
            0x22 => out.extend_from_slice(b"\\\""),
            0x5C => out.extend_from_slice(b"\\\\"),
            0x08 => out.extend_from_slice(b"\\b"),
            0x0C => out.extend_from_slice(b"\\f"),
            0x0A => out.extend_from_slice(b"\\n"),
            0x0D => out.extend_from_slice(b"\\r"),
            0x09 => out.extend_from_slice(b"\\t"),
            0x2F if style == Style::EscapeAll => out.extend_from_slice(b"\\/"),
            0..0x20 => escape(unit, false, out),
            0x20..0x7F => out.push(unit as u8),
            _ if style == Style::EscapeAll => {
                escape(unit, true, out);
                if pair {
                    escape(units[i + 1], true, out);
                    i += 1;
                }
            }
            0xD800..0xE000 if pair => {
                let c = char::decode_utf16([unit, units[i + 1]])
                    .next()
                    .and_then(Result::ok)
                    .expect("a surrogate pair decodes");
                out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                i += 1;
            }
            // A lone surrogate: `JSON.stringify` escapes it in lower-case hex.
            0xD800..0xE000 => escape(unit, false, out),
            _ => {
                let c = char::from_u32(u32::from(unit)).expect("not a surrogate");
                out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
            }
        }
        i += 1;
    }
    out.push(b'"');
}

fn escape(unit: u16, upper: bool, out: &mut Vec<u8>) {
    let text = if upper {
        format!("\\u{unit:04X}")
    } else {
        format!("\\u{unit:04x}")
    };
    out.extend_from_slice(text.as_bytes());
}

/// Reads JSON text given as UTF-8 bytes, as `JSON.parse` would read the same text. `None` when
/// it is not one JSON value (or not UTF-8).
pub fn parse_bytes(bytes: &[u8]) -> Option<Js> {
    let text = std::str::from_utf8(bytes).ok()?;
    let units: Vec<u16> = text.encode_utf16().collect();
    parse(&units)
}

/// Reads JSON text given as UTF-16 code units (a JavaScript string), as `JSON.parse` does.
pub fn parse(units: &[u16]) -> Option<Js> {
    let mut parser = Parser { units, at: 0 };
    let value = parser.value()?;
    parser.space();
    (parser.at == units.len()).then_some(value)
}

struct Parser<'a> {
    units: &'a [u16],
    at: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u16> {
        self.units.get(self.at).copied()
    }

    fn space(&mut self) {
        while matches!(self.peek(), Some(0x20 | 0x09 | 0x0A | 0x0D)) {
            self.at += 1;
        }
    }

    fn eat(&mut self, unit: u8) -> Option<()> {
        (self.peek()? == u16::from(unit)).then(|| self.at += 1)
    }

    fn word(&mut self, word: &str, value: Js) -> Option<Js> {
        for b in word.bytes() {
            self.eat(b)?;
        }
        Some(value)
    }

    fn value(&mut self) -> Option<Js> {
        self.space();
        match u8::try_from(self.peek()?).ok()? {
            b'n' => self.word("null", Js::Null),
            b't' => self.word("true", Js::Bool(true)),
            b'f' => self.word("false", Js::Bool(false)),
            b'"' => self.string().map(Js::String),
            b'[' => {
                self.at += 1;
                let mut items = Vec::new();
                self.space();
                if self.eat(b']').is_some() {
                    return Some(Js::Array(items));
                }
                loop {
                    items.push(self.value()?);
                    self.space();
                    if self.eat(b',').is_none() {
                        self.eat(b']')?;
                        return Some(Js::Array(items));
                    }
                }
            }
            b'{' => {
                self.at += 1;
                let mut entries = Vec::new();
                self.space();
                if self.eat(b'}').is_some() {
                    return Some(Js::Object(entries));
                }
                loop {
                    self.space();
                    let key = self.string()?;
                    self.space();
                    self.eat(b':')?;
                    entries.push((key, self.value()?));
                    self.space();
                    if self.eat(b',').is_none() {
                        self.eat(b'}')?;
                        return Some(Js::Object(entries));
                    }
                }
            }
            b'-' | b'0'..=b'9' => self.number(),
            _ => None,
        }
    }

    fn number(&mut self) -> Option<Js> {
        let start = self.at;
        let digits = |p: &mut Self| {
            let from = p.at;
            while matches!(p.peek(), Some(0x30..=0x39)) {
                p.at += 1;
            }
            p.at > from
        };
        let _ = self.eat(b'-');
        if self.eat(b'0').is_none() && !digits(self) {
            return None;
        }
        if self.eat(b'.').is_some() && !digits(self) {
            return None;
        }
        if matches!(self.peek(), Some(0x65 | 0x45)) {
            self.at += 1;
            if matches!(self.peek(), Some(0x2B | 0x2D)) {
                self.at += 1;
            }
            if !digits(self) {
                return None;
            }
        }
        Some(Js::Number(String::from_utf16_lossy(
            &self.units[start..self.at],
        )))
    }

    fn string(&mut self) -> Option<Vec<u16>> {
        self.eat(b'"')?;
        let mut units = Vec::new();
        loop {
            let unit = self.peek()?;
            self.at += 1;
            match unit {
                0x22 => return Some(units),
                0x5C => {
                    let escaped = self.peek()?;
                    self.at += 1;
                    units.push(match u8::try_from(escaped).ok()? {
                        b'"' => 0x22,
                        b'\\' => 0x5C,
                        b'/' => 0x2F,
                        b'b' => 0x08,
                        b'f' => 0x0C,
                        b'n' => 0x0A,
                        b'r' => 0x0D,
                        b't' => 0x09,
                        b'u' => {
                            let hex = self.units.get(self.at..self.at + 4)?;
                            self.at += 4;
                            let hex = String::from_utf16(hex).ok()?;
                            u16::from_str_radix(&hex, 16).ok()?
                        }
                        _ => return None,
                    });
                }
                0..0x20 => return None,
                _ => units.push(unit),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lone_surrogate_is_escaped_as_node_does_and_read_back() {
        let value = Js::Object(vec![(
            "command".encode_utf16().collect(),
            Js::String(vec![0x72, 0xD800, 0x2F, 0xD83D, 0xDE00, 0x0A, 0x01]),
        )]);
        let text = stringify(&value, Style::Compact);
        assert_eq!(
            String::from_utf8(text.clone()).unwrap(),
            "{\"command\":\"r\\ud800/\u{1F600}\\n\\u0001\"}"
        );
        assert_eq!(parse_bytes(&text), Some(value.clone()));
        let escaped = stringify(&value, Style::EscapeAll);
        assert_eq!(
            String::from_utf8(escaped.clone()).unwrap(),
            "{\"command\":\"r\\uD800\\/\\uD83D\\uDE00\\n\\u0001\"}"
        );
        assert_eq!(parse_bytes(&escaped), Some(value.clone()));
        assert_eq!(
            parse_bytes(&stringify(&value, Style::Indented)),
            Some(value.clone())
        );
        assert_eq!(
            value.get("command").unwrap().host_text().unwrap(),
            "r\u{FFFD}/\u{1F600}\n\u{1}"
        );
    }

    #[test]
    fn the_last_repeated_key_wins_as_in_json_parse() {
        let value = parse_bytes(br#"{"a":1,"a":"two"}"#).unwrap();
        assert_eq!(value.get("a"), Some(&Js::str("two")));
        assert_eq!(parse_bytes(br#"{"a":1,}"#), None);
        assert_eq!(parse_bytes(b"[1e5, -0.5, 0]").unwrap().kind(), Kind::Array);
    }
}
