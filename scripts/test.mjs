// `npm test`: every suite, even when one fails, then one summary of what failed where.
//
//   1. set-up   bash scripts/setup.sh --test   (installs only what is missing; says what first)
//   2. build    bash scripts/build.sh          (the wasm engine; skipped when up to date)
//   3. rust     cargo test --no-fail-fast      (every unit, integration and doc test, all targets)
//   4. dist     node scripts/dist.mjs --out …  (the static bundle, into a temporary folder; needs the build)
//   5. browser  node --test tests/browser/     (headless Chromium; needs the build)
//
// Each step's output streams to the terminal as usual. At the end the summary lists, per suite, the tests
// that failed with the first lines of their reason (cargo's panic message, node's assertion), and the exit
// status is 1 when anything failed (a step, a suite, or a test), else 0.
//
//   node scripts/test.mjs [--skip-setup]     --skip-setup: no set-up and no build (use what is there)

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
for (const a of args) {
  if (a !== '--skip-setup') {
    console.error(`test.mjs: unknown argument '${a}' (known: --skip-setup)`);
    process.exit(2);
  }
}
const skipSetup = args.includes('--skip-setup');

const bold = (s) => (process.stdout.isTTY ? `\x1b[1m${s}\x1b[0m` : s);
const red = (s) => (process.stdout.isTTY ? `\x1b[31m${s}\x1b[0m` : s);
const green = (s) => (process.stdout.isTTY ? `\x1b[32m${s}\x1b[0m` : s);
const stripAnsi = (s) => s.replace(/\x1b\[[0-9;]*m/g, '');

/**
 * Runs a command from the repository root, streaming its output. With `capture`, its stdout and stderr are
 * also collected (interleaved in arrival order) and returned.
 * @returns {Promise<{code: number, output: string}>}
 */
function run(cmd, cmdArgs, { capture = false, env = {} } = {}) {
  console.log(bold(`\n[test] ${cmd} ${cmdArgs.join(' ')}`));
  return new Promise((resolve) => {
    const child = spawn(cmd, cmdArgs, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: capture ? ['inherit', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    if (capture) {
      child.stdout.on('data', (d) => {
        process.stdout.write(d);
        output += d;
      });
      child.stderr.on('data', (d) => {
        process.stderr.write(d);
        output += d;
      });
    }
    child.on('error', (err) => resolve({ code: 127, output: `${output}\n${cmd}: ${err.message}` }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), output }));
  });
}

/**
 * Reads `cargo test` output: the test targets, their pass/fail counts, and each failed test with the first
 * lines of its panic message.
 * @returns {{targets: {name: string, passed: number, failed: number, failures: {name: string, reason: string}[]}[],
 *            passed: number, failed: number, errors: string[]}}
 */
export function parseCargoTest(output) {
  const lines = stripAnsi(output).split('\n');
  const targets = [];
  const errors = [];
  let current = null;
  const target = (name) => {
    current = { name, passed: 0, failed: 0, failures: [] };
    targets.push(current);
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    let m;
    if ((m = /^\s*Running (unittests )?(\S+)/.exec(line))) {
      target(m[1] ? `${m[2]} (unit tests)` : m[2]);
    } else if ((m = /^\s*Doc-tests (\S+)/.exec(line))) {
      target(`doc tests of ${m[1]}`);
    } else if ((m = /^---- (.+) stdout ----$/.exec(line)) && current) {
      // The test's captured output follows; the reason is the panic message after "panicked at …:".
      let reason = '';
      for (let j = i + 1; j < lines.length && !/^---- .+ stdout ----$/.test(lines[j]) && lines[j] !== 'failures:'; j++) {
        const p = /panicked at (?:'(.*)', \S+|\S+:\d+:\d+:)$/.exec(lines[j]);
        if (!p) continue;
        if (p[1] !== undefined) {
          reason = p[1];
        } else {
          const body = [];
          for (let k = j + 1; k < lines.length && body.length < 4; k++) {
            if (lines[k].trim() === '' || /^(note: |stack backtrace:|---- )/.test(lines[k])) break;
            body.push(lines[k].trim());
          }
          reason = body.join(' | ');
        }
        break;
      }
      current.failures.push({ name: m[1], reason });
    } else if ((m = /^test result: \w+\. (\d+) passed; (\d+) failed/.exec(line)) && current) {
      current.passed += Number(m[1]);
      current.failed += Number(m[2]);
    } else if (/^error(\[E\d+\])?: /.test(line) && !/^error: \d+ targets? failed/.test(line) && !/^error: test failed/.test(line)) {
      errors.push(line);
    }
  }
  const passed = targets.reduce((n, t) => n + t.passed, 0);
  const failed = targets.reduce((n, t) => n + t.failed, 0);
  return { targets, passed, failed, errors };
}

/** Reads the JSON lines of scripts/test-reporter.mjs. */
function readNodeResults(file) {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => {
      try {
        return JSON.parse(l);
      } catch {
        return null;
      }
    })
    .filter(Boolean);
}

const steps = []; // {name, ok, status, details: string[]}

async function main() {
  let built = true;
  if (!skipSetup) {
    const setup = await run('bash', ['scripts/setup.sh', '--test']);
    steps.push({ name: 'set-up', ok: setup.code === 0, status: setup.code === 0 ? 'ok' : `failed (exit ${setup.code})`, details: [] });
    const build = await run('bash', ['scripts/build.sh']);
    built = build.code === 0;
    steps.push({ name: 'build', ok: built, status: built ? 'ok' : `failed (exit ${build.code})`, details: [] });
  }

  // ---- Rust ----
  const cargo = await run('cargo', ['test', '--no-fail-fast'], { capture: true });
  const rust = parseCargoTest(cargo.output);
  const rustDetails = [];
  for (const t of rust.targets.filter((t) => t.failed > 0 || t.failures.length > 0)) {
    rustDetails.push(`${t.name}: ${t.failed} failed, ${t.passed} passed`);
    for (const f of t.failures) rustDetails.push(`  ✗ ${f.name}${f.reason ? ` — ${f.reason}` : ''}`);
  }
  if (cargo.code !== 0 && rust.failed === 0) {
    rustDetails.push(rust.errors.length ? 'did not compile or run:' : `cargo exited with status ${cargo.code}`);
    for (const e of rust.errors.slice(0, 10)) rustDetails.push(`  ${e}`);
  }
  steps.push({
    name: 'rust',
    ok: cargo.code === 0,
    status: `${cargo.code === 0 ? 'ok' : 'FAILED'} — ${rust.passed} passed, ${rust.failed} failed in ${rust.targets.length} targets (cargo test --no-fail-fast)`,
    details: rustDetails,
  });

  // ---- dist: `npm run dist`'s own script, as a user runs it (its browser checks are in tests/browser/dist.test.mjs) ----
  if (built && fs.existsSync(path.join(ROOT, 'www/pkg/duiyi.js'))) {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'duiyi-dist-'));
    const dist = await run(process.execPath, ['scripts/dist.mjs', '--out', path.join(tmp, 'dist')], { capture: true });
    fs.rmSync(tmp, { recursive: true, force: true });
    const size = /dist: (\d+) bytes, (\d+) gzipped/.exec(dist.output);
    steps.push({
      name: 'dist',
      ok: dist.code === 0,
      status: dist.code === 0
        ? `ok — ${size ? `${size[1]} bytes, ${size[2]} gzipped` : 'written'} (node scripts/dist.mjs)`
        : `FAILED (exit ${dist.code}) — node scripts/dist.mjs`,
      details: dist.code === 0 ? [] : dist.output.trim().split('\n').slice(-5),
    });
  }

  // ---- browser ----
  if (!built || !fs.existsSync(path.join(ROOT, 'www/pkg/duiyi.js'))) {
    steps.push({ name: 'browser', ok: false, status: 'NOT RUN — there is no wasm build in www/pkg (see the build step)', details: [] });
  } else {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'duiyi-test-'));
    const results = path.join(tmp, 'browser.jsonl');
    const node = await run(process.execPath, [
      '--test', '--test-concurrency=1',
      '--test-reporter=spec', '--test-reporter-destination=stdout',
      `--test-reporter=${path.join(ROOT, 'scripts/test-reporter.mjs')}`, `--test-reporter-destination=${results}`,
      'tests/browser/',
    ]);
    const all = readNodeResults(results);
    fs.rmSync(tmp, { recursive: true, force: true });
    const passed = all.filter((r) => r.result === 'pass').length;
    const failures = all.filter((r) => r.result === 'fail');
    const details = [];
    const byFile = new Map();
    for (const f of failures) {
      const file = f.file ? path.relative(ROOT, f.file.replace(/^file:\/\//, '')) : '(no file)';
      if (!byFile.has(file)) byFile.set(file, []);
      byFile.get(file).push(f);
    }
    for (const [file, fs_] of byFile) {
      details.push(`${file}: ${fs_.length} failed`);
      for (const f of fs_) details.push(`  ✗ ${f.name}${f.error ? ` — ${f.error.replace(/\n/g, ' | ')}` : ''}`);
    }
    if (node.code !== 0 && failures.length === 0) details.push(`node --test exited with status ${node.code}`);
    steps.push({
      name: 'browser',
      ok: node.code === 0,
      status: `${node.code === 0 ? 'ok' : 'FAILED'} — ${passed} passed, ${failures.length} failed (node --test tests/browser/)`,
      details,
    });
  }

  // ---- summary ----
  const failed = steps.filter((s) => !s.ok);
  console.log(bold('\n==================== test summary ===================='));
  for (const s of steps) {
    console.log(`${s.ok ? green('✓') : red('✗')} ${bold(s.name.padEnd(8))} ${s.status}`);
    for (const d of s.details) console.log(`    ${d}`);
  }
  console.log(failed.length ? red(bold(`FAILED: ${failed.map((s) => s.name).join(', ')}`)) : green(bold('all suites passed')));
  process.exitCode = failed.length ? 1 : 0;
}

main().catch((err) => {
  console.error(`test.mjs: ${err.stack ?? err}`);
  process.exitCode = 1;
});
