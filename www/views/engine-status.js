// The engine status panel: one visible state (idle / thinking / pondering / stopping / crashed), and the
// live numbers of the running search (depth, score, nodes per second, principal variation).
// Test hook: data-testid="engine-status" with data-state; the expected reply while pondering is in
// data-testid="ponder-move"; the note under it is data-testid="engine-notice" with data-kind (ponder-hit,
// ponder-miss, copied, crash, recovered; absent when there is no note). The note's text is in a span of its own,
// which a view may give its own hooks (`noticeData`, `noticeClass`: the Xiangqi page's ponder-saved).
// While the engine thinks with a known time budget (`budgetMs`, from the worker's budget message), the element
// carries data-budget-ms and the detail after the state label reads "… (≈ N s)" ("Thinking … (≈ 2.5 s)"); the attribute goes when it stops thinking.
// data-threads: the threads of the search shown (its nodes per second are theirs together) — 1 in this build,
// whose play worker searches on one thread (the `threads` setting, www/threads.js, spreads the game review).

import { h, setText } from './dom.js';

/**
 * The engine's last depth (src/search/limits.rs MAX_DEPTH): a search that reports it has nothing left to search
 * (a Hex position proved, or a game's end seen). The status and the pondered replies say "solved" instead.
 */
export const SOLVED_DEPTH = 64;

/** "+1.25", "−0.40", "#3" (mate in 3 for Red), "#−2" */
export function formatScore(score, redPerspectiveSign) {
  if (!score) return '';
  if (typeof score.mate === 'number') {
    const m = score.mate * redPerspectiveSign;
    return m >= 0 ? `#${m}` : `#−${-m}`;
  }
  if (typeof score.cp === 'number') {
    const v = (score.cp * redPerspectiveSign) / 100;
    return `${v > 0 ? '+' : v < 0 ? '−' : ''}${Math.abs(v).toFixed(2)}`;
  }
  return '';
}

export function formatCount(n) {
  if (typeof n !== 'number' || !Number.isFinite(n)) return '';
  if (n >= 1e9) return `${(n / 1e9).toFixed(2)} G`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(2)} M`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)} k`;
  return String(n);
}

/** A time budget in seconds, for the status: one decimal under 10 s ("2.5"), whole seconds above ("12"). */
export function formatBudget(ms) {
  const s = ms / 1000;
  return s < 10 ? String(Math.round(s * 10) / 10) : String(Math.round(s));
}

/**
 * The engine status panel in `container`; `update(view)` merges `view` ({state, ready, info, sign, pvText,
 * ponderText, ponderMove, notice, noticeKind, noticeData, noticeClass, detail, budgetMs}) into what it shows.
 */
export function createEngineStatus(container, t) {
  const dot = h('span', { class: 'es-dot', 'aria-hidden': 'true' });
  const label = h('span', { class: 'es-state' });
  const detail = h('span', { class: 'es-detail' });
  const depth = h('dd', { dataset: { testid: 'engine-depth' } });
  const score = h('dd', { dataset: { testid: 'engine-score' } });
  const nps = h('dd', { dataset: { testid: 'engine-nps' } });
  const nodes = h('dd', { dataset: { testid: 'engine-nodes' } });
  const pv = h('div', { class: 'es-pv', dataset: { testid: 'engine-pv' } });
  const ponder = h('div', { class: 'es-ponder', dataset: { testid: 'ponder-move' }, hidden: true });
  const noticeText = h('span', { class: 'es-notice-text' });
  const notice = h('div', { class: 'es-notice', role: 'status', dataset: { testid: 'engine-notice' }, hidden: true }, noticeText);
  const labels = {
    depth: h('dt', { dataset: { i18n: 'engine.depth' } }),
    score: h('dt', { dataset: { i18n: 'engine.score' } }),
    nps: h('dt', { dataset: { i18n: 'engine.nps' } }),
    nodes: h('dt', { dataset: { i18n: 'engine.nodes' } }),
  };
  const root = h(
    'section',
    { class: 'engine-status', dataset: { testid: 'engine-status', state: 'idle', threads: '1' }, 'aria-live': 'polite' },
    h('div', { class: 'es-head' }, dot, label, detail),
    h('dl', { class: 'es-numbers' },
      h('div', {}, labels.depth, depth), h('div', {}, labels.score, score),
      h('div', {}, labels.nps, nps), h('div', {}, labels.nodes, nodes)),
    pv,
    ponder,
    notice,
  );
  container.append(root);

  let last = { state: 'idle', ready: false };

  function render(view = last) {
    last = view;
    // set only on change, so observers see each transition once
    if (root.dataset.state !== view.state) root.dataset.state = view.state;
    if (root.dataset.ready !== String(Boolean(view.ready))) root.dataset.ready = String(Boolean(view.ready));
    for (const [key, node] of Object.entries(labels)) node.textContent = t(node.dataset.i18n ?? `engine.${key}`);
    label.textContent = !view.ready && view.state !== 'crashed' ? t('engine.state.loading') : t(`engine.state.${view.state}`);
    const budget = view.state === 'thinking' && Number.isFinite(view.budgetMs) && view.budgetMs > 0 ? Math.round(view.budgetMs) : null;
    if (budget === null) delete root.dataset.budgetMs;
    else if (root.dataset.budgetMs !== String(budget)) root.dataset.budgetMs = String(budget);
    setText(detail, budget === null ? view.detail ?? '' : t('engine.budget', { s: formatBudget(budget) }));
    const info = view.info;
    // the last depth (64, src/search/limits.rs MAX_DEPTH) is where a proved Hex position is reported: "solved"
    const shownDepth = info && info.depth >= SOLVED_DEPTH ? t('engine.solvedDepth') : info?.depth;
    depth.textContent = info ? `${shownDepth}${info.seldepth ? `/${info.seldepth}` : ''}` : '–';
    score.textContent = info ? formatScore(info.score, view.sign ?? 1) || '–' : '–';
    score.dataset.sign = typeof info?.score?.mate === 'number' ? 'mate' : '';
    nps.textContent = info ? formatCount(info.nps) || '–' : '–';
    nodes.textContent = info ? formatCount(info.nodes) || '–' : '–';
    const line = view.pvText ?? '';
    setText(pv, line ? t('engine.pvLine', { line }) : '');
    setText(ponder, view.ponderText ? t('engine.expecting', { move: view.ponderText }) : '');
    if (view.ponderMove) ponder.dataset.iccs = view.ponderMove;
    else delete ponder.dataset.iccs;
    notice.hidden = !view.notice;
    setText(noticeText, view.notice ?? '');
    if (view.notice && view.noticeKind) notice.dataset.kind = view.noticeKind;
    else delete notice.dataset.kind;
    // the text's own hooks, replaced on each render (so a note never carries the last one's)
    for (const key of Object.keys(noticeText.dataset)) delete noticeText.dataset[key];
    if (view.notice && view.noticeData) Object.assign(noticeText.dataset, view.noticeData);
    noticeText.className = view.notice && view.noticeClass ? `es-notice-text ${view.noticeClass}` : 'es-notice-text';
    notice.classList.toggle('es-notice-bad', view.state === 'crashed');
  }

  render();
  return {
    element: root,
    update(view) {
      render({ ...last, ...view });
    },
    setTranslator(next) {
      t = next;
      render();
    },
  };
}
