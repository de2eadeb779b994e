// Combat Monte-Carlo worker: samples swings of several models with the wasm CombatSampler, in chunks, so
// it can report progress and be cancelled while a 10^8-swing run goes on.
//
// In:   {type: 'run', id, sheet, models: [{model, order}], swings, seed}   seed: '' or a u64 as a string
//       {type: 'cancel', id}
// Out:  {type: 'ready'}
//       {type: 'started', id, seed}                      the seed actually used (drawn when none was given)
//       {type: 'progress', id, done, total, counts, elapsedMs}    counts: one Float64Array(8) per model
//       {type: 'done', id, done, total, counts, elapsedMs, summaries}   summaries: chi-square etc. per model
//       {type: 'cancelled', id, done, counts, elapsedMs}
//       {type: 'error', id, message, code, params}   code/params: the reason for the page's translated text
//                                                      (the wasm codes of src/wasm/combat.rs, or worker.*)
// A new 'run' cancels the one in progress. Every model of a run uses the same seed.

import init, { CombatSampler } from './pkg/duiyi_hex.js';
import { codedError, errorData } from './i18n/errors.js';
import { announceReady, yieldToEvents } from './worker-support.js';

/** Wall-clock budget of one slice of work between two looks at the message queue. */
const SLICE_MS = 25;
/** Progress messages at most this often. */
const PROGRESS_MS = 100;

const ready = init();
let current = null; // { id, cancelled }

announceReady(ready);

self.onmessage = (event) => {
  const msg = event.data ?? {};
  if (msg.type === 'run') {
    if (current) current.cancelled = true;
    const job = { id: msg.id, cancelled: false };
    current = job;
    run(job, msg).catch((err) => postMessage({ type: 'error', id: msg.id, ...errorData(err) }));
  } else if (msg.type === 'cancel') {
    if (current && current.id === msg.id) current.cancelled = true;
  } else {
    postMessage({ type: 'error', id: msg.id ?? null, message: `unknown message type '${msg.type}'`, code: 'worker.unknown_type', params: { type: String(msg.type) } });
  }
};

async function run(job, { sheet, models, swings, seed }) {
  await ready;
  const total = Number(swings);
  if (!Number.isInteger(total) || total <= 0 || total > 1e12) {
    throw codedError('worker.swings', { value: String(swings) }, `swings must be a whole number in 1..1e12, got ${swings}`);
  }
  if (!Array.isArray(models) || models.length === 0) throw codedError('worker.no_models', {}, 'no models to sample');
  const samplers = [];
  try {
    // The first sampler draws the seed when none is given; the others reuse it.
    let usedSeed = seed ? String(seed) : undefined;
    for (const { model, order } of models) {
      const s = new CombatSampler(model, order ?? undefined, sheet, usedSeed);
      usedSeed = s.seed;
      samplers.push(s);
    }
    postMessage({ type: 'started', id: job.id, seed: usedSeed });

    const t0 = performance.now();
    let done = 0;
    let chunk = 1_000; // swings per model per step; grows to fill SLICE_MS
    let lastPost = t0;
    // Besides every PROGRESS_MS, report at geometric checkpoints so that the page's convergence chart
    // has points from the first thousand swings on, even for a run that takes a few milliseconds.
    let checkpoint = 1_000;
    const counts = () => samplers.map((s) => new Float64Array(s.counts()));
    while (done < total) {
      const sliceStart = performance.now();
      while (done < total && done < checkpoint && performance.now() - sliceStart < SLICE_MS) {
        const n = Math.min(chunk, total - done, checkpoint - done);
        const stepStart = performance.now();
        for (const s of samplers) s.run(n);
        done += n;
        const ms = performance.now() - stepStart;
        // Grow the chunk while a step takes under a quarter of the slice, shrink it past the slice.
        if (n === chunk && ms < SLICE_MS / 4 && chunk < 8_000_000) chunk *= 2;
        else if (ms > SLICE_MS && chunk > 1_000) chunk = Math.ceil(chunk / 2);
      }
      const now = performance.now();
      const atCheckpoint = done >= checkpoint;
      while (checkpoint <= done) checkpoint = Math.ceil(checkpoint * 1.5);
      if (done < total && (atCheckpoint || now - lastPost >= PROGRESS_MS)) {
        lastPost = now;
        postMessage({ type: 'progress', id: job.id, done, total, counts: counts(), elapsedMs: now - t0 });
      }
      await yieldToEvents();
      if (job.cancelled) {
        postMessage({ type: 'cancelled', id: job.id, done, counts: counts(), elapsedMs: performance.now() - t0 });
        return;
      }
    }
    const summaries = samplers.map((s) => JSON.parse(s.summaryJson()));
    postMessage({ type: 'done', id: job.id, done, total, counts: counts(), elapsedMs: performance.now() - t0, summaries });
  } finally {
    for (const s of samplers) s.free();
    if (current === job) current = null;
  }
}
