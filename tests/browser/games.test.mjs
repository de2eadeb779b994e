// #games (the game library, issue 32) in a real browser: importing the real XQF file and a multi-game PGN
// made of the real PGN files of tests/data/pgn/ (plus one bad game), the list with players and results, the
// games still there after a reload, the filter, delete and undo, export of all the Xiangqi games as one PGN
// file that imports again to the same games (tags, moves, comments), Hex SGF collections in and out, a phone
// screen, the storage failures (IndexedDB refused, quota full) shown as coded errors in the page's language,
// and the view in the static bundle (scripts/dist.mjs), offline.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { buildDist } from '../../scripts/dist.mjs';
import { startStaticHost } from '../../scripts/static-host.mjs';
import { startApp, screenshot, DATA_DIR, READY_MS, STEP_MS } from './harness.mjs';

let app;
before(async () => {
  app = await startApp({ locale: 'en-US' });
});
after(async () => {
  await app?.close();
});

/** the real one-game PGN files of tests/data/pgn/ (the collections there hold many games each) */
const PGN_FILES = fs.readdirSync(path.join(DATA_DIR, 'pgn')).filter((f) => f.endsWith('.pgn')).sort()
  .filter((f) => (fs.readFileSync(path.join(DATA_DIR, 'pgn', f), 'utf8').match(/^\[Event /gm) ?? []).length === 1);
const BAD_GAME = '[Event "A bad game"]\n[Red "Bad Red"]\n[Black "Bad Black"]\n[Result "*"]\n\n1. h2e2 h9g7 2. zz9 *\n';
/** the real PGN files one after the other, with the bad game third */
function multiPgn() {
  const texts = PGN_FILES.map((f) => fs.readFileSync(path.join(DATA_DIR, 'pgn', f), 'utf8').trim());
  texts.splice(2, 0, BAD_GAME.trim());
  return `${texts.join('\n\n')}\n`;
}
const XQF = fs.readFileSync(path.join(DATA_DIR, 'xqf', 'eleeye-sample.xqf'));
const HEX_SGF = '(;FF[4]GM[11]SZ[9]PB[Alice]PW[Bob]DT[2024-05-01]EV[Club night]RE[B+];B[c3];W[e5];B[d4])\n'
  + '(;FF[4]GM[11]SZ[7]PB[Carol]PW[Dave];B[a1];B[a2])\n'
  + '(;FF[4]GM[11]SZ[7]PB[Erin]PW[Frank]RE[W+Resign];B[d4];W[swap-pieces];B[c3])\n';

/** A tab on #games with an empty library. */
async function openGames(query = '?lang=en#games', { initScript } = {}) {
  const page = await app.newPage(query);
  await page.waitForSelector('[data-testid="games-view"][data-ready="true"]', { timeout: READY_MS });
  await page.evaluate(() => new Promise((resolve) => {
    const req = indexedDB.deleteDatabase('duiyi-library');
    req.onsuccess = req.onerror = req.onblocked = () => resolve();
  }));
  if (initScript) await page.addInitScript(initScript);
  await page.reload();
  await page.waitForSelector('[data-testid="games-view"][data-ready="true"]', { timeout: READY_MS });
  return page;
}

/** Gives the file input these files and waits until the import is over. */
async function importFiles(page, files) {
  const before = Number(await page.getAttribute('[data-testid="games-view"]', 'data-imports'));
  await page.setInputFiles('[data-testid="library-import"]', files);
  await page.waitForFunction((n) => Number(document.querySelector('[data-testid="games-view"]').dataset.imports) > n, before, { timeout: READY_MS });
}

async function rows(page) {
  return page.$$eval('[data-game-id]', (els) => els.map((e) => ({ ...e.dataset })));
}

async function count(page) {
  return Number(await page.getAttribute('[data-testid="game-library"]', 'data-count'));
}

/** The library's entries, read through the page's own store module. */
async function entries(page) {
  return page.evaluate(async () => (await (await import('./game-library.js')).openLibrary()).list());
}

/** Clicks an export button and returns the downloaded file's name and text. */
async function download(page, selector) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  return { name: dl.suggestedFilename(), text: fs.readFileSync(await dl.path(), 'utf8') };
}

/** Tags compare equal, except what a writer may add: the seven-tag roster's unknowns ("?", "????.??.??"),
 *  [Game "Chinese Chess"], [Format] to a record that had none, and the Result and FEN tags (the record's result
 *  and fen are compared instead). */
function sameTags(a, b) {
  const filled = (v) => v === undefined || v === '?' || v === '????.??.??' || v === '';
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    if (k === 'Result' || k === 'FEN') continue;
    if (k === 'Format' && a[k] === undefined) continue;
    if (filled(a[k]) && filled(b[k])) continue;
    if (k === 'Game' && a[k] === undefined && b[k] === 'Chinese Chess') continue;
    assert.equal(b[k], a[k], `tag ${k}`);
  }
}

/** Comments as compared: exactly with the lossless PGN writer of issue 32 (its build also has pgnParseGames);
 *  the earlier writer folds a comment's line breaks and spaces into one space, so with it they compare with
 *  runs of white space made one space. */
let exact = true;
const comment = (c) => (c === null || c === undefined ? null : exact ? c : c.replace(/\s+/g, ' ').trim());
const comments = (annotations) => (annotations ?? []).map((a) => comment(a?.comment));
/** Annotations as compared (the comments as above, recursively in variations). */
const annotationsOf = (annotations) => (annotations ?? []).map((a) => (a ? {
  ...a, ...(a.comment !== undefined ? { comment: comment(a.comment) } : {}),
  ...(a.variations ? { variations: a.variations.map((v) => ({ ...v, ...(v.comment !== undefined ? { comment: comment(v.comment) } : {}), annotations: annotationsOf(v.annotations) })) } : {}),
} : null));

test('import: the real XQF file and a multi-game PGN are listed; the bad game with its error; after a reload still there', async () => {
  const page = await openGames();
  assert.equal(await count(page), 0);
  assert.equal(await page.isVisible('[data-testid="library-empty"]'), true);
  await importFiles(page, [
    { name: 'games.pgn', mimeType: 'application/x-chess-pgn', buffer: Buffer.from(multiPgn()) },
    { name: 'eleeye-sample.xqf', mimeType: 'application/octet-stream', buffer: XQF },
  ]);
  const report = await page.$eval('[data-testid="library-import-report"]', (e) => ({ ...e.dataset }));
  assert.equal(report.added, String(PGN_FILES.length + 1));
  assert.equal(report.bad, '1');
  const bad = await page.$eval('[data-testid="library-bad"]', (e) => ({ ...e.dataset, text: e.textContent }));
  assert.equal(bad.file, 'games.pgn');
  assert.equal(bad.index, '2');
  assert.equal(bad.code, 'pgn.bad_move');
  assert.match(bad.text, /game 3/);
  assert.match(bad.text, /zz9/);
  const lineOfBad = multiPgn().split('\n').indexOf('[Event "A bad game"]') + 1;
  assert.equal(bad.line, String(lineOfBad));

  const listed = await rows(page);
  assert.equal(listed.length, PGN_FILES.length + 1);
  assert.equal(await count(page), PGN_FILES.length + 1);
  const xqf = listed.find((r) => r.red === '许银川');
  assert.ok(xqf, 'the XQF game is listed');
  assert.deepEqual([xqf.game, xqf.black, xqf.result, xqf.outcome, xqf.finished], ['xiangqi', '聂卫平', '1-0', 'red', 'true']);
  const draw = listed.find((r) => r.result === '1/2-1/2');
  assert.deepEqual([draw.red, draw.black, draw.outcome], ['柳大华', '杨官璘', 'draw']);
  // the opening: eccoClassify when the wasm build has it, else the file's [ECCO] tag
  const withEco = listed.filter((r) => r.eco);
  assert.ok(withEco.length >= 1 && withEco.every((r) => /^[A-E]\d\d$/.test(r.eco)), JSON.stringify(withEco));
  assert.ok(!listed.some((r) => r.red === 'Bad Red'), 'the bad game is not stored');
  // the browser was asked once to keep the site's storage, and that is remembered
  assert.ok(JSON.parse(await page.evaluate(() => localStorage.getItem('duiyi.library.persist'))).asked > 0);
  // the same file again adds nothing: its game is already there
  await importFiles(page, [{ name: 'eleeye-sample.xqf', mimeType: 'application/octet-stream', buffer: XQF }]);
  assert.equal(await page.getAttribute('[data-testid="library-duplicates"]', 'data-count'), '1');
  assert.equal(await count(page), PGN_FILES.length + 1);
  await screenshot(page, 'games-imported');

  await page.reload();
  await page.waitForSelector('[data-testid="games-view"][data-ready="true"]', { timeout: READY_MS });
  assert.deepEqual((await rows(page)).map((r) => r.gameId).sort(), listed.map((r) => r.gameId).sort());
  assert.deepEqual(app.errorsOf(page), []);
  await page.close();
});

test('filter, sort, delete with undo, open and review links', async () => {
  const page = await openGames();
  await importFiles(page, [
    { name: 'games.pgn', mimeType: 'application/x-chess-pgn', buffer: Buffer.from(multiPgn()) },
    { name: 'eleeye-sample.xqf', mimeType: 'application/octet-stream', buffer: XQF },
    { name: 'hex.sgf', mimeType: 'application/x-go-sgf', buffer: Buffer.from(HEX_SGF) },
  ]);
  const all = await count(page);
  assert.equal(all, PGN_FILES.length + 1 + 2);
  await page.fill('[data-testid="library-filter"]', '许银川');
  await page.waitForFunction(() => document.querySelector('[data-testid="game-library"]').dataset.count === '1');
  assert.match(page.url(), /#games\?q=/);
  await page.fill('[data-testid="library-filter"]', '');
  await page.selectOption('[data-testid="library-filter-game"]', 'hex');
  await page.waitForFunction(() => document.querySelector('[data-testid="game-library"]').dataset.count === '2');
  const hexRows = await rows(page);
  assert.deepEqual(hexRows.map((r) => [r.black, r.white]).sort(), [['Alice', 'Bob'], ['Erin', 'Frank']]);
  assert.ok(hexRows.every((r) => r.game === 'hex' && r.red === undefined));
  await page.selectOption('[data-testid="library-filter-game"]', '');
  await page.selectOption('[data-testid="library-filter-result"]', 'draw');
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="game-library"]').dataset.count) >= 1);
  assert.ok((await rows(page)).every((r) => r.outcome === 'draw'));
  await page.selectOption('[data-testid="library-filter-result"]', 'white');
  await page.waitForFunction(() => document.querySelector('[data-testid="game-library"]').dataset.count === '1');
  assert.equal((await rows(page))[0].white, 'Frank');
  await page.selectOption('[data-testid="library-filter-result"]', '');

  // sorted by the game's date, newest first, and the other way by the column's button
  await page.selectOption('[data-testid="library-sort"]', 'date-asc');
  const dates = await page.$$eval('[data-game-id] .gl-date', (els) => els.map((e) => e.textContent));
  assert.deepEqual(dates, [...dates].sort());
  await page.click('th.gl-date button');
  const desc = await page.$$eval('[data-game-id] .gl-date', (els) => els.map((e) => e.textContent));
  assert.deepEqual(desc, [...desc].sort().reverse());

  // delete one, undo, delete again: gone after a reload
  const victim = (await rows(page)).find((r) => r.red === '许银川').gameId;
  await page.click(`[data-game-id="${victim}"] [data-testid="library-delete"]`);
  await page.waitForFunction((n) => document.querySelector('[data-testid="game-library"]').dataset.count === String(n), all - 1);
  assert.equal(await page.$(`[data-game-id="${victim}"]`), null);
  await page.click('[data-testid="library-undo"]');
  await page.waitForSelector(`[data-game-id="${victim}"]`);
  await page.click(`[data-game-id="${victim}"] [data-testid="library-delete"]`);
  await page.waitForFunction((n) => document.querySelector('[data-testid="game-library"]').dataset.count === String(n), all - 1);
  await page.reload();
  await page.waitForSelector('[data-testid="games-view"][data-ready="true"]', { timeout: READY_MS });
  assert.equal(await count(page), all - 1);
  assert.equal(await page.$(`[data-game-id="${victim}"]`), null);

  // open and review go to the game's page with its id (an imported game: Open, not Continue)
  const one = (await rows(page)).find((r) => r.game === 'xiangqi');
  assert.equal(await page.getAttribute(`[data-game-id="${one.gameId}"] [data-testid="library-open"]`, 'data-label'), 'open');
  await page.click(`[data-game-id="${one.gameId}"] [data-testid="library-review"]`);
  await page.waitForFunction((id) => location.hash === `#xiangqi?game=${encodeURIComponent(id)}&review=1`, one.gameId);
  await page.close();
});

test('from a new user\'s check: an import goes on while a game is opened, several deletes are all undone, a second tab follows, a deleted game says so, dates and plurals', async () => {
  const page = await openGames();
  const big = fs.readFileSync(path.join(DATA_DIR, '..', '..', 'benches', 'data', 'liu-dahua-1000-games.pgn'));
  await page.setInputFiles('[data-testid="library-import"]', [{ name: 'liu.pgn', mimeType: 'application/x-chess-pgn', buffer: big }]);
  await page.waitForSelector('[data-testid="games-view"][data-state="importing"]', { timeout: READY_MS });
  // leave for the Xiangqi page and come back while it reads: the import goes on, and its end is reported
  await page.evaluate(() => { location.hash = '#xiangqi'; });
  await page.waitForSelector('[data-testid="board"]', { timeout: READY_MS });
  await page.evaluate(() => { location.hash = '#games'; });
  await page.waitForSelector('[data-testid="games-view"][data-ready="true"]', { timeout: READY_MS });
  await page.waitForSelector('[data-testid="library-import-report"]:not([hidden])', { timeout: READY_MS });
  await page.waitForFunction(() => document.querySelector('[data-testid="games-view"]').dataset.state === 'ready', null, { timeout: READY_MS });
  assert.equal(await count(page), 997, 'every game of the file (three repeat earlier ones)');
  assert.equal(await page.getAttribute('[data-testid="library-duplicates"]', 'data-count'), '3');

  // a second tab on #games follows the first one's deletes
  const other = await app.newPage('?lang=en#games', { keepStorage: true });
  await other.waitForSelector('[data-testid="games-view"][data-ready="true"]', { timeout: READY_MS });
  assert.equal(await count(other), 997);
  const ids = (await rows(page)).slice(0, 3).map((r) => r.gameId);
  for (const [i, id] of ids.entries()) {
    await page.click(`[data-game-id="${id}"] [data-testid="library-delete"]`);
    await page.waitForFunction((n) => document.querySelector('[data-testid="game-library"]').dataset.count === String(n), 996 - i);
  }
  await other.waitForFunction(() => document.querySelector('[data-testid="game-library"]').dataset.count === '994', null, { timeout: STEP_MS });
  // a game deleted in the first tab, opened from the second tab's (old) row: the game page says it is gone
  await page.click('[data-testid="library-undo"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="game-library"]').dataset.count === '997');
  assert.equal(await count(page), 997, 'the three deletes are all undone');
  await other.waitForFunction(() => document.querySelector('[data-testid="game-library"]').dataset.count === '997', null, { timeout: STEP_MS });
  const gone = ids[0];
  await page.click(`[data-game-id="${gone}"] [data-testid="library-delete"]`);
  await other.evaluate(() => new Promise((r) => setTimeout(r, 300)));
  await other.evaluate((id) => { location.hash = `#xiangqi?game=${id}`; }, gone);
  await other.waitForSelector('[data-testid="error"]:not([hidden])', { timeout: READY_MS });
  assert.match(await other.textContent('[data-testid="error"]'), /not in your library/);
  await other.close();

  // a single game and ply in the singular; an unknown date ("0000", "1955.00.00") counts as none
  const one = await page.evaluate(async () => {
    const { dateOf } = await import('./views/games.js');
    return [dateOf({ summary: { date: '0000-00-00' }, created: 0 }).stored, dateOf({ summary: { date: '1951.9.22' } }).text, dateOf({ summary: { date: '1955.04.00' } }).text];
  });
  assert.deepEqual(one, [true, '1951-09-22', '1955-04']);
  await importFiles(page, [{ name: 'eleeye-sample.xqf', mimeType: 'application/octet-stream', buffer: XQF }]);
  assert.match(await page.textContent('[data-testid="library-progress"]'), /eleeye-sample\.xqf: 1 game read/);
  await importFiles(page, [{ name: 'eleeye-sample.xqf', mimeType: 'application/octet-stream', buffer: XQF }]);
  assert.match(await page.textContent('[data-testid="library-duplicates"]'), /^1 game was already/);
  await page.close();
});

test('export all: one PGN file that imports again to the same games (tags, moves, comments); Hex as one SGF collection', async () => {
  const page = await openGames();
  await importFiles(page, [
    { name: 'games.pgn', mimeType: 'application/x-chess-pgn', buffer: Buffer.from(multiPgn()) },
    { name: 'eleeye-sample.xqf', mimeType: 'application/octet-stream', buffer: XQF },
    { name: 'hex.sgf', mimeType: 'application/x-go-sgf', buffer: Buffer.from(HEX_SGF) },
  ]);
  const original = await entries(page);
  exact = await page.evaluate(() => typeof window.duiyi.wasm.pgnParseGames === 'function');
  const pgn = await download(page, '[data-testid="library-export-pgn"]');
  assert.match(pgn.name, /\.pgn$/);
  const sgf = await download(page, '[data-testid="library-export-sgf"]');
  assert.match(sgf.name, /\.sgf$/);
  assert.equal((sgf.text.match(/\(;/g) ?? []).length, 2);
  assert.equal(await page.isVisible('[data-testid="library-error"]'), false);

  // into an empty library again, from the exported files
  await page.evaluate(() => new Promise((resolve) => {
    const req = indexedDB.deleteDatabase('duiyi-library');
    req.onsuccess = req.onerror = req.onblocked = () => resolve();
  }));
  await page.reload();
  await page.waitForSelector('[data-testid="games-view"][data-ready="true"]', { timeout: READY_MS });
  assert.equal(await count(page), 0);
  await importFiles(page, [
    { name: pgn.name, mimeType: 'application/x-chess-pgn', buffer: Buffer.from(pgn.text) },
    { name: sgf.name, mimeType: 'application/x-go-sgf', buffer: Buffer.from(sgf.text) },
  ]);
  assert.equal(await page.getAttribute('[data-testid="library-import-report"]', 'data-bad'), '0');
  const again = await entries(page);
  assert.equal(again.length, original.length);
  const key = (e) => `${e.game}|${e.record.moves.join(' ')}|${e.summary.red ?? ''}|${e.summary.black}`;
  const byKey = new Map(again.map((e) => [key(e), e]));
  for (const e of original) {
    const back = byKey.get(key(e));
    assert.ok(back, `game ${key(e).slice(0, 60)}… comes back`);
    if (e.game === 'xiangqi') {
      sameTags(e.record.tags, back.record.tags);
      assert.equal(back.record.fen, e.record.fen);
      assert.equal(back.record.result, e.record.result);
      assert.equal(comment(back.record.comment), comment(e.record.comment));
      assert.deepEqual(comments(back.record.annotations), comments(e.record.annotations));
      assert.deepEqual(annotationsOf(back.record.annotations), annotationsOf(e.record.annotations));
    } else {
      for (const p of ['PB', 'PW', 'DT', 'EV']) assert.deepEqual(back.record.props[p], e.record.props[p], p);
      assert.equal(back.record.size, e.record.size);
      assert.equal(back.summary.result, e.summary.result);
    }
  }
  // one game alone, from its row
  const xqf = original.find((e) => e.summary.red === '许银川');
  const one = await download(page, `[data-game-id="${again.find((e) => e.summary.red === '许银川').id}"] [data-testid="library-export"]`);
  assert.match(one.name, /许银川.*聂卫平\.pgn$/);
  const parsed = await page.evaluate((text) => window.duiyi.wasm.pgnParse(text), one.text);
  assert.deepEqual(parsed.moves, xqf.record.moves);
  assert.deepEqual(comments(parsed.annotations), comments(xqf.record.annotations));
  assert.deepEqual(app.errorsOf(page), []);
  await page.close();
});

test('a phone (390 px): nothing wider than the screen, every control at least 32 px tall', async () => {
  const phone = await startApp({ viewport: { width: 390, height: 844 }, hasTouch: true });
  try {
    for (const lang of ['zh', 'en']) {
      const page = await phone.newPage(`?lang=${lang}#games`);
      await page.waitForSelector('[data-testid="games-view"][data-ready="true"]', { timeout: READY_MS });
      await page.setInputFiles('[data-testid="library-import"]', [
        { name: 'games.pgn', mimeType: 'application/x-chess-pgn', buffer: Buffer.from(multiPgn()) },
        { name: 'hex.sgf', mimeType: 'application/x-go-sgf', buffer: Buffer.from(HEX_SGF) },
      ]);
      await page.waitForFunction(() => document.querySelector('[data-testid="games-view"]').dataset.imports === '1', null, { timeout: READY_MS });
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390, `#games (${lang}) is wider than the screen`);
      const small = await page.$$eval('.gl-view button, .gl-view select, .gl-view input[type="search"], .gl-import', (els) => els
        .filter((e) => e.getClientRects().length && e.getBoundingClientRect().height < 32)
        .map((e) => `${e.tagName.toLowerCase()} ${e.textContent.trim().slice(0, 20)} ${e.getBoundingClientRect().height}`));
      assert.deepEqual(small, []);
      if (lang === 'zh') {
        assert.equal(await page.textContent('[data-route="games"]'), '棋谱库');
        await screenshot(page, 'games-phone');
      }
      await page.evaluate(() => new Promise((resolve) => {
        const req = indexedDB.deleteDatabase('duiyi-library');
        req.onsuccess = req.onerror = req.onblocked = () => resolve();
      }));
      await page.close();
    }
  } finally {
    await phone.close();
  }
});

test('storage refused (IndexedDB fails, as in private mode): the coded error is shown in the page\'s language, import is off', async () => {
  const page = await openGames('?lang=zh#games', {
    initScript: () => {
      IDBFactory.prototype.open = function open() {
        throw new DOMException('The user denied permission to access the database.', 'SecurityError');
      };
    },
  });
  await page.waitForSelector('[data-testid="library-error"][data-code="library.unavailable"]');
  assert.equal(await page.getAttribute('[data-testid="games-view"]', 'data-state'), 'unavailable');
  assert.match(await page.textContent('[data-testid="library-error"]'), /浏览器不允许本页保存棋局/);
  assert.equal(await page.isDisabled('[data-testid="library-import"]'), true);
  await page.click('[data-testid="lang-toggle"]');
  await page.waitForFunction(() => /does not let the page store games/.test(document.querySelector('[data-testid="library-error"]').textContent));
  await page.close();
});

test('storage full (QuotaExceededError on write): the import says so, nothing silent', async () => {
  const page = await openGames('?lang=en#games', {
    initScript: () => {
      IDBObjectStore.prototype.put = function put() {
        throw new DOMException('Quota exceeded.', 'QuotaExceededError');
      };
    },
  });
  await importFiles(page, [{ name: 'eleeye-sample.xqf', mimeType: 'application/octet-stream', buffer: XQF }]);
  await page.waitForSelector('[data-testid="library-error"][data-code="library.quota"]');
  assert.match(await page.textContent('[data-testid="library-error"]'), /storage for this site is full/);
  assert.equal(await count(page), 0);
  await page.close();
});

test('the static bundle: the service worker caches the view; offline, the library lists its games and imports more', async () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'duiyi-games-dist-'));
  let host;
  let context;
  try {
    const built = await buildDist({ out: path.join(tmp, 'site') });
    const sw = fs.readFileSync(path.join(tmp, 'site', 'sw.js'), 'utf8');
    const cached = JSON.parse(/^const BUILD = (.*); \/\/ DIST:BUILD$/m.exec(sw)[1]).hashed;
    for (const re of [/^game-library\.[0-9a-f]{8}\.js$/, /^views\/games\.[0-9a-f]{8}\.js$/, /^views\/games\.[0-9a-f]{8}\.css$/,
      /^i18n\/games\.en\.[0-9a-f]{8}\.json$/, /^i18n\/games\.zh\.[0-9a-f]{8}\.json$/]) {
      assert.ok(cached.some((f) => re.test(f)), `the service worker caches ${re}`);
    }
    assert.ok(built.files.length > 0);
    host = await startStaticHost({ root: path.join(tmp, 'site'), base: '/duiyi/' });
    context = await chromium.launchPersistentContext(path.join(tmp, 'profile'), {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      locale: 'en-US',
    });
    context.setDefaultTimeout(STEP_MS);
    context.setDefaultNavigationTimeout(READY_MS);
    const errors = [];
    const page = context.pages()[0] ?? await context.newPage();
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    page.on('console', (m) => m.type() === 'error' && errors.push(`console: ${m.text()}`));
    await page.goto(`${host.url}?lang=en#games`);
    await page.waitForSelector('[data-testid="games-view"][data-ready="true"]', { timeout: READY_MS });
    await page.waitForSelector('html[data-offline="ready"]', { timeout: READY_MS });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: READY_MS });
    await importFiles(page, [{ name: 'eleeye-sample.xqf', mimeType: 'application/octet-stream', buffer: XQF }]);
    assert.equal(await count(page), 1);

    await host.close();
    host = null;
    await context.setOffline(true);
    await page.reload();
    await page.waitForSelector('[data-testid="games-view"][data-ready="true"]', { timeout: READY_MS });
    assert.equal(await count(page), 1);
    assert.equal((await rows(page))[0].red, '许银川');
    await importFiles(page, [{ name: 'games.pgn', mimeType: 'application/x-chess-pgn', buffer: Buffer.from(multiPgn()) }]);
    assert.equal(await count(page), 1 + PGN_FILES.length);
    await page.click('[data-testid="lang-toggle"]');
    await page.waitForFunction(() => document.querySelector('.gl-head h1').textContent === '棋谱库');
    assert.deepEqual(errors, []);
  } finally {
    await context?.close().catch(() => {});
    await host?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});
