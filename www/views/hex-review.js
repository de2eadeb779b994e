// The Hex page's game review (www/views/hex.js): a panel with the run button, the progress (cancel), the
// evaluation graph over the game, the summary (the solver-proved losing move with its proved winning
// alternative, proof size and time; the likely mistakes, labelled as a heuristic; each side's counts), the
// move list's marks, and viewing an earlier position on the board (a click on the graph, or "show on board").
//
// The review runs in www/hex-review-worker.js (src/hex/review.rs through the wasm HexReview). Its report is kept
// with the game in localStorage (duiyi.hex.review.v1, {base, moves, report}) and shown again after a reload
// while the game still starts with the reviewed moves; a review of fewer moves than the game has is marked as
// partial (review-partial). A review in progress is recorded there too ({base, moves, running: true}, the
// earlier report kept as `previous`): a reload starts it again on the same game and says so (review-restarted).
// A new game, an undo or a loaded game cancels a review in progress and clears the panel.
//
// Test hooks (data-testid): review-run, review-progress (data-done, data-total, data-state: running | done |
// cancelled | error; data-positions: the game's positions reviewed, once done), review-cancel,
// review-partial (data-reviewed: the moves the shown review covers), review-restarted, eval-graph (data-points: plies + 1 once reviewed; the canvas inside),
// review-summary (data-losing-ply, data-better when a losing move is proved), review-show-losing,
// review-viewing (data-ply: the position shown), review-back, the board's layer review-marks (polygons
// data-square, data-mark: better | played). Move-list items li[data-ply] get data-class
// (best|good|inaccuracy|mistake|blunder), data-better when not best, data-proved="true" on a proved losing
// move, data-heuristic="true" when the class comes from the evaluation's drop (applyReviewMarks).

import { h, setText } from './dom.js';
import { loadChart } from './assets.js';
import { readJSON, writeJSON } from '../storage.js';
import { errorText } from '../i18n/errors.js';
import { request, gameSpec, drawCellMarks } from './hex-review-client.js';

const REVIEW_KEY = 'duiyi.hex.review.v1';
const CLASSES = ['best', 'good', 'inaccuracy', 'mistake', 'blunder'];

/**
 * @param {object} o
 * @param {() => Function} o.t  the current translator
 * @param {Function} o.HexGame  the wasm class
 * @param {object} o.board  the page's board (hex-board.js)
 * @param {HTMLElement} o.boardHost  the board's host element
 * @param {() => object} o.game  the page's current HexGame
 * @param {() => boolean} o.swap  the swap rule
 * @param {Function} o.setupOf  hex-record.js setupOf
 * @param {Function} o.movesOf  hex-record.js movesOf
 * @param {Function} o.gameFrom  hex-record.js gameFrom
 * @param {(maps: object|null) => void} o.paintMaps  paints the heatmap of the maps of a viewed position
 * @param {() => string} o.convention  the two-distance convention of the maps
 * @param {() => void} o.rerender  draws the game's own position again (leaving the viewed one)
 * @param {HTMLElement} o.moveList  the page's move list (its marks are set again when a review arrives)
 * @param {() => void} [o.onReport]  a review finished (the practice of its mistakes may begin)
 */
export function createReview({ t, HexGame, board, boardHost, game, swap, setupOf, movesOf, gameFrom, paintMaps, convention, rerender, moveList, onReport }) {
  const runBtn = h('button', { type: 'button', class: 'btn', dataset: { testid: 'review-run', i18n: 'hex.review.run' }, on: { click: () => run() } });
  const cancelBtn = h('button', { type: 'button', class: 'btn btn-small', dataset: { testid: 'review-cancel', i18n: 'hex.review.cancel' }, on: { click: () => cancel() } });
  const bar = h('progress', { class: 'hex-review-bar', max: '1', value: '0' });
  const progressText = h('span', { class: 'hex-review-progress-text' });
  const progressEl = h('div', { class: 'hex-review-progress', dataset: { testid: 'review-progress', done: '0', total: '0', state: 'idle' }, role: 'status', hidden: true },
    bar, progressText, cancelBtn);
  const stepsNote = h('p', { class: 'hex-review-note', dataset: { i18n: 'hex.review.stepsNote' }, hidden: true });
  const canvas = h('canvas', { 'aria-label': '' });
  const graphNote = h('p', { class: 'hex-review-note', dataset: { i18n: 'hex.review.graphNote' } });
  const graphEl = h('div', { class: 'hex-review-graph', dataset: { testid: 'eval-graph', points: '0' }, hidden: true },
    h('div', { class: 'hex-review-canvas' }, canvas), graphNote);
  const summaryEl = h('div', { class: 'hex-review-summary', dataset: { testid: 'review-summary' }, hidden: true });
  const backBtn = h('button', { type: 'button', class: 'btn btn-small', dataset: { testid: 'review-back', i18n: 'hex.review.back' }, on: { click: () => view(null) } });
  const viewingText = h('span');
  const viewingEl = h('div', { class: 'hex-review-viewing', dataset: { testid: 'review-viewing' }, role: 'status', hidden: true }, viewingText, backBtn);
  const errorEl = h('p', { class: 'error', role: 'alert', hidden: true });
  const partialEl = h('p', { class: 'hex-review-partial', dataset: { testid: 'review-partial' }, role: 'status', hidden: true });
  const restartedEl = h('p', { class: 'hex-review-note', dataset: { testid: 'review-restarted', i18n: 'hex.review.restarted' }, hidden: true });
  const panel = h('section', { class: 'panel hex-review-panel' },
    h('h2', { dataset: { i18n: 'hex.review.title' } }),
    h('p', { class: 'hex-review-note', dataset: { i18n: 'hex.review.intro' } }),
    h('div', { class: 'hex-review-actions' }, runBtn),
    progressEl, stepsNote, restartedEl, errorEl, partialEl, graphEl, summaryEl);

  const css = h('link', { rel: 'stylesheet', href: new URL('./hex-review.css', import.meta.url).href });
  document.head.append(css);

  /** the review shown: {base, moves, report}; null for none */
  let current = null;
  let job = null;
  let viewPly = null;
  let chart = null;
  let Chart = null;
  let destroyed = false;
  let lastError = null;
  /** the game the running review is of: {base, moves} */
  let jobKey = null;

  function base(g) {
    const st = setupOf(g);
    return `${g.width()}x${g.height()}|${swap() ? 1 : 0}|${st ? JSON.stringify(st) : ''}`;
  }

  /** Whether the review `r` belongs to the page's game: same board, and the game starts with its moves. */
  function fits(r) {
    const g = game();
    if (!r || !g || r.base !== base(g)) return false;
    const ms = movesOf(g);
    return r.moves.length <= ms.length && r.moves.every((m, i) => ms[i] === m);
  }

  /** Whether `r` is of exactly the page's game (not only of its first moves). */
  function fitsWhole(r) {
    return fits(r) && r.moves.length === movesOf(game()).length;
  }

  const saved = readJSON(REVIEW_KEY);
  const savedReport = (r) => (r && Array.isArray(r.moves) && r.report && fits(r) ? r : null);
  // a review a reload interrupted: the earlier report stays shown (marked partial) while it runs again
  const interrupted = saved?.running && Array.isArray(saved.moves) && saved.moves.length && fitsWhole(saved);
  current = savedReport(saved) ?? (saved?.running ? savedReport(saved.previous) : null);

  // ---- run / cancel ---------------------------------------------------------------------------------------
  function run() {
    const g = game();
    const moves = movesOf(g);
    if (!moves.length || job) return;
    lastError = null;
    setText(errorEl, '');
    const spec = gameSpec(g, swap(), setupOf, movesOf, moves);
    const key = { base: base(g), moves };
    jobKey = key;
    restartedEl.hidden = true;
    writeJSON(REVIEW_KEY, { ...key, running: true, previous: current });
    showProgress('running', 0, 0);
    job = request({ type: 'run', game: spec }, (msg) => {
      if (destroyed) return;
      if (msg.type === 'progress') {
        showProgress('running', msg.done, msg.total);
      } else if (msg.type === 'done') {
        finish();
        progressEl.dataset.positions = String(msg.report.positions.length);
        showProgress('done', msg.done, msg.total);
        // a review of a game no longer on the page (a new game or an undo meanwhile) is dropped
        if (fits(key)) {
          current = { ...key, report: msg.report };
          writeJSON(REVIEW_KEY, current);
        }
        redraw();
        onReport?.();
      } else if (msg.type === 'cancelled') {
        finish();
        forgetRun();
        showProgress('cancelled', msg.done, msg.total);
      } else if (msg.type === 'error') {
        finish();
        forgetRun();
        lastError = msg;
        showProgress('error', 0, 0);
        showError();
      }
    });
    runBtn.disabled = true;
  }

  function finish() {
    job?.close();
    job = null;
    jobKey = null;
    runBtn.disabled = false;
  }

  /** The stored review is the shown one again (no run in progress to restart after a reload). */
  function forgetRun() {
    writeJSON(REVIEW_KEY, current);
  }

  /** Stops a review in progress without a trace (its game left the page) and puts the panel back as at first. */
  function reset() {
    if (job) job.cancel();
    finish();
    lastError = null;
    setText(errorEl, '');
    errorEl.hidden = true;
    restartedEl.hidden = true;
    progressEl.hidden = true;
    stepsNote.hidden = true;
    progressEl.dataset.state = 'idle';
    panel.dataset.active = 'false';
    progressEl.dataset.done = '0';
    progressEl.dataset.total = '0';
    delete progressEl.dataset.positions;
    forgetRun();
  }

  function cancel() {
    if (job) job.cancel();
  }

  function showError() {
    if (!lastError) return;
    setText(errorEl, t()('hex.review.error', { message: errorText(t(), lastError) }));
  }

  function showProgress(state, done, total) {
    progressEl.hidden = false;
    progressEl.dataset.state = state;
    // a review under way or made: on a laptop the panel heads the side column, beside the board (hex-review.css)
    panel.dataset.active = 'true';
    progressEl.dataset.done = String(done);
    progressEl.dataset.total = String(total);
    bar.max = String(Math.max(total, 1));
    bar.value = String(done);
    cancelBtn.hidden = state !== 'running';
    stepsNote.hidden = state !== 'running';
    progressText.textContent = progressLabel();
  }

  function progressLabel() {
    const d = progressEl.dataset;
    const state = d.state === 'running' && d.total === '0' ? 'starting' : d.state;
    return t()(`hex.review.state.${state}`, { done: Number(d.done), total: Number(d.total), positions: Number(d.positions ?? 0) });
  }

  // ---- the graph ------------------------------------------------------------------------------------------
  /** Black's winning chance in % for a reviewed position: 100 or 0 once the solver decided it (its proof). */
  function blackWinPercent(p) {
    if (p.proof) return p.proof.winner === 'black' ? 100 : 0;
    return Math.round(p.black_win * 1000) / 10;
  }

  async function drawGraph() {
    const r = current?.report;
    graphEl.hidden = !r;
    if (!r) return;
    graphEl.dataset.points = String(r.positions.length);
    Chart ??= await loadChart();
    if (!Chart || destroyed || current?.report !== r) return;
    const tr = t();
    canvas.setAttribute('aria-label', tr('hex.review.graphLabel'));
    const labels = r.positions.map((p) => String(p.ply));
    const pot = (side) => r.positions.map((p) => p.potential[side]);
    const proved = r.positions.map((p) => (p.proof ? 4 : 2));
    const datasets = [
      { label: tr('hex.review.series.eval'), data: r.positions.map(blackWinPercent), yAxisID: 'y', borderColor: '#1565c0', backgroundColor: '#1565c0', pointRadius: proved, borderWidth: 2, tension: 0.2 },
      { label: tr('hex.review.series.black'), data: pot('black'), yAxisID: 'y1', borderColor: '#222', backgroundColor: '#222', pointRadius: 1, borderWidth: 1.5, borderDash: [4, 3] },
      { label: tr('hex.review.series.white'), data: pot('white'), yAxisID: 'y1', borderColor: '#b0a48c', backgroundColor: '#b0a48c', pointRadius: 1, borderWidth: 1.5, borderDash: [4, 3] },
    ];
    if (!chart) {
      chart = new Chart(canvas, {
        type: 'line',
        data: { labels, datasets },
        options: {
          animation: false, maintainAspectRatio: false, responsive: true,
          interaction: { mode: 'index', intersect: false },
          onClick: (_e, elements) => { if (elements.length) view(elements[0].index); },
          scales: {
            x: { title: { display: true, text: tr('hex.review.axis.ply') }, ticks: { maxRotation: 0, autoSkip: true } },
            y: { min: 0, max: 100, title: { display: true, text: tr('hex.review.axis.eval') } },
            y1: { position: 'right', reverse: true, beginAtZero: true, grid: { drawOnChartArea: false }, title: { display: true, text: tr('hex.review.axis.potential') } },
          },
          plugins: { legend: { position: 'bottom', labels: { boxWidth: 12 } } },
        },
      });
    } else {
      chart.data.labels = labels;
      chart.data.datasets = datasets;
      chart.options.scales.x.title.text = tr('hex.review.axis.ply');
      chart.options.scales.y.title.text = tr('hex.review.axis.eval');
      chart.options.scales.y1.title.text = tr('hex.review.axis.potential');
      chart.update('none');
    }
  }

  // ---- the summary ----------------------------------------------------------------------------------------
  function sideName(c) {
    return t()(`hex.side.${c}`);
  }

  function drawSummary() {
    const r = current?.report;
    summaryEl.hidden = !r;
    if (!r) return;
    const tr = t();
    const out = [];
    delete summaryEl.dataset.losingPly;
    delete summaryEl.dataset.better;
    if (r.losing_move) {
      const m = r.moves[r.losing_move - 1];
      summaryEl.dataset.losingPly = String(m.ply);
      if (m.better) summaryEl.dataset.better = m.better;
      out.push(h('p', { class: 'hex-review-losing' },
        tr('hex.review.losing', {
          ply: m.ply, side: sideName(m.color), move: m.move, better: m.better ?? '?',
          nodes: (m.proof_nodes ?? 0).toLocaleString(), ms: Math.round(m.proof_ms ?? 0),
        }), ' ',
        h('button', { type: 'button', class: 'btn btn-small', dataset: { testid: 'review-show-losing' }, text: tr('hex.review.showOnBoard'), on: { click: () => view(m.ply - 1) } })));
    } else {
      out.push(h('p', { text: r.solved_from === null || r.solved_from === undefined ? tr('hex.review.noSolve') : tr('hex.review.noLosing', { ply: r.solved_from }) }));
    }
    if (r.solved_from !== null && r.solved_from !== undefined && r.losing_move) {
      out.push(h('p', { class: 'hex-review-note', text: tr('hex.review.solvedFrom', { ply: r.solved_from }) }));
    }
    if (r.likely_mistakes.length) {
      const list = r.likely_mistakes.map((p) => `${p}. ${r.moves[p - 1].move} (−${Math.round(r.moves[p - 1].loss * 100)}%)`).join(', ');
      out.push(h('p', { class: 'hex-review-heuristic', text: tr('hex.review.likely', { list }) }));
    }
    // one row per class (a narrow table: it fits a phone), a column per side
    const sides = ['black', 'white'];
    const row = (label, cell) => h('tr', {}, h('th', { scope: 'row', text: label }), ...sides.map((c) => h('td', { text: cell(r[c]) })));
    out.push(h('table', { class: 'hex-review-table' },
      h('thead', {}, h('tr', {}, h('th', {}), ...sides.map((c) => h('th', { scope: 'col', text: sideName(c) })))),
      h('tbody', {},
        ...CLASSES.map((k) => row(tr(`review.class.${k}`), (s) => String(s[k]))),
        row(tr('hex.review.avgLoss'), (s) => `${(s.average_loss * 100).toFixed(1)}%`))));
    out.push(h('p', { class: 'hex-review-note', text: tr('hex.review.classesNote') }));
    summaryEl.replaceChildren(...out);
  }

  // ---- move-list marks ------------------------------------------------------------------------------------
  /**
   * Puts the review's marks on the move list's items (li[data-ply]); called after every render of the list.
   * Items the review does not cover (another game, later moves) lose them.
   * @param {HTMLElement} listEl  the move list ([data-testid="move-list"])
   */
  function applyReviewMarks(listEl) {
    const r = current && fits(current) ? current.report : null;
    const tr = t();
    for (const li of listEl?.querySelectorAll('li[data-ply]') ?? []) {
      const m = r?.moves[Number(li.dataset.ply) - 1];
      if (!m || m.move !== li.dataset.move) {
        for (const k of ['class', 'better', 'proved', 'heuristic']) delete li.dataset[k];
        li.removeAttribute('title');
        continue;
      }
      li.dataset.class = m.class;
      if (m.better && m.class !== 'best') li.dataset.better = m.better;
      else delete li.dataset.better;
      if (m.proved) li.dataset.proved = 'true';
      else delete li.dataset.proved;
      if (m.heuristic) li.dataset.heuristic = 'true';
      else delete li.dataset.heuristic;
      const cls = tr(`review.class.${m.class}`);
      li.title = m.proved ? tr('hex.review.titleProved', { cls, better: m.better ?? '?' })
        : m.better && m.class !== 'best' ? tr('hex.review.titleBetter', { cls, better: m.better }) : cls;
    }
  }

  // ---- viewing an earlier position --------------------------------------------------------------------------
  function cellIndex(g, cell) {
    return (Number(cell.slice(1)) - 1) * g.width() + (cell.charCodeAt(0) - 97);
  }

  /** Shows the position after `ply` moves on the board (null, or the game's own ply: the game again). */
  function view(ply) {
    const g = game();
    const moves = movesOf(g);
    if (ply === null || ply === undefined || ply >= moves.length || ply < 0) {
      const was = viewPly !== null;
      viewPly = null;
      viewingEl.hidden = true;
      delete viewingEl.dataset.ply;
      if (was) rerender();
      return;
    }
    let past = null;
    try {
      past = gameFrom(HexGame, `${g.width()}x${g.height()}`, swap(), moves.slice(0, ply), false, setupOf(g));
      const lastMove = ply > 0 ? moves[ply - 1] : null;
      board.set({
        width: past.width(), height: past.height(), stones: past.stones(),
        last: lastMove && lastMove !== 'swap-pieces' ? cellIndex(past, lastMove) : null,
        chain: new Set(past.winningChain()), playable: false, toMove: null,
      });
      board.setMarks(null);
      paintMaps(past.maps(convention(), false));
    } catch {
      past?.free();
      return; // a game that cannot be replayed: stay on the current position
    }
    past.free();
    viewPly = ply;
    viewingEl.hidden = false;
    viewingEl.dataset.ply = String(ply);
    viewingText.textContent = viewingLabel();
    drawMarks();
    // the button and the graph may sit far below the board (the side column, a phone): bring the board in view
    viewingEl.scrollIntoView?.({ block: 'start' });
  }

  /** The banner's text: the position shown, and on the one before a proved losing move its alternative. */
  function viewingLabel() {
    const r = current && fits(current) ? current.report : null;
    const m = r?.moves[viewPly];
    const text = t()('hex.review.viewing', { ply: viewPly });
    if (!m?.proved) return text;
    return t()('hex.review.viewingLosing', { viewing: text, better: m.better ?? '?', move: m.move, nodes: (m.proof_nodes ?? 0).toLocaleString(), ms: Math.round(m.proof_ms ?? 0) });
  }

  /** The better move and the played one on the viewed position (the next move's review). */
  function drawMarks() {
    const r = current && fits(current) ? current.report : null;
    const marks = [];
    if (r && viewPly !== null) {
      const m = r.moves[viewPly];
      if (m && m.better && m.class !== 'best') {
        marks.push({ cell: m.better, mark: 'better' });
        if (m.move !== 'swap-pieces') marks.push({ cell: m.move, mark: 'played' });
      }
    }
    drawCellMarks(boardHost, 'hx-review-marks', 'review-marks', marks);
  }

  /** Marks a shown review of fewer moves than the game has: the later moves were not reviewed. */
  function drawPartial() {
    const n = current && fits(current) ? current.moves.length : null;
    const all = movesOf(game()).length;
    partialEl.hidden = n === null || n >= all;
    if (partialEl.hidden) delete partialEl.dataset.reviewed;
    else {
      partialEl.dataset.reviewed = String(n);
      partialEl.textContent = t()('hex.review.partial', { n, next: n + 1, all });
    }
  }

  function redraw() {
    drawPartial();
    applyReviewMarks(moveList);
    drawGraph();
    drawSummary();
    drawMarks();
    if (lastError) showError();
    if (progressEl.dataset.state !== 'idle') {
      progressText.textContent = progressLabel();
    }
    if (viewPly !== null) viewingText.textContent = viewingLabel();
  }

  if (current) queueMicrotask(() => redraw());
  if (interrupted) {
    queueMicrotask(() => {
      if (destroyed || job || !fitsWhole(saved)) return;
      run();
      restartedEl.hidden = false;
    });
  }

  return {
    panel,
    /** the banner shown while an earlier position is on the board (for the board column) */
    viewingBar: viewingEl,
    applyReviewMarks,
    /** Whether an earlier position is on the board (the page then ignores hovers). */
    viewing: () => viewPly !== null,
    /** The finished review's report when it covers the page's game (its first moves at least), else null. */
    report: () => (current && !job && fits(current) ? current.report : null),
    /** After the page drew the game's position: the viewed position is left, marks are drawn again. */
    afterRender() {
      if (viewPly !== null) {
        viewPly = null;
        viewingEl.hidden = true;
        delete viewingEl.dataset.ply;
      }
      drawMarks();
    },
    /** The game changed: a review of another game is dropped (a game that goes on keeps it). */
    gameChanged() {
      if (job && !fits(jobKey)) reset();
      if (current && !fits(current)) {
        current = null;
        forgetRun();
      }
      redraw();
    },
    /** The language changed. */
    redraw,
    /** Starts the review of the game (what its button does; a game opened from the library with `&review=1`). */
    run,
    /** Test hook: shows the position after `ply` moves (as a click on the graph's point does). */
    view,
    destroy() {
      destroyed = true;
      if (job) {
        job.cancel();
        job.close();
      }
      chart?.destroy();
      css.remove();
    },
  };
}
