"""Match statistics shared by the match runners (`tools/clock_match.py`, `tools/hex_match.py`).

All scores are from one engine's view: 1 a win, 0.5 a draw, 0 a loss.

- `score_interval(scores)`: the mean score with a 95% interval (normal approximation over game outcomes:
  mean ± 1.96 · population standard deviation / √n; ±0.5 with fewer than two games).
- `elo(p)`: the logistic Elo difference of a score p (clamped to [0.001, 0.999], so ±1200 at most).
- `sprt_llr(wins, losses, elo0, elo1)`: the log-likelihood ratio of H1 (Elo difference elo1) against H0 (elo0)
  for a game without draws (Hex): a binomial likelihood with the logistic score of each hypothesis,
  LLR = W·ln(p1/p0) + L·ln((1−p1)/(1−p0)). `sprt_bounds(alpha, beta)`: Wald's bounds
  (ln(β/(1−α)), ln((1−β)/α)); at or below the lower bound H0 is accepted, at or above the upper H1.
  (Wald, "Sequential tests of statistical hypotheses", Ann. Math. Stat. 16, 1945.)
"""
import math, statistics


def elo(p):
    """The Elo difference (logistic, 400 per factor 10 of odds) of a score p in [0, 1]."""
    p = min(max(p, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / p - 1)


def expected_score(elo_diff):
    """The logistic expected score of an Elo difference: 1 / (1 + 10^(−d/400))."""
    return 1 / (1 + 10 ** (-elo_diff / 400))


def score_interval(scores):
    """(mean, low, high) of a non-empty list of game scores; the interval is 95% (see the module doc)."""
    n = len(scores)
    mean = sum(scores) / n
    half = 1.96 * statistics.pstdev(scores) / math.sqrt(n) if n > 1 else 0.5
    return mean, mean - half, mean + half


def score_summary(scores):
    """A dict: score, interval [low, high], elo, elo_interval [low, high] of a non-empty list of game scores."""
    mean, lo, hi = score_interval(scores)
    return dict(score=mean, interval=[lo, hi], elo=elo(mean), elo_interval=[elo(lo), elo(hi)])


def sprt_bounds(alpha=0.05, beta=0.05):
    """Wald's (lower, upper) LLR bounds for error rates alpha (false H1) and beta (false H0)."""
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def sprt_llr(wins, losses, elo0, elo1):
    """The binomial log-likelihood ratio of Elo elo1 against elo0 after `wins` and `losses` (no draws)."""
    p0, p1 = expected_score(elo0), expected_score(elo1)
    return wins * math.log(p1 / p0) + losses * math.log((1 - p1) / (1 - p0))


def sprt_state(wins, losses, elo0, elo1, alpha=0.05, beta=0.05):
    """A dict: elo0, elo1, alpha, beta, llr, bounds [lower, upper], and decision 'H0' / 'H1' / None (go on)."""
    lo, hi = sprt_bounds(alpha, beta)
    llr = sprt_llr(wins, losses, elo0, elo1)
    decision = 'H1' if llr >= hi else 'H0' if llr <= lo else None
    return dict(elo0=elo0, elo1=elo1, alpha=alpha, beta=beta, llr=llr, bounds=[lo, hi], decision=decision)
