// The puzzle sets the page ships (issue 36): www/data/puzzles-xiangqi.txt and www/data/puzzles-hex.txt, the
// files `duiyi puzzles --game xiangqi|hex` prints (src/puzzles/; formats and methods in docs/puzzles.md). Each
// set is fetched when the #puzzles view first asks for it, parsed once, and kept for the page's life.
//
// Formats (TAB-separated, `#` lines are comments):
//   xiangqi: id  fen  solution  rating  themes  source
//   hex:     id  size  moves  solution  wins  rating  themes  source
// solution: moves separated by spaces, the player's first, ending on the player's move; hex moves: cells
// separated by commas, Black first; wins: per player step, every winning cell (`,`), steps separated by `;`.

/** The sets by game, as literal URLs (the static bundle follows and renames them). */
const SET_URLS = {
  xiangqi: new URL('../data/puzzles-xiangqi.txt', import.meta.url),
  hex: new URL('../data/puzzles-hex.txt', import.meta.url),
};

export const GAMES = Object.keys(SET_URLS);

const cache = new Map();

/**
 * @typedef {{id: string, game: 'xiangqi', fen: string, toMove: 'red'|'black', solution: string[], rating: number,
 *   themes: string[], source: string, lastMove: string|null}} XiangqiPuzzle  lastMove: the opponent's move that
 *   made the position, when the source names it
 * @typedef {{id: string, game: 'hex', size: number, moves: string[], toMove: 'black'|'white', solution: string[],
 *   wins: string[][], rating: number, themes: string[], source: string}} HexPuzzle
 */

/** A parse error naming the file's line. */
function bad(game, line, why) {
  return Object.assign(new Error(`puzzles-${game}.txt line ${line}: ${why}`), { code: 'puzzles.bad_set', params: { game, line, why } });
}

const list = (s, sep) => String(s ?? '').split(sep).map((x) => x.trim()).filter(Boolean);

/**
 * Parses a set file's text.
 * @param {'xiangqi'|'hex'} game
 * @param {string} text
 * @returns {Array<XiangqiPuzzle|HexPuzzle>} in file order
 * @throws an Error (code puzzles.bad_set) naming the first bad line
 */
export function parseSet(game, text) {
  const out = [];
  const lines = String(text).split(/\r?\n/);
  for (const [i, raw] of lines.entries()) {
    if (!raw.trim() || raw.startsWith('#')) continue;
    const f = raw.split('\t');
    const n = i + 1;
    if (game === 'xiangqi') {
      if (f.length < 5) throw bad(game, n, `${f.length} fields, expected 6`);
      const [id, fen, solution, rating, themes, source = ''] = f;
      const side = fen.split(/\s+/)[1];
      const moves = list(solution, /\s+/);
      if (!moves.length || moves.length % 2 === 0) throw bad(game, n, 'the solution must end on the player\'s move');
      if (!Number.isFinite(Number(rating))) throw bad(game, n, `rating '${rating}'`);
      // a variation puzzle names the opponent's move that made the position (`var M`): shown as the last move
      const lastMove = /\bvar ([a-i]\d[a-i]\d)\b/.exec(source)?.[1] ?? null;
      out.push({ id, game, fen, toMove: side === 'b' ? 'black' : 'red', solution: moves, rating: Number(rating), themes: list(themes, ','), source, lastMove });
    } else {
      if (f.length < 7) throw bad(game, n, `${f.length} fields, expected 8`);
      const [id, size, moves, solution, wins, rating, themes, source = ''] = f;
      const played = list(moves, ',');
      const line = list(solution, /\s+/);
      const steps = String(wins).split(';').map((s) => list(s, ','));
      if (!line.length || line.length % 2 === 0) throw bad(game, n, 'the solution must end on the player\'s move');
      if (steps.length !== (line.length + 1) / 2) throw bad(game, n, `${steps.length} win sets for ${(line.length + 1) / 2} player moves`);
      if (!(Number(size) >= 5 && Number(size) <= 19)) throw bad(game, n, `size '${size}'`);
      out.push({
        id, game, size: Number(size), moves: played, toMove: played.length % 2 === 0 ? 'black' : 'white', solution: line,
        wins: steps, rating: Number(rating), themes: list(themes, ','), source,
      });
    }
  }
  return out;
}

/**
 * The game's shipped set (fetched and parsed on first use).
 * @param {'xiangqi'|'hex'} game
 * @returns {Promise<Array<XiangqiPuzzle|HexPuzzle>>}
 * @throws on an HTTP error (code puzzles.fetch) or a bad file (puzzles.bad_set)
 */
export function loadSet(game) {
  if (!Object.hasOwn(SET_URLS, game)) return Promise.reject(new Error(`no puzzle set for '${game}'`));
  if (!cache.has(game)) {
    const p = fetch(SET_URLS[game]).then(async (res) => {
      if (!res.ok) throw Object.assign(new Error(`puzzles-${game}.txt: HTTP ${res.status}`), { code: 'puzzles.fetch', params: { game, status: res.status } });
      return parseSet(game, await res.text());
    });
    p.catch(() => cache.delete(game));
    cache.set(game, p);
  }
  return cache.get(game);
}

/**
 * The next puzzle for a player of `rating`: among the puzzles not yet played (all again once every one was),
 * those whose rating is nearest, within a window that widens until it holds a few; one of them at random.
 * @param {Array<{id: string, rating: number}>} set
 * @param {number} rating  the player's
 * @param {Set<string>} played  ids already played
 * @param {string|null} [exclude]  an id not to give (the one just played)
 * @param {() => number} [random]  uniform in [0, 1)
 */
export function pickNext(set, rating, played, exclude = null, random = Math.random) {
  let pool = set.filter((p) => !played.has(p.id) && p.id !== exclude);
  if (!pool.length) pool = set.filter((p) => p.id !== exclude);
  if (!pool.length) return set[0] ?? null;
  for (const window of [100, 200, 400, 800]) {
    const near = pool.filter((p) => Math.abs(p.rating - rating) <= window);
    if (near.length >= 5 || window === 800 && near.length) return near[Math.floor(random() * near.length)];
  }
  let best = pool[0];
  for (const p of pool) if (Math.abs(p.rating - rating) < Math.abs(best.rating - rating)) best = p;
  return best;
}
