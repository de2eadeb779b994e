// #lab: the technique lab (issue 13). Pick a Xiangqi position and a depth; the real engine searches it in the
// page's engine worker once per configuration (each technique switched off in turn, alpha-beta alone, plain
// minimax), each time in a fresh engine, exactly as `duiyi bench --ablation --fen F --depth N` does natively,
// so the node counts are the same. Table + chart of nodes, time, depth, best move and score per configuration,
// with two sentences on each technique and the seed paragraph they come from. Predict, then reveal: the
// learner may guess the best move first (click it on the board or type it); the engine's answer scores it.
//
// Lesson link: the address holds everything the table depends on and is kept up to date:
//   #lab?fen=<FEN|startpos>&moves=h2e2,h9g7&depth=3[&rows=all,no-pvs,…][&guess=h2e2][&run=1]
// run=1 runs the table on opening, so a teacher's link replays the same table in a fresh page.
// A plain #lab (no settings in the address) runs both technique tables at their default depths on opening (the
// start position at depth 3 takes well under a second), so no panel waits empty for a Run; that run hides the
// best moves and scores ("?") until the learner guesses or presses "Show the moves" (lab-reveal), so it does
// not spoil the guess.
// view=tree (with tdepth, tstep, tnode, tguess) opens the search tree explorer (lab-tree.js), records the tree
// and shows that step, node and guess.
//
// Test hooks (docs/testing.md, "Test hooks"): data-testid="lab-view" (data-state idle|running|done|stopped|error),
// "lab-preset", "lab-fen", "lab-moves", "lab-depth", "lab-run", "lab-stop", "lab-link", "lab-board",
// "lab-row-<name>" (data-nodes, data-best, data-cp, data-mate, data-depth, data-time-ms, data-state
// pending|running|done|cancelled), "lab-chart" (data-rows: rows drawn), "lab-explain-<name>",
// "lab-guess-input", "lab-guess-set", "lab-guess" (data-guess), "lab-verdict" (data-verdict right|wrong),
// "lab-nps", "error" (data-code); Hex: "lab-hex-size", "lab-hex-moves", "lab-hex-board", "lab-hex-guess"
// (data-guess), "lab-hex-verdict" (data-verdict right|wrong), and the Hex technique table's hooks (lab-hex-table.js).
// Hex settings in the link: hexsize, hexmoves, hexguess, hexdepth, hexrun=1 (runs the Hex table on opening).

import { h, setText } from './dom.js';
import { engineClient } from './shared-engine.js';
import { createXiangqiBoard } from './xiangqi-board.js';
import { createHexBoard } from './hex-board.js';
import { errorText } from '../i18n/errors.js';
import { CONFIGS, PRESETS, configsAt, switchesOf } from './lab-configs.js';
import { TREE_DEPTHS, createTreeExplorer } from './lab-tree.js';
import { createPonderReplay } from './lab-ponder.js';
import { createHexTable } from './lab-hex-table.js';
import { loadChart } from './assets.js';
import { ablationRow, fmtInt, sourceLine } from './lab-row.js';

const DEPTHS = [1, 2, 3, 4, 5, 6, 7, 8];
const DEFAULT_DEPTH = 3;

/** Settings from the address (#lab?…); unknown or bad values fall back to the defaults. */
export function readLessonHash(hash = location.hash) {
  const i = hash.indexOf('?');
  const q = new URLSearchParams(i >= 0 ? hash.slice(i + 1) : '');
  const depth = Number(q.get('depth'));
  const rows = (q.get('rows') ?? '').split(',').filter((n) => CONFIGS.some((c) => c.name === n));
  return {
    fen: q.get('fen') || 'startpos',
    moves: (q.get('moves') ?? '').split(/[,\s]+/).filter(Boolean),
    depth: DEPTHS.includes(depth) ? depth : DEFAULT_DEPTH,
    rows: rows.length ? rows : null,
    guess: q.get('guess') || null,
    run: q.get('run') === '1',
    hexSize: Math.min(19, Math.max(3, Number(q.get('hexsize')) || 7)),
    hexMoves: (q.get('hexmoves') ?? 'd4,c5,e3').split(/[,\s]+/).filter(Boolean),
    hexGuess: q.get('hexguess') || null,
    hexDepth: Number(q.get('hexdepth')) || 3,
    hexRun: q.get('hexrun') === '1',
    view: q.get('view') === 'tree' ? 'tree' : null,
    tree: {
      depth: TREE_DEPTHS.includes(Number(q.get('tdepth'))) ? Number(q.get('tdepth')) : 3,
      step: /^\d+$/.test(q.get('tstep') ?? '') ? Number(q.get('tstep')) : null,
      node: /^\d+$/.test(q.get('tnode') ?? '') ? Number(q.get('tnode')) : null,
      guess: q.get('tguess') || null,
    },
  };
}

/** The address of a lesson (see the header). */
export function lessonHash(s) {
  const q = new URLSearchParams();
  q.set('fen', s.fen);
  if (s.moves.length) q.set('moves', s.moves.join(','));
  q.set('depth', String(s.depth));
  if (s.rows) q.set('rows', s.rows.join(','));
  if (s.guess) q.set('guess', s.guess);
  if (s.run) q.set('run', '1');
  if (s.hexSize !== undefined) {
    q.set('hexsize', String(s.hexSize));
    q.set('hexmoves', s.hexMoves.join(','));
    if (s.hexGuess) q.set('hexguess', s.hexGuess);
    if (s.hexDepth !== undefined) q.set('hexdepth', String(s.hexDepth));
    if (s.hexRun) q.set('hexrun', '1');
  }
  if (s.view === 'tree' && s.tree) {
    q.set('view', 'tree');
    q.set('tdepth', String(s.tree.depth));
    if (s.tree.step !== null && s.tree.step !== undefined) q.set('tstep', String(s.tree.step));
    if (s.tree.node !== null && s.tree.node !== undefined) q.set('tnode', String(s.tree.node));
    if (s.tree.guess) q.set('tguess', s.tree.guess);
  }
  return `#lab?${q.toString()}`;
}


export async function mount(root, ctx) {
  let t = ctx.t;
  const { XiangqiGame } = ctx.wasm;
  const client = engineClient();
  // before anything writes the address: a plain #lab runs the tables on opening (see the top)
  const plainArrival = !location.hash.includes('?');
  const settings = readLessonHash();
  let runToken = 0;
  let destroyed = false;
  /** true while the run a lesson link asked for (run=1) is going: it keeps the link's view */
  let fromLink = false;
  /** name → {nodes, best, cp, mate, depth, timeMs, nps, state} */
  let results = new Map();
  let guessRevealed = false;
  /** the best moves and scores are hidden ("?"): the table was run on opening, before any guess */
  let masked = false;
  let chart = null;
  const Chart = await loadChart();

  // ---- elements ------------------------------------------------------------------------------------------
  const tx = (key, tag = 'span', props = {}) => h(tag, { ...props, dataset: { ...(props.dataset ?? {}), i18n: key } }, t(key));
  const presetSel = h('select', { dataset: { testid: 'lab-preset' } });
  const fenInput = h('input', { type: 'text', class: 'lab-fen', spellcheck: 'false', dataset: { testid: 'lab-fen' } });
  const movesInput = h('input', { type: 'text', class: 'lab-moves', spellcheck: 'false', dataset: { testid: 'lab-moves' } });
  const depthSel = h('select', { dataset: { testid: 'lab-depth' } }, DEPTHS.map((d) => h('option', { value: String(d) }, String(d))));
  const runBtn = h('button', { type: 'button', class: 'btn', dataset: { testid: 'lab-run' } });
  const stopBtn = h('button', { type: 'button', class: 'btn', disabled: true, dataset: { testid: 'lab-stop' } });
  const linkEl = h('a', { class: 'position-link', dataset: { testid: 'lab-link' } });
  const errorBox = h('p', { class: 'error', role: 'alert', hidden: true, dataset: { testid: 'error' } });
  const status = h('p', { class: 'lab-status', dataset: { testid: 'lab-status' } });
  const revealBtn = h('button', { type: 'button', class: 'btn btn-small', hidden: true, dataset: { testid: 'lab-reveal' } });
  const maskNote = h('p', { class: 'lab-hint', hidden: true, dataset: { testid: 'lab-mask-note' } });
  const npsNote = h('p', { class: 'lab-hint', dataset: { testid: 'lab-nps' } });
  const boardBox = h('div', { class: 'lab-board', dataset: { testid: 'lab-board' } });
  const guessInput = h('input', { type: 'text', class: 'lab-guess-input', spellcheck: 'false', dataset: { testid: 'lab-guess-input' } });
  const guessBtn = h('button', { type: 'button', class: 'btn btn-small', dataset: { testid: 'lab-guess-set' } });
  const guessOut = h('p', { class: 'lab-guess', dataset: { testid: 'lab-guess' } });
  const verdict = h('p', { class: 'lab-verdict', hidden: true, dataset: { testid: 'lab-verdict' } });
  const hexSizeSel = h('select', { dataset: { testid: 'lab-hex-size' } }, [5, 7, 9, 11].map((n) => h('option', { value: String(n) }, `${n}×${n}`)));
  const hexMovesInput = h('input', { type: 'text', class: 'lab-moves', spellcheck: 'false', dataset: { testid: 'lab-hex-moves' } });
  const hexBoardBox = h('div', { class: 'lab-hex-board', dataset: { testid: 'lab-hex-board' } });
  const hexGuessOut = h('p', { class: 'lab-guess', dataset: { testid: 'lab-hex-guess' } });
  const hexVerdict = h('p', { class: 'lab-verdict', hidden: true, dataset: { testid: 'lab-hex-verdict' } });
  const hexTableBox = h('div', { class: 'lab-hex-table-box' });
  const tbody = h('tbody');
  const table = h('table', { class: 'lab-table', dataset: { testid: 'lab-table' } }, h('thead', {}, h('tr', {},
    ['lab.col.config', 'lab.col.nodes', 'lab.col.ratio', 'lab.col.time', 'lab.col.nps', 'lab.col.depth', 'lab.col.best', 'lab.col.score']
      .map((k) => tx(k, 'th')))), tbody);
  const canvas = h('canvas', { role: 'img', hidden: true });
  // Until a run has results, a sentence saying what will be drawn here (not an empty chart grid).
  const chartEmpty = h('p', { class: 'lab-chart-empty', dataset: { testid: 'lab-chart-empty' } });
  const chartBox = h('div', { class: 'lab-chart', dataset: { testid: 'lab-chart', rows: '0', empty: 'true' } }, canvas, chartEmpty);
  const explainList = h('dl', { class: 'lab-explain' });
  const treeBox = h('div', { class: 'lab-tree-box' });
  const ponderBox = h('div', { class: 'lab-ponder-box' });

  const view = h('div', { class: 'lab-view', dataset: { testid: 'lab-view', state: 'idle' } },
    tx('lab.title', 'h1'),
    tx('lab.intro', 'p', { class: 'lab-hint' }),
    h('div', { class: 'lab-layout' },
      h('section', { class: 'panel lab-setup' },
        tx('lab.position', 'h2'),
        h('label', {}, tx('lab.preset'), ' ', presetSel),
        h('label', {}, tx('lab.fen'), fenInput),
        h('label', {}, tx('lab.moves'), movesInput),
        h('label', {}, tx('lab.depth'), ' ', depthSel),
        h('div', { class: 'lab-actions' }, runBtn, stopBtn),
        linkEl,
        errorBox,
        boardBox,
        tx('lab.guessTitle', 'h2'),
        tx('lab.guessHint', 'p', { class: 'lab-hint' }),
        h('div', { class: 'lab-actions' }, guessInput, guessBtn),
        guessOut,
        verdict),
      h('section', { class: 'panel lab-results' },
        tx('lab.results', 'h2'),
        status,
        h('div', { class: 'lab-actions' }, maskNote, revealBtn),
        h('div', { class: 'lab-scroll' }, table),
        chartBox,
        npsNote,
        tx('lab.explainTitle', 'h2'),
        explainList)),
    treeBox,
    ponderBox,
    h('section', { class: 'panel lab-hex' },
      tx('lab.hex.title', 'h2'),
      tx('lab.hex.hint', 'p', { class: 'lab-hint' }),
      h('div', { class: 'lab-actions' }, h('label', {}, tx('lab.hex.size'), ' ', hexSizeSel),
        h('label', { class: 'lab-grow' }, tx('lab.hex.moves'), ' ', hexMovesInput)),
      hexBoardBox, hexGuessOut, hexVerdict, hexTableBox));
  const css = h('link', { rel: 'stylesheet', href: new URL('./lab.css', import.meta.url).href });
  root.replaceChildren(css, view);

  const board = createXiangqiBoard(boardBox, {
    ariaLabel: t('lab.boardLabel'),
    onMove: (from, to) => setGuess(`${from}${to}`),
  });

  // ---- search tree explorer (lab-tree.js) --------------------------------------------------------------------
  const treeView = createTreeExplorer(treeBox, {
    t: (...a) => t(...a),
    XiangqiGame,
    client,
    position: () => ({ fen: settings.fen, moves: [...settings.moves] }),
    createBoard: (box) => createXiangqiBoard(box, { ariaLabel: t('lab.tree.boardLabel') }),
    chinese: (iccs) => chinese(iccs),
    showError: (err) => showError(err),
    onChange() {
      // Stepping or choosing in the explorer makes it the lesson's view.
      settings.view = 'tree';
      updateLink();
    },
  }, settings.tree);

  const ponderView = createPonderReplay(ponderBox, { t: (...a) => t(...a) });

  // ---- Hex technique table (lab-hex-table.js) ----------------------------------------------------------------
  const hexTable = createHexTable(hexTableBox, {
    t: (...a) => t(...a),
    client,
    Chart,
    position: () => ({ size: settings.hexSize, moves: [...settings.hexMoves] }),
    showError: (err) => showError(err),
    onChange() {
      settings.hexDepth = hexTable.depth;
      settings.hexRun = hexTable.running || hexTable.results.size > 0;
      updateLink();
    },
  }, { depth: settings.hexDepth });
  settings.hexDepth = hexTable.depth;

  // ---- Hex: guess the hottest cell (lowest total potential, Queenbee) -----------------------------------------
  const hexBoard = createHexBoard(hexBoardBox, { onPlay: (cell) => setHexGuess(cell), onHover: () => {} });

  function hexGame() {
    const g = new ctx.wasm.HexGame(settings.hexSize, settings.hexSize, false);
    try {
      for (const m of settings.hexMoves) g.play(m);
    } catch (err) {
      g.free();
      throw err;
    }
    return g;
  }

  function cellIndex(name, width) {
    const col = name.charCodeAt(0) - 97;
    const row = Number(name.slice(1)) - 1;
    return row * width + col;
  }

  function drawHex() {
    let g;
    try {
      g = hexGame();
    } catch (err) {
      showError(err);
      return;
    }
    const m = g.maps('queenbee', false);
    g.free();
    const n = m.width * m.height;
    const guess = settings.hexGuess;
    hexBoard.set({ width: m.width, height: m.height, stones: m.stones, last: null, chain: new Set(), playable: !guess, toMove: m.toMove });
    hexGuessOut.dataset.guess = guess ?? '';
    if (!guess) {
      hexBoard.setHeatmap(null);
      setText(hexGuessOut, t('lab.noGuess'));
      hexVerdict.hidden = true;
      delete hexVerdict.dataset.verdict;
      return;
    }
    // Reveal: every cell's total potential, the hottest ones outlined.
    const values = [];
    const colors = [];
    const outlined = new Set();
    for (let i = 0; i < n; i++) {
      const v = m.total[i];
      values.push(m.stones[i] ? '' : v === 65535 ? 'inf' : String(v));
      colors.push(m.stones[i] ? '' : v === 65535 ? 'inf' : v === m.lowestTotal ? '#f4a259' : '#efe2c4');
      if (!m.stones[i] && v === m.lowestTotal) outlined.add(i);
    }
    hexBoard.setHeatmap({ overlay: 'total', values, colors, outlined, numbers: true, dark: values.map(() => true), preview: guess });
    const mine = m.total[cellIndex(guess, m.width)];
    const right = mine === m.lowestTotal;
    const hottest = [...outlined].map((i) => `${String.fromCharCode(97 + (i % m.width))}${Math.floor(i / m.width) + 1}`);
    setText(hexGuessOut, t('lab.yourGuess', { move: guess }));
    hexVerdict.dataset.verdict = right ? 'right' : 'wrong';
    setText(hexVerdict, t(right ? 'lab.hex.right' : 'lab.hex.wrong', {
      total: mine === 65535 ? '∞' : mine, lowest: m.lowestTotal ?? '∞', cells: hottest.join(' '),
    }));
  }

  function setHexGuess(cell) {
    const g = hexGame();
    const taken = g.maps('queenbee', false).stones[cellIndex(cell, settings.hexSize)] !== 0;
    g.free();
    if (taken) return; // a stone: not a candidate
    settings.hexGuess = cell;
    drawHex();
    updateLink();
  }

  function readHexInputs() {
    const old = { hexSize: settings.hexSize, hexMoves: settings.hexMoves };
    settings.hexSize = Number(hexSizeSel.value);
    settings.hexMoves = hexMovesInput.value.split(/[,\s]+/).filter(Boolean);
    try {
      hexGame().free();
    } catch (err) {
      Object.assign(settings, old);
      showError(err);
      return;
    }
    showError(null);
    settings.hexGuess = null;
    settings.hexRun = false;
    hexTable.reset();
    drawHex();
    updateLink();
  }
  hexSizeSel.addEventListener('change', readHexInputs);
  hexMovesInput.addEventListener('change', readHexInputs);

  // ---- position ------------------------------------------------------------------------------------------
  function game() {
    const g = new XiangqiGame(settings.fen === 'startpos' ? undefined : settings.fen);
    for (const m of settings.moves) g.play(m);
    return g;
  }

  function showError(err) {
    if (!err) {
      setText(errorBox, '');
      delete errorBox.dataset.code;
      return;
    }
    setText(errorBox, errorText(t, err));
    errorBox.dataset.code = err.code ?? '';
  }

  /** Reads the inputs into `settings`; false (with the reason shown) when the position is bad. */
  function readInputs() {
    const fen = fenInput.value.trim() || 'startpos';
    const moves = movesInput.value.split(/[,\s]+/).filter(Boolean);
    const old = { fen: settings.fen, moves: settings.moves };
    Object.assign(settings, { fen, moves, depth: Number(depthSel.value) });
    try {
      game().free();
    } catch (err) {
      Object.assign(settings, old);
      showError(err);
      return false;
    }
    showError(null);
    return true;
  }

  function drawPosition() {
    let g;
    try {
      g = game();
    } catch (err) {
      showError(err);
      return;
    }
    const dests = new Map();
    for (const m of g.legalMoves()) {
      const from = m.slice(0, 2);
      if (!dests.has(from)) dests.set(from, []);
      dests.get(from).push(m.slice(2, 4));
    }
    const orientation = 'red';
    const guess = settings.guess && g.legalMoves().includes(settings.guess) ? settings.guess : null;
    board.set({ pieces: g.pieces(), dests, movable: true, orientation, lastMove: guess ? { from: guess.slice(0, 2), to: guess.slice(2, 4) } : null, animate: false });
    g.free();
  }

  function chinese(iccs) {
    if (!iccs) return '';
    try {
      const g = game();
      const text = g.chinese(iccs);
      g.free();
      return text;
    } catch {
      return '';
    }
  }

  function updateLink() {
    // The tree view's link opens the explorer alone; the table's link runs the table.
    const hash = lessonHash({ ...settings, run: settings.view !== 'tree' });
    linkEl.href = `${location.pathname}${location.search}${hash}`;
    setText(linkEl, t('lab.link'));
    if (location.hash !== hash && location.hash.startsWith('#lab')) history.replaceState(history.state, '', `${location.pathname}${location.search}${hash}`);
  }

  // ---- guess ---------------------------------------------------------------------------------------------
  function setGuess(text) {
    let iccs = text.trim();
    try {
      const g = game();
      if (!/^[a-i]\d[a-i]\d$/i.test(iccs)) iccs = g.parseChinese(iccs);
      iccs = iccs.toLowerCase();
      if (!g.legalMoves().includes(iccs)) throw Object.assign(new Error(`${iccs} is not a legal move here`), { code: 'lab.guess_illegal', params: { move: iccs } });
      g.free();
    } catch (err) {
      showError(err);
      return;
    }
    showError(null);
    settings.guess = iccs;
    guessRevealed = false;
    renderGuess();
    drawPosition();
    updateLink();
  }

  function renderGuess() {
    guessOut.dataset.guess = settings.guess ?? '';
    setText(guessOut, settings.guess ? t('lab.yourGuess', { move: `${settings.guess} ${chinese(settings.guess)}` }) : t('lab.noGuess'));
    const all = results.get('all');
    if (settings.guess && all?.state === 'done') {
      const right = all.best === settings.guess;
      verdict.dataset.verdict = right ? 'right' : 'wrong';
      setText(verdict, t(right ? 'lab.guessRight' : 'lab.guessWrong', { move: `${all.best} ${chinese(all.best)}`, depth: all.depth }));
      guessRevealed = true;
      if (masked) {
        masked = false;
        renderTable();
      }
    } else {
      verdict.hidden = true;
      delete verdict.dataset.verdict;
    }
  }

  // ---- table and chart -----------------------------------------------------------------------------------
  function rows() {
    const at = configsAt(settings.depth);
    return settings.rows ? at.filter((c) => settings.rows.includes(c.name)) : at;
  }

  function scoreText(r) {
    if (r.mate !== null && r.mate !== undefined) return t('lab.mate', { n: r.mate });
    return r.cp === null || r.cp === undefined ? '' : String(r.cp);
  }

  function renderTable() {
    const base = results.get('all');
    tbody.replaceChildren(...rows().map((c) => {
      const r = results.get(c.name) ?? { state: 'pending' };
      const done = r.state === 'done';
      return ablationRow({
        testid: `lab-row-${c.name}`, label: t(`lab.cfg.${c.name}`), r, base,
        bestText: done ? (masked ? '?' : `${r.best ?? '—'} ${chinese(r.best)}`) : '', scoreText: done ? (masked ? '?' : scoreText(r)) : '',
      });
    }));
    renderChart();
    const hiding = masked && results.size > 0;
    setText(maskNote, hiding ? t('lab.maskNote', { depth: settings.depth }) : '');
    revealBtn.textContent = t('lab.reveal');
    revealBtn.hidden = !hiding;
    if (base?.state === 'done' && base.timeMs > 0) {
      setText(npsNote, t('lab.npsNote', { nps: fmtInt((base.nodes / base.timeMs) * 1000), depth: base.depth }));
    } else setText(npsNote, '');
  }

  function renderChart() {
    const done = rows().filter((c) => results.get(c.name)?.state === 'done');
    chartBox.dataset.rows = String(done.length);
    chartBox.dataset.empty = String(done.length === 0);
    chartEmpty.textContent = t('lab.chartEmpty');
    chartEmpty.hidden = done.length > 0;
    canvas.hidden = done.length === 0;
    canvas.setAttribute('aria-label', t('lab.results'));
    if (!Chart || (done.length === 0 && !chart)) return;
    const labels = done.map((c) => t(`lab.cfg.${c.name}`));
    const data = done.map((c) => results.get(c.name).nodes);
    const colors = done.map((c) => (c.name === 'all' ? '#b3261e' : c.name === 'minimax' ? '#6d4c41' : '#1565c0'));
    if (!chart) {
      chart = new Chart(canvas, {
        type: 'bar',
        data: { labels, datasets: [{ label: t('lab.col.nodes'), data, backgroundColor: colors }] },
        options: {
          indexAxis: 'y', animation: false, responsive: true, maintainAspectRatio: false,
          plugins: { legend: { display: false } },
          scales: { x: { type: 'logarithmic', title: { display: true, text: t('lab.chartAxis') } } },
        },
      });
    } else {
      chart.data.labels = labels;
      chart.data.datasets[0].data = data;
      chart.data.datasets[0].backgroundColor = colors;
      chart.data.datasets[0].label = t('lab.col.nodes');
      chart.options.scales.x.title.text = t('lab.chartAxis');
      chart.update('none');
    }
  }

  function renderExplanations() {
    explainList.replaceChildren(...configsAt(1).map((c) => h('div', { class: 'lab-explain-item', dataset: { testid: `lab-explain-${c.name}` } },
      h('dt', {}, t(`lab.cfg.${c.name}`)),
      h('dd', {}, t(`lab.tech.${c.name}`),
        sourceLine(c.source, t)))));
  }

  // ---- running -------------------------------------------------------------------------------------------
  function setState(state) {
    view.dataset.state = state;
    runBtn.disabled = state === 'running';
    stopBtn.disabled = state !== 'running';
    setText(status, t(`lab.state.${state}`));
  }

  /**
   * Runs the table. `auto`: the run on opening a plain #lab, which hides the best moves and scores until a guess
   * or "Show the moves"; a run the user asks for shows them. Resolves true when every row was searched (false:
   * stopped, superseded by another run, or an error).
   */
  async function run({ auto = false } = {}) {
    if (!readInputs()) return;
    masked = auto && !guessRevealed;
    const token = ++runToken;
    settings.run = true;
    if (!fromLink) settings.view = null; // the table is the lesson's view again
    updateLink();
    drawPosition();
    results = new Map();
    renderGuess();
    setState('running');
    renderTable();
    for (const c of rows()) {
      if (token !== runToken) return;
      results.set(c.name, { state: 'running' });
      renderTable();
      let r;
      try {
        r = await client.lab({ fen: settings.fen, moves: settings.moves }, settings.depth, switchesOf(c));
      } catch (err) {
        if (token !== runToken) return;
        results.set(c.name, { state: 'cancelled' });
        showError(err);
        setState('error');
        renderTable();
        return;
      }
      if (token !== runToken) return;
      if (r.cancelled) {
        results.set(c.name, { state: 'cancelled' });
        renderTable();
        setState('stopped');
        return;
      }
      const last = r.infos.at(-1);
      results.set(c.name, {
        state: last && last.depth === settings.depth ? 'done' : 'cancelled',
        nodes: last?.nodes ?? 0,
        best: r.move,
        cp: last?.score?.cp ?? null,
        mate: last?.score?.mate ?? null,
        depth: last?.depth ?? 0,
        timeMs: last?.timeMs ?? 0,
      });
      renderTable();
      if (c.name === 'all') renderGuess();
    }
    if (token !== runToken) return false;
    setState('done');
    return true;
  }

  function stop() {
    runToken++;
    client.cancel();
    for (const [name, r] of results) if (r.state === 'running') results.set(name, { state: 'cancelled' });
    renderTable();
    setState('stopped');
  }

  // ---- wiring --------------------------------------------------------------------------------------------
  function fillInputs() {
    fenInput.value = settings.fen;
    movesInput.value = settings.moves.join(' ');
    depthSel.value = String(settings.depth);
    if (![...hexSizeSel.options].some((o) => o.value === String(settings.hexSize))) {
      hexSizeSel.append(h('option', { value: String(settings.hexSize) }, `${settings.hexSize}×${settings.hexSize}`));
    }
    hexSizeSel.value = String(settings.hexSize);
    hexMovesInput.value = settings.hexMoves.join(' ');
    const preset = PRESETS.find((p) => p.fen === settings.fen && p.moves.join(' ') === settings.moves.join(' '));
    presetSel.value = preset ? preset.id : '';
  }

  function setStrings() {
    for (const el of view.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
    presetSel.replaceChildren(h('option', { value: '' }, t('lab.preset.custom')),
      ...PRESETS.map((p) => h('option', { value: p.id }, t(`lab.preset.${p.id}`))));
    fillInputs();
    runBtn.textContent = t('lab.run');
    stopBtn.textContent = t('lab.stop');
    guessBtn.textContent = t('lab.guessSet');
    guessInput.placeholder = t('lab.guessPlaceholder');
    setText(status, t(`lab.state.${view.dataset.state}`));
    renderExplanations();
    renderTable();
    renderGuess();
    drawHex();
    updateLink();
  }

  presetSel.addEventListener('change', () => {
    const p = PRESETS.find((x) => x.id === presetSel.value);
    if (!p) return;
    fenInput.value = p.fen;
    movesInput.value = p.moves.join(' ');
    settings.guess = null;
    if (readInputs()) {
      results = new Map();
      treeView.reset();
      drawPosition();
      renderTable();
      renderGuess();
      updateLink();
    }
  });
  for (const input of [fenInput, movesInput]) {
    input.addEventListener('change', () => {
      settings.guess = null;
      if (readInputs()) {
        results = new Map();
        treeView.reset();
        drawPosition();
        renderTable();
        renderGuess();
        updateLink();
      }
    });
  }
  depthSel.addEventListener('change', () => {
    settings.depth = Number(depthSel.value);
    results = new Map();
    renderTable();
    renderGuess();
    updateLink();
  });
  runBtn.addEventListener('click', () => run());
  revealBtn.addEventListener('click', () => {
    masked = false;
    renderTable();
  });
  stopBtn.addEventListener('click', () => stop());
  guessBtn.addEventListener('click', () => setGuess(guessInput.value));
  guessInput.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') setGuess(guessInput.value);
  });

  setState('idle');
  setStrings();
  drawPosition();
  (async () => {
    if (settings.run) {
      fromLink = true;
      await run();
      fromLink = false;
    }
    if (settings.view === 'tree') {
      treeView.element.scrollIntoView?.({ block: 'start' });
      await treeView.record({ step: settings.tree.step, node: settings.tree.node });
    }
    if (settings.hexRun) await hexTable.run();
    if (plainArrival && !destroyed) {
      // the Hex table only after the whole Xiangqi table (a run the user started meanwhile is left alone)
      const whole = await run({ auto: true });
      if (whole && !destroyed && !hexTable.running && hexTable.results.size === 0 && view.dataset.state === 'done') await hexTable.run();
    }
  })();

  return {
    setLang(_lang, nextT) {
      t = nextT;
      setStrings();
      treeView.setLang((...a) => t(...a));
      hexTable.setLang((...a) => t(...a));
      ponderView.setLang((...a) => t(...a));
    },
    unmount() {
      destroyed = true;
      runToken++;
      if (view.dataset.state === 'running' || treeView.running || hexTable.running) client.cancel();
      treeView.cancel();
      hexTable.cancel();
      hexTable.destroy();
      chart?.destroy();
      chart = null;
    },
    get client() {
      return client;
    },
    get results() {
      return results;
    },
    get guessRevealed() {
      return guessRevealed;
    },
    get tree() {
      return treeView;
    },
    get hexTable() {
      return hexTable;
    },
  };
}
