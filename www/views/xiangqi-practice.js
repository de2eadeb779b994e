// "Practise your mistakes" (issue 36): after a game review, the player's mistakes and blunders become puzzles
// for that player. Each one shows the position before the move, the player's side to move; the player looks
// for a better move on the board. A move the review would call best or good is solved; any other is judged as
// the review judges a move (the position after it analysed at the review's budget in the review worker,
// xiangqi-review.js judgeTry) and told with its class and the share of winning chance it gives away, and the
// player may try again or ask for the answer (the review's better move, drawn as an arrow). Then the next one.
//
// Whose mistakes: the side the user played against the engine (Play: Red or Black); both sides for two
// people on one board, an engine game or an imported one. The game itself is not touched: practice shows
// positions of it on the board and leaves it as it was.
//
// Test hooks (data-testid): practise-mistakes (on the review panel; data-count = puzzles from this game),
// practice (the panel: data-state = solving | judging | solved | failed | done, data-index 1-based, data-total,
// data-ply = the move practised, data-fen = its position), practice-prompt, practice-feedback (data-class of
// the last try, data-move), practice-solution, practice-next, practice-stop.

import { setText } from './dom.js';
import { createPracticePanel } from './practice-panel.js';

/** Classes that solve a puzzle: the review's best and good moves. */
const SOLVED = new Set(['best', 'good']);

/**
 * @param {object} x the page's shared state and functions (www/views/xiangqi.js)
 */
export function createPractice(x) {
  const t = (key, params) => x.t(key, params);
  const ui = createPracticePanel(t, { start: () => start(), solution: () => showSolution(), next: () => next(), stop: () => stop() });
  const { panel, prompt, feedback } = ui;

  /** the puzzles of this practice: the review's mistakes ({ply, played, side, class, loss, better, before}) */
  let items = [];
  let index = 0;
  /** solving | judging | solved | failed | done */
  let state = 'done';
  let active = false;
  /** the last try: {move, class, loss} */
  let last = null;
  let solvedCount = 0;
  /** the practice ran to its last puzzle: the panel says how it went until closed */
  let finished = false;
  /** bumped on every new puzzle: a judgement that comes back for an older one is dropped */
  let token = 0;
  /** the game's moves when the practice began: another game (or a move played since) ends it */
  let gameKey = '';

  /** The sides whose mistakes are practised: the one the user played against the engine, else both. */
  function sides() {
    const mode = x.settings.mode;
    return mode === 'red' || mode === 'black' ? [mode] : ['red', 'black'];
  }

  function available() {
    return x.review ? x.review.mistakes(sides()) : [];
  }

  function item() {
    return items[index] ?? null;
  }

  /** The position before the practised move: {pieces, fen, sideToMove, inCheck, lastMove}. */
  function position() {
    return x.record.positionAt(item().ply - 1);
  }

  function moveText(iccs) {
    const ply = item().ply - 1;
    const text = x.record.lineNotation?.([iccs], x.record.moves.slice(0, ply), x.notation())?.[0];
    return text && text !== iccs ? `${text} (${iccs})` : iccs;
  }

  function start() {
    items = available();
    if (!items.length) return;
    index = 0;
    solvedCount = 0;
    finished = false;
    active = true;
    gameKey = x.record.moves.join(' ');
    x.viewPly = null;
    begin();
    // the puzzle's prompt and the board in view (the button may be far down the page on a phone)
    panel.scrollIntoView?.({ block: 'start' });
  }

  function begin() {
    token += 1;
    last = null;
    state = 'solving';
    render();
    x.render({ animate: false });
  }

  function stop() {
    active = false;
    finished = false;
    token += 1;
    state = 'done';
    render();
    x.render({ animate: false });
  }

  function next() {
    if (!active) return;
    if (index + 1 >= items.length) {
      state = 'done';
      active = false;
      finished = true;
      render();
      x.render({ animate: false });
      return;
    }
    index += 1;
    begin();
  }

  function showSolution() {
    if (!active || state === 'judging') return;
    if (state === 'solving') state = 'failed';
    render();
    x.render({ animate: false });
  }

  /** A move on the board while practising (ICCS). */
  async function play(move) {
    if (!active || state !== 'solving') return;
    const it = item();
    if (move === it.played) {
      last = { move, class: it.class, loss: it.loss, same: true };
      render();
      x.render({ animate: false });
      return;
    }
    const mine = token;
    state = 'judging';
    last = { move, class: null, loss: 0 };
    render();
    x.render({ animate: false });
    let r;
    try {
      r = await x.review.judgeTry(x.record.moves.slice(0, it.ply - 1), move, it.before);
    } catch (err) {
      if (mine !== token) return;
      state = 'solving';
      last = null;
      x.showError('practice.error', {}, err);
      render();
      x.render({ animate: false });
      return;
    }
    if (mine !== token || !active) return;
    last = { move, class: r.class, loss: r.loss };
    if (SOLVED.has(r.class)) {
      state = 'solved';
      solvedCount += 1;
      x.moveSound?.(move);
    } else {
      state = 'solving';
    }
    render();
    x.render({ animate: false });
  }

  /** The board while practising: the puzzle's position (the move tried while it is judged, the answer's arrow). */
  function renderBoard(animate) {
    const pos = position();
    const it = item();
    let pieces = pos.pieces;
    let lastMove = pos.lastMove ? { from: pos.lastMove.slice(0, 2), to: pos.lastMove.slice(2, 4) } : null;
    const shown = state === 'judging' || state === 'solved' ? last?.move : null;
    if (shown) {
      const map = new Map(pieces.map((p) => [p.square, p.piece]));
      const piece = map.get(shown.slice(0, 2));
      map.delete(shown.slice(0, 2));
      map.set(shown.slice(2, 4), piece);
      pieces = [...map].map(([square, p]) => ({ square, piece: p }));
      lastMove = { from: shown.slice(0, 2), to: shown.slice(2, 4) };
    }
    let dests = new Map();
    if (state === 'solving') {
      const g = new x.XiangqiGame(pos.fen);
      try {
        dests = x.destsOf(g.legalMoves());
      } finally {
        g.free();
      }
    }
    const check = pos.inCheck && !shown ? pos.pieces.find((p) => p.piece === (pos.sideToMove === 'red' ? 'K' : 'k'))?.square ?? null : null;
    x.board.set({
      pieces,
      dests,
      movable: state === 'solving',
      lastMove,
      check,
      // the practising side at the bottom
      orientation: it.side,
      pieceSet: x.settings.pieceSet,
      hint: state === 'failed' ? { from: it.better.slice(0, 2), to: it.better.slice(2, 4), kind: 'better' } : null,
      arrows: [],
      animate,
    });
    x.rec?.showFen?.(pos.fen);
  }

  function render() {
    ui.showStart(available().length, active);
    panel.dataset.state = state;
    if (!active) {
      delete panel.dataset.ply;
      delete panel.dataset.fen;
      ui.showIdle(finished, solvedCount, items.length);
      return;
    }
    const it = item();
    panel.dataset.index = String(index + 1);
    panel.dataset.total = String(items.length);
    panel.dataset.ply = String(it.ply);
    panel.dataset.fen = position().fen;
    const side = t(`side.${it.side}`);
    setText(prompt, t('practice.prompt', {
      // the class inside a sentence: lower case where the language has cases
      index: index + 1, total: items.length, side, move: moveText(it.played), class: t(`review.class.${it.class}`).toLowerCase(),
      number: Math.ceil(it.ply / 2),
    }));
    feedback.hidden = !last;
    if (last) {
      feedback.dataset.move = last.move;
      if (last.class) feedback.dataset.class = last.class;
      else delete feedback.dataset.class;
      const move = moveText(last.move);
      let key;
      if (state === 'judging') key = 'practice.judging';
      else if (last.same) key = 'practice.same';
      else if (SOLVED.has(last.class)) key = last.class === 'best' ? 'practice.solvedBest' : 'practice.solvedGood';
      else key = 'practice.wrong';
      setText(feedback, t(key, { move, class: last.class ? t(`review.class.${last.class}`) : '', loss: ((last.loss ?? 0) * 100).toFixed(1) }));
    }
    if (state === 'failed') {
      feedback.hidden = false;
      delete feedback.dataset.class;
      setText(feedback, t('practice.answer', { move: moveText(it.better) }));
    }
    ui.showButtons(state, index + 1 >= items.length);
  }

  return {
    /**
     * Called first in every page render: a practice whose game changed under it, or left for the analysis
     * board, ends (no render of its own).
     */
    sync() {
      if (active && (x.record.moves.join(' ') !== gameKey || x.analysing())) {
        active = false;
        finished = false;
        token += 1;
        state = 'done';
      }
    },
    button: ui.startBtn,
    panel,
    /** true while a puzzle is on the board (the page routes board moves here and lets renderBoard draw) */
    get active() {
      return active;
    },
    play,
    renderBoard,
    /** Part of every page render (the button follows the review). */
    render,
    /** The game changed under the practice (a new game, an import): it ends. */
    reset() {
      if (active) stop();
      items = [];
      finished = false;
      render();
    },
  };
}
