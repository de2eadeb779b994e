// Pondering on several replies (issue 23) as the user sees it: while the engine ponders, the page lists the
// user's likely replies it thinks about (ponder-candidates: the predicted one first, each with the depth its
// search reached, the one searched now marked); when the user plays the second of them, the engine goes on from
// that reply's pondering (the worker's `resumed`), and the page tells and counts a hit on candidate 2 — not a
// miss. Xiangqi on a short clock, then Hex, then a worker crash while pondering (the repeated ponder search in
// the new worker lists its replies again). Every wait is on page state with generous timeouts (a loaded 2-core
// machine); no assertion holds a time.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, screenshot, engineReady, clickMove, waitForMoveCount, moveList, legalMovesAfter, START_FEN, READY_MS } from './harness.mjs';

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});
afterEach(async () => {
  for (const p of app.context.pages()) await p.close().catch(() => {});
});

/** The candidates list as shown: [{move, depth, rank, active}] (move: data-iccs or data-cell). */
const shownCandidates = (page) => page.$$eval('[data-testid="ponder-candidates"]:not([hidden]) li', (items) => items.map((li) => ({
  move: li.dataset.iccs ?? li.dataset.cell, depth: Number(li.dataset.depth), rank: Number(li.dataset.rank), active: li.dataset.active === 'true',
})));

/** Waits until the list shows at least two replies, each searched to depth 1 or more. */
async function twoSearchedCandidates(page) {
  await page.waitForFunction(() => {
    const items = [...document.querySelectorAll('[data-testid="ponder-candidates"]:not([hidden]) li')];
    return items.length >= 2 && items.slice(0, 2).every((li) => Number(li.dataset.depth) >= 1);
  }, null, { timeout: READY_MS, polling: 100 });
}

test('Xiangqi: the pondered replies are listed; playing the second one is a hit on candidate 2', async (t) => {
  const page = await app.newPage('?lang=en#xiangqi', { xiangqiSettings: null });
  await engineReady(page);
  // a 1 + 0 game (the engine's planned time per move, its pondering turn, is about a second)
  await page.selectOption('[data-testid="time-control"]', 'custom');
  await page.fill('[data-testid="tc-minutes"]', '1');
  await page.fill('[data-testid="tc-increment"]', '0');
  await page.dispatchEvent('[data-testid="tc-increment"]', 'change');
  await clickMove(page, 'h2e2');
  await waitForMoveCount(page, 2);
  await page.waitForSelector('[data-testid="engine-status"][data-state="pondering"]', { timeout: READY_MS });
  const predicted = await page.getAttribute('[data-testid="ponder-move"]', 'data-iccs');
  await twoSearchedCandidates(page);
  const list = await shownCandidates(page);
  t.diagnostic(`candidates: ${JSON.stringify(list)}`);
  assert.equal(list[0].move, predicted, 'the predicted reply is candidate 1');
  assert.deepEqual(list.map((c) => c.rank), list.map((_, i) => i + 1));
  assert.ok(list.filter((c) => c.active).length <= 1, 'at most one searched now');
  assert.equal(new Set(list.map((c) => c.move)).size, list.length, 'different replies');
  const legal = await legalMovesAfter(page, START_FEN, await moveList(page));
  for (const c of list) assert.ok(legal.includes(c.move), `${c.move} is a legal reply`);
  // each reply in the page's notation (WXF by default in English), with its depth
  const text = await page.textContent('[data-testid="ponder-candidates"]');
  assert.match(text, /Your likely replies it thinks about:/);
  assert.match(text, /depth \d+/);
  await screenshot(page, 'ponder-candidates-list-en');

  // the user plays candidate 2: no miss; the new search goes on from its pondering
  const second = list[1].move;
  await clickMove(page, second);
  await page.waitForSelector('[data-testid="ponder-saved"][data-candidate]', { timeout: READY_MS });
  assert.equal(await page.getAttribute('[data-testid="ponder-saved"]', 'data-candidate'), '2');
  assert.equal(await page.getAttribute('[data-testid="engine-notice"]', 'data-kind'), 'ponder-hit');
  const savedMs = Number(await page.getAttribute('[data-testid="ponder-saved"]', 'data-ms'));
  assert.ok(savedMs > 0, `thinking already done on candidate 2: ${savedMs} ms`);
  assert.match(await page.textContent('[data-testid="ponder-saved"]'), /^Pondered this reply \(candidate 2\): \d+\.\d s of thinking already done/);
  const rate = '[data-testid="ponder-hit-rate"]';
  assert.equal(await page.getAttribute(rate, 'data-hits'), '1', 'a hit on a pondered reply');
  assert.equal(await page.getAttribute(rate, 'data-top1'), '0', 'not on the predicted move');
  assert.equal(await page.getAttribute(rate, 'data-tried'), '1');
  assert.equal(Number(await page.getAttribute(rate, 'data-saved-ms')), Math.round(savedMs));
  assert.match(await page.textContent(rate), /^Predicted move: 0\/1 \(0%\) · any pondered reply: 1\/1 \(100%\) · \d+\.\d s saved this game$/);
  // the engine answers the move played, and says when
  await waitForMoveCount(page, 4);
  const moves = await moveList(page);
  assert.equal(moves[2], second);
  await page.waitForSelector('[data-testid="ponder-saved"][data-answer-ms]', { timeout: READY_MS });
  assert.match(await page.textContent('[data-testid="ponder-saved"]'), /it answered \d+\.\d s after your move\.$/);
  // the figures are saved with the game
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]', { timeout: READY_MS });
  assert.equal(await page.getAttribute(rate, 'data-hits'), '1');
  assert.equal(await page.getAttribute(rate, 'data-top1'), '0');
  assert.deepEqual(app.errorsOf(page), []);
});

test('Hex: the pondered cells are listed; the second one played is a hit on candidate 2', async (t) => {
  const page = await app.newPage('', {});
  await page.goto(new URL('favicon.svg', app.url).href);
  await page.evaluate(() => {
    localStorage.clear();
    localStorage.setItem('duiyi.hex.settings.v1', JSON.stringify({ size: 7, movetime: 1000, ponder: true }));
  });
  await page.goto(`${app.url}?lang=en#hex`);
  await page.waitForSelector('.hex-layout[data-ready="true"]', { timeout: READY_MS });
  await page.click('[data-testid="board"] [data-square="d4"]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="move-list"] li').length === 2, null, { timeout: READY_MS });
  await page.waitForSelector('[data-testid="engine-status"][data-state="pondering"]', { timeout: READY_MS });
  await twoSearchedCandidates(page);
  const list = await shownCandidates(page);
  t.diagnostic(`Hex candidates: ${JSON.stringify(list)}`);
  assert.equal(list[0].move, await page.getAttribute('[data-testid="ponder-move"]', 'data-iccs'));
  for (const c of list) assert.match(c.move, /^([a-g][1-7]|swap-pieces)$/);
  // a reply whose position the search proved (reported at the last depth, 64) reads "solved", not "depth 64"
  const texts = await page.$$eval('[data-testid="ponder-candidates"] li', (items) => items.map((li) => [Number(li.dataset.depth), li.textContent]));
  for (const [depth, text] of texts) {
    if (depth >= 64) assert.match(text, /^[a-g][1-7] · solved$/);
    else assert.doesNotMatch(text, /solved/);
  }
  // so does the status's depth (the pondered position is proved at once here: "solved/seldepth")
  assert.match(await page.textContent('[data-testid="engine-depth"]'), /^(solved|([1-9]|[1-5]\d|6[0-3]))(\/\d+)?$/);
  const second = list[1].move;
  await page.click(`[data-testid="board"] [data-square="${second}"]`);
  await page.waitForSelector('[data-testid="ponder-saved"][data-candidate]', { timeout: READY_MS });
  assert.equal(await page.getAttribute('[data-testid="ponder-saved"]', 'data-candidate'), '2');
  assert.ok(Number(await page.getAttribute('[data-testid="ponder-saved"]', 'data-ms')) > 0);
  assert.equal(await page.getAttribute('[data-testid="ponder-hit-rate"]', 'data-hits'), '1');
  assert.equal(await page.getAttribute('[data-testid="ponder-hit-rate"]', 'data-top1'), '0');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="move-list"] li').length >= 4, null, { timeout: READY_MS });
  assert.deepEqual(app.errorsOf(page), []);
});

test('a worker crash while pondering: the repeated ponder search lists its replies again, and a hit on candidate 2 still counts', async () => {
  const page = await app.newPage('?lang=en#xiangqi'); // the engine's fixed 1 s a move (harness default)
  await engineReady(page);
  await clickMove(page, 'h2e2');
  await waitForMoveCount(page, 2);
  await page.waitForSelector('[data-testid="engine-status"][data-state="pondering"]', { timeout: READY_MS });
  await twoSearchedCandidates(page);
  await page.evaluate(() => window.duiyi.view.client.worker.terminate()); // as if the worker died
  await page.waitForFunction(() => window.duiyi.view.client.crashCount >= 1, null, { timeout: READY_MS });
  // the new worker got PonderCandidates again (the client re-sends options) and ponders afresh
  await page.waitForSelector('[data-testid="engine-status"][data-state="pondering"]', { timeout: READY_MS });
  await twoSearchedCandidates(page);
  const list = await shownCandidates(page);
  await clickMove(page, list[1].move);
  await page.waitForSelector('[data-testid="ponder-saved"][data-candidate]', { timeout: READY_MS });
  assert.equal(await page.getAttribute('[data-testid="ponder-saved"]', 'data-candidate'), '2');
  assert.equal(await page.getAttribute('[data-testid="ponder-hit-rate"]', 'data-hits'), '1');
  await waitForMoveCount(page, 4);
  assert.deepEqual(app.errorsOf(page).filter((e) => !/engine-client/.test(e)), []);
});

test('a pondered reply not searched yet says so, never "depth 0" (both languages)', async () => {
  const page = await app.newPage('?lang=en#xiangqi', { xiangqiSettings: null });
  await page.waitForSelector('body[data-ready="true"]', { timeout: READY_MS });
  const texts = await page.evaluate(async () => {
    const { createPonderCandidates } = await import('./views/ponder-candidates.js');
    const out = {};
    for (const lang of ['en', 'zh']) {
      const strings = await (await fetch(`./i18n/${lang}.json`)).json();
      const t = (key, params = {}) => strings[key].replace(/\{(\w+)\}/g, (_, k) => String(params[k]));
      const view = createPonderCandidates(t, 'iccs');
      view.show([
        { move: 'h9g7', depth: 7, nodes: 900, ms: 300, active: false },
        { move: 'b9c7', depth: 0, nodes: 0, ms: 0, active: true },
        { move: 'h7e7', depth: 0, nodes: 0, ms: 0, active: false },
      ], (m) => m);
      out[lang] = [...view.element.querySelectorAll('li')].map((li) => `${li.dataset.depth}|${li.textContent}`);
    }
    return out;
  });
  assert.deepEqual(texts.en, ['7|h9g7 · depth 7', '0|b9c7 · starting', '0|h7e7 · waiting its turn']);
  assert.deepEqual(texts.zh, ['7|h9g7 · 深度 7', '0|b9c7 · 开始思考', '0|h7e7 · 等候中']);
  assert.deepEqual(app.errorsOf(page), []);
});
