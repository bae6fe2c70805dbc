//! JSON text as the hosts write it: Node's `JSON.stringify` writes a lone UTF-16 surrogate as a
//! `\u` escape, which serde_json refuses and the host's own decoding turns into U+FFFD.

use serde::de::DeserializeOwned;

/// Parses `json`; when that fails and `json` holds a `\u` escape of half a UTF-16 surrogate
/// pair, parses it again with each such escape read as U+FFFD. Both hosts are Node programs:
/// `JSON.stringify` writes a lone surrogate as such an escape (serde_json refuses it), and the
/// command or path the host then runs holds U+FFFD in its place. Only a failed parse pays for
/// the scan, so payloads without one cost nothing more.
pub(crate) fn from_slice_lossy<T: DeserializeOwned>(json: &[u8]) -> Result<T, serde_json::Error> {
    // `from_slice`, as everywhere in the runtime: one instance of serde_json's reader.
    serde_json::from_slice(json).or_else(|error| match without_lone_surrogates(json) {
        Some(repaired) => serde_json::from_slice(&repaired),
        None => Err(error),
    })
}

/// `json` with every `\u` escape of a lone surrogate (half a pair, without its other half)
/// replaced by `\ufffd` (the same length); `None` when it has none. Backslashes stand only
/// inside strings in JSON, and each starts an escape unless an escape just consumed it, so the
/// scan needs no parse.
pub(crate) fn without_lone_surrogates(json: &[u8]) -> Option<Vec<u8>> {
    let surrogate = |at: usize| {
        let unit = (json.get(at + 1) == Some(&b'u'))
            .then(|| json.get(at + 2..at + 6))
            .flatten()
            .filter(|digits| digits.iter().all(u8::is_ascii_hexdigit))
            .map(hex4)?;
        (0xD800..=0xDFFF).contains(&unit).then_some(unit)
    };
    let mut repaired: Option<Vec<u8>> = None;
    let mut at = 0;
    while let Some(offset) = json.get(at..).and_then(find_backslash) {
        at += offset;
        match surrogate(at) {
            Some(0xD800..=0xDBFF) if surrogate(at + 6).is_some_and(|low| low >= 0xDC00) => {
                at += 12; // a whole pair
            }
            Some(_) => {
                repaired.get_or_insert_with(|| json.to_vec())[at + 2..at + 6]
                    .copy_from_slice(b"fffd");
                at += 6;
            }
            None => at += 2, // any other escape, `\\` included
        }
    }
    repaired
}

/// The first backslash, eight bytes at a time (a byte loop costs ~4 instructions a byte).
pub(crate) fn find_backslash(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    const BACKSLASHES: u64 = ONES * b'\\' as u64;
    let mut at = 0;
    for chunk in bytes.chunks_exact(8) {
        // A zero byte of `word` is a backslash; the lowest flagged byte is the first zero.
        let word = u64::from_le_bytes(<[u8; 8]>::try_from(chunk).unwrap_or_default()) ^ BACKSLASHES;
        let zeros = word.wrapping_sub(ONES) & !word & HIGHS;
        if zeros != 0 {
            return Some(at + (zeros.trailing_zeros() / 8) as usize);
        }
        at += 8;
    }
    bytes[at..]
        .iter()
        .position(|&b| b == b'\\')
        .map(|offset| at + offset)
}

/// The last `"`, eight bytes at a time, as [`find_backslash`] finds the first backslash. The
/// exact test of each byte (no borrow between bytes): the highest flagged byte must be a quote.
pub(crate) fn rfind_quote(bytes: &[u8]) -> Option<usize> {
    const LOWS: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    const QUOTES: u64 = 0x0101_0101_0101_0101 * b'"' as u64;
    let chunks = bytes.rchunks_exact(8);
    let front = chunks.remainder();
    let mut end = bytes.len();
    for chunk in chunks {
        // A zero byte of `word` is a quote; its flag is its high bit.
        let word = u64::from_le_bytes(<[u8; 8]>::try_from(chunk).unwrap_or_default()) ^ QUOTES;
        let zeros = !(((word & LOWS) + LOWS) | word | LOWS);
        if zeros != 0 {
            return Some(end - 8 + (63 - zeros.leading_zeros() as usize) / 8);
        }
        end -= 8;
    }
    front.iter().rposition(|&b| b == b'"')
}

/// Four hex digits (valid JSON: they are).
pub(crate) fn hex4(digits: &[u8]) -> u32 {
    digits.iter().fold(0, |value, &digit| {
        value * 16 + char::from(digit).to_digit(16).unwrap_or(0)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lone_surrogate_escapes_are_rewritten_and_nothing_else() {
        for (json, expected) in [
            (r#""\ud800""#, Some(r#""\ufffd""#)),
            (
                r#"{"a\uDC00":"x\udbff\u0041"}"#,
                Some(r#"{"a\ufffd":"x\ufffd\u0041"}"#),
            ),
            (r#""\ud83d\ude00\ud83d""#, Some(r#""\ud83d\ude00\ufffd""#)),
            (r#""\\ud800 \\\ud800""#, Some(r#""\\ud800 \\\ufffd""#)),
            (r#""\ud83d\ude00 \u0041 \\ \n""#, None),
            ("\"unterminated \\", None),
            ("\"\\u12", None),
            ("{}", None),
        ] {
            let repaired = without_lone_surrogates(json.as_bytes());
            let repaired = repaired.map(|bytes| String::from_utf8(bytes).unwrap());
            assert_eq!(repaired.as_deref(), expected, "{json}");
        }
        let value: String = from_slice_lossy(br#""a\ud800b""#).unwrap();
        for len in 0..40 {
            for at in 0..len {
                let mut bytes = vec![b'#'; len]; // `"` ^ 1: a false match of the inexact test
                bytes[at] = b'"';
                if at > 0 {
                    bytes[at - 1] = b'"';
                }
                assert_eq!(rfind_quote(&bytes), Some(at), "{len} {at}");
            }
            assert_eq!(rfind_quote(&vec![b'!'; len]), None);
        }
        assert_eq!(value, "a\u{fffd}b");
    }
}
