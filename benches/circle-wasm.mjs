// The smallest enclosing circle in WebAssembly under Node: the seed article's O(n³) method against Welzl's
// algorithm on circleRandomPoints(n, 1), the same points as `cargo bench --bench circle`. For each n: operations
// and milliseconds per run (wall clock and this process's CPU time from process.cpuUsage(); the machine may be
// shared, so CPU time is the steadier figure). A size repeats until its runs take 0.3 s.
//
//   npm run build
//   node benches/circle-wasm.mjs [--seed-max N, default 300] [--welzl-max N, default 100000]
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkgDir = path.join(repo, 'www', 'pkg');
const arg = (name, def) => {
  const i = process.argv.indexOf(name);
  const v = i >= 0 ? Number(process.argv[i + 1]) : def;
  if (!Number.isInteger(v) || v < 0) {
    console.error(`circle-wasm: ${name} needs a whole number`);
    process.exit(2);
  }
  return v;
};
const seedMax = arg('--seed-max', 300);
const welzlMax = arg('--welzl-max', 100000);

let pkg;
try {
  pkg = await import(pathToFileURL(path.join(pkgDir, 'duiyi.js')).href);
  await pkg.default({ module_or_path: await readFile(path.join(pkgDir, 'duiyi_bg.wasm')) });
} catch (err) {
  console.error(`circle-wasm: cannot load ${pkgDir}/duiyi.js (run \`npm run build\` first): ${err.message}`);
  process.exit(2);
}
const { circleEnclose, circleRandomPoints } = pkg;

function measure(method, coords) {
  const ops = circleEnclose(method, coords, 0).operations; // warm-up and the count
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  let runs = 0;
  while (runs === 0 || performance.now() - t0 < 300) {
    circleEnclose(method, coords, 0);
    runs++;
  }
  const wall = (performance.now() - t0) / runs;
  const c = process.cpuUsage(c0);
  return { ops, wall, cpu: (c.user + c.system) / 1000 / runs };
}

const pad = (s, w) => String(s).padStart(w);
console.log('smallest enclosing circle, wasm in Node: circleRandomPoints(n, 1); ms per run (wall | process CPU)');
console.log(`${pad('n', 7)} | ${pad('seed wall', 11)} ${pad('seed cpu', 11)} ${pad('seed ops', 11)} | ${pad('welzl wall', 10)} ${pad('welzl cpu', 10)} ${pad('welzl ops', 9)} | ${pad('cpu ratio', 9)}`);
for (const n of [10, 30, 100, 300, 1000, 3000, 10000, 30000, 100000]) {
  if (n > seedMax && n > welzlMax) break;
  const coords = circleRandomPoints(n, 1);
  const s = n <= seedMax ? measure('seed', coords) : null;
  const w = n <= welzlMax ? measure('welzl', coords) : null;
  const f = (v) => (v === undefined ? '-' : v.toFixed(4));
  console.log(`${pad(n, 7)} | ${pad(f(s?.wall), 11)} ${pad(f(s?.cpu), 11)} ${pad(s?.ops ?? '-', 11)} | ${pad(f(w?.wall), 10)} ${pad(f(w?.cpu), 10)} ${pad(w?.ops ?? '-', 9)} | ${pad(s && w ? `${Math.round(s.cpu / w.cpu)}×` : '-', 9)}`);
}
