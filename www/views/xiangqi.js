// The Xiangqi page (#xiangqi): the user plays Red or Black against the Rust engine running in a worker (or
// watches engine vs engine, or two people play on one board). This module connects the pieces: the game
// record (rules, in wasm on this thread), the board view (no rules), the engine client (worker), the clocks
// (www/views/xiangqi-clock.js) and the panels (clocks, actions, status, moves, settings, export, FEN).
//
// Saved: the game (GAME_KEY: start FEN, moves, the move the engine expects), its play state (PLAY_KEY: time
// control, clocks with wall-clock timestamps, the ending by resignation / flag / agreement / claim, the
// ponder statistics) and the settings (SETTINGS_KEY).

import { h, icon, setText } from './dom.js';
import { createXiangqiBoard } from './xiangqi-board.js';
import { createEngineStatus } from './engine-status.js';
import { GameRecord, START_FEN } from '../game-record.js';
import { engineClient } from './shared-engine.js';
import { errorText } from '../i18n/errors.js';
import { readJSON, writeJSON } from '../storage.js';
import { MOVE_ANIMATION_MS } from './xiangqi-board.js';
import {
  TC_PRESETS, DEFAULT_TC_ID, DEPTHS, newClocks, timeLeft, startClock, stopClock, completeMove, formatClock,
  validClocks, validTc,
} from './xiangqi-clock.js';
import { PIECE_SETS } from './xiangqi-pieces.js';

const GAME_KEY = 'duiyi.xiangqi.game.v1';
const SETTINGS_KEY = 'duiyi.xiangqi.settings.v1';
const PLAY_KEY = 'duiyi.xiangqi.play.v1';
const MOVE_TIMES_MS = [200, 500, 1000, 2000, 5000, 10000];
const MODES = ['red', 'black', 'engine', 'human'];
const NOTATIONS = ['iccs', 'chinese', 'wxf'];
const DEFAULT_SETTINGS = {
  movetime: 1000, ponder: true, orientation: 'red', tc: DEFAULT_TC_ID, customMin: 10, customInc: 5, depth: 8,
  level: 0, mode: 'red', flipForBlack: true, pieceSet: 'chinese', notation: 'chinese', pgnFormat: 'iccs',
};
/** how often the running clock is redrawn under 10 s (tenths are shown there; whole seconds above) */
const CLOCK_TICK_MS = 100;
/** the PGN result tag of a result */
const PGN_RESULT = { red: '1-0', black: '0-1', draw: '1/2-1/2' };
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
  // endings decided on the page (not by the rules of the position)
  resign: 'resign',
  flag: 'flag',
  flag_material: 'flagMaterial',
  draw_agreed: 'drawAgreed',
  claim_repetition: 'claimRepetition',
  claim_sixty_move: 'claimSixtyMove',
  claim_material: 'claimMaterial',
  imported: 'imported',
};

/**
 * The engine's levels ([{level, depth, nodes, marginCp, chance, description: {en, zh}}]) from the wasm
 * module (a module function `levels()` or a static `Engine.levels()`), or null in a build without them.
 */
function engineLevels(wasm) {
  try {
    const list = typeof wasm.levels === 'function' ? wasm.levels() : typeof wasm.Engine?.levels === 'function' ? wasm.Engine.levels() : null;
    return Array.isArray(list) ? list : list ? Array.from(list) : null;
  } catch {
    return null;
  }
}

export function mount(root, ctx) {
  let { t } = ctx;
  const { XiangqiGame } = ctx.wasm;
  const client = engineClient();
  const settings = { ...DEFAULT_SETTINGS, ...(readJSON(SETTINGS_KEY) ?? {}) };
  if (!MOVE_TIMES_MS.includes(settings.movetime)) settings.movetime = DEFAULT_SETTINGS.movetime;
  if (!TC_PRESETS.some((p) => p.id === settings.tc)) settings.tc = DEFAULT_TC_ID;
  if (!MODES.includes(settings.mode)) settings.mode = DEFAULT_SETTINGS.mode;
  if (!NOTATIONS.includes(settings.notation)) settings.notation = DEFAULT_SETTINGS.notation;
  if (!PIECE_SETS.includes(settings.pieceSet)) settings.pieceSet = DEFAULT_SETTINGS.pieceSet;
  if (!NOTATIONS.includes(settings.pgnFormat)) settings.pgnFormat = DEFAULT_SETTINGS.pgnFormat;
  if (!(Number.isInteger(settings.level) && settings.level >= 0 && settings.level <= 8)) settings.level = 0;
  if (!DEPTHS.includes(settings.depth)) settings.depth = DEFAULT_SETTINGS.depth;
  if (!(settings.customMin > 0)) settings.customMin = DEFAULT_SETTINGS.customMin;
  if (!(settings.customInc >= 0)) settings.customInc = DEFAULT_SETTINGS.customInc;
  /** the engine's levels and their handicaps (src: the wasm module's levels(); null in a build without) */
  const levels = engineLevels(ctx.wasm);
  const { pgnWrite, pgnParse } = ctx.wasm;

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
  // ---- clocks, time control, level, sides, actions
  const clockEl = (side) => h('div', { class: `clock clock-${side}`, dataset: { testid: `clock-${side}`, side } },
    h('span', { class: 'clock-label', dataset: { i18n: `side.${side}` } }),
    h('span', { class: 'clock-time' }));
  const clockRed = clockEl('red');
  const clockBlack = clockEl('black');
  const tcSelect = h('select', { id: 'xq-tc', dataset: { testid: 'time-control' } },
    TC_PRESETS.map((p) => h('option', { value: p.id, selected: p.id === settings.tc, dataset: { i18n: `tc.${p.id}` } })));
  const customMin = h('input', { type: 'number', id: 'xq-tc-min', min: '0.05', step: 'any', value: settings.customMin, dataset: { testid: 'tc-minutes' } });
  const customInc = h('input', { type: 'number', id: 'xq-tc-inc', min: '0', step: 'any', value: settings.customInc, dataset: { testid: 'tc-increment' } });
  const customRow = h('div', { class: 'field field-custom' },
    h('label', { for: 'xq-tc-min', dataset: { i18n: 'tc.minutes' } }), customMin,
    h('label', { for: 'xq-tc-inc', dataset: { i18n: 'tc.increment' } }), customInc);
  const depthSelect = h('select', { id: 'xq-depth', dataset: { testid: 'depth' } },
    DEPTHS.map((d) => h('option', { value: d, text: String(d), selected: d === settings.depth })));
  const moveTimeRow = h('div', { class: 'field' }, h('label', { for: 'xq-movetime', dataset: { i18n: 'xq.moveTime' } }), moveTime);
  const depthRow = h('div', { class: 'field' }, h('label', { for: 'xq-depth', dataset: { i18n: 'tc.depthLabel' } }), depthSelect);
  const tcNote = h('div', { class: 'field-note', dataset: { testid: 'tc-note' } });
  const levelSelect = h('select', { id: 'xq-level', dataset: { testid: 'level' } },
    [0, 1, 2, 3, 4, 5, 6, 7, 8].map((n) => h('option', { value: n, selected: n === settings.level })));
  const levelNote = h('div', { class: 'field-note', dataset: { testid: 'level-note' } });
  const modeSelect = h('select', { id: 'xq-mode', dataset: { testid: 'side' } },
    MODES.map((m) => h('option', { value: m, selected: m === settings.mode, dataset: { i18n: `mode.${m}` } })));
  const flipBlackBox = h('input', { type: 'checkbox', id: 'xq-flip-black', dataset: { testid: 'flip-black' }, checked: settings.flipForBlack });
  const pieceSetSelect = h('select', { id: 'xq-pieces', dataset: { testid: 'piece-set' } },
    PIECE_SETS.map((p) => h('option', { value: p, selected: p === settings.pieceSet, dataset: { i18n: `pieces.${p}` } })));
  const resignBtn = btn('xq.resign', 'resign', () => resign());
  const offerDrawBtn = btn('xq.offerDraw', 'offer-draw', () => offerDraw());
  const claimDrawBtn = btn('xq.claimDraw', 'claim-draw', () => claimDraw());
  const notationBar = h('div', { class: 'notation-bar', role: 'group', dataset: { testid: 'notation', notation: settings.notation } },
    NOTATIONS.map((n) => h('button', { type: 'button', class: 'btn btn-small', dataset: { value: n, i18n: `notation.${n}` }, on: { click: () => setNotation(n) } })));
  const ponderStatsEl = h('div', { class: 'ponder-stats', dataset: { testid: 'ponder-hit-rate' } });
  const ponderSavedEl = h('div', { class: 'ponder-saved', dataset: { testid: 'ponder-saved' }, role: 'status', hidden: true });
  // ---- export / import
  const exportBtn = btn('xq.exportPgn', 'export-pgn', () => exportPgn());
  const pgnFormatSelect = h('select', { id: 'xq-pgn-format', dataset: { testid: 'pgn-format' } },
    NOTATIONS.map((n) => h('option', { value: n, selected: n === settings.pgnFormat, dataset: { i18n: `notation.${n}` } })));
  const pgnText = h('textarea', { class: 'pgn-text', rows: '6', spellcheck: 'false', dataset: { testid: 'pgn-text', i18nPlaceholder: 'xq.pgnPlaceholder' } });
  const downloadLink = h('a', { class: 'btn btn-small', dataset: { testid: 'pgn-download', i18n: 'xq.download' }, download: 'duiyi-xiangqi.pgn', hidden: true });
  const importBtn = btn('xq.importPgn', 'import-pgn', () => importGame(pgnText.value));
  const importFile = h('input', { type: 'file', id: 'xq-pgn-file', accept: '.pgn,.txt,text/plain', class: 'visually-hidden', dataset: { testid: 'import-pgn-file' } });
  const importFileLabel = h('label', { for: 'xq-pgn-file', class: 'btn btn-small', dataset: { i18n: 'xq.importFile' } });
  const shareLink = h('a', { class: 'share-link', dataset: { testid: 'share-url', i18n: 'xq.share' } });
  const copyShareBtn = btn('xq.copyShare', 'copy-share', () => copyText(shareLink.href, 'xq.shareCopied'));
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

  const view = h('div', { class: 'xq-layout xq-play-layout' },
    h('section', { class: 'board-column' },
      boardHost,
      h('div', { class: 'board-bar' }, newBtn, undoBtn, flipBtn, moveNowBtn),
      h('div', { class: 'board-bar action-bar' }, resignBtn, offerDrawBtn, claimDrawBtn)),
    h('aside', { class: 'side-column' },
      h('div', { class: 'clocks' }, clockRed, clockBlack),
      resultEl,
      turnEl,
      statusHost,
      h('div', { class: 'ponder-panel' }, ponderSavedEl, ponderStatsEl),
      h('section', { class: 'panel moves-panel' },
        h('div', { class: 'moves-head' },
          h('h2', { dataset: { i18n: 'xq.moves' } }),
          notationBar,
          h('div', { class: 'nav-buttons' }, navFirst, navPrev, navNext, navLast)),
        h('div', { class: 'move-scroll' }, moveList),
        reviewNote,
        moveForm),
      h('section', { class: 'panel settings-panel' },
        h('div', { class: 'field' }, h('label', { for: 'xq-mode', dataset: { i18n: 'xq.mode' } }), modeSelect),
        h('div', { class: 'field' }, h('label', { for: 'xq-tc', dataset: { i18n: 'tc.label' } }), tcSelect),
        customRow, moveTimeRow, depthRow, tcNote,
        h('div', { class: 'field' }, h('label', { for: 'xq-level', dataset: { i18n: 'level.label' } }), levelSelect),
        levelNote,
        h('div', { class: 'field' }, ponderBox, h('label', { for: 'xq-ponder', dataset: { i18n: 'xq.ponder' } })),
        h('div', { class: 'field' }, flipBlackBox, h('label', { for: 'xq-flip-black', dataset: { i18n: 'xq.flipForBlack' } })),
        h('div', { class: 'field' }, h('label', { for: 'xq-pieces', dataset: { i18n: 'pieces.label' } }), pieceSetSelect)),
      h('section', { class: 'panel export-panel' },
        h('h2', { dataset: { i18n: 'xq.exportTitle' } }),
        h('div', { class: 'field' }, h('label', { for: 'xq-pgn-format', dataset: { i18n: 'xq.pgnFormat' } }), pgnFormatSelect),
        h('div', { class: 'export-row' }, exportBtn, downloadLink, importBtn, importFileLabel, importFile),
        pgnText,
        h('div', { class: 'export-row' }, shareLink, copyShareBtn)),
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
  /** the game's time control (fixed when the game starts) and its clocks (null without a clock) */
  let tc = currentTc();
  let clocks = newClocks(tc);
  let clockTimer = null;
  /** an ending decided on the page: {result: 'red'|'black'|'draw', code (REASON_KEYS), side?} */
  let ending = null;
  /** pondering in this game: hits, misses, ms of thinking saved; the last hit's saved and answer times */
  let stats = freshStats();
  /** the user offered a draw: the engine's next search carries go draw (answered in its bestmove) */
  let drawOffer = false;
  /** the engine's answer to the last draw offer: 'accepted' | 'declined' | 'unsupported' | null */
  let drawAnswer = null;
  /** the last ponder hit ({at: performance.now()}), until the engine's answer gives its answer time */
  let ponderHitRecord = null;
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
    const userTurn = !gameResult() && isUserSide(record.sideToMove());
    writeJSON(GAME_KEY, { ...record.toJSON(), ponder: userTurn ? lastPonderMove : null });
    writeJSON(PLAY_KEY, { startFen: record.startFen, plies: record.moves.length, tc, clocks, ending, stats });
  }

  function freshStats() {
    return { hits: 0, misses: 0, savedMs: 0, lastSavedMs: null, lastAnswerMs: null };
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
    if (ending) return { result: ending.result, code: ending.code, side: ending.side ?? null, reason: ending.text ?? ending.code };
    return record.result();
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
  restorePlay(readJSON(PLAY_KEY));
  const urlFen = ctx.params?.get('fen');
  const urlMoves = ctx.params?.get('moves');
  if (urlFen || urlMoves !== null && urlMoves !== undefined) {
    // Applied once; then dropped from the address bar so that a reload resumes the game in progress.
    const url = new URL(location.href);
    url.searchParams.delete('fen');
    url.searchParams.delete('moves');
    history.replaceState(history.state, '', url);
    if (urlMoves !== null && urlMoves !== undefined) loadShared(urlFen || START_FEN, urlMoves);
    else loadFen(urlFen, { quiet: false });
  }

  /** The saved play state, when it belongs to the saved game (same start, same number of moves). */
  function restorePlay(play) {
    if (!play || play.startFen !== record.startFen || play.plies !== record.moves.length) return;
    const savedTc = validTc(play.tc);
    if (!savedTc) return;
    tc = savedTc;
    clocks = tc.kind === 'clock' ? validClocks(play.clocks) ?? newClocks(tc) : null;
    if (play.ending && ['red', 'black', 'draw'].includes(play.ending.result) && typeof play.ending.code === 'string') {
      ending = { result: play.ending.result, code: play.ending.code, side: play.ending.side ?? null, text: typeof play.ending.text === 'string' ? play.ending.text : null };
    }
    if (play.stats && typeof play.stats === 'object') stats = { ...freshStats(), ...play.stats };
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
    const result = gameResult();
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
    renderClocks();
    renderActions(result);
    renderPonderStats();
    renderShare();
  }

  /** The board's orientation: the user's choice (Flip), turned once more when the user plays Black. */
  function orientation() {
    const flip = settings.flipForBlack && settings.mode === 'black';
    if (!flip) return settings.orientation;
    return settings.orientation === 'red' ? 'black' : 'red';
  }

  function renderClocks() {
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
    if (!clocks?.running || gameResult()) return;
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

  function renderActions(result) {
    const over = Boolean(result) || viewPly !== null;
    const vsEngine = settings.mode === 'red' || settings.mode === 'black';
    resignBtn.disabled = over || settings.mode === 'engine';
    offerDrawBtn.disabled = over || !vsEngine || drawOffer || drawAnswer === 'unsupported';
    offerDrawBtn.setAttribute('aria-pressed', String(drawOffer));
    const claim = over ? null : claimable();
    claimDrawBtn.disabled = !claim;
    if (claim) claimDrawBtn.dataset.reason = claim;
    else delete claimDrawBtn.dataset.reason;
    claimDrawBtn.title = claim ? t(`claim.${claim}`) : t('xq.claimNone');
  }

  /** The reason a draw can be claimed now ('repetition' | 'sixty-move' | 'material'), or null. */
  function claimable() {
    if (typeof record.game.claimableDraw !== 'function') return null;
    try {
      return record.game.claimableDraw()?.reason ?? null;
    } catch {
      return null;
    }
  }

  function renderPonderStats() {
    const tried = stats.hits + stats.misses;
    ponderStatsEl.dataset.hits = String(stats.hits);
    ponderStatsEl.dataset.tried = String(tried);
    ponderStatsEl.dataset.savedMs = String(Math.round(stats.savedMs));
    setText(ponderStatsEl, tried
      ? t('ponder.stats', { hits: stats.hits, tried, rate: Math.round((100 * stats.hits) / tried), saved: (stats.savedMs / 1000).toFixed(1) })
      : t('ponder.statsNone'));
    const showBadge = notice?.kind === 'ponder-hit' && stats.lastSavedMs !== null;
    if (showBadge) {
      ponderSavedEl.dataset.ms = String(Math.round(stats.lastSavedMs));
      if (stats.lastAnswerMs !== null) ponderSavedEl.dataset.answerMs = String(Math.round(stats.lastAnswerMs));
      else delete ponderSavedEl.dataset.answerMs;
      const answered = stats.lastAnswerMs !== null
        ? t('ponder.answered', { s: (stats.lastAnswerMs / 1000).toFixed(2) })
        : t('ponder.answering');
      setText(ponderSavedEl, `${t('ponder.saved', { s: (stats.lastSavedMs / 1000).toFixed(1) })} · ${answered}`);
    } else if (notice?.kind === 'ponder-miss') {
      ponderSavedEl.dataset.ms = '0';
      delete ponderSavedEl.dataset.answerMs;
      setText(ponderSavedEl, t('ponder.miss'));
    } else {
      setText(ponderSavedEl, '');
    }
    ponderSavedEl.classList.toggle('ponder-miss', notice?.kind === 'ponder-miss');
  }

  /** The share link: the start position and every move, so a fresh page reproduces the game. */
  function renderShare() {
    const link = new URL(location.href);
    link.search = '';
    if (record.startFen !== START_FEN) link.searchParams.set('fen', record.startFen);
    link.searchParams.set('moves', record.moves.join(' '));
    link.hash = '#xiangqi';
    if (shareLink.href !== link.href) shareLink.href = link.href;
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
      orientation: orientation(),
      pieceSet: settings.pieceSet,
      hint: null,
      animate,
    });
    showFen(pos.fen);
  }

  function renderLive(result, side, animate) {
    const userTurn = !result && isUserSide(side);
    const last = record.moves.at(-1);
    let hint = null;
    if (client.state === 'thinking' && lastInfo?.pv?.[0] && infoKey === record.key()) {
      hint = { from: lastInfo.pv[0].slice(0, 2), to: lastInfo.pv[0].slice(2, 4), kind: 'engine' };
    } else if (client.state === 'pondering' && ponder && !ponder.hit && !result) {
      // the ghost arrow: the reply the engine expects, which it is thinking about now
      hint = { from: ponder.move.slice(0, 2), to: ponder.move.slice(2, 4), kind: 'ponder' };
    }
    board.set({
      pieces: record.pieces(),
      dests: userTurn ? destsOf(record.legalMoves()) : new Map(),
      movable: userTurn,
      lastMove: last ? { from: last.slice(0, 2), to: last.slice(2, 4) } : null,
      check: record.inCheck() ? generalSquare(side) : null,
      orientation: orientation(),
      pieceSet: settings.pieceSet,
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
    if (gameResult() || !isUserSide(record.sideToMove())) {
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
    if (ruleCode === 'imported' && raw && raw !== 'imported') return String(raw);
    const code = REASON_KEYS[ruleCode];
    const key = `reason.${code}`;
    const params = ruleSide ? { side: t(`side.${ruleSide}`) } : {};
    return code && t(key, params) !== key ? t(key, params) : String(raw ?? '');
  }

  function renderTurn(result, side) {
    if (result) turnEl.textContent = t('xq.turn.over');
    else if (settings.mode === 'human') turnEl.textContent = t('xq.turn.side', { side: t(`side.${side}`) });
    else if (isUserSide(side)) turnEl.textContent = side === 'red' ? t('xq.turn.you') : t('xq.turn.youAs', { side: t(`side.${side}`) });
    else turnEl.textContent = client.state === 'crashed' ? t('xq.turn.engineRecovering') : t('xq.turn.engineAs', { side: t(`side.${side}`) });
    turnEl.dataset.side = result ? '' : side;
  }

  function renderMoves() {
    // Rebuilt only when the moves or the reviewed ply change (scrolling reads layout, which is not free).
    const result = gameResult();
    const signature = `${record.key()}|${viewPly}|${t('xq.moves')}|${settings.notation}|${result?.result}|${result?.code}`;
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
      const wxf = record.wxf[i];
      const shown = settings.notation === 'iccs' ? iccs : settings.notation === 'wxf' ? wxf ?? iccs : zh ?? iccs;
      const li = h('li', {
        class: `move ${isRed ? 'move-red' : 'move-black'}${i === record.moves.length - 1 ? ' move-last' : ''}${viewPly === i + 1 ? ' move-viewing' : ''}`,
        dataset: { iccs, ply: String(i + 1) },
        title: iccs,
        tabindex: '0',
      },
      isRed ? h('span', { class: 'move-num', text: `${ply / 2 + 1}.` }) : null,
      h('span', { class: 'move-text', text: shown }),
      shown !== iccs ? h('span', { class: 'move-iccs', text: iccs }) : null);
      if (zh) li.dataset.chinese = zh;
      if (wxf) li.dataset.wxf = wxf;
      items.push(li);
    });
    if (result) {
      // the result and its reason, in words, at the end of the list (as in the exported PGN)
      items.push(h('li', { class: 'move-result', dataset: { testid: 'move-list-result', result: result.result } },
        `${PGN_RESULT[result.result]} ${reasonText(result.reason, result.code, result.side)}`));
    }
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
      const written = notated(line, current.position.moves);
      pvText = (written ?? line).join(' ');
    }
    let ponderText = '';
    const ponderMove = ponder && !ponder.hit && client.state === 'pondering' ? ponder.move : null;
    if (ponderMove) {
      ponderText = (notated([ponderMove], record.moves) ?? [ponderMove])[0];
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
      detail: statusDetail(current),
    });
    renderPonderStats();
  }

  /**
   * A line of moves (after `fromMoves`) in the chosen notation; the last answer is kept, as the status is
   * redrawn on every engine report with mostly the same line (writing it replays the game in the rules).
   */
  const notationCache = new Map();
  function notated(line, fromMoves) {
    const key = `${settings.notation}|${record.startFen}|${fromMoves.join(' ')}|${line.join(' ')}`;
    if (notationCache.has(key)) return notationCache.get(key);
    const written = record.lineNotation(line, fromMoves, settings.notation);
    if (notationCache.size > 8) notationCache.clear();
    notationCache.set(key, written);
    return written;
  }

  /** The engine's limit for the running search, shown next to its state. */
  function statusDetail(current) {
    if (client.state !== 'thinking' || !current) return '';
    const p = current.params;
    if (p.movetime) return `${p.movetime / 1000} s`;
    if (p.depth) return t('tc.kind.depth', { depth: p.depth });
    if (typeof p.wtime === 'number') return t('engine.ownClock');
    if (p.infinite) return t('tc.kind.infinite');
    return '';
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
    return !gameResult() && !isUserSide(record.sideToMove());
  }

  /** The go parameters of the game's time control (the clocks as they stand now). */
  function goParams() {
    switch (tc.kind) {
      case 'clock': {
        const now = Date.now();
        const left = (side) => Math.max(1, Math.round(timeLeft(clocks, side, now)));
        return { wtime: left('red'), btime: left('black'), winc: tc.incMs, binc: tc.incMs };
      }
      case 'depth':
        return { depth: tc.depth };
      case 'infinite':
        return { infinite: true };
      default:
        return { movetime: tc.ms ?? settings.movetime };
    }
  }

  /** After a move by `side` (made at wall time `now`): its clock is charged, the other side's starts. */
  function clockAfterMove(side, { animated = false } = {}) {
    if (!clocks) return;
    const now = Date.now();
    completeMove(clocks, side, tc.incMs, now);
    const next = side === 'red' ? 'black' : 'red';
    if (!gameResult()) {
      // the user's clock starts when the engine's move has finished sliding onto the board
      startClock(clocks, next, animated && isUserSide(next) ? now + MOVE_ANIMATION_MS : now);
    }
    syncClockTimer();
  }

  /** A clock reached zero: that side loses, or it is a draw when the other side cannot mate. */
  function flagFall(side) {
    if (gameResult() || !clocks) return;
    stopClock(clocks);
    clocks[side] = 0;
    const other = side === 'red' ? 'black' : 'red';
    endGame(canMate(other) ? { result: other, code: 'flag', side } : { result: 'draw', code: 'flag_material', side });
  }

  /** Whether `side` has mating material (the rules module's; assumed true in a build without it). */
  function canMate(side) {
    if (typeof record.game.hasMatingMaterial !== 'function') return true;
    try {
      return Boolean(record.game.hasMatingMaterial(side));
    } catch {
      return true;
    }
  }

  /** Ends the game on the page: clocks stop, the engine stops, the result is saved and shown. */
  function endGame(end) {
    ending = end;
    if (clocks) stopClock(clocks);
    drawOffer = false;
    clearTimeout(ponderTimer);
    clearPonderNotice();
    ponder = null;
    guess = null;
    lastPonderMove = null;
    client.cancel();
    syncClockTimer();
    save();
    render({ animate: false });
  }

  /** The game's result has come from the rules (mate, repetition verdict…): clocks stop. */
  function settleIfOver() {
    if (clocks?.running && record.result()) {
      stopClock(clocks);
      syncClockTimer();
    }
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
    // the engine's clock runs while it thinks (from the first move of the game, or its own first move)
    if (clocks && !clocks.running) startClock(clocks, record.sideToMove());
    syncClockTimer();
    const params = goParams();
    const offered = drawOffer && drawAnswer !== 'unsupported';
    if (offered) params.draw = true;
    client.search({ fen: record.startFen, moves: record.moves }, params)
      .then((res) => applyEngineResult(res, key, { offered }))
      .catch((err) => {
        if (offered && err?.code === 'engine.go_unknown') {
          // an engine build without draw offers: say so and search again without the offer
          drawOffer = false;
          drawAnswer = 'unsupported';
          setNotice('draw-unsupported', () => t('draw.unsupported'));
          requestEngineMove();
          return;
        }
        showError('error.engine', {}, err);
      });
    render({ animate: false });
  }

  function applyEngineResult(res, key, { offered = false, hit = null } = {}) {
    if (destroyed || res.cancelled || key !== record.key() || gameResult()) return;
    if (hit && hit === ponderHitRecord) {
      stats.lastAnswerMs = performance.now() - hit.at;
      ponderHitRecord = null;
    }
    if (offered) {
      drawOffer = false;
      if (res.draw === true) {
        drawAnswer = 'accepted';
        endGame({ result: 'draw', code: 'draw_agreed' });
        return;
      }
      drawAnswer = 'declined';
      setNotice('draw-declined', () => t('draw.declined'));
    }
    if (!res.move) {
      if (!record.result()) showError('error.engineNoMove');
      return;
    }
    const mover = record.sideToMove();
    try {
      record.play(res.move);
    } catch (err) {
      showError('error.engineIllegal', { move: res.move }, err);
      return;
    }
    clockAfterMove(mover, { animated: true });
    settleIfOver();
    // The move to ponder on: the engine's, else the second move of its last principal variation.
    const pv = infoKey === key ? lastInfo?.pv : null;
    lastPonderMove = res.ponder ?? (pv?.[0] === res.move ? pv[1] ?? null : null);
    ponder = null;
    lastInfo = null;
    viewPly = null;
    save();
    render();
    // The next search starts in a task of its own, so that the move's own task (rules, clocks, saving,
    // drawing) stays short (main-thread tasks < 50 ms, measured in tests/browser/xiangqi-play.test.mjs).
    const after = record.key();
    setTimeout(() => {
      if (destroyed || record.key() !== after) return;
      if (engineToMove()) requestEngineMove(); // engine vs engine: the other side's turn
      else if (!ponder) startPonder();
    }, 0);
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
    const side = record.sideToMove();
    // only against the engine: the user to move, the engine to answer
    if (!settings.ponder || document.hidden || gameResult() || !isUserSide(side) || settings.mode === 'human') return;
    if (drawOffer) return; // the answer to a draw offer needs a search that carries it (go draw)
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
    client.search({ fen: record.startFen, moves: [...record.moves, move] }, { ...goParams(), ponder: true })
      .then((res) => {
        if (ponder === p) ponder = null;
        applyEngineResult(res, key, { hit: p.hitRecord });
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
    client.search({ fen: record.startFen, moves: record.moves }, { movetime: GUESS_MS })
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
    const side = record.sideToMove();
    if (gameResult() || !isUserSide(side)) return;
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
    clockAfterMove(side);
    settleIfOver();
    if (ponder && !ponder.hit && ponder.move === iccs && client.state === 'pondering' && !drawOffer) {
      // Ponder hit: the search already running on this very position goes on with its clock started.
      // Saved: the time it has already searched this position (from its go to this moment).
      const sentAt = client.active?.sentAt ?? null;
      const at = performance.now();
      ponder.hit = true;
      clearTimeout(ponderTimer);
      client.ponderhit();
      stats.hits += 1;
      stats.lastSavedMs = sentAt === null ? 0 : at - sentAt;
      stats.savedMs += stats.lastSavedMs;
      stats.lastAnswerMs = null;
      ponder.hitRecord = ponderHitRecord = { at };
      save();
      infoKey = record.key();
      setNotice('ponder-hit', () => t('engine.ponderHit'));
      render({ animate: false });
      return;
    }
    if (ponder && !drawOffer) {
      // (with a draw offer pending there was no pondering: startPonder waits for the search that carries it)
      stats.misses += 1;
      stats.lastSavedMs = null;
      setNotice('ponder-miss', () => t('engine.ponderMiss'));
    }
    save();
    ponder = null;
    clearTimeout(ponderTimer);
    render({ animate: false });
    requestEngineMove(); // stops a ponder search first (safe host protocol in the client)
  }

  /**
   * Replaces the game. A game brought in mid-way (import, shared link) has no clock history: its clocks
   * start full from here. `settleImported`: an imported result the rules of the last position do not give
   * (resignation, agreement…) ends it as "imported".
   */
  function resetTo(newRecord, { settleImported = null } = {}) {
    viewPly = null;
    tc = currentTc();
    clocks = newClocks(tc);
    ending = null;
    stats = freshStats();
    drawOffer = false;
    drawAnswer = drawAnswer === 'unsupported' ? 'unsupported' : null;
    ponderHitRecord = null;
    syncClockTimer();
    clearTimeout(ponderTimer);
    clearPonderNotice();
    ponder = null;
    guess = null;
    lastPonderMove = null;
    lastInfo = null;
    client.cancel();
    record.free();
    record = newRecord;
    const imported = settleImported?.result ? Object.entries(PGN_RESULT).find(([, tag]) => tag === settleImported.result)?.[0] : null;
    if (imported && !record.result()) ending = { result: imported, code: 'imported', side: null, text: settleImported.reason ?? null };
    if (clocks && record.moves.length && !gameResult() && isUserSide(record.sideToMove())) startClock(clocks, record.sideToMove());
    syncClockTimer();
    save();
    render({ animate: false });
    requestEngineMove();
    startPonder();
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
    // The user to move: take back the engine's reply and the user's move. The engine to move (thinking):
    // take back the user's move only. Two people, or engine vs engine: one move.
    const vsEngine = settings.mode === 'red' || settings.mode === 'black';
    const count = vsEngine && isUserSide(record.sideToMove()) && !gameResult() ? 2 : 1;
    viewPly = null;
    ending = null;
    drawOffer = false;
    if (clocks) stopClock(clocks);
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
    if (clocks && record.moves.length && !record.result() && isUserSide(record.sideToMove())) startClock(clocks, record.sideToMove());
    syncClockTimer();
    save();
    render({ animate: false });
    requestEngineMove();
    startPonder(); // back to the user's move mid-game: ponder on the move the engine now expects
  }

  // ---- game actions ---------------------------------------------------------------------------------------

  /** The user resigns (two people: the side to move resigns). */
  function resign() {
    if (gameResult() || settings.mode === 'engine') return;
    const side = settings.mode === 'human' ? record.sideToMove() : settings.mode;
    endGame({ result: side === 'red' ? 'black' : 'red', code: 'resign', side });
  }

  /**
   * The user offers a draw. The engine answers with its next search (go draw): on its turn now (the
   * search running is restarted with the offer), else after the user's next move. It accepts or declines
   * by its own rule (the engine's, src/engine.rs); the page only reports the answer.
   */
  function offerDraw() {
    if (gameResult() || !(settings.mode === 'red' || settings.mode === 'black') || drawOffer) return;
    drawOffer = true;
    drawAnswer = null;
    setNotice('draw-offered', () => t('draw.offered'));
    if (ponder && !ponder.hit) stopPondering();
    if (engineToMove()) {
      client.cancel();
      requestEngineMove();
    }
    render({ animate: false });
  }

  /** Claims the draw the rules give here (repetition, 60-move rule, no mating material on either side). */
  function claimDraw() {
    const reason = claimable();
    if (!reason || gameResult()) return;
    const code = { repetition: 'claim_repetition', 'sixty-move': 'claim_sixty_move', material: 'claim_material' }[reason] ?? 'claim_repetition';
    endGame({ result: 'draw', code });
  }

  function setNotation(kind) {
    if (!NOTATIONS.includes(kind) || !record.writes(kind)) return;
    settings.notation = kind;
    notationBar.dataset.notation = kind;
    saveSettings();
    render({ animate: false });
  }

  // ---- export / import ------------------------------------------------------------------------------------

  /** The PGN result tag and the reason of the game's result (empty reason while it goes on). */
  function pgnResult() {
    const result = gameResult();
    if (!result) return { result: '*', reason: null };
    return { result: PGN_RESULT[result.result], reason: reasonText(result.reason, result.code, result.side) };
  }

  function pgnTags() {
    const red = settings.mode === 'red' || settings.mode === 'human' ? t('pgn.player') : 'duiyi';
    const black = settings.mode === 'black' || settings.mode === 'human' ? t('pgn.player') : 'duiyi';
    const date = new Date().toISOString().slice(0, 10).replace(/-/g, '.');
    const tags = { Event: t('pgn.event'), Site: location.origin, Date: date, Red: red, Black: black };
    if (tc.kind === 'clock') tags.TimeControl = `${Math.round(tc.baseMs / 1000)}+${Math.round(tc.incMs / 1000)}`;
    return tags;
  }

  /** The game as PGN (the rules module's pgnWrite), shown in the text box, copied, and offered as a file. */
  async function exportPgn() {
    if (typeof pgnWrite !== 'function') {
      showError('error.pgnUnavailable');
      return;
    }
    const { result, reason } = pgnResult();
    let text;
    try {
      text = pgnWrite({ tags: pgnTags(), fen: record.startFen, moves: [...record.moves], result, reason: reason ?? undefined, format: settings.pgnFormat });
    } catch (err) {
      showError('error.pgnWrite', {}, err);
      return;
    }
    clearError();
    pgnText.value = text;
    if (downloadLink.href.startsWith('blob:')) URL.revokeObjectURL(downloadLink.href);
    downloadLink.href = URL.createObjectURL(new Blob([text], { type: 'application/x-chess-pgn;charset=utf-8' }));
    downloadLink.hidden = false;
    await copyText(text, 'xq.pgnCopied');
  }

  async function copyText(text, doneKey) {
    try {
      await navigator.clipboard.writeText(text);
      setNotice('copied', () => t(doneKey), 2000);
    } catch {
      /* no clipboard permission: the text is on the page to copy by hand */
    }
  }

  /**
   * Imports a game: PGN or a plain list of moves (the rules module's pgnParse: tags, [FEN], moves in ICCS,
   * WXF or Chinese, comments and variations skipped, the result and its reason). A bad file gives a typed
   * error (pgn.* with its line and column) and the game in progress stays as it was.
   */
  function importGame(text) {
    const source = String(text ?? '').trim();
    if (!source) {
      showError('error.importEmpty');
      return false;
    }
    if (typeof pgnParse !== 'function') {
      showError('error.pgnUnavailable');
      return false;
    }
    let parsed;
    let next;
    try {
      parsed = pgnParse(source);
      next = new GameRecord(XiangqiGame, parsed.fen || START_FEN, Array.from(parsed.moves ?? []));
    } catch (err) {
      showError('error.import', {}, err);
      return false;
    }
    clearError();
    const result = parsed.result && parsed.result !== '*' ? parsed.result : null;
    resetTo(next, { settleImported: { result, reason: parsed.reason ?? null } });
    return true;
  }

  /** A shared link: the start FEN and the moves (space- or comma-separated ICCS). */
  function loadShared(fen, movesText) {
    const moves = String(movesText ?? '').split(/[\s,]+/).filter(Boolean);
    let next;
    try {
      next = new GameRecord(XiangqiGame, fen, moves);
    } catch (err) {
      showError('error.shared', {}, err);
      return;
    }
    resetTo(next);
  }

  function flip() {
    settings.orientation = settings.orientation === 'red' ? 'black' : 'red';
    saveSettings();
    render({ animate: false });
  }

  moveTime.addEventListener('change', () => {
    settings.movetime = Number(moveTime.value);
    // choosing a time per move chooses that time control
    settings.tc = 'movetime';
    tcSelect.value = 'movetime';
    applyTc();
  });
  tcSelect.addEventListener('change', () => {
    settings.tc = tcSelect.value;
    applyTc();
  });
  for (const input of [customMin, customInc]) {
    input.addEventListener('change', () => {
      const min = Number(customMin.value), inc = Number(customInc.value);
      if (min > 0) settings.customMin = min;
      if (inc >= 0) settings.customInc = inc;
      applyTc();
    });
  }
  depthSelect.addEventListener('change', () => {
    settings.depth = Number(depthSelect.value);
    applyTc();
  });
  levelSelect.addEventListener('change', () => {
    settings.level = Number(levelSelect.value);
    saveSettings();
    applyLevel();
  });
  modeSelect.addEventListener('change', () => {
    settings.mode = modeSelect.value;
    saveSettings();
    drawOffer = false;
    stopPondering();
    if (!engineToMove() && client.current && !client.current.params.ponder) client.cancel();
    if (clocks?.running === null && record.moves.length === 0) syncClockTimer();
    save();
    render({ animate: false });
    requestEngineMove(); // the engine opens when the user takes Black
    startPonder();
  });
  flipBlackBox.addEventListener('change', () => {
    settings.flipForBlack = flipBlackBox.checked;
    saveSettings();
    render({ animate: false });
  });
  pieceSetSelect.addEventListener('change', () => {
    settings.pieceSet = pieceSetSelect.value;
    saveSettings();
    render({ animate: false });
  });
  pgnFormatSelect.addEventListener('change', () => {
    settings.pgnFormat = pgnFormatSelect.value;
    saveSettings();
  });
  importFile.addEventListener('change', async () => {
    const file = importFile.files?.[0];
    if (!file) return;
    const text = await file.text();
    importFile.value = '';
    pgnText.value = text;
    importGame(text);
  });

  /**
   * The time control chosen: it applies now to a game without moves (the clocks are set afresh), else to
   * the next game (a game in progress keeps the time control it started with).
   */
  function applyTc() {
    saveSettings();
    if (record.moves.length === 0 && !gameResult()) {
      tc = currentTc();
      clocks = newClocks(tc);
      syncClockTimer();
      save();
      if (engineToMove()) {
        client.cancel();
        requestEngineMove();
      }
    }
    renderTcFields();
    render({ animate: false });
  }

  function renderTcFields() {
    customRow.hidden = settings.tc !== 'custom';
    moveTimeRow.classList.toggle('field-inactive', settings.tc !== 'movetime');
    depthRow.hidden = settings.tc !== 'depth';
    const pending = TC_PRESETS.find((p) => p.id === settings.tc);
    const differs = JSON.stringify(currentTc()) !== JSON.stringify(tc);
    setText(tcNote, differs && pending ? t('tc.nextGame') : tc.kind === 'infinite' ? t('tc.infiniteNote') : '');
  }

  /** Sends the level (and, at levels 1–8, the opening book) to the engine; shows the level's handicap. */
  function applyLevel() {
    client.setOption('Level', String(settings.level));
    client.setOption('OwnBook', settings.level > 0 ? 'true' : 'false');
    renderLevels();
  }

  function renderLevels() {
    for (const option of levelSelect.options) {
      const n = Number(option.value);
      option.textContent = n === 0 ? t('level.full') : t('level.n', { n });
    }
    const info = levels?.find((l) => l.level === settings.level);
    levelSelect.dataset.level = String(settings.level);
    if (!levels) setText(levelNote, t('level.unavailable'));
    else if (settings.level === 0 || !info) setText(levelNote, t('level.fullNote'));
    else setText(levelNote, levelText(info));
  }

  /** A level's handicap in words: its description from the engine, then its caps. */
  function levelText(info) {
    const words = info.description?.[currentLang()] ?? info.description?.en ?? '';
    const caps = t('level.caps', {
      depth: info.depth ?? '—', nodes: info.nodes ?? '—', margin: info.marginCp ?? 0,
      chance: Math.round((info.chance ?? 0) * (info.chance > 1 ? 1 : 100)),
    });
    return words ? `${words} (${caps})` : caps;
  }

  function currentLang() {
    return document.documentElement.lang?.startsWith('zh') ? 'zh' : 'en';
  }
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
      // Level / OwnBook in an engine build without them: the page plays on at full strength, silently
      if (error.command === 'setoption' && error.code === 'engine.unknown_option' && /^(level|ownbook)$/i.test(error.params?.name ?? '')) return;
      // go draw in an engine build without draw offers: handled where the search is asked (draw.unsupported)
      if (error.command === 'go' && error.code === 'engine.go_unknown' && error.params?.name === 'draw') return;
      showError('error.engineCommand', { command: error.command ?? '?' }, error);
    }),
  );

  // ---- go -----------------------------------------------------------------------------------------------
  applyLang();
  applyLevel();
  renderTcFields();
  syncClockTimer();
  if (clocks?.running && timeLeft(clocks, clocks.running) <= 0) flagFall(clocks.running); // the flag fell while away
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
    renderLevels();
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
      clearTimeout(clockTimer);
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
