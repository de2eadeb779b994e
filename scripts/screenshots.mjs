// Screenshots of the five views for the README and docs/: starts the static server (scripts/serve.mjs) on a
// free port, opens each view in Debian's headless Chromium (playwright-core, the launch arguments of
// tests/browser/harness.mjs) with a fixed viewport and an English browser, brings it to a state worth
// showing, and writes docs/img/<view>.png.
//
//   node scripts/screenshots.mjs                  # every view: xiangqi, xiangqi-phone, ponder-candidates, review, analysis, games, record, puzzles, puzzles-hex-phone, hex, lab, combat, circle
//   node scripts/screenshots.mjs hex circle       # only these
//   OUT=/tmp/shots node scripts/screenshots.mjs   # another folder
//
// Needs a build (www/pkg/duiyi.js: `npm run build`). Every step waits on the page's own readiness hooks
// (data-ready, data-state, the move list), never on a fixed sleep, with generous timeouts: the machine may be
// busy. Each view gets a fresh browser context (empty localStorage), so earlier views cannot leak into it.
// The engine's replies come from fixed-depth searches, so the positions shown are the same on every run
// (the numbers of a live search, nodes per second and times, are not).
//
// Every screenshot is re-encoded as an indexed-colour PNG of at most 256 colours (scripts/png8.mjs), so the
// README's images stay small (a warning names any still over MAX_BYTES).

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from './serve.mjs';
import { toPng8 } from './png8.mjs';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = process.env.OUT ? path.resolve(process.env.OUT) : path.join(REPO_ROOT, 'docs', 'img');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
// as in tests/browser/harness.mjs (docs/architecture.md §7); playwright adds --headless itself
const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync',
];
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
/** the review and analysis shots: the side column's panels below the move list fit */
const TALL = { width: 1366, height: 1180 };
/** the size a screenshot should stay under (bytes); larger ones get a warning */
const MAX_BYTES = 200 * 1024;
/** engine readiness and searches on a loaded 2-core machine */
const ENGINE_TIMEOUT = 180_000;
/** a whole table of the lab (every row of a depth-4 search, minimax included) */
const LAB_TIMEOUT = 600_000;

const log = (...args) => console.log('[screenshots]', ...args);

/** Plays `iccs` on the Xiangqi board by clicking the piece, then its (shown) destination. */
async function clickXiangqiMove(page, iccs) {
  const from = iccs.slice(0, 2);
  const to = iccs.slice(2, 4);
  await page.click(`[data-square="${from}"]`);
  await page.waitForSelector(`[data-square="${to}"][data-dest]`, { timeout: 30_000 });
  await page.click(`[data-square="${to}"]`);
}

/** Waits until the list `selector` has at least `n` entries. */
async function waitForCount(page, selector, n, timeout = ENGINE_TIMEOUT) {
  await page.waitForFunction(([sel, count]) => document.querySelectorAll(sel).length >= count, [selector, n], {
    timeout,
    polling: 100,
  });
}

/**
 * The Xiangqi view: the user (Red) opens with the central cannon, the engine answers; the user then plays the
 * reply the engine expected (a ponder hit), the engine answers again and ponders on its next guess: the
 * board shows the last move, the dashed ghost arrow of the expected reply and the ponder-hit note.
 */
async function xiangqi(page) {
  await page.waitForSelector('[data-testid="engine-status"][data-ready="true"]', { timeout: ENGINE_TIMEOUT });
  await clickXiangqiMove(page, 'h2e2');
  await waitForCount(page, '[data-testid="move-list"] [data-iccs]', 2);
  await page.waitForSelector('[data-testid="engine-status"][data-state="pondering"]', { timeout: ENGINE_TIMEOUT });
  await page.waitForSelector('[data-testid="ponder-move"][data-iccs]', { timeout: ENGINE_TIMEOUT });
  const expected = await page.$eval('[data-testid="ponder-move"]', (el) => el.dataset.iccs);
  // the ghost arrow (attached, not "visible": a vertical arrow's box has no width)
  await page.waitForSelector('.xq-hint-ponder', { state: 'attached', timeout: ENGINE_TIMEOUT });
  await clickXiangqiMove(page, expected);
  await waitForCount(page, '[data-testid="move-list"] [data-iccs]', 4);
  await page.waitForSelector('[data-testid="engine-status"][data-state="pondering"]', { timeout: ENGINE_TIMEOUT });
  await page.waitForSelector('.xq-hint-ponder', { state: 'attached', timeout: ENGINE_TIMEOUT });
  await page.mouse.move(0, 0);
}

/**
 * Pondering on several replies (issue 23): after 1. 炮二平五 and the engine's answer, the engine ponders on a
 * clock (10 + 5: turns of about its planned time per move); the shot waits until the list under the status
 * shows three of the user's likely replies, the first two searched (depth ≥ 1) and one being searched now.
 */
async function ponder(page) {
  await page.waitForSelector('[data-testid="engine-status"][data-ready="true"]', { timeout: ENGINE_TIMEOUT });
  await clickXiangqiMove(page, 'h2e2');
  await waitForCount(page, '[data-testid="move-list"] [data-iccs]', 2);
  await page.waitForFunction(() => {
    const items = [...document.querySelectorAll('[data-testid="ponder-candidates"]:not([hidden]) li')];
    return items.length >= 3 && items.slice(0, 2).every((li) => Number(li.dataset.depth) >= 1) && items.some((li) => li.dataset.active);
  }, null, { timeout: ENGINE_TIMEOUT, polling: 100 });
  await page.mouse.move(0, 0);
}

/** Clicks the first free one of the Hex cells `cells` and waits for the engine's reply (the move list grows by two). */
async function hexMove(page, cells) {
  const taken = await page.$$eval('.hex-layout [data-testid="move-list"] [data-move]', (els) => els.map((e) => e.dataset.move));
  const before = taken.length;
  // The first of the cells the engine has not taken.
  const cell = [cells].flat().find((c) => !taken.includes(c));
  await page.click(`.hex-layout [data-testid="board"] .hx-cell[data-square="${cell}"]`);
  await waitForCount(page, '.hex-layout [data-testid="move-list"] [data-move]', before + 2);
}

/**
 * The Hex view: two moves each on 11×11, the engine pondering, and the heatmap of the total potential with
 * its numbers (no what-if preview: the pointer leaves the board).
 */
async function hex(page) {
  await page.waitForSelector('.hex-layout[data-ready="true"]', { timeout: ENGINE_TIMEOUT });
  await hexMove(page, 'f6');
  await hexMove(page, ['e8', 'd7', 'g5']);
  await hexMove(page, ['g4', 'd7', 'h3', 'c9']);
  await page.mouse.move(0, 0);
  await page.click('.hex-layout [data-testid="overlay"] [data-overlay="total"]');
  await page.waitForSelector('[data-testid="heatmap"][data-overlay="total"]:not([data-preview])', { timeout: 30_000 });
  // The Connections overlay (must-play region, inferior cells, a proved verdict) over the heatmap.
  await page.click('.hex-layout [data-testid="connections-toggle"]');
  await page.waitForSelector('.hex-layout [data-testid="connections-panel"]:not([hidden])', { timeout: 30_000 });
  await page.waitForSelector('.hex-layout [data-testid="engine-status"][data-state="pondering"]', { timeout: ENGINE_TIMEOUT });
}

/** The lab: the lesson link runs every row at depth 4 after 1. 炮二平五 马8进7, with a guess to score. */
async function lab(page) {
  await page.waitForSelector('[data-testid="lab-view"][data-state="done"]', { timeout: LAB_TIMEOUT });
  await page.waitForSelector('[data-testid="lab-verdict"][data-verdict]', { timeout: 30_000 });
  await page.waitForSelector('[data-testid="lab-chart"]', { timeout: 30_000 });
}

/** The combat view on the article's attribute sheet, with a seeded Monte-Carlo run beside the exact rows. */
async function combat(page) {
  await page.waitForSelector('[data-testid="combat-view"][data-ready="true"]', { timeout: ENGINE_TIMEOUT });
  const seed = await page.$('[data-testid="mc-seed-input"]');
  if (seed) await seed.fill('7');
  await page.click('[data-testid="mc-run"]');
  await page.waitForSelector('[data-testid="mc-status"][data-state="done"]', { timeout: ENGINE_TIMEOUT });
  await page.evaluate(() => window.scrollTo(0, 0)); // the run button scrolled the page: show the sheet and the bars
}

/** The circle view: 30 seeded random points, both methods drawn. */
async function circle(page) {
  await page.waitForSelector('[data-testid="circle-view"][data-ready="true"]', { timeout: ENGINE_TIMEOUT });
}

/**
 * A real game for the review and analysis shots: ElephantEye (Red) against our engine (Black), 200 ms a move,
 * game 5 of tools/review/data/xq-base-ee200.json (58 plies, Black wins), imported as a list of moves.
 */
const REVIEW_GAME = 'g3g4 h7g7 b2e2 g9e7 b0c2 g6g5 a0b0 g5g4 h0i2 a9a8 i0h0 h9f8 h2h8 f9e8 b0b5 c6c5 b5b4 a8d8 '
  + 'b4g4 d8d1 c3c4 d1c1 c2d4 c1c0 c4c5 c0c5 e2b2 b9a7 i2g3 e7g5 g4f4 g7g3 f4f8 g3a3 b2b0 c5c0 b0b5 a3a0 d4e2 '
  + 'b7e7 h0h6 e7e3 e2g3 e3b3 g0e2 c0c3 e2c0 c3c0 e0e1 c0c1 e1e2 b3b2 f8e8 d9e8 b5b9 a7b9 d0e1 a0a2';

/** Imports `moves` (ICCS, space-separated) through the PGN box. */
async function importMoves(page, moves) {
  await page.fill('[data-testid="pgn-text"]', moves);
  await page.click('[data-testid="import-pgn"]');
  await waitForCount(page, '[data-testid="move-list"] li[data-ply]', moves.split(' ').length);
}

/** The review: the real game reviewed, its first blunder (else mistake, else inaccuracy) shown with the better move. */
async function review(page) {
  await page.waitForSelector('[data-testid="engine-status"][data-ready="true"]', { timeout: ENGINE_TIMEOUT });
  await importMoves(page, REVIEW_GAME);
  await page.click('[data-testid="review-run"]');
  await page.waitForSelector('[data-testid="review-progress"][data-state="done"]', { timeout: 600_000 });
  let worst = null;
  for (const cls of ['blunder', 'mistake', 'inaccuracy']) {
    worst ??= await page.$(`[data-testid="move-list"] li[data-class="${cls}"]`);
  }
  if (worst) await worst.click();
  await page.waitForSelector('[data-testid="review-better"]', { state: 'attached', timeout: 60_000 }).catch(() => {});
  await page.mouse.move(0, 0);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** The analysis board at ply 20 of the same game, three lines. */
async function analysis(page) {
  await page.waitForSelector('[data-testid="engine-status"][data-ready="true"]', { timeout: ENGINE_TIMEOUT });
  await importMoves(page, REVIEW_GAME.split(' ').slice(0, 20).join(' '));
  await page.click('[data-testid="analysis-toggle"]');
  await page.selectOption('[data-testid="analysis-multipv"]', '3');
  await page.waitForFunction(() => {
    const lines = [...document.querySelectorAll('[data-testid="analysis-lines"] [data-multipv]')];
    return lines.length >= 3 && lines.every((l) => Number(l.dataset.depth) >= 10);
  }, null, { timeout: ENGINE_TIMEOUT, polling: 250 });
  await page.mouse.move(0, 0);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** The library of games: a real XQF file, 100 real master games and a Hex SGF collection imported. */
async function games(page) {
  await page.waitForSelector('[data-testid="games-view"][data-ready="true"]', { timeout: ENGINE_TIMEOUT });
  const data = path.join(REPO_ROOT, 'tests', 'data');
  await page.setInputFiles('[data-testid="library-import"]', [
    path.join(data, 'xqf', 'eleeye-sample.xqf'),
    path.join(data, 'pgn', 'liu-dahua-100-games.pgn'),
    ...fs.readdirSync(path.join(data, 'hex-sgf')).filter((f) => f.endsWith('.sgf')).map((f) => path.join(data, 'hex-sgf', f)),
  ]);
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="game-library"]')?.dataset.count) >= 100, null, { timeout: ENGINE_TIMEOUT });
  await page.mouse.move(0, 0);
}

/** The first puzzle of a shipped set (www/data/puzzles-<game>.txt), parsed by the page's own reader. */
async function firstPuzzle(game) {
  const { parseSet } = await import('../www/views/puzzle-set.js');
  return parseSet(game, fs.readFileSync(path.join(REPO_ROOT, 'www', 'data', `puzzles-${game}.txt`), 'utf8'))[0];
}

/** A Xiangqi puzzle with its first hint (the piece to move, ringed). */
async function puzzlesXiangqi(page) {
  await page.waitForSelector('[data-testid="puzzle"][data-id][data-state="solving"]', { timeout: ENGINE_TIMEOUT });
  await page.click('[data-testid="puzzle-hint"]');
  await page.waitForSelector('[data-hint-square]');
}

/** A Hex puzzle solved by its main line: the proved connection drawn. */
async function puzzlesHex(page) {
  const p = await firstPuzzle('hex');
  await page.waitForSelector(`[data-testid="puzzle"][data-id="${p.id}"][data-state="solving"]`, { timeout: ENGINE_TIMEOUT });
  for (let i = 0; i < p.solution.length; i += 2) {
    await page.click(`.pz-board g[data-square="${p.solution[i]}"]`);
    if (i + 1 < p.solution.length) {
      await page.waitForFunction((k) => (document.querySelector('[data-testid="puzzle"]').dataset.played ?? '').split(' ').filter(Boolean).length === k, i + 2, { timeout: ENGINE_TIMEOUT });
    }
  }
  await page.waitForSelector('[data-testid="puzzle"][data-state="solved"][data-rated="true"]', { timeout: ENGINE_TIMEOUT });
  await page.mouse.move(0, 0);
}

/** An imported game's record: the XQF file's header, its comments under the moves. */
async function record(page) {
  await page.waitForSelector('[data-testid="engine-status"][data-ready="true"]', { timeout: ENGINE_TIMEOUT });
  await page.setInputFiles('[data-testid="import-pgn-file"]', path.join(REPO_ROOT, 'tests', 'data', 'xqf', 'eleeye-sample.xqf'));
  await waitForCount(page, '[data-testid="move-comment"]', 5);
  await page.click('[data-testid="move-list"] li[data-ply="6"]');
  await page.mouse.move(0, 0);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** What each screenshot shows: the address (after the server's root), the settings to start from, the size. */
const SHOTS = {
  xiangqi: {
    query: '#xiangqi',
    storage: { 'duiyi.xiangqi.settings.v1': { tc: 'depth', depth: 8, ponder: true, mode: 'red', notation: 'wxf' } },
    viewport: DESKTOP,
    run: xiangqi,
  },
  'xiangqi-phone': {
    query: '#xiangqi',
    storage: { 'duiyi.xiangqi.settings.v1': { tc: 'depth', depth: 8, ponder: true, mode: 'red', notation: 'wxf' } },
    viewport: PHONE,
    phone: true,
    run: xiangqi,
  },
  'ponder-candidates': {
    query: '#xiangqi',
    storage: { 'duiyi.xiangqi.settings.v1': { tc: 'custom', customMin: 10, customInc: 5, ponder: true, mode: 'red', notation: 'wxf' } },
    viewport: DESKTOP,
    run: ponder,
  },
  review: {
    query: '#xiangqi',
    storage: { 'duiyi.xiangqi.settings.v1': { mode: 'human', notation: 'chinese', notationChosen: true } },
    viewport: TALL,
    run: review,
  },
  analysis: {
    query: '#xiangqi',
    storage: { 'duiyi.xiangqi.settings.v1': { mode: 'human', notation: 'chinese', notationChosen: true } },
    viewport: TALL,
    run: analysis,
  },
  games: {
    query: '#games',
    storage: {},
    viewport: DESKTOP,
    run: games,
  },
  record: {
    query: '#xiangqi',
    storage: { 'duiyi.xiangqi.settings.v1': { mode: 'human', notation: 'chinese', notationChosen: true } },
    viewport: TALL,
    run: record,
  },
  puzzles: {
    query: async () => `#puzzles?game=xiangqi&id=${(await firstPuzzle('xiangqi')).id}`,
    storage: {},
    viewport: DESKTOP,
    run: puzzlesXiangqi,
  },
  'puzzles-hex-phone': {
    query: async () => `#puzzles?game=hex&id=${(await firstPuzzle('hex')).id}`,
    storage: {},
    viewport: PHONE,
    phone: true,
    run: puzzlesHex,
  },
  hex: {
    query: '#hex',
    storage: { 'duiyi.hex.settings.v1': { size: '11', human: 'black', movetime: 1000, overlay: 'none', numbers: true, ponder: true } },
    viewport: DESKTOP,
    run: hex,
  },
  lab: {
    query: '#lab?fen=startpos&moves=h2e2,h9g7&depth=4&guess=h0g2&run=1',
    storage: {},
    viewport: DESKTOP,
    run: lab,
  },
  combat: {
    query: '#combat?hit=0.9&crit=0.25&dodge=0.2&parry=0.15&block=0.3',
    storage: {},
    viewport: DESKTOP,
    run: combat,
  },
  circle: {
    query: '#circle?n=30&s=7&m=seed,welzl',
    storage: {},
    viewport: DESKTOP,
    run: circle,
  },
};

/** Re-encodes `file` with at most 256 colours (scripts/png8.mjs) when that is smaller; returns its size. */
function shrink(file) {
  const original = fs.readFileSync(file);
  const indexed = toPng8(original);
  if (indexed.length < original.length) fs.writeFileSync(file, indexed);
  const size = Math.min(indexed.length, original.length);
  if (size > MAX_BYTES) console.warn(`[screenshots] ${path.basename(file)} is ${Math.round(size / 1024)} KB, over ${MAX_BYTES / 1024} KB`);
  return size;
}

/** Takes one screenshot in its own browser context. */
async function take(browser, baseUrl, name, shot) {
  const context = await browser.newContext({
    viewport: shot.viewport,
    deviceScaleFactor: shot.phone ? 2 : 1, // a phone's screen is dense; the README shows that image scaled down
    locale: 'en-US',
    colorScheme: 'light',
    isMobile: Boolean(shot.phone),
    hasTouch: Boolean(shot.phone),
  });
  const errors = [];
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    page.on('pageerror', (err) => errors.push(err.message));
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    // a same-origin file that runs no script: set the starting storage, then open the view
    await page.goto(new URL('favicon.svg', baseUrl).href);
    await page.evaluate((entries) => {
      localStorage.clear();
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, JSON.stringify(value));
    }, shot.storage);
    await page.goto(baseUrl + (typeof shot.query === "function" ? await shot.query() : shot.query));
    await page.waitForSelector('body[data-ready="true"]', { timeout: ENGINE_TIMEOUT });
    await shot.run(page);
    const file = path.join(OUT_DIR, `${name}.png`);
    await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
    const bytes = shrink(file);
    const scale = shot.phone ? 2 : 1;
    log(`${path.relative(REPO_ROOT, file)}: ${shot.viewport.width * scale}×${shot.viewport.height * scale}, ${Math.round(bytes / 1024)} KB`);
    if (errors.length) console.warn(`[screenshots] ${name}: page errors:\n  ${errors.join('\n  ')}`);
  } finally {
    await context.close().catch(() => {});
  }
}

async function main() {
  const wanted = process.argv.slice(2);
  for (const name of wanted) {
    if (!SHOTS[name]) {
      console.error(`screenshots: unknown view '${name}' (known: ${Object.keys(SHOTS).join(', ')})`);
      process.exit(2);
    }
  }
  if (!fs.existsSync(path.join(REPO_ROOT, 'www', 'pkg', 'duiyi.js'))) {
    console.error('screenshots: www/pkg/duiyi.js is missing: run `npm run build` first');
    process.exit(1);
  }
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const server = await startServer({ port: 0 });
  let browser;
  let failed = false;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    for (const name of wanted.length ? wanted : Object.keys(SHOTS)) {
      try {
        await take(browser, server.url, name, SHOTS[name]);
      } catch (err) {
        failed = true;
        console.error(`[screenshots] ${name}: ${err.message}`);
      }
    }
  } finally {
    await browser?.close().catch(() => {});
    await server.close();
  }
  process.exit(failed ? 1 : 0);
}

await main();
