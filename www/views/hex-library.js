// The Hex page's record beyond its stones, and the library of games (www/game-library.js, the #games view).
//
// An SGF loaded on the page keeps what its file holds besides the position (the players PB/PW, the event,
// date, result, comments on the root and on the moves, variations, unknown properties: the HexRecord of
// `sgfParseGames`), so the SGF shown and downloaded gives them back unchanged. A game played here gets its
// players and date. Either way the game is saved into the library as it goes (a quarter of a second after
// its last change), and `#hex?game=<id>` opens a game of the library, keeping its id.
//
// HexRecord (the wasm contract, src/wasm/hex.rs): {size: "9" | "9x11", props: {NAME: [values]}, setup:
// {black, white, toMove} | null, moves: ["c3", "swap-pieces", …], annotations: [null | {comment?, props?,
// variations?}], comment: string | null, result: string | null}.

import { openLibrary, newGameId } from '../game-library.js';
import { sizeValue } from './hex-controls.js';
import { setupOf, movesOf } from './hex-record.js';

/** ms after the last change before the game is written to the library */
const SAVE_DELAY_MS = 250;

/**
 * @typedef {{id: string, created: number, source: 'played'|'imported', file: string|null,
 *            record: object|null}} HexInfo  record: the imported HexRecord, as the file gave it (null: played here)
 */

/** The info of a game starting now (`record`: an imported HexRecord). @returns {HexInfo} */
export function newHexInfo({ source = 'played', record = null, file = null, id = newGameId(), created = Date.now() } = {}) {
  return { id, created, source, file, record };
}

/** A saved info checked; null when it is not one. */
export function validHexInfo(v) {
  if (!v || typeof v !== 'object' || typeof v.id !== 'string' || !v.id || !Number.isFinite(v.created)) return null;
  const record = v.record && typeof v.record === 'object' && Array.isArray(v.record.moves) ? v.record : null;
  return { id: v.id, created: v.created, source: v.source === 'imported' ? 'imported' : 'played', file: typeof v.file === 'string' ? v.file : null, record };
}

/** "2026-12-05", SGF's date form. */
function sgfDate(ms) {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The SGF result of a game over (`B+`, `W+Resign`), null while it goes on. */
export function sgfResult(game) {
  const winner = game.winner();
  if (!winner) return null;
  const letter = winner === 'black' ? 'B' : 'W';
  return game.winningChain().length ? `${letter}+` : `${letter}+Resign`;
}

/**
 * The game as a HexRecord: an imported game's properties, comments and variations on the moves it still
 * shares with the file, its result as the file wrote it while the moves are the file's; a played game's
 * players (`players(color)`: the name of whoever plays that colour) and date. `comments` (the hints used:
 * [{ply, text}], ply 0 = the root) are added to the comments.
 * @param {object} game  the wasm HexGame
 * @param {HexInfo} info
 * @param {{players: (color: 'black'|'white') => string, comments?: Array<{ply: number, text: string}>}} opts
 */
export function hexRecordOf(game, info, { players, comments = [] }) {
  const moves = movesOf(game);
  const from = info.record;
  let common = 0;
  if (from) while (common < moves.length && common < from.moves.length && moves[common] === from.moves[common]) common++;
  const unchanged = Boolean(from) && common === moves.length && common === from.moves.length;
  const props = from ? structuredClone(from.props ?? {}) : { PB: [players('black')], PW: [players('white')], DT: [sgfDate(info.created)] };
  const annotations = from ? structuredClone((from.annotations ?? []).slice(0, common)) : [];
  let comment = from?.comment ?? null;
  for (const { ply, text } of comments) {
    if (ply <= 0 || ply > moves.length) {
      comment = comment ? `${comment}\n${text}` : text;
      continue;
    }
    while (annotations.length < ply) annotations.push(null);
    const a = annotations[ply - 1] ?? {};
    a.comment = a.comment ? `${a.comment}\n${text}` : text;
    annotations[ply - 1] = a;
  }
  while (annotations.length && !annotations.at(-1)) annotations.pop();
  return {
    size: sizeValue(game.width(), game.height()),
    props,
    setup: setupOf(game),
    moves,
    annotations,
    comment,
    result: unchanged ? from.result ?? null : sgfResult(game),
  };
}

/**
 * The library entry of the game (the contract of www/game-library.js).
 * @param {object} game  the wasm HexGame
 * @param {HexInfo} info
 * @param {object} record  its HexRecord (hexRecordOf)
 */
export function hexEntry(game, info, record) {
  const first = (name) => (record.props?.[name]?.[0] ?? '');
  return {
    id: info.id,
    game: 'hex',
    source: info.source,
    ...(info.file ? { file: info.file } : {}),
    created: info.created,
    updated: Date.now(),
    finished: Boolean(record.result),
    reviewed: false,
    record,
    summary: {
      black: first('PB'),
      white: first('PW'),
      event: first('EV'),
      date: first('DT'),
      result: record.result ?? '*',
      eco: null,
      plies: record.moves.length,
    },
  };
}

/**
 * Connects the Hex page to the library.
 * @param {{entry: () => object|null, onError: (err: Error) => void, onMissing: (id: string) => void}} page
 *   entry: the game's library entry now (null: nothing to keep, e.g. an empty board)
 */
export function createHexLibraryLink({ entry, onError, onMissing }) {
  let timer = null;
  let failedFor = null;
  let destroyed = false;

  function schedule() {
    if (destroyed) return;
    clearTimeout(timer);
    timer = setTimeout(() => { flush(); }, SAVE_DELAY_MS);
  }

  async function flush() {
    clearTimeout(timer);
    timer = null;
    let e = null;
    try {
      e = entry();
      if (!e) return;
      const lib = await openLibrary();
      await lib.put(e);
      failedFor = null;
    } catch (err) {
      if (failedFor === (e?.id ?? null)) return;
      failedFor = e?.id ?? null;
      if (!destroyed) onError(err);
    }
  }

  /** The entry `id` of the library (null, with the error shown, when it cannot be read or is not a Hex game). */
  async function read(id) {
    try {
      const lib = await openLibrary();
      const e = await lib.get(id);
      if (e && e.game === 'hex' && e.record) return e;
      onMissing(id);
    } catch (err) {
      onError(err);
    }
    return null;
  }

  return {
    schedule,
    flush,
    read,
    destroy() {
      if (timer) flush();
      destroyed = true;
    },
  };
}
