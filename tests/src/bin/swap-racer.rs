//! The attacker of `tests/tests/hostile_files.rs`: the owner of a folder where a hook binary's
//! `install` writes, swapping every temporary file that appears there for a symbolic link to
//! another file, as fast as it can, until killed.
//!
//! `swap-racer DIR TARGET`: each name in DIR that starts with `.` and ends with `.tmp` is
//! replaced (atomically, by a rename) by a link to TARGET.

#[cfg(unix)]
fn main() {
    let mut args = std::env::args_os().skip(1);
    let (Some(dir), Some(target)) = (args.next(), args.next()) else {
        eprintln!("usage: swap-racer DIR TARGET");
        std::process::exit(2);
    };
    let dir = std::path::PathBuf::from(dir);
    let link = dir.join(".swap-racer-link");
    loop {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if name.starts_with('.') && name.ends_with(".tmp") {
                let _ = std::fs::remove_file(&link);
                if std::os::unix::fs::symlink(&target, &link).is_ok() {
                    let _ = std::fs::rename(&link, entry.path());
                }
            }
        }
    }
}

#[cfg(not(unix))]
fn main() {
    eprintln!("swap-racer: Unix only");
    std::process::exit(2);
}
