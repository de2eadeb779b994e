//! Game review (src/review.rs): the win-probability curve and the class limits (docs/review.md).

use duiyi::review::{
    self, BEST_MAX, GOOD_MAX, INACCURACY_MAX, MISTAKE_MAX, MoveClass, Score, WIN_SCALE_CP, classify, review_move,
    score_win_probability, summarize, win_probability,
};

const EPS: f64 = 1e-12;

#[test]
fn win_probability_is_a_symmetric_increasing_logistic() {
    assert_eq!(win_probability(0.0), 0.5);
    for cp in [1.0, 50.0, 100.0, 300.0, 1000.0] {
        assert!((win_probability(cp) + win_probability(-cp) - 1.0).abs() < EPS, "symmetry at {cp}");
        assert!(win_probability(cp) > win_probability(cp - 1.0), "increasing at {cp}");
    }
    // At one scale the odds are e : 1.
    let p = win_probability(WIN_SCALE_CP);
    assert!((p / (1.0 - p) - std::f64::consts::E).abs() < 1e-9);
    assert!(win_probability(1e6) <= 1.0 && win_probability(-1e6) >= 0.0);
    assert!(win_probability(3000.0) > 0.999 && win_probability(-3000.0) < 0.001);
}

#[test]
fn the_fitted_scale_is_in_a_plausible_range() {
    // lichess's chess curve has 250 cp on this scale (its 0.004 in 2/(1+exp(-0.004 cp)) - 1); ours was fitted
    // to our own Xiangqi games and must stay within a factor of two of that.
    assert!((125.0..=500.0).contains(&WIN_SCALE_CP), "{WIN_SCALE_CP}");
}

#[test]
fn mates_are_certain() {
    assert_eq!(score_win_probability(Score::Mate(3)), 1.0);
    assert_eq!(score_win_probability(Score::Mate(-2)), 0.0);
    assert_eq!(score_win_probability(Score::Mate(0)), 0.0, "no legal move: the side to move has lost");
    assert_eq!(score_win_probability(Score::Cp(0)), 0.5);
}

#[test]
fn thresholds_follow_lichess_on_a_zero_to_one_scale() {
    // lichess: 0.1 / 0.2 / 0.3 of winning chances on -1..1 = 0.05 / 0.10 / 0.15 of win probability.
    assert_eq!((GOOD_MAX, INACCURACY_MAX, MISTAKE_MAX), (0.05, 0.10, 0.15));
    const { assert!(BEST_MAX < GOOD_MAX) };
}

#[test]
fn classify_at_and_around_each_limit() {
    let below = |x: f64| x - 1e-9;
    assert_eq!(classify(0.0), MoveClass::Best);
    assert_eq!(classify(BEST_MAX), MoveClass::Best);
    assert_eq!(classify(BEST_MAX + 1e-9), MoveClass::Good);
    assert_eq!(classify(below(GOOD_MAX)), MoveClass::Good);
    assert_eq!(classify(GOOD_MAX), MoveClass::Inaccuracy);
    assert_eq!(classify(below(INACCURACY_MAX)), MoveClass::Inaccuracy);
    assert_eq!(classify(INACCURACY_MAX), MoveClass::Mistake);
    assert_eq!(classify(below(MISTAKE_MAX)), MoveClass::Mistake);
    assert_eq!(classify(MISTAKE_MAX), MoveClass::Blunder);
    assert_eq!(classify(1.0), MoveClass::Blunder);
    assert_eq!(classify(-0.3), MoveClass::Best, "a gain is no loss");
    assert_eq!(classify(f64::NAN), MoveClass::Best);
}

#[test]
fn classes_have_names_and_nags() {
    let names: Vec<_> = MoveClass::ALL.iter().map(|c| c.name()).collect();
    assert_eq!(names, ["best", "good", "inaccuracy", "mistake", "blunder"]);
    for c in MoveClass::ALL {
        assert_eq!(MoveClass::from_name(c.name()), Some(c));
    }
    assert_eq!(MoveClass::from_name("brilliant"), None);
    let nags: Vec<_> = MoveClass::ALL.iter().map(|c| c.nag()).collect();
    assert_eq!(nags, [None, None, Some(6), Some(2), Some(4)]);
}

#[test]
fn a_hanging_rook_is_a_blunder_and_the_engines_move_is_best() {
    // Level before (0 cp for the mover); after the move the opponent is a rook up (about 900 cp).
    let r = review_move(Score::Cp(0), Score::Cp(900), false);
    assert_eq!(r.class, MoveClass::Blunder);
    assert!((r.wp_before - 0.5).abs() < EPS && r.wp_after < 0.05 && r.loss > 0.45);
    // A small slip: 30 cp in a level position.
    let r = review_move(Score::Cp(0), Score::Cp(30), false);
    assert_eq!(r.loss, 0.5 - (1.0 - win_probability(30.0)));
    // The engine's own move loses nothing whatever the next search says.
    let r = review_move(Score::Cp(40), Score::Cp(10), true);
    assert_eq!((r.class, r.loss), (MoveClass::Best, 0.0));
    // A better move than the engine found is no loss.
    assert_eq!(review_move(Score::Cp(0), Score::Cp(-100), false).loss, 0.0);
    // Letting a won mate go: from mate in 3 to a level position.
    assert_eq!(review_move(Score::Mate(3), Score::Cp(0), false).class, MoveClass::Blunder);
    // Mating: the opponent has no move left.
    let r = review_move(Score::Mate(1), Score::Mate(0), true);
    assert_eq!((r.wp_before, r.wp_after), (1.0, 1.0));
}

#[test]
fn summaries_count_and_average_per_side() {
    let mv = |cp_after: i32| review_move(Score::Cp(0), Score::Cp(cp_after), false);
    let moves = [(0, mv(0)), (1, mv(900)), (0, mv(60)), (1, mv(0))];
    let [red, black] = summarize(&moves);
    assert_eq!(red.moves, 2);
    assert_eq!(black.moves, 2);
    assert_eq!(black.counts[MoveClass::Blunder as usize], 1);
    assert_eq!(black.counts[MoveClass::Best as usize], 1);
    assert!((red.average_loss - (moves[0].1.loss + moves[2].1.loss) / 2.0).abs() < EPS);
    assert_eq!(summarize(&[])[0], review::SideSummary::default());
}
