// The Xiangqi page's settings: their defaults, the choices offered, and reading them back from localStorage
// (SETTINGS_KEY) with every value checked, so a stale or hand-edited store never breaks the page.
//
// A game is casual (no clock) unless the user chose a time control: a `tc` saved by an earlier version as its
// default 10+5 counts only when saved with `tcChosen: true`.
//
// The notation of the moves follows the page's language (中文 on the Chinese page, WXF on the English one)
// until the user chooses one: `notation` is that choice (null: none yet), saved with `notationChosen: true`.

import { readJSON, writeJSON } from '../storage.js';
import { TC_PRESETS, DEFAULT_TC_ID, FORMER_DEFAULT_TC_ID, DEPTHS } from './xiangqi-clock.js';
import { PIECE_SETS } from './xiangqi-pieces.js';

export const GAME_KEY = 'duiyi.xiangqi.game.v1';
export const SETTINGS_KEY = 'duiyi.xiangqi.settings.v1';
export const PLAY_KEY = 'duiyi.xiangqi.play.v1';
export const MOVE_TIMES_MS = [200, 500, 1000, 2000, 5000, 10000];
export const MODES = ['red', 'black', 'engine', 'human'];
export const NOTATIONS = ['iccs', 'chinese', 'wxf'];
/**
 * The engine's pace under a clock (the engine option `TargetMoveTime`, the most its planned time per move may
 * be, in ms; 0: the engine plans by the clock alone). Brisk is the default: at 10+5 the engine would otherwise
 * plan about 21 s a move, far more than it needs against a person (issue 19; docs/playing.md).
 */
export const PACES = { brisk: 2000, steady: 5000, clock: 0 };
export const DEFAULT_SETTINGS = {
  movetime: 1000, ponder: true, orientation: 'red', tc: DEFAULT_TC_ID, customMin: 10, customInc: 5, depth: 8,
  level: 0, pace: 'brisk', mode: 'red', flipForBlack: true, pieceSet: 'chinese', notation: null, pgnFormat: 'iccs',
};

/** The saved settings over the defaults, each one checked (a bad value falls back to its default). */
export function loadSettings() {
  const saved = readJSON(SETTINGS_KEY) ?? {};
  const settings = { ...DEFAULT_SETTINGS, ...saved };
  // Settings saved before the notation followed the language carry 'chinese' whether or not the user chose
  // it: only another notation, or one saved as chosen, counts as the user's choice.
  const chosen = NOTATIONS.includes(saved.notation) && (saved.notationChosen === true || saved.notation !== 'chinese');
  settings.notation = chosen ? saved.notation : null;
  delete settings.notationChosen;
  // Settings saved while 10+5 was the default carry it whether or not the user chose it: a game is casual
  // (untimed) unless a time control was chosen (issue 32).
  if (saved.tc === FORMER_DEFAULT_TC_ID && saved.tcChosen !== true) settings.tc = DEFAULT_TC_ID;
  delete settings.tcChosen;
  if (!MOVE_TIMES_MS.includes(settings.movetime)) settings.movetime = DEFAULT_SETTINGS.movetime;
  if (!TC_PRESETS.some((p) => p.id === settings.tc)) settings.tc = DEFAULT_TC_ID;
  if (!MODES.includes(settings.mode)) settings.mode = DEFAULT_SETTINGS.mode;
  if (!PIECE_SETS.includes(settings.pieceSet)) settings.pieceSet = DEFAULT_SETTINGS.pieceSet;
  if (!NOTATIONS.includes(settings.pgnFormat)) settings.pgnFormat = DEFAULT_SETTINGS.pgnFormat;
  if (!Object.hasOwn(PACES, settings.pace)) settings.pace = DEFAULT_SETTINGS.pace;
  if (!(Number.isInteger(settings.level) && settings.level >= 0 && settings.level <= 8)) settings.level = 0;
  if (!DEPTHS.includes(settings.depth)) settings.depth = DEFAULT_SETTINGS.depth;
  if (!(settings.customMin > 0)) settings.customMin = DEFAULT_SETTINGS.customMin;
  if (!(settings.customInc >= 0)) settings.customInc = DEFAULT_SETTINGS.customInc;
  return settings;
}

/** Stores the settings. */
export function storeSettings(settings) {
  writeJSON(SETTINGS_KEY, { ...settings, notationChosen: settings.notation !== null, tcChosen: true });
}

/** The notation of the moves when the user has chosen none: 中文 on the Chinese page, WXF on the English one. */
export function defaultNotation(lang) {
  return String(lang ?? '').startsWith('zh') ? 'chinese' : 'wxf';
}

/**
 * The engine's levels ([{level, depth, nodes, marginCp, chance, description: {en, zh}}]) from the wasm
 * module (a module function `levels()` or a static `Engine.levels()`), or null in a build without them.
 */
export function engineLevels(wasm) {
  try {
    const list = typeof wasm.levels === 'function' ? wasm.levels() : typeof wasm.Engine?.levels === 'function' ? wasm.Engine.levels() : null;
    return Array.isArray(list) ? list : list ? Array.from(list) : null;
  } catch {
    return null;
  }
}
