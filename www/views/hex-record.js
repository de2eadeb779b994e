// The Hex page's record of the game (www/views/hex.js): the move list with its typed-move form, the SGF panel
// (the record, load from text or a file, download, a link that reproduces the position), the saved game in
// localStorage, and building a HexGame from a size, setup stones and moves (a link's, an SGF's, a reload's).
// The rules are the wasm HexGame's (src/wasm/hex.rs); a move it refuses comes back as a coded error.
//
// Test hooks (data-testid): move-list (li data-move, data-side, data-ply; li move-comment with data-after-ply),
// game-header (data-black, data-white, data-event, data-date, data-result: the SGF result, empty while the game
// goes on), move-input, move-input-go, sgf, sgf-input, sgf-file, load-sgf, sgf-download, position-link.

import { h, setText } from './dom.js';
import { parseSize, sizeValue } from './hex-controls.js';
import { readJSON, writeJSON } from '../storage.js';

const GAME_KEY = 'duiyi.hex.game.v1';

/**
 * The game's setup stones (SGF AB/AW) and who moved first after them, or null for an empty start.
 * @returns {{black: string[], white: string[], toMove: 'black'|'white'}|null}
 */
export function setupOf(g) {
  const stones = g.setupStones();
  const toMove = g.startToMove();
  if (!stones.length && toMove === 'black') return null;
  const of = (p) => stones.filter((x) => x.startsWith(p)).map((x) => x.slice(2));
  return { black: of('b:'), white: of('w:'), toMove };
}

/** Puts `setup` ({black, white, toMove}; null for none) on a new game `g`; throws a coded error. */
export function applySetup(g, setup) {
  if (!setup) return;
  for (const [color, list] of [['black', setup.black], ['white', setup.white]]) {
    for (const c of list ?? []) g.addStone(String(c), color);
  }
  g.setToMove(setup.toMove === 'white' ? 'white' : 'black');
}

/** An SGF result in the page's words: `B+`, `B+Resign` → "Black won"; none → "vs"; anything else as written. */
function resultWords(result, tr) {
  const won = /^([BW])\+/i.exec(result ?? '');
  if (won) return tr('header.won', { side: tr(`hex.side.${won[1].toUpperCase() === 'B' ? 'black' : 'white'}`) });
  return result || tr('header.vs');
}

/** The game's moves without their colour prefix ('d4', 'swap-pieces'). */
export function movesOf(g) {
  return g.moves().map((m) => m.slice(2));
}

/**
 * A game from a size, the swap rule and moves (the URL's, SGF's and reload's way in): replayed move by move,
 * so a refused move names itself. Throws a coded error; nothing is changed then.
 * @param {Function} HexGame  the wasm class
 */
export function gameFrom(HexGame, size, swap, list, resigned = false, setup = null) {
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

/**
 * A game from an SGF record (HexGame.fromSgf reads it; the game is replayed from its moves, so a refused move
 * names itself), with the swap rule: on when the record swaps, else `swap`. Throws a coded error.
 * @param {Function} HexGame  the wasm class
 * @returns {{game: object, swap: boolean}}
 */
export function gameFromSgf(HexGame, text, swap) {
  let parsed = null;
  try {
    parsed = HexGame.fromSgf(String(text ?? ''));
    const size = `${parsed.width()}x${parsed.height()}`;
    if (!parseSize(size)) {
      throw Object.assign(new Error('board size out of 5…19'), { code: 'hex.page_size', params: { size: `${parsed.width()}×${parsed.height()}` } });
    }
    const list = movesOf(parsed);
    const resigned = Boolean(parsed.winner()) && parsed.winningChain().length === 0;
    const withSwap = list.includes('swap-pieces') || swap;
    return { game: gameFrom(HexGame, size, withSwap, list, resigned, setupOf(parsed)), swap: withSwap };
  } finally {
    parsed?.free();
  }
}

/**
 * The position a link asks for (#hex?size=7&swap=1&ab=…&aw=…&pl=white&moves=d4,c5), taken out of the address
 * bar (a reload then resumes the game instead), or null when the address has none. `size` when it names none.
 * @returns {{size: string, swap: boolean, moves: string[], setup: object|null}|null}
 */
export function takeLinkPosition(size) {
  const q = location.hash.includes('?') ? new URLSearchParams(location.hash.slice(location.hash.indexOf('?') + 1)) : null;
  if (!q || !(q.has('moves') || q.has('size'))) return null;
  history.replaceState(history.state, '', `${location.pathname}${location.search}#hex`);
  const cells = (name) => (q.get(name) ?? '').split(',').map((m) => m.trim().toLowerCase()).filter(Boolean);
  const moves = cells('moves');
  return {
    size: q.get('size') ?? size,
    swap: q.get('swap') === '1' || moves.includes('swap-pieces'),
    moves,
    setup: q.has('ab') || q.has('aw') || q.has('pl') ? { black: cells('ab'), white: cells('aw'), toMove: q.get('pl') === 'white' ? 'white' : 'black' } : null,
  };
}

/** The saved game ({v: 1, size, swap, moves, resigned?, ponder?, setup?, info?}), or null when none is kept. */
export function readSavedGame() {
  const saved = readJSON(GAME_KEY);
  return saved && saved.v === 1 && Array.isArray(saved.moves) ? saved : null;
}

/**
 * The saved game as a HexGame (throws a coded error when it cannot be replayed; nothing is kept then).
 * @param {Function} HexGame  the wasm class
 */
export function restoreGame(HexGame, saved) {
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
  return g;
}

/** Saves `game` with the swap rule, the move the engine expects next (null for none) and the game's info
 *  (www/views/hex-library.js: its library id, an imported file's record). */
export function writeSavedGame(game, swap, ponderMove, info = null) {
  writeJSON(GAME_KEY, {
    info: info ?? undefined,
    v: 1, size: sizeValue(game.width(), game.height()), swap, moves: movesOf(game),
    resigned: game.winner() && !game.winningChain().length ? true : undefined,
    ponder: ponderMove ?? undefined,
    setup: setupOf(game) ?? undefined,
  });
}

/**
 * The moves panel and the SGF panel.
 * @param {{t: () => Function, onTypedMove: (text: string) => void, onLoadSgf: (text: string, file?: string) => void}} opts
 *   t: the current translator (it changes with the language)
 */
export function createRecord({ t, onTypedMove, onLoadSgf }) {
  const moveList = h('ol', { class: 'move-list hex-move-list', dataset: { testid: 'move-list' } });
  const moveInput = h('input', {
    type: 'text', id: 'hex-move-input', class: 'move-input', spellcheck: 'false', autocomplete: 'off',
    dataset: { testid: 'move-input', i18nPlaceholder: 'hex.moveInputPlaceholder' },
  });
  const moveForm = h('form', { class: 'move-form', on: { submit: (e) => { e.preventDefault(); const v = moveInput.value; moveInput.value = v.trim() ? '' : v; onTypedMove(v); } } },
    h('label', { for: 'hex-move-input', class: 'visually-hidden', dataset: { i18n: 'hex.moveInputLabel' } }),
    moveInput,
    h('button', { type: 'submit', class: 'btn btn-small', dataset: { i18n: 'hex.moveInputGo', testid: 'move-input-go' } }));
  const headerPlayers = h('div', { class: 'gh-players' });
  const headerMeta = h('div', { class: 'gh-meta' });
  const header = h('header', { class: 'game-header', dataset: { testid: 'game-header' }, hidden: true }, headerPlayers, headerMeta);
  const movesPanel = h('section', { class: 'panel moves-panel' },
    h('div', { class: 'moves-head' }, h('h2', { dataset: { i18n: 'hex.moves' } })),
    header,
    h('div', { class: 'move-scroll' }, moveList),
    moveForm);

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
    h('form', { class: 'sgf-form', on: { submit: (e) => { e.preventDefault(); onLoadSgf(sgfInput.value); } } },
      h('label', { for: 'hex-sgf-input', class: 'visually-hidden', dataset: { i18n: 'hex.sgfLabel' } }),
      sgfInput,
      h('div', { class: 'sgf-row' },
        h('button', { type: 'submit', class: 'btn btn-small', dataset: { i18n: 'hex.loadSgf', testid: 'load-sgf' } }),
        sgfFile)),
    h('div', { class: 'sgf-row' }, sgfDownload, linkEl));

  async function readSgfFile() {
    const file = sgfFile.files?.[0];
    if (!file) return;
    const text = await file.text();
    sgfFile.value = '';
    onLoadSgf(text, file.name);
  }

  let sgfUrl = null;
  let movesDrawn = null;

  return {
    movesPanel,
    sgfPanel,
    /** Empties the SGF text box (after a record loaded). */
    clearSgfInput() {
      sgfInput.value = '';
    },
    /**
     * The SGF, its download, and the link that reproduces the position (#hex?size=7&moves=d4,c5).
     * `decorate` (optional) adds to the SGF text what the game's HexGame does not hold (the hints used).
     */
    show(game, swap, decorate = (sgf) => sgf) {
      if (sgfUrl) URL.revokeObjectURL(sgfUrl);
      const sgf = decorate(game.toSgf());
      sgfOut.textContent = sgf;
      sgfOut.title = sgf;
      sgfUrl = URL.createObjectURL(new Blob([sgf], { type: 'application/x-go-sgf' }));
      sgfDownload.href = sgfUrl;
      const link = new URL(location.href);
      link.search = '';
      const q = new URLSearchParams({ size: sizeValue(game.width(), game.height()) });
      if (swap) q.set('swap', '1');
      const st = setupOf(game);
      if (st) {
        if (st.black.length) q.set('ab', st.black.join(','));
        if (st.white.length) q.set('aw', st.white.join(','));
        if (st.toMove === 'white') q.set('pl', 'white');
      }
      const moves = movesOf(game);
      if (moves.length) q.set('moves', moves.join(','));
      link.hash = `#hex?${q}`;
      linkEl.href = link.href;
    },
    /**
     * The move list (redrawn only when the moves, their comments or the language changed), with the comments
     * of the game's record under their moves (`record`: a HexRecord, www/views/hex-library.js; its comments
     * are shown along the moves the game shares with it).
     */
    renderMoves(ms, record = null) {
      const sig = `${ms.join(' ')}|${record ? JSON.stringify([record.comment, record.annotations?.map((a) => a?.comment ?? null), record.moves]) : ''}`;
      if (sig === movesDrawn) return;
      movesDrawn = sig;
      const tr = t();
      const items = [];
      const noteRow = (text, ply) => h('li', { class: `move-comment${ply === 0 ? ' game-comment' : ''}`, dataset: { testid: 'move-comment', afterPly: String(ply) }, text });
      if (record?.comment) items.push(noteRow(record.comment, 0));
      let shared = Boolean(record);
      ms.forEach((m, i) => {
        const color = m[0] === 'b' ? 'black' : 'white';
        const mv = m.slice(2);
        items.push(h('li', { class: `move hex-move hex-move-${color}${i === ms.length - 1 ? ' move-last' : ''}`, dataset: { move: mv, side: color, ply: String(i + 1) } },
          h('span', { class: 'move-num', text: `${i + 1}.` }),
          h('span', { class: 'move-text', text: mv === 'swap-pieces' ? tr('hex.swapPieces') : mv })));
        shared = shared && record.moves[i] === mv;
        const note = shared ? record.annotations?.[i]?.comment : null;
        if (note) items.push(noteRow(note, i + 1));
      });
      moveList.replaceChildren(...items);
      moveList.parentElement.scrollTop = moveList.parentElement.scrollHeight;
    },
    /**
     * The game header: the players (PB Black, PW White), the result, the event and date of the game's record
     * (a HexRecord); hidden when the record names none of them.
     */
    renderHeader(record, result) {
      const first = (name) => { const v = record?.props?.[name]?.[0] ?? ''; return /^[?\s]*$/.test(v) ? '' : v; };
      const [black, white, event, date] = ['PB', 'PW', 'EV', 'DT'].map(first);
      const tr = t();
      Object.assign(header.dataset, { black, white, event, date, result: result ?? '' });
      const side = (cls, name, fallback) => h('span', { class: `gh-player ${cls}` }, h('span', { class: 'gh-dot', 'aria-hidden': 'true' }), name || fallback);
      headerPlayers.replaceChildren(
        side('gh-hex-black', black, tr('hex.side.black')),
        h('span', { class: 'gh-result', text: resultWords(result, tr) }),
        side('gh-hex-white', white, tr('hex.side.white')));
      setText(headerMeta, [event, date].filter(Boolean).join(' · '));
      headerMeta.hidden = !event && !date;
      header.hidden = !black && !white && !event && !date;
    },
    /** The language changed: the list is redrawn on the next renderMoves. */
    invalidate() {
      movesDrawn = null;
    },
    destroy() {
      if (sgfUrl) URL.revokeObjectURL(sgfUrl);
    },
  };
}
