// Hex game review speed of the WebAssembly build, in Node (the same www/pkg module the review worker loads,
// stepped as www/hex-review-worker.js steps it, with the default budgets of src/hex/review.rs).
//   node scripts/hex-review-bench.mjs SIZE "MOVES" [SIZE "MOVES" ...]
//   node scripts/hex-review-bench.mjs --games benches/hex-review-games.txt   (a line per game: SIZE MOVES…)
// MOVES: cells separated by spaces or commas. Prints one JSON line per game: {"size", "plies", "ms",
// "solved_from", "losing_move", "better", "proof_nodes", "proof_ms", "solver_ms"} (solver_ms: the time of the
// solving steps, after the evaluations).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = path.join(root, 'www', 'pkg');
if (!fs.existsSync(path.join(pkg, 'duiyi.js'))) {
  console.error('hex-review-bench: www/pkg is missing; run `npm run build` first');
  process.exit(1);
}
let args = process.argv.slice(2);
if (args[0] === '--games' && args[1]) {
  args = fs.readFileSync(args[1], 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'))
    .flatMap((l) => { const [size, ...moves] = l.split(/\s+/); return [size, moves.join(' ')]; });
}
if (args.length === 0 || args.length % 2 !== 0) {
  console.error('usage: node scripts/hex-review-bench.mjs SIZE "MOVES" [SIZE "MOVES" ...]');
  process.exit(2);
}
const mod = await import(path.join(pkg, 'duiyi.js'));
await mod.default({ module_or_path: fs.readFileSync(path.join(pkg, 'duiyi_bg.wasm')) });
for (let i = 0; i < args.length; i += 2) {
  const size = args[i];
  const moves = args[i + 1].split(/[\s,]+/).filter(Boolean);
  let review;
  try {
    review = new mod.HexReview({ size, moves });
  } catch (err) {
    console.error(`hex-review-bench: game ${i / 2 + 1}: ${err.message}`);
    process.exit(2);
  }
  const t0 = performance.now();
  let evalsDone = null; // ms from the start when every position was evaluated (the steps come first)
  for (;;) {
    const finished = review.step();
    if (evalsDone === null && review.progress()[0] >= moves.length + 1) evalsDone = performance.now() - t0;
    if (finished) break;
  }
  const ms = performance.now() - t0;
  const r = review.report();
  review.free();
  const m = r.losing_move ? r.moves[r.losing_move - 1] : null;
  console.log(JSON.stringify({
    size, plies: moves.length, ms: Math.round(ms), solver_ms: Math.round(ms - (evalsDone ?? ms)),
    solved_from: r.solved_from, losing_move: r.losing_move, better: m?.better ?? null,
    proof_nodes: m?.proof_nodes ?? null, proof_ms: m ? Math.round(m.proof_ms) : null,
  }));
}
