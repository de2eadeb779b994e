//! Game review, independent of the game: engine scores → win probability → each move's class.
//!
//! * [`win_probability`]: P(the side to move wins) = 1 / (1 + exp(−cp / [`WIN_SCALE_CP`])), a draw counted as ½.
//!   The scale was fitted by maximum likelihood to the positions of our own Xiangqi match games, scored by this
//!   engine at the review budget ([`REVIEW_NODES`]); `tools/review/fit_winprob.py` and docs/review.md give
//!   the data, the method, the figures and the date.
//! * [`review_move`]: a move's loss = the mover's win probability before the move (the engine's score of
//!   the position, mover to move) minus after it (the next position's score, opponent to move, turned round),
//!   never negative; the engine's own move loses nothing.
//! * [`classify`]: the loss → [`MoveClass`] by the thresholds [`BEST_MAX`], [`GOOD_MAX`],
//!   [`INACCURACY_MAX`], [`MISTAKE_MAX`]; the three error classes take lichess's limits (its game analysis,
//!   lila `modules/analyse/src/main/Advice.scala`, judges 0.1 / 0.2 / 0.3 on its "winning chances" scale
//!   −1…1, which is 5 / 10 / 15 points of win probability on our 0…1 scale).
//! * [`summarize`]: per side, the number of moves of each class and the average loss.

/// The fitted scale of the win-probability curve, in centipawns: 195.4 ± 8.3 (standard error), fitted on
/// 2026-12-03 to the 3,521 positions with a cp score among 3,708 sampled from 541 of our own games, scored at
/// 200,000 nodes (docs/review.md; `tools/review/fit_winprob.py --scored tools/review/data/scored.json`).
pub const WIN_SCALE_CP: f64 = 195.0;

/// The review's budget per position, in nodes: the page's default and the budget the curve was fitted at
/// (docs/benchmarks.md: a 100-ply game in the browser's worker within 60 s on 2 cores).
pub const REVIEW_NODES: u64 = 200_000;

/// A loss up to this (inclusive) is [`MoveClass::Best`]: as good as the engine's move within the noise of a
/// fixed-budget search (2 points of win probability, about 16 cp in a level position).
pub const BEST_MAX: f64 = 0.02;
/// A loss below this is [`MoveClass::Good`] (lichess: below its inaccuracy limit).
pub const GOOD_MAX: f64 = 0.05;
/// A loss below this (and at least [`GOOD_MAX`]) is an [`MoveClass::Inaccuracy`] (`?!`).
pub const INACCURACY_MAX: f64 = 0.10;
/// A loss below this (and at least [`INACCURACY_MAX`]) is a [`MoveClass::Mistake`] (`?`); from here on a
/// [`MoveClass::Blunder`] (`??`).
pub const MISTAKE_MAX: f64 = 0.15;

/// An engine score from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Moves to mate: positive, the side to move mates; negative or zero, it is mated (0: mated now, no
    /// legal move — in Xiangqi stalemate loses too).
    Mate(i32),
}

/// P(the side to move wins), draws counted as ½, for a score in centipawns (side to move's view).
///
/// ```
/// use duiyi::review::win_probability;
/// assert_eq!(win_probability(0.0), 0.5);
/// assert!((win_probability(200.0) + win_probability(-200.0) - 1.0).abs() < 1e-12);
/// ```
pub fn win_probability(cp: f64) -> f64 {
    1.0 / (1.0 + (-cp / WIN_SCALE_CP).exp())
}

/// P(the side to move wins) for an engine score: [`win_probability`] of a cp score; 1 for a mate the side to
/// move gives, 0 for one it gets.
pub fn score_win_probability(score: Score) -> f64 {
    match score {
        Score::Cp(cp) => win_probability(f64::from(cp)),
        Score::Mate(m) if m > 0 => 1.0,
        Score::Mate(_) => 0.0,
    }
}

/// The class of a move by its loss of win probability (both games; serialized by its lower-case name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum MoveClass {
    Best,
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
}

impl MoveClass {
    /// Every class, best first (the order of [`SideSummary::counts`]).
    pub const ALL: [MoveClass; 5] =
        [MoveClass::Best, MoveClass::Good, MoveClass::Inaccuracy, MoveClass::Mistake, MoveClass::Blunder];

    /// The lower-case name the page uses (`data-class`): best, good, inaccuracy, mistake, blunder.
    pub fn name(self) -> &'static str {
        match self {
            MoveClass::Best => "best",
            MoveClass::Good => "good",
            MoveClass::Inaccuracy => "inaccuracy",
            MoveClass::Mistake => "mistake",
            MoveClass::Blunder => "blunder",
        }
    }

    /// The class named `name` (as [`MoveClass::name`] writes it), or None.
    pub fn from_name(name: &str) -> Option<MoveClass> {
        MoveClass::ALL.into_iter().find(|c| c.name() == name)
    }

    /// The PGN NAG of the class: 6 (`?!`), 2 (`?`), 4 (`??`); None for best and good.
    pub fn nag(self) -> Option<u8> {
        match self {
            MoveClass::Inaccuracy => Some(6),
            MoveClass::Mistake => Some(2),
            MoveClass::Blunder => Some(4),
            _ => None,
        }
    }
}

/// The class of a move losing `wp_loss` (0…1) of the mover's win probability; a negative or NaN loss counts
/// as none. Limits: best ≤ [`BEST_MAX`] < good < [`GOOD_MAX`] ≤ inaccuracy < [`INACCURACY_MAX`] ≤ mistake <
/// [`MISTAKE_MAX`] ≤ blunder.
pub fn classify(wp_loss: f64) -> MoveClass {
    let loss = if wp_loss.is_nan() { 0.0 } else { wp_loss };
    if loss <= BEST_MAX {
        MoveClass::Best
    } else if loss < GOOD_MAX {
        MoveClass::Good
    } else if loss < INACCURACY_MAX {
        MoveClass::Inaccuracy
    } else if loss < MISTAKE_MAX {
        MoveClass::Mistake
    } else {
        MoveClass::Blunder
    }
}

/// One move's verdict.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveReview {
    pub class: MoveClass,
    /// The mover's loss of win probability, 0…1.
    pub loss: f64,
    /// The mover's win probability before the move and after it, 0…1.
    pub wp_before: f64,
    pub wp_after: f64,
}

/// Judges a move: `before` = the engine's score of the position the move was played in (the mover to move),
/// `after` = its score of the position the move led to (the opponent to move), `played_is_best` = the move is
/// the one the engine chose in `before`. The engine's own move is [`MoveClass::Best`] with no loss (a
/// fixed-budget search of the next position may disagree with itself by some points; that is noise, not the
/// player's).
pub fn review_move(before: Score, after: Score, played_is_best: bool) -> MoveReview {
    let wp_before = score_win_probability(before);
    let wp_after = 1.0 - score_win_probability(after);
    let loss = if played_is_best { 0.0 } else { (wp_before - wp_after).max(0.0) };
    MoveReview { class: classify(loss), loss, wp_before, wp_after }
}

/// One side's summary of a review.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SideSummary {
    /// Moves of each class, in the order of [`MoveClass::ALL`].
    pub counts: [u32; 5],
    /// Moves judged.
    pub moves: u32,
    /// Their mean loss of win probability (0…1; 0 with no moves).
    pub average_loss: f64,
}

/// Summaries of the two sides from the judged moves: `(side, review)` with side 0 = the side that moved first
/// in the caller's convention (the page: 0 Red, 1 Black).
pub fn summarize(moves: &[(usize, MoveReview)]) -> [SideSummary; 2] {
    let mut out = [SideSummary::default(); 2];
    let mut total = [0.0f64; 2];
    for &(side, review) in moves {
        let s = &mut out[side.min(1)];
        s.counts[review.class as usize] += 1;
        s.moves += 1;
        total[side.min(1)] += review.loss;
    }
    for (s, t) in out.iter_mut().zip(total) {
        s.average_loss = if s.moves == 0 { 0.0 } else { t / f64::from(s.moves) };
    }
    out
}
