// MultiPV and searchmoves through the engine worker (docs/architecture.md §3): go({multipv}) gives k info
// messages per completed iteration (ranks 1..k, best first, distinct first moves), the bestmove is rank 1's
// first move, setoption MultiPV sets the default, searchmoves restricts the root, and bad values are refused
// with a typed error and a null bestmove. Xiangqi and Hex (both Hex searches).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, START_FEN } from './harness.mjs';

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

/** Runs `script` (a list of messages and 'await <type>' steps) in a fresh worker; returns every reply in order. */
async function session(page, steps) {
  return page.evaluate(async (steps) => {
    const w = new Worker('./worker.js', { type: 'module' });
    const all = [];
    let cursor = 0;
    const waiters = [];
    w.onmessage = (e) => {
      all.push(e.data);
      for (const wt of waiters.splice(0)) wt();
    };
    const next = async (type) => {
      for (;;) {
        const i = all.findIndex((m, j) => j >= cursor && m.type === type);
        if (i >= 0) {
          cursor = i + 1;
          return all[i];
        }
        await new Promise((r) => waiters.push(r));
      }
    };
    await next('ready');
    const runs = [];
    for (const step of steps) {
      if (typeof step === 'string') {
        const start = cursor;
        const reply = await next(step);
        runs.push({ reply, before: all.slice(start, cursor - 1) });
      } else {
        w.postMessage(step);
      }
    }
    w.terminate();
    return runs;
  }, steps);
}

/** Groups a run's info messages by depth: `[[info rank 1, rank 2, …], …]`, in arrival order. */
function byDepth(infos) {
  const groups = [];
  for (const m of infos.filter((x) => x.type === 'info')) {
    if (m.multipv === 1) groups.push([]);
    groups.at(-1).push(m);
  }
  return groups;
}

/** Score of an info on one scale (mates far above centipawns) for the ordering check. */
const value = (m) => (m.score.mate !== undefined && m.score.mate !== null ? Math.sign(m.score.mate) * (100000 - Math.abs(m.score.mate)) : m.score.cp);

function checkLines(run, k, label, { sorted = true } = {}) {
  const groups = byDepth(run.before);
  assert.ok(groups.length >= 1, `${label}: at least one iteration`);
  for (const g of groups) {
    assert.deepEqual(g.map((m) => m.multipv), Array.from({ length: k }, (_, i) => i + 1), `${label}: ranks at depth ${g[0].depth}`);
    assert.ok(g.every((m) => m.depth === g[0].depth), `${label}: one depth per group`);
    const firsts = g.map((m) => m.pv[0]);
    assert.equal(new Set(firsts).size, k, `${label}: distinct first moves ${firsts}`);
    if (sorted) for (let i = 1; i < g.length; i++) assert.ok(value(g[i - 1]) >= value(g[i]), `${label}: sorted by score at depth ${g[0].depth}`);
  }
  assert.equal(run.reply.move, groups.at(-1)[0].pv[0], `${label}: bestmove is rank 1`);
  return groups;
}

test('Xiangqi: go multipv 3 gives 3 sorted distinct lines per depth; setoption MultiPV; searchmoves', async () => {
  const page = await app.newPage('#hex');
  const runs = await session(page, [
    { type: 'position', fen: START_FEN, moves: ['h2e2'] },
    { type: 'go', depth: 5, multipv: 3 },
    'bestmove',
    { type: 'setoption', name: 'MultiPV', value: 2 },
    { type: 'go', depth: 4 },
    'bestmove',
    { type: 'go', depth: 4, multipv: 1 },
    'bestmove',
    { type: 'go', depth: 4, multipv: 3, searchmoves: ['h9g7', 'b9c7'] },
    'bestmove',
  ]);
  const groups = checkLines(runs[0], 3, 'multipv 3');
  assert.equal(groups.at(-1)[0].depth, 5);
  checkLines(runs[1], 2, 'MultiPV option 2');
  checkLines(runs[2], 1, 'go multipv 1 over the option');
  const restricted = checkLines(runs[3], 2, 'searchmoves (2 moves: fewer lines)');
  assert.deepEqual(restricted.at(-1).map((m) => m.pv[0]).sort(), ['b9c7', 'h9g7']);
  assert.deepEqual(app.errorsOf(page), []);
});

test('bad multipv and searchmoves are refused with a typed error and bestmove null', async () => {
  const page = await app.newPage('#hex');
  const runs = await session(page, [
    { type: 'position', fen: START_FEN, moves: [] },
    { type: 'go', depth: 3, multipv: 6 },
    'error',
    'bestmove',
    { type: 'go', depth: 3, multipv: 0 },
    'error',
    'bestmove',
    { type: 'go', depth: 3, multipv: '2' },
    'error',
    'bestmove',
    { type: 'go', depth: 3, searchmoves: ['h2e2', 'e2e9'] },
    'error',
    'bestmove',
    { type: 'go', depth: 3, searchmoves: 'h2e2' },
    'error',
    'bestmove',
    { type: 'setoption', name: 'MultiPV', value: 9 },
    'error',
    { type: 'go', depth: 2 },
    'bestmove',
  ]);
  for (const i of [0, 2, 4]) {
    assert.equal(runs[i].reply.code, 'worker.go_range', JSON.stringify(runs[i].reply));
    assert.match(runs[i].reply.message, /multipv/);
    assert.equal(runs[i + 1].reply.move, null);
  }
  assert.equal(runs[6].reply.code, 'engine.searchmoves', JSON.stringify(runs[6].reply));
  assert.equal(runs[6].reply.params.index, 2);
  assert.equal(runs[7].reply.move, null);
  assert.equal(runs[8].reply.code, 'worker.go_moves');
  assert.equal(runs[9].reply.move, null);
  assert.equal(runs[10].reply.code, 'engine.option_value');
  // The refused option left MultiPV at 1: one line per depth.
  checkLines(runs[11], 1, 'after the refused option');
});

test('Hex: multipv 3 with the playout search and with alpha-beta; searchmoves', async () => {
  const page = await app.newPage('#hex');
  const runs = await session(page, [
    { type: 'position', game: 'hex', size: 7, moves: ['d4'] },
    { type: 'go', depth: 3, multipv: 3 },
    'bestmove',
    { type: 'go', depth: 2, multipv: 3, searchmoves: ['c5', 'e3'] },
    'bestmove',
    { type: 'setoption', name: 'HexEval', value: 'queenbee' },
    { type: 'go', depth: 2, multipv: 3 },
    'bestmove',
    { type: 'go', depth: 2, searchmoves: ['a1', 'b2'], multipv: 3 },
    'bestmove',
  ]);
  // The playout search ranks its lines by visits (the score is each move's mean result), so no score order.
  checkLines(runs[0], 3, 'hex playouts', { sorted: false });
  const r = checkLines(runs[1], 2, 'hex playouts searchmoves', { sorted: false });
  assert.deepEqual(r.at(-1).map((m) => m.pv[0]).sort(), ['c5', 'e3']);
  checkLines(runs[2], 3, 'hex alpha-beta');
  const ab = checkLines(runs[3], 2, 'hex alpha-beta searchmoves');
  assert.deepEqual(ab.at(-1).map((m) => m.pv[0]).sort(), ['a1', 'b2']);
  assert.deepEqual(app.errorsOf(page), []);
});
