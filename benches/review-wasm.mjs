// The game review's search cost in the wasm build under Node, by budget: what choosing the review budget rests
// on (docs/review.md). The positions of a 100-ply game of our own matches (tools/review/data/, the first game
// of at least 100 plies) are searched in order by one wasm Engine, as the review worker does, at each budget
// (`go nodes N`), and the CPU time of the process is measured (not the wall time, which the machine's other
// work stretches).
//
//   node benches/review-wasm.mjs [--nodes 100000,200000,300000,400000] [--every 1] [--plies 100]
//
// --every k searches every k-th position only (the cost per position is what counts). Needs a build
// (`npm run build`). Prints one JSON line per budget: {nodes, positions, cpuMsPerPosition, cpuSFor101,
// meanDepth, wallMs, load}.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const budgets = String(opt('nodes', '100000,200000,300000,400000')).split(',').map(Number);
const every = Number(opt('every', 1));
const plies = Number(opt('plies', 100));
if (budgets.some((n) => !Number.isInteger(n) || n <= 0) || !Number.isInteger(every) || every < 1 || !Number.isInteger(plies) || plies < 1) {
  console.error('review-wasm: --nodes takes whole numbers above 0 separated by commas; --every and --plies whole numbers above 0');
  process.exit(2);
}
const glue = path.join(root, 'www', 'pkg', 'duiyi.js');
if (!fs.existsSync(glue)) {
  console.error('review-wasm: www/pkg/duiyi.js is missing: run `npm run build` first');
  process.exit(2);
}
const mod = await import(pathToFileURL(glue).href);
await mod.default({ module_or_path: fs.readFileSync(path.join(root, 'www', 'pkg', 'duiyi_bg.wasm')) });

const games = JSON.parse(fs.readFileSync(path.join(root, 'tools', 'review', 'data', 'xq-base-ee200.json'), 'utf8')).games;
const moves = games.find((g) => g.moves.trim().split(/\s+/).length >= plies).moves.trim().split(/\s+/).slice(0, plies);

// warm-up, as the worker's first searches would have it (V8 tiers the wasm up)
{
  const e = new mod.Engine();
  e.go({ depth: 5 });
  while (!e.step(50).done);
  e.free();
}

for (const nodes of budgets) {
  const engine = new mod.Engine();
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  let count = 0;
  let depths = 0;
  for (let ply = 0; ply <= plies; ply += every) {
    engine.setPosition('xiangqi', 'startpos', moves.slice(0, ply));
    engine.go({ nodes });
    let last = null;
    for (;;) {
      const r = engine.step(10);
      for (const info of r.infos ?? []) last = info;
      if (r.done) break;
    }
    count += 1;
    depths += last?.depth ?? 0;
  }
  const cpu = process.cpuUsage(c0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  engine.free();
  console.log(JSON.stringify({
    nodes, positions: count, cpuMsPerPosition: Math.round(cpuMs / count), cpuSFor101: Math.round((cpuMs / count) * 101 / 100) / 10,
    meanDepth: Math.round((depths / count) * 10) / 10, wallMs: Math.round(performance.now() - t0), load: os.loadavg()[0],
  }));
}
