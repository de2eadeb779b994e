// A sliced search is the same search as an unsliced one, node for node, whatever the slice length (issue 34):
// the wasm build under Node (tools/wasm-engine.mjs, the page worker's slicing loop) at --slice-ms 1, 15 and
// 1000 gives the native binary's node count, score and best move at depth 8 from two middlegame positions.
// The search stops at a poll point when a slice's time is up and the next slice resumes exactly there
// (src/xiangqi/search/node.rs). Needs the wasm build in www/pkg (`npm run build`) and cargo for the native
// binary. Plain Node, no browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { READY_MS } from './harness.mjs';
import { nativeBinary } from './native.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TOOL = path.join(root, 'tools', 'wasm-engine.mjs');

/** The two positions of issue 34 and their native depth-8 node counts at this commit. */
const POSITIONS = [
  { fen: 'r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1CN3NC1/9/R1BAKAB1R w', nodes: '41250' },
  { fen: '2bakab2/9/2n1c1n2/p3p1p1p/2p6/6P2/P1P1P3P/2N1C1N2/9/2BAKAB2 w', nodes: '14444' },
];

const field = (line, key) => {
  const t = line.split(' ');
  const i = t.indexOf(key);
  return i >= 0 ? t[i + 1] : undefined;
};

/** The depth-8 `info` line (without nps, time and hashfull) and the bestmove of a search's output. */
function answer(out) {
  const lines = out.split('\n');
  const info = lines.find((l) => /^info depth 8 /.test(l));
  const best = lines.find((l) => /^bestmove /.test(l));
  assert.ok(info && best, out);
  const strip = (l) => l.replace(/ (nps|time|hashfull) \d+/g, '');
  return { info: strip(info), nodes: field(info, 'nodes'), best };
}

/** Runs `go depth 8` from `fen` through the wasm engine with `sliceMs` slices; its whole output. */
function wasmSearch(fen, sliceMs) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TOOL, '--slice-ms', String(sliceMs)], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => child.kill(), READY_MS);
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`wasm-engine exited with ${code}\n${out}\n${err}`));
    });
    child.stdin.end(`uci\nposition fen ${fen}\ngo depth 8\n`);
  });
}

for (const { fen, nodes } of POSITIONS) {
  test(`go depth 8 from ${fen}: ${nodes} nodes natively and in wasm at 1, 15 and 1000 ms slices`, async () => {
    const native = answer(execFileSync(nativeBinary(), [], { cwd: root, encoding: 'utf8', input: `uci\nposition fen ${fen}\ngo depth 8\n` }));
    assert.equal(native.nodes, nodes, native.info);
    for (const sliceMs of [1, 15, 1000]) {
      const wasm = answer(await wasmSearch(fen, sliceMs));
      assert.equal(wasm.info, native.info, `--slice-ms ${sliceMs}`);
      assert.equal(wasm.best, native.best, `--slice-ms ${sliceMs}`);
    }
  });
}
