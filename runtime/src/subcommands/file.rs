//! Reading and replacing a configuration file (Cursor's `hooks.json`, Claude Code's
//! `settings.json`) safely: one writer at a time (a lock beside the file), through a symbolic
//! link to its target for the user's own file (never for a project's), with the file's mode kept, never a file the user made read-only, never
//! half a file. What the text means is the format's owner's business, not this module's.
//!
//! The folder may belong to someone else (a cloned repository, installed into as root): every
//! name this module opens in it is opened without following a link planted there, what is not a
//! regular file is refused without waiting on it (a FIFO, a device), and the temporary file gets
//! its owner and mode through its open descriptor, never by a path that could be swapped.

use std::fs::{File, Metadata, OpenOptions};
use std::io::{ErrorKind, Read, Write};
use std::path::{Path, PathBuf};

/// A configuration file as named on the command line, and the file behind it.
pub(super) struct ConfigFile {
    /// The path the user knows, for messages.
    pub(super) shown: PathBuf,
    /// The file itself: `shown` with symbolic links followed, so a file that links into a
    /// dotfiles repository is changed there and stays a link.
    real: PathBuf,
    /// What the lock file's name adds to the file's: `hooks.json` + `.lock`.
    lock_suffix: &'static str,
    /// What the name of the directory another program makes as its lock on the file adds to
    /// the file's (see [`HostLock`]).
    host_lock_suffix: Option<&'static str>,
}

impl ConfigFile {
    /// The file at `shown`, its symbolic links followed, locked through the file named like it
    /// with `lock_suffix` added.
    pub(super) fn new(shown: PathBuf, lock_suffix: &'static str) -> Result<ConfigFile, String> {
        let real = follow_links(&shown)
            .map_err(|e| format!("cannot follow the link {}: {e}", shown.display()))?;
        Ok(ConfigFile {
            shown,
            real,
            lock_suffix,
            host_lock_suffix: None,
        })
    }

    /// A project's file (`.cursor/hooks.json`, `.claude/settings.json`): refused when it, or
    /// the folder it is in, is a symbolic link, since a cloned repository can point either at
    /// any file of the user's (Cursor does not load a project file reached through a link
    /// either). `why` ends the refusal: what the host does with such a file. Links are never
    /// followed here, and the file is opened without following one (a race is refused too).
    pub(super) fn in_project(
        shown: PathBuf,
        lock_suffix: &'static str,
        why: &str,
    ) -> Result<ConfigFile, String> {
        let folder = shown.parent().ok_or("the file has no directory")?;
        for path in [folder, shown.as_path()] {
            // `read_link` succeeds on a link alone, dangling or not.
            if let Ok(target) = std::fs::read_link(path) {
                return Err(format!(
                    "{} is a symbolic link (to {}): a project's hooks configuration reached through a link is refused ({why}); nothing was written (put the folder or file itself there)",
                    path.display(),
                    target.display()
                ));
            }
        }
        Ok(ConfigFile {
            real: shown.clone(),
            shown,
            lock_suffix,
            host_lock_suffix: None,
        })
    }

    /// The file, also locked the way its host program locks it while writing it: by making the
    /// directory named like the file with `suffix` added (see [`HostLock`]).
    pub(super) fn with_host_lock(self, suffix: &'static str) -> ConfigFile {
        ConfigFile {
            host_lock_suffix: Some(suffix),
            ..self
        }
    }

    /// Whether the directory the file is in (or would be created in) exists.
    pub(super) fn directory_exists(&self) -> bool {
        self.real.parent().is_some_and(Path::is_dir)
    }

    /// Takes the lock that every `install` and `uninstall` of this file holds from reading it
    /// to replacing it, so that concurrent ones never lose each other's entries. Creates the
    /// file's directory when `create` says so.
    pub(super) fn lock(&self, create: bool) -> Result<Lock, String> {
        let dir = self.real.parent().ok_or("the file has no directory")?;
        if create {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        let mut lock = Lock::take(sibling(&self.real, self.lock_suffix))?;
        if let Some(suffix) = self.host_lock_suffix {
            // Beside the path Claude Code knows the file by: it does not follow links to name
            // its lock.
            lock.host = HostLock::take(sibling(&self.shown, suffix))?;
        }
        Ok(lock)
    }

    /// The file's text; `None` when there is no file. Only a regular file of at most
    /// [`MAX_BYTES`] is read: anything else is refused without waiting on it.
    pub(super) fn read(&self) -> Result<Option<String>, String> {
        let Some((mut file, metadata)) = self.open_existing()? else {
            return Ok(None);
        };
        let mut bytes = Vec::with_capacity(metadata.len() as usize);
        // `take`: the file may grow after `fstat`; never more than the limit plus one byte.
        (&mut file)
            .take(MAX_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read {}: {e}", self.shown.display()))?;
        if bytes.len() as u64 > MAX_BYTES {
            return Err(self.too_large());
        }
        String::from_utf8(bytes).map(Some).map_err(|_| {
            format!(
                "{} is not UTF-8 text; it was left as it is",
                self.shown.display()
            )
        })
    }

    /// The file opened for reading and its metadata (from the open descriptor); `None` when
    /// there is no file. A link that appeared at the resolved path since it was resolved, a
    /// FIFO, a device or a socket, and a file over [`MAX_BYTES`], are refused.
    fn open_existing(&self) -> Result<Option<(File, Metadata)>, String> {
        let file = match safe_open::open(OpenOptions::new().read(true), &self.real) {
            Ok(file) => file,
            Err(e) if e.kind() == ErrorKind::NotFound => return Ok(None),
            Err(e) if safe_open::is_link_refusal(&e) => {
                return Err(format!(
                    "{} became a symbolic link while it was read; it was left as it is",
                    self.shown.display()
                ))
            }
            Err(e) => return Err(format!("cannot read {}: {e}", self.shown.display())),
        };
        let metadata = file
            .metadata()
            .map_err(|e| format!("cannot read {}: {e}", self.shown.display()))?;
        if !metadata.is_file() {
            return Err(format!(
                "{}{} is not a regular file (a FIFO, device, socket or directory); it was left as it is",
                self.shown.display(),
                self.link_note()
            ));
        }
        if metadata.len() > MAX_BYTES {
            return Err(self.too_large());
        }
        Ok(Some((file, metadata)))
    }

    fn too_large(&self) -> String {
        format!(
            "{}{} is larger than {} MiB, more than any settings or hooks file needs; it was left as it is",
            self.shown.display(),
            self.link_note(),
            MAX_BYTES >> 20
        )
    }

    /// ` (a link to ...)` when the file is reached through a link.
    fn link_note(&self) -> String {
        if self.real == self.shown {
            String::new()
        } else {
            format!(" (a link to {})", self.real.display())
        }
    }

    /// Replaces the file's content with `text` through a temporary file and a rename, so a
    /// crash never leaves half a file. The file keeps its permissions (and, where allowed, its
    /// owner); a file without write permission is refused and left as it is. Call with the
    /// lock held.
    pub(super) fn replace(&self, text: &str, _lock: &Lock) -> Result<(), String> {
        let existing = self.open_existing()?.map(|(_, metadata)| metadata);
        if let Some(metadata) = &existing {
            self.refuse_read_only(metadata)?;
        }
        let (temporary, mut file) = self.create_temporary(existing.as_ref())?;
        let written = file
            .write_all(text.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", temporary.display()))
            .and_then(|()| keep_permissions(&file, &temporary, existing.as_ref()))
            .and_then(|()| {
                file.sync_all()
                    .map_err(|e| format!("cannot write {}: {e}", temporary.display()))
            })
            .and_then(|()| {
                drop(file);
                rename_over(&temporary, &self.real)
                    .map_err(|e| format!("cannot replace {}: {e}", self.shown.display()))
            });
        if written.is_err() {
            let _ = std::fs::remove_file(&temporary);
        }
        written
    }

    /// Whether the file's path is a symbolic link (the user's link into a dotfiles repository,
    /// say): its target is theirs, never deleted.
    pub(super) fn is_link(&self) -> bool {
        self.real != self.shown
    }

    /// Deletes the file. Call with the lock held.
    pub(super) fn remove(&self, _lock: &Lock) -> Result<(), String> {
        std::fs::remove_file(&self.real)
            .map_err(|e| format!("cannot delete {}: {e}", self.shown.display()))
    }

    /// Deletes the file's folder when it is empty (call after the lock, whose file is in it, is
    /// dropped); whether it did.
    pub(super) fn remove_empty_directory(&self) -> bool {
        self.real
            .parent()
            .is_some_and(|dir| std::fs::remove_dir(dir).is_ok())
    }

    /// A file the user made read-only (or cannot write) is theirs to unlock: the rename would
    /// replace it all the same, so it is checked here.
    fn refuse_read_only(&self, metadata: &Metadata) -> Result<(), String> {
        // Opening for writing without truncating changes nothing; it asks the system whether
        // this user may write the file.
        // Only a refusal counts: a file another program holds open (on Windows) is writable.
        let refused = metadata.permissions().readonly()
            || safe_open::open(OpenOptions::new().write(true), &self.real)
                .is_err_and(|e| e.kind() == ErrorKind::PermissionDenied);
        if !refused {
            return Ok(());
        }
        Err(format!(
            "{}{} is read-only; it was left as it is (make it writable to change it)",
            self.shown.display(),
            self.link_note()
        ))
    }

    /// A new file beside the real one, named `.<name>.<clock>.tmp`, with the existing
    /// file's mode from the start (its content is the file's content). Created, never opened:
    /// a name that is already there (a file, a link planted in the folder) is passed over.
    fn create_temporary(&self, existing: Option<&Metadata>) -> Result<(PathBuf, File), String> {
        let name = self.real.file_name().ok_or("the file has no name")?;
        let dir = self.real.parent().ok_or("the file has no directory")?;
        // Named by the clock rather than the process id: `getpid` would be one more symbol for
        // the dynamic loader to bind at every hook start (~600 instructions, BENCHMARKS.md).
        // Under the lock one process writes at a time; `create_new` and a retry cover a file a
        // crash left behind.
        let stamp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |since| since.as_nanos());
        for attempt in 0..100 {
            let temporary = dir.join(format!(
                ".{}.{}.tmp",
                name.to_string_lossy(),
                stamp + attempt
            ));
            let mut options = OpenOptions::new();
            options.write(true).create_new(true);
            #[cfg(unix)]
            {
                use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
                // Without the set-id bits until the owner is set (see `keep_permissions`).
                options.mode(existing.map_or(0o666, |m| m.permissions().mode() & 0o777));
            }
            #[cfg(not(unix))]
            let _ = existing;
            match safe_open::open(&options, &temporary) {
                Ok(file) => return Ok((temporary, file)),
                Err(e) if e.kind() == ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(format!("cannot write {}: {e}", temporary.display())),
            }
        }
        Err(format!(
            "cannot create a temporary file in {}",
            dir.display()
        ))
    }
}

/// The most a configuration file may hold (Claude Code's or Cursor's settings are a few KiB):
/// a larger one is refused before it is read, so a file linked to `/dev/zero`, or grown without
/// end, cannot take the machine's memory.
pub(super) const MAX_BYTES: u64 = 16 << 20;

/// Opening a name in a folder someone else may own: never through a symbolic link at the name
/// (`O_NOFOLLOW`: it fails with `ELOOP`), never waiting on a FIFO (`O_NONBLOCK`: a FIFO opens at
/// once for reading and fails with `ENXIO` for writing; callers refuse what `fstat` does not call
/// a regular file). The values are those of the targets named; elsewhere the name is looked at
/// first (`lstat`), which leaves a race.
mod safe_open {
    use std::fs::{File, OpenOptions};
    use std::io::{Error, ErrorKind};
    use std::path::Path;

    #[cfg(all(target_os = "linux", any(target_arch = "x86_64", target_arch = "x86")))]
    const FLAGS: i32 = 0o400_000 | 0o4_000;
    #[cfg(all(target_os = "linux", any(target_arch = "aarch64", target_arch = "arm")))]
    const FLAGS: i32 = 0o100_000 | 0o4_000;
    #[cfg(target_os = "macos")]
    const FLAGS: i32 = 0x0100 | 0x0004;
    #[cfg(not(any(
        all(
            target_os = "linux",
            any(
                target_arch = "x86_64",
                target_arch = "x86",
                target_arch = "aarch64",
                target_arch = "arm"
            )
        ),
        target_os = "macos"
    )))]
    const FLAGS: i32 = 0;

    /// `ELOOP` (Linux 40, macOS 62): the name is a link.
    const LINK_ERRORS: [i32; 2] = [40, 62];

    /// Opens `path` with `options` and the flags above.
    pub(super) fn open(options: &OpenOptions, path: &Path) -> std::io::Result<File> {
        #[cfg_attr(not(unix), allow(unused_mut))]
        let mut options = options.clone();
        if FLAGS == 0 {
            if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
                return Err(Error::other(LINKED));
            }
        } else {
            #[cfg(unix)]
            std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, FLAGS);
        }
        options.open(path)
    }

    const LINKED: &str = "a symbolic link";

    /// Whether `open` failed because the name is a symbolic link.
    pub(super) fn is_link_refusal(error: &Error) -> bool {
        match error.raw_os_error() {
            Some(code) => FLAGS != 0 && LINK_ERRORS.contains(&code),
            None => error.kind() == ErrorKind::Other && error.to_string() == LINKED,
        }
    }
}

/// Renames `from` onto `to`. On Windows that fails with "access denied" while another process
/// has `to` open without the delete-sharing rename needs (Cursor reading it, another `install`
/// reading its metadata before it takes the lock): a moment. It is tried again, for two seconds
/// at most, as npm's `graceful-fs` does.
fn rename_over(from: &Path, to: &Path) -> std::io::Result<()> {
    let mut waited = 0;
    loop {
        match std::fs::rename(from, to) {
            Err(e) if cfg!(windows) && e.kind() == ErrorKind::PermissionDenied && waited < 2000 => {
                let pause = 10 + waited / 4;
                std::thread::sleep(std::time::Duration::from_millis(pause));
                waited += pause;
            }
            result => return result,
        }
    }
}

/// Gives the open temporary `file` the permissions (and on Unix the owner and group, when this
/// user may) of the file it replaces; the process's umask may have taken bits away at creation.
/// Through the descriptor (`fchown`, `fchmod`): the name `temporary` is in a folder whose owner
/// can swap it for a link to any file between two system calls.
fn keep_permissions(
    file: &File,
    temporary: &Path,
    existing: Option<&Metadata>,
) -> Result<(), String> {
    let Some(metadata) = existing else {
        return Ok(());
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        // Only root may give a file away; for anyone else this keeps the group at most.
        let _ = std::os::unix::fs::fchown(file, Some(metadata.uid()), Some(metadata.gid()));
    }
    file.set_permissions(metadata.permissions())
        .map_err(|e| format!("cannot set the permissions of {}: {e}", temporary.display()))
}

/// `path` with its symbolic links followed (the last component's; directories that are links
/// work as they are). A link to a missing file gives the missing file, which is then created.
fn follow_links(path: &Path) -> std::io::Result<PathBuf> {
    let mut path = path.to_path_buf();
    // As many as Linux follows before ELOOP.
    for _ in 0..40 {
        match std::fs::symlink_metadata(&path) {
            Ok(metadata) if metadata.file_type().is_symlink() => {
                let target = std::fs::read_link(&path)?;
                // A relative target is relative to the link's directory; `join` keeps an
                // absolute one as it is.
                path = match path.parent() {
                    Some(dir) => dir.join(target),
                    None => target,
                };
            }
            _ => return Ok(path),
        }
    }
    Err(std::io::Error::other("too many levels of symbolic links"))
}

/// `path` with `suffix` added to its file name: `hooks.json` → `hooks.json.lock`.
fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(suffix);
    path.with_file_name(name)
}

/// An advisory lock on the lock file (`hooks.json.lock`), held until dropped. On Unix the lock file is removed
/// on the way out; a process that waited on the removed file sees that and locks the new one.
/// On Windows, where an open file cannot be told apart from its successor without more system
/// calls, the empty lock file stays.
pub(super) struct Lock {
    #[cfg_attr(not(unix), allow(dead_code))]
    path: PathBuf,
    _file: File,
    /// The host program's lock, when the file has one and it was not left over.
    host: Option<HostLock>,
}

/// How long `install` and `uninstall` wait for another one's lock on the same file before
/// giving up with a word about who holds it.
const LOCK_PATIENCE: std::time::Duration = std::time::Duration::from_secs(5);

impl Lock {
    /// Takes the lock at `path`, waiting [`LOCK_PATIENCE`] at most. The lock file is opened
    /// without following a link (a planted link, dangling or not, is refused, never created
    /// through) and must be a regular file. Its holder writes its process id into it, so a
    /// waiter that gives up can say who holds it.
    fn take(path: PathBuf) -> Result<Lock, String> {
        let started = std::time::Instant::now();
        loop {
            let mut options = OpenOptions::new();
            options.read(true).write(true).create(true).truncate(false);
            #[cfg(unix)]
            std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o644);
            let mut file = safe_open::open(&options, &path).map_err(|e| {
                if safe_open::is_link_refusal(&e) {
                    format!(
                        "the lock file {} is a symbolic link; remove it (no install or uninstall makes one)",
                        path.display()
                    )
                } else {
                    format!("cannot create the lock file {}: {e}", path.display())
                }
            })?;
            if !file.metadata().is_ok_and(|m| m.is_file()) {
                return Err(format!(
                    "the lock file {} is not a regular file; remove it (no install or uninstall makes one)",
                    path.display()
                ));
            }
            match file.try_lock() {
                Ok(()) => {}
                Err(std::fs::TryLockError::WouldBlock) => {
                    if started.elapsed() >= LOCK_PATIENCE {
                        return Err(held_by(&mut file, &path));
                    }
                    std::thread::sleep(std::time::Duration::from_millis(20));
                    continue;
                }
                Err(std::fs::TryLockError::Error(e)) => {
                    return Err(format!("cannot lock {}: {e}", path.display()))
                }
            }
            if still_there(&file, &path) {
                // Who holds it, for a waiter's message; a full disk only costs that message.
                let _ = file
                    .set_len(0)
                    .and_then(|()| file.write_all(own_pid().as_bytes()));
                return Ok(Lock {
                    path,
                    _file: file,
                    host: None,
                });
            }
        }
    }
}

/// The line for a lock another process still holds after [`LOCK_PATIENCE`]: its process id, as
/// the holder wrote it into the lock file.
fn held_by(file: &mut File, path: &Path) -> String {
    let mut holder = String::new();
    let _ = file.take(32).read_to_string(&mut holder);
    let holder = holder.trim();
    let who = if !holder.is_empty() && holder.bytes().all(|b| b.is_ascii_digit()) {
        format!("process {holder}")
    } else {
        "another process".to_owned()
    };
    format!(
        "{who} holds the lock {} (another install or uninstall of this file) and still did after {} s; try again when it has ended",
        path.display(),
        LOCK_PATIENCE.as_secs()
    )
}

/// This process's id, as text (empty where it cannot be told cheaply): read from `/proc/self`
/// rather than asked with `getpid`, which would be one more symbol for the dynamic loader to
/// bind at every hook start (see `create_temporary`).
fn own_pid() -> String {
    std::fs::read_link("/proc/self")
        .ok()
        .and_then(|pid| pid.to_str().map(str::to_owned))
        .unwrap_or_default()
}

/// Whether `path` still names the locked `file`: another process may have removed it (and
/// another created a new one) while this one waited.
#[cfg(unix)]
fn still_there(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), std::fs::symlink_metadata(path)) {
        (Ok(locked), Ok(named)) => locked.dev() == named.dev() && locked.ino() == named.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn still_there(_file: &File, _path: &Path) -> bool {
    true
}

impl Drop for Lock {
    fn drop(&mut self) {
        // Removed while still locked, so no one can lock this file after its removal.
        #[cfg(unix)]
        let _ = std::fs::remove_file(&self.path);
    }
}

/// The lock Claude Code takes on `~/.claude/settings.json` while it writes it (the npm
/// `proper-lockfile` kind, seen in Claude Code 2.1.330): the directory `settings.json.lock`,
/// made (atomically) by the holder, its modification time renewed while held, removed after;
/// one older than 10 s is stale. Held here from reading the file to replacing it, so neither
/// program writes over the other's change. Claude Code gives up waiting after half a second
/// and writes without it; this side waits a little longer, then says who holds it.
struct HostLock {
    path: PathBuf,
}

/// How old a host lock directory is when its holder is taken to be gone (Claude Code's
/// `staleMs` for its settings).
const HOST_LOCK_STALE: std::time::Duration = std::time::Duration::from_secs(10);

/// How long `install` waits for a host lock that is not stale.
const HOST_LOCK_PATIENCE: std::time::Duration = std::time::Duration::from_secs(3);

impl HostLock {
    /// Takes the lock at `path`; `None` when a stale one is in the way (left by a program that
    /// ended): the write goes ahead without it, as Claude Code's own does.
    fn take(path: PathBuf) -> Result<Option<HostLock>, String> {
        let started = std::time::Instant::now();
        loop {
            match std::fs::create_dir(&path) {
                Ok(()) => return Ok(Some(HostLock { path })),
                Err(e) if e.kind() == ErrorKind::AlreadyExists => {
                    let age = std::fs::metadata(&path)
                        .and_then(|m| m.modified())
                        .ok()
                        .and_then(|modified| modified.elapsed().ok());
                    if age.is_some_and(|age| age > HOST_LOCK_STALE) {
                        return Ok(None);
                    }
                    if started.elapsed() > HOST_LOCK_PATIENCE {
                        return Err(format!(
                            "{} is there: Claude Code is changing the file; try again (remove it if no Claude Code is running)",
                            path.display()
                        ));
                    }
                    std::thread::sleep(std::time::Duration::from_millis(20));
                }
                Err(e) => return Err(format!("cannot lock with {}: {e}", path.display())),
            }
        }
    }
}

impl Drop for HostLock {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir(&self.path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lock_file_sits_beside_the_file() {
        assert_eq!(
            sibling(Path::new("/p/.cursor/hooks.json"), ".lock"),
            Path::new("/p/.cursor/hooks.json.lock")
        );
    }
}
