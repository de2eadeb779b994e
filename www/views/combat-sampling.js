// #combat: the Monte-Carlo runner — the panel with its settings (swings per model, seed), the run and cancel
// buttons, status, chi-square results and the convergence chart, and the sampling worker
// (www/combat-worker.js) it drives. Kept out of combat.js, which reads the samples to fill the sampled rows
// of the distribution table and chart.
//
// The page samples at once: on arrival, and again shortly after each change of the sheet, a modest run of
// AUTO_SWINGS swings per model (seeded by the seed field when it holds one), so the sampled rows are never
// empty for long; the run buttons (the panel's, and the one beside the distribution chart) run with the
// panel's settings.
//
// Test hooks: "mc-run", "mc-cancel", "mc-swings", "mc-seed-input", "mc-seed" (data-seed), "mc-progress",
// "mc-detail", "mc-status" (data-state loading|idle|running|done|cancelled|error, data-auto="true" while the
// current or last run is an automatic one), "chi-<model>" (data-p), "dist-run" (the button beside the chart),
// "dist-sample-note".

import { h } from './dom.js';
import { MODELS, OUTCOMES, MODEL_COLORS, SWING_CHOICES, compactCount, fmtInt, powerOfTenLabel, writeHash } from './combat-model.js';

/** Swings per model of the automatic runs (on arrival and after a change of the sheet). */
export const AUTO_SWINGS = 1e5;
/** Wait after a change of the sheet before the automatic run (a dragged slider changes it many times). */
const AUTO_DELAY_MS = 300;

/**
 * @param {{t: Function, tx: Function, Chart: any, state: object, describe: (error: object) => string,
 *          modelLabel: (model: string) => string, reports: () => object|null, sheetForWasm: () => object,
 *          onSamples: (opts: {chartsNow: boolean}) => void}} env
 *   reports(): the exact reports of the current sheet (null while it is invalid); onSamples: the samples
 *   changed (or the run's state did while there are none): redraw the sampled rows.
 */
export function createSampler(env) {
  const { t, tx, state } = env;
  const mc = { state: 'loading', id: 0, done: 0, total: 0, seed: '', elapsedMs: 0, history: [], auto: false, note: null };
  /** sampled counts per model (Float64Array(8)) of the current sheet, or null */
  let samples = null;
  let summaries = null;
  /** an automatic run is due (waiting for its delay or for the worker) */
  let autoPending = false;
  /** false while the sheet is invalid (the automatic run waits) */
  let sheetOk = true;
  let autoTimer = null;
  let destroyed = false;

  const swingsSelect = h('select', { id: 'cb-mc-swings', dataset: { testid: 'mc-swings' } },
    SWING_CHOICES.map((n) => h('option', { value: String(n), text: `10^${Math.round(Math.log10(n))}` })));
  const seedInput = h('input', {
    id: 'cb-mc-seed', type: 'text', class: 'cb-text cb-seed', inputmode: 'numeric', autocomplete: 'off',
    dataset: { testid: 'mc-seed-input', cbI18nPlaceholder: 'mc.seedPlaceholder' },
  });
  const runBtn = h('button', { type: 'button', class: 'btn', dataset: { cbI18n: 'mc.run', testid: 'mc-run' }, on: { click: () => start() } });
  const cancelBtn = h('button', { type: 'button', class: 'btn', dataset: { cbI18n: 'mc.cancel', testid: 'mc-cancel' }, on: { click: () => cancel() } });
  const progress = h('progress', { class: 'cb-progress', max: 1, value: 0, dataset: { testid: 'mc-progress' } });
  const statusText = h('span', { class: 'cb-mc-state', dataset: { testid: 'mc-status' } });
  const progressText = h('span', { class: 'cb-mc-detail', dataset: { testid: 'mc-detail' } });
  const seedUsed = h('span', { class: 'cb-mc-detail', dataset: { testid: 'mc-seed' } });
  const chiList = h('ul', { class: 'cb-chi' });
  const convCanvas = h('canvas', { 'aria-hidden': 'true' });
  const convCaption = tx('conv.title', 'p', { class: 'cb-hint cb-center', hidden: true });
  const panel = h('section', { class: 'panel cb-mc-panel' },
    tx('mc.title', 'h2'), tx('mc.caption', 'p', { class: 'cb-hint' }),
    h('div', { class: 'cb-mc-controls' },
      h('label', { class: 'cb-inline' }, tx('mc.swings'), swingsSelect),
      h('label', { class: 'cb-inline' }, tx('mc.seed'), seedInput),
      runBtn, cancelBtn),
    h('div', { class: 'cb-mc-status' }, statusText, progress, progressText, seedUsed),
    chiList,
    h('div', { class: 'cb-chart cb-chart-conv', hidden: true }, convCanvas),
    convCaption);

  // Beside the distribution chart: what its sampled rows are, a button to sample again, a way to the settings.
  const distRunBtn = h('button', {
    type: 'button', class: 'btn btn-small', dataset: { cbI18n: 'dist.runAgain', testid: 'dist-run' }, on: { click: () => start() },
  });
  const settingsBtn = h('button', {
    type: 'button', class: 'btn btn-small', dataset: { cbI18n: 'dist.settings', testid: 'dist-settings' },
    on: { click: () => panel.scrollIntoView({ behavior: 'smooth', block: 'start' }) },
  });
  const distNote = h('span', { class: 'cb-hint cb-dist-note', dataset: { testid: 'dist-sample-note' } });
  const distControls = h('div', { class: 'cb-dist-run' }, distRunBtn, settingsBtn, distNote);

  swingsSelect.addEventListener('change', () => {
    state.page.swings = Number(swingsSelect.value);
    writeHash(state);
  });

  /** created on first use, once the panel is in the page (a chart sizes itself to its box) */
  let convChart = null;
  const makeConvChart = () => new env.Chart(convCanvas, {
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

  // ---- worker -------------------------------------------------------------------------------------------
  const worker = new Worker(new URL('../combat-worker.js', import.meta.url), { type: 'module' });
  worker.onmessage = (e) => onWorker(e.data);
  worker.onerror = (e) => {
    e.preventDefault?.();
    const detail = e.message || 'error';
    autoPending = false;
    setMc('error', { code: 'worker.failed', params: { detail }, message: `the sampling worker failed: ${detail}` });
  };

  function onWorker(msg) {
    if (destroyed) return;
    if (msg.type === 'ready') {
      if (mc.state === 'loading') setMc('idle');
      if (autoPending && autoTimer === null && sheetOk) start({ auto: true });
      return;
    }
    if (msg.id !== mc.id) return; // an old run
    if (msg.type === 'started') {
      mc.seed = msg.seed;
      render();
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
        render();
      }
      env.onSamples({ chartsNow: msg.type !== 'progress' });
    } else if (msg.type === 'error') {
      setMc('error', { code: msg.code ?? null, params: msg.params ?? {}, message: msg.message });
    }
  }

  /** Starts a run with the panel's settings, or an automatic one (AUTO_SWINGS per model, the same seed). */
  function start({ auto = false } = {}) {
    clearTimeout(autoTimer);
    autoTimer = null;
    autoPending = false;
    if (!env.reports() || destroyed) return;
    mc.id += 1;
    mc.auto = auto;
    mc.total = auto ? Math.min(AUTO_SWINGS, Number(swingsSelect.value)) : Number(swingsSelect.value);
    mc.done = 0;
    mc.seed = '';
    mc.history = [];
    mc.elapsedMs = 0;
    samples = null;
    summaries = null;
    state.page.seed = seedInput.value.trim();
    writeHash(state);
    worker.postMessage({
      type: 'run', id: mc.id, sheet: env.sheetForWasm(), swings: mc.total, seed: state.page.seed,
      models: MODELS.map((m) => ({ model: m, order: state.orders[m] || null })),
    });
    setMc('running');
  }

  function cancel() {
    if (mc.state !== 'running') return;
    worker.postMessage({ type: 'cancel', id: mc.id });
  }

  /** Runs the automatic sample after `delay` ms (or as soon as the worker is ready). */
  function scheduleAuto(delay = AUTO_DELAY_MS) {
    clearTimeout(autoTimer);
    autoPending = true;
    autoTimer = setTimeout(() => {
      autoTimer = null;
      if (!destroyed && autoPending && mc.state !== 'loading') start({ auto: true });
    }, delay);
  }

  /** The sheet changed: a run in progress no longer matches it; the samples are dropped and taken again. */
  function sheetChanged() {
    sheetOk = true;
    if (mc.state === 'running') {
      worker.postMessage({ type: 'cancel', id: mc.id });
      mc.id += 1; // ignore whatever the old run still sends
      mc.state = 'idle';
      mc.note = { key: 'mc.stale' };
    } else if (samples) {
      mc.state = 'idle';
      mc.note = { key: 'mc.stale' };
    }
    samples = null;
    summaries = null;
    mc.history = [];
    mc.done = 0;
    scheduleAuto();
    render();
  }

  /** The sheet became invalid: an automatic run that is due waits until it is valid again (sheetValid). */
  function sheetInvalid() {
    sheetOk = false;
    clearTimeout(autoTimer);
    autoTimer = null;
  }

  /** The sheet is valid and unchanged: an automatic run that waited for it goes ahead. */
  function sheetValid() {
    sheetOk = true;
    if (autoPending && autoTimer === null) scheduleAuto();
  }

  /** `note`: {key} of a page string, or an error ({code, params, message}); translated when shown. */
  function setMc(next, note) {
    mc.state = next;
    mc.note = note ?? null;
    render();
    if (env.reports() && !samples) env.onSamples({ chartsNow: true }); // "running…" or "not run yet" in the sampled rows
  }

  function recordConvergence() {
    const reports = env.reports();
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

  function render() {
    statusText.dataset.state = mc.state;
    statusText.dataset.auto = String(mc.auto);
    const note = mc.note ? (mc.note.key ? t(mc.note.key) : env.describe(mc.note)) : '';
    statusText.textContent = t(`mc.state.${mc.state}`) + (note ? ` — ${note}` : '');
    runBtn.disabled = mc.state === 'loading' || !env.reports();
    distRunBtn.disabled = runBtn.disabled;
    cancelBtn.disabled = mc.state !== 'running';
    progress.value = mc.total ? mc.done / mc.total : 0;
    const rate = mc.elapsedMs > 0 ? (mc.done * MODELS.length) / (mc.elapsedMs / 1000) / 1e6 : 0;
    // an automatic run samples fewer swings than the selector's choice: it says so, and what Run would sample
    const chosen = Number(swingsSelect.value);
    progressText.textContent = mc.total
      ? t(mc.auto && mc.total < chosen ? 'mc.progressAuto' : 'mc.progress', { done: fmtInt(mc.done), total: fmtInt(mc.total), rate: rate.toFixed(1), chosen: fmtInt(chosen) })
      : '';
    seedUsed.textContent = mc.seed ? t('mc.seedUsed', { seed: mc.seed }) : '';
    seedUsed.dataset.seed = mc.seed;
    distNote.textContent = samples && mc.done
      ? t(mc.state === 'running' ? 'dist.sampleNoteRunning' : 'dist.sampleNote', { n: fmtInt(mc.done), seed: mc.seed })
      : mc.state === 'error' ? statusText.textContent : '';
    chiList.replaceChildren(...(summaries ?? []).map((s, i) =>
      h('li', { dataset: { testid: `chi-${MODELS[i]}`, p: String(s.chi_square.p_value) } },
        h('strong', { text: `${env.modelLabel(MODELS[i])}: ` }),
        h('span', { text: t('mc.chi', { p: s.chi_square.p_value.toPrecision(3) }) }))));
  }

  function renderConvChart() {
    convCanvas.parentElement.hidden = mc.history.length === 0;
    convCaption.hidden = mc.history.length === 0;
    if (!env.Chart || mc.history.length === 0) return;
    convChart ??= makeConvChart();
    MODELS.forEach((m, i) => {
      convChart.data.datasets[i].label = env.modelLabel(m);
      convChart.data.datasets[i].data = mc.history.map((p) => p[i]).filter(Boolean);
    });
    convChart.options.scales.x.title.text = t('conv.axis');
    convChart.update('none');
  }

  return {
    panel,
    /** the row beside the distribution chart: sample again, go to the settings, what was sampled */
    distControls,
    get samples() { return samples; },
    /** the note a sampled row shows while it has no samples */
    rowNote() {
      return t(mc.state === 'running' || autoPending ? 'dist.sampledWaiting' : 'dist.sampledNotRun');
    },
    start,
    sheetChanged,
    sheetInvalid,
    sheetValid,
    render,
    renderConvChart,
    /** puts the page settings (swings, seed) into the fields */
    fill() {
      swingsSelect.value = String(state.page.swings);
      seedInput.value = state.page.seed;
    },
    destroy() {
      destroyed = true;
      clearTimeout(autoTimer);
      worker.terminate();
      convChart?.destroy();
    },
  };
}
