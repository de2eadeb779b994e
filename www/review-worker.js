// The Xiangqi review worker: its own wasm module instance and its own Engine, so the play worker (and its
// pondering) is untouched. It analyses every position of a game at a fixed budget (the game review) and
// finds the best move of one position at a short budget (the hint). docs/review.md describes both.
//
// Every position is searched with emptied tables (`Clear Hash`: the table and the move-ordering statistics),
// so its analysis depends on the position and the game before it (repetitions) alone, not on what this
// worker searched before: a review split over several workers (www/review-pool.js), or resumed after a
// reload, gives the analyses one uninterrupted run gives.
//
// In:   {type:'run', id, fen?, moves, budget?, known?, plies?}
//          fen: the start position (default: the opening position); moves: ICCS; budget: {nodes} | {movetime}
//          | {depth} (whole numbers; default {nodes: the wasm reviewConstants().nodes}); known: an array of
//          moves.length + 1 analyses or nulls (www/review-core.js) — positions already analysed (a review
//          resumed after a reload) are not searched again; plies: the positions (0 … moves.length) this run
//          analyses, in that order (default: all of them) — the others count as done
//       {type:'cancel', id}                 stops run `id` after the search in progress (one position)
//       {type:'hint', id, fen?, moves, budget?}   the best move of the position after `moves`; default
//                                           budget {nodes: HINT_NODES}; waits for the review's current
//                                           position when a review runs
// Out:  {type:'ready', constants}            constants: the wasm reviewConstants()
//       {type:'progress', id, done, total, ply, analysis, elapsedMs}
//          after each position searched: done/total positions (known ones counted as done) and the position's
//          analysis; the page judges the moves (www/review-core.js), since with several workers only it holds
//          the neighbouring analyses
//       {type:'done', id, done, total, elapsedMs}
//       {type:'cancelled', id, done, total}
//       {type:'hint', id, move, pv, score, depth}   move null: no legal move
//       {type:'error', id, message, code, params}   code: the wasm codes (fen.*, engine.*) or worker.*:
//          worker.unknown_type {type}, worker.moves_type, worker.fen_type {detail}, worker.budget {detail},
//          worker.plies {detail, max}, worker.load_failed {detail}
// A new 'run' cancels the one in progress.

import init, { Engine, XiangqiGame, reviewConstants } from './pkg/duiyi_xiangqi.js';
import { codedError, errorData } from './i18n/errors.js';
import { announceReady, yieldToEvents } from './worker-support.js';

/**
 * The longest one engine step may run, in ms. A review search is one step: its node budget ends it long before
 * (about 0.3 s), and a search that is never cut into time slices is exactly reproducible — the same classes
 * and better moves on every run, on any machine, and the nodes `duiyi` visits natively at the same budget (the
 * budget the win-probability curve was fitted at). The price: a cancel or a hint waits for the position in
 * progress. Cut into time slices (the play worker's way), a search resumes with other tables than an uncut
 * one and two reviews of a game could differ where moves are close.
 */
const SEARCH_STEP_MS = 600_000;
/** A step after `stop`: the search answers at once. */
const STOP_STEP_MS = 10;
/** The hint's default budget in nodes (a fraction of a second in the browser). */
const HINT_NODES = 80_000;
const START_FEN = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';

let engine = null;
let constants = null;
/** the running review: {id, cancelled} */
let current = null;

const ready = init().then(() => {
  engine = new Engine();
  constants = reviewConstants();
});
announceReady(ready, () => ({ constants }));

/** One search at a time: the review's positions and the hints queue here (first come, first served). */
let lock = Promise.resolve();
function exclusive(fn) {
  const run = lock.then(fn);
  lock = run.catch(() => {});
  return run;
}

self.onmessage = (event) => {
  const msg = event.data ?? {};
  const fail = (err) => postMessage({ type: 'error', id: msg.id ?? null, ...errorData(err) });
  if (msg.type === 'run') {
    if (current) current.cancelled = true;
    const job = { id: msg.id, cancelled: false };
    current = job;
    review(job, msg).catch(fail).finally(() => {
      if (current === job) current = null;
    });
  } else if (msg.type === 'cancel') {
    if (current && current.id === msg.id) current.cancelled = true;
  } else if (msg.type === 'hint') {
    hint(msg).catch(fail);
  } else {
    postMessage({ type: 'error', id: msg.id ?? null, message: `unknown message type '${msg.type}' (known: run, cancel, hint)`, code: 'worker.unknown_type', params: { type: String(msg.type) } });
  }
};

/** The go parameters of a budget; throws worker.budget for anything but one whole nodes / movetime / depth. */
function goOf(budget, fallbackNodes) {
  if (budget === undefined || budget === null) return { nodes: fallbackNodes };
  const keys = typeof budget === 'object' ? Object.keys(budget) : [];
  const ok = keys.length === 1 && ['nodes', 'movetime', 'depth'].includes(keys[0]) && Number.isInteger(budget[keys[0]]) && budget[keys[0]] > 0;
  if (!ok) {
    const detail = String(JSON.stringify(budget)).slice(0, 80);
    throw codedError('worker.budget', { detail }, `budget must be {nodes}, {movetime} or {depth} with a whole number > 0, got ${detail}`);
  }
  return { [keys[0]]: budget[keys[0]] };
}

/** Checks fen and moves; returns [fen, moves]. */
function gameOf(msg) {
  const fen = msg.fen ?? START_FEN;
  if (typeof fen !== 'string') {
    const detail = String(JSON.stringify(fen)).slice(0, 80);
    throw codedError('worker.fen_type', { detail }, `fen must be a string, got ${detail}`);
  }
  const moves = msg.moves ?? [];
  if (!Array.isArray(moves) || moves.some((m) => typeof m !== 'string')) {
    throw codedError('worker.moves_type', {}, 'moves must be an array of ICCS strings such as "h2e2"');
  }
  return [fen, moves];
}

/**
 * Searches the position after `moves` with `go`; resolves to an analysis {score, best, pv, depth, nodes}, or
 * null when `isCancelled()` became true (the search is stopped within a slice). A position with no legal move
 * is not searched: {score: {mate: 0}, best: null, pv: []}.
 */
async function analyse(fen, moves, go, legalCount, isCancelled) {
  if (legalCount === 0) return { score: { mate: 0 }, best: null, pv: [], depth: 0, nodes: 0 };
  engine.setOption('Clear Hash', '');
  engine.setPosition('xiangqi', fen, moves);
  engine.go(go);
  let last = null;
  for (;;) {
    const r = engine.step(SEARCH_STEP_MS);
    for (const info of r.infos ?? []) {
      if (info.score && (Number.isInteger(info.score.cp) || Number.isInteger(info.score.mate))) last = info;
    }
    if (r.done) {
      const best = r.bestmove ?? null;
      const pv = last?.pv?.length ? Array.from(last.pv) : best ? [best] : [];
      if (best && pv[0] !== best) pv.splice(0, pv.length, best);
      const score = last ? (Number.isInteger(last.score.cp) ? { cp: last.score.cp } : { mate: last.score.mate }) : { cp: 0 };
      return { score, best, pv, depth: last?.depth ?? 0, nodes: last?.nodes ?? 0 };
    }
    if (r.idle) return null;
    await yieldToEvents();
    if (isCancelled()) {
      engine.stop();
      engine.step(STOP_STEP_MS);
      return null;
    }
  }
}

async function review(job, msg) {
  await ready;
  const [fen, moves] = gameOf(msg);
  const go = goOf(msg.budget, constants.nodes);
  // The positions and their legal-move counts (also checks the FEN and every move: a bad one throws its code).
  const game = new XiangqiGame(fen);
  const legal = [];
  try {
    for (const m of moves) {
      legal.push(game.legalMoves().length);
      game.play(m);
    }
    legal.push(game.legalMoves().length);
  } finally {
    game.free();
  }
  const total = moves.length + 1;
  const analyses = Array.from({ length: total }, (_, i) => (Array.isArray(msg.known) && msg.known[i]?.score ? msg.known[i] : null));
  const plies = pliesOf(msg.plies, total);
  let done = total - plies.filter((p) => !analyses[p]).length;
  const t0 = performance.now();
  for (const ply of plies) {
    if (analyses[ply]) continue;
    if (job.cancelled) break;
    const a = await exclusive(() => analyse(fen, moves.slice(0, ply), go, legal[ply], () => job.cancelled));
    if (!a) break;
    analyses[ply] = a;
    done += 1;
    postMessage({ type: 'progress', id: job.id, done, total, ply, analysis: a, elapsedMs: performance.now() - t0 });
  }
  if (job.cancelled || done < total) postMessage({ type: 'cancelled', id: job.id, done, total });
  else postMessage({ type: 'done', id: job.id, done, total, elapsedMs: performance.now() - t0 });
}

/** The positions a run analyses: `plies` checked (whole numbers 0 … total − 1), or every position. */
function pliesOf(plies, total) {
  if (plies === undefined || plies === null) return Array.from({ length: total }, (_, i) => i);
  if (!Array.isArray(plies) || plies.some((p) => !Number.isInteger(p) || p < 0 || p >= total)) {
    const detail = String(JSON.stringify(plies)).slice(0, 80);
    throw codedError('worker.plies', { detail, max: total - 1 }, `plies must be whole numbers 0..${total - 1}, got ${detail}`);
  }
  return plies;
}

async function hint(msg) {
  await ready;
  const [fen, moves] = gameOf(msg);
  const go = goOf(msg.budget, HINT_NODES);
  const game = new XiangqiGame(fen);
  let legalCount;
  try {
    for (const m of moves) game.play(m);
    legalCount = game.legalMoves().length;
  } finally {
    game.free();
  }
  const a = await exclusive(() => analyse(fen, moves, go, legalCount, () => false));
  postMessage({ type: 'hint', id: msg.id ?? null, move: a?.best ?? null, pv: a?.pv ?? [], score: a?.score ?? null, depth: a?.depth ?? 0 });
}
