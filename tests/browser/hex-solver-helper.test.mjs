// The Hex solver beside the engine in the browser (issue 37; www/views/hex-solver-helper.js,
// www/hex-review-worker.js proveRoot, src/wasm/hex_solver.rs, Engine.hexRootFacts): with the `threads` setting at
// 2 the DFPN solver proves the engine's position in another worker and sends its proofs to the play worker's
// search.
//
// The position: the issue-33 regression position, 7×7 `d4 d6 c5 b7 e3`, White to move, where only c2, c3 and f2
// win (proved by Benzene's solver and ours; benches/data/hex-tactics.txt).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, READY_MS } from './harness.mjs';

const REGRESSION = ['d4', 'd6', 'c5', 'b7', 'e3'];
const WINS = ['c2', 'c3', 'f2'];

let app;
before(async () => {
  app = await startApp();
  app.context.setDefaultTimeout(READY_MS);
});
after(async () => {
  await app?.close();
});

/** A fresh #hex page with `storage` (key → value) in localStorage. */
async function openWith(storage) {
  const page = await app.newPage('', { storage });
  await page.goto(`${app.url}?lang=en#hex`);
  await page.waitForSelector('.hex-layout[data-ready="true"]', { timeout: READY_MS });
  return page;
}

test('the solver worker proves the root: one win among the three, no winning move called lost', async () => {
  const page = await openWith({});
  const facts = await page.evaluate(async (moves) => {
    const worker = new Worker(new URL('hex-review-worker.js', location.href), { type: 'module' });
    const result = await new Promise((resolve, reject) => {
      const seen = [];
      worker.onmessage = (e) => {
        const msg = e.data;
        if (msg.type === 'facts') seen.push(msg.facts);
        if (msg.type === 'rootDone') resolve({ seen, last: msg.facts });
        if (msg.type === 'error') reject(new Error(msg.message));
      };
      worker.postMessage({ type: 'proveRoot', id: 1, game: { size: '7', moves }, ms: 120_000 });
    });
    worker.terminate();
    return result;
  }, REGRESSION);
  assert.equal(facts.last.decided, true);
  assert.equal(facts.last.rootLost, false);
  assert.equal(facts.last.wins.length, 1);
  assert.ok(WINS.includes(facts.last.wins[0]), facts.last.wins[0]);
  assert.ok(facts.seen.length >= 1, 'facts sent as they came');
  assert.ok(!facts.last.losses.some((c) => WINS.includes(c)), `a winning move reported lost: ${facts.last.losses}`);
});

test('proofs sent to the play worker decide its search: a "win" told at the root is played at once', async () => {
  // The empty 7×7 board: the engine proves nothing there within a minute, so a move it plays within seconds is
  // the one the facts name (a1: a poor move, which the engine would not choose by itself).
  const page = await openWith({ 'duiyi.hex.settings.v1': { size: '7', human: 'both', ponder: false } });
  await page.waitForFunction(() => window.duiyi.view.client.ready, null, { timeout: READY_MS });
  const result = await page.evaluate(async () => {
    const client = window.duiyi.view.client;
    const game = { game: 'hex', size: '7', swap: false, moves: [] };
    const taken = new Promise((resolve) => {
      const off = client.on('rootfacts', (e) => {
        off();
        resolve(e.taken);
      });
    });
    const off = client.on('info', () => {
      off();
      client.rootFacts(game, { rootLost: false, wins: ['a1'], losses: [] });
    });
    const t0 = performance.now();
    const res = await client.search(game, { movetime: 60_000 });
    return { move: res.move, taken: await taken, ms: performance.now() - t0 };
  });
  assert.equal(result.taken, true);
  assert.equal(result.move, 'a1');
  assert.ok(result.ms < 30_000, `ended by the proof, not the 60 s (${Math.round(result.ms)} ms)`);
  assert.deepEqual(app.errorsOf(page), []);
});

test('threads 2 on the page: the engine\'s move is helped by the solver (data-threads, data-solver) and wins', async () => {
  const page = await openWith({
    'duiyi.threads.v1': { v: 1, threads: 2 },
    'duiyi.hex.settings.v1': { size: '7', human: 'black', movetime: 2000, ponder: false },
    'duiyi.hex.game.v1': { v: 1, size: '7', swap: false, moves: REGRESSION },
  });
  // the engine plays White, to move: its search and the solver start together
  await page.waitForSelector('[data-testid="engine-status"][data-threads="2"][data-solver]', { timeout: READY_MS });
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="move-list"] li').length >= 6, null, { timeout: READY_MS });
  const played = await page.$$eval('[data-testid="move-list"] li', (n) => n.map((x) => x.dataset.move));
  assert.ok(WINS.includes(played[5]), `a winning move: ${played[5]}`);
  // the solver is stopped with the engine's move
  await page.waitForSelector('[data-testid="engine-status"][data-threads="1"]:not([data-solver])', { timeout: READY_MS });
  assert.deepEqual(app.errorsOf(page), []);
});
