// Perft speed of the WebAssembly build, in Node (the same www/pkg module the page loads).
//   node scripts/perft-wasm.mjs [depth=5] [fen=startpos]
// Prints one JSON line: {"fen", "depth", "nodes", "ms", "nps"} (best of three runs).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = path.join(root, 'www', 'pkg');
if (!fs.existsSync(path.join(pkg, 'duiyi.js'))) {
  console.error('perft-wasm: www/pkg is missing; run `npm run build` first');
  process.exit(1);
}
const depth = Number(process.argv[2] ?? 5);
const fen = process.argv[3] ?? 'startpos';
if (!Number.isInteger(depth) || depth < 0) {
  console.error(`perft-wasm: depth must be a whole number, got '${process.argv[2]}'`);
  process.exit(2);
}
const mod = await import(path.join(pkg, 'duiyi.js'));
await mod.default({ module_or_path: fs.readFileSync(path.join(pkg, 'duiyi_bg.wasm')) });
mod.perft(fen, Math.min(depth, 3)); // warm-up: let V8 tier the code up
let best = null;
for (let run = 0; run < 3; run++) {
  const t0 = process.hrtime.bigint();
  const nodes = mod.perft(fen, depth);
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (!best || ms < best.ms) best = { nodes, ms };
}
console.log(JSON.stringify({ fen, depth, nodes: best.nodes, ms: Math.round(best.ms), nps: Math.round(best.nodes / (best.ms / 1000)) }));
