// Combat sampling speed in WebAssembly under Node: swings per second of CombatSampler.run, per model.
//
//   npm run build            # builds www/pkg (wasm-bindgen --target web, wasm-opt -O3)
//   node benches/combat-wasm.mjs [swings per model, default 1e8] [path to pkg dir, default www/pkg]
//
// Target (issue 4): >= 50 M swings/s in wasm. The run is chunked as the worker chunks it (4 M swings per
// call), so the figure includes the JS <-> wasm call overhead the page pays.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const swings = Number(process.argv[2] ?? 1e8);
const pkgDir = path.resolve(process.argv[3] ?? path.join(repo, 'www', 'pkg'));
if (!Number.isInteger(swings) || swings <= 0) {
  console.error(`combat-wasm: swings must be a positive whole number, got ${process.argv[2]}`);
  process.exit(2);
}

let pkg;
try {
  pkg = await import(pathToFileURL(path.join(pkgDir, 'duiyi.js')).href);
  await pkg.default({ module_or_path: await readFile(path.join(pkgDir, 'duiyi_bg.wasm')) });
} catch (err) {
  console.error(`combat-wasm: cannot load ${pkgDir}/duiyi.js (run \`npm run build\` first): ${err.message}`);
  process.exit(2);
}
const { CombatSampler } = pkg;

const SHEETS = {
  'seed sheet': { hit: 0.9, crit: 0.25, dodge: 0.2, parry: 0.15, block: 0.3 },
  'WoW-like, 7 events': { hit: 0.92, crit: 0.3, glance: 0.24, dodge: 0.056, parry: 0.14, block: 0.05, crush: 0.15 },
};
const MODELS = [
  ['waterfall', null],
  ['round-table', null],
  ['hybrid', null],
  ['waterfall', 'miss+dodge'],
];
const CHUNK = 4_000_000;

// Best of three; the CPU-time rate (process.cpuUsage) is not diluted when other processes share the
// machine, the wall-clock rate is what a user sees.
function rate(model, order, sheet) {
  let wall = 0;
  let cpu = 0;
  for (let run = 0; run < 3; run++) {
    const s = new CombatSampler(model, order, sheet, String(0x5eed + run));
    // Warm up: V8 runs a cold wasm function in its baseline tier first.
    s.run(100_000);
    const t0 = process.hrtime.bigint();
    const c0 = process.cpuUsage();
    for (let done = 0; done < swings; done += CHUNK) s.run(Math.min(CHUNK, swings - done));
    const c1 = process.cpuUsage(c0);
    const secs = Number(process.hrtime.bigint() - t0) / 1e9;
    wall = Math.max(wall, swings / secs);
    cpu = Math.max(cpu, swings / ((c1.user + c1.system) / 1e6));
    s.free();
  }
  return [wall, cpu];
}

console.log(`combat sampling in wasm (Node ${process.version}), ${swings} swings per run, best of 3`);
console.log(`${'sheet'.padEnd(20)} ${'model'.padEnd(22)} ${'M/s (wall)'.padStart(12)} ${'M/s (cpu)'.padStart(12)}`);
for (const [name, sheet] of Object.entries(SHEETS)) {
  for (const [model, order] of MODELS) {
    const label = order ? `${model} ${order}` : model;
    const [wall, cpu] = rate(model, order, sheet);
    console.log(`${name.padEnd(20)} ${label.padEnd(22)} ${(wall / 1e6).toFixed(1).padStart(12)} ${(cpu / 1e6).toFixed(1).padStart(12)}`);
  }
}
