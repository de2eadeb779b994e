// The game review's evaluation graph (#xiangqi): Red's win probability (0–100 %) after each ply, drawn with
// chart.js (vendored, loaded on demand like #combat's charts). A click on a point shows that position.
//
// Test hook: data-testid="eval-graph" with data-points = the number of positions drawn (plies + 1 once the
// review is complete) and data-values = the points as Red's win percentages, comma-separated ('' = not yet
// analysed). Without chart.js the canvas stays empty and the attributes are still set. The graph is a slider
// for the keyboard (role=slider, tabindex 0, aria-valuenow = the ply shown): ←/→ (↓/↑) go to the
// previous/next position, Home/End to the first/last.

import { h } from './dom.js';
import { loadChart } from './assets.js';

/**
 * @param {{t: (key: string, params?: object) => string, onPick: (ply: number) => void}} env
 * @returns {{element: HTMLElement, update: (points: Array<number|null>, current: number|null) => void,
 *            setLang: () => void, destroy: () => void}}
 */
export function createEvalGraph(env) {
  const canvas = h('canvas', { 'aria-hidden': 'true' });
  // a slider for the keyboard and screen readers: ←/→ go to the previous/next position, Home/End the first/last
  const element = h('div', { class: 'eval-graph', dataset: { testid: 'eval-graph', points: '0', values: '' }, role: 'slider', tabindex: '0',
    'aria-valuemin': '0', 'aria-valuemax': '0', on: { keydown: (e) => onKey(e) } }, canvas);
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

  /** The arrow keys move the shown position along the graph's points (a point not yet analysed included). */
  function onKey(e) {
    const n = last.points.length;
    if (!n) return;
    const at = last.current ?? n - 1;
    const to = { ArrowLeft: at - 1, ArrowDown: at - 1, ArrowRight: at + 1, ArrowUp: at + 1, Home: 0, End: n - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const ply = Math.max(0, Math.min(n - 1, to));
    if (ply !== at) env.onPick(ply);
  }

  /** The slider's value and its words: the position shown and Red's chance there. */
  function describe() {
    const { points, current } = last;
    const n = points.length;
    element.setAttribute('aria-valuemax', String(Math.max(0, n - 1)));
    if (!n) return;
    const at = Math.max(0, Math.min(n - 1, current ?? n - 1));
    element.setAttribute('aria-valuenow', String(at));
    const p = points[at];
    element.setAttribute('aria-valuetext', `${env.t('review.graphPly', { ply: at })}${p === null ? '' : ` · ${env.t('review.graphRed', { pct: Math.round(p * 100) })}`}`);
  }

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
      describe();
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
      describe();
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
