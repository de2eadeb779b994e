// The player's puzzle rating, one per game, kept in the browser (localStorage `duiyi.puzzles.<game>`), by the
// Glicko-2 system (Glickman, "Example of the Glicko-2 system", 2012; the npm library glicko2, vendored by
// scripts/build.sh as www/vendor/glicko2.js).
//
// How it is used (docs/puzzles.md): every puzzle is one rating period with one game, the player against the
// puzzle. A new player starts at 1500 with RD 350 and volatility 0.06 (Glickman's defaults), τ = 0.5. A puzzle
// plays with its shipped rating and a fixed RD of 75 (our ratings are estimates; lichess's puzzles settle near
// that once played): it is not changed by the player's result. The first result of a puzzle counts once:
// solved without a hint or the solution = a win (1), a wrong move, a hint or the solution = a loss (0); a
// retry or a puzzle played again later does not change the rating.

import { readJSON, writeJSON } from '../storage.js';

export const START = { rating: 1500, rd: 350, vol: 0.06 };
export const TAU = 0.5;
export const PUZZLE_RD = 75;
/** Below this RD the rating is shown without "?" (lichess calls a rating provisional above 110). */
export const PROVISIONAL_RD = 110;

const key = (game) => `duiyi.puzzles.${game}`;

let libPromise = null;
function lib() {
  libPromise ??= import('../vendor/glicko2.js').then((m) => m.Glicko2);
  return libPromise;
}

/**
 * The stored state of a game's puzzles: {rating, rd, vol, played: string[] (ids, in order), solved, failed}.
 * A missing or corrupt store reads as a new player's.
 * @param {'xiangqi'|'hex'} game
 */
export function loadRating(game) {
  const s = readJSON(key(game));
  const ok = s && [s.rating, s.rd, s.vol].every((v) => Number.isFinite(v)) && s.rd > 0 && s.vol > 0;
  return ok
    ? { rating: s.rating, rd: s.rd, vol: s.vol, played: Array.isArray(s.played) ? s.played.map(String) : [], solved: s.solved | 0, failed: s.failed | 0 }
    : { ...START, played: [], solved: 0, failed: 0 };
}

/** Stores a game's state (loadRating's shape). */
export function saveRating(game, state) {
  writeJSON(key(game), { ...state, played: state.played.slice(-2000) });
}

/**
 * The state after one puzzle: the Glicko-2 update of a single game against the puzzle's rating.
 * @param {{rating: number, rd: number, vol: number}} player
 * @param {number} puzzleRating
 * @param {0|1} score  1 solved cleanly, 0 otherwise
 * @returns {Promise<{rating: number, rd: number, vol: number}>}
 */
export async function rate(player, puzzleRating, score) {
  const Glicko2 = await lib();
  const ranking = new Glicko2({ tau: TAU, rating: START.rating, rd: START.rd, vol: START.vol });
  const me = ranking.makePlayer(player.rating, player.rd, player.vol);
  const puzzle = ranking.makePlayer(puzzleRating, PUZZLE_RD, START.vol);
  ranking.updateRatings([[me, puzzle, score]]);
  return { rating: me.getRating(), rd: me.getRd(), vol: me.getVol() };
}

/** The rating as people read it: "1523", or "1500?" while provisional. */
export function ratingText(state) {
  return `${Math.round(state.rating)}${state.rd > PROVISIONAL_RD ? '?' : ''}`;
}
