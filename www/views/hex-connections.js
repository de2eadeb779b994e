// The Hex page's "Connections" overlay (www/views/hex.js): what Hex theory proves about the position for the
// side to move, before any search — the wasm HexGame's knowledge() (src/wasm/hex.rs, src/hex/knowledge.rs) —
// drawn on the board's connections layer (hex-board.js setMarks), with a verdict line and a legend under the
// board. It is a layer of its own, off by default, and never changes the heatmap under it.
//
// What is drawn, for the side to move:
// - a proved result (verdict win / loss): the carrier of the winning virtual connection (the empty cells it
//   needs), highlighted, and the line "Proved win for Black: its virtual connection holds" / "Black has lost:
//   White's virtual connection holds";
// - otherwise, when the opponent threatens to connect: the must-play region (outlined; any move outside it
//   loses) and the carriers of the opponent's threats (dotted); without a threat the region is every empty
//   cell and is not drawn;
// - always: dead cells (×: a stone there never changes the winner) and captured cells (a dot in the owner's
//   colour: the owner can answer any intrusion, so the cell is as good as its).
//
// Test hooks (data-testid): connections-toggle (aria-pressed), connections-panel (hidden while off; data-verdict
// win | loss | open | forced | none, data-side), connections-verdict (the line), connections-legend (its items:
// data-mark); the marks themselves are on the board (hex-board.js: g[data-testid="connections"]).

import { h, setText } from './dom.js';

const other = (side) => (side === 'black' ? 'white' : 'black');

/**
 * The board marks of a knowledge object (null: none). The must-play region and the threats are drawn only
 * when the region is smaller than the `emptyCount` empty cells (the opponent threatens something), and the
 * threats only while nothing is proved (on a loss they are the carrier).
 * @param {object|null} k  HexGame.knowledge()
 * @param {number} emptyCount
 * @returns {{marks: Array<{cell: string, mark: string}>, verdict: string, toMove: string|null, forced: boolean}}
 */
export function knowledgeMarks(k, emptyCount) {
  if (!k) return { marks: [], verdict: 'none', toMove: null, forced: false };
  const marks = [];
  const add = (cells, mark) => { for (const cell of cells) marks.push({ cell, mark }); };
  const forced = k.verdict === 'open' && k.mustPlay.length < emptyCount;
  add(k.carrier, 'carrier');
  if (forced) {
    add(k.mustPlay, 'must-play');
    add(k.threats, 'threat');
  }
  add(k.dead, 'dead');
  add(k.captured.black, 'captured-black');
  add(k.captured.white, 'captured-white');
  return { marks, verdict: k.verdict, toMove: k.toMove, forced };
}

/**
 * The toggle button (for the overlay bar) and the panel under the board (verdict line and legend).
 * @param {{t: () => Function, on: boolean, onToggle: (on: boolean) => void}} opts  t: the current translator
 */
export function createConnections({ t, on, onToggle }) {
  let shown = on;
  const button = h('button', {
    type: 'button', class: 'btn btn-small overlay-btn connections-btn',
    dataset: { testid: 'connections-toggle', i18n: 'hex.conn.toggle', i18nTitle: 'hex.conn.toggleHint' },
    'aria-pressed': String(on),
    on: { click: () => onToggle(!shown) },
  });
  const verdictEl = h('p', { class: 'hex-conn-verdict', dataset: { testid: 'connections-verdict' }, role: 'status' });
  const NSV = 'http://www.w3.org/2000/svg';
  /** a legend swatch: one hexagon carrying the board's mark `mark` (the same CSS classes) */
  function swatch(mark) {
    const svg = document.createElementNS(NSV, 'svg');
    svg.setAttribute('viewBox', '-11 -11 22 22');
    svg.setAttribute('class', 'hex-conn-swatch');
    svg.setAttribute('aria-hidden', 'true');
    const pts = (s) => Array.from({ length: 6 }, (_, k) => {
      const a = ((60 * k - 90) * Math.PI) / 180;
      return `${(s * 10 * Math.cos(a)).toFixed(2)},${(s * 10 * Math.sin(a)).toFixed(2)}`;
    }).join(' ');
    const add = (tag, attrs) => {
      const n = document.createElementNS(NSV, tag);
      for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
      svg.append(n);
      return n;
    };
    add('polygon', { points: pts(1), class: 'hex-conn-cell' });
    if (mark === 'dead') add('path', { d: 'M-3,-3L3,3M-3,3L3,-3', class: 'hx-k-dead' });
    else if (mark === 'captured') {
      add('circle', { cx: -3, cy: 0, r: 2.4, class: 'hx-k-captured hx-k-captured-black' });
      add('circle', { cx: 3.5, cy: 0, r: 2.4, class: 'hx-k-captured hx-k-captured-white' });
    } else if (mark === 'threat') {
      // its own dot pattern: the board's lives in the board's svg
      const defs = add('defs', {});
      const pat = document.createElementNS(NSV, 'pattern');
      for (const [k, v] of Object.entries({ id: 'hx-dots-legend', width: 4, height: 4, patternUnits: 'userSpaceOnUse' })) pat.setAttribute(k, String(v));
      const dot = document.createElementNS(NSV, 'circle');
      for (const [k, v] of Object.entries({ cx: 2, cy: 2, r: 0.9, class: 'hx-k-dot' })) dot.setAttribute(k, String(v));
      pat.append(dot);
      defs.append(pat);
      add('polygon', { points: pts(0.93), class: 'hx-k-threat-legend' });
    } else add('polygon', { points: pts(0.8), class: `hx-k-${mark}` });
    return svg;
  }
  const items = ['carrier', 'must-play', 'threat', 'dead', 'captured'].map((mark) => {
    const text = h('span', {});
    const item = h('li', { dataset: { mark } }, swatch(mark), text);
    return { mark, item, text };
  });
  const legend = h('ul', { class: 'hex-conn-legend', dataset: { testid: 'connections-legend' } }, items.map((i) => i.item));
  const panel = h('div', { class: 'hex-conn', dataset: { testid: 'connections-panel', verdict: 'none' }, hidden: !on }, verdictEl, legend);

  let last = null;
  /** Redraws the verdict line and the legend for `last` (on a change, and when the language changes). */
  function draw() {
    const tr = t();
    if (!last) return;
    const { view, k, emptyCount, over } = last;
    const side = view.toMove;
    const names = side ? { side: tr(`hex.side.${side}`), other: tr(`hex.side.${other(side)}`) } : {};
    let key;
    if (over) key = 'hex.conn.over';
    else if (!k) key = 'hex.conn.tooLarge';
    else if (view.verdict === 'win') key = 'hex.conn.win';
    else if (view.verdict === 'loss') key = 'hex.conn.loss';
    else key = view.forced ? 'hex.conn.forced' : 'hex.conn.open';
    setText(verdictEl, tr(key, { ...names, n: k?.mustPlay.length ?? 0, empty: emptyCount }));
    panel.dataset.verdict = !k ? 'none' : view.forced ? 'forced' : view.verdict;
    panel.dataset.side = side ?? '';
    for (const { mark, text, item } of items) {
      setText(text, tr(`hex.conn.legend.${mark}`, names));
      // the legend lists what the board can show now: the carrier with a proof, the region and threats when forced
      item.hidden = !k || (mark === 'carrier' && view.verdict === 'open')
        || ((mark === 'must-play' || mark === 'threat') && !view.forced);
    }
  }

  return {
    button,
    panel,
    /** Shows the panel or not (the toggle's state). */
    setOn(value) {
      shown = value;
      button.setAttribute('aria-pressed', String(value));
      panel.hidden = !value;
    },
    /**
     * The verdict and legend of knowledge `k` (null: too large a board or `over`), with the marks `view`
     * (knowledgeMarks) the board shows.
     */
    show(k, view, { emptyCount, over }) {
      last = { k, view, emptyCount, over };
      draw();
    },
    redraw: draw,
  };
}
