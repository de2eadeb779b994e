//! Search parts shared by the game engines: scores with mate distance, the transposition table, the clock
//! and search limits. The game-specific alpha-beta lives with each game (`xiangqi::search`).

pub mod clock;
pub mod limits;
pub mod score;
pub mod tt;

pub use clock::now_ms;
pub use limits::{GoParams, LimitsError};
pub use score::{Bound, Score};
pub use tt::TranspositionTable;
