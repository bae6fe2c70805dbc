//! Fixture hook binaries for the end-to-end tests live in `src/bin/`.
