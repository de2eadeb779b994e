// The Xiangqi game review on the page (#xiangqi, docs/review.md): one press analyses every position of the
// game in the review worker (www/review-worker.js, its own wasm instance: the play worker and its pondering go
// on), with a progress bar and a cancel; the results are saved with the game, so a reload resumes the review
// where it stopped. It shows the evaluation graph (www/views/xiangqi-graph.js), each move's class in the move
// list (applyReviewMarks), the better move as an arrow with a "show me" playback of its line, and a summary
// per side. The review travels in PGN as NAGs, comments, [%eval] and the better line as a variation; a PGN
// with an [%eval] on every move shows its review again without analysing.
//
// Saved (REVIEW_KEY): {v, startFen, moves, analyses, running} — analyses: one per position (moves.length + 1,
// null where not analysed; shapes in www/review-core.js); running: a review was under way (a reload resumes it).
// A review belongs to the game whose moves start with its moves: after a take-back the analyses past the
// common start are dropped; moves played since the review are analysed by the next press.
//
// The positions are searched by as many review workers at once as the `threads` setting says (www/threads.js,
// www/review-pool.js): the analyses are the same whatever that number.
//
// Test hooks (data-testid): review-run, review-cancel, review-progress (data-done, data-total, data-state =
// idle|running|done|cancelled|imported; data-threads: the workers of the run in progress or last finished), eval-graph (xiangqi-graph.js), review-summary (cells data-side,
// data-class; data-average-loss per side), review-better (data-move: the better move, ICCS), review-show
// (the "show me" button; the board carries data-showing while its line plays). Move-list items get
// data-class and data-better (applyReviewMarks).

import { h, setText } from './dom.js';
import { readJSON, writeJSON } from '../storage.js';
import { judgeAll, judgeMove, redWinProbabilities, redEval, analysisFromEval } from '../review-core.js';
import { createReviewPool } from '../review-pool.js';
import { loadThreads } from '../threads.js';
import { createEvalGraph } from './xiangqi-graph.js';

export const REVIEW_KEY = 'duiyi.xiangqi.review.v1';
const CLASSES = ['best', 'good', 'inaccuracy', 'mistake', 'blunder'];
/** the NAGs of the error classes (PGN: $6 ?!, $2 ?, $4 ??) */
const NAG_CLASS = { 6: 'inaccuracy', 2: 'mistake', 4: 'blunder' };
/** graph redraws at most this often while a review runs, in ms */
const GRAPH_MS = 400;
/** a running review is saved at most this often, in ms */
const SAVE_MS = 1000;
/** one move of a "show me" line every this many ms */
const SHOW_STEP_MS = 900;

/** the page's review (one #xiangqi view at a time), for the module-level applyReviewMarks */
let currentReview = null;

/**
 * Marks the move list's items `li[data-ply]` with the review's verdicts (spec §3: data-class =
 * best|good|inaccuracy|mistake|blunder, data-better = the better move in ICCS when not best); items without a
 * verdict lose both. Whoever renders the move list calls it after every render; without a review it does
 * nothing.
 * @param {HTMLElement} listEl the list ([data-testid="move-list"])
 */
export function applyReviewMarks(listEl) {
  currentReview?.applyReviewMarks(listEl);
}

/**
 * The review panel and what the page calls of it.
 * @param {object} x the page's shared state and functions (www/views/xiangqi.js)
 * @param {object} wasm the wasm module (reviewMove, scoreWinProbability, reviewSummary)
 */
export function createReview(x, wasm) {
  const t = (key, params) => x.t(key, params);
  const available = typeof wasm?.reviewMove === 'function' && typeof wasm?.reviewSummary === 'function';

  // ---- DOM ----------------------------------------------------------------------------------------------
  const runBtn = h('button', { type: 'button', class: 'btn', dataset: { testid: 'review-run', i18n: 'review.run' }, on: { click: () => run() } });
  const cancelBtn = h('button', { type: 'button', class: 'btn btn-small', dataset: { testid: 'review-cancel', i18n: 'review.cancel' }, hidden: true, on: { click: () => cancel() } });
  const bar = h('progress', { max: '1', value: '0' });
  const progressText = h('span', { class: 'review-progress-text' });
  const progressEl = h('div', { class: 'review-progress', dataset: { testid: 'review-progress', done: '0', total: '0', state: 'idle' } }, bar, progressText);
  const graph = createEvalGraph({ t, onPick: (ply) => x.rec.setView(ply) });
  const betterText = h('span', { class: 'review-better-text' });
  const showBtn = h('button', { type: 'button', class: 'btn btn-small', dataset: { testid: 'review-show', i18n: 'review.showMe' }, on: { click: () => showLine() } });
  const betterEl = h('div', { class: 'review-better', dataset: { testid: 'review-better' }, hidden: true }, betterText, showBtn);
  const summaryEl = h('table', { class: 'review-summary', dataset: { testid: 'review-summary' }, hidden: true });
  const css = h('link', { rel: 'stylesheet', href: new URL('./xiangqi-review.css', import.meta.url).href });
  const element = h('section', { class: 'panel review-panel', hidden: !available },
    css,
    h('div', { class: 'review-head' }, h('h2', { dataset: { i18n: 'review.title' } }), runBtn, cancelBtn),
    progressEl, graph.element, betterEl, summaryEl);

  // ---- state --------------------------------------------------------------------------------------------
  /** @type {{startFen: string, moves: string[], analyses: Array<object|null>, running: boolean, imported?: boolean}} */
  let state = loadState();
  let verdicts = [];
  let pool = null;
  let runId = 0;
  /** the run in progress: {id, moves} (null when none) */
  let active = null;
  let lastState = 'idle';
  /** the review workers of the run in progress or last finished (0: none yet) */
  let threadsUsed = 0;
  let graphTimer = null;
  let show = null; // {timer}
  const hintWaiters = new Map();
  let hintId = 0;

  function loadState() {
    const saved = readJSON(REVIEW_KEY);
    if (!saved || saved.v !== 1 || typeof saved.startFen !== 'string' || !Array.isArray(saved.moves) || !Array.isArray(saved.analyses)
        || saved.analyses.length !== saved.moves.length + 1) return empty();
    const analyses = saved.analyses.map((a) => (a && a.score && (Number.isInteger(a.score.cp) || Number.isInteger(a.score.mate)) ? a : null));
    return { startFen: saved.startFen, moves: saved.moves.map(String), analyses, running: saved.running === true, imported: saved.imported === true };
  }

  function empty() {
    const record = x.record;
    return { startFen: record?.startFen ?? '', moves: [], analyses: [null], running: false };
  }

  let saveTimer = null;

  function save() {
    clearTimeout(saveTimer);
    saveTimer = null;
    writeJSON(REVIEW_KEY, { v: 1, ...state });
  }

  /** Saves within SAVE_MS (during a review: one write for several positions; a reload loses at most those). */
  function saveSoon() {
    saveTimer ??= setTimeout(save, SAVE_MS);
  }

  /** Fits the saved review to the game on the page; true when something was dropped. */
  function reconcile() {
    const { record } = x;
    if (!record) return false;
    if (state.startFen !== record.startFen) {
      state = { startFen: record.startFen, moves: [], analyses: [null], running: false };
      return true;
    }
    let k = 0;
    while (k < state.moves.length && k < record.moves.length && state.moves[k] === record.moves[k]) k++;
    if (k === state.moves.length) return false;
    if (k === 0) {
      // nothing in common (a new game, all of it taken back): the empty panel, as before any review
      state = { startFen: record.startFen, moves: [], analyses: [null], running: false };
      if (!active) lastState = 'idle';
      return true;
    }
    state.moves = state.moves.slice(0, k);
    state.analyses = state.analyses.slice(0, k + 1);
    state.imported = false;
    return true;
  }

  function firstSide() {
    return x.record.startSide;
  }

  /** The verdicts of the moves of the game on the page (null where not yet judged). */
  function recompute() {
    verdicts = available ? judgeAll(wasm, state.analyses, state.moves, firstSide()) : [];
  }

  // ---- the workers --------------------------------------------------------------------------------------
  function ensurePool() {
    pool ??= createReviewPool({ url: new URL('../review-worker.js', import.meta.url), onMessage });
    pool.size = loadThreads();
    return pool;
  }

  function onMessage(msg) {
    if (msg.type === 'hint') {
      const waiter = hintWaiters.get(msg.id);
      hintWaiters.delete(msg.id);
      waiter?.resolve(msg);
      return;
    }
    if (msg.type === 'error') {
      const waiter = hintWaiters.get(msg.id);
      if (waiter) {
        hintWaiters.delete(msg.id);
        waiter.reject(msg);
        return;
      }
      if (msg.id === null) {
        // a review worker did not load (outside a run)
        x.showError('review.error', {}, msg);
        return;
      }
      if (active && msg.id === active.id) {
        active = null;
        state.running = false;
        lastState = 'cancelled';
        save();
        x.showError('review.error', {}, msg);
        renderAll();
      }
      return;
    }
    if (!active || msg.id !== active.id) return;
    if (msg.type === 'progress') {
      // the game may have been taken back since: keep only what still belongs to it
      const fits = state.moves.length === active.moves.length;
      if (fits && msg.ply < state.analyses.length) {
        state.analyses[msg.ply] = msg.analysis;
        saveSoon();
        // only the moves next to the new position change: their verdicts, their list items
        for (const i of [msg.ply - 1, msg.ply]) {
          if (i >= 0 && i < state.moves.length) verdicts[i] = judgeMove(wasm, state.analyses, state.moves, i, firstSide());
        }
        threadsUsed = msg.threads ?? threadsUsed;
        renderProgress(msg.done, msg.total);
        applyReviewMarks(moveList(), [msg.ply, msg.ply + 1]);
        scheduleGraph();
      }
    } else if (msg.type === 'done' || msg.type === 'cancelled') {
      if (msg.threads) threadsUsed = msg.threads;
      active = null;
      state.running = false;
      lastState = msg.type === 'done' ? 'done' : 'cancelled';
      save();
      renderAll();
    }
  }

  /** Starts (or resumes) the review of the game on the page: only positions without an analysis are searched. */
  function run() {
    if (!available) return;
    reconcile();
    x.clearError();
    stopShow();
    const { record } = x;
    state.moves = [...record.moves];
    while (state.analyses.length < state.moves.length + 1) state.analyses.push(null);
    state.analyses.length = state.moves.length + 1;
    state.imported = false;
    state.running = true;
    save();
    runId += 1;
    active = { id: runId, moves: [...state.moves] };
    lastState = 'running';
    ensurePool().run({ id: runId, fen: record.startFen, moves: [...state.moves], known: state.analyses });
    renderAll();
  }

  function cancel() {
    if (active) pool?.cancel(active.id);
    // the workers answer 'cancelled' after their position in progress; the page stops waiting now
    active = null;
    state.running = false;
    lastState = state.analyses.some(Boolean) ? 'cancelled' : 'idle';
    save();
    renderAll();
  }

  /**
   * The best move of the position after `moves` (from `fen`) at the hint's short budget, from the review
   * worker: resolves to {move, pv, score, depth}; rejects with the worker's coded error.
   */
  function requestHint(fen, moves, budget = undefined) {
    hintId += 1;
    const id = `hint-${hintId}`;
    return new Promise((resolve, reject) => {
      hintWaiters.set(id, { resolve, reject });
      ensurePool().hint({ id, fen, moves: [...moves], ...(budget ? { budget } : {}) });
    });
  }

  /**
   * The finished review's mistakes and blunders of the sides `sides` ('red' | 'black'), in game order, for
   * practice (www/views/xiangqi-practice.js): [{ply, played, side, class, loss, better, before}] with `before` the
   * analysis of the position before the move ({score, best, pv}). [] while the review is not complete.
   */
  function mistakes(sides) {
    if (!api.complete) return [];
    return verdicts
      .filter((v) => v && (v.class === 'mistake' || v.class === 'blunder') && v.better && sides.includes(v.side))
      .map((v) => ({ ply: v.ply, played: v.played, side: v.side, class: v.class, loss: v.loss, better: v.better, before: state.analyses[v.ply - 1] }));
  }

  /**
   * The review's class of `move` played in the position after `moves` (ICCS from the game's start), whose
   * analysis is `before`: the position after it analysed at the review's own budget in the review worker, then
   * judged as the review judges a move (wasm reviewMove). Resolves to {class, loss, reply}; rejects with the
   * worker's coded error.
   */
  async function judgeTry(moves, move, before) {
    if (before?.best === move) return { class: 'best', loss: 0, reply: null };
    const budget = typeof wasm.reviewConstants === 'function' ? { nodes: wasm.reviewConstants().nodes } : undefined;
    const after = await requestHint(x.record.startFen, [...moves, move], budget);
    const r = wasm.reviewMove(before.score, after.score ?? { mate: 0 }, false);
    return { class: r.class, loss: r.loss, reply: after.move ?? null };
  }

  // ---- rendering ----------------------------------------------------------------------------------------
  function moveList() {
    return x.rec?.movesPanel?.querySelector('[data-testid="move-list"]') ?? null;
  }

  /**
   * Marks the move list's items with their verdicts: data-class (best|good|inaccuracy|mistake|blunder) and
   * data-better (the better move, ICCS) when not best; items without a verdict lose both. Called after every
   * render of the list (www/views/xiangqi-record.js) and when the review changes.
   */
  function applyReviewMarks(listEl, plies = null) {
    if (!listEl) return;
    const items = plies ? plies.map((p) => listEl.querySelector(`li[data-ply="${p}"]`)).filter(Boolean) : listEl.querySelectorAll('li[data-ply]');
    for (const li of items) {
      const v = verdicts[Number(li.dataset.ply) - 1];
      if (v && x.record.moves[v.ply - 1] === v.played) {
        li.dataset.class = v.class;
        li.title = `${li.dataset.iccs} · ${t(`review.class.${v.class}`)}${v.better ? ` · ${t('review.better', { move: moveText(v.ply - 1, v.better) })}` : ''}`;
        if (v.better) li.dataset.better = v.better;
        else delete li.dataset.better;
      } else {
        delete li.dataset.class;
        delete li.dataset.better;
      }
    }
  }

  /** moveText's answers (writing a move replays the game to it in wasm: done once per move and notation) */
  const written = new Map();

  /** A move of the position before move `i` in the page's notation, with its ICCS when they differ. */
  function moveText(i, iccs, notation = x.notation()) {
    const before = x.record.moves.slice(0, i);
    const key = `${notation}|${before.join(' ')}|${iccs}`;
    if (!written.has(key)) {
      if (written.size > 2000) written.clear();
      const text = x.record.lineNotation([iccs], before, notation)?.[0] ?? iccs;
      written.set(key, text === iccs ? iccs : `${text} (${iccs})`);
    }
    return written.get(key);
  }

  function renderProgress(done, total) {
    progressEl.dataset.done = String(done);
    progressEl.dataset.total = String(total);
    progressEl.dataset.state = active ? 'running' : state.imported ? 'imported' : lastState;
    progressEl.dataset.threads = String(threadsUsed);
    // a review under way or made: on a laptop the panel goes to the top of the side column, beside the board
    // (xiangqi-review.css), so its graph and "Show me" need no scrolling
    element.dataset.active = String(Boolean(active) || done > 0 || Boolean(state.imported));
    bar.max = Math.max(1, total);
    bar.value = done;
    const key = active ? 'review.progress' : state.imported ? 'review.imported' : done === total && total > 1 ? 'review.complete' : done > 0 ? 'review.partial' : '';
    const threadsNote = active && threadsUsed > 1 ? ` · ${t('review.threads', { n: threadsUsed })}` : '';
    setText(progressText, key ? t(key, { done, total }) + threadsNote : '');
  }

  function scheduleGraph() {
    if (graphTimer) return;
    graphTimer = setTimeout(() => {
      graphTimer = null;
      renderGraph();
      // in a task of their own: no single task of the page's does all of it
      setTimeout(() => {
        renderSummary();
        renderBetter();
      }, 0);
    }, GRAPH_MS);
  }

  function renderGraph() {
    if (!available) return;
    const points = redWinProbabilities(wasm, state.analyses, firstSide());
    graph.update(points, x.viewPly ?? state.moves.length);
  }

  /** what the summary shows (its numbers are rewritten only when this changes) */
  let summaryDrawn = null;
  /** the language the summary's table was built in */
  let summaryLang = null;

  /** The summary's table, empty (built before it is first shown: then showing it costs little). */
  function buildSummary() {
    summaryLang = x.lang;
    summaryDrawn = null; // its cells are empty again: the next renderSummary fills them whatever it drew before
    const sides = ['red', 'black'];
    const head = h('tr', {}, h('th', {}), sides.map((side) => h('th', { scope: 'col', class: `side-${side}`, text: t(`side.${side}`) })));
    const rows = CLASSES.map((c) => h('tr', { class: `review-row-${c}` },
      h('th', { scope: 'row' }, h('span', { class: `review-dot review-dot-${c}` }), t(`review.class.${c}`)),
      sides.map((side) => h('td', { dataset: { side, class: c } }))));
    const loss = h('tr', { class: 'review-row-loss' },
      h('th', { scope: 'row', text: t('review.averageLoss') }),
      sides.map((side) => h('td', { dataset: { side, averageLoss: '' } })));
    summaryEl.replaceChildren(h('thead', {}, head), h('tbody', {}, rows, loss));
  }

  function renderSummary() {
    const judged = verdicts.filter(Boolean);
    summaryEl.hidden = judged.length === 0;
    const signature = `${x.lang}|${judged.map((v) => `${v.class}${v.loss}`).join()}`;
    if (!judged.length || signature === summaryDrawn) return;
    const s = wasm.reviewSummary(judged.map((v) => ({ side: v.side, class: v.class, loss: v.loss })));
    const sides = ['red', 'black'];
    if (summaryLang !== x.lang) buildSummary();
    summaryDrawn = signature;
    const put = (td, text) => {
      if (td.textContent !== text) td.textContent = text;
    };
    for (const side of sides) {
      for (const c of CLASSES) put(summaryEl.querySelector(`td[data-side="${side}"][data-class="${c}"]`), String(s[side][c]));
      const td = summaryEl.querySelector(`td[data-side="${side}"][data-average-loss]`);
      td.dataset.averageLoss = s[side].averageLoss.toFixed(4);
      put(td, `${(s[side].averageLoss * 100).toFixed(1)}%`);
    }
  }

  /** The verdict of the move that led to the position shown (null: none, or the game itself is shown). */
  function viewedVerdict() {
    const ply = x.viewPly;
    if (ply === null || ply < 1) return null;
    const v = verdicts[ply - 1];
    return v && x.record.moves[ply - 1] === v.played ? v : null;
  }

  function renderBetter() {
    const v = viewedVerdict();
    if (!v || !v.better) {
      betterEl.hidden = true;
      delete betterEl.dataset.move;
      return;
    }
    betterEl.hidden = false;
    betterEl.dataset.move = v.better;
    betterEl.dataset.class = v.class;
    setText(betterText, `${t(`review.class.${v.class}`)} (−${(v.loss * 100).toFixed(1)}%) · ${t('review.better', { move: moveText(v.ply - 1, v.better) })}`);
    showBtn.disabled = Boolean(show);
  }

  function renderButtons() {
    cancelBtn.hidden = !active;
    // a game of no moves has nothing to review (and is never "reviewed")
    const complete = x.record.moves.length > 0 && state.analyses.length === x.record.moves.length + 1 && state.analyses.every(Boolean);
    runBtn.disabled = !available || Boolean(active) || complete || x.record.moves.length === 0;
    runBtn.dataset.i18n = active ? 'review.running' : complete ? 'review.again' : state.analyses.some(Boolean) ? 'review.resume' : 'review.run';
    runBtn.textContent = t(runBtn.dataset.i18n);
  }

  function renderAll() {
    if (!available) return;
    reconcile();
    if (active && state.moves.length < active.moves.length) {
      cancel(); // taken back under the review: its positions no longer belong to the game
      return;
    }
    recompute();
    const done = state.analyses.filter(Boolean).length;
    renderProgress(done, active ? active.moves.length + 1 : state.analyses.length);
    renderButtons();
    renderGraph();
    renderBetter();
    renderSummary();
    applyReviewMarks(moveList());
    x.practice?.render(); // its button counts this review's mistakes
  }

  // ---- the board: the better move, "show me" ------------------------------------------------------------
  /** The arrow the board shows for the review: the better move of the move that led to the shown position. */
  function boardHint() {
    if (liveShow()) return null;
    const v = viewedVerdict();
    return v?.better ? { from: v.better.slice(0, 2), to: v.better.slice(2, 4), kind: 'better' } : null;
  }

  /** Plays the better line on the board from the position before the move (then the page draws again). */
  function showLine() {
    const v = viewedVerdict();
    if (!v?.better || !x.board) return;
    stopShow();
    const line = v.line.length ? v.line : [v.better];
    const game = new x.XiangqiGame(x.record.startFen);
    try {
      for (const m of x.record.moves.slice(0, v.ply - 1)) game.play(m);
    } catch {
      game.free();
      return;
    }
    let step = 0;
    x.board.element.dataset.showing = 'true';
    const frame = (last) => x.board.set({ pieces: Array.from(game.pieces()), dests: new Map(), movable: false, lastMove: last ? { from: last.slice(0, 2), to: last.slice(2, 4) } : null, check: null, hint: step === 0 ? { from: v.better.slice(0, 2), to: v.better.slice(2, 4), kind: 'better' } : null, animate: Boolean(last) });
    frame(null);
    const tick = () => {
      if (step >= line.length) {
        show.timer = setTimeout(() => {
          game.free();
          stopShow();
          x.render({ animate: false });
        }, SHOW_STEP_MS * 1.5);
        return;
      }
      const m = line[step];
      step += 1;
      try {
        game.play(m);
      } catch {
        step = line.length;
      }
      frame(m);
      show.timer = setTimeout(tick, SHOW_STEP_MS);
    };
    show = { timer: setTimeout(tick, SHOW_STEP_MS), game, ply: x.viewPly };
    renderBetter();
  }

  /**
   * The "show me" playback, if it still belongs to the position shown: one left behind (the user went to
   * another move while it played) is stopped here, whoever asks first (the page's board drawing asks before
   * the review's render), so that the board draws the position now shown with its own arrow.
   */
  function liveShow() {
    if (show && show.ply !== x.viewPly) stopShow();
    return show;
  }

  function stopShow() {
    if (!show) return;
    clearTimeout(show.timer);
    try {
      show.game.free();
    } catch {
      /* already freed */
    }
    show = null;
    if (x.board) delete x.board.element.dataset.showing;
  }

  // ---- PGN ----------------------------------------------------------------------------------------------
  /** `cp` as PGN's [%eval] pawns ("0.35", "#-3") for a tag. */
  function evalTag(ev) {
    if (Number.isInteger(ev.mate)) return `#${ev.mate}${ev.depth ? `,${ev.depth}` : ''}`;
    return `${(ev.cp / 100).toFixed(2)}${ev.depth ? `,${ev.depth}` : ''}`;
  }

  /**
   * What a PGN export adds for the review: tags (ReviewStartEval: the start position's [%eval], Red's view, so
   * the first move's class survives the round trip) and `annotations` (spec: one per move, null where the move
   * has no verdict): NAGs of the error classes, a comment naming the class and the better move, the [%eval]
   * of the position after the move (Red's view), the better line as a variation. The comment names the better
   * move in `notation` ('iccs' | 'chinese' | 'wxf'; default the page's): the PGN's own move format, so a file
   * reads in one notation.
   */
  function pgnExtras(notation = x.notation()) {
    reconcile();
    recompute();
    const tags = {};
    if (!verdicts.some(Boolean)) return { tags, annotations: null };
    const first = firstSide();
    if (state.analyses[0]) tags.ReviewStartEval = evalTag(redEval(state.analyses[0], 0, first));
    const annotations = x.record.moves.map((played, i) => {
      const after = state.analyses[i + 1];
      const v = verdicts[i];
      if (!after && !v) return null;
      const out = {};
      if (after) out.eval = redEval(after, i + 1, first);
      if (v) {
        if (v.nag) out.nags = [v.nag];
        out.comment = v.better ? t('review.comment', { class: t(`review.class.${v.class}`), move: moveText(i, v.better, notation) }) : t(`review.class.${v.class}`);
        // the engine's line wherever the move played was not the engine's move, a "best" one within the noise
        // included: the import tells the engine's own move (no loss) from the others by it, so the losses
        // (and the summary's average) come back as they were
        const engine = state.analyses[i];
        if (engine?.best && engine.best !== played) {
          const line = v.better && v.line.length ? v.line : engine.pv?.[0] === engine.best ? engine.pv : [engine.best];
          out.variations = [{ moves: [...line] }];
        }
      }
      return out;
    });
    return { tags, annotations };
  }

  /** The [%eval] of a tag's text ("0.35", "#-3", "0.35,12") as {cp} / {mate}; null when unreadable. */
  function parseEvalTag(text) {
    const m = /^\s*(#)?([+-]?\d+(?:\.\d+)?)(?:,(\d+))?\s*$/.exec(String(text ?? ''));
    if (!m) return null;
    const depth = m[3] ? Number(m[3]) : undefined;
    return m[1] ? { mate: Number(m[2]), depth } : { cp: Math.round(Number(m[2]) * 100), depth };
  }

  /**
   * After a PGN import: when every move carries an [%eval], the review is rebuilt from the file (no search):
   * the scores from the evals (the start position's from ReviewStartEval, else level), the better move and
   * its line from the move's first variation; a move with no variation and no error NAG was the best move.
   * Returns true when a review was rebuilt.
   */
  function imported(parsed) {
    if (!available) return false;
    const moves = Array.from(parsed?.moves ?? []);
    const ann = Array.from(parsed?.annotations ?? []);
    stopShow();
    if (active) cancel();
    const first = x.record.startSide;
    if (!moves.length || ann.length !== moves.length || !ann.every((a) => a?.eval && (Number.isInteger(a.eval.cp) || Number.isInteger(a.eval.mate)))) {
      state = { startFen: x.record.startFen, moves: [], analyses: [null], running: false };
      save();
      lastState = 'idle';
      renderAll();
      return false;
    }
    const start = analysisFromEval(parseEvalTag(parsed.tags?.ReviewStartEval) ?? { cp: 0 }, 0, first);
    const analyses = [start, ...ann.map((a, i) => analysisFromEval(a.eval, i + 1, first))];
    ann.forEach((a, i) => {
      const line = Array.from(a.variations?.[0]?.moves ?? []).map(String);
      const error = (a.nags ?? []).some((n) => NAG_CLASS[n]);
      analyses[i].best = line.length ? line[0] : error ? null : moves[i];
      analyses[i].pv = line;
    });
    state = { startFen: x.record.startFen, moves, analyses, running: false, imported: true };
    lastState = 'done';
    save();
    renderAll();
    return true;
  }

  // ---- start-up (at the page's first render: the game is loaded after this module is made) -------------
  let started = false;
  function startUp() {
    started = true;
    buildSummary();
    reconcile();
    // a review under way when the page was left goes on (the positions analysed are not searched again)
    if (state.running && state.moves.length === x.record.moves.length) queueMicrotask(() => run());
    else if (state.running) {
      state.running = false;
      save();
    }
    if (!state.running && state.analyses.some(Boolean)) lastState = state.imported ? 'imported' : 'cancelled';
  }

  const api = {
    element,
    applyReviewMarks,
    boardHint,
    requestHint,
    mistakes,
    judgeTry,
    pgnExtras,
    imported,
    /** Starts (or resumes) the review of the game (what the review-run button does). */
    run,
    /** true when every position of the game has its analysis (a finished review, or an imported one) */
    get complete() {
      return state.moves.length === x.record.moves.length && state.moves.every((m, i) => m === x.record.moves[i])
        && state.analyses.length === state.moves.length + 1 && state.analyses.every(Boolean);
    },
    /** true while "show me" plays a line on the board (the page then leaves the board alone) */
    get showing() {
      return Boolean(liveShow());
    },
    /** Part of every page render: fits the review to the game and redraws its parts. */
    render() {
      if (!available) return;
      if (!started) startUp();
      liveShow(); // the user went elsewhere: the board is the page's again
      renderAll();
    },
    setLang() {
      graph.setLang();
      summaryDrawn = null;
      renderAll();
    },
    destroy() {
      if (currentReview === api) currentReview = null;
      if (saveTimer) save();
      stopShow();
      clearTimeout(graphTimer);
      graph.destroy();
      pool?.terminate();
      pool = null;
    },
  };
  currentReview = api;
  return api;
}
