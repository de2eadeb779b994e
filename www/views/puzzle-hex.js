// A Hex puzzle on the board (the #puzzles view, www/views/puzzles.js). The player is the side to move after the
// puzzle's moves and must keep winning until the win is proved on the board: a move is right when the solver
// proved it wins (the set's `wins` for each step of the main line, every winning move listed), and the puzzle is
// solved once our VC engine (HexGame.knowledge) sees the player's virtual connection, which is then drawn.
// On the main line the defender answers with the set's reply (the solver's most stubborn defence,
// docs/puzzles.md). A player who takes another winning move leaves the main line: from there the defender's
// reply is the engine's best try (the review worker's hint, HINT_MS) and each further move of the player is
// proved by the solver in the review worker (PROVE_MS): a proved loss fails the puzzle, an undecided move is
// taken back with a word.
//
// Hints: the first shows the area of the winning move (it and its neighbours), the second the move.

import { createHexBoard, cellName } from './hex-board.js';
import { request } from './hex-review-client.js';
import { movesOf } from './hex-record.js';

export const REPLY_MS = 450;
export const SHOW_MS = 700;
/** the worker's budgets off the main line (ms) */
export const HINT_MS = 1000;
export const PROVE_MS = 3000;

/**
 * @param {HTMLElement} host
 * @param {{HexGame: Function, onResult: (r: {kind: 'correct'|'reply'|'solved'|'wrong'|'shown'|'checking'|'unknown', move: string}) => void,
 *   shape?: (size: number) => string}} o
 */
export function createHexPuzzle(host, { HexGame, onResult, shape = () => 'rhombus' }) {
  const board = createHexBoard(host, { onPlay: (cell) => userMove(cell), onHover: () => {} });
  let puzzle = null;
  let game = null;
  /** the player's step on the main line (index into wins), or -1 once off it */
  let step = 0;
  let busy = false;
  let over = false;
  let marks = null;
  let pending = null;
  let token = 0;
  let timers = [];

  function clearWork() {
    for (const id of timers) clearTimeout(id);
    timers = [];
    pending?.close();
    pending = null;
    token += 1;
  }

  function reset() {
    clearWork();
    game?.free();
    game = new HexGame(puzzle.size, puzzle.size, false);
    for (const m of puzzle.moves) game.play(m);
    step = 0;
    busy = false;
    over = false;
    marks = null;
  }

  function indexOf(cell) {
    return (Number(cell.slice(1)) - 1) * puzzle.size + (cell.charCodeAt(0) - 97);
  }

  function render() {
    const lastCell = movesOf(game).at(-1);
    const toMove = game.toMove();
    board.setShape(shape(puzzle.size));
    board.set({
      width: puzzle.size, height: puzzle.size, stones: game.stones(), last: lastCell ? indexOf(lastCell) : null,
      chain: new Set(game.winningChain()), playable: !busy && !over, toMove,
    });
    board.setMarks(marks);
  }

  /** The player's virtual connection, when the VC engine sees it after the player's move: its carrier. */
  function provedConnection() {
    if (game.winner()) return [];
    const k = game.knowledge();
    return k && k.verdict === 'loss' ? k.carrier : null;
  }

  function finish(move) {
    const carrier = provedConnection() ?? [];
    marks = { marks: carrier.map((cell) => ({ cell, mark: 'carrier' })), verdict: 'loss', toMove: game.toMove() };
    over = true;
    render();
    onResult({ kind: 'solved', move });
  }

  function gameSpecNow() {
    return { size: `${puzzle.size}x${puzzle.size}`, swap: false, moves: movesOf(game) };
  }

  /** Off the main line: the defender's reply from the worker's hint, then the player again. */
  function defend() {
    const mine = token;
    pending = request({ type: 'hint', game: gameSpecNow(), ms: HINT_MS }, (msg) => {
      if (mine !== token) return;
      pending?.close();
      pending = null;
      const reply = msg.type === 'hint' ? msg.hint?.move : null;
      const legal = Array.from(game.legalMoves());
      const move = reply && legal.includes(reply) ? reply : legal[0];
      game.play(move);
      busy = false;
      render();
      onResult({ kind: 'reply', move });
    });
  }

  function accepted(cell, onLine) {
    if (provedConnection() !== null) {
      finish(cell);
      return;
    }
    busy = true;
    render();
    onResult({ kind: 'correct', move: cell });
    if (onLine) {
      const reply = puzzle.solution[2 * step + 1];
      step += 1;
      timers.push(setTimeout(() => {
        game.play(reply);
        busy = false;
        render();
        onResult({ kind: 'reply', move: reply });
      }, REPLY_MS));
    } else {
      step = -1;
      defend();
    }
  }

  function wrong(cell) {
    over = true;
    render();
    onResult({ kind: 'wrong', move: cell });
  }

  function userMove(cell) {
    if (busy || over || !puzzle) return;
    if (!Array.from(game.legalMoves()).includes(cell)) return;
    const player = game.toMove();
    game.play(cell);
    marks = null;
    if (step >= 0) {
      const wins = puzzle.wins[step] ?? [];
      if (!wins.includes(cell)) return wrong(cell);
      return accepted(cell, cell === puzzle.solution[2 * step] && 2 * step + 1 < puzzle.solution.length);
    }
    // off the main line: the solver judges
    busy = true;
    render();
    onResult({ kind: 'checking', move: cell });
    const mine = token;
    pending = request({ type: 'prove', game: gameSpecNow(), ms: PROVE_MS }, (msg) => {
      if (mine !== token) return;
      pending?.close();
      pending = null;
      const w = msg.type === 'prove' ? msg.verdict?.winner ?? null : null;
      busy = false;
      if (w === player) return accepted(cell, false);
      if (w) return wrong(cell);
      game.undo();
      render();
      onResult({ kind: 'unknown', move: cell });
    });
  }

  return {
    board,
    /** Puts `puzzle` (puzzle-set.js HexPuzzle) on the board, the player to move. */
    load(next) {
      puzzle = next;
      reset();
      render();
    },
    retry() {
      reset();
      render();
    },
    /** The hint of `level`: 1 the area of the winning move, 2 the move (on the main line's next step). */
    hint(level) {
      if (!puzzle || over || busy || step < 0) return;
      const mv = puzzle.solution[2 * step];
      const i = indexOf(mv);
      const col = i % puzzle.size;
      const row = Math.floor(i / puzzle.size);
      const near = [[0, 0], [1, 0], [-1, 0], [0, 1], [0, -1], [1, -1], [-1, 1]]
        .map(([dc, dr]) => [col + dc, row + dr])
        .filter(([c, r]) => c >= 0 && r >= 0 && c < puzzle.size && r < puzzle.size)
        .map(([c, r]) => cellName(c, r));
      const cells = level >= 2 ? [mv] : near;
      marks = { marks: cells.map((cell) => ({ cell, mark: level >= 2 ? 'move' : 'must-play' })), verdict: 'open', toMove: game.toMove() };
      render();
    },
    /** Plays the main line from the puzzle's start, a move every SHOW_MS; onResult 'shown' at the end. */
    showSolution() {
      reset();
      over = true;
      render();
      puzzle.solution.forEach((mv, i) => {
        timers.push(setTimeout(() => {
          game.play(mv);
          if (i === puzzle.solution.length - 1) {
            const carrier = provedConnection() ?? [];
            marks = { marks: carrier.map((cell) => ({ cell, mark: 'carrier' })), verdict: 'loss', toMove: game.toMove() };
            onResult({ kind: 'shown', move: mv });
          }
          render();
        }, SHOW_MS * (i + 1)));
      });
    },
    /** The moves played since the puzzle's position. */
    played: () => (game ? movesOf(game).slice(puzzle.moves.length) : []),
    refresh: () => puzzle && render(),
    setAriaLabel: (text) => board.setAriaLabel(text),
    destroy() {
      clearWork();
      game?.free();
      game = null;
      board.destroy();
    },
  };
}
