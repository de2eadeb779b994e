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
// Xiangqi page or data-cell on the Hex page, data-depth = the depth its search reached (64: solved),
// data-active="true" on the one searched now, data-rank = its 1-based place), ponder-hit-rate (data-hits = hits
// on any pondered reply, data-top1 = hits on the predicted move, data-tried, data-saved-ms).

import { h, setText } from './dom.js';
import { SOLVED_DEPTH } from './engine-status.js';

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

/**
 * A `ponderhit` on the predicted move, with several replies pondered: the engine's own figure (`ms`, what
 * candidate 1's search had, the worker's 'resumed') replaces the page's (the time since the ponder search was
 * sent, which also counts the turns of the other replies).
 * @param {ReturnType<typeof freshPonderStats>} stats  changed in place
 */
export function correctPredictedHit(stats, ms) {
  if (stats.lastCandidate !== 1 || stats.lastSavedMs === null || !Number.isFinite(ms)) return;
  stats.savedMs += ms - stats.lastSavedMs;
  stats.lastSavedMs = ms;
}

/**
 * What a page tracks to tell a hit on another pondered reply: the running ponder search's list (the client's
 * 'candidates' event), and, after the user played a move other than the predicted one while it pondered, that
 * move's facts (`info`, the page's own) bound to the search asked for then, until that search either says it
 * goes on from pondering the move (the 'resumed' event: a hit) or answers without saying so (a miss).
 * @param {{active: {id: number}|null}} client  the EngineClient (its running request's id is the events' searchId)
 */
export function createReplyTracker(client) {
  /** {searchId, list}: the last list of the ponder search `searchId` */
  let candidates = null;
  /** {searchId, ...info}: the move played, waiting for the answer of search `searchId` */
  let pending = null;
  const list = () => (candidates && client.active?.id === candidates.searchId ? candidates.list : null);
  return {
    /** The 'candidates' event; false when it is not the running search's (then ignored). */
    update({ list: next, searchId } = {}) {
      if (!Array.isArray(next) || client.active?.id !== searchId) return false;
      candidates = { searchId, list: next };
      return true;
    },
    /** The running ponder search's replies ([{move, depth, nodes, ms, active}]), or null. */
    list,
    /** The 1-based place of `move` in that list (0: not in it). */
    rank(move) {
      return (list() ?? []).findIndex((c) => c.move === move) + 1;
    },
    /** The user's move is to be decided by `request`'s search (null: nothing to decide); `info` comes back. */
    track(request, info) {
      pending = request ? { ...info, searchId: request.id } : null;
      candidates = null;
    },
    /** The 'resumed' event of search `searchId`: the tracked move's info when this decides it (a hit), else null. */
    resumed(searchId) {
      if (!pending || pending.searchId !== searchId) return null;
      const p = pending;
      pending = null;
      return p;
    },
    /** `request`'s search answered: the tracked move's info when it came without 'resumed' (a miss), else null. */
    answered(request) {
      if (!pending || pending.searchId !== request?.id) return null;
      const p = pending;
      pending = null;
      return p;
    },
    /** Forgets the list (a crash: the repeated search ponders afresh in the new worker). */
    dropList() {
      candidates = null;
    },
    /** Forgets the list and the tracked move (a new game, an undo). */
    clear() {
      candidates = null;
      pending = null;
    },
  };
}

/**
 * The test hooks and class of the ponder note's text (engine-status.js `noticeData`, `noticeClass`) for a note
 * of `kind` ('ponder-hit' | 'ponder-miss' | other): ponder-saved with data-ms (thinking already done),
 * data-candidate (the pondered reply hit, 1 = the predicted one) and, once answered, data-answer-ms.
 */
export function ponderNoticeHooks(kind, stats) {
  if (kind === 'ponder-hit' && stats.lastSavedMs !== null) {
    const data = { testid: 'ponder-saved', ms: String(Math.round(stats.lastSavedMs)), candidate: String(stats.lastCandidate ?? 1) };
    if (stats.lastAnswerMs !== null) data.answerMs = String(Math.round(stats.lastAnswerMs));
    return { noticeData: data, noticeClass: 'ponder-saved' };
  }
  if (kind === 'ponder-miss') return { noticeData: { testid: 'ponder-saved', ms: '0' }, noticeClass: 'ponder-saved ponder-miss' };
  return { noticeData: null, noticeClass: '' };
}

/** The last hit's note: which reply, the thinking already done, and (once it has answered) the answer time. */
export function ponderHitText(stats, t) {
  const s = ((stats.lastSavedMs ?? 0) / 1000).toFixed(1);
  const k = stats.lastCandidate ?? 1;
  if (stats.lastAnswerMs === null) return k > 1 ? t('ponder.hitCandidate', { s, k }) : t('ponder.hit', { s });
  const answer = (stats.lastAnswerMs / 1000).toFixed(1);
  return k > 1 ? t('ponder.hitCandidateAnswered', { s, k, answer }) : t('ponder.hitAnswered', { s, answer });
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
    // a reply not searched yet (depth 0) says so rather than "depth 0"; one whose search went to the last
    // depth (the Hex search reports a proved position there) is solved, not "depth 64"
    const rowText = (c) => {
      if (c.depth >= SOLVED_DEPTH) return t('ponder.candidateSolved', { move: write(c.move) });
      if (c.depth > 0) return t('ponder.candidate', { move: write(c.move), depth: c.depth });
      return t(c.active ? 'ponder.candidateStarting' : 'ponder.candidateWaiting', { move: write(c.move) });
    };
    const rows = list.map((c) => ({ c, text: rowText(c) }));
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
