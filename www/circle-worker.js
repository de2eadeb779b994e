// Smallest-enclosing-circle worker for the #circle page: every computation runs here, so the page never waits
// on the O(n³) method.
//
// In:   {type: 'enclose', id, coords: Float64Array [x0, y0, …], methods: ['seed'|'welzl', …], seed}
//       {type: 'sweep', id, sizes: [n, …], seedMax, pointSeed, seed}   cancelled by a new 'sweep' or 'cancel'
//       {type: 'cancel', id}
// Out:  {type: 'ready'}
//       {type: 'result', id, results: {<method>: {center, radius, points_on_circle, operations, ms} |
//                                       {error: {message, code, params}}}}
//       {type: 'sweep-point', id, method, n, operations, ms, reps}   ms: mean wall time of one run (reps runs)
//       {type: 'sweep-done', id} | {type: 'sweep-cancelled', id}
//       {type: 'error', id, message, code, params}
// The sweep runs Welzl for every size and the seed method for sizes ≤ seedMax, on random points
// (circleRandomPoints(n, pointSeed)); a size is repeated until its runs add up to 20 ms, so small ones time.

import init, { circleEnclose, circleRandomPoints } from './pkg/duiyi_hex.js';
import { codedError, errorData } from './i18n/errors.js';
import { announceReady, yieldToEvents } from './worker-support.js';

const ready = init();
let sweep = null; // { id, cancelled }

announceReady(ready);

self.onmessage = async (event) => {
  const msg = event.data ?? {};
  try {
    await ready;
    if (msg.type === 'enclose') {
      const results = {};
      for (const method of msg.methods ?? []) {
        const t0 = performance.now();
        try {
          const r = circleEnclose(method, msg.coords, msg.seed ?? 0);
          results[method] = { ...r, ms: performance.now() - t0 };
        } catch (err) {
          results[method] = { error: errorData(err) };
        }
      }
      postMessage({ type: 'result', id: msg.id, results });
    } else if (msg.type === 'sweep') {
      if (sweep) sweep.cancelled = true;
      const job = { id: msg.id, cancelled: false };
      sweep = job;
      await runSweep(job, msg);
    } else if (msg.type === 'cancel') {
      if (sweep && sweep.id === msg.id) sweep.cancelled = true;
    } else {
      throw codedError('worker.unknown_type', { type: String(msg.type) }, `unknown message type '${msg.type}'`);
    }
  } catch (err) {
    postMessage({ type: 'error', id: msg.id ?? null, ...errorData(err) });
  }
};

async function runSweep(job, { sizes, seedMax, pointSeed, seed }) {
  for (const n of sizes) {
    const coords = circleRandomPoints(n, pointSeed);
    for (const method of ['welzl', 'seed']) {
      if (method === 'seed' && n > seedMax) continue;
      await yieldToEvents();
      if (job.cancelled) {
        postMessage({ type: 'sweep-cancelled', id: job.id });
        return;
      }
      circleEnclose(method, coords, seed); // warm-up: the first call of a method pays for page faults
      let reps = 0;
      let operations = 0;
      const t0 = performance.now();
      do {
        operations = circleEnclose(method, coords, seed).operations;
        reps++;
      } while (performance.now() - t0 < 20 && reps < 1000);
      const ms = (performance.now() - t0) / reps;
      postMessage({ type: 'sweep-point', id: job.id, method, n, operations, ms, reps });
    }
  }
  if (sweep === job) sweep = null;
  postMessage({ type: 'sweep-done', id: job.id });
}
