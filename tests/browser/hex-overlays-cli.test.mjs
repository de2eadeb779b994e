// The #hex page's heatmaps against the native CLI: tests/data/hex-page-cli.json holds what `duiyi hex
// potentials` prints for two positions (tests/hex_cli.rs checks the CLI still prints exactly that), and here
// every cell of every overlay the page shows, and the figures beside the board, must equal it. The page
// computes its maps with the wasm build (HexGame.maps on the main thread, plus the page's own formatting),
// the CLI with the native build: the same Rust code through two compilers and two front ends.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, readData } from './harness.mjs';

const DATA = readData('hex-page-cli.json');

/** readiness (the page's wasm and colours, the engine's worker) on a loaded 2-core machine */
const READY_MS = 90000;

let app;
before(async () => {
  app = await startApp();
  app.context.setDefaultTimeout(READY_MS);
});
after(async () => {
  await app?.close();
});

/** The CLI's rows (row 1 first) of an overlay, as the heatmap's data-value of each cell. */
function expected(out, overlay, occupied) {
  const rows = {
    black: out.potential.black,
    white: out.potential.white,
    total: out.potential.black.map((r, i) => r.map((v, j) => {
      const w = out.potential.white[i][j];
      return v === null || w === null ? null : v + w;
    })),
    badness: out.badness,
    tension: out.tension,
    'black-north': out.two_distance.black.north,
    'black-south': out.two_distance.black.south,
    'white-west': out.two_distance.white.west,
    'white-east': out.two_distance.white.east,
  }[overlay];
  const map = {};
  rows.forEach((row, r) => row.forEach((v, c) => {
    const cell = `${String.fromCharCode(97 + c)}${r + 1}`;
    map[cell] = occupied.has(cell) ? '' : v === null ? 'inf' : String(v);
  }));
  return map;
}

for (const { args, output } of DATA.cases) {
  const size = args[args.indexOf('--size') + 1];
  const moves = args[args.indexOf('--moves') + 1].split(' ').map((m) => m.slice(2));
  test(`every cell of every overlay equals \`duiyi hex ${args.join(' ')}\``, async () => {
    const page = await app.newPage('', {});
    await page.goto(new URL('favicon.svg', app.url).href);
    await page.evaluate((items) => {
      localStorage.clear();
      for (const [k, v] of Object.entries(items)) localStorage.setItem(k, JSON.stringify(v));
    }, { 'duiyi.hex.game.v1': { v: 1, size, swap: false, moves }, 'duiyi.hex.settings.v1': { size, human: 'both', numbers: true } });
    await page.goto(`${app.url}?lang=en#hex`);
    await page.waitForSelector('.hex-layout[data-ready="true"]', { timeout: READY_MS });
    const occupied = new Set(moves);
    assert.equal(await page.$$eval('[data-testid="board"] [data-stone]', (n) => n.length), moves.length);
    let cells = 0;
    for (const overlay of ['black', 'white', 'total', 'badness', 'tension', 'black-north', 'black-south', 'white-west', 'white-east']) {
      await page.click(`[data-testid="overlay"] [data-overlay="${overlay}"]`);
      await page.waitForSelector(`[data-testid="heatmap"][data-overlay="${overlay}"]`);
      const shown = await page.$$eval('[data-testid="heatmap"] [data-square]', (n) => Object.fromEntries(n.map((x) => [x.dataset.square, x.dataset.value])));
      const want = expected(output, overlay, occupied);
      assert.equal(Object.keys(shown).length, Object.keys(want).length);
      for (const [cell, v] of Object.entries(want)) {
        assert.equal(shown[cell], v, `${overlay} at ${cell}`);
        cells++;
      }
      // the legend's range is the overlay's finite range
      const finite = Object.values(want).filter((v) => v !== '' && v !== 'inf').map(Number);
      assert.equal(await page.textContent('[data-testid="legend-min"]'), String(Math.min(...finite)));
      assert.equal(await page.textContent('[data-testid="legend-max"]'), String(Math.max(...finite)));
    }
    assert.equal(cells, 9 * Object.keys(expected(output, 'black', occupied)).length);
    const fig = (id) => page.textContent(`[data-testid="${id}"]`);
    assert.equal(await fig('fig-bp-black'), String(output.board_potential.black));
    assert.equal(await fig('fig-bp-white'), String(output.board_potential.white));
    assert.equal(await fig('fig-am-black'), String(output.attack_mobility.black));
    assert.equal(await fig('fig-am-white'), String(output.attack_mobility.white));
    // the CLI's eval is from the side to move's view, the page's from Black's
    assert.equal(await fig('fig-eval'), String(output.to_move === 'black' ? output.eval : -output.eval));
    assert.deepEqual(app.errorsOf(page), []);
  });
}
