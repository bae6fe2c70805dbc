//! The parts of the `cursor-hooks` command that the workspace's own live tests share with it:
//! [`live`], each editor's model mock on 127.0.0.1 and how the real editor is started against it
//! (`cursor-hooks verify` and `tests/tests/*_live.rs` run the same code). The command itself is
//! the `cursor-hooks` binary of this package.

#![warn(missing_docs)]

pub mod live;
