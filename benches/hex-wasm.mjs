// Hex evaluation speed of the WebAssembly build, in Node (the same www/pkg module the page loads).
//   node benches/hex-wasm.mjs
// Prints one JSON line per measurement (mean ms per call, best of three rounds):
//   maps of the 19x19 middle game in benches/hex-19x19-middlegame.sgf (tension included, and without), whatIf
//   of one cell, and whatIf for every empty cell of an 11x11 position (the page's hover sweep).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = path.join(root, 'www', 'pkg');
if (!fs.existsSync(path.join(pkg, 'duiyi.js'))) {
  console.error('hex-wasm: www/pkg is missing; run `npm run build` first');
  process.exit(1);
}
const mod = await import(path.join(pkg, 'duiyi.js'));
await mod.default({ module_or_path: fs.readFileSync(path.join(pkg, 'duiyi_bg.wasm')) });
const { HexGame } = mod;

function time(label, calls, f) {
  for (let i = 0; i < Math.min(calls, 5); i++) f(); // warm-up: let V8 tier the code up
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) f();
    best = Math.min(best, Number(process.hrtime.bigint() - t0) / 1e6 / calls);
  }
  console.log(JSON.stringify({ bench: label, ms: Number(best.toFixed(4)), calls }));
  return best;
}

const big = HexGame.fromSgf(fs.readFileSync(path.join(root, 'benches', 'hex-19x19-middlegame.sgf'), 'utf8'));
const bigEmpty = big.legalMoves();
time('19x19 maps (all, tension included)', 10, () => big.maps());
time('19x19 maps without tension', 200, () => big.maps('queenbee', false));
time('19x19 whatIf of one cell (no tension)', 200, () => big.whatIf(bigEmpty[0]));
time('19x19 eval', 500, () => big.eval());

const small = new HexGame(11, 11, false);
for (const m of ['f6', 'e7', 'g5', 'd8', 'h4', 'f4', 'e5', 'g7', 'c7', 'i5', 'd6', 'h6', 'b9', 'j3', 'e9', 'g3', 'c5', 'i7', 'f8', 'e3']) {
  small.play(m);
}
const cells = small.legalMoves();
time(`11x11 whatIf for every empty cell (${cells.length}), no tension`, 20, () => {
  for (const c of cells) small.whatIf(c);
});
time(`11x11 whatIf for every empty cell (${cells.length}), tension included`, 1, () => {
  for (const c of cells) small.whatIf(c, 'queenbee', true);
});
time('11x11 maps (all, tension included)', 50, () => small.maps());
