// The Xiangqi hint (#xiangqi, docs/review.md): during play, on the user's turn, the first press marks the piece
// to move (a ring on its square), the second reveals the move (an arrow, and data-move). The move comes from
// the review worker at a short budget (www/review-worker.js `hint`), never from the play worker.
//
// Hints used are recorded with the game (HINTS_KEY) and exported in PGN as the tag
//   [Hints "7:piece 7:move 12:piece"]
// one entry per press that showed something: the ply (1-based) of the move the hint was for, and what it
// showed (piece | move). A hint belongs to the game whose moves start with the moves played before it.
//
// Test hook: data-testid="hint" (data-stage = 0 | 1 | 2, data-move = the move in ICCS once revealed, data-square
// = the marked piece's square from the first press on; data-count = hints used in this game).

import { h } from './dom.js';
import { readJSON, writeJSON } from '../storage.js';

export const HINTS_KEY = 'duiyi.xiangqi.hints.v1';

/**
 * @param {object} x the page's shared state and functions (www/views/xiangqi.js)
 * @param {{requestHint: (fen: string, moves: string[]) => Promise<{move: string|null}>}} review
 */
export function createHint(x, review) {
  // both labels are laid in one cell, the one not in use invisible: the button is as wide as the longer one in
  // the page's language whichever it shows, so pressing it does not shift the row of buttons
  const labels = { 'hint.button': h('span', { class: 'hint-label' }), 'hint.reveal': h('span', { class: 'hint-label' }) };
  const button = h('button', { type: 'button', class: 'btn hint-btn', dataset: { testid: 'hint', stage: '0', count: '0' }, on: { click: () => press() } },
    labels['hint.button'], labels['hint.reveal']);
  /** the hint of the position on the board: {key, stage 0|1|2, move, pending} */
  let current = { key: null, stage: 0, move: null, pending: false };
  /** hints used: [{ply, stage: 'piece'|'move', move, before: ICCS[]}] */
  let used = loadUsed();

  function loadUsed() {
    const saved = readJSON(HINTS_KEY);
    if (!saved || saved.v !== 1 || !Array.isArray(saved.used)) return [];
    return saved.used.filter((u) => u && Number.isInteger(u.ply) && (u.stage === 'piece' || u.stage === 'move') && Array.isArray(u.before) && typeof u.startFen === 'string');
  }

  /** The hints that belong to the game on the page. */
  function gameHints() {
    const { record } = x;
    return used.filter((u) => u.startFen === record.startFen && u.before.length <= record.moves.length && u.before.every((m, i) => record.moves[i] === m));
  }

  function save() {
    used = gameHints();
    writeJSON(HINTS_KEY, { v: 1, used });
  }

  function usable() {
    return !x.analysing() && !x.practising?.() && !x.gameResult() && x.viewPly === null && x.isUserSide(x.record.sideToMove());
  }

  async function press() {
    const { record } = x;
    if (!usable()) return;
    const key = record.key();
    if (current.key !== key) current = { key, stage: 0, move: null, pending: false };
    if (current.pending || current.stage === 2) return;
    if (current.stage === 1) {
      current.stage = 2;
      used.push({ startFen: record.startFen, before: [...record.moves], ply: record.moves.length + 1, stage: 'move', move: current.move });
      save();
      x.render({ animate: false });
      return;
    }
    current.pending = true;
    button.setAttribute('aria-busy', 'true');
    let answer;
    try {
      answer = await review.requestHint(record.startFen, record.moves);
    } catch (err) {
      x.showError('hint.error', {}, err);
      answer = null;
    }
    button.removeAttribute('aria-busy');
    if (x.destroyed || current.key !== key || x.record.key() !== key) return; // the position changed meanwhile
    current.pending = false;
    if (!answer?.move) return;
    current.stage = 1;
    current.move = answer.move;
    used.push({ startFen: record.startFen, before: [...record.moves], ply: record.moves.length + 1, stage: 'piece', move: answer.move });
    save();
    x.render({ animate: false });
  }

  return {
    button,
    /** The board's mark for the hint (a ring on the piece, then the move's arrow), or null. */
    boardHint() {
      if (current.key !== x.record.key() || x.viewPly !== null || !current.move) return null;
      if (current.stage === 1) return { from: current.move.slice(0, 2), to: null, kind: 'piece' };
      if (current.stage === 2) return { from: current.move.slice(0, 2), to: current.move.slice(2, 4), kind: 'hint' };
      return null;
    },
    /** Part of every page render: the button's state and hooks. */
    render() {
      if (current.key !== x.record.key()) current = { key: null, stage: 0, move: null, pending: false };
      button.disabled = !usable();
      button.dataset.stage = String(current.stage);
      button.dataset.count = String(gameHints().length);
      if (current.stage >= 1) button.dataset.square = current.move.slice(0, 2);
      else delete button.dataset.square;
      if (current.stage === 2) button.dataset.move = current.move;
      else delete button.dataset.move;
      const shown = current.stage === 1 ? 'hint.reveal' : 'hint.button';
      for (const [key, span] of Object.entries(labels)) {
        const text = x.t(key);
        if (span.textContent !== text) span.textContent = text;
        span.classList.toggle('hint-label-off', key !== shown);
      }
      button.title = x.t('hint.title');
    },
    /** The PGN tag of the hints used in this game (none: no tag). */
    pgnTags() {
      const list = gameHints();
      return list.length ? { Hints: list.map((u) => `${u.ply}:${u.stage}`).join(' ') } : {};
    },
  };
}
