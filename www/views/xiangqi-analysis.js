// The Xiangqi page's analysis board (issue 22): a board on which either side may move freely while the engine
// analyses the position shown without end, with 1–5 lines (MultiPV), drawn as arrows and listed in the panel
// (www/views/xiangqi-analysis-panel.js); moves go into a game tree (www/game-tree.js), so a move made after
// going back adds a variation and the main line is never lost.
//
// The game being played is not touched: entering copies its moves into the tree (or takes up the analysis of
// the same game left earlier, when the game has only gone on since); the engine stops answering and
// pondering, the clock stops; leaving returns to the game as it was (its clock runs again if it ran, the
// engine answers or ponders again). Analysis can also start from a FEN or an imported PGN (the game is kept);
// a PGN with variations imported while playing replaces the game, as any import does, and its variations
// become the game's analysis, shown when the analysis board is opened.
//
// The engine: one `go {infinite, multipv}` in the play worker (www/engine-client.js: a newer search cancels
// the older, whose bestmove is thrown away), started afresh on every change of the position or of the number
// of lines, stopped while the tab is hidden or the engine is switched off. An engine build that refuses
// `multipv` is searched with one line, and the panel says so.
//
// Saved (ANALYSIS_KEY): whether analysis is on, the tree and its cursor, the number of lines, engine on/off,
// where the tree came from (game | fen | import) and whether the game's clock ran when analysis began.
// Test hooks: analysis-toggle (the board bar's button, aria-pressed), analyse-fen, analyse-pgn (in the FEN and
// export panels), the panels' own (xiangqi-analysis-panel.js), the move list's (xiangqi-tree-list.js), and
// the board's arrows (`.xq-analysis-arrow[data-iccs][data-multipv]`, xiangqi-board.js).

import { h } from './dom.js';
import { GameTree, writeLine } from '../game-tree.js';
import { GameRecord } from '../game-record.js';
import { readJSON, writeJSON } from '../storage.js';
import { playSound } from '../sound.js';
import { createAnalysisPanel, MULTIPV_CHOICES } from './xiangqi-analysis-panel.js';
import { startClock, stopClock } from './xiangqi-clock.js';

export const ANALYSIS_KEY = 'duiyi.xiangqi.analysis.v1';
/** engine reports are drawn at most this often (ms): with 5 lines, 5 reports come per iteration */
const RENDER_MS = 120;
/** a clicked line plays at most this many of its moves */
const LINE_PLIES = 12;

/**
 * Builds the analysis board's state, panels and engine loop.
 * @param {object} x the page's shared state and functions (www/views/xiangqi.js)
 */
export function createAnalysis(x) {
  const { client } = x;
  const t = (key, params) => x.t(key, params);
  const saved = readJSON(ANALYSIS_KEY) ?? {};
  /** @type {GameTree|null} */
  let tree = null;
  /** where the tree came from: 'game' (the game being played) | 'fen' | 'import' */
  let source = null;
  let active = false;
  let k = MULTIPV_CHOICES.includes(saved.multipv) ? saved.multipv : 1;
  let engineOn = saved.engineOn !== false;
  /** the game's clock ran when analysis began: it runs again on leaving */
  let resumeClock = false;
  /** the engine refused `multipv` (a build without it): one line only */
  let multipvRefused = false;
  /** the running analysis search: {key, id (the engine client's request id), k} */
  let search = null;
  /** rank → the engine's last info of that rank, for the search running */
  let lines = new Map();
  /** the cursor's position as a GameRecord (rules: legal moves, check, result), rebuilt when the cursor moves */
  let pos = null;
  let renderTimer = null;
  const notationCache = new Map();

  const ui = createAnalysisPanel(t, {
    onMultipv: (value) => setMultipv(value),
    onEngine: (on) => setEngine(on),
    onLine: (rank, pv) => playLine(rank, pv),
    onPromote: () => edit('promote'),
    onDelete: () => edit('delete'),
    onLeave: () => leave(),
  });
  const toggleBtn = h('button', {
    type: 'button', class: 'btn', dataset: { i18n: 'analysis.enter', testid: 'analysis-toggle' }, 'aria-pressed': 'false',
    on: { click: () => (active ? leave() : enterFromGame()) },
  });

  // ---- the tree and its position ----------------------------------------------------------------------------
  /** The position at the cursor, with the whole path's history (repetitions count). */
  function position() {
    if (pos?.node !== tree.cursor) {
      pos?.record.free();
      let record;
      try {
        record = new GameRecord(x.XiangqiGame, tree.startFen, tree.movesTo());
      } catch {
        record = new GameRecord(x.XiangqiGame, tree.cursor.fen); // a move the history's verdict refuses: the position alone
      }
      pos = { node: tree.cursor, record };
    }
    return pos.record;
  }

  /** The rules' result at the cursor, as the page shows results, or null. */
  function positionResult() {
    if (!active) return null;
    return position().result();
  }

  /** No move can be made at the cursor (mate, stalemate, a verdict). */
  function over() {
    const rec = position();
    return Boolean(rec.result()) || rec.legalMoves().length === 0;
  }

  // ---- entering and leaving ---------------------------------------------------------------------------------
  /** The tree for the game being played: the earlier analysis of this game when the game has only gone on since. */
  function treeForGame() {
    const { record } = x;
    const earlier = tree ?? restoreTree();
    if (earlier && source === 'game' && earlier.startFen === record.startFen) {
      const main = earlier.mainLine().map((n) => n.move);
      const game = record.moves;
      const common = Math.min(main.length, game.length);
      const prefix = main.slice(0, common).every((m, i) => m === game[i]);
      if (prefix && (game.length > 0 || main.length === 0)) {
        let node = earlier.lineEnd(earlier.root);
        try {
          for (const m of game.slice(main.length)) node = earlier.add(node, m);
          return earlier;
        } catch {
          /* the game does not go on from the tree: a fresh tree */
        }
      }
    }
    return new GameTree(x.XiangqiGame, record.startFen, record.moves);
  }

  /** Analysis of the game being played, at the position shown (the one reviewed, else the last). */
  function enterFromGame() {
    let next;
    try {
      next = treeForGame();
    } catch (err) {
      x.showError('error.analysis', {}, err);
      return;
    }
    const ply = x.viewPly ?? x.record.moves.length;
    let node = next.root;
    for (let i = 0; i < ply && node.children[0]; i++) node = node.children[0];
    next.goTo(node);
    begin(next, 'game');
  }

  /** Analysis from a FEN (the game is kept); returns false (with the error shown) for a bad FEN. */
  function fromFen(text) {
    const fen = String(text ?? '').trim();
    if (!fen) {
      x.showError('error.fenEmpty');
      return false;
    }
    let next;
    try {
      next = new GameTree(x.XiangqiGame, fen);
    } catch (err) {
      x.showError('error.fen', {}, err);
      return false;
    }
    x.clearError();
    begin(next, 'fen');
    return true;
  }

  /**
   * Analysis of a parsed record (pgnParse's or xqfParse's answer: fen, moves, annotations with variations); the
   * game is kept. Throws like GameTree.fromPgn.
   */
  function fromParsed(parsed) {
    begin(GameTree.fromPgn(x.XiangqiGame, parsed), 'import');
  }

  /**
   * The variations of a record just imported as the game (pgnParse's answer): kept as the game's analysis, shown
   * when the analysis board is opened (and exported with the game). Throws like GameTree.fromPgn.
   */
  function attachToGame(parsed) {
    const next = GameTree.fromPgn(x.XiangqiGame, parsed);
    tree = next;
    source = 'game';
    save();
  }

  /** Analysis from PGN text (the game is kept); returns false (with the error shown) when it cannot be read. */
  function fromPgnText(text) {
    const src = String(text ?? '').trim();
    if (!src) {
      x.showError('error.importEmpty');
      return false;
    }
    if (typeof x.pgnParse !== 'function') {
      x.showError('error.pgnUnavailable');
      return false;
    }
    try {
      fromParsed(x.pgnParse(src));
    } catch (err) {
      x.showError('error.import', {}, err);
      return false;
    }
    x.clearError();
    return true;
  }

  function begin(next, from) {
    tree = next;
    source = from;
    pos?.record.free();
    pos = null;
    if (!active) {
      active = true;
      x.engine.reset(); // the engine's move or its pondering stops
      x.viewPly = null;
      if (x.clocks?.running) {
        resumeClock = true;
        stopClock(x.clocks);
        x.actions.syncClockTimer();
        x.save();
      }
    }
    cancelSearch();
    lines = new Map();
    save();
    x.render({ animate: false });
    analyse();
  }

  /**
   * Back to the game as it was. `quiet`: the caller (a new game, an import, a shared link) renders and
   * restarts the engine itself.
   */
  function leave({ quiet = false } = {}) {
    if (!active) return;
    active = false;
    cancelSearch();
    lines = new Map();
    clearTimeout(renderTimer);
    renderTimer = null;
    x.viewPly = null;
    if (!quiet && resumeClock && x.clocks && !x.gameResult()) startClock(x.clocks, x.record.sideToMove());
    resumeClock = false;
    save();
    if (quiet) return;
    x.actions.syncClockTimer();
    x.save();
    x.render({ animate: false });
    x.engine.requestEngineMove();
    x.engine.startPonder();
  }

  /** The game was replaced (a new game, an import, a shared link): an analysis of the old game is forgotten. */
  function gameReplaced() {
    leave({ quiet: true });
    if (source !== 'game') return;
    tree = null;
    source = null;
    save();
  }

  // ---- moves ------------------------------------------------------------------------------------------------
  /** A move made on the board or typed: into the tree (a new continuation is a variation unless it is the first). */
  function play(iccs) {
    if (!active) return;
    const rec = position();
    const to = iccs.slice(2, 4);
    const captured = rec.pieces().some((p) => p.square === to);
    try {
      tree.play(iccs);
    } catch (err) {
      x.showError('error.illegalMove', { move: iccs }, err);
      x.render({ animate: false });
      return;
    }
    x.clearError();
    const after = position();
    playSound(after.result() ? 'end' : after.inCheck() ? 'check' : captured ? 'capture' : 'move');
    changed({ animate: false }); // the board already shows the move
  }

  /**
   * Plays out the engine's line of rank `rank` from the position shown (its first LINE_PLIES moves): `shown`,
   * the moves the panel showed when it was clicked, else the latest report's.
   */
  function playLine(rank, shown = null) {
    const pv = shown?.length ? shown : lines.get(rank)?.pv;
    if (!active || !pv) return;
    const start = tree.cursor;
    for (const m of pv.slice(0, LINE_PLIES)) {
      try {
        tree.play(m);
      } catch {
        break;
      }
    }
    if (tree.cursor !== start) changed();
  }

  function goTo(node) {
    if (!active || !node || node === tree.cursor) return;
    const forward = node.parent === tree.cursor;
    tree.goTo(node);
    changed({ animate: forward });
  }

  /** Moving through the tree: 'first' (the start), 'prev', 'next' (the line's continuation), 'last' (its end). */
  function nav(where) {
    if (!active) return;
    const c = tree.cursor;
    const target = { first: tree.root, prev: c.parent, next: c.children[0], last: tree.lineEnd(c) }[where];
    goTo(target ?? null);
  }

  /** The variation the cursor is in: raised one level ('promote') or deleted with what follows ('delete'). */
  function edit(what) {
    if (!active || tree.isMain(tree.cursor)) return;
    if (what === 'promote') tree.promote(tree.cursor);
    else {
      let v = tree.cursor;
      while (v.parent && v.parent.children[0] === v) v = v.parent;
      tree.remove(v);
    }
    changed({ animate: false });
  }

  function changed({ animate = true } = {}) {
    save();
    analyse(); // first: the lines of the position left are dropped before the board is drawn
    x.render({ animate });
  }

  // ---- the engine -------------------------------------------------------------------------------------------
  /** (Re)starts the analysis of the position shown, unless it already runs; stops it when it should not run. */
  function analyse() {
    if (!active) return;
    if (!engineOn || document.hidden || over()) {
      cancelSearch();
      lines = new Map();
      scheduleRender();
      return;
    }
    const moves = tree.movesTo();
    const lineCount = multipvRefused ? 1 : k;
    const key = `${tree.startFen}|${moves.join(' ')}|${lineCount}`;
    // already running (and not cancelled by someone else meanwhile)
    if (search?.key === key && client.current?.id === search.id && !client.current.cancelled) return;
    lines = new Map();
    const params = { infinite: true };
    if (lineCount > 1) params.multipv = lineCount;
    const s = { key, id: null, k: lineCount };
    search = s;
    client.search({ fen: tree.startFen, moves }, params)
      .then(() => {
        if (search === s) search = null;
      })
      .catch((err) => {
        if (search === s) search = null;
        if (lineCount > 1 && err?.params?.name === 'multipv') {
          // an engine build without MultiPV: one line
          multipvRefused = true;
          analyse();
          return;
        }
        if (active) x.showError('error.engine', {}, err);
      });
    s.id = client.current?.id ?? null;
    scheduleRender();
  }

  function cancelSearch() {
    if (search && client.current?.id === search.id) client.cancel();
    search = null;
  }

  /** Redraws the panel and the arrows soon (engine reports come in bursts). */
  function scheduleRender() {
    if (renderTimer !== null) return;
    renderTimer = setTimeout(() => {
      renderTimer = null;
      if (!active || x.destroyed) return;
      renderPanel();
      x.board.set({ arrows: arrows() });
    }, RENDER_MS);
  }

  /** The lines for display, best first: pv, written pv, score from Red's point of view, depth, nodes. */
  function viewLines() {
    if (!active) return [];
    const rec = position();
    const sign = rec.sideToMove() === 'red' ? 1 : -1;
    const notation = x.notation();
    return [...lines.entries()].sort((a, b) => a[0] - b[0]).map(([rank, info]) => {
      const pv = info.pv.map(String);
      const score = typeof info.score?.mate === 'number' ? { mate: info.score.mate * sign } : { cp: (info.score?.cp ?? 0) * sign };
      return { rank, pv, written: written(pv.slice(0, LINE_PLIES)), score, depth: info.depth ?? 0, nodes: info.nodes ?? 0 };
    });

    function written(pv) {
      const key = `${notation}|${tree.cursor.fen}|${pv.join(' ')}`;
      if (!notationCache.has(key)) {
        if (notationCache.size > 64) notationCache.clear();
        notationCache.set(key, writeLine(x.XiangqiGame, tree.cursor.fen, [], pv, notation) ?? pv);
      }
      return notationCache.get(key);
    }
  }

  function arrows() {
    if (!active) return [];
    return [...lines.entries()].map(([rank, info]) => ({ rank, from: info.pv[0].slice(0, 2), to: info.pv[0].slice(2, 4) }));
  }

  function renderPanel() {
    if (!active || !tree) {
      ui.render({ active: false });
      toggleBtn.setAttribute('aria-pressed', 'false');
      return;
    }
    toggleBtn.setAttribute('aria-pressed', 'true');
    const isOver = over();
    const state = isOver ? 'over' : !engineOn ? 'off' : lines.size ? 'searching' : 'waiting';
    ui.render({
      active: true,
      k,
      engineOn,
      state,
      lines: viewLines(),
      noteKey: multipvRefused && k > 1 && !isOver && engineOn ? 'analysis.multipvUnsupported' : null,
      canPromote: !tree.isMain(tree.cursor),
      canDelete: !tree.isMain(tree.cursor),
    });
  }

  /** The board at the cursor (part of the page's render while analysing). */
  function renderBoard(animate) {
    const rec = position();
    const node = tree.cursor;
    const side = rec.sideToMove();
    const general = rec.inCheck() ? rec.pieces().find((p) => p.piece === (side === 'red' ? 'K' : 'k'))?.square ?? null : null;
    const stop = over();
    x.board.set({
      pieces: rec.pieces(),
      dests: stop ? new Map() : x.destsOf(rec.legalMoves()),
      movable: !stop,
      lastMove: node.move ? { from: node.move.slice(0, 2), to: node.move.slice(2, 4) } : null,
      check: general,
      orientation: x.orientation(),
      pieceSet: x.settings.pieceSet,
      hint: null,
      arrows: arrows(),
      animate,
    });
    x.rec.showFen(rec.fen());
  }

  function setMultipv(value) {
    if (!MULTIPV_CHOICES.includes(value)) return;
    k = value;
    save();
    analyse();
    renderPanel();
  }

  function setEngine(on) {
    engineOn = Boolean(on);
    save();
    analyse();
    renderPanel();
  }

  // ---- PGN --------------------------------------------------------------------------------------------------
  /**
   * What pgnWrite needs for an export: the tree while analysing; for the game, its moves plus the variations
   * of its analysis when the tree is this game's (same start, same main line). {fen, moves, annotations?,
   * comment?, isGame}
   */
  function pgnGame() {
    if (active) {
      const written = tree.toPgn();
      const isGame = source === 'game' && tree.startFen === x.record.startFen && written.moves.join(' ') === x.record.moves.join(' ');
      return { fen: tree.startFen, ...written, isGame };
    }
    const game = { fen: x.record.startFen, moves: [...x.record.moves], isGame: true };
    const earlier = gameTree();
    if (earlier) {
      // the tree's notes and variations on the moves the game still shares with it (an imported game that
      // went on, or was taken back, keeps the annotations of its common beginning)
      const { moves, annotations, comment } = earlier.toPgn();
      let common = 0;
      while (common < moves.length && common < game.moves.length && moves[common] === game.moves[common]) common++;
      const kept = annotations?.slice(0, common);
      if (kept?.some(Boolean)) game.annotations = kept;
      if (comment) game.comment = comment;
    }
    return game;
  }

  /**
   * The game's own tree (its analysis, or an imported record's comments and variations), when there is one for
   * the game being played (same start); null otherwise. Its main line may differ from the game's after their
   * common beginning.
   * @returns {import('../game-tree.js').GameTree|null}
   */
  function gameTree() {
    const earlier = tree ?? restoreTree();
    return earlier && source === 'game' && earlier.startFen === x.record.startFen ? earlier : null;
  }

  // ---- storage ----------------------------------------------------------------------------------------------
  function save() {
    writeJSON(ANALYSIS_KEY, { active, multipv: k, engineOn, source, resumeClock, tree: tree ? tree.toJSON() : null });
  }

  /** The saved tree (and its source), or null. */
  function restoreTree() {
    if (!saved.tree) return null;
    try {
      tree = GameTree.fromJSON(x.XiangqiGame, saved.tree);
      source = ['game', 'fen', 'import'].includes(saved.source) ? saved.source : null;
    } catch {
      tree = null;
    }
    saved.tree = null;
    return tree;
  }

  /** After a reload: analysis goes on where it was (call once, when the page has its game). */
  function restore() {
    if (!saved.active) return;
    if (!restoreTree()) return;
    active = true;
    resumeClock = Boolean(saved.resumeClock);
    x.viewPly = null;
  }

  function onVisibility() {
    if (active) analyse();
  }
  document.addEventListener('visibilitychange', onVisibility);

  const unsubscribe = [
    client.on('info', (info) => {
      if (!active || !search || info.searchId !== search.id) return;
      const rank = Number.isInteger(info.multipv) ? info.multipv : 1;
      if (rank < 1 || rank > search.k || !Array.isArray(info.pv) || !info.pv.length) return;
      lines.set(rank, info);
      // the other ranks of an older iteration than the best line's go (a rank the new one no longer has)
      if (rank === 1) for (const [r, l] of lines) if (r > 1 && (l.depth ?? 0) < (info.depth ?? 0) - 1) lines.delete(r);
      scheduleRender();
    }),
  ];

  return {
    panel: ui.panel,
    evalBar: ui.evalBar,
    toggleBtn,
    get active() {
      return active;
    },
    /** the tree (null before the first analysis) */
    get tree() {
      return tree;
    },
    position, positionResult, enterFromGame, fromFen, fromParsed, fromPgnText, attachToGame, leave, gameReplaced, restore, play, playLine, nav,
    /** moves the cursor to the tree node with this id */
    goToNode: (id) => goTo(tree?.find(id)),
    analyse, renderBoard, renderPanel, pgnGame, gameTree,
    destroy() {
      clearTimeout(renderTimer);
      document.removeEventListener('visibilitychange', onVisibility);
      for (const off of unsubscribe) off();
      pos?.record.free();
      pos = null;
    },
  };
}
