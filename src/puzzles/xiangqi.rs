//! The xiangqi puzzle set (to be written: format, miner, checker).

/// `duiyi puzzles --game xiangqi …` (see [`super::run`]).
pub fn cli(_args: &[String]) -> Result<String, String> {
    Err("puzzles: the xiangqi set is not built yet".into())
}
