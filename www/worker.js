// The engine worker: owns one Rust `Engine` (wasm) per game (Xiangqi, Hex: the game is a field of the
// position) and speaks a message protocol that mirrors the UCI/UCCI verbs (docs/architecture.md §3).
//
// Each game's engine is in that game's wasm module (www/wasm-modules.js, whose loader it shares with the page): the worker loads the module of the
// game its name asks for (`duiyi-engine-hex`: Hex; else Xiangqi) at start, and another game's module the
// first time a position or lab message of that game comes. Messages that come while a module loads wait for
// it, in order (isready is answered at once, and a stop goes to the running search when nothing queued starts
// another). The options set so far are given to an engine made later (an option of the other game's
// searcher is taken by name before its module loads, and its value checked then, silently).
//
//   page → worker  {type:'position', game?, fen?, size?, swap?, moves}
//                                                     set the position, and with it the game:
//                                                     game 'xiangqi' (default): fen (default: start) + ICCS moves
//                                                     game 'hex': size 'N' | 'WxH' | N (default 11), swap
//                                                     (boolean, default false) + moves 'c3' | 'swap-pieces'
//                                                     + setup? {black: cells, white: cells, toMove} (AB/AW)
//                  {type:'go', depth?, movetime?, nodes?, infinite?, ponder?, wtime?, btime?, winc?, binc?, draw?,
//                   multipv?, searchmoves?}
//                                                     draw: the opponent offers a draw (UCCI go draw)
//                                                     multipv: 1..5 lines per iteration (default: the MultiPV
//                                                     option, 1); searchmoves: the root restricted to these
//                                                     moves (ICCS / Hex cells)
//                  {type:'stop'}                      finish the search now; its bestmove follows
//                  {type:'ponderhit'}                 the pondered move was played: the search's clock starts
//                  {type:'setoption', name, value}     e.g. {name:'MultiPV', value:3}
//                  {type:'rootfacts', game, facts}    proofs about the root of the Hex search in progress from
//                                                     the page's solver worker (www/views/hex-solver-helper.js):
//                                                     game {size, swap, moves, setup?} its position, facts a
//                                                     HexRootProver step's {rootLost, wins, losses}; marked in
//                                                     the engine's tree when it searches that position
//                  {type:'isready'}                   answered by {type:'readyok'} even during a search
//                  {type:'lab', fen?, moves, depth, options, tree?}
//                                                     the teaching lab (www/views/lab.js): a fixed-depth Xiangqi
//                                                     search in a fresh engine (16 MiB TT, empty history: what
//                                                     `duiyi bench --ablation --fen` does), with the technique
//                                                     switches `options` {nullmove: false, …}; answered like a
//                                                     go (info…, one bestmove), sliced, stoppable by stop
//                  {type:'lab', game:'hex', size, moves, depth, options}
//                                                     the lab's Hex rows: the Hex searcher in a fresh engine
//                                                     (`duiyi bench --ablation --game hex`), options {beam,
//                                                     ordering, ttcutoffs, threats: boolean; beambase,
//                                                     beamperply: whole numbers}; answered the same way
//   worker → page  {type:'ready'}                     engine loaded and warmed up
//                  {type:'info', depth, seldepth, score:{cp?|mate?}, nodes, nps, timeMs, pv, multipv}
//                                                     multipv: the line's rank (1 = best); with k lines, each
//                                                     iteration sends k infos, ranks 1..k in order
//                  {type:'bestmove', move, ponder, draw?} exactly one per go; move strings in the game's notation;
//                                                     draw (after a go with draw:true): the offer accepted?
//                                                     (ICCS; Hex cells, swap-pieces); move null = no legal move
//                  {type:'budget', softMs, hardMs}     after a timed go (not a ponder one) and after a
//                                                     ponderhit: the planned and the most time of the move (ms)
//                  {type:'candidates', list:[{move, depth, nodes, ms, active}]}
//                                                     while a ponder search runs with PonderCandidates > 1: the
//                                                     replies it ponders, in the order pondered (1st = the
//                                                     predicted one; depth = last completed iteration, ms of
//                                                     search it had, active = searched now); looked at after
//                                                     a slice (every CANDIDATES_CHECK_MS at most) and sent
//                                                     when the list changed (moves, depths, active) or
//                                                     CANDIDATES_EVERY_MS since the last, and once more when
//                                                     the search waits (all done)
//                  {type:'resumed', candidate, ms, nodes, depth}
//                                                     after a go (or a ponderhit) whose search went on from
//                                                     pondering: candidate 1-based (1 = the predicted reply),
//                                                     ms / nodes / depth the thinking it had already had
//                  {type:'readyok'}
//                  {type:'rootfacts', taken}           after a rootfacts: whether the search took them
//                  {type:'error', command, message, code, params, fatal?}
//
// Errors: `message` is English (for the console); `code` and `params` name the reason for the page's
// translated text (the wasm Engine's codes, src/wasm/xiangqi.rs, plus this worker's own `worker.*` codes:
// worker.bad_message {detail}, worker.unknown_type {type}, worker.fen_type {detail}, worker.moves_type,
// worker.no_position, worker.go_flag {name, value}, worker.go_count {name, value}, worker.go_range {name, value,
// min, max}, worker.go_moves {name, value}, worker.setoption_args,
// worker.no_search, worker.warmup {cause}, worker.crashed {detail}, worker.load_failed {detail}; and
// engine.busy, engine.go_unknown {name, known} as the engine has them).
//
// Stopping (docs/architecture.md §4): a synchronous wasm call would block message handling, so the search runs in
// slices: engine.step(SLICE_MS), then yield to the event loop through a MessageChannel (setTimeout is
// clamped to >= 4 ms when nested), let queued messages (stop, ponderhit, isready) run, and step again.
// A stop therefore takes effect within one slice.

import { codedError, errorData } from './i18n/errors.js';
import { loadModule } from './wasm-modules.js';
/** game → the initialised module's exports */
const loaded = {};
/** game → the page's engine of that game (made when its module loads) */
const engines = {};
/** the setoption messages so far ([name, value]), given to an engine made later */
const optionLog = [];
/** true once the first module is loaded and `ready` sent */
let started = false;

const SLICE_MS = 5;
const START_FEN = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
const GO_KEYS = {
  depth: 'count', nodes: 'count', movestogo: 'count', movetime: 'ms', wtime: 'ms', btime: 'ms', winc: 'ms', binc: 'ms',
  infinite: 'flag', ponder: 'flag', draw: 'flag', multipv: 'multipv', searchmoves: 'moves',
};
/** The most MultiPV lines (src/search/multipv.rs MAX_MULTIPV). */
const MAX_MULTIPV = 5;
/** the pondered replies are sent at least this often (ms) while they change only in nodes and time */
const CANDIDATES_EVERY_MS = 250;
/** and looked at no more often than this (ms): a depth or a turn changes far less often than a slice ends */
const CANDIDATES_CHECK_MS = 40;

/** @type {Engine | null} the engine searching now: the page's engine, or a lab run's fresh one */
let engine = null;
/** @type {Engine | null} the page's engine, kept while a lab run searches in its own */
let mainEngine = null;
let searching = false;
/** the search has finished but holds its bestmove (go ponder / go infinite) until stop or ponderhit */
let waiting = false;
/** false after a position command failed: a go then must not search the previous position */
let positionValid = true;
let loopScheduled = false;
/** messages that arrived before the engine was ready */
let pending = [];
/** the running search is a go ponder not yet hit: its pondered replies are reported (sendCandidates) */
let pondering = false;
/** the last candidates message: {signature, at} (null: none sent for this search) */
let lastCandidates = null;
/** when the pondered replies were last looked at (performance.now()) */
let candidatesCheckedAt = -Infinity;

const tick = new MessageChannel();
tick.port1.onmessage = () => {
  loopScheduled = false;
  runSlice();
};

function scheduleSlice() {
  if (!loopScheduled) {
    loopScheduled = true;
    tick.port2.postMessage(null);
  }
}

function send(msg) {
  self.postMessage(msg);
}

function errorText(err) {
  if (err instanceof Error) return err.message;
  if (typeof err === 'string') return err;
  try {
    return JSON.stringify(err);
  } catch {
    return String(err);
  }
}

function fail(command, message, code = null, params = {}) {
  send({ type: 'error', command, message, code, params });
}

/**
 * Reports an exception from the engine (with its code and params, see the header). A WebAssembly trap (a
 * Rust panic: panic = "abort") leaves the module in an unknown state, so it is reported as fatal and the page
 * replaces this worker.
 */
function report(command, err) {
  if (err instanceof WebAssembly.RuntimeError) {
    searching = false;
    const detail = errorText(err);
    send({ type: 'error', command, message: `engine crashed: ${detail}`, code: 'worker.crashed', params: { detail }, fatal: true });
    return true;
  }
  const data = errorData(err);
  fail(command, errorText(err), data.code, data.params);
  return false;
}

const BUSY = 'a search is running: send stop and wait for its bestmove first';

function emitInfos(infos) {
  if (!infos) return;
  for (const info of infos) {
    send({
      type: 'info',
      depth: info.depth,
      seldepth: info.seldepth,
      score: info.score ? { ...info.score } : {},
      nodes: info.nodes,
      nps: info.nps,
      timeMs: info.timeMs,
      pv: Array.from(info.pv ?? []),
      multipv: info.multipv ?? 1,
    });
  }
}

/** Tells the page the running search's time budget, when it has one (see WasmEngine.budget). */
function sendBudget() {
  const b = typeof engine?.budget === 'function' ? engine.budget() : null;
  if (b) send({ type: 'budget', softMs: b.softMs, hardMs: b.hardMs });
}

/**
 * Reports the replies the ponder search thinks about (see the header): when their moves, depths or the active
 * one changed, every CANDIDATES_EVERY_MS, or always with `force`. Nothing when the engine ponders one reply.
 */
function sendCandidates(force = false) {
  if (!pondering || typeof engine?.ponderCandidates !== 'function') return;
  const now = performance.now();
  if (!force && now - candidatesCheckedAt < CANDIDATES_CHECK_MS) return;
  candidatesCheckedAt = now;
  const list = Array.from(engine.ponderCandidates() ?? [], (c) => ({ move: c.mv, depth: c.depth, nodes: c.nodes, ms: Math.round(c.ms), active: Boolean(c.active) }));
  if (list.length === 0) return;
  const signature = list.map((c) => `${c.move}:${c.depth}:${c.active ? 1 : 0}`).join(' ');
  if (!force && lastCandidates && lastCandidates.signature === signature && now - lastCandidates.at < CANDIDATES_EVERY_MS) return;
  lastCandidates = { signature, at: now };
  send({ type: 'candidates', list });
}

/** Tells the page when the search just started or hit goes on from pondering (WasmEngine.resumed). */
function sendResumed() {
  const r = typeof engine?.resumed === 'function' ? engine.resumed() : null;
  if (r) send({ type: 'resumed', candidate: r.candidate, ms: Math.round(r.ms), nodes: r.nodes, depth: r.depth });
}

function runSlice() {
  if (!searching || !engine) return;
  let result;
  try {
    result = engine.step(SLICE_MS);
  } catch (err) {
    searching = false;
    endLab();
    if (report('go', err)) return; // fatal: the page restarts the worker and repeats the search
    // Otherwise still answer the go with a bestmove, so "one bestmove per go" holds.
    send({ type: 'bestmove', move: null, ponder: null });
    return;
  }
  emitInfos(result.infos);
  if (!result.done && !result.idle) sendCandidates(result.waiting && !waiting);
  if (result.done) {
    searching = false;
    waiting = false;
    pondering = false;
    endLab();
    // draw: the engine's answer to a draw offer (go draw), when the engine gives one
    send({ type: 'bestmove', move: result.bestmove ?? null, ponder: result.ponder ?? null, ...(typeof result.draw === 'boolean' ? { draw: result.draw } : {}) });
  } else if (result.idle) {
    // The engine has no search although this loop thinks it has: answer the go anyway.
    searching = false;
    waiting = false;
    pondering = false;
    fail('go', 'the engine reported no running search', 'worker.no_search');
    send({ type: 'bestmove', move: null, ponder: null });
  } else if (result.waiting) {
    // Nothing left to search until stop or ponderhit: sleep instead of spinning; those messages wake us.
    waiting = true;
  } else {
    scheduleSlice();
  }
}

/** After a lab run: frees its engine and gives the page's engine back. */
function endLab() {
  if (mainEngine && engine !== mainEngine) {
    try {
      engine.free();
    } catch {
      /* already freed */
    }
    engine = mainEngine;
  }
}

/** Technique switches a lab run may set (the Xiangqi searcher's options, src/xiangqi/search.rs). */
const LAB_SWITCHES = new Set([
  'nullmove', 'lmr', 'killers', 'history', 'aspiration', 'checkextension', 'ttcutoffs', 'qsearchchecks', 'futility',
  'alphabeta', 'pvs', 'nullverify', 'rootordering', 'quiescence',
]);

/** Technique switches of a Hex lab run (the Hex searcher's options, src/hex/search.rs): name → flag | count. */
const HEX_LAB_SWITCHES = new Map([
  ['beam', 'flag'], ['ordering', 'flag'], ['ttcutoffs', 'flag'], ['threats', 'flag'], ['beambase', 'count'], ['beamperply', 'count'],
]);

/**
 * The tree explorer's run (lab message with `tree: true`): a `XiangqiTreeSearch` behind the few Engine methods
 * the slice loop uses. When done it sends `{type:'labtree', summary, flat}` (flat: an Int32Array, transferred)
 * before the bestmove. Throws the constructor's coded Error (bad FEN, move or depth).
 */
function treeEngine(msg, depth) {
  const moves = Array.isArray(msg.moves) ? msg.moves.map(String) : [];
  const search = new loaded.xiangqi.XiangqiTreeSearch(typeof msg.fen === 'string' ? msg.fen : 'startpos', moves, depth);
  let stopped = false;
  return {
    step(ms) {
      if (stopped) return { done: true, bestmove: null };
      if (!search.step(ms)) return { done: false };
      const summary = JSON.parse(search.summary());
      const flat = search.flat();
      self.postMessage({ type: 'labtree', summary, flat }, [flat.buffer]);
      return { done: true, bestmove: summary.best ?? null };
    },
    stop() {
      stopped = true;
    },
    free() {
      search.free();
    },
  };
}

/** Starts a lab run (see the header); throws a coded Error naming the first bad field. */
function startLab(msg) {
  const depth = msg.depth;
  if (!Number.isInteger(depth) || depth < 1 || depth > 30) {
    throw codedError('worker.go_count', { name: 'depth', value: JSON.stringify(depth) }, `lab depth must be a whole number 1..30, got ${JSON.stringify(depth)}`);
  }
  const options = msg.options ?? {};
  const hexOptions = msg.game === 'hex' ? options : {};
  for (const [name, value] of Object.entries(msg.game === 'hex' ? {} : options)) {
    if (!LAB_SWITCHES.has(name)) throw codedError('engine.unknown_option', { name }, `unknown technique switch '${name}'`);
    if (typeof value !== 'boolean') {
      throw codedError('worker.go_flag', { name, value: JSON.stringify(value) }, `switch '${name}' must be true or false, got ${JSON.stringify(value)}`);
    }
  }
  for (const [name, value] of Object.entries(hexOptions)) {
    if (!HEX_LAB_SWITCHES.has(name)) throw codedError('engine.unknown_option', { name }, `unknown Hex technique switch '${name}'`);
    const ok = HEX_LAB_SWITCHES.get(name) === 'flag' ? typeof value === 'boolean' : Number.isInteger(value) && value >= 0;
    if (!ok) {
      throw codedError('worker.go_flag', { name, value: JSON.stringify(value) }, `Hex switch '${name}' must be ${HEX_LAB_SWITCHES.get(name) === 'flag' ? 'true or false' : 'a whole number'}, got ${JSON.stringify(value)}`);
    }
  }
  if (msg.game === 'hex') {
    if (msg.tree === true) throw codedError('worker.go_flag', { name: 'tree', value: 'true' }, 'the tree explorer records Xiangqi searches only');
    const hex = new loaded.hex.Engine();
    try {
      hex.setPosition(...positionArgs(msg));
      // Slices resume exactly (src/hex/search.rs), the same nodes as the native run; `ExactSlices` is a no-op.
      hex.setOption('ExactSlices', 'true');
      // The lab teaches Queenbee's alpha-beta (the playing engine's default is the playout search).
      hex.setOption('HexEval', 'queenbee');
      for (const [name, value] of Object.entries(hexOptions)) hex.setOption(name, String(value));
      hex.go({ depth });
    } catch (err) {
      hex.free();
      throw err;
    }
    mainEngine ??= engine;
    engine = hex;
    return;
  }
  if (msg.tree === true) {
    mainEngine ??= engine;
    engine = treeEngine(msg, depth);
    return;
  }
  const args = positionArgs({ ...msg, game: 'xiangqi' });
  const lab = new loaded.xiangqi.Engine();
  try {
    // Every slice resumes exactly where the last one stopped (src/xiangqi/search/node.rs), so the sliced run
    // visits exactly the nodes of the native unsliced one; `ExactSlices` is a no-op for Xiangqi, kept harmless.
    lab.setOption('ExactSlices', 'true');
    for (const [name, value] of Object.entries(options)) lab.setOption(name, String(value));
    lab.setPosition(...args);
    lab.go({ depth });
  } catch (err) {
    lab.free();
    throw err;
  }
  mainEngine ??= engine;
  engine = lab;
}

function wake() {
  if (searching && waiting) {
    waiting = false;
    scheduleSlice();
  }
}

/** Checks and copies the go parameters; throws an Error naming the first bad one. */
function goParams(msg) {
  const params = {};
  for (const [key, value] of Object.entries(msg)) {
    if (key === 'type') continue;
    const kind = GO_KEYS[key];
    if (!kind) {
      const known = Object.keys(GO_KEYS).join(', ');
      throw codedError('engine.go_unknown', { name: key, known }, `unknown go parameter '${key}' (known: ${known})`);
    }
    if (value === undefined || value === null) continue;
    const shown = JSON.stringify(value) ?? String(value);
    if (kind === 'multipv') {
      if (!Number.isInteger(value) || value < 1 || value > MAX_MULTIPV) {
        throw codedError('worker.go_range', { name: key, value: shown, min: 1, max: MAX_MULTIPV }, `go parameter '${key}' must be a whole number 1..${MAX_MULTIPV}, got ${shown}`);
      }
      params[key] = value;
    } else if (kind === 'moves') {
      if (!Array.isArray(value) || value.some((m) => typeof m !== 'string')) {
        throw codedError('worker.go_moves', { name: key, value: shown.slice(0, 80) }, `go parameter '${key}' must be an array of move strings (ICCS such as "h2e2", Hex cells such as "c3"), got ${shown.slice(0, 80)}`);
      }
      params[key] = [...value];
    } else if (kind === 'flag') {
      if (typeof value !== 'boolean') {
        throw codedError('worker.go_flag', { name: key, value: JSON.stringify(value) }, `go parameter '${key}' must be true or false, got ${JSON.stringify(value)}`);
      }
      if (value) params[key] = true;
    } else {
      if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || !Number.isInteger(value)) {
        throw codedError('worker.go_count', { name: key, value: JSON.stringify(value) }, `go parameter '${key}' must be a whole number >= 0, got ${JSON.stringify(value)}`);
      }
      params[key] = value;
    }
  }
  return params;
}

/**
 * Checks a position message and returns the arguments of `Engine.setPosition(game, spec, moves)`; throws an
 * Error naming the first bad field. Xiangqi: spec = FEN; Hex: spec = 'WxH' plus ' swap' when the rule is on.
 */
function positionArgs(msg) {
  const bad = (message, code, params = {}) => Object.assign(new Error(message), { code, params });
  const shown = (v) => String(JSON.stringify(v)).slice(0, 80);
  const game = msg.game ?? 'xiangqi';
  const moves = msg.moves ?? [];
  if (game !== 'xiangqi' && game !== 'hex') {
    throw bad(`game must be 'xiangqi' or 'hex', got ${shown(game)}`, 'worker.game_type', { detail: shown(game) });
  }
  if (!Array.isArray(moves) || moves.some((m) => typeof m !== 'string')) {
    throw game === 'hex'
      ? bad('moves must be an array of Hex moves such as "c3" or "swap-pieces"', 'worker.hex_moves_type')
      : bad('moves must be an array of ICCS strings such as "h2e2"', 'worker.moves_type');
  }
  if (game === 'xiangqi') {
    const fen = msg.fen ?? START_FEN;
    if (typeof fen !== 'string') throw bad(`fen must be a string, got ${shown(fen)}`, 'worker.fen_type', { detail: shown(fen) });
    return ['xiangqi', fen, moves];
  }
  const size = msg.size ?? 11;
  if (!(typeof size === 'string' && /^\s*\d+\s*(x\s*\d+\s*)?$/i.test(size)) && !(Number.isInteger(size) && size > 0)) {
    throw bad(`size must be a board size such as 11 or '11x11', got ${shown(size)}`, 'worker.size_type', { detail: shown(size) });
  }
  const swap = msg.swap ?? false;
  if (typeof swap !== 'boolean') throw bad(`swap must be true or false, got ${shown(swap)}`, 'worker.swap_type', { detail: shown(swap) });
  // setup stones (SGF AB/AW) and who moves first after them: {black: ['c3'], white: ['e5'], toMove: 'white'}
  let setup = '';
  if (msg.setup !== undefined && msg.setup !== null) {
    const st = msg.setup;
    const cells = (v) => v === undefined || (Array.isArray(v) && v.every((c) => typeof c === 'string' && /^[a-z]\d{1,2}$/i.test(c)));
    if (typeof st !== 'object' || !cells(st.black) || !cells(st.white) || !(st.toMove === undefined || st.toMove === 'black' || st.toMove === 'white')) {
      throw bad(`setup must be {black: [cells], white: [cells], toMove: 'black'|'white'}, got ${shown(st)}`, 'worker.hex_setup_type', { detail: shown(st) });
    }
    setup = ` black=${(st.black ?? []).join(',')} white=${(st.white ?? []).join(',')} tomove=${st.toMove ?? 'black'}`;
  }
  return ['hex', `${String(size).replace(/\s+/g, '')}${swap ? ' swap' : ''}${setup}`, moves];
}

function handle(msg) {
  if (msg === null || typeof msg !== 'object' || typeof msg.type !== 'string') {
    const detail = String(JSON.stringify(msg)).slice(0, 80);
    fail(null, `message must be an object with a string 'type', got ${detail}`, 'worker.bad_message', { detail });
    return;
  }
  switch (msg.type) {
    case 'isready':
      send({ type: 'readyok' });
      return;
    case 'stop':
      // Outside a search a stop is a no-op (UCI): there is no bestmove to give.
      if (searching) {
        engine.stop();
        waiting = false;
        runSlice(); // answer now rather than after the slice already queued
      }
      return;
    case 'ponderhit':
      if (searching) {
        try {
          engine.ponderhit();
          pondering = false;
          sendBudget();
          sendResumed();
        } catch (err) {
          report('ponderhit', err);
        }
        wake();
      }
      return;
    case 'position': {
      if (searching) {
        fail('position', BUSY, 'engine.busy');
        return;
      }
      let args;
      try {
        args = positionArgs(msg);
      } catch (err) {
        positionValid = false;
        fail('position', errorText(err), err.code ?? null, err.params ?? {});
        return;
      }
      try {
        // the page's engine of the position's game (its module is loaded: see onmessage)
        mainEngine = engines[args[0]] ?? mainEngine;
        engine = mainEngine;
        engine.setPosition(...args);
        positionValid = true;
      } catch (err) {
        positionValid = false;
        report('position', err);
      }
      return;
    }
    case 'go': {
      if (searching) {
        fail('go', BUSY, 'engine.busy');
        return;
      }
      try {
        if (!positionValid) throw codedError('worker.no_position', {}, 'no valid position: the last position command failed');
        const params = goParams(msg);
        engine.go(params);
        pondering = Boolean(params.ponder);
        lastCandidates = null;
        candidatesCheckedAt = -Infinity;
        sendBudget();
        sendResumed();
      } catch (err) {
        // A rejected go is still answered by one bestmove (null), so the host never waits forever.
        if (!report('go', err)) send({ type: 'bestmove', move: null, ponder: null });
        return;
      }
      searching = true;
      waiting = false;
      scheduleSlice();
      return;
    }
    case 'rootfacts': {
      // Between two slices of the search: the proofs reach its tree before the next slice.
      let taken = false;
      try {
        const f = msg.facts ?? {};
        const cells = (v) => (Array.isArray(v) ? v.map(String) : []);
        taken = searching && engine === mainEngine && typeof engine.hexRootFacts === 'function' && engine.hexRootFacts(msg.game, f.rootLost === true, cells(f.wins), cells(f.losses));
      } catch (err) {
        report('rootfacts', err);
      }
      send({ type: 'rootfacts', taken });
      return;
    }
    case 'setoption': {
      if (searching) {
        fail('setoption', 'a search is running: options can only change between searches', 'engine.busy');
        return;
      }
      if (typeof msg.name !== 'string' || msg.value === undefined) {
        fail('setoption', "setoption needs a string 'name' and a 'value'", 'worker.setoption_args');
        return;
      }
      setOption(msg.name, String(msg.value));
      return;
    }
    case 'lab': {
      if (searching) {
        fail('go', BUSY, 'engine.busy');
        return;
      }
      pondering = false;
      try {
        startLab(msg);
      } catch (err) {
        if (!report('go', err)) send({ type: 'bestmove', move: null, ponder: null });
        return;
      }
      searching = true;
      waiting = false;
      scheduleSlice();
      return;
    }
    default:
      fail(msg.type, `unknown message type '${msg.type}' (known: position, go, stop, ponderhit, setoption, isready, lab)`, 'worker.unknown_type', { type: msg.type });
  }
}

/**
 * Sets an option on every game's engine loaded so far, and keeps it for the engines made later. Options apply
 * to every game, as in one native engine (an engine built without a game's search still knows that game's
 * option names: src/engine/absent.rs). An error is reported when no engine takes the option, a bad value
 * before an unknown name.
 */
function setOption(name, value) {
  optionLog.push([name, value]);
  const errors = [];
  let taken = false;
  for (const e of Object.values(engines)) {
    try {
      e.setOption(name, value);
      taken = true;
    } catch (err) {
      errors.push(err);
    }
  }
  if (!taken && errors.length) report('setoption', errors.find((err) => err?.code !== 'engine.unknown_option') ?? errors[0]);
}

/** The game whose module a message needs: a position's or a lab run's game; null for the other messages. */
function gameOf(msg) {
  if (msg === null || typeof msg !== 'object' || (msg.type !== 'position' && msg.type !== 'lab')) return null;
  return msg.game === 'hex' ? 'hex' : 'xiangqi';
}

/**
 * Loads `game`'s module and makes its engine (with the options set so far). Rejects when the module fails
 * to load.
 */
async function loadGame(game) {
  const mod = await loadModule(game);
  loaded[game] = mod;
  const made = new mod.Engine();
  for (const [name, value] of optionLog) {
    try {
      made.setOption(name, value);
    } catch {
      /* an option of the other game's searcher: this engine has no use for it */
    }
  }
  engines[game] = made;
}

/** Handles the queued messages in order, loading a game's module first when one needs it. */
async function drain() {
  while (pending.length) {
    const msg = pending[0];
    const game = gameOf(msg);
    if (game && !engines[game]) {
      try {
        await loadGame(game);
      } catch (err) {
        pending.shift();
        const detail = errorText(err);
        fail(msg.type === 'lab' ? 'go' : msg.type, `the ${game} engine failed to load: ${detail}`, 'worker.load_failed', { detail });
        if (msg.type === 'position') positionValid = false;
        if (msg.type === 'lab') send({ type: 'bestmove', move: null, ponder: null });
        continue;
      }
    }
    pending.shift();
    try {
      handle(msg);
    } catch (err) {
      report(msg?.type ?? null, err);
    }
  }
  pending = null;
}

self.onmessage = (event) => {
  const msg = event.data;
  if (pending) {
    // While a module loads: the watchdog's isready is answered now, and a stop reaches the search running
    // now unless a queued message starts another search (then it waits its turn, after that one).
    const type = msg?.type;
    if (started && type === 'isready') {
      send({ type: 'readyok' });
      return;
    }
    if (started && type === 'stop' && searching && !pending.some((m) => m?.type === 'go' || m?.type === 'lab')) {
      handle(msg);
      return;
    }
    pending.push(msg);
    return;
  }
  const game = gameOf(msg);
  if (game && !engines[game]) {
    pending = [msg];
    drain();
    return;
  }
  try {
    handle(msg);
  } catch (err) {
    // Never a dead worker: whatever went wrong is reported and the worker keeps listening.
    report(msg?.type ?? null, err);
  }
};

/** A tiny search, so V8 tiers the hot wasm functions up before the first real move (docs/architecture.md §4). */
function warmUp() {
  engine.setPosition('xiangqi', START_FEN, []);
  engine.go({ depth: 4 });
  const deadline = performance.now() + 500;
  for (;;) {
    const r = engine.step(50);
    if (r.done) break;
    if (performance.now() > deadline) {
      engine.stop();
      engine.step(50);
      break;
    }
  }
  engine.setPosition('xiangqi', START_FEN, []);
}

async function start() {
  const game = self.name === 'duiyi-engine-hex' ? 'hex' : 'xiangqi';
  try {
    await loadGame(game);
    engine = engines[game];
    mainEngine = engine;
  } catch (err) {
    const detail = errorText(err);
    send({ type: 'error', command: 'init', message: `the engine failed to load: ${detail}`, code: 'worker.load_failed', params: { detail }, fatal: true });
    return;
  }
  try {
    if (game === 'xiangqi') warmUp();
  } catch (err) {
    // A failed warm-up is not fatal: the first real search just runs a little slower.
    fail('init', `warm-up search failed: ${errorText(err)}`, 'worker.warmup', { cause: errorData(err) });
  }
  started = true;
  send({ type: 'ready' });
  drain();
}

start();
