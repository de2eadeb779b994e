// The Hex game review and hint on #hex (www/views/hex-review.js, hex-hint.js, www/hex-review-worker.js): a
// 6×6 game with a known losing move is reported with a proved winning alternative, the graph has plies + 1
// points, a point shows its position, progress and cancel, the review kept over a reload (a review of the
// game's first moves marked partial, a review interrupted by a reload started again), a new game stopping a
// review, solver-decided positions plotted at 0 or 100%, the Chinese wording, and the hint's two presses
// give an area and then a legal cell, recorded in the SGF. Waits are for readiness (a loaded 2-core
// machine); no assertion holds a time.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, screenshot, READY_MS } from './harness.mjs';

// After c4 d3 Black wins; a1 throws the win away, and White then wins (engine self-play from there).
const GAME = 'c4,d3,a1,c3,f2,e1,a4,b2,b3,c1,a3,a2,c2,d1,f1,e4,f4,f3,a5,b1,f6,d2,e6,e3';
// Black's winning moves after c4 d3: `duiyi hex solve --size 6 --moves "c4 d3"` (the DFPN solver, every move
// proved or refuted).
const WINNING_AFTER_C4_D3 = ['f1', 'b2', 'c2', 'e2', 'f2', 'a3', 'b3', 'c3', 'e3', 'f3', 'a4', 'e4'];
const LONG_MS = 4 * READY_MS;

let app;
before(async () => {
  app = await startApp();
  app.context.setDefaultTimeout(READY_MS);
});
after(async () => {
  await app?.close();
});
afterEach(async () => {
  for (const p of app.context.pages()) await p.close().catch(() => {});
});

async function openHex(query) {
  const page = await app.newPage('', {});
  await page.goto(new URL('favicon.svg', app.url).href);
  await page.evaluate(() => localStorage.clear());
  await page.goto(app.url + query);
  await page.waitForSelector('.hex-layout[data-ready="true"]', { timeout: READY_MS });
  return page;
}

test('a 6×6 game: the proved losing move, its proved winning alternative, the graph and its points', { timeout: 2 * LONG_MS }, async () => {
  const page = await openHex(`#hex?size=6&moves=${GAME}`);
  await page.waitForSelector('[data-testid="game-result"][data-result="white"]');
  await page.click('[data-testid="review-run"]');
  await page.waitForSelector('[data-testid="review-progress"][data-state="done"]', { timeout: LONG_MS });
  const progress = await page.$eval('[data-testid="review-progress"]', (n) => ({ done: Number(n.dataset.done), total: Number(n.dataset.total) }));
  assert.ok(progress.total > 0 && progress.done === progress.total, JSON.stringify(progress));

  const plies = GAME.split(',').length;
  assert.equal(await page.$eval('[data-testid="eval-graph"]', (n) => n.dataset.points), String(plies + 1));
  const marks = await page.$$eval('[data-testid="move-list"] li[data-ply]', (items) => items.map((li) => ({ ...li.dataset })));
  assert.equal(marks.length, plies);
  for (const m of marks) assert.match(m.class ?? '', /^(best|good|inaccuracy|mistake|blunder)$/, `ply ${m.ply}`);
  const proved = marks.filter((m) => m.proved === 'true');
  assert.deepEqual(proved.map((m) => m.ply), ['3']);
  const losing = proved[0];
  assert.equal(losing.move, 'a1');
  assert.equal(losing.class, 'blunder');
  assert.ok(WINNING_AFTER_C4_D3.includes(losing.better), `the alternative ${losing.better} wins`);

  const summary = page.locator('[data-testid="review-summary"]');
  assert.equal(await summary.getAttribute('data-losing-ply'), '3');
  assert.equal(await summary.getAttribute('data-better'), losing.better);
  // the summary: the Chinese class names of the Xiangqi review, full width
  const rows = await page.$$eval('.hex-review-table tbody th', (n) => n.map((x) => x.textContent));
  assert.deepEqual(rows.slice(0, 5), ['最佳', '好棋', '欠佳', '错着', '败着']);
  const widths = await page.$eval('.hex-review-table', (n) => [n.getBoundingClientRect().width, n.parentElement.getBoundingClientRect().width]);
  assert.ok(widths[0] >= widths[1] - 1, JSON.stringify(widths));
  // the progress counts the positions
  assert.equal(await page.$eval('[data-testid="review-progress"]', (n) => n.dataset.positions), String(plies + 1));
  assert.match(await page.$eval('[data-testid="review-progress"]', (n) => n.textContent), new RegExp(`${plies + 1} 个局面`));
  // The alternative on the board: the position before the losing move, the better cell and the played one.
  await page.click('[data-testid="review-show-losing"]');
  await page.waitForSelector('[data-testid="review-viewing"][data-ply="2"]');
  const viewing = await page.$eval('[data-testid="review-viewing"]', (n) => n.textContent);
  assert.ok(viewing.includes('局面。绿色') && !/[.]\s/.test(viewing), viewing);
  assert.equal(await page.$$eval('[data-testid="board"] [data-stone]', (n) => n.length), 2);
  assert.equal(await page.$eval('[data-testid="review-marks"] [data-mark="better"]', (n) => n.dataset.square), losing.better);
  assert.equal(await page.$eval('[data-testid="review-marks"] [data-mark="played"]', (n) => n.dataset.square), 'a1');
  await screenshot(page, 'hex-review-zh');
  await page.click('[data-testid="review-back"]');
  await page.waitForSelector('[data-testid="review-viewing"][hidden]', { state: 'attached' });
  assert.equal(await page.$$eval('[data-testid="board"] [data-stone]', (n) => n.length), plies);

  // A click on the graph's point shows that position.
  await page.locator('[data-testid="eval-graph"] canvas').scrollIntoViewIfNeeded();
  const point = await page.evaluate(() => {
    const canvas = document.querySelector('[data-testid="eval-graph"] canvas');
    const chart = globalThis.Chart?.getChart(canvas);
    const el = chart?.getDatasetMeta(0).data[5];
    if (!el) return null;
    const box = canvas.getBoundingClientRect();
    return { x: box.left + el.x, y: box.top + el.y };
  });
  assert.ok(point, 'the graph is drawn');
  await page.mouse.click(point.x, point.y);
  await page.waitForSelector('[data-testid="review-viewing"][data-ply="5"]');
  assert.equal(await page.$$eval('[data-testid="board"] [data-stone]', (n) => n.length), 5);

  // Kept with the game: a reload shows the review again without running it.
  await page.reload();
  await page.waitForSelector('.hex-layout[data-ready="true"]', { timeout: READY_MS });
  await page.waitForSelector('[data-testid="move-list"] li[data-ply="3"][data-proved="true"]');
  assert.equal(await page.$eval('[data-testid="eval-graph"]', (n) => n.dataset.points), String(plies + 1));
});

test('review progress and cancel', { timeout: 2 * LONG_MS }, async () => {
  // A 9×9 game of 13 positions. The worker looks at its messages after every step, so a cancel sent right
  // after the run stops it after its first step at the latest, however fast the machine.
  const page = await openHex('#hex?size=9&moves=e5,d6,d5,c6,c5,b6,b5,a6,a5,e4,f3,g2');
  await page.click('[data-testid="review-run"]');
  await page.waitForSelector('[data-testid="review-progress"][data-state="running"]');
  await page.click('[data-testid="review-cancel"]');
  await page.waitForSelector('[data-testid="review-progress"][data-state="cancelled"]', { timeout: LONG_MS });
  const p = await page.$eval('[data-testid="review-progress"]', (n) => ({ done: Number(n.dataset.done), total: Number(n.dataset.total) }));
  assert.ok(p.done < p.total, JSON.stringify(p));
  assert.equal(await page.$$eval('[data-testid="move-list"] li[data-class]', (n) => n.length), 0);
  // It runs again to the end.
  await page.click('[data-testid="review-run"]');
  await page.waitForSelector('[data-testid="review-progress"][data-state="done"]', { timeout: LONG_MS });
  assert.equal(await page.$eval('[data-testid="eval-graph"]', (n) => n.dataset.points), '13');
  const end = await page.$eval('[data-testid="review-progress"]', (n) => ({ done: Number(n.dataset.done), total: Number(n.dataset.total) }));
  assert.ok(end.total >= 13 && end.done === end.total, JSON.stringify(end));
  assert.equal(await page.$$eval('[data-testid="move-list"] li[data-proved]', (n) => n.length), 0);
});

/** Black's winning chance (%) and the point radius (4: a solver-decided position) of the graph's points. */
function graphPoints(page) {
  return page.evaluate(() => {
    const chart = globalThis.Chart?.getChart(document.querySelector('[data-testid="eval-graph"] canvas'));
    const ds = chart?.data.datasets[0];
    return ds ? ds.data.map((v, i) => ({ v, decided: ds.pointRadius[i] === 4 })) : null;
  });
}

test('solver-decided positions are plotted at 0 or 100%', { timeout: 2 * LONG_MS }, async () => {
  const page = await openHex('#hex?size=6&moves=f2,f1,f3,e1,e4,d2,a5,b3,d3,c3,f6,a4');
  await page.click('[data-testid="review-run"]');
  await page.waitForSelector('[data-testid="review-progress"][data-state="done"]', { timeout: LONG_MS });
  await page.waitForFunction(() => globalThis.Chart?.getChart(document.querySelector('[data-testid="eval-graph"] canvas')));
  const points = await graphPoints(page);
  const decided = points.filter((p) => p.decided);
  assert.ok(decided.length >= 3, JSON.stringify(points));
  for (const p of decided) assert.ok(p.v === 0 || p.v === 100, JSON.stringify(points));
  // the position after move 6 is proved won for Black (`duiyi hex solve`)
  assert.deepEqual(points[6], { v: 100, decided: true });
});

test('a review of the first moves is marked partial; a reload during a review starts it again', { timeout: 3 * LONG_MS }, async () => {
  const first = GAME.split(',').slice(0, 6).join(',');
  const page = await openHex(`?lang=en#hex?size=6&moves=${first}`);
  await page.click('[data-testid="review-run"]');
  await page.waitForSelector('[data-testid="review-progress"][data-state="done"]', { timeout: LONG_MS });
  // the whole game on the page: the review of its first 6 moves says what it leaves out
  await page.goto(new URL('favicon.svg', app.url).href);
  await page.goto(`${app.url}?lang=en#hex?size=6&moves=${GAME}`);
  await page.waitForSelector('.hex-layout[data-ready="true"]', { timeout: READY_MS });
  await page.waitForSelector('[data-testid="review-partial"][data-reviewed="6"]');
  assert.match(await page.$eval('[data-testid="review-partial"]', (n) => n.textContent), /first 6 moves/);
  await page.click('[data-testid="review-run"]');
  await page.waitForSelector('[data-testid="review-progress"][data-state="running"]');
  // reload while it runs (checked and reloaded in one turn of the page's event loop)
  const reloaded = await page.evaluate(() => {
    if (document.querySelector('[data-testid="review-progress"]').dataset.state !== 'running') return false;
    location.reload();
    return true;
  });
  assert.ok(reloaded, 'the review was still running');
  await page.waitForSelector('.hex-layout[data-ready="true"]', { timeout: READY_MS });
  // started again at once (it may have ended by the time the page is ready: the note stays)
  await page.waitForSelector('[data-testid="review-restarted"]:not([hidden])');
  assert.match(await page.$eval('[data-testid="review-progress"]', (n) => n.dataset.state), /^(running|done)$/);
  await screenshot(page, 'hex-review-restarted-en');
  await page.waitForSelector('[data-testid="review-progress"][data-state="done"]', { timeout: 2 * LONG_MS });
  assert.equal(await page.$eval('[data-testid="review-partial"]', (n) => n.hidden), true);
  assert.equal(await page.$eval('[data-testid="eval-graph"]', (n) => n.dataset.points), String(GAME.split(',').length + 1));
});

test('a new game stops the review and clears the panel', { timeout: 2 * LONG_MS }, async () => {
  const page = await openHex('#hex?size=9&moves=e5,d6,d5,c6,c5,b6,b5,a6,a5,e4,f3,g2');
  await page.click('[data-testid="review-run"]');
  await page.waitForSelector('[data-testid="review-progress"][data-state="running"]');
  await page.click('[data-testid="new-game"]');
  await page.waitForSelector('[data-testid="review-progress"][hidden]', { state: 'attached' });
  const panel = async () => page.$eval('[data-testid="review-progress"]', (n) => ({ state: n.dataset.state, hidden: n.hidden,
    graph: document.querySelector('[data-testid="eval-graph"]').hidden, summary: document.querySelector('[data-testid="review-summary"]').hidden,
    run: document.querySelector('[data-testid="review-run"]').disabled }));
  assert.deepEqual(await panel(), { state: 'idle', hidden: true, graph: true, summary: true, run: false });
  // the worker is free again: a hint is answered, and the stopped review never reports on the new game
  await page.waitForSelector('[data-testid="hint"]:not([disabled])', { timeout: LONG_MS });
  await page.click('[data-testid="hint"]');
  await page.waitForSelector('[data-testid="hint"][data-state="area"]', { timeout: LONG_MS });
  assert.deepEqual(await panel(), { state: 'idle', hidden: true, graph: true, summary: true, run: false });
});

test('the hint: an area first, then a legal cell; recorded in the SGF', { timeout: 2 * LONG_MS }, async () => {
  const page = await openHex('#hex?size=6&moves=c4,d3');
  await page.waitForSelector('[data-testid="turn"][data-side="black"]');
  await page.click('[data-testid="hint"]');
  await page.waitForSelector('[data-testid="hint"][data-state="area"]', { timeout: LONG_MS });
  const area = (await page.$eval('[data-testid="hint"]', (n) => n.dataset.area)).split(',');
  assert.ok(area.length >= 3 && area.length <= 7, area.join(','));
  assert.equal(await page.$$eval('[data-testid="hint-marks"] [data-mark="area"]', (n) => n.length), area.length);
  assert.equal(await page.$eval('[data-testid="hint"]', (n) => n.dataset.move ?? null), null);
  await page.click('[data-testid="hint"]');
  await page.waitForSelector('[data-testid="hint"][data-state="move"]');
  const move = await page.$eval('[data-testid="hint"]', (n) => n.dataset.move);
  assert.ok(area.includes(move));
  assert.equal(await page.$eval(`[data-testid="board"] [data-square="${move}"]`, (n) => n.dataset.stone ?? null), null, 'an empty cell');
  assert.equal(await page.$eval('[data-testid="hint-marks"] [data-mark="move"]', (n) => n.dataset.square), move);
  const sgf = await page.$eval('[data-testid="sgf"]', (n) => n.textContent);
  assert.ok(sgf.includes(`C[hint: cell ${move}]`), sgf);
  assert.equal(await page.$eval('[data-testid="hint"]', (n) => n.dataset.count), '1');
  await screenshot(page, 'hex-hint-zh');
});

test('a laptop at 1366×900: the review heads the side column, its graph and "Show on the board" in view with the board', { timeout: 2 * LONG_MS }, async () => {
  const page = await openHex(`#hex?size=6&moves=${GAME}`);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.waitForSelector('[data-testid="game-result"][data-result="white"]');
  await page.click('[data-testid="review-run"]');
  await page.waitForSelector('[data-testid="review-progress"][data-state="done"]', { timeout: LONG_MS });
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = (sel) => page.$eval(sel, (e) => { const r = e.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, left: r.left, right: r.right }; });
  const inView = (b, what) => assert.ok(b.top >= 0 && b.bottom <= 900 && b.bottom > b.top, `${what} in view: ${JSON.stringify(b)}`);
  const board = await box('[data-testid="board"]');
  inView(board, 'the board');
  const graph = await box('[data-testid="eval-graph"]');
  inView(graph, 'the graph');
  assert.ok(graph.left > board.right, 'beside the board');
  inView(await box('[data-testid="review-show-losing"]'), '"Show on the board"');
  await screenshot(page, 'hex-review-laptop-1366');
  assert.deepEqual(app.errorsOf(page), []);
});

test('practise your mistakes on Hex: the proved losing move as a puzzle, tries checked by the solver, the answer; both languages', { timeout: 2 * LONG_MS }, async () => {
  const page = await openHex(`?lang=en#hex?size=6&moves=${GAME}`);
  await page.waitForSelector('[data-testid="game-result"][data-result="white"]');
  assert.equal(await page.isVisible('[data-testid="practise-mistakes"]'), false, 'no practice before a review');
  await page.click('[data-testid="review-run"]');
  await page.waitForSelector('[data-testid="review-progress"][data-state="done"]', { timeout: LONG_MS });
  const button = page.locator('[data-testid="practise-mistakes"]');
  await button.waitFor({ state: 'visible' });
  // the user played Black (the page's default): Black's proved losing move, 3. a1
  assert.equal(await button.getAttribute('data-count'), '1');
  await button.click();
  const panel = '[data-testid="practice"]';
  await page.waitForSelector(`${panel}[data-state="solving"]`);
  assert.equal(await page.getAttribute(panel, 'data-ply'), '3');
  assert.equal(await page.getAttribute(panel, 'data-moves'), 'c4,d3');
  assert.equal(await page.textContent('[data-testid="practice-prompt"]'),
    'Puzzle 1 of 1, move 3: Black to play. You played a1 here and lost a won game (proved by the solver). Find a winning move.');
  // the board shows that position: two stones, Black to move
  const stones = await page.$$eval('[data-testid="board"] .hx-cell[data-stone]', (els) => els.map((e) => `${e.dataset.square}:${e.dataset.stone}`).sort());
  assert.deepEqual(stones, ['c4:black', 'd3:white']);
  const feedback = '[data-testid="practice-feedback"]';
  await page.click('[data-testid="board"] .hx-cell[data-square="a1"]');
  await page.waitForSelector(`${feedback}[data-verdict="same"]`);
  // a losing try (a6: the solver proves White wins after it), then a winning one
  await page.click('[data-testid="board"] .hx-cell[data-square="a6"]');
  await page.waitForSelector(`${feedback}[data-verdict="loss"], ${feedback}[data-verdict="unknown"]`, { timeout: LONG_MS });
  assert.equal(await page.getAttribute(panel, 'data-state'), 'solving');
  assert.equal(await page.$$eval('[data-testid="board"] .hx-cell[data-stone]', (els) => els.length), 2, 'the try is taken back');
  await page.click('[data-testid="board"] .hx-cell[data-square="c3"]');
  await page.waitForSelector(`${panel}[data-state="solved"]`, { timeout: LONG_MS });
  assert.equal(await page.getAttribute(feedback, 'data-verdict'), 'win');
  assert.match(await page.textContent(feedback), /^c3 wins: proved by the solver \(solver nodes: [\d,]+\)\. Solved!$/);
  await screenshot(page, 'hex-practice-solved');
  // the game is untouched
  assert.equal(await page.$$eval('[data-testid="move-list"] li[data-ply]', (lis) => lis.length), GAME.split(',').length);
  // again in Chinese: the answer
  await page.click('[data-testid="practice-next"]'); // the last one: the summary
  await page.waitForSelector(`${panel}[data-state="done"]`);
  assert.equal(await page.textContent('[data-testid="practice-prompt"]'), 'Practice done: 1 of 1 solved.');
  await page.click('[data-testid="practice-stop"]');
  await page.click('[data-testid="lang-toggle"]');
  // the Chinese strings load asynchronously (slowly on a loaded machine): wait for the switch
  await page.waitForFunction(() => document.documentElement.lang === 'zh-Hans', null, { timeout: LONG_MS });
  await page.click('[data-testid="practise-mistakes"]');
  await page.waitForSelector(`${panel}[data-state="solving"]`);
  await page.click('[data-testid="practice-solution"]');
  await page.waitForSelector(`${panel}[data-state="failed"]`);
  const better = await page.getAttribute('[data-testid="review-summary"]', 'data-better');
  assert.equal(await page.textContent(feedback), `答案：${better} 必胜（复盘的求解器已证明，见棋盘上的框）。`);
  assert.deepEqual(await page.$$eval('[data-testid="practice-marks"] [data-mark="better"]', (els) => els.map((e) => e.dataset.square)), [better]);
  await page.click('[data-testid="practice-stop"]');
  await page.waitForSelector(`${panel}[hidden]`, { state: 'attached' });
  // the board shows the game again
  assert.equal(await page.$$eval('[data-testid="board"] .hx-cell[data-stone]', (els) => els.length), GAME.split(',').length);
  assert.deepEqual(app.errorsOf(page), []);
});
