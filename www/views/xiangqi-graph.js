// The game review's evaluation graph (#xiangqi): Red's win probability (0–100 %) after each ply, drawn with
// chart.js (vendored, loaded on demand like #combat's charts). A click on a point shows that position.
//
// Test hook: data-testid="eval-graph" with data-points = the number of positions drawn (plies + 1 once the
// review is complete) and data-values = the points as Red's win percentages, comma-separated ('' = not yet
// analysed). Without chart.js the canvas stays empty and the attributes are still set.

import { h } from './dom.js';
import { loadChart } from './assets.js';

/**
 * @param {{t: (key: string, params?: object) => string, onPick: (ply: number) => void}} env
 * @returns {{element: HTMLElement, update: (points: Array<number|null>, current: number|null) => void,
 *            setLang: () => void, destroy: () => void}}
 */
export function createEvalGraph(env) {
  const canvas = h('canvas', { 'aria-hidden': 'true' });
  const element = h('div', { class: 'eval-graph', dataset: { testid: 'eval-graph', points: '0', values: '' }, role: 'img' }, canvas);
  let chart = null;
  let chartLoading = null;
  let destroyed = false;
  let last = { points: [], current: null };
  // chart.js is parsed, and the chart made (its first drawing is the costly one), when the page is idle, not
  // in the middle of a review: off stage (laid out but invisible and out of the flow) until it has points
  const idle = (fn) => (globalThis.requestIdleCallback ? requestIdleCallback(fn, { timeout: 1500 }) : setTimeout(fn, 1500));
  idle(() => {
    if (destroyed || chartLoading) return;
    chartLoading = loadChart().then((Chart) => idle(() => {
      if (!Chart || destroyed || chart) return;
      const offstage = element.hidden;
      if (offstage) {
        element.classList.add('eval-graph-offstage');
        element.hidden = false;
      }
      chart = makeChart(Chart);
      draw();
    }));
  });

  function makeChart(Chart) {
    const css = getComputedStyle(document.documentElement);
    const red = css.getPropertyValue('--red-piece').trim() || '#c62828';
    return new Chart(canvas, {
      type: 'line',
      data: { labels: [], datasets: [{ data: [], borderColor: red, backgroundColor: 'rgba(198, 40, 40, 0.12)', fill: { target: { value: 50 } }, pointRadius: 2, pointHoverRadius: 5, borderWidth: 1.5, spanGaps: false, tension: 0 }] },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        interaction: { mode: 'index', intersect: false },
        onClick: (_evt, elements) => {
          if (elements?.length) env.onPick(elements[0].index);
        },
        plugins: {
          legend: { display: false },
          tooltip: { callbacks: { title: (items) => env.t('review.graphPly', { ply: items[0].dataIndex }), label: (item) => env.t('review.graphRed', { pct: Math.round(item.parsed.y) }) } },
        },
        scales: {
          x: { ticks: { maxTicksLimit: 10 } },
          y: { min: 0, max: 100, ticks: { stepSize: 25, callback: (v) => `${v}%` } },
        },
      },
    });
  }

  function draw() {
    if (!chart) return;
    const { points, current } = last;
    const ds = chart.data.datasets[0];
    chart.data.labels = points.map((_, i) => String(i));
    ds.data = points.map((p) => (p === null ? null : Math.round(p * 1000) / 10));
    ds.pointRadius = points.map((_, i) => (i === current ? 5 : 2));
    chart.update('none');
  }

  return {
    element,
    /** Draws `points` (Red's win probability 0…1 at each ply, null = not analysed), marking ply `current`. */
    update(points, current) {
      const values = points.map((p) => (p === null ? '' : (p * 100).toFixed(1))).join(',');
      if (values === element.dataset.values && current === last.current && (chart || chartLoading || !values.replace(/,/g, ''))) return;
      last = { points, current };
      const drawn = points.filter((p) => p !== null).length;
      element.dataset.points = String(drawn);
      element.dataset.values = values;
      element.setAttribute('aria-label', env.t('review.graphLabel', { n: drawn }));
      const wasOffstage = element.classList.contains('eval-graph-offstage');
      if (drawn > 0) element.classList.remove('eval-graph-offstage');
      element.hidden = drawn === 0 && !wasOffstage;
      if (drawn === 0 || destroyed) return;
      if (chart) draw();
      else if (!chartLoading) {
        chartLoading = loadChart().then((Chart) => {
          if (!Chart || destroyed) return;
          chart = makeChart(Chart);
          draw();
        });
      }
    },
    setLang() {
      element.setAttribute('aria-label', env.t('review.graphLabel', { n: Number(element.dataset.points) }));
      if (chart) chart.update('none');
    },
    /** The chart.js instance (null until loaded): tests click its points through it. */
    get chart() {
      return chart;
    },
    destroy() {
      destroyed = true;
      chart?.destroy();
    },
  };
}
