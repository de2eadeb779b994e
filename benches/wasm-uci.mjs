// The wasm engine under Node (tools/wasm-engine.mjs) against the native binary at the same time per move: the
// depth reached and the nodes per second, from their UCI `info` lines.
//
//   node benches/wasm-uci.mjs [--native PATH] [--movetime MS] [--slice-ms MS] [--positions N]
//
// Each position of benches/openings.txt (the first N, default all 20) is searched once by each engine with
// `position startpos moves …` and `go movetime MS` (default 200), native and wasm alternating so both meet the
// same machine load; `ucinewgame` before each position. Per position it prints the depth and nps of the last
// completed iteration of each; then the medians, the time from `go` to `bestmove` (median and max), the total
// nodes / total time of those iterations, the ratio wasm / native, and each engine process's CPU time
// (user+sys from /proc, Linux) beside the wall time — on a shared machine the wall figures are inflated by
// other load, the CPU share shows by how much.
// --native defaults to target/release/duiyi (build it with `cargo build --release`); the wasm build must be in
// www/pkg (`npm run build`).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const USAGE = 'usage: node benches/wasm-uci.mjs [--native PATH] [--movetime MS] [--slice-ms MS] [--positions N]';

function parseArgs(argv) {
  const o = { native: path.join(root, 'target/release/duiyi'), movetime: 200, sliceMs: null, positions: Infinity };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = argv[i + 1];
    const num = (lo, hi) => {
      const n = Number(v);
      if (!(Number.isInteger(n) && n >= lo && n <= hi)) {
        console.error(`wasm-uci: ${a} needs a whole number in ${lo}..${hi}, got '${v ?? ''}'\n${USAGE}`);
        process.exit(2);
      }
      i++;
      return n;
    };
    if (a === '--native' && v) (o.native = path.resolve(v)), i++;
    else if (a === '--movetime') o.movetime = num(10, 60000);
    else if (a === '--slice-ms') o.sliceMs = num(1, 1000);
    else if (a === '--positions') o.positions = num(1, 1000);
    else {
      console.error(`wasm-uci: unknown argument '${a}'\n${USAGE}`);
      process.exit(2);
    }
  }
  return o;
}

const opts = parseArgs(process.argv.slice(2));
if (!fs.existsSync(opts.native)) {
  console.error(`wasm-uci: no native binary at ${opts.native}; run \`cargo build --release\` or pass --native PATH`);
  process.exit(1);
}
if (!fs.existsSync(path.join(root, 'www/pkg/duiyi_bg.wasm'))) {
  console.error('wasm-uci: www/pkg is missing; run `npm run build` first');
  process.exit(1);
}

/** One engine process speaking UCI: send lines, await a line. */
class Uci {
  constructor(name, cmd, args) {
    this.name = name;
    this.child = spawn(cmd, args, { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] });
    this.queue = [];
    this.waiter = null;
    let partial = '';
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (d) => {
      const parts = (partial + d).split('\n');
      partial = parts.pop();
      this.queue.push(...parts);
      this.waiter?.();
    });
    this.child.on('close', () => {
      this.closed = true;
      this.waiter?.();
    });
  }
  send(line) {
    this.child.stdin.write(`${line}\n`);
  }
  /** The lines up to and including the first that matches. */
  async until(pred) {
    const seen = [];
    for (;;) {
      while (this.queue.length) {
        const l = this.queue.shift();
        seen.push(l);
        if (pred(l)) return seen;
      }
      if (this.closed) throw new Error(`${this.name} exited; last lines:\n${seen.slice(-5).join('\n')}`);
      await new Promise((r) => (this.waiter = r));
      this.waiter = null;
    }
  }
  /** user+sys CPU seconds of the process so far (Linux /proc), or NaN. */
  cpuSeconds() {
    try {
      const stat = fs.readFileSync(`/proc/${this.child.pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(f[11]) + Number(f[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
    } catch {
      return NaN;
    }
  }
}

const field = (line, key) => {
  const t = line.split(' ');
  const i = t.indexOf(key);
  return i >= 0 ? Number(t[i + 1]) : NaN;
};

async function search(e, moves) {
  e.send('ucinewgame');
  e.send(`position startpos${moves ? ` moves ${moves}` : ''}`);
  e.send('isready');
  await e.until((l) => l === 'readyok');
  const t0 = performance.now();
  e.send(`go movetime ${opts.movetime}`);
  const lines = await e.until((l) => l.startsWith('bestmove '));
  const wall = performance.now() - t0;
  const last = lines.filter((l) => /^info depth \d+ /.test(l)).at(-1);
  if (!last) throw new Error(`${e.name}: no info line for ${moves}`);
  return { depth: field(last, 'depth'), nodes: field(last, 'nodes'), time: field(last, 'time'), wall };
}

const positions = fs
  .readFileSync(path.join(root, 'benches/openings.txt'), 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'))
  .slice(0, opts.positions);

const wasmArgs = [path.join(root, 'tools/wasm-engine.mjs'), ...(opts.sliceMs ? ['--slice-ms', String(opts.sliceMs)] : [])];
const engines = { native: new Uci('native', opts.native, []), wasm: new Uci('wasm', process.execPath, wasmArgs) };
for (const e of Object.values(engines)) {
  e.send('uci');
  await e.until((l) => l === 'uciok');
}
const cpu0 = { native: engines.native.cpuSeconds(), wasm: engines.wasm.cpuSeconds() };
const rows = { native: [], wasm: [] };
const wallTotal = { native: 0, wasm: 0 };
console.log(`# go movetime ${opts.movetime}, ${positions.length} positions of benches/openings.txt; native ${path.relative(root, opts.native) || opts.native}`);
console.log('# position                 native depth    nps      wasm depth    nps');
for (const moves of positions) {
  const r = {};
  for (const name of ['native', 'wasm']) {
    r[name] = await search(engines[name], moves);
    rows[name].push(r[name]);
    wallTotal[name] += r[name].wall;
  }
  const nps = (x) => String(Math.round((x.nodes / Math.max(x.time, 1)) * 1000)).padStart(8);
  console.log(`  ${moves.padEnd(24)} ${String(r.native.depth).padStart(6)} ${nps(r.native)}    ${String(r.wasm.depth).padStart(6)} ${nps(r.wasm)}`);
}
const cpu = { native: engines.native.cpuSeconds() - cpu0.native, wasm: engines.wasm.cpuSeconds() - cpu0.wasm };
for (const e of Object.values(engines)) e.send('quit');

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const summary = {};
for (const name of ['native', 'wasm']) {
  const rs = rows[name];
  const nodes = rs.reduce((n, x) => n + x.nodes, 0);
  const time = rs.reduce((n, x) => n + x.time, 0);
  summary[name] = {
    medianDepth: median(rs.map((x) => x.depth)),
    meanDepth: Number((rs.reduce((n, x) => n + x.depth, 0) / rs.length).toFixed(2)),
    nps: Math.round((nodes / Math.max(time, 1)) * 1000),
    answerMs: { median: Math.round(median(rs.map((x) => x.wall))), max: Math.round(Math.max(...rs.map((x) => x.wall))) },
    cpuSeconds: Number(cpu[name].toFixed(2)),
    wallSeconds: Number((wallTotal[name] / 1000).toFixed(2)),
  };
}
for (const name of ['native', 'wasm']) console.log(JSON.stringify({ engine: name, movetime: opts.movetime, ...summary[name] }));
console.log(JSON.stringify({
  ratio: 'wasm / native',
  nps: Number((summary.wasm.nps / summary.native.nps).toFixed(3)),
  meanDepth: Number((summary.wasm.meanDepth - summary.native.meanDepth).toFixed(2)),
  cpuShare: { native: Number((summary.native.cpuSeconds / summary.native.wallSeconds).toFixed(2)), wasm: Number((summary.wasm.cpuSeconds / summary.wasm.wallSeconds).toFixed(2)) },
}));
