// The Hex page's pictures of Queenbee's two-distance maps (www/views/hex.js): the overlay buttons, the heatmap
// painted on the board (viridis colours from the vendored d3 builds), its legend, and the figures beside the
// board (board potentials, attack mobilities, the eval, the what-if change while a cell is previewed). The
// numbers are the wasm HexGame's maps (src/wasm/hex.rs, src/hex/eval.rs), shown as they are: this module
// only formats and colours them.
//
// The legend names whose numbers the overlay shows and which direction is good for whom (legend-note); it
// keeps its place when there is no overlay (empty, invisible, same size), so the board never moves when the
// overlay changes. The eval figure is the static Queenbee evaluation of the position on the board, from
// Black's view; its note (eval-note) says how it relates to the engine's search score (hex-engine-panel.js).
//
// Test hooks (data-testid): overlay (buttons data-overlay, aria-pressed), heatmap-legend (data-overlay,
// data-has-inf, data-empty when no overlay; legend-min, legend-max, legend-note, legend-inf), figures
// (data-preview; fig-bp-black, fig-bp-white, fig-am-black, fig-am-white, fig-eval, eval-note), fig-delta
// (data-cell, data-black, data-white), tap-hint.

import { h, setText } from './dom.js';
import { OVERLAYS } from './hex-controls.js';

/** the two-distance maps' "unreachable" (src/hex/two_distance.rs INFINITY) */
const INF = 65535;

let d3Ready = null;
/** d3-scale-chromatic's viridis (bundled by scripts/build.sh from scripts/vendor/d3-viridis.mjs) as
 *  `{interpolateViridis}`, loaded once; null when it did not load (the cells are then grey). */
export function loadD3() {
  d3Ready ??= import('../vendor/d3-viridis.js').then(
    (mod) => ({ interpolateViridis: mod.interpolateViridis }),
    (err) => {
      console.warn('d3-scale-chromatic did not load', err);
      d3Ready = null;
      return null;
    },
  );
  return d3Ready;
}

/** The map an overlay shows, from a maps object (src/wasm/hex.rs): {values: number[] (NaN unknown), kind}. */
function overlayValues(maps, overlay) {
  switch (overlay) {
    case 'black': return maps.potential.black;
    case 'white': return maps.potential.white;
    case 'total': return maps.total;
    case 'badness': return maps.badness;
    case 'tension': return maps.tension;
    case 'black-north': return maps.twoDistance.north;
    case 'black-south': return maps.twoDistance.south;
    case 'white-west': return maps.twoDistance.west;
    case 'white-east': return maps.twoDistance.east;
    default: return null;
  }
}

/** The cells the overlay outlines: those at the board potential of the overlay's side. */
function outlinedCells(maps, overlay) {
  if (overlay === 'black') return new Set(maps.bestCells.black);
  if (overlay === 'white') return new Set(maps.bestCells.white);
  return null;
}

function bpText(v) {
  return v === null || v === undefined ? '∞' : String(v);
}

/**
 * The overlay bar, the legend and the figures panel.
 * @param {{t: () => Function, board: object, onOverlay: (name: string) => void, overlay: string}} opts
 *   t: the current translator; board: the page's hex board (setHeatmap); overlay: the one shown at first
 */
export function createFigures({ t, board, onOverlay, overlay }) {
  let d3 = null;
  const overlayButtons = OVERLAYS.map((name, i) => h('button', {
    type: 'button', class: 'btn btn-small overlay-btn',
    dataset: { overlay: name, i18n: `hex.overlay.${name}`, i18nTitle: `hex.overlayHint.${name}` },
    'aria-pressed': String(name === overlay),
    'aria-keyshortcuts': String((i + 1) % 10),
    on: { click: () => onOverlay(name) },
  }));
  const overlayBar = h('div', { class: 'overlay-bar', role: 'group', dataset: { testid: 'overlay' } }, overlayButtons);
  const legend = h('div', { class: 'hex-legend', dataset: { testid: 'heatmap-legend', empty: '' } });

  const fig = (testid) => h('dd', { dataset: { testid } });
  const figs = {
    bpBlack: fig('fig-bp-black'), bpWhite: fig('fig-bp-white'), amBlack: fig('fig-am-black'),
    amWhite: fig('fig-am-white'), evalBlack: fig('fig-eval'),
  };
  const deltaEl = h('div', { class: 'hex-delta', dataset: { testid: 'fig-delta' }, hidden: true });
  const tapHint = h('div', { class: 'hex-tap-hint', dataset: { testid: 'tap-hint' }, hidden: true });
  const figures = h('section', { class: 'panel hex-figures', dataset: { testid: 'figures' } },
    h('dl', { class: 'hex-fig-grid' },
      h('div', {}, h('dt', { dataset: { i18n: 'hex.fig.bpBlack' } }), figs.bpBlack),
      h('div', {}, h('dt', { dataset: { i18n: 'hex.fig.bpWhite' } }), figs.bpWhite),
      h('div', {}, h('dt', { dataset: { i18n: 'hex.fig.amBlack' } }), figs.amBlack),
      h('div', {}, h('dt', { dataset: { i18n: 'hex.fig.amWhite' } }), figs.amWhite),
      h('div', {}, h('dt', { dataset: { i18n: 'hex.fig.eval' } }), figs.evalBlack)),
    h('p', { class: 'hex-fig-note', dataset: { testid: 'eval-note', i18n: 'hex.fig.evalNote' } }),
    deltaEl, tapHint);

  let legendDrawn = null;
  function renderLegend(name, lo, hi, any, hasInf, side) {
    const tr = t();
    // a hover rarely changes the range: the legend is rebuilt only when what it shows changes
    const sig = `${name}|${lo}|${hi}|${any}|${hasInf}|${Boolean(d3)}|${side}|${tr('hex.legend.inf')}`;
    if (sig === legendDrawn && !('empty' in legend.dataset)) return;
    legendDrawn = sig;
    const NSV = 'http://www.w3.org/2000/svg';
    const bar = document.createElementNS(NSV, 'svg');
    bar.setAttribute('viewBox', '0 0 200 12');
    bar.setAttribute('class', 'hex-legend-bar');
    bar.setAttribute('aria-hidden', 'true');
    for (let k = 0; k < 40; k++) {
      const r = document.createElementNS(NSV, 'rect');
      r.setAttribute('x', String(k * 5));
      r.setAttribute('width', '5.5');
      r.setAttribute('height', '12');
      let x = k / 39;
      if (name === 'tension') x = 1 - x;
      r.setAttribute('fill', d3 ? d3.interpolateViridis(x) : '#888');
      bar.append(r);
    }
    const fmt = (v) => (name === 'tension' ? String(Number(v.toFixed(1))) : String(v));
    const inf = document.createElementNS(NSV, 'svg');
    inf.setAttribute('viewBox', '0 0 12 12');
    inf.setAttribute('class', 'hex-legend-swatch');
    inf.setAttribute('aria-hidden', 'true');
    const defs = document.createElementNS(NSV, 'defs');
    const pat = document.createElementNS(NSV, 'pattern');
    Object.entries({ id: 'hx-hatch-legend', width: 4, height: 4, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' })
      .forEach(([k, v]) => pat.setAttribute(k, String(v)));
    const pr = document.createElementNS(NSV, 'rect');
    pr.setAttribute('width', '4'); pr.setAttribute('height', '4'); pr.setAttribute('fill', '#b8b8b8');
    const pl = document.createElementNS(NSV, 'line');
    Object.entries({ x1: 0, y1: 0, x2: 0, y2: 4, stroke: '#6b6b6b', 'stroke-width': 2 }).forEach(([k, v]) => pl.setAttribute(k, String(v)));
    pat.append(pr, pl);
    defs.append(pat);
    const sw = document.createElementNS(NSV, 'rect');
    sw.setAttribute('width', '12'); sw.setAttribute('height', '12'); sw.setAttribute('fill', 'url(#hx-hatch-legend)');
    inf.append(defs, sw);
    // the scale (low → high, dark → light; tension the other way), then whose numbers and which way is good
    legend.replaceChildren(
      h('div', { class: 'hex-legend-scale' },
        h('span', { class: 'hex-legend-title', text: tr(`hex.overlay.${name}`) }),
        h('span', { class: 'hex-legend-lo', dataset: { testid: 'legend-min' }, text: any ? fmt(lo) : '–' }),
        bar,
        h('span', { class: 'hex-legend-hi', dataset: { testid: 'legend-max' }, text: any ? fmt(hi) : '–' })),
      h('div', { class: 'hex-legend-note', dataset: { testid: 'legend-note' }, text: tr(`hex.legendNote.${name}`, { side: tr(`hex.side.${side}`) }) }),
      h('div', { class: 'hex-legend-inf', dataset: { testid: 'legend-inf' } }, inf, tr(name === 'tension' ? 'hex.legend.noTension' : 'hex.legend.inf')),
    );
    legend.dataset.overlay = name;
    legend.dataset.hasInf = String(hasInf);
    delete legend.dataset.empty;
  }

  /** No overlay: the legend empties but keeps its place (CSS: same height, invisible). */
  function clearLegend() {
    legendDrawn = null;
    legend.replaceChildren();
    legend.dataset.overlay = 'none';
    legend.dataset.empty = '';
  }

  return {
    overlayBar,
    legend,
    figures,
    /** The colour scales have loaded (until then the heatmap carries its numbers uncoloured). */
    setD3(lib) {
      d3 = lib;
    },
    get d3() {
      return d3;
    },
    /** Marks the overlay's button pressed. */
    setPressed(name) {
      for (const b of overlayButtons) b.setAttribute('aria-pressed', String(b.dataset.overlay === name));
    },
    /**
     * The heatmap of `overlay` from `maps` (the what-if maps while previewing `preview`, else the position's),
     * and its legend; none for 'none' or no maps.
     */
    paint({ maps, overlay: name, numbers, preview }) {
      const values = maps ? overlayValues(maps, name) : null;
      if (!values) {
        board.setHeatmap(null);
        clearLegend();
        return;
      }
      const n = values.length;
      const isTension = name === 'tension';
      const finite = [];
      const shown = new Array(n);
      for (let i = 0; i < n; i++) {
        const v = values[i];
        if (maps.stones[i] !== 0) shown[i] = '';
        else if (isTension ? Number.isNaN(v) : v === INF) shown[i] = 'inf';
        else {
          shown[i] = isTension ? String(Number(v.toFixed(1))) : String(v); // tension: 2, 1.5 (one decimal at most)
          finite.push(v);
        }
      }
      const lo = finite.length ? Math.min(...finite) : 0;
      const hi = finite.length ? Math.max(...finite) : 1;
      const colors = new Array(n);
      const dark = new Array(n);
      const colorOf = new Map(); // few distinct values: one colour string each
      for (let i = 0; i < n; i++) {
        if (shown[i] === '' || shown[i] === 'inf') {
          colors[i] = shown[i];
          continue;
        }
        // low numbers (near an edge, good for the side) dark; tension: high = dark
        let x = hi > lo ? (values[i] - lo) / (hi - lo) : 0;
        if (isTension) x = 1 - x;
        let color = colorOf.get(x);
        if (color === undefined) colorOf.set(x, (color = d3 ? d3.interpolateViridis(x) : ''));
        colors[i] = color;
        dark[i] = x > 0.55; // yellow end of viridis: dark digits read better
      }
      board.setHeatmap({ overlay: name, values: shown, colors, dark, numbers, outlined: outlinedCells(maps, name), preview });
      renderLegend(name, lo, hi, finite.length > 0, shown.includes('inf'), maps.toMove); // tension is the side to move's
    },
    /**
     * The figures of `maps` (the what-if's while previewing), with the change from `baseMaps` when previewing
     * `previewCell` for `side`; `hint`: the tap-again hint's text ('' for none).
     */
    show({ maps, baseMaps, previewMaps, previewCell, side, hint }) {
      if (!maps) return;
      const tr = t();
      figs.bpBlack.textContent = bpText(maps.boardPotential.black);
      figs.bpWhite.textContent = bpText(maps.boardPotential.white);
      figs.amBlack.textContent = String(maps.attackMobility.black);
      figs.amWhite.textContent = String(maps.attackMobility.white);
      figs.evalBlack.textContent = String(maps.evalBlack);
      if (previewMaps && baseMaps) {
        const d = (a, b) => (a === null || b === null ? (a === b ? '±0' : a === null ? '→∞' : '∞→') : a - b === 0 ? '±0' : a - b > 0 ? `+${a - b}` : `−${b - a}`);
        deltaEl.dataset.cell = previewCell;
        deltaEl.dataset.black = String(previewMaps.boardPotential.black === null || baseMaps.boardPotential.black === null ? '' : previewMaps.boardPotential.black - baseMaps.boardPotential.black);
        deltaEl.dataset.white = String(previewMaps.boardPotential.white === null || baseMaps.boardPotential.white === null ? '' : previewMaps.boardPotential.white - baseMaps.boardPotential.white);
        setText(deltaEl, tr('hex.whatIf', {
          side: tr(`hex.side.${side}`), cell: previewCell,
          black: d(previewMaps.boardPotential.black, baseMaps.boardPotential.black),
          white: d(previewMaps.boardPotential.white, baseMaps.boardPotential.white),
        }));
      } else {
        setText(deltaEl, '');
        delete deltaEl.dataset.cell;
      }
      figures.dataset.preview = previewMaps ? previewCell : '';
      setText(tapHint, hint);
    },
  };
}
