// The Xiangqi page and the library of games (www/game-library.js, the #games view): the game on the page,
// played or imported, is saved into the library as it goes (a quarter of a second after its last change), and
// a game opened from the library (`#xiangqi?game=<id>`, with `&review=1` to review it) becomes the game on the
// page, keeping its id, so that playing on from it updates the same entry.
//
// A storage failure (private mode, a full disk) is shown on the page once per game, never silently dropped.

import { openLibrary } from '../game-library.js';
import { pgnObject } from './xiangqi-game-info.js';
import { openingOf } from './xiangqi-header.js';

/** ms after the last change before the game is written to the library */
const SAVE_DELAY_MS = 250;

/**
 * The library entry of the game on the page (the contract of www/game-library.js): the record as pgnParse
 * gives it (tags, start, moves, result, reason, comments, variations, the review's marks), whether it is over
 * and reviewed, and its summary for the list.
 * @param {object} x the page's shared state (www/views/xiangqi.js)
 * @param {{eccoClassify?: Function}} wasm
 */
export function libraryEntry(x, wasm) {
  const record = pgnObject(x);
  const { info } = x;
  const eco = openingOf(wasm, record.fen, record.moves, record.tags);
  return {
    id: info.id,
    game: 'xiangqi',
    source: info.source,
    ...(info.file ? { file: info.file } : {}),
    created: info.created,
    updated: Date.now(),
    finished: record.result !== '*',
    reviewed: Boolean(x.review?.complete),
    record,
    summary: {
      red: record.tags.Red ?? '',
      black: record.tags.Black ?? '',
      event: record.tags.Event ?? '',
      date: record.tags.Date ?? '',
      result: record.result,
      eco,
      plies: record.moves.length,
    },
  };
}

/**
 * Connects the page to the library.
 * @param {object} x the page's shared state
 * @param {object} wasm the rules module
 * @returns {{schedule: () => void, flush: () => Promise<void>, open: (id: string, options?: {review?: boolean}) => Promise<boolean>, destroy: () => void}}
 */
export function createLibraryLink(x, wasm) {
  let timer = null;
  /** the game whose save failed (its error is shown once, not at every move) */
  let failedFor = null;

  /** After a change of the game: saved soon (a game with no move yet, unless imported, is not kept). */
  function schedule() {
    if (x.destroyed || x.analysing()) return;
    if (!x.record.moves.length && x.info?.source !== 'imported') return;
    clearTimeout(timer);
    timer = setTimeout(() => { flush(); }, SAVE_DELAY_MS);
  }

  /** Writes the game now. */
  async function flush() {
    clearTimeout(timer);
    timer = null;
    let entry;
    try {
      entry = libraryEntry(x, wasm);
      const lib = await openLibrary();
      await lib.put(entry);
      failedFor = null;
    } catch (err) {
      if (failedFor === x.info?.id) return;
      failedFor = x.info?.id ?? null;
      if (!x.destroyed) x.showError('error.library', {}, err);
    }
  }

  /** Opens a game of the library as the game on the page; false (with the error shown) when it cannot be. */
  async function open(id, { review = false } = {}) {
    let entry;
    try {
      const lib = await openLibrary();
      entry = await lib.get(id);
    } catch (err) {
      x.showError('error.library', {}, err);
      return false;
    }
    if (x.destroyed) return false;
    if (!entry || entry.game !== 'xiangqi' || !entry.record) {
      x.showError('error.libraryMissing', { id });
      return false;
    }
    const ok = x.rec.openRecord(entry.record, { id: entry.id, file: entry.file ?? null, source: entry.source, created: entry.created });
    if (ok && review) x.review?.run();
    return ok;
  }

  return {
    schedule,
    flush,
    open,
    destroy() {
      if (timer) flush();
    },
  };
}
