// #lab, pondering explained (issue 13 item 3): the replay of a real game (www/data/ponder-game.json, recorded by
// tools/ponder_replay.py: the native engine pondering over UCI against a second one that does not). One row per
// opponent move: the reply the engine expected, the move played, a hit or a miss, and a timeline bar of how long
// it had pondered (a hit keeps that search: the time is saved; a miss throws it away) and how long it then took
// to answer.
//
// Below the intro, one sentence on pondering several replies (the engine's PonderCandidates, issue 23) with a
// link to its seed, Bruce Moreland's "Pondering" (the Hitech game at the 1995 WCCC).
//
// Test hooks: "lab-ponder" (data-state loading|done|error, data-hits, data-misses, data-saved-ms),
// "lab-ponder-hitech" (that sentence) with "lab-ponder-seed" (its link),
// "lab-ponder-summary", "lab-ponder-row" (data-ply, data-hit, data-expected, data-played, data-ponder-ms,
// data-reply-ms, data-saved-ms).

import { h, setText } from './dom.js';

const DATA_URL = new URL('../data/ponder-game.json', import.meta.url);
/** The seed paragraph on pondering several replies (Hitech, WCCC 1995): Bruce Moreland's programming topics
 *  (the address docs/architecture.md §9 gives for it). */
const MORELAND_PONDERING = 'http://www.seanet.com/~brucemo/topics/pondering.htm';

/** Hits, misses and time saved of a ponder record. */
export function ponderTotals(record) {
  const rows = record.ponder;
  return {
    hits: rows.filter((r) => r.hit).length,
    misses: rows.filter((r) => !r.hit).length,
    savedMs: rows.reduce((a, r) => a + r.saved_ms, 0),
  };
}

/**
 * The record's source in the page's language: when and how it was recorded (the record's `_about` says it
 * in English for the repository; the page builds its own sentence from the record's fields).
 */
export function sourceNote(record, t) {
  const date = /\b\d{4}-\d{2}-\d{2}\b/.exec(record._about ?? '')?.[0] ?? '—';
  const ms = (name) => Number(new RegExp(`\\b${name} (\\d+)`).exec(record.clock ?? '')?.[1]);
  const [base, inc] = [ms('wtime'), ms('winc')];
  const clock = Number.isFinite(base) && Number.isFinite(inc)
    ? t('lab.ponder.clock', { base: base / 1000, inc: inc / 1000 })
    : (record.clock ?? '—');
  return t('lab.ponder.source', { date, engine: record.engine ?? 'duiyi', clock });
}

/** Mounts the replay into `container`; `env`: {t(), chinese(iccs)}. */
export function createPonderReplay(container, env) {
  let t = env.t;
  let record = null;
  const tx = (key, tag = 'span', props = {}) => h(tag, { ...props, dataset: { ...(props.dataset ?? {}), i18n: key } }, t(key));
  const summary = h('p', { class: 'lab-ponder-summary', dataset: { testid: 'lab-ponder-summary' } });
  const list = h('div', { class: 'lab-ponder-list' });
  const about = h('p', { class: 'lab-source' });
  // pondering several replies (issue 23): one sentence, and the seed it comes from
  const hitech = h('p', { class: 'lab-hint', dataset: { testid: 'lab-ponder-hitech' } },
    tx('lab.ponder.hitech'), tx('lab.sourcePrefix'),
    tx('lab.ponder.hitechLink', 'a', { href: MORELAND_PONDERING, rel: 'noopener noreferrer', target: '_blank', dataset: { testid: 'lab-ponder-seed' } }));
  const panel = h('section', { class: 'panel lab-ponder', dataset: { testid: 'lab-ponder', state: 'loading' } },
    tx('lab.ponder.title', 'h2'), tx('lab.ponder.intro', 'p', { class: 'lab-hint' }), hitech, summary, list, about);
  container.append(panel);

  function render() {
    for (const el of panel.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
    if (!record) return;
    const tot = ponderTotals(record);
    Object.assign(panel.dataset, { hits: String(tot.hits), misses: String(tot.misses), savedMs: String(tot.savedMs) });
    setText(summary, t('lab.ponder.summary', { plies: record.moves.length, hits: tot.hits, n: record.ponder.length, saved: (tot.savedMs / 1000).toFixed(1) }));
    const max = Math.max(1, ...record.ponder.map((r) => r.ponder_ms + (r.reply_ms ?? 0)));
    const pct = (ms) => `${(100 * ms) / max}%`;
    const bar = (kind, width) => {
      const el = h('span', { class: `bar ${kind}` });
      el.style.width = width; // CSSOM: the page's CSP allows no inline style attributes
      return el;
    };
    list.replaceChildren(h('div', { class: 'lab-ponder-row lab-ponder-head' },
      h('span', {}, t('lab.ponder.move')), h('span', {}, t('lab.ponder.expected')), h('span', {}, t('lab.ponder.played')),
      h('span', {}, t('lab.ponder.timeline'))),
    ...record.ponder.map((r) => h('div', {
      class: `lab-ponder-row ${r.hit ? 'hit' : 'miss'}`,
      dataset: { testid: 'lab-ponder-row', ply: String(r.ply), hit: String(r.hit), expected: r.expected ?? '', played: r.played, ponderMs: String(r.ponder_ms), replyMs: String(r.reply_ms ?? ''), savedMs: String(r.saved_ms) },
    },
    h('span', {}, String(Math.floor(r.ply / 2) + 1)),
    h('span', { class: 'mono' }, r.expected ?? '—'),
    h('span', { class: 'mono' }, `${r.played} ${r.hit ? t('lab.ponder.hit') : t('lab.ponder.miss')}`),
    h('span', { class: 'lab-ponder-bars', title: t('lab.ponder.barTitle', { ponder: r.ponder_ms, reply: r.reply_ms ?? 0, saved: r.saved_ms }) },
      bar('ponder', pct(r.ponder_ms)),
      bar('reply', pct(r.reply_ms ?? 0)),
      h('span', { class: 'lab-ponder-ms' }, r.hit ? t('lab.ponder.saved', { s: (r.saved_ms / 1000).toFixed(2) }) : t('lab.ponder.lost', { s: (r.ponder_ms / 1000).toFixed(2) }))))));
    setText(about, sourceNote(record, t));
  }

  fetch(DATA_URL).then((r) => {
    if (!r.ok) throw new Error(`HTTP ${r.status}`);
    return r.json();
  }).then((data) => {
    record = data;
    panel.dataset.state = 'done';
    render();
  }).catch((err) => {
    panel.dataset.state = 'error';
    setText(summary, t('lab.ponder.loadError', { reason: String(err.message ?? err) }));
  });
  render();

  return {
    setLang(nextT) {
      t = nextT;
      render();
    },
  };
}
