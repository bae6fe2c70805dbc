//! `CURSOR_PROJECT_DIR`: only an absolute path is the project directory; anything else falls
//! back to the first workspace root. A file of its own: the test sets the variable in this
//! process.

use cursor_hooks::prelude::*;
use std::path::{Path, PathBuf};

#[test]
fn a_relative_or_empty_project_dir_falls_back_to_the_workspace_root() {
    let input: Stop = serde_json::from_str(
        r#"{"hook_event_name":"stop","status":"completed","workspace_roots":["/home/me/project"]}"#,
    )
    .unwrap();
    let absolute = std::env::temp_dir();
    std::env::set_var("CURSOR_PROJECT_DIR", &absolute);
    assert_eq!(input.common.project_dir(), Some(absolute));
    for value in ["relative/dir", ".", ""] {
        std::env::set_var("CURSOR_PROJECT_DIR", value);
        assert_eq!(
            input.common.project_dir().as_deref(),
            Some(Path::new(&cursor_hooks::cursor::native_path(
                "/home/me/project"
            ))),
            "{value:?}"
        );
    }
    std::env::remove_var("CURSOR_PROJECT_DIR");
    assert_eq!(
        input.common.project_dir(),
        Some(PathBuf::from(cursor_hooks::cursor::native_path(
            "/home/me/project"
        )))
    );
}
