// #circle: the smallest enclosing circle (issue 13, item 4): seed 001 §Ⅲ's O(n³) method beside Welzl's
// algorithm, on points the learner places; every computation runs in www/circle-worker.js.
//
// Lesson link (the URL holds the whole picture):
//   #circle?p=x,y;x,y;…&m=seed,welzl&ws=0[&predict=1]      explicit points (what a click or a drag makes)
//   #circle?n=30&s=7&m=welzl…                               or random points: circleRandomPoints(n, s)
// m: the methods shown; ws: Welzl's shuffle seed; predict=1: the circles stay hidden until the learner reveals.
//
// Test hooks (docs/testing.md, "Test hooks"): data-testid="circle-view" (data-ready="true" once the circles of the
// current points are shown; data-count), "circle-svg", "circle-<method>" (the drawn circle: data-cx, data-cy,
// data-r), "point" (data-index, data-x, data-y, data-on="seed welzl"), "result-<method>-center" (data-x,
// data-y), "result-<method>-radius" (data-value), "result-<method>-on" (data-indices, JSON), "result-<method>-ops"
// (data-value), "result-<method>-skipped", "method-<method>" (checkboxes), "welzl-seed", "tool-<add|delete|guess>",
// "random-n", "random-seed", "random-go", "clear", "paste", "paste-load", "lesson-link", "error" (data-code),
// "predict-toggle", "predict-reveal", "predict-again", "guess" (data-cx, data-cy, data-r), "guess-score"
// (data-score, data-distance, data-ratio), "sweep-run", "sweep-cancel", "sweep-seed-max", "sweep-status"
// (data-state idle|running|done|cancelled|error), "sweep-<method>-<n>" (data-ops, data-ms).

import init, { circleParsePoints, circleRandomPoints } from '../pkg/duiyi_hex.js';
import { h } from './dom.js';
import { errorText } from '../i18n/errors.js';
import { loadChart, loadStyle, loadViewStrings } from './assets.js';

const METHODS = ['seed', 'welzl'];
const COLORS = { seed: '#c2410c', welzl: '#1d4ed8', guess: '#7c3aed' };
/** Above this many points the page does not run the O(n³) method on an edit (4.5 M triples, about 0.1 s in
 *  wasm; the sweep may go to 1000). */
const SEED_LIVE_MAX = 300;
const MAX_EDIT_POINTS = 5000;
const SWEEP_SIZES = [10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000];
const SEED_MAX_CHOICES = [100, 300, 1000];
const DEFAULT_RANDOM = { n: 12, seed: 1 };
const SVG_NS = 'http://www.w3.org/2000/svg';

const loadStrings = (lang) => loadViewStrings('circle', lang);

/** A coordinate as it goes into a link: the shortest text that reads back as the same number. */
const coordText = (v) => String(v);
/** A number for the page: 10 significant digits. */
const show = (v) => String(Number(v.toPrecision(10)));
/** Rounds a clicked coordinate to 0.01 (so links stay short and exact). */
const snap = (v) => Math.round(v * 100) / 100;

/**
 * Reads the link: {points | null, random | null, methods, welzlSeed, predict, linkError}. A malformed point
 * list gives linkError and no points (the view then shows the default random points).
 */
export function readLink(hash) {
  const query = new URLSearchParams(hash.replace(/^#[^?]*\??/, ''));
  const out = { points: null, random: null, methods: ['seed', 'welzl'], welzlSeed: 0, predict: query.get('predict') === '1', linkError: false };
  const m = query.get('m');
  if (m !== null) {
    const methods = m.split(',').filter((x) => METHODS.includes(x));
    if (methods.length) out.methods = METHODS.filter((x) => methods.includes(x));
  }
  const ws = Number(query.get('ws'));
  if (query.has('ws') && Number.isSafeInteger(ws) && ws >= 0) out.welzlSeed = ws;
  const p = query.get('p');
  if (p !== null) {
    const points = p === '' ? [] : p.split(';').map((pair) => pair.split(',').map((c) => (c.trim() === '' ? NaN : Number(c))));
    if (points.length <= MAX_EDIT_POINTS && points.every((xy) => xy.length === 2 && xy.every(Number.isFinite))) out.points = points;
    else out.linkError = true;
  } else if (query.has('n')) {
    const n = Number(query.get('n'));
    const seed = Number(query.get('s') ?? 1);
    if (Number.isSafeInteger(n) && n >= 1 && n <= MAX_EDIT_POINTS && Number.isSafeInteger(seed) && seed >= 0) out.random = { n, seed };
    else out.linkError = true;
  }
  return out;
}

/** The link of a state (the inverse of readLink). */
export function linkOf({ points, random, methods, welzlSeed, predict }) {
  const parts = [];
  if (random) parts.push(`n=${random.n}`, `s=${random.seed}`);
  else parts.push(`p=${points.map(([x, y]) => `${coordText(x)},${coordText(y)}`).join(';')}`);
  parts.push(`m=${methods.join(',')}`);
  if (welzlSeed) parts.push(`ws=${welzlSeed}`);
  if (predict) parts.push('predict=1');
  return `#circle?${parts.join('&')}`;
}

/**
 * The score of a guess against the true circle: `distance` = |guess centre − centre| / r, `ratio` = guessed
 * radius / r (null when only a centre was guessed), score = 100 · max(0, 1 − distance) · max(0, 1 − |ln ratio|).
 */
export function scoreGuess(guess, truth) {
  const r = Math.max(truth.radius, 1e-12);
  const distance = Math.hypot(guess.cx - truth.center[0], guess.cy - truth.center[1]) / r;
  const ratio = guess.r ? guess.r / r : null;
  const radiusFactor = ratio === null ? 1 : Math.max(0, 1 - Math.abs(Math.log(ratio)));
  return { distance, ratio, score: Math.round(100 * Math.max(0, 1 - distance) * radiusFactor) };
}

/**
 * @param {HTMLElement} root
 * @param {{lang: string}} ctx
 */
export async function mount(root, ctx) {
  let lang = ctx.lang === 'en' ? 'en' : 'zh';
  // the stylesheet before the first layout (see assets.js loadStyle)
  const [, strings, Chart, css] = await Promise.all([
    init(), loadStrings(lang), loadChart(), loadStyle(new URL('./circle.css', import.meta.url).href)]);
  let dict = strings;
  const t = (key, params) => {
    let s = dict[key] ?? key;
    if (params) s = s.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
    return s;
  };

  const link = readLink(location.hash);
  const state = {
    points: link.points ?? [],
    random: link.points ? null : link.random ?? { ...DEFAULT_RANDOM },
    methods: link.methods,
    welzlSeed: link.welzlSeed,
    predict: link.predict,
    revealed: false,
    tool: 'add',
    guess: null, // {cx, cy, r | null}
  };
  let results = {}; // method → result | {error} | {skipped}
  let generation = 0;
  let lastError = link.linkError ? { code: 'link.points', params: {}, message: 'malformed point list in the link' } : null;
  let destroyed = false;
  let viewBox = { x: -5, y: -105, w: 110, h: 110 }; // in svg units: X = x, Y = −y

  // ---- DOM ------------------------------------------------------------------------------------------------
  const tx = (key, tag = 'span', props = {}) => h(tag, { ...props, dataset: { ...(props.dataset ?? {}), ccI18n: key } });
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('class', 'cc-svg');
  svg.dataset.testid = 'circle-svg';
  svg.setAttribute('role', 'img');
  const layers = {};
  for (const name of ['frame', 'circles', 'guess', 'marks', 'points']) {
    layers[name] = document.createElementNS(SVG_NS, 'g');
    svg.append(layers[name]);
  }
  const el = (tag, attrs) => {
    const node = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) node.setAttribute(k, String(v));
    return node;
  };

  const toolButtons = Object.fromEntries(['add', 'delete', 'guess'].map((name) => [name, h('button', {
    type: 'button', class: 'btn btn-small', dataset: { ccI18n: `tool.${name}`, testid: `tool-${name}` },
    on: { click: () => setTool(name) },
  })]));
  const methodBoxes = Object.fromEntries(METHODS.map((m) => [m, h('input', {
    type: 'checkbox', dataset: { testid: `method-${m}` }, on: { change: () => onMethods() },
  })]));
  const welzlSeedInput = h('input', { type: 'number', class: 'cc-number', min: 0, step: 1, dataset: { testid: 'welzl-seed' } });
  welzlSeedInput.addEventListener('change', () => {
    const v = Number(welzlSeedInput.value);
    if (!Number.isSafeInteger(v) || v < 0) {
      showError({ code: 'circle.bad_seed', params: { value: welzlSeedInput.value }, message: 'bad seed' });
      return;
    }
    state.welzlSeed = v;
    changed();
  });
  const randomN = h('input', { type: 'number', class: 'cc-number', min: 1, max: MAX_EDIT_POINTS, step: 1, dataset: { testid: 'random-n' } });
  const randomSeed = h('input', { type: 'number', class: 'cc-number', min: 0, step: 1, dataset: { testid: 'random-seed' } });
  const randomGo = h('button', { type: 'button', class: 'btn btn-small', dataset: { ccI18n: 'random.go', testid: 'random-go' }, on: { click: () => onRandom() } });
  const clearBtn = h('button', { type: 'button', class: 'btn btn-small', dataset: { ccI18n: 'clear', testid: 'clear' }, on: { click: () => setPoints([], null) } });
  const pasteArea = h('textarea', { class: 'cc-paste', rows: 5, spellcheck: 'false', dataset: { testid: 'paste' }, placeholder: '0 0\n4 0\n0 3' });
  const pasteLoad = h('button', { type: 'button', class: 'btn btn-small', dataset: { ccI18n: 'paste.load', testid: 'paste-load' }, on: { click: () => onPaste() } });
  const fileInput = h('input', { type: 'file', accept: '.txt,.csv,.dat,text/plain', class: 'cc-file', dataset: { testid: 'paste-file' } });
  fileInput.addEventListener('change', async () => {
    const file = fileInput.files?.[0];
    if (!file) return;
    pasteArea.value = await file.text();
    onPaste();
  });
  const linkBox = h('input', { type: 'text', class: 'cc-link', readonly: true, dataset: { testid: 'lesson-link' } });
  const linkNote = h('span', { class: 'cc-hint', hidden: true, dataset: { ccI18n: 'link.copied' } });
  const copyBtn = h('button', {
    type: 'button', class: 'btn btn-small', dataset: { ccI18n: 'link.copy', testid: 'link-copy' },
    on: { click: async () => {
      linkBox.select();
      try {
        await navigator.clipboard.writeText(linkBox.value);
        linkNote.hidden = false;
      } catch {
        /* the text stays selected for a manual copy */
      }
    } },
  });
  const errorBox = h('div', { class: 'error', role: 'alert', hidden: true, dataset: { testid: 'error' } });
  const countText = h('span', { class: 'cc-count', dataset: { testid: 'point-count' } });

  const legend = h('div', { class: 'cc-legend' },
    METHODS.map((m) => h('span', { class: 'cc-legend-item', dataset: { method: m } },
      h('span', { class: `cc-swatch cc-swatch-${m}` }), tx(`legend.${m}`))),
    h('span', { class: 'cc-legend-item' }, h('span', { class: 'cc-swatch cc-swatch-on' }), tx('legend.onCircle')),
    h('span', { class: 'cc-legend-item' }, h('span', { class: 'cc-swatch cc-swatch-guess' }), tx('legend.guess')));

  const resultTable = h('table', { class: 'cb-table cc-results', dataset: { testid: 'results' } });
  const predictToggle = h('input', { type: 'checkbox', dataset: { testid: 'predict-toggle' }, on: { change: () => {
    state.predict = predictToggle.checked;
    state.revealed = false;
    writeLink();
    render();
  } } });
  const revealBtn = h('button', { type: 'button', class: 'btn', dataset: { ccI18n: 'predict.reveal', testid: 'predict-reveal' }, on: { click: () => reveal() } });
  const againBtn = h('button', { type: 'button', class: 'btn btn-small', dataset: { ccI18n: 'predict.again', testid: 'predict-again' }, on: { click: () => {
    state.revealed = false;
    state.guess = null;
    setTool('guess');
    render();
  } } });
  const scoreBox = h('div', { class: 'cc-score', dataset: { testid: 'guess-score' }, hidden: true });
  const predictNote = h('p', { class: 'cc-hint' });

  // sweep
  const seedMaxSelect = h('select', { class: 'cb-select', dataset: { testid: 'sweep-seed-max' } },
    SEED_MAX_CHOICES.map((n) => h('option', { value: String(n), text: String(n), selected: n === 300 })));
  const sweepRun = h('button', { type: 'button', class: 'btn', dataset: { ccI18n: 'sweep.run', testid: 'sweep-run' }, on: { click: () => startSweep() } });
  const sweepCancel = h('button', { type: 'button', class: 'btn', disabled: true, dataset: { ccI18n: 'sweep.cancel', testid: 'sweep-cancel' }, on: { click: () => cancelSweep() } });
  const sweepStatus = h('span', { class: 'cc-hint', dataset: { testid: 'sweep-status', state: 'idle' } });
  const sweepTable = h('table', { class: 'cb-table cc-sweep-table' });
  const opsCanvas = h('canvas', { 'aria-hidden': 'true' });
  const timeCanvas = h('canvas', { 'aria-hidden': 'true' });

  const view = h('div', { class: 'cc-view', dataset: { testid: 'circle-view', ready: 'false' } },
    h('header', { class: 'cb-head' }, tx('title', 'h1'), tx('intro', 'p', { class: 'cb-intro' })),
    h('div', { class: 'cc-layout' },
      h('section', { class: 'panel cc-board' },
        h('div', { class: 'cc-toolbar' }, tx('tool.label', 'span', { class: 'cc-label' }), Object.values(toolButtons), countText),
        h('div', { class: 'cc-svg-host' }, svg),
        legend),
      h('div', { class: 'cc-side' },
        h('section', { class: 'panel cc-controls' },
          h('div', { class: 'cc-row' }, tx('methods', 'span', { class: 'cc-label' }),
            METHODS.map((m) => h('label', { class: 'cc-check' }, methodBoxes[m], tx(`method.${m}`)))),
          h('label', { class: 'cc-row' }, tx('welzlSeed', 'span', { class: 'cc-label' }), welzlSeedInput),
          h('div', { class: 'cc-row' },
            h('label', { class: 'cc-inline' }, tx('random.n'), randomN),
            h('label', { class: 'cc-inline' }, tx('random.seed'), randomSeed), randomGo, clearBtn),
          h('details', { class: 'cc-paste-box' }, tx('paste.summary', 'summary'),
            tx('paste.hint', 'p', { class: 'cc-hint' }), pasteArea,
            h('div', { class: 'cc-row' }, pasteLoad, h('label', { class: 'cc-inline' }, tx('paste.file'), fileInput))),
          h('div', { class: 'cc-row cc-link-row' }, linkBox, copyBtn, linkNote),
          tx('link.hint', 'p', { class: 'cc-hint' }),
          errorBox),
        h('section', { class: 'panel cc-predict' }, tx('predict.title', 'h2'),
          h('label', { class: 'cc-check' }, predictToggle, tx('predict.toggle')),
          tx('predict.hint', 'p', { class: 'cc-hint' }),
          h('div', { class: 'cc-row' }, revealBtn, againBtn),
          predictNote, scoreBox))),
    h('section', { class: 'panel cc-result-panel' },
      h('div', { class: 'cb-scroll' }, resultTable), tx('ops.note', 'p', { class: 'cc-hint' })),
    h('section', { class: 'panel cc-sweep' }, tx('sweep.title', 'h2'), tx('sweep.caption', 'p', { class: 'cc-hint' }),
      h('div', { class: 'cc-row' }, h('label', { class: 'cc-inline' }, tx('sweep.seedMax'), seedMaxSelect), sweepRun, sweepCancel, sweepStatus),
      tx('chartsUnavailable', 'p', { class: 'cc-hint', hidden: Boolean(Chart) }),
      h('div', { class: 'cc-charts', hidden: true }, // shown with the sweep's first figures
        h('figure', { class: 'cc-chart' }, tx('sweep.opsTitle', 'figcaption'), h('div', { class: 'cc-chart-box' }, opsCanvas)),
        h('figure', { class: 'cc-chart' }, tx('sweep.timeTitle', 'figcaption'), h('div', { class: 'cc-chart-box' }, timeCanvas))),
      h('div', { class: 'cb-scroll' }, sweepTable)),
    h('section', { class: 'panel cc-explain' }, tx('explain.title', 'h2'),
      tx('explain.seed', 'p'), tx('explain.welzl', 'p'), tx('explain.numerics', 'p', { class: 'cc-hint' })));
  root.append(view);

  // ---- worker ---------------------------------------------------------------------------------------------
  const worker = new Worker(new URL('../circle-worker.js', import.meta.url), { type: 'module' });
  let inFlight = false;
  let pending = false;
  let sweepId = 0;
  const sweepData = { seed: new Map(), welzl: new Map() };
  worker.onmessage = (event) => onWorker(event.data);
  worker.onerror = (event) => showError({ code: 'worker.load_failed', params: { detail: event.message ?? '' }, message: event.message });

  function onWorker(msg) {
    if (destroyed) return;
    if (msg.type === 'result') {
      inFlight = false;
      if (pending) {
        pending = false;
        compute();
        return;
      }
      if (msg.id !== generation) return;
      results = { ...msg.results };
      if (state.points.length > SEED_LIVE_MAX && state.methods.includes('seed')) results.seed = { skipped: true };
      const failed = Object.values(results).find((r) => r?.error);
      if (failed) showError(failed.error);
      else if (lastError?.code?.startsWith('circle.')) showError(null);
      render();
      view.dataset.ready = 'true';
    } else if (msg.type === 'sweep-point' && msg.id === sweepId) {
      sweepData[msg.method].set(msg.n, msg);
      scheduleSweepRender();
    } else if ((msg.type === 'sweep-done' || msg.type === 'sweep-cancelled') && msg.id === sweepId) {
      clearTimeout(sweepTimer);
      sweepTimer = null;
      renderSweep();
      setSweepState(msg.type === 'sweep-done' ? 'done' : 'cancelled');
    } else if (msg.type === 'error') {
      if (msg.id === sweepId) setSweepState('error');
      showError(msg);
    }
  }

  /** Asks the worker for the circles of the current points (at most one request in flight: a drag sends
   *  the newest points when the previous answer is in). */
  function compute() {
    generation++;
    view.dataset.ready = 'false';
    if (inFlight) {
      pending = true;
      return;
    }
    const methods = state.methods.filter((m) => m !== 'seed' || state.points.length <= SEED_LIVE_MAX);
    if (state.points.length === 0) {
      results = {};
      render();
      view.dataset.ready = 'true';
      return;
    }
    inFlight = true;
    worker.postMessage({ type: 'enclose', id: generation, coords: new Float64Array(state.points.flat()), methods, seed: state.welzlSeed });
  }

  // ---- state changes --------------------------------------------------------------------------------------
  function changed({ refit = false } = {}) {
    if (refit) fitView();
    writeLink();
    compute();
    render();
  }

  function setPoints(points, random) {
    state.points = points;
    results = {};
    state.random = random;
    state.revealed = false;
    state.guess = null;
    changed({ refit: true });
  }

  function onRandom() {
    const n = Number(randomN.value);
    const seed = Number(randomSeed.value);
    if (!Number.isSafeInteger(n) || n < 1 || n > MAX_EDIT_POINTS) {
      showError({ code: 'circle.bad_count', params: { value: randomN.value, max: MAX_EDIT_POINTS }, message: 'bad count' });
      return;
    }
    if (!Number.isSafeInteger(seed) || seed < 0) {
      showError({ code: 'circle.bad_seed', params: { value: randomSeed.value }, message: 'bad seed' });
      return;
    }
    showError(null);
    loadRandom({ n, seed });
  }

  function loadRandom(random) {
    try {
      setPoints(pairs(circleRandomPoints(random.n, random.seed)), random);
    } catch (err) {
      showError(err);
    }
  }

  function onPaste() {
    try {
      const flat = circleParsePoints(pasteArea.value);
      if (flat.length / 2 > MAX_EDIT_POINTS) {
        throw Object.assign(new Error('too many points'), { code: 'circle.bad_count', params: { value: flat.length / 2, max: MAX_EDIT_POINTS } });
      }
      showError(null);
      setPoints(pairs(flat), null);
    } catch (err) {
      showError(err);
    }
  }

  function onMethods() {
    state.methods = METHODS.filter((m) => methodBoxes[m].checked);
    changed();
  }

  function setTool(name) {
    state.tool = name;
    for (const [k, b] of Object.entries(toolButtons)) b.setAttribute('aria-pressed', String(k === name));
    svg.dataset.tool = name;
  }

  function reveal() {
    if (!state.guess) {
      predictNote.textContent = t('predict.noGuess');
      return;
    }
    state.revealed = true;
    render();
  }

  function writeLink() {
    const hash = linkOf(state);
    if (location.hash !== hash) history.replaceState(history.state, '', hash);
    linkBox.value = location.href;
    linkNote.hidden = true;
  }

  // ---- pointer --------------------------------------------------------------------------------------------
  let drag = null; // {kind: 'point', index} | {kind: 'guess'}
  const toWorld = (event) => {
    const pt = svg.createSVGPoint();
    pt.x = event.clientX;
    pt.y = event.clientY;
    const m = svg.getScreenCTM()?.inverse();
    const p = m ? pt.matrixTransform(m) : pt;
    return [p.x, -p.y];
  };
  const pickRadius = () => viewBox.w * 0.015;
  function pointAt([x, y]) {
    let best = -1;
    let bestD = pickRadius();
    state.points.forEach(([px, py], i) => {
      const d = Math.hypot(px - x, py - y);
      if (d <= bestD) {
        best = i;
        bestD = d;
      }
    });
    return best;
  }
  svg.addEventListener('contextmenu', (event) => event.preventDefault());
  svg.addEventListener('pointerdown', (event) => {
    const w = toWorld(event);
    const hit = pointAt(w);
    if (event.button === 2 || state.tool === 'delete') {
      if (hit >= 0) {
        state.points.splice(hit, 1);
        state.random = null;
        changed();
      }
      return;
    }
    if (event.button !== 0) return;
    svg.setPointerCapture?.(event.pointerId);
    if (state.tool === 'guess') {
      state.guess = { cx: snap(w[0]), cy: snap(w[1]), r: null };
      drag = { kind: 'guess' };
      drawGuess();
      return;
    }
    if (hit >= 0) {
      drag = { kind: 'point', index: hit };
    } else if (state.points.length < MAX_EDIT_POINTS) {
      state.points.push([snap(w[0]), snap(w[1])]);
      state.random = null;
      drag = { kind: 'point', index: state.points.length - 1 };
      changed();
    }
  });
  svg.addEventListener('pointermove', (event) => {
    if (!drag) return;
    const [x, y] = toWorld(event);
    if (drag.kind === 'guess') {
      const r = Math.hypot(x - state.guess.cx, y - state.guess.cy);
      state.guess.r = r > pickRadius() / 2 ? snap(r) : null;
      drawGuess();
    } else {
      state.points[drag.index] = [snap(x), snap(y)];
      state.random = null;
      compute();
      drawPoints();
    }
  });
  const endDrag = () => {
    if (!drag) return;
    const kind = drag.kind;
    drag = null;
    if (kind === 'point') changed();
    else render();
  };
  svg.addEventListener('pointerup', endDrag);
  svg.addEventListener('pointercancel', endDrag);

  // ---- drawing --------------------------------------------------------------------------------------------
  function fitView() {
    let [x0, y0, x1, y1] = [0, 0, 100, 100];
    for (const [x, y] of state.points) {
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
    const size = Math.max(x1 - x0, y1 - y0) * 1.5;
    const cx = (x0 + x1) / 2;
    const cy = (y0 + y1) / 2;
    viewBox = { x: cx - size / 2, y: -cy - size / 2, w: size, h: size };
    svg.setAttribute('viewBox', `${viewBox.x} ${viewBox.y} ${viewBox.w} ${viewBox.h}`);
    layers.frame.replaceChildren(el('rect', { x: 0, y: -100, width: 100, height: 100, class: 'cc-frame' }));
  }

  const circlesShown = () => !state.predict || state.revealed;

  function drawPoints() {
    const size = viewBox.w * 0.008;
    const on = {};
    if (circlesShown() && !drag) {
      for (const m of state.methods) for (const i of results[m]?.points_on_circle ?? []) if (i < state.points.length) (on[i] ??= []).push(m);
    }
    layers.points.replaceChildren(...state.points.map(([x, y], i) => el('circle', {
      cx: x, cy: -y, r: size, class: 'cc-point', 'data-testid': 'point', 'data-index': i, 'data-x': x, 'data-y': y,
      'data-on': (on[i] ?? []).join(' ') || null,
    })));
    const marks = [];
    for (const [i, ms] of Object.entries(on)) {
      if (!state.points[i]) continue; // a stale answer while a newer one is computed
      const [x, y] = state.points[i];
      ms.forEach((m) => marks.push(el('circle', { cx: x, cy: -y, r: size * (m === 'seed' ? 2.6 : 1.9), class: `cc-on cc-on-${m}` })));
    }
    layers.marks.replaceChildren(...marks);
    countText.textContent = t('count', { n: state.points.length });
    view.dataset.count = String(state.points.length);
  }

  function drawCircles() {
    const nodes = [];
    if (circlesShown()) {
      for (const m of state.methods) {
        const r = results[m];
        if (!r || r.error || r.skipped) continue;
        nodes.push(el('circle', {
          cx: r.center[0], cy: -r.center[1], r: r.radius, class: `cc-circle cc-circle-${m}`, 'data-testid': `circle-${m}`,
          'data-cx': r.center[0], 'data-cy': r.center[1], 'data-r': r.radius,
        }));
        nodes.push(el('circle', { cx: r.center[0], cy: -r.center[1], r: viewBox.w * 0.005, class: `cc-center cc-center-${m}` }));
      }
    }
    layers.circles.replaceChildren(...nodes);
  }

  function drawGuess() {
    const g = state.guess;
    if (!g) {
      layers.guess.replaceChildren();
      return;
    }
    const s = viewBox.w * 0.012;
    const nodes = [
      el('path', { d: `M${g.cx - s} ${-g.cy - s}L${g.cx + s} ${-g.cy + s}M${g.cx - s} ${-g.cy + s}L${g.cx + s} ${-g.cy - s}`, class: 'cc-guess-cross' }),
    ];
    if (g.r) nodes.push(el('circle', { cx: g.cx, cy: -g.cy, r: g.r, class: 'cc-guess' }));
    const group = el('g', { 'data-testid': 'guess', 'data-cx': g.cx, 'data-cy': g.cy, 'data-r': g.r ?? '' });
    group.append(...nodes);
    layers.guess.replaceChildren(group);
  }

  function renderTable() {
    const head = h('tr', {}, ['table.method', 'table.center', 'table.radius', 'table.onCircle', 'table.operations', 'table.time']
      .map((k, i) => h('th', { scope: 'col', text: t(k), class: i ? '' : 'cc-left' })));
    const rows = [];
    for (const m of state.methods) {
      const r = results[m];
      const name = h('th', { scope: 'row' }, h('span', { class: `cc-swatch cc-swatch-${m}` }), t(`method.${m}`));
      if (!state.points.length) continue;
      if (r?.skipped) {
        rows.push(h('tr', { dataset: { method: m } }, name, h('td', { colspan: 5, dataset: { testid: `result-${m}-skipped` }, text: t('table.skipped', { n: state.points.length, max: SEED_LIVE_MAX }) })));
        continue;
      }
      if (!r || r.error) {
        rows.push(h('tr', { dataset: { method: m } }, name, h('td', { colspan: 5, text: r?.error ? errorText(t, r.error) : t('computing') })));
        continue;
      }
      const hidden = !circlesShown();
      const cell = (testid, text, data = {}) => h('td', { dataset: hidden ? { testid } : { testid, ...data }, text: hidden ? '?' : text });
      rows.push(h('tr', { dataset: { method: m } }, name,
        cell(`result-${m}-center`, `(${show(r.center[0])}, ${show(r.center[1])})`, { x: String(r.center[0]), y: String(r.center[1]) }),
        cell(`result-${m}-radius`, show(r.radius), { value: String(r.radius) }),
        cell(`result-${m}-on`, r.points_on_circle.join(', '), { indices: JSON.stringify(r.points_on_circle) }),
        cell(`result-${m}-ops`, r.operations.toLocaleString('en-US'), { value: String(r.operations) }),
        cell(`result-${m}-time`, `${r.ms.toFixed(2)} ms`, { value: String(r.ms) })));
    }
    const body = rows.length ? rows : [h('tr', {}, h('td', { colspan: 6, class: 'cc-left', text: t('table.none') }))];
    resultTable.replaceChildren(h('thead', {}, head), h('tbody', {}, body));
  }

  function renderPredict() {
    predictToggle.checked = state.predict;
    revealBtn.disabled = !state.predict || state.revealed;
    againBtn.hidden = !state.predict || !state.revealed;
    predictNote.textContent = state.predict && !state.revealed ? t('predict.hidden') : '';
    const truth = results.welzl?.center ? results.welzl : results.seed?.center ? results.seed : null;
    if (state.predict && state.revealed && state.guess && truth) {
      const s = scoreGuess(state.guess, truth);
      scoreBox.hidden = false;
      scoreBox.dataset.score = String(s.score);
      scoreBox.dataset.distance = String(s.distance);
      scoreBox.dataset.ratio = s.ratio === null ? '' : String(s.ratio);
      scoreBox.replaceChildren(
        h('p', { text: t('predict.scoreCentre', { d: s.distance.toFixed(3) }) }),
        s.ratio === null ? null : h('p', { text: t('predict.scoreRadius', { ratio: s.ratio.toFixed(3) }) }),
        h('p', { class: 'cc-score-total', text: t('predict.score', { score: s.score }) }));
    } else {
      scoreBox.hidden = true;
      scoreBox.replaceChildren();
    }
  }

  function render() {
    for (const m of METHODS) methodBoxes[m].checked = state.methods.includes(m);
    welzlSeedInput.value = String(state.welzlSeed);
    if (state.random) {
      randomN.value = String(state.random.n);
      randomSeed.value = String(state.random.seed);
    }
    for (const m of METHODS) legend.querySelector(`[data-method="${m}"]`).hidden = !state.methods.includes(m);
    drawCircles();
    drawPoints();
    drawGuess();
    renderTable();
    renderPredict();
  }

  function showError(error) {
    lastError = error;
    errorBox.hidden = !error;
    errorBox.textContent = error ? errorText(t, error) : '';
    if (error?.code) errorBox.dataset.code = error.code;
    else delete errorBox.dataset.code;
  }

  // ---- sweep ----------------------------------------------------------------------------------------------
  let opsChart = null;
  let timeChart = null;
  if (Chart) {
    Chart.defaults.font.family = getComputedStyle(document.body).fontFamily;
    const chartOf = (canvas, yKey) => new Chart(canvas, {
      type: 'line',
      data: { datasets: METHODS.map((m) => ({ label: t(`method.${m}`), data: [], borderColor: COLORS[m], backgroundColor: COLORS[m], borderDash: m === 'welzl' ? [6, 4] : [], pointRadius: 3 })) },
      options: {
        animation: false, responsive: true, maintainAspectRatio: false, parsing: false,
        scales: {
          x: { type: 'logarithmic', title: { display: true, text: t('sweep.axisN') } },
          y: { type: 'logarithmic', title: { display: true, text: t(yKey) } },
        },
      },
    });
    opsChart = chartOf(opsCanvas, 'sweep.axisOps');
    timeChart = chartOf(timeCanvas, 'sweep.axisMs');
  }

  function setSweepState(s) {
    sweepStatus.dataset.state = s;
    sweepStatus.textContent = t(`sweep.state.${s}`);
    sweepRun.disabled = s === 'running';
    sweepCancel.disabled = s !== 'running';
  }

  function startSweep() {
    sweepId++;
    sweepData.seed.clear();
    sweepData.welzl.clear();
    setSweepState('running');
    renderSweep();
    worker.postMessage({ type: 'sweep', id: sweepId, sizes: SWEEP_SIZES, seedMax: Number(seedMaxSelect.value), pointSeed: 1, seed: 0 });
  }

  function cancelSweep() {
    worker.postMessage({ type: 'cancel', id: sweepId });
  }

  /** Redraws the sweep's table and charts at most every 250 ms while it streams in (a redraw of both charts
   *  is the page's longest task). */
  let sweepTimer = null;
  function scheduleSweepRender() {
    if (sweepTimer !== null) return;
    sweepTimer = setTimeout(() => {
      sweepTimer = null;
      if (!destroyed) renderSweep();
    }, 250);
  }

  function renderSweep() {
    const sizes = SWEEP_SIZES.filter((n) => METHODS.some((m) => sweepData[m].has(n)));
    const head = h('tr', {}, h('th', { scope: 'col', class: 'cc-left', text: t('sweep.colN') }),
      METHODS.flatMap((m) => [h('th', { scope: 'col', text: `${t(`method.${m}`)} · ${t('table.operations')}` }), h('th', { scope: 'col', text: `${t(`method.${m}`)} · ${t('table.time')}` })]));
    const rows = sizes.map((n) => h('tr', {}, h('th', { scope: 'row', text: n.toLocaleString('en-US') }),
      METHODS.flatMap((m) => {
        const p = sweepData[m].get(n);
        if (!p) return [h('td', { text: '—' }), h('td', { text: '—' })];
        return [
          h('td', { dataset: { testid: `sweep-${m}-${n}`, ops: String(p.operations), ms: String(p.ms) }, text: p.operations.toLocaleString('en-US') }),
          h('td', { text: `${p.ms < 1 ? p.ms.toFixed(3) : p.ms.toFixed(1)} ms` }),
        ];
      })));
    sweepTable.replaceChildren(h('thead', {}, head), h('tbody', {}, rows));
    sweepTable.hidden = sizes.length === 0;
    view.querySelector('.cc-charts').hidden = sizes.length === 0 || !Chart;
    for (const [chart, key] of [[opsChart, 'operations'], [timeChart, 'ms']]) {
      if (!chart) continue;
      METHODS.forEach((m, i) => {
        chart.data.datasets[i].label = t(`method.${m}`);
        chart.data.datasets[i].data = [...sweepData[m].values()].map((p) => ({ x: p.n, y: Math.max(p[key], 1e-4) }));
      });
      chart.options.scales.x.title.text = t('sweep.axisN');
      chart.update('none');
    }
  }

  // ---- text -----------------------------------------------------------------------------------------------
  function applyText() {
    view.lang = lang === 'zh' ? 'zh-Hans' : 'en';
    for (const node of view.querySelectorAll('[data-cc-i18n]')) node.textContent = t(node.dataset.ccI18n);
    svg.setAttribute('aria-label', t('title'));
    if (opsChart) opsChart.options.scales.y.title.text = t('sweep.axisOps');
    if (timeChart) timeChart.options.scales.y.title.text = t('sweep.axisMs');
    setSweepState(sweepStatus.dataset.state);
    if (lastError) showError(lastError);
    render();
    renderSweep();
  }

  // ---- go -------------------------------------------------------------------------------------------------
  setTool('add');
  randomN.value = String(state.random?.n ?? DEFAULT_RANDOM.n);
  randomSeed.value = String(state.random?.seed ?? DEFAULT_RANDOM.seed);
  applyText();
  if (state.random) loadRandom(state.random);
  else changed({ refit: true });
  if (lastError) showError(lastError);

  return {
    setLang(nextLang) {
      lang = nextLang === 'en' ? 'en' : 'zh';
      loadStrings(lang).then((s) => {
        if (destroyed) return;
        dict = s;
        applyText();
      });
    },
    unmount() {
      destroyed = true;
      clearTimeout(sweepTimer);
      worker.terminate();
      opsChart?.destroy();
      timeChart?.destroy();
      css.remove();
      view.remove();
    },
  };
}

/** [x0, y0, x1, y1, …] → [[x0, y0], …] */
function pairs(flat) {
  const out = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push([flat[i], flat[i + 1]]);
  return out;
}
