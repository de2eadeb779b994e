// #combat: the round-table strip — the attack table drawn as one SVG bar (each outcome's share, the shares
// pushed off the table hatched past the "100%" edge), its labels inside their segments or placed beside the
// strip, and the table under it. Pure rendering: combat.js calls renderRoundTable after each computation.

import { h } from './dom.js';
import { COLORS, pct, textWidth } from './combat-model.js';

/**
 * Draws the round-table strip's labels that do not fit in their segments, above or below the strip, each
 * with a tick to its segment. Miss goes first, so its label is always there (the table fills from the miss
 * end; the rows hold only the "100%" mark and the "pushed off" label before it). A label goes to the free
 * place nearest its segment in the row above, else in the row below; one that finds none is left to its
 * segment's tooltip and the table under the strip.
 */
function placeOutside(svg, el, labels, taken, { rows, y, hgt, width }) {
  const SIZE = 15;
  const GAP = 6;
  const free = (row, from, to) => taken[row].every(([a, b]) => to <= a || from >= b);
  const sorted = [...labels].sort((a, b) => (b.o === 'miss') - (a.o === 'miss'));
  for (const label of sorted) {
    // The label's width as drawn (the svg is in the page), or an estimate while it is not laid out.
    const node = el('text', {
      // font as attributes too, so the measure does not depend on combat.css having loaded yet
      x: 0, y: 0, 'text-anchor': 'middle', class: 'cb-rt-label-out', 'font-size': SIZE, 'font-weight': 600,
      'data-label-for': label.o, 'data-placement': 'outside',
    }, label.text);
    svg.append(node);
    const w = measured(node) || textWidth(label.text, SIZE);
    const lo = w / 2 + 4;
    const hi = width - w / 2 - 4;
    let spot = null;
    for (const row of ['top', 'bottom']) {
      // candidates: the segment's centre, then ever further to either side (up to 200 units away)
      for (let d = 0; d <= 200 && !spot; d += 10) {
        for (const cx of d ? [label.cx - d, label.cx + d] : [label.cx]) {
          const c = Math.min(hi, Math.max(lo, cx));
          if (free(row, c - w / 2 - GAP, c + w / 2 + GAP)) {
            spot = { row, cx: c };
            break;
          }
        }
      }
      if (spot) break;
    }
    if (!spot && label.o === 'miss') spot = { row: 'top', cx: Math.min(hi, Math.max(lo, label.cx)) };
    if (!spot) {
      node.remove();
      continue;
    }
    taken[spot.row].push([spot.cx - w / 2 - GAP, spot.cx + w / 2 + GAP]);
    const baseline = rows[spot.row];
    node.setAttribute('x', String(spot.cx));
    node.setAttribute('y', String(baseline));
    const [y1, y2] = spot.row === 'top' ? [baseline + 4, y] : [y + hgt, baseline - SIZE + 2];
    svg.append(el('line', { x1: label.cx, y1, x2: label.cx, y2, class: 'cb-rt-tick' }));
  }
}

/** The drawn length of an SVG text node in user units; 0 when it is not laid out (e.g. a hidden panel). */
function measured(node) {
  try {
    return node.getComputedTextLength();
  } catch {
    return 0;
  }
}

/**
 * Draws the round-table strip into `host` and fills `table` with each attribute's nominal chance, its share on
 * the table and the share pushed off.
 * @param {{rt: object, sheet: object, t: (key: string, params?: object) => string, host: HTMLElement, table: HTMLTableElement}} args
 *   rt: the round-table model's exact report (wasm combatReport); sheet: the attribute sheet (fractions).
 */
export function renderRoundTable({ rt, sheet, t, host, table }) {
  const order = rt.order.split(',');
  const nominal = (o) => (o === 'miss' ? 1 - sheet.hit : sheet[o]);
  const shown = order.filter((o) => nominal(o) > 0);
  const totalNominal = shown.reduce((a, o) => a + nominal(o), 0) + rt.distribution.normal;
  const scale = 900; // px of viewBox per 100%
  const width = Math.max(1, totalNominal) * scale + 30; // room for the "100%" mark centred on the edge
  const svgNS = 'http://www.w3.org/2000/svg';
  const el = (tag, attrs, text) => {
    const n = document.createElementNS(svgNS, tag);
    for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
    if (text !== undefined) n.textContent = text;
    return n;
  };
  // Layout (viewBox units): a row of labels above the strip, the strip, a row of labels below it.
  const y = 30;
  const hgt = 40;
  const labelRows = { top: 22, bottom: y + hgt + 22 };
  const svg = el('svg', { viewBox: `0 0 ${width} ${labelRows.bottom + 8}`, class: 'cb-rt-svg', role: 'img', 'aria-label': t('rt.title') });
  const defs = el('defs', {});
  const pattern = el('pattern', { id: 'cb-hatch', width: 8, height: 8, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' });
  pattern.append(el('rect', { width: 8, height: 8, fill: '#f3ede2' }), el('line', { x1: 0, y1: 0, x2: 0, y2: 8, stroke: '#b0a492', 'stroke-width': 3 }));
  defs.append(pattern);
  svg.append(defs);
  let x = 0;
  /** labels that do not fit in their segment: drawn above or below the strip (placeOutside) */
  const outside = [];
  const segment = (o, w, pushed) => {
    if (w <= 0) return;
    const g = el('g', { 'data-outcome': o, 'data-pushed': pushed ? 'true' : 'false' });
    const share = `${Number((w * 100).toFixed(1))}%`;
    const name = t(`outcome.${o}`);
    const full = t('rt.segment', { name, share });
    g.append(el('rect', {
      x: x * scale, y, width: w * scale, height: hgt,
      fill: pushed ? 'url(#cb-hatch)' : COLORS[o], stroke: pushed ? COLORS[o] : '#fffdf8', 'stroke-width': pushed ? 2 : 1,
    }));
    g.append(el('title', {}, full)); // the tooltip names every segment, however narrow
    // Inside: "name 25%" when it fits; else "25%" inside and the name outside; else all of it outside.
    const fits = (s) => textWidth(s, 16) + 8 <= w * scale;
    const inside = fits(full) ? full : fits(share) ? share : null;
    const cx = (x + w / 2) * scale;
    if (inside) {
      g.append(el('text', {
        x: cx, y: y + hgt / 2 + 6, 'text-anchor': 'middle', class: pushed ? 'cb-rt-label-pushed' : 'cb-rt-label',
        'data-label-for': o, 'data-placement': 'inside',
      }, inside));
    }
    if (inside !== full) outside.push({ o, text: inside ? name : full, cx, pushed });
    svg.append(g);
    x += w;
  };
  for (const o of shown) {
    const on = rt.distribution[o];
    segment(o, on, false);
  }
  segment('normal', rt.distribution.normal, false);
  const pushedStart = x;
  for (const o of shown) segment(o, rt.pushed_off[o], true);
  // the edge of the table
  svg.append(el('line', { x1: scale, y1: labelRows.top + 4, x2: scale, y2: y + hgt + 8, class: 'cb-rt-edge' }));
  const edgeLabel = el('text', {
    x: scale, y: labelRows.top, 'text-anchor': 'middle', class: 'cb-rt-edge-label', 'font-size': 15, 'font-weight': 700,
  }, t('rt.full'));
  svg.append(edgeLabel);
  // In the page before the outside labels are placed, so that they can be measured.
  host.replaceChildren(svg);
  const ew = measured(edgeLabel) || textWidth(t('rt.full'), 15);
  /** the spans [from, to] each label row already holds */
  const taken = { top: [[scale - ew / 2 - 6, scale + ew / 2 + 6]], bottom: [] };
  if (x > pushedStart + 1e-12) {
    const px = ((pushedStart + x) / 2) * scale;
    const pushedLabel = el('text', {
      x: px, y: labelRows.bottom, 'text-anchor': 'middle', class: 'cb-rt-pushed-label', 'font-size': 16, 'font-weight': 600,
    }, t('rt.pushed'));
    svg.append(pushedLabel);
    const pw = measured(pushedLabel) || textWidth(t('rt.pushed'), 16);
    taken.bottom.push([px - pw / 2 - 6, px + pw / 2 + 6]);
  }
  placeOutside(svg, el, outside, taken, { rows: labelRows, y, hgt, width });

  const head = h('tr', {}, ['rt.attribute', 'rt.nominal', 'rt.onTable', 'rt.pushed'].map((k) => h('th', { scope: 'col', text: t(k) })));
  const rows = order.filter((o) => nominal(o) > 0 || rt.pushed_off[o] > 0).map((o) => h('tr', {},
    h('th', { scope: 'row' }, h('span', { class: 'cb-swatch', dataset: { outcome: o } }), h('span', { text: t(`outcome.${o}`) })),
    h('td', { text: pct(nominal(o)) }),
    h('td', { text: pct(rt.distribution[o]) }),
    h('td', { class: rt.pushed_off[o] > 0 ? 'cb-pushed' : '', dataset: { testid: `pushed-${o}` }, text: pct(rt.pushed_off[o]) })));
  rows.push(h('tr', {},
    h('th', { scope: 'row' }, h('span', { class: 'cb-swatch', dataset: { outcome: 'normal' } }), h('span', { text: t('outcome.normal') })),
    h('td', { text: '—' }), h('td', { text: pct(rt.distribution.normal) }), h('td', { text: '—' })));
  table.replaceChildren(h('thead', {}, head), h('tbody', {}, rows));
}
