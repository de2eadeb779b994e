// The Xiangqi page (#xiangqi): the user plays Red or Black against the Rust engine running in a worker (or
// watches engine vs engine, or two people play on one board). This module connects the pieces: the game
// record (rules, in wasm on this thread), the board view (no rules, www/views/xiangqi-board.js), and the
// panels, each in a module of its own:
//   xiangqi-actions.js       game actions (new, undo, resign, draws) and the clocks on the page
//   xiangqi-engine-panel.js  the engine's moves, pondering, the engine status and ponder figures
//   xiangqi-record.js        the move list and notation, review, typed moves, PGN export/import, FEN
//   xiangqi-analysis.js      the analysis board: free moves into a game tree, the engine's lines (MultiPV)
//   xiangqi-controls.js      the settings panel (mode, time control, level, ponder, pieces)
//   xiangqi-settings.js      the settings' defaults and storage; xiangqi-clock.js the clock bookkeeping
//   xiangqi-review.js        the game review (graph, move classes, better moves); xiangqi-hint.js the hint
// They share one object (`x` below): the game state and the functions the others call.
//
// Saved: the game (GAME_KEY: start FEN, moves, the move the engine expects), its play state (PLAY_KEY: time
// control, clocks with wall-clock timestamps, the ending by resignation / flag / agreement / claim, the
// ponder statistics) and the settings (SETTINGS_KEY).
//
// Test hooks (data-testid): board, game-result (data-result, data-reason), turn (data-side), error
// (data-code); the panels' own in their modules.

import { h, setText } from './dom.js';
import { createXiangqiBoard } from './xiangqi-board.js';
import { GameRecord, START_FEN } from '../game-record.js';
import { engineClient } from './shared-engine.js';
import { errorText } from '../i18n/errors.js';
import { readJSON, writeJSON } from '../storage.js';
import { TC_PRESETS, DEFAULT_TC_ID, newClocks, timeLeft, validClocks, validTc } from './xiangqi-clock.js';
import { GAME_KEY, PLAY_KEY, loadSettings, storeSettings, engineLevels, defaultNotation } from './xiangqi-settings.js';
import { createControls } from './xiangqi-controls.js';
import { createRecordPanels } from './xiangqi-record.js';
import { createGameHeader } from './xiangqi-header.js';
import { createLibraryLink } from './xiangqi-library.js';
import { reasonText, newGameInfo, validGameInfo } from './xiangqi-game-info.js';
import { createEnginePanel } from './xiangqi-engine-panel.js';
import { createActions } from './xiangqi-actions.js';
import { createAnalysis } from './xiangqi-analysis.js';
import { playSound } from '../sound.js';
import { createReview, applyReviewMarks } from './xiangqi-review.js';
import { createPractice } from './xiangqi-practice.js';
import { createHint } from './xiangqi-hint.js';
import { freshPonderStats, restorePonderStats } from './ponder-candidates.js';

/**
 * Mounts the page.
 * @param {HTMLElement} root
 * @param {{lang: string, t: (key: string, params?: object) => string, wasm: typeof import('../pkg/duiyi.js'),
 *          params?: URLSearchParams}} ctx
 * @returns {{setLang: (lang: string, t: Function) => void, unmount: () => void, record: GameRecord, client: object}}
 */
export function mount(root, ctx) {
  const settings = loadSettings();
  /** The page's shared state and functions: what the panel modules read and call. */
  const x = {
    t: ctx.t,
    lang: ctx.lang,
    settings,
    client: engineClient(),
    XiangqiGame: ctx.wasm.XiangqiGame,
    pgnWrite: ctx.wasm.pgnWrite,
    pgnParse: ctx.wasm.pgnParse,
    /** XQF game files (bytes → the pgnParse object); undefined in a build without */
    xqfParse: ctx.wasm.xqfParse,
    /** the engine's levels and their handicaps (src: the wasm module's levels(); null in a build without) */
    levels: engineLevels(ctx.wasm),
    /** @type {GameRecord} */
    record: null,
    /** where the game came from, its tags and its library id (xiangqi-game-info.js) */
    info: null,
    /** null: the board shows the game; a number: it shows the position after that many moves (review) */
    viewPly: null,
    /** the game's time control (fixed when the game starts) and its clocks (null without a clock) */
    tc: null,
    clocks: null,
    /** an ending decided on the page: {result: 'red'|'black'|'draw', code (REASON_KEYS), side?} */
    ending: null,
    /** pondering in this game: hits (any pondered reply, top1: the predicted one), misses, ms of thinking
     *  saved; the last hit's candidate, saved and answer times */
    stats: freshStats(),
    /** the user offered a draw: the engine's next search carries go draw (answered in its bestmove) */
    drawOffer: false,
    /** the engine's answer to the last draw offer: 'accepted' | 'declined' | 'unsupported' | null */
    drawAnswer: null,
    destroyed: false,
    /**
     * Called after every rebuild of the move list with the list element (<ol data-testid="move-list">), in play
     * and in analysis: code that marks the moves (the game review's applyReviewMarks(listEl)) registers here,
     * so that the list's owner and the marks do not fight. Each function gets (listEl); one that throws is
     * logged and skipped.
     * @type {Array<(listEl: HTMLElement) => void>}
     */
    afterMoveListRender: [],
    /** true while the analysis board is on (www/views/xiangqi-analysis.js) */
    analysing: () => Boolean(x.analysis?.active),
    /** true while a mistake of the reviewed game is practised on the board (www/views/xiangqi-practice.js) */
    practising: () => Boolean(x.practice?.active),
    destsOf, orientation,
    render, save, saveSettings, showError, clearError, gameResult, isUserSide, currentTc, freshStats, userMove, notation, isCapture, moveSound,
  };
  const { client } = x;
  const t = (key, params) => x.t(key, params);
  x.tc = currentTc();
  x.clocks = newClocks(x.tc);

  // ---- DOM ------------------------------------------------------------------------------------------------
  const boardHost = h('div', { class: 'board-host', dataset: { testid: 'board' } });
  const resultEl = h('div', { class: 'result', dataset: { testid: 'game-result' }, role: 'status', hidden: true });
  const turnEl = h('div', { class: 'turn', dataset: { testid: 'turn' } });
  const statusHost = h('div');
  const errorEl = h('div', { class: 'error', dataset: { testid: 'error' }, role: 'alert', hidden: true });
  const actions = (x.actions = createActions(x));
  const engine = (x.engine = createEnginePanel(x, statusHost));
  const rec = (x.rec = createRecordPanels(x));
  const header = createGameHeader(x, ctx.wasm);
  /** the game saved into the library of games as it goes (xiangqi-library.js) */
  const library = createLibraryLink(x, ctx.wasm);
  rec.movesPanel.insertBefore(header.element, rec.movesPanel.querySelector('.move-scroll'));
  const controls = (x.controls = createControls(x));
  const analysis = (x.analysis = createAnalysis(x));
  actions.boardBar.append(analysis.toggleBtn);
  const review = (x.review = createReview(x, ctx.wasm));
  // practising the reviewed game's mistakes (issue 36): its button on the review panel, its own panel under it
  const practice = (x.practice = createPractice(x));
  review.element.append(practice.button);
  const hint = (x.hint = createHint(x, review));
  actions.boardBar.append(hint.button);
  // the review's classes on the game's move list (not on an analysis board's tree)
  x.afterMoveListRender.push((listEl) => { if (!x.analysing()) applyReviewMarks(listEl); });

  const view = h('div', { class: 'xq-layout xq-play-layout' },
    h('section', { class: 'board-column' }, boardHost, analysis.evalBar, actions.boardBar, actions.actionBar),
    h('aside', { class: 'side-column' },
      actions.clocksEl,
      resultEl,
      turnEl,
      analysis.panel,
      statusHost,
      engine.ponderPanel,
      rec.movesPanel,
      review.element,
      practice.panel,
      controls.element,
      rec.exportPanel,
      rec.fenPanel,
      errorEl));
  root.replaceChildren(view);

  const board = (x.board = createXiangqiBoard(boardHost, {
    onMove: (from, to) => (x.practising() ? practice.play(from + to) : x.analysing() ? analysis.play(from + to) : userMove(from + to)),
    ariaLabel: boardLabel(),
  }));

  /** the error shown ({key, params, error}), re-translated when the language changes */
  let shownError = null;

  /** `key`'s text with the error's reason in the page's language (data-code: the reason's code, a test hook). */
  function showError(key, params = {}, error = null) {
    shownError = { key, params, error };
    const reason = error ? describe(error) : '';
    setText(errorEl, t(key, { ...params, message: reason }));
    if (error?.code) errorEl.dataset.code = error.code;
    else delete errorEl.dataset.code;
  }

  function clearError() {
    shownError = null;
    setText(errorEl, '');
    delete errorEl.dataset.code;
  }

  /** An error from the rules, the engine or the saved game, in the page's language (www/i18n/errors.js). */
  function describe(error) {
    return errorText(t, error, {
      side: (v) => t(`side.${v}`),
      piece: (v) => t('piece.named', { name: t(`piece.${v}`), letter: v }),
    });
  }

  /** The game, and the move the engine expects the user to play (kept so a reload resumes pondering on it). */
  function save() {
    const { record } = x;
    const userTurn = !gameResult() && isUserSide(record.sideToMove());
    writeJSON(GAME_KEY, { ...record.toJSON(), ponder: userTurn ? engine.expectedMove() : null, info: x.info });
    writeJSON(PLAY_KEY, { startFen: record.startFen, plies: record.moves.length, tc: x.tc, clocks: x.clocks, ending: x.ending, stats: x.stats });
    library?.schedule();
  }

  /** The ponder figures of a new game (www/views/ponder-candidates.js: hits on any pondered reply, top1 = on
   *  the predicted move, misses, ms saved; the last hit's candidate, saved and answer times). */
  function freshStats() {
    return freshPonderStats();
  }

  /** The time control the settings name, for a new game. */
  function currentTc() {
    const preset = TC_PRESETS.find((p) => p.id === settings.tc) ?? TC_PRESETS.find((p) => p.id === DEFAULT_TC_ID);
    if (preset.id === 'custom') {
      return { kind: 'clock', baseMs: Math.max(3000, Math.round(settings.customMin * 60000)), incMs: Math.max(0, Math.round(settings.customInc * 1000)) };
    }
    if (preset.tc.kind === 'movetime') return { kind: 'movetime', ms: settings.movetime };
    if (preset.tc.kind === 'depth') return { kind: 'depth', depth: settings.depth };
    return { ...preset.tc };
  }

  /** The sides a person plays in the current mode. */
  function isUserSide(side) {
    const mode = settings.mode;
    return mode === 'human' || mode === side;
  }

  /** The result: an ending decided on the page (resignation, flag, agreement, claim), else the rules'. */
  function gameResult() {
    const { ending } = x;
    if (ending) return { result: ending.result, code: ending.code, side: ending.side ?? null, reason: ending.text ?? ending.code };
    return x.record.result();
  }

  function saveSettings() {
    storeSettings(settings);
  }

  /**
   * The notation the moves are shown in (move list, engine line, expected move): the user's choice, else the
   * language's (defaultNotation); one the rules module does not write falls back to 中文, then ICCS.
   */
  function notation() {
    const wanted = settings.notation ?? defaultNotation(x.lang);
    if (!x.record || x.record.writes(wanted)) return wanted;
    return x.record.writes('chinese') ? 'chinese' : 'iccs';
  }

  // ---- start-up: the saved game, or ?fen= -----------------------------------------------------------------
  const saved = readJSON(GAME_KEY);
  try {
    x.record = saved ? GameRecord.fromJSON(x.XiangqiGame, saved) : new GameRecord(x.XiangqiGame, START_FEN);
  } catch (err) {
    x.record = new GameRecord(x.XiangqiGame, START_FEN);
    showError('error.savedGame', {}, err);
  }
  x.info = validGameInfo(saved?.info) ?? newGameInfo();
  /** the move to ponder on, as saved with the game (checked against the position before use) */
  engine.setExpectedMove(typeof saved?.ponder === 'string' ? saved.ponder : null);
  restorePlay(readJSON(PLAY_KEY));
  const urlFen = ctx.params?.get('fen');
  const urlMoves = ctx.params?.get('moves');
  // the analysis board goes on after a reload (a shared link opens the game instead)
  if (!urlFen && (urlMoves === null || urlMoves === undefined)) analysis.restore();
  const urlGame = ctx.params?.get('game');
  if (urlGame) {
    // a game opened from the library (#games): loaded once, then dropped from the address bar
    const url = new URL(location.href);
    const review = ctx.params.get('review') === '1';
    url.hash = '#xiangqi';
    history.replaceState(history.state, '', url);
    queueMicrotask(() => library.open(urlGame, { review }));
  }
  if (urlFen || urlMoves !== null && urlMoves !== undefined) {
    // Applied once; then dropped from the address bar so that a reload resumes the game in progress.
    const url = new URL(location.href);
    url.searchParams.delete('fen');
    url.searchParams.delete('moves');
    history.replaceState(history.state, '', url);
    if (urlMoves !== null && urlMoves !== undefined) rec.loadShared(urlFen || START_FEN, urlMoves);
    else rec.loadFen(urlFen, { quiet: false });
  }

  /** The saved play state, when it belongs to the saved game (same start, same number of moves). */
  function restorePlay(play) {
    const { record } = x;
    if (!play || play.startFen !== record.startFen || play.plies !== record.moves.length) return;
    const savedTc = validTc(play.tc);
    if (!savedTc) return;
    x.tc = savedTc;
    x.clocks = x.tc.kind === 'clock' ? validClocks(play.clocks) ?? newClocks(x.tc) : null;
    if (play.ending && ['red', 'black', 'draw'].includes(play.ending.result) && typeof play.ending.code === 'string') {
      x.ending = { result: play.ending.result, code: play.ending.code, side: play.ending.side ?? null, text: typeof play.ending.text === 'string' ? play.ending.text : null };
    }
    if (play.stats && typeof play.stats === 'object') x.stats = restorePonderStats(play.stats);
  }

  // ---- rendering ----------------------------------------------------------------------------------------
  function destsOf(moves) {
    const dests = new Map();
    for (const m of moves) {
      const from = m.slice(0, 2);
      if (!dests.has(from)) dests.set(from, []);
      dests.get(from).push(m.slice(2, 4));
    }
    return dests;
  }

  function generalSquare(side) {
    const letter = side === 'red' ? 'K' : 'k';
    return x.record.pieces().find((p) => p.piece === letter)?.square ?? null;
  }

  function render({ animate = true } = {}) {
    x.practice?.sync();
    const analysing = x.analysing();
    const result = analysing ? analysis.positionResult() : gameResult();
    const side = analysing ? analysis.position().sideToMove() : x.record.sideToMove();
    view.classList.toggle('xq-analysing', analysing);
    if (x.viewPly !== null && x.viewPly >= x.record.moves.length) x.viewPly = null;
    if (x.practising()) {
      x.practice.renderBoard(animate);
    } else if (analysing) {
      analysis.renderBoard(animate);
    } else if (x.viewPly !== null) {
      renderReview(animate);
    } else {
      renderLive(result, side, animate);
    }
    rec.renderNav();
    header.render();
    renderResult(result);
    renderTurn(result, side);
    rec.renderMoves();
    review.render();
    x.practice?.render();
    hint.render();
    engine.renderStatus();
    actions.renderClocks();
    actions.renderActions(result);
    rec.renderShare();
    analysis.renderPanel();
    board.setAriaLabel(boardLabel());
  }

  /** The board's accessible name: who the user plays, and how to move. */
  function boardLabel() {
    if (x.analysing()) return t('analysis.boardLabel');
    const mode = settings.mode;
    if (mode === 'red' || mode === 'black') return t('xq.boardLabel', { side: t(`side.${mode}`) });
    return t(mode === 'human' ? 'xq.boardLabelHuman' : 'xq.boardLabelWatch');
  }

  /** The board's orientation: the user's choice (Flip), turned once more when the user plays Black. */
  function orientation() {
    const flip = settings.flipForBlack && settings.mode === 'black';
    if (!flip) return settings.orientation;
    return settings.orientation === 'red' ? 'black' : 'red';
  }

  function renderReview(animate) {
    if (x.review.showing) return; // "show me" plays the better line on the board (xiangqi-review.js)
    const pos = x.record.positionAt(x.viewPly);
    const general = pos.inCheck ? pos.pieces.find((p) => p.piece === (pos.sideToMove === 'red' ? 'K' : 'k'))?.square : null;
    board.set({
      pieces: pos.pieces,
      dests: new Map(),
      movable: false,
      lastMove: pos.lastMove ? { from: pos.lastMove.slice(0, 2), to: pos.lastMove.slice(2, 4) } : null,
      check: general ?? null,
      orientation: orientation(),
      pieceSet: settings.pieceSet,
      hint: x.review.boardHint(),
      arrows: [],
      animate,
    });
    rec.showFen(pos.fen);
  }

  function renderLive(result, side, animate) {
    const { record } = x;
    const userTurn = !result && isUserSide(side);
    const last = record.moves.at(-1);
    board.set({
      pieces: record.pieces(),
      dests: userTurn ? destsOf(record.legalMoves()) : new Map(),
      movable: userTurn,
      lastMove: last ? { from: last.slice(0, 2), to: last.slice(2, 4) } : null,
      check: record.inCheck() ? generalSquare(side) : null,
      orientation: orientation(),
      pieceSet: settings.pieceSet,
      hint: x.hint.boardHint() ?? engine.hint(result),
      arrows: [],
      animate,
    });
    rec.showFen(record.fen());
  }

  function renderResult(result) {
    if (!result) {
      setText(resultEl, '');
      delete resultEl.dataset.result;
      delete resultEl.dataset.reason;
      return;
    }
    const reason = reasonText(t, result.reason, result.code, result.side);
    resultEl.dataset.result = result.result;
    resultEl.dataset.reason = result.reason;
    resultEl.title = result.reason;
    setText(resultEl, t(`result.${result.result}`, { reason }));
  }

  function renderTurn(result, side) {
    if (result) turnEl.textContent = t('xq.turn.over');
    else if (settings.mode === 'human' || x.analysing()) turnEl.textContent = t('xq.turn.side', { side: t(`side.${side}`) });
    else if (isUserSide(side)) turnEl.textContent = side === 'red' ? t('xq.turn.you') : t('xq.turn.youAs', { side: t(`side.${side}`) });
    else turnEl.textContent = client.state === 'crashed' ? t('xq.turn.engineRecovering') : t('xq.turn.engineAs', { side: t(`side.${side}`) });
    turnEl.dataset.side = result ? '' : side;
  }

  // ---- sounds ---------------------------------------------------------------------------------------------
  /** Whether `iccs` takes a piece in the current position (asked before the move is played). */
  function isCapture(iccs) {
    const to = iccs.slice(2, 4);
    return x.record.pieces().some((p) => p.square === to);
  }

  /** The sound of a move just played (the user's or the engine's): game over, check, capture or a move. */
  function moveSound(captured) {
    if (gameResult()) playSound('end');
    else if (x.record.inCheck()) playSound('check');
    else playSound(captured ? 'capture' : 'move');
  }

  // ---- the user's move ------------------------------------------------------------------------------------
  function userMove(iccs) {
    const { record } = x;
    const side = record.sideToMove();
    if (gameResult() || !isUserSide(side)) return;
    const captured = isCapture(iccs);
    try {
      record.play(iccs);
    } catch (err) {
      showError('error.illegalMove', { move: iccs }, err);
      render({ animate: false });
      return;
    }
    clearError();
    actions.clockAfterMove(side);
    actions.settleIfOver();
    moveSound(captured);
    engine.afterUserMove(iccs);
  }

  // ---- go -----------------------------------------------------------------------------------------------
  applyLang();
  controls.applyLevel();
  controls.renderTcFields();
  actions.syncClockTimer();
  if (x.clocks?.running && timeLeft(x.clocks, x.clocks.running) <= 0) actions.flagFall(x.clocks.running); // the flag fell while away
  render({ animate: false });
  save();
  engine.requestEngineMove();
  engine.startPonder(); // after a reload mid-game: the user to move, so the engine ponders again
  analysis.analyse(); // after a reload in analysis: the engine analyses again

  function applyLang() {
    for (const node of view.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n);
    for (const node of view.querySelectorAll('[data-i18n-placeholder]')) node.placeholder = t(node.dataset.i18nPlaceholder);
    for (const node of view.querySelectorAll('[data-i18n-title]')) node.title = t(node.dataset.i18nTitle);
    for (const node of view.querySelectorAll('[data-i18n-aria-label]')) node.setAttribute('aria-label', t(node.dataset.i18nAriaLabel));
    engine.setTranslator(t);
    review.setLang();
    controls.renderLevels();
    controls.renderTcFields();
    if (shownError) showError(shownError.key, shownError.params, shownError.error);
  }

  return {
    setLang(lang, nextT) {
      x.t = nextT;
      x.lang = lang;
      applyLang();
      render({ animate: false });
    },
    unmount() {
      library.destroy(); // a pending save is written (before the record is freed)
      x.destroyed = true;
      actions.destroy();
      analysis.destroy();
      engine.destroy();
      rec.destroy();
      review.destroy();
      client.cancel();
      board.destroy();
      x.record.free();
    },
    get record() {
      return x.record;
    },
    client,
  };
}
