// #combat: the PRD panel — how often a proc comes twice in a row, at the 99th percentile and at the longest,
// for independent rolls, pseudo-random distribution (the chance grows by C after each miss) and a shuffled
// bag, with its chart. Computed by the wasm module (prdIntervals) on this thread; its settings (the nominal
// chance, the bag size) live in the page's URL with the sheet.
//
// Test hooks: "prd-p", "prd-bag", "prd-c" (data-value), "prd-error" (data-code), "prd-<rule>-two".

import { prdIntervals } from '../pkg/duiyi_hex.js';
import { h } from './dom.js';
import { pct, writeHash } from './combat-model.js';

/**
 * @param {{t: Function, tx: Function, Chart: any, state: object, describe: (error: object) => string,
 *          scroll: (table: HTMLElement) => HTMLElement}} env
 * @returns {{panel: HTMLElement, render: () => void, fill: () => void, destroy: () => void}}
 */
export function createPrdPanel(env) {
  const { t, tx, state, describe, scroll } = env;
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

  /** created on first use, once the panel is in the page (a chart sizes itself to its box) */
  let prdChart = null;
  const makePrdChart = () => new env.Chart(prdCanvas, {
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
    if (env.Chart) {
      prdChart ??= makePrdChart();
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

  return {
    panel: prdPanel,
    /** redraws the table and chart (after a change of language) */
    render: () => renderPrd(state.page.prd_p),
    /** puts the page settings into the fields */
    fill() {
      prdP.value = String(Number((state.page.prd_p * 100).toPrecision(12)));
      prdBag.value = String(state.page.bag);
    },
    destroy: () => prdChart?.destroy(),
  };
}
