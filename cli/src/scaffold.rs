//! `cursor-hooks new`.

pub fn run(_name: &str, _path: Option<&std::path::Path>) -> Result<i32, String> {
    Err("not yet".into())
}
