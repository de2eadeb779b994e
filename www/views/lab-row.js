// One row of the lab's technique tables (www/views/lab.js for Xiangqi, lab-hex-table.js for Hex): the same
// columns and test hooks for both games, so the two tables read and are tested alike.
import { h } from './dom.js';

/** An integer with thousands separators (1,234,567). */
export const fmtInt = (n) => Math.round(n).toLocaleString('en-US');

/**
 * The `<tr>` of configuration `name` with result `r` (`{state, nodes, timeMs, depth, best, cp, mate}`; state
 * `pending|running|done|stopped|error`) against the all-on row `base`. `testid` names the row; `label` is its
 * configuration's name, `bestText` the best move as shown, `scoreText` the score as shown. Done rows carry
 * `data-nodes`, `data-best`, `data-depth`, `data-time-ms` and `data-cp` or `data-mate`.
 */
export function ablationRow({ testid, label, r, base, bestText, scoreText }) {
  const done = r.state === 'done';
  const tr = h('tr', { dataset: { testid, state: r.state } },
    h('th', { scope: 'row' }, label),
    h('td', { class: 'num' }, done ? fmtInt(r.nodes) : r.state === 'running' ? '…' : ''),
    h('td', { class: 'num' }, done && base?.state === 'done' ? `${(r.nodes / base.nodes).toFixed(2)}×` : ''),
    h('td', { class: 'num' }, done ? String(r.timeMs) : ''),
    h('td', { class: 'num' }, done && r.timeMs > 0 ? fmtInt((r.nodes / r.timeMs) * 1000) : ''),
    h('td', { class: 'num' }, done ? String(r.depth) : ''),
    h('td', {}, done ? bestText : ''),
    h('td', { class: 'num' }, done ? scoreText : ''));
  if (done) {
    Object.assign(tr.dataset, { nodes: String(r.nodes), best: r.best ?? '', depth: String(r.depth), timeMs: String(r.timeMs) });
    if (r.cp !== null && r.cp !== undefined) tr.dataset.cp = String(r.cp);
    if (r.mate !== null && r.mate !== undefined) tr.dataset.mate = String(r.mate);
  }
  return tr;
}

/**
 * The "— Source: …" line under a technique's explanation: the cited work and section as written (in a <cite>,
 * whatever its language), then the remark on it (`source.note`, a string key) in the page's language.
 */
export function sourceLine(source, t) {
  if (!source) return null;
  return h('span', { class: 'lab-source' }, t('lab.sourcePrefix'), h('cite', {}, `${source.article}, ${source.section}`),
    source.note ? `; ${t(source.note)}` : '');
}
