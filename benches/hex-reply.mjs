// The Hex page's reply time against its budget: the wasm engine (www/pkg, the page's worker code path:
// Engine.go({movetime}) stepped in 20 ms slices) under Node, on positions of games it plays against itself from
// the openings of benches/hex-openings-9.txt (9×9) or benches/hex-openings-11.txt (11×11), at the page's
// default time per move. Prints per size the median, 90th percentile and max of reply ÷ budget.
//
//   node benches/hex-reply.mjs [--size 11] [--movetime 1000] [--games 4] [--plies 24]
//
// Needs `npm run build` (www/pkg). The games' own moves are searched at 100 ms; every fourth position is
// timed at the budget.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : dflt;
};
const size = arg('size', 11);
const movetime = arg('movetime', 1000);
const games = arg('games', 4);
const plies = arg('plies', 24);

const mod = await import(path.join(root, 'www/pkg/duiyi.js'));
await mod.default({ module_or_path: fs.readFileSync(path.join(root, 'www/pkg/duiyi_bg.wasm')) });
const openingsFile = path.join(root, `benches/hex-openings-${size === 9 ? 9 : 11}.txt`);
const openings = fs.readFileSync(openingsFile, 'utf8').split('\n').map((l) => l.replace(/#.*/, '').trim()).filter(Boolean);

const engine = new mod.Engine();
/** Searches `moves` for `ms`; returns [bestmove, wall ms]. */
function think(moves, ms) {
  engine.setPosition('hex', String(size), moves);
  const t0 = performance.now();
  engine.go({ movetime: ms });
  for (;;) {
    const out = engine.step(20);
    if (out.done) return [out.bestmove, performance.now() - t0];
  }
}

const ratios = [];
for (let g = 0; g < games; g++) {
  const moves = openings[g % openings.length].split(/\s+/);
  for (let p = 0; p < plies; p++) {
    if (p % 4 === 0) {
      const [, wall] = think(moves, movetime);
      ratios.push(wall / movetime);
    }
    const [best] = think(moves, 100);
    if (!best) break;
    moves.push(best);
  }
}
ratios.sort((a, b) => a - b);
const q = (f) => ratios[Math.min(ratios.length - 1, Math.floor(f * ratios.length))];
console.log(JSON.stringify({ size, movetime, positions: ratios.length, median: +q(0.5).toFixed(3), p90: +q(0.9).toFixed(3), max: +ratios[ratios.length - 1].toFixed(3) }));
