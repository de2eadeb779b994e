// The Hex page's "What are these numbers?" panel (www/views/hex.js): the seed's definitions in words, and its
// example beside them, the empty 5×5 board's ordinary distance to Black's north edge next to its two-distance
// (the wasm maps), e4 outlined in both. The boards are drawn only when the panel is first opened.
//
// Test hooks (data-testid): explain, seed-figure (seed-distance, seed-two-distance), seed-example.

import { h } from './dom.js';
import { createHexBoard } from './hex-board.js';

/**
 * @param {{HexGame: Function, t: () => Function, d3: () => object|null, onExample: () => void}} opts
 *   t: the current translator; d3: the colour scales once loaded (null before); onExample: show the example
 *   on the main board
 */
export function createExplain({ HexGame, t, d3, onExample }) {
  const explain = h('details', { class: 'panel hex-explain', dataset: { testid: 'explain' } },
    h('summary', { dataset: { i18n: 'hex.explain.title' } }),
    h('p', { dataset: { i18n: 'hex.explain.twoDistance' } }),
    h('p', { dataset: { i18n: 'hex.explain.potential' } }),
    h('p', { dataset: { i18n: 'hex.explain.seed' } }),
    h('div', { class: 'hex-seed-figure', dataset: { testid: 'seed-figure' } },
      h('figure', {}, h('div', { class: 'hex-seed-board', dataset: { testid: 'seed-distance' } }), h('figcaption', { dataset: { i18n: 'hex.explain.distanceCaption' } })),
      h('figure', {}, h('div', { class: 'hex-seed-board', dataset: { testid: 'seed-two-distance' } }), h('figcaption', { dataset: { i18n: 'hex.explain.twoDistanceCaption' } }))),
    h('button', { type: 'button', class: 'btn btn-small', dataset: { testid: 'seed-example', i18n: 'hex.explain.show' },
      on: { click: () => onExample() } }));

  /**
   * The seed's figure: drawn when the panel is first opened and again when the colours have loaded.
   */
  let seedDrawn = false;
  function draw() {
    const colors = d3();
    if (!explain.open || (seedDrawn && colors)) return;
    seedDrawn = true;
    const W5 = 5;
    const g5 = new HexGame(W5, W5, false);
    let two;
    try {
      two = Array.from(g5.maps('queenbee', false).twoDistance.north);
    } finally {
      g5.free();
    }
    // ordinary distance: cells touching row 1 are 1, each step to a neighbour adds one
    const dist = new Array(W5 * W5).fill(Infinity);
    const queue = [];
    for (let c = 0; c < W5; c++) { dist[c] = 1; queue.push(c); }
    while (queue.length) {
      const i = queue.shift();
      const c = i % W5;
      const r = (i - c) / W5;
      for (const [dc, dr] of [[1, 0], [-1, 0], [0, 1], [0, -1], [1, -1], [-1, 1]]) {
        const nc = c + dc;
        const nr = r + dr;
        if (nc < 0 || nr < 0 || nc >= W5 || nr >= W5) continue;
        const j = nr * W5 + nc;
        if (dist[j] > dist[i] + 1) { dist[j] = dist[i] + 1; queue.push(j); }
      }
    }
    const e4 = 3 * W5 + 4;
    const tr = t();
    for (const [testid, values] of [['seed-distance', dist], ['seed-two-distance', two]]) {
      const host = explain.querySelector(`[data-testid="${testid}"]`);
      host.replaceChildren();
      const b = createHexBoard(host, { onPlay: () => {}, onHover: () => {} });
      b.set({ width: W5, height: W5, stones: new Uint8Array(W5 * W5), last: null, chain: new Set(), playable: false, toMove: null });
      const lo = Math.min(...values);
      const hi = Math.max(...values);
      b.setHeatmap({
        overlay: testid, values: values.map(String), numbers: true, outlined: new Set([e4]),
        colors: values.map((v) => (colors ? colors.interpolateViridis((v - lo) / (hi - lo)) : '')),
        dark: values.map((v) => (v - lo) / (hi - lo) > 0.55),
      });
      b.setAriaLabel(tr(testid === 'seed-distance' ? 'hex.explain.distanceCaption' : 'hex.explain.twoDistanceCaption'));
    }
  }
  explain.addEventListener('toggle', () => draw());

  return { element: explain, draw };
}
