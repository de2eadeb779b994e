// The match runners' own checks: `python3 tools/hex_match.py --self-test` (the Hex referee's winner detection
// against a separate flood fill, SGF writing read back, the score interval, Elo and SPRT of
// tools/match_stats.py, and short matches of built-in GTP players that crash, hang, resign, answer illegal
// moves or run out of time). No engine build is needed. Skipped, with the reason, where Python 3 is missing
// (the runners are tools for measuring, not part of the playground).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const python = spawnSync('python3', ['--version'], { encoding: 'utf8' });

test('tools/hex_match.py --self-test passes', { skip: python.status !== 0 && 'python3 is not installed' }, () => {
  const r = spawnSync('python3', [path.join(root, 'tools/hex_match.py'), '--self-test'], { cwd: root, encoding: 'utf8', timeout: 300_000 });
  assert.equal(r.status, 0, `exit ${r.status}\n${r.stdout}\n${r.stderr}`);
  assert.match(r.stdout + r.stderr, /pass|ok/i);
});
