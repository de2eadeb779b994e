// The Hex review worker: its own wasm instance (not the play worker's, whose search and pondering go on
// untouched) runs the game review (src/hex/review.rs through the wasm HexReview, src/wasm/hex_review.rs) step
// by step, so it reports progress and can be cancelled, and answers hint requests.
//
// A game is the object the wasm takes: {size: 'N'|'WxH', swap, moves, setup?: {black, white, toMove},
// options?: {playouts, solveMs, solveNodes, solveTotalMs, stepMs}}.
//
// In:   {type: 'run', id, game}                 review the game (a new run cancels the one in progress)
//       {type: 'cancel', id}
//       {type: 'hint', id, game, ms?}            the side to move's best move within ms (default 1500)
//       {type: 'prove', id, game, ms?}           who wins the game's position, by the solver within ms (default 3000)
// Out:  {type: 'ready'}
//       {type: 'progress', id, done, total, report}     report: the review so far (positions not yet
//                                                        evaluated count as even)
//       {type: 'done', id, done, total, report, elapsedMs}
//       {type: 'cancelled', id, done, total}
//       {type: 'hint', id, hint}                  hint: {move, proved, area, nodes, time_ms} or null (game over)
//       {type: 'prove', id, verdict}              verdict: {winner: 'black' | 'white' | null (not proved), nodes, time_ms}
//       {type: 'error', id, message, code, params}   the wasm codes (hex.review_game, hex.record_move, hex.*)
//                                                    or worker.* (worker.load_failed, worker.unknown_type)
// The report's shape is the JSON of `duiyi hex review --json` (docs/hex.md, "Game review").

import init, { HexReview, hexHint, hexProve } from './pkg/duiyi.js';
import { errorData } from './i18n/errors.js';
import { announceReady, yieldToEvents } from './worker-support.js';

/** Progress messages (with the partial report) at most this often. */
const PROGRESS_MS = 250;

const ready = init();
let current = null; // { id, cancelled }

announceReady(ready);

self.onmessage = (event) => {
  const msg = event.data ?? {};
  if (msg.type === 'run') {
    if (current) current.cancelled = true;
    const job = { id: msg.id, cancelled: false };
    current = job;
    run(job, msg.game).catch((err) => postMessage({ type: 'error', id: msg.id, ...errorData(err) }));
  } else if (msg.type === 'cancel') {
    if (current && current.id === msg.id) current.cancelled = true;
  } else if (msg.type === 'hint') {
    hint(msg).catch((err) => postMessage({ type: 'error', id: msg.id, ...errorData(err) }));
  } else if (msg.type === 'prove') {
    prove(msg).catch((err) => postMessage({ type: 'error', id: msg.id, ...errorData(err) }));
  } else {
    postMessage({ type: 'error', id: msg.id ?? null, message: `unknown message type '${msg.type}'`, code: 'worker.unknown_type', params: { type: String(msg.type) } });
  }
};

async function run(job, game) {
  await ready;
  const review = new HexReview(game);
  try {
    const t0 = performance.now();
    let lastPost = t0;
    let finished = false;
    while (!finished) {
      finished = review.step();
      const [done, total] = review.progress();
      const now = performance.now();
      if (!finished && now - lastPost >= PROGRESS_MS) {
        lastPost = now;
        postMessage({ type: 'progress', id: job.id, done, total, report: review.report() });
      }
      await yieldToEvents();
      if (job.cancelled) {
        postMessage({ type: 'cancelled', id: job.id, done, total });
        return;
      }
    }
    const [done, total] = review.progress();
    postMessage({ type: 'done', id: job.id, done, total, report: review.report(), elapsedMs: performance.now() - t0 });
  } finally {
    review.free();
    if (current === job) current = null;
  }
}

async function hint({ id, game, ms }) {
  await ready;
  const budget = Number.isFinite(ms) && ms > 0 ? ms : 1500;
  postMessage({ type: 'hint', id, hint: hexHint(game, budget) });
}

async function prove({ id, game, ms }) {
  await ready;
  const budget = Number.isFinite(ms) && ms > 0 ? ms : 3000;
  postMessage({ type: 'prove', id, verdict: hexProve(game, budget) });
}
