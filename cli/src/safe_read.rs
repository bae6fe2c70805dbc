//! Reading files that come with a cloned repository or a command line: only a regular file is
//! read, opened without waiting on it (a FIFO or a device named like a settings file must not
//! hang the tool), and never more than a limit (a file linked to `/dev/zero` must not take the
//! machine's memory).

use std::fs::{File, Metadata, OpenOptions};
use std::io::Read;
use std::path::Path;

/// The most a settings or hooks file may hold: Cursor's and Claude Code's are a few KiB. The
/// hook binaries' `install` refuses the same.
pub const CONFIG_LIMIT: u64 = 16 << 20;

/// The most a payload file (`simulate PAYLOAD`) or session file (`simulate --session`) may
/// hold: a payload is a few KiB, a recorded session a few MiB.
pub const PAYLOAD_LIMIT: u64 = 64 << 20;

/// The most a capture file (`replay`) may hold: one line per payload, each with its answer.
pub const CAPTURE_LIMIT: u64 = 256 << 20;

/// Why a file was not read.
#[derive(Debug)]
pub enum Refusal {
    /// Nothing there.
    Missing,
    /// A directory.
    Directory,
    /// A FIFO, socket or device.
    NotAFile,
    /// Larger than the limit (its size).
    TooLarge(u64),
    /// The system's error.
    Io(std::io::Error),
}

impl Refusal {
    /// Why, for `cannot read FILE: ...`.
    pub fn describe(&self, limit: u64) -> String {
        match self {
            Refusal::Missing => "no such file".to_owned(),
            Refusal::Directory => "a directory, not a file".to_owned(),
            Refusal::NotAFile => {
                "not a regular file (a FIFO, socket or device), so it was not opened".to_owned()
            }
            Refusal::TooLarge(size) => format!(
                "{size} bytes, larger than the {} MiB this tool reads of such a file",
                limit >> 20
            ),
            Refusal::Io(e) => e.to_string(),
        }
    }
}

/// Opens `path` (following links) for reading without waiting on it, and returns it with its
/// metadata when it is a regular file of at most `limit` bytes.
pub fn open_regular(path: &Path, limit: u64) -> Result<(File, Metadata), Refusal> {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // A FIFO opens at once for reading; `fstat` below then refuses it.
        options.custom_flags(rustix::fs::OFlags::NONBLOCK.bits() as i32);
    }
    #[cfg(not(unix))]
    {
        // No FIFOs to wait on; a device name (`NUL`, `CON`) is told apart by its metadata.
        match std::fs::metadata(path) {
            Ok(meta) if meta.is_dir() => return Err(Refusal::Directory),
            Ok(meta) if !meta.is_file() => return Err(Refusal::NotAFile),
            _ => {}
        }
    }
    let file = match options.open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(Refusal::Missing),
        Err(e) if e.kind() == std::io::ErrorKind::IsADirectory => return Err(Refusal::Directory),
        Err(e) => return Err(Refusal::Io(e)),
    };
    let meta = regular(&file, limit)?;
    Ok((file, meta))
}

/// The open `file`'s metadata when it is a regular file of at most `limit` bytes.
fn regular(file: &File, limit: u64) -> Result<Metadata, Refusal> {
    let meta = file.metadata().map_err(Refusal::Io)?;
    if meta.is_dir() {
        return Err(Refusal::Directory);
    }
    if !meta.is_file() {
        return Err(Refusal::NotAFile);
    }
    if meta.len() > limit {
        return Err(Refusal::TooLarge(meta.len()));
    }
    Ok(meta)
}

/// The bytes of the regular file at `path`, at most `limit` of them (see [`open_regular`]).
pub fn read(path: &Path, limit: u64) -> Result<Vec<u8>, Refusal> {
    let (file, meta) = open_regular(path, limit)?;
    read_bounded(file, &meta, limit)
}

/// The bytes of the open `file` (opened by the caller without waiting on it), when it is a
/// regular file of at most `limit` bytes. Unix only: the link-free writer opens files relative
/// to a folder it holds there (`safe_write`).
#[cfg(unix)]
pub fn read_file(file: File, limit: u64) -> Result<Vec<u8>, Refusal> {
    let meta = regular(&file, limit)?;
    read_bounded(file, &meta, limit)
}

fn read_bounded(file: File, meta: &Metadata, limit: u64) -> Result<Vec<u8>, Refusal> {
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    // The file may have grown since `fstat`: never more than the limit and one byte.
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(Refusal::Io)?;
    if bytes.len() as u64 > limit {
        return Err(Refusal::TooLarge(bytes.len() as u64));
    }
    Ok(bytes)
}

/// [`read`], its refusal as one line naming the file.
pub fn read_or_say(path: &Path, limit: u64) -> Result<Vec<u8>, String> {
    read(path, limit)
        .map_err(|why| format!("cannot read {}: {}", path.display(), why.describe(limit)))
}

/// The handler record of a wired executable (see [`cursor_hooks::record`]), found by reading
/// the file a piece at a time: an executable may be gigabytes long, and only the record's few
/// bytes are kept. `Ok(None)` for a file that is not a cursor-hooks binary (or not a regular
/// file).
pub fn handler_record(path: &Path) -> Result<Option<Vec<cursor_hooks::record::Handler>>, String> {
    let marker = cursor_hooks::hooks_json::BINARY_MARKER.as_bytes();
    let cannot = |e: std::io::Error| format!("cannot read {}: {e}", path.display());
    let mut file = match open_regular(path, u64::MAX) {
        Ok((file, _)) => file,
        Err(Refusal::Io(e)) => return Err(cannot(e)),
        Err(_) => return Ok(None),
    };
    // A window of the file: what was read, with the last `marker.len() - 1` bytes of the
    // previous piece kept in front, so a marker across two pieces is found.
    let mut window: Vec<u8> = Vec::with_capacity(PIECE + marker.len());
    let mut piece = vec![0; PIECE];
    let mut first_problem = None;
    loop {
        let n = read_some(&mut file, &mut piece).map_err(cannot)?;
        if n == 0 {
            break;
        }
        window.extend_from_slice(&piece[..n]);
        let mut from = 0;
        while let Some(at) = find(&window[from..], marker) {
            let start = from + at;
            match record_after(&mut file, &window[start..]).map_err(cannot)? {
                Ok(Some(handlers)) => return Ok(Some(handlers)),
                Ok(None) => {}
                Err(problem) => {
                    first_problem.get_or_insert(problem);
                }
            }
            from = start + 1;
        }
        let keep = window.len().min(marker.len() - 1);
        window.drain(..window.len() - keep);
    }
    match first_problem {
        None => Ok(None),
        Some(problem) => Err(format!(
            "{}: {problem}, so its handlers are not compared with this wiring (nothing was run; a cursor-hooks binary built by another version needs a rebuild)",
            path.display()
        )),
    }
}

/// How much of an executable is read at a time.
const PIECE: usize = 1 << 20;

/// The most a handler record may hold: a few hundred bytes per handler.
const RECORD_LIMIT: usize = 4 << 20;

/// The record whose marker starts `at_marker` (a slice of the window, the rest of which may be
/// short): its header and JSON read from the file at the right offset, then parsed by the
/// runtime's reader. The file's position is kept.
fn record_after(
    file: &mut File,
    at_marker: &[u8],
) -> std::io::Result<Result<Option<Vec<cursor_hooks::record::Handler>>, String>> {
    use std::io::{Seek, SeekFrom};
    let marker_len = cursor_hooks::hooks_json::BINARY_MARKER.len();
    let resume = file.stream_position()?;
    // Where the marker starts in the file.
    let start = resume - at_marker.len() as u64;
    file.seek(SeekFrom::Start(start))?;
    let mut head = vec![0; marker_len + 5];
    let got = read_full(file, &mut head)?;
    let mut record = head[..got].to_vec();
    if got == head.len() && head[marker_len] == 0 {
        let len = u32::from_le_bytes(head[marker_len + 1..].try_into().expect("4 bytes")) as usize;
        let mut json = vec![0; len.min(RECORD_LIMIT)];
        let got = read_full(file, &mut json)?;
        record.extend_from_slice(&json[..got]);
    }
    file.seek(SeekFrom::Start(resume))?;
    Ok(cursor_hooks::record::read(&record))
}

/// Reads into `buffer` until it is full or the file ends; how many bytes it holds.
fn read_full(file: &mut File, buffer: &mut [u8]) -> std::io::Result<usize> {
    let mut filled = 0;
    while filled < buffer.len() {
        match read_some(file, &mut buffer[filled..])? {
            0 => break,
            n => filled += n,
        }
    }
    Ok(filled)
}

fn read_some(file: &mut File, buffer: &mut [u8]) -> std::io::Result<usize> {
    loop {
        match file.read(buffer) {
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            result => return result,
        }
    }
}

/// Where `needle` first occurs in `haystack`: a scan for its first byte, as executables are
/// megabytes long.
fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    let mut from = 0;
    while let Some(skip) = haystack[from..].iter().position(|&b| b == needle[0]) {
        let at = from + skip;
        if haystack[at..].starts_with(needle) {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> std::path::PathBuf {
        std::env::temp_dir().join(format!(
            "cursor-hooks-safe-read-{}-{name}",
            std::process::id()
        ))
    }

    /// A record across two pieces of the file, after a stray copy of the marker's text, far into
    /// a file, is found and read.
    #[test]
    fn a_record_is_found_wherever_it_lies() {
        let marker = cursor_hooks::hooks_json::BINARY_MARKER.as_bytes();
        let json = br#"[{"event":"stop","handler":"verify"}]"#;
        let path = scratch("record");
        for offset in [0, 17, PIECE - 5, PIECE - marker.len(), 3 * PIECE + 1] {
            let mut bytes = vec![b'x'; offset];
            bytes.extend_from_slice(marker);
            bytes.extend_from_slice(b" stray text");
            bytes.extend_from_slice(marker);
            bytes.push(0);
            bytes.extend_from_slice(&(json.len() as u32).to_le_bytes());
            bytes.extend_from_slice(json);
            bytes.extend_from_slice(&[b'y'; 100]);
            std::fs::write(&path, &bytes).unwrap();
            let handlers = handler_record(&path)
                .unwrap()
                .unwrap_or_else(|| panic!("found at {offset}"));
            assert_eq!(handlers.len(), 1);
            assert_eq!(handlers[0].event, "stop");
            assert_eq!(
                handler_record(&path).unwrap().map(|h| h.len()),
                cursor_hooks::record::read(&bytes).unwrap().map(|h| h.len())
            );
        }
        std::fs::write(&path, b"no marker here").unwrap();
        assert!(handler_record(&path).unwrap().is_none());
        let _ = std::fs::remove_file(&path);
    }
}
