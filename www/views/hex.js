// The Hex page (#hex): play against the Rust engine in the worker, and see Queenbee's two-distance maps as
// heatmaps, with a what-if preview of any empty cell under the pointer.
//
// The rules and the maps come from the wasm `HexGame` on this thread (src/wasm/hex.rs): `maps()` for the
// position, `whatIf(cell)` for the hover preview (well under a millisecond on 19×19 without tension; the
// tension map is computed only while its overlay is on). The engine searches in the shared worker
// (www/worker.js, position {game: 'hex', size, swap, moves}). This view knows no rules: a move the rules
// refuse comes back as an error with a code, shown translated (www/i18n/errors.js, err.hex.*).
//
// This module connects the page's parts: hex-controls.js (settings), hex-board.js (the board),
// hex-figures.js (overlays, heatmap legend, figures), hex-engine-panel.js (engine status and the engine
// client), hex-record.js (move list, SGF, link, saved game), hex-explain.js (the "what are these numbers?"
// panel), hex-connections.js (the Connections overlay: what Hex theory proves for the side to move, from
// HexGame.knowledge(), computed only while it is on). It holds the game and the what-if preview, and handles
// the user's actions.
//
// Test hooks (data-testid): board (cells: data-square, data-stone), heatmap (the map layer; cells data-square,
// data-value), heatmap-legend, overlay (buttons data-overlay), board-size, swap, human-side, convention,
// numbers, movetime, move-list, engine-status, game-result, turn, error (data-code), figures (fig-bp-black,
// fig-bp-white, fig-am-black, fig-am-white, fig-eval, fig-delta), new-game, undo, swap-move, resign,
// move-input, move-input-go, level, tap-hint, seed-figure (seed-distance, seed-two-distance); added with the
// split: game-settings and more-settings (the two settings panels), human-side-note, level-note,
// convention-note, legend-note, eval-note, score-note, hex-engine (the engine panel's host; data-budget-ms
// while a thinking budget is shown). The layout element .hex-layout has data-ready="true" once the colours
// have loaded, and data-ponder-hits. The Connections overlay: connections-toggle, connections-panel,
// connections-verdict, connections-legend, and the board's layer connections (see hex-connections.js).
//
// Start-up work before data-ready: one maps() of the position (no tension unless its overlay is on), the
// saved game replayed, and the colour scales fetched (started first, in parallel); the seed's figure waits
// for its panel to open, the tension map for its overlay, the what-if maps for a hover.
//
// Modes (human-side): black / white against the engine, both (two players), none (engine vs engine). Boards
// 'N' or 'WxH'. Setup stones (SGF AB/AW/PL) live in the HexGame and go to the worker as `setup`.

import { h, setText } from './dom.js';
import { createHexBoard, cellName, boardWidthUnits, CELL_WIDTH_UNITS } from './hex-board.js';
import { engineClient } from './shared-engine.js';
import { errorText } from '../i18n/errors.js';
import { OVERLAYS, MODES, parseSize, sizeValue, loadSettings, saveSettings, createControls, defaultSize, boardShape } from './hex-controls.js';
import { createFigures, loadD3 } from './hex-figures.js';
import { createEnginePanel } from './hex-engine-panel.js';
import { createRecord, setupOf, movesOf, gameFrom, gameFromSgf, takeLinkPosition, readSavedGame, restoreGame, writeSavedGame } from './hex-record.js';
import { newHexInfo, validHexInfo, hexRecordOf, hexEntry, createHexLibraryLink } from './hex-library.js';
import { createExplain } from './hex-explain.js';
import { createConnections, knowledgeMarks, whyOfMove } from './hex-connections.js';
import { createReview } from './hex-review.js';
import { createPractice } from './hex-practice.js';
import { createHint } from './hex-hint.js';
import { playSound } from '../sound.js';

export { parseSize, sizeValue, OVERLAYS, cellName };

/**
 * Mounts the Hex page in `root`.
 * @param {HTMLElement} root
 * @param {{lang: string, t: (key: string, params?: object) => string, wasm: typeof import('../pkg/duiyi.js')}} ctx
 * @returns {{setLang: Function, unmount: Function, game: object, client: object}}
 */
export function mount(root, ctx) {
  let { t } = ctx;
  const tr = () => t;
  const { HexGame } = ctx.wasm;
  const client = engineClient('hex');
  const settings = loadSettings();
  const colorsLoaded = loadD3(); // fetched while the page is built; data-ready waits for it

  // ---- DOM ------------------------------------------------------------------------------------------------
  const boardHost = h('div', { class: 'board-host hex-board-host', dataset: { testid: 'board' } });
  const btn = (key, testid, onClick) =>
    h('button', { type: 'button', class: 'btn', dataset: { i18n: key, testid }, on: { click: onClick } });
  const newBtn = btn('hex.new', 'new-game', () => newGame());
  const undoBtn = btn('hex.undo', 'undo', () => undo());
  const swapBtn = btn('hex.swapMove', 'swap-move', () => userMove('swap-pieces'));
  const resignBtn = btn('hex.resign', 'resign', () => resign());
  const resultEl = h('div', { class: 'result', dataset: { testid: 'game-result' }, role: 'status', hidden: true });
  const turnEl = h('div', { class: 'turn', dataset: { testid: 'turn' } });
  const statusHost = h('div', { class: 'hex-engine', dataset: { testid: 'hex-engine' } });
  const errorEl = h('div', { class: 'error', dataset: { testid: 'error' }, role: 'alert', hidden: true });

  let levelSpecs = [];
  try {
    levelSpecs = ctx.wasm.levels?.() ?? [];
  } catch {
    levelSpecs = []; // an engine without levels: the chooser names them by number only
  }
  const controls = createControls(settings, levelSpecs, tr, {
    size: () => newGame(),
    swap: () => newGame(),
    mode: (mode) => setMode(mode),
    level: () => engine.sendLevel(),
    movetime: () => {},
    convention: () => refreshMaps(),
    ponder: (on) => { if (!on) engine.stopPondering(); },
    numbers: () => paintHeat(),
    shape: () => applyShape(),
  });
  const record = createRecord({ t: tr, onTypedMove: (text) => typedMove(text), onLoadSgf: (text, file) => loadSgf(text, file) });

  const boardColumn = h('section', { class: 'board-column' });
  const view = h('div', { class: 'xq-layout hex-layout' }, boardColumn);
  const board = createHexBoard(boardHost, { onPlay: (cell) => userMove(cell), onHover: (cell) => hover(cell), onTap: (cell) => tap(cell) });
  const figures = createFigures({ t: tr, board, onOverlay: (name) => setOverlay(name), overlay: settings.overlay });
  const explain = createExplain({ HexGame, t: tr, d3: () => figures.d3, onExample: () => seedExample() });
  const connections = createConnections({
    t: tr, on: settings.connections, onToggle: (on) => setConnections(on),
    onWhy: () => board.setMarks(marks && connections.shownMarks(marks)),
  });
  figures.overlayBar.append(connections.button);
  const boardBar = h('div', { class: 'board-bar' }, newBtn, undoBtn, swapBtn, resignBtn);
  boardColumn.append(figures.overlayBar, boardHost, figures.legend, connections.panel, boardBar);
  view.append(h('aside', { class: 'side-column' },
    resultEl,
    turnEl,
    errorEl,
    controls.panel,
    figures.figures,
    statusHost,
    record.movesPanel,
    explain.element,
    record.sgfPanel,
    controls.morePanel));
  root.replaceChildren(view);
  // no size chosen yet: the largest board whose cells are a finger's width on this screen (11×11 at most)
  if (!settings.sizeChosen) {
    settings.size = defaultSize(boardHost.clientWidth, boardWidthUnits, CELL_WIDTH_UNITS);
    controls.showSize(settings.size);
  }

  // ---- state --------------------------------------------------------------------------------------------
  let game = null;
  let shownError = null;
  /** the maps of the position (recomputed on each change), and the what-if maps while hovering */
  let baseMaps = null;
  let previewMaps = null;
  let previewCell = null;
  /** the Connections overlay's marks of the position (knowledgeMarks), null while it is off */
  let marks = null;
  /** practising the review's proved losing moves (hex-practice.js), made with the review below */
  let practice = null;
  /** the engine's search's proved result, {winner, moves} (noteSearchProof), or null */
  let searchProof = null;
  let destroyed = false;

  const engine = createEnginePanel(statusHost, {
    client, t: tr, settings,
    game: () => game,
    key: () => key(),
    position: (extra) => position(extra),
    engineToMove: () => engineToMove(),
    userOnlyToMove: () => userOnlyToMove(),
    changed: () => changed(),
    save: () => save(),
    showError: (k, params, err) => showError(k, params, err),
    onProof: (proof) => noteSearchProof(proof),
  });

  function key() {
    const st = setupOf(game);
    const setup = st ? `|${st.black.join(',')}/${st.white.join(',')}/${st.toMove}` : '';
    return `${game.width()}x${game.height()}${settings.swap ? 's' : ''}${setup}|${movesOf(game).join(' ')}`;
  }

  function position(extra = []) {
    const setup = setupOf(game);
    return { game: 'hex', size: `${game.width()}x${game.height()}`, swap: settings.swap, ...(setup ? { setup } : {}), moves: [...movesOf(game), ...extra] };
  }

  function describe(error) {
    return errorText(t, error, { by: (v) => t(`hex.side.${v}`), color: (v) => t(`hex.side.${v}`), to_move: (v) => t(`hex.side.${v}`), winner: (v) => t(`hex.side.${v}`) });
  }

  function showError(k, params = {}, error = null) {
    shownError = { key: k, params, error };
    setText(errorEl, t(k, { ...params, message: error ? describe(error) : '' }));
    if (error?.code) errorEl.dataset.code = error.code;
    else delete errorEl.dataset.code;
  }

  function clearError() {
    shownError = null;
    setText(errorEl, '');
    delete errorEl.dataset.code;
  }

  /** The game as a HexRecord (hex-library.js): the imported file's properties and comments kept, the hints used. */
  function hexRecord() {
    const players = (color) => (humanPlays(color) ? t('pgn.player') : 'duiyi');
    return hexRecordOf(game, info, { players, comments: hint.sgfComments() });
  }

  /** The SGF of the game: written from its HexRecord where the rules module can (nothing of a file lost). */
  function sgfText(plain) {
    if (typeof ctx.wasm.sgfWriteGame !== 'function') return hint.decorateSgf(plain);
    try {
      return ctx.wasm.sgfWriteGame(hexRecord());
    } catch (err) {
      console.warn('sgfWriteGame refused the game; the plain record is shown', err);
      return hint.decorateSgf(plain);
    }
  }

  function save() {
    record.show(game, settings.swap, sgfText);
    writeSavedGame(game, settings.swap, userOnlyToMove() ? engine.expectedMove : null, info);
    if (game.moves().length || info.source !== 'played') library.schedule();
  }

  function freshGame() {
    const { width, height } = parseSize(settings.size);
    return new HexGame(width, height, settings.swap);
  }

  // ---- start-up: the saved game ---------------------------------------------------------------------------
  const saved = readSavedGame();
  /** the game's library id and an imported file's record (hex-library.js) */
  let info = validHexInfo(saved?.info) ?? newHexInfo();
  const library = createHexLibraryLink({
    entry: () => hexEntry(game, info, hexRecord()),
    onError: (err) => showError('error.library', {}, err),
    onMissing: (id) => showError('error.libraryMissing', { id }),
  });
  if (saved) {
    try {
      game = restoreGame(HexGame, saved);
      settings.size = sizeValue(game.width(), game.height());
      settings.swap = Boolean(saved.swap);
      engine.expectedMove = typeof saved.ponder === 'string' ? saved.ponder : null;
      controls.showSize(settings.size);
      controls.showSwap(settings.swap);
    } catch (err) {
      game = freshGame();
      showError('hex.error.savedGame', {}, err);
    }
  } else {
    game = freshGame();
  }

  function adopt(g, swap, nextInfo = null) {
    engine.stopAll();
    game.free();
    game = g;
    info = nextInfo ?? newHexInfo();
    hint.reset();
    engine.expectedMove = null;
    settings.size = sizeValue(g.width(), g.height());
    settings.sizeChosen = true;
    settings.swap = swap;
    controls.showSize(settings.size);
    controls.showSwap(swap);
    saveSettings(settings);
    clearError();
  }

  /**
   * Loads an SGF record (HexGame.fromSgf reads it; the game is replayed from its moves). Its first game's
   * HexRecord (sgfParseGames) is kept, so the SGF written back holds all the file had. `keep`: the info of a
   * game opened from the library (its id and origin).
   */
  function loadSgf(text, file = null, keep = null) {
    try {
      const { game: g, swap } = gameFromSgf(HexGame, text, settings.swap);
      let kept = null;
      if (typeof ctx.wasm.sgfParseGames === 'function') {
        const first = Array.from(ctx.wasm.sgfParseGames(String(text)) ?? []).find((x) => x?.ok);
        kept = first?.game ?? null;
      }
      adopt(g, swap, keep ? { ...keep, record: kept ?? keep.record } : newHexInfo({ source: 'imported', record: kept, file }));
      record.clearSgfInput();
      changed();
      engine.requestMove();
    } catch (err) {
      showError('hex.error.sgf', {}, err);
    }
  }

  /** The seed's figure 5.1: the empty 5×5 board with Black's two-distance to the north edge (e4 = 7). */
  function seedExample() {
    adopt(gameFrom(HexGame, '5', false, []), false);
    changed();
    setOverlay('black-north');
  }

  // ---- review and hint (hex-review.js, hex-hint.js; both in www/hex-review-worker.js) ------------------------
  const review = createReview({
    t: tr, HexGame, board, boardHost, game: () => game, swap: () => settings.swap, setupOf, movesOf, gameFrom,
    paintMaps: (maps) => {
      figures.paint({ maps, overlay: settings.overlay, numbers: settings.numbers, preview: null });
      figures.show({ maps, baseMaps: maps, previewMaps: null, previewCell: null, side: maps.toMove, hint: '' });
    },
    convention: () => settings.convention,
    rerender: () => { render(); paintHeat(); renderFigures(); },
    moveList: record.movesPanel.querySelector('[data-testid="move-list"]'),
    onReport: () => practice?.render(),
  });
  // practising the review's proved losing moves (issue 36): its button on the review panel, its panel under it
  practice = createPractice({
    t: tr, HexGame, game: () => game, report: () => review.report(), mode: () => settings.human, swap: () => settings.swap,
    setupOf, movesOf, gameFrom, boardHost, rerender: () => { render(); paintHeat(); },
  });
  review.panel.append(practice.button);
  const hint = createHint({
    t: tr, boardHost, game: () => game, swap: () => settings.swap, setupOf, movesOf,
    canHint: () => Boolean(game) && !game.winner() && humanPlays(game.toMove()),
    onRecorded: () => save(),
  });
  record.movesPanel.after(review.panel);
  review.panel.after(practice.panel);
  boardHost.before(review.viewingBar);
  boardBar.append(hint.button);

  // ---- maps -----------------------------------------------------------------------------------------------
  function refreshMaps() {
    try {
      baseMaps = game.maps(settings.convention, settings.overlay === 'tension');
    } catch (err) {
      baseMaps = null;
      showError('hex.error.maps', {}, err);
    }
    if (previewCell) computePreview(previewCell);
    paintHeat();
    renderFigures();
  }

  function computePreview(cell) {
    previewMaps = null;
    if (!cell || game.winner()) return;
    const i = indexOf(cell);
    if (game.stones()[i] !== 0) return;
    try {
      previewMaps = game.whatIf(cell, settings.convention, settings.overlay === 'tension');
    } catch {
      previewMaps = null; // an occupied or unknown cell: no preview
    }
  }

  function indexOf(cell) {
    const col = cell.charCodeAt(0) - 97;
    const row = Number(cell.slice(1)) - 1;
    return row * game.width() + col;
  }

  /**
   * A tap on a touch screen: the first tap on an empty cell previews it (the what-if, as a hover does), a
   * second tap on the same cell plays it; a tap elsewhere moves the preview, a tap on a stone clears it.
   */
  let tapped = false;
  function tap(cell) {
    if (review.viewing()) return;
    if (practice?.active) {
      if (cell) practice.play(cell);
      return;
    }
    if (cell && previewCell === cell) {
      hover(null);
      userMove(cell);
      return;
    }
    hover(cell);
    tapped = Boolean(previewCell);
    renderFigures();
  }

  function hover(cell) {
    if (review.viewing() || practice?.active) return; // an earlier position is on the board: no what-if on it
    tapped = false;
    previewCell = cell;
    computePreview(cell);
    if (!previewMaps) previewCell = null;
    paintHeat();
    renderFigures();
  }

  /** The heatmap of the current overlay: the what-if maps while previewing, else the position's. */
  function paintHeat() {
    if (practice?.active) {
      board.setHeatmap(null); // the game's maps are not the practised position's
      return;
    }
    figures.paint({ maps: previewMaps ?? baseMaps, overlay: settings.overlay, numbers: settings.numbers, preview: previewMaps ? previewCell : null });
  }

  function renderFigures() {
    figures.show({
      maps: previewMaps ?? baseMaps, baseMaps, previewMaps, previewCell, side: game.toMove(),
      hint: previewMaps && tapped && humanPlays(game.toMove()) ? t('hex.tapAgain', { cell: previewCell }) : '',
    });
  }

  function setOverlay(name) {
    if (!OVERLAYS.includes(name)) return;
    const needsTension = name === 'tension' && !(baseMaps?.hasTension);
    settings.overlay = name;
    saveSettings(settings);
    figures.setPressed(name);
    if (needsTension || (previewCell && name === 'tension')) refreshMaps();
    else paintHeat();
  }

  // ---- the Connections overlay ------------------------------------------------------------------------------
  /** Recomputes the position's knowledge (only while the overlay is on: one H-search, milliseconds). */
  function refreshKnowledge() {
    marks = null;
    if (!settings.connections) return;
    const over = Boolean(game.winner());
    let k = null;
    let whyOfLast = null;
    if (!over) {
      try {
        k = game.knowledge();
        whyOfLast = whyOfEngineMove(k);
      } catch (err) {
        showError('hex.error.knowledge', {}, err);
      }
    }
    const emptyCount = game.stones().reduce((n, s) => n + (s === 0 ? 1 : 0), 0);
    marks = knowledgeMarks(k, emptyCount);
    connections.show(k, marks, { emptyCount, over, whyOfLast });
    connections.setSearchProof(searchProofNow());
  }

  /**
   * Why the engine played the last move (whyOfMove), from the knowledge `after` it (the position on the board)
   * and of the position before it (replayed in a game of its own); null when the user played it, it was the
   * swap, or the analysis does not cover the board.
   */
  function whyOfEngineMove(after) {
    const list = game.moves();
    const last = list.at(-1);
    if (!last || last.endsWith('swap-pieces')) return null;
    const side = last.startsWith('b') ? 'black' : 'white';
    if (humanPlays(side)) return null;
    const earlier = gameFrom(HexGame, `${game.width()}x${game.height()}`, settings.swap, movesOf(game).slice(0, -1), false, setupOf(game));
    try {
      const before = earlier.knowledge();
      const emptyBefore = earlier.stones().reduce((n, s) => n + (s === 0 ? 1 : 0), 0);
      return whyOfMove(last.slice(2), side, before, after, emptyBefore);
    } finally {
      earlier.free();
    }
  }

  /**
   * Keeps the engine's search's proved result ({winner, moves: the position searched}) while the game goes on
   * from that position; the overlay tells it as {winner, ply} (searchProofNow).
   */
  function noteSearchProof(proof) {
    // proof: {winner, moves} from the engine panel (the position searched), or null when it shows none
    if (!proof || searchProof?.winner === proof.winner && searchProofNow()) return;
    const k = key();
    searchProof = { ...proof, base: k.slice(0, k.lastIndexOf('|')) };
    if (settings.connections) connections.setSearchProof(searchProofNow());
  }
  function searchProofNow() {
    if (!searchProof || !game) return null;
    const now = movesOf(game);
    const at = searchProof.moves;
    const k = key();
    if (k.slice(0, k.lastIndexOf('|')) !== searchProof.base) return null;
    if (at.length > now.length || at.some((m, i) => now[i] !== m)) return null;
    return { winner: searchProof.winner, ply: at.length + 1 };
  }

  function setConnections(on) {
    settings.connections = on;
    saveSettings(settings);
    connections.setOn(on);
    refreshKnowledge();
    board.setMarks(marks);
  }

  // ---- rendering ----------------------------------------------------------------------------------------
  function render() {
    const winner = game.winner();
    const side = game.toMove();
    const stones = game.stones();
    const ms = game.moves();
    let last = null;
    for (let i = ms.length - 1; i >= 0; i--) {
      const m = ms[i].slice(2);
      if (m !== 'swap-pieces') {
        last = indexOf(m);
        break;
      }
      // after a swap the swapped stone is the last one placed: the only stone on an empty start
      last = setupOf(game) ? null : stones.findIndex((s) => s !== 0);
      break;
    }
    const userTurn = !winner && humanPlays(side);
    applyShape();
    practice?.sync();
    if (practice?.active) {
      const v = practice.boardView();
      board.set({ width: game.width(), height: game.height(), stones: v.stones, last: v.last, chain: new Set(), playable: v.playable, toMove: v.toMove });
      board.setMarks(null);
    } else {
      board.set({
        width: game.width(), height: game.height(), stones, last,
        chain: new Set(game.winningChain()), playable: userTurn, toMove: winner ? null : side,
      });
      board.setMarks(marks && connections.shownMarks(marks));
    }
    board.setAriaLabel(t('hex.boardLabel'));
    undoBtn.disabled = ms.length === 0;
    swapBtn.hidden = !game.swapAvailable();
    swapBtn.disabled = !userTurn;
    resignBtn.disabled = Boolean(winner);
    if (winner) {
      const chain = game.winningChain();
      setText(resultEl, t(chain.length ? 'hex.result.connected' : 'hex.result.resigned', { side: t(`hex.side.${winner}`), loser: t(`hex.side.${winner === 'black' ? 'white' : 'black'}`) }));
      resultEl.dataset.result = winner;
    } else {
      setText(resultEl, '');
      delete resultEl.dataset.result;
    }
    turnEl.textContent = winner ? t('hex.turn.over')
      : userTurn ? t(settings.human === 'both' ? 'hex.turn.toMove' : 'hex.turn.you', { side: t(`hex.side.${side}`) })
        : t('hex.turn.engine', { side: t(`hex.side.${side}`) });
    turnEl.dataset.side = winner ? '' : side;
    record.renderMoves(ms, info.record);
    const shownRecord = hexRecord();
    record.renderHeader(shownRecord, shownRecord.result);
    review.applyReviewMarks(record.movesPanel.querySelector('[data-testid="move-list"]'));  // after every render of the list
    review.afterRender();
    hint.redraw(); // its button follows the turn (enabled on the user's move) and its marks are drawn again
    practice?.render();
    engine.render();
  }

  function changed() {
    hint.positionChanged();
    review.gameChanged();
    previewCell = null;
    previewMaps = null;
    save();
    refreshMaps();
    refreshKnowledge();
    render();
  }

  // ---- who plays ----------------------------------------------------------------------------------------
  /** Whether the user (not the engine) plays `side` in the current mode. */
  function humanPlays(side) {
    return settings.human === 'both' || settings.human === side;
  }

  function engineToMove() {
    return !game.winner() && !humanPlays(game.toMove());
  }

  /** The user, playing one side against the engine, is to move: the engine may ponder. */
  function userOnlyToMove() {
    return Boolean(game) && !game.winner() && (settings.human === 'black' || settings.human === 'white') && game.toMove() === settings.human;
  }

  // ---- user actions ---------------------------------------------------------------------------------------
  function userMove(mv) {
    if (practice?.active) {
      practice.play(mv);
      return;
    }
    if (game.winner()) {
      showError('hex.error.move', { move: mv }, { code: 'hex.game_over', params: { winner: game.winner() }, message: 'the game is over' });
      return;
    }
    if (!humanPlays(game.toMove())) {
      showError('hex.error.notYourTurn');
      return;
    }
    try {
      game.play(mv);
    } catch (err) {
      showError('hex.error.move', { move: mv }, err);
      return;
    }
    clearError();
    playSound(game.winner() ? 'end' : 'move');
    const hit = engine.userPlayed(mv);
    if (hit) view.dataset.ponderHits = String(Number(view.dataset.ponderHits ?? 0) + 1); // a test hook
    changed();
    if (!hit) engine.requestMove();
  }

  function typedMove(text) {
    const mv = String(text).trim().toLowerCase();
    if (!mv) return;
    userMove(mv === 'swap' ? 'swap-pieces' : mv);
  }

  function undo() {
    engine.stopAll();
    if (game.moves().length === 0) return;
    game.undo();
    // against the engine: back to the user's turn (the engine's reply and the user's move)
    if (!game.winner() && engineToMove() && settings.human !== 'none' && game.moves().length > 0) game.undo();
    engine.expectedMove = null;
    clearError();
    changed();
    engine.requestMove();
    engine.startPonder();
  }

  /** Who plays which side; the game goes on (the engine takes over a side it now plays, or stops). */
  function setMode(mode) {
    if (!MODES.includes(mode)) return;
    settings.human = mode;
    saveSettings(settings);
    engine.stopAll();
    clearError();
    save();
    render();
    engine.requestMove();
    engine.startPonder();
  }

  function resign() {
    if (game.winner()) return;
    engine.stopAll();
    game.resign();
    playSound('end');
    changed();
  }

  function newGame() {
    engine.stopAll();
    game.free();
    game = freshGame();
    info = newHexInfo();
    hint.reset();
    engine.resetStats();
    clearError();
    changed();
    engine.requestMove();
  }

  /** Draws the board in the shape the setting and the screen ask for (boardShape): on every render and resize. */
  function applyShape() {
    if (!game) return;
    board.setShape(boardShape(settings.shape, {
      width: game.width(), height: game.height(), hostPx: boardHost.clientWidth, portrait: window.innerHeight > window.innerWidth,
    }, boardWidthUnits, CELL_WIDTH_UNITS));
  }
  let resizeFrame = 0;
  function onResize() {
    cancelAnimationFrame(resizeFrame);
    resizeFrame = requestAnimationFrame(() => {
      const was = board.shape;
      applyShape();
      // a new shape rebuilt the board: the layers other modules draw on it (hint, review marks) come back
      if (board.shape !== was) render();
    });
  }
  window.addEventListener('resize', onResize);

  function onKey(e) {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement || e.ctrlKey || e.metaKey || e.altKey) return;
    if (!/^[0-9]$/.test(e.key)) return;
    const i = (Number(e.key) + 9) % 10;
    e.preventDefault();
    setOverlay(OVERLAYS[i]);
  }
  document.addEventListener('keydown', onKey);

  function onVisibility() {
    // no pondering in a hidden tab: the engine must not burn the CPU while nobody looks
    if (document.hidden) engine.stopPondering();
  }
  document.addEventListener('visibilitychange', onVisibility);

  // ---- go -----------------------------------------------------------------------------------------------
  function applyLang() {
    for (const node of view.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n, node.dataset.i18nParams ? JSON.parse(node.dataset.i18nParams) : undefined);
    for (const node of view.querySelectorAll('[data-i18n-placeholder]')) node.placeholder = t(node.dataset.i18nPlaceholder);
    for (const node of view.querySelectorAll('[data-i18n-title]')) node.title = t(node.dataset.i18nTitle);
    engine.setTranslator(t);
    connections.redraw();
    record.invalidate();
    review.redraw();
    hint.redraw();
    if (shownError) showError(shownError.key, shownError.params, shownError.error);
  }

  // #hex?size=7&swap=1&moves=d4,c5: applied once, then dropped from the address bar (a reload resumes the game)
  const link = takeLinkPosition(settings.size);
  if (link) {
    try {
      adopt(gameFrom(HexGame, link.size, link.swap, link.moves, false, link.setup), link.swap);
    } catch (err) {
      showError('hex.error.link', {}, err);
    }
  }

  // #hex?game=<id>: a game of the library of games (#games), loaded once it is read
  const libraryId = ctx.params?.get('game');
  const libraryReview = ctx.params?.get('review') === '1';
  if (libraryId) {
    history.replaceState(history.state, '', `${location.pathname}${location.search}#hex`);
    library.read(libraryId).then((e) => {
      if (!e || destroyed) return;
      let text;
      try {
        text = ctx.wasm.sgfWriteGame(e.record);
      } catch (err) {
        showError('hex.error.sgf', {}, err);
        return;
      }
      loadSgf(text, e.file ?? null, newHexInfo({ source: e.source, record: e.record, file: e.file ?? null, id: e.id, created: e.created }));
      if (libraryReview && game.moves().length) review.run();
    });
  }

  applyLang();
  save();
  refreshMaps();
  refreshKnowledge();
  render();
  engine.requestMove();
  engine.startPonder(); // after a reload mid-game with the user to move: the engine ponders again
  colorsLoaded.then((lib) => {
    if (destroyed) return;
    figures.setD3(lib);
    view.dataset.ready = 'true';
    paintHeat();
    explain.draw();
  }, (err) => showError('hex.error.maps', {}, err));

  return {
    setLang(_lang, nextT) {
      t = nextT;
      applyLang();
      paintHeat();
      renderFigures();
      render();
    },
    unmount() {
      library.destroy(); // a pending save is written (before the game is freed)
      destroyed = true;
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('resize', onResize);
      document.removeEventListener('visibilitychange', onVisibility);
      record.destroy();
      review.destroy();
      hint.destroy();
      engine.destroy();
      board.destroy();
      game.free();
    },
    get game() {
      return game;
    },
    /** the engine client (a test hook, as the Xiangqi view's) */
    get client() {
      return client;
    },
  };
}
