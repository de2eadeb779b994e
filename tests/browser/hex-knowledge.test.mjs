// "The page shows why" (issue #20): the wasm HexGame.knowledge() object in Node, then the #hex page's
// Connections overlay on real positions set up by SGF — a bridge chain joining Black's edges with White to
// move (a proved loss: the verdict line in English and Chinese, the carrier marked, the heatmap's values the
// same with the overlay on and off), a position whose must-play region is smaller than the board (the marked
// region, threats and captured cells are exactly knowledge()'s), the layout on a 390 px phone, a board too
// large for the analysis — and the engine panel's proved result in words when the search reports a mate
// score. Waits are for page state (READY_MS, STEP_MS: a loaded 2-core machine); no assertion holds an
// absolute time.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startApp, screenshot, REPO_ROOT, READY_MS, STEP_MS } from './harness.mjs';

/** Black d2–c4–b6: bridges to each other and to both of Black's edges (7×7). */
const BRIDGE_CHAIN = '(;FF[4]GM[11]SZ[7]AB[d2][c4][b6]PL[W])';
/** Black d2–c4: one bridge, joined to the north edge; White must stop it inside a few cells (7×7). */
const FORCED = '(;FF[4]GM[11]SZ[7]AB[d2][c4]PL[W])';

let app;
before(async () => {
  app = await startApp({ locale: 'en-US' });
  app.context.setDefaultTimeout(READY_MS);
});
after(async () => {
  await app?.close();
});
afterEach(async () => {
  for (const p of app.context.pages()) await p.close().catch(() => {});
});

/** A fresh page on `query` with the Hex settings `settings` saved before the page's first script runs. */
async function openHex(settings, query = '?lang=en#hex') {
  const page = await app.newPage('', {});
  await page.goto(new URL('favicon.svg', app.url).href);
  await page.evaluate((s) => {
    localStorage.clear();
    localStorage.setItem('duiyi.hex.settings.v1', JSON.stringify(s));
  }, settings);
  await page.goto(app.url + query);
  await page.waitForSelector('.hex-layout[data-ready="true"]', { timeout: READY_MS });
  return page;
}

async function loadSgf(page, sgf) {
  await page.fill('[data-testid="sgf-input"]', sgf);
  await page.click('[data-testid="load-sgf"]');
  await page.waitForFunction((text) => document.querySelector('[data-testid="sgf"]')?.textContent.includes(text), sgf.match(/AB\[[^;)]*/)[0]);
}

/** The cells the Connections layer marks with `mark`, sorted. */
async function marked(page, mark) {
  return page.$$eval(`[data-testid="connections"] [data-mark="${mark}"]`, (els) => els.map((e) => e.dataset.square).sort());
}

/** The page's game's knowledge() (src/wasm/hex.rs). */
async function knowledge(page) {
  return page.evaluate(() => window.duiyi.view.game.knowledge());
}

/** The cells a knowledge object fills for `side` (captured and permanently inferior: one dot each), sorted. */
function filled(k, side) {
  return [...new Set([...k.captured[side], ...k.permanentlyInferior[side]])].sort();
}

async function heatValues(page) {
  return page.$$eval('[data-testid="heatmap"] [data-square]', (nodes) =>
    Object.fromEntries(nodes.map((n) => [n.dataset.square, `${n.dataset.value}|${n.getAttribute('fill')}`])));
}

test('wasm HexGame.knowledge(): the verdict, carrier and captured cells of a bridge chain; null when too large or over', async () => {
  const mod = await import(path.join(REPO_ROOT, 'www/pkg/duiyi.js'));
  await mod.default({ module_or_path: readFileSync(path.join(REPO_ROOT, 'www/pkg/duiyi_bg.wasm')) });
  const g = mod.HexGame.fromSgf(BRIDGE_CHAIN);
  const k = g.knowledge();
  assert.deepEqual(Object.keys(k).sort(), ['candidates', 'captured', 'carrier', 'dead', 'dominated', 'mustPlay', 'permanentlyInferior', 'threats', 'toMove', 'verdict', 'vulnerable']);
  assert.equal(k.toMove, 'white');
  assert.equal(k.verdict, 'loss');
  // the two cells of each bridge and of each edge template, with the cells Black's captured and permanently
  // inferior first-row cells need (src/hex/ice/: the proof keeps them and their carriers)
  assert.deepEqual([...k.carrier].sort(), ['a1', 'a7', 'b1', 'b2', 'b5', 'b7', 'c1', 'c2', 'c3', 'c5', 'c6', 'c7', 'd1', 'd3', 'd6', 'd7', 'e1', 'e2', 'f1', 'f2', 'g1']);
  assert.deepEqual(k.mustPlay, []);
  assert.deepEqual(k.captured, { black: ['a1', 'b1', 'd1', 'e1', 'a7', 'b7'], white: [] });
  assert.deepEqual(k.permanentlyInferior, { black: ['c1', 'f1', 'c7'], white: [] });
  assert.deepEqual([k.vulnerable, k.dominated], [[], []], 'nothing to prune in a lost position');
  assert.equal(k.candidates.length, 46, 'a lost side still has every empty cell to play');
  g.play('c3'); // White intrudes into a bridge: Black to move, its connection holds
  assert.equal(g.knowledge().verdict, 'win');
  g.free();
  const big = new mod.HexGame(13, 13, false);
  assert.equal(big.knowledge(), null, '169 cells: over the analysis\'s 128');
  big.free();
  const over = new mod.HexGame(5, 5, false);
  over.resign();
  assert.equal(over.knowledge(), null, 'a finished game');
  over.free();
});

test('Connections on a bridge chain: a proved loss for White in both languages, the carrier marked, the heatmap unchanged', async () => {
  const page = await openHex({ size: '7', human: 'both', ponder: false, overlay: 'black' });
  await loadSgf(page, BRIDGE_CHAIN);
  // off by default: no marks, no panel, the toggle not pressed
  assert.equal(await page.getAttribute('[data-testid="connections-toggle"]', 'aria-pressed'), 'false');
  assert.equal(await page.getAttribute('[data-testid="connections"]', 'data-verdict'), 'none');
  assert.equal(await page.$$eval('[data-testid="connections"] [data-mark]', (e) => e.length), 0);
  assert.equal(await page.isHidden('[data-testid="connections-panel"]'), true);
  await page.waitForSelector('[data-testid="heatmap"][data-overlay="black"]');
  const before = await heatValues(page);
  assert.ok(Object.values(before).some((v) => /^\d+\|/.test(v)), "Black's potential has numbers");

  await page.click('[data-testid="connections-toggle"]');
  await page.waitForSelector('[data-testid="connections"][data-verdict="loss"]', { timeout: STEP_MS });
  assert.equal(await page.getAttribute('[data-testid="connections-toggle"]', 'aria-pressed'), 'true');
  assert.equal(await page.getAttribute('[data-testid="connections"]', 'data-to-move'), 'white');
  assert.equal(await page.textContent('[data-testid="connections-verdict"]'), "White has lost: Black's virtual connection holds");
  assert.equal(await page.getAttribute('[data-testid="connections-panel"]', 'data-verdict'), 'loss');
  assert.deepEqual(await marked(page, 'carrier'), ['a1', 'a7', 'b1', 'b2', 'b5', 'b7', 'c1', 'c2', 'c3', 'c5', 'c6', 'c7', 'd1', 'd3', 'd6', 'd7', 'e1', 'e2', 'f1', 'f2', 'g1']);
  assert.deepEqual(await marked(page, 'carrier'), [...(await knowledge(page)).carrier].sort());
  assert.deepEqual(await marked(page, 'captured-black'), filled(await knowledge(page), 'black'));
  assert.deepEqual(await marked(page, 'must-play'), [], 'a lost position has no region to draw');
  // the legend explains the carrier and the captured dot
  const legend = await page.$$eval('[data-testid="connections-legend"] li:not([hidden])', (els) => els.map((e) => e.dataset.mark));
  assert.ok(legend.includes('carrier') && legend.includes('captured'), legend.join());
  // the heatmap is the same, value and colour, with the layer on
  assert.deepEqual(await heatValues(page), before);
  assert.equal((await heatValues(page)).e4, before.e4);
  await screenshot(page, 'hex-connections-loss-en');

  // Black to move after White's intrusion into the d2–c4 bridge… and Black's reply: a proved win again
  await page.click('[data-testid="board"] [data-square="c3"]');
  await page.waitForSelector('[data-testid="connections"][data-verdict="win"]', { timeout: STEP_MS });
  assert.equal(await page.textContent('[data-testid="connections-verdict"]'), 'Proved win for Black: its virtual connection holds');
  assert.ok((await marked(page, 'carrier')).includes('d3'), 'the bridge\'s other cell is in the carrier');

  // Chinese: the saved game and the saved toggle come back
  await page.click('[data-testid="undo"]');
  await page.waitForSelector('[data-testid="connections"][data-verdict="loss"]', { timeout: STEP_MS });
  await page.goto(`${app.url}?lang=zh#hex`);
  await page.waitForSelector('.hex-layout[data-ready="true"]', { timeout: READY_MS });
  await page.waitForSelector('[data-testid="connections"][data-verdict="loss"]', { timeout: STEP_MS });
  assert.equal(await page.textContent('[data-testid="connections-verdict"]'), '白方已负：黑方的虚连接成立');
  assert.equal(await page.textContent('[data-testid="connections-toggle"]'), '连接');
  assert.match(await page.textContent('[data-testid="connections-legend"]'), /载体/);

  // off again: the marks go, the heatmap stays as it was
  await page.click('[data-testid="connections-toggle"]');
  await page.waitForSelector('[data-testid="connections"][data-verdict="none"]', { state: 'attached' });
  assert.equal(await page.$$eval('[data-testid="connections"] [data-mark]', (e) => e.length), 0);
  assert.deepEqual(await heatValues(page), before);
  assert.deepEqual(app.errorsOf(page), []);
});

test('Connections with a must-play region smaller than the board: the marked region is knowledge()\'s; a 390 px phone', async () => {
  const page = await openHex({ size: '7', human: 'both', ponder: false, overlay: 'none', connections: true });
  await loadSgf(page, FORCED);
  await page.waitForSelector('[data-testid="connections-panel"][data-verdict="forced"]', { timeout: STEP_MS });
  const k = await knowledge(page);
  assert.equal(k.verdict, 'open');
  const empty = 49 - 2;
  assert.ok(k.mustPlay.length > 0 && k.mustPlay.length < empty, `region of ${k.mustPlay.length} cells`);
  assert.deepEqual(await marked(page, 'must-play'), [...k.mustPlay].sort());
  assert.deepEqual(await marked(page, 'threat'), [...k.threats].sort());
  assert.deepEqual(await marked(page, 'captured-black'), filled(k, 'black'));
  assert.deepEqual(await marked(page, 'carrier'), []);
  assert.equal(await page.textContent('[data-testid="connections-verdict"]'),
    `White must play inside the outlined region (${k.mustPlay.length} of ${empty} empty cells): after any move outside it, Black connects`);

  // a phone: nothing wider than the screen, the verdict and the legend on it
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForFunction(() => document.documentElement.scrollWidth <= 390);
  for (const id of ['connections-panel', 'connections-verdict', 'connections-legend', 'connections-toggle']) {
    const box = await page.locator(`[data-testid="${id}"]`).boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `${id}: ${JSON.stringify(box)}`);
  }
  await screenshot(page, 'hex-connections-phone');

  // 13×13 (169 cells) is past the analysis: no marks, and the line says why
  await page.selectOption('[data-testid="board-size"]', '13');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="board"] .hx-cell').length === 169);
  await page.waitForSelector('[data-testid="connections-panel"][data-verdict="none"]');
  assert.equal(await page.textContent('[data-testid="connections-verdict"]'), 'Connections are analysed on boards of up to 128 cells (11×11 or smaller)');
  assert.equal(await page.$$eval('[data-testid="connections"] [data-mark]', (e) => e.length), 0);
  assert.deepEqual(app.errorsOf(page), []);
});

/** Records every text and data-mate the engine panel's proof line shows (it lasts only while the search runs). */
async function recordProofs(page) {
  await page.evaluate(() => {
    window.__proofs = [];
    const host = document.querySelector('[data-testid="hex-engine"]');
    const look = () => {
      const el = host.querySelector('[data-testid="engine-proof"]');
      if (el && !el.hidden && el.textContent) {
        const entry = `${el.dataset.mate}|${el.textContent}`;
        if (window.__proofs.at(-1) !== entry) window.__proofs.push(entry);
      }
    };
    new MutationObserver(look).observe(host, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

test('the engine panel says a proved result in words: a win for the engine\'s side, and a loss', async () => {
  // 5×5, Black c2–c3–c4 with both edge templates: Black connects in 2 moves whoever is to move
  const page = await openHex({ size: '5', human: 'both', ponder: false, movetime: 2000 });
  await loadSgf(page, '(;FF[4]GM[11]SZ[5]AB[c2][c3][c4]PL[B])');
  await recordProofs(page);
  await page.selectOption('[data-testid="human-side"]', 'white'); // the engine plays Black, to move
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="move-list"] li').length >= 1, null, { timeout: STEP_MS });
  const wins = await page.evaluate(() => window.__proofs);
  assert.ok(wins.some((p) => /^\d+\|Proved win for Black in \d+ moves?$/.test(p) && Number(p.split('|')[0]) > 0), wins.join(' / '));

  // the engine plays White in the same position with White to move: a proved loss (loaded while the user
  // plays White, so no search starts before the engine takes White over)
  await loadSgf(page, '(;FF[4]GM[11]SZ[5]AB[c2][c3][c4]PL[W])');
  await page.evaluate(() => { window.__proofs = []; });
  await page.selectOption('[data-testid="human-side"]', 'black');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="move-list"] li').length >= 1, null, { timeout: STEP_MS });
  const losses = await page.evaluate(() => window.__proofs);
  assert.ok(losses.some((p) => /^\d+\|Proved loss for White: Black connects in \d+ moves?$/.test(p) && Number(p.split('|')[0]) > 0), losses.join(' / '));
  assert.deepEqual(app.errorsOf(page), []);
});

/** The why line's data and text, and the cells marked `mark` on the board. */
async function whyOf(page) {
  return page.$eval('[data-testid="connections-why"]', (el) => ({ hidden: el.hidden, ...el.dataset, text: el.textContent }));
}

test('why the engine played its move: forced into the must-play region, shown on the board and back; both languages', async () => {
  const page = await openHex({ size: '7', human: 'both', ponder: false, overlay: 'none', connections: true, movetime: 500 });
  await loadSgf(page, FORCED);
  await page.waitForSelector('[data-testid="connections-panel"][data-verdict="forced"]', { timeout: STEP_MS });
  const before = await knowledge(page);
  assert.equal((await whyOf(page)).hidden, true, 'no why line before the engine moves');
  await page.selectOption('[data-testid="human-side"]', 'black'); // the engine takes White, to move
  await page.waitForFunction(() => document.querySelector('[data-testid="connections-why"]')?.hidden === false, null, { timeout: STEP_MS });
  const why = await whyOf(page);
  const moves = await page.evaluate(() => window.duiyi.view.game.moves());
  assert.equal(moves.length, 1);
  assert.equal(why.move, moves[0].slice(2));
  assert.equal(why.side, 'white');
  assert.equal(why.reason, 'forced', JSON.stringify(why));
  assert.ok(before.mustPlay.includes(why.move), `${why.move} inside the region ${before.mustPlay}`);
  assert.match(why.text, new RegExp(`^Why ${why.move}: Black threatened to connect, so White had to play inside the must-play region \\(${before.mustPlay.length} cells\\)`));
  // the board shows the position now (Black to move) until asked
  assert.equal(await page.$eval('[data-testid="connections"]', (g) => g.dataset.why ?? ''), '');
  assert.deepEqual(await marked(page, 'move'), []);
  await page.click('[data-testid="connections-why-show"]');
  await page.waitForSelector('[data-testid="connections"][data-why="true"]');
  // the region before the move, less the move's own cell (its stone shows, ringed)
  assert.deepEqual(await marked(page, 'must-play'), before.mustPlay.filter((c) => c !== why.move).sort());
  assert.deepEqual(await marked(page, 'threat'), before.threats.filter((c) => c !== why.move).sort());
  assert.deepEqual(await marked(page, 'move'), [why.move]);
  assert.equal(await page.getAttribute('[data-testid="connections-why-show"]', 'aria-pressed'), 'true');
  assert.ok(!(await page.locator('[data-testid="connections-legend"] li[data-mark="move"]').isHidden()));
  await screenshot(page, 'hex-connections-why');
  // in Chinese, the same line
  await page.click('[data-testid="lang-toggle"]');
  await page.waitForFunction(() => /必走区/.test(document.querySelector('[data-testid="connections-why"]').textContent));
  assert.match((await whyOf(page)).text, new RegExp(`^为什么下 ${why.move}：黑方威胁连通`));
  await page.click('[data-testid="lang-toggle"]');
  await page.waitForFunction(() => /^Why /.test(document.querySelector('[data-testid="connections-why"]').textContent));
  await page.click('[data-testid="connections-why-show"]');
  await page.waitForFunction(() => !document.querySelector('[data-testid="connections"]').dataset.why);
  assert.deepEqual(await marked(page, 'move'), []);
  assert.deepEqual(app.errorsOf(page), []);
});

test('why the engine played its move: it kept a proved win, and the overlay tells the search\'s proof as it was found', async () => {
  // 5×5, Black c2–c3–c4 with both edge templates, Black to move: a static win; the engine plays Black
  const page = await openHex({ size: '5', human: 'both', ponder: false, overlay: 'none', connections: true, movetime: 1000 });
  await loadSgf(page, '(;FF[4]GM[11]SZ[5]AB[c2][c3][c4]PL[B])');
  await page.waitForSelector('[data-testid="connections-panel"][data-verdict="win"]', { timeout: STEP_MS });
  await page.selectOption('[data-testid="human-side"]', 'white');
  await page.waitForFunction(() => document.querySelector('[data-testid="connections-why"]')?.hidden === false, null, { timeout: STEP_MS });
  const why = await whyOf(page);
  assert.equal(why.reason, 'win', JSON.stringify(why));
  assert.equal(why.side, 'black');
  assert.match(why.text, new RegExp(`^Why ${why.move}: Black had already proved its win`));
  // White to move has lost now
  assert.equal(await page.getAttribute('[data-testid="connections-panel"]', 'data-verdict'), 'loss');
  const proof = page.locator('[data-testid="connections-search-proof"]');
  await proof.waitFor({ state: 'visible', timeout: STEP_MS });
  assert.equal(await proof.getAttribute('data-winner'), 'black');
  assert.equal(await proof.getAttribute('data-ply'), '1');
  assert.equal(await proof.textContent(), "The engine's search proved at move 1 that Black wins.");
  // a new game forgets it (the user plays both sides: no search proves the empty board again)
  await page.selectOption('[data-testid="human-side"]', 'both');
  await page.click('[data-testid="new-game"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="connections-search-proof"]').hidden);
  assert.deepEqual(app.errorsOf(page), []);
});
