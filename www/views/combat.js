// #combat: attack-outcome distributions (issue 4). The exact numbers come from the wasm module on this
// thread (cheap); the Monte-Carlo runs in www/combat-worker.js. The sheet lives in the URL:
//   #combat?hit=0.9&crit=0.25&dodge=0.2&parry=0.15&block=0.3[&crit_multiplier=2&block_fraction=0.5…]
// (chances as fractions; keys as in duiyi::combat::SheetSpec, '-' accepted for '_').
//
// Test hooks (docs/testing.md, "Test hooks"): data-testid="dist-<model>-<outcome>" (exact %), "sample-<model>-<outcome>"
// (sampled %, data-count), "avoided-<model>", "pushed-<outcome>", "ehp-<model>", "edps-<model>",
// "expected-<model>", "mc-run", "mc-cancel", "mc-swings", "mc-seed-input", "mc-seed", "mc-progress",
// "mc-status" (data-state idle|running|done|cancelled|error), "chi-<model>", "prd-p", "prd-c", "error",
// "field-<key>" (number inputs), "combat-view" (data-ready="true" once computed).

import init, { combatReport, prdIntervals } from '../pkg/duiyi.js';
import { h } from './dom.js';
import { errorText } from '../i18n/errors.js';
import { createCritGuess } from './combat-guess.js';
import { loadChart, loadViewStrings } from './assets.js';

const MODELS = ['waterfall', 'round-table', 'hybrid'];
const OUTCOMES = ['miss', 'dodge', 'parry', 'glance', 'block', 'crit', 'crush', 'normal'];
const EVENTS = OUTCOMES.slice(0, 7);
const COLORS = {
  miss: '#9e9e9e', dodge: '#1e88e5', parry: '#00897b', glance: '#8e24aa',
  block: '#795548', crit: '#d32f2f', crush: '#ef6c00', normal: '#7cb342',
};
const MODEL_COLORS = { waterfall: '#1565c0', 'round-table': '#b3261e', hybrid: '#2e7d32' };

/** Attribute fields: key (SheetSpec name), group, kind ('pct' = chance shown in %, 'num'), page default. */
const FIELDS = [
  { key: 'hit', group: 'attacker', kind: 'pct', def: 0.9 },
  { key: 'crit', group: 'attacker', kind: 'pct', def: 0.25 },
  { key: 'crit_multiplier', group: 'attacker', kind: 'num', def: 2, step: 0.05, max: 10 },
  { key: 'glance', group: 'attacker', kind: 'pct', def: 0 },
  { key: 'glance_multiplier', group: 'attacker', kind: 'num', def: 0.76, step: 0.01, max: 10 },
  { key: 'damage', group: 'attacker', kind: 'num', def: 100, step: 1, max: 1e9 },
  { key: 'aps', group: 'attacker', kind: 'num', def: 1, step: 0.1, max: 1000 },
  { key: 'dodge', group: 'defender', kind: 'pct', def: 0.2 },
  { key: 'parry', group: 'defender', kind: 'pct', def: 0.15 },
  { key: 'block', group: 'defender', kind: 'pct', def: 0.3 },
  { key: 'block_fraction', group: 'defender', kind: 'pct', def: 0.5 },
  { key: 'block_amount', group: 'defender', kind: 'num', def: 50, step: 1, max: 1e9 },
  { key: 'crush', group: 'defender', kind: 'pct', def: 0 },
  { key: 'crush_multiplier', group: 'defender', kind: 'num', def: 1.5, step: 0.05, max: 10 },
  { key: 'damage_reduction', group: 'defender', kind: 'pct', def: 0 },
  { key: 'hp', group: 'defender', kind: 'num', def: 1000, step: 10, max: 1e12 },
];
const PRESETS = {
  seed: { hit: 0.9, crit: 0.25, dodge: 0.2, parry: 0.15, block: 0.3 },
  caps: { hit: 1, crit: 0.4, dodge: 0.3, parry: 0, block: 0 },
  overflow: { hit: 0.9, crit: 0.3, dodge: 0.5, parry: 0.3, block: 0.3 },
};
/** Keys always written to the URL (the seed's five); the others only when they differ from the default. */
const ALWAYS_IN_URL = ['hit', 'crit', 'dodge', 'parry', 'block'];
const SWING_CHOICES = [1e4, 1e5, 1e6, 1e7, 1e8, 1e9];
const PAGE_DEFAULTS = { swings: 1e6, prd_p: 0.25, bag: 20 };

const loadStrings = (lang) => loadViewStrings('combat', lang);

/** Count as 1k / 10k / 1M / 100M / 1G. */
const compactCount = (v) => {
  for (const [scale, unit] of [[1e9, 'G'], [1e6, 'M'], [1e3, 'k']]) if (v >= scale) return `${Number((v / scale).toPrecision(3))}${unit}`;
  return String(v);
};
/** Tick callback for a log axis: labels only powers of ten (the other ticks keep their grid line). */
const powerOfTenLabel = (format) => (v) => {
  const e = Math.log10(v);
  return Math.abs(e - Math.round(e)) < 1e-9 ? format(v) : '';
};
/** Rough width of a label in SVG units at `size`: CJK characters are square, Latin ones about 0.6 em. */
const textWidth = (text, size) => [...text].reduce((w, ch) => w + (ch.charCodeAt(0) > 0x2e80 ? size : 0.6 * size), 0);
const pct = (x, digits = 2) => `${(x * 100).toFixed(digits)}%`;
const num = (x, digits = 4) => (x === null || x === undefined ? '∞' : Number(x.toPrecision(digits)).toLocaleString('en-US'));
const fmtInt = (n) => Math.round(n).toLocaleString('en-US');

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

/** Reads the sheet and page settings from '#combat?…'. Unknown keys are ignored; bad numbers kept as NaN
 *  so that validation names them. */
function readHash() {
  const query = location.hash.includes('?') ? location.hash.slice(location.hash.indexOf('?') + 1) : '';
  const params = new URLSearchParams(query);
  const sheet = Object.fromEntries(FIELDS.map((f) => [f.key, f.def]));
  const orders = { waterfall: '', 'round-table': '', hybrid: '' };
  const page = { ...PAGE_DEFAULTS, seed: '' };
  // A block removes a share of the hit, or a flat amount when the link says block_amount.
  const blockMode = params.has('block_amount') || params.has('block-amount') ? 'amount' : 'fraction';
  for (const [rawKey, value] of params) {
    const key = rawKey.replace(/-/g, '_');
    if (key in sheet) sheet[key] = value.trim() === '' ? NaN : Number(value);
    else if (key === 'waterfall_order') orders.waterfall = value;
    else if (key === 'round_table_order') orders['round-table'] = value;
    else if (key === 'hybrid_order') orders.hybrid = value;
    else if (key === 'swings' && SWING_CHOICES.includes(Number(value))) page.swings = Number(value);
    else if (key === 'seed') page.seed = value;
    else if (key === 'prd_p' && Number(value) >= 0 && Number(value) <= 1) page.prd_p = Number(value);
    else if (key === 'bag' && Number.isInteger(Number(value)) && Number(value) > 0) page.bag = Number(value);
    else if (key === 'predict') page.predict = value === '1';
  }
  return { sheet, orders, page, blockMode };
}

/** The field a block mode leaves out. */
const inactiveBlockField = (mode) => (mode === 'amount' ? 'block_fraction' : 'block_amount');

function writeHash({ sheet, orders, page, blockMode }) {
  const params = new URLSearchParams();
  for (const f of FIELDS) {
    if (f.key === inactiveBlockField(blockMode)) continue;
    if (f.key === 'block_amount') {
      params.set(f.key, Number.isNaN(sheet[f.key]) ? '' : String(sheet[f.key]));
      continue;
    }
    const v = sheet[f.key];
    // An emptied field stays empty in the URL (not "NaN"): reloading shows the same error.
    if (ALWAYS_IN_URL.includes(f.key) || v !== f.def) params.set(f.key, Number.isNaN(v) ? '' : String(v));
  }
  if (orders.waterfall) params.set('waterfall_order', orders.waterfall);
  if (orders['round-table']) params.set('round_table_order', orders['round-table']);
  if (orders.hybrid) params.set('hybrid_order', orders.hybrid);
  if (page.swings !== PAGE_DEFAULTS.swings) params.set('swings', String(page.swings));
  if (page.seed) params.set('seed', page.seed);
  if (page.prd_p !== PAGE_DEFAULTS.prd_p) params.set('prd_p', String(page.prd_p));
  if (page.bag !== PAGE_DEFAULTS.bag) params.set('bag', String(page.bag));
  if (page.predict) params.set('predict', '1');
  const hash = `#combat?${params.toString().replace(/%2C/gi, ',').replace(/%2B/gi, '+')}`;
  if (location.hash !== hash) history.replaceState(history.state, '', `${location.pathname}${location.search}${hash}`);
}

/**
 * @param {HTMLElement} root
 * @param {{lang: string, t?: (key: string) => string}} ctx
 */
export async function mount(root, ctx) {
  let lang = ctx.lang === 'en' ? 'en' : 'zh';
  const [, strings, Chart] = await Promise.all([init(), loadStrings(lang), loadChart()]);
  let dict = strings;
  const t = (key, params) => {
    let s = dict[key] ?? key;
    if (params) s = s.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
    return s;
  };

  const css = h('link', { rel: 'stylesheet', href: new URL('./combat.css', import.meta.url).href });
  document.head.append(css);

  const state = readHash();
  /** last good exact reports, by model */
  let reports = null;
  /** sampled counts per model (Float64Array(8)) of the current sheet, or null */
  let samples = null;
  let summaries = null;
  const mc = { state: 'loading', id: 0, done: 0, total: 0, seed: '', elapsedMs: 0, history: [] };
  let destroyed = false;

  // ---- DOM: inputs ------------------------------------------------------------------------------------
  /** Tables scroll sideways on narrow screens instead of spilling out of their panel. */
  const scroll = (table) => h('div', { class: 'cb-scroll' }, table);
  const tx = (key, tag = 'span', props = {}) => h(tag, { ...props, dataset: { ...(props.dataset ?? {}), cbI18n: key } });
  const inputs = {};
  const fieldRow = (f) => {
    const id = `cb-field-${f.key}`;
    const numberInput = h('input', {
      id, type: 'number', class: 'cb-number', inputmode: 'decimal',
      min: 0, max: f.kind === 'pct' ? 100 : f.max, step: f.kind === 'pct' ? 0.01 : f.step,
      dataset: { testid: `field-${f.key}` },
    });
    const row = h('div', { class: 'cb-field', dataset: { field: f.key } }, tx(`field.${f.key}`, 'label', { for: id }));
    if (f.kind === 'pct') {
      const slider = h('input', {
        type: 'range', class: 'cb-slider', min: 0, max: 100, step: 0.1,
        'aria-labelledby': id, dataset: { testid: `slider-${f.key}` },
      });
      slider.addEventListener('input', () => {
        numberInput.value = slider.value;
        onField(f, Number(slider.value) / 100);
      });
      numberInput.addEventListener('input', () => {
        if (numberInput.value !== '') slider.value = numberInput.value;
        onField(f, numberInput.value === '' ? NaN : Number(numberInput.value) / 100);
      });
      row.append(slider, h('span', { class: 'cb-unit-wrap' }, numberInput, h('span', { class: 'cb-unit', text: '%' })));
      inputs[f.key] = { numberInput, slider };
    } else {
      numberInput.addEventListener('input', () => onField(f, numberInput.value === '' ? NaN : Number(numberInput.value)));
      row.classList.add('cb-field-num');
      row.append(h('span', { class: 'cb-unit-wrap' }, numberInput, h('span', { class: 'cb-unit' })));
      inputs[f.key] = { numberInput };
    }
    return row;
  };
  const blockModeSelect = h('select', { id: 'cb-block-mode', class: 'cb-select', dataset: { testid: 'block-mode' } },
    ['fraction', 'amount'].map((m) => h('option', { value: m, dataset: { cbI18n: `blockMode.${m}` } })));
  blockModeSelect.addEventListener('change', () => {
    state.blockMode = blockModeSelect.value;
    showBlockMode();
    recompute();
  });
  const group = (name) =>
    h('fieldset', { class: 'cb-group' }, tx(name, 'legend'), FIELDS.filter((f) => f.group === name).flatMap((f) =>
      f.key === 'block_fraction'
        ? [h('div', { class: 'cb-field cb-field-num' }, tx('field.block_mode', 'label', { for: 'cb-block-mode' }), blockModeSelect), fieldRow(f)]
        : [fieldRow(f)]));

  const presetButtons = Object.keys(PRESETS).map((name) =>
    h('button', {
      type: 'button', class: 'btn btn-small', dataset: { cbI18n: `preset.${name}`, testid: `preset-${name}` },
      on: { click: () => applyPreset(name) },
    }));
  const orderInputs = {};
  const orderRows = MODELS.map((m) => {
    const id = `cb-order-${m}`;
    orderInputs[m] = h('input', {
      id, type: 'text', class: 'cb-text', spellcheck: 'false', autocomplete: 'off',
      placeholder: 'miss,dodge,parry,glance,block,crit,crush', dataset: { testid: `order-${m}` },
    });
    orderInputs[m].addEventListener('change', () => {
      state.orders[m] = orderInputs[m].value.trim();
      recompute();
    });
    return h('div', { class: 'cb-field cb-field-wide' }, tx(`order.${m}`, 'label', { for: id }), orderInputs[m]);
  });
  const errorBox = h('div', { class: 'error', role: 'alert', hidden: true, dataset: { testid: 'error' } });

  const inputsPanel = h('section', { class: 'panel cb-inputs' },
    group('attacker'),
    group('defender'),
    h('div', { class: 'cb-presets' }, tx('presets', 'span', { class: 'cb-presets-label' }), presetButtons),
    h('details', { class: 'cb-orders' }, tx('orders', 'summary'), orderRows, tx('order.hint', 'p', { class: 'cb-hint' })),
    errorBox);

  // ---- DOM: distributions -------------------------------------------------------------------------------
  const distCanvas = h('canvas', { 'aria-hidden': 'true' });
  const distTable = h('table', { class: 'cb-table cb-dist', dataset: { testid: 'dist-table' } });
  const chartsNote = tx('chartsUnavailable', 'p', { class: 'cb-hint', hidden: Boolean(Chart) });
  const distPanel = h('section', { class: 'panel cb-dist-panel' },
    tx('dist.title', 'h2'), chartsNote, h('div', { class: 'cb-chart cb-chart-dist' }, distCanvas), scroll(distTable));

  // ---- DOM: round table ---------------------------------------------------------------------------------
  const rtSvgHost = h('div', { class: 'cb-rt-host', dataset: { testid: 'round-table-strip' } });
  const rtTable = h('table', { class: 'cb-table cb-rt-table' });
  const rtPanel = h('section', { class: 'panel cb-rt-panel' },
    tx('rt.title', 'h2'), tx('rt.caption', 'p', { class: 'cb-hint' }), rtSvgHost, scroll(rtTable));

  // ---- DOM: damage --------------------------------------------------------------------------------------
  const dmgTable = h('table', { class: 'cb-table cb-dmg' });
  const dmgPanel = h('section', { class: 'panel cb-dmg-panel' },
    tx('dmg.title', 'h2'), scroll(dmgTable), tx('dmg.caption', 'p', { class: 'cb-hint' }));

  // ---- DOM: Monte-Carlo ---------------------------------------------------------------------------------
  const swingsSelect = h('select', { id: 'cb-mc-swings', dataset: { testid: 'mc-swings' } },
    SWING_CHOICES.map((n) => h('option', { value: String(n), text: `10^${Math.round(Math.log10(n))}` })));
  const seedInput = h('input', {
    id: 'cb-mc-seed', type: 'text', class: 'cb-text cb-seed', inputmode: 'numeric', autocomplete: 'off',
    dataset: { testid: 'mc-seed-input', cbI18nPlaceholder: 'mc.seedPlaceholder' },
  });
  const runBtn = h('button', { type: 'button', class: 'btn', dataset: { cbI18n: 'mc.run', testid: 'mc-run' }, on: { click: () => startRun() } });
  const cancelBtn = h('button', { type: 'button', class: 'btn', dataset: { cbI18n: 'mc.cancel', testid: 'mc-cancel' }, on: { click: () => cancelRun() } });
  const progress = h('progress', { class: 'cb-progress', max: 1, value: 0, dataset: { testid: 'mc-progress' } });
  const statusText = h('span', { class: 'cb-mc-state', dataset: { testid: 'mc-status' } });
  const progressText = h('span', { class: 'cb-mc-detail', dataset: { testid: 'mc-detail' } });
  const seedUsed = h('span', { class: 'cb-mc-detail', dataset: { testid: 'mc-seed' } });
  const chiList = h('ul', { class: 'cb-chi' });
  const convCanvas = h('canvas', { 'aria-hidden': 'true' });
  const convCaption = tx('conv.title', 'p', { class: 'cb-hint cb-center', hidden: true });
  const mcPanel = h('section', { class: 'panel cb-mc-panel' },
    tx('mc.title', 'h2'), tx('mc.caption', 'p', { class: 'cb-hint' }),
    h('div', { class: 'cb-mc-controls' },
      h('label', { class: 'cb-inline' }, tx('mc.swings'), swingsSelect),
      h('label', { class: 'cb-inline' }, tx('mc.seed'), seedInput),
      runBtn, cancelBtn),
    h('div', { class: 'cb-mc-status' }, statusText, progress, progressText, seedUsed),
    chiList,
    h('div', { class: 'cb-chart cb-chart-conv', hidden: true }, convCanvas),
    convCaption);

  // ---- DOM: PRD -----------------------------------------------------------------------------------------
  const prdP = h('input', { id: 'cb-prd-p', type: 'number', class: 'cb-number', min: 0.1, max: 100, step: 0.1, dataset: { testid: 'prd-p' } });
  const prdBag = h('input', { id: 'cb-prd-bag', type: 'number', class: 'cb-number', min: 1, max: 1000, step: 1, dataset: { testid: 'prd-bag' } });
  const prdC = h('output', { class: 'cb-prd-c', dataset: { testid: 'prd-c' } });
  const prdTable = h('table', { class: 'cb-table cb-prd-table' });
  const prdCanvas = h('canvas', { 'aria-hidden': 'true' });
  const prdError = h('div', { class: 'error', hidden: true, dataset: { testid: 'prd-error' } });
  prdP.addEventListener('input', () => {
    const v = Number(prdP.value) / 100;
    if (prdP.value !== '' && v >= 0 && v <= 1) state.page.prd_p = v;
    renderPrd(prdP.value === '' ? NaN : v);
    writeHash(state);
  });
  prdBag.addEventListener('input', () => {
    const v = Number(prdBag.value);
    if (Number.isInteger(v) && v > 0 && v <= 1000) state.page.bag = v;
    renderPrd(state.page.prd_p);
    writeHash(state);
  });
  const prdPanel = h('section', { class: 'panel cb-prd-panel' },
    tx('prd.title', 'h2'), tx('prd.caption', 'p', { class: 'cb-hint' }),
    h('div', { class: 'cb-mc-controls' },
      h('label', { class: 'cb-inline' }, tx('prd.p'), h('span', { class: 'cb-unit-wrap' }, prdP, h('span', { class: 'cb-unit', text: '%' }))),
      h('label', { class: 'cb-inline' }, tx('prd.bag'), prdBag),
      h('span', { class: 'cb-inline' }, tx('prd.c'), prdC)),
    prdError, scroll(prdTable),
    h('div', { class: 'cb-chart cb-chart-prd' }, prdCanvas),
    tx('prd.axis', 'p', { class: 'cb-hint cb-center' }));

  // Predict, then reveal (www/views/combat-guess.js): hides the result panels until the learner's guess is in.
  const guess = createCritGuess({
    t, panels: [distPanel, rtPanel, dmgPanel, mcPanel, prdPanel], predict: state.page.predict,
    onPredict: (on) => { state.page.predict = on; writeHash(state); }, prdRate: (p) => prdIntervals(p, 0).realised_p,
  });

  const view = h('div', { class: 'cb-view', dataset: { testid: 'combat-view' } },
    h('header', { class: 'cb-head' }, tx('title', 'h1'), tx('intro', 'p', { class: 'cb-intro' })),
    h('div', { class: 'cb-layout' },
      inputsPanel,
      h('div', { class: 'cb-main' }, guess.element, distPanel, rtPanel, dmgPanel, mcPanel, prdPanel)));
  root.replaceChildren(view);

  // ---- charts -------------------------------------------------------------------------------------------
  const charts = [];
  let distChart = null;
  let convChart = null;
  let prdChart = null;
  /** per row of the distribution chart: the note drawn in place of a sampled row's bars, or null */
  const emptyRows = [];
  /** Draws each sampled row's note ("not run yet") across its empty bar. */
  const notRunPlugin = {
    id: 'duiyiNotRun',
    afterDatasetsDraw(chart) {
      const { ctx, chartArea, scales } = chart;
      ctx.save();
      ctx.fillStyle = '#6f6458';
      ctx.font = `13px ${Chart.defaults.font.family}`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      emptyRows.forEach((text, i) => {
        if (text) ctx.fillText(text, (chartArea.left + chartArea.right) / 2, scales.y.getPixelForValue(i));
      });
      ctx.restore();
    },
  };
  if (Chart) {
    Chart.defaults.font.family = getComputedStyle(document.body).fontFamily;
    Chart.defaults.color = '#2b2520';
    distChart = new Chart(distCanvas, {
      type: 'bar',
      plugins: [notRunPlugin],
      data: { labels: [], datasets: [] },
      options: {
        indexAxis: 'y', animation: false, maintainAspectRatio: false, responsive: true,
        scales: {
          x: { stacked: true, min: 0, max: 100, ticks: { callback: (v) => `${v}%` } },
          y: { stacked: true },
        },
        plugins: {
          legend: { position: 'bottom', labels: { boxWidth: 12 } },
          tooltip: { callbacks: { label: (c) => `${c.dataset.label}: ${c.parsed.x.toFixed(2)}%` } },
        },
      },
    });
    convChart = new Chart(convCanvas, {
      type: 'line',
      data: { datasets: MODELS.map((m) => ({ label: m, data: [], borderColor: MODEL_COLORS[m], backgroundColor: MODEL_COLORS[m], pointRadius: 2, borderWidth: 2 })) },
      options: {
        animation: false, maintainAspectRatio: false, responsive: true, parsing: false,
        scales: {
          x: { type: 'logarithmic', title: { display: true, text: '' }, ticks: { callback: powerOfTenLabel(compactCount), autoSkip: false, maxRotation: 0 } },
          y: { type: 'logarithmic', ticks: { callback: powerOfTenLabel((v) => String(Number(v.toPrecision(1)))), autoSkip: false } },
        },
        plugins: { legend: { position: 'bottom', labels: { boxWidth: 12 } } },
      },
    });
    prdChart = new Chart(prdCanvas, {
      type: 'bar',
      data: { labels: [], datasets: [] },
      options: {
        animation: false, maintainAspectRatio: false, responsive: true,
        scales: { y: { ticks: { callback: (v) => `${(v * 100).toFixed(0)}%` } } },
        plugins: {
          legend: { position: 'bottom', labels: { boxWidth: 12 } },
          tooltip: { callbacks: { label: (c) => `${c.dataset.label}: ${(c.parsed.y * 100).toFixed(2)}%` } },
        },
      },
    });
    charts.push(distChart, convChart, prdChart);
  }

  // ---- worker -------------------------------------------------------------------------------------------
  let worker = null;
  function startWorker() {
    worker = new Worker(new URL('../combat-worker.js', import.meta.url), { type: 'module' });
    worker.onmessage = (e) => onWorker(e.data);
    worker.onerror = (e) => {
      e.preventDefault?.();
      const detail = e.message || 'error';
      setMc('error', { code: 'worker.failed', params: { detail }, message: `the sampling worker failed: ${detail}` });
    };
  }
  startWorker();

  function onWorker(msg) {
    if (destroyed) return;
    if (msg.type === 'ready') {
      if (mc.state === 'loading') setMc('idle');
      return;
    }
    if (msg.id !== mc.id) return; // an old run
    if (msg.type === 'started') {
      mc.seed = msg.seed;
      renderMc();
    } else if (msg.type === 'progress' || msg.type === 'done' || msg.type === 'cancelled') {
      samples = msg.counts;
      mc.done = msg.done;
      mc.elapsedMs = msg.elapsedMs;
      recordConvergence();
      if (msg.type === 'done') {
        summaries = msg.summaries;
        setMc('done');
      } else if (msg.type === 'cancelled') {
        setMc('cancelled');
      } else {
        renderMc();
      }
      renderSamples({ chartsNow: msg.type !== 'progress' });
    } else if (msg.type === 'error') {
      setMc('error', { code: msg.code ?? null, params: msg.params ?? {}, message: msg.message });
    }
  }

  function startRun() {
    if (!reports || !worker) return;
    mc.id += 1;
    mc.total = Number(swingsSelect.value);
    mc.done = 0;
    mc.seed = '';
    mc.history = [];
    mc.elapsedMs = 0;
    samples = null;
    summaries = null;
    state.page.seed = seedInput.value.trim();
    writeHash(state);
    worker.postMessage({
      type: 'run', id: mc.id, sheet: sheetForWasm(), swings: mc.total, seed: state.page.seed,
      models: MODELS.map((m) => ({ model: m, order: state.orders[m] || null })),
    });
    setMc('running');
    renderSamples();
  }

  function cancelRun() {
    if (mc.state !== 'running') return;
    worker.postMessage({ type: 'cancel', id: mc.id });
  }

  /** The sheet changed: a run in progress no longer matches it. */
  function dropSamples() {
    if (mc.state === 'running') {
      worker.postMessage({ type: 'cancel', id: mc.id });
      mc.id += 1; // ignore whatever the old run still sends
      setMc('idle', { key: 'mc.stale' });
    } else if (samples) {
      setMc('idle', { key: 'mc.stale' });
    }
    samples = null;
    summaries = null;
    mc.history = [];
    mc.done = 0;
  }

  /** `note`: {key} of a page string, or an error ({code, params, message}); translated when shown. */
  function setMc(next, note) {
    mc.state = next;
    mc.note = note ?? null;
    renderMc();
    if (reports && !samples) renderSamples(); // "running…" or "not run yet" in the sampled rows
  }

  function recordConvergence() {
    if (!samples || !reports) return;
    const point = MODELS.map((m, i) => {
      const counts = samples[i];
      const n = counts.reduce((a, b) => a + b, 0);
      if (!n) return null;
      let worst = 0;
      OUTCOMES.forEach((o, j) => {
        worst = Math.max(worst, Math.abs(counts[j] / n - reports[m].distribution[o]));
      });
      return { x: n, y: Math.max(worst * 100, 1e-6) };
    });
    mc.history.push(point);
  }

  // ---- inputs → state -----------------------------------------------------------------------------------
  function onField(f, value) {
    state.sheet[f.key] = value;
    recompute();
  }

  function applyPreset(name) {
    for (const f of FIELDS) state.sheet[f.key] = f.def;
    Object.assign(state.sheet, PRESETS[name]);
    fillInputs();
    recompute();
  }

  function showBlockMode() {
    blockModeSelect.value = state.blockMode;
    for (const key of ['block_fraction', 'block_amount']) {
      view.querySelector(`[data-field="${key}"]`).hidden = key === inactiveBlockField(state.blockMode);
    }
  }

  function fillInputs() {
    showBlockMode();
    for (const f of FIELDS) {
      const v = state.sheet[f.key];
      const { numberInput, slider } = inputs[f.key];
      const shown = f.kind === 'pct' ? Number((v * 100).toPrecision(12)) : v;
      numberInput.value = Number.isFinite(shown) ? String(shown) : '';
      if (slider && Number.isFinite(shown)) slider.value = String(shown);
    }
    for (const m of MODELS) orderInputs[m].value = state.orders[m];
    swingsSelect.value = String(state.page.swings);
    seedInput.value = state.page.seed;
    prdP.value = String(Number((state.page.prd_p * 100).toPrecision(12)));
    prdBag.value = String(state.page.bag);
  }

  swingsSelect.addEventListener('change', () => {
    state.page.swings = Number(swingsSelect.value);
    writeHash(state);
  });

  function sheetForWasm() {
    const skip = inactiveBlockField(state.blockMode);
    return Object.fromEntries(FIELDS.filter((f) => f.key !== skip).map((f) => [f.key, state.sheet[f.key]]));
  }

  // ---- compute and render -------------------------------------------------------------------------------
  function recompute() {
    writeHash(state);
    let next;
    try {
      next = {};
      for (const m of MODELS) {
        try {
          next[m] = combatReport(m, state.orders[m] || null, sheetForWasm());
        } catch (err) {
          // An order belongs to one model: the message says which.
          if (err && typeof err === 'object' && String(err.code).startsWith('order.')) err.model = m;
          throw err;
        }
      }
    } catch (err) {
      showError(err);
      markInvalid(err);
      // The results shown no longer match the sheet: mark them stale until it is valid again.
      for (const panel of [distPanel, rtPanel, dmgPanel, mcPanel]) panel.dataset.stale = 'true';
      view.dataset.ready = 'false';
      return;
    }
    showError(null);
    markInvalid(null);
    for (const panel of [distPanel, rtPanel, dmgPanel, mcPanel]) delete panel.dataset.stale;
    const changed = JSON.stringify(next) !== JSON.stringify(reports);
    reports = next;
    guess.update(reports, state.sheet.crit);
    if (changed) dropSamples();
    renderExact();
    renderSamples();
    view.dataset.ready = 'true';
  }

  /** the error shown (an Error from the wasm module, with code and params), or null */
  let lastError = null;
  function showError(error) {
    lastError = error ?? null;
    errorBox.textContent = error ? t('error', { message: describe(error) }) : '';
    errorBox.hidden = !error;
    if (error?.code) errorBox.dataset.code = error.code;
    else delete errorBox.dataset.code;
  }

  /** A chance as the page shows it: 1.5 → "150%". */
  const percentOf = (v) => `${Number((Number(v) * 100).toPrecision(12))}%`;

  /** An error from the wasm module or the worker, in the page's language (www/i18n/errors.js): attribute
   *  names as the fields say them, chances in percent, events by their outcome names. */
  function describe(error) {
    const text = errorText(t, error, {
      attribute: (v) => t(`field.${v}`),
      value: (v, params) => (FIELDS.find((f) => f.key === params.attribute)?.kind === 'pct' ? percentOf(v) : String(v)),
      event: (v) => t(`outcome.${v}`),
      p: percentOf,
      min: percentOf,
    });
    return error?.model ? t('orderError', { model: modelLabel(error.model), message: text }) : text;
  }

  /** The field whose attribute a wasm error names (params.attribute: the sheet key). */
  function fieldNamedIn(error) {
    const key = error?.params?.attribute;
    return key ? FIELDS.find((f) => f.key === key) ?? null : null;
  }

  function markInvalid(error) {
    const bad = fieldNamedIn(error);
    for (const f of FIELDS) {
      if (f === bad) inputs[f.key].numberInput.setAttribute('aria-invalid', 'true');
      else inputs[f.key].numberInput.removeAttribute('aria-invalid');
    }
  }

  function modelLabel(m) {
    return t(`model.${m}`);
  }

  function renderExact() {
    renderDistTable();
    renderRoundTable();
    renderDamage();
  }

  /** Outcomes that can happen in any model (others are hidden from charts and tables). */
  function visibleOutcomes() {
    return OUTCOMES.filter((o) => ['miss', 'dodge', 'parry', 'block', 'crit', 'normal'].includes(o)
      || MODELS.some((m) => reports[m].distribution[o] > 0) || state.sheet[o] > 0);
  }

  let sampleCells = {};
  function renderDistTable() {
    const outs = visibleOutcomes();
    const head = h('tr', {}, h('th', { scope: 'col', text: t('dist.outcome') }),
      MODELS.map((m) => h('th', { scope: 'col' }, h('div', { text: modelLabel(m) }), h('div', { class: 'cb-note', text: t(`model.${m}.note`) }))));
    const rows = outs.map((o) => h('tr', { dataset: { outcome: o } },
      h('th', { scope: 'row' }, h('span', { class: 'cb-swatch', dataset: { outcome: o } }), h('span', { text: t(`outcome.${o}`) })),
      MODELS.map((m) => h('td', {},
        h('span', { class: 'cb-exact', dataset: { testid: `dist-${m}-${o}` }, text: pct(reports[m].distribution[o]) }),
        h('span', { class: 'cb-sampled', dataset: { testid: `sample-${m}-${o}` } })))));
    const avoided = h('tr', { class: 'cb-avoided' }, h('th', { scope: 'row', text: t('dist.avoided') }),
      MODELS.map((m) => h('td', {}, h('span', { class: 'cb-exact', dataset: { testid: `avoided-${m}` }, text: pct(reports[m].avoided) }))));
    distTable.replaceChildren(h('thead', {}, head), h('tbody', {}, rows, avoided));
    sampleCells = {};
    for (const cell of distTable.querySelectorAll('.cb-sampled')) sampleCells[cell.dataset.testid.slice('sample-'.length)] = cell;
  }

  /** Redraws the sample-dependent charts at most every CHART_MS while a run streams progress (a Chart.js
   *  update costs milliseconds; the numbers in the table are updated on every message). */
  const CHART_MS = 250;
  let chartTimer = null;
  let lastChartDraw = 0;
  function scheduleCharts(now = false) {
    if (chartTimer !== null) {
      if (!now) return;
      clearTimeout(chartTimer);
      chartTimer = null;
    }
    const wait = now ? 0 : Math.max(0, lastChartDraw + CHART_MS - performance.now());
    chartTimer = setTimeout(() => {
      chartTimer = null;
      if (destroyed || !reports) return;
      lastChartDraw = performance.now();
      renderDistChart();
      renderConvChart();
    }, wait);
  }

  function renderSamples({ chartsNow = true } = {}) {
    if (!reports) return;
    MODELS.forEach((m, i) => {
      const counts = samples?.[i];
      const n = counts ? counts.reduce((a, b) => a + b, 0) : 0;
      OUTCOMES.forEach((o, j) => {
        const cell = sampleCells[`${m}-${o}`];
        if (!cell) return;
        if (n > 0) {
          cell.textContent = `${t('dist.sampled')} ${pct(counts[j] / n)}`;
          cell.dataset.count = String(counts[j]);
          delete cell.dataset.empty;
        } else {
          // Before a run (or after the sheet changed): say so, rather than an empty cell.
          cell.textContent = t(mc.state === 'running' ? 'dist.sampledWaiting' : 'dist.sampledNotRun');
          cell.dataset.empty = 'true';
          delete cell.dataset.count;
        }
      });
    });
    scheduleCharts(chartsNow);
  }

  function renderDistChart() {
    if (!distChart) return;
    const outs = visibleOutcomes();
    const labels = [];
    const rows = [];
    emptyRows.length = 0;
    MODELS.forEach((m, i) => {
      labels.push(`${modelLabel(m)} · ${t('dist.exact')}`);
      emptyRows.push(null);
      rows.push(OUTCOMES.map((o) => reports[m].distribution[o] * 100));
      const counts = samples?.[i];
      const n = counts ? counts.reduce((a, b) => a + b, 0) : 0;
      labels.push(`${modelLabel(m)} · ${t('dist.sampled')}${n ? ` (${fmtInt(n)})` : ''}`);
      rows.push(OUTCOMES.map((_, j) => (n ? (counts[j] / n) * 100 : 0)));
      emptyRows.push(n ? null : t(mc.state === 'running' ? 'dist.sampledWaiting' : 'dist.sampledNotRun'));
    });
    distChart.data.labels = labels;
    distChart.data.datasets = outs.map((o) => ({
      label: t(`outcome.${o}`),
      data: rows.map((r) => r[OUTCOMES.indexOf(o)]),
      backgroundColor: COLORS[o],
      borderColor: '#fffdf8',
      borderWidth: 1,
      barPercentage: 0.85,
    }));
    distChart.update('none');
    // test hook: how many sampled rows show their note instead of bars
    distCanvas.dataset.notRun = String(emptyRows.filter(Boolean).length);
  }

  function renderConvChart() {
    convCanvas.parentElement.hidden = mc.history.length === 0;
    convCaption.hidden = mc.history.length === 0;
    if (!convChart) return;
    MODELS.forEach((m, i) => {
      convChart.data.datasets[i].label = modelLabel(m);
      convChart.data.datasets[i].data = mc.history.map((p) => p[i]).filter(Boolean);
    });
    convChart.options.scales.x.title.text = t('conv.axis');
    convChart.update('none');
  }

  function renderRoundTable() {
    const rt = reports['round-table'];
    const order = rt.order.split(',');
    const sheet = state.sheet;
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
    rtSvgHost.replaceChildren(svg);
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
    rtTable.replaceChildren(h('thead', {}, head), h('tbody', {}, rows));
  }

  function renderDamage() {
    const cols = ['dmg.fraction', 'dmg.expected', 'dmg.edps', 'dmg.ehp', 'dmg.multiplier', 'dmg.swings'];
    const head = h('tr', {}, h('th', { scope: 'col', text: t('dmg.model') }), cols.map((k) => h('th', { scope: 'col', text: t(k) })));
    const rows = MODELS.map((m) => {
      const r = reports[m];
      return h('tr', {},
        h('th', { scope: 'row', text: modelLabel(m) }),
        h('td', { dataset: { testid: `fraction-${m}` }, text: num(r.expected_fraction) }),
        h('td', { dataset: { testid: `expected-${m}` }, text: num(r.expected_damage) }),
        h('td', { dataset: { testid: `edps-${m}` }, text: num(r.edps) }),
        h('td', { dataset: { testid: `ehp-${m}` }, text: num(r.ehp) }),
        h('td', { dataset: { testid: `ehp-multiplier-${m}` }, text: num(r.ehp_multiplier) }),
        h('td', { dataset: { testid: `swings-${m}` }, text: num(r.swings_to_kill) }));
    });
    dmgTable.replaceChildren(h('thead', {}, head), h('tbody', {}, rows));
  }

  function renderMc() {
    statusText.dataset.state = mc.state;
    const note = mc.note ? (mc.note.key ? t(mc.note.key) : describe(mc.note)) : '';
    statusText.textContent = t(`mc.state.${mc.state}`) + (note ? ` — ${note}` : '');
    runBtn.disabled = mc.state === 'loading' || !reports;
    cancelBtn.disabled = mc.state !== 'running';
    progress.value = mc.total ? mc.done / mc.total : 0;
    const rate = mc.elapsedMs > 0 ? (mc.done * MODELS.length) / (mc.elapsedMs / 1000) / 1e6 : 0;
    progressText.textContent = mc.total
      ? t('mc.progress', { done: fmtInt(mc.done), total: fmtInt(mc.total), rate: rate.toFixed(1) })
      : '';
    seedUsed.textContent = mc.seed ? t('mc.seedUsed', { seed: mc.seed }) : '';
    seedUsed.dataset.seed = mc.seed;
    chiList.replaceChildren(...(summaries ?? []).map((s, i) =>
      h('li', { dataset: { testid: `chi-${MODELS[i]}`, p: String(s.chi_square.p_value) } },
        h('strong', { text: `${modelLabel(MODELS[i])}: ` }),
        h('span', { text: t('mc.chi', { p: s.chi_square.p_value.toPrecision(3) }) }))));
  }

  // ---- PRD ------------------------------------------------------------------------------------------------
  function renderPrd(p) {
    let r;
    try {
      r = prdIntervals(p, state.page.bag);
    } catch (err) {
      prdError.textContent = t('error', { message: describe(err) });
      if (err?.code) prdError.dataset.code = err.code;
      prdError.hidden = false;
      return;
    }
    prdError.hidden = true;
    prdC.textContent = r.c.toFixed(6);
    prdC.dataset.value = String(r.c);
    const rules = [
      { key: 'independent', label: t('prd.independent'), d: r.independent, tail: r.independent_tail, color: '#9e9e9e' },
      { key: 'prd', label: t('prd.prd'), d: r.prd, tail: 0, color: '#d32f2f' },
    ];
    if (r.bag) rules.push({ key: 'bag', label: t('prd.bagRule', { procs: r.bag.procs, size: r.bag.size }), d: r.bag.intervals, tail: 0, color: '#1e88e5' });
    const quantile = (d, q) => {
      let acc = 0;
      for (let i = 0; i < d.length; i++) {
        acc += d[i];
        if (acc >= q) return i + 1;
      }
      return null;
    };
    const head = h('tr', {}, ['prd.rule', 'prd.twoInRow', 'prd.p99', 'prd.longest'].map((k) => h('th', { scope: 'col', text: t(k) })));
    const rows = rules.map((rule) => h('tr', { dataset: { rule: rule.key } },
      h('th', { scope: 'row', text: rule.label }),
      h('td', { dataset: { testid: `prd-${rule.key}-two` }, text: pct(rule.d[0] ?? 0) }),
      h('td', { text: String(quantile(rule.d, 0.99) ?? `> ${rule.d.length}`) }),
      h('td', { text: rule.tail > 0 ? t('prd.infinite') : String(rule.d.length) })));
    prdTable.replaceChildren(h('thead', {}, head), h('tbody', {}, rows));
    if (prdChart) {
      const len = Math.min(Math.max(r.prd.length, r.bag ? r.bag.intervals.length : 0, quantile(r.independent, 0.99) ?? r.independent.length), 60);
      prdChart.data.labels = Array.from({ length: len }, (_, i) => String(i + 1));
      prdChart.data.datasets = rules.map((rule) => ({
        label: rule.label,
        data: Array.from({ length: len }, (_, i) => rule.d[i] ?? 0),
        backgroundColor: rule.color,
        borderWidth: 0,
      }));
      prdChart.update('none');
    }
  }

  function applyText() {
    view.lang = lang === 'zh' ? 'zh-Hans' : 'en';
    for (const node of view.querySelectorAll('[data-cb-i18n]')) node.textContent = t(node.dataset.cbI18n);
    for (const node of view.querySelectorAll('[data-cb-i18n-placeholder]')) node.placeholder = t(node.dataset.cbI18nPlaceholder);
    guess.applyText();
    if (lastError) showError(lastError);
  }

  // ---- go -------------------------------------------------------------------------------------------------
  applyText();
  fillInputs();
  recompute();
  if (!reports) {
    // The URL held a bad sheet: keep the error, put each attribute it names back to its default, so the
    // rest of the shared sheet is still shown.
    const firstError = lastError;
    for (let i = 0; i < FIELDS.length && !reports; i++) {
      const f = fieldNamedIn(lastError);
      if (!f) break;
      state.sheet[f.key] = f.def;
      recompute();
    }
    if (!reports) {
      for (const f of FIELDS) state.sheet[f.key] = f.def;
      for (const m of MODELS) state.orders[m] = '';
      recompute();
    }
    fillInputs();
    showError(firstError);
  }
  renderPrd(state.page.prd_p);
  renderMc();

  return {
    setLang(nextLang) {
      lang = nextLang === 'en' ? 'en' : 'zh';
      loadStrings(lang).then((s) => {
        if (destroyed) return;
        dict = s;
        applyText();
        if (reports) {
          renderExact();
          renderSamples();
        }
        renderPrd(state.page.prd_p);
        renderMc();
      });
    },
    unmount() {
      destroyed = true;
      clearTimeout(chartTimer);
      worker?.terminate();
      for (const c of charts) c.destroy();
      css.remove();
      view.remove();
    },
  };
}
