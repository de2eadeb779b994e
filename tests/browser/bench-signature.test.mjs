// The search is deterministic across platforms: `duiyi bench` gives the same node signature and best moves
// natively and in WebAssembly (docs/architecture.md §2). Needs the native binary (built by `cargo test`/`cargo
// build`) and the wasm build in www/pkg (`npm run build`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { nativeBinary } from './native.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DEPTH = 5;

test('bench signature: native and wasm agree node for node', async () => {
  const out = execFileSync(nativeBinary(), ['bench', '--depth', String(DEPTH)], { cwd: root, encoding: 'utf8' });
  const lines = out.trim().split('\n');
  const last = lines.at(-1).match(/^nodes (\d+) nps (\d+)$/);
  assert.ok(last, `last line: ${lines.at(-1)}`);
  const nativeNodes = Number(last[1]);
  const nativeBest = lines.slice(0, -1).map((l) => l.match(/bestmove (\S+)/)[1]);

  const pkg = path.join(root, 'www/pkg');
  const mod = await import(path.join(pkg, 'duiyi.js'));
  await mod.default({ module_or_path: readFileSync(path.join(pkg, 'duiyi_bg.wasm')) });
  const wasm = mod.benchSignature(DEPTH);
  assert.equal(wasm.nodes, nativeNodes);
  assert.deepEqual(wasm.bestmoves, nativeBest);
  assert.ok(nativeNodes > 10000, `a real search (${nativeNodes} nodes)`);
});

test('bench signature rejects an out-of-range depth with a reason', async () => {
  const mod = await import(path.join(root, 'www/pkg/duiyi.js'));
  await mod.default({ module_or_path: readFileSync(path.join(root, 'www/pkg/duiyi_bg.wasm')) });
  assert.throws(() => mod.benchSignature(0), /depth must be 1\.\.10/);
});
