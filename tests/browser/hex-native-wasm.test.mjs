// The Hex engine in wasm plays the native binary's moves at equal node counts: the browser worker's Engine
// (www/pkg, in Node) against `duiyi hex genmove` (the same Engine and sliced driver, natively), for the
// Monte Carlo search (HexEval playouts, the default), on real 9×9 positions (the
// openings of benches/hex-openings-9.txt with a reply). Deterministic: the playouts' random generator is
// seeded from the position, so no timing enters the answer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { nativeBinary } from './native.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function wasm() {
  const mod = await import(path.join(root, 'www/pkg/duiyi.js'));
  await mod.default({ module_or_path: fs.readFileSync(path.join(root, 'www/pkg/duiyi_bg.wasm')) });
  return mod;
}

/** The wasm engine's move at `nodes` (sliced into 20 ms steps as the worker slices it). */
function wasmMove(mod, moves, nodes, evalName, size = '9') {
  const e = new mod.Engine();
  e.setPosition('hex', size, moves);
  e.setOption('HexEval', evalName);
  e.go({ nodes });
  let last = null;
  for (;;) {
    const out = e.step(20);
    if (out.infos.length) last = out.infos[out.infos.length - 1];
    if (out.done) {
      e.free();
      return { bestmove: out.bestmove, nodes: last?.nodes };
    }
  }
}

function nativeMove(moves, nodes, evalName, size = '9') {
  const out = execFileSync(nativeBinary(), ['hex', 'genmove', '--size', size, '--moves', moves.join(' '), '--nodes', String(nodes), '--eval', evalName], {
    cwd: root,
    encoding: 'utf8',
  });
  return JSON.parse(out);
}

const POSITIONS = [['e5'], ['c3', 'e5'], ['a5', 'e4', 'f3'], ['b8', 'd5', 'c7', 'f4']];

// The playout search only: its playouts are whole between slices, so slicing cannot change the answer. (Queenbee's
// alpha-beta at a node limit re-searches a root move cut by a slice, so its node count depends on the slicing.)
for (const [evalName, nodes] of [['playouts', 6000]]) {
  test(`HexEval ${evalName}: the wasm engine plays the native move at ${nodes} nodes`, async () => {
    const mod = await wasm();
    for (const moves of POSITIONS) {
      const n = nativeMove(moves, nodes, evalName);
      const w = wasmMove(mod, moves, nodes, evalName);
      assert.ok(n.bestmove && /^[a-i][1-9]$/.test(n.bestmove), `native answer after ${moves}: ${JSON.stringify(n)}`);
      assert.equal(w.bestmove, n.bestmove, `after ${moves.join(' ')}: wasm ${JSON.stringify(w)}, native ${JSON.stringify(n)}`);
      assert.equal(w.nodes, n.nodes, `after ${moves.join(' ')}: node counts`);
    }
  });
}

// Boards over 128 cells: the Monte Carlo search on 384-bit cell sets (src/hex/bitset.rs), the same answer in wasm.
test('HexEval playouts on 12×12, 13×13 and 19×19: the wasm engine plays the native move', async () => {
  const mod = await wasm();
  for (const [size, moves, nodes] of [['12', ['c3'], 6000], ['13', ['g7', 'f8', 'h5'], 6000], ['19', ['j10', 'k9'], 3000]]) {
    const n = nativeMove(moves, nodes, 'playouts', size);
    const w = wasmMove(mod, moves, nodes, 'playouts', size);
    assert.ok(n.bestmove, `native answer on ${size}×${size}: ${JSON.stringify(n)}`);
    assert.equal(w.bestmove, n.bestmove, `${size}×${size} after ${moves.join(' ')}: wasm ${JSON.stringify(w)}, native ${JSON.stringify(n)}`);
    assert.equal(w.nodes, n.nodes, `${size}×${size}: node counts`);
  }
});
