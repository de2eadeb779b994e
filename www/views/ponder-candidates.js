// Pondering on several replies (issue 23), the part both game pages share: the engine option that turns it on,
// the list of the replies a ponder search thinks about (the worker's `candidates` message, via the client's
// 'candidates' event), and the ponder figures of a game (hits on the predicted move, hits on any pondered
// reply, time saved).
//
// With `PonderCandidates` k > 1 a ponder search first thinks about the reply the engine predicts (candidate 1),
// then, in turns, about the user's other likely replies (src/engine/ponder.rs). If the user plays one of them,
// the page asks for a move as after a miss, and the engine goes on with that reply's search: the worker's
// `resumed` message names the candidate and the thinking already done, and the page counts a hit on it.
//
// Test hooks (data-testid): ponder-candidates (the list, hidden when there is none; each item data-iccs on the
// Xiangqi page or data-cell on the Hex page, data-depth = the depth its search reached, data-active="true" on
// the one searched now, data-rank = its 1-based place), ponder-hit-rate (data-hits = hits on any pondered
// reply, data-top1 = hits on the predicted move, data-tried, data-saved-ms).

import { h, setText } from './dom.js';

/**
 * How many of the user's replies the engine ponders: the predicted one and the next two of its ranking. Three
 * covers most of what a user plays (the engine's own top moves) while each still gets a fair share of the
 * pondering time; the option's range is 1..5 (src/engine/ponder.rs MAX_PONDER_CANDIDATES).
 */
export const PONDER_CANDIDATES = 3;

/** Sets the engine's `PonderCandidates` option unless the client already has it (it re-sends options after a crash). */
export function askPonderCandidates(client) {
  if (client.optionValues?.get('PonderCandidates') === String(PONDER_CANDIDATES)) return;
  client.setOption('PonderCandidates', PONDER_CANDIDATES);
}

/** Fresh ponder figures of a game: hits on any pondered reply, on the predicted one, misses, ms of thinking saved. */
export function freshPonderStats() {
  return { hits: 0, top1: 0, misses: 0, savedMs: 0, lastSavedMs: null, lastAnswerMs: null, lastCandidate: null };
}

/**
 * Ponder figures read back from a saved game. A game saved before issue 23 has no `top1`: all its hits were on
 * the predicted move.
 */
export function restorePonderStats(saved) {
  const stats = { ...freshPonderStats(), ...saved };
  if (typeof saved?.top1 !== 'number') stats.top1 = stats.hits;
  return stats;
}

/**
 * Counts a hit on candidate `candidate` (1 = the predicted move) with `savedMs` of thinking already done.
 * @param {ReturnType<typeof freshPonderStats>} stats  changed in place
 */
export function countPonderHit(stats, candidate, savedMs) {
  stats.hits += 1;
  if (candidate === 1) stats.top1 += 1;
  stats.lastCandidate = candidate;
  stats.lastSavedMs = savedMs;
  stats.savedMs += savedMs;
  stats.lastAnswerMs = null;
}

/** The ponder figures' element (ponder-hit-rate), filled by `renderPonderStats`. */
export function createPonderStats() {
  return h('div', { class: 'ponder-stats', dataset: { testid: 'ponder-hit-rate' } });
}

/** Shows `stats` in `el`: "Predicted move: 3/7 (43%) · any pondered reply: 5/7 (71%) · 12.3 s saved this game". */
export function renderPonderStats(el, stats, t) {
  const tried = stats.hits + stats.misses;
  el.dataset.hits = String(stats.hits);
  el.dataset.top1 = String(stats.top1);
  el.dataset.tried = String(tried);
  el.dataset.savedMs = String(Math.round(stats.savedMs));
  const pct = (n) => Math.round((100 * n) / tried);
  setText(el, tried
    ? t('ponder.stats', { top1: stats.top1, hits: stats.hits, tried, topRate: pct(stats.top1), rate: pct(stats.hits), saved: (stats.savedMs / 1000).toFixed(1) })
    : t('ponder.statsNone'));
}

/**
 * The list of pondered replies. `attr` names the move attribute of its items ('iccs' or 'cell').
 * `show(list, write)`: list = the worker's [{move, depth, nodes, ms, active}] (null or [] hides it), write(move)
 * = the move as the user reads it. `setTranslator(t)` for a language switch (then `show` again).
 */
export function createPonderCandidates(t, attr) {
  const label = h('span', { class: 'pc-label' });
  const items = h('ol', { class: 'pc-list' });
  const element = h('div', { class: 'ponder-candidates', dataset: { testid: 'ponder-candidates' }, hidden: true }, label, items);
  let shown = '';

  function show(list, write) {
    if (!list || list.length === 0) {
      if (!element.hidden) {
        element.hidden = true;
        items.replaceChildren();
        shown = '';
      }
      return;
    }
    const rows = list.map((c) => ({ c, text: t('ponder.candidate', { move: write(c.move), depth: c.depth }) }));
    const signature = rows.map((r) => `${r.c.move}|${r.c.depth}|${r.c.active}|${r.text}`).join(' ');
    element.hidden = false;
    setText(label, t('ponder.candidates'));
    if (signature === shown) return;
    shown = signature;
    items.replaceChildren(...rows.map(({ c, text }, i) => {
      const dataset = { [attr]: c.move, depth: String(c.depth), rank: String(i + 1) };
      if (c.active) dataset.active = 'true';
      return h('li', { class: c.active ? 'pc-item pc-active' : 'pc-item', dataset, ...(c.active ? { 'aria-current': 'true' } : {}) }, text);
    }));
  }

  return {
    element,
    show,
    setTranslator(next) {
      t = next;
      shown = '';
    },
  };
}
