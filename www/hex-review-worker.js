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
//       {type: 'proveRoot', id, game, ms?}       the solver beside the play engine (www/views/hex-solver-helper.js,
//                                                src/wasm/hex_solver.rs): proves the position's root moves in
//                                                slices of ROOT_SLICE_MS for at most ms (default 60000), until
//                                                decided or cancelled ({type: 'cancel', id})
// Out:  {type: 'ready'}
//       {type: 'progress', id, done, total, report}     report: the review so far (positions not yet
//                                                        evaluated count as even)
//       {type: 'done', id, done, total, report, elapsedMs}
//       {type: 'cancelled', id, done, total}
//       {type: 'hint', id, hint}                  hint: {move, proved, area, nodes, time_ms} or null (game over)
//       {type: 'facts', id, facts}                proveRoot: the facts changed: {decided, rootLost, wins, losses}
//                                                (HexRootProver's, src/wasm/hex_solver.rs)
//       {type: 'rootDone', id, facts}             proveRoot ended (decided, out of time or cancelled)
//       {type: 'prove', id, verdict}              verdict: {winner: 'black' | 'white' | null (not proved), nodes, time_ms}
//       {type: 'error', id, message, code, params}   the wasm codes (hex.review_game, hex.record_move, hex.*)
//                                                    or worker.* (worker.load_failed, worker.unknown_type)
// The report's shape is the JSON of `duiyi hex review --json` (docs/hex.md, "Game review").

import init, { HexReview, HexRootProver, hexHint, hexProve } from './pkg/duiyi_hex.js';
import { errorData } from './i18n/errors.js';
import { announceReady, yieldToEvents } from './worker-support.js';

/** Progress messages (with the partial report) at most this often. */
const PROGRESS_MS = 250;
/** proveRoot's slice (ms): a cancel is seen within one. */
const ROOT_SLICE_MS = 20;

const ready = init();
let current = null; // { id, cancelled }
/** the running proveRoot jobs by id: { cancelled } */
const rootJobs = new Map();

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
    const root = rootJobs.get(msg.id);
    if (root) root.cancelled = true;
  } else if (msg.type === 'proveRoot') {
    proveRoot(msg).catch((err) => postMessage({ type: 'error', id: msg.id, ...errorData(err) }));
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

async function proveRoot({ id, game, ms }) {
  await ready;
  const budget = Number.isFinite(ms) && ms > 0 ? ms : 60_000;
  const prover = new HexRootProver(game);
  const job = { cancelled: false };
  rootJobs.set(id, job);
  try {
    const end = performance.now() + budget;
    const facts = () => ({ decided: prover.decided(), rootLost: prover.rootLost(), wins: prover.wins(), losses: prover.losses() });
    while (!job.cancelled && !prover.decided() && performance.now() < end) {
      if (prover.step(ROOT_SLICE_MS)) postMessage({ type: 'facts', id, facts: facts() });
      await yieldToEvents();
    }
    postMessage({ type: 'rootDone', id, facts: facts() });
  } finally {
    prover.free();
    rootJobs.delete(id);
  }
}
