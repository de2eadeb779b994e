// The lab's Hex technique table (issue 13, Hex rows): the real Hex searcher (src/hex/search.rs, Queenbee's
// alpha-beta after van Rijswijck 2000) searches the lab's Hex position to a fixed depth once per configuration
// of HEX_CONFIGS (all on, no badness ordering, no beam, no TT cut-offs, no threat rules, a narrower and a wider
// beam), each in a fresh engine in the page's worker, exactly as `duiyi bench --ablation --game hex --size N
// --moves M --depth D` does natively, so the node counts and best moves are the same. Table + chart of nodes,
// time, depth, best move and score, with two sentences per technique and the thesis section they come from.
//
// Test hooks: "lab-hex-table-view" (data-state idle|running|done|stopped|error), "lab-hex-depth",
// "lab-hex-run", "lab-hex-stop", "lab-hex-row-<name>" (data-nodes, data-best, data-cp, data-mate, data-depth,
// data-time-ms, data-state pending|running|done|cancelled), "lab-hex-chart" (data-rows),
// "lab-hex-explain-<name>". Lesson link (lab.js): hexdepth, hexrun=1.

import { h, setText } from './dom.js';
import { HEX_CONFIGS, HEX_DEPTHS } from './lab-configs.js';
import { ablationRow, sourceLine } from './lab-row.js';


/**
 * @param {HTMLElement} box
 * @param {{t: Function, client: any, Chart: any, position: () => {size: number, moves: string[]},
 *   showError: (err: any) => void, onChange: () => void}} env
 * @param {{depth: number}} initial
 */
export function createHexTable(box, env, initial) {
  let t = env.t;
  const state = { depth: HEX_DEPTHS.includes(initial.depth) ? initial.depth : 3, results: new Map(), token: 0, chart: null };
  const tx = (key, tag = 'span', props = {}) => h(tag, { ...props, dataset: { ...(props.dataset ?? {}), i18n: key } }, t(key));
  const depthSel = h('select', { dataset: { testid: 'lab-hex-depth' } }, HEX_DEPTHS.map((d) => h('option', { value: String(d) }, String(d))));
  const runBtn = h('button', { type: 'button', class: 'btn', dataset: { testid: 'lab-hex-run' } });
  const stopBtn = h('button', { type: 'button', class: 'btn', disabled: true, dataset: { testid: 'lab-hex-stop' } });
  const status = h('p', { class: 'lab-status' });
  const tbody = h('tbody');
  const table = h('table', { class: 'lab-table', dataset: { testid: 'lab-hex-table' } }, h('thead', {}, h('tr', {},
    ['lab.col.config', 'lab.col.nodes', 'lab.col.ratio', 'lab.col.time', 'lab.col.nps', 'lab.col.depth', 'lab.col.best', 'lab.hexTable.score']
      .map((k) => tx(k, 'th')))), tbody);
  const canvas = h('canvas', { role: 'img', hidden: true });
  // Until a run has results, a sentence saying what will be drawn here (not an empty chart grid).
  const chartEmpty = h('p', { class: 'lab-chart-empty', dataset: { testid: 'lab-hex-chart-empty' } });
  const chartBox = h('div', { class: 'lab-chart', dataset: { testid: 'lab-hex-chart', rows: '0', empty: 'true' } }, canvas, chartEmpty);
  const explainList = h('dl', { class: 'lab-explain' });
  const el = h('div', { class: 'lab-hex-table', dataset: { testid: 'lab-hex-table-view', state: 'idle' } },
    tx('lab.hexTable.title', 'h2'),
    tx('lab.hexTable.intro', 'p', { class: 'lab-hint' }),
    h('div', { class: 'lab-actions' }, h('label', {}, tx('lab.depth'), ' ', depthSel), runBtn, stopBtn),
    status,
    h('div', { class: 'lab-scroll' }, table),
    chartBox,
    tx('lab.explainTitle', 'h3'),
    explainList);
  box.replaceChildren(el);

  function scoreText(r) {
    if (r.mate !== null && r.mate !== undefined) return t(r.mate > 0 ? 'lab.hexTable.win' : 'lab.hexTable.loss', { n: Math.abs(r.mate) });
    return r.cp === null || r.cp === undefined ? '' : String(r.cp);
  }

  function render() {
    const base = state.results.get('all');
    tbody.replaceChildren(...HEX_CONFIGS.map((c) => {
      const r = state.results.get(c.name) ?? { state: 'pending' };
      const done = r.state === 'done';
      return ablationRow({
        testid: `lab-hex-row-${c.name}`, label: t(`lab.hexCfg.${c.name}`), r, base,
        bestText: done ? (r.best ?? '—') : '', scoreText: done ? scoreText(r) : '',
      });
    }));
    renderChart();
  }

  function renderChart() {
    const done = HEX_CONFIGS.filter((c) => state.results.get(c.name)?.state === 'done');
    chartBox.dataset.rows = String(done.length);
    chartBox.dataset.empty = String(done.length === 0);
    chartEmpty.textContent = t('lab.chartEmpty');
    chartEmpty.hidden = done.length > 0;
    canvas.hidden = done.length === 0;
    canvas.setAttribute('aria-label', t('lab.results'));
    if (!env.Chart || (done.length === 0 && !state.chart)) return;
    const labels = done.map((c) => t(`lab.hexCfg.${c.name}`));
    const data = done.map((c) => state.results.get(c.name).nodes);
    const colors = done.map((c) => (c.name === 'all' ? '#b3261e' : '#1565c0'));
    if (!state.chart) {
      state.chart = new env.Chart(canvas, {
        type: 'bar',
        data: { labels, datasets: [{ label: t('lab.col.nodes'), data, backgroundColor: colors }] },
        options: {
          indexAxis: 'y', animation: false, responsive: true, maintainAspectRatio: false,
          plugins: { legend: { display: false } },
          scales: { x: { type: 'logarithmic', title: { display: true, text: t('lab.chartAxis') } } },
        },
      });
    } else {
      state.chart.data.labels = labels;
      state.chart.data.datasets[0].data = data;
      state.chart.data.datasets[0].backgroundColor = colors;
      state.chart.data.datasets[0].label = t('lab.col.nodes');
      state.chart.options.scales.x.title.text = t('lab.chartAxis');
      state.chart.update('none');
    }
  }

  function renderExplanations() {
    explainList.replaceChildren(...HEX_CONFIGS.map((c) => h('div', { class: 'lab-explain-item', dataset: { testid: `lab-hex-explain-${c.name}` } },
      h('dt', {}, t(`lab.hexCfg.${c.name}`)),
      h('dd', {}, t(`lab.hexTech.${c.name}`),
        sourceLine(c.source, t)))));
  }

  function setState(s) {
    el.dataset.state = s;
    runBtn.disabled = s === 'running';
    stopBtn.disabled = s !== 'running';
    setText(status, t(`lab.hexTable.state.${s}`));
  }

  async function run() {
    const token = ++state.token;
    const { size, moves } = env.position();
    state.results = new Map();
    setState('running');
    render();
    env.onChange();
    for (const c of HEX_CONFIGS) {
      if (token !== state.token) return;
      state.results.set(c.name, { state: 'running' });
      render();
      let r;
      try {
        r = await env.client.lab({ game: 'hex', size, moves }, state.depth, { ...c.options });
      } catch (err) {
        if (token !== state.token) return;
        state.results.set(c.name, { state: 'cancelled' });
        env.showError(err);
        setState('error');
        render();
        return;
      }
      if (token !== state.token) return;
      if (r.cancelled) {
        state.results.set(c.name, { state: 'cancelled' });
        render();
        setState('stopped');
        return;
      }
      const last = r.infos.at(-1);
      state.results.set(c.name, {
        state: last && last.depth === state.depth ? 'done' : 'cancelled',
        nodes: last?.nodes ?? 0,
        best: r.move,
        cp: last?.score?.cp ?? null,
        mate: last?.score?.mate ?? null,
        depth: last?.depth ?? 0,
        timeMs: last?.timeMs ?? 0,
      });
      render();
    }
    if (token === state.token) setState('done');
  }

  function stop() {
    state.token++;
    env.client.cancel();
    for (const [name, r] of state.results) if (r.state === 'running') state.results.set(name, { state: 'cancelled' });
    render();
    setState('stopped');
  }

  /** The position or depth changed: the old figures no longer apply. */
  function reset() {
    if (el.dataset.state === 'running') stop();
    state.results = new Map();
    setState('idle');
    render();
  }

  function setStrings() {
    for (const e of el.querySelectorAll('[data-i18n]')) e.textContent = t(e.dataset.i18n);
    depthSel.value = String(state.depth);
    runBtn.textContent = t('lab.hexTable.run');
    stopBtn.textContent = t('lab.stop');
    setText(status, t(`lab.hexTable.state.${el.dataset.state}`));
    renderExplanations();
    render();
  }

  depthSel.addEventListener('change', () => {
    state.depth = Number(depthSel.value);
    reset();
    env.onChange();
  });
  runBtn.addEventListener('click', () => run());
  stopBtn.addEventListener('click', () => stop());
  setState('idle');
  setStrings();

  return {
    element: el,
    run,
    reset,
    get depth() {
      return state.depth;
    },
    get running() {
      return el.dataset.state === 'running';
    },
    get results() {
      return state.results;
    },
    setLang(nextT) {
      t = nextT;
      setStrings();
    },
    cancel() {
      state.token++;
    },
    destroy() {
      state.chart?.destroy();
      state.chart = null;
    },
  };
}
