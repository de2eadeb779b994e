// The Hex page's settings (www/views/hex.js): what the user chose (board size, swap rule, who plays which side,
// engine time and level, pondering, the two-distance convention, numbers on cells, the overlay, the
// Connections overlay), kept in
// localStorage, and the settings panel's controls. It knows no rules and no engine: each control calls the
// handler it was given.
//
// Two panels: the game's (board size, who plays, engine level and time: what a player sets before a game, at
// the top of the side column) and the options (swap rule, pondering, convention, numbers). Option texts are
// short; what a choice means is a note under its select.
//
// Board size: until the user picks one (the chooser, an SGF, a link), the default is the largest square board
// up to 11×11 whose cells are at least MIN_CELL_PX wide in the board's space on this screen (7×7 on a 390 px
// phone); the user's choice is saved (sizeChosen) and wins from then on.
//
// Test hooks (data-testid): board-size, swap, human-side (note: human-side-note), movetime, level (note:
// level-note), ponder, convention (note: convention-note), numbers, threads (the engine threads setting shared
// with the Xiangqi page, www/threads.js; note: threads-note); the panels game-settings and
// more-settings.

import { loadThreads, storeThreads, threadChoices } from '../threads.js';
import { h } from './dom.js';
import { readJSON, writeJSON } from '../storage.js';

const SETTINGS_KEY = 'duiyi.hex.settings.v1';
/** the board sizes offered: squares 5×5…19×19 ('N') and a few rectangles ('WxH', W columns × H rows); a link
 *  or an SGF may set up any W×H with both sides in 5…19 (it is then added to the chooser) */
export const SIZES = [...Array.from({ length: 15 }, (_, i) => String(i + 5)), '7x9', '9x7', '9x11', '11x9', '11x13', '13x11'];
const MIN_SIDE = 5;
const MAX_SIDE = 19;
/** who the user plays: one side against the engine, both sides (two humans), or none (engine vs engine) */
export const MODES = ['black', 'white', 'both', 'none'];
/** the engine's levels (the Engine option `Level`): 0 = full strength, 1…8 weaker (see docs/playing.md, "Levels, draw offers, WXF and PGN") */
export const LEVELS = [0, 1, 2, 3, 4, 5, 6, 7, 8];
export const MOVE_TIMES_MS = [200, 500, 1000, 2000, 5000, 10000];
/** the overlays, in the order of their buttons and keys 1…9, 0 = none */
export const OVERLAYS = ['black', 'white', 'total', 'badness', 'tension', 'black-north', 'black-south', 'white-west', 'white-east', 'none'];
const CONVENTIONS = ['queenbee', 'benzene'];
/** the smallest cell width (CSS px) the default board size allows: a finger's tap target */
export const MIN_CELL_PX = 32;
const DEFAULT_SETTINGS = {
  size: '11', swap: false, human: 'black', movetime: 1000, overlay: 'none', convention: 'queenbee', numbers: true,
  ponder: true, level: 0, connections: false, shape: 'auto',
};

/** The board's shape setting: 'auto' (a diamond where a rhombus's cells would be too small on a portrait
 *  screen, see boardShape), or always a 'rhombus' or a 'diamond' (hex-board.js SHAPES). */
export const SHAPE_SETTINGS = ['auto', 'rhombus', 'diamond'];

/**
 * The shape to draw a `width` × `height` board in, for the setting `setting` (SHAPE_SETTINGS), a board host
 * `hostPx` CSS px wide and a window in portrait or not: under 'auto', the diamond when the screen is in
 * portrait, a rhombus's cells would be narrower than MIN_CELL_PX and the diamond's are wider; else the rhombus.
 * @param {(width: number, height: number, shape: string) => number} widthUnits  the drawing's width in SVG units
 * @param {number} cellUnits  a cell's width in SVG units
 */
export function boardShape(setting, { width, height, hostPx, portrait }, widthUnits, cellUnits) {
  if (setting === 'rhombus' || setting === 'diamond') return setting;
  if (!portrait || !(hostPx > 0)) return 'rhombus';
  const cell = (shape) => (hostPx * cellUnits) / widthUnits(width, height, shape);
  return cell('rhombus') < MIN_CELL_PX && cell('diamond') > cell('rhombus') ? 'diamond' : 'rhombus';
}

/**
 * 'N' or 'WxH' (also a number) → {width, height}, or null when not a board the page plays.
 * @param {string|number} v
 * @returns {{width: number, height: number}|null}
 */
export function parseSize(v) {
  const m = /^\s*(\d{1,2})\s*(?:[x×:]\s*(\d{1,2}))?\s*$/i.exec(String(v ?? ''));
  if (!m) return null;
  const width = Number(m[1]);
  const height = m[2] === undefined ? width : Number(m[2]);
  const ok = (n) => n >= MIN_SIDE && n <= MAX_SIDE;
  return ok(width) && ok(height) ? { width, height } : null;
}

/**
 * The size's chooser value: 'N' for a square, 'WxH' otherwise.
 * @param {number} width
 * @param {number} height
 */
export function sizeValue(width, height) {
  return width === height ? String(width) : `${width}x${height}`;
}

/** The saved settings, each checked (an unknown value falls back to its default). */
export function loadSettings() {
  const saved = readJSON(SETTINGS_KEY) ?? {};
  const settings = { ...DEFAULT_SETTINGS, ...saved };
  settings.size = parseSize(settings.size) ? String(settings.size) : DEFAULT_SETTINGS.size;
  // settings saved before sizeChosen existed always held a size: it counts as chosen
  settings.sizeChosen = Boolean(parseSize(saved.size)) && saved.sizeChosen !== false;
  if (!OVERLAYS.includes(settings.overlay)) settings.overlay = 'none';
  if (!MOVE_TIMES_MS.includes(settings.movetime)) settings.movetime = DEFAULT_SETTINGS.movetime;
  if (!MODES.includes(settings.human)) settings.human = 'black';
  if (!LEVELS.includes(settings.level)) settings.level = 0;
  if (!CONVENTIONS.includes(settings.convention)) settings.convention = 'queenbee';
  settings.connections = settings.connections === true; // the Connections overlay (hex-connections.js), off by default
  if (!SHAPE_SETTINGS.includes(settings.shape)) settings.shape = 'auto';
  return settings;
}

/**
 * The default board size for a board host `hostPx` CSS px wide: the largest square n×n (5 ≤ n ≤ 11) whose
 * cells are at least MIN_CELL_PX wide there; '11' when the width is unknown (0).
 * @param {number} hostPx
 * @param {(width: number, height: number) => number} widthUnits  the board drawing's width in SVG units
 * @param {number} cellUnits  a cell's width in SVG units
 */
export function defaultSize(hostPx, widthUnits, cellUnits) {
  if (!(hostPx > 0)) return DEFAULT_SETTINGS.size;
  for (let n = Number(DEFAULT_SETTINGS.size); n > MIN_SIDE; n--) {
    if ((hostPx * cellUnits) / widthUnits(n, n) >= MIN_CELL_PX) return String(n);
  }
  return String(MIN_SIDE);
}

/** Saves the settings object. */
export function saveSettings(settings) {
  writeJSON(SETTINGS_KEY, settings);
}

/**
 * The settings panels. `on` has one handler per control (size, swap, mode, level, movetime, convention,
 * ponder, numbers); each gets the new value, after `settings` is updated and saved (mode: before, the page
 * decides).
 * @param {object} settings  the page's settings object (read and written here)
 * @param {Array<object>} levelSpecs  the engine's levels (wasm levels()), [] when it has none
 * @param {() => Function} t  the current translator
 * @param {Record<string, (value: any) => void>} on
 */
export function createControls(settings, levelSpecs, t, on) {
  const save = () => saveSettings(settings);
  /** a note under a select: its text is the i18n key `key` with `params` (applyLang redraws it) */
  const note = (testid) => h('div', { class: 'field-note hex-field-note', dataset: { testid } });
  const setNote = (el, key, params) => {
    el.dataset.i18n = key;
    if (params) el.dataset.i18nParams = JSON.stringify(params);
    else delete el.dataset.i18nParams;
    el.textContent = t()(key, params);
  };

  const sizeText = (v) => { const { width, height } = parseSize(v); return `${width}×${height}`; };
  const sizeSelect = h('select', { id: 'hex-size', dataset: { testid: 'board-size' }, on: { change: () => { settings.size = sizeSelect.value; settings.sizeChosen = true; save(); on.size(settings.size); } } },
    SIZES.map((n) => h('option', { value: n, text: sizeText(n), selected: n === settings.size })));
  /** Shows `value` in the size chooser, adding it first if it is not offered (a link's or an SGF's size). */
  function showSize(value) {
    if (![...sizeSelect.options].some((o) => o.value === value)) sizeSelect.append(h('option', { value, text: sizeText(value) }));
    sizeSelect.value = value;
  }
  showSize(settings.size);
  const swapBox = h('input', { type: 'checkbox', id: 'hex-swap', dataset: { testid: 'swap' }, checked: settings.swap,
    on: { change: () => { settings.swap = swapBox.checked; save(); on.swap(settings.swap); } } });

  const humanNote = note('human-side-note');
  const humanSelect = h('select', { id: 'hex-human', dataset: { testid: 'human-side' }, 'aria-describedby': 'hex-human-note',
    on: { change: () => { showModeNote(humanSelect.value); on.mode(humanSelect.value); } } },
  MODES.map((s) => h('option', { value: s, dataset: { i18n: `hex.mode.${s}` }, selected: s === settings.human })));
  humanNote.id = 'hex-human-note';
  const showModeNote = (mode) => setNote(humanNote, `hex.modeNote.${mode}`);

  // the caps of each level from the engine itself (wasm levels(), src/levels.rs), in Hex's units: in the note
  const levelParams = (n) => {
    const spec = levelSpecs.find((l) => l.level === n);
    return spec
      ? { n, depth: spec.depth, nodes: spec.nodes.toLocaleString('en'), chance: Math.round(spec.chance * 100), margin: spec.marginCp / 100 }
      : { n };
  };
  const levelNote = note('level-note');
  levelNote.id = 'hex-level-note';
  const showLevelNote = (n) => {
    const params = levelParams(n);
    setNote(levelNote, n === 0 ? 'hex.levelNote.full' : params.depth !== undefined ? 'hex.levelNote.spec' : 'hex.levelNote.n', params);
  };
  const levelSelect = h('select', { id: 'hex-level', dataset: { testid: 'level' }, 'aria-describedby': 'hex-level-note',
    on: { change: () => { settings.level = Number(levelSelect.value); save(); showLevelNote(settings.level); on.level(settings.level); } } },
  LEVELS.map((n) => h('option', {
    value: n, selected: n === settings.level,
    dataset: { i18n: n === 0 ? 'hex.level.full' : 'hex.level.n', i18nParams: JSON.stringify({ n }) },
  })));
  const moveTime = h('select', { id: 'hex-movetime', dataset: { testid: 'movetime' }, on: { change: () => { settings.movetime = Number(moveTime.value); save(); on.movetime(settings.movetime); } } },
    MOVE_TIMES_MS.map((ms) => h('option', { value: ms, text: `${ms / 1000} s`, selected: ms === settings.movetime })));

  const conventionNote = note('convention-note');
  conventionNote.id = 'hex-convention-note';
  const showConventionNote = (c) => setNote(conventionNote, `hex.conventionNote.${c}`);
  const conventionSelect = h('select', { id: 'hex-convention', dataset: { testid: 'convention' }, 'aria-describedby': 'hex-convention-note',
    on: { change: () => { settings.convention = conventionSelect.value; save(); showConventionNote(settings.convention); on.convention(settings.convention); } } },
  CONVENTIONS.map((c) => h('option', { value: c, dataset: { i18n: `hex.convention.${c}` }, selected: c === settings.convention })));
  const ponderBox = h('input', { type: 'checkbox', id: 'hex-ponder', dataset: { testid: 'ponder' }, checked: settings.ponder,
    on: { change: () => { settings.ponder = ponderBox.checked; save(); on.ponder(settings.ponder); } } });
  const numbersBox = h('input', { type: 'checkbox', id: 'hex-numbers', dataset: { testid: 'numbers' }, checked: settings.numbers,
    on: { change: () => { settings.numbers = numbersBox.checked; save(); on.numbers(settings.numbers); } } });
  const threadsNote = note('threads-note');
  threadsNote.id = 'hex-threads-note';
  const showThreadsNote = (n) => setNote(threadsNote, 'hex.threadsNote', { n });
  const threadsSelect = h('select', { id: 'hex-threads', dataset: { testid: 'threads' }, 'aria-describedby': 'hex-threads-note',
    on: { change: () => { storeThreads(Number(threadsSelect.value)); showThreadsNote(Number(threadsSelect.value)); } } },
  threadChoices().map((n) => h('option', { value: n, text: String(n), selected: n === loadThreads() })));
  const shapeSelect = h('select', { id: 'hex-shape', dataset: { testid: 'board-shape' },
    on: { change: () => { settings.shape = shapeSelect.value; save(); on.shape?.(settings.shape); } } },
  SHAPE_SETTINGS.map((v) => h('option', { value: v, dataset: { i18n: `hex.shape.${v}` }, selected: v === settings.shape })));
  showModeNote(settings.human);
  showLevelNote(settings.level);
  showConventionNote(settings.convention);
  showThreadsNote(loadThreads());

  const field = (...children) => h('div', { class: 'field' }, ...children);
  const label = (id, key) => h('label', { for: id, dataset: { i18n: key } });
  const panel = h('section', { class: 'panel settings-panel hex-game-settings', dataset: { testid: 'game-settings' } },
    field(label('hex-size', 'hex.size'), sizeSelect),
    field(label('hex-human', 'hex.youPlay'), humanSelect), humanNote,
    field(label('hex-level', 'hex.levelLabel'), levelSelect), levelNote,
    field(label('hex-movetime', 'hex.moveTime'), moveTime));
  const morePanel = h('section', { class: 'panel settings-panel hex-more-settings', dataset: { testid: 'more-settings' } },
    field(swapBox, label('hex-swap', 'hex.swapRule')),
    field(ponderBox, label('hex-ponder', 'hex.ponder')),
    field(label('hex-convention', 'hex.conventionLabel'), conventionSelect), conventionNote,
    field(numbersBox, label('hex-numbers', 'hex.numbers')),
    field(label('hex-shape', 'hex.shapeLabel'), shapeSelect),
    field(label('hex-threads', 'threads.label'), threadsSelect), threadsNote);

  return {
    panel,
    morePanel,
    showSize,
    /** Shows the swap rule's state (a loaded game may change it). */
    showSwap(value) {
      swapBox.checked = value;
    },
  };
}
