// The #hex page as a user sees it: the board, the heatmap overlays checked against the seed's numbers
// (tests/data/hex.json) and against symmetries of the empty board, the what-if hover, a game against the
// engine, a refused move shown translated with the game unchanged, reload, and screenshots in zh and en; the
// layout at 1366×900 (controls above the fold, no select cut off, the board still when the overlay changes),
// the legend's and the figures' explanations in both languages, the thinking budget, and a phone's default
// board size. Waits are for readiness (READY_MS, a loaded 2-core machine); no assertion holds an absolute time.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, readData, screenshot, READY_MS, STEP_MS } from './harness.mjs';

const HEX = readData('hex.json');
const OVERLAYS = ['black', 'white', 'total', 'badness', 'tension', 'black-north', 'black-south', 'white-west', 'white-east', 'none'];

let app;
before(async () => {
  app = await startApp();
  app.context.setDefaultTimeout(READY_MS);
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
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="move-list"] li').length === 2, null, { timeout: READY_MS });
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

test('19×19: hover → repainted heatmap and overlay switches, each right, and a hover costs about one map computation', async (t) => {
  const page = await openWith({
    'duiyi.hex.game.v1': { v: 1, size: 19, swap: false, moves: ['j10', 'k9', 'h12', 'l8'] },
    'duiyi.hex.settings.v1': { size: 19, overlay: 'total', numbers: true },
  }, '#hex');
  await page.waitForSelector('[data-testid="heatmap"][data-overlay="total"]');
  const out = await page.evaluate(async () => {
    const game = window.duiyi.view.game;
    const cells = [...document.querySelectorAll('[data-testid="board"] .hx-cell:not([data-stone]) .hx-hex')];
    const layer = document.querySelector('[data-testid="heatmap"]');
    const values = () => [...layer.querySelectorAll('[data-square]')].map((n) => n.dataset.value).join(',');
    const base = values();
    // a hover (whatIf + the repaint of what changed) and, interleaved so the machine's load is the same for
    // both, one map computation of the position (maps, without tension: what a hover needs at least)
    const hover = [];
    const maps = [];
    for (let i = 0; i < 60; i++) {
      const target = cells[(i * 37) % cells.length];
      const t0 = performance.now();
      target.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
      hover.push({ ms: performance.now() - t0, ok: layer.dataset.preview === target.parentElement.dataset.square });
      const t1 = performance.now();
      game.maps('queenbee', false);
      maps.push(performance.now() - t1);
    }
    const svg = document.querySelector('.hex-board');
    svg.dispatchEvent(new PointerEvent('pointerleave'));
    const restored = values() === base;
    const switches = [];
    for (const name of ['black', 'white', 'total', 'badness', 'black-north', 'white-east', 'none', 'total']) {
      const t0 = performance.now();
      document.querySelector(`[data-testid="overlay"] [data-overlay="${name}"]`).click();
      switches.push({ ms: performance.now() - t0, ok: layer.dataset.overlay === name });
    }
    const t0 = performance.now();
    document.querySelector('[data-testid="overlay"] [data-overlay="tension"]').click();
    const tension = performance.now() - t0;
    const tensionShown = layer.dataset.overlay === 'tension' && [...layer.querySelectorAll('[data-square]')].some((n) => /^-?\d/.test(n.dataset.value));
    return { hover, maps, switches, tension, restored, tensionShown };
  });
  assert.ok(out.hover.every((h) => h.ok), 'every hover showed its preview');
  assert.ok(out.restored, 'leaving the board restores the position\'s heatmap');
  assert.ok(out.switches.every((s) => s.ok), 'every switch showed its overlay');
  assert.ok(out.tensionShown, 'the tension overlay computed its map when switched on');
  const med = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  const hv = out.hover.map((h) => h.ms);
  const sw = out.switches.map((s) => s.ms);
  t.diagnostic(`19x19 hover (whatIf + repaint of 361 cells, no tension): median ${med(hv).toFixed(2)} ms, max ${Math.max(...hv).toFixed(2)} ms; maps() alone: median ${med(out.maps).toFixed(2)} ms`);
  t.diagnostic(`19x19 overlay switch: median ${med(sw).toFixed(2)} ms, max ${Math.max(...sw).toFixed(2)} ms; switch to tension (computes it): ${out.tension.toFixed(1)} ms`);
  // no absolute times (the machine may be loaded): a hover is one what-if map computation (about one maps()
  // call) and a repaint of the cells that changed (at most what an overlay switch repaints), both measured in
  // this run; a tension map or several computations per hover would break this
  const bound = 2 * med(sw) + 4 * med(out.maps);
  assert.ok(med(hv) <= bound, `hover median ${med(hv).toFixed(2)} ms ≤ 2 × switch ${med(sw).toFixed(2)} ms + 4 × maps() ${med(out.maps).toFixed(2)} ms`);
  assert.deepEqual(app.errorsOf(page), []);
});

test('pondering: after its reply the engine thinks on the user\'s time about the move it expects', async () => {
  const page = await openWith({ 'duiyi.hex.settings.v1': { size: 7, movetime: 500, ponder: true } }, '?lang=en#hex');
  await page.click('[data-testid="board"] [data-square="d4"]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="move-list"] li').length === 2, null, { timeout: READY_MS });
  await page.waitForSelector('[data-testid="engine-status"][data-state="pondering"]', { timeout: READY_MS });
  const expected = await page.getAttribute('[data-testid="ponder-move"]', 'data-iccs');
  assert.match(expected, /^[a-g][1-7]$/);
  assert.match(await page.textContent('[data-testid="ponder-move"]'), new RegExp(expected));
  // play the expected move: a ponder hit, the same search goes on and answers
  await page.click(`[data-testid="board"] [data-square="${expected}"]`);
  assert.equal(await page.getAttribute('.hex-layout', 'data-ponder-hits'), '1', 'the ponder search went on (ponderhit)');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="move-list"] li').length === 4, null, { timeout: READY_MS });
  const moves = await page.$$eval('[data-testid="move-list"] li', (n) => n.map((x) => x.dataset.move));
  assert.equal(moves[2], expected);
  assert.equal(new Set(moves).size, 4, `four different cells: ${moves.join(' ')}`);
  // turning pondering off stops it
  await page.waitForSelector('[data-testid="engine-status"][data-state="pondering"]', { timeout: READY_MS }).catch(() => {});
  await page.click('[data-testid="ponder"]');
  await page.waitForSelector('[data-testid="engine-status"][data-state="idle"]', { timeout: READY_MS });
  assert.deepEqual(app.errorsOf(page), []);
});

test('records: a bad SGF is explained with the game unchanged; SGF load, download, and a link that reproduces the position', async () => {
  const page = await openWith({ 'duiyi.hex.settings.v1': { size: 5 } }, '?lang=en#hex');
  await page.click('[data-testid="board"] [data-square="c3"]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="move-list"] li').length === 2, null, { timeout: READY_MS });
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

/** The page at another window size (the app's pages start at 1280×900): resized, then reloaded. */
async function resized(page, width, height) {
  await page.setViewportSize({ width, height });
  await page.reload();
  await page.waitForSelector('.hex-layout[data-ready="true"]', { timeout: READY_MS });
}

/** Every select of the Hex page whose widest option does not fit its box: [{id, text, need, have}]. */
function cutSelects(page) {
  return page.$$eval('.hex-layout select', (selects) => selects.flatMap((s) => {
    const cs = getComputedStyle(s);
    const ctx = document.createElement('canvas').getContext('2d');
    ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    // the text box: the select's inner width less its padding and the drop-down arrow (≈ 20 px)
    const have = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
    return [...s.options].map((o) => ({ id: s.id, text: o.textContent, need: Math.ceil(ctx.measureText(o.textContent).width), have }))
      .filter((x) => x.need > x.have);
  }));
}

test('1366×900, en and zh: board size, side and level above the fold, no select cut off, the board still when the overlay changes', async () => {
  for (const lang of ['en', 'zh']) {
    const page = await openWith({
      'duiyi.hex.game.v1': { v: 1, size: 11, swap: false, moves: ['f6', 'e7', 'd8', 'g4'] },
      'duiyi.hex.settings.v1': { size: 11, human: 'black', ponder: false },
    }, `?lang=${lang}#hex`);
    await resized(page, 1366, 900);
    assert.equal(await page.evaluate(() => scrollY), 0);
    for (const id of ['board-size', 'human-side', 'level', 'movetime', 'new-game']) {
      const r = await page.$eval(`[data-testid="${id}"]`, (el) => { const b = el.getBoundingClientRect(); return { top: b.top, bottom: b.bottom, h: innerHeight }; });
      assert.ok(r.top >= 0 && r.bottom <= r.h, `${lang}: ${id} visible without scrolling (${r.top}…${r.bottom} of ${r.h})`);
    }
    assert.deepEqual(await cutSelects(page), [], `${lang}: every option fits its select`);
    const rect = (sel) => page.$eval(sel, (el) => { const b = el.getBoundingClientRect(); return [b.left, b.top, b.width, b.height].map((v) => Math.round(v * 10) / 10).join(','); });
    const board0 = await rect('[data-testid="board"] svg');
    const bar0 = await rect('.hex-layout .board-bar');
    for (const name of [...OVERLAYS, 'total', 'none', 'tension']) {
      await setOverlay(page, name);
      assert.equal(await rect('[data-testid="board"] svg'), board0, `${lang}: the board stays put with overlay ${name}`);
      assert.equal(await rect('.hex-layout .board-bar'), bar0, `${lang}: the buttons under the legend stay put with overlay ${name}`);
    }
    // a what-if preview changes the figures beside the board, not the board's place
    await setOverlay(page, 'black');
    await page.hover('[data-testid="board"] [data-square="c8"]');
    await page.waitForSelector('[data-testid="heatmap"][data-preview="c8"]');
    assert.equal(await rect('[data-testid="board"] svg'), board0);
    await screenshot(page, `hex-1366-${lang}`);
    assert.deepEqual(app.errorsOf(page), []);
  }
});

test('the legend says whose numbers and which way is good; the eval and the search score are named, en and zh', async () => {
  const want = {
    en: {
      black: /^Black's potential: .*Lower \(darker\) = better for Black\.$/,
      white: /^White's potential: .*Lower \(darker\) = better for White\.$/,
      total: /^Black's \+ White's potential\. Lower \(darker\) = .*both/,
      badness: /^Total minus the board's lowest total\. 0 \(darkest\) = /,
      tension: /^How far a Black stone here swings .* Higher \(darker\) = better for Black\.$/,
      'black-north': /^Black's two-distance to the north edge \(row 1\)\. Lower \(darker\) = closer for Black\.$/,
      'black-south': /south edge .*closer for Black/,
      'white-west': /west edge .*closer for White/,
      'white-east': /east edge .*closer for White/,
      evalLabel: 'Queenbee eval (Black)', scoreLabel: 'Search (Black)',
      evalNote: /^Queenbee eval of the position on the board, without look-ahead: 100 × \(White's board potential − Black's\) \+ \(Black's attack mobility − White's\)\. Positive = good for Black, negative = good for White; 100 here is 1\.00 in the engine's search score\.$/,
      scoreNote: /^Search score, from Black's view \(\+ good for Black, − good for White\)\. The default engine \(playouts\).*win rate.*\(eval ÷ 100\)/,
    },
    zh: {
      black: /^黑方势能：.*越低（越深）对黑方越好。$/,
      white: /^白方势能：.*越低（越深）对白方越好。$/,
      total: /^黑方势能 \+ 白方势能。越低（越深）= .*双方/,
      badness: /^总和减去全盘最低总和。0（最深）= /,
      tension: /^黑方在此落子.*越高（越深）对黑方越好。$/,
      'black-north': /^黑方到北边（第 1 行）的双距离。越低（越深）= 黑方离这条边越近。$/,
      'black-south': /南边.*黑方离这条边越近/,
      'white-west': /西边.*白方离这条边越近/,
      'white-east': /东边.*白方离这条边越近/,
      evalLabel: 'Queenbee 评估（黑方）', scoreLabel: '搜索分（黑）',
      evalNote: /^盘面当前局面的 Queenbee 评估（不向前搜索）：.*正数对黑方有利，负数对白方有利；这里的 100 相当于引擎搜索分的 1\.00。$/,
      scoreNote: /^搜索分，黑方视角（\+ 对黑方有利，− 对白方有利）。默认引擎（随机对局）.*胜率.*（评估 ÷ 100）/,
    },
  };
  for (const lang of ['en', 'zh']) {
    const page = await openWith({ 'duiyi.hex.settings.v1': { size: 7, human: 'both', ponder: false } }, `?lang=${lang}#hex`);
    for (const name of OVERLAYS.filter((o) => o !== 'none')) {
      await setOverlay(page, name);
      assert.match(await page.textContent('[data-testid="legend-note"]'), want[lang][name], `${lang} ${name}`);
    }
    await setOverlay(page, 'none');
    assert.equal(await page.getAttribute('[data-testid="heatmap-legend"]', 'data-overlay'), 'none');
    assert.equal(await page.$$eval('[data-testid="legend-note"]', (n) => n.length), 0, 'no note without an overlay');
    // White to move: the tension is White's
    await page.click('[data-testid="board"] [data-square="d4"]');
    await setOverlay(page, 'tension');
    assert.match(await page.textContent('[data-testid="legend-note"]'), lang === 'en' ? /better for White\.$/ : /对白方越好。$/);
    assert.equal(await page.textContent('[data-testid="fig-eval"] >> xpath=preceding-sibling::dt'), want[lang].evalLabel);
    assert.match(await page.textContent('[data-testid="eval-note"]'), want[lang].evalNote);
    assert.equal(await page.textContent('[data-testid="engine-score"] >> xpath=preceding-sibling::dt'), want[lang].scoreLabel);
    assert.match(await page.textContent('[data-testid="score-note"]'), want[lang].scoreNote);
    assert.deepEqual(app.errorsOf(page), []);
  }
});

test('thinking budget: the client\'s budget event reaches the status while thinking, and is cleared after', async () => {
  const page = await openWith({ 'duiyi.hex.settings.v1': { size: 7, movetime: 5000, ponder: false } }, '?lang=en#hex');
  await page.waitForFunction(() => window.duiyi.view.client.ready, null, { timeout: READY_MS });
  await page.click('[data-testid="board"] [data-square="d4"]');
  await page.waitForSelector('[data-testid="engine-status"][data-state="thinking"]');
  // the worker's own budget message for this search first (late on a loaded machine: it would overwrite ours)
  await page.waitForSelector('[data-testid="hex-engine"][data-budget-ms]', { state: 'attached', timeout: READY_MS });
  // as the worker's {type: 'budget'} message comes out of EngineClient
  await page.evaluate(() => {
    const c = window.duiyi.view.client;
    c.emit('budget', { softMs: 1500, hardMs: 3000, searchId: c.current.id });
    c.emit('budget', { softMs: 99, hardMs: 99, searchId: -1 }); // another search's: ignored
  });
  assert.equal(await page.getAttribute('[data-testid="hex-engine"]', 'data-budget-ms'), '1500');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="move-list"] li').length === 2, null, { timeout: READY_MS });
  await page.waitForSelector('[data-testid="engine-status"]:not([data-state="thinking"])');
  assert.equal(await page.getAttribute('[data-testid="hex-engine"]', 'data-budget-ms'), null);
  assert.deepEqual(app.errorsOf(page), []);
});

test('phone 390×844 (touch): the default board\'s cells are a finger wide (≥ 32 px); the user\'s size is kept', async () => {
  const phone = await startApp({ viewport: { width: 390, height: 844 }, hasTouch: true, locale: 'en-US' });
  phone.context.setDefaultTimeout(READY_MS);
  try {
    for (const lang of ['en', 'zh']) {
      const page = await phone.newPage(`?lang=${lang}#hex`);
      await page.waitForSelector('.hex-layout[data-ready="true"]', { timeout: READY_MS });
      const size = await page.inputValue('[data-testid="board-size"]');
      const cell = await page.$eval('[data-testid="board"] .hx-cell .hx-hex', (el) => { const b = el.getBoundingClientRect(); return { w: b.width, h: b.height }; });
      assert.ok(cell.w >= 32 && cell.h >= 32, `${lang}: a ${size}×${size} cell is ${cell.w.toFixed(1)}×${cell.h.toFixed(1)} px`);
      assert.equal(size, '7', 'the largest board with such cells on this screen');
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390, 'nothing sticks out sideways');
      assert.deepEqual(await cutSelects(page), [], `${lang}: every option fits its select`);
      // the board stays put when the overlay changes here too (the legend's lines wrap on a phone)
      const top = () => page.$eval('.hex-layout .board-bar', (el) => Math.round(el.getBoundingClientRect().top));
      const bar0 = await top();
      for (const name of ['total', 'tension', 'white-east', 'none']) {
        await page.tap(`[data-testid="overlay"] [data-overlay="${name}"]`);
        await page.waitForSelector(`[data-testid="heatmap"][data-overlay="${name}"]`);
        assert.equal(await top(), bar0, `${lang}: buttons under the legend stay put with ${name}`);
      }
      await page.tap('[data-testid="overlay"] [data-overlay="total"]');
      await screenshot(page, `hex-phone-default-${lang}`);
      // an overlay change saved the settings: the size is still the screen's default, not a choice
      await page.reload();
      await page.waitForSelector('.hex-layout[data-ready="true"]', { timeout: READY_MS });
      await page.evaluate(() => localStorage.removeItem('duiyi.hex.game.v1'));
      await page.reload();
      await page.waitForSelector('.hex-layout[data-ready="true"]', { timeout: READY_MS });
      assert.equal(await page.inputValue('[data-testid="board-size"]'), '7');
      assert.equal(JSON.parse(await page.evaluate(() => localStorage.getItem('duiyi.hex.settings.v1'))).sizeChosen, false);
      // the user's choice wins, across reloads (and without the saved game)
      await page.selectOption('[data-testid="board-size"]', '9');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="board"] .hx-cell').length === 81);
      await page.evaluate(() => localStorage.removeItem('duiyi.hex.game.v1'));
      await page.reload();
      await page.waitForSelector('.hex-layout[data-ready="true"]', { timeout: READY_MS });
      assert.equal(await page.inputValue('[data-testid="board-size"]'), '9');
      assert.equal(await page.$$eval('[data-testid="board"] .hx-cell', (n) => n.length), 81);
      assert.deepEqual(phone.errorsOf(page), []);
      await page.close();
    }
  } finally {
    await phone.close();
  }
});

test('a board drawn before its first heatmap shows empty cells, not black ones (9×9 on a 390 px phone)', async () => {
  const page = await openHex('?lang=en#hex');
  await page.setViewportSize({ width: 390, height: 844 });
  // a board of its own, set but never given a heatmap: what a frame drawn between the two would show
  const fills = await page.evaluate(async () => {
    const { createHexBoard } = await import('./views/hex-board.js');
    const host = document.createElement('div');
    host.style.width = '360px';
    document.body.append(host);
    const board = createHexBoard(host, { onPlay: () => {}, onHover: () => {} });
    board.set({ width: 9, height: 9, stones: new Uint8Array(81), last: null, chain: new Set(), playable: true, toMove: 'black' });
    const out = [...host.querySelectorAll('.hx-heat-cell')].map((p) => getComputedStyle(p).fill);
    board.destroy();
    host.remove();
    return out;
  });
  assert.equal(fills.length, 81);
  assert.deepEqual([...new Set(fills)], ['none'], 'no heat polygon is painted (black) before a heatmap');
  // and the page's own 9×9 board right after the size changes, in the next frame
  await page.selectOption('[data-testid="board-size"]', '9');
  const first = await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() =>
    resolve([...document.querySelectorAll('[data-testid="heatmap"] .hx-heat-cell')].map((p) => getComputedStyle(p).fill)))));
  assert.ok(first.length === 81 && first.every((f) => f !== 'rgb(0, 0, 0)'), `${first.filter((f) => f === 'rgb(0, 0, 0)').length} black cells`);
  assert.deepEqual(app.errorsOf(page), []);
});

test('the diamond board: the same lattice turned 60°, chosen on a portrait phone for 9×9 (cells ≥ 32 px), a move by tapping it', async () => {
  const page = await openHex('?lang=en#hex');
  // the geometry, in a board of its own: each cell's six neighbours (and only they) lie one cell width away
  const check = await page.evaluate(async () => {
    const { createHexBoard, CELL_WIDTH_UNITS } = await import('./views/hex-board.js');
    const out = {};
    for (const shape of ['rhombus', 'diamond']) {
      const host = document.createElement('div');
      document.body.append(host);
      const board = createHexBoard(host, { onPlay: () => {}, onHover: () => {} });
      board.setShape(shape);
      board.set({ width: 6, height: 4, stones: new Uint8Array(24), last: null, chain: new Set(), playable: true, toMove: 'black' });
      const at = {};
      for (const g of host.querySelectorAll('.hx-cell')) {
        const c = g.querySelector('.hx-stone');
        at[g.dataset.square] = [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))];
      }
      const name = (c, r) => `${String.fromCharCode(97 + c)}${r + 1}`;
      let wrong = 0;
      for (let c = 0; c < 6; c++) for (let r = 0; r < 4; r++) {
        const nbrs = new Set([[c + 1, r], [c - 1, r], [c, r + 1], [c, r - 1], [c + 1, r - 1], [c - 1, r + 1]].map(([x, y]) => name(x, y)));
        for (const [other, [x, y]] of Object.entries(at)) {
          if (other === name(c, r)) continue;
          const d = Math.hypot(x - at[name(c, r)][0], y - at[name(c, r)][1]);
          if (nbrs.has(other) !== Math.abs(d - CELL_WIDTH_UNITS) < 0.5) wrong += 1;
        }
      }
      out[shape] = { wrong, cells: Object.keys(at).length, svgShape: host.querySelector('svg').dataset.shape, top: Object.entries(at).sort((a, b) => a[1][1] - b[1][1])[0][0] };
      board.destroy();
      host.remove();
    }
    return out;
  });
  assert.deepEqual(check.rhombus, { wrong: 0, cells: 24, svgShape: 'rhombus', top: check.rhombus.top });
  assert.deepEqual(check.diamond, { wrong: 0, cells: 24, svgShape: 'diamond', top: 'a1' }, 'a1 at the top corner');
  await page.close();

  // a 390 px phone in portrait, 9×9, the shape automatic: a diamond with cells of at least 32 px
  const phone = await openWith({ 'duiyi.hex.settings.v1': { size: '9', sizeChosen: true, human: 'black', ponder: false, movetime: 500 } }, '?lang=en#hex');
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.waitForSelector('[data-testid="board"] svg[data-shape="diamond"]');
  const cellPx = await phone.$eval('[data-testid="board"] .hx-cell', (g) => g.getBoundingClientRect().width);
  assert.ok(cellPx >= 32, `a 9×9 cell is ${cellPx} px wide`);
  assert.ok(await phone.evaluate(() => document.documentElement.scrollWidth <= 390));
  // a tap on e5 plays e5, and the engine answers
  await phone.click('[data-testid="board"] .hx-cell[data-square="e5"]');
  await phone.waitForFunction(() => document.querySelectorAll('[data-testid="move-list"] li[data-ply]').length >= 2, null, { timeout: READY_MS });
  assert.equal(await phone.getAttribute('[data-testid="board"] .hx-cell[data-square="e5"]', 'data-stone'), 'black');
  // the setting wins over the screen: a rhombus, and back
  await phone.selectOption('[data-testid="board-shape"]', 'rhombus');
  await phone.waitForSelector('[data-testid="board"] svg[data-shape="rhombus"]');
  assert.equal(await phone.getAttribute('[data-testid="board"] .hx-cell[data-square="e5"]', 'data-stone'), 'black', 'the stones are drawn again');
  await phone.selectOption('[data-testid="board-shape"]', 'auto');
  await phone.waitForSelector('[data-testid="board"] svg[data-shape="diamond"]');
  // a laptop: the rhombus
  await phone.setViewportSize({ width: 1366, height: 900 });
  await phone.waitForSelector('[data-testid="board"] svg[data-shape="rhombus"]');
  assert.deepEqual(app.errorsOf(phone), []);
});
