//! Search parts shared by the game engines: scores with mate distance, the transposition table, the clock,
//! search limits, the root move list of a resumable search ([`root_moves`]), and the sliced-search interface ([`SlicedSearch`]) every game's searcher offers the engine.
//! The game-specific alpha-beta lives with each game (`xiangqi::search`, `hex::search`).

pub mod clock;
pub mod driver;
pub mod helpers;
pub mod limits;
pub mod multipv;
pub mod root_moves;
pub mod score;
pub mod time;
pub mod tt;

pub use clock::now_ms;
pub use driver::{IterationInfo, RunOutcome, SlicedSearch};
pub use limits::{Budget, GoParams, LimitsError};
pub use score::{Bound, Score};
pub use tt::TranspositionTable;
