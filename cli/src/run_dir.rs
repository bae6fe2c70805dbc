//! A private folder for one run of `simulate` or `replay`: made fresh (never one that is
//! already there, never through a link), readable by this user only, removed at the end. What a
//! run hands its hooks as files (Claude Code's `CLAUDE_ENV_FILE`) lives there, so no other user
//! can plant a link at a name in `/tmp` that this tool then writes through.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// The folder; removed with what it holds when dropped.
pub struct RunDir(PathBuf);

impl RunDir {
    /// Makes a new folder in the system's temporary folder, mode 0700 on Unix.
    pub fn new() -> Result<RunDir, String> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let base = std::env::temp_dir();
        let stamp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |since| since.as_nanos());
        // `mkdir` fails on any name already there (a folder, a file, a link): another name is
        // tried, so a name someone guessed and took costs a retry, never a shared folder.
        for _ in 0..100 {
            let path = base.join(format!(
                "cursor-hooks-run-{}-{stamp:x}-{}",
                std::process::id(),
                NEXT.fetch_add(1, Ordering::Relaxed)
            ));
            #[cfg_attr(not(unix), allow(unused_mut))]
            let mut builder = std::fs::DirBuilder::new();
            #[cfg(unix)]
            std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
            match builder.create(&path) {
                Ok(()) => return Ok(RunDir(path)),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => {
                    return Err(format!(
                        "cannot create a private folder in {}: {e}",
                        base.display()
                    ))
                }
            }
        }
        Err(format!(
            "cannot create a private folder in {}: every name tried was taken",
            base.display()
        ))
    }

    /// The folder's path.
    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for RunDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
