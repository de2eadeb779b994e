// The Hex page's hint (www/views/hex.js): a button under the board. The first press asks the review worker
// (www/hex-review-worker.js, `hint`: a proved winning move when the solver finds one fast, else the engine's
// move at a short budget) and shows the AREA of the move — its cell and the neighbours — on the board; the
// second press shows the cell itself. Hints used are recorded with the game: kept in localStorage
// (duiyi.hex.hints.v1, [{before, ply, stage, move}]: `before` the moves before the hint, `stage` 'area' or
// 'move') and written into the SGF as a comment on the move played after the hint — `C[hint: area]` or
// `C[hint: cell e4]` — or on the root node while that move is not played yet (decorateSgf).
//
// Test hooks (data-testid): hint (data-state: idle | thinking | area | move; data-move once the cell is
// revealed; data-area: the area's cells, comma-separated; data-proved="true" when the move is a proved win;
// data-count: hints used in this game), the board's layer hint-marks (polygons data-square, data-mark: area |
// move).

import { h } from './dom.js';
import { readJSON, writeJSON } from '../storage.js';
import { request, gameSpec, drawCellMarks } from './hex-review-client.js';

const HINTS_KEY = 'duiyi.hex.hints.v1';
/** the hint's search time (ms) */
const HINT_MS = 1500;

/**
 * @param {object} o
 * @param {() => Function} o.t  the current translator
 * @param {HTMLElement} o.boardHost  the board's host
 * @param {() => object} o.game  the page's current HexGame
 * @param {() => boolean} o.swap  the swap rule
 * @param {Function} o.setupOf  hex-record.js setupOf
 * @param {Function} o.movesOf  hex-record.js movesOf
 * @param {() => boolean} o.canHint  whether a hint may be asked now (the game goes on, the user is to move)
 * @param {() => void} o.onRecorded  a hint was recorded (the page saves the game and its SGF again)
 */
export function createHint({ t, boardHost, game, swap, setupOf, movesOf, canHint, onRecorded }) {
  const button = h('button', { type: 'button', class: 'btn', dataset: { testid: 'hint', state: 'idle', count: '0', i18n: 'hex.hint.ask' }, on: { click: () => press() } });
  /** the hint of the position on the board: {key, move, area, proved} once the worker answered */
  let shown = null;
  let stage = 'idle';
  let pending = null;
  let hints = readJSON(HINTS_KEY);
  if (!Array.isArray(hints)) hints = [];

  const key = () => movesOf(game()).join(' ');

  function setStage(s) {
    stage = s;
    button.dataset.state = s;
    button.dataset.i18n = s === 'area' ? 'hex.hint.reveal' : s === 'thinking' ? 'hex.hint.thinking' : 'hex.hint.ask';
    button.textContent = t()(button.dataset.i18n);
    button.disabled = s === 'thinking' || s === 'move' || !canHint();
    if (s === 'move' && shown) button.dataset.move = shown.move;
    else delete button.dataset.move;
    if ((s === 'area' || s === 'move') && shown) button.dataset.area = shown.area.join(',');
    else delete button.dataset.area;
    if (shown?.proved && s !== 'idle' && s !== 'thinking') button.dataset.proved = 'true';
    else delete button.dataset.proved;
    draw();
  }

  function draw() {
    const marks = [];
    if (shown && stage === 'area') for (const cell of shown.area) marks.push({ cell, mark: 'area' });
    if (shown && stage === 'move') marks.push({ cell: shown.move, mark: 'move' });
    drawCellMarks(boardHost, 'hx-hint-marks', 'hint-marks', marks);
  }

  function record(s) {
    const before = key();
    const ply = movesOf(game()).length + 1;
    const old = hints.find((x) => x.before === before);
    if (old) {
      old.stage = s;
      old.move = shown?.move ?? old.move;
    } else {
      hints.push({ before, ply, stage: s, move: shown?.move ?? null });
    }
    writeJSON(HINTS_KEY, hints);
    button.dataset.count = String(hints.length);
    onRecorded();
  }

  function press() {
    if (!canHint()) return;
    if (stage === 'area' && shown?.key === key()) {
      setStage('move');
      record('move');
      return;
    }
    if (stage !== 'idle') return;
    const g = game();
    const want = key();
    setStage('thinking');
    pending?.close();
    pending = request({ type: 'hint', game: gameSpec(g, swap(), setupOf, movesOf), ms: HINT_MS }, (msg) => {
      pending?.close();
      pending = null;
      if (want !== key()) return; // the position changed meanwhile
      if (msg.type === 'hint' && msg.hint) {
        const area = msg.hint.area.length ? msg.hint.area : [msg.hint.move];
        shown = { key: want, move: msg.hint.move, area, proved: Boolean(msg.hint.proved) };
        setStage('area');
        record('area');
      } else {
        shown = null;
        setStage('idle');
      }
    });
  }

  /** The hints of the game on the page (those whose moves before are the game's first moves). */
  function valid() {
    const moves = key();
    return hints.filter((x) => x.before === '' || moves === x.before || moves.startsWith(`${x.before} `));
  }

  return {
    button,
    /** The position changed (a move, an undo, a new game): the hint of the old position goes. */
    positionChanged() {
      hints = valid();
      writeJSON(HINTS_KEY, hints);
      button.dataset.count = String(hints.length);
      if (shown && shown.key !== key()) {
        shown = null;
        pending?.close();
        pending = null;
      }
      setStage(shown ? stage : 'idle');
    },
    /** A new game (not a continuation): every hint recorded is dropped. */
    reset() {
      hints = [];
      writeJSON(HINTS_KEY, hints);
      shown = null;
      button.dataset.count = '0';
      setStage('idle');
    },
    /** Draws the hint's marks again (after the board was redrawn). */
    draw,
    /** The language changed. */
    redraw() {
      setStage(stage);
    },
    /**
     * `sgf` (the game's record, one node per move) with the hints used as comments: `C[hint: area]` or
     * `C[hint: cell e4]` on the move played after the hint, or on the root node while it is not played.
     */
    /** The hints used as comments for the record: [{ply, text}] (ply: the move played after the hint; 0:
     *  the root, while that move is not played yet). */
    sgfComments() {
      const plies = movesOf(game()).length;
      return valid().map((x) => ({ ply: x.ply <= plies ? x.ply : 0, text: x.stage === 'move' && x.move ? `hint: cell ${x.move}` : 'hint: area' }));
    },
    decorateSgf(sgf) {
      const list = valid();
      if (!list.length) return sgf;
      const nodes = sgf.split(';');
      // nodes[0] is "(", nodes[1] the root, nodes[1 + k] move k; the last one ends with ")"
      for (const x of list) {
        const text = x.stage === 'move' && x.move ? `hint: cell ${x.move}` : 'hint: area';
        const at = Math.min(x.ply + 1, nodes.length - 1);
        const target = x.ply + 1 <= nodes.length - 1 ? at : 1;
        const n = nodes[target];
        const close = n.endsWith(')') && target === nodes.length - 1;
        nodes[target] = `${close ? n.slice(0, -1) : n}C[${text}]${close ? ')' : ''}`;
      }
      return nodes.join(';');
    },
    destroy() {
      pending?.close();
    },
  };
}
