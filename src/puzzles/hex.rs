//! The hex puzzle set (to be written: format, miner, checker).

/// `duiyi puzzles --game hex …` (see [`super::run`]).
pub fn cli(_args: &[String]) -> Result<String, String> {
    Err("puzzles: the hex set is not built yet".into())
}
