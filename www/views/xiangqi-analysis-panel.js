// The Xiangqi analysis board's panels (no game logic: www/views/xiangqi-analysis.js drives them): the lines the
// engine finds (MultiPV 1–5), each a button that plays the line out; the controls (how many lines, engine
// on/off, promote / delete a variation, back to the game); and the evaluation bar under the board, from Red's
// point of view, with the depth and the nodes searched.
//
// Test hooks (data-testid): analysis-panel (data-state = off | searching | over | waiting), analysis-lines
// (children: data-multipv = rank, data-iccs = the line's first move, data-cp or data-mate = its score from
// RED's point of view (centipawns; moves to mate, positive = Red mates), data-depth, data-nodes, data-pv = the
// line in ICCS), analysis-multipv (select 1–5), analysis-engine (checkbox), analysis-promote, analysis-delete,
// analysis-leave, analysis-note, eval-bar (data-cp or data-mate, Red's view; data-depth, data-nodes; absent
// before the first report).

import { h, setText } from './dom.js';
import { formatCount, formatScore } from './engine-status.js';

/** the ranks offered (the worker's multipv range, spec of issue 22 §1) */
export const MULTIPV_CHOICES = [1, 2, 3, 4, 5];

/**
 * Red's share of the evaluation bar (0–100) for a score from Red's point of view: a logistic in centipawns
 * (half the bar at 0, about 75 % at +4 pawns' worth of 400 cp), full or empty for a mate.
 * @param {{cp?: number, mate?: number}} score
 */
export function redShare(score) {
  if (typeof score?.mate === 'number') return score.mate > 0 ? 100 : score.mate < 0 ? 0 : 50;
  if (typeof score?.cp !== 'number') return 50;
  return 100 / (1 + Math.exp(-score.cp / 360));
}

/**
 * Builds the panels.
 * @param {(key: string, params?: object) => string} t the page's translator (a function: re-read on each render)
 * @param {{onMultipv: (k: number) => void, onEngine: (on: boolean) => void, onLine: (rank: number, pv: string[]) => void,
 *          onPromote: () => void, onDelete: () => void, onLeave: () => void}} on  onLine gets the rank and the line's
 *   moves as shown (ICCS)
 * @returns {{panel: HTMLElement, evalBar: HTMLElement, render: (view: object) => void}}
 */
export function createAnalysisPanel(t, on) {
  const multipvSelect = h('select', { id: 'xq-multipv', dataset: { testid: 'analysis-multipv' } },
    MULTIPV_CHOICES.map((k) => h('option', { value: String(k), text: String(k) })));
  const engineBox = h('input', { type: 'checkbox', id: 'xq-analysis-engine', checked: true, dataset: { testid: 'analysis-engine' } });
  const lines = h('ol', { class: 'analysis-lines', dataset: { testid: 'analysis-lines' } });
  const note = h('div', { class: 'analysis-note', dataset: { testid: 'analysis-note' }, role: 'status' });
  const btn = (key, testid, onClick) =>
    h('button', { type: 'button', class: 'btn btn-small', dataset: { i18n: key, testid }, on: { click: onClick } });
  const promoteBtn = btn('analysis.promote', 'analysis-promote', () => on.onPromote());
  const deleteBtn = btn('analysis.delete', 'analysis-delete', () => on.onDelete());
  const leaveBtn = h('button', { type: 'button', class: 'btn btn-primary', dataset: { i18n: 'analysis.leave', testid: 'analysis-leave' }, on: { click: () => on.onLeave() } });

  const panel = h('section', { class: 'panel analysis-panel', dataset: { testid: 'analysis-panel', state: 'waiting' }, hidden: true },
    h('div', { class: 'analysis-head' },
      h('h2', { dataset: { i18n: 'analysis.title' } }),
      leaveBtn),
    h('div', { class: 'analysis-controls' },
      h('label', { for: 'xq-multipv', dataset: { i18n: 'analysis.lines' } }), multipvSelect,
      engineBox, h('label', { for: 'xq-analysis-engine', dataset: { i18n: 'analysis.engine' } })),
    lines,
    note,
    h('div', { class: 'analysis-actions' }, promoteBtn, deleteBtn));

  const evalFill = h('div', { class: 'eval-bar-red' });
  const evalText = h('span', { class: 'eval-bar-text' });
  const evalBar = h('div', { class: 'eval-bar', dataset: { testid: 'eval-bar', i18nAriaLabel: 'analysis.evalLabel' }, role: 'img', hidden: true },
    h('div', { class: 'eval-bar-track' }, evalFill), evalText);

  multipvSelect.addEventListener('change', () => on.onMultipv(Number(multipvSelect.value)));
  engineBox.addEventListener('change', () => on.onEngine(engineBox.checked));
  lines.addEventListener('click', (e) => {
    const item = e.target.closest('[data-multipv]');
    // the line as shown (the engine may have deepened it since the last redraw)
    if (item) on.onLine(Number(item.dataset.multipv), item.dataset.pv.split(' ').filter(Boolean));
  });

  /** what the lines list shows (rebuilt only when this changes) */
  let drawn = null;

  /**
   * @param {{active: boolean, k: number, engineOn: boolean, state: 'off'|'searching'|'over'|'waiting',
   *          lines: Array<{rank: number, pv: string[], written: string[], score: {cp?: number, mate?: number},
   *          depth: number, nodes: number}>, noteKey?: string|null, canPromote: boolean, canDelete: boolean}} view
   *   score: from Red's point of view
   */
  function render(view) {
    panel.hidden = !view.active;
    evalBar.hidden = !view.active;
    if (!view.active) return;
    panel.dataset.state = view.state;
    if (multipvSelect.value !== String(view.k)) multipvSelect.value = String(view.k);
    engineBox.checked = view.engineOn;
    promoteBtn.disabled = !view.canPromote;
    deleteBtn.disabled = !view.canDelete;
    // While the engine runs, the list keeps a place for each of its k lines (a blank slot until the line comes,
    // the first one saying that the engine is at work), and each line is one row high: the list does not
    // change height as lines come, go and deepen, so the buttons below it (the moves' navigation, promote,
    // delete) stay under the pointer.
    const running = view.state === 'waiting' || view.state === 'searching';
    const noteKey = view.noteKey ?? { off: 'analysis.off', over: 'analysis.over' }[view.state] ?? null;
    // The note is the panel's status for screen readers too: while the first line is awaited it says so, out
    // of sight (the first blank slot shows the same words).
    const waiting = running && view.lines.length === 0 ? t('analysis.waiting') : '';
    const announce = !noteKey && Boolean(waiting);
    const noteText = noteKey ? t(noteKey) : waiting;
    if (note.textContent !== noteText || note.hidden !== !noteText) setText(note, noteText);
    note.classList.toggle('visually-hidden', announce);

    const slots = running ? Math.max(0, view.k - view.lines.length) : 0;
    const signature = JSON.stringify([view.lines.map((l) => [l.rank, l.pv.slice(0, 10), l.score, l.depth, l.nodes, l.written.slice(0, 10)]), slots, t('analysis.depth', { depth: 0 })]);
    if (signature !== drawn) {
      drawn = signature;
      lines.replaceChildren(...view.lines.map((l) => lineItem(l)),
        ...Array.from({ length: slots }, (_, i) => slotItem(i === 0 ? waiting : '')));
    }
    renderEval(view.lines[0] ?? null);
  }

  /** A line's place while it is still to come: a blank of the same height (`text`: shown in it). */
  function slotItem(text) {
    return h('li', { class: 'analysis-line analysis-line-slot', 'aria-hidden': 'true' },
      h('div', { class: 'analysis-line-btn' },
        h('span', { class: 'analysis-rank-slot', 'aria-hidden': 'true' }),
        h('span', { class: 'analysis-pv', text: text || '\u00a0' }),
        h('span', { class: 'analysis-meta', text: '\u00a0' })));
  }

  function lineItem(l) {
    const data = { multipv: String(l.rank), iccs: l.pv[0] ?? '', depth: String(l.depth), nodes: String(l.nodes), pv: l.pv.join(' ') };
    if (typeof l.score.mate === 'number') data.mate = String(l.score.mate);
    else if (typeof l.score.cp === 'number') data.cp = String(l.score.cp);
    const text = l.written.slice(0, 12).join(' ');
    return h('li', { class: `analysis-line analysis-line-${l.rank}`, dataset: data },
      h('button', { type: 'button', class: 'analysis-line-btn', title: t('analysis.playLine'), 'aria-label': t('analysis.lineLabel', { line: text }) },
        h('span', { class: 'analysis-rank', 'aria-hidden': 'true', text: String(l.rank) }),
        h('span', { class: 'analysis-score', text: formatScore(l.score, 1) }),
        h('span', { class: 'analysis-pv', text: text || '\u00a0' }),
        h('span', { class: 'analysis-meta', text: `${t('analysis.depth', { depth: l.depth })} · ${t('analysis.nodes', { nodes: formatCount(l.nodes) })}` })));
  }

  function renderEval(best) {
    delete evalBar.dataset.cp;
    delete evalBar.dataset.mate;
    delete evalBar.dataset.depth;
    delete evalBar.dataset.nodes;
    if (!best) {
      evalFill.style.width = '50%';
      setText(evalText, '');
      evalText.hidden = false;
      return;
    }
    if (typeof best.score.mate === 'number') evalBar.dataset.mate = String(best.score.mate);
    else evalBar.dataset.cp = String(best.score.cp);
    evalBar.dataset.depth = String(best.depth);
    evalBar.dataset.nodes = String(best.nodes);
    evalFill.style.width = `${redShare(best.score).toFixed(1)}%`;
    evalText.textContent = `${formatScore(best.score, 1)} · ${t('analysis.depth', { depth: best.depth })} · ${t('analysis.nodes', { nodes: formatCount(best.nodes) })}`;
  }

  return { panel, evalBar, render };
}
