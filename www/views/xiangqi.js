// The Xiangqi page (#xiangqi): the user plays Red against the Rust engine (Black) running in a worker.
// This module connects the pieces: the game record (rules, in wasm on this thread), the board view (no
// rules), the engine client (worker), and the panel (status, moves, settings, FEN).

import { h, icon, setText } from './dom.js';
import { createXiangqiBoard } from './xiangqi-board.js';
import { createEngineStatus } from './engine-status.js';
import { GameRecord, START_FEN } from '../game-record.js';
import { engineClient } from './shared-engine.js';
import { errorText } from '../i18n/errors.js';
import { readJSON, writeJSON } from '../storage.js';

const GAME_KEY = 'duiyi.xiangqi.game.v1';
const SETTINGS_KEY = 'duiyi.xiangqi.settings.v1';
const MOVE_TIMES_MS = [200, 500, 1000, 2000, 5000, 10000];
const DEFAULT_SETTINGS = { movetime: 1000, ponder: true, orientation: 'red' };
/** a ponder search that has not been hit after this long is stopped (no endless CPU use) */
const PONDER_CAP_MS = 60000;
/** a short search of the user's position, to find the move to ponder on when none is known (after a reload
 *  of a game saved without one, or an engine reply that came without a ponder move) */
const GUESS_MS = 300;



/**
 * @param {HTMLElement} root
 * @param {{lang: string, t: (key: string, params?: object) => string, wasm: typeof import('../pkg/duiyi.js'),
 *          params?: URLSearchParams}} ctx
 */
/** The rule's code (from the engine's verdict) names the UI string; its English sentence is the fallback. */
const REASON_KEYS = {
  checkmate: 'checkmate',
  stalemate: 'stalemate',
  natural_move_limit: 'moveLimit',
  mutual_perpetual: 'mutualRepetition',
  perpetual_check: 'perpetualCheck',
  perpetual_chase: 'perpetualChase',
  repetition: 'repetition',
};

export function mount(root, ctx) {
  let { t } = ctx;
  const { XiangqiGame } = ctx.wasm;
  const client = engineClient();
  const settings = { ...DEFAULT_SETTINGS, ...(readJSON(SETTINGS_KEY) ?? {}) };
  if (!MOVE_TIMES_MS.includes(settings.movetime)) settings.movetime = DEFAULT_SETTINGS.movetime;

  // ---- DOM ------------------------------------------------------------------------------------------------
  const boardHost = h('div', { class: 'board-host', dataset: { testid: 'board' } });
  const btn = (key, testid, onClick) =>
    h('button', { type: 'button', class: 'btn', dataset: { i18n: key, testid }, on: { click: onClick } });
  const newBtn = btn('xq.new', 'new-game', () => newGame());
  const undoBtn = btn('xq.undo', 'undo', () => undo());
  const flipBtn = btn('xq.flip', 'flip', () => flip());
  // "Move now": the engine stops thinking and plays the best move it has found so far
  const moveNowBtn = btn('xq.moveNow', 'move-now', () => {
    if (client.state === 'thinking' && engineToMove()) client.stop();
  });
  const resultEl = h('div', { class: 'result', dataset: { testid: 'game-result' }, role: 'status', hidden: true });
  const turnEl = h('div', { class: 'turn', dataset: { testid: 'turn' } });
  const statusHost = h('div');
  const moveList = h('ol', { class: 'move-list', dataset: { testid: 'move-list' } });
  const navBtn = (label, i18nLabel, testid, onClick) =>
    h('button', { type: 'button', class: 'btn btn-small nav-btn', dataset: { testid, i18nAriaLabel: i18nLabel, i18nTitle: i18nLabel }, on: { click: onClick } }, label);
  const navFirst = navBtn(icon('first'), 'xq.nav.first', 'nav-first', () => setView(0));
  const navPrev = navBtn(icon('prev'), 'xq.nav.prev', 'nav-prev', () => setView((viewPly ?? record.moves.length) - 1));
  const navNext = navBtn(icon('next'), 'xq.nav.next', 'nav-next', () => setView((viewPly ?? record.moves.length) + 1));
  const navLast = navBtn(icon('last'), 'xq.nav.last', 'nav-last', () => setView(null));
  const reviewNote = h('div', { class: 'review-note', dataset: { testid: 'review' }, hidden: true });
  const moveInput = h('input', {
    type: 'text', id: 'xq-move-input', class: 'move-input', spellcheck: 'false', autocomplete: 'off',
    dataset: { testid: 'move-input', i18nPlaceholder: 'xq.moveInputPlaceholder' },
  });
  const moveForm = h('form', { class: 'move-form', on: { submit: (e) => { e.preventDefault(); typedMove(moveInput.value); } } },
    h('label', { for: 'xq-move-input', class: 'visually-hidden', dataset: { i18n: 'xq.moveInputLabel' } }),
    moveInput,
    h('button', { type: 'submit', class: 'btn btn-small', dataset: { i18n: 'xq.moveInputGo', testid: 'move-input-go' } }));
  const moveTime = h('select', { id: 'xq-movetime', dataset: { testid: 'movetime' } },
    MOVE_TIMES_MS.map((ms) => h('option', { value: ms, text: `${ms / 1000} s`, selected: ms === settings.movetime })));
  const ponderBox = h('input', { type: 'checkbox', id: 'xq-ponder', dataset: { testid: 'ponder' }, checked: settings.ponder });
  const fenOut = h('output', { class: 'fen', dataset: { testid: 'fen' } });
  const fenInput = h('input', {
    type: 'text', id: 'xq-fen-input', class: 'fen-input', spellcheck: 'false', autocomplete: 'off',
    dataset: { testid: 'fen-input', i18nPlaceholder: 'xq.fenPlaceholder' },
  });
  const loadBtn = h('button', { type: 'submit', class: 'btn', dataset: { i18n: 'xq.loadFen', testid: 'load-fen' } });
  const copyBtn = h('button', { type: 'button', class: 'btn btn-small', dataset: { i18n: 'xq.copyFen', testid: 'copy-fen' } });
  const linkEl = h('a', { class: 'position-link', dataset: { testid: 'position-link', i18n: 'xq.link' } });
  const errorEl = h('div', { class: 'error', dataset: { testid: 'error' }, role: 'alert', hidden: true });

  const view = h('div', { class: 'xq-layout' },
    h('section', { class: 'board-column' },
      boardHost,
      h('div', { class: 'board-bar' }, newBtn, undoBtn, flipBtn, moveNowBtn)),
    h('aside', { class: 'side-column' },
      resultEl,
      turnEl,
      statusHost,
      h('section', { class: 'panel moves-panel' },
        h('div', { class: 'moves-head' },
          h('h2', { dataset: { i18n: 'xq.moves' } }),
          h('div', { class: 'nav-buttons' }, navFirst, navPrev, navNext, navLast)),
        h('div', { class: 'move-scroll' }, moveList),
        reviewNote,
        moveForm),
      h('section', { class: 'panel settings-panel' },
        h('div', { class: 'field' }, h('label', { for: 'xq-movetime', dataset: { i18n: 'xq.moveTime' } }), moveTime),
        h('div', { class: 'field' }, ponderBox, h('label', { for: 'xq-ponder', dataset: { i18n: 'xq.ponder' } }))),
      h('section', { class: 'panel fen-panel' },
        h('div', { class: 'fen-row' }, fenOut, copyBtn),
        h('form', { class: 'fen-form', on: { submit: (e) => { e.preventDefault(); loadFen(fenInput.value); } } },
          h('label', { for: 'xq-fen-input', class: 'visually-hidden', dataset: { i18n: 'xq.fenLabel' } }),
          fenInput, loadBtn),
        linkEl),
      errorEl));
  root.replaceChildren(view);

  const board = createXiangqiBoard(boardHost, { onMove: (from, to) => userMove(from + to) });
  const status = createEngineStatus(statusHost, t);

  // ---- state --------------------------------------------------------------------------------------------
  /** @type {GameRecord} */
  let record;
  /** the ponder search in flight: {move, key, hit} */
  let ponder = null;
  let ponderTimer = null;
  /** the last engine reply's suggested move for the user, to ponder on again when the tab comes back */
  let lastPonderMove = null;
  let lastInfo = null;
  let infoKey = null;
  /** the engine panel's note: {kind, text: () => string} (a function, so a language switch re-translates it) */
  let notice = null;
  let noticeTimer = null;
  /** the short search that finds a move to ponder on (see guessPonderMove) */
  let guess = null;
  let destroyed = false;
  /** null: the board shows the game; a number: it shows the position after that many moves (review) */
  let viewPly = null;
  /** what the move list shows (it is rebuilt only when this changes) */
  let movesDrawn = null;
  /** the error shown ({key, params, error}), re-translated when the language changes */
  let shownError = null;
  const unsubscribe = [];

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
    const userTurn = !record.result() && record.sideToMove() === 'red';
    writeJSON(GAME_KEY, { ...record.toJSON(), ponder: userTurn ? lastPonderMove : null });
  }

  function saveSettings() {
    writeJSON(SETTINGS_KEY, settings);
  }

  // ---- start-up: the saved game, or ?fen= -----------------------------------------------------------------
  const saved = readJSON(GAME_KEY);
  try {
    record = saved ? GameRecord.fromJSON(XiangqiGame, saved) : new GameRecord(XiangqiGame, START_FEN);
  } catch (err) {
    record = new GameRecord(XiangqiGame, START_FEN);
    showError('error.savedGame', {}, err);
  }
  /** the move to ponder on, as saved with the game (checked against the position before use) */
  lastPonderMove = typeof saved?.ponder === 'string' ? saved.ponder : null;
  const urlFen = ctx.params?.get('fen');
  if (urlFen) {
    // Applied once; then dropped from the address bar so that a reload resumes the game in progress.
    const url = new URL(location.href);
    url.searchParams.delete('fen');
    history.replaceState(history.state, '', url);
    loadFen(urlFen, { quiet: false });
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
    return record.pieces().find((p) => p.piece === letter)?.square ?? null;
  }

  function render({ animate = true } = {}) {
    const result = record.result();
    const side = record.sideToMove();
    if (viewPly !== null && viewPly >= record.moves.length) viewPly = null;
    if (viewPly !== null) {
      renderReview(animate);
    } else {
      renderLive(result, side, animate);
    }
    undoBtn.disabled = record.moves.length === 0;
    moveNowBtn.disabled = !(client.state === 'thinking' && engineToMove());
    navFirst.disabled = navPrev.disabled = (viewPly ?? record.moves.length) === 0;
    navNext.disabled = navLast.disabled = viewPly === null;
    setText(reviewNote, viewPly === null ? '' : t('xq.reviewing', { ply: viewPly, total: record.moves.length }));
    renderResult(result);
    renderTurn(result, side);
    renderMoves();
    renderStatus();
  }

  function showFen(fen) {
    fenOut.textContent = fen;
    fenOut.title = fen;
    const link = new URL(location.href);
    link.search = '';
    link.searchParams.set('fen', fen);
    link.hash = '#xiangqi';
    linkEl.href = link.href;
  }

  function renderReview(animate) {
    const pos = record.positionAt(viewPly);
    const general = pos.inCheck ? pos.pieces.find((p) => p.piece === (pos.sideToMove === 'red' ? 'K' : 'k'))?.square : null;
    board.set({
      pieces: pos.pieces,
      dests: new Map(),
      movable: false,
      lastMove: pos.lastMove ? { from: pos.lastMove.slice(0, 2), to: pos.lastMove.slice(2, 4) } : null,
      check: general ?? null,
      orientation: settings.orientation,
      hint: null,
      animate,
    });
    showFen(pos.fen);
  }

  function renderLive(result, side, animate) {
    const userTurn = !result && side === 'red';
    const last = record.moves.at(-1);
    let hint = null;
    if (client.state === 'thinking' && lastInfo?.pv?.[0] && infoKey === record.key()) {
      hint = { from: lastInfo.pv[0].slice(0, 2), to: lastInfo.pv[0].slice(2, 4), kind: 'engine' };
    }
    board.set({
      pieces: record.pieces(),
      dests: userTurn ? destsOf(record.legalMoves()) : new Map(),
      movable: userTurn,
      lastMove: last ? { from: last.slice(0, 2), to: last.slice(2, 4) } : null,
      check: record.inCheck() ? generalSquare(side) : null,
      orientation: settings.orientation,
      hint,
      animate,
    });
    board.setAriaLabel(t('xq.boardLabel'));
    showFen(record.fen());
  }

  /** Shows the position after `ply` moves (null or the last ply: the game itself). */
  function setView(ply) {
    const n = record.moves.length;
    const previous = viewPly ?? n;
    let next = ply === null ? null : Math.max(0, Math.min(n, ply));
    if (next === n) next = null;
    if (next === viewPly) return;
    viewPly = next;
    render({ animate: (next ?? n) === previous + 1 });
  }

  function typedMove(text) {
    if (viewPly !== null) setView(null);
    if (record.result() || record.sideToMove() !== 'red') {
      showError('error.notYourTurn');
      return;
    }
    const move = record.findMove(text);
    if (!move) {
      // The reason: the rules' for an ICCS move, else "no legal move is written so" / "not a move".
      const shown = String(text).trim();
      const why = record.whyNot(text) ?? { code: 'typed.unreadable', params: { text: shown }, message: `not a move: ${shown}` };
      showError('error.typedMove', { text: shown }, why);
      return;
    }
    moveInput.value = '';
    userMove(move);
  }

  function renderResult(result) {
    if (!result) {
      setText(resultEl, '');
      delete resultEl.dataset.result;
      delete resultEl.dataset.reason;
      return;
    }
    const reason = reasonText(result.reason, result.code, result.side);
    resultEl.dataset.result = result.result;
    resultEl.dataset.reason = result.reason;
    resultEl.title = result.reason;
    setText(resultEl, t(`result.${result.result}`, { reason }));
  }

  function reasonText(raw, ruleCode, ruleSide) {
    const code = REASON_KEYS[ruleCode];
    const key = `reason.${code}`;
    const params = ruleSide ? { side: t(`side.${ruleSide}`) } : {};
    return code && t(key, params) !== key ? t(key, params) : String(raw ?? '');
  }

  function renderTurn(result, side) {
    if (result) turnEl.textContent = t('xq.turn.over');
    else if (side === 'red') turnEl.textContent = t('xq.turn.you');
    else turnEl.textContent = client.state === 'crashed' ? t('xq.turn.engineRecovering') : t('xq.turn.engine');
    turnEl.dataset.side = result ? '' : side;
  }

  function renderMoves() {
    // Rebuilt only when the moves or the reviewed ply change (scrolling reads layout, which is not free).
    const signature = `${record.key()}|${viewPly}|${t('xq.moves')}`;
    if (signature === movesDrawn) return;
    movesDrawn = signature;
    const items = [];
    const blackFirst = record.startSide === 'black';
    if (blackFirst && record.moves.length) {
      items.push(h('li', { class: 'move move-red move-skip', 'aria-hidden': 'true' }, h('span', { class: 'move-num', text: '1.' }), '…'));
    }
    record.moves.forEach((iccs, i) => {
      const ply = blackFirst ? i + 1 : i; // 0-based ply counted from a Red move
      const isRed = ply % 2 === 0;
      const zh = record.notation[i];
      const li = h('li', {
        class: `move ${isRed ? 'move-red' : 'move-black'}${i === record.moves.length - 1 ? ' move-last' : ''}${viewPly === i + 1 ? ' move-viewing' : ''}`,
        dataset: { iccs, ply: String(i + 1) },
        title: iccs,
        tabindex: '0',
      },
      isRed ? h('span', { class: 'move-num', text: `${ply / 2 + 1}.` }) : null,
      h('span', { class: 'move-text', text: zh ?? iccs }),
      zh ? h('span', { class: 'move-iccs', text: iccs }) : null);
      if (zh) li.dataset.chinese = zh;
      items.push(li);
    });
    moveList.replaceChildren(...items);
    const scroller = moveList.parentElement;
    const focus = viewPly === null ? null : moveList.querySelector('.move-viewing');
    if (focus) focus.scrollIntoView({ block: 'nearest' });
    else scroller.scrollTop = scroller.scrollHeight;
  }

  function renderStatus() {
    const current = client.current;
    let sign = 1;
    let pvText = '';
    const info = infoKey && current && lastInfo ? lastInfo : null;
    if (info && current) {
      // the engine scores from the searched side's point of view; shown from Red's
      const searchedSide = (current.position.moves.length % 2 === 0) === (record.startSide === 'red') ? 'red' : 'black';
      sign = searchedSide === 'red' ? 1 : -1;
      const line = info.pv.slice(0, 8);
      const zh = record.lineNotation(line, current.position.moves);
      pvText = (zh ?? line).join(' ');
    }
    let ponderText = '';
    const ponderMove = ponder && !ponder.hit && client.state === 'pondering' ? ponder.move : null;
    if (ponderMove) {
      ponderText = (record.lineNotation([ponderMove]) ?? [ponderMove])[0];
    }
    status.update({
      state: client.state,
      ready: client.ready,
      info,
      sign,
      pvText,
      ponderText,
      ponderMove,
      notice: notice ? notice.text() : '',
      noticeKind: notice?.kind ?? '',
      detail: client.state === 'thinking' && current?.params.movetime ? `${current.params.movetime / 1000} s` : '',
    });
  }

  /** The crash reason in the UI's language, with the raw detail (lila#12786: show the real error). */
  function crashText(message, code, params = {}) {
    const key = `engine.crash.${code}`;
    const text = t(key, params);
    return text === key ? message : text;
  }

  /**
   * Shows a note in the engine panel: `kind` names it (ponder-hit, ponder-miss, copied, crash, recovered; a
   * test hook), `text` gives it in the current language. With `ms` it goes after that long; a ponder note
   * stays until the next move (clearPonderNotice), so it always speaks of the last move.
   */
  function setNotice(kind, text, ms = 0) {
    notice = { kind, text };
    clearTimeout(noticeTimer);
    if (ms) noticeTimer = setTimeout(() => { notice = null; renderStatus(); }, ms);
    renderStatus();
  }

  function clearPonderNotice() {
    if (notice && notice.kind.startsWith('ponder-')) {
      notice = null;
      clearTimeout(noticeTimer);
    }
  }

  // ---- engine -------------------------------------------------------------------------------------------
  function engineToMove() {
    return !record.result() && record.sideToMove() === 'black';
  }

  function searchKey(request) {
    return [request.position.fen, ...request.position.moves].join(' ');
  }

  function requestEngineMove() {
    if (!engineToMove()) return;
    const key = record.key();
    const current = client.current;
    if (current && !current.cancelled && !current.params.ponder && searchKey(current) === key) return; // already asked
    lastInfo = null;
    infoKey = key;
    client.search({ fen: record.startFen, moves: record.moves }, { movetime: settings.movetime })
      .then((res) => applyEngineResult(res, key))
      .catch((err) => showError('error.engine', {}, err));
    render({ animate: false });
  }

  function applyEngineResult(res, key) {
    if (destroyed || res.cancelled || key !== record.key()) return;
    if (!res.move) {
      if (!record.result()) showError('error.engineNoMove');
      return;
    }
    try {
      record.play(res.move);
    } catch (err) {
      showError('error.engineIllegal', { move: res.move }, err);
      return;
    }
    // The move to ponder on: the engine's, else the second move of its last principal variation.
    const pv = infoKey === key ? lastInfo?.pv : null;
    lastPonderMove = res.ponder ?? (pv?.[0] === res.move ? pv[1] ?? null : null);
    ponder = null;
    lastInfo = null;
    viewPly = null;
    save();
    render();
    startPonder();
  }

  /**
   * Ponders while the user thinks (Ponder on, the user to move, the tab visible): a `go ponder` on the
   * position after the move the engine expects. That move is the one the engine's last reply named (saved
   * with the game, so a reload resumes pondering on the same move). When there is none, mid-game (a game
   * saved before the move was kept, or a reply without a ponder move), a short search of the user's
   * position finds it first (guessPonderMove).
   */
  function startPonder() {
    clearTimeout(ponderTimer);
    if (!settings.ponder || document.hidden || record.result() || record.sideToMove() !== 'red') return;
    const move = lastPonderMove && record.legalMoves().includes(lastPonderMove) ? lastPonderMove : null;
    if (!move) {
      if (record.moves.length > 0) guessPonderMove();
      return;
    }
    const key = record.key(move);
    ponder = { move, key, hit: false };
    const p = ponder;
    infoKey = key;
    lastInfo = null;
    client.search({ fen: record.startFen, moves: [...record.moves, move] }, { ponder: true, movetime: settings.movetime })
      .then((res) => {
        if (ponder === p) ponder = null;
        applyEngineResult(res, key);
        renderStatus();
      })
      .catch((err) => showError('error.engine', {}, err));
    ponderTimer = setTimeout(() => {
      if (ponder === p && !p.hit) stopPondering();
    }, PONDER_CAP_MS);
    renderStatus();
  }

  /** A short search of the user's position: its best move is the reply the engine expects; then ponder on it. */
  function guessPonderMove() {
    if (guess || (client.current && !client.current.cancelled)) return; // a search asked for decides first
    const key = record.key();
    const g = (guess = { key });
    client.search({ fen: record.startFen, moves: record.moves }, { movetime: Math.min(GUESS_MS, settings.movetime) })
      .then((res) => {
        if (guess === g) guess = null;
        if (destroyed || res.cancelled || !res.move || key !== record.key()) return;
        lastPonderMove = res.move;
        save();
        startPonder();
      })
      .catch((err) => {
        if (guess === g) guess = null;
        showError('error.engine', {}, err);
      });
    renderStatus();
  }

  function stopPondering() {
    clearTimeout(ponderTimer);
    if (guess) {
      guess = null;
      client.cancel();
    }
    if (ponder && !ponder.hit) {
      ponder = null;
      client.cancel();
    }
  }

  // ---- user actions ---------------------------------------------------------------------------------------
  function userMove(iccs) {
    if (record.result() || record.sideToMove() !== 'red') return;
    try {
      record.play(iccs);
    } catch (err) {
      showError('error.illegalMove', { move: iccs }, err);
      render({ animate: false });
      return;
    }
    clearError();
    clearPonderNotice();
    guess = null;
    save();
    if (ponder && !ponder.hit && ponder.move === iccs && client.state === 'pondering') {
      // Ponder hit: the search already running on this very position goes on with its clock started.
      ponder.hit = true;
      clearTimeout(ponderTimer);
      client.ponderhit();
      infoKey = record.key();
      setNotice('ponder-hit', () => t('engine.ponderHit'));
      render({ animate: false });
      return;
    }
    if (ponder) setNotice('ponder-miss', () => t('engine.ponderMiss'));
    ponder = null;
    clearTimeout(ponderTimer);
    render({ animate: false });
    requestEngineMove(); // stops a ponder search first (safe host protocol in the client)
  }

  function resetTo(newRecord) {
    viewPly = null;
    clearTimeout(ponderTimer);
    clearPonderNotice();
    ponder = null;
    guess = null;
    lastPonderMove = null;
    lastInfo = null;
    client.cancel();
    record.free();
    record = newRecord;
    save();
    render({ animate: false });
    requestEngineMove();
  }

  function newGame() {
    clearError();
    resetTo(new GameRecord(XiangqiGame, START_FEN));
  }

  function loadFen(text, { quiet = false } = {}) {
    const fen = String(text ?? '').trim();
    if (!fen) {
      showError('error.fenEmpty');
      return false;
    }
    let next;
    try {
      next = new GameRecord(XiangqiGame, fen);
    } catch (err) {
      // The game in progress stays exactly as it was.
      showError('error.fen', {}, err);
      return false;
    }
    if (!quiet) clearError();
    if (record) resetTo(next);
    else record = next;
    return true;
  }

  function undo() {
    if (!record.moves.length) return;
    // Red to move: take back the engine's reply and the user's move. Black to move (the engine is
    // thinking): take back the user's move only.
    const count = record.sideToMove() === 'red' ? 2 : 1;
    viewPly = null;
    clearTimeout(ponderTimer);
    clearPonderNotice();
    ponder = null;
    guess = null;
    lastPonderMove = null;
    client.cancel();
    clearError();
    try {
      record.undo(count);
    } catch (err) {
      showError('error.undo', {}, err);
    }
    save();
    render({ animate: false });
    requestEngineMove();
    startPonder(); // back to the user's move mid-game: ponder on the move the engine now expects
  }

  function flip() {
    settings.orientation = settings.orientation === 'red' ? 'black' : 'red';
    saveSettings();
    render({ animate: false });
  }

  moveTime.addEventListener('change', () => {
    settings.movetime = Number(moveTime.value);
    saveSettings();
  });
  ponderBox.addEventListener('change', () => {
    settings.ponder = ponderBox.checked;
    saveSettings();
    if (!settings.ponder) stopPondering();
    else if (!ponder) startPonder();
    renderStatus();
  });
  copyBtn.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(record.fen());
      setNotice('copied', () => t('xq.copied'), 2000);
    } catch {
      fenInput.value = record.fen();
      fenInput.select();
    }
  });

  moveList.addEventListener('click', (e) => {
    const li = e.target.closest('[data-ply]');
    if (li) setView(Number(li.dataset.ply));
  });
  moveList.addEventListener('keydown', (e) => {
    const li = e.target.closest('[data-ply]');
    if (li && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      setView(Number(li.dataset.ply));
    }
  });
  function onKey(e) {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.target.closest?.('input, select, textarea, [contenteditable]')) return;
    const n = record.moves.length;
    const at = viewPly ?? n;
    const moves = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: null, ArrowUp: 0, ArrowDown: null };
    if (!(e.key in moves)) return;
    e.preventDefault();
    setView(moves[e.key]);
  }
  document.addEventListener('keydown', onKey);

  function onVisibility() {
    // No pondering in a hidden tab: the engine must not burn the CPU while nobody looks.
    if (document.hidden) stopPondering();
    else if (!ponder) startPonder();
  }
  document.addEventListener('visibilitychange', onVisibility);

  // ---- engine events ------------------------------------------------------------------------------------
  unsubscribe.push(
    client.on('info', (info) => {
      const current = client.current;
      if (!current || current.id !== info.searchId) return;
      // The guess search looks at the user's own position: its line would give the user's best move away.
      if (guess && !current.params.ponder && searchKey(current) === guess.key) return;
      lastInfo = info;
      infoKey = searchKey(current);
      if (client.state === 'thinking') render({ animate: false });
      else renderStatus();
    }),
    client.on('state', () => {
      render({ animate: false });
    }),
    client.on('ready', () => renderStatus()),
    client.on('crash', ({ message, code, params, recovering }) => {
      setNotice('crash', () => {
        const why = crashText(message, code, params);
        return recovering ? t('engine.crashed', { message: why }) : t('engine.gaveUp', { message: why });
      });
      render({ animate: false });
    }),
    client.on('recovered', ({ message, code, params }) => {
      setNotice('recovered', () => t('engine.recovered', { message: crashText(message, code, params) }), 8000);
    }),
    client.on('error', (error) => {
      showError('error.engineCommand', { command: error.command ?? '?' }, error);
    }),
  );

  // ---- go -----------------------------------------------------------------------------------------------
  applyLang();
  render({ animate: false });
  save();
  requestEngineMove();
  startPonder(); // after a reload mid-game: the user to move, so the engine ponders again

  function applyLang() {
    for (const node of view.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n);
    for (const node of view.querySelectorAll('[data-i18n-placeholder]')) node.placeholder = t(node.dataset.i18nPlaceholder);
    for (const node of view.querySelectorAll('[data-i18n-title]')) node.title = t(node.dataset.i18nTitle);
    for (const node of view.querySelectorAll('[data-i18n-aria-label]')) node.setAttribute('aria-label', t(node.dataset.i18nAriaLabel));
    status.setTranslator(t);
    if (shownError) showError(shownError.key, shownError.params, shownError.error);
  }

  const api = {
    setLang(_lang, nextT) {
      t = nextT;
      applyLang();
      render({ animate: false });
    },
    unmount() {
      destroyed = true;
      clearTimeout(ponderTimer);
      clearTimeout(noticeTimer);
      document.removeEventListener('visibilitychange', onVisibility);
      document.removeEventListener('keydown', onKey);
      for (const off of unsubscribe) off();
      client.cancel();
      board.destroy();
      record.free();
    },
    get record() {
      return record;
    },
    client,
  };
  return api;
}
