// #lab, the search tree explorer (issue 13 item 2): the real Xiangqi search of the lab's position to a small
// depth, recorded in the worker (src/xiangqi/tree.rs: every node to 4 plies, at most 20,000 listed; all
// techniques on; a fresh engine, sliced exactly, so the tree is the native `duiyi bench --tree` one) and
// replayed step by step in the order the search entered the nodes.
//
// Shown: the path to the selected node with every sibling on it (an outline, one row per node: move, window
// (alpha, beta) and depth, returned value, node type PV / cut / all, TT hit, TT / null-move / reverse-futility
// cut-offs, LMR reduction and re-search, beta cut-off); the moves a beta cut-off left unsearched greyed; the
// selected node's board (the lab's board component, in the explorer's panel). Step with the slider, the buttons or ← → (Home / End) on the panel.
// Predict, then reveal: guess which root move of the last iteration is refuted first (its reply node cuts
// off); the verdict appears when the step reaches that cut-off (or on Reveal, which jumps there).
//
// Scores are centipawns from the side to move's view at the node (negamax), as the search keeps them.
//
// Test hooks: "lab-tree" (data-state idle|running|done|stopped|error, data-tree-nodes, data-search-nodes,
// data-listed, data-best, data-score, data-step), "lab-tree-depth", "lab-tree-run", "lab-tree-summary",
// "lab-tree-step" (range), "lab-tree-first", "lab-tree-prev", "lab-tree-next", "lab-tree-last",
// "lab-tree-steplabel", "lab-tree-node" rows (data-index, data-type pv|cut|all|open, data-flags, data-selected),
// "lab-tree-pruned" rows (data-move, data-parent: the node that cut off), "lab-tree-detail" (data-index, data-fen), "lab-tree-board", "lab-tree-guess" (select),
// "lab-tree-reveal", "lab-tree-verdict" (data-verdict right|wrong, data-answer).

import { h, icon, setText } from './dom.js';

/** Flag bits of src/xiangqi/tree.rs. */
export const F = Object.freeze({
  PV_NODE: 1, TT_HIT: 2, TT_CUT: 4, NULL_CUT: 8, RFP_CUT: 16, REDUCED: 32, RESEARCH: 64, BETA_CUT: 128,
  NULL_MOVE: 256, VERIFY: 512, HORIZON: 1024, RULE: 2048, FUTILITY: 4096, PASS: 8192,
});
export const TREE_DEPTHS = [1, 2, 3, 4, 5];
const BADGES = [
  [F.TT_HIT, 'tt'], [F.TT_CUT, 'ttcut'], [F.NULL_CUT, 'nullcut'], [F.RFP_CUT, 'rfp'], [F.REDUCED, 'lmr'],
  [F.RESEARCH, 'research'], [F.BETA_CUT, 'betacut'], [F.NULL_MOVE, 'null'], [F.VERIFY, 'verify'], [F.HORIZON, 'horizon'],
  [F.RULE, 'rule'], [F.FUTILITY, 'futility'],
];
const FILES = 'abcdefghi';

/** ICCS of a move code (src/xiangqi/tree.rs `move_code`), null for -1. */
export function moveText(code) {
  if (code < 0) return null;
  const ff = Math.floor(code / 1000), fr = Math.floor(code / 100) % 10, tf = Math.floor(code / 10) % 10, tr = code % 10;
  return `${FILES[ff]}${fr}${FILES[tf]}${tr}`;
}

/** Decodes the worker's `{summary, flat}` into node objects with children lists. */
export function decodeTree({ summary, flat }) {
  const stride = summary.stride;
  const fields = summary.fields;
  const nodes = [];
  for (let i = 0; i * stride < flat.length; i++) {
    const n = { index: i, children: [] };
    fields.forEach((f, k) => { n[f] = flat[i * stride + k]; });
    n.mv = moveText(n.move);
    nodes.push(n);
    if (n.parent >= 0) nodes[n.parent].children.push(i);
  }
  return { summary, nodes, passes: nodes.filter((n) => n.parent < 0).map((n) => n.index) };
}

/** PV (exact value inside the window), cut (fail high) or all (fail low) — by the value it returned. */
export function nodeType(n) {
  if (n.value >= n.beta) return 'cut';
  if (n.value <= n.alpha) return 'all';
  return 'pv';
}

/**
 * The answer to "which root move of the last iteration is refuted first": the first root-move node of the last
 * pass whose reply cut off (a beta cut-off, TT, null-move or reverse-futility cut), or null.
 */
export function firstRefuted(tree) {
  const last = tree.nodes[tree.passes.at(-1)];
  const cut = F.BETA_CUT | F.TT_CUT | F.NULL_CUT | F.RFP_CUT;
  for (const c of last.children) {
    const n = tree.nodes[c];
    if (n.flags & cut) return n;
  }
  return null;
}

const fmtInt = (n) => Math.round(n).toLocaleString('en-US');
const win = (v) => (v <= -30000 ? '−∞' : v >= 30000 ? '+∞' : String(v));

/**
 * Mounts the explorer into `container`. `env`: {t(), XiangqiGame, client, position() → {fen, moves},
 * createBoard(container) → a xiangqi-board.js board, chinese(iccs), showError(err), onChange()}; `state`
 * {depth, step, guess, node} comes from the lesson link and is kept up to date.
 */
export function createTreeExplorer(container, env, state) {
  let t = env.t;
  let tree = null;
  let token = 0;
  let selected = null; // node index shown (null: the step's node)
  let revealed = false;

  const tx = (key, tag = 'span', props = {}) => h(tag, { ...props, dataset: { ...(props.dataset ?? {}), i18n: key } }, t(key));
  const depthSel = h('select', { dataset: { testid: 'lab-tree-depth' } }, TREE_DEPTHS.map((d) => h('option', { value: String(d) }, String(d))));
  const runBtn = h('button', { type: 'button', class: 'btn', dataset: { testid: 'lab-tree-run' } });
  const summaryEl = h('p', { class: 'lab-hint', dataset: { testid: 'lab-tree-summary' } });
  const slider = h('input', { type: 'range', min: '0', max: '0', value: '0', class: 'lab-tree-slider', dataset: { testid: 'lab-tree-step' } });
  const btn = (id) => h('button', { type: 'button', class: 'btn btn-small', dataset: { testid: `lab-tree-${id}` } }, icon(id));
  const firstBtn = btn('first');
  const prevBtn = btn('prev');
  const nextBtn = btn('next');
  const lastBtn = btn('last');
  const stepLabel = h('span', { class: 'lab-tree-steplabel', dataset: { testid: 'lab-tree-steplabel' } });
  const outline = h('div', { class: 'lab-tree-outline', role: 'tree' });
  const detail = h('div', { class: 'lab-tree-detail', dataset: { testid: 'lab-tree-detail' } });
  const boardBox = h('div', { class: 'lab-board lab-tree-board', dataset: { testid: 'lab-tree-board' } });
  const guessSel = h('select', { dataset: { testid: 'lab-tree-guess' } });
  const revealBtn = h('button', { type: 'button', class: 'btn btn-small', dataset: { testid: 'lab-tree-reveal' } });
  const verdict = h('p', { class: 'lab-verdict', hidden: true, dataset: { testid: 'lab-tree-verdict' } });
  const legend = h('p', { class: 'lab-hint lab-tree-legend' });
  const panel = h('section', { class: 'panel lab-tree', tabindex: '0', dataset: { testid: 'lab-tree', state: 'idle' } },
    tx('lab.tree.title', 'h2'),
    tx('lab.tree.intro', 'p', { class: 'lab-hint' }),
    h('div', { class: 'lab-actions' }, h('label', {}, tx('lab.tree.depth'), ' ', depthSel), runBtn),
    h('div', { class: 'lab-actions' }, tx('lab.tree.guess'), ' ', guessSel, revealBtn),
    verdict,
    summaryEl,
    h('div', { class: 'lab-actions lab-tree-stepper' }, firstBtn, prevBtn, slider, nextBtn, lastBtn, stepLabel),
    legend,
    h('div', { class: 'lab-tree-body' }, outline, h('div', {}, boardBox, detail)));
  container.append(panel);
  const board = env.createBoard(boardBox);

  // ---- position helpers ------------------------------------------------------------------------------------
  /** The root game (the lab's position); the caller frees it. */
  function rootGame() {
    const p = env.position();
    const g = new env.XiangqiGame(p.fen === 'startpos' ? undefined : p.fen);
    for (const m of p.moves) g.play(m);
    return g;
  }

  /** Moves from the root to node `i` (null for a null move; a verification search repeats no move). */
  function path(i) {
    const out = [];
    for (let n = tree.nodes[i]; n && n.parent >= 0; n = tree.nodes[n.parent]) {
      if (n.flags & F.VERIFY) continue;
      out.push(n.flags & F.NULL_MOVE ? null : n.mv);
    }
    return out.reverse();
  }

  /** A game at node `i` (null moves: the side to move is flipped in the FEN); the caller frees it. */
  function gameAt(i) {
    let g = rootGame();
    for (const m of path(i)) {
      if (m === null) {
        const parts = g.fen().split(' ');
        parts[1] = parts[1] === 'w' ? 'b' : 'w';
        g.free();
        g = new env.XiangqiGame(parts.join(' '));
      } else {
        g.play(m);
      }
    }
    return g;
  }

  // ---- rendering -------------------------------------------------------------------------------------------
  const stepNode = () => (state.step > 0 ? state.step - 1 : null);
  const shown = () => (selected !== null && selected < state.step ? selected : stepNode());

  function flagsText(n) {
    return BADGES.filter(([bit]) => n.flags & bit).map(([, key]) => (key === 'lmr' ? `${t('lab.tree.flag.lmr')}−${n.reduction}` : t(`lab.tree.flag.${key}`)));
  }

  function row(n, depthLevel) {
    const done = n.end <= state.step;
    const type = done ? nodeType(n) : 'open';
    const label = n.flags & F.PASS
      ? t('lab.tree.pass', { depth: n.depth })
      : n.flags & F.NULL_MOVE ? t('lab.tree.nullMove') : n.flags & F.VERIFY ? t('lab.tree.verifyOf', { move: n.mv ?? '' }) : n.mv;
    const el = h('div', {
      class: `lab-tree-row t-${type}${shown() === n.index ? ' sel' : ''}${n.index === stepNode() ? ' now' : ''}`,
      role: 'treeitem',
      dataset: { testid: 'lab-tree-node', index: String(n.index), type, flags: String(n.flags), selected: String(shown() === n.index) },
    },
    h('span', { class: 'lab-tree-move' }, label),
    h('span', { class: 'lab-tree-win' }, `[${win(n.alpha)}, ${win(n.beta)}] d${n.depth}`),
    h('span', { class: 'lab-tree-val' }, done ? `= ${win(n.value)}` : '…'),
    h('span', { class: `lab-tree-type` }, done ? t(`lab.tree.type.${type}`) : ''),
    h('span', { class: 'lab-tree-flags' }, (done ? flagsText(n) : flagsText({ ...n, flags: n.flags & (F.TT_HIT | F.REDUCED | F.RESEARCH | F.NULL_MOVE | F.VERIFY | F.HORIZON) })).join(' · ')),
    done ? h('span', { class: 'lab-tree-n' }, t('lab.tree.nodes', { n: fmtInt(n.nodes) })) : '');
    el.style.paddingLeft = `${depthLevel * 16 + 4}px`; // CSSOM: the page's CSP allows no inline style attributes
    el.addEventListener('click', () => select(n.index));
    return el;
  }

  /** Moves of node `i` its search never reached (after a beta cut-off; a cut-off before any move prunes all). */
  function prunedMoves(n) {
    const cut = F.BETA_CUT | F.TT_CUT | F.NULL_CUT | F.RFP_CUT;
    if (!(n.flags & cut) || n.end > state.step || n.ply >= tree.summary.max_ply) return [];
    let g;
    try {
      g = gameAt(n.index);
      const searched = new Set(n.children.map((c) => tree.nodes[c]).filter((c) => !(c.flags & (F.NULL_MOVE | F.VERIFY))).map((c) => c.mv));
      return g.legalMoves().filter((m) => !searched.has(m));
    } catch {
      return [];
    } finally {
      g?.free();
    }
  }

  function indent(el, level) {
    el.style.paddingLeft = `${level * 16 + 4}px`;
    return el;
  }

  function renderOutline() {
    const rows = [];
    if (!tree) {
      outline.replaceChildren();
      return;
    }
    const cur = shown();
    const ancestors = new Set();
    for (let i = cur; i !== null && i >= 0; i = tree.nodes[i].parent) ancestors.add(i);
    const walk = (ids, level) => {
      for (const id of ids) {
        if (id >= state.step) break;
        const n = tree.nodes[id];
        rows.push(row(n, level));
        if (ancestors.has(id)) {
          walk(n.children, level + 1);
          const pruned = prunedMoves(n);
          if (pruned.length) {
            rows.push(indent(h('div', { class: 'lab-tree-row t-pruned' },
              h('span', { class: 'lab-tree-prunedlabel' }, t('lab.tree.notSearched', { n: pruned.length })),
              h('span', { class: 'lab-tree-prunedmoves' }, pruned.map((m) => h('s', { dataset: { testid: 'lab-tree-pruned', move: m, parent: String(id) } }, m)))), level + 1));
          }
          if (n.end <= state.step && n.ply >= tree.summary.max_ply && n.depth > 0 && !(n.flags & (F.TT_CUT | F.NULL_CUT | F.RFP_CUT | F.RULE))) {
            rows.push(indent(h('div', { class: 'lab-tree-row t-deeper' }, t('lab.tree.deeper', { n: fmtInt(n.nodes - 1) })), level + 1));
          }
        }
      }
    };
    walk(tree.passes, 0);
    outline.replaceChildren(...rows);
    outline.querySelector('.sel')?.scrollIntoView?.({ block: 'nearest' });
  }

  function renderDetail() {
    const i = shown();
    if (!tree || i === null) {
      detail.replaceChildren(tx('lab.tree.noNode', 'p', { class: 'lab-hint' }));
      delete detail.dataset.index;
      try {
        const g = rootGame();
        board.set({ pieces: g.pieces(), dests: new Map(), movable: false, orientation: 'red', lastMove: null, animate: false });
        g.free();
      } catch {
        /* a bad position is reported by the lab */
      }
      return;
    }
    const n = tree.nodes[i];
    let fen = '';
    let pathText = '';
    try {
      const g = gameAt(i);
      fen = g.fen();
      g.free();
      pathText = path(i).map((m) => m ?? t('lab.tree.nullMove')).join(' ');
      const last = n.flags & (F.NULL_MOVE | F.PASS) ? null : n.mv;
      const g2 = new env.XiangqiGame(fen);
      board.set({ pieces: g2.pieces(), dests: new Map(), movable: false, orientation: 'red', lastMove: last ? { from: last.slice(0, 2), to: last.slice(2, 4) } : null, animate: false });
      g2.free();
    } catch {
      /* a position the rules reject cannot occur: the moves come from the search */
    }
    detail.dataset.index = String(i);
    detail.dataset.fen = fen;
    const done = n.end <= state.step;
    const type = done ? nodeType(n) : 'open';
    const lines = [
      [t('lab.tree.d.path'), pathText || t('lab.tree.d.root')],
      [t('lab.tree.d.window'), `(${win(n.alpha)}, ${win(n.beta)}), ${t('lab.tree.d.depth')} ${n.depth}${n.flags & F.PV_NODE ? ` · ${t('lab.tree.d.pvNode')}` : ''}`],
      [t('lab.tree.d.value'), done ? `${win(n.value)} — ${t(`lab.tree.typeLong.${type}`)}` : t('lab.tree.d.open')],
      [t('lab.tree.d.nodes'), done ? fmtInt(n.nodes) : '…'],
      [t('lab.tree.d.flags'), flagsText(n).join(' · ') || '—'],
    ];
    detail.replaceChildren(h('dl', {}, ...lines.flatMap(([k, v]) => [h('dt', {}, k), h('dd', {}, v)])));
  }

  function renderGuess() {
    const root = tree ? tree.nodes[tree.passes.at(-1)].children.map((c) => tree.nodes[c].mv) : null;
    let moves = root;
    if (!moves) {
      try {
        const g = rootGame();
        moves = g.legalMoves();
        g.free();
      } catch {
        moves = [];
      }
    }
    const uniq = [...new Set(moves)];
    guessSel.replaceChildren(h('option', { value: '' }, t('lab.tree.guessNone')),
      ...uniq.map((m) => h('option', { value: m }, `${env.chinese(m)} ${m}`.trim())));
    guessSel.value = state.guess && uniq.includes(state.guess) ? state.guess : '';
    const answer = tree ? firstRefuted(tree) : null;
    const show = tree && answer && (revealed || state.step >= answer.end);
    verdict.hidden = !show;
    if (show) {
      const right = state.guess === answer.mv;
      verdict.dataset.verdict = right ? 'right' : 'wrong';
      verdict.dataset.answer = answer.mv;
      const text = { move: `${env.chinese(answer.mv)} ${answer.mv}`.trim(), step: answer.end };
      setText(verdict, state.guess ? t(right ? 'lab.tree.right' : 'lab.tree.wrong', text) : t('lab.tree.answer', text));
    } else {
      delete verdict.dataset.verdict;
    }
    revealBtn.disabled = !tree || !answer;
  }

  function render() {
    const max = tree ? tree.nodes.length : 0;
    slider.max = String(max);
    slider.value = String(state.step);
    for (const b of [firstBtn, prevBtn]) b.disabled = !tree || state.step <= 0;
    for (const b of [nextBtn, lastBtn]) b.disabled = !tree || state.step >= max;
    slider.disabled = !tree;
    setText(stepLabel, tree ? t('lab.tree.step', { step: state.step, max }) : '');
    panel.dataset.step = String(state.step);
    if (tree) {
      const s = tree.summary;
      setText(summaryEl, t('lab.tree.summary', {
        tree: fmtInt(s.tree_nodes), search: fmtInt(s.search_nodes), listed: fmtInt(s.listed), plies: s.max_ply,
        best: `${env.chinese(s.best)} ${s.best ?? ''}`.trim(), score: s.score, depth: s.depth,
      }) + (s.dropped ? ` ${t('lab.tree.dropped', { n: fmtInt(s.dropped) })}` : ''));
    } else {
      setText(summaryEl, '');
    }
    renderOutline();
    renderDetail();
    renderGuess();
  }

  function setStep(s, { keepSelection = false } = {}) {
    if (!tree) return;
    state.step = Math.max(0, Math.min(tree.nodes.length, s));
    if (!keepSelection) selected = null;
    state.node = selected;
    render();
    env.onChange();
  }

  function select(i) {
    selected = i;
    state.node = i;
    render();
    env.onChange();
  }

  function setRunState(s) {
    panel.dataset.state = s;
    runBtn.disabled = s === 'running';
  }

  async function record({ step = null, node = null } = {}) {
    const my = ++token;
    tree = null;
    revealed = false;
    selected = null;
    state.step = 0;
    for (const k of ['treeNodes', 'searchNodes', 'listed', 'best', 'score']) delete panel.dataset[k];
    setRunState('running');
    setText(summaryEl, t('lab.tree.running'));
    let r;
    try {
      r = await env.client.lab(env.position(), state.depth, {}, { tree: true });
    } catch (err) {
      if (my !== token) return;
      setRunState('error');
      env.showError(err);
      render();
      return;
    }
    if (my !== token) return;
    if (r.cancelled || !r.tree) {
      setRunState('stopped');
      render();
      return;
    }
    tree = decodeTree(r.tree);
    const s = tree.summary;
    Object.assign(panel.dataset, { treeNodes: String(s.tree_nodes), searchNodes: String(s.search_nodes), listed: String(s.listed), best: s.best ?? '', score: String(s.score) });
    // Predict, then reveal: a new tree opens at its first step (a lesson link at its own step).
    state.step = step !== null ? Math.max(0, Math.min(tree.nodes.length, step)) : 0;
    selected = node !== null && node < state.step ? node : null;
    state.node = selected;
    setRunState('done');
    render();
    env.onChange();
  }

  // ---- wiring ----------------------------------------------------------------------------------------------
  depthSel.addEventListener('change', () => {
    state.depth = Number(depthSel.value);
    token++;
    tree = null;
    state.step = 0;
    setRunState('idle');
    render();
    env.onChange();
  });
  runBtn.addEventListener('click', () => record());
  slider.addEventListener('input', () => setStep(Number(slider.value)));
  firstBtn.addEventListener('click', () => setStep(0));
  prevBtn.addEventListener('click', () => setStep(state.step - 1));
  nextBtn.addEventListener('click', () => setStep(state.step + 1));
  lastBtn.addEventListener('click', () => setStep(Infinity));
  panel.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLInputElement && e.target !== slider) return;
    if (e.target instanceof HTMLSelectElement) return;
    const d = { ArrowLeft: -1, ArrowRight: 1 }[e.key];
    if (d) setStep(state.step + d);
    else if (e.key === 'Home') setStep(0);
    else if (e.key === 'End') setStep(Infinity);
    else return;
    e.preventDefault();
  });
  guessSel.addEventListener('change', () => {
    state.guess = guessSel.value || null;
    revealed = false;
    renderGuess();
    env.onChange();
  });
  revealBtn.addEventListener('click', () => {
    const answer = tree && firstRefuted(tree);
    if (!answer) return;
    revealed = true;
    selected = answer.index;
    setStep(Math.max(state.step, answer.end), { keepSelection: true });
  });

  function setStrings() {
    for (const el of panel.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
    runBtn.textContent = t('lab.tree.run');
    revealBtn.textContent = t('lab.tree.reveal');
    depthSel.value = String(state.depth);
    setText(legend, t('lab.tree.legend'));
    render();
  }
  setStrings();

  return {
    setLang(nextT) {
      t = nextT;
      setStrings();
    },
    /** The lab's position changed: the recorded tree no longer applies. */
    reset() {
      token++;
      tree = null;
      state.step = 0;
      selected = null;
      setRunState('idle');
      render();
    },
    record,
    cancel() {
      token++;
    },
    get running() {
      return panel.dataset.state === 'running';
    },
    get tree() {
      return tree;
    },
    element: panel,
  };
}
