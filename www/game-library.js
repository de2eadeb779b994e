// The game library: every game played on the page and every imported game, both games (Xiangqi and Hex), in
// the browser's IndexedDB (database `duiyi-library`, object store `games`, key path `id`). The page's #games
// view lists them; the game views save the game being played here after each move (issue 32; the shared
// contract of session 38).
//
// An entry:
//   {id, game: 'xiangqi' | 'hex', source: 'played' | 'imported', file?, created, updated (ms since 1970),
//    finished, reviewed, record, summary: {red?, black, white?, event, date, result, eco, plies}}
// record: a Xiangqi game as pgnParse / xqfParse give it ({tags, fen, moves, result, reason, annotations,
// comment}), or a Hex record as sgfParseGames gives it ({size, props, setup, moves, annotations, comment,
// result}). summary is derived from the record (summaryOf) on every put.
//
// Every failure of the store is a coded Error (www/i18n/errors.js): `library.unavailable` (no IndexedDB, or the
// browser refuses it: private mode, blocked site data), `library.quota` (the disk or the site's quota is full),
// `library.failed` (any other storage error; params.detail names it). A bad file or game is never thrown:
// importFile lists it with its own error and keeps the good games.
//
// The wasm readers are the page's wasm modules' (www/wasm-modules.js: PGN, XQF and ECCO in the Xiangqi module,
// SGF in the Hex one). importFile loads both first; the other functions use what is loaded (the #games view
// loads both before it mounts). pgnParseGames, sgfParseGames, sgfWriteGame and eccoClassify are used when the
// loaded modules have them;
// without them the first game of each split PGN text goes through pgnParse, and an SGF game through
// HexGame.fromSgf plus a small root-property reader here.

import { loadModules, loadedExports } from './wasm-modules.js';
import { codedError, errorData } from './i18n/errors.js';

const DB_NAME = 'duiyi-library';
const DB_VERSION = 1;
const STORE = 'games';
/** Games per write transaction during an import. */
const BATCH = 100;
/** PGN games per call of pgnParseGames during an import. */
const PARSE_GROUP = 20;
/** The longest stretch of parsing before the import lets the page run (ms). */
const SLICE_MS = 25;
/** How long opening the database may take before it counts as unavailable (ms; generous for a busy machine). */
const OPEN_TIMEOUT_MS = 20000;
const PERSIST_KEY = 'duiyi.library.persist';

/** The loaded wasm modules' exports, looked up at each use (a module loaded later is seen). */
const wasm = new Proxy({}, { get: (_, name) => loadedExports()[name] });
const has = (name) => typeof wasm[name] === 'function';

// ---- errors -----------------------------------------------------------------------------------------------

/** A DOMException (or anything thrown by IndexedDB) as one of the library's coded errors. */
function storageError(err, fallback = 'library.failed') {
  if (err && typeof err.code === 'string' && err.code.startsWith('library.')) return err;
  const name = err?.name ?? 'Error';
  const detail = `${name}${err?.message ? `: ${err.message}` : ''}`;
  if (name === 'QuotaExceededError' || /quota/i.test(err?.message ?? '')) {
    return codedError('library.quota', { detail }, `the browser's storage for this site is full (${detail})`);
  }
  const code = name === 'SecurityError' ? 'library.unavailable' : fallback;
  const what = code === 'library.unavailable' ? 'the browser does not let this page store games' : 'storing games failed';
  return codedError(code, { detail }, `${what} (${detail})`);
}

// ---- the database -----------------------------------------------------------------------------------------

function openDatabase() {
  return new Promise((resolve, reject) => {
    const factory = globalThis.indexedDB;
    if (!factory) {
      reject(codedError('library.unavailable', { detail: 'no IndexedDB' }, 'this browser has no IndexedDB: games cannot be stored'));
      return;
    }
    let request;
    const timer = setTimeout(() => {
      reject(codedError('library.unavailable', { detail: 'no answer from IndexedDB' }, 'the browser did not open the game store'));
    }, OPEN_TIMEOUT_MS);
    const fail = (err) => {
      clearTimeout(timer);
      reject(storageError(err, 'library.unavailable'));
    };
    try {
      request = factory.open(DB_NAME, DB_VERSION);
    } catch (err) {
      fail(err);
      return;
    }
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE, { keyPath: 'id' });
    };
    request.onsuccess = () => {
      clearTimeout(timer);
      resolve(request.result);
    };
    request.onerror = (event) => {
      event.preventDefault?.();
      fail(request.error);
    };
  });
}

/**
 * One transaction on the store: `work(store)` issues the requests and returns what to resolve with (an
 * IDBRequest resolves with its result). Resolves when the transaction has committed; rejects with a coded
 * `library.*` error when it aborts (quota, a closed database, a value that cannot be stored).
 */
function transact(db, mode, work) {
  return new Promise((resolve, reject) => {
    let tx;
    let out;
    try {
      tx = db.transaction(STORE, mode);
      out = work(tx.objectStore(STORE));
    } catch (err) {
      try { tx?.abort(); } catch { /* already over */ }
      reject(storageError(err));
      return;
    }
    tx.oncomplete = () => resolve(out instanceof IDBRequest ? out.result : out);
    tx.onabort = () => reject(storageError(tx.error ?? new DOMException('the transaction was aborted', 'AbortError')));
  });
}

/** The library over one open database (get it with openLibrary()). */
class Library {
  constructor(db) {
    this.db = db;
  }

  /**
   * Stores an entry (inserts it, or replaces the entry of the same id). Fills `updated` (now), `created` (when
   * missing), `finished` and `reviewed` (when not booleans: from the record) and recomputes `summary`.
   * @param {object} entry {id, game, source, record, …} (see the top of this file)
   * @returns {Promise<string>} the id
   * @throws {Error} `library.entry` for an entry without id, game or record; `library.quota`, `library.failed`
   */
  async put(entry) {
    const [id] = await this.putMany([entry]);
    // the game pages save a game as it goes: a #games view open in another tab lists it again
    changes?.postMessage('changed');
    return id;
  }

  /**
   * Stores several entries in one transaction (as put does each); all or none are stored.
   * @returns {Promise<string[]>} their ids
   */
  async putMany(entries) {
    const now = Date.now();
    const ready = entries.map((e) => completeEntry(e, now));
    await transact(this.db, 'readwrite', (store) => {
      for (const e of ready) store.put(e);
    });
    if (ready.length) askPersistenceOnce();
    return ready.map((e) => e.id);
  }

  /** The entry of `id`, or null. @throws `library.failed` */
  get(id) {
    return transact(this.db, 'readonly', (store) => store.get(String(id))).then((e) => e ?? null);
  }

  /** Every entry (with its record), the most recently updated first. @throws `library.failed` */
  async list() {
    const all = await transact(this.db, 'readonly', (store) => store.getAll());
    return all.sort((a, b) => (b.updated ?? 0) - (a.updated ?? 0));
  }

  /** Deletes the entry of `id` (nothing when there is none). @throws `library.failed` */
  async delete(id) {
    await transact(this.db, 'readwrite', (store) => store.delete(String(id)));
  }

  /** Deletes the entries of `ids` in one transaction. @throws `library.failed` */
  async deleteMany(ids) {
    await transact(this.db, 'readwrite', (store) => {
      for (const id of ids) store.delete(String(id));
    });
  }

  /** The number of stored games. @throws `library.failed` */
  count() {
    return transact(this.db, 'readonly', (store) => store.count());
  }

  /**
   * Imports the games of one file: a PGN text (any number of games), an XQF file (bytes) or an SGF text (a
   * collection of Hex games). The kind is taken from the name's extension, else from the contents. Bytes that
   * are not XQF are read as UTF-8, or as GB18030 (GBK) when they are not valid UTF-8.
   * Parsing runs in slices of at most ~25 ms and games are written 100 per transaction, so the page keeps
   * running; onProgress({file, done, total}) is called after every slice (done/total in games).
   * @param {string} name the file's name (kept in each entry's `file`)
   * @param {string | ArrayBuffer | Uint8Array} data
   * @param {{onProgress?: (p: {file: string, done: number, total: number}) => void, signal?: AbortSignal}} [options]
   *   signal: stops the import after the current slice (the games stored so far stay)
   * @returns {Promise<{added: string[], errors: {index: number, line?: number, offset?: number, error: {code, params, message}}[],
   *   kind: 'pgn' | 'xqf' | 'sgf', aborted: boolean, duplicates: number}>} errors: the bad games (index 0-based in
   *   the file; line of a PGN game, offset of an SGF game), the good ones being stored; duplicates: the games
   *   not added because the library already holds the same record (fingerprintOf)
   * @throws {Error} `library.quota` / `library.failed` when storing fails (err.result holds what was stored
   *   before); never for a bad game or file
   */
  async importFile(name, data, { onProgress, signal } = {}) {
    await loadModules(['xiangqi', 'hex']);
    const bytes = typeof data === 'string' ? null : new Uint8Array(data);
    const kind = fileKind(name, bytes, data);
    const result = { added: [], errors: [], kind, aborted: false };
    const pending = [];
    const now = Date.now();
    const flush = async () => {
      if (!pending.length) return;
      const batch = pending.splice(0);
      try {
        result.added.push(...(await this.putMany(batch)));
      } catch (err) {
        err.result = result;
        throw err;
      }
    };
    // a game already in the library (the same record, from this file or another) is not added twice
    const known = new Set((await this.list()).map((e) => fingerprintOf(e.game, e.record)));
    result.duplicates = 0;
    const keep = (game, record) => {
      const print = fingerprintOf(game, record);
      if (known.has(print)) {
        result.duplicates += 1;
        return;
      }
      known.add(print);
      pending.push({ id: newGameId(), game, source: 'imported', file: name, created: now, record });
    };
    const progress = (done, total) => {
      try {
        onProgress?.({ file: name, done, total });
      } catch (err) {
        console.error('import progress', err);
      }
    };

    if (kind === 'xqf') {
      progress(0, 1);
      try {
        keep('xiangqi', wasm.xqfParse(bytes));
      } catch (err) {
        result.errors.push({ index: 0, error: errorData(err) });
      }
      await flush();
      progress(1, 1);
      return result;
    }

    const text = typeof data === 'string' ? data : decodeText(bytes);
    const games = kind === 'sgf' ? splitSgfGames(text) : splitPgnGames(text);
    const total = games.length;
    if (!total) {
      result.errors.push({ index: 0, line: 1, error: errorData(codedError('library.empty', {}, 'the file holds no game')) });
      return result;
    }
    progress(0, total);
    let done = 0;
    let index = 0; // games numbered as the parser counts them
    let slice = performance.now();
    for (let at = 0; at < games.length;) {
      if (signal?.aborted) {
        result.aborted = true;
        break;
      }
      const group = games.slice(at, at + (kind === 'pgn' ? PARSE_GROUP : 1));
      at += group.length;
      for (const r of kind === 'pgn' ? parsePgnGroup(group, index) : parseSgfGame(group[0], index)) {
        if (r.ok) keep(kind === 'pgn' ? 'xiangqi' : 'hex', r.game);
        else result.errors.push(r.line !== undefined ? { index: r.index, line: r.line, error: r.error } : { index: r.index, offset: r.offset, error: r.error });
        index = Math.max(index, r.index + 1);
      }
      done += group.length;
      if (pending.length >= BATCH) await flush();
      if (performance.now() - slice > SLICE_MS) {
        progress(done, total);
        await yieldToPage();
        slice = performance.now();
      }
    }
    await flush();
    progress(done, total);
    return result;
  }
}

/**
 * What makes two records the same game, as a short string: the game, its start, moves and result, and its tags
 * or properties (sorted; without those a writer sets itself: Game, Format, Result, FF, GM, AP), hashed (53 bits,
 * FNV-1a style) with the text's length. Comments and analysis do not count: a game saved from its page (with the
 * review's marks) and the same game imported again are one game.
 * @param {'xiangqi'|'hex'} game
 * @param {object} record
 */
export function fingerprintOf(game, record) {
  const r = record ?? {};
  const own = (o, skip) => Object.entries(o ?? {}).filter(([k]) => !skip.includes(k)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const key = game === 'hex'
    ? [r.size, r.setup ?? null, r.moves ?? [], r.result ?? null, own(r.props, ['FF', 'GM', 'AP', 'RE'])]
    : [r.fen ?? '', r.moves ?? [], r.result ?? '*', own(r.tags, ['Game', 'Format', 'Result'])];
  const text = JSON.stringify(key);
  let h1 = 0x811c9dc5 ^ text.length;
  let h2 = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
  }
  return `${game}:${((h2 >>> 0) & 0x1fffff).toString(36)}${(h1 >>> 0).toString(36)}:${text.length}`;
}

/** The library's changes told to the other tabs (the #games view listens on the same channel name). */
const changes = typeof BroadcastChannel === 'function' ? new BroadcastChannel('duiyi-library') : null;

let shared = null;

/**
 * The page's one library (the database is opened on the first call; a failed open is retried on the next).
 * @returns {Promise<Library>}
 * @throws {Error} `library.unavailable` (no IndexedDB, private mode, site data blocked), `library.quota`
 */
export function openLibrary() {
  if (!shared) {
    shared = openDatabase().then((db) => {
      db.onversionchange = () => {
        db.close();
        shared = null;
      };
      db.onclose = () => {
        shared = null;
      };
      return new Library(db);
    });
    shared.catch(() => {
      shared = null;
    });
  }
  return shared;
}

/** A new, unique id for a game (sortable by creation time: base-36 ms, then random hex). */
export function newGameId() {
  const random = new Uint32Array(2);
  crypto.getRandomValues(random);
  return `g${Date.now().toString(36)}-${[...random].map((n) => n.toString(16).padStart(8, '0')).join('')}`;
}

// ---- entries and summaries ---------------------------------------------------------------------------------

/** The entry as stored: checked, with updated/created/finished/reviewed/summary filled. */
function completeEntry(entry, now) {
  if (!entry || typeof entry !== 'object' || typeof entry.id !== 'string' || !entry.id
      || (entry.game !== 'xiangqi' && entry.game !== 'hex') || !entry.record || typeof entry.record !== 'object') {
    throw codedError('library.entry', { detail: 'an entry needs an id, a game (xiangqi or hex) and a record' }, 'not a library entry');
  }
  const out = {
    ...entry,
    source: entry.source === 'imported' ? 'imported' : 'played',
    created: Number.isFinite(entry.created) ? entry.created : now,
    updated: now,
  };
  const summary = summaryOf(out);
  out.summary = summary;
  if (typeof out.finished !== 'boolean') out.finished = outcomeOf(out.game, summary.result) !== 'none';
  if (typeof out.reviewed !== 'boolean') {
    out.reviewed = out.game === 'xiangqi' && Array.isArray(out.record.annotations) && out.record.annotations.some((a) => a?.eval);
  }
  return out;
}

/**
 * The summary of an entry, from its record: Xiangqi `{red, black, event, date, result, eco, plies}` (players
 * from the Red / Black tags), Hex `{black, white, event, date, result, eco: null, plies}` (PB, PW, EV, DT, RE).
 * eco is `{code, zh, en}` from eccoClassify when the wasm build has it (a game from the opening position with
 * moves), else from the record's `[ECCO]` (or `[ECO]`) and `[Opening]` tags, else null. Missing fields are ''.
 * @param {{game: 'xiangqi'|'hex', record: object}} entry
 */
export function summaryOf(entry) {
  const record = entry.record ?? {};
  const moves = Array.isArray(record.moves) ? record.moves : [];
  if (entry.game === 'hex') {
    const prop = (name) => String(record.props?.[name]?.[0] ?? '');
    return {
      black: prop('PB'), white: prop('PW'), event: prop('EV'), date: prop('DT'),
      result: record.result ?? prop('RE') ?? '', eco: null, plies: moves.length,
    };
  }
  const tags = record.tags ?? {};
  const tag = (name) => String(tags[name] ?? '');
  return {
    red: tag('Red'), black: tag('Black'), event: tag('Event'), date: tag('Date'),
    result: String(record.result ?? tags.Result ?? '*'), eco: openingOf(record, tags), plies: moves.length,
  };
}

function openingOf(record, tags) {
  if (has('eccoClassify') && Array.isArray(record.moves) && record.moves.length) {
    try {
      const eco = wasm.eccoClassify(record.fen ?? '', record.moves);
      if (eco?.code) return { code: String(eco.code), zh: String(eco.zh ?? ''), en: String(eco.en ?? '') };
    } catch {
      /* not classifiable: the tags below */
    }
  }
  const code = String(tags.ECCO ?? tags.ECO ?? '').trim();
  const name = String(tags.Opening ?? '').trim();
  if (!code && !name) return null;
  if (code && !name && has('eccoName')) {
    try {
      const known = wasm.eccoName(code);
      if (known) return { code, zh: String(known.zh ?? ''), en: String(known.en ?? '') };
    } catch {
      /* an unknown code stays as it is */
    }
  }
  return { code, zh: name, en: name };
}

/**
 * Who won, from a summary's result: 'first' (Red; Black in Hex), 'second' (Black; White in Hex), 'draw', or
 * 'none' (unfinished or unknown).
 */
export function outcomeOf(game, result) {
  const r = String(result ?? '').trim();
  if (game === 'hex') {
    if (/^B\+/i.test(r)) return 'first';
    if (/^W\+/i.test(r)) return 'second';
    if (/^(0|draw)$/i.test(r)) return 'draw';
    return 'none';
  }
  if (r === '1-0') return 'first';
  if (r === '0-1') return 'second';
  if (r === '1/2-1/2') return 'draw';
  return 'none';
}

/** An entry as one game of a PGN file (Xiangqi, via pgnWrite in the notation of its [Format] tag) or SGF
 *  text (Hex). @throws a coded `pgn.*` / `hex.*` error for a record the writer refuses */
export function recordText(entry) {
  if (entry.game === 'hex') return hexSgf(entry.record);
  const r = entry.record;
  const format = { chinese: 'chinese', wxf: 'wxf' }[String(r.tags?.Format ?? '').toLowerCase()] ?? 'iccs';
  return wasm.pgnWrite({ ...r, format });
}

/**
 * The entries as the text of one file per game: `{pgn, sgf, errors}`: the Xiangqi games as one PGN text, the
 * Hex games as one SGF collection ('' when there are none), and the entries a writer refused
 * ({id, error}).
 */
export function exportText(entries) {
  const pgn = [];
  const sgf = [];
  const errors = [];
  for (const e of entries) {
    try {
      const text = recordText(e).trim();
      (e.game === 'hex' ? sgf : pgn).push(text);
    } catch (err) {
      errors.push({ id: e.id, error: errorData(err) });
    }
  }
  return { pgn: pgn.length ? `${pgn.join('\n\n')}\n` : '', sgf: sgf.length ? `${sgf.join('\n')}\n` : '', errors };
}

// ---- reading files -----------------------------------------------------------------------------------------

function fileKind(name, bytes, data) {
  const ext = String(name ?? '').toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';
  if (bytes && bytes.length >= 2 && bytes[0] === 0x58 && bytes[1] === 0x51) return 'xqf'; // "XQ"
  if (ext === 'xqf' && bytes) return 'xqf';
  if (ext === 'sgf') return 'sgf';
  if (ext === 'pgn') return 'pgn';
  const head = (typeof data === 'string' ? data.slice(0, 200) : decodeText(bytes.subarray(0, 200))).trimStart();
  return head.startsWith('(') ? 'sgf' : 'pgn';
}

/** The text of a file's bytes: UTF-8 (a BOM dropped), or GB18030 when the bytes are not UTF-8. */
function decodeText(bytes) {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

/**
 * Splits a PGN text into games at their tag sections: a game starts at a tag line ("[Name …]") that follows
 * movetext (a line of a comment in braces does not count). @returns {{text: string, line: number}[]} line:
 * 1-based line where the game starts
 */
export function splitPgnGames(text) {
  const lines = String(text).split(/\r\n|\n|\r/);
  const games = [];
  let start = -1;
  let sawMoves = false;
  let inComment = false;
  const close = (end) => {
    const body = lines.slice(start, end).join('\n');
    if (body.trim()) games.push({ text: body, line: start + 1 });
  };
  for (let i = 0; i < lines.length; i++) {
    const trimmed = lines[i].trim();
    if (!trimmed) continue;
    if (!inComment && trimmed.startsWith('[')) {
      if (start < 0 || sawMoves) {
        if (start >= 0) close(i);
        start = i;
        sawMoves = false;
      }
      continue;
    }
    if (start < 0) start = i;
    if (!inComment && trimmed.startsWith('%')) continue; // an escaped line
    sawMoves = true;
    for (const ch of trimmed) {
      if (inComment) {
        if (ch === '}') inComment = false;
      } else if (ch === '{') inComment = true;
      else if (ch === ';') break; // a comment to the end of the line
    }
  }
  if (start >= 0) close(lines.length);
  return games;
}

/** Parses a group of split PGN games: the results as pgnParseGames gives them, numbered from `first`. */
function parsePgnGroup(group, first) {
  if (has('pgnParseGames')) {
    const lineBase = group[0].line - 1;
    try {
      const out = wasm.pgnParseGames(group.map((g) => g.text).join('\n'));
      return out.map((r) => {
        const error = r.error && Number.isFinite(r.error.params?.line) ? { ...r.error, params: { ...r.error.params, line: lineBase + r.error.params.line } } : r.error;
        return { ...r, ...(error ? { error } : {}), index: first + r.index, line: lineBase + (r.line ?? 1) };
      });
    } catch (err) {
      // the whole group refused: each game on its own below
      console.warn('pgnParseGames', err);
    }
  }
  return group.map((g, i) => {
    try {
      const game = has('pgnParseGames') ? firstGood(wasm.pgnParseGames(g.text)) : wasm.pgnParse(g.text);
      return { ok: true, index: first + i, line: g.line, game };
    } catch (err) {
      const error = errorData(err);
      if (Number.isFinite(error.params?.line)) error.params = { ...error.params, line: g.line - 1 + error.params.line };
      return { ok: false, index: first + i, line: g.line, error };
    }
  });
}

function firstGood(results) {
  const r = results[0];
  if (!r) throw codedError('library.empty', {}, 'the file holds no game');
  if (!r.ok) throw Object.assign(new Error(r.error?.message ?? 'bad game'), { code: r.error?.code, params: r.error?.params ?? {} });
  return r.game;
}

/**
 * Splits an SGF collection into its game trees (top-level "(…)"), skipping property values in brackets.
 * @returns {{text: string, offset: number}[]} offset: index in the text where the tree starts
 */
export function splitSgfGames(text) {
  const games = [];
  let depth = 0;
  let start = -1;
  let inValue = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inValue) {
      if (ch === '\\') i++;
      else if (ch === ']') inValue = false;
    } else if (ch === '[') inValue = true;
    else if (ch === '(') {
      if (depth === 0) start = i;
      depth++;
    } else if (ch === ')' && depth > 0) {
      depth--;
      if (depth === 0) games.push({ text: text.slice(start, i + 1), offset: start });
    }
  }
  if (depth > 0) games.push({ text: text.slice(start), offset: start }); // unclosed: the parser says why
  return games;
}

/** One SGF game tree as a HexRecord (sgfParseGames when present, else HexGame.fromSgf and the root's
 *  properties read here). */
function parseSgfGame(tree, index) {
  const base = tree.offset;
  if (has('sgfParseGames')) {
    try {
      return wasm.sgfParseGames(tree.text).map((r) => ({ ...r, index: index + r.index, offset: base + (r.offset ?? 0) }));
    } catch (err) {
      return [{ ok: false, index, offset: base, error: errorData(err) }];
    }
  }
  let game;
  try {
    game = wasm.HexGame.fromSgf(tree.text);
    const props = rootProps(tree.text);
    const size = game.width() === game.height() ? String(game.width()) : `${game.width()}x${game.height()}`;
    const stones = game.setupStones();
    const moves = game.moves().map((m) => m.replace(/^[bw]:/, ''));
    const setup = stones.length
      ? { black: stones.filter((s) => s.startsWith('b:')).map((s) => s.slice(2)), white: stones.filter((s) => s.startsWith('w:')).map((s) => s.slice(2)), toMove: game.startToMove() }
      : null;
    const own = {};
    for (const [k, v] of Object.entries(props)) if (!['FF', 'GM', 'SZ', 'AB', 'AW', 'PL', 'C'].includes(k)) own[k] = v;
    const record = {
      size, props: own, setup, moves, annotations: moves.map(() => null),
      comment: props.C?.[0] ?? null, result: props.RE?.[0] ?? null,
    };
    return [{ ok: true, index, offset: base, game: record }];
  } catch (err) {
    return [{ ok: false, index, offset: base, error: errorData(err) }];
  } finally {
    game?.free();
  }
}

/** The root node's properties of one SGF game tree: {NAME: [values]} (file order; escapes undone). */
function rootProps(text) {
  const props = {};
  let i = text.indexOf(';');
  if (i < 0) return props;
  i++;
  let name = '';
  while (i < text.length) {
    const ch = text[i];
    if (ch === ';' || ch === '(' || ch === ')') break;
    if (ch === '[') {
      let value = '';
      for (i++; i < text.length && text[i] !== ']'; i++) value += text[i] === '\\' ? text[++i] ?? '' : text[i];
      if (name) (props[name] ??= []).push(value);
    } else if (/[A-Za-z]/.test(ch)) {
      if (!/[A-Za-z]/.test(text[i - 1] ?? '')) name = '';
      name += ch;
    }
    i++;
  }
  return props;
}

const sgfValue = (v) => String(v).replace(/[\]\\]/g, (c) => `\\${c}`);

/** A HexRecord as SGF: sgfWriteGame when the wasm build has it, else the game replayed in HexGame and its
 *  toSgf with the record's root properties added. */
function hexSgf(record) {
  if (has('sgfWriteGame')) return wasm.sgfWriteGame(record);
  const [w, hgt] = String(record.size ?? '11').split('x').map(Number);
  const game = new wasm.HexGame(w, hgt || w, true);
  try {
    for (const cell of record.setup?.black ?? []) game.addStone(cell, 'black');
    for (const cell of record.setup?.white ?? []) game.addStone(cell, 'white');
    if (record.setup?.toMove) game.setToMove(record.setup.toMove);
    for (const mv of record.moves ?? []) {
      if (mv === 'resign') game.resign();
      else game.play(mv);
    }
    const extra = Object.entries(record.props ?? {})
      .filter(([k]) => k !== 'AP')
      .map(([k, vs]) => `${k}${vs.map((v) => `[${sgfValue(v)}]`).join('')}`).join('');
    const more = `${extra}${record.result && !record.props?.RE ? `RE[${sgfValue(record.result)}]` : ''}${record.comment ? `C[${sgfValue(record.comment)}]` : ''}`;
    const text = game.toSgf();
    const rootEnd = text.indexOf(';', 2);
    return rootEnd < 0 ? text.replace(/\)\s*$/, `${more})`) : `${text.slice(0, rootEnd)}${more}${text.slice(rootEnd)}`;
  } finally {
    game.free();
  }
}

// ---- the page ----------------------------------------------------------------------------------------------

/** Lets the page run (input, rendering) between two slices of an import. */
function yieldToPage() {
  if (globalThis.scheduler?.yield) return globalThis.scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/**
 * Asks the browser once (ever, remembered in localStorage) to keep the site's storage when space runs low
 * (navigator.storage.persist), after the first game is stored. Never throws.
 */
function askPersistenceOnce() {
  try {
    if (!navigator.storage?.persist || localStorage.getItem(PERSIST_KEY)) return;
    localStorage.setItem(PERSIST_KEY, JSON.stringify({ asked: Date.now() }));
    navigator.storage.persist().then((granted) => {
      localStorage.setItem(PERSIST_KEY, JSON.stringify({ asked: Date.now(), granted }));
    }, () => {});
  } catch {
    /* no storage to remember it in: ask again next time */
  }
}

/** Whether the browser keeps the site's storage (navigator.storage.persisted), and how much it uses:
 *  `{persisted: bool | null, usage: bytes | null, quota: bytes | null}`. Never throws. */
export async function storageState() {
  const out = { persisted: null, usage: null, quota: null };
  try {
    if (navigator.storage?.persisted) out.persisted = await navigator.storage.persisted();
    if (navigator.storage?.estimate) Object.assign(out, await navigator.storage.estimate().then((e) => ({ usage: e.usage ?? null, quota: e.quota ?? null })));
  } catch {
    /* unknown */
  }
  return out;
}
