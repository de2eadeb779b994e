#!/usr/bin/env node
// The WebAssembly build as a UCCI/UCI Xiangqi engine on stdin/stdout, for match runners and GUIs:
//
//   node tools/wasm-engine.mjs [--slice-ms N]
//   printf 'uci\nposition startpos\ngo depth 6\n' | node tools/wasm-engine.mjs
//   match.py --engine name=wasm cmd="node tools/wasm-engine.mjs" proto=uci …
//
// Needs the wasm build in www/pkg (`npm run build`). The protocol is the native binary's (the Rust
// `ProtocolSession`, src/wasm/protocol.rs, wraps `duiyi::protocol::Session`): the same commands, replies,
// queueing and end-of-input rules as `duiyi` with no arguments. What this file adds is the loop the native
// reader thread does: each stdin line goes to the session at once; while a search runs, it is searched in
// slices of --slice-ms (default 15 ms) with a return to Node's event loop between slices (setImmediate), so
// `stop`, `ponderhit` and `isready` arriving mid-search are answered within a slice. Output is written line by
// line as each call returns it. It exits after `quit` (and its replies), or at end of input once every search
// has answered (a bounded search is finished first, an infinite or ponder one stopped).
//
// Exit status: 0 after `quit` or end of input; 1 when www/pkg is missing or the wasm module fails (a trap);
// 2 for a bad argument.
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';

const USAGE = 'usage: node tools/wasm-engine.mjs [--slice-ms N]   (N: milliseconds per search slice, 1..1000, default 15)';

/** The slice length from the command line, or exits with status 2 and the reason. */
function parseArgs(argv) {
  let sliceMs = 15;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--help' || a === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (a === '--slice-ms') {
      const v = Number(argv[++i]);
      if (!(Number.isFinite(v) && v >= 1 && v <= 1000)) {
        console.error(`wasm-engine: --slice-ms needs a number of milliseconds in 1..1000, got '${argv[i] ?? ''}'\n${USAGE}`);
        process.exit(2);
      }
      sliceMs = v;
    } else {
      console.error(`wasm-engine: unknown argument '${a}'\n${USAGE}`);
      process.exit(2);
    }
  }
  return { sliceMs };
}

const { sliceMs } = parseArgs(process.argv.slice(2));
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = path.join(root, 'www', 'pkg');
const glue = path.join(pkg, 'duiyi.js');
const wasmFile = path.join(pkg, 'duiyi_bg.wasm');
if (!fs.existsSync(glue) || !fs.existsSync(wasmFile)) {
  console.error(`wasm-engine: the wasm build is missing (${path.relative(process.cwd(), pkg) || pkg} has no duiyi.js / duiyi_bg.wasm); run \`npm run build\` in ${root} first`);
  process.exit(1);
}

const mod = await import(pathToFileURL(glue).href);
await mod.default({ module_or_path: fs.readFileSync(wasmFile) });
if (typeof mod.ProtocolSession !== 'function') {
  console.error(`wasm-engine: ${glue} has no ProtocolSession export (an older build?); run \`npm run build\` again`);
  process.exit(1);
}

// Warm-up (as www/worker.js does, docs/architecture.md §4): V8 compiles wasm functions lazily in its baseline tier
// first, which slows the first search several times over. A throwaway depth-4 search (at most 0.5 s) before the
// session exists, so the session's hash table and its searches are untouched by it.
{
  const engine = new mod.Engine();
  engine.go({ depth: 4 });
  const deadline = performance.now() + 500;
  while (!engine.step(50).done) {
    if (performance.now() > deadline) engine.stop();
  }
  engine.free();
}
const session = new mod.ProtocolSession();

// A closed stdout (the runner went away) ends the engine quietly.
process.stdout.on('error', () => process.exit(0));

let finished = false;
/** Flushes what was written, then exits. */
function finish(code = 0) {
  if (finished) return;
  finished = true;
  rl.close();
  process.stdout.write('', () => process.exit(code));
}

/** Runs one session call and prints its output; a trap in the module (a Rust panic) ends the engine. */
function call(f) {
  let text;
  try {
    text = f();
  } catch (err) {
    console.error(`wasm-engine: the wasm module failed: ${err?.stack ?? err}`);
    finish(1);
    return;
  }
  if (text) process.stdout.write(text);
  if (session.closed) finish(0);
}

const held = []; // lines not handed over yet (UCCI batch mode holds them while a search runs)
let inputEnded = false;
let scheduled = false;

/** Hands the held lines to the session, unless batch mode wants them to wait for the search. */
function feed() {
  while (held.length && !finished && !(session.isBatch() && session.needsStep())) {
    const line = held.shift();
    call(() => session.handleLine(line));
  }
}

/** One turn of the loop: a search slice, or a step of the end of input. Reschedules itself while needed. */
function tick() {
  scheduled = false;
  if (finished) return;
  feed();
  if (finished) return;
  if (inputEnded && held.length === 0) {
    // No more input: a bounded search runs to its end (sliced, so its info lines stream), the rest stop.
    call(() => session.endOfInput(sliceMs));
  } else if (session.needsStep()) {
    call(() => session.pump(sliceMs));
  } else {
    return; // idle, or a ponder/infinite search holding its bestmove: wait for input
  }
  schedule();
}

function schedule() {
  if (!scheduled && !finished) {
    scheduled = true;
    setImmediate(tick);
  }
}

const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
rl.on('line', (line) => {
  if (finished) return;
  held.push(line);
  feed();
  schedule();
});
rl.on('close', () => {
  inputEnded = true;
  schedule();
});
