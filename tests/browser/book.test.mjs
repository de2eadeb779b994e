// The opening book through the engine worker in headless Chromium: with `OwnBook` on (as the page's levels set
// it) a go in the start position is answered at once with one of the book's moves (no search, so no info);
// with it off the engine searches. The book file is read here only to know its start-position moves.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startApp, START_FEN } from './harness.mjs';

const startKey = START_FEN.split(' ').slice(0, 2).join(' ');
const bookLine = readFileSync(new URL('../../src/xiangqi/book.txt', import.meta.url), 'utf8')
  .split('\n')
  .find((l) => l.startsWith(startKey + ' '));
const startMoves = bookLine.split(' ').slice(2).map((e) => e.split(':')[0]);

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

test('OwnBook on: the worker answers the start position with a book move; off: it searches', async () => {
  const page = await app.newPage('#xiangqi');
  const out = await page.evaluate(async (startFen) => {
    const w = new Worker('./worker.js', { type: 'module' });
    const inbox = [];
    const waiters = [];
    w.onmessage = (e) => {
      inbox.push(e.data);
      for (const wt of waiters.splice(0)) wt();
    };
    const next = async (type) => {
      for (;;) {
        const i = inbox.findIndex((m) => m.type === type);
        if (i >= 0) return inbox.splice(i, 1)[0];
        await new Promise((r) => waiters.push(r));
      }
    };
    const infos = () => inbox.splice(0).filter((m) => m.type === 'info').length;
    await next('ready');
    const result = { on: [], off: null };
    w.postMessage({ type: 'setoption', name: 'OwnBook', value: 'true' });
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      w.postMessage({ type: 'setoption', name: 'BookSeed', value: String(seed) });
      w.postMessage({ type: 'position', fen: startFen, moves: [] });
      w.postMessage({ type: 'go', depth: 8 });
      const b = await next('bestmove');
      result.on.push({ move: b.move, infos: infos() });
    }
    w.postMessage({ type: 'setoption', name: 'OwnBook', value: 'false' });
    w.postMessage({ type: 'position', fen: startFen, moves: [] });
    w.postMessage({ type: 'go', depth: 3 });
    const b = await next('bestmove');
    result.off = { move: b.move, infos: infos() };
    w.postMessage({ type: 'setoption', name: 'BookSeed', value: 'soon' });
    result.badSeed = await next('error');
    w.terminate();
    return result;
  }, START_FEN);
  for (const r of out.on) {
    assert.ok(startMoves.includes(r.move), `${r.move} is not a book move (${startMoves})`);
    assert.equal(r.infos, 0);
  }
  assert.ok(new Set(out.on.map((r) => r.move)).size >= 2, JSON.stringify(out.on));
  assert.ok(out.off.infos > 0);
  assert.match(out.badSeed.message, /BookSeed/);
});
