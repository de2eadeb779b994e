// One wasm module per game (issue 35; docs/architecture.md, "The wasm modules"):
//   1. in Node: each game's module has its game's bindings and not the other's, and its engine refuses the
//      other game's positions with a typed error (`engine.game_not_built`) and plays its own;
//   2. in Chromium: a first visit of #xiangqi fetches the Xiangqi module alone before its board plays and the
//      engine answers; the Hex page then fetches the Hex module, and the page's one engine worker, started with
//      the Xiangqi module, loads the Hex one and answers a Hex move, then a Xiangqi move again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, READY_MS, startApp, engineReady, clickMove, waitForMoveCount, moveList } from './harness.mjs';

async function load(name) {
  const mod = await import(path.join(REPO_ROOT, `www/pkg/${name}.js`));
  await mod.default({ module_or_path: readFileSync(path.join(REPO_ROOT, `www/pkg/${name}_bg.wasm`)) });
  return mod;
}

/** Runs a search to its end in slices; returns its bestmove. */
function search(engine, params) {
  engine.go(params);
  for (let i = 0; i < 100_000; i++) {
    const r = engine.step(50);
    if (r.done) return r.bestmove;
  }
  throw new Error('the search did not end');
}

test('each game module: its own bindings, and an engine that plays its game and refuses the other with a typed error', async () => {
  const xq = await load('duiyi_xiangqi');
  const hex = await load('duiyi_hex');
  for (const name of ['XiangqiGame', 'Engine', 'pgnParse', 'pgnWrite', 'xqfParse', 'eccoClassify', 'reviewMove', 'XiangqiTreeSearch']) {
    assert.equal(typeof xq[name], 'function', `the Xiangqi module has ${name}`);
  }
  for (const name of ['HexGame', 'Engine', 'sgfParseGames', 'sgfWriteGame', 'HexReview', 'hexHint', 'combatReport', 'circleEnclose']) {
    assert.equal(typeof hex[name], 'function', `the Hex module has ${name}`);
  }
  for (const name of ['HexGame', 'sgfParseGames', 'combatReport', 'ProtocolSession']) assert.equal(xq[name], undefined, `the Xiangqi module has no ${name}`);
  for (const name of ['XiangqiGame', 'pgnParse', 'eccoClassify', 'ProtocolSession']) assert.equal(hex[name], undefined, `the Hex module has no ${name}`);

  const x = new xq.Engine();
  assert.throws(() => x.setPosition('hex', '7', []), (err) => err.code === 'engine.game_not_built' && err.params.game === 'hex');
  x.setPosition('xiangqi', 'startpos', ['h2e2']);
  const xm = search(x, { depth: 4 });
  assert.ok(new xq.XiangqiGame().legalMoves().length > 0);
  const g = new xq.XiangqiGame();
  g.play('h2e2');
  assert.ok(g.legalMoves().includes(xm), `the Xiangqi engine's move ${xm} is legal`);

  const h = new hex.Engine();
  assert.throws(() => h.setPosition('xiangqi', 'startpos', []), (err) => err.code === 'engine.game_not_built' && err.params.game === 'xiangqi');
  h.setPosition('hex', '5', ['c3']);
  const hm = search(h, { nodes: 2000 });
  const board = new hex.HexGame(5, 5, false);
  board.play('c3');
  assert.ok(board.legalMoves().includes(hm), `the Hex engine's move ${hm} is legal`);
  // an engine made in the Hex module starts on a Hex board: a go before any position plays there
  const fresh = new hex.Engine();
  assert.match(search(fresh, { nodes: 500 }) ?? '', /^[a-k]\d+$/);
});

test('a first visit of #xiangqi fetches the Xiangqi module alone; the shared engine worker loads the Hex module when the Hex page plays', async () => {
  const app = await startApp({ locale: 'en-US' });
  const wasmFetched = [];
  app.context.on('request', (r) => {
    const m = /\/pkg\/([a-z_]+)_bg\.wasm/.exec(r.url());
    if (m) wasmFetched.push(m[1]);
  });
  try {
    const page = await app.newPage('?lang=en#xiangqi', { storage: { 'duiyi.hex.settings.v1': { size: '7', movetime: 500 } } });
    await engineReady(page);
    await clickMove(page, 'h2e2');
    await waitForMoveCount(page, 2, READY_MS);
    assert.deepEqual([...new Set(wasmFetched)], ['duiyi_xiangqi'], 'the Xiangqi board plays on the Xiangqi module alone');

    // the Hex page, in the same page: the Hex module for the view, and the worker loads it too
    await page.evaluate(() => { location.hash = '#hex'; });
    await page.waitForSelector('.hex-layout[data-ready="true"]', { timeout: READY_MS });
    await page.click('[data-testid="board"] [data-square="d4"]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="move-list"] li').length >= 2, null, { timeout: READY_MS });
    assert.ok(wasmFetched.includes('duiyi_hex'), `the Hex module was fetched: ${wasmFetched}`);
    assert.ok(!wasmFetched.includes('duiyi'), 'the page never loads the Node module');

    // and back: the worker's Xiangqi engine plays on
    await page.evaluate(() => { location.hash = '#xiangqi'; });
    await page.waitForFunction(() => window.duiyi.route === 'xiangqi' && document.querySelector('[data-testid="engine-status"][data-ready="true"]'), null, { timeout: READY_MS });
    const before = (await moveList(page)).length;
    assert.equal(before, 2, 'the game on the page was kept');
    await clickMove(page, 'b0c2');
    await waitForMoveCount(page, 4, READY_MS);
    assert.deepEqual(app.errorsOf(page), []);
  } finally {
    await app.close();
  }
});
