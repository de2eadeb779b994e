//! Engine protocols on stdin/stdout: UCCI 3.0 and UCI (placeholder until the protocol work lands).

use std::process::ExitCode;

/// Reads commands from stdin; the first command (`ucci` or `uci`) picks the protocol. Returns at `quit` or EOF.
pub fn run_stdio() -> ExitCode {
    eprintln!("engine protocols: not yet available");
    ExitCode::from(2)
}
