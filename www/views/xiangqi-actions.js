// The Xiangqi page's game actions and clocks: new game, take back, flip, "move now", resign, offer and claim a
// draw, the two clocks on the page (their display, the flag falling) and the endings decided on the page.
// The clock bookkeeping itself (no DOM) is in www/views/xiangqi-clock.js.
//
// Test hooks (data-testid): new-game, undo, flip, move-now, resign, offer-draw (aria-pressed), claim-draw
// (data-reason), clock-red / clock-black (data-ms, data-side).

import { h } from './dom.js';
import { GameRecord, START_FEN } from '../game-record.js';
import { MOVE_ANIMATION_MS } from './xiangqi-board.js';
import { newClocks, timeLeft, startClock, stopClock, completeMove, formatClock } from './xiangqi-clock.js';
import { PGN_RESULT, newGameInfo } from './xiangqi-game-info.js';
import { playSound } from '../sound.js';

/** how often the running clock is redrawn under 10 s (tenths are shown there; whole seconds above) */
const CLOCK_TICK_MS = 100;

/**
 * Builds the action buttons and the clocks, and the game actions behind them.
 * @param {object} x the page's shared state and functions (www/views/xiangqi.js)
 */
export function createActions(x) {
  const { settings, client } = x;
  const t = (key, params) => x.t(key, params);
  const btn = (key, testid, onClick) =>
    h('button', { type: 'button', class: 'btn', dataset: { i18n: key, testid }, on: { click: onClick } });
  const newBtn = btn('xq.new', 'new-game', () => newGame());
  const undoBtn = btn('xq.undo', 'undo', () => undo());
  const flipBtn = btn('xq.flip', 'flip', () => flip());
  // "Move now": the engine stops thinking and plays the best move it has found so far
  const moveNowBtn = btn('xq.moveNow', 'move-now', () => {
    if (client.state === 'thinking' && x.engine.engineToMove()) client.stop();
  });
  const resignBtn = btn('xq.resign', 'resign', () => resign());
  const offerDrawBtn = btn('xq.offerDraw', 'offer-draw', () => offerDraw());
  const claimDrawBtn = btn('xq.claimDraw', 'claim-draw', () => claimDraw());
  const clockEl = (side) => h('div', { class: `clock clock-${side}`, dataset: { testid: `clock-${side}`, side } },
    h('span', { class: 'clock-label', dataset: { i18n: `side.${side}` } }),
    h('span', { class: 'clock-time' }));
  const clockRed = clockEl('red');
  const clockBlack = clockEl('black');

  const boardBar = h('div', { class: 'board-bar' }, newBtn, undoBtn, flipBtn, moveNowBtn);
  const actionBar = h('div', { class: 'board-bar action-bar' }, resignBtn, offerDrawBtn, claimDrawBtn);
  const clocksEl = h('div', { class: 'clocks' }, clockRed, clockBlack);

  let clockTimer = null;

  // ---- rendering ----------------------------------------------------------------------------------------
  function renderClocks() {
    const { clocks, tc, ending } = x;
    const now = Date.now();
    for (const [side, node] of [['red', clockRed], ['black', clockBlack]]) {
      const ms = clocks ? Math.max(0, Math.round(timeLeft(clocks, side, now))) : null;
      const timeNode = node.querySelector('.clock-time');
      const text = ms === null ? t(`tc.kind.${tc.kind}`, { s: (tc.ms ?? 0) / 1000, depth: tc.depth ?? '' }) : formatClock(ms);
      if (timeNode.textContent !== text) timeNode.textContent = text;
      if (ms === null) delete node.dataset.ms;
      else node.dataset.ms = String(ms);
      node.classList.toggle('clock-none', ms === null);
      node.classList.toggle('clock-running', Boolean(clocks && clocks.running === side));
      node.classList.toggle('clock-low', ms !== null && ms < 10000);
      node.classList.toggle('clock-flagged', Boolean(ending?.code?.startsWith('flag') && ending.side === side));
    }
  }

  /**
   * Redraws the running clock when its display changes (each second; each tenth under 10 s) and checks for
   * a fallen flag. One timer, re-armed for the next change, so a long game does not repaint 10 times a second.
   */
  function syncClockTimer() {
    clearTimeout(clockTimer);
    clockTimer = null;
    const { clocks } = x;
    if (!clocks?.running || x.gameResult()) return;
    const left = timeLeft(clocks, clocks.running);
    if (left <= 0) {
      flagFall(clocks.running);
      return;
    }
    renderClocks();
    // the next change of the display: the next tenth under 10 s, else the next whole second
    const step = left <= 10000 ? left % CLOCK_TICK_MS : left % 1000;
    clockTimer = setTimeout(syncClockTimer, Math.max(10, Math.min(step || CLOCK_TICK_MS, 1000)) + 1);
  }

  /** The buttons' states (part of every render). */
  function renderActions(result) {
    // the analysis board has no game actions: they come back with the game
    const over = Boolean(result) || x.viewPly !== null || x.analysing();
    const vsEngine = settings.mode === 'red' || settings.mode === 'black';
    undoBtn.disabled = x.record.moves.length === 0 || x.analysing();
    moveNowBtn.disabled = !(client.state === 'thinking' && x.engine.engineToMove());
    resignBtn.disabled = over || settings.mode === 'engine';
    offerDrawBtn.disabled = over || !vsEngine || x.drawOffer || x.drawAnswer === 'unsupported';
    offerDrawBtn.setAttribute('aria-pressed', String(x.drawOffer));
    const claim = over ? null : claimable();
    claimDrawBtn.disabled = !claim;
    if (claim) claimDrawBtn.dataset.reason = claim;
    else delete claimDrawBtn.dataset.reason;
    claimDrawBtn.title = claim ? t(`claim.${claim}`) : t('xq.claimNone');
  }

  /** The reason a draw can be claimed now ('repetition' | 'sixty-move' | 'material'), or null. */
  function claimable() {
    if (typeof x.record.game.claimableDraw !== 'function') return null;
    try {
      return x.record.game.claimableDraw()?.reason ?? null;
    } catch {
      return null;
    }
  }

  // ---- clocks ---------------------------------------------------------------------------------------------
  /** After a move by `side` (made at wall time `now`): its clock is charged, the other side's starts. */
  function clockAfterMove(side, { animated = false } = {}) {
    const { clocks } = x;
    if (!clocks) return;
    const now = Date.now();
    completeMove(clocks, side, x.tc.incMs, now);
    const next = side === 'red' ? 'black' : 'red';
    if (!x.gameResult()) {
      // the user's clock starts when the engine's move has finished sliding onto the board
      startClock(clocks, next, animated && x.isUserSide(next) ? now + MOVE_ANIMATION_MS : now);
    }
    syncClockTimer();
  }

  /** A clock reached zero: that side loses, or it is a draw when the other side cannot mate. */
  function flagFall(side) {
    const { clocks } = x;
    if (x.gameResult() || !clocks) return;
    stopClock(clocks);
    clocks[side] = 0;
    const other = side === 'red' ? 'black' : 'red';
    endGame(canMate(other) ? { result: other, code: 'flag', side } : { result: 'draw', code: 'flag_material', side });
  }

  /** Whether `side` has mating material (the rules module's; assumed true in a build without it). */
  function canMate(side) {
    if (typeof x.record.game.hasMatingMaterial !== 'function') return true;
    try {
      return Boolean(x.record.game.hasMatingMaterial(side));
    } catch {
      return true;
    }
  }

  /** Ends the game on the page: clocks stop, the engine stops, the result is saved and shown. */
  function endGame(end) {
    const over = Boolean(x.gameResult());
    x.ending = end;
    if (!over) playSound('end');
    if (x.clocks) stopClock(x.clocks);
    x.drawOffer = false;
    x.engine.reset();
    syncClockTimer();
    x.save();
    x.render({ animate: false });
  }

  /** The game's result has come from the rules (mate, repetition verdict…): clocks stop. */
  function settleIfOver() {
    if (x.clocks?.running && x.record.result()) {
      stopClock(x.clocks);
      syncClockTimer();
    }
  }

  // ---- the game -------------------------------------------------------------------------------------------
  /**
   * Replaces the game. A game brought in mid-way (import, shared link) has no clock history: its clocks
   * start full from here. `info`: the new game's (xiangqi-game-info.js; default: a game played here).
   * `settleImported`: an imported result the rules of the last position do not give
   * (resignation, agreement…) ends it as "imported".
   */
  function resetTo(newRecord, { settleImported = null, info = null } = {}) {
    x.analysis?.gameReplaced(); // a new game, an import or a shared link: back to playing
    x.viewPly = null;
    x.tc = x.currentTc();
    x.clocks = newClocks(x.tc);
    x.ending = null;
    x.stats = x.freshStats();
    x.drawOffer = false;
    x.drawAnswer = x.drawAnswer === 'unsupported' ? 'unsupported' : null;
    syncClockTimer();
    x.engine.reset({ all: true });
    x.record.free();
    x.record = newRecord;
    x.info = info ?? newGameInfo(); // a new game in the library (an import brings its own tags)
    const { record, clocks } = x;
    const imported = settleImported?.result ? Object.entries(PGN_RESULT).find(([, tag]) => tag === settleImported.result)?.[0] : null;
    if (imported && !record.result()) x.ending = { result: imported, code: 'imported', side: null, text: settleImported.reason ?? null };
    if (clocks && record.moves.length && !x.gameResult() && x.isUserSide(record.sideToMove())) startClock(clocks, record.sideToMove());
    syncClockTimer();
    x.save();
    x.render({ animate: false });
    x.engine.requestEngineMove();
    x.engine.startPonder();
  }

  function newGame() {
    x.clearError();
    resetTo(new GameRecord(x.XiangqiGame, START_FEN));
  }

  function undo() {
    const { record } = x;
    if (!record.moves.length || x.analysing()) return;
    // The user to move: take back the engine's reply and the user's move. The engine to move (thinking):
    // take back the user's move only. Two people, or engine vs engine: one move.
    const vsEngine = settings.mode === 'red' || settings.mode === 'black';
    const count = vsEngine && x.isUserSide(record.sideToMove()) && !x.gameResult() ? 2 : 1;
    x.viewPly = null;
    x.ending = null;
    x.drawOffer = false;
    if (x.clocks) stopClock(x.clocks);
    x.engine.reset();
    x.clearError();
    try {
      record.undo(count);
    } catch (err) {
      x.showError('error.undo', {}, err);
    }
    if (x.clocks && record.moves.length && !record.result() && x.isUserSide(record.sideToMove())) startClock(x.clocks, record.sideToMove());
    syncClockTimer();
    x.save();
    x.render({ animate: false });
    x.engine.requestEngineMove();
    x.engine.startPonder(); // back to the user's move mid-game: ponder on the move the engine now expects
  }

  /** The user resigns (two people: the side to move resigns). */
  function resign() {
    if (x.gameResult() || settings.mode === 'engine') return;
    const side = settings.mode === 'human' ? x.record.sideToMove() : settings.mode;
    endGame({ result: side === 'red' ? 'black' : 'red', code: 'resign', side });
  }

  /**
   * The user offers a draw. The engine answers with its next search (go draw): on its turn now (the
   * search running is restarted with the offer), else after the user's next move. It accepts or declines
   * by its own rule (the engine's, src/engine.rs); the page only reports the answer.
   */
  function offerDraw() {
    if (x.gameResult() || !(settings.mode === 'red' || settings.mode === 'black') || x.drawOffer) return;
    x.drawOffer = true;
    x.drawAnswer = null;
    x.engine.setNotice('draw-offered', () => t('draw.offered'));
    if (x.engine.ponderPending()) x.engine.stopPondering();
    if (x.engine.engineToMove()) {
      client.cancel();
      x.engine.requestEngineMove();
    }
    x.render({ animate: false });
  }

  /** Claims the draw the rules give here (repetition, 60-move rule, no mating material on either side). */
  function claimDraw() {
    const reason = claimable();
    if (!reason || x.gameResult()) return;
    const code = { repetition: 'claim_repetition', 'sixty-move': 'claim_sixty_move', material: 'claim_material' }[reason] ?? 'claim_repetition';
    endGame({ result: 'draw', code });
  }

  function flip() {
    settings.orientation = settings.orientation === 'red' ? 'black' : 'red';
    x.saveSettings();
    x.render({ animate: false });
  }

  return {
    boardBar, actionBar, clocksEl,
    renderClocks, renderActions, syncClockTimer, clockAfterMove, flagFall, endGame, settleIfOver, resetTo,
    destroy() {
      clearTimeout(clockTimer);
    },
  };
}
