//! Helpers shared by the integration tests (and the benches, through `#[path]`).

#![allow(dead_code)] // each test crate uses its own subset of these helpers

use std::path::PathBuf;

pub mod drive;

/// The full path of a reference data file in `tests/data/` (e.g. `"xiangqi_perft.json"`).
pub fn data_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests").join("data").join(name)
}

/// Reads and parses one JSON file of `tests/data/`. Each file names its source in its `_about` field.
///
/// Panics with the file's full path and the reason when the file is missing, unreadable or not JSON, so a
/// broken checkout fails with a message that says which file to restore.
pub fn data(name: &str) -> serde_json::Value {
    let path = data_path(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("test data file {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("test data file {}: not valid JSON: {e}", path.display()))
}
