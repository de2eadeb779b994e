// The Hex page (#hex): play against the Rust engine in the worker, and see Queenbee's two-distance maps as
// heatmaps, with a what-if preview of any empty cell under the pointer.
//
// The rules and the maps come from the wasm `HexGame` on this thread (src/wasm/hex.rs): `maps()` for the
// position, `whatIf(cell)` for the hover preview (well under a millisecond on 19×19 without tension; the
// tension map is computed only while its overlay is on). The engine searches in the shared worker
// (www/worker.js, position {game: 'hex', size, swap, moves}). This view knows no rules: a move the rules
// refuse comes back as an error with a code, shown translated (www/i18n/errors.js, err.hex.*).
//
// Test hooks (data-testid): board (cells: data-square, data-stone), heatmap (the map layer; cells data-square,
// data-value), heatmap-legend, overlay (buttons data-overlay), board-size, swap, human-side, convention,
// numbers, movetime, move-list, engine-status, game-result, turn, error (data-code), figures (fig-bp-black,
// fig-bp-white, fig-am-black, fig-am-white, fig-eval, fig-delta), new-game, undo, swap-move, resign,
// move-input, move-input-go, level, tap-hint, seed-figure (seed-distance, seed-two-distance).
//
// Modes (human-side): black / white against the engine, both (two players), none (engine vs engine). Boards
// 'N' or 'WxH'. Setup stones (SGF AB/AW/PL) live in the HexGame and go to the worker as `setup`.

import { h, setText } from './dom.js';
import { createHexBoard, cellName } from './hex-board.js';
import { createEngineStatus } from './engine-status.js';
import { engineClient } from './shared-engine.js';
import { errorText } from '../i18n/errors.js';
import { readJSON, writeJSON } from '../storage.js';

const GAME_KEY = 'duiyi.hex.game.v1';
const SETTINGS_KEY = 'duiyi.hex.settings.v1';
/** the board sizes offered: squares 5×5…19×19 ('N') and a few rectangles ('WxH', W columns × H rows); a link
 *  or an SGF may set up any W×H with both sides in 5…19 (it is then added to the chooser) */
const SIZES = [...Array.from({ length: 15 }, (_, i) => String(i + 5)), '7x9', '9x7', '9x11', '11x9', '11x13', '13x11'];
const MIN_SIDE = 5;
const MAX_SIDE = 19;
/** who the user plays: one side against the engine, both sides (two humans), or none (engine vs engine) */
const MODES = ['black', 'white', 'both', 'none'];
/** the engine's levels (the Engine option `Level`): 0 = full strength, 1…8 weaker (see docs/playing.md, "Levels, draw offers, WXF and PGN") */
const LEVELS = [0, 1, 2, 3, 4, 5, 6, 7, 8];
/** a short search of the user's position, to find the move to ponder on when none is known (as Xiangqi) */
const GUESS_MS = 300;

/** 'N' or 'WxH' (also a number) → {width, height}, or null when not a board the page plays. */
export function parseSize(v) {
  const m = /^\s*(\d{1,2})\s*(?:[x×:]\s*(\d{1,2}))?\s*$/i.exec(String(v ?? ''));
  if (!m) return null;
  const width = Number(m[1]);
  const height = m[2] === undefined ? width : Number(m[2]);
  const ok = (n) => n >= MIN_SIDE && n <= MAX_SIDE;
  return ok(width) && ok(height) ? { width, height } : null;
}

/** The size's chooser value: 'N' for a square, 'WxH' otherwise. */
export function sizeValue(width, height) {
  return width === height ? String(width) : `${width}x${height}`;
}
const MOVE_TIMES_MS = [200, 500, 1000, 2000, 5000, 10000];
/** the overlays, in the order of their buttons and keys 1…9, 0 = none */
export const OVERLAYS = ['black', 'white', 'total', 'badness', 'tension', 'black-north', 'black-south', 'white-west', 'white-east', 'none'];
const DEFAULT_SETTINGS = {
  size: '11', swap: false, human: 'black', movetime: 1000, overlay: 'none', convention: 'queenbee', numbers: true,
  ponder: true, level: 0,
};
/** a ponder search that has not been hit after this long is stopped (no endless CPU use) */
const PONDER_CAP_MS = 60000;
const INF = 65535;


let d3Ready = null;
/** d3's colour scales (vendored UMD builds, each sets globalThis.d3.*), loaded once. */
function loadD3() {
  d3Ready ??= (async () => {
    await import('../vendor/d3-color.min.js');
    await import('../vendor/d3-interpolate.min.js');
    await import('../vendor/d3-scale-chromatic.min.js');
    return globalThis.d3;
  })();
  return d3Ready;
}

/** The map an overlay shows, from a maps object (src/wasm/hex.rs): {values: number[] (NaN unknown), kind}. */
function overlayValues(maps, overlay) {
  switch (overlay) {
    case 'black': return maps.potential.black;
    case 'white': return maps.potential.white;
    case 'total': return maps.total;
    case 'badness': return maps.badness;
    case 'tension': return maps.tension;
    case 'black-north': return maps.twoDistance.north;
    case 'black-south': return maps.twoDistance.south;
    case 'white-west': return maps.twoDistance.west;
    case 'white-east': return maps.twoDistance.east;
    default: return null;
  }
}

/** The cells the overlay outlines: those at the board potential of the overlay's side. */
function outlinedCells(maps, overlay) {
  if (overlay === 'black') return new Set(maps.bestCells.black);
  if (overlay === 'white') return new Set(maps.bestCells.white);
  return null;
}

/**
 * @param {HTMLElement} root
 * @param {{lang: string, t: (key: string, params?: object) => string, wasm: typeof import('../pkg/duiyi.js')}} ctx
 */
export function mount(root, ctx) {
  let { t } = ctx;
  const { HexGame } = ctx.wasm;
  const client = engineClient();
  const settings = { ...DEFAULT_SETTINGS, ...(readJSON(SETTINGS_KEY) ?? {}) };
  settings.size = parseSize(settings.size) ? String(settings.size) : DEFAULT_SETTINGS.size;
  if (!OVERLAYS.includes(settings.overlay)) settings.overlay = 'none';
  if (!MOVE_TIMES_MS.includes(settings.movetime)) settings.movetime = DEFAULT_SETTINGS.movetime;
  if (!MODES.includes(settings.human)) settings.human = 'black';
  if (!LEVELS.includes(settings.level)) settings.level = 0;
  if (!['queenbee', 'benzene'].includes(settings.convention)) settings.convention = 'queenbee';

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
  const statusHost = h('div');
  const moveList = h('ol', { class: 'move-list hex-move-list', dataset: { testid: 'move-list' } });
  const errorEl = h('div', { class: 'error', dataset: { testid: 'error' }, role: 'alert', hidden: true });
  const moveInput = h('input', {
    type: 'text', id: 'hex-move-input', class: 'move-input', spellcheck: 'false', autocomplete: 'off',
    dataset: { testid: 'move-input', i18nPlaceholder: 'hex.moveInputPlaceholder' },
  });
  const moveForm = h('form', { class: 'move-form', on: { submit: (e) => { e.preventDefault(); typedMove(moveInput.value); } } },
    h('label', { for: 'hex-move-input', class: 'visually-hidden', dataset: { i18n: 'hex.moveInputLabel' } }),
    moveInput,
    h('button', { type: 'submit', class: 'btn btn-small', dataset: { i18n: 'hex.moveInputGo', testid: 'move-input-go' } }));

  let levelSpecs = [];
  try {
    levelSpecs = ctx.wasm.levels?.() ?? [];
  } catch {
    levelSpecs = []; // an engine without levels: the chooser names them by number only
  }
  const sizeText = (v) => { const { width, height } = parseSize(v); return `${width}×${height}`; };
  const sizeSelect = h('select', { id: 'hex-size', dataset: { testid: 'board-size' }, on: { change: () => { settings.size = sizeSelect.value; saveSettings(); newGame(); } } },
    SIZES.map((n) => h('option', { value: n, text: sizeText(n), selected: n === settings.size })));
  /** Shows `value` in the size chooser, adding it first if it is not offered (a link's or an SGF's size). */
  function showSize(value) {
    if (![...sizeSelect.options].some((o) => o.value === value)) sizeSelect.append(h('option', { value, text: sizeText(value) }));
    sizeSelect.value = value;
  }
  showSize(settings.size);
  const swapBox = h('input', { type: 'checkbox', id: 'hex-swap', dataset: { testid: 'swap' }, checked: settings.swap,
    on: { change: () => { settings.swap = swapBox.checked; saveSettings(); newGame(); } } });
  const humanSelect = h('select', { id: 'hex-human', dataset: { testid: 'human-side' }, on: { change: () => setMode(humanSelect.value) } },
    MODES.map((s) => h('option', { value: s, dataset: { i18n: `hex.mode.${s}` }, selected: s === settings.human })));
  const levelSelect = h('select', { id: 'hex-level', dataset: { testid: 'level' }, on: { change: () => { settings.level = Number(levelSelect.value); saveSettings(); sendLevel(); } } },
    LEVELS.map((n) => {
      // the caps of each level from the engine itself (wasm levels(), src/levels.rs), in Hex's units
      const spec = levelSpecs.find((l) => l.level === n);
      const params = spec
        ? { n, depth: spec.depth, nodes: spec.nodes.toLocaleString('en'), chance: Math.round(spec.chance * 100), margin: spec.marginCp / 100 }
        : { n };
      return h('option', {
        value: n, selected: n === settings.level,
        dataset: { i18n: n === 0 ? 'hex.level.full' : spec ? 'hex.level.spec' : 'hex.level.n', i18nParams: JSON.stringify(params) },
      });
    }));
  const moveTime = h('select', { id: 'hex-movetime', dataset: { testid: 'movetime' }, on: { change: () => { settings.movetime = Number(moveTime.value); saveSettings(); } } },
    MOVE_TIMES_MS.map((ms) => h('option', { value: ms, text: `${ms / 1000} s`, selected: ms === settings.movetime })));
  const conventionSelect = h('select', { id: 'hex-convention', dataset: { testid: 'convention' }, on: { change: () => { settings.convention = conventionSelect.value; saveSettings(); refreshMaps(); } } },
    ['queenbee', 'benzene'].map((c) => h('option', { value: c, dataset: { i18n: `hex.convention.${c}` }, selected: c === settings.convention })));
  const ponderBox = h('input', { type: 'checkbox', id: 'hex-ponder', dataset: { testid: 'ponder' }, checked: settings.ponder,
    on: { change: () => { settings.ponder = ponderBox.checked; saveSettings(); if (!settings.ponder) stopPondering(); } } });
  const numbersBox = h('input', { type: 'checkbox', id: 'hex-numbers', dataset: { testid: 'numbers' }, checked: settings.numbers,
    on: { change: () => { settings.numbers = numbersBox.checked; saveSettings(); paintHeat(); } } });

  const sgfInput = h('textarea', {
    id: 'hex-sgf-input', class: 'sgf-input', rows: '3', spellcheck: 'false',
    dataset: { testid: 'sgf-input', i18nPlaceholder: 'hex.sgfPlaceholder' },
  });
  const sgfFile = h('input', { type: 'file', accept: '.sgf,application/x-go-sgf,text/plain', dataset: { testid: 'sgf-file' },
    on: { change: () => readSgfFile() } });
  const sgfDownload = h('a', { class: 'btn btn-small', download: 'hex.sgf', dataset: { testid: 'sgf-download', i18n: 'hex.sgfDownload' } });
  const linkEl = h('a', { class: 'position-link', dataset: { testid: 'position-link', i18n: 'hex.link' } });
  const sgfOut = h('output', { class: 'fen hex-sgf', dataset: { testid: 'sgf' } });
  const sgfPanel = h('section', { class: 'panel hex-sgf-panel' },
    h('h2', { dataset: { i18n: 'hex.record' } }),
    sgfOut,
    h('form', { class: 'sgf-form', on: { submit: (e) => { e.preventDefault(); loadSgf(sgfInput.value); } } },
      h('label', { for: 'hex-sgf-input', class: 'visually-hidden', dataset: { i18n: 'hex.sgfLabel' } }),
      sgfInput,
      h('div', { class: 'sgf-row' },
        h('button', { type: 'submit', class: 'btn btn-small', dataset: { i18n: 'hex.loadSgf', testid: 'load-sgf' } }),
        sgfFile)),
    h('div', { class: 'sgf-row' }, sgfDownload, linkEl));
  const explain = h('details', { class: 'panel hex-explain', dataset: { testid: 'explain' } },
    h('summary', { dataset: { i18n: 'hex.explain.title' } }),
    h('p', { dataset: { i18n: 'hex.explain.twoDistance' } }),
    h('p', { dataset: { i18n: 'hex.explain.potential' } }),
    h('p', { dataset: { i18n: 'hex.explain.seed' } }),
    h('div', { class: 'hex-seed-figure', dataset: { testid: 'seed-figure' } },
      h('figure', {}, h('div', { class: 'hex-seed-board', dataset: { testid: 'seed-distance' } }), h('figcaption', { dataset: { i18n: 'hex.explain.distanceCaption' } })),
      h('figure', {}, h('div', { class: 'hex-seed-board', dataset: { testid: 'seed-two-distance' } }), h('figcaption', { dataset: { i18n: 'hex.explain.twoDistanceCaption' } }))),
    h('button', { type: 'button', class: 'btn btn-small', dataset: { testid: 'seed-example', i18n: 'hex.explain.show' },
      on: { click: () => seedExample() } }));
  const overlayButtons = OVERLAYS.map((name, i) => h('button', {
    type: 'button', class: 'btn btn-small overlay-btn',
    dataset: { overlay: name, i18n: `hex.overlay.${name}`, i18nTitle: `hex.overlayHint.${name}` },
    'aria-pressed': String(name === settings.overlay),
    'aria-keyshortcuts': String((i + 1) % 10),
    on: { click: () => setOverlay(name) },
  }));
  const overlayBar = h('div', { class: 'overlay-bar', role: 'group', dataset: { testid: 'overlay' } }, overlayButtons);
  const legend = h('div', { class: 'hex-legend', dataset: { testid: 'heatmap-legend' }, hidden: true });

  const fig = (testid) => h('dd', { dataset: { testid } });
  const figs = {
    bpBlack: fig('fig-bp-black'), bpWhite: fig('fig-bp-white'), amBlack: fig('fig-am-black'),
    amWhite: fig('fig-am-white'), evalBlack: fig('fig-eval'),
  };
  const deltaEl = h('div', { class: 'hex-delta', dataset: { testid: 'fig-delta' }, hidden: true });
  const tapHint = h('div', { class: 'hex-tap-hint', dataset: { testid: 'tap-hint' }, hidden: true });
  const figures = h('section', { class: 'panel hex-figures', dataset: { testid: 'figures' } },
    h('dl', { class: 'hex-fig-grid' },
      h('div', {}, h('dt', { dataset: { i18n: 'hex.fig.bpBlack' } }), figs.bpBlack),
      h('div', {}, h('dt', { dataset: { i18n: 'hex.fig.bpWhite' } }), figs.bpWhite),
      h('div', {}, h('dt', { dataset: { i18n: 'hex.fig.amBlack' } }), figs.amBlack),
      h('div', {}, h('dt', { dataset: { i18n: 'hex.fig.amWhite' } }), figs.amWhite),
      h('div', {}, h('dt', { dataset: { i18n: 'hex.fig.eval' } }), figs.evalBlack)),
    deltaEl, tapHint);

  const view = h('div', { class: 'xq-layout hex-layout' },
    h('section', { class: 'board-column' },
      overlayBar,
      boardHost,
      legend,
      h('div', { class: 'board-bar' }, newBtn, undoBtn, swapBtn, resignBtn)),
    h('aside', { class: 'side-column' },
      resultEl,
      turnEl,
      errorEl,
      figures,
      statusHost,
      h('section', { class: 'panel moves-panel' },
        h('div', { class: 'moves-head' }, h('h2', { dataset: { i18n: 'hex.moves' } })),
        h('div', { class: 'move-scroll' }, moveList),
        moveForm),
      explain,
      sgfPanel,
      h('section', { class: 'panel settings-panel' },
        h('div', { class: 'field' }, h('label', { for: 'hex-size', dataset: { i18n: 'hex.size' } }), sizeSelect),
        h('div', { class: 'field' }, swapBox, h('label', { for: 'hex-swap', dataset: { i18n: 'hex.swapRule' } })),
        h('div', { class: 'field' }, h('label', { for: 'hex-human', dataset: { i18n: 'hex.youPlay' } }), humanSelect),
        h('div', { class: 'field' }, h('label', { for: 'hex-movetime', dataset: { i18n: 'hex.moveTime' } }), moveTime),
        h('div', { class: 'field' }, h('label', { for: 'hex-level', dataset: { i18n: 'hex.levelLabel' } }), levelSelect),
        h('div', { class: 'field' }, ponderBox, h('label', { for: 'hex-ponder', dataset: { i18n: 'hex.ponder' } })),
        h('div', { class: 'field' }, h('label', { for: 'hex-convention', dataset: { i18n: 'hex.conventionLabel' } }), conventionSelect),
        h('div', { class: 'field' }, numbersBox, h('label', { for: 'hex-numbers', dataset: { i18n: 'hex.numbers' } })))));
  root.replaceChildren(view);

  const board = createHexBoard(boardHost, { onPlay: (cell) => userMove(cell), onHover: (cell) => hover(cell), onTap: (cell) => tap(cell) });
  const status = createEngineStatus(statusHost, t);
  // the score is shown from Black's view here
  const scoreLabel = status.element.querySelector('[data-i18n="engine.score"]');
  if (scoreLabel) scoreLabel.dataset.i18n = 'hex.engineScore';

  // ---- state --------------------------------------------------------------------------------------------
  let game = null;
  let shownError = null;
  /** the maps of the position (recomputed on each change), and the what-if maps while hovering */
  let baseMaps = null;
  let previewMaps = null;
  let previewCell = null;
  let d3 = null;
  let lastInfo = null;
  let infoKey = null;
  /** the side the running search plays, keyed by the position it searches */
  let searching = null;
  /** the ponder search in flight: {move, key} (the move the engine expects the user to play) */
  let ponder = null;
  let ponderTimer = null;
  /** the move the engine expects the user to play (from its last reply; saved with the game, so a reload
   *  resumes pondering on it), and the short search that finds one when none is known */
  let lastPonderMove = null;
  let guess = null;
  let destroyed = false;
  const unsubscribe = [];

  function moves() {
    return game.moves().map((m) => m.slice(2));
  }

  /** The game's setup stones (SGF AB/AW) and who moved first after them, or null for an empty start. */
  function setupOf(g) {
    const stones = g.setupStones();
    const toMove = g.startToMove();
    if (!stones.length && toMove === 'black') return null;
    const of = (p) => stones.filter((x) => x.startsWith(p)).map((x) => x.slice(2));
    return { black: of('b:'), white: of('w:'), toMove };
  }

  /** Puts `setup` ({black, white, toMove}; null for none) on a new game `g`; throws a coded error. */
  function applySetup(g, setup) {
    if (!setup) return;
    for (const [color, list] of [['black', setup.black], ['white', setup.white]]) {
      for (const c of list ?? []) g.addStone(String(c), color);
    }
    g.setToMove(setup.toMove === 'white' ? 'white' : 'black');
  }

  function key() {
    const st = setupOf(game);
    const setup = st ? `|${st.black.join(',')}/${st.white.join(',')}/${st.toMove}` : '';
    return `${game.width()}x${game.height()}${settings.swap ? 's' : ''}${setup}|${moves().join(' ')}`;
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

  let sgfUrl = null;
  /** The SGF download and the link that reproduces the position (#hex?size=7&moves=d4,c5). */
  function showRecord() {
    if (sgfUrl) URL.revokeObjectURL(sgfUrl);
    const sgf = game.toSgf();
    sgfOut.textContent = sgf;
    sgfOut.title = sgf;
    sgfUrl = URL.createObjectURL(new Blob([sgf], { type: 'application/x-go-sgf' }));
    sgfDownload.href = sgfUrl;
    const link = new URL(location.href);
    link.search = '';
    const q = new URLSearchParams({ size: sizeValue(game.width(), game.height()) });
    if (settings.swap) q.set('swap', '1');
    const st = setupOf(game);
    if (st) {
      if (st.black.length) q.set('ab', st.black.join(','));
      if (st.white.length) q.set('aw', st.white.join(','));
      if (st.toMove === 'white') q.set('pl', 'white');
    }
    if (moves().length) q.set('moves', moves().join(','));
    link.hash = `#hex?${q}`;
    linkEl.href = link.href;
  }

  function save() {
    showRecord();
    writeJSON(GAME_KEY, {
      v: 1, size: sizeValue(game.width(), game.height()), swap: settings.swap, moves: moves(),
      resigned: game.winner() && !game.winningChain().length ? true : undefined,
      ponder: userOnlyToMove() ? lastPonderMove ?? undefined : undefined,
      setup: setupOf(game) ?? undefined,
    });
  }

  function saveSettings() {
    writeJSON(SETTINGS_KEY, settings);
  }

  function freshGame() {
    const { width, height } = parseSize(settings.size);
    return new HexGame(width, height, settings.swap);
  }

  // ---- start-up: the saved game ---------------------------------------------------------------------------
  const saved = readJSON(GAME_KEY);
  if (saved && saved.v === 1 && Array.isArray(saved.moves)) {
    try {
      const dims = parseSize(saved.size);
      if (!dims) throw Object.assign(new Error(`board size ${saved.size}`), { code: 'hex.page_size', params: { size: String(saved.size) } });
      const g = new HexGame(dims.width, dims.height, Boolean(saved.swap));
      try {
        applySetup(g, saved.setup ?? null);
        saved.moves.forEach((m) => g.play(String(m)));
        if (saved.resigned) g.resign();
      } catch (err) {
        g.free();
        throw err;
      }
      game = g;
      settings.size = sizeValue(dims.width, dims.height);
      settings.swap = Boolean(saved.swap);
      lastPonderMove = typeof saved.ponder === 'string' ? saved.ponder : null;
      showSize(settings.size);
      swapBox.checked = settings.swap;
    } catch (err) {
      game = freshGame();
      showError('hex.error.savedGame', {}, err);
    }
  } else {
    game = freshGame();
  }

  /**
   * A game from a size, the swap rule and moves (the URL's and SGF's way in): replayed move by move, so a
   * refused move names itself. Throws a coded error; nothing is changed then.
   */
  function gameFrom(size, swap, list, resigned = false, setup = null) {
    const dims = parseSize(size);
    if (!dims) {
      throw Object.assign(new Error(`board size ${size}: the page plays 5×5 to 19×19`), { code: 'hex.page_size', params: { size: String(size) } });
    }
    const g = new HexGame(dims.width, dims.height, swap);
    try {
      applySetup(g, setup);
      list.forEach((m, i) => {
        try {
          g.play(m);
        } catch (err) {
          throw Object.assign(new Error(`move ${i + 1} (${m}): ${err.message}`), { code: 'hex.record_move', params: { index: i + 1, move: m, cause: err } });
        }
      });
      if (resigned) g.resign();
    } catch (err) {
      g.free();
      throw err;
    }
    return g;
  }

  function adopt(g, swap) {
    stopPondering();
    client.cancel();
    searching = null;
    game.free();
    game = g;
    lastPonderMove = null;
    settings.size = sizeValue(g.width(), g.height());
    settings.swap = swap;
    showSize(settings.size);
    swapBox.checked = swap;
    saveSettings();
    clearError();
  }

  /** Loads an SGF record (HexGame.fromSgf reads it; the game is replayed from its moves). */
  function loadSgf(text) {
    let parsed = null;
    try {
      parsed = HexGame.fromSgf(String(text ?? ''));
      if (!parseSize(`${parsed.width()}x${parsed.height()}`)) {
        throw Object.assign(new Error('board size out of 5…19'), { code: 'hex.page_size', params: { size: `${parsed.width()}×${parsed.height()}` } });
      }
      const list = parsed.moves().map((m) => m.slice(2));
      const resigned = Boolean(parsed.winner()) && parsed.winningChain().length === 0;
      const swap = list.includes('swap-pieces') || settings.swap;
      const g = gameFrom(`${parsed.width()}x${parsed.height()}`, swap, list, resigned, setupOf(parsed));
      adopt(g, swap);
      sgfInput.value = '';
      changed();
      requestEngineMove();
    } catch (err) {
      showError('hex.error.sgf', {}, err);
    } finally {
      parsed?.free();
    }
  }

  /** The seed's figure 5.1: the empty 5×5 board with Black's two-distance to the north edge (e4 = 7). */
  function seedExample() {
    adopt(gameFrom('5', false, []), false);
    changed();
    setOverlay('black-north');
  }

  /**
   * The seed's example beside the text: the empty 5×5 board's ordinary distance to Black's north edge (a
   * breadth-first count of cells) and its two-distance (the wasm maps), e4 outlined in both. Drawn when the
   * panel is first opened and again when the colours have loaded.
   */
  let seedDrawn = false;
  function drawSeedFigure() {
    if (!explain.open || (seedDrawn && d3)) return;
    seedDrawn = true;
    const W5 = 5;
    const g5 = new HexGame(W5, W5, false);
    let two;
    try {
      two = Array.from(g5.maps('queenbee', false).twoDistance.north);
    } finally {
      g5.free();
    }
    // ordinary distance: cells touching row 1 are 1, each step to a neighbour adds one
    const dist = new Array(W5 * W5).fill(Infinity);
    const queue = [];
    for (let c = 0; c < W5; c++) { dist[c] = 1; queue.push(c); }
    while (queue.length) {
      const i = queue.shift();
      const c = i % W5;
      const r = (i - c) / W5;
      for (const [dc, dr] of [[1, 0], [-1, 0], [0, 1], [0, -1], [1, -1], [-1, 1]]) {
        const nc = c + dc;
        const nr = r + dr;
        if (nc < 0 || nr < 0 || nc >= W5 || nr >= W5) continue;
        const j = nr * W5 + nc;
        if (dist[j] > dist[i] + 1) { dist[j] = dist[i] + 1; queue.push(j); }
      }
    }
    const e4 = 3 * W5 + 4;
    for (const [testid, values] of [['seed-distance', dist], ['seed-two-distance', two]]) {
      const host = explain.querySelector(`[data-testid="${testid}"]`);
      host.replaceChildren();
      const b = createHexBoard(host, { onPlay: () => {}, onHover: () => {} });
      b.set({ width: W5, height: W5, stones: new Uint8Array(W5 * W5), last: null, chain: new Set(), playable: false, toMove: null });
      const lo = Math.min(...values);
      const hi = Math.max(...values);
      b.setHeatmap({
        overlay: testid, values: values.map(String), numbers: true, outlined: new Set([e4]),
        colors: values.map((v) => (d3 ? d3.interpolateViridis((v - lo) / (hi - lo)) : '')),
        dark: values.map((v) => (v - lo) / (hi - lo) > 0.55),
      });
      b.setAriaLabel(t(testid === 'seed-distance' ? 'hex.explain.distanceCaption' : 'hex.explain.twoDistanceCaption'));
    }
  }
  explain.addEventListener('toggle', () => drawSeedFigure());

  async function readSgfFile() {
    const file = sgfFile.files?.[0];
    if (!file) return;
    const text = await file.text();
    sgfFile.value = '';
    loadSgf(text);
  }

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
    tapped = false;
    previewCell = cell;
    computePreview(cell);
    if (!previewMaps) previewCell = null;
    paintHeat();
    renderFigures();
  }

  /** The heatmap of the current overlay: the what-if maps while previewing, else the position's. */
  function paintHeat() {
    const maps = previewMaps ?? baseMaps;
    const overlay = settings.overlay;
    const values = maps ? overlayValues(maps, overlay) : null;
    if (!values) {
      board.setHeatmap(null);
      legend.hidden = true;
      legend.replaceChildren();
      return;
    }
    const n = values.length;
    const isTension = overlay === 'tension';
    const finite = [];
    const shown = new Array(n);
    for (let i = 0; i < n; i++) {
      const v = values[i];
      if (maps.stones[i] !== 0) shown[i] = '';
      else if (isTension ? Number.isNaN(v) : v === INF) shown[i] = 'inf';
      else {
        shown[i] = isTension ? String(Number(v.toFixed(1))) : String(v); // tension: 2, 1.5 (one decimal at most)
        finite.push(v);
      }
    }
    const lo = finite.length ? Math.min(...finite) : 0;
    const hi = finite.length ? Math.max(...finite) : 1;
    const colors = new Array(n);
    const dark = new Array(n);
    const colorOf = new Map(); // few distinct values: one colour string each
    for (let i = 0; i < n; i++) {
      if (shown[i] === '' || shown[i] === 'inf') {
        colors[i] = shown[i];
        continue;
      }
      // low numbers (near an edge, good for the side) dark; tension: high = dark
      let x = hi > lo ? (values[i] - lo) / (hi - lo) : 0;
      if (isTension) x = 1 - x;
      let color = colorOf.get(x);
      if (color === undefined) colorOf.set(x, (color = d3 ? d3.interpolateViridis(x) : ''));
      colors[i] = color;
      dark[i] = x > 0.55; // yellow end of viridis: dark digits read better
    }
    board.setHeatmap({
      overlay, values: shown, colors, dark, numbers: settings.numbers, outlined: outlinedCells(maps, overlay),
      preview: previewMaps ? previewCell : null,
    });
    renderLegend(overlay, lo, hi, finite.length > 0, shown.includes('inf'));
  }

  let legendDrawn = null;
  function renderLegend(overlay, lo, hi, any, hasInf) {
    // a hover rarely changes the range: the legend is rebuilt only when what it shows changes
    const sig = `${overlay}|${lo}|${hi}|${any}|${hasInf}|${Boolean(d3)}|${t('hex.legend.inf')}`;
    if (sig === legendDrawn && !legend.hidden) return;
    legendDrawn = sig;
    const NSV = 'http://www.w3.org/2000/svg';
    const bar = document.createElementNS(NSV, 'svg');
    bar.setAttribute('viewBox', '0 0 200 12');
    bar.setAttribute('class', 'hex-legend-bar');
    bar.setAttribute('aria-hidden', 'true');
    for (let k = 0; k < 40; k++) {
      const r = document.createElementNS(NSV, 'rect');
      r.setAttribute('x', String(k * 5));
      r.setAttribute('width', '5.5');
      r.setAttribute('height', '12');
      let x = k / 39;
      if (overlay === 'tension') x = 1 - x;
      r.setAttribute('fill', d3 ? d3.interpolateViridis(x) : '#888');
      bar.append(r);
    }
    const fmt = (v) => (overlay === 'tension' ? String(Number(v.toFixed(1))) : String(v));
    const inf = document.createElementNS(NSV, 'svg');
    inf.setAttribute('viewBox', '0 0 12 12');
    inf.setAttribute('class', 'hex-legend-swatch');
    inf.setAttribute('aria-hidden', 'true');
    const defs = document.createElementNS(NSV, 'defs');
    const pat = document.createElementNS(NSV, 'pattern');
    Object.entries({ id: 'hx-hatch-legend', width: 4, height: 4, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' })
      .forEach(([k, v]) => pat.setAttribute(k, String(v)));
    const pr = document.createElementNS(NSV, 'rect');
    pr.setAttribute('width', '4'); pr.setAttribute('height', '4'); pr.setAttribute('fill', '#b8b8b8');
    const pl = document.createElementNS(NSV, 'line');
    Object.entries({ x1: 0, y1: 0, x2: 0, y2: 4, stroke: '#6b6b6b', 'stroke-width': 2 }).forEach(([k, v]) => pl.setAttribute(k, String(v)));
    pat.append(pr, pl);
    defs.append(pat);
    const sw = document.createElementNS(NSV, 'rect');
    sw.setAttribute('width', '12'); sw.setAttribute('height', '12'); sw.setAttribute('fill', 'url(#hx-hatch-legend)');
    inf.append(defs, sw);
    legend.replaceChildren(
      h('span', { class: 'hex-legend-title', text: t(`hex.overlay.${overlay}`) }),
      h('span', { class: 'hex-legend-lo', dataset: { testid: 'legend-min' }, text: any ? fmt(lo) : '–' }),
      bar,
      h('span', { class: 'hex-legend-hi', dataset: { testid: 'legend-max' }, text: any ? fmt(hi) : '–' }),
      h('span', { class: 'hex-legend-inf', dataset: { testid: 'legend-inf' } }, inf, t(overlay === 'tension' ? 'hex.legend.noTension' : 'hex.legend.inf')),
      h('span', { class: 'hex-legend-note', text: t(overlay === 'tension' ? 'hex.legend.highDark' : 'hex.legend.lowDark') }),
    );
    legend.dataset.overlay = overlay;
    legend.dataset.hasInf = String(hasInf);
    legend.hidden = false;
  }

  function bpText(v) {
    return v === null || v === undefined ? '∞' : String(v);
  }

  function renderFigures() {
    const maps = previewMaps ?? baseMaps;
    if (!maps) return;
    figs.bpBlack.textContent = bpText(maps.boardPotential.black);
    figs.bpWhite.textContent = bpText(maps.boardPotential.white);
    figs.amBlack.textContent = String(maps.attackMobility.black);
    figs.amWhite.textContent = String(maps.attackMobility.white);
    figs.evalBlack.textContent = String(maps.evalBlack);
    if (previewMaps && baseMaps) {
      const d = (a, b) => (a === null || b === null ? (a === b ? '±0' : a === null ? '→∞' : '∞→') : a - b === 0 ? '±0' : a - b > 0 ? `+${a - b}` : `−${b - a}`);
      const side = game.toMove();
      deltaEl.dataset.cell = previewCell;
      deltaEl.dataset.black = String(previewMaps.boardPotential.black === null || baseMaps.boardPotential.black === null ? '' : previewMaps.boardPotential.black - baseMaps.boardPotential.black);
      deltaEl.dataset.white = String(previewMaps.boardPotential.white === null || baseMaps.boardPotential.white === null ? '' : previewMaps.boardPotential.white - baseMaps.boardPotential.white);
      setText(deltaEl, t('hex.whatIf', {
        side: t(`hex.side.${side}`), cell: previewCell,
        black: d(previewMaps.boardPotential.black, baseMaps.boardPotential.black),
        white: d(previewMaps.boardPotential.white, baseMaps.boardPotential.white),
      }));
    } else {
      setText(deltaEl, '');
      delete deltaEl.dataset.cell;
    }
    figures.dataset.preview = previewMaps ? previewCell : '';
    const hint = previewMaps && tapped && humanPlays(game.toMove()) ? t('hex.tapAgain', { cell: previewCell }) : '';
    setText(tapHint, hint);
  }

  function setOverlay(name) {
    if (!OVERLAYS.includes(name)) return;
    const needsTension = name === 'tension' && !(baseMaps?.hasTension);
    settings.overlay = name;
    saveSettings();
    for (const b of overlayButtons) b.setAttribute('aria-pressed', String(b.dataset.overlay === name));
    if (needsTension || (previewCell && name === 'tension')) refreshMaps();
    else paintHeat();
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
    board.set({
      width: game.width(), height: game.height(), stones, last,
      chain: new Set(game.winningChain()), playable: userTurn, toMove: winner ? null : side,
    });
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
    renderMoves(ms);
    renderStatus();
  }

  let movesDrawn = null;
  function renderMoves(ms) {
    const sig = ms.join(' ');
    if (sig === movesDrawn) return;
    movesDrawn = sig;
    moveList.replaceChildren(...ms.map((m, i) => {
      const color = m[0] === 'b' ? 'black' : 'white';
      const mv = m.slice(2);
      return h('li', { class: `move hex-move hex-move-${color}${i === ms.length - 1 ? ' move-last' : ''}`, dataset: { move: mv, side: color, ply: String(i + 1) } },
        h('span', { class: 'move-num', text: `${i + 1}.` }),
        h('span', { class: 'move-text', text: mv === 'swap-pieces' ? t('hex.swapPieces') : mv }));
    }));
    moveList.parentElement.scrollTop = moveList.parentElement.scrollHeight;
  }

  function renderStatus() {
    const current = client.current;
    const info = current && infoKey && lastInfo && searching?.key === infoKey ? lastInfo : null;
    status.update({
      state: client.state,
      ready: client.ready,
      info,
      sign: searching?.side === 'white' ? -1 : 1,
      pvText: info ? info.pv.slice(0, 8).join(' ') : '',
      ponderText: ponder && client.state === 'pondering' ? (ponder.move === 'swap-pieces' ? t('hex.swapPieces') : ponder.move) : '',
      ponderMove: ponder && client.state === 'pondering' ? ponder.move : null,
      notice: '',
      detail: client.state === 'thinking' && current?.params.movetime ? `${current.params.movetime / 1000} s` : '',
    });
  }

  function changed() {
    previewCell = null;
    previewMaps = null;
    save();
    refreshMaps();
    render();
  }

  // ---- engine -------------------------------------------------------------------------------------------
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

  /** Sends the page's level to the engine when the engine's differs (the client is shared with Xiangqi). */
  function sendLevel() {
    const want = String(settings.level);
    const have = client.optionValues.get('Level');
    if (have === want || (have === undefined && settings.level === 0)) return;
    client.setOption('Level', settings.level);
  }

  function position(extra = []) {
    const setup = setupOf(game);
    return { game: 'hex', size: `${game.width()}x${game.height()}`, swap: settings.swap, ...(setup ? { setup } : {}), moves: [...moves(), ...extra] };
  }

  /** The engine's move for the position `k` (searched now, or pondered and then hit), played when it comes. */
  function applyEngineResult(res, k) {
    if (destroyed || res.cancelled || k !== key()) return;
    if (!res.move) {
      if (!game.winner()) showError('hex.error.engineNoMove');
      return;
    }
    try {
      game.play(res.move);
    } catch (err) {
      showError('hex.error.engineIllegal', { move: res.move }, err);
      return;
    }
    searching = null;
    // the move to ponder on: the engine's, else the second move of its last principal variation
    const pv = infoKey === k ? lastInfo?.pv : null;
    lastPonderMove = res.ponder ?? (pv?.[0] === res.move ? pv[1] ?? null : null);
    changed();
    if (engineToMove()) requestEngineMove(); // engine vs engine: the other side answers
    else startPonder();
  }

  function requestEngineMove() {
    if (!engineToMove()) return;
    const k = key();
    if (searching?.key === k && client.current && !client.current.cancelled) return;
    ponder = null;
    guess = null;
    searching = { key: k, side: game.toMove() };
    infoKey = k;
    lastInfo = null;
    sendLevel();
    client.search(position(), { movetime: settings.movetime })
      .then((res) => applyEngineResult(res, k))
      .catch((err) => { if (!destroyed) showError('hex.error.engine', {}, err); });
    renderStatus();
  }

  /**
   * Ponders on the user's time (as the Xiangqi page does): a `go ponder` on the position after the move the
   * engine expects, the one its last reply named (saved with the game, so a reload resumes pondering on it).
   * When there is none mid-game (a reply without one, a game loaded from a link or an SGF), a short search of
   * the user's position finds it first (guessPonderMove). If the user plays it, the search goes on as a timed
   * one (ponderhit); any other move cancels it.
   */
  function startPonder() {
    clearTimeout(ponderTimer);
    ponder = null;
    if (!settings.ponder || document.hidden || !userOnlyToMove()) return;
    const move = lastPonderMove && game.legalMoves().includes(lastPonderMove) ? lastPonderMove : null;
    if (!move) {
      if (moves().length > 0) guessPonderMove();
      return;
    }
    const k = `${key()}${moves().length ? ' ' : ''}${move}`;
    const p = (ponder = { move, key: k });
    searching = { key: k, side: game.toMove() === 'black' ? 'white' : 'black' };
    infoKey = k;
    lastInfo = null;
    sendLevel();
    client.search(position([move]), { ponder: true, movetime: settings.movetime })
      .then((res) => {
        if (ponder === p) ponder = null;
        applyEngineResult(res, k);
        renderStatus();
      })
      .catch((err) => { if (!destroyed) showError('hex.error.engine', {}, err); });
    ponderTimer = setTimeout(() => { if (ponder === p) stopPondering(); }, PONDER_CAP_MS);
    renderStatus();
  }

  /** A short search of the user's position: its best move is the reply the engine expects; then ponder on it. */
  function guessPonderMove() {
    if (guess || (client.current && !client.current.cancelled)) return; // a search asked for decides first
    const k = key();
    const g = (guess = { key: k });
    sendLevel();
    client.search(position(), { movetime: Math.min(GUESS_MS, settings.movetime) })
      .then((res) => {
        if (guess === g) guess = null;
        if (destroyed || res.cancelled || !res.move || k !== key()) return;
        lastPonderMove = res.move;
        save();
        startPonder();
      })
      .catch((err) => {
        if (guess === g) guess = null;
        if (!destroyed) showError('hex.error.engine', {}, err);
      });
    renderStatus();
  }

  function stopPondering() {
    clearTimeout(ponderTimer);
    if (guess) {
      guess = null;
      client.cancel();
    }
    if (ponder) {
      ponder = null;
      client.cancel();
    }
  }

  // ---- user actions ---------------------------------------------------------------------------------------
  function userMove(mv) {
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
    guess = null;
    const hit = ponder && ponder.move === mv && ponder.key === key() && client.state === 'pondering' && client.ponderhit();
    if (hit) {
      clearTimeout(ponderTimer);
      ponder = null;
      view.dataset.ponderHits = String(Number(view.dataset.ponderHits ?? 0) + 1); // a test hook
    }
    changed();
    if (!hit) requestEngineMove();
  }

  function typedMove(text) {
    const mv = String(text).trim().toLowerCase();
    if (!mv) return;
    moveInput.value = '';
    userMove(mv === 'swap' ? 'swap-pieces' : mv);
  }

  function undo() {
    stopPondering();
    client.cancel();
    searching = null;
    if (game.moves().length === 0) return;
    game.undo();
    // against the engine: back to the user's turn (the engine's reply and the user's move)
    if (!game.winner() && engineToMove() && settings.human !== 'none' && game.moves().length > 0) game.undo();
    lastPonderMove = null;
    clearError();
    changed();
    requestEngineMove();
    startPonder();
  }

  /** Who plays which side; the game goes on (the engine takes over a side it now plays, or stops). */
  function setMode(mode) {
    if (!MODES.includes(mode)) return;
    settings.human = mode;
    saveSettings();
    stopPondering();
    client.cancel();
    searching = null;
    clearError();
    save();
    render();
    requestEngineMove();
    startPonder();
  }

  function resign() {
    if (game.winner()) return;
    stopPondering();
    client.cancel();
    searching = null;
    game.resign();
    changed();
  }

  function newGame() {
    stopPondering();
    client.cancel();
    searching = null;
    game.free();
    game = freshGame();
    clearError();
    changed();
    requestEngineMove();
  }

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
    if (document.hidden) stopPondering();
  }
  document.addEventListener('visibilitychange', onVisibility);

  unsubscribe.push(
    client.on('info', (info) => {
      const current = client.current;
      if (!current || current.id !== info.searchId || current.position.game !== 'hex') return;
      lastInfo = info;
      renderStatus();
    }),
    client.on('state', () => renderStatus()),
    client.on('ready', () => renderStatus()),
    client.on('error', (error) => showError('hex.error.engineCommand', { command: error.command ?? '?' }, error)),
  );

  // ---- go -----------------------------------------------------------------------------------------------
  function applyLang() {
    for (const node of view.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n, node.dataset.i18nParams ? JSON.parse(node.dataset.i18nParams) : undefined);
    for (const node of view.querySelectorAll('[data-i18n-placeholder]')) node.placeholder = t(node.dataset.i18nPlaceholder);
    for (const node of view.querySelectorAll('[data-i18n-title]')) node.title = t(node.dataset.i18nTitle);
    status.setTranslator(t);
    movesDrawn = null;
    if (shownError) showError(shownError.key, shownError.params, shownError.error);
  }

  // #hex?size=7&swap=1&moves=d4,c5: applied once, then dropped from the address bar (a reload resumes the game)
  const hashQuery = location.hash.includes('?') ? new URLSearchParams(location.hash.slice(location.hash.indexOf('?') + 1)) : null;
  if (hashQuery && (hashQuery.has('moves') || hashQuery.has('size'))) {
    history.replaceState(history.state, '', `${location.pathname}${location.search}#hex`);
    try {
      const size = hashQuery.get('size') ?? settings.size;
      const list = (hashQuery.get('moves') ?? '').split(',').map((m) => m.trim().toLowerCase()).filter(Boolean);
      const swap = hashQuery.get('swap') === '1' || list.includes('swap-pieces');
      const cells = (name) => (hashQuery.get(name) ?? '').split(',').map((m) => m.trim().toLowerCase()).filter(Boolean);
      const setup = hashQuery.has('ab') || hashQuery.has('aw') || hashQuery.has('pl')
        ? { black: cells('ab'), white: cells('aw'), toMove: hashQuery.get('pl') === 'white' ? 'white' : 'black' } : null;
      adopt(gameFrom(size, swap, list, false, setup), swap);
    } catch (err) {
      showError('hex.error.link', {}, err);
    }
  }

  applyLang();
  save();
  refreshMaps();
  render();
  requestEngineMove();
  startPonder(); // after a reload mid-game with the user to move: the engine ponders again
  loadD3().then((lib) => {
    if (destroyed) return;
    d3 = lib;
    view.dataset.ready = 'true';
    paintHeat();
    drawSeedFigure();
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
      destroyed = true;
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('visibilitychange', onVisibility);
      clearTimeout(ponderTimer);
      if (sgfUrl) URL.revokeObjectURL(sgfUrl);
      for (const off of unsubscribe) off();
      client.cancel();
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

export { cellName };
