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
// - always: dead cells (×: a stone there never changes the winner), captured and permanently inferior cells
//   (a dot in the owner's colour: the owner may fill them at no cost), and the inferior moves of the side to
//   move (a dash: vulnerable or dominated, so the engine never searches them).
//
// Why the engine's last move (issue 33, "the page shows why"): when the engine played the last move, a line
// under the verdict says what Hex theory says about it, from the knowledge of the position before it (the
// engine to move) and after it (whyOfMove): it keeps a proved win, it completes a virtual connection, it was
// forced into the must-play region by the user's threat, the engine had already lost, it threatens to connect
// (the user must now answer inside a region), or no connection limited it and the search chose. "Show on the board" draws that earlier knowledge (the region, threats or
// carrier) with the move ringed, until the position changes or the button is pressed again.
//
// A proved win found by the engine's search (a mate score) is told here too, as it is found and while the game
// goes on from that position ("The engine's search proved at move 14 that White wins"): the static analysis
// often sees it only moves later.
//
// Test hooks (data-testid): connections-toggle (aria-pressed), connections-panel (hidden while off; data-verdict
// win | loss | open | forced | none, data-side), connections-verdict (the line), connections-legend (its items:
// data-mark); connections-why (hidden unless the engine played the last move; data-move, data-side,
// data-reason = win | connects | forced | lost | threatens | search), connections-why-show (aria-pressed: the board shows
// the why marks, the layer then has data-why="true"), connections-search-proof (hidden unless the engine's
// search proved the game; data-winner, data-ply); the marks themselves are on the board (hex-board.js:
// g[data-testid="connections"]).

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
  add(k.permanentlyInferior?.black ?? [], 'captured-black');
  add(k.permanentlyInferior?.white ?? [], 'captured-white');
  // the side to move's inferior moves, while some move still matters (a decided position has no candidates)
  if (k.verdict === 'open') {
    const inferior = new Set([...(k.vulnerable ?? []), ...(k.dominated ?? [])].map(([cell]) => cell));
    add([...inferior].sort(), 'inferior');
  }
  return { marks, verdict: k.verdict, toMove: k.toMove, forced };
}

/**
 * Why the engine played `move` for `side`, from Hex theory: `before` is the knowledge of the position before
 * the move (`side` to move), `after` the knowledge after it (the opponent to move); either may be null (the
 * analysis does not cover the board). The first that applies:
 * - `win`: `side` had a proved win before the move (its virtual connection; the move keeps it);
 * - `connects`: after the move the opponent has lost: the move completes a virtual connection;
 * - `lost`: `side` had lost before the move (the opponent's connection held): any move loses;
 * - `forced`: the opponent threatened to connect, and `side` had to play inside the must-play region;
 * - `threatens`: nothing limited the choice, and the move threatens to connect: the opponent must now answer
 *   inside its must-play region (the view is the knowledge after the move);
 * - `search`: nothing limited the choice: the search chose among the candidates.
 * `view` is the marks to draw (knowledgeMarks of the knowledge that explains it, plus the move ringed), `n` the
 * region's or the candidates' size.
 * @param {string} move  a cell name
 * @param {'black'|'white'} side
 * @param {object|null} before  HexGame.knowledge() before the move
 * @param {object|null} after  HexGame.knowledge() after it
 * @param {number} emptyBefore  empty cells before the move
 * @returns {{move: string, side: string, reason: string, n: number, view: object}|null}  null without knowledge
 */
export function whyOfMove(move, side, before, after, emptyBefore) {
  if (!before && !after) return null;
  // the move's own cell shows its stone with a ring, not the marks of the empty cell it was
  const ring = (view) => ({ ...view, marks: [...view.marks.filter((m) => m.cell !== move), { cell: move, mark: 'move' }] });
  if (before?.verdict === 'win') {
    return { move, side, reason: 'win', n: before.carrier.length, view: ring(knowledgeMarks(before, emptyBefore)) };
  }
  if (after?.verdict === 'loss') {
    return { move, side, reason: 'connects', n: after.carrier.length, view: ring(knowledgeMarks(after, emptyBefore - 1)) };
  }
  if (!before) return null;
  const view = ring(knowledgeMarks(before, emptyBefore));
  if (before.verdict === 'loss') return { move, side, reason: 'lost', n: before.carrier.length, view };
  if (view.forced) return { move, side, reason: 'forced', n: before.mustPlay.length, view };
  const reply = after && knowledgeMarks(after, emptyBefore - 1);
  if (reply?.forced) return { move, side, reason: 'threatens', n: after.mustPlay.length, view: ring(reply) };
  return { move, side, reason: 'search', n: before.candidates.length, view };
}

/**
 * The toggle button (for the overlay bar) and the panel under the board (verdict line and legend).
 * @param {{t: () => Function, on: boolean, onToggle: (on: boolean) => void, onWhy: (shown: boolean) => void}} opts
 *   t: the current translator; onWhy: "Show on the board" was pressed (the page draws the why view or the
 *   position's own marks)
 */
export function createConnections({ t, on, onToggle, onWhy }) {
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
    else if (mark === 'inferior') add('path', { d: 'M-4,0L4,0', class: 'hx-k-inferior' });
    else if (mark === 'move') add('circle', { cx: 0, cy: 0, r: 6, class: 'hx-k-move' });
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
  const items = ['move', 'carrier', 'must-play', 'threat', 'dead', 'captured', 'inferior'].map((mark) => {
    const text = h('span', {});
    const item = h('li', { dataset: { mark } }, swatch(mark), text);
    return { mark, item, text };
  });
  const legend = h('ul', { class: 'hex-conn-legend', dataset: { testid: 'connections-legend' } }, items.map((i) => i.item));
  const whyText = h('span', {});
  const whyButton = h('button', {
    type: 'button', class: 'btn btn-small hex-conn-why-show',
    dataset: { testid: 'connections-why-show' }, 'aria-pressed': 'false',
    on: { click: () => { whyShown = !whyShown; draw(); onWhy?.(whyShown); } },
  });
  const whyEl = h('p', { class: 'hex-conn-why', dataset: { testid: 'connections-why' }, hidden: true }, whyText, ' ', whyButton);
  const proofEl = h('p', { class: 'hex-conn-proof', dataset: { testid: 'connections-search-proof' }, hidden: true });
  const panel = h('div', { class: 'hex-conn', dataset: { testid: 'connections-panel', verdict: 'none' }, hidden: !on }, verdictEl, whyEl, proofEl, legend);

  let last = null;
  /** the why of the engine's last move (whyOfMove) or null, and whether the board shows its marks */
  let why = null;
  let whyShown = false;
  /** the engine's search's proved result: {winner, ply} or null */
  let searchProof = null;
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
    const drawn = whyShown && why ? why.view : view;
    for (const { mark, text, item } of items) {
      setText(text, tr(`hex.conn.legend.${mark}`, whyShown && why ? { side: tr(`hex.side.${why.side}`), other: tr(`hex.side.${other(why.side)}`) } : names));
      // the legend lists what the board can show now: the carrier with a proof, the region and threats when
      // forced, the ringed move in the why view
      const has = (m) => drawn.marks.some((x) => x.mark === m || (m === 'captured' && x.mark.startsWith('captured-')));
      item.hidden = !k || !has(mark);
    }
    whyEl.hidden = !why;
    if (why) {
      const whyNames = { move: why.move, n: why.n, side: tr(`hex.side.${why.side}`), other: tr(`hex.side.${other(why.side)}`) };
      setText(whyText, tr(`hex.conn.why.${why.reason}`, whyNames));
      whyEl.dataset.move = why.move;
      whyEl.dataset.side = why.side;
      whyEl.dataset.reason = why.reason;
      setText(whyButton, tr(whyShown ? 'hex.conn.why.hide' : 'hex.conn.why.show'));
      whyButton.setAttribute('aria-pressed', String(whyShown));
    }
    proofEl.hidden = !searchProof;
    if (searchProof) {
      setText(proofEl, tr('hex.conn.searchProof', { winner: tr(`hex.side.${searchProof.winner}`), ply: searchProof.ply }));
      proofEl.dataset.winner = searchProof.winner;
      proofEl.dataset.ply = String(searchProof.ply);
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
    show(k, view, { emptyCount, over, whyOfLast = null }) {
      last = { k, view, emptyCount, over };
      why = whyOfLast;
      whyShown = false;
      draw();
    },
    /** The marks the board should show now: the why view while "Show on the board" is pressed, else `view`. */
    shownMarks(view) {
      return whyShown && why ? { ...why.view, why: true } : view;
    },
    /** The engine's search's proved result ({winner: 'black'|'white', ply: the move number it was found at}) or null. */
    setSearchProof(proof) {
      searchProof = proof;
      draw();
    },
    redraw: draw,
  };
}
