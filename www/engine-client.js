// The page side of the engine worker (www/worker.js).
//
// * Safe host protocol (as lichess and pychess drive their engines): at most one search in the worker;
//   a new search first sends `stop`, waits for that search's `bestmove`, and only then sends the next
//   `position` + `go`. Exactly one bestmove answers each go, so the bookkeeping never drifts.
// * Watchdog: the worker answers `isready` between search slices within milliseconds. If it stops
//   answering, reports a fatal error, or dies (`error` event), the client terminates it, starts a new one,
//   re-sends the options, and repeats the search that was running (the caller's promise just resolves
//   later). State `crashed` is shown meanwhile, with the reason.
//
// States (the `state` event and `client.state`): idle | thinking | pondering | stopping | crashed.
//
// Events (client.on): state, info, bestmove, budget ({softMs, hardMs, searchId}: the engine's planned and most
// time for the running move, after a timed go and after a ponderhit), candidates ({list: [{move, depth, nodes,
// ms, active}], searchId}: the replies a ponder search thinks about, option PonderCandidates > 1), resumed
// ({candidate, ms, nodes, depth, searchId}: the search just started or hit goes on from pondering reply
// `candidate`, 1 = the predicted one), ready, crash, recovered, error. A search repeated after a crash starts
// over in the new worker: its candidates come afresh and no `resumed` (the pondering died with the worker).

import { codedError } from './i18n/errors.js';

export const STATES = Object.freeze(['idle', 'thinking', 'pondering', 'stopping', 'crashed']);

// The timeouts below decide when a silent worker is declared dead and replaced. A false alarm is worse than a
// late one: the restart throws the running search away, shows "crashed" and repeats the search from scratch,
// so on a busy machine it costs the user the very time it was meant to save, and can repeat. A worker that
// really fails mostly says so at once (a wasm trap is a `fatal` error, a script error an `error` event);
// the timeouts only catch one that hangs or silently dies, which is rare. So they are sized for a slow or
// loaded device (a phone, a 2-core machine with other work on both cores: the worker's thread, and the page's
// own thread that runs this watchdog, then wait for the CPU far longer than the idle figures), not for an
// idle desktop. Time during which the page's own thread was stalled (a watchdog tick that came late) is not
// counted against the worker either: its answer may be queued behind the stall (see checkHealth).
const DEFAULTS = {
  workerUrl: new URL('./worker.js', import.meta.url),
  /** the game the worker loads first ('xiangqi' | 'hex'): the game of the view that made the client */
  game: 'xiangqi',
  /** how often the watchdog asks `isready` */
  pingIntervalMs: 500,
  /** no `readyok` for this long: the worker is considered dead (idle, it answers within one 5 ms slice) */
  pingTimeoutMs: 10000,
  /** the same during a lab run (kept from when the lab's exact slices could run one root move's search in one
   *  slice; slices now resume exactly and stay short, src/xiangqi/search/node.rs); a trap is still reported at
   *  once */
  labPingTimeoutMs: 60000,
  /** a worker that does not report `ready` within this time after start is considered dead (fetching and
   *  compiling the wasm module and a warm-up search: about a second idle, many on a loaded machine) */
  startTimeoutMs: 60000,
  /** grace after a timed search's budget before the client sends stop itself (harmless if early: the search
   *  answers with its best move so far) */
  overdueMs: 2500,
  /** a `stop` unanswered for this long counts as a crash (idle, the answer comes within one slice) */
  stopTimeoutMs: 10000,
  /** give up after this many crashes in a row (no search completed in between) */
  maxConsecutiveCrashes: 4,
};

let nextSearchId = 1;

export class EngineClient {
  /**
   * @param {Partial<typeof DEFAULTS>} [options]
   */
  constructor(options = {}) {
    this.options = { ...DEFAULTS, ...options };
    /** @type {'idle'|'thinking'|'pondering'|'stopping'|'crashed'} */
    this.state = 'idle';
    /** true once the worker reported `ready` (false again while a replacement starts) */
    this.ready = false;
    /** reason of the last crash, shown to the user (code: see crash()) */
    this.crashMessage = null;
    this.crashCode = null;
    this.crashParams = {};
    this.crashCount = 0;
    this.consecutiveCrashes = 0;
    /** milliseconds from the last `stop` sent to its `bestmove` */
    this.lastStopLatencyMs = null;
    /** @type {Worker|null} */
    this.worker = null;
    this.listeners = new Map();
    /** the search whose go is in the worker (awaiting its bestmove) */
    this.active = null;
    /** the search to start when the active one has answered (newest request wins) */
    this.queued = null;
    /** options (name → value), re-sent to a restarted worker */
    this.optionValues = new Map();
    this.optionsToSend = [];
    this.pingSentAt = null;
    this.startedAt = 0;
    /** total ms the page's own thread was stalled (late watchdog ticks), not counted against the worker;
     *  `stalledAt*` hold its value when the ping, the start or the stop began */
    this.stalledMs = 0;
    this.lastTickAt = null;
    this.pingStalledAt = 0;
    this.startStalledAt = 0;
    this.watchdog = null;
    this.restartTimer = null;
    this.gaveUp = false;
    this.disposed = false;
    this.spawn();
  }

  // ---- events --------------------------------------------------------------------------------------------

  /** Events: 'state' ({state}), 'info' (info), 'bestmove' ({move, ponder}), 'budget', 'candidates', 'resumed'
   *  (see the header), 'error' ({command, message, code,
   *  params}: a refused command; code and params name the reason for a translated text, see worker.js),
   *  'crash' ({message, count, recovering}), 'ready' (). Returns an unsubscribe function. */
  on(type, fn) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type).add(fn);
    return () => this.listeners.get(type).delete(fn);
  }

  emit(type, detail) {
    for (const fn of this.listeners.get(type) ?? []) {
      try {
        fn(detail);
      } catch (err) {
        console.error(`engine-client: a '${type}' listener threw`, err);
      }
    }
  }

  setState(state) {
    if (this.state === state) return;
    this.state = state;
    this.emit('state', { state });
  }

  /** The state the worker's work implies (crashed wins while a replacement is starting). */
  refreshState() {
    if (this.gaveUp || (!this.ready && this.crashMessage && this.state === 'crashed')) return;
    if (!this.active) this.setState('idle');
    else if (this.active.stopSentAt !== null) this.setState('stopping');
    else if (this.active.params.ponder && !this.active.ponderhit) this.setState('pondering');
    else this.setState('thinking');
  }

  // ---- public API ----------------------------------------------------------------------------------------

  /**
   * Searches a position. A search already running is stopped first and its promise resolves with
   * `cancelled: true`.
   * @param {{game?: 'xiangqi', fen?: string, moves: string[]} | {game: 'hex', size?: string|number, swap?: boolean, moves: string[]}} position
   *   the game is a field of the position ('xiangqi' by default); see www/worker.js
   * @param {{depth?: number, movetime?: number, nodes?: number, infinite?: boolean, ponder?: boolean,
   *          wtime?: number, btime?: number, winc?: number, binc?: number, draw?: boolean,
   *          multipv?: number, searchmoves?: string[]}} params  times in ms; multipv 1–5 lines (each iteration's
   *          infos then carry ranks `multipv` 1..k, best first); searchmoves restricts the root to those moves
   * @returns {Promise<{move: string|null, ponder: string|null, cancelled: boolean, draw?: boolean}>}  rejects with an Error that
   *   has a `code` and `params` (the worker's reason for refusing the search, or client.disposed / client.gave_up)
   */
  search(position, params) {
    if (this.disposed) return Promise.reject(codedError('client.disposed', {}, 'the engine client was shut down'));
    return new Promise((resolve, reject) => {
      const request = {
        id: nextSearchId++,
        position: { ...position, moves: [...(position.moves ?? [])] },
        params: { ...params },
        resolve,
        reject,
        cancelled: false,
        error: null,
        ponderhit: false,
        stopSentAt: null,
        sentAt: null,
        hitAt: null,
      };
      if (this.queued) this.settle(this.queued, { move: null, ponder: null, cancelled: true });
      this.queued = request;
      if (this.active) this.cancelActive();
      this.pump();
    });
  }

  /**
   * The teaching lab: a fixed-depth Xiangqi (or, with `position.game = 'hex'` and `size`, Hex) search with technique switches, in a fresh engine inside the same
   * worker (www/worker.js `lab`). Queued and cancelled like `search`; resolves with the bestmove and every
   * iteration's info: `{move, ponder, cancelled, infos}`. With `{tree: true}` the worker records the search
   * tree instead (all techniques on, `options` ignored; src/xiangqi/tree.rs) and the result has
   * `tree: {summary, flat}` (null when cancelled).
   * @param {{fen?: string, game?: 'xiangqi'|'hex', size?: number|string, moves: string[]}} position
   * @param {number} depth
   * @param {Record<string, boolean|number>} options  switch name → on/off (NullMove, PVS, …; see
   *   src/xiangqi/search.rs; Hex: beam, ordering, ttcutoffs, threats, beambase, beamperply)
   */
  lab(position, depth, options, { tree = false } = {}) {
    if (this.disposed) return Promise.reject(codedError('client.disposed', {}, 'the engine client was shut down'));
    return new Promise((resolve, reject) => {
      const infos = [];
      const request = {
        id: nextSearchId++,
        position: { ...position, moves: [...(position.moves ?? [])] },
        params: { depth },
        lab: { options: { ...options }, tree },
        infos,
        tree: null,
        resolve: (r) => resolve({ ...r, infos, tree: request.tree }),
        reject,
        cancelled: false,
        error: null,
        ponderhit: false,
        stopSentAt: null,
        sentAt: null,
        hitAt: null,
      };
      if (this.queued) this.settle(this.queued, { move: null, ponder: null, cancelled: true });
      this.queued = request;
      if (this.active) this.cancelActive();
      this.pump();
    });
  }

  /** The move the engine pondered on was played: the ponder search goes on as a normal timed search. */
  ponderhit() {
    const a = this.active;
    if (!a || !a.params.ponder || a.ponderhit || a.cancelled) return false;
    a.ponderhit = true;
    a.hitAt = performance.now();
    this.post({ type: 'ponderhit' });
    this.refreshState();
    return true;
  }

  /** Finishes the running search now; its promise resolves with the best move found so far. */
  stop() {
    if (this.queued) {
      this.settle(this.queued, { move: null, ponder: null, cancelled: true });
      this.queued = null;
    }
    if (this.active && this.active.stopSentAt === null) this.sendStop();
    this.refreshState();
  }

  /** Stops the running search and throws its result away. */
  cancel() {
    if (this.queued) {
      this.settle(this.queued, { move: null, ponder: null, cancelled: true });
      this.queued = null;
    }
    if (this.active) this.cancelActive();
    this.refreshState();
  }

  /** Sets an engine option (sent between searches, and again to a restarted worker). */
  setOption(name, value) {
    this.optionValues.set(name, String(value));
    this.optionsToSend.push([name, String(value)]);
    this.pump();
  }

  /**
   * Sends proofs about the root of the Hex search in progress (a HexRootProver step's facts, from the page's
   * solver worker: www/views/hex-solver-helper.js) to the worker, whose engine marks them in its tree if it
   * searches `game`'s position ({size, swap, moves, setup?}). Answered by a 'rootfacts' event {taken}. Nothing
   * is sent when no search runs.
   */
  rootFacts(game, facts) {
    if (!this.active || this.active.cancelled || !this.worker) return;
    this.post({ type: 'rootfacts', game, facts });
  }

  /** The search currently running or queued, for display. */
  get current() {
    return this.queued ?? this.active;
  }

  dispose() {
    this.disposed = true;
    clearInterval(this.watchdog);
    clearTimeout(this.restartTimer);
    this.worker?.terminate();
    this.worker = null;
    for (const r of [this.active, this.queued]) if (r) this.settle(r, { move: null, ponder: null, cancelled: true });
    this.active = this.queued = null;
  }

  // ---- worker life ---------------------------------------------------------------------------------------

  spawn() {
    this.ready = false;
    this.pingSentAt = null;
    this.startedAt = performance.now();
    this.startStalledAt = this.stalledMs;
    let worker;
    try {
      // the worker loads the module of the game its name says first (www/worker.js), the other on demand
      const name = this.options.game === 'hex' ? 'duiyi-engine-hex' : 'duiyi-engine';
      worker = new Worker(this.options.workerUrl, { type: 'module', name });
    } catch (err) {
      this.crash(`the engine worker could not be started: ${err.message}`, 'start', { detail: err.message });
      return;
    }
    this.worker = worker;
    worker.onmessage = (e) => {
      if (this.worker === worker) this.receive(e.data);
    };
    worker.onerror = (e) => {
      e.preventDefault?.();
      if (this.worker === worker) this.crash(`the engine worker failed: ${e.message || 'error while loading or running the worker script'}`, 'worker', { detail: e.message || '' });
    };
    worker.onmessageerror = () => {
      if (this.worker === worker) this.crash('the engine worker sent a message that could not be read', 'message');
    };
    clearInterval(this.watchdog);
    this.lastTickAt = performance.now();
    this.watchdog = setInterval(() => this.checkHealth(), this.options.pingIntervalMs);
  }

  /**
   * Replaces the worker after a crash, or gives up after too many crashes in a row.
   * @param {string} message  what happened, in English (for the console and bug reports)
   * @param {string} code     start | worker | message | startTimeout | noReply | stopTimeout | send | fatal
   * @param {object} [params] values for the page's translated text (ms, detail)
   */
  crash(message, code = 'fatal', params = {}) {
    if (this.disposed) return;
    this.crashCount += 1;
    this.consecutiveCrashes += 1;
    this.crashMessage = message;
    this.crashCode = code;
    this.crashParams = params;
    console.warn(`engine-client: ${message}`);
    this.ready = false;
    clearInterval(this.watchdog);
    this.watchdog = null;
    this.worker?.terminate();
    this.worker = null;
    // The search that was running is repeated by the new worker (unless it was being cancelled).
    if (this.active) {
      const a = this.active;
      this.active = null;
      if (a.cancelled) {
        this.settle(a, { move: null, ponder: null, cancelled: true });
      } else if (!this.queued) {
        a.stopSentAt = null;
        a.sentAt = null;
        this.queued = a;
      } else {
        this.settle(a, { move: null, ponder: null, cancelled: true });
      }
    }
    this.optionsToSend = [...this.optionValues.entries()];
    const recovering = this.consecutiveCrashes <= this.options.maxConsecutiveCrashes;
    this.gaveUp = !recovering;
    this.state = 'crashed';
    this.emit('state', { state: 'crashed' });
    this.emit('crash', { message, code, params, count: this.crashCount, recovering });
    if (!recovering) {
      for (const r of [this.queued]) if (r) r.reject(codedError('client.gave_up', {}, `the engine keeps crashing: ${message}`));
      this.queued = null;
      return;
    }
    const delay = 150 * 2 ** (this.consecutiveCrashes - 1);
    clearTimeout(this.restartTimer);
    this.restartTimer = setTimeout(() => this.spawn(), delay);
  }

  checkHealth() {
    if (!this.worker) return;
    const now = performance.now();
    // A tick that comes more than one interval late means the page's own thread was busy (a long task, a
    // loaded machine, a throttled background tab). The worker's answer may be waiting in the queue behind
    // that stall, so the stall is not counted against the worker: each wait below is the time elapsed less
    // the stalls since it began. A worker that really hangs still runs out of time on the ticks that come.
    if (this.lastTickAt !== null) {
      const late = now - this.lastTickAt - this.options.pingIntervalMs;
      if (late > this.options.pingIntervalMs) this.stalledMs += late;
    }
    this.lastTickAt = now;
    const waited = (since, stalledAt) => now - since - (this.stalledMs - stalledAt);
    if (!this.ready) {
      if (waited(this.startedAt, this.startStalledAt) > this.options.startTimeoutMs) this.crash('the engine did not start in time', 'startTimeout');
      return;
    }
    if (this.pingSentAt !== null) {
      const limit = this.active?.lab ? this.options.labPingTimeoutMs : this.options.pingTimeoutMs;
      if (waited(this.pingSentAt, this.pingStalledAt) > limit) {
        const ms = Math.round(now - this.pingSentAt);
        this.crash(`the engine stopped answering (no reply for ${ms} ms)`, 'noReply', { ms });
      }
      return;
    }
    const a = this.active;
    if (a && a.sentAt !== null) {
      // A timed search that overruns its budget: stop it; if even that goes unanswered, restart.
      const budget = this.budgetMs(a);
      const since = a.params.ponder && !a.ponderhit ? null : a.hitAt ?? a.sentAt;
      if (budget !== null && since !== null) {
        if (a.stopSentAt === null && now - since > budget + this.options.overdueMs) {
          this.sendStop();
          this.refreshState();
        } else if (a.stopSentAt !== null && waited(a.stopSentAt, a.stopStalledAt) > this.options.stopTimeoutMs) {
          this.crash('the engine did not answer stop', 'stopTimeout');
          return;
        }
      }
    }
    this.pingSentAt = now;
    this.pingStalledAt = this.stalledMs;
    this.post({ type: 'isready' });
  }

  budgetMs(request) {
    const p = request.params;
    if (p.infinite) return null;
    if (typeof p.movetime === 'number') return p.movetime;
    if (request.budget) return request.budget.hardMs; // what the engine itself reported for this move
    if (typeof p.wtime === 'number' || typeof p.btime === 'number') return Math.max(p.wtime ?? 0, p.btime ?? 0);
    return null; // depth / nodes: no time bound to check
  }

  post(msg) {
    try {
      this.worker?.postMessage(msg);
    } catch (err) {
      this.crash(`could not send '${msg.type}' to the engine: ${err.message}`, 'send', { detail: err.message });
    }
  }

  // ---- protocol ------------------------------------------------------------------------------------------

  receive(msg) {
    if (!msg || typeof msg.type !== 'string') return;
    switch (msg.type) {
      case 'ready':
        this.ready = true;
        this.pingSentAt = null;
        if (this.crashMessage && this.state === 'crashed') {
          this.emit('recovered', { message: this.crashMessage, code: this.crashCode, params: this.crashParams });
        }
        this.emit('ready');
        this.pump();
        this.refreshState();
        return;
      case 'readyok':
        this.pingSentAt = null;
        return;
      case 'info':
        if (this.active?.infos) this.active.infos.push(msg);
        if (this.active && !this.active.cancelled) this.emit('info', { ...msg, searchId: this.active.id });
        return;
      case 'budget':
        // The engine's time budget for this move (after a timed go, and after a ponderhit).
        if (this.active) {
          this.active.budget = { softMs: msg.softMs, hardMs: msg.hardMs };
          if (!this.active.cancelled) this.emit('budget', { softMs: msg.softMs, hardMs: msg.hardMs, searchId: this.active.id });
        }
        return;
      case 'candidates':
        // the replies the running ponder search thinks about (worker.js), kept on the request for display
        if (this.active && Array.isArray(msg.list)) {
          this.active.candidates = msg.list;
          if (!this.active.cancelled) this.emit('candidates', { list: msg.list, searchId: this.active.id });
        }
        return;
      case 'resumed':
        // the search just started (or hit) goes on from pondering that reply: the thinking already done
        if (this.active) {
          const resumed = { candidate: msg.candidate, ms: msg.ms, nodes: msg.nodes, depth: msg.depth };
          this.active.resumed = resumed;
          if (!this.active.cancelled) this.emit('resumed', { ...resumed, searchId: this.active.id });
        }
        return;
      case 'rootfacts':
        // the answer to rootFacts(): whether the search took the solver's proofs
        if (this.active && !this.active.cancelled) this.emit('rootfacts', { taken: msg.taken === true, searchId: this.active.id });
        return;
      case 'labtree':
        if (this.active?.lab) this.active.tree = { summary: msg.summary, flat: msg.flat };
        return;
      case 'bestmove':
        this.onBestmove(msg);
        return;
      case 'error':
        if (msg.fatal) {
          this.crash(msg.message, 'fatal', { detail: msg.params?.detail ?? msg.message });
          return;
        }
        if (this.active && (msg.command === 'position' || msg.command === 'go')) {
          this.active.error ??= codedError(msg.code ?? null, msg.params, msg.message);
        }
        this.emit('error', { command: msg.command, message: msg.message, code: msg.code ?? null, params: msg.params ?? {} });
        return;
      default:
        console.warn('engine-client: unknown message from the worker', msg);
    }
  }

  onBestmove(msg) {
    const a = this.active;
    if (!a) {
      console.warn('engine-client: a bestmove nobody waited for', msg);
      return;
    }
    this.active = null;
    if (a.stopSentAt !== null) this.lastStopLatencyMs = performance.now() - a.stopSentAt;
    if (a.error) {
      this.consecutiveCrashes = 0;
      a.reject(a.error);
    } else {
      this.consecutiveCrashes = 0;
      this.crashMessage = null;
      const result = { move: msg.move ?? null, ponder: msg.ponder ?? null, cancelled: a.cancelled };
      if (typeof msg.draw === 'boolean') result.draw = msg.draw; // the answer to a draw offer (go draw)
      if (!a.cancelled) this.emit('bestmove', result);
      this.settle(a, result);
    }
    this.pump();
    this.refreshState();
  }

  settle(request, result) {
    try {
      request.resolve(result);
    } catch {
      /* a settled promise ignores this */
    }
  }

  sendStop() {
    this.active.stopSentAt = performance.now();
    this.active.stopStalledAt = this.stalledMs;
    this.post({ type: 'stop' });
  }

  cancelActive() {
    const a = this.active;
    a.cancelled = true;
    if (a.stopSentAt === null) this.sendStop();
    this.refreshState();
  }

  /** Sends what can be sent now: options, then the queued search, never while a search is in the worker. */
  pump() {
    if (!this.worker || !this.ready || this.active) return;
    while (this.optionsToSend.length) {
      const [name, value] = this.optionsToSend.shift();
      this.post({ type: 'setoption', name, value });
    }
    const next = this.queued;
    if (!next) return;
    this.queued = null;
    this.active = next;
    next.sentAt = performance.now();
    if (next.lab) {
      next.infos.length = 0; // a run repeated after a crash starts over
      next.tree = null;
      this.post({ ...next.position, type: 'lab', depth: next.params.depth, options: next.lab.options, ...(next.lab.tree ? { tree: true } : {}) });
      this.refreshState();
      return;
    }
    next.candidates = null; // a search repeated after a crash: the new worker ponders afresh
    this.post({ ...next.position, type: 'position' });
    this.post({ type: 'go', ...next.params });
    if (next.ponderhit) this.post({ type: 'ponderhit' }); // a ponder search repeated after a crash
    this.refreshState();
  }
}
