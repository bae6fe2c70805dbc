//! Writing into a folder a cloned repository may have filled (`package --out`, a marketplace,
//! `schema --out`): the folder the user named is followed as named, but no name below it is
//! followed through a symbolic link. A link there, which this tool never makes, is refused with
//! one line, so a planted `hooks/hooks.json -> ~/.cursor/hooks.json` cannot have the tool
//! replace the user's own file. Each file is written to a temporary file beside it and renamed
//! over it, so a crash never leaves half a file.
//!
//! On Unix every name is opened relative to its folder's open descriptor without following a
//! link (`openat` with `O_NOFOLLOW`), so a link swapped in after a check is refused too. On other
//! systems each name is looked at (`lstat`) before it is used, which leaves a race.

use crate::safe_read::{self, Refusal};
use std::path::{Component, Path, PathBuf};

/// A folder to write into, with the files below it reached without following links.
pub struct Tree {
    root: PathBuf,
    #[cfg(unix)]
    dir: rustix::fd::OwnedFd,
}

/// What a name below the root is, looked at without following it.
#[derive(PartialEq)]
enum Kind {
    Missing,
    Link,
    Folder,
    File,
    Other,
}

impl Tree {
    /// The folder `root` (created with its parents when missing), as the user named it: links
    /// in `root` itself are theirs and followed.
    pub fn open(root: &Path) -> Result<Tree, String> {
        std::fs::create_dir_all(root).map_err(|e| format!("{}: {e}", root.display()))?;
        #[cfg(unix)]
        {
            use rustix::fs::{Mode, OFlags};
            let dir = rustix::fs::open(
                root,
                OFlags::DIRECTORY | OFlags::RDONLY | OFlags::CLOEXEC,
                Mode::empty(),
            )
            .map_err(|e| format!("{}: {e}", root.display()))?;
            Ok(Tree {
                root: root.to_path_buf(),
                dir,
            })
        }
        #[cfg(not(unix))]
        Ok(Tree {
            root: root.to_path_buf(),
        })
    }

    /// `relative`'s path, for a message.
    pub fn path(&self, relative: &str) -> PathBuf {
        self.root.join(relative)
    }

    /// Writes `bytes` to `relative` (plain names separated by `/`), making the folders on the
    /// way; `executable` makes it mode 0755 on Unix. A link at any name on the way, or at the
    /// file, is refused and nothing is written.
    pub fn write(&self, relative: &str, bytes: &[u8], executable: bool) -> Result<(), String> {
        let (folders, name) = split(relative)?;
        let shown = self.root.join(relative);
        let parent = self
            .folder(&folders, true)?
            .ok_or_else(|| format!("cannot create the folder of {}", shown.display()))?;
        match parent.kind(name)? {
            Kind::Link => return Err(linked(&shown)),
            Kind::Folder | Kind::Other => {
                return Err(format!(
                    "{} is not a regular file; it was left as it is",
                    shown.display()
                ))
            }
            Kind::Missing | Kind::File => {}
        }
        parent
            .replace(name, bytes, executable)
            .map_err(|e| format!("cannot write {}: {e}", shown.display()))
    }

    /// The bytes of the regular file `relative`, at most `limit` of them (the checks of
    /// [`safe_read`]); `None` when it is missing. A link on the way or at the file is refused.
    pub fn read(&self, relative: &str, limit: u64) -> Result<Option<Vec<u8>>, String> {
        let (folders, name) = split(relative)?;
        let Some(parent) = self.folder(&folders, false)? else {
            return Ok(None);
        };
        let shown = self.root.join(relative);
        if parent.kind(name)? == Kind::Link {
            return Err(linked(&shown));
        }
        match parent.read(name, limit) {
            Ok(bytes) => Ok(Some(bytes)),
            Err(Refusal::Missing) => Ok(None),
            Err(why) => Err(format!(
                "cannot read {}: {}",
                shown.display(),
                why.describe(limit)
            )),
        }
    }

    /// Deletes the folder `relative` and everything in it, when it is there; a link on the way
    /// or at the folder is refused (the link's target is never emptied).
    pub fn remove_folder(&self, relative: &str) -> Result<(), String> {
        let (folders, name) = split(relative)?;
        let Some(parent) = self.folder(&folders, false)? else {
            return Ok(());
        };
        let shown = self.root.join(relative);
        match parent.kind(name)? {
            Kind::Missing => Ok(()),
            Kind::Link => Err(linked(&shown)),
            Kind::Folder => std::fs::remove_dir_all(&shown)
                .map_err(|e| format!("cannot delete {}: {e}", shown.display())),
            Kind::File | Kind::Other => Err(format!(
                "{} is not a folder; it was left as it is",
                shown.display()
            )),
        }
    }

    /// The folder at `folders` below the root, each made when missing and `create` says so
    /// (`None` when one is missing otherwise).
    fn folder(&self, folders: &[&str], create: bool) -> Result<Option<Folder>, String> {
        let mut folder = Folder::root(self)?;
        let mut shown = self.root.clone();
        for name in folders {
            shown.push(name);
            match folder.kind(name)? {
                Kind::Folder => {}
                Kind::Missing if create => folder
                    .make(name)
                    .map_err(|e| format!("cannot create {}: {e}", shown.display()))?,
                Kind::Missing => return Ok(None),
                Kind::Link => return Err(linked(&shown)),
                Kind::File | Kind::Other => {
                    return Err(format!("{} is not a folder", shown.display()))
                }
            }
            folder = folder
                .enter(name)
                .map_err(|e| format!("cannot open {}: {e}", shown.display()))?;
        }
        Ok(Some(folder))
    }
}

/// The refusal of a link at `path`.
fn linked(path: &Path) -> String {
    format!(
        "{} is a symbolic link, which this tool never makes (a cloned repository can point it at any file); it was left as it is and not followed (remove it)",
        path.display()
    )
}

/// `relative`'s folders and file name; only plain names (no `..`, no root) are taken.
fn split(relative: &str) -> Result<(Vec<&str>, &str), String> {
    let mut parts: Vec<&str> = Vec::new();
    for component in Path::new(relative).components() {
        match component {
            Component::Normal(part) => parts.push(part.to_str().expect("from a str")),
            _ => return Err(format!("{relative}: not a plain path inside the folder")),
        }
    }
    let name = parts
        .pop()
        .ok_or_else(|| format!("{relative}: no file name"))?;
    Ok((parts, name))
}

/// A folder below the root, reached without following links.
struct Folder {
    #[cfg(unix)]
    fd: rustix::fd::OwnedFd,
    #[cfg(not(unix))]
    path: PathBuf,
}

#[cfg(unix)]
impl Folder {
    fn root(tree: &Tree) -> Result<Folder, String> {
        let fd = tree
            .dir
            .try_clone()
            .map_err(|e| format!("{}: {e}", tree.root.display()))?;
        Ok(Folder { fd })
    }

    fn kind(&self, name: &str) -> Result<Kind, String> {
        use rustix::fs::{AtFlags, FileType};
        match rustix::fs::statat(&self.fd, name, AtFlags::SYMLINK_NOFOLLOW) {
            Ok(stat) => Ok(match FileType::from_raw_mode(stat.st_mode) {
                FileType::Symlink => Kind::Link,
                FileType::Directory => Kind::Folder,
                FileType::RegularFile => Kind::File,
                _ => Kind::Other,
            }),
            Err(rustix::io::Errno::NOENT) => Ok(Kind::Missing),
            Err(e) => Err(format!("cannot look at {name}: {e}")),
        }
    }

    fn make(&self, name: &str) -> std::io::Result<()> {
        match rustix::fs::mkdirat(&self.fd, name, rustix::fs::Mode::from_raw_mode(0o755)) {
            Err(rustix::io::Errno::EXIST) | Ok(()) => Ok(()),
            Err(e) => Err(e.into()),
        }
    }

    /// The folder `name` in this one; a link swapped in since it was looked at fails here
    /// (`O_NOFOLLOW`).
    fn enter(&self, name: &str) -> std::io::Result<Folder> {
        use rustix::fs::{Mode, OFlags};
        let flags = OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::RDONLY | OFlags::CLOEXEC;
        let fd = rustix::fs::openat(&self.fd, name, flags, Mode::empty())?;
        Ok(Folder { fd })
    }

    fn read(&self, name: &str, limit: u64) -> Result<Vec<u8>, Refusal> {
        use rustix::fs::{Mode, OFlags};
        // Without waiting on a FIFO; `read_file` refuses what is not a regular file.
        let flags = OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::CLOEXEC;
        match rustix::fs::openat(&self.fd, name, flags, Mode::empty()) {
            Ok(fd) => safe_read::read_file(std::fs::File::from(fd), limit),
            Err(rustix::io::Errno::NOENT) => Err(Refusal::Missing),
            Err(e) => Err(Refusal::Io(e.into())),
        }
    }

    /// `name`'s content made `bytes`: a new temporary file (never opened through a link),
    /// written, then renamed over `name`.
    fn replace(&self, name: &str, bytes: &[u8], executable: bool) -> std::io::Result<()> {
        use rustix::fs::{Mode, OFlags};
        use std::io::Write;
        let mode = Mode::from_raw_mode(if executable { 0o755 } else { 0o644 });
        let flags =
            OFlags::WRONLY | OFlags::CREATE | OFlags::EXCL | OFlags::NOFOLLOW | OFlags::CLOEXEC;
        let (temporary, fd) = temporary_names(name)
            .find_map(|temporary| {
                match rustix::fs::openat(&self.fd, temporary.as_str(), flags, mode) {
                    Err(rustix::io::Errno::EXIST) => None,
                    result => Some(result.map(|fd| (temporary, fd))),
                }
            })
            .unwrap_or(Err(rustix::io::Errno::EXIST))?;
        let mut file = std::fs::File::from(fd);
        let written = file
            .write_all(bytes)
            // The mode asked for, whatever the umask took away.
            .and_then(|()| rustix::fs::fchmod(&file, mode).map_err(std::io::Error::from))
            .and_then(|()| file.sync_all())
            .and_then(|()| {
                rustix::fs::renameat(&self.fd, &temporary, &self.fd, name)
                    .map_err(std::io::Error::from)
            });
        if written.is_err() {
            let _ = rustix::fs::unlinkat(&self.fd, &temporary, rustix::fs::AtFlags::empty());
        }
        written
    }
}

#[cfg(not(unix))]
impl Folder {
    fn root(tree: &Tree) -> Result<Folder, String> {
        Ok(Folder {
            path: tree.root.clone(),
        })
    }

    fn kind(&self, name: &str) -> Result<Kind, String> {
        match std::fs::symlink_metadata(self.path.join(name)) {
            Ok(meta) if meta.file_type().is_symlink() => Ok(Kind::Link),
            Ok(meta) if meta.is_dir() => Ok(Kind::Folder),
            Ok(meta) if meta.is_file() => Ok(Kind::File),
            Ok(_) => Ok(Kind::Other),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Kind::Missing),
            Err(e) => Err(format!(
                "cannot look at {}: {e}",
                self.path.join(name).display()
            )),
        }
    }

    fn make(&self, name: &str) -> std::io::Result<()> {
        match std::fs::create_dir(self.path.join(name)) {
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
            result => result,
        }
    }

    fn enter(&self, name: &str) -> std::io::Result<Folder> {
        Ok(Folder {
            path: self.path.join(name),
        })
    }

    fn read(&self, name: &str, limit: u64) -> Result<Vec<u8>, Refusal> {
        safe_read::read(&self.path.join(name), limit)
    }

    fn replace(&self, name: &str, bytes: &[u8], _executable: bool) -> std::io::Result<()> {
        use std::io::Write;
        let (temporary, mut file) = temporary_names(name)
            .find_map(|temporary| {
                let path = self.path.join(&temporary);
                match std::fs::OpenOptions::new()
                    .write(true)
                    .create_new(true)
                    .open(&path)
                {
                    Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => None,
                    result => Some(result.map(|file| (path, file))),
                }
            })
            .unwrap_or_else(|| Err(std::io::ErrorKind::AlreadyExists.into()))?;
        let written = file
            .write_all(bytes)
            .and_then(|()| file.sync_all())
            .and_then(|()| {
                drop(file);
                std::fs::rename(&temporary, self.path.join(name))
            });
        if written.is_err() {
            let _ = std::fs::remove_file(&temporary);
        }
        written
    }
}

/// The names a temporary file for `name` may take: `.<name>.<clock>.tmp`, a hundred of them
/// (one left behind by a crash is passed over).
fn temporary_names(name: &str) -> impl Iterator<Item = String> + '_ {
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_nanos());
    (0..100).map(move |attempt| format!(".{name}.{}.tmp", stamp + attempt))
}
