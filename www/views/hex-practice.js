// "Practise your mistakes" on the Hex page (issue 36): after a game review, every move the solver proved to
// have lost a won game becomes a puzzle for the player who made it: the position before the move, that side to
// play, "find a winning move". A try is checked by the solver itself in the review worker
// (www/hex-review-worker.js `prove`, src/hex/review.rs `prove`): solved when the position after it is proved
// won for the player, wrong when proved lost; the solver may not decide in time (then the try is neither).
// The answer is the review's proved winning alternative, marked on the board.
//
// Whose moves: the side the user played against the engine; both sides for two people, an engine game or a
// loaded one. The game is untouched: practice only shows positions of it.
//
// Test hooks (data-testid): practise-mistakes (on the review panel; data-count), practice (data-state =
// solving | judging | solved | failed | done, data-index, data-total, data-ply, data-moves = the position's moves),
// practice-prompt, practice-feedback (data-verdict = win | loss | unknown | same, data-move), practice-solution,
// practice-next, practice-stop; the board's layer practice-marks (the try and the answer).

import { setText } from './dom.js';
import { createPracticePanel } from './practice-panel.js';
import { request, gameSpec, drawCellMarks } from './hex-review-client.js';

/** The solver's time for one try (ms). */
const PROVE_MS = 3000;

/**
 * @param {object} o
 * @param {() => Function} o.t  the current translator
 * @param {Function} o.HexGame  the wasm class
 * @param {() => object} o.game  the page's HexGame
 * @param {() => object|null} o.report  the review's report of the game (hex-review.js report())
 * @param {() => string} o.mode  who plays (hex-controls.js MODES)
 * @param {() => boolean} o.swap  the swap rule
 * @param {Function} o.setupOf  hex-record.js setupOf
 * @param {Function} o.movesOf  hex-record.js movesOf
 * @param {Function} o.gameFrom  hex-record.js gameFrom
 * @param {HTMLElement} o.boardHost  the board's host
 * @param {() => void} o.rerender  draws the page again (the board shows the practice or the game)
 */
export function createPractice({ t, HexGame, game, report, mode, swap, setupOf, movesOf, gameFrom, boardHost, rerender }) {
  const tr = (k, p) => t()(k, p);
  const ui = createPracticePanel(tr, { start: () => start(), solution: () => showSolution(), next: () => next(), stop: () => stop() });
  const { panel, prompt, feedback } = ui;

  /** the puzzles: the review's proved losing moves ({ply, move, color, better}) of the practising sides */
  let items = [];
  let index = 0;
  let state = 'done';
  let active = false;
  let finished = false;
  let solvedCount = 0;
  /** the last try: {move, verdict: 'win' | 'loss' | 'unknown' | 'same'} */
  let last = null;
  let token = 0;
  let gameKey = '';
  let pending = null;

  function sides() {
    const m = mode();
    return m === 'black' || m === 'white' ? [m] : ['black', 'white'];
  }

  function available() {
    const r = report();
    if (!r) return [];
    const g = game();
    const moves = movesOf(g);
    return r.moves.filter((m) => m.proved && m.better && sides().includes(m.color) && moves[m.ply - 1] === m.move);
  }

  const item = () => items[index] ?? null;
  /** the moves of the puzzle's position (before the losing move) */
  const movesBefore = () => movesOf(game()).slice(0, item().ply - 1);

  function start() {
    items = available();
    if (!items.length) return;
    index = 0;
    solvedCount = 0;
    finished = false;
    active = true;
    gameKey = movesOf(game()).join(' ');
    begin();
    // the puzzle's prompt and the board in view (the button may be far down the page on a phone)
    panel.scrollIntoView?.({ block: 'start' });
  }

  function begin() {
    token += 1;
    pending?.close();
    pending = null;
    last = null;
    state = 'solving';
    render();
    rerender();
  }

  /** Ends the practice (no summary), with no drawing of its own. */
  function end() {
    token += 1;
    pending?.close();
    pending = null;
    active = false;
    finished = false;
    state = 'done';
  }

  function stop() {
    end();
    render();
    rerender();
  }

  function next() {
    if (!active) return;
    if (index + 1 >= items.length) {
      token += 1;
      active = false;
      finished = true;
      state = 'done';
      render();
      rerender();
      return;
    }
    index += 1;
    begin();
  }

  function showSolution() {
    if (!active || state !== 'solving') return;
    state = 'failed';
    render();
    rerender();
  }

  /** A cell clicked while practising. */
  function play(cell) {
    if (!active || state !== 'solving') return;
    const it = item();
    if (cell === it.move) {
      last = { move: cell, verdict: 'same' };
      render();
      return;
    }
    const mine = ++token;
    state = 'judging';
    last = { move: cell, verdict: null };
    render();
    rerender();
    const spec = gameSpec(game(), swap(), setupOf, movesOf, [...movesBefore(), cell]);
    pending = request({ type: 'prove', game: spec, ms: PROVE_MS }, (msg) => {
      if (mine !== token) return;
      pending?.close();
      pending = null;
      if (msg.type === 'error') {
        last = { move: cell, verdict: 'unknown' };
      } else {
        const w = msg.verdict?.winner ?? null;
        last = { move: cell, verdict: w === null ? 'unknown' : w === it.color ? 'win' : 'loss', nodes: msg.verdict?.nodes ?? 0 };
      }
      if (last.verdict === 'win') {
        state = 'solved';
        solvedCount += 1;
      } else {
        state = 'solving';
      }
      render();
      rerender();
    });
  }

  /** The board's marks while practising: the try (while judged or solved) and the answer. */
  function drawMarks() {
    const marks = [];
    if (active && last && (state === 'judging' || state === 'solved')) marks.push({ cell: last.move, mark: 'played' });
    if (active && state === 'failed') marks.push({ cell: item().better, mark: 'better' });
    drawCellMarks(boardHost, 'hx-practice-marks', 'practice-marks', marks);
  }

  /**
   * The stones while practising: the puzzle's position (with the try while it is judged or once solved), as
   * hex.js board.set wants them ({stones, last, toMove, playable}).
   */
  function boardView() {
    const g = game();
    const moves = movesBefore();
    const shown = (state === 'judging' || state === 'solved') && last ? [...moves, last.move] : moves;
    const p = gameFrom(HexGame, `${g.width()}x${g.height()}`, swap(), shown, false, setupOf(g));
    try {
      const stones = p.stones();
      const lastCell = shown.at(-1);
      const last = lastCell && lastCell !== 'swap-pieces' ? (Number(lastCell.slice(1)) - 1) * g.width() + (lastCell.charCodeAt(0) - 97) : null;
      return { stones, last, toMove: item().color, playable: state === 'solving' };
    } finally {
      p.free();
    }
  }

  function render() {
    ui.showStart(available().length, active);
    panel.dataset.state = state;
    drawMarks();
    if (!active) {
      delete panel.dataset.ply;
      delete panel.dataset.moves;
      ui.showIdle(finished, solvedCount, items.length);
      return;
    }
    const it = item();
    panel.dataset.index = String(index + 1);
    panel.dataset.total = String(items.length);
    panel.dataset.ply = String(it.ply);
    panel.dataset.moves = movesBefore().join(',');
    setText(prompt, tr('hex.practice.prompt', { index: index + 1, total: items.length, number: it.ply, side: tr(`hex.side.${it.color}`), move: it.move }));
    feedback.hidden = !last && state !== 'failed';
    delete feedback.dataset.verdict;
    if (state === 'failed') {
      setText(feedback, tr('hex.practice.answer', { move: it.better }));
    } else if (last) {
      feedback.dataset.move = last.move;
      if (last.verdict) feedback.dataset.verdict = last.verdict;
      const key = state === 'judging' ? 'hex.practice.judging' : `hex.practice.${last.verdict}`;
      setText(feedback, tr(key, { move: last.move, nodes: (last.nodes ?? 0).toLocaleString(), s: PROVE_MS / 1000 }));
    }
    ui.showButtons(state, index + 1 >= items.length);
  }

  return {
    button: ui.startBtn,
    panel,
    get active() {
      return active;
    },
    play,
    boardView,
    render,
    /** Called first in every page render: a practice whose game changed under it ends. */
    sync() {
      if (active && movesOf(game()).join(' ') !== gameKey) end();
    },
  };
}
