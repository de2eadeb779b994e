// `npm run test:loaded`: the browser suite on a busy machine.
//
// Why: the project's machines (developers', CI's) have 2 cores, and they are shared: a build, another test
// run or another person's work often keeps both cores busy. Tests that wait for "engine ready" or a reply
// with timeouts sized on an idle machine, or that assert idle-machine timings ("answered within 500 ms"),
// then fail for no fault of the code. This script makes that load on purpose, so such tests show up here
// rather than at random: it starts two CPU-bound busy loops (one per core), runs the browser suite beside
// them, and always ends them afterwards, also when the suite fails or the run is interrupted (Ctrl-C,
// SIGTERM). The tests must pass like this (tests/browser/harness.mjs holds the readiness timeouts).
//
//   node scripts/test-loaded.mjs                          the whole suite, tests/browser/
//   node scripts/test-loaded.mjs tests/browser/hex-page.test.mjs …     only these files
//   HOGS=3 node scripts/test-loaded.mjs …                 another number of busy loops (default 2)
//
// Exit status: the test runner's (0 when every test passed), or 1 when it could not be started.

import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const files = process.argv.slice(2);
const hogCount = Number.parseInt(process.env.HOGS ?? '2', 10);
if (!Number.isInteger(hogCount) || hogCount < 0) {
  console.error(`test-loaded.mjs: HOGS must be a whole number, not '${process.env.HOGS}'`);
  process.exit(2);
}

/** the busy loops started here (only these are ever killed) */
const hogs = [];
/** the test runner, while it runs */
let runner = null;

function killHogs() {
  for (const hog of hogs.splice(0)) {
    if (hog.exitCode === null && hog.signalCode === null) {
      try {
        hog.kill('SIGKILL');
      } catch {
        /* already gone */
      }
    }
  }
}

// Whatever happens, the busy loops end with this process.
process.on('exit', killHogs);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    console.error(`\n[test-loaded] ${signal}: stopping the tests and the busy loops`);
    if (runner && runner.exitCode === null) runner.kill(signal);
    killHogs();
    process.exit(130);
  });
}
process.on('uncaughtException', (err) => {
  console.error('[test-loaded]', err);
  killHogs();
  process.exit(1);
});

for (let i = 0; i < hogCount; i++) {
  // A plain busy loop in a separate process, as another job on the machine would be. Now and then (every
  // 10^7 rounds, a few ms) it checks that this script still runs, and ends itself otherwise: even a
  // `kill -9` of this script, which no handler sees, leaves no busy loop behind.
  const loop = `for (let n = 1; ; n++) if (n % 1e7 === 0 && process.ppid !== ${process.pid}) process.exit(0);`;
  const hog = spawn(process.execPath, ['-e', loop], { stdio: 'ignore' });
  hog.on('error', (err) => console.error(`[test-loaded] busy loop ${i + 1} could not start: ${err.message}`));
  hogs.push(hog);
}
console.log(`[test-loaded] ${hogCount} CPU-bound busy loops running (pids ${hogs.map((h) => h.pid).join(', ')})`);

const args = ['--test', '--test-concurrency=1', ...(files.length ? files : ['tests/browser/'])];
console.log(`[test-loaded] node ${args.join(' ')}`);
const started = Date.now();
runner = spawn(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
runner.on('error', (err) => {
  console.error(`[test-loaded] the test runner could not start: ${err.message}`);
  killHogs();
  process.exit(1);
});
runner.on('close', (code, signal) => {
  killHogs();
  const status = code ?? 1;
  const minutes = ((Date.now() - started) / 60000).toFixed(1);
  console.log(`[test-loaded] browser suite under load (${hogCount} busy loops): ${status === 0 ? 'PASSED' : `FAILED (exit ${code ?? signal})`} in ${minutes} min`);
  process.exit(status);
});
