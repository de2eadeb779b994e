// What the Xiangqi page knows of the game beside its moves: where it came from (played on this page, or
// imported from a file), its PGN tags (an imported file's, kept verbatim; a played game's, made from the
// settings when it started), the result and reason the file gave, and the game's id in the library of games
// (www/game-library.js). Saved with the game (GAME_KEY's `info`), so a reload keeps it.
//
// Export is built here: an imported game comes back out as it came in (its tags, comments, variations, result
// and how it ended) plus what was added on the page (the review's NAGs and evaluations, the hints' tags, moves
// played on from it).

import { newGameId } from '../game-library.js';

/**
 * Two per-move annotation lists (pgnWrite's `annotations`, entries null or {nags, comment, eval, variations})
 * merged into one: the review's (first) and the game's own tree's (second: an imported record's notes, the
 * analysis board's lines); NAGs and evals from the first, comments joined, variations of both. What the second
 * already holds is not added again (a reviewed game exported, imported and exported again keeps one copy of the
 * review's comment and line). Null when both are empty.
 */
export function mergeAnnotations(first, second) {
  if (!first?.length) return second?.length ? second : null;
  if (!second?.length) return first;
  const out = [];
  for (let i = 0; i < Math.max(first.length, second.length); i++) {
    const a = first[i] ?? null, b = second[i] ?? null;
    if (!a || !b) { out.push(a ?? b); continue; }
    const m = { ...b, ...a };
    const comment = a.comment && b.comment?.includes(a.comment) ? b.comment : [a.comment, b.comment].filter(Boolean).join(' ');
    if (comment) m.comment = comment;
    const seen = new Set();
    const variations = [...(a.variations ?? []), ...(b.variations ?? [])].filter((v) => {
      const k = Array.from(v?.moves ?? []).join(' ');
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
    if (variations.length) m.variations = variations;
    out.push(m);
  }
  return out;
}

/** the PGN result tag of a result */
export const PGN_RESULT = { red: '1-0', black: '0-1', draw: '1/2-1/2' };

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
 * The reason of a result in words: the UI string of its code, else the raw text (an imported reason).
 * @param {(key: string, params?: object) => string} t
 */
export function reasonText(t, raw, ruleCode, ruleSide) {
  if (ruleCode === 'imported' && raw && raw !== 'imported') return String(raw);
  const code = REASON_KEYS[ruleCode];
  const key = `reason.${code}`;
  const params = ruleSide ? { side: t(`side.${ruleSide}`) } : {};
  return code && t(key, params) !== key ? t(key, params) : String(raw ?? '');
}

/**
 * @typedef {{id: string, created: number, source: 'played'|'imported', tags: Object<string,string>|null,
 *            imported: {key: string, result: string, reason: string|null}|null, file: string|null}} GameInfo
 *   id: the library id; created: ms since the epoch; tags: the imported tags in file order (null for a game
 *   played here); imported: the record key (start FEN + moves, GameRecord.key()) the file gave, with its result
 *   tag and its [Termination] (null when it had none); file: the imported file's name.
 */

/**
 * The info of a game starting now.
 * @param {{source?: 'played'|'imported', tags?: Object<string,string>|null, imported?: GameInfo['imported'],
 *          file?: string|null, id?: string}} [from]
 * @returns {GameInfo}
 */
export function newGameInfo({ source = 'played', tags = null, imported = null, file = null, id = newGameId() } = {}) {
  return { id, created: Date.now(), source, tags, imported, file };
}

/** A saved info checked field by field; null when it is not one (an older save: the game gets a fresh info). */
export function validGameInfo(v) {
  if (!v || typeof v !== 'object' || typeof v.id !== 'string' || !v.id || !Number.isFinite(v.created)) return null;
  const source = v.source === 'imported' ? 'imported' : 'played';
  let tags = null;
  if (v.tags && typeof v.tags === 'object') {
    tags = {};
    for (const [k, value] of Object.entries(v.tags)) if (typeof value === 'string') tags[k] = value;
  }
  const im = v.imported;
  const imported = im && typeof im.key === 'string' && typeof im.result === 'string'
    ? { key: im.key, result: im.result, reason: typeof im.reason === 'string' ? im.reason : null } : null;
  return { id: v.id, created: v.created, source, tags, imported, file: typeof v.file === 'string' ? v.file : null };
}

/** "2026.12.05": the PGN date of `ms`. */
export function pgnDate(ms) {
  const d = new Date(ms);
  return `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, '0')}.${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * The game's tags: an imported game's as the file gave them (in file order); a played game's made from the
 * mode (the player and the engine), the site, the day it started and the time control (those also with
 * `played: true`, whatever the game's origin).
 * @param {object} x the page's shared state (www/views/xiangqi.js)
 * @returns {Object<string,string>}
 */
export function gameTags(x, { played = false } = {}) {
  const { info, settings } = x;
  if (info?.tags && !played) return { ...info.tags };
  const t = (key, params) => x.t(key, params);
  const red = settings.mode === 'red' || settings.mode === 'human' ? t('pgn.player') : 'duiyi';
  const black = settings.mode === 'black' || settings.mode === 'human' ? t('pgn.player') : 'duiyi';
  const tags = { Event: t('pgn.event'), Site: location.origin, Date: pgnDate(info?.created ?? Date.now()), Red: red, Black: black };
  if (x.tc?.kind === 'clock') tags.TimeControl = `${Math.round(x.tc.baseMs / 1000)}+${Math.round(x.tc.incMs / 1000)}`;
  return tags;
}

/**
 * The PGN result tag and the reason (the [Termination] words, null for none) of the game as it stands: an
 * imported game not played on gives the file's own; otherwise the game's result in the page's words.
 * @returns {{result: string, reason: string|null}}
 */
export function pgnResult(x) {
  const im = x.info?.imported;
  if (im && x.record.key() === im.key) return { result: im.result, reason: im.reason };
  const result = x.gameResult();
  if (!result) return { result: '*', reason: null };
  if (result.code === 'imported') return { result: PGN_RESULT[result.result], reason: x.ending?.text ?? null };
  return { result: PGN_RESULT[result.result], reason: reasonText(x.t, result.reason, result.code, result.side) };
}

/**
 * The game as pgnWrite's input (without `format`): its tags, start, moves, result and reason, and the
 * annotations of its own tree (an imported record's comments and variations, the analysis board's lines)
 * merged with the review's (NAGs, comments, evaluations) and the hints' tags. On the analysis board with a
 * tree of its own (not the game's), that tree with no game tags. Same shape as pgnParse's answer, so it is
 * also what the library stores. `format` ('iccs' | 'chinese' | 'wxf', default the page's notation) is the
 * notation the review's comments name moves in: the PGN's move format when exporting.
 */
export function pgnObject(x, format = undefined) {
  const game = x.analysis.pgnGame();
  const { result, reason } = game.isGame ? pgnResult(x) : { result: '*', reason: null };
  // an analysis tree of its own is written with the page's tags, as a game played here
  const tags = gameTags(x, { played: !game.isGame });
  delete tags.Result; // written from `result`
  const out = { tags, fen: game.fen, moves: game.moves, result, reason };
  let annotations = game.annotations ?? null;
  if (game.isGame) {
    const extras = x.review?.pgnExtras(format) ?? { tags: {}, annotations: null };
    Object.assign(out.tags, extras.tags, x.hint?.pgnTags() ?? {});
    annotations = mergeAnnotations(extras.annotations, annotations);
  }
  if (annotations) out.annotations = annotations;
  if (game.comment) out.comment = game.comment;
  return out;
}
