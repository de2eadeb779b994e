// The wasm build as a UCI/UCCI engine under Node (tools/wasm-engine.mjs), driven through pipes the way a match
// runner drives it: the same search as the native binary node for node, stop and isready answered mid-search,
// UCCI time in milliseconds, malformed lines answered with `info string`, end of input and quit. Needs the wasm
// build in www/pkg (`npm run build`) and the native binary (built by `cargo test` / `cargo build`, or here).
// Every wait is for an output line with a timeout; no fixed sleeps.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { READY_MS, ANSWER_MS } from './harness.mjs';
import { nativeBinary } from './native.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TOOL = path.join(root, 'tools', 'wasm-engine.mjs');
/** How long any awaited line may take before the test fails (a loaded CI machine; only catches hangs; the
 *  first line waits for Node to start and compile the wasm module). */
const WAIT_MS = READY_MS;
/** Bound on the stop latency: the loop yields every 15 ms slice, so this only catches a stop left unread
 *  (idle it is a few ms; a loaded machine can keep the process waiting for the CPU much longer). */
const STOP_BOUND_MS = ANSWER_MS;

/** A running `node tools/wasm-engine.mjs`: send lines, await lines, close its input, await its exit. */
class WasmEngine {
  constructor(args = []) {
    this.child = spawn(process.execPath, [TOOL, ...args], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
    this.lines = []; // every stdout line so far, with the time it arrived
    this.read = 0; // lines already consumed by until()
    this.stderr = '';
    this.waiters = [];
    let partial = '';
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk) => {
      partial += chunk;
      const parts = partial.split('\n');
      partial = parts.pop();
      for (const text of parts) this.lines.push({ text, at: performance.now() });
      this.wake();
    });
    this.child.stderr.on('data', (d) => (this.stderr += d));
    this.exit = new Promise((resolve) => this.child.on('close', (code, signal) => {
      this.exited = true;
      this.wake();
      resolve({ code, signal });
    }));
  }

  wake() {
    for (const w of this.waiters.splice(0)) w();
  }

  send(line) {
    this.child.stdin.write(`${line}\n`);
  }

  transcript() {
    return `stdout:\n${this.lines.map((l) => l.text).join('\n')}\nstderr:\n${this.stderr}`;
  }

  /** Waits for the next line matching `pred`; returns `{text, at, before}` (`before`: the lines skipped). */
  async until(pred, what = String(pred)) {
    const deadline = performance.now() + WAIT_MS;
    for (;;) {
      while (this.read < this.lines.length) {
        const line = this.lines[this.read++];
        if (pred(line.text)) return { ...line, before: this.lines.slice(0, this.read - 1).map((l) => l.text) };
      }
      if (this.exited) assert.fail(`the engine exited before ${what}\n${this.transcript()}`);
      const left = deadline - performance.now();
      if (left <= 0) assert.fail(`no ${what} within ${WAIT_MS} ms\n${this.transcript()}`);
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Closes stdin and waits for the exit (killing the process if it does not come). */
  async close() {
    this.child.stdin.end();
    const timer = setTimeout(() => this.child.kill(), WAIT_MS);
    const r = await this.exit;
    clearTimeout(timer);
    return r;
  }
}

const isBestmove = (l) => /^bestmove /.test(l);
const field = (line, key) => {
  const t = line.split(' ');
  const i = t.indexOf(key);
  return i >= 0 ? t[i + 1] : undefined;
};
const infoDepth = (l) => (/^info depth \d+/.test(l) ? Number(field(l, 'depth')) : 0);

/** The legal moves after `moves` from the start position, from the wasm rules (www/pkg). */
async function legalMoves(moves) {
  const mod = await import(path.join(root, 'www/pkg/duiyi.js'));
  await mod.default({ module_or_path: fs.readFileSync(path.join(root, 'www/pkg/duiyi_bg.wasm')) });
  const game = new mod.XiangqiGame();
  for (const m of moves) game.play(m);
  const legal = game.legalMoves();
  game.free();
  return legal;
}

test('UCI: handshake, then go depth 5 gives the native binary\'s bestmove and node count', async () => {
  const position = 'position startpos moves h2e2';
  const native = execFileSync(nativeBinary(), [], { cwd: root, encoding: 'utf8', input: `uci\n${position}\ngo depth 5\n` })
    .split('\n');
  const nativeDepth5 = native.find((l) => infoDepth(l) === 5);
  const nativeBest = native.find(isBestmove);
  assert.ok(nativeDepth5 && nativeBest, `native output:\n${native.join('\n')}`);

  const e = new WasmEngine();
  e.send('uci');
  const ok = await e.until((l) => l === 'uciok', 'uciok');
  assert.ok(ok.before.some((l) => l.startsWith('id name duiyi')), ok.before.join('\n'));
  assert.ok(ok.before.some((l) => l.startsWith('option name Hash type spin')), ok.before.join('\n'));
  // ExactSlices (kept for the protocols, now a no-op): every slice resumes where the last one stopped, so the
  // sliced search counts the same nodes as the native unsliced one with it or without it.
  e.send('setoption name ExactSlices value true');
  e.send('isready');
  await e.until((l) => l === 'readyok', 'readyok');
  e.send(position);
  e.send('go depth 5');
  const best = await e.until(isBestmove, 'bestmove');
  const depth5 = best.before.find((l) => infoDepth(l) === 5);
  assert.ok(depth5, e.transcript());
  assert.equal(field(depth5, 'nodes'), field(nativeDepth5, 'nodes'), `wasm: ${depth5}\nnative: ${nativeDepth5}`);
  assert.equal(field(best.text, 'bestmove'), field(nativeBest, 'bestmove'));
  assert.ok((await legalMoves(['h2e2'])).includes(field(best.text, 'bestmove')), best.text);
  assert.ok(Number(field(depth5, 'nodes')) > 1000, `a real search: ${depth5}`);

  // ExactSlices off on the same session: a legal answer at depth 5 too (not the same count: `ucinewgame`
  // keeps the move-ordering history of the search before).
  e.send('setoption name ExactSlices value false');
  e.send('ucinewgame');
  e.send(position);
  e.send('go depth 5');
  const again = await e.until(isBestmove, 'the second bestmove');
  assert.ok((await legalMoves(['h2e2'])).includes(field(again.text, 'bestmove')), again.text);
  e.send('quit');
  const { code } = await e.exit;
  assert.equal(code, 0, e.transcript());
  assert.equal(e.lines.filter((l) => isBestmove(l.text)).length, 2, e.transcript());
});

test('UCI: go infinite answers isready mid-search and stop at once', async () => {
  const e = new WasmEngine();
  e.send('uci');
  await e.until((l) => l === 'uciok', 'uciok');
  e.send('position startpos');
  e.send('go infinite');
  await e.until((l) => infoDepth(l) >= 4, 'info depth 4');
  e.send('isready');
  const ready = await e.until((l) => l === 'readyok' || isBestmove(l), 'readyok');
  assert.equal(ready.text, 'readyok', 'isready is answered while the search runs, before any bestmove');
  await e.until((l) => infoDepth(l) >= 5, 'info depth 5');
  const sent = performance.now();
  e.send('stop');
  const best = await e.until(isBestmove, 'bestmove after stop');
  const latency = best.at - sent;
  console.log(`wasm-engine: stop answered in ${latency.toFixed(1)} ms`);
  assert.ok(latency < STOP_BOUND_MS, `stop answered in ${latency.toFixed(1)} ms`);
  assert.ok((await legalMoves([])).includes(field(best.text, 'bestmove')), best.text);
  const { code } = await e.close();
  assert.equal(code, 0, e.transcript());
  assert.equal(e.lines.filter((l) => isBestmove(l.text)).length, 1, e.transcript());
});

test('UCCI: ucciok, usemillisec, go time 300 movestogo 1 answers within its time, quit says bye', async () => {
  const e = new WasmEngine();
  e.send('ucci');
  const ok = await e.until((l) => l === 'ucciok', 'ucciok');
  assert.ok(ok.before.includes('option usemillisec type check default false'), ok.before.join('\n'));
  e.send('setoption usemillisec true');
  e.send('position startpos moves h2e2 h9g7');
  const sent = performance.now();
  e.send('go time 300 movestogo 1');
  const best = await e.until(isBestmove, 'bestmove');
  const elapsed = best.at - sent;
  const infos = best.before.filter((l) => infoDepth(l) > 0);
  assert.ok(infos.length > 0, e.transcript());
  // The engine's own clock: its last iteration ended within the 300 ms (in seconds it would have had 300 s).
  assert.ok(Number(field(infos.at(-1), 'time')) <= 300, infos.at(-1));
  console.log(`wasm-engine: go time 300 movestogo 1 → ${best.text} after ${elapsed.toFixed(0)} ms, ${infos.at(-1)}`);
  // on the test's clock: pipes and a loaded machine's delays included (300 s if the time were read as seconds)
  assert.ok(elapsed < 3000 + ANSWER_MS, `answered after ${elapsed.toFixed(0)} ms`);
  assert.ok((await legalMoves(['h2e2', 'h9g7'])).includes(field(best.text, 'bestmove')), best.text);
  e.send('quit');
  await e.until((l) => l === 'bye', 'bye');
  const { code } = await e.exit;
  assert.equal(code, 0, e.transcript());
});

test('malformed lines get an info string and the session carries on', async () => {
  const e = new WasmEngine();
  e.send('hello');
  const before = await e.until((l) => l.startsWith('info string'), 'info string before the protocol');
  assert.match(before.text, /unknown command 'hello'/);
  e.send('uci');
  await e.until((l) => l === 'uciok', 'uciok');
  e.send('frobnicate 12');
  assert.match((await e.until((l) => l.startsWith('info string'), 'info string')).text, /unknown command 'frobnicate'/);
  e.send('position fen not-a-fen');
  assert.match((await e.until((l) => l.startsWith('info string'), 'info string')).text, /position: .*unchanged/);
  e.send('position startpos moves h2e2 z9z9 h9g7');
  assert.match((await e.until((l) => l.startsWith('info string'), 'info string')).text, /kept the 1 move/);
  e.send('go depth banana');
  assert.match((await e.until((l) => l.startsWith('info string'), 'info string')).text, /'depth' needs a whole number, got 'banana'/);
  const first = await e.until(isBestmove, 'bestmove of the refused go');
  e.send('isready');
  await e.until((l) => l === 'readyok', 'readyok');
  e.send('go depth 3');
  const best = await e.until(isBestmove, 'bestmove');
  const legal = await legalMoves(['h2e2']);
  assert.ok(legal.includes(field(first.text, 'bestmove')), first.text);
  assert.ok(legal.includes(field(best.text, 'bestmove')), best.text);
  const { code } = await e.close();
  assert.equal(code, 0, e.transcript());
});

test('end of input finishes a bounded search first, as the native binary does', () => {
  const out = execFileSync(process.execPath, [TOOL], { cwd: root, encoding: 'utf8', input: 'uci\nposition startpos\ngo depth 6\n' })
    .trim()
    .split('\n');
  assert.ok(out.some((l) => infoDepth(l) === 6), out.join('\n'));
  assert.match(out.at(-1), /^bestmove [a-i]\d[a-i]\d/);
});

test('a missing build and a bad argument are refused with the reason', () => {
  // The tool finds www/pkg next to itself: a copy in an empty tree has none.
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'duiyi-wasm-engine-'));
  try {
    fs.mkdirSync(path.join(tmp, 'tools'));
    fs.copyFileSync(TOOL, path.join(tmp, 'tools', 'wasm-engine.mjs'));
    assert.throws(
      () => execFileSync(process.execPath, [path.join(tmp, 'tools', 'wasm-engine.mjs')], { input: 'uci\n', stdio: 'pipe' }),
      (err) => err.status === 1 && /wasm build is missing.*npm run build/.test(String(err.stderr)),
    );
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  assert.throws(
    () => execFileSync(process.execPath, [TOOL, '--slice-ms', '0'], { input: '', stdio: 'pipe' }),
    (err) => err.status === 2 && /--slice-ms needs a number of milliseconds in 1\.\.1000/.test(String(err.stderr)),
  );
});
