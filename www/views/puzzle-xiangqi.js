// A Xiangqi puzzle on the board (the #puzzles view, www/views/puzzles.js). The player plays the side to move of
// the puzzle's FEN; the board is turned so that side is at the bottom. A move is right when it is the
// solution's next move, or when it mates at once (any mate finishes a puzzle, as on lichess); the
// opponent's reply from the solution is then played after a short pause. Any other legal move is wrong: it
// stays on the board and the puzzle is failed until it is tried again from its start. The rules are the
// wasm module's (XiangqiGame); the board knows none.
//
// Hints: the first shows the piece to move (a ring), the second the move (an arrow). The solution plays the
// whole line from the puzzle's start, one move every SHOW_MS.

import { createXiangqiBoard } from './xiangqi-board.js';

/** The pause before the opponent's reply, and between the moves the solution shows (ms). */
export const REPLY_MS = 450;
export const SHOW_MS = 700;

/**
 * @param {HTMLElement} host  where the board goes
 * @param {{XiangqiGame: Function, pieceSet?: string, notation?: () => 'chinese'|'wxf'|'iccs',
 *   onResult: (r: {kind: 'correct'|'reply'|'solved'|'wrong'|'shown', move: string, text?: string, mate?: boolean}) => void}} o
 *   text: the move in the page's notation with its ICCS (`炮二平五 (h2e2)`), written before it is played
 */
export function createXiangqiPuzzle(host, { XiangqiGame, pieceSet = 'chinese', notation = () => 'iccs', onResult }) {
  const board = createXiangqiBoard(host, { onMove: (from, to) => userMove(from + to) });
  let puzzle = null;
  let game = null;
  /** index into the solution of the player's next move */
  let step = 0;
  /** the reply or the shown solution is being played: the board takes no move */
  let busy = false;
  let over = false;
  let last = null;
  let hint = null;
  let timers = [];

  function clearTimers() {
    for (const id of timers) clearTimeout(id);
    timers = [];
  }

  function reset() {
    clearTimers();
    game?.free();
    game = new XiangqiGame(puzzle.fen);
    step = 0;
    busy = false;
    over = false;
    // the opponent's move that made the position, when the set names it
    last = puzzle.lastMove ? { from: puzzle.lastMove.slice(0, 2), to: puzzle.lastMove.slice(2, 4) } : null;
    hint = null;
  }

  function dests() {
    const map = new Map();
    for (const m of game.legalMoves()) {
      const from = m.slice(0, 2);
      if (!map.has(from)) map.set(from, []);
      map.get(from).push(m.slice(2, 4));
    }
    return map;
  }

  function render(animate = true) {
    const pieces = Array.from(game.pieces());
    const side = game.sideToMove();
    const check = game.inCheck() ? pieces.find((p) => p.piece === (side === 'red' ? 'K' : 'k'))?.square ?? null : null;
    const movable = !busy && !over;
    board.set({
      pieces, dests: movable ? dests() : new Map(), movable, lastMove: last, check, orientation: puzzle.toMove, pieceSet, hint, arrows: [], animate,
    });
  }

  function play(iccs) {
    game.play(iccs);
    last = { from: iccs.slice(0, 2), to: iccs.slice(2, 4) };
  }

  /** true when the side that just moved has won (mate or stalemate of the other). */
  function moverWon(mover) {
    const r = game.result();
    return Boolean(r && r.result === mover);
  }

  /** `iccs` in the page's notation (before it is played), with the ICCS beside it. */
  function moveText(iccs) {
    const kind = notation();
    let text = null;
    try {
      if (kind === 'chinese') text = game.chinese(iccs);
      else if (kind === 'wxf') text = game.wxf(iccs);
    } catch {
      text = null;
    }
    return text && text !== iccs ? `${text} (${iccs})` : iccs;
  }

  function userMove(iccs) {
    if (busy || over || !puzzle) return;
    const expected = puzzle.solution[step];
    const mover = game.sideToMove();
    const text = moveText(iccs);
    try {
      play(iccs);
    } catch {
      render(false);
      return;
    }
    hint = null;
    const mate = moverWon(mover);
    if (iccs !== expected && !mate) {
      over = true;
      render();
      onResult({ kind: 'wrong', move: iccs, text });
      return;
    }
    if (mate || step + 1 >= puzzle.solution.length) {
      over = true;
      render();
      onResult({ kind: 'solved', move: iccs, text, mate });
      return;
    }
    busy = true;
    render();
    onResult({ kind: 'correct', move: iccs, text });
    timers.push(setTimeout(() => {
      play(puzzle.solution[step + 1]);
      step += 2;
      busy = false;
      render();
      onResult({ kind: 'reply', move: puzzle.solution[step - 1] });
    }, REPLY_MS));
  }

  return {
    board,
    /** Puts `puzzle` (puzzle-set.js XiangqiPuzzle) on the board, the player to move. */
    load(next) {
      puzzle = next;
      reset();
      render(false);
    },
    /** Starts the puzzle again from its position. */
    retry() {
      reset();
      render(false);
    },
    /** The hint of `level`: 1 the piece to move, 2 the move. */
    hint(level) {
      if (!puzzle || over || busy) return;
      const mv = puzzle.solution[step];
      hint = level >= 2 ? { from: mv.slice(0, 2), to: mv.slice(2, 4), kind: 'better' } : { from: mv.slice(0, 2) };
      render(false);
    },
    /** Plays the whole solution from the puzzle's start, a move every SHOW_MS; calls onResult 'shown' at the end. */
    showSolution() {
      reset();
      over = true;
      render(false);
      puzzle.solution.forEach((mv, i) => {
        timers.push(setTimeout(() => {
          const text = moveText(mv);
          play(mv);
          render();
          if (i === puzzle.solution.length - 1) onResult({ kind: 'shown', move: mv, text });
        }, SHOW_MS * (i + 1)));
      });
    },
    /** The FEN on the board now, and the moves played since the puzzle's position. */
    fen: () => game?.fen() ?? null,
    played: () => (game ? Array.from(game.moves()) : []),
    setPieceSet(set) {
      pieceSet = set;
      if (puzzle) render(false);
    },
    setAriaLabel: (text) => board.setAriaLabel(text),
    destroy() {
      clearTimers();
      game?.free();
      game = null;
      board.destroy();
    },
  };
}
