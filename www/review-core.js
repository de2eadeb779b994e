// Game review arithmetic of the page (www/views/xiangqi-review.js; the review workers, www/review-worker.js,
// only search the positions): from the engine's analysis of each position to each move's verdict, the
// graph's points and the PGN annotations. The numbers (win-probability curve, class limits) come from the wasm
// module (src/review.rs through src/wasm/review.rs); this file only arranges them.
//
// Shapes:
//   analysis  {score: {cp} | {mate}, best: ICCS | null, pv: ICCS[], depth, nodes}
//             the engine's view of one position, score from the side to move's point of view;
//             a position with no legal move: {score: {mate: 0}, best: null, pv: []}
//   verdict   {ply (1-based), played, side: 'red'|'black', class, nag, loss, wpBefore, wpAfter, better, line}
//             better: the engine's move when the played one was not best (else null); line: its PV

/**
 * The verdict of move `i` (0-based) of `moves`, or null while position i or i + 1 has no analysis.
 * @param {{reviewMove: Function}} wasm the module's review functions
 * @param {Array<object|null>} analyses one per position (moves.length + 1)
 * @param {string[]} moves ICCS
 * @param {'red'|'black'} firstSide the side to move at the start
 */
export function judgeMove(wasm, analyses, moves, i, firstSide) {
  const before = analyses[i];
  const after = analyses[i + 1];
  if (!before || !after) return null;
  const played = moves[i];
  const isBest = before.best === played;
  const r = wasm.reviewMove(before.score, after.score, isBest);
  const side = (i % 2 === 0) === (firstSide === 'red') ? 'red' : 'black';
  const better = r.class === 'best' || !before.best ? null : before.best;
  return {
    ply: i + 1, played, side, class: r.class, nag: r.nag ?? null, loss: r.loss, wpBefore: r.wpBefore, wpAfter: r.wpAfter,
    better, line: better ? [...(before.pv ?? [])] : [],
  };
}

/** Every verdict that can be given (null where an analysis is missing). */
export function judgeAll(wasm, analyses, moves, firstSide) {
  return moves.map((_, i) => judgeMove(wasm, analyses, moves, i, firstSide));
}

/** the side to move's win probability of each analysis object already asked (the graph asks often) */
const wpCache = new WeakMap();

/**
 * Red's win probability (0…1) at each position, null where there is no analysis: the graph's points
 * (moves.length + 1 of them).
 */
export function redWinProbabilities(wasm, analyses, firstSide) {
  return analyses.map((a, ply) => {
    if (!a) return null;
    let wp = wpCache.get(a);
    if (wp === undefined) {
      wp = wasm.scoreWinProbability(a.score);
      wpCache.set(a, wp);
    }
    const redToMove = (ply % 2 === 0) === (firstSide === 'red');
    return redToMove ? wp : 1 - wp;
  });
}

/**
 * The score of a position from Red's point of view as PGN's [%eval] wants it: {cp} or {mate} (moves to mate,
 * positive = Red mates), with the depth.
 */
export function redEval(analysis, ply, firstSide) {
  const redToMove = (ply % 2 === 0) === (firstSide === 'red');
  const sign = redToMove ? 1 : -1;
  const { score } = analysis;
  // mate 0 (no legal move: the side to move has lost) is written as mated in 1, the nearest PGN has
  const out = Number.isInteger(score.cp) ? { cp: sign * score.cp } : { mate: sign * (score.mate === 0 ? -1 : score.mate) };
  if (Number.isInteger(analysis.depth) && analysis.depth > 0) out.depth = analysis.depth;
  return out;
}

/** The analysis of a position from a PGN [%eval] (Red's view) of it: the inverse of redEval. */
export function analysisFromEval(ev, ply, firstSide) {
  const redToMove = (ply % 2 === 0) === (firstSide === 'red');
  const sign = redToMove ? 1 : -1;
  let score;
  if (Number.isInteger(ev?.cp)) score = { cp: sign * ev.cp };
  else if (Number.isInteger(ev?.mate)) score = { mate: sign * ev.mate };
  else return null;
  return { score, best: null, pv: [], depth: Number.isInteger(ev.depth) ? ev.depth : 0, nodes: 0, imported: true };
}
