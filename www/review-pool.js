// The Xiangqi game review spread over several review workers (www/review-worker.js), one per thread of the
// `threads` setting (www/threads.js): each worker is its own wasm instance on its own core, and takes the next
// position not yet analysed when it has finished one. This is issue 37's fallback without shared memory: the
// review's positions are independent searches (each one starts from emptied tables, see review-worker.js), so
// they split over workers with no loss, and the analyses are the ones a single worker gives, node for node.
//
// The pool speaks the worker's language to the page: the same 'progress' / 'done' / 'cancelled' / 'error'
// messages for a run, with the run's id; 'hint' requests go to the first worker (behind its position in
// progress, as with one worker).
//
//   const pool = createReviewPool({ url, size, onMessage });
//   pool.run({ id, fen, moves, known, budget? })   known: moves.length + 1 analyses or nulls
//   pool.cancel(id)
//   pool.hint({ id, fen, moves, budget? })
//   pool.size = n            (workers for the next run; 1 … MAX_THREADS)
//   pool.terminate()
//
// Messages to onMessage: {type:'progress', id, done, total, ply, analysis, elapsedMs, threads}
// (no verdicts: the page judges the moves next to `ply` from the analyses it holds), {type:'done', id, done,
// total, elapsedMs, threads}, {type:'cancelled', id, done, total}, {type:'hint', …} and {type:'error', id, …}
// as the worker sends them (a run's error stops the run). A worker that fails to load or dies reports
// {type:'error', id, code: 'worker.load_failed', params: {detail}} for the run it was part of.

import { MAX_THREADS } from './threads.js';

/**
 * @param {{url: URL|string, size?: number, onMessage: (msg: object) => void}} options
 */
export function createReviewPool({ url, size = 1, onMessage }) {
  /** @type {Array<{worker: Worker, task: {runId: unknown, sub: string, ply: number} | null}>} */
  const slots = [];
  let wanted = clampSize(size);
  /** the run in progress: {id, fen, moves, budget, queue, done, total, t0, threads, stopped} */
  let run = null;
  let subSeq = 0;

  function clampSize(n) {
    return Number.isInteger(n) ? Math.min(Math.max(n, 1), MAX_THREADS) : 1;
  }

  function slot(i) {
    if (slots[i]) return slots[i];
    const worker = new Worker(url, { type: 'module', name: `duiyi-review-${i + 1}` });
    const s = { worker, task: null };
    worker.onmessage = (e) => onWorkerMessage(s, e.data ?? {});
    worker.onerror = (e) => {
      e.preventDefault?.();
      const detail = String(e.message ?? 'error');
      const err = { message: `the review worker failed: ${detail}`, code: 'worker.load_failed', params: { detail } };
      if (run) failRun(err);
      else onMessage({ ...err, type: 'error', id: null });
      // a dead worker is replaced at the next run
      worker.terminate();
      slots[slots.indexOf(s)] = undefined;
    };
    slots[i] = s;
    return s;
  }

  function onWorkerMessage(s, msg) {
    if (msg.type === 'hint' || (msg.type === 'error' && typeof msg.id === 'string' && msg.id.startsWith('hint'))) {
      onMessage(msg);
      return;
    }
    if (msg.type === 'error' && msg.id === null) {
      // the wasm did not load in this worker
      if (run) failRun(msg);
      else onMessage(msg);
      return;
    }
    const task = s.task;
    if (!task || msg.id !== task.sub) return;
    const r = run && run.id === task.runId ? run : null;
    if (msg.type === 'progress') {
      if (!r || r.stopped) return;
      r.done += 1;
      onMessage({ type: 'progress', id: r.id, done: r.done, total: r.total, ply: msg.ply, analysis: msg.analysis, elapsedMs: performance.now() - r.t0, threads: r.threads });
    } else if (msg.type === 'done' || msg.type === 'cancelled') {
      // a worker freed from an earlier, cancelled run takes the current run's next position
      s.task = null;
      if (run && slots.indexOf(s) < run.threads) next(s);
    } else if (msg.type === 'error') {
      s.task = null;
      if (r) failRun(msg);
      else if (run && slots.indexOf(s) < run.threads) next(s);
    }
  }

  /** Gives worker slot `s` the run's next position; ends the run when nothing is left to search anywhere. */
  function next(s) {
    const r = run;
    if (!r.stopped && r.queue.length > 0) {
      const ply = r.queue.shift();
      subSeq += 1;
      s.task = { runId: r.id, sub: `review-${subSeq}`, ply };
      s.worker.postMessage({ type: 'run', id: s.task.sub, fen: r.fen, moves: r.moves, plies: [ply], ...(r.budget ? { budget: r.budget } : {}) });
      return;
    }
    finishIfIdle();
  }

  /** Sends the run's 'done' or 'cancelled' once no worker searches one of its positions. */
  function finishIfIdle() {
    const r = run;
    if (!r || slots.some((o) => o?.task?.runId === r.id)) return;
    run = null;
    if (r.stopped) onMessage({ type: 'cancelled', id: r.id, done: r.done, total: r.total });
    else onMessage({ type: 'done', id: r.id, done: r.done, total: r.total, elapsedMs: performance.now() - r.t0, threads: r.threads });
  }

  function failRun(err) {
    const r = run;
    if (!r) return;
    run = null;
    for (const s of slots) {
      if (s?.task) {
        s.worker.postMessage({ type: 'cancel', id: s.task.sub });
        s.task = null;
      }
    }
    onMessage({ ...err, type: 'error', id: r.id });
  }

  return {
    get size() {
      return wanted;
    },
    set size(n) {
      wanted = clampSize(n);
    },
    /** Starts a run (a run in progress is cancelled first, without its 'cancelled' message). */
    run({ id, fen, moves, known, budget }) {
      if (run) {
        run.stopped = true;
        for (const s of slots) if (s?.task) s.worker.postMessage({ type: 'cancel', id: s.task.sub });
      }
      const total = moves.length + 1;
      const queue = [];
      for (let p = 0; p < total; p++) if (!(Array.isArray(known) && known[p]?.score)) queue.push(p);
      const threads = Math.max(1, Math.min(wanted, queue.length));
      const r = { id, fen, moves: [...moves], budget, queue, done: total - queue.length, total, t0: performance.now(), threads, stopped: false };
      run = r;
      if (queue.length === 0) {
        run = null;
        onMessage({ type: 'done', id, done: total, total, elapsedMs: 0, threads: 0 });
        return;
      }
      // Workers still busy with a cancelled run take the new run's positions when they are free.
      for (let i = 0; i < threads; i++) {
        const s = slot(i);
        if (!s.task) next(s);
      }
    },
    /** Stops run `id`: the workers finish their position in progress, then 'cancelled' is sent. */
    cancel(id) {
      if (!run || run.id !== id) return;
      run.stopped = true;
      run.queue.length = 0;
      for (const s of slots) if (s?.task) s.worker.postMessage({ type: 'cancel', id: s.task.sub });
      finishIfIdle();
    },
    /** The best move of a position at a short budget, from the first worker (its reply comes as 'hint'). */
    hint(msg) {
      slot(0).worker.postMessage({ type: 'hint', ...msg });
    },
    terminate() {
      run = null;
      for (const s of slots) s?.worker.terminate();
      slots.length = 0;
    },
  };
}
