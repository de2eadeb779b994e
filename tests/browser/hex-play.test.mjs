// The #hex page's ways to play and to keep a game: engine vs engine, two players, rectangular boards (chooser,
// link, SGF), touch (a first tap previews, a second plays), pondering resumed after a reload, a game that
// survives a worker crash, the level chooser reaching the engine, and the engine's reply within its budget.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, screenshot, READY_MS, STEP_MS } from './harness.mjs';

let app;
before(async () => {
  app = await startApp();
  app.context.setDefaultTimeout(READY_MS);
});
after(async () => {
  await app?.close();
});
// Each test's pages are closed when it ends, so a page still playing cannot write its game into the storage
// the next test's page starts from (pages of one origin share localStorage).
afterEach(async () => {
  for (const p of app.context.pages()) await p.close().catch(() => {});
});

/** A fresh page on `query` with `storage` (key → value) in localStorage before the page's first script runs. */
async function openWith(storage, query, on = app) {
  const page = await on.newPage('', {});
  await page.goto(new URL('favicon.svg', on.url).href);
  await page.evaluate((items) => {
    localStorage.clear();
    for (const [k, v] of Object.entries(items)) localStorage.setItem(k, JSON.stringify(v));
  }, storage);
  await page.goto(on.url + query);
  await page.waitForSelector('.hex-layout[data-ready="true"]', { timeout: READY_MS });
  return page;
}

const moveList = (page) => page.$$eval('[data-testid="move-list"] li', (n) => n.map((x) => x.dataset.move));
const waitMoves = (page, k, timeout = READY_MS) =>
  page.waitForFunction((n) => document.querySelectorAll('[data-testid="move-list"] li').length >= n, k, { timeout });
const stoneAt = (page, c) => page.getAttribute(`[data-testid="board"] [data-square="${c}"]`, 'data-stone');
const savedGame = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('duiyi.hex.game.v1')));

test('engine vs engine: both sides are the engine\'s, to the end of the game, with the winning chain', async () => {
  const page = await openWith({ 'duiyi.hex.settings.v1': { size: '5', movetime: 200, ponder: true } }, '?lang=en#hex');
  await page.selectOption('[data-testid="human-side"]', 'none');
  await page.waitForSelector('[data-testid="game-result"]:not([hidden])', { timeout: 2 * READY_MS });
  const moves = await moveList(page);
  assert.ok(moves.length >= 5, `a 5×5 game needs five stones of one side at least: ${moves.join(' ')}`);
  assert.equal(new Set(moves).size, moves.length, 'no cell twice');
  const winner = await page.getAttribute('[data-testid="game-result"]', 'data-result');
  assert.match(winner, /^(black|white)$/);
  const chain = await page.$$eval('[data-testid="board"] [data-chain]', (n) => n.map((x) => x.dataset.stone));
  assert.ok(chain.length >= 5 && chain.every((s) => s === winner), 'the winner\'s chain is highlighted');
  // nobody to ponder for: the engine is idle at the end
  await page.waitForSelector('[data-testid="engine-status"][data-state="idle"]');
  assert.deepEqual(app.errorsOf(page), []);
});

test('two players: each click plays for the side to move, the engine stays idle; undo takes back one move', async () => {
  const page = await openWith({ 'duiyi.hex.settings.v1': { size: '7', human: 'both' } }, '?lang=en#hex');
  assert.equal(await page.inputValue('[data-testid="human-side"]'), 'both');
  await page.click('[data-testid="board"] [data-square="d4"]');
  assert.equal(await page.textContent('[data-testid="turn"]'), 'White to move');
  await page.click('[data-testid="board"] [data-square="c5"]');
  await page.click('[data-testid="board"] [data-square="e3"]');
  assert.deepEqual(await moveList(page), ['d4', 'c5', 'e3']);
  assert.equal(await stoneAt(page, 'c5'), 'white');
  assert.equal(await page.getAttribute('[data-testid="engine-status"]', 'data-state'), 'idle');
  await page.click('[data-testid="undo"]');
  assert.deepEqual(await moveList(page), ['d4', 'c5']);
  // handing White to the engine mid-game: it answers at once
  await page.selectOption('[data-testid="human-side"]', 'black');
  await page.click('[data-testid="board"] [data-square="e3"]');
  await waitMoves(page, 4);
  assert.deepEqual((await moveList(page)).slice(0, 3), ['d4', 'c5', 'e3']);
  assert.equal(await stoneAt(page, (await moveList(page))[3]), 'white');
  assert.deepEqual(app.errorsOf(page), []);
});

test('rectangular boards: 9×11 from the chooser, in the link and in SGF (SZ[w:h])', async () => {
  const page = await openWith({ 'duiyi.hex.settings.v1': { human: 'both' } }, '?lang=en#hex');
  await page.selectOption('[data-testid="board-size"]', '9x11');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="board"] .hx-cell').length === 99);
  // 9 columns a…i, 11 rows
  assert.notEqual(await page.$('[data-testid="board"] [data-square="i11"]'), null);
  assert.equal(await page.$('[data-testid="board"] [data-square="j1"]'), null);
  await page.click('[data-testid="board"] [data-square="e6"]');
  await page.click('[data-testid="board"] [data-square="i11"]');
  // (a game played here: its players and date in the root, PB PW DT)
  assert.match(await page.textContent('[data-testid="sgf"]'), /SZ\[9:11\]PB\[Player\]PW\[Player\]DT\[[\d-]+\];B\[e6\];W\[i11\]/);
  const link = await page.getAttribute('[data-testid="position-link"]', 'href');
  assert.match(link, /#hex\?size=9x11&moves=e6%2Ci11$/);
  await screenshot(page, 'hex-9x11-en');

  const other = await app.newPage(new URL(link).hash);
  await other.waitForSelector('.hex-layout[data-ready="true"]', { timeout: READY_MS });
  assert.deepEqual(await moveList(other), ['e6', 'i11']);
  assert.equal(await other.inputValue('[data-testid="board-size"]'), '9x11');
  assert.equal(await other.$$eval('[data-testid="board"] .hx-cell', (n) => n.length), 99);

  // an SGF of a size the chooser does not offer: added to it
  await other.selectOption('[data-testid="human-side"]', 'both');
  await other.fill('[data-testid="sgf-input"]', '(;FF[4]GM[11]SZ[6:8];B[c4];W[d5])');
  await other.click('[data-testid="load-sgf"]');
  await other.waitForFunction(() => document.querySelectorAll('[data-testid="board"] .hx-cell').length === 48);
  assert.equal(await other.inputValue('[data-testid="board-size"]'), '6x8');
  assert.deepEqual(await moveList(other), ['c4', 'd5']);
  // reload keeps the rectangle
  await other.reload();
  await other.waitForSelector('.hex-layout[data-ready="true"]', { timeout: READY_MS });
  assert.equal(await other.inputValue('[data-testid="board-size"]'), '6x8');
  assert.deepEqual(await moveList(other), ['c4', 'd5']);
  // a size the page does not play, in a link: a clear error, nothing set up
  const bad = await app.newPage('?lang=en#hex?size=4x30&moves=a1');
  await bad.waitForSelector('[data-testid="error"]:not([hidden])');
  assert.equal(await bad.getAttribute('[data-testid="error"]', 'data-code'), 'hex.page_size');
  assert.deepEqual(app.errorsOf(page), []);
  assert.deepEqual(app.errorsOf(other), []);
});

test('touch: the first tap on an empty cell previews it, a second tap plays it', async () => {
  const touch = await startApp({ viewport: { width: 390, height: 844 }, hasTouch: true });
  touch.context.setDefaultTimeout(READY_MS);
  try {
    const page = await openWith({ 'duiyi.hex.settings.v1': { size: '7', human: 'both', overlay: 'black' } }, '?lang=en#hex', touch);
    const before = await page.textContent('[data-testid="fig-bp-black"]');
    // a phone-width window: nothing sticks out sideways (long select labels included)
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390);
    await page.tap('[data-testid="board"] [data-square="d4"] .hx-hex');
    await page.waitForSelector('[data-testid="heatmap"][data-preview="d4"]');
    assert.equal(await stoneAt(page, 'd4'), null, 'a first tap plays nothing');
    assert.equal(await page.textContent('[data-testid="tap-hint"]'), 'Tap d4 again to play it');
    assert.equal(await page.getAttribute('[data-testid="fig-delta"]', 'data-cell'), 'd4');
    assert.notEqual(await page.textContent('[data-testid="fig-bp-black"]'), before, 'the figures show the what-if');
    await screenshot(page, 'hex-touch-preview-phone-en');
    // another cell moves the preview
    await page.tap('[data-testid="board"] [data-square="c5"] .hx-hex');
    await page.waitForSelector('[data-testid="heatmap"][data-preview="c5"]');
    await page.tap('[data-testid="board"] [data-square="c5"] .hx-hex');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="move-list"] li').length === 1);
    assert.equal(await stoneAt(page, 'c5'), 'black');
    assert.equal(await page.getAttribute('[data-testid="heatmap"]', 'data-preview'), null, 'the preview went with the move');
    assert.equal(await page.isHidden('[data-testid="tap-hint"]'), true);
    assert.deepEqual(touch.errorsOf(page), []);
  } finally {
    await touch.close();
  }
});

test('pondering resumes after a reload on the move the engine expected, and a hit still counts', async () => {
  const page = await openWith({ 'duiyi.hex.settings.v1': { size: '7', movetime: 500, ponder: true } }, '?lang=en#hex');
  await page.click('[data-testid="board"] [data-square="d4"]');
  await waitMoves(page, 2);
  await page.waitForSelector('[data-testid="engine-status"][data-state="pondering"]', { timeout: READY_MS });
  const expected = await page.getAttribute('[data-testid="ponder-move"]', 'data-iccs');
  const moves = await moveList(page);
  assert.equal((await savedGame(page)).ponder, expected, 'the expected move is saved with the game');

  await page.reload();
  await page.waitForSelector('.hex-layout[data-ready="true"]', { timeout: READY_MS });
  assert.deepEqual(await moveList(page), moves);
  await page.waitForSelector('[data-testid="engine-status"][data-state="pondering"]', { timeout: READY_MS });
  assert.equal(await page.getAttribute('[data-testid="ponder-move"]', 'data-iccs'), expected, 'the same expected move');
  await page.click(`[data-testid="board"] [data-square="${expected}"]`);
  assert.equal(await page.getAttribute('.hex-layout', 'data-ponder-hits'), '1', 'the resumed ponder search went on (ponderhit)');
  await waitMoves(page, 4);
  assert.equal(new Set(await moveList(page)).size, 4);

  // a game saved without the expected move (a link, an SGF): a short search finds one, then the engine ponders
  const other = await openWith({
    'duiyi.hex.settings.v1': { size: '7', movetime: 500, ponder: true },
    'duiyi.hex.game.v1': { v: 1, size: '7', swap: false, moves: ['d4', 'c5'] },
  }, '?lang=en#hex');
  await other.waitForSelector('[data-testid="engine-status"][data-state="pondering"]', { timeout: READY_MS });
  assert.match(await other.getAttribute('[data-testid="ponder-move"]', 'data-iccs'), /^[a-g][1-7]$/);
  assert.equal((await savedGame(other)).ponder, await other.getAttribute('[data-testid="ponder-move"]', 'data-iccs'));
  assert.deepEqual(app.errorsOf(page), []);
  assert.deepEqual(app.errorsOf(other), []);
});

test('a worker crash during the engine\'s search: the game goes on, the reply comes from the new worker', async () => {
  const page = await openWith({ 'duiyi.hex.settings.v1': { size: '9', movetime: 1000, ponder: false } }, '?lang=en#hex');
  await page.waitForFunction(() => window.duiyi.view.client.ready, null, { timeout: READY_MS });
  await page.click('[data-testid="board"] [data-square="e5"]');
  await page.waitForSelector('[data-testid="engine-status"][data-state="thinking"]');
  await page.evaluate(() => window.duiyi.view.client.worker.terminate()); // as if the worker died (OOM, a bug)
  await page.waitForFunction(() => window.duiyi.view.client.crashCount >= 1, null, { timeout: READY_MS });
  await waitMoves(page, 2);
  const moves = await moveList(page);
  assert.equal(moves[0], 'e5');
  assert.equal(await stoneAt(page, moves[1]), 'white');
  // and the game is still there after a reload
  await page.reload();
  await page.waitForSelector('.hex-layout[data-ready="true"]', { timeout: READY_MS });
  assert.deepEqual(await moveList(page), moves);
  assert.deepEqual(app.errorsOf(page), []);
});

test('the level chooser: short options, the levels as the engine describes them in the note, and Level reaches the engine', async () => {
  const page = await openWith({ 'duiyi.hex.settings.v1': { size: '11', movetime: 2000, ponder: false } }, '?lang=en#hex');
  await page.waitForFunction(() => window.duiyi.view.client.ready, null, { timeout: READY_MS });
  const labels = await page.$$eval('[data-testid="level"] option', (n) => n.map((o) => `${o.value}:${o.textContent}`));
  assert.equal(labels.length, 9);
  assert.equal(labels[0], '0:0 — full strength');
  assert.equal(labels[1], '1:Level 1');
  assert.equal(labels[8], '8:Level 8');
  assert.match(await page.textContent('[data-testid="level-note"]'), /^No caps/);
  // the engine's own table (wasm levels(), src/levels.rs), in the note: level 8 searches 10 plies and 400,000 nodes at most
  await page.selectOption('[data-testid="level"]', '8');
  assert.match(await page.textContent('[data-testid="level-note"]'), /^Level 8 of 8, higher is stronger: a 10-ply search of ≤ 400,000 nodes; 5 % /);
  await page.evaluate(() => {
    const c = window.duiyi.view.client;
    window.__sent = [];
    window.__depths = [];
    const post = c.worker.postMessage.bind(c.worker);
    c.worker.postMessage = (m) => { window.__sent.push(m); post(m); };
    c.on('info', (info) => { window.__depths.push(info.depth); window.__nodes = info.nodes; });
  });
  await page.selectOption('[data-testid="level"]', '1');
  // level 1 searches one ply and 2,000 nodes at most
  assert.equal(await page.textContent('[data-testid="level-note"]'), 'Level 1 of 8, higher is stronger: a 1-ply search of ≤ 2,000 nodes; 50 % of moves may be weaker (by ≤ 1.5 in board potential).');
  await page.click('[data-testid="board"] [data-square="f6"]');
  await waitMoves(page, 2);
  const sent = await page.evaluate(() => window.__sent);
  const opt = sent.findIndex((m) => m.type === 'setoption' && m.name === 'Level');
  assert.ok(opt >= 0, `setoption Level sent: ${JSON.stringify(sent)}`);
  assert.equal(String(sent[opt].value), '1');
  assert.ok(opt < sent.findIndex((m) => m.type === 'go'), 'before the search');
  // the engine took it: no refusal, and its search stopped at level 1's caps (depth 1, 2,000 nodes), not at the
  // 2 s budget (counted in nodes, not in time: the machine may be loaded)
  assert.equal(await page.isHidden('[data-testid="error"]'), true);
  const depths = await page.evaluate(() => window.__depths);
  assert.ok(depths.length > 0 && Math.max(...depths) <= 1, `depths reported: ${depths.join(' ')}`);
  const nodes = await page.evaluate(() => window.__nodes);
  assert.ok(nodes > 0 && nodes <= 2000, `nodes searched: ${nodes}`);
  // the level is a setting: kept across a reload
  await page.reload();
  await page.waitForSelector('.hex-layout[data-ready="true"]', { timeout: READY_MS });
  assert.equal(await page.inputValue('[data-testid="level"]'), '1');
  assert.deepEqual(app.errorsOf(page), []);
});

test('the engine\'s reply comes within its time per move (± 10 %, plus the messaging delay of the moment)', async (t) => {
  // Three replies, timed from the search's start (state thinking) to its bestmove on the page's clock. The
  // machine the tests run on may be loaded (a starved worker thread notices its deadline late, messages wait),
  // so the best of the three is held to 110 % of the budget plus twice the round trip of a tiny search measured
  // beside each reply (the worker's delay at that moment); all are reported.
  const budget = 1000;
  const page = await openWith({ 'duiyi.hex.settings.v1': { size: '11', movetime: budget, ponder: false } }, '?lang=en#hex');
  await page.waitForFunction(() => window.duiyi.view.client.ready, null, { timeout: READY_MS });
  const times = [];
  const rtts = [];
  for (const cell of ['f6', 'c3', 'i9', 'b10', 'j2', 'e2']) {
    if (times.length === 3) break;
    if (await stoneAt(page, cell)) continue;
    const ms = await page.evaluate((c) => new Promise((resolve) => {
      const client = window.duiyi.view.client;
      let t0 = null;
      const off = client.on('state', ({ state }) => {
        if (state === 'thinking' && t0 === null) t0 = performance.now();
      });
      const off2 = client.on('bestmove', () => { off(); off2(); resolve(performance.now() - t0); });
      document.querySelector(`[data-testid="board"] [data-square="${c}"] .hx-hex`).dispatchEvent(new MouseEvent('click', { bubbles: true }));
    }), cell);
    times.push(ms);
    await page.waitForSelector('[data-testid="engine-status"][data-state="idle"]');
    // a one-ply search of the empty 5×5 board: the worker's round trip now
    rtts.push(await page.evaluate(async () => {
      const t0 = performance.now();
      await window.duiyi.view.client.search({ game: 'hex', size: '5x5', moves: [] }, { depth: 1 });
      return performance.now() - t0;
    }));
  }
  const rtt = [...rtts].sort((a, b) => a - b)[rtts.length >> 1];
  t.diagnostic(`11×11 replies with ${budget} ms per move: ${times.map((x) => x.toFixed(0)).join(', ')} ms from go to bestmove; round trip of a tiny search: ${rtts.map((x) => x.toFixed(0)).join(', ')} ms`);
  const best = Math.min(...times);
  assert.ok(times.every((x) => x >= budget * 0.9), `no reply before 90 % of the budget: ${times.join(', ')}`);
  assert.ok(best <= budget * 1.1 + 2 * rtt, `the best of three within 110 % of the budget + 2 × ${rtt.toFixed(0)} ms: ${times.join(', ')}`);
  assert.deepEqual(app.errorsOf(page), []);
});

test('SGF with setup stones (AB/AW, PL): the engine plays from them; SGF, link and reload keep them', async () => {
  const page = await openWith({ 'duiyi.hex.settings.v1': { size: '7', movetime: 200, ponder: false, human: 'black' } }, '?lang=en#hex');
  await page.fill('[data-testid="sgf-input"]', '(;FF[4]GM[11]SZ[7]AB[d4][c5]AW[e3]PL[W])');
  await page.click('[data-testid="load-sgf"]');
  // White (the engine) moves first after the setup
  await waitMoves(page, 1);
  const [reply] = await moveList(page);
  assert.ok(!['d4', 'c5', 'e3'].includes(reply), reply);
  assert.equal(await stoneAt(page, reply), 'white');
  assert.equal(await stoneAt(page, 'd4'), 'black');
  assert.equal(await stoneAt(page, 'c5'), 'black');
  assert.equal(await stoneAt(page, 'e3'), 'white');
  assert.equal(await page.isHidden('[data-testid="error"]'), true);
  const sgf = await page.textContent('[data-testid="sgf"]');
  assert.match(sgf, new RegExp(`SZ\\[7\\]AB\\[d4\\]\\[c5\\]AW\\[e3\\]PL\\[W\\];W\\[${reply}\\]`));
  const link = await page.getAttribute('[data-testid="position-link"]', 'href');
  assert.match(link, new RegExp(`#hex\\?size=7&ab=d4%2Cc5&aw=e3&pl=white&moves=${reply}$`));
  assert.deepEqual((await savedGame(page)).setup, { black: ['d4', 'c5'], white: ['e3'], toMove: 'white' });

  // the user answers; undo never takes the setup stones away
  await page.click('[data-testid="board"] [data-square="b6"]');
  await waitMoves(page, 3);
  await page.reload();
  await page.waitForSelector('.hex-layout[data-ready="true"]', { timeout: READY_MS });
  assert.equal(await stoneAt(page, 'c5'), 'black');
  assert.equal((await moveList(page)).length, 3);
  await page.click('[data-testid="undo"]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="move-list"] li').length === 1);
  assert.equal(await stoneAt(page, 'e3'), 'white');

  // the link sets up the same position in another tab
  const other = await app.newPage(new URL(link).hash);
  await other.waitForSelector('.hex-layout[data-ready="true"]', { timeout: READY_MS });
  assert.deepEqual(await moveList(other), [reply]);
  assert.equal(await stoneAt(other, 'd4'), 'black');
  assert.equal(await stoneAt(other, 'e3'), 'white');
  // the same record but for the players and date a game played here gets (the link carries the position only)
  const recordOf = (p, text) => p.evaluate((t) => { const g = window.duiyi.wasm.sgfParseGames(t)[0].game; delete g.props; return g; }, text);
  assert.deepEqual(await recordOf(other, await other.textContent('[data-testid="sgf"]')), await recordOf(page, sgf));
  // a setup stone on another one: a clear error, the game unchanged
  await page.fill('[data-testid="sgf-input"]', '(;FF[4]GM[11]SZ[7]AB[d4]AW[d4])');
  await page.click('[data-testid="load-sgf"]');
  await page.waitForSelector('[data-testid="error"]:not([hidden])');
  assert.equal(await page.getAttribute('[data-testid="error"]', 'data-code'), 'hex.sgf');
  assert.equal((await moveList(page)).length, 1);
  assert.deepEqual(app.errorsOf(page), []);
  assert.deepEqual(app.errorsOf(other), []);
});
