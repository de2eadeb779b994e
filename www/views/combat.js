// #combat: attack-outcome distributions (issue 4). The exact numbers come from the wasm module on this
// thread (cheap); the Monte-Carlo runs in www/combat-worker.js. The sheet lives in the URL:
//   #combat?hit=0.9&crit=0.25&dodge=0.2&parry=0.15&block=0.3[&crit_multiplier=2&block_fraction=0.5…]
// (chances as fractions; keys as in duiyi::combat::SheetSpec, '-' accepted for '_').
//
// This module puts the page together and draws the exact results (the distribution table and chart, the
// damage table); the other parts are modules of their own: combat-model.js (fields, defaults, the URL),
// combat-form.js (the sheet form), combat-strip.js (the round-table strip), combat-sampling.js (the
// Monte-Carlo runner and its worker), combat-prd.js (the PRD panel), combat-guess.js (predict, then reveal).
//
// Test hooks (docs/testing.md, "Test hooks"): data-testid="dist-<model>-<outcome>" (exact %), "sample-<model>-<outcome>"
// (sampled %, data-count), "avoided-<model>", "pushed-<outcome>", "ehp-<model>", "edps-<model>",
// "expected-<model>", "mc-run", "mc-cancel", "mc-swings", "mc-seed-input", "mc-seed", "mc-progress",
// "mc-status" (data-state idle|running|done|cancelled|error, data-auto), "dist-run", "dist-sample-note",
// "chi-<model>", "prd-p", "prd-c", "error", "field-<key>" (number inputs), "combat-view" (data-ready="true"
// once computed); the distribution chart's canvas has data-not-run (sampled rows drawn without bars).

import init, { combatReport, prdIntervals } from '../pkg/duiyi_hex.js';
import { h } from './dom.js';
import { errorText } from '../i18n/errors.js';
import { createCritGuess } from './combat-guess.js';
import { loadChart, loadStyle, loadViewStrings } from './assets.js';
import { MODELS, OUTCOMES, COLORS, FIELDS, readHash, writeHash, inactiveBlockField, pct, num, fmtInt } from './combat-model.js';
import { createSheetForm } from './combat-form.js';
import { renderRoundTable } from './combat-strip.js';
import { createSampler } from './combat-sampling.js';
import { createPrdPanel } from './combat-prd.js';

const loadStrings = (lang) => loadViewStrings('combat', lang);

/**
 * Mounts the combat page into `root`.
 * @param {HTMLElement} root
 * @param {{lang: string, t?: (key: string) => string}} ctx
 * @returns {Promise<{setLang: (lang: string) => void, unmount: () => void}>}
 */
export async function mount(root, ctx) {
  let lang = ctx.lang === 'en' ? 'en' : 'zh';
  // the stylesheet before the first layout: unstyled, the tables push a phone's page sideways
  const [, strings, Chart, css] = await Promise.all([
    init(), loadStrings(lang), loadChart(), loadStyle(new URL('./combat.css', import.meta.url).href)]);
  let dict = strings;
  const t = (key, params) => {
    let s = dict[key] ?? key;
    if (params) s = s.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
    return s;
  };

  const state = readHash();
  /** last good exact reports, by model */
  let reports = null;
  let destroyed = false;

  /** Tables scroll sideways on narrow screens instead of spilling out of their panel. */
  const scroll = (table) => h('div', { class: 'cb-scroll' }, table);
  const tx = (key, tag = 'span', props = {}) => h(tag, { ...props, dataset: { ...(props.dataset ?? {}), cbI18n: key } });
  if (Chart) {
    Chart.defaults.font.family = getComputedStyle(document.body).fontFamily;
    Chart.defaults.color = '#2b2520';
  }

  // ---- parts ----------------------------------------------------------------------------------------------
  const form = createSheetForm({ tx, state, onChange: () => recompute() });
  const errorBox = form.errorBox;
  const sampler = createSampler({
    t, tx, Chart, state, describe: (e) => describe(e), modelLabel: (m) => modelLabel(m), reports: () => reports,
    sheetForWasm: () => sheetForWasm(), onSamples: (opts) => renderSamples(opts),
  });
  const mcPanel = sampler.panel;
  const prd = createPrdPanel({ t, tx, Chart, state, describe: (e) => describe(e), scroll });
  const prdPanel = prd.panel;

  // ---- DOM: distributions -------------------------------------------------------------------------------
  const distCanvas = h('canvas', { 'aria-hidden': 'true' });
  const distTable = h('table', { class: 'cb-table cb-dist', dataset: { testid: 'dist-table' } });
  const chartsNote = tx('chartsUnavailable', 'p', { class: 'cb-hint', hidden: Boolean(Chart) });
  const distPanel = h('section', { class: 'panel cb-dist-panel' },
    tx('dist.title', 'h2'), chartsNote, h('div', { class: 'cb-chart cb-chart-dist' }, distCanvas), sampler.distControls, scroll(distTable));

  // ---- DOM: round table ---------------------------------------------------------------------------------
  const rtSvgHost = h('div', { class: 'cb-rt-host', dataset: { testid: 'round-table-strip' } });
  const rtTable = h('table', { class: 'cb-table cb-rt-table' });
  const rtPanel = h('section', { class: 'panel cb-rt-panel' },
    tx('rt.title', 'h2'), tx('rt.caption', 'p', { class: 'cb-hint' }), rtSvgHost, scroll(rtTable));

  // ---- DOM: damage --------------------------------------------------------------------------------------
  const dmgTable = h('table', { class: 'cb-table cb-dmg' });
  const dmgPanel = h('section', { class: 'panel cb-dmg-panel' },
    tx('dmg.title', 'h2'), scroll(dmgTable), tx('dmg.caption', 'p', { class: 'cb-hint' }));

  // Predict, then reveal (www/views/combat-guess.js): hides the result panels until the learner's guess is in.
  const guess = createCritGuess({
    t, panels: [distPanel, rtPanel, dmgPanel, mcPanel, prdPanel], predict: state.page.predict,
    onPredict: (on) => { state.page.predict = on; writeHash(state); }, prdRate: (p) => prdIntervals(p, 0).realised_p,
  });

  const view = h('div', { class: 'cb-view', dataset: { testid: 'combat-view' } },
    h('header', { class: 'cb-head' }, tx('title', 'h1'), tx('intro', 'p', { class: 'cb-intro' })),
    h('div', { class: 'cb-layout' },
      form.panel,
      h('div', { class: 'cb-main' }, guess.element, distPanel, rtPanel, dmgPanel, mcPanel, prdPanel)));
  root.replaceChildren(view);

  // ---- charts -------------------------------------------------------------------------------------------
  const charts = [];
  let distChart = null;
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
    charts.push(distChart);
  }

  function sheetForWasm() {
    const skip = inactiveBlockField(state.blockMode);
    return Object.fromEntries(FIELDS.filter((f) => f.key !== skip).map((f) => [f.key, state.sheet[f.key]]));
  }

  /** Puts the state into every field of the page. */
  function fillInputs() {
    form.fill();
    sampler.fill();
    prd.fill();
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
      form.markInvalid(fieldNamedIn(err));
      sampler.sheetInvalid();
      // The results shown no longer match the sheet: mark them stale until it is valid again.
      for (const panel of [distPanel, rtPanel, dmgPanel, mcPanel]) panel.dataset.stale = 'true';
      view.dataset.ready = 'false';
      return;
    }
    showError(null);
    form.markInvalid(null);
    for (const panel of [distPanel, rtPanel, dmgPanel, mcPanel]) delete panel.dataset.stale;
    const changed = JSON.stringify(next) !== JSON.stringify(reports);
    reports = next;
    guess.update(reports, state.sheet.crit);
    if (changed) sampler.sheetChanged();
    else sampler.sheetValid();
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

  function modelLabel(m) {
    return t(`model.${m}`);
  }

  function renderExact() {
    renderDistTable();
    renderRoundTable({ rt: reports['round-table'], sheet: state.sheet, t, host: rtSvgHost, table: rtTable });
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
      sampler.renderConvChart();
    }, wait);
  }

  function renderSamples({ chartsNow = true } = {}) {
    if (!reports) return;
    MODELS.forEach((m, i) => {
      const counts = sampler.samples?.[i];
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
          cell.textContent = sampler.rowNote();
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
      const counts = sampler.samples?.[i];
      const n = counts ? counts.reduce((a, b) => a + b, 0) : 0;
      labels.push(`${modelLabel(m)} · ${t('dist.sampled')}${n ? ` (${fmtInt(n)})` : ''}`);
      rows.push(OUTCOMES.map((_, j) => (n ? (counts[j] / n) * 100 : 0)));
      emptyRows.push(n ? null : sampler.rowNote());
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
  prd.render();
  sampler.render();

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
        prd.render();
        sampler.render();
      });
    },
    unmount() {
      destroyed = true;
      clearTimeout(chartTimer);
      sampler.destroy();
      prd.destroy();
      for (const c of charts) c.destroy();
      css.remove();
      view.remove();
    },
  };
}
